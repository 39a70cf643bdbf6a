"""Scan and apply throughput on a real CUDA tree, against the floors of the same bytes, all in one run.

    python benchmarks/scan_real.py CHECKOUT/src --glob '*-cuda'      # HeCBench's CUDA programs
    python benchmarks/scan_real.py TREE --repeat 3 --skip-apply

Each pass runs the command line as a user does (a fresh process, so start-up and rule compilation count), and
the passes are interleaved round by round, so a machine whose load changes during the run shifts every pass
alike; each figure is the median of --repeat rounds. Passes:
  regex    read every file and count the hits of one bytes regex of CUDA tokens (the I/O-and-regex floor)
  parse    tree-sitter parse of every C/C++/CUDA file with the CUDA grammar and every Python file (the parse floor)
  scan -j1 `migrate scan --no-cache -f json -j 1`
  scan -j2 the same with -j 2
  warm     `migrate scan -f json` again over the unchanged tree, its cache filled by one scan before the rounds
  apply    `migrate apply --out-dir` (fresh output folder, no cache)
Each process runs from compiled bytecode, as an installed package does: PYTHONDONTWRITEBYTECODE is dropped from
its environment, and one scan before the rounds writes the bytecode. Lines are the scan's own count (its JSON
summary). Peak memory is the scanning process's maximum resident set
(workers apart). Targets (the scale issue): 200k lines/s cold on 2 cores, -j2 at least 1.8x -j1, warm under
0.5 s per million lines, apply at least 50k lines/s, peak under 300 MiB per million lines.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from scan_speed import CUDA_TOKENS  # noqa: E402

C_SUFFIXES = (".cu", ".cuh", ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx", ".inl")

# Runs the CLI in this process and reports its peak resident set on stderr's last line.
RUNNER = """
import resource, sys
from migrate.cli import main
try:
    code = main(sys.argv[1:])
finally:
    sys.stderr.write(f"\\nmaxrss_kib {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n")
sys.exit(code)
"""


def _files(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found += sorted(p for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return found


def regex_pass(files: list[Path]) -> int:
    return sum(len(CUDA_TOKENS.findall(p.read_bytes())) for p in files)


def parse_pass(files: list[Path]) -> int:
    import tree_sitter as ts
    import tree_sitter_cuda
    import tree_sitter_python

    cuda = ts.Parser(ts.Language(tree_sitter_cuda.language()))
    python = ts.Parser(ts.Language(tree_sitter_python.language()))
    nodes = 0
    for path in files:
        if path.suffix in C_SUFFIXES:
            nodes += cuda.parse(path.read_bytes()).root_node.child_count
        elif path.suffix == ".py":
            nodes += python.parse(path.read_bytes()).root_node.child_count
    return nodes


def cli(args: list[str]) -> tuple[float, int]:
    """Wall seconds and peak resident KiB of one CLI run."""
    start = time.perf_counter()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # From a neutral folder: `python -c` puts its working folder first on sys.path, so a run from a checkout would
    # import that checkout's migrate whatever PYTHONPATH names (a run of an older tree, to measure before a change).
    proc = subprocess.run([sys.executable, "-c", RUNNER, *args], capture_output=True, text=True, env=env,
                          cwd=tempfile.gettempdir())
    seconds = time.perf_counter() - start
    if "maxrss_kib" not in proc.stderr:  # the CLI never ran (an import failed); apply exits 2 for files it refuses
        raise SystemExit(f"migrate {' '.join(args[:2])} exited {proc.returncode}: {proc.stderr[-2000:]}")
    rss = int(proc.stderr.rsplit("maxrss_kib", 1)[1].split()[0])
    return seconds, rss


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--glob", default="", help="scan only the tree's folders matching this (e.g. '*-cuda')")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-apply", action="store_true")
    options = parser.parse_args(argv)
    tree = options.tree.resolve()
    paths = sorted(p for p in tree.glob(options.glob) if p.is_dir()) if options.glob else [tree]
    files = _files(paths)
    work = Path(tempfile.mkdtemp(prefix="scan-real-"))
    report = work / "scan.json"
    common = ["--root", str(tree), "--no-progress", "--exit-zero"]
    scan = ["scan", *map(str, paths), "-f", "json", "-o", str(report), *common]
    cache = work / "cache"
    env_cache = ["--cache-dir", str(cache)]

    # The scan's own line count, and a filled cache for the warm pass.
    cli([*scan, *env_cache])
    summary = json.loads(report.read_text())["summary"]
    lines, findings = summary["lines"], summary["findings"]

    passes = ["regex", "parse", "scan -j1", "scan -j2", "warm"] + ([] if options.skip_apply else ["apply"])
    times: dict[str, list[float]] = {p: [] for p in passes}
    rss: dict[str, list[int]] = {p: [] for p in passes}
    for _ in range(options.repeat):
        for name in passes:
            if name == "regex":
                start = time.perf_counter()
                regex_pass(files)
                times[name].append(time.perf_counter() - start)
            elif name == "parse":
                start = time.perf_counter()
                parse_pass(files)
                times[name].append(time.perf_counter() - start)
            else:
                if name == "scan -j1":
                    args = [*scan, "--no-cache", "-j", "1"]
                elif name == "scan -j2":
                    args = [*scan, "--no-cache", "-j", "2"]
                elif name == "warm":
                    args = [*scan, *env_cache]
                else:
                    out = work / "migrated"
                    shutil.rmtree(out, ignore_errors=True)
                    args = ["apply", *map(str, paths), "--out-dir", str(out), "--no-cache", "--root", str(tree)]
                seconds, peak = cli(args)
                times[name].append(seconds)
                rss[name].append(peak)
    shutil.rmtree(work, ignore_errors=True)

    median = {p: statistics.median(t) for p, t in times.items()}
    print(f"tree: {tree}{' / ' + options.glob if options.glob else ''}: {len(files)} files, {lines:,} lines "
          f"(scan's count), {findings:,} findings; {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the end; medians of {options.repeat} interleaved rounds")
    print(f"{'pass':<10} {'seconds':>9} {'lines/s':>12} {'peak MiB':>9}")
    for name in passes:
        peak = f"{max(rss[name]) / 1024:.0f}" if rss[name] else ""
        print(f"{name:<10} {median[name]:>9.3f} {lines / median[name]:>12,.0f} {peak:>9}")
    per_million = 1e6 / lines
    print()
    print(f"scan -j2 / parse floor:     {median['scan -j2'] / median['parse']:.2f}x the time")
    print(f"scan -j1 / scan -j2:        {median['scan -j1'] / median['scan -j2']:.2f}x (target 1.8)")
    print(f"warm, per million lines:    {median['warm'] * per_million:.2f} s (target 0.5)")
    print(f"cold -j2, per million lines:{median['scan -j2'] * per_million:>6.2f} s (target 5.0: 200k lines/s)")
    if "apply" in median:
        print(f"apply --out-dir:            {lines / median['apply']:,.0f} lines/s (target 50,000)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
