"""Scan speed where nearly every line is CUDA: a generated tree dense with findings, and the rendering of its report.

    python benchmarks/scan_dense.py                  # about 200,000 lines in a temporary folder
    python benchmarks/scan_dense.py --lines 400000 --repeat 3

The tree is generated deterministically from --seed: host functions made of runtime calls (allocations, copies,
streams, events, error checks), kernel launches, and kernels with shared memory, barriers, warp shuffles and
atomics, with names that vary from line to line. Nearly every line holds a CUDA-specific construct, so the
scan's cost per finding shows, not its prefilter. Measured in one run (medians of --repeat rounds):
  scan -j2  `migrate scan --no-cache -f json -j 2` through the command line, a fresh process (start-up included);
  scan -j1  the same with -j 1;
  json      the JSON report of the scan's findings rendered in-process (migrate.report.render);
  sarif     the SARIF report of the same findings.
Targets (the scale issue): at least 100,000 lines/s through the command line on 2 cores, and the JSON and SARIF
reports of 100,000 findings each rendered in under 2 s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LINES_TARGET = 100_000
RENDER_TARGET = 2.0
FILE_LINES = 400

HOST_LINES = (
    "    CHECK(cudaMalloc((void**)&d_{a}, {n} * sizeof(float)));",
    "    CHECK(cudaMemcpy(d_{a}, h_{b}, {n} * sizeof(float), cudaMemcpyHostToDevice));",
    "    CHECK(cudaMemcpyAsync(h_{b}, d_{a}, {n} * sizeof(float), cudaMemcpyDeviceToHost, s_{c}));",
    "    CHECK(cudaMemset(d_{a}, 0, {n} * sizeof(float)));",
    "    cudaStreamSynchronize(s_{c});",
    "    cudaEventRecord(e_{c}, s_{c});",
    "    cudaEventSynchronize(e_{c});",
    "    k_{k}<<<({n} + 255) / 256, 256, 0, s_{c}>>>(d_{a}, d_{b}, {n});",
    "    k_{k}<<<dim3({c}, {c}), dim3(16, 16)>>>(d_{a}, d_{b}, {n});",
    "    CHECK(cudaGetLastError());",
    "    CHECK(cudaDeviceSynchronize());",
    "    CHECK(cudaFree(d_{a}));",
    "    cudaStreamCreate(&s_{c});",
    "    cudaEventElapsedTime(&ms_{c}, e_{b}, e_{c});",
)
KERNEL_LINES = (
    "    int i_{a} = blockIdx.x * blockDim.x + threadIdx.x;",
    "    tile_{k}[threadIdx.x] = in[i_{a} % n];",
    "    __syncthreads();",
    "    float v_{a} = __shfl_down_sync(0xffffffff, tile_{k}[threadIdx.x], {c} % 32);",
    "    atomicAdd(&out[blockIdx.x], v_{a});",
    "    v_{a} += __ldg(&in[(threadIdx.x + {c}) % n]);",
    "    if (threadIdx.x < {c}) tile_{k}[threadIdx.x] += tile_{k}[threadIdx.x + {c}];",
)


def generate(root: Path, lines: int, seed: int) -> int:
    """Write the tree; returns the number of lines written."""
    rng = random.Random(seed)
    written = 0
    index = 0
    while written < lines:
        body: list[str] = ["#include <cuda_runtime.h>", "#define CHECK(x) (x)", ""]
        for k in range(4):  # kernels
            body.append(f"__global__ void k_{index}_{k}(const float* in, float* out, int n) {{")
            body.append(f"    __shared__ float tile_{index}_{k}[256];")
            for _ in range(FILE_LINES // 12):
                template = rng.choice(KERNEL_LINES)
                body.append(template.format(a=rng.randrange(1000), k=f"{index}_{k}", c=rng.randrange(1, 31)))
            body.append("}")
            body.append("")
        body.append(f"void host_{index}(float* h_0, int n) {{")
        body.append("    float *d_0 = nullptr; cudaStream_t s_0; cudaEvent_t e_0; float ms_0 = 0;")
        while len(body) < FILE_LINES:
            template = rng.choice(HOST_LINES)
            body.append(template.format(a=rng.randrange(1000), b=rng.randrange(1000), c=rng.randrange(1, 64),
                                        n=rng.choice(("n", "n / 2", "1024", "n * 4")),
                                        k=f"{index}_{rng.randrange(4)}"))
        body.append("}")
        folder = root / f"part{index // 50:03d}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"unit_{index:05d}.cu").write_text("\n".join(body) + "\n")
        written += len(body) + 1
        index += 1
    return written


RUNNER = "import sys\nfrom migrate.cli import main\nsys.exit(main(sys.argv[1:]))\n"


def cli_seconds(args: list[str]) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # bytecode, as installed
    start = time.perf_counter()
    # From a neutral folder, so that PYTHONPATH (not the working folder) decides which migrate runs.
    proc = subprocess.run([sys.executable, "-c", RUNNER, *args], capture_output=True, text=True, env=env, check=False,
                          cwd=tempfile.gettempdir())
    seconds = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"migrate {' '.join(args[:2])} exited {proc.returncode}: {proc.stderr[-2000:]}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--dir", type=Path, help="keep the tree here (regenerated when missing)")
    options = parser.parse_args(argv)

    from migrate.engine import ScanOptions, scan
    from migrate.report import render

    work = Path(tempfile.mkdtemp(prefix="scan-dense-"))
    tree = options.dir or work / "tree"
    if not tree.is_dir() or not any(tree.rglob("*.cu")):
        generate(tree, options.lines, options.seed)
    report = work / "scan.json"
    common = ["scan", str(tree), "-f", "json", "-o", str(report), "--root", str(tree), "--no-progress",
              "--exit-zero", "--no-cache"]
    cli_seconds([*common, "-j", "1"])  # bytecode written, files in the page cache

    result = scan(ScanOptions(paths=(tree,), root=tree, jobs=2))
    lines, findings = result.lines, len(result.findings)
    times: dict[str, list[float]] = {"scan -j2": [], "scan -j1": [], "json": [], "sarif": []}
    for _ in range(options.repeat):
        times["scan -j2"].append(cli_seconds([*common, "-j", "2"]))
        times["scan -j1"].append(cli_seconds([*common, "-j", "1"]))
        for fmt in ("json", "sarif"):
            start = time.perf_counter()
            render(result, fmt)
            times[fmt].append(time.perf_counter() - start)
    median = {name: statistics.median(t) for name, t in times.items()}
    files = sum(1 for _ in tree.rglob("*.cu"))
    print(f"tree: {files} files, {lines:,} lines (scan's count), {findings:,} findings; {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} at the end; medians of {options.repeat} round(s)")
    print(f"{'pass':<10} {'seconds':>8} {'lines/s':>10}")
    for name in ("scan -j2", "scan -j1"):
        print(f"{name:<10} {median[name]:8.3f} {lines / median[name]:10,.0f}")
    for name in ("json", "sarif"):
        print(f"{name:<10} {median[name]:8.3f} {findings / median[name]:10,.0f} findings/s")
    print(f"scan -j2 through the command line: {lines / median['scan -j2']:,.0f} lines/s (target {LINES_TARGET:,})")
    per_100k = {fmt: median[fmt] * 100_000 / max(findings, 1) for fmt in ("json", "sarif")}
    print(f"rendering, per 100,000 findings: json {per_100k['json']:.2f} s, sarif {per_100k['sarif']:.2f} s "
          f"(target {RENDER_TARGET:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
