"""Real public CUDA programs through `migrate apply`: migrate, build, run, and judge each by its own verdict.

Given a checkout of a benchmark collection laid out as `src/<name>-cuda/` with a Makefile each (HeCBench's
layout), the harness

1. stages the programs (and the shared folders they read: `src/include`, `src/data`, sibling `-sycl`/`-omp`
   folders) into a work folder, copying what can be copied;
2. runs `migrate apply <programs> --out-dir <work>/migrated` once over all of them, and `migrate scan -f json`
   over the original and the migrated copies (what each program uses; what CUDA is left outside markers);
3. builds every migrated program on the CPU backend with g++: the compile and link lines come from the
   program's own Makefile (`make -n -B`), with nvcc's options translated to g++ ones and the runtime's flags
   added (`--backend cuda` builds it with nvcc on the CUDA backend instead, and `--original` builds the original
   with its Makefile, as a reference on a GPU machine);
4. runs it with the arguments of the program list (its Makefile's `run` target unless the list says smaller
   ones) under a timeout, and reads its verdict: PASS or FAIL as it prints them, its exit code otherwise;
5. prints a table (program, apply result, files refused, residual CUDA-only findings outside manual markers,
   build, verdict, first error) and the totals, and writes it as Markdown and JSON.

    python3 benchmarks/realcode.py CHECKOUT [--programs benchmarks/realcode/hecbench.toml] [--work DIR]
        [--only NAME,...] [--sample N] [--jobs N] [--timeout S] [--backend cpu|cuda] [--original]
        [--results benchmarks/results/realcode-hecbench-cpu]

Nothing of the checkout is written: it is staged first.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path

from migrate.verify.makefile import MakefileError, build_commands, is_compiler, printed_times, run_command

HERE = Path(__file__).resolve().parent
DEFAULT_LIST = HERE / "realcode" / "hecbench.toml"

# Findings in a migrated file that are not CUDA left behind: notes about portable code, the parser's own
# reports (counted apart) and build files (their nvcc lines stay by design, with a marker).
NOT_RESIDUAL_FAMILIES = {"engine", "build", "tile"}
# A program is "CUDA-runtime-only" when it uses none of these (libraries beyond the runtime).
LIBRARY_RULES = {
    "cublas-api", "cufft-api", "cusparse-api", "cusolver-api", "cudnn-api", "nccl-api", "curand-api",
    "thrust-usage", "cub-usage", "warp-matrix", "cooperative-groups", "texture-reference",
}
LIBRARY_INCLUDES = re.compile(
    r"#include <(cublas|cufft|cusparse|cusolver|cudnn|nccl|curand|thrust/|cub/|mma|nvrtc|npp|nvjpeg|nvml|cutlass|mpi|"
    r"cooperative_groups|omp)"
)
SIBLING = re.compile(r"\.\./([A-Za-z0-9_+.-]+-cuda)\b")
VERDICT_FAIL = re.compile(r"\bFAIL(ED|URE)?\b|\bfail(ed)?\b|\bincorrect\b|\bINCORRECT\b|\bMismatch|\bmismatch")
VERDICT_PASS = re.compile(r"\bPASS(ED)?\b|\bpass(ed)?\b|\bPass(ed)?\b|\bcorrect\b|\bCORRECT\b|\bSuccess")


@dataclass
class Outcome:
    """One program's row in the result table."""

    program: str
    runtime_only: bool = True
    files: int = 0
    changed: int = 0
    refused: int = 0
    parse_error_files: int = 0
    residual: int = 0
    residual_rules: str = ""
    apply: str = ""
    build: str = ""
    verdict: str = ""
    seconds: float = 0.0
    kernel_ms: float | None = None
    error: str = ""
    args: list[str] = field(default_factory=list)


