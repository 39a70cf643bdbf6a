"""`migrate apply`: byte-exact edits, idempotence, encodings and line endings, modes, and refusal of broken files."""

from __future__ import annotations

import shutil
import re
from pathlib import Path

import pytest

from migrate import rewrite
from migrate.cli import main
from migrate.engine import plan_source, scan_bytes
from migrate.match import compile_rules
from migrate.rewrite import plan_file
from migrate.rules import load_catalog
from migrate.sources import language_of

ROOT = Path(__file__).resolve().parent.parent
CATALOG = load_catalog()
RULESET = compile_rules(CATALOG, CATALOG.rules)

LAUNCH = b"""#include <cuda_runtime.h>
__global__ void scale(float* x, float a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= a; }
int main() {
    float* d = nullptr;
    scale<<<4, 256>>>(d, 2.0f, 1024);
    return 0;
}
"""


def _sources() -> list[Path]:
    found = [p for p in (ROOT / "corpus").rglob("*") if p.is_file() and language_of(p) and "migrated" not in p.parts]
    found += [p for p in (ROOT / "tests" / "fixtures").rglob("input*") if p.is_file()]
    return sorted(found)


def _plan(relpath: str, language: str, data: bytes, markers: bool = True):
    return plan_source(RULESET, relpath, language, data, markers=markers).plan


def _language(path: Path) -> str:
    return language_of(path) or "cuda"


