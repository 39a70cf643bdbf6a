"""Lines changed since a git revision: the tracked files' diff hunks plus untracked files whole."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from migrate.model import Finding, ScanResult

_HUNK = re.compile(rb"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
_ESCAPES = {b"a": 7, b"b": 8, b"t": 9, b"n": 10, b"v": 11, b"f": 12, b"r": 13, b'"': 34, b"\\": 92}


class ChangesError(Exception):
    """git is missing, the folder is not in a repository, or the revision is unknown; the message says which."""


@dataclass(frozen=True)
class Changes:
    """Per file (absolute, resolved path): the changed line numbers, or None when every line counts as new."""

    files: Mapping[str, frozenset[int] | None]

    def covers(self, path: Path, first: int, last: int) -> bool:
        """Whether any line in [first, last] of `path` is new or changed."""
        lines = self.files.get(str(path.resolve()), frozenset())
        if lines is None:
            return True
        return any(line in lines for line in range(first, max(first, last) + 1))


def _git(args: Sequence[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    if shutil.which("git") is None:
        raise ChangesError("--since needs git, and no `git` is on PATH")
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0", LC_ALL="C")
    try:
        return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, check=False)
    except OSError as exc:
        raise ChangesError(f"cannot run git: {exc.strerror or exc}") from None


def _toplevel(folder: Path) -> Path:
    done = _git(["rev-parse", "--show-toplevel"], folder)
    if done.returncode != 0:
        raise ChangesError(f"--since: {folder} is not inside a git repository")
    return Path(os.fsdecode(done.stdout.rstrip(b"\n"))).resolve()


def _verify(revision: str, top: Path) -> None:
    if revision.startswith("-"):
        raise ChangesError(f"--since: {revision!r} is not a revision")
    done = _git(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}"], top)
    if done.returncode != 0:
        raise ChangesError(f"--since: unknown revision {revision!r} in {top}")


def _unquote(raw: bytes) -> bytes:
    """A path as git prints it in a diff header: C-style quoted when it holds unusual bytes."""
    if not (raw.startswith(b'"') and raw.endswith(b'"')):
        return raw
    body, out, i = raw[1:-1], bytearray(), 0
    while i < len(body):
        char = body[i : i + 1]
        if char != b"\\":
            out += char
            i += 1
            continue
        nxt = body[i + 1 : i + 2]
        if nxt in _ESCAPES:
            out.append(_ESCAPES[nxt])
            i += 2
        elif re.fullmatch(rb"[0-7]", nxt or b"x"):
            out.append(int(body[i + 1 : i + 4], 8))
            i += 4
        else:
            out += nxt
            i += 2
    return bytes(out)


def parse_diff(diff: bytes, top: Path) -> dict[str, frozenset[int]]:
    """Added or changed line numbers (new side) per file of a `git diff --unified=0` output."""
    files: dict[str, set[int]] = {}
    current: set[int] | None = None
    for line in diff.split(b"\n"):
        if line.startswith(b"+++ "):
            target = line[4:].rstrip(b"\t")
            if target == b"/dev/null":
                current = None
                continue
            target = _unquote(target)
            if target.startswith(b"b/"):
                target = target[2:]
            current = files.setdefault(str((top / os.fsdecode(target)).resolve()), set())
        elif current is not None:
            match = _HUNK.match(line)
            if match:
                start, count = int(match[1]), int(match[2]) if match[2] is not None else 1
                current.update(range(start, start + count))
    return {path: frozenset(lines) for path, lines in files.items()}


def changes_since(revision: str, folder: Path) -> Changes:
    """Lines added or changed in the working tree since `revision`, and untracked (not ignored) files whole."""
    top = _toplevel(folder)
    _verify(revision, top)
    diff = _git(
        [
            "diff",
            "--unified=0",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            "-M",
            "--src-prefix=a/",
            "--dst-prefix=b/",
            "--end-of-options",
            revision,
            "--",
        ],
        top,
    )
    if diff.returncode != 0:
        message = diff.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ChangesError(
            f"--since: git diff {revision} failed: {message[-1] if message else diff.returncode}"
        )
    files: dict[str, frozenset[int] | None] = dict(parse_diff(diff.stdout, top))
    untracked = _git(["ls-files", "--others", "--exclude-standard", "-z", "--full-name"], top)
    if untracked.returncode == 0:
        for name in untracked.stdout.split(b"\0"):
            if name:
                files[str((top / os.fsdecode(name)).resolve())] = None
    return Changes(files)


def changed_findings(findings: Iterable[Finding], changes: Changes, root: Path) -> list[Finding]:
    """Findings whose lines include at least one new or changed line."""
    return [f for f in findings if changes.covers(root / f.path, f.line, f.end_line)]


def restrict_to_changes(result: ScanResult, changes: Changes, root: Path) -> ScanResult:
    """The scan result with only the findings on changed lines."""
    return replace(result, findings=tuple(changed_findings(result.findings, changes, root)))
