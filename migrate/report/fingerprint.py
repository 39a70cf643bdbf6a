"""The stable fingerprint of a finding, shared by SARIF partialFingerprints and baseline files."""

from __future__ import annotations

import hashlib

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
    payload = "\0".join((finding.rule_id, finding.path, normalise_snippet(finding.snippet)))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()
