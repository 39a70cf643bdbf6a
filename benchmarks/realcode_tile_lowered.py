"""Which kernels of HeCBench-style programs the tile path lowers, without compiling or running anything: for each
`<name>-cuda` program, each kernel's rendered Triton module digested (or the reason it stays SIMT), so that two
trees' outputs can be compared in a minute and only the programs whose modules differ re-run through
benchmarks/realcode_tile.py (`--merge`).

usage: PYTHONPATH=TREE python3 benchmarks/realcode_tile_lowered.py SRC OUT.json [--only a-cuda,b-cuda]
       python3 benchmarks/realcode_tile_lowered.py --compare OLD.json NEW.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def digests(src: Path, only: set[str] | None) -> dict[str, dict[str, str]]:
    from realcode_tile import _sources

    from migrate import tile
    from migrate.tile.cuda_front import read_module
    from migrate.tile.emit import render_module
    from migrate.tile.lower import lower

    out: dict[str, dict[str, str]] = {}
    for prog in sorted(src.iterdir()):
        if not prog.is_dir() or not prog.name.endswith("-cuda") or (only and prog.name not in only):
            continue
        rows: dict[str, str] = {}
        files = _sources(prog)
        for relfile, data in sorted(files.items()):
            if not relfile.endswith((".cu", ".cuh")):
                continue
            module = read_module(data, relfile, tile.headers_in(files), launchers=tile.launchers_in(files),
                                 includers=tile.includers_in(files))
            for fn in module.functions.values():
                if fn.kernel:
                    try:
                        text = render_module([lower(module, fn)], relfile)
                        rows[f"{relfile}:{fn.name}"] = "ok " + hashlib.sha256(text.encode()).hexdigest()[:12]
                    except Exception as exc:  # a kernel kept SIMT: its reason
                        rows[f"{relfile}:{fn.name}"] = "refused " + " ".join(str(exc).split())[:150]
        out[prog.name] = rows
    return out


def compare(old: dict, new: dict) -> str:
    lowered = [sum(v.startswith("ok") for rows in d.values() for v in rows.values()) for d in (old, new)]
    changed = sorted(p for p in set(old) | set(new) if old.get(p) != new.get(p))
    return f"lowered {lowered[0]} -> {lowered[1]}\nprograms whose kernels changed: {','.join(changed)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs=2)
    parser.add_argument("--only", default="")
    parser.add_argument("--compare", action="store_true")
    options = parser.parse_args()
    if options.compare:
        print(compare(*(json.loads(Path(p).read_text()) for p in options.paths)))
        return 0
    found = digests(Path(options.paths[0]), set(options.only.split(",")) - {""} or None)
    Path(options.paths[1]).write_text(json.dumps(found, indent=0, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
