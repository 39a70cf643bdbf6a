"""The compiled rule set: what it reads from rule sources without compiling each rule's query."""

from __future__ import annotations

import re
from pathlib import Path

from migrate import parse
from migrate.match import _capture_names, compile_rules
from migrate.patterns import (
    alternatives,
    any_of,
    each_of,
    first_bytes,
    gated,
    line_start,
    required_literals,
    scans_ahead,
    screened,
)
from migrate.regions import synchronising
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
    # What keeps a barrier kernel on fibers (regions.synchronising), gated the same way.
    triggers += [synchronising(catalog).pattern.decode()]
    patterns = [t.encode() for t in triggers] + [
        rb"\bcub\b|#\s*include", rb"a*b", rb"(?:ab|cd)?e", rb"x?y|z", rb"(?i:cuda)x", rb"[A-Z_][0-9]+\b",
    ]
    texts = [p.read_bytes() for p in sorted((ROOT / "tests" / "fixtures").rglob("input.*"))]
    texts += [b"", b"e", b"xe", b"CUDAx", b"cudax", b"y", b"Q12 ", b"nothing here", b"#  include <cub/cub.cuh>"]
    for pattern in patterns:
        plain, fast = re.compile(pattern), gated(pattern)
        for text in texts:
            found, expected = fast.search(text), plain.search(text)
            assert (found and found.span()) == (expected and expected.span()), (pattern, text[:80])


def test_patterns_the_engine_scans_ahead_for_are_not_gated() -> None:
    """A look-ahead in front of a pattern that starts with a literal or a byte set would hide that start from the
    regex engine's own fast scan; the gate goes only where the engine would try every byte."""
    for plain in (rb'#\s*include\s*[<"]thrust/', rb"<<[ \t]*<", rb"__half|__nv_bfloat16", rb"[ab]c"):
        assert scans_ahead(plain) and gated(plain).pattern == plain
    for slow in (rb"\bthrust\b", rb"__global__|\b(?:threadIdx|blockIdx)\b|<<<"):
        assert not scans_ahead(slow) and gated(slow).pattern.startswith(b"(?=[")


def test_split_alternations_find_what_one_alternation_finds() -> None:
    """The prefilter's triggers searched as two patterns (those the engine scans ahead for, and the rest) hit the
    same files as one alternation of them all."""
    catalog = load_catalog(ROOT / "rules")
    triggers = sorted({r.match["trigger"].encode() for r in catalog.rules.values() if r.match.get("trigger")})
    texts = [p.read_bytes() for p in sorted((ROOT / "tests" / "fixtures").rglob("input.*"))]
    texts += [b"", b"cub", b"scuba", b"x <<<y", b"#  include <thrust/sort.h>", b"threadIdx", b"mythreadIdx"]
    for group in (triggers, [rb"\bcub\b|<<<", rb"(a)\1|b", rb"[|]x|y"]):
        whole, parts = re.compile(b"|".join(group)), any_of(group)
        for text in texts:
            assert any(p.search(text) for p in parts) == bool(whole.search(text)), text[:80]
    assert alternatives(rb"a|(b|c)|[|]|\||[]|]x|z") == [b"a", b"(b|c)", b"[|]", b"\\|", b"[]|]x", b"z"]
    assert len(any_of([rb"(a)\1|\bb"])) == 1  # a back-reference is never split from its group


def test_absent_patterns_split_by_alternative_find_what_the_whole_finds() -> None:
    """Each rule's `match.absent` searched one alternative at a time, each behind its own screen, rules out the
    same files as the whole alternation, with the flags the engine compiles it with."""
    catalog = load_catalog(ROOT / "rules")
    absent = sorted({r.match["absent"].encode() for r in catalog.rules.values() if r.match.get("absent")})
    assert absent
    texts = [p.read_bytes() for p in sorted((ROOT / "tests" / "fixtures").rglob("input.*"))]
    texts += [p.read_bytes() for p in sorted((ROOT / "corpus").rglob("*.cu"))]
    texts += [b"", b"#include <prt/prt.h>\n", b"// x\n#include <cuda.h>\n", b"#include <vector>\n#include <cuda.h>\n",
              b"\xef\xbb\xbf#include <cuda_runtime.h>\n", b"int x;\n  #  include \"prt/prt.h\"", b"prt/prt.h"]
    for pattern in [*absent, rb"^a|b$", rb"(a)\1|c", rb"(?i)ab|cd", rb"\Ax|y"]:
        whole, parts = re.compile(pattern, re.MULTILINE), each_of(pattern, re.MULTILINE)
        for text in texts:
            assert any(p.search(text) for p in parts) == bool(whole.search(text)), (pattern[:60], text[:80])
    assert len(each_of(rb"(a)\1|c")) == 1 and len(each_of(rb"\Ax|y")) == 2