def _copy_tree(source: Path, target: Path) -> None:
    """Copy a folder, skipping links that point nowhere (public trees carry some)."""
    for dirpath, dirnames, filenames in os.walk(source):
        rel = Path(dirpath).relative_to(source)
        (target / rel).mkdir(parents=True, exist_ok=True)
        for name in filenames:
            src = Path(dirpath) / name
            if src.is_symlink() and not src.exists():
                continue
            dst = target / rel / name
            if not dst.exists():
                shutil.copy2(src, dst)
        dirnames[:] = [d for d in dirnames if d != ".git" and (Path(dirpath) / d).exists()]


def _program_list(path: Path) -> dict[str, dict]:
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return data.get("programs", {})


def _first_error(text: str) -> str:
    for line in text.splitlines():
        if re.search(r"\berror\b|undefined reference|Error", line):
            return line.strip()[:240]
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip()[:240] if lines else ""


def _build(folder: Path, backend: str, runtime_cflags: list[str], runtime_libs: list[str], original: bool) -> str:
    """Build one program; '' on success, else the first error."""
    if original:
        proc = subprocess.run(["make", "-B", "ARCH=sm_90"], cwd=folder, capture_output=True, text=True,
                              errors="replace", timeout=900)
        return "" if proc.returncode == 0 else _first_error(proc.stderr + proc.stdout) or "make failed"
    commands = build_commands(folder, backend, runtime_cflags, runtime_libs)
    for tokens in commands:
        proc = subprocess.run(tokens, cwd=folder, capture_output=True, text=True, errors="replace", timeout=900)
        if proc.returncode != 0 and is_compiler(tokens):
            return _first_error(proc.stderr + proc.stdout) or f"{tokens[0]} exited {proc.returncode}"
    return ""


def _verdict(code: int, output: str) -> str:
    if code != 0:
        return f"exit {code}"
    if VERDICT_FAIL.search(output):
        return "FAIL"
    if VERDICT_PASS.search(output):
        return "PASS"
    return "exit 0"


def _kernel_ms(output: str) -> float | None:
    """The program's own kernel-time figure, in ms, summed where it prints several."""
    times = printed_times(output)
    return sum(ms for _, ms in times) if times else None


def _scan_json(paths: list[Path], root: Path) -> list[dict]:
    if not paths:
        return []
    cmd = [sys.executable, "-m", "migrate.cli", "scan", *map(str, paths), "-f", "json", "--no-cache",
           "--no-progress", "--root", str(root), "--exit-zero"]
    proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    try:
        return json.loads(proc.stdout)["findings"]
    except (ValueError, KeyError):
        sys.stderr.write(f"scan failed: {proc.stderr[-2000:]}\n")
        return []


def _marked_lines(path: Path) -> set[int]:
    """Lines covered by a `migrate: manual[...]` marker: the marker's own line and the code line below it."""
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError:
        return set()
    covered: set[int] = set()
    for number, line in enumerate(lines, 1):
        if b"migrate: manual[" in line:
            covered.add(number)
            below = number + 1
            while below <= len(lines) and b"migrate: manual[" in lines[below - 1]:
                below += 1
            covered.add(below)
            # A marker above a continued line (a macro) covers the whole continuation.
            while below <= len(lines) and lines[below - 1].rstrip(b"\r").endswith(b"\\"):
                below += 1
                covered.add(below)
    return covered


