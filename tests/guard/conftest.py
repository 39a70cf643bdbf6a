"""A real git repository per test, and this checkout committed to a throwaway repository that pre-commit installs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent


def git_env(home: Path) -> dict[str, str]:
    """An environment whose git ignores the user's settings and names a fixed author."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_AUTHOR_NAME="Tester",
        GIT_AUTHOR_EMAIL="tester@example.com",
        GIT_COMMITTER_NAME="Tester",
        GIT_COMMITTER_EMAIL="tester@example.com",
        XDG_CACHE_HOME=str(home / "cache"),
        PRE_COMMIT_HOME=str(home / "pre-commit"),
        PRE_COMMIT_COLOR="never",
        NO_COLOR="1",
    )
    return env


def run(
    args: list[str], cwd: Path, env: dict[str, str], check: bool = True
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done


@dataclass
class Project:
    """A git repository in a temporary folder, driven as a person would: write files, stage, commit."""

    path: Path
    env: dict[str, str]

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return run(["git", *args], self.path, self.env, check)

    def write(self, relpath: str, text: str) -> None:
        target = self.path / relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def read(self, relpath: str) -> str:
        return (self.path / relpath).read_text(encoding="utf-8")

    def commit(self, message: str, *paths: str) -> subprocess.CompletedProcess[str]:
        """Stage `paths` (everything when none) and commit through the installed hooks; never raises."""
        self.git("add", *(paths or ("-A",)))
        return self.git("commit", "-q", "-m", message, check=False)

    def migrate(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return run([sys.executable, "-m", "migrate.cli", *args], self.path, self.env, check)


def _copy_tree(target: Path) -> None:
    """The checkout as it is now (tracked and untracked, not ignored), links kept as links."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout
    for name in sorted({n for n in listed.decode().split("\0") if n}):
        source, dest = REPO / name, target / name
        if not source.exists() and not source.is_symlink():
            continue  # deleted in the working tree
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            os.symlink(os.readlink(source), dest)
        elif source.is_file():
            shutil.copy2(source, dest)


@pytest.fixture(scope="session")
def guard_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("guard-home")


@pytest.fixture(scope="session")
def hook_repo(guard_home: Path) -> tuple[Path, str]:
    """This checkout committed to a throwaway repository: pre-commit installs hooks from a repository at a rev."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    env = git_env(guard_home)
    path = guard_home / "migrate-hooks"
    path.mkdir()
    _copy_tree(path)
    run(["git", "init", "-q", "-b", "main"], path, env)
    run(["git", "add", "-A"], path, env)
    run(["git", "commit", "-q", "-m", "hooks under test"], path, env)
    rev = run(["git", "rev-parse", "HEAD"], path, env).stdout.strip()
    return path, rev


@pytest.fixture(scope="session")
def pre_commit(guard_home: Path, hook_repo: tuple[Path, str]) -> list[str]:
    """The pre-commit command, with the hooks' environment built once for the session (pip installs migrate)."""
    pytest.importorskip("pre_commit", reason="pre-commit is not installed (pip install pre-commit)")
    command = [sys.executable, "-m", "pre_commit"]
    project = new_project(guard_home / "warm-up", guard_home, hook_repo, ["--no-progress"])
    run([*command, "install-hooks"], project.path, project.env)
    return command


def hook_config(hook_repo: tuple[Path, str], scan_args: list[str] | None, apply: bool = False) -> str:
    """A .pre-commit-config.yaml that takes migrate's hooks from `hook_repo` the way any project would."""
    path, rev = hook_repo
    lines = ["repos:", f"  - repo: {path}", f"    rev: {rev}", "    hooks:"]
    if scan_args is not None:
        lines += ["      - id: migrate-scan", f"        args: [{', '.join(scan_args)}]"]
    if apply:
        lines += ["      - id: migrate-apply"]
    return "\n".join(lines) + "\n"


def new_project(
    path: Path, home: Path, hook_repo: tuple[Path, str], scan_args: list[str] | None, apply: bool = False
) -> Project:
    path.mkdir(parents=True)
    project = Project(path, git_env(home))
    project.git("init", "-q", "-b", "main")
    project.write(".pre-commit-config.yaml", hook_config(hook_repo, scan_args, apply))
    return project


@pytest.fixture
def make_project(tmp_path: Path, guard_home: Path, hook_repo: tuple[Path, str], pre_commit: list[str]):
    """Build a project whose commits run migrate's hooks: files first committed without hooks, then installed."""

    def make(
        files: dict[str, str],
        scan_args: list[str] | None = None,
        apply: bool = False,
        baseline: str | None = None,
    ) -> Project:
        project = new_project(tmp_path / "project", guard_home, hook_repo, scan_args, apply)
        for relpath, text in files.items():
            project.write(relpath, text)
        if baseline is not None:
            project.migrate("scan", ".", "--no-progress", "--write-baseline", baseline)
        project.git("add", "-A")
        project.git("commit", "-q", "-m", "legacy code")
        run([*pre_commit, "install"], project.path, project.env)
        return project

    return make
