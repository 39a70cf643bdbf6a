"""The `migrate tile PATH --out-dir DIR` command, and the tile step of `migrate apply --tile`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import TileFinding, translate_tree

LANGUAGES = {".cu": "cuda", ".cuh": "cuda", ".py": "python"}
# C++ sources are read too: an extension's setup.py builds them beside its CUDA sources.
PROGRAM_FILES = {".cu", ".cuh", ".py", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp"}
SOURCE_AS_WRITTEN = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp")


def _program_files(path: Path) -> dict[str, bytes]:
    """A given path's sources, keyed by POSIX paths relative to it (a file: its name)."""
    if path.is_dir():
        found = sorted(p for p in path.rglob("*") if p.suffix in PROGRAM_FILES and p.is_file()
                       and not any(part.startswith(("migrated", ".", "__")) for part in p.relative_to(path).parts))
        return {p.relative_to(path).as_posix(): p.read_bytes() for p in found}
    return {path.name: path.read_bytes()}


def _print(findings: tuple[TileFinding, ...], prefix: str) -> None:
    for finding in findings:
        print(f"{prefix}{finding.path}:{finding.line}: note[{finding.rule}] {finding.message}")


def run_tile(args: argparse.Namespace) -> int:
    touched = 0
    for path in args.paths:
        if not path.exists():
            sys.stderr.write(f"{path}: no such file or folder\n")
            return 2
        result = translate_tree(_program_files(path))
        prefix = f"{path.as_posix()}/" if path.is_dir() else f"{path.parent.as_posix()}/"
        _print(result.findings, "" if prefix == "./" else prefix)
        outputs = {**{k: v.encode() for k, v in result.new_files.items()}, **result.changed}
        for relpath, data in outputs.items():
            target = args.out_dir / relpath
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        touched += len(outputs) + len(result.findings)
    return 1 if touched else 0


def apply_tile(root: Path, paths: list[Path], migrated: dict[str, bytes], out_dir: Path | None,
               write: bool) -> tuple[dict[str, bytes], tuple[TileFinding, ...]]:
    """The tile step after `migrate apply`'s rewrites: `migrated` holds the rewritten text of each changed file
    (relative to `root`). New modules and edited programs are written beside the sources (or under `out_dir`)."""
    outputs: dict[str, bytes] = {}
    findings: list[TileFinding] = []
    for path in paths:
        base = path if path.is_dir() else path.parent
        files = _program_files(path)
        rel = base.resolve().relative_to(root.resolve()).as_posix()
        prefix = "" if rel == "." else rel + "/"
        # Kernels and C++ are read from the sources as written; Python programs after apply's rewrites.
        files = {name: data if name.endswith(SOURCE_AS_WRITTEN) else migrated.get(prefix + name, data)
                 for name, data in files.items()}
        result = translate_tree(files)
        findings += [TileFinding(f.rule, prefix + f.path, f.line, f.message) for f in result.findings]
        for name, text in result.new_files.items():
            outputs[prefix + name] = text.encode()
        for name, data in result.changed.items():
            outputs[prefix + name] = data
    if write:
        for relpath, data in outputs.items():
            target = (out_dir or root) / relpath
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    return outputs, tuple(findings)