@pytest.mark.parametrize("path", _sources(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_apply_is_idempotent_and_keeps_untouched_bytes(path: Path) -> None:
    data = path.read_bytes()
    language = _language(path)
    first = _plan(path.name, language, data)
    second = _plan(path.name, language, first.migrated)
    assert second.migrated == first.migrated, "a second apply changed the file again"
    # Every byte outside the applied edits stays, in order: the migration may insert (includes, imports, a
    # prelude) and replace inside edits, but the rest of the file reads the same. Markers are whole inserted
    # lines and would only add noise, so this half runs without them.
    first = _plan(path.name, language, data, markers=False)
    spans = sorted((e.start, e.end) for f in first.applied for e in f.edits)
    kept, cursor = [], 0
    for start, end in spans:
        kept.append(_outside_includes(data, cursor, start))
        cursor = max(cursor, end)
    kept.append(_outside_includes(data, cursor, len(data)))
    position = 0
    for segment in kept:
        for line in segment.splitlines(keepends=True):
            if re.match(rb"[ \t]*#[ \t]*include", line):
                continue  # a repeated include of the runtime header is folded into one
            found = first.migrated.find(line, position)
            assert found != -1, f"untouched bytes {line[:60]!r} are missing or out of order after the migration"
            position = found + len(line)


def _outside_includes(data: bytes, start: int, end: int) -> bytes:
    """data[start:end] less the rest of an #include line it starts in: a repeated include of the runtime header
    is folded into one, its line's tail included."""
    line_start = data.rfind(b"\n", 0, start) + 1
    if re.match(rb"[ \t]*#[ \t]*include", data[line_start:start]):
        newline = data.find(b"\n", start, end)
        start = end if newline == -1 else newline + 1
    return data[start:end]


def test_edits_of_one_file_never_overlap() -> None:
    for path in _sources():
        findings = scan_bytes(RULESET, path.name, _language(path), path.read_bytes())
        plan = plan_file(path.name, _language(path), path.read_bytes(), findings, CATALOG.rules, markers=False)
        spans = sorted((e.start, e.end) for f in plan.applied for e in f.edits)
        for (_, end), (start, _) in zip(spans, spans[1:]):
            assert end <= start, f"{path}: overlapping edits"


def test_no_rule_selected_changes_nothing() -> None:
    ruleset = compile_rules(CATALOG, [])
    for path in _sources():
        data = path.read_bytes()
        findings = scan_bytes(ruleset, path.name, _language(path), data)
        plan = plan_file(path.name, _language(path), data, findings, CATALOG.rules)
        assert plan.migrated == data


def test_launch_becomes_prt_launch_kernel_with_every_argument() -> None:
    plan = _plan("k.cu", "cuda", LAUNCH, markers=False)
    text = plan.migrated.decode()
    assert "prtLaunchKernel(scale, 4, 256, 0, 0, d, 2.0f, 1024);" in text
    assert text.count("#include <prt/prt.h>") == 1
    assert "cuda_runtime.h" not in text


@pytest.mark.parametrize("newline", [b"\n", b"\r\n"])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_encoding_bom_and_line_endings_are_kept(newline: bytes, bom: bytes) -> None:
    data = bom + LAUNCH.replace(b"\n", newline)
    plan = _plan("k.cu", "cuda", data)
    assert plan.changed
    assert plan.migrated.startswith(bom)
    body = plan.migrated[len(bom) :]
    assert body.count(b"\n") == body.count(newline) if newline == b"\r\n" else b"\r\n" not in body


def test_latin1_file_keeps_its_bytes() -> None:
    data = "// caf\xe9 au lait\n".encode("latin-1") + LAUNCH
    plan = _plan("k.cu", "cuda", data)
    assert plan.changed
    assert plan.migrated.startswith("// caf\xe9".encode("latin-1"))


def test_cli_modes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = tmp_path / "proj"
    tree.mkdir()
    (tree / "k.cu").write_bytes(LAUNCH)
    args = ["--root", str(tree), "--no-cache", str(tree)]
    assert main(["apply", "--check", *args]) == 1
    assert main(["apply", "--diff", *args]) == 1
    out = capsys.readouterr().out
    assert "+    prtLaunchKernel(scale" in out and "--- a/k.cu" in out
    assert (tree / "k.cu").read_bytes() == LAUNCH, "--check and --diff must write nothing"
    copy = tmp_path / "copy"
    assert main(["apply", "--out-dir", str(copy), *args]) == 0
    assert (tree / "k.cu").read_bytes() == LAUNCH, "--out-dir must leave the original alone"
    assert b"prtLaunchKernel" in (copy / "k.cu").read_bytes()
    assert main(["apply", *args]) == 0
    assert b"prtLaunchKernel" in (tree / "k.cu").read_bytes()
    assert main(["apply", "--check", *args]) == 0, "applying twice changes nothing"
    assert not list(tree.glob(".*migrate-tmp")), "no temporary file left behind"


def test_file_with_a_parse_error_is_migrated_where_it_is_intact(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = LAUNCH.replace(b"return 0;", b"return (0;; }} {")
    (tmp_path / "bad.cu").write_bytes(broken)
    code = main(["apply", "--root", str(tmp_path), "--no-cache", str(tmp_path)])
    assert code == 0
    migrated = (tmp_path / "bad.cu").read_bytes()
    assert b"#include <prt/prt.h>" in migrated and b"return (0;; }} {" in migrated
    assert "not migrated" not in capsys.readouterr().err
    findings = scan_bytes(RULESET, "bad.cu", "cuda", migrated)
    assert "parse-error" in {f.rule_id for f in findings}, "the unreadable region is still reported"


def test_edit_that_breaks_the_syntax_refuses_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = rewrite.apply_edits
    monkeypatch.setattr(rewrite, "apply_edits", lambda data, edits, encoding: real(data, edits, encoding) + b"\n}}} (")
    (tmp_path / "k.cu").write_bytes(LAUNCH)
    (tmp_path / "plain.cu").write_bytes(b"int main() { return 0; }\n")
    code = main(["apply", "--root", str(tmp_path), "--no-cache", str(tmp_path)])
    assert code == 2
    assert (tmp_path / "k.cu").read_bytes() == LAUNCH
    err = capsys.readouterr().err
    assert "k.cu: not migrated: the migrated file would not parse" in err


STATEMENT_MACROS = b"""#include <cuda_runtime.h>
#include <cusparse.h>
#define CHECK(call) { if ((call) != 0) return 1; }

int main() {
  float* d = nullptr;
  CHECK( cudaMalloc((void**)&d, 64) )
  cusparseHandle_t handle = NULL;
  csric02Info_t info;
  CHECK( cusparseCreate(&handle) )
  CHECK( cusparseCreateCsric02Info(&info) )
  cudaDeviceSynchronize();
  CHECK( cusparseDestroyCsric02Info(info) )
  CHECK( cusparseDestroy(handle) )
  CHECK( cudaFree(d) )
  return 0;
}
"""


def test_markers_between_statement_macros_do_not_refuse_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # HeCBench's cuSPARSE programs: marker lines between CHECK(call) statements written without a semicolon move
    # where tree-sitter's error recovery resynchronises (0 errors before, 3 with the markers); the edits alone
    # parse as the original does, so the file is migrated, markers and all.
    (tmp_path / "k.cu").write_bytes(STATEMENT_MACROS)
    code = main(["apply", "--root", str(tmp_path), "--no-cache", str(tmp_path)])
    assert code == 0
    assert "not migrated" not in capsys.readouterr().err
    migrated = (tmp_path / "k.cu").read_bytes()
    assert b"CHECK( prtMalloc((void**)&d, 64) )" in migrated and b"prtDeviceSynchronize();" in migrated
    assert b"// migrate: manual[cusparse-api] cusparseCreateCsric02Info" in migrated


def test_edit_that_breaks_the_syntax_refuses_the_file_with_markers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = rewrite.apply_edits
    monkeypatch.setattr(rewrite, "apply_edits", lambda data, edits, encoding: real(data, edits, encoding) + b"\n}}} (")
    (tmp_path / "k.cu").write_bytes(STATEMENT_MACROS)
    code = main(["apply", "--root", str(tmp_path), "--no-cache", str(tmp_path)])
    assert code == 2
    assert (tmp_path / "k.cu").read_bytes() == STATEMENT_MACROS
    assert "k.cu: not migrated: the migrated file would not parse" in capsys.readouterr().err


def test_templates_named_by_rules_exist_and_render() -> None:
    for rule in CATALOG.rules.values():
        template = (rule.fix or {}).get("template")
        if template is None:
            continue
        assert (ROOT / "templates" / template).is_file(), f"{rule.path}: template {template} is missing"
        cases = [
            p
            for p in (ROOT / "tests" / "fixtures" / rule.id).glob("*/*")
            if not p.name.startswith(("findings", "expected", "engine-gap"))
        ]
        rendered = False
        for case in cases:
            findings = scan_bytes(compile_rules(CATALOG, [rule.id]), case.name, _language(case), case.read_bytes())
            rendered |= any(f.edits for f in findings)
        assert rendered, f"{rule.id}: no fixture renders its template {template}"


def test_out_dir_copies_the_whole_tree(tmp_path: Path) -> None:
    tree = tmp_path / "proj"
    shutil.copytree(ROOT / "corpus" / "vector_add", tree, ignore=shutil.ignore_patterns("migrated*"))
    out = tmp_path / "out"
    assert main(["apply", "--root", str(tmp_path), "--no-cache", "--out-dir", str(out), str(tree)]) == 0
    assert (out / "proj" / "README.md").is_file()


def test_a_marker_above_the_first_include_stays_above_it() -> None:
    data = b"#include <nvrtc.h>\n" + LAUNCH.replace(b"#include <cuda_runtime.h>\n", b"")
    first = _plan("k.cu", "cuda", data)
    assert first.migrated.startswith(b"#include <prt/prt.h>\n// migrate: manual[include-cuda-library]")
    assert _plan("k.cu", "cuda", first.migrated).migrated == first.migrated, "a second apply added a marker"
