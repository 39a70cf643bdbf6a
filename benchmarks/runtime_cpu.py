"""CPU-backend throughput against OpenMP, measured in one run.

Builds benchmarks/runtime_cpu.cu with g++ -O3 -fopenmp and prints:
  saxpy   an element-wise kernel on the loop path vs the same loop with OpenMP (target: ratio >= 0.8), and vs
          OpenMP running the kernel's own index arithmetic in a plain loop (which GCC does not vectorise; the
          runtime's thread loop is written so that it does, see runtime/README.md)
  reduce  a shared-memory tree reduction on the fiber path vs an OpenMP reduction (ratio reported), with a
          GPU-style launch (1024 blocks of 256 threads) and a CPU-sized one (4 blocks per pool thread)
  switch  the cost of one fiber switch, hand-written and with ucontext

Usage: python3 benchmarks/runtime_cpu.py [n] [reps]
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "benchmarks" / "runtime_cpu.cu"


def build(out: Path, extra: list[str]) -> None:
    cmd = ["g++", "-x", "c++", "-std=c++17", "-O3", "-march=native", "-fopenmp", f"-I{ROOT / 'runtime' / 'include'}",
           *extra, str(SRC), "-x", "none", "-pthread", "-o", str(out)]
    subprocess.run(cmd, check=True)


def main() -> int:
    args = sys.argv[1:3]
    env = dict(os.environ, OMP_WAIT_POLICY=os.environ.get("OMP_WAIT_POLICY", "passive"))
    with tempfile.TemporaryDirectory() as tmp:
        exe, exe_uc = Path(tmp) / "bench", Path(tmp) / "bench_ucontext"
        build(exe, [])
        build(exe_uc, ["-DPRT_CPU_UCONTEXT"])
        out = subprocess.run([str(exe), *args], check=True, capture_output=True, text=True, env=env).stdout
        out_uc = subprocess.run([str(exe_uc), "65536", "1"], check=True, capture_output=True, text=True, env=env).stdout
    print(out, end="")
    print(next(line for line in out_uc.splitlines() if line.startswith("switch")))
    ratio = float(re.search(r"saxpy .* ratio ([0-9.]+)", out).group(1))
    print(f"loop path vs OpenMP: {ratio:.2f}x (target 0.8x): {'met' if ratio >= 0.8 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
