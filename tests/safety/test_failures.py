"""One file's internal error, or one write that fails, costs that file only: the rest of the run goes on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from migrate import match, tile
from migrate.cli import main
from migrate.engine import ApplyOptions, ScanOptions, apply_migration

from .trees import make_tree, migrated, read_tree

CULPRIT = "part3/k3.cu"
TILE_KERNEL = b"""#include <cuda_runtime.h>
__global__ void add(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
"""


def _raise_for(marker: bytes):
    def check(data: bytes) -> None:
        if marker in data:
            raise AttributeError("'NoneType' object has no attribute 'text'")

    return check


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    root = tmp_path / "tree"
    files = make_tree(root, 500)
    files[CULPRIT] = files[CULPRIT].replace(b"void run(", b"void culprit_run(")
    (root / CULPRIT).write_bytes(files[CULPRIT])
    return root, files


def _check_outcome(root: Path, files: dict[str, bytes], report) -> None:
    after = read_tree(root, files)
    assert after[CULPRIT] == files[CULPRIT], "the failing file must stay untouched"
    for relpath, data in files.items():
        if relpath != CULPRIT:
            assert after[relpath] == migrated(relpath, data), f"{relpath} was not migrated"
    errors = [f for f in report.migration.result.findings if f.rule_id == "internal-error"]
    assert [f.path for f in errors] == [CULPRIT]
    assert "AttributeError" in errors[0].message
    assert CULPRIT in report.migration.traces


@pytest.mark.parametrize("step", ["rule", "template"])
def test_an_exception_in_one_rule_or_template_fails_only_its_file(
    tree: tuple[Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    root, files = tree
    check = _raise_for(b"culprit_run")
    if step == "rule":
        real_run = match.FileMatcher.run

        def run(self):
            check(self.text.data)
            return real_run(self)

        monkeypatch.setattr(match.FileMatcher, "run", run)
    else:
        real_render = match._render_fix

        def render(rule, fix, fields):
            if fix.get("template"):
                check(str(dict(fields)).encode())
            return real_render(rule, fix, fields)

        monkeypatch.setattr(match, "_render_fix", render)
        # The template's fields hold the launch's text: make the culprit's launch name it.
        files[CULPRIT] = (
            files[CULPRIT].replace(b"void culprit_run(", b"void run(")
            + b"void g(float* culprit_run) { scale<<<1, 1>>>(culprit_run, 1.0f, 1); }\n"
        )
        (root / CULPRIT).write_bytes(files[CULPRIT])
    report = apply_migration(ScanOptions(paths=(root,), root=root, jobs=1), ApplyOptions())
    _check_outcome(root, files, report)


def test_an_exception_in_the_tile_step_fails_only_its_file(
    tree: tuple[Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, files = tree
    (root / "kernels").mkdir()
    (root / "kernels" / "add.cu").write_bytes(TILE_KERNEL)
    check = _raise_for(b"culprit_run")
    real = tile.translate_tree

    def translate(given: dict[str, bytes]):
        for data in given.values():
            check(data)
        return real(given)

    monkeypatch.setattr(tile, "translate_tree", translate)
    report = apply_migration(ScanOptions(paths=(root,), root=root, jobs=1), ApplyOptions(tile=True))
    _check_outcome(root, files, report)
    assert (
        "kernels/add_tile.py" in report.migration.tile_files and (root / "kernels" / "add_tile.py").is_file()
    )
    monkeypatch.setattr(tile, "translate_tree", real)
    (root / CULPRIT).write_bytes(migrated(CULPRIT, files[CULPRIT]))
    again = apply_migration(ScanOptions(paths=(root,), root=root, jobs=1), ApplyOptions(tile=True))
    assert [o.relpath for o in again.migration.outputs] == ["part3/k3_tile.py"], "only what failed is new"
    third = apply_migration(ScanOptions(paths=(root,), root=root, jobs=1), ApplyOptions(tile=True))
    assert not third.migration.outputs, "an apply --tile after a whole one changes nothing"


def test_an_internal_error_is_one_line_and_a_trace_only_with_verbose(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "tree"
    files = make_tree(root, 3)
    relpath = sorted(files)[0]
    real_run = match.FileMatcher.run
    monkeypatch.setattr(
        match.FileMatcher,
        "run",
        lambda self: (_ for _ in ()).throw(KeyError("x")) if self.relpath == relpath else real_run(self),
    )
    assert main(["apply", "--no-cache", "--root", str(root), str(root)]) == 2
    err = capsys.readouterr().err
    assert f"{relpath}: not migrated: migrate failed on this file (KeyError" in err
    assert "Traceback" not in err
    (root / relpath).write_bytes(files[relpath])
    assert main(["apply", "--no-cache", "--verbose", "--root", str(root), str(root)]) == 2
    assert "Traceback" in capsys.readouterr().err
    code = main(["scan", "--no-cache", "--root", str(root), str(root)])
    assert code == 2
    assert "internal-error" in capsys.readouterr().out


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder: nothing to test")
def test_an_unwritable_folder_is_reported_per_file_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "tree"
    files = make_tree(root, 30)
    locked = root / "part2"
    locked.chmod(0o555)
    try:
        code = main(["apply", "--no-cache", "--root", str(root), str(root)])
    finally:
        locked.chmod(0o755)
    assert code == 2
    err = capsys.readouterr().err
    after = read_tree(root, files)
    for relpath, data in files.items():
        if relpath.startswith("part2/"):
            assert after[relpath] == data
            assert f"{relpath}: cannot write" in err
        else:
            assert after[relpath] == migrated(relpath, data)


def test_a_full_disk_is_reported_per_file_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import errno

    from migrate import writeplan

    root = tmp_path / "tree"
    files = make_tree(root, 20)
    real = writeplan.os.fsync

    def fsync(fd: int) -> None:
        if "part1" in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    if not os.path.exists("/proc/self/fd"):
        pytest.skip("needs /proc to tell which file a descriptor writes")
    monkeypatch.setattr(writeplan.os, "fsync", fsync)
    assert main(["apply", "--no-cache", "--root", str(root), str(root)]) == 2
    err = capsys.readouterr().err
    after = read_tree(root, files)
    for relpath, data in files.items():
        if relpath.startswith("part1/"):
            assert after[relpath] == data and f"{relpath}: cannot write: No space left on device" in err
        else:
            assert after[relpath] == migrated(relpath, data)
    assert not [p for p in root.rglob("*") if p.name.endswith(".migrate-tmp")]
