"""The stable fingerprint of a finding, shared by SARIF partialFingerprints and baseline files."""

from __future__ import annotations

from hashlib import sha256

from migrate.model import Finding

# Bump when the recipe changes, so older baselines are recognisably different rather than silently wrong.
FINGERPRINT_KEY = "migrate/v1"


def normalise_snippet(snippet: str) -> str:
    """The source line with runs of whitespace collapsed, so re-indenting a line keeps its fingerprint."""
    return " ".join(snippet.split())


def fingerprint(finding: Finding) -> str:
    """Hash of rule id, path and the normalised source line: moving the line up or down keeps it the same.

    Two findings of one rule on identical lines of one file share a fingerprint; a baseline counts them.
    """
    # normalise_snippet written out: a report of a dense tree asks this of every one of 100,000 findings.
    payload = f"{finding.rule_id}\0{finding.path}\0{' '.join(finding.snippet.split())}"
    return sha256(payload.encode("utf-8")).hexdigest()
