"""Nothing outside the given paths is read or written: symlinks, --out-dir, verify specs and rule templates."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import jinja2
import pytest

from migrate.cli import main
from migrate.templating import environment
from migrate.verify.spec import SpecError, load_case

from .trees import migrated

KERNEL = b"#include <cuda_runtime.h>\nvoid f(float* p) { cudaFree(p); }\n"
CASE = Path(__file__).resolve().parent.parent / "verify" / "cases" / "two_kernels"


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """tmp/src (the tree, with links inward, outward and nowhere) beside tmp/outside (someone else's files)."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "softmax.cu").write_bytes(KERNEL)
    src = tmp_path / "src"
    (src / ".git").mkdir(parents=True)
    (src / "k.cu").write_bytes(KERNEL)
    (src / "lib").mkdir()
    (src / "lib" / "shared.cu").write_bytes(KERNEL)
    (src / "linked").symlink_to("../outside", target_is_directory=True)
    (src / "header.cu").symlink_to("../outside/softmax.cu")
    (src / "inner.cu").symlink_to("lib/shared.cu")
    (src / "gone.cu").symlink_to("never-there.cu")
    (src / "loop").symlink_to(".", target_is_directory=True)
    return tmp_path


def _run(cwd: Path, *args: str) -> int:
    here = Path.cwd()
    os.chdir(cwd)
    try:
        return main(list(args))
    finally:
        os.chdir(here)


def test_apply_never_writes_through_a_link_and_never_replaces_one(layout: Path, capsys) -> None:
    src = layout / "src"
    assert _run(layout, "apply", "--no-cache", "src") == 0
    assert (layout / "outside" / "softmax.cu").read_bytes() == KERNEL, "a file outside the tree was rewritten"
    for link in ("linked", "header.cu", "inner.cu", "gone.cu", "loop"):
        assert (src / link).is_symlink(), f"{link} is no longer a link"
    assert (src / "k.cu").read_bytes() == migrated("k.cu", KERNEL)
    assert (src / "lib" / "shared.cu").read_bytes() == migrated("shared.cu", KERNEL), (
        "the inward link's target"
    )
    err = capsys.readouterr().err
    assert "src/header.cu: left alone: symlink to a file outside the tree" in err
    assert "src/linked: left alone: symlink to a folder outside the tree" in err


def test_scan_reports_each_outward_link_with_a_finding(layout: Path, capsys) -> None:
    assert _run(layout / "src", "scan", "--no-cache", "--format", "json", ".") == 1
    report = json.loads(capsys.readouterr().out)
    links = sorted(f["path"] for f in report["findings"] if f["rule_id"] == "symlink-skipped")
    assert links == ["header.cu", "linked"]
    assert {f["path"] for f in report["findings"] if f["rule_id"] != "symlink-skipped"} == {
        "k.cu",
        "lib/shared.cu",
    }


def test_out_dir_copies_links_inside_the_tree_and_reports_the_rest(layout: Path, capsys) -> None:
    out = layout / "out"
    assert _run(layout, "apply", "--no-cache", "--root", str(layout), "--out-dir", str(out), "src") == 0
    copy = out / "src"
    assert (copy / "k.cu").read_bytes() == migrated("k.cu", KERNEL)
    assert (copy / "inner.cu").is_symlink() and (copy / "inner.cu").resolve() == (copy / "lib" / "shared.cu")
    assert not os.path.lexists(copy / "header.cu") and not os.path.lexists(copy / "linked")
    assert not os.path.lexists(copy / "gone.cu")
    err = capsys.readouterr().err
    for link, problem in (("gone.cu", "dangling"), ("header.cu", "outside"), ("linked", "outside")):
        assert f"src/{link}: " in err and problem in err
    assert (layout / "src" / "k.cu").read_bytes() == KERNEL


def test_out_dir_inside_the_tree_is_left_out_of_the_walk(layout: Path) -> None:
    src = layout / "src"
    for _ in range(2):
        assert _run(src, "apply", "--no-cache", ".", "--out-dir", "migrated") == 0
    assert not (src / "migrated" / "migrated").exists(), "a second run copied the copy"
    assert (src / "migrated" / "k.cu").read_bytes() == migrated("k.cu", KERNEL)
    nested = src / "lib" / "migrated"
    assert _run(src, "apply", "--no-cache", "lib", "--out-dir", str(nested)) == 0
    assert not (nested / "lib" / "migrated").exists()


def test_out_dir_errors_are_one_line(layout: Path, capsys) -> None:
    work = layout / "work"
    work.mkdir()
    assert _run(work, "apply", "--no-cache", "../src", "--out-dir", "out") == 2
    assert "outside the root" in capsys.readouterr().err
    assert _run(layout / "src", "apply", "--no-cache", ".", "--out-dir", ".") == 2
    assert "over" in capsys.readouterr().err


@pytest.mark.parametrize("sources", ['["/abs/victim.cu"]', '["../victim.cu"]', '["link/victim.cu"]'])
def test_a_verify_spec_naming_files_outside_its_case_is_a_spec_error(tmp_path: Path, sources: str) -> None:
    folder = tmp_path / "case"
    shutil.copytree(CASE, folder)
    (tmp_path / "elsewhere").mkdir()
    (folder / "link").symlink_to("../elsewhere", target_is_directory=True)
    spec = (folder / "verify.toml").read_text()
    assert '\n[kernels]\nsources = ["two_kernels.cu"]' in spec
    (folder / "verify.toml").write_text(spec.replace('sources = ["two_kernels.cu"]', f"sources = {sources}"))
    with pytest.raises(SpecError, match=r"kernels\.sources"):
        load_case(folder)


def test_a_verify_side_outside_its_case_is_a_spec_error(tmp_path: Path) -> None:
    folder = tmp_path / "case"
    shutil.copytree(CASE, folder)
    spec = (folder / "verify.toml").read_text()
    (folder / "verify.toml").write_text(spec.replace('sources = "."', 'sources = "/etc"'))
    with pytest.raises(SpecError, match=r"original\.sources"):
        load_case(folder)


def test_a_template_cannot_reach_python_internals(tmp_path: Path) -> None:
    witness = tmp_path / "ran"
    escape = "{{ cycler.__init__.__globals__.os.popen('touch " + str(witness) + "').read() }}"
    with pytest.raises(jinja2.exceptions.SecurityError):
        environment().from_string(escape).render()
    assert not witness.exists()


def test_a_rule_naming_a_missing_template_is_a_rule_error(tmp_path: Path, capsys) -> None:
    from migrate.rules import RULES_DIR

    rules = tmp_path / "rules"
    shutil.copytree(RULES_DIR, rules)
    rule_file = next(
        p for p in rules.rglob("*.toml") if 'template = "' in p.read_text() and "maps" not in p.parts
    )
    text = rule_file.read_text()
    start = text.index('template = "') + len('template = "')
    rule_file.write_text(text[:start] + "fixes/no-such-template.cpp.j2" + text[text.index('"', start) :])
    from migrate.engine import ScanOptions, scan
    from migrate.rules import RuleError

    (tmp_path / "k.cu").write_bytes(KERNEL)
    with pytest.raises(RuleError, match=rf"{rule_file.name}: fix\.template: template fixes/no-such-template"):
        scan(ScanOptions(paths=(tmp_path / "k.cu",), root=tmp_path, rules_dir=rules))


def test_a_link_named_on_the_command_line_migrates_its_target_inside_the_root(layout: Path) -> None:
    src = layout / "src"
    assert _run(src, "apply", "--no-cache", "inner.cu") == 0
    assert (src / "inner.cu").is_symlink()
    assert (src / "lib" / "shared.cu").read_bytes() == migrated("shared.cu", KERNEL)
    assert _run(src, "apply", "--no-cache", "header.cu") == 0
    assert (layout / "outside" / "softmax.cu").read_bytes() == KERNEL
