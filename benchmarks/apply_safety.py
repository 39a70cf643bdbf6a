"""How planning scales: findings per file, a one-line file of megabytes, and a tree through apply (figures only)."""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from migrate.engine import ApplyOptions, ScanOptions, apply_migration, plan_source
from migrate.match import compile_rules
from migrate.rules import load_catalog


def _many_findings(count: int) -> bytes:
    """One function with `count` calls that each get a finding with an edit."""
    calls = "".join(f"    cudaFree(p{i % 97});\n" for i in range(count))
    return f"#include <cuda_runtime.h>\nvoid f(float** p) {{\n{calls}}}\n".encode()


def _one_line(size: int) -> bytes:
    """A file of `size` bytes on a single line, with a CUDA call every few hundred bytes."""
    unit = b"cudaFree(p); " + b"x = y + z; " * 30
    return b"void f(float* p, int x, int y, int z) { " + unit * (size // len(unit)) + b"}\n"


def _timed(ruleset, name: str, data: bytes) -> tuple[float, int]:
    start = time.perf_counter()
    planned = plan_source(ruleset, name, "cuda", data)
    elapsed = time.perf_counter() - start
    return elapsed, len(planned.outcome.findings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--findings", type=int, nargs="*", default=[2000, 4000, 8000, 16000])
    parser.add_argument("--megabytes", type=float, nargs="*", default=[1, 5])
    parser.add_argument("--files", type=int, default=500)
    args = parser.parse_args()
    catalog = load_catalog()
    ruleset = compile_rules(catalog, catalog.rules)
    print("findings in one file   scan+plan s   findings")
    for count in args.findings:
        elapsed, found = _timed(ruleset, "many.cu", _many_findings(count))
        print(f"{count:>20}   {elapsed:>10.2f}   {found:>8}")
    print("one-line file MB       scan+plan s   findings")
    for size in args.megabytes:
        elapsed, found = _timed(ruleset, "line.cu", _one_line(int(size * 1024 * 1024)))
        print(f"{size:>20g}   {elapsed:>10.2f}   {found:>8}")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for index in range(args.files):
            (root / f"k{index}.cu").write_bytes(_many_findings(20))
        start = time.perf_counter()
        report = apply_migration(ScanOptions(paths=(root,), root=root, jobs=1), ApplyOptions())
        elapsed = time.perf_counter() - start
        print(f"apply over {args.files} files of 20 findings: {elapsed:.2f} s, {len(report.written)} written")


if __name__ == "__main__":
    main()
