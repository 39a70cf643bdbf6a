"""`migrate verify` on public self-checking programs: set up with --init, judged on the CPU, then given a bug.

For each program of a HeCBench-layout checkout (`src/<name>-cuda/`, a Makefile each), the harness

1. stages the program alone in a work folder (nothing of the checkout is written);
2. runs `migrate apply <p> --out-dir <p>/migrated --root <p>`;
3. runs `migrate verify --init <p> --args "<the program list's CPU-sized arguments>"`;
4. runs `migrate verify <p> --backend cpu` on the generated spec as written: with no goldens and no GPU here, the
   migrated program is judged by its own verdict; the right verdict is PASS (every selected original prints PASS
   on an H200);
5. records the unchanged migrated program on the CPU as the reference (`migrate verify --record-side migrated`:
   the documented no-GPU mode; the spec's [kernels] table, which --init writes, traces every launch);
6. flips one operator inside a launched `__global__` function of the migrated copy (migrate.verify.mutation picks
   it: arithmetic in a stored value first) and runs `migrate verify` again, as it comes: the bug is caught when it
   does not pass (exit 1: a failed check; exit 2: the program crashed or ran past the timeout), by the program's own
   check or by the kernel replay (which plain verify runs when the only output is a verdict);
7. prints a table and writes it as Markdown (and JSON beside it).

The programs are those of the real-programs list (benchmarks/realcode/hecbench.toml) whose original printed PASS
on the H200 and whose migrated program printed PASS on the CPU backend in that harness's last runs
(benchmarks/results/realcode-hecbench-h200-original.md and realcode-hecbench-cpu.md), less those that ran longer
than --max-seconds there.

    python3 benchmarks/verify_realcode.py CHECKOUT [--work DIR] [--only a,b] [--jobs N] [--timeout S]
        [--max-seconds S] [--runtime-include DIR] [--keep] [--results benchmarks/results/verify-realcode]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path

from migrate.verify.mutation import mutate

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "realcode" / "hecbench.toml"
ORIGINAL_RESULTS = HERE / "results" / "realcode-hecbench-h200-original.md"
CPU_RESULTS = HERE / "results" / "realcode-hecbench-cpu.md"
_ROW = re.compile(
    r"^\| (\S+) \| (?:[^|]*\|){5} ([^|]*) \| ([^|]*) \|"
)  # program, (5 cells), verdict, seconds


@dataclass
class Result:
    """One program's row."""

    program: str
    args: str = ""
    init: str = ""
    verdict_pass: str = ""
    verdict_fail: str = ""
    verify: str = ""
    verify_detail: str = ""
    mutation: str = ""
    mutant: str = ""
    mutant_detail: str = ""
    recorded: str = ""
    caught_by: str = ""
    seconds: float = 0.0

    @property
    def right(self) -> bool:
        return self.verify == "PASS"

    @property
    def caught(self) -> bool:
        return self.mutant in ("FAIL", "CRASH", "TIMEOUT")


def _table(path: Path) -> dict[str, tuple[str, float]]:
    """program -> (verdict, seconds) from a real-programs result table."""
    rows: dict[str, tuple[str, float]] = {}
    if not path.is_file():
        return rows
    for line in path.read_text().splitlines():
        match = _ROW.match(line)
        if match:
            try:
                seconds = float(match.group(3))
            except ValueError:
                seconds = 0.0
            rows[match.group(1)] = (match.group(2).strip(), seconds)
    return rows


def select(max_seconds: float) -> list[str]:
    original, cpu = _table(ORIGINAL_RESULTS), _table(CPU_RESULTS)
    return sorted(
        name
        for name, (verdict, _) in original.items()
        if verdict == "PASS" and name in cpu and cpu[name][0] == "PASS" and cpu[name][1] <= max_seconds
    )


def _migrate(*args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "migrate.cli", *args],
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
        check=False,
    )


