"""Recording and checking one case: runs of the original and the migrated program, goldens, kernel replay."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from . import goldens as golden_store
from .comparison import Comparison, compare_arrays, compare_text
from .execution import Run, execute, stage
from .readout import Value, read_output
from .spec import Case, Kernels, Output, Side
from .toolchain import Toolchain, provenance

PASS, FAIL, ERROR, RECORDED = "pass", "fail", "error", "recorded"


@dataclass(frozen=True)
class Row:
    """One line of the report: an output (or a kernel buffer) of a case on a backend, and its verdict."""

    case: str
    backend: str
    output: str
    verdict: str
    max_abs: float | None = None
    max_rel: float | None = None
    ulps: float | None = None
    detail: str = ""


@dataclass(frozen=True)
class Failure:
    """A build or run that did not complete, with the tail of its log."""

    case: str
    side: str
    backend: str
    status: str
    log_tail: str


@dataclass(frozen=True)
class CaseReport:
    """Everything one case produced."""

    case: str
    path: str
    rows: tuple[Row, ...] = ()
    failures: tuple[Failure, ...] = ()
    first_divergence: str | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)


def _row(case: Case, backend: str, output: str, comparison: Comparison) -> Row:
    return Row(
        case.name,
        backend,
        output,
        PASS if comparison.passed else FAIL,
        comparison.max_abs,
        comparison.max_rel,
        comparison.max_ulps,
        comparison.reason,
    )


def _compare_value(output: Output, actual: Value, expected: Value, stride: int = 1) -> Comparison:
    if actual.problem:
        return Comparison(False, reason=actual.problem)
    if expected.problem:
        return Comparison(False, reason=f"reference: {expected.problem}")
    if actual.array is None or expected.array is None:
        return compare_text(actual.text or "", expected.text or "")
    array = golden_store.sampled(actual.array, stride)
    return compare_arrays(array, expected.array, output.tolerance)


def _failure(case: Case, run: Run) -> Failure:
    return Failure(case.name, run.side, run.backend, run.status, run.log_tail)


def _exit_row(case: Case, run: Run, label: str) -> Row | None:
    if run.returncode == 0 or case.verdict is not None:  # a verdict output already judges the exit code
        return None
    return Row(
        case.name,
        label,
        "exit status",
        FAIL,
        detail=f"the program exited with {run.returncode} (its own check failed); last lines: "
        + " | ".join(run.stdout.strip().splitlines()[-2:]),
    )


def _read_all(case: Case, run: Run) -> dict[str, Value]:
    return {o.name: read_output(o, run.workdir, run.stdout, run.returncode, run.stderr) for o in case.outputs}


def _relative(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def _instrument(workdir: Path, sources: tuple[str, ...], replay: bool) -> list[str]:
    """Rewrite the named sources in a staged copy; returns the names that could not be found."""
    from .instrument import instrument_for_record, instrument_for_replay, is_portable  # needs tree-sitter

    missing: list[str] = []
    base = workdir.resolve()
    for name in sources:
        path = workdir / name
        if base not in path.resolve().parents or path.is_symlink() or not path.is_file():
            missing.append(name)
            continue
        data = path.read_bytes()
        path.write_bytes(
            instrument_for_replay(data) if replay else instrument_for_record(data, is_portable(data))
        )
    return missing


def _trace_env(case: Case, **folders: Path) -> dict[str, str]:
    assert case.kernels is not None
    env = {
        "MVERIFY_MAX_LAUNCHES": str(case.kernels.max_launches),
        "MVERIFY_MAX_BYTES": str(case.kernels.max_bytes),
        "MVERIFY_MAX_TRACE_BYTES": str(case.kernels.max_trace_bytes),
    }
    env.update({f"MVERIFY_{key.upper()}_DIR": str(value) for key, value in folders.items()})
    return env


def record_case(
    case: Case,
    toolchain: Toolchain,
    scratch: Path,
    command: str,
    kernels: bool = True,
    side_name: str = "original",
) -> CaseReport:
    """Run the original on the first backend it lists that this machine has, and store its outputs as goldens.
    With `side_name` "migrated", the migrated program is the reference instead (on the first of its backends
    present, the CPU where nothing else is): goldens for checking later refactors of the migrated code."""
    side = case.original if side_name == "original" else case.migrated
    backend = next((b for b in side.backends if b in toolchain.backends), None)
    if backend is None:
        needs = ", ".join(side.backends)
        return CaseReport(
            case.name,
            _relative(case.path),
            failures=(
                Failure(
                    case.name,
                    side.name,
                    needs,
                    "unavailable",
                    f"the {side.name} program runs on {needs}; this machine has {', '.join(toolchain.backends)} "
                    "(recording the original needs an NVIDIA GPU with nvidia-smi and nvcc; "
                    "--record-side migrated records the migrated program on the CPU)",
                ),
            ),
        )
    try:
        workdir = stage(case, side, backend, scratch)
    except FileNotFoundError as exc:
        return CaseReport(
            case.name,
            _relative(case.path),
            failures=(Failure(case.name, side.name, backend, "missing", str(exc)),),
        )
    run = execute(case, side, backend, toolchain, workdir)
    if run.status != "ok" or run.returncode != 0:
        status = run.status if run.status != "ok" else f"exit {run.returncode}"
        return CaseReport(
            case.name,
            _relative(case.path),
            failures=(Failure(case.name, side.name, backend, status, run.log_tail),),
        )
    values = _read_all(case, run)
    unwritten = [f"{name}: {v.problem}" for name, v in values.items() if v.problem]
    if unwritten:
        return CaseReport(
            case.name,
            _relative(case.path),
            failures=(Failure(case.name, side.name, backend, "incomplete output", "\n".join(unwritten)),),
        )
    trace = None
    failures: list[Failure] = []
    if kernels and case.kernels is not None:
        trace, failure = _record_kernels(case, side, toolchain, scratch, backend)
        if failure:
            failures.append(failure)
    meta = provenance(toolchain, backend, command)
    meta["side"] = side.name
    meta["build"] = side.command("build", backend)
    meta["run"] = side.command("run", backend)
    golden_store.store(case, values, meta, trace)
    rows = tuple(
        Row(case.name, backend, o.name, RECORDED, detail=_describe(values[o.name])) for o in case.outputs
    )
    if trace is not None:
        from .trace import skipped_launches

        folder = case.goldens / golden_store.KERNEL_FOLDER
        count = sum(1 for p in folder.iterdir() if p.is_dir())
        left = len(skipped_launches(folder))
        over = f"; {left} left untraced (over kernels.max_trace_bytes)" if left else ""
        rows += (Row(case.name, backend, "kernels", RECORDED, detail=f"{count} launch(es) traced{over}"),)
    return CaseReport(case.name, _relative(case.path), rows, tuple(failures))


def _describe(value: Value) -> str:
    if value.array is None:
        return value.text or ""
    return f"{value.array.dtype} {tuple(value.array.shape)}" if value.array.size != 1 else (value.text or "")


def _record_kernels(
    case: Case, side: Side, toolchain: Toolchain, scratch: Path, backend: str
) -> tuple[Path | None, Failure | None]:
    assert case.kernels is not None
    workdir = stage(case, side, backend, scratch / "record-kernels")
    missing = _instrument(workdir, case.kernels.sources, replay=False)
    if missing:
        return None, Failure(
            case.name, side.name, backend, "kernels", f"kernels.sources: no file {missing[0]}"
        )
    trace = scratch / case.name / "trace"
    if trace.exists():
        shutil.rmtree(trace)
    trace.mkdir(parents=True)
    run = execute(case, side, backend, toolchain, workdir, _trace_env(case, record=trace))
    if run.status != "ok" or run.returncode != 0:
        return None, Failure(case.name, f"{side.name} (kernel trace)", backend, run.status, run.log_tail)
    return trace, None


def verify_case(
    case: Case,
    toolchain: Toolchain,
    scratch: Path,
    kernels: str = "auto",
    backends: list[str] | None = None,
) -> CaseReport:
    """Run the migrated program on every backend it supports that this machine has, and compare with the goldens;
    with a GPU also compare with a fresh run of the original. The kernel replay runs when the case has a recorded
    trace and `kernels` is "always", or "auto" and an output mismatched or every output is a verdict; "never"
    skips it."""
    rows: list[Row] = []
    failures: list[Failure] = []
    notes: list[str] = []
    golden_problem = ""
    try:
        goldens = golden_store.load(case)
    except golden_store.GoldenError as exc:
        goldens, golden_problem = None, str(exc)
    wanted = [b for b in case.migrated.backends if backends is None or b in backends]
    skipped = [b for b in wanted if b not in toolchain.backends]
    backends = [b for b in wanted if b in toolchain.backends]
    if skipped:
        notes.append(f"backends not present here: {', '.join(skipped)}")
    original_values: Mapping[str, Value] | None = None
    if "cuda" in toolchain.backends and "cuda" in case.original.backends:
        workdir = stage(case, case.original, "cuda", scratch)
        run = execute(case, case.original, "cuda", toolchain, workdir)
        if run.status == "ok" and run.returncode == 0:
            original_values = _read_all(case, run)
        else:
            failures.append(_failure(case, run))
    self_judged = goldens is None and original_values is None
    if self_judged and case.verdict is None:
        failures.append(Failure(case.name, "goldens", "-", "missing", golden_problem))
        return CaseReport(case.name, _relative(case.path), tuple(rows), tuple(failures), None, tuple(notes))
    if self_judged:
        notes.append(
            "no goldens and the original cannot run here: the migrated program is judged by its own verdict"
            + _unchecked(case)
        )
    for backend in backends:
        try:
            workdir = stage(case, case.migrated, backend, scratch)
        except FileNotFoundError as exc:
            failures.append(Failure(case.name, "migrated", backend, "missing", str(exc)))
            continue
        run = execute(case, case.migrated, backend, toolchain, workdir)
        if run.status != "ok":
            failures.append(_failure(case, run))
            continue
        values = _read_all(case, run)
        for output in case.outputs:
            if self_judged and output.kind == "verdict":
                rows.append(_self_row(case, backend, output, values[output.name]))
            if goldens is not None:
                golden = goldens.outputs.get(output.name)
                if golden is None:
                    rows.append(
                        Row(
                            case.name,
                            backend,
                            output.name,
                            ERROR,
                            detail="no golden for this output: record the goldens again",
                        )
                    )
                else:
                    expected = Value(array=golden.array, text=golden.text)
                    comparison = _compare_value(output, values[output.name], expected, golden.stride)
                    rows.append(_row(case, backend, output.name, comparison))
            if original_values is not None:
                comparison = _compare_value(output, values[output.name], original_values[output.name])
                rows.append(_row(case, f"{backend} vs original", output.name, comparison))
        exit_row = _exit_row(case, run, backend)
        if exit_row:
            rows.append(exit_row)
    first = None
    mismatch = any(r.verdict == FAIL for r in rows)
    # A verdict is the program's own check, which can pass a wrong kernel: with nothing else to compare, replay.
    verdicts_only = all(o.kind == "verdict" for o in case.outputs)
    wanted = kernels == "always" or (kernels == "auto" and (mismatch or verdicts_only))
    if wanted and case.kernels is not None and goldens is not None and goldens.kernels is not None:
        kernel_rows, first, failure = replay_case(case, toolchain, scratch, goldens.kernels)
        rows.extend(kernel_rows)
        if failure:
            failures.append(failure)
    return CaseReport(case.name, _relative(case.path), tuple(rows), tuple(failures), first, tuple(notes))


def _unchecked(case: Case) -> str:
    """The outputs a self-judged run cannot compare, for the note that says so."""
    names = [o.name for o in case.outputs if o.kind != "verdict"]
    return f" ({', '.join(names)} not compared: no reference)" if names else ""


def _self_row(case: Case, backend: str, output: Output, value: Value) -> Row:
    if value.problem:
        return Row(case.name, backend, output.name, FAIL, detail=value.problem)
    return Row(case.name, backend, output.name, PASS, detail="its own check passed")


def _untraced(pointers: int, launches: int, kernels: Kernels) -> str:
    """What a recording left out: pointer arguments over kernels.max_bytes, launches over max_trace_bytes."""
    parts = []
    if pointers:
        parts.append(
            f"{pointers} pointer argument(s) not traced (allocations over kernels.max_bytes = {kernels.max_bytes} "
            "are skipped)"
        )
    if launches:
        parts.append(
            f"{launches} launch(es) not traced (over kernels.max_trace_bytes = {kernels.max_trace_bytes})"
        )
    return "; ".join(parts)


def replay_case(
    case: Case, toolchain: Toolchain, scratch: Path, trace: Path
) -> tuple[list[Row], str | None, Failure | None]:
    """Replay the recorded launches through the migrated kernels on the CPU backend, buffer by buffer."""
    assert case.kernels is not None
    side: Side = case.migrated
    workdir = stage(case, side, "cpu", scratch / "replay")
    missing = _instrument(workdir, case.kernels.sources, replay=True)
    if missing:
        return (
            [],
            None,
            Failure(
                case.name,
                "migrated (kernel replay)",
                "cpu",
                "kernels",
                f"kernels.sources: no file {missing[0]} among the migrated sources",
            ),
        )
    replayed = workdir / "_replay"
    if replayed.exists():
        shutil.rmtree(replayed)
    replayed.mkdir()
    run = execute(case, side, "cpu", toolchain, workdir, _trace_env(case, trace=trace, replay=replayed))
    if run.status != "ok":
        return [], None, Failure(case.name, "migrated (kernel replay)", "cpu", run.status, run.log_tail)
    from .trace import compare_traces, parameter_names, read_trace, skipped_launches

    params = parameter_names([workdir / name for name in case.kernels.sources])
    checks = compare_traces(trace, replayed, case.kernels.tolerance, params)
    # Pointer arguments the recorder could not trace (an allocation over kernels.max_bytes, or one it did not see):
    # a replay that compared none of a launch's buffers proves nothing about it, and the row says so.
    recorded = read_trace(trace)
    untraced = sum(1 for launch in recorded for a in launch.arguments if a.kind == "pointer")
    compared = sum(1 for c in checks if c.argument is not None)
    rows: list[Row] = []
    first = next((c for c in checks if not c.passed), None)
    for check in checks:
        if check.passed:
            continue
        c = check.comparison
        rows.append(
            Row(
                case.name,
                "cpu replay",
                check.label,
                FAIL,
                c.max_abs if c else None,
                c.max_rel if c else None,
                c.max_ulps if c else None,
                check.detail,
            )
        )
    launches = len({c.index for c in checks} | {launch.index for launch in recorded})
    left = len(skipped_launches(trace))
    if first is None and compared == 0 and (untraced or left):
        rows.append(
            Row(
                case.name,
                "cpu replay",
                f"kernels ({launches} launches)",
                ERROR,
                detail=f"no buffer was compared: {_untraced(untraced, left, case.kernels)}; raise that limit and record "
                "again",
            )
        )
    elif first is None:
        skipped = f"; {_untraced(untraced, left, case.kernels)}" if untraced or left else ""
        rows.append(
            Row(
                case.name,
                "cpu replay",
                f"kernels ({launches} launches)",
                PASS,
                detail=f"every traced buffer reproduced ({compared} compared){skipped}",
            )
        )
    return rows, first.label if first else None, None
