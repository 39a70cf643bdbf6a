"""`migrate explain RULE`: a rule's page, from its rule file, its tables and its fixtures (one source per fact)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from .model import Rule
from .rules import PACKAGE_ROOT, Catalog
from .templating import render_template

FIXTURES = PACKAGE_ROOT / "tests" / "fixtures"


def _examples(rule: Rule) -> list[dict[str, str]]:
    """The rule's fixture cases (input, expected output, findings) when the source tree holds them."""
    examples = []
    for case in sorted((FIXTURES / rule.id).glob("*")) if (FIXTURES / rule.id).is_dir() else []:
        inputs = [p for p in sorted(case.iterdir()) if p.name.startswith("input") or p.name in ("CMakeLists.txt", "Makefile")]
        if not inputs:
            continue
        expected = [p for p in sorted(case.iterdir()) if p.name.startswith("expected")]
        findings = case / "findings.txt"
        examples.append(
            {
                "name": case.name,
                "input": inputs[0].read_text(encoding="utf-8", errors="replace"),
                "expected": expected[0].read_text(encoding="utf-8", errors="replace") if expected else "",
                "findings": findings.read_text(encoding="utf-8") if findings.is_file() else "",
            }
        )
    return examples


def explain_rule(rule: Rule, catalog: Catalog) -> str:
    """The text page for one rule."""
    rows = [entry for entry in catalog.names.values() if entry.rule == rule.id]
    statuses = sorted(Counter(entry.status for entry in rows).items())
    tables = sorted({entry.table for entry in rows})
    return render_template(
        "explain/rule.txt.j2",
        rule=rule,
        statuses=statuses,
        tables=tables,
        names=len(rows),
        examples=_examples(rule),
        fixture_dir=Path("tests/fixtures") / rule.id,
    )
