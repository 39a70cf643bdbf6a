"""Kernels with barriers give the same results on the CPU region loops as on fibers (the same migrated source built
twice, the second time with -DPRT_CPU_FIBERS), on the corpus and on reduced programs; which kernels were split and
why the others stay on fibers is the committed list findings.txt."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from migrate import runtime_info
from migrate.engine import scan_bytes
from migrate.match import compile_rules
from migrate.report import format_finding
from migrate.rewrite import plan_file
from migrate.rules import load_catalog

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CATALOG = load_catalog()
RULESET = compile_rules(CATALOG, CATALOG.rules)
CORPUS = ("curand_montecarlo", "histogram", "layernorm", "matmul_tiled", "prefix_sum", "reduction", "softmax", "stencil",
          "templated_kernels")
PROGRAMS = {name: ROOT / "corpus" / name / f"{name}.cu" for name in CORPUS} | {
    path.stem: path for path in sorted(HERE.glob("*.cu"))
}
TIMING = re.compile(r"time|_ms\b|\bms\b|seconds|flops|GB/s|bandwidth", re.IGNORECASE)


def _migrate(path: Path) -> tuple[bytes, list[str]]:
    data = path.read_bytes()
    findings = scan_bytes(RULESET, path.name, "cuda", data)
    notes = [format_finding(f) for f in findings if f.rule_id == "kernel-barrier-regions"]
    return plan_file(path.name, "cuda", data, findings, CATALOG.rules, unsafe=True).migrated, notes


def _build(source: Path, binary: Path, defines: list[str], level: str = "-O1") -> None:
    command = ["g++", "-x", "c++", *runtime_info.cflags().split(), *defines, level, "-w", str(source), "-x", "none",
               "-o", str(binary), *runtime_info.libs().split()]
    built = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, f"{source.name} {defines}: build failed\n{built.stderr[-3000:]}"


def _run(binary: Path, folder: Path) -> tuple[str, bytes]:
    folder.mkdir()
    env = dict(os.environ, PRT_CPU_THREADS="2")
    ran = subprocess.run([str(binary), "--out", str(folder / "out.bin")], cwd=folder, capture_output=True,
                         text=True, timeout=600, env=env)
    assert ran.returncode == 0, f"{binary.name}: exit {ran.returncode}\n{ran.stdout[-2000:]}{ran.stderr[-2000:]}"
    kept = "".join(line + "\n" for line in ran.stdout.splitlines() if not TIMING.search(line))
    out = folder / "out.bin"
    return kept, out.read_bytes() if out.is_file() else b""


def _parity(name: str, tmp: Path) -> str:
    migrated, _ = _migrate(PROGRAMS[name])
    work = tmp / name
    work.mkdir()
    source = work / f"{name}.cu"
    source.write_bytes(migrated)
    _build(source, work / "regions", [], "-O2")  # the level at which the twins' loops vectorise
    _build(source, work / "fibers", ["-DPRT_CPU_FIBERS"])
    regions = _run(work / "regions", work / "run-regions")
    fibers = _run(work / "fibers", work / "run-fibers")
    assert regions[0] == fibers[0], f"{name}: the printed results differ between region loops and fibers"
    assert regions[1] == fibers[1], f"{name}: the output file differs between region loops and fibers"
    assert regions[0].strip() or regions[1], f"{name}: the program printed and wrote nothing to compare"
    return name


def test_which_kernels_are_split(request: pytest.FixtureRequest) -> None:
    """The findings of kernel-barrier-regions on every program here, reviewed by reading the golden."""
    lines = "".join(line + "\n" for name in sorted(PROGRAMS) for line in _migrate(PROGRAMS[name])[1])
    golden = HERE / "findings.txt"
    if request.config.getoption("--update-goldens"):
        golden.write_text(lines, encoding="utf-8")
    assert lines == golden.read_text(encoding="utf-8")


def test_migrated_twice_is_migrated_once() -> None:
    for name, path in sorted(PROGRAMS.items()):
        once, _ = _migrate(path)
        again = plan_file(
            path.name, "cuda", once, scan_bytes(RULESET, path.name, "cuda", once), CATALOG.rules, unsafe=True
        ).migrated
        assert again == once, f"{name}: a second apply changes the twins"


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_region_loops_match_fibers(tmp_path: Path) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        done = list(pool.map(lambda n: _parity(n, tmp_path), sorted(PROGRAMS)))
    assert done == sorted(PROGRAMS)


def test_only_atomics_on_the_blocks_shared_memory_become_plain(tmp_path: Path) -> None:
    source = tmp_path / "shadow.cu"
    source.write_text(
        "__global__ void k(unsigned* hist, const int* in, int n) {\n"
        "    __shared__ unsigned bins[8];\n"
        "    if (threadIdx.x < 8) bins[threadIdx.x] = 0;\n"
        "    __syncthreads();\n"
        "    atomicAdd(&bins[in[threadIdx.x] & 7], 1u);\n"
        "    atomicAdd(&hist[threadIdx.x & 7], 1u);\n"
        "    __syncthreads();\n"
        "    if (threadIdx.x < 8) atomicAdd(hist + threadIdx.x, bins[threadIdx.x]);\n"
        "}\n"
        "__global__ void shadowed(unsigned* hist) {\n"
        "    __shared__ unsigned bins[8];\n"
        "    bins[threadIdx.x & 7] = 0;\n"
        "    __syncthreads();\n"
        "    { unsigned* bins = hist; atomicAdd(&bins[threadIdx.x & 7], 1u); }\n"
        "}\n"
    )
    migrated, notes = _migrate(source)
    twins = migrated.decode().split("#else")
    assert len(notes) == 2 and all("regions between barriers" in n for n in notes), notes
    # In k's twin the shared histogram's atomic is plain, the two on hist stay atomic; in shadowed, where a local
    # of the same name points at global memory, every atomic stays.
    assert migrated.decode().count("::prt::cpu::block_atomicAdd(&bins[in[threadIdx.x] & 7], 1u)") == 1
    assert migrated.decode().count("block_atomicAdd") == 1
    assert "block_" not in twins[-1]


def _gcc_major() -> int:
    found = re.match(r"(\d+)", subprocess.run(["g++", "-dumpversion"], capture_output=True, text=True, check=False).stdout)
    return int(found.group(1)) if found else 0


@pytest.mark.skipif(shutil.which("g++") is None or _gcc_major() < 12, reason="needs g++ 12 or later (-O2 vectorises)")
def test_twins_vectorise_and_the_code_after_them_keeps_its_options(tmp_path: Path) -> None:
    """At -O2 GCC vectorises vectorised.cu's scan step only inside its twin (prt/cpu/regions_begin.h's options),
    and the host loop after the twin, which those options would vectorise too, stays as -O2 leaves it."""
    migrated, _ = _migrate(PROGRAMS["vectorised"])
    source = tmp_path / "vectorised.cu"
    source.write_bytes(migrated)
    command = ["g++", "-x", "c++", *runtime_info.cflags().split(), "-O2", "-w", "-fopt-info-vec-optimized", "-c",
               str(source), "-o", str(tmp_path / "vectorised.o")]
    built = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert built.returncode == 0, built.stderr[-3000:]
    lines = migrated.decode().splitlines()

    def line_of(text: str) -> int:
        return next(i for i, line in enumerate(lines, 1) if text in line)

    twin = (line_of("prt/cpu/regions_begin.h"), line_of("prt/cpu/regions_end.h"))
    host = (line_of("host-loop-begin"), line_of("host-loop-end"))
    vectorised = {int(m.group(1)) for m in re.finditer(r"vectorised\.cu:(\d+):\d+: optimized: loop vectorized",
                                                        built.stderr)}
    assert any(twin[0] < line < twin[1] for line in vectorised), built.stderr
    assert not any(host[0] < line < host[1] for line in vectorised), built.stderr


def test_strided_loops_count_rounds_only_where_positions_rise_by_thread() -> None:
    """counted.cu's kernels counted_* run their strided loops as counted walks (no per-thread position), and the
    loops of walked, whose positions may be negative, whose bound differs between threads or whose variable is a
    float, keep the per-thread walk."""
    migrated, _ = _migrate(PROGRAMS["counted"])
    twins = {
        re.search(r"void (\w+)\(", part).group(1): part.partition("#else")[0]
        for part in migrated.decode().split("#if PRT_BACKEND_CPU")[1:]
    }
    assert sorted(twins) == ["counted_fill", "counted_rows", "walked"]
    for name, twin in twins.items():
        counted, walked = twin.count("how far every thread has strided"), twin.count("still walking")
        assert (counted, walked) == ((0, 3) if name == "walked" else (counted, 0)) and (counted or walked), name
