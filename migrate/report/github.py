"""GitHub Actions workflow annotations: one `::error file=…,line=…::message` line per finding."""

from __future__ import annotations

from migrate.model import Finding, ScanResult

_COMMANDS: dict[str, str] = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(value: str) -> str:
    """Escape a command's message the way the Actions runner unescapes it."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    """Escape a command property value: the message escapes plus `:` and `,`, which delimit properties."""
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def annotation(finding: Finding) -> str:
    """One workflow command; columns only for a single-line site, since GitHub ignores them across lines."""
    properties: list[tuple[str, str]] = [("file", finding.path)]
    if finding.line >= 1:
        end_line = max(finding.end_line, finding.line)
        properties.append(("line", str(finding.line)))
        if end_line == finding.line and finding.column >= 1:
            properties.append(("col", str(finding.column)))
        properties.append(("endLine", str(end_line)))
        if end_line == finding.line and finding.column >= 1:
            properties.append(("endColumn", str(max(finding.end_column, finding.column))))
    properties.append(("title", f"migrate: {finding.rule_id}"))
    rendered = ",".join(f"{key}={escape_property(value)}" for key, value in properties)
    return f"::{_COMMANDS[finding.severity]} {rendered}::{escape_data(finding.message)}"


def render_github(result: ScanResult, *, color: bool = False) -> str:
    """Render every finding as an annotation line; `color` is accepted for a uniform signature and ignored."""
    findings = sorted(result.findings, key=lambda f: f.sort_key)
    return "".join(annotation(f) + "\n" for f in findings)
