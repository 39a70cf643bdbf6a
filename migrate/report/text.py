"""The terminal report: one `path:line:col: severity[rule-id] message` line per finding, then a summary."""

from __future__ import annotations

import io

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from migrate.model import Finding, ScanResult
from migrate.report.summary import Summary, Tally, percent, summarize

WIDTH = 100

_SEVERITY_STYLES: dict[str, str] = {"error": "bold red", "warning": "yellow", "note": "cyan"}


def _finding_parts(finding: Finding) -> tuple[tuple[str, str], ...]:
    """The pieces of a finding line with the style each gets in colour; joined they give `format_finding`."""
    return (
        (f"{finding.path}:{finding.line}:{finding.column}:", "bold"),
        (" ", ""),
        (finding.severity, _SEVERITY_STYLES.get(finding.severity, "")),
        (f"[{finding.rule_id}]", "dim"),
        (" ", ""),
        (finding.message, ""),
    )


def format_finding(finding: Finding) -> str:
    """The one-line form of a finding, shared by the text report and the fixtures' findings.txt."""
    return "".join(text for text, _ in _finding_parts(finding))


def _table(title: str, column: str, tallies: tuple[Tally, ...]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, min_width=40)
    table.add_column(column)
    table.add_column("findings", justify="right")
    table.add_column("automatic fix", justify="right")
    for tally in tallies:
        table.add_row(Text(tally.name), str(tally.findings), str(tally.fixable))
    return table


def _totals(summary: Summary) -> list[Text]:
    lines = [
        Text(
            f"CUDA-specific sites: {summary.sites}, with an automatic fix: {summary.fixable} "
            f"({percent(summary.fixable, summary.sites)})"
        ),
        Text(f"Files scanned: {summary.files_scanned} ({summary.lines} lines)"),
    ]
    if summary.problems:
        lines.append(Text(f"Files that could not be read or parsed: {summary.problems}"))
    if summary.skipped:
        lines.append(Text(f"Files skipped: {len(summary.skipped)}"))
        lines.extend(Text(f"  {f.path}: {f.skipped}") for f in summary.skipped)
    return lines


def render_text(result: ScanResult, *, color: bool = False) -> str:
    """Render the report as the terminal shows it; ANSI styles only when `color` is true."""
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=WIDTH,
        force_terminal=color,
        no_color=not color,
        color_system="standard" if color else None,
        force_jupyter=False,
        force_interactive=False,
        legacy_windows=False,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )
    summary = summarize(result)
    findings = sorted(result.findings, key=lambda f: f.sort_key)
    for finding in findings:
        console.print(Text.assemble(*_finding_parts(finding)))
    if findings:
        console.print()
        console.print(_table("By family", "family", summary.by_family), soft_wrap=False)
        console.print(_table("By effort", "effort", summary.by_effort), soft_wrap=False)
    else:
        console.print(Text("No CUDA-specific code found."))
    for line in _totals(summary):
        console.print(line)
    # Rich pads table lines to their width; trailing blanks only make goldens and diffs noisy.
    return "".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines())
