"""The CUDA C++ corpus migrates to the committed sources, keeps only its listed manual findings, and the migrated
programs build with g++ on the runtime's CPU backend and print PASS."""

from __future__ import annotations

import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from migrate import runtime_info
from migrate.engine import scan_bytes
from migrate.match import compile_rules
from migrate.report import format_finding
from migrate.rewrite import plan_file
from migrate.rules import load_catalog
from migrate.sources import language_of

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
PROGRAMS = sorted(p.parent.parent.name for p in CORPUS.glob("*/migrated/*.cu"))
CATALOG = load_catalog()
RULESET = compile_rules(CATALOG, CATALOG.rules)
# Findings that describe code which needs no edit: the runtime keeps kernels, constant memory, 16-bit floats and
# warp intrinsics as they are written, CUDA architectures apply to the CUDA backend alone, and a kernel with
# barriers that keeps fibers on the CPU backend needs nothing either.
NOTES = {"kernel-definition", "constant-memory", "half-precision", "warp-intrinsic", "cmake-cuda-architectures",
         "kernel-barrier-regions"}


def _sources(program: str) -> list[Path]:
    return sorted(p for p in (CORPUS / program).iterdir() if p.is_file() and language_of(p) in ("cuda", "cmake", "make"))


def _migrate(path: Path) -> bytes:
    data = path.read_bytes()
    language = language_of(path) or "cuda"
    findings = scan_bytes(RULESET, path.name, language, data)
    return plan_file(path.name, language, data, findings, CATALOG.rules).migrated


def test_every_cuda_program_has_a_migration() -> None:
    cuda_programs = {p.parent.name for p in CORPUS.glob("*/*.cu") if (p.parent / "Makefile").is_file()}
    assert cuda_programs - {"torch_extension"} <= set(PROGRAMS)


@pytest.mark.parametrize("program", PROGRAMS)
def test_migrated_sources_are_what_apply_writes(program: str, request: pytest.FixtureRequest) -> None:
    for source in _sources(program):
        committed = CORPUS / program / "migrated" / source.name
        migrated = _migrate(source)
        if request.config.getoption("--update-goldens"):
            committed.write_bytes(migrated)
        assert committed.read_bytes() == migrated, f"{committed} differs from what migrate apply writes"


@pytest.mark.parametrize("program", PROGRAMS)
def test_only_listed_manual_findings_remain(program: str, request: pytest.FixtureRequest) -> None:
    """What a person still has to do is the committed list `migrated/remaining.txt`, reviewed by reading it."""
    lines = []
    for path in sorted((CORPUS / program / "migrated").iterdir()):
        language = language_of(path)
        if language is None or not path.is_file():
            continue
        for finding in scan_bytes(RULESET, path.name, language, path.read_bytes()):
            if finding.rule_id not in NOTES:
                assert finding.safety == "manual", f"{format_finding(finding)}: a fixable finding is left"
                lines.append(format_finding(finding) + "\n")
    golden = CORPUS / program / "migrated" / "remaining.txt"
    if request.config.getoption("--update-goldens"):
        golden.write_text("".join(lines), encoding="utf-8")
    assert "".join(lines) == golden.read_text(encoding="utf-8")


def _build_and_run(program: str, work: Path) -> tuple[str, str]:
    folder = work / program
    shutil.copytree(CORPUS / program / "migrated", folder)
    binary = folder / program
    command = [
        "g++", "-x", "c++", *runtime_info.cflags().split(), "-O1", "-w",
        *[str(p) for p in sorted(folder.glob("*.cu"))], "-x", "none", "-o", str(binary),
        *runtime_info.libs().split(), "-lopenblas",
    ]
    built = subprocess.run(command, capture_output=True, text=True)
    if built.returncode != 0:
        return "BUILD", built.stderr[-3000:]
    ran = subprocess.run([str(binary)], cwd=folder, capture_output=True, text=True, timeout=300)
    return ("PASS" if ran.returncode == 0 and ran.stdout.rstrip().endswith("PASS") else "FAIL"), ran.stdout[-3000:]


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_migrated_programs_build_with_gxx_and_pass(tmp_path: Path) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(zip(PROGRAMS, pool.map(lambda p: _build_and_run(p, tmp_path), PROGRAMS)))
    failed = {name: result for name, result in results.items() if result[0] != "PASS"}
    assert not failed, "\n".join(f"{name}: {verdict}\n{log}" for name, (verdict, log) in failed.items())