def test_first_bytes_are_known_only_where_they_are_certain() -> None:
    assert first_bytes(rb"\bcub\b|#\s*include") == frozenset(b"#c")
    assert first_bytes(rb"(?:ab|cd)?e") == frozenset(b"ace")
    assert first_bytes(rb"a*") is None  # may match empty
    assert first_bytes(rb"[^x]y") is None  # any byte but one
    assert first_bytes(rb"(?i)abc") is None and first_bytes(rb"(?i:a)b") is None


def test_a_screened_pattern_finds_what_the_pattern_finds() -> None:
    """A trigger searched only where one of its required literals is: the same first match everywhere."""
    catalog = load_catalog(ROOT / "rules")
    patterns = sorted({r.match["trigger"].encode() for r in catalog.rules.values() if r.match.get("trigger")})
    patterns += [rb"\bcub\b|#\s*include", rb"\b(?:asm|__asm__)\b", rb"ab(?=c)d", rb"(?:xy)+z", rb"(?i)thrust"]
    texts = [p.read_bytes() for p in sorted((ROOT / "tests" / "fixtures").rglob("input.*"))]
    texts += [b"", b"cub", b"scuba", b"__asm__ volatile", b"abcd", b"abd", b"xyxyz", b"THRUST", b"thrust::sort"]
    for pattern in patterns:
        plain, fast = re.compile(pattern), screened(pattern)
        for text in texts:
            found, expected = fast.search(text), plain.search(text)
            assert (found and found.span()) == (expected and expected.span()), (pattern, text[:80])


def test_required_literals_are_those_every_match_holds() -> None:
    assert required_literals(rb"\bcub\b") == (b"cub",)
    assert required_literals(rb"\b(?:asm|__asm__|__asm)\b") == (b"asm",)  # the others hold it
    assert required_literals(rb"wmma|nvcuda|\bmma\b") == (b"mma", b"nvcuda")
    assert required_literals(rb"\b(texture|surface)\s*<") == (b"surface", b"texture")
    assert required_literals(rb"(?:ab)+c?") == (b"ab",)
    assert required_literals(rb"(?i)abc") is None and required_literals(rb"a*|b") is None


def test_a_line_start_pattern_finds_what_the_multiline_pattern_finds() -> None:
    patterns = [
        rb"^[ \t]*#[ \t]*define(?:[^\n\\]|\\\r?\n|\\)*?<<[ \t]*<",
        rb"^[ \t]*[A-Z_][A-Z0-9_]{2,}[ \t]*(?:\(|//|\r?$)",
        rb"^[^\n]*\n",  # it ends at the next line's start: its next match begins there
    ]
    texts = [p.read_bytes() for p in sorted((ROOT / "tests" / "fixtures").rglob("input.*"))]
    texts += [b"", b"\n", b"ABC(\n", b"\nABC(", b"#define X k<<<1,1>>>()\nFOO\n\nBAR(", b"X\nYYY\n\n\nZZZ //x\n",
              b"a\nb\n\nc"]
    for pattern in patterns:
        plain, fast = re.compile(pattern, re.MULTILINE), line_start(pattern)
        for text in texts:
            spans = [m.span() for m in fast.finditer(text)]
            assert spans == [m.span() for m in plain.finditer(text)], (pattern, text[:80])
            found, expected = fast.search(text), plain.search(text)
            assert (found and found.span()) == (expected and expected.span())
