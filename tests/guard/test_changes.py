"""--since REV on a small real repository: changed and added lines, untracked files, renames, and errors."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from migrate.changes import ChangesError, changes_since, parse_diff
from migrate.cli import main

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

LEGACY = """\
#include <cuda_runtime.h>
void f(float** d)
{
    cudaMalloc(d, 4);
}
"""


def _git(cwd: Path, *args: str) -> str:
    env = dict(
        os.environ,
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_CONFIG_NOSYSTEM="1",
        GIT_AUTHOR_NAME="T",
        GIT_AUTHOR_EMAIL="t@example.com",
        GIT_COMMITTER_NAME="T",
        GIT_COMMITTER_EMAIL="t@example.com",
    )
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    _git(tmp_path, "init", "-q", "-b", "main")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.cu").write_text(LEGACY)
    (tmp_path / "old.py").write_text("import torch\nx = torch.zeros(2).cuda()\n")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "legacy")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _reported(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [
        line.split(" ", 1)[0]
        for line in capsys.readouterr().out.splitlines()
        if line[:1].isalnum() and ":" in line.split(" ", 1)[0]
    ]


def test_unchanged_tree_has_nothing_new(repo: Path):
    assert main(["scan", ".", "--no-cache", "--no-progress", "--since", "HEAD"]) == EXIT_CLEAN


def test_added_and_changed_lines_and_untracked_files(repo: Path, capsys: pytest.CaptureFixture[str]):
    (repo / "src" / "a.cu").write_text(LEGACY.replace("{\n", "{\n    cudaFree(0);\n").replace("d, 4", "d, 8"))
    (repo / "new.py").write_text("import torch\ny = torch.ones(2).cuda()\n")
    assert main(["scan", ".", "--no-cache", "--no-progress", "--since", "HEAD"]) == EXIT_FINDINGS
    reported = _reported(capsys)
    assert "src/a.cu:4:5:" in reported and "src/a.cu:5:5:" in reported  # added, and changed in place
    assert "src/a.cu:1:1:" not in reported  # the include did not change
    assert any(site.startswith("new.py:2:") for site in reported)  # untracked: every line is new
    assert not any(site.startswith("old.py") for site in reported)


def test_staged_changes_count_and_earlier_revisions_work(repo: Path, capsys: pytest.CaptureFixture[str]):
    (repo / "old.py").write_text("import torch\nx = torch.zeros(2).cuda()\ntorch.cuda.synchronize()\n")
    _git(repo, "add", "old.py")
    assert main(["scan", "old.py", "--no-cache", "--no-progress", "--since", "HEAD"]) == EXIT_FINDINGS
    assert [s for s in _reported(capsys) if s.startswith("old.py")] == ["old.py:3:1:"]
    _git(repo, "commit", "-q", "-m", "sync")
    assert main(["scan", "old.py", "--no-cache", "--no-progress", "--since", "HEAD"]) == EXIT_CLEAN
    assert main(["scan", "old.py", "--no-cache", "--no-progress", "--since", "HEAD~1"]) == EXIT_FINDINGS


def test_a_renamed_file_is_not_new(repo: Path):
    _git(repo, "mv", "src/a.cu", "src/b.cu")
    assert main(["scan", ".", "--no-cache", "--no-progress", "--since", "HEAD"]) == EXIT_CLEAN


def test_individual_files_from_a_subfolder(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    (repo / "src" / "a.cu").write_text(LEGACY + "void g() { cudaDeviceReset(); }\n")
    monkeypatch.chdir(repo / "src")
    assert main(["scan", "a.cu", "--no-cache", "--no-progress", "--since", "HEAD"]) == EXIT_FINDINGS
    assert _reported(capsys) == ["a.cu:6:12:"]


def test_deleted_lines_add_nothing():
    diff = (
        b"diff --git a/x.cu b/x.cu\n--- a/x.cu\n+++ b/x.cu\n@@ -3,2 +2,0 @@\n-gone\n-gone\n"
        b"@@ -9 +8 @@\n-old\n+new\n@@ -20,0 +20,3 @@\n+a\n+b\n+c\n"
        b"diff --git a/y.cu b/y.cu\ndeleted file mode 100644\n--- a/y.cu\n+++ /dev/null\n@@ -1 +0,0 @@\n-y\n"
        b'diff --git "a/sp ace\\303\\251.cu" "b/sp ace\\303\\251.cu"\n--- "a/sp ace\\303\\251.cu"\n'
        b'+++ "b/sp ace\\303\\251.cu"\n@@ -0,0 +1 @@\n+z\n'
    )
    lines = parse_diff(diff, Path("/top"))
    assert lines == {"/top/x.cu": frozenset({8, 20, 21, 22}), "/top/sp aceé.cu": frozenset({1})}


def test_outside_a_repository_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    Path("a.cu").write_text(LEGACY)
    with pytest.raises(ChangesError, match="not inside a git repository"):
        changes_since("HEAD", tmp_path)
    assert main(["scan", "a.cu", "--no-cache", "--no-progress", "--since", "HEAD"]) == EXIT_ERROR
    assert "not inside a git repository" in capsys.readouterr().err


@pytest.mark.parametrize("revision", ["no-such-branch", "--output=x", "HEAD~5"])
def test_an_unknown_revision_is_an_error(repo: Path, capsys: pytest.CaptureFixture[str], revision: str):
    assert main(["scan", ".", "--no-cache", "--no-progress", f"--since={revision}"]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert revision in err and "Traceback" not in err
    assert not (repo / "x").exists()


def test_since_and_baseline_combine(repo: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["scan", ".", "--no-cache", "--no-progress", "--write-baseline", "base.json"]) == EXIT_CLEAN
    (repo / "src" / "a.cu").write_text(LEGACY.replace("    cudaMalloc", "        cudaMalloc"))
    args = ["scan", ".", "--no-cache", "--no-progress", "--since", "HEAD"]
    assert main(args) == EXIT_FINDINGS  # re-indenting changes the line for git
    capsys.readouterr()
    assert main([*args, "--baseline", "base.json"]) == EXIT_CLEAN
