"""The SARIF 2.1.0 report: one run, the rules that fired, results with stable fingerprints and fixes."""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import quote

from migrate.model import FINDING_ORDER, Finding, Rule, ScanResult
from migrate.report.document import dump_bytes, dumps
from migrate.report.fingerprint import FINGERPRINT_KEY, fingerprint

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
TOOL_NAME = "migrate"
INFORMATION_URI = "https://pypi.org/project/migrate/"
ROOT_ID = "SRCROOT"

# SARIF levels happen to spell our severities the same; the map keeps that a decision, not a coincidence.
_LEVELS: dict[str, str] = {"error": "error", "warning": "warning", "note": "note"}


@lru_cache(maxsize=65536)
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


class _Parts:
    """The pieces of results that repeat from finding to finding (a file's location, a rule's fix description, a
    properties block), each made once per report and shared: a dense tree has a hundred thousand results and a
    few hundred distinct pieces."""

    def __init__(self) -> None:
        self.artifacts: dict[str, dict[str, str]] = {}
        self.properties: dict[tuple[str, str, str], dict[str, str]] = {}
        self.descriptions: dict[tuple[str, str], dict[str, str]] = {}
        self.safeties: dict[str, dict[str, str]] = {}

    def artifact(self, path: str) -> dict[str, str]:
        found = self.artifacts.get(path)
        if found is None:
            found = self.artifacts[path] = {"uri": artifact_uri(path), "uriBaseId": ROOT_ID}
        return found

    def properties_of(self, finding: Finding) -> dict[str, str]:
        key = (finding.family, finding.safety, finding.effort)
        found = self.properties.get(key)
        if found is None:
            found = self.properties[key] = {"family": key[0], "safety": key[1], "effort": key[2]}
        return found

    def description(self, finding: Finding) -> dict[str, str]:
        key = (finding.rule_id, finding.safety)
        found = self.descriptions.get(key)
        if found is None:
            kind = "safe fix" if finding.safety == "safe" else "unsafe fix: may change behaviour"
            found = self.descriptions[key] = {"text": f"{finding.rule_id} ({kind})"}
        return found

    def safety(self, finding: Finding) -> dict[str, str]:
        found = self.safeties.get(finding.safety)
        if found is None:
            found = self.safeties[finding.safety] = {"safety": finding.safety}
        return found


def _location(finding: Finding, parts: _Parts) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": parts.artifact(finding.path)}
    line = finding.line
    if line >= 1:
        start_column = max(finding.column, 1)
        end_line = max(finding.end_line, line)
        end_column = max(finding.end_column, 1)
        if end_line == line:
            end_column = max(end_column, start_column)
        physical["region"] = {
            "startLine": line,
            "startColumn": start_column,
            "endLine": end_line,
            "endColumn": end_column,
        }
    return {"physicalLocation": physical}


def _fix(finding: Finding, parts: _Parts) -> dict[str, Any]:
    edits = finding.edits if len(finding.edits) == 1 else sorted(finding.edits)
    return {
        "description": parts.description(finding),
        "artifactChanges": [
            {
                "artifactLocation": parts.artifact(finding.path),
                "replacements": [
                    {
                        "deletedRegion": {"byteOffset": edit.start, "byteLength": edit.end - edit.start},
                        "insertedContent": {"text": edit.text},
                    }
                    for edit in edits
                ],
            }
        ],
        "properties": parts.safety(finding),
    }


def _result(finding: Finding, rule_index: int, parts: _Parts) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.rule_id,
        "ruleIndex": rule_index,
        "level": _LEVELS[finding.severity],
        "message": {"text": finding.message},
        "locations": [_location(finding, parts)],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint(finding)},
        "properties": parts.properties_of(finding),
    }
    if finding.edits:
        result["fixes"] = [_fix(finding, parts)]
    return result


def sarif_log(result: ScanResult) -> dict[str, Any]:
    """The SARIF log as plain data (what `render_sarif` serialises)."""
    findings = sorted(result.findings, key=FINDING_ORDER)
    examples: dict[str, Finding] = {}
    for finding in findings:
        examples.setdefault(finding.rule_id, finding)
    rule_ids = sorted(examples)
    parts = _Parts()
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
        "results": [_result(f, index[f.rule_id], parts) for f in findings],
    }
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


def render_sarif(result: ScanResult, *, color: bool = False) -> str:
    """Render the SARIF log; `color` is accepted for a uniform signature and ignored."""
    return dumps(sarif_log(result))


def render_sarif_bytes(result: ScanResult) -> bytes:
    """The SARIF log as the UTF-8 bytes of `render_sarif`."""
    return dump_bytes(sarif_log(result))