def _program_of(relpath: str) -> str:
    parts = relpath.split("/")
    return parts[1] if len(parts) > 2 and parts[0] == "src" else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="a checkout with src/<name>-cuda/ programs")
    parser.add_argument("--programs", type=Path, default=DEFAULT_LIST, help="TOML list of programs and arguments")
    parser.add_argument("--work", type=Path, default=Path("/tmp/realcode"), help="scratch folder (emptied)")
    parser.add_argument("--only", default="", help="comma-separated program names")
    parser.add_argument("--sample", type=int, default=0, help="every Nth program of the list only")
    parser.add_argument("--all", action="store_true", help="every src/*-cuda program, not just the list")
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a program may run")
    parser.add_argument("--threads", type=int, default=1,
                        help="CPU threads per program on the CPU backend (PRT_CPU_THREADS, OMP_NUM_THREADS)")
    parser.add_argument("--backend", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--original", action="store_true", help="build and run the originals (on a GPU machine)")
    parser.add_argument("--keep-stage", action="store_true", help="reuse an existing staged and migrated copy")
    parser.add_argument("--results", type=Path, help="write <path>.md and <path>.json")
    parser.add_argument("--stage-only", action="store_true", help="stage and migrate, then stop (for another machine)")
    parser.add_argument("--serial-runs", action="store_true",
                        help="build in parallel but run one program at a time (timings on one GPU)")
    parser.add_argument("--makefile-args", action="store_true",
                        help="run with each Makefile's own arguments (GPU sizes), not the list's smaller ones")
    parser.add_argument("--deadline", type=float, default=0.0,
                        help="seconds after which no further program is started (its row says so)")
    parser.add_argument("--paired", type=int, default=0, metavar="N",
                        help="build the original and the migrated program, then run them alternately N times each, "
                             "one program at a time, and report medians side by side (timings on one GPU)")
    parser.add_argument("--no-scan", action="store_true", help="skip the scans (a machine without migrate's parsers)")
    parser.add_argument("--runtime-include", type=Path, help="the runtime's include folder (default: migrate's)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("ORIGINAL_JSON", "MIGRATED_JSON"),
                        help="print verdicts side by side and the migrated/original time ratios of two runs")
    options = parser.parse_args(argv)
    if options.compare:
        sys.stdout.write(_comparison(*options.compare))
        return 0

    listed = _program_list(options.programs)
    src = options.checkout / "src"
    if options.all or not listed:
        names = sorted(p.name for p in src.iterdir() if p.name.endswith("-cuda") and (p / "Makefile").is_file())
    else:
        names = sorted(listed)
    if options.only:
        wanted = set(options.only.split(","))
        names = [n for n in names if n in wanted]
    if options.sample > 1:
        names = names[:: options.sample]

    # Programs that include or build from a sibling program's folder (`-I../qkv-cuda`) are staged and migrated
    # together with it.
    uses: dict[str, set[str]] = {name: set() for name in names}
    for name in names:
        for path in (src / name).rglob("*"):
            if path.is_file() and (path.name == "Makefile" or path.suffix in (".cu", ".cuh", ".h", ".hpp", ".cpp")):
                uses[name].update(SIBLING.findall(path.read_text(errors="replace")))
    siblings = {s for used in uses.values() for s in used if s not in names and (src / s).is_dir()}

    work = options.work.resolve()
    stage, migrated = work / "original", work / "migrated"
    apply_log = ""
    if not options.keep_stage:
        shutil.rmtree(work, ignore_errors=True)
        for name in names:
            _copy_tree(src / name, stage / "src" / name)
        shared = [p for p in src.iterdir() if p.is_dir() and not p.name.endswith("-cuda")]
        for folder in shared:
            _copy_tree(folder, stage / "src" / folder.name)
        # The shared folders travel unmigrated beside the programs, and so do the checkout's folders beside src/
        # (Rodinia's Makefiles include ../../common/make.config).
        for folder in shared:
            _copy_tree(folder, migrated / "src" / folder.name)
        for folder in (p for p in options.checkout.iterdir() if p.is_dir() and p.name != "src"):
            _copy_tree(folder, stage / folder.name)
            _copy_tree(folder, migrated / folder.name)
        for name in sorted(siblings):
            _copy_tree(src / name, stage / "src" / name)
        programs = [stage / "src" / n for n in names + sorted(siblings)]
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "migrate.cli", "apply", *map(str, programs), "--out-dir", str(migrated),
             "--root", str(stage), "--no-cache"],
            capture_output=True, text=True, errors="replace",
        )
        apply_seconds = time.perf_counter() - start
        apply_log = proc.stderr
        (work / "apply.log").write_text(proc.stdout + proc.stderr)
        sys.stderr.write(f"apply: exit {proc.returncode} in {apply_seconds:.1f} s\n")
    else:
        apply_log = (work / "apply.log").read_text() if (work / "apply.log").is_file() else ""

    if options.stage_only:
        return 0
    refused: dict[str, int] = {}
    for line in apply_log.splitlines():
        match = re.match(r"(\S+): not migrated", line)
        if match:
            rel = match.group(1)
            rel = rel[rel.find("src/"):] if "src/" in rel else rel
            refused[_program_of(rel)] = refused.get(_program_of(rel), 0) + 1

    scanned = not options.no_scan
    before = _scan_json([stage / "src" / n for n in names], stage) if scanned else []
    after = _scan_json([migrated / "src" / n for n in names], migrated) if scanned else []
    outcomes = {n: Outcome(n) for n in names}
    for finding in before:
        program = _program_of(finding["path"])
        if program in outcomes and finding["rule_id"] in LIBRARY_RULES:
            outcomes[program].runtime_only = False
    for name in names:
        texts = []
        for path in (stage / "src" / name).rglob("*"):
            if path.suffix in (".cu", ".cuh", ".h", ".hpp", ".cpp", ".c") and path.is_file():
                outcomes[name].files += 1
                texts.append(path.read_text(errors="replace"))
                if LIBRARY_INCLUDES.search(texts[-1]):
                    outcomes[name].runtime_only = False
                migrated_path = migrated / path.relative_to(stage)
                if migrated_path.is_file() and migrated_path.read_bytes() != path.read_bytes():
                    outcomes[name].changed += 1
        # A header the program takes from a sibling's folder counts as its own code: permute-cuda's common.h,
        # from qkv-cuda, includes cuBLASLt.
        text = "\n".join(texts)
        for sibling in sorted(uses[name]):
            for path in (stage / "src" / sibling).rglob("*") if (stage / "src" / sibling).is_dir() else ():
                if path.suffix in (".cuh", ".h", ".hpp") and path.name in text and \
                        LIBRARY_INCLUDES.search(path.read_text(errors="replace")):
                    outcomes[name].runtime_only = False
    marked: dict[str, set[int]] = {}
    residual_rules: dict[str, dict[str, int]] = {}
    for finding in after:
        program = _program_of(finding["path"])
        if program not in outcomes:
            continue
        if finding["rule_id"] == "parse-error":
            outcomes[program].parse_error_files += 1
            continue
        if finding["family"] in NOT_RESIDUAL_FAMILIES or finding["severity"] == "note":
            continue
        if finding["path"] not in marked:
            marked[finding["path"]] = _marked_lines(migrated / finding["path"])
        if finding["line"] in marked[finding["path"]]:
            continue
        outcomes[program].residual += 1
        counts = residual_rules.setdefault(program, {})
        counts[finding["rule_id"]] = counts.get(finding["rule_id"], 0) + 1
    for name, counts in residual_rules.items():
        outcomes[name].residual_rules = ",".join(f"{r}:{c}" for r, c in sorted(counts.items()))
    for name in names:
        outcomes[name].refused = refused.get(name, 0)
        outcomes[name].apply = "refused" if outcomes[name].refused else "ok"

    if options.runtime_include:
        cflags = [f"-I{options.runtime_include.resolve()}", "-std=c++17", "-fno-strict-aliasing", "-pthread"]
        libs = ["-pthread"]
    else:
        cflags = subprocess.run([sys.executable, "-m", "migrate.cli", "runtime", "--cflags"], capture_output=True,
                                text=True).stdout.split()
        libs = subprocess.run([sys.executable, "-m", "migrate.cli", "runtime", "--libs"], capture_output=True,
                              text=True).stdout.split()
    if options.backend == "cuda":
        cflags = [f for f in cflags if f.startswith("-I")]
        libs = []

    started = time.monotonic()
    originals = {n: Outcome(n) for n in names}

    def past_deadline() -> bool:
        return bool(options.deadline) and time.monotonic() - started > options.deadline

    def prepare(outcome: Outcome, folder: Path, original: bool) -> list[str] | None:
        """Build one side and read its run command; None (with the row saying why) when either fails."""
        try:
            error = _build(folder, options.backend, cflags, libs, original)
        except (RuntimeError, MakefileError, subprocess.TimeoutExpired) as exc:
            error = str(exc)[:240]
        if error:
            outcome.build, outcome.error = "FAIL", error
            return None
        outcome.build = "ok"
        try:
            args = None if options.makefile_args else listed.get(outcome.program, {}).get("args")
            command = run_command(folder, args)
        except (RuntimeError, MakefileError, subprocess.TimeoutExpired) as exc:
            outcome.verdict, outcome.error = "no run", str(exc)[:240]
            return None
        outcome.args = command[1:]
        return command

    def skipped(outcome: Outcome) -> Outcome:
        outcome.build, outcome.error = "skipped", f"not started within the {options.deadline:.0f} s deadline"
        return outcome

    def paired(name: str) -> Outcome:
        """Both builds, then original and migrated runs alternating (the first side alternating too), so both sides
        meet the same machine state."""
        outcome, before = outcomes[name], originals[name]
        if past_deadline():
            return skipped(outcome)
        sides = ((before, stage / "src" / name), (outcome, migrated / "src" / name))
        commands = [prepare(before, sides[0][1], True), prepare(outcome, sides[1][1], False)]
        if not all(commands):
            return outcome
        samples: dict[int, list[tuple[float, float | None]]] = {0: [], 1: []}
        with run_lock:
            if past_deadline():
                outcome.verdict = before.verdict = "skipped"
                outcome.error = f"built, not run: past the {options.deadline:.0f} s deadline"
                return outcome
            for round_ in range(options.paired):
                # Which side goes first alternates too, so neither always meets the state the other left.
                for index in (0, 1) if round_ % 2 == 0 else (1, 0):
                    (side, folder), command = sides[index], commands[index]
                    run(side, folder, command)
                    samples[index].append((side.seconds, side.kernel_ms))
                    if side.verdict not in ("PASS", "exit 0"):
                        return outcome
        for index, (side, _) in enumerate(sides):
            side.seconds = statistics.median(s for s, _ in samples[index])
            kernels = [k for _, k in samples[index] if k is not None]
            side.kernel_ms = statistics.median(kernels) if len(kernels) == len(samples[index]) else None
        return outcome

    def one(name: str) -> Outcome:
        outcome = outcomes[name]
        if past_deadline():
            return skipped(outcome)
        folder = (stage if options.original else migrated) / "src" / name
        command = prepare(outcome, folder, options.original)
        if command is not None:
            with run_lock:
                run(outcome, folder, command)
        return outcome

    def run(outcome: Outcome, folder: Path, command: list[str]) -> None:
        start = time.perf_counter()
        try:
            proc = subprocess.run(command, cwd=folder, capture_output=True, timeout=options.timeout,
                                  env={**os.environ, "OMP_NUM_THREADS": str(options.threads),
                                                    "PRT_CPU_THREADS": str(options.threads)})
            text = (proc.stdout + proc.stderr).decode(errors="replace")
            outcome.verdict = _verdict(proc.returncode, text)
            outcome.kernel_ms = _kernel_ms(text)
            if outcome.verdict != "PASS":
                outcome.error = _first_error(text) or text.strip()[-240:]
        except subprocess.TimeoutExpired:
            outcome.verdict, outcome.error = "timeout", f"over {options.timeout:.0f} s"
        outcome.seconds = round(time.perf_counter() - start, 3)

    run_lock = threading.Lock() if options.serial_runs or options.paired else contextlib.nullcontext()

    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        for outcome in pool.map(paired if options.paired else one, names):
            sys.stderr.write(f"{outcome.program:<32} {outcome.build:<5} {outcome.verdict:<8} {outcome.error[:90]}\n")

    rows = [outcomes[n] for n in names]
    table = _render(rows, options)
    sys.stdout.write(table)
    if options.results:
        options.results.parent.mkdir(parents=True, exist_ok=True)
        options.results.with_suffix(".md").write_text(table)
        options.results.with_suffix(".json").write_text(json.dumps([asdict(r) for r in rows], indent=1) + "\n")
    if options.paired:
        first = [originals[n] for n in names]
        base = options.results or work / "paired"
        original_json = base.with_name(base.name + "-original.json")
        migrated_json = base.with_name(base.name + "-migrated.json")
        original_json.write_text(json.dumps([asdict(r) for r in first], indent=1) + "\n")
        migrated_json.write_text(json.dumps([asdict(r) for r in rows], indent=1) + "\n")
        comparison = (f"# Original and migrated ({options.backend} backend), run alternately {options.paired} times "
                      "each; medians\n\n" + _comparison(original_json, migrated_json))
        base.with_name(base.name + "-compare.md").write_text(comparison)
        sys.stdout.write(comparison)
    return 0


