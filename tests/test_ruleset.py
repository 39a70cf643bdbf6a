"""The compiled rule set: what it reads from rule sources without compiling each rule's query."""

from __future__ import annotations

import re
from pathlib import Path

from migrate import parse
from migrate.match import _capture_names, _first_bytes, _gated, compile_rules
from migrate.rules import load_catalog

ROOT = Path(__file__).resolve().parents[1]


def test_capture_names_read_from_every_rule_source_are_the_compiled_query_captures() -> None:
    catalog = load_catalog(ROOT / "rules")
    ruleset = compile_rules(catalog, sorted(catalog.rules))
    assert ruleset.queries
    for rule in ruleset.queries:
        compiled = parse.query(rule.language, rule.source)
        expected = {compiled.capture_name(i) for i in range(compiled.capture_count)}
        assert set(rule.capture_names) == expected, rule.rule.id


def test_capture_names_skip_strings_and_comments() -> None:
    source = '; a comment naming @not_this\n((identifier) @name (#eq? @name "@nor_this")) @whole.part'
    assert _capture_names(source) == ("name", "whole.part")
    compiled = parse.query("cuda", source)
    assert {compiled.capture_name(i) for i in range(compiled.capture_count)} == {"name", "whole.part"}


def test_a_gated_pattern_finds_what_the_pattern_finds() -> None:
    catalog = load_catalog(ROOT / "rules")
    triggers = sorted({r.match["trigger"] for r in catalog.rules.values() if r.match.get("trigger")})
    patterns = [t.encode() for t in triggers] + [
        rb"\bcub\b|#\s*include", rb"a*b", rb"(?:ab|cd)?e", rb"x?y|z", rb"(?i:cuda)x", rb"[A-Z_][0-9]+\b",
    ]
    texts = [p.read_bytes() for p in sorted((ROOT / "tests" / "fixtures").rglob("input.*"))]
    texts += [b"", b"e", b"xe", b"CUDAx", b"cudax", b"y", b"Q12 ", b"nothing here", b"#  include <cub/cub.cuh>"]
    for pattern in patterns:
        plain, gated = re.compile(pattern), _gated(pattern)
        for text in texts:
            assert bool(gated.search(text)) == bool(plain.search(text)), (pattern, text[:80])


def test_first_bytes_are_known_only_where_they_are_certain() -> None:
    assert _first_bytes(rb"\bcub\b|#\s*include") == frozenset(b"#c")
    assert _first_bytes(rb"(?:ab|cd)?e") == frozenset(b"ace")
    assert _first_bytes(rb"a*") is None  # may match empty
    assert _first_bytes(rb"[^x]y") is None  # any byte but one
    assert _first_bytes(rb"(?i)abc") is None and _first_bytes(rb"(?i:a)b") is None
