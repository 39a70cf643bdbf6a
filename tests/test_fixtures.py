"""Every rule's golden cases: tests/fixtures/<rule-id>/<case>/ holds input.<ext> and findings.txt (+ expected.<ext>)."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrate.engine import scan_bytes
from migrate.match import compile_rules
from migrate.report import format_finding
from migrate.rewrite import plan_file
from migrate.rules import load_catalog
from migrate.sources import language_of

FIXTURES = Path(__file__).parent / "fixtures"
KNOWN_GAP = "engine-gap.txt"  # a case the engine gets wrong today: expected findings by hand, the problem in one line
CATALOG = load_catalog()


def _cases() -> list[Path]:
    return sorted(p for p in FIXTURES.glob("*/*") if p.is_dir())


def _input(case: Path) -> Path:
    named = ("CMakeLists.txt", "Makefile", "pyproject.toml")
    inputs = sorted(case.glob("input*")) + sorted(
        p for p in case.iterdir() if p.name in named or (p.name.startswith("requirements") and p.suffix == ".txt")
    )
    assert len(inputs) == 1, f"{case}: needs exactly one input file"
    return inputs[0]


def _language(path: Path) -> str:
    return language_of(path) or ("requirements" if path.name.startswith("input") and path.suffix == ".txt" else "cuda")


@pytest.mark.parametrize("case", _cases(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture(case: Path, request: pytest.FixtureRequest) -> None:
    rule_id = case.parent.name
    assert rule_id in CATALOG.rules, f"{case}: no rule {rule_id!r}"
    source = _input(case)
    data = source.read_bytes()
    ruleset = compile_rules(CATALOG, [rule_id])
    findings = scan_bytes(ruleset, source.name, _language(source), data)
    lines = "".join(format_finding(f) + "\n" for f in findings)
    golden = case / "findings.txt"
    known_gap = case / KNOWN_GAP
    if known_gap.is_file():
        # findings.txt holds what the engine should report; the gap file says why it does not yet.
        assert lines != golden.read_text(encoding="utf-8"), f"{case}: the engine now passes; delete {KNOWN_GAP}"
        pytest.xfail(known_gap.read_text(encoding="utf-8").strip())
    if request.config.getoption("--update-goldens"):
        golden.write_text(lines, encoding="utf-8")
    assert golden.is_file(), f"{case}: findings.txt is missing (run pytest --update-goldens and read it)"
    assert lines == golden.read_text(encoding="utf-8")
    _check_migration(case, source, ruleset, request.config.getoption("--update-goldens"))


def _migrate(ruleset, source: Path, data: bytes) -> bytes:
    findings = scan_bytes(ruleset, source.name, _language(source), data)
    return plan_file(source.name, _language(source), data, findings, CATALOG.rules, unsafe=True).migrated


def _check_migration(case: Path, source: Path, ruleset, update: bool) -> None:
    """With expected.<ext> beside the input: apply (unsafe fixes included) gives it, and a second apply changes nothing."""
    expected = case / f"expected{source.suffix}"
    data = source.read_bytes()
    if not expected.is_file():
        if not (case / "findings.txt").read_text(encoding="utf-8").strip():
            assert _migrate(ruleset, source, data) == data, f"{case}: no findings, yet apply changes the file"
        return
    migrated = _migrate(ruleset, source, data)
    if update:
        expected.write_bytes(migrated)
    assert migrated.decode("utf-8") == expected.read_text(encoding="utf-8")
    assert _migrate(ruleset, source, migrated) == migrated, f"{case}: a second apply changes the file again"


# An unreadable file cannot be committed as a fixture; tests/test_bad_input.py covers io-error. The tile rules
# report what the kernel translator decided; their golden cases are tests/tile/fixtures/.
# internal-error and symlink-skipped come from the engine's handling of a failing step and of links
# (tests/safety/ injects the one and builds the other).
NO_FIXTURE = {"io-error", "internal-error", "symlink-skipped"} | {rule_id for rule_id, rule in CATALOG.rules.items() if rule.family == "tile"}


def test_every_rule_fires_and_stays_silent() -> None:
    """Each rule has at least one case with findings and one with none."""
    missing = []
    for rule_id in sorted(set(CATALOG.rules) - NO_FIXTURE):
        cases = [
            p for p in (FIXTURES / rule_id).glob("*") if (p / "findings.txt").is_file() and not (p / KNOWN_GAP).is_file()
        ]
        texts = [(p / "findings.txt").read_text(encoding="utf-8") for p in cases]
        if not any(t.strip() for t in texts) or not any(not t.strip() for t in texts):
            missing.append(rule_id)
    assert not missing, f"rules without a firing and a silent fixture: {', '.join(missing)}"