def _comparison(original: Path, migrated: Path) -> str:
    """Both runs' verdicts per program and, where both pass, migrated/original time: the program's own kernel
    time where it prints one in both runs, its wall time otherwise; the geometric mean over those."""
    import math

    before = {r["program"]: r for r in json.loads(original.read_text())}
    after = {r["program"]: r for r in json.loads(migrated.read_text())}
    lines = ["| program | original | migrated | time | ratio |", "| --- | --- | --- | --- | --- |"]
    ratios: list[float] = []
    passing = both = 0
    for name in sorted(before):
        b, a = before[name], after.get(name, {})
        ratio, basis = "", ""
        ok_before = b.get("verdict") in ("PASS", "exit 0")
        if ok_before:
            passing += 1
        if ok_before and a.get("verdict") == b.get("verdict"):
            both += 1
            if b.get("kernel_ms") and a.get("kernel_ms"):
                value, basis = a["kernel_ms"] / b["kernel_ms"], "kernel"
            elif b.get("seconds") and a.get("seconds"):
                value, basis = a["seconds"] / b["seconds"], "wall"
            else:
                value = 0.0
            if value > 0:
                ratios.append(value)
                ratio = f"{value:.3f}"
        lines.append(f"| {name} | {b.get('verdict', '')} | {a.get('verdict', '')} | {basis} | {ratio} |")
    mean = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float("nan")
    lines += ["", f"- originals that pass (PASS, or exit 0 where they print no verdict): {passing}",
              f"- migrated with the same verdict: {both} of {passing}",
              f"- geometric mean of migrated/original time over {len(ratios)} programs: {mean:.4f}"]
    return "\n".join(lines) + "\n"


