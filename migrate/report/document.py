"""The JSON report: one document per scan, shaped by docs/report-schema.json, keys sorted, no timestamps."""

from __future__ import annotations

import json
from operator import attrgetter
from typing import Any

try:
    import orjson
except ImportError:  # optional: the standard library writes the same bytes, several times slower
    orjson = None  # type: ignore[assignment]

from migrate.model import Finding, Rule, ScanResult
from migrate.report.fingerprint import fingerprint
from migrate.report.summary import Tally, sorted_findings, summarize

# The `format_version` of docs/report-schema.json; bump it with any change a reader could notice.
FORMAT_VERSION = 1


def _counts(tallies: tuple[Tally, ...]) -> dict[str, int]:
    return {t.name: t.findings for t in tallies}


def finding_data(finding: Finding) -> dict[str, Any]:
    """A finding as the JSON report writes it."""
    edits = finding.edits
    return {
        "rule_id": finding.rule_id,
        "path": finding.path,
        "line": finding.line,
        "column": finding.column,
        "end_line": finding.end_line,
        "end_column": finding.end_column,
        "severity": finding.severity,
        "safety": finding.safety,
        "effort": finding.effort,
        "family": finding.family,
        "message": finding.message,
        "origin": finding.origin,
        "snippet": finding.snippet,
        "fixable": bool(edits) and finding.safety != "manual",  # Finding.fixable, without a call per finding
        "fingerprint": fingerprint(finding),
        "edits": [{"start": e.start, "end": e.end, "text": e.text} for e in (sorted(edits) if len(edits) > 1 else edits)],
    }


def rule_data(rule: Rule) -> dict[str, Any]:
    """The parts of a rule a reader of the report needs to act on its findings."""
    return {
        "family": rule.family,
        "summary": rule.summary,
        "severity": rule.severity,
        "safety": rule.safety,
        "effort": rule.effort,
        "why": rule.why,
        "fix_safety": rule.fix_safety,
    }


def document(result: ScanResult) -> dict[str, Any]:
    """The JSON report as plain data (what `render_json` serialises)."""
    summary = summarize(result)
    findings = sorted_findings(result.findings)
    used = sorted(set(map(attrgetter("rule_id"), findings)) & set(result.rules))
    return {
        "format_version": FORMAT_VERSION,
        "version": result.tool_version,
        "root": result.root,
        "summary": {
            "findings": summary.findings,
            "sites": summary.sites,
            "fixable": summary.fixable,
            "fixable_share": round(summary.fixable_share, 4),
            "problems": summary.problems,
            "files_scanned": summary.files_scanned,
            "files_skipped": len(summary.skipped),
            "lines": summary.lines,
            "by_severity": _counts(summary.by_severity),
            "by_family": _counts(summary.by_family),
            "by_effort": _counts(summary.by_effort),
        },
        "files": [
            {
                "path": f.path,
                "language": f.language,
                "lines": f.lines,
                "skipped": f.skipped,
                "findings": f.findings,
                "fixable": f.fixable,
            }
            for f in summary.files
        ],
        "findings": [finding_data(f) for f in findings],
        "rules": {rule_id: rule_data(result.rules[rule_id]) for rule_id in used},
    }


def dumps(data: Any) -> str:
    """`data` as the reports write JSON: indented by two spaces, keys sorted, UTF-8 kept, a final newline."""
    return dump_bytes(data).decode("utf-8")


def dump_bytes(data: Any) -> bytes:
    """`dumps(data)` encoded as UTF-8, as a report file holds it. The standard library's encoder runs in pure
    Python once it indents (a scan of 100,000 findings spent seconds there); orjson, where installed, writes the
    same bytes, and as bytes: a report of 100,000 findings decoded to text and encoded again spends half a second
    on it."""
    if orjson is not None:
        try:
            return orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)
        except (TypeError, orjson.JSONEncodeError):
            pass  # a value orjson does not take (an integer past 64 bits): the standard encoder writes it
    return (json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def render_json(result: ScanResult, *, color: bool = False) -> str:
    """Render the JSON report; `color` is accepted for a uniform signature and ignored."""
    return dumps(document(result))


def render_json_bytes(result: ScanResult) -> bytes:
    """The JSON report as the UTF-8 bytes of `render_json`."""
    return dump_bytes(document(result))
