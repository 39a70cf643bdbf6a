"""Per-kernel timing behind `migrate verify --profile`: timed runs of each side, their kernel tables, the report."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO

from .execution import Run, execute, stage
from .makefile import TIMER_LINE, printed_times
from .spec import Case, Side
from .toolchain import Toolchain

PROFILE_FILE = "_prt_profile.tsv"
SOURCE_SUFFIXES = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh", ".inl")


@dataclass(frozen=True)
class KernelTime:
    """One kernel's launches in one run: how many, their total, median, shortest and longest time (ms)."""

    kernel: str
    launches: int
    total_ms: float
    median_ms: float
    min_ms: float
    max_ms: float
    untimed: int = 0


@dataclass(frozen=True)
class ProfileRun:
    """One timed build-and-run of a side on a backend; `printed` holds the program's own timer lines (ms)."""

    side: str
    backend: str
    status: str
    kernels: tuple[KernelTime, ...] = ()
    printed: tuple[tuple[str, float], ...] = ()
    detail: str = ""

    @property
    def label(self) -> str:
        return f"{self.side} {self.backend}"


@dataclass(frozen=True)
class CaseProfile:
    """Every timed run of one case."""

    case: str
    path: str
    runs: tuple[ProfileRun, ...]
    notes: tuple[str, ...] = ()


def read_table(path: Path) -> tuple[KernelTime, ...]:
    """The exit-time table prt/profile.h writes: one tab-separated line per kernel, in the order of their first
    launches (the order kept here: a program's own timer lines usually follow it)."""
    kernels: list[KernelTime] = []
    if not path.is_file():
        return ()
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        fields = line.split("\t")
        if len(fields) != 8:
            continue
        try:
            kernels.append(
                KernelTime(
                    kernel=fields[0],
                    launches=int(fields[2]),
                    total_ms=float(fields[3]),
                    median_ms=float(fields[4]),
                    min_ms=float(fields[5]),
                    max_ms=float(fields[6]),
                    untimed=int(fields[7]),
                )
            )
        except ValueError:
            continue
    return tuple(kernels)


