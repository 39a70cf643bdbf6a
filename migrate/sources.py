"""Finding the files to scan: walking trees, .gitignore and excludes, language detection, reading bytes safely."""

from __future__ import annotations

import fnmatch
import os
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pathspec

C_FAMILY = {".cu", ".cuh", ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".inl", ".inc", ".cup", ".tpp"}
BUILD_NAMES = {"CMakeLists.txt": "cmake", "Makefile": "make", "makefile": "make", "GNUmakefile": "make"}
BUILD_SUFFIXES = {".cmake": "cmake", ".mk": "make"}
DEPENDENCY_NAMES = {"pyproject.toml": "pyproject", "setup.cfg": "requirements", "environment.yml": "requirements"}
ALWAYS_SKIPPED_DIRS = {".git", ".hg", ".svn", "__pycache__", ".migrate-cache", "node_modules", ".tox", ".venv"}
DEFAULT_MAX_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True)
class Source:
    """A candidate file: where it is, how reports name it, and which frontend reads it."""

    path: Path
    relpath: str
    language: str


@dataclass(frozen=True)
class Skipped:
    """A path the walk did not scan, and why (a symlink loop, say); `rule` names the finding it also gets."""

    relpath: str
    reason: str
    rule: str = ""


LINK_RULE = "symlink-skipped"


def language_of(path: Path | str) -> str | None:
    """The language `migrate` reads a file as, from its name alone; None for files it does not look at."""
    name = os.path.basename(path)
    if name in BUILD_NAMES:
        return BUILD_NAMES[name]
    if name in DEPENDENCY_NAMES:
        return DEPENDENCY_NAMES[name]
    raw_suffix = os.path.splitext(name)[1]
    suffix = raw_suffix.lower()
    if suffix in BUILD_SUFFIXES:
        return BUILD_SUFFIXES[suffix]
    if raw_suffix in C_FAMILY or suffix in C_FAMILY:
        return "cuda"
    if suffix in (".py", ".pyi"):
        return "python"
    if name.startswith("requirements") and suffix in (".txt", ".in"):
        return "requirements"
    return None


def _relpath(path: Path | str, root: Path) -> str:
    text, base = os.fspath(path), os.fspath(root)
    if text.startswith(base) and text[len(base) : len(base) + 1] == os.sep:
        return text[len(base) + 1 :].replace(os.sep, "/")
    if text == base:
        return "."
    try:
        return PurePosixPath(Path(text).relative_to(root)).as_posix()
    except ValueError:
        return Path(text).as_posix()


