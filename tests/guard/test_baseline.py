"""Baselines: counted matching by rule, path and fingerprint, deterministic files, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from migrate.baseline import BaselineError, new_findings, read_baseline, render_baseline
from migrate.cli import main
from migrate.model import Finding
from migrate.report.fingerprint import fingerprint

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

TWO_SAME = """\
#include <cuda_runtime.h>
void f(float** d)
{
    cudaMalloc(d, 4);
    cudaMalloc(d, 4);
}
"""


def _finding(line: int, snippet: str, rule: str = "runtime-api", path: str = "a.cu") -> Finding:
    return Finding(
        rule,
        path,
        line,
        5,
        line,
        15,
        "warning",
        "manual",
        "medium",
        "cudaMalloc is CUDA-only",
        "runtime",
        snippet=snippet,
    )


def _counts(findings: list[Finding]):
    from collections import Counter

    return Counter((f.rule_id, f.path, fingerprint(f)) for f in findings)


def test_identical_lines_are_counted_not_collapsed():
    old = [_finding(4, "cudaMalloc(d, 4);"), _finding(5, "cudaMalloc(d, 4);")]
    now = old + [_finding(9, "    cudaMalloc(d,   4);")]
    assert len({fingerprint(f) for f in now}) == 1
    assert [f.line for f in new_findings(now, _counts(old))] == [9]
    assert new_findings(old, _counts(old)) == []
    assert new_findings(old[:1], _counts(old)) == []  # fewer than recorded is fine


def test_moved_and_reindented_lines_still_match():
    old = [_finding(4, "cudaMalloc(d, 4);"), _finding(12, "cudaFree(d);")]
    moved = [_finding(30, "        cudaMalloc(d, 4);"), _finding(2, "cudaFree(d);")]
    assert new_findings(moved, _counts(old)) == []


def test_rule_and_path_are_part_of_the_match():
    old = [_finding(4, "cudaMalloc(d, 4);")]
    assert len(new_findings([_finding(4, "cudaMalloc(d, 4);", path="b.cu")], _counts(old))) == 1
    assert len(new_findings([_finding(4, "cudaMalloc(d, 4);", rule="other")], _counts(old))) == 1


def test_written_baseline_is_sorted_counted_and_stable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    Path("b.cu").write_text(TWO_SAME)
    Path("a.cu").write_text(TWO_SAME)
    assert main(["scan", ".", "--no-cache", "--no-progress", "--write-baseline", "one.json"]) == EXIT_CLEAN
    assert (
        main(["scan", "b.cu", "a.cu", "--no-cache", "--no-progress", "--write-baseline", "two.json"])
        == EXIT_CLEAN
    )
    one = Path("one.json").read_text()
    assert one == Path("two.json").read_text()
    rows = json.loads(one)["findings"]
    assert [r["path"] for r in rows] == sorted(r["path"] for r in rows)
    malloc = [r for r in rows if r["snippet"] == "cudaMalloc(d, 4);"]
    assert [(r["path"], r["count"], r["lines"]) for r in malloc] == [("a.cu", 2, [4, 5]), ("b.cu", 2, [4, 5])]
    assert str(tmp_path) not in one
    assert main(["scan", ".", "--no-cache", "--no-progress", "--baseline", "one.json"]) == EXIT_CLEAN


def test_a_third_copy_is_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    monkeypatch.chdir(tmp_path)
    Path("a.cu").write_text(TWO_SAME)
    main(["scan", "a.cu", "--no-cache", "--no-progress", "--write-baseline", "base.json"])
    Path("a.cu").write_text(TWO_SAME.replace("{\n", "{\n    cudaMalloc(d, 4);\n", 1))
    capsys.readouterr()
    assert main(["scan", "a.cu", "--no-cache", "--no-progress", "--baseline", "base.json"]) == EXIT_FINDINGS
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("a.cu:")]
    assert len(lines) == 1 and lines[0].startswith("a.cu:6:5: warning[runtime-api] cudaMalloc"), lines


@pytest.mark.parametrize(
    "content, phrase",
    [
        (None, "no such baseline file"),
        ("{not json", "not a valid baseline"),
        ('{"findings": {}}', "expected an object with a `findings` list"),
        ('{"version": 1, "fingerprint": "migrate/v0", "findings": []}', "write the baseline again"),
        ('{"version": 1, "fingerprint": "migrate/v1", "findings": [{"rule": "x"}]}', "findings[0].path"),
    ],
)
def test_a_missing_or_broken_baseline_is_an_error_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], content, phrase
):
    monkeypatch.chdir(tmp_path)
    Path("a.cu").write_text(TWO_SAME)
    if content is not None:
        Path("base.json").write_text(content)
    with pytest.raises(BaselineError, match="base.json"):
        read_baseline(Path("base.json"))
    assert main(["scan", "a.cu", "--no-cache", "--no-progress", "--baseline", "base.json"]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert "base.json" in err and phrase in err and "Traceback" not in err


def test_baseline_and_write_baseline_exclude_each_other(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as stop:
        main(["scan", "--baseline", "a.json", "--write-baseline", "b.json"])
    assert stop.value.code == EXIT_ERROR


def test_render_is_independent_of_input_order():
    findings = [
        _finding(5, "cudaMalloc(d, 4);", path="b.cu"),
        _finding(4, "cudaFree(d);"),
        _finding(4, "cudaMalloc(d, 4);", path="b.cu"),
    ]
    assert render_baseline(findings) == render_baseline(list(reversed(findings)))
