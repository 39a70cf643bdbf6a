"""Every report format against golden files, and the properties all formats share."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from migrate.model import Finding, ScanResult
from migrate.report import FORMATS, format_finding, render
from migrate.report.summary import summarize

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "report-schema.json"
GOLDEN_NAMES = {"text": "txt", "json": "json", "sarif": "sarif", "markdown": "md", "github": "github"}


@pytest.mark.parametrize("fmt", sorted(GOLDEN_NAMES))
@pytest.mark.parametrize("case", ["mixed", "clean"])
def test_golden(
    fmt: str, case: str, request: pytest.FixtureRequest, golden: Callable[[str, str], None]
) -> None:
    result = request.getfixturevalue(case)
    golden(f"{case}.{GOLDEN_NAMES[fmt]}", render(result, fmt))


def test_format_finding_line_shape(mixed: ScanResult) -> None:
    finding = mixed.findings[0]
    assert format_finding(finding) == (
        "src/vector_add.cu:14:5: warning[runtime-api] cudaMalloc is CUDA-only; use prtMalloc (safe fix)"
    )


def test_text_lists_every_finding_in_order(mixed: ScanResult) -> None:
    text = render(mixed, "text")
    expected = [format_finding(f) for f in sorted(mixed.findings, key=lambda f: f.sort_key)]
    assert text.splitlines()[: len(expected)] == expected


def test_text_color_only_when_asked(mixed: ScanResult) -> None:
    assert "\x1b[" not in render(mixed, "text")
    assert "\x1b[" in render(mixed, "text", color=True)


def test_fixable_share_excludes_engine_findings(mixed: ScanResult) -> None:
    summary = summarize(mixed)
    assert (summary.sites, summary.fixable, summary.problems) == (6, 4, 2)
    assert "with an automatic fix: 4 (66.7%)" in render(mixed, "text")


@pytest.mark.parametrize("fmt", FORMATS)
def test_deterministic(fmt: str, make_result: Callable[..., ScanResult], mixed: ScanResult) -> None:
    shuffled = list(mixed.findings)
    random.Random(7).shuffle(shuffled)
    first = render(mixed, fmt)
    assert render(mixed, fmt) == first
    assert render(make_result(findings=tuple(shuffled)), fmt) == first


def test_unknown_format_names_the_choices(mixed: ScanResult) -> None:
    with pytest.raises(ValueError, match="expected one of: text, json"):
        render(mixed, "xml")


@pytest.mark.parametrize("case", ["mixed", "clean"])
def test_json_matches_schema(case: str, request: pytest.FixtureRequest) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    document = json.loads(render(request.getfixturevalue(case), "json"))
    jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(document)


def test_json_has_no_absolute_paths(make_result: Callable[..., ScanResult]) -> None:
    document = json.loads(render(make_result(root="."), "json"))
    paths = [f["path"] for f in document["files"]] + [f["path"] for f in document["findings"]]
    assert all(not p.startswith("/") and "\\" not in p for p in paths)
    assert document["root"] == "."


def test_json_carries_edits(mixed: ScanResult) -> None:
    document = json.loads(render(mixed, "json"))
    memcpy = next(f for f in document["findings"] if f["message"].startswith("cudaMemcpy"))
    assert memcpy["edits"] == [
        {"start": 380, "end": 390, "text": "prtMemcpy"},
        {"start": 405, "end": 427, "text": "prtMemcpyHostToDevice"},
    ]
    assert memcpy["fixable"] is True


def test_github_escapes_properties_and_message(make_result: Callable[..., ScanResult]) -> None:
    finding = Finding(
        "runtime-api",
        "src/a,b:c.cu",
        3,
        1,
        3,
        9,
        "error",
        "safe",
        "none",
        "50% done\r\nsee: here, there",
        "runtime",
    )
    (line,) = render(make_result(findings=(finding,)), "github").splitlines()
    assert line == (
        "::error file=src/a%2Cb%3Ac.cu,line=3,col=1,endLine=3,endColumn=9,title=migrate%3A runtime-api"
        "::50%25 done%0D%0Asee: here, there"
    )


def test_github_leaves_columns_out_across_lines(mixed: ScanResult) -> None:
    lines = render(mixed, "github").splitlines()
    shuffle = next(line for line in lines if "warp-shuffle" in line)
    assert "line=7,endLine=8," in shuffle and "col=" not in shuffle
    unreadable = next(line for line in lines if "io-error" in line)
    assert "line=" not in unreadable


def test_markdown_escapes_table_cells(mixed: ScanResult) -> None:
    text = render(mixed, "markdown")
    assert r"x.to(device) \| 100% portable" in text
    assert r"\_\_shfl\_down\_sync" in text
    assert r"\<\<\<grid, block\>\>\>" in text


def test_text_keeps_brackets_in_messages(make_result: Callable[..., ScanResult]) -> None:
    finding = Finding(
        "runtime-api", "a.cu", 1, 1, 1, 2, "warning", "safe", "none", "[red]x[/red] :smile:", "runtime"
    )
    assert render(make_result(findings=(finding,)), "text").splitlines()[0] == format_finding(finding)
    assert "[red]x[/red] :smile:" in format_finding(finding)


@pytest.mark.parametrize("fmt", ["json", "sarif"])
@pytest.mark.parametrize("case", ["mixed", "clean"])
def test_json_reports_are_the_same_bytes_without_orjson(
    fmt: str, case: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    # orjson is only the fast path: a machine without it must write byte-identical reports.
    pytest.importorskip("orjson")
    import migrate.report.document as document

    result = request.getfixturevalue(case)
    fast = render(result, fmt)
    monkeypatch.setattr(document, "orjson", None)
    assert render(result, fmt) == fast


def test_json_keeps_values_orjson_does_not_take() -> None:
    from migrate.report.document import dumps

    big = {"b": 2**70, "a": "é"}
    assert dumps(big) == json.dumps(big, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("case", ["mixed", "clean"])
@pytest.mark.parametrize("fast", [True, False], ids=["orjson", "stdlib"])
def test_report_bytes_are_the_text_encoded(
    fmt: str, case: str, fast: bool, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The command line writes render_bytes, which makes JSON and SARIF as bytes without the text in between.
    from migrate.report import document, render_bytes

    if not fast:
        monkeypatch.setattr(document, "orjson", None)
    result = request.getfixturevalue(case)
    assert render_bytes(result, fmt) == render(result, fmt).encode("utf-8")