def _verify(folder: Path, timeout: float, *extra: str) -> tuple[str, str]:
    """The verdict of `migrate verify --backend cpu` on a case: PASS, FAIL (a check failed), CRASH, TIMEOUT,
    BUILD (the build failed) or ERROR, and the reason the report gives."""
    try:
        done = _migrate(
            "verify", str(folder), "--backend", "cpu", "--format", "json", "--timeout", str(timeout), *extra,
            timeout=4 * timeout + 60,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return "ERROR", "migrate verify itself did not finish"
    try:
        report = json.loads(done.stdout)["cases"][0]
    except (ValueError, KeyError, IndexError):
        return "ERROR", (done.stderr.strip().splitlines() or ["no report"])[-1][:200]
    for failure in report["failures"]:
        status = failure["status"]
        kind = {"timeout": "TIMEOUT", "run-error": "CRASH", "build-error": "BUILD"}.get(status, "ERROR")
        tail = [ln for ln in failure["log_tail"].splitlines() if ln.strip()]
        return kind, f"{status}: {tail[-1][:160] if tail else ''}"
    failed = [r for r in report["rows"] if r["verdict"] != "pass"]
    if done.returncode == 0 and report["rows"] and not failed:
        return "PASS", ""
    if failed:
        first = next((r for r in failed if r["output"] == "verdict"), failed[0])
        return "FAIL", f"{first['backend']} {first['output']}: {first['detail']}"[:220]
    return "ERROR", f"exit {done.returncode} with no failing row"


def run_one(
    name: str, checkout: Path, work: Path, args: list[str] | None, timeout: float, keep: bool = False
) -> Result:
    """One program's row; its work folder (with the CPU reference's kernel trace, up to kernels.max_trace_bytes)
    is removed afterwards unless `keep`."""
    try:
        return _run_one(name, checkout, work, args, timeout)
    finally:
        if not keep:
            shutil.rmtree(work / name, ignore_errors=True)


def _run_one(name: str, checkout: Path, work: Path, args: list[str] | None, timeout: float) -> Result:
    start = time.monotonic()
    result = Result(name, args=" ".join(args) if args is not None else "(Makefile's)")
    folder = work / name
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(checkout / "src" / name, folder, symlinks=False, ignore_dangling_symlinks=True)
    applied = _migrate(
        "apply", str(folder), "--out-dir", str(folder / "migrated"), "--root", str(folder), "--no-cache",
        timeout=600,
    )  # fmt: skip
    if not (folder / "migrated").is_dir():
        result.init = f"apply wrote nothing (exit {applied.returncode})"
        return result
    init = ["verify", "--init", str(folder)] + (["--args", shlex.join(args)] if args is not None else [])
    done = _migrate(*init, timeout=300)
    if done.returncode != 0:
        result.init = (done.stderr.strip().splitlines() or ["failed"])[-1][:200]
        return result
    result.init = "ok"
    spec = tomllib.loads((folder / "verify.toml").read_text())
    verdict = next(o for o in spec["output"] if o["kind"] == "verdict")
    result.verdict_pass, result.verdict_fail = verdict["pass"], verdict["fail"]
    result.verify, result.verify_detail = _verify(folder, timeout)
    recorded = _migrate("verify", "--record-side", "migrated", str(folder), "--timeout", str(timeout),
                        timeout=4 * timeout + 60)  # fmt: skip
    result.recorded = (
        "ok" if recorded.returncode == 0 else (recorded.stdout.strip().splitlines() or [""])[-1][:160]
    )
    mutation = mutate(folder / "migrated")
    if mutation is None:
        result.mutation = "no operator to flip in a launched kernel"
    else:
        result.mutation = mutation.describe()
        result.mutant, result.mutant_detail = _verify(folder, timeout)
        if result.mutant == "FAIL":
            result.caught_by = "replay" if result.mutant_detail.startswith("cpu replay") else "own check"
        elif result.caught:
            result.caught_by = "run"
    result.seconds = round(time.monotonic() - start, 1)
    return result


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(results: list[Result], timeout: float) -> str:
    lines = [
        "# `migrate verify` on HeCBench programs: --init, then verify on the CPU backend, then an injected bug",
        "",
        (
            "Each program: `migrate apply --out-dir`, `migrate verify --init` (no edit of the spec), `migrate verify "
            f"--backend cpu --timeout {timeout:g}` (no goldens: judged by its own verdict); `migrate verify "
            "--record-side migrated` (the unchanged migrated program on the CPU as the reference, with the kernel "
            "trace the generated [kernels] table asks for); then one operator flipped in a launched kernel of the "
            "migrated copy and `migrate verify` again, with no option. The right verdict is PASS (each original "
            "prints PASS on an H200); the bug is caught when verify does not pass (FAIL: a check failed, the "
            "program's own or a replayed kernel's; CRASH or TIMEOUT: the run did not complete)."
        ),
        "",
        (
            "| program | args | verdict pattern (pass / fail) | verify | reference recorded | injected bug "
            "| verify with the bug | caught by | why |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in results:
        pattern = (
            f"`{r.verdict_pass or '(exit 0)'}` / `{r.verdict_fail or '-'}`" if r.init == "ok" else r.init
        )
        lines.append(
            f"| {r.program} | {_cell(r.args)} | {_cell(pattern)} | {r.verify or '-'}"
            f"{' (' + _cell(r.verify_detail) + ')' if r.verify not in ('PASS', '') else ''} | "
            f"{_cell(r.recorded) or '-'} | {_cell(r.mutation)} | {r.mutant or '-'} | {r.caught_by or '-'} | "
            f"{_cell(r.mutant_detail)} |"
        )
    n = len(results) or 1
    right = sum(r.right for r in results)
    caught = sum(r.caught for r in results)
    mutated = sum(bool(r.mutant) for r in results)
    kinds = {
        k: sum(r.mutant == k for r in results) for k in ("FAIL", "CRASH", "TIMEOUT", "BUILD", "PASS", "ERROR")
    }
    by = {k: sum(r.caught_by == k for r in results) for k in ("own check", "replay", "run")}
    lines += [
        "",
        "## Totals",
        "",
        f"- programs: {len(results)}",
        f"- right verdict (PASS) with the generated spec: {right} of {len(results)} ({100 * right / n:.1f}%)",
        f"- reference recorded on the CPU: {sum(r.recorded == 'ok' for r in results)} of {len(results)}",
        f"- injected bug caught: {caught} of {len(results)} ({100 * caught / n:.1f}%); of {mutated} mutated: "
        + ", ".join(f"{k} {v}" for k, v in kinds.items() if v),
        "- caught by: "
        + ", ".join(f"{k} {v}" for k, v in by.items())
        + " (own check: the program's verdict; replay: a kernel's buffers against the trace; run: a crash or "
        "timeout)",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="a checkout with src/<name>-cuda/ programs")
    parser.add_argument(
        "--work", type=Path, default=Path("/tmp/verify-realcode"), help="scratch folder (emptied)"
    )
    parser.add_argument("--only", default="", help="comma-separated program names")
    parser.add_argument("--jobs", "-j", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per build-and-run")
    parser.add_argument(
        "--max-seconds", type=float, default=20.0, help="skip programs that ran longer on the CPU"
    )
    parser.add_argument("--runtime-include", type=Path, help="another copy of the runtime's include folder")
    parser.add_argument("--results", type=Path, help="write <path>.md and <path>.json")
    parser.add_argument(
        "--keep", action="store_true", help="keep each program's work folder (traces take up to 4 GiB each)"
    )
    options = parser.parse_args(argv)
    names = select(options.max_seconds)
    if options.only:
        names = [n for n in names if n in set(options.only.split(","))]
    with PROGRAMS.open("rb") as handle:
        listed = tomllib.load(handle).get("programs", {})
    if options.runtime_include:
        os.environ["MIGRATE_RUNTIME_INCLUDE"] = str(options.runtime_include.resolve())
    os.environ.setdefault("PRT_CPU_THREADS", "1")
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    work = options.work.resolve()
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    sys.stderr.write(f"{len(names)} programs\n")

    def one(name: str) -> Result:
        args = listed.get(name, {}).get("args")
        result = run_one(name, options.checkout.resolve(), work, args, options.timeout, options.keep)
        sys.stderr.write(f"{name:<32} {result.verify:<8} {result.mutant:<8} {result.mutation[:70]}\n")
        return result

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        results = list(pool.map(one, names))
    text = render(results, options.timeout)
    sys.stdout.write(text)
    if options.results:
        options.results.parent.mkdir(parents=True, exist_ok=True)
        options.results.with_suffix(".md").write_text(text)
        options.results.with_suffix(".json").write_text(
            json.dumps([asdict(r) for r in results], indent=1) + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