def _render(rows: list[Outcome], options: argparse.Namespace) -> str:
    what = "original (its Makefile)" if options.original else f"migrated, {options.backend} backend"
    lines = [
        f"# Real programs: {what}",
        "",
        "| program | runtime-only | apply | refused | residual | build | verdict | s | first error |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        error = r.error.replace("|", "\\|")
        residual = f"{r.residual} ({r.residual_rules})" if r.residual else "0"
        lines.append(
            f"| {r.program} | {'yes' if r.runtime_only else 'no'} | {r.apply} | {r.refused} | {residual} | "
            f"{r.build} | {r.verdict} | {r.seconds:g} | {error} |"
        )
    lines += ["", "## Totals", ""]
    for label, subset in (("all", rows), ("runtime-only", [r for r in rows if r.runtime_only])):
        n = len(subset) or 1
        built = sum(r.build == "ok" for r in subset)
        passed = sum(r.verdict == "PASS" for r in subset)
        silent = sum(r.verdict == "exit 0" for r in subset)
        files = sum(r.files for r in subset)
        refused = sum(r.refused for r in subset)
        residual = sum(r.residual for r in subset)
        lines.append(
            f"- {label}: {len(subset)} programs; built {built} ({100 * built / n:.1f}%), PASS {passed} "
            f"({100 * passed / n:.1f}%), exit 0 without a verdict {silent}; files refused {refused} of {files} "
            f"({100 * refused / max(files, 1):.2f}%); residual CUDA-only findings {residual} in "
            f"{sum(r.residual > 0 for r in subset)} programs"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
