"""The mapping tables' reader: rows as scripts/gen_maps.py writes them are read by a pattern, and what it reads is
what tomllib reads, for the shipped tables and for rows of every other form."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from migrate.rules import RULES_DIR, RuleError, _load_map_toml, load_table

HEAD = '[table]\nfamily = "demo"\nrule = "demo-api"\n\n[names]\n'


@pytest.mark.parametrize("table", sorted(p.name for p in (Path(RULES_DIR) / "maps").glob("*.toml")))
def test_shipped_tables_read_as_tomllib_reads_them(table: str) -> None:
    path = Path(RULES_DIR) / "maps" / table
    assert _load_map_toml(path) == tomllib.loads(path.read_text(encoding="utf-8"))


def test_rows_of_other_forms_read_as_tomllib_reads_them(tmp_path: Path) -> None:
    rows = (
        'plain = { kind = "function", status = "supported", portable = "prtPlain", effort = "none" }\n'
        "# a comment between rows\n"
        'scoped = { kind = "type", status = "unsupported", effort = "low", scopes = ["", "at::cuda"] }\n'
        'escaped = { kind = "macro", status = "unsupported", effort = "low", note = "a \\"quoted\\" word" }\n'
        'spaced = {kind="enum",status="unsupported",effort="low"}\n'
        'trailing = { kind = "enum", status = "unsupported", effort = "low" }  # a comment after a row\n'
    )
    path = tmp_path / "demo.toml"
    path.write_text(HEAD + rows, encoding="utf-8")
    assert _load_map_toml(path) == tomllib.loads(HEAD + rows)
    assert [entry.name for entry in load_table(path)] == ["plain", "scoped", "escaped", "spaced", "trailing"]
    assert load_table(path)[2].note == 'a "quoted" word'


@pytest.mark.parametrize(
    "rows",
    [
        (
            'twice = { kind = "enum", status = "unsupported", effort = "low" }\n'
            'twice = { kind = "macro", status = "unsupported", effort = "low" }\n'
        ),
        'broken = { kind = "enum", status = "unsupported", effort = "low"\n',
        'repeated = { kind = "enum", kind = "macro", status = "unsupported", effort = "low" }\n',
    ],
    ids=["duplicate-name", "unclosed-row", "duplicate-key"],
)
def test_a_table_tomllib_refuses_is_refused_with_its_name(tmp_path: Path, rows: str) -> None:
    path = tmp_path / "demo.toml"
    path.write_text(HEAD + rows, encoding="utf-8")
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(HEAD + rows)
    with pytest.raises(RuleError, match=r"demo\.toml: not valid TOML"):
        load_table(path)
