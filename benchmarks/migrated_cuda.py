"""Original against migrated corpus programs on an NVIDIA GPU: the same kernels, timed by the programs themselves.

Run from the repository root on a machine with an NVIDIA GPU and nvcc:

    python3 benchmarks/migrated_cuda.py [--runs 7] [--arch sm_90] [program ...]

Each corpus program that has a `migrated/` folder is built twice: the original with its own Makefile, the migrated
sources with nvcc against the runtime's headers (the CUDA backend). The two binaries run alternately; every run
prints its CUDA-event timings (`time_*_ms = …`), whose sum is the run's time. The figure per program is the ratio
of the medians (migrated / original); the summary is their geometric mean. Both builds must print PASS.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
TIMING = re.compile(r"^(time_\w*ms)\s*=\s*([0-9.eE+-]+)", re.M)
LIBRARIES = ("cublas", "cublasLt", "curand", "nccl")


def library_flags(work: Path) -> tuple[list[str], list[str]]:
    """-I and -L/-rpath flags for the CUDA libraries that come as nvidia-* pip packages."""
    include, lib = work / "include", work / "lib"
    include.mkdir(parents=True, exist_ok=True)
    lib.mkdir(parents=True, exist_ok=True)
    rpaths: list[str] = []
    try:
        import nvidia  # type: ignore[import-not-found]

        base = Path(list(nvidia.__path__)[0])
    except ImportError:
        return [], []
    for header in sorted(base.glob("*/include/*")):
        if header.name.startswith(("cublas", "curand", "nccl")) and not (include / header.name).exists():
            (include / header.name).symlink_to(header)
    for shared in sorted(base.glob("*/lib/lib*.so.*")):
        name = shared.name.split(".so.")[0]
        if name[3:] in LIBRARIES and not (lib / f"{name}.so").exists():
            (lib / f"{name}.so").symlink_to(shared)
            rpaths += ["-Xlinker", "-rpath", "-Xlinker", str(shared.parent)]
    return [f"-I{include}"], [f"-L{lib}", *rpaths]


def build_original(name: str, work: Path, cppflags: list[str], ldflags: list[str], arch: str) -> Path:
    folder = work / "original" / name
    shutil.copytree(CORPUS / name, folder, ignore=shutil.ignore_patterns("migrated*", "goldens"))
    subprocess.run(
        ["make", f"ARCH={arch}", f"CPPFLAGS={' '.join(cppflags)}", f"LDFLAGS={' '.join(ldflags)}"],
        cwd=folder, check=True, capture_output=True, text=True,
    )
    binaries = [p for p in folder.iterdir() if p.is_file() and os.access(p, os.X_OK) and p.suffix == ""]
    return binaries[0]


def build_migrated(name: str, work: Path, cppflags: list[str], ldflags: list[str], arch: str) -> Path:
    sources = sorted((CORPUS / name / "migrated").glob("*.cu"))
    out = work / "migrated" / name
    out.parent.mkdir(parents=True, exist_ok=True)
    libs = [f"-l{lib}" for lib in LIBRARIES if any(f"lib{lib}.so" == p.name for p in (work / "lib").glob("*.so"))]
    command = [
        "nvcc", "-O3", "-std=c++17", f"-arch={arch}", f"-I{ROOT / 'runtime' / 'include'}", *cppflags,
        *map(str, sources), "-o", str(out), *ldflags, *libs,
    ]
    subprocess.run(command, check=True, capture_output=True, text=True)
    return out


def timed_run(binary: Path) -> float:
    done = subprocess.run([str(binary)], cwd=binary.parent, capture_output=True, text=True, timeout=120)
    if done.returncode != 0 or "PASS" not in done.stdout:
        raise RuntimeError(f"{binary} did not pass:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    times = [float(value) for _, value in TIMING.findall(done.stdout)]
    if not times:
        raise RuntimeError(f"{binary} printed no time_*_ms lines")
    return sum(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("programs", nargs="*")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--arch", default="sm_90")
    args = parser.parse_args()
    names = args.programs or sorted(p.parent.parent.name for p in CORPUS.glob("*/migrated/*.cu"))
    names = sorted(set(names))
    os.environ.setdefault("CUDA_MODULE_LOADING", "EAGER")
    ratios: list[float] = []
    print(f"{'program':<22} {'original ms':>12} {'migrated ms':>12} {'ratio':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cppflags, ldflags = library_flags(work)

        def build(name: str) -> tuple[Path, Path] | str:
            try:
                return (
                    build_original(name, work, cppflags, ldflags, args.arch),
                    build_migrated(name, work, cppflags, ldflags, args.arch),
                )
            except (subprocess.CalledProcessError, IndexError) as exc:
                return str(getattr(exc, "stderr", "") or exc).strip()[-400:]

        with ThreadPoolExecutor(max_workers=min(16, os.cpu_count() or 1)) as pool:
            builds = dict(zip(names, pool.map(build, names)))
        for name in names:
            built = builds[name]
            if isinstance(built, str):
                print(f"{name:<22} build error: {built}")
                continue
            original, migrated = built
            try:
                timed_run(original), timed_run(migrated)  # warm-up: driver caches, first-touch
                first, second = [], []
                for _ in range(args.runs):
                    first.append(timed_run(original))
                    second.append(timed_run(migrated))
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                print(f"{name:<22} error: {str(exc).strip()[-400:]}")
                continue
            a, b = statistics.median(first), statistics.median(second)
            ratios.append(b / a)
            print(f"{name:<22} {a:>12.4f} {b:>12.4f} {b / a:>7.3f}", flush=True)
    if not ratios:
        print("no program measured")
        return 1
    geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print(f"geometric mean migrated/original over {len(ratios)} programs: {geomean:.4f} (target <= 1.02)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