def escape_name(text: str) -> str:
    """A path as reports print it: a file name that is not UTF-8 shows its odd bytes as `\\xNN` escapes, so
    every output format can hold it (the file itself is still found through its real path)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(text).decode("utf-8", "backslashreplace")
    return text


def _gitignore(directory: Path, inherited: pathspec.PathSpec | None) -> tuple[pathspec.PathSpec | None, Path | None]:
    ignore_file = directory / ".gitignore"
    if not ignore_file.is_file():
        return inherited, None
    try:
        lines = ignore_file.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return inherited, None
    import pathspec  # here, so that a tree with no .gitignore does not pay for importing it

    return pathspec.GitIgnoreSpec.from_lines(lines), directory


def _excluded(relpath: str, excludes: Sequence[str]) -> bool:
    parts = relpath.split("/")
    for pattern in excludes:
        if fnmatch.fnmatch(relpath, pattern) or any(fnmatch.fnmatch(part, pattern) for part in parts):
            return True
    return False


def discover(
    paths: Sequence[Path],
    root: Path,
    excludes: Sequence[str] = (),
    respect_gitignore: bool = True,
    skip_dirs: Sequence[Path] = (),
) -> tuple[list[Source], list[Skipped]]:
    """Every file under `paths` that migrate reads, sorted, with the paths it skipped and why (see `walk`)."""
    sources: dict[str, Source] = {}
    skipped: list[Skipped] = []
    for found in walk(paths, root, excludes, respect_gitignore, skip_dirs):
        if isinstance(found, Skipped):
            skipped.append(found)
        else:
            sources[found.relpath] = found
    return [sources[k] for k in sorted(sources)], sorted(set(skipped), key=lambda s: s.relpath)


def walk(
    paths: Sequence[Path],
    root: Path,
    excludes: Sequence[str] = (),
    respect_gitignore: bool = True,
    skip_dirs: Sequence[Path] = (),
) -> Iterator[Source | Skipped]:
    """Each file under `paths` that migrate reads and each path it skips, in the order the walk meets them (a
    file reached twice comes twice: `discover` keeps one).

    A file named explicitly is scanned whatever its name (read as C/C++/CUDA when nothing else fits). Symbolic
    links are never followed, except a folder named explicitly: a link to a file inside the tree is read where
    its target is, and a link that leaves the tree is reported with a `symlink-skipped` finding. `skip_dirs`
    (resolved folders, an output folder inside the tree) are not walked.
    """
    skip = frozenset(os.fspath(p) for p in skip_dirs)
    for given in paths:
        if given.is_symlink() and not given.is_dir():
            rel = escape_name(_relpath(given.absolute(), root) if given.is_absolute() else given.as_posix())
            link = _link_skip(given, rel, root.resolve())
            if not link.rule and given.is_file():
                # A link named on the command line to a file inside the root: its target is what gets migrated.
                target = given.resolve()
                target_rel = escape_name(_relpath(target, root.resolve()))
                yield Source(target, target_rel, language_of(target) or language_of(given) or "cuda")
            yield link
            continue
        if given.is_file() or (given.exists() and not given.is_dir()):
            language = language_of(given) or "cuda"
            rel = escape_name(_relpath(given.resolve(), root) if given.is_absolute() else given.as_posix())
            yield Source(given, rel, language)
            continue
        if not given.exists():
            yield Skipped(given.as_posix(), "no such file or directory")
            continue
        yield from _walk(given, root, excludes, respect_gitignore, skip)


def _link_skip(link: Path, rel: str, tree: Path) -> Skipped:
    """Why a symbolic link is not read through, and whether it gets a finding (one that leaves `tree`)."""
    try:
        target = link.resolve(strict=True)
    except FileNotFoundError:
        return Skipped(rel, "broken symlink")
    except (RuntimeError, OSError):
        return Skipped(rel, "symlink loop: not followed")
    inside = target == tree or tree in target.parents
    if target.is_dir():
        if not inside:
            return Skipped(rel, "symlink to a folder outside the tree: not followed", LINK_RULE)
        if target == tree or target in link.parents or target in link.parent.resolve().parents:
            return Skipped(rel, "symlink loop: a link to a folder that holds it; not followed")
        return Skipped(rel, "symlink to a folder inside the tree: not followed; that folder is scanned where it is")
    if not inside:
        return Skipped(rel, "symlink to a file outside the tree: not read or rewritten", LINK_RULE)
    return Skipped(rel, "symlink to a file inside the tree: scanned and migrated where its target is")


def _walk(
    top: Path, root: Path, excludes: Sequence[str], respect_gitignore: bool, skip: frozenset[str] = frozenset()
) -> Iterator[Source | Skipped]:
    tree = top.resolve()
    seen_dirs: set[tuple[int, int]] = set()
    stack: list[tuple[Path, list[tuple[pathspec.PathSpec, Path]]]] = [(top, [])]
    while stack:
        directory, specs = stack.pop()
        try:
            stat = directory.stat()
        except OSError as exc:
            yield Skipped(_relpath(directory, root), f"cannot read directory: {exc.strerror}")
            continue
        key = (stat.st_dev, stat.st_ino)
        if key in seen_dirs:
            yield Skipped(_relpath(directory, root), "symlink loop: directory already scanned")
            continue
        seen_dirs.add(key)
        if respect_gitignore:
            spec, base = _gitignore(directory, None)
            if spec is not None and base is not None:
                specs = specs + [(spec, base)]
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError as exc:
            yield Skipped(_relpath(directory, root), f"cannot read directory: {exc.strerror}")
            continue
        subdirs = []
        for entry in entries:
            try:
                is_link = entry.is_symlink()
                is_dir = os.path.isdir(entry.path) if is_link else entry.is_dir()
            except OSError:
                is_link, is_dir = False, False
            if not is_dir and language_of(entry.name) is None:
                continue  # a file migrate never reads: nothing below would keep it
            rel = escape_name(_relpath(entry.path, root))
            if is_dir and entry.name in ALWAYS_SKIPPED_DIRS:
                continue
            if excludes and _excluded(rel, excludes):
                continue
            if specs and any(
                spec.match_file(_relpath(entry.path, base) + ("/" if is_dir else "")) for spec, base in specs
            ):
                continue
            if is_link:
                if is_dir or language_of(entry.name) is not None:
                    yield _link_skip(Path(entry.path), rel, tree)
                continue
            if is_dir:
                if not skip or os.path.realpath(entry.path) not in skip:
                    subdirs.append((Path(entry.path), specs))
                continue
            language = language_of(entry.name)
            if language is None:
                continue
            yield Source(Path(entry.path), rel, language)
        stack.extend(reversed(subdirs))


def is_binary(data: bytes) -> bool:
    """Whether a file's bytes are not text migrate reads: a NUL early on, unless it is UTF-16 with its mark."""
    return b"\0" in data[:8192] and not _utf16(data)


def _utf16(data: bytes) -> bool:
    """UTF-16 text with its byte-order mark: NUL bytes, but not binary."""
    if data[:2] not in (b"\xff\xfe", b"\xfe\xff"):
        return False
    try:
        data[2:].decode("utf-16-le" if data[:2] == b"\xff\xfe" else "utf-16-be")
    except UnicodeDecodeError:
        return False
    return True


@dataclass(frozen=True)
class Content:
    """A file's bytes, or the reason it has none worth scanning."""

    data: bytes = b""
    problem: str = ""
    kind: str = ""  # "io-error" for a failure to read, "skip" for a file deliberately not scanned


def read(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> Content:
    """Read a file's bytes; binary files and files over the size limit come back as skips with a reason."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            return Content(problem="not a regular file", kind="skip")
        size = info.st_size
        if size > max_bytes:
            limit = f"{max_bytes // (1024 * 1024)} MB" if max_bytes >= 1024 * 1024 else f"{max_bytes}-byte"
            return Content(problem=f"larger than the {limit} limit ({size} bytes)", kind="skip")
        with path.open("rb") as handle:
            data = handle.read()
    except OSError as exc:
        return Content(problem=f"cannot read: {exc.strerror or exc}", kind="io-error")
    if is_binary(data):
        return Content(problem="binary file", kind="skip")
    return Content(data=data)
