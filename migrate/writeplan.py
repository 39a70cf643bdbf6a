"""Putting a planned migration on disk: checked atomic writes, the tree lock, stale temporaries, copies for --out-dir."""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .sources import ALWAYS_SKIPPED_DIRS

TEMP_SUFFIX = ".migrate-tmp"
# What mkstemp makes of the prefix `.<name>.` and the suffix: only such files are ever removed as stale.
TEMP_NAME = re.compile(r"\..+\.[A-Za-z0-9_]{8}" + re.escape(TEMP_SUFFIX))
COPY_SKIPPED = {".git", ".hg", ".svn"}


class StaleFileError(Exception):
    """The file on disk is no longer the bytes its migration was planned from."""


class TreeLockedError(Exception):
    """Another `migrate apply` holds the tree."""


@dataclass(frozen=True)
class CopyProblem:
    """A path --out-dir did not copy, relative to the copied folder, and why."""

    relpath: str
    problem: str
    error: bool = True  # False for a link left out on purpose: the copy is complete without it


def write_checked(path: Path, data: bytes, expected: bytes | None) -> None:
    """Write `data` over `path` atomically, only while the file still holds `expected` (None: absent or anything).

    The new bytes go to a temporary file beside the target, which is renamed over it after the check; the mode is
    kept, and the owner and group where the process may set them. A symbolic link is never replaced."""
    try:
        info: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISLNK(info.st_mode):
        raise OSError(errno.ELOOP, "is a symbolic link; links are not rewritten")
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, "is not a regular file")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if info is not None:
            os.chmod(tmp, stat.S_IMODE(info.st_mode))
            if (info.st_uid, info.st_gid) != (os.getuid(), os.getgid()):
                try:
                    os.chown(tmp, info.st_uid, info.st_gid)
                except OSError:
                    pass  # only root may give a file away; the file then belongs to whoever migrated it
        if expected is not None and _current(path) != expected:
            raise StaleFileError("changed since migrate read it; left as it is")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _current(path: Path) -> bytes | None:
    try:
        with path.open("rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None


@contextmanager
def lock_tree(directory: Path) -> Iterator[None]:
    """Hold an exclusive lock on `directory` itself (no lock file is made) while a run writes under it."""
    try:
        import fcntl
    except ImportError:  # no flock on this platform: the check before each rename still guards every file
        yield
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise TreeLockedError(
                f"{directory}: another `migrate apply` is writing this tree; run again when it has finished"
            ) from None
        except OSError:
            pass  # a file system without locks: same fallback as above
        yield
    finally:
        os.close(fd)


def remove_stale_temporaries(paths: Sequence[Path]) -> list[Path]:
    """Delete the temporary files an interrupted run left under `paths`; nothing but the tool's own names goes."""
    removed: list[Path] = []
    for top in paths:
        if not top.is_dir():
            top = top.parent
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d not in ALWAYS_SKIPPED_DIRS]
            for name in files:
                if not TEMP_NAME.fullmatch(name):
                    continue
                candidate = Path(folder) / name
                try:
                    if stat.S_ISREG(os.lstat(candidate).st_mode):
                        candidate.unlink()
                        removed.append(candidate)
                except OSError:
                    pass
    return removed


def copy_tree(source: Path, target: Path, skip: Sequence[Path] = ()) -> list[CopyProblem]:
    """Copy the folder `source` to `target` with modes and times, leaving out `skip` (resolved folders) and VCS data.

    Links are never followed: one that resolves inside `source` is made again (pointing at the copy), one that
    dangles, loops or leaves `source` is not copied and comes back as a problem."""
    problems: list[CopyProblem] = []
    base = source.resolve()
    skipped = {p.resolve() for p in skip}
    stack = [base]
    while stack:
        folder = stack.pop()
        relfolder = folder.relative_to(base)
        destination = target / relfolder
        try:
            destination.mkdir(parents=True, exist_ok=True)
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            problems.append(
                CopyProblem(relfolder.as_posix(), f"cannot copy the folder: {exc.strerror or exc}")
            )
            continue
        for entry in entries:
            rel = (relfolder / entry.name).as_posix()
            path = Path(entry.path)
            try:
                if entry.is_symlink():
                    problem = _copy_link(path, base, target / rel)
                    if problem:
                        problems.append(
                            CopyProblem(rel, problem, error=problem.startswith("a file of that name"))
                        )
                elif entry.is_dir(follow_symlinks=False):
                    if entry.name not in COPY_SKIPPED and path not in skipped:
                        stack.append(path)
                elif entry.is_file(follow_symlinks=False):
                    if os.path.islink(target / rel):
                        problems.append(
                            CopyProblem(rel, "the output folder holds a link of that name; not copied")
                        )
                        continue
                    shutil.copy2(path, target / rel, follow_symlinks=False)
                else:
                    problems.append(CopyProblem(rel, "not a regular file, folder or link; not copied"))
            except OSError as exc:
                problems.append(CopyProblem(rel, f"cannot copy: {exc.strerror or exc}"))
        try:
            shutil.copystat(folder, destination, follow_symlinks=False)
        except OSError:
            pass
    return problems


def _copy_link(link: Path, base: Path, destination: Path) -> str:
    """Make `link` again at `destination` when it resolves inside `base`; else say why it was left out."""
    try:
        resolved = link.resolve(strict=True)
    except FileNotFoundError:
        return "dangling symbolic link; not copied"
    except (RuntimeError, OSError):
        return "symbolic link loop; not copied"
    if resolved != base and base not in resolved.parents:
        return "symbolic link to a path outside the tree; not copied"
    relative = os.path.relpath(resolved, link.parent.resolve())
    if os.path.lexists(destination):
        if not destination.is_symlink() or os.readlink(destination) != relative:
            return "a file of that name is already in the output folder; the link is not copied"
        return ""
    os.symlink(relative, destination)
    return ""
