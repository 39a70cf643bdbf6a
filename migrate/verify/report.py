"""The parity report: a rich table with details and log tails, or JSON; and the exit code it implies."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict
from typing import IO

from .parity import ERROR, FAIL, PASS, CaseReport

EXIT_PASS, EXIT_MISMATCH, EXIT_BROKEN = 0, 1, 2


def exit_code(reports: Sequence[CaseReport]) -> int:
    """2 when any case could not build or run, else 1 when any output mismatched, else 0."""
    if any(r.failures for r in reports):
        return EXIT_BROKEN
    if any(row.verdict in (FAIL, ERROR) for r in reports for row in r.rows):
        return EXIT_MISMATCH
    return EXIT_PASS


def _figure(value: float | None) -> str:
    if value is None:
        return "-"
    if value == 0:
        return "0"
    return f"{value:.0f}" if value < 1e6 and value.is_integer() else f"{value:.3g}"


def _summary(reports: Sequence[CaseReport]) -> dict[str, int]:
    rows = [row for r in reports for row in r.rows]
    return {
        "cases": len(reports),
        "rows": len(rows),
        "pass": sum(row.verdict == PASS for row in rows),
        "fail": sum(row.verdict in (FAIL, ERROR) for row in rows),
        "recorded": sum(row.verdict == "recorded" for row in rows),
        "broken": sum(bool(r.failures) for r in reports),
    }


def _plain(value: object) -> object:
    """JSON has no infinities: they become the strings "inf" and "-inf" (NaN never reaches a figure)."""
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    if isinstance(value, float) and math.isinf(value):
        return "inf" if value > 0 else "-inf"
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def render_json(reports: Sequence[CaseReport]) -> str:
    """Machine-readable: every row, failure (with its log tail) and note, plus a summary and the exit code."""
    document = {
        "cases": [_plain(asdict(report)) for report in reports],
        "summary": _summary(reports),
        "exit_code": exit_code(reports),
    }
    return json.dumps(document, indent=2, allow_nan=False, default=str) + "\n"


def render_table(reports: Sequence[CaseReport], stream: IO[str], color: bool) -> None:
    """The table, then why each failing row failed, the first diverging kernel, log tails and notes."""
    try:
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text
    except ImportError:  # a GPU image without rich: the same rows, plainly
        _plain_table(reports, stream)
        return

    console = Console(
        file=stream,
        force_terminal=color,
        no_color=not color,
        width=None if color else 150,
        highlight=False,
        soft_wrap=False,
    )
    table = Table(show_edge=False, pad_edge=False)
    for header in ("case", "backend", "output"):
        table.add_column(header)
    for header in ("max abs err", "max rel err", "ULPs"):
        table.add_column(header, justify="right")
    table.add_column("verdict")
    styles = {PASS: "green", FAIL: "bold red", ERROR: "bold red", "recorded": "cyan"}
    for report in reports:
        for row in report.rows:
            table.add_row(
                row.case,
                row.backend,
                row.output,
                _figure(row.max_abs),
                _figure(row.max_rel),
                _figure(row.ulps),
                Text(row.verdict.upper(), style=styles.get(row.verdict, "")),
            )
        for failure in report.failures:
            table.add_row(
                failure.case,
                failure.backend,
                f"({failure.side})",
                "-",
                "-",
                "-",
                Text(failure.status.upper(), style="bold red"),
            )
    if any(r.rows or r.failures for r in reports):
        console.print(table)
    for report in reports:
        for row in report.rows:
            if row.verdict in (FAIL, ERROR) and row.detail:
                console.print(f"{row.case} [{row.backend}] {row.output}: {row.detail}", markup=False)
        if report.first_divergence:
            console.print(f"{report.case}: first diverging kernel: {report.first_divergence}", markup=False)
        for failure in report.failures:
            if failure.status == "missing":
                console.print(f"{failure.case}: {failure.log_tail}", markup=False)
                continue
            console.print(
                f"{failure.case}: the {failure.side} program on {failure.backend} could not complete "
                f"({failure.status}); log tail:",
                markup=False,
            )
            for line in failure.log_tail.splitlines():
                console.print(f"    {line}", markup=False)
        for note in report.notes:
            console.print(f"{report.case}: note: {note}", markup=False)
    s = _summary(reports)
    console.print(
        f"{s['cases']} case(s): {s['pass']} passed, {s['fail']} failed, {s['recorded']} recorded, "
        f"{s['broken']} could not build or run",
        markup=False,
    )


def _plain_table(reports: Sequence[CaseReport], stream: IO[str]) -> None:
    for report in reports:
        for row in report.rows:
            stream.write(
                f"{row.case}  {row.backend}  {row.output}  abs={_figure(row.max_abs)} "
                f"rel={_figure(row.max_rel)} ulps={_figure(row.ulps)}  {row.verdict.upper()}"
                f"{'  ' + row.detail if row.detail and row.verdict != PASS else ''}\n"
            )
        for failure in report.failures:
            stream.write(f"{failure.case}  {failure.backend}  ({failure.side})  {failure.status.upper()}\n")
            stream.write("".join(f"    {line}\n" for line in failure.log_tail.splitlines()))
        for note in report.notes:
            stream.write(f"{report.case}: note: {note}\n")
