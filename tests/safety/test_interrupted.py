"""A run killed at any moment leaves every file wholly original or wholly migrated; the next run cleans up."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from migrate.writeplan import TEMP_NAME

from .trees import make_tree, migrated, read_tree

KILLS = 20


def _temporaries(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if TEMP_NAME.fullmatch(p.name)]


def _apply(root: Path, cache: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "migrate.cli",
            "apply",
            "--cache-dir",
            str(cache),
            "--root",
            str(root),
            "-j",
            "1",
            str(root),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_sigkill_at_random_moments_never_tears_a_file(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    cache = tmp_path / "cache"
    originals = make_tree(root, 500, seed=3)
    expected = {relpath: migrated(relpath, data) for relpath, data in originals.items()}
    # One whole run, timed, to know over which span to spread the kills.
    start = time.monotonic()
    assert _apply(root, cache).wait(timeout=600) == 0
    span = time.monotonic() - start
    rng = random.Random(11)
    for kill in range(KILLS):
        for relpath, data in originals.items():
            (root / relpath).write_bytes(data)
        process = _apply(root, cache)
        time.sleep(rng.uniform(0.3, 1.0) * span)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=600)
        for relpath, data in read_tree(root, originals).items():
            assert data in (originals[relpath], expected[relpath]), f"kill {kill}: {relpath} is torn"
    # Leave a temporary as a killed write does, beside one that only looks like one: only the first goes.
    (root / "part0" / ".k0.cu.abcd1234.migrate-tmp").write_bytes(b"half")
    (root / "part0" / "notes.migrate-tmp").write_bytes(b"mine")
    assert _apply(root, cache).wait(timeout=600) == 0
    assert not _temporaries(root), "the next run removes what an interrupted one left"
    assert (root / "part0" / "notes.migrate-tmp").read_bytes() == b"mine"
    assert read_tree(root, originals) == expected