def _instrument(workdir: Path, include_dir: Path, plain_cuda: bool) -> int:
    """Wrap the launches of every C/C++ file in the staged copy; returns how many files hold a launch."""
    from .instrument import instrument_for_profile, wrap_launches  # needs tree-sitter

    touched = 0
    base = workdir.resolve()
    for path in sorted(workdir.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or path.is_symlink() or not path.is_file():
            continue
        if base not in path.resolve().parents:
            continue
        data = path.read_bytes()
        if wrap_launches(data)[1]:
            touched += 1
        path.write_bytes(instrument_for_profile(data, include_dir, plain_cuda))
    return touched


def _timed(case: Case, side: Side, backend: str, toolchain: Toolchain, scratch: Path) -> ProfileRun:
    try:
        workdir = stage(case, side, backend, scratch)
    except FileNotFoundError as exc:
        return ProfileRun(side.name, backend, "missing", detail=str(exc))
    plain_cuda = side.name == "original" and backend != "cpu"
    if _instrument(workdir, toolchain.include_dir, plain_cuda) == 0:
        return ProfileRun(side.name, backend, "no launches", detail="no kernel launch found in the sources")
    table = workdir / PROFILE_FILE
    table.unlink(missing_ok=True)
    run: Run = execute(case, side, backend, toolchain, workdir, {"PRT_PROFILE_OUT": str(table)})
    status = run.status if run.status != "ok" or run.returncode == 0 else f"exit {run.returncode}"
    printed = tuple(printed_times(run.stdout + "\n" + run.stderr, TIMER_LINE))
    if run.status != "ok":
        return ProfileRun(side.name, backend, status, printed=printed, detail=run.log_tail)
    kernels = read_table(table)
    detail = "" if kernels else "the program wrote no profile table (did it exit through exit() or main?)"
    return ProfileRun(side.name, backend, status if kernels else "no table", kernels, printed, detail)


def profile_case(
    case: Case, toolchain: Toolchain, scratch: Path, backends: Sequence[str] | None = None
) -> CaseProfile:
    """Time every launch of the original (on a GPU, where it runs here) and of the migrated program on each of its
    backends present (those in `backends` when given)."""
    runs: list[ProfileRun] = []
    notes: list[str] = []
    scratch = scratch / "profile"
    original = next((b for b in case.original.backends if b in toolchain.backends), None)
    if original is not None:
        runs.append(_timed(case, case.original, original, toolchain, scratch))
    else:
        notes.append(
            f"the original runs on {', '.join(case.original.backends)}, not present here: migrated times only"
        )
    wanted = [b for b in case.migrated.backends if backends is None or b in backends]
    for backend in wanted:
        if backend not in toolchain.backends:
            notes.append(f"backend not present here: {backend}")
            continue
        runs.append(_timed(case, case.migrated, backend, toolchain, scratch))
    return CaseProfile(case.name, _relative(case.path), tuple(runs), tuple(notes))


def _relative(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def _ok(run: ProfileRun) -> bool:
    return run.status in ("ok", "exit 0") or (run.status.startswith("exit ") and bool(run.kernels))


def comparison(profile: CaseProfile) -> list[dict[str, object]]:
    """Per kernel, in the order of first launches (the original's, then any only another run launched): each
    run's launches, total and median time, and each migrated run's total over the original's."""
    reference = next((r for r in profile.runs if r.side == "original" and r.kernels), None)
    ordered = ([reference] if reference else []) + [r for r in profile.runs if r is not reference]
    names = list(dict.fromkeys(k.kernel for r in ordered for k in r.kernels))
    rows: list[dict[str, object]] = []
    for name in names:
        row: dict[str, object] = {"kernel": name, "runs": {}, "ratio": {}}
        base = next((k for k in reference.kernels if k.kernel == name), None) if reference else None
        for run in profile.runs:
            found = next((k for k in run.kernels if k.kernel == name), None)
            if found is None:
                continue
            row["runs"][run.label] = {  # type: ignore[index]
                "launches": found.launches,
                "total_ms": found.total_ms,
                "median_ms": found.median_ms,
            }
            if run.side == "migrated" and base is not None and base.total_ms > 0:
                row["ratio"][run.backend] = found.total_ms / base.total_ms  # type: ignore[index]
        rows.append(row)
    return rows


def exit_code(profiles: Sequence[CaseProfile]) -> int:
    """2 when a timed run could not complete or wrote no table, else 0."""
    return 2 if any(not _ok(r) or not r.kernels for p in profiles for r in p.runs) else 0


def render_json(profiles: Sequence[CaseProfile]) -> str:
    document = {
        "cases": [{**asdict(p), "kernels": comparison(p)} for p in profiles],
        "exit_code": exit_code(profiles),
    }
    return json.dumps(document, indent=2, allow_nan=False) + "\n"


def _ms(value: float | None) -> str:
    if value is None or math.isnan(value):
        return "-"
    return f"{value:.4g}"


def render_table(profiles: Sequence[CaseProfile], stream: IO[str]) -> None:
    """Per case: one line per kernel, with launches, total ms and median ms of each run and the migrated/original
    ratios of the totals; then the program's own timer lines per run, notes and failures."""
    for profile in profiles:
        labels = [r.label for r in profile.runs if r.kernels]
        ratios = [r.backend for r in profile.runs if r.side == "migrated" and r.kernels]
        header = ["kernel"]
        for label in labels:
            header += [f"{label} launches", f"{label} total ms", f"{label} median ms"]
        has_original = any(r.side == "original" and r.kernels for r in profile.runs)
        if has_original:
            header += [f"{b}/original" for b in ratios]
        lines = [header]
        for row in comparison(profile):
            runs: dict = row["runs"]  # type: ignore[assignment]
            cells = [str(row["kernel"])]
            for label in labels:
                entry = runs.get(label)
                cells += (
                    [str(entry["launches"]), _ms(entry["total_ms"]), _ms(entry["median_ms"])]
                    if entry
                    else ["-", "-", "-"]
                )
            if has_original:
                ratio: dict = row["ratio"]  # type: ignore[assignment]
                cells += [f"{ratio[b]:.3f}" if b in ratio else "-" for b in ratios]
            lines.append(cells)
        stream.write(f"{profile.case}: per-kernel time\n")
        if len(lines) > 1:
            widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
            for line in lines:
                stream.write(
                    "  "
                    + "  ".join(
                        c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths))
                    )
                    + "\n"
                )
        for run in profile.runs:
            for text, ms in run.printed:
                stream.write(f"  {run.label}: the program's own timer: {text} ({_ms(ms)} ms)\n")
            if not _ok(run) or not run.kernels:
                stream.write(f"  {run.label}: {run.status}\n")
                for line in run.detail.splitlines()[-20:]:
                    stream.write(f"      {line}\n")
        for note in profile.notes:
            stream.write(f"  note: {note}\n")
