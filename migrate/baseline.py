"""Baseline files: the findings a tree already had, written once and subtracted from later scans by count."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from migrate.model import Finding, ScanResult
from migrate.report.fingerprint import FINGERPRINT_KEY, fingerprint, normalise_snippet

BASELINE_VERSION = 1

Key = tuple[str, str, str]  # rule id, path, fingerprint


class BaselineError(Exception):
    """A baseline file that is missing, unreadable or not in the expected shape; the message names the file."""


@dataclass(frozen=True)
class Entry:
    """Findings of one rule in one file sharing one fingerprint: how many there were, and where, for a reader."""

    rule: str
    path: str
    fingerprint: str
    count: int
    lines: tuple[int, ...] = ()
    snippet: str = ""

    @property
    def key(self) -> Key:
        return (self.rule, self.path, self.fingerprint)


def _key(finding: Finding) -> Key:
    return (finding.rule_id, finding.path, fingerprint(finding))


def build_entries(findings: Iterable[Finding]) -> list[Entry]:
    """Group findings by rule, path and fingerprint; sorted by path, then rule, then first line, then fingerprint."""
    groups: dict[Key, list[Finding]] = {}
    for finding in findings:
        groups.setdefault(_key(finding), []).append(finding)
    entries = [
        Entry(
            rule=key[0],
            path=key[1],
            fingerprint=key[2],
            count=len(group),
            lines=tuple(sorted(f.line for f in group)),
            snippet=normalise_snippet(group[0].snippet),
        )
        for key, group in groups.items()
    ]
    return sorted(entries, key=lambda e: (e.path, e.rule, e.lines[:1], e.fingerprint))


def render_baseline(findings: Iterable[Finding]) -> str:
    """The baseline document: JSON, sorted, two-space indented, no timestamps, so a re-written baseline diffs cleanly."""
    entries = build_entries(findings)
    document = {
        "version": BASELINE_VERSION,
        "fingerprint": FINGERPRINT_KEY,
        "findings": [
            {
                "rule": e.rule,
                "path": e.path,
                "fingerprint": e.fingerprint,
                "count": e.count,
                "lines": list(e.lines),
                "snippet": e.snippet,
            }
            for e in entries
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def write_baseline(path: Path, findings: Iterable[Finding]) -> int:
    """Write the baseline atomically and return how many findings it records."""
    findings = tuple(findings)
    text = render_baseline(findings)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise BaselineError(f"{path}: cannot write the baseline: {exc.strerror or exc}") from None
    return len(findings)


def read_baseline(path: Path) -> Counter[Key]:
    """How many findings of each (rule, path, fingerprint) the baseline records; any defect raises BaselineError."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BaselineError(
            f"{path}: no such baseline file; write one with `migrate scan --write-baseline {path}`"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BaselineError(
            f"{path}: cannot read the baseline: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BaselineError(f"{path}:{exc.lineno}:{exc.colno}: not a valid baseline: {exc.msg}") from None
    if not isinstance(document, dict) or not isinstance(document.get("findings"), list):
        raise BaselineError(f"{path}: not a baseline: expected an object with a `findings` list")
    if document.get("version") != BASELINE_VERSION:
        raise BaselineError(f"{path}: baseline version {document.get('version')!r} is not {BASELINE_VERSION}")
    if document.get("fingerprint") != FINGERPRINT_KEY:
        raise BaselineError(
            f"{path}: fingerprints were made with {document.get('fingerprint')!r}, not {FINGERPRINT_KEY!r}; "
            "write the baseline again"
        )
    counts: Counter[Key] = Counter()
    for index, row in enumerate(document["findings"]):
        if not isinstance(row, dict):
            raise BaselineError(f"{path}: findings[{index}] is not an object")
        for name, kind in (("rule", str), ("path", str), ("fingerprint", str), ("count", int)):
            if not isinstance(row.get(name), kind) or isinstance(row.get(name), bool):
                raise BaselineError(f"{path}: findings[{index}].{name} is missing or not a {kind.__name__}")
        if row["count"] < 1:
            raise BaselineError(f"{path}: findings[{index}].count must be at least 1")
        counts[(row["rule"], row["path"], row["fingerprint"])] += row["count"]
    return counts


def new_findings(findings: Iterable[Finding], baseline: Counter[Key]) -> list[Finding]:
    """Findings the baseline does not account for.

    Matching is by count: a baseline entry of count n absorbs the first n findings (in file order) with its key,
    so a third copy of a twice-baselined line is reported while moving any of them is not.
    """
    left = Counter(baseline)
    kept: list[Finding] = []
    for finding in sorted(findings, key=lambda f: f.sort_key):
        key = _key(finding)
        if left[key] > 0:
            left[key] -= 1
        else:
            kept.append(finding)
    return kept


def subtract_baseline(result: ScanResult, baseline: Counter[Key]) -> ScanResult:
    """The scan result without the findings the baseline records."""
    return replace(result, findings=tuple(new_findings(result.findings, baseline)))
