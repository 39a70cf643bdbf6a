"""The SARIF 2.1.0 report: one run, the rules that fired, results with stable fingerprints and fixes."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from migrate.model import Finding, Rule, ScanResult
from migrate.report.document import dumps
from migrate.report.fingerprint import FINGERPRINT_KEY, fingerprint

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
TOOL_NAME = "migrate"
INFORMATION_URI = "https://pypi.org/project/migrate/"
ROOT_ID = "SRCROOT"

# SARIF levels happen to spell our severities the same; the map keeps that a decision, not a coincidence.
_LEVELS: dict[str, str] = {"error": "error", "warning": "warning", "note": "note"}


def artifact_uri(path: str) -> str:
    """A relative path as a URI reference (percent-encoded, slashes kept)."""
    return quote(path, safe="/")


def _descriptor(rule_id: str, rule: Rule | None, example: Finding) -> dict[str, Any]:
    """rules[] entry; a rule missing from the result (an engine rule) is described from its finding."""
    if rule is None:
        return {
            "id": rule_id,
            "shortDescription": {"text": rule_id},
            "defaultConfiguration": {"level": _LEVELS[example.severity]},
            "properties": {"family": example.family, "safety": example.safety, "effort": example.effort},
        }
    help_text = f"{rule.message}\n\n{rule.why.strip()}"
    if rule.fix_safety:
        help_text += f"\n\nFix safety: {rule.fix_safety.strip()}"
    return {
        "id": rule.id,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.why.strip()},
        "help": {"text": help_text},
        "defaultConfiguration": {"level": _LEVELS[rule.severity]},
        "properties": {
            "family": rule.family,
            "safety": rule.safety,
            "effort": rule.effort,
            "tags": [rule.family],
        },
    }


def _location(finding: Finding) -> dict[str, Any]:
    physical: dict[str, Any] = {
        "artifactLocation": {"uri": artifact_uri(finding.path), "uriBaseId": ROOT_ID},
    }
    if finding.line >= 1:
        start_column = max(finding.column, 1)
        end_line = max(finding.end_line, finding.line)
        end_column = max(finding.end_column, 1)
        if end_line == finding.line:
            end_column = max(end_column, start_column)
        physical["region"] = {
            "startLine": finding.line,
            "startColumn": start_column,
            "endLine": end_line,
            "endColumn": end_column,
        }
    return {"physicalLocation": physical}


def _fix(finding: Finding) -> dict[str, Any]:
    kind = "safe fix" if finding.safety == "safe" else "unsafe fix: may change behaviour"
    return {
        "description": {"text": f"{finding.rule_id} ({kind})"},
        "artifactChanges": [
            {
                "artifactLocation": {"uri": artifact_uri(finding.path), "uriBaseId": ROOT_ID},
                "replacements": [
                    {
                        "deletedRegion": {"byteOffset": edit.start, "byteLength": edit.end - edit.start},
                        "insertedContent": {"text": edit.text},
                    }
                    for edit in sorted(finding.edits)
                ],
            }
        ],
        "properties": {"safety": finding.safety},
    }


def _result(finding: Finding, rule_index: int) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.rule_id,
        "ruleIndex": rule_index,
        "level": _LEVELS[finding.severity],
        "message": {"text": finding.message},
        "locations": [_location(finding)],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint(finding)},
        "properties": {"family": finding.family, "safety": finding.safety, "effort": finding.effort},
    }
    if finding.edits:
        result["fixes"] = [_fix(finding)]
    return result


def sarif_log(result: ScanResult) -> dict[str, Any]:
    """The SARIF log as plain data (what `render_sarif` serialises)."""
    findings = sorted(result.findings, key=lambda f: f.sort_key)
    examples: dict[str, Finding] = {}
    for finding in findings:
        examples.setdefault(finding.rule_id, finding)
    rule_ids = sorted(examples)
    index = {rule_id: i for i, rule_id in enumerate(rule_ids)}
    driver = {
        "name": TOOL_NAME,
        "version": result.tool_version,
        "informationUri": INFORMATION_URI,
        "rules": [_descriptor(r, result.rules.get(r), examples[r]) for r in rule_ids],
    }
    run = {
        "tool": {"driver": driver},
        "originalUriBaseIds": {ROOT_ID: {"description": {"text": "The root the scan was run on."}}},
        "columnKind": "unicodeCodePoints",
        "results": [_result(f, index[f.rule_id]) for f in findings],
    }
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


def render_sarif(result: ScanResult, *, color: bool = False) -> str:
    """Render the SARIF log; `color` is accepted for a uniform signature and ignored."""
    return dumps(sarif_log(result))
