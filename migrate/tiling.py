"""The tile step of `migrate apply --tile`, planned in memory: Triton modules for each given path, failures per file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .model import Finding, Rule
from .rewrite import FilePlan
from .sources import ALWAYS_SKIPPED_DIRS, read

# C++ sources are read too: an extension's setup.py builds them beside its CUDA sources.
PROGRAM_SUFFIXES = (".cu", ".cuh", ".py", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp")
KERNEL_SUFFIXES = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp")


@dataclass(frozen=True)
class TilePlan:
    """The tile step's files (relative path -> new bytes and the bytes planned from, None for a new file), its
    notes, and the files it failed on with their internal-error findings and traces."""

    outputs: dict[str, tuple[bytes, bytes | None]] = field(default_factory=dict)
    notes: tuple = ()
    failures: dict[str, tuple[Finding, str]] = field(default_factory=dict)


def _program_files(folder: Path, skip: frozenset[str]) -> list[Path]:
    """The kernel and Python files under `folder`, no link followed, outputs and hidden folders left out."""
    found: list[Path] = []
    for current, dirs, files in os.walk(folder):
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in ALWAYS_SKIPPED_DIRS
            and not d.startswith(("migrated", ".", "__"))
            and os.path.realpath(os.path.join(current, d)) not in skip
        )
        for name in sorted(files):
            path = Path(current) / name
            if name.endswith(PROGRAM_SUFFIXES) and not path.is_symlink():
                found.append(path)
    return found


def plan_tile(options, apply, plans: Mapping[str, FilePlan], rules: Mapping[str, Rule]) -> TilePlan:
    """Translate the kernels of each given path; a lowering that raises fails only the file it was given."""
    from . import tile
    from .engine import describe_failure

    root = options.root.resolve()
    skip = frozenset(os.fspath(p) for p in options.skip_dirs)
    result = TilePlan()
    notes: list = []
    for given in options.paths:
        base = given if given.is_dir() else given.parent
        try:
            rel = base.resolve().relative_to(root).as_posix()
        except ValueError:
            continue  # the tile step names its files relative to the root; a path outside it has no such name
        prefix = "" if rel == "." else rel + "/"
        paths = _program_files(given, skip) if given.is_dir() else ([given] if not given.is_symlink() else [])
        originals: dict[str, bytes] = {}
        files: dict[str, bytes] = {}
        for path in paths:
            name = path.relative_to(base).as_posix()
            plan = plans.get(prefix + name)
            if plan is not None:
                original = plan.original
            else:
                content = read(path, options.max_bytes)
                if content.kind:
                    continue
                original = content.data
            originals[name] = original
            # Kernels and C++ are read from the sources as written; Python programs after apply's rewrites.
            files[name] = original if name.endswith(KERNEL_SUFFIXES) or plan is None else plan.migrated
        translated, failed = _translate(tile.translate_tree, files)
        for name, exc in failed.items():
            result.failures[prefix + name] = describe_failure(rules, prefix + name, exc)
        if translated is None:
            continue
        notes += [tile.TileFinding(f.rule, prefix + f.path, f.line, f.message) for f in translated.findings]
        for name, text in translated.new_files.items():
            target = options.root / (prefix + name)
            existing = read(target, options.max_bytes) if target.exists() else None
            result.outputs[prefix + name] = (
                text.encode(),
                existing.data if existing and not existing.kind else None,
            )
        for name, data in translated.changed.items():
            result.outputs[prefix + name] = (data, originals.get(name))
    return TilePlan(result.outputs, tuple(notes), result.failures)


def _translate(translate, files: dict[str, bytes]):
    """The tree's translation, and the files it raised on: when the whole tree fails, each file is tried alone to
    find the ones that fail, and the tree is translated again without them."""
    try:
        return translate(files), {}
    except Exception:  # one file's bug must not cost the others their kernels
        pass
    failed: dict[str, BaseException] = {}
    for name in sorted(files):
        try:
            translate({name: files[name]})
        except Exception as exc:
            failed[name] = exc
    rest = {name: data for name, data in files.items() if name not in failed}
    try:
        return translate(rest), failed
    except Exception as exc:
        return None, {**failed, **{name: exc for name in rest}}
