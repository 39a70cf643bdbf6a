"""The `migrate tile PATH --out-dir DIR` command: write each source's Triton module and print the findings."""

from __future__ import annotations

import argparse
from pathlib import Path

from . import translate_file

LANGUAGES = {".cu": "cuda", ".cuh": "cuda", ".py": "python"}


def add_tile_parser(commands) -> argparse.ArgumentParser:
    tile = commands.add_parser("tile", help="rewrite SIMT kernels as Triton kernels (tile DSL)")
    tile.add_argument("paths", nargs="+", type=Path, help="CUDA sources or Python files holding kernel strings")
    tile.add_argument("--out-dir", type=Path, required=True, help="where the `<stem>_tile.py` modules go")
    return tile


def run_tile(args: argparse.Namespace) -> int:
    files = []
    for path in args.paths:
        files += sorted(p for p in path.rglob("*") if p.suffix in LANGUAGES) if path.is_dir() else [path]
    migrated = kept = 0
    for path in files:
        language = LANGUAGES.get(path.suffix)
        if language is None:
            continue
        result = translate_file(path.as_posix(), path.read_bytes(), language)
        for finding in result.findings:
            print(f"{finding.path}:{finding.line}: note[{finding.rule}] {finding.message}")
            migrated += finding.rule == "tile-kernel"
            kept += finding.rule == "tile-kept-simt"
        for relpath, text in result.new_files.items():
            target = args.out_dir / Path(relpath).name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
    return 1 if migrated or kept else 0
