"""The CPU backend's FFT, sparse and dense-solver areas against the libraries called directly: one run, ratios."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SOURCE = HERE / "runtime_libs_cpu.cpp"
TARGET = 1.2  # prt call time over the direct call's, at most
LINE = re.compile(r"^(?P<name>.+?)\s+prt\s+(?P<prt>[\d.]+) us\s+direct\s+(?P<direct>[\d.]+) us\s+ratio (?P<ratio>[\d.]+)$")


def main() -> int:
    """Build benchmarks/runtime_libs_cpu.cpp (FFTW, OpenBLAS and Eigen needed), run it once, print and check."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, help="also write the report here")
    parser.add_argument("--eigen", default="/usr/include/eigen3", help="Eigen's include folder (libeigen3-dev)")
    args = parser.parse_args()
    if shutil.which("g++") is None:
        print("g++ not installed", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "runtime_libs_cpu"
        build = ["g++", "-std=c++17", "-O2", "-DNDEBUG", "-pthread", f"-I{ROOT / 'runtime' / 'include'}",
                 f"-I{args.eigen}", str(SOURCE), "-o", str(exe), "-lfftw3f", "-lfftw3", "-lopenblas"]
        made = subprocess.run(build, capture_output=True, text=True)
        if made.returncode != 0:
            print(made.stderr, file=sys.stderr)
            print("build failed: needs libfftw3-dev, libopenblas-dev and libeigen3-dev", file=sys.stderr)
            return 2
        run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        print(run.stdout + run.stderr, file=sys.stderr)
        return 2
    lines = [line for line in run.stdout.splitlines() if line.strip()]
    report = []
    worst = 0.0
    for line in lines:
        hit = LINE.match(line)
        if not hit:
            continue
        ratio = float(hit.group("ratio"))
        worst = max(worst, ratio)
        report.append(f"{line}   {'ok' if ratio <= TARGET else 'OVER ' + str(TARGET)}")
    report.append(f"worst ratio {worst:.3f} (target {TARGET}); one run, medians of alternating samples")
    text = "\n".join(report) + "\n"
    print(text, end="")
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
