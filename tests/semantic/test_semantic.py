"""The libclang frontend on real sources: tests/semantic/cases/<case>/ holds the files and findings.txt."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from migrate.report import format_finding
from migrate.rules import load_catalog
from migrate.semantic import SemanticUnavailable, _cindex, load_compile_commands, semantic_findings

try:
    _cindex()
except SemanticUnavailable as exc:
    pytest.skip(f"libclang cannot be loaded: {exc}", allow_module_level=True)

CASES = Path(__file__).parent / "cases"
CATALOG = load_catalog()
SUFFIXES = (".cu", ".cuh", ".h", ".cpp")


def _cases() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if p.is_dir())


def _scan(case: Path) -> str:
    files = sorted((p, p.relative_to(case).as_posix()) for p in case.rglob("*") if p.suffix in SUFFIXES)
    database = case / "compile_commands.json"
    flags = load_compile_commands(database) if database.is_file() else []
    findings = semantic_findings(files, flags, CATALOG)
    return "".join(format_finding(f) + "\n" for f in findings)


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.name)
def test_case(case: Path, request: pytest.FixtureRequest) -> None:
    lines = _scan(case)
    golden = case / "findings.txt"
    if request.config.getoption("--update-goldens"):
        golden.write_text(lines, encoding="utf-8")
    assert golden.is_file(), f"{case}: findings.txt is missing (run pytest --update-goldens and read it)"
    assert lines == golden.read_text(encoding="utf-8")


def test_every_finding_comes_from_libclang() -> None:
    files = [(p, p.name) for p in (CASES / "macro").glob("*.cu")]
    findings = semantic_findings(files, ["-DUNUSED=1"], CATALOG)
    assert findings
    assert {f.origin for f in findings} == {"libclang"}
    assert all(f.message.endswith("[libclang]") for f in findings)


def test_two_runs_agree() -> None:
    case = CASES / "template"
    assert _scan(case) == _scan(case)


def test_without_flags_the_macro_is_not_cuda() -> None:
    """The compile-commands case finds its call only with the database's -D and -I flags."""
    case = CASES / "compile-commands"
    findings = semantic_findings([(case / "main.cu", "main.cu")], ["-I", str(case / "include")], CATALOG)
    assert [f.rule_id for f in findings] == []


def test_missing_libclang_is_one_clear_error() -> None:
    code = (
        "from migrate.semantic import SemanticUnavailable, _cindex\n"
        "try:\n    _cindex()\nexcept SemanticUnavailable as exc:\n    print(exc)\n"
    )
    env = {**os.environ, "MIGRATE_LIBCLANG": "/nonexistent/libclang.so"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert "apt-get install libclang1-19 libclang-common-19-dev" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
