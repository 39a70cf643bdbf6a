"""The Markdown report, fit for a pull-request comment: summary tables, then findings grouped by file."""

from __future__ import annotations

from dataclasses import dataclass

from migrate.model import ScanResult
from migrate.report.summary import Tally, fix_label, is_site, percent, plural, summarize
from migrate.templating import render_template

TEMPLATE = "reports/report.md.j2"

# Backslash-escape what Markdown would read as emphasis, links, HTML or table cells: `__global__` stays literal.
_SPECIAL = "\\`*_[]<>|~&"


def escape_text(value: str) -> str:
    """Plain text for a Markdown table cell: specials backslash-escaped, line breaks as <br>."""
    escaped = "".join("\\" + c if c in _SPECIAL else c for c in value)
    return "<br>".join(escaped.splitlines()) if "\n" in escaped or "\r" in escaped else escaped


def code_span(value: str) -> str:
    """Inline code for a table cell; a backtick inside widens the fence, a pipe stays escaped."""
    fence = "``" if "`" in value else "`"
    padded = f" {value} " if fence == "``" else value
    return f"{fence}{padded.replace('|', chr(92) + '|')}{fence}"


@dataclass(frozen=True)
class Row:
    """One line of a summary table."""

    name: str
    findings: int
    fixable: int
    share: str


@dataclass(frozen=True)
class Item:
    """One finding as a row of its file's table, every cell already escaped."""

    position: str
    severity: str
    rule: str
    message: str
    fix: str


@dataclass(frozen=True)
class FileSection:
    """The findings of one file."""

    path: str
    count: int
    items: tuple[Item, ...]


def _rows(tallies: tuple[Tally, ...], name: bool) -> tuple[Row, ...]:
    return tuple(
        Row(code_span(t.name) if name else t.name, t.findings, t.fixable, percent(t.fixable, t.findings))
        for t in tallies
    )


def _heading(result: ScanResult) -> str:
    paths = {f.path for f in result.findings if is_site(f)}
    if not paths:
        return "migrate scan: no CUDA-specific code"
    sites = sum(1 for f in result.findings if is_site(f))
    return f"migrate scan: {plural(sites, 'CUDA-specific site')} in {plural(len(paths), 'file')}"


def render_markdown(result: ScanResult, *, color: bool = False) -> str:
    """Render the Markdown report; `color` is accepted for a uniform signature and ignored."""
    summary = summarize(result)
    sections: dict[str, list[Item]] = {}
    for finding in sorted(result.findings, key=lambda f: f.sort_key):
        sections.setdefault(finding.path, []).append(
            Item(
                position=f"{finding.line}:{finding.column}",
                severity=finding.severity,
                rule=code_span(finding.rule_id),
                message=escape_text(finding.message),
                fix=fix_label(finding),
            )
        )
    files = tuple(FileSection(code_span(path), len(items), tuple(items)) for path, items in sections.items())
    return render_template(
        TEMPLATE,
        heading=_heading(result),
        version=result.tool_version,
        summary=summary,
        share=percent(summary.fixable, summary.sites),
        by_family=_rows(summary.by_family, name=True),
        by_effort=_rows(summary.by_effort, name=False),
        skipped=tuple((code_span(f.path), escape_text(f.skipped)) for f in summary.skipped),
        files=files,
    )
