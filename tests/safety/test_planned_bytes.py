"""Apply plans from the bytes it rewrites: a stale cache or a second run on the same tree never garbles a file."""

from __future__ import annotations

import multiprocessing
import os
import random
from pathlib import Path

import pytest

from migrate.engine import ApplyOptions, ScanOptions, apply_migration, scan

from .trees import cuda_source, make_tree, migrated, read_tree

ROUNDS = 50


def _options(root: Path, cache: Path | None) -> ScanOptions:
    return ScanOptions(paths=(root,), root=root, cache_dir=cache, jobs=1)


def test_apply_after_a_same_size_same_mtime_replacement_plans_from_the_new_bytes(tmp_path: Path) -> None:
    rng = random.Random(17)
    cache = tmp_path / "cache"
    root = tmp_path / "tree"
    root.mkdir()
    (root / ".git").mkdir()
    target = root / "k.cu"
    for round_ in range(ROUNDS):
        before = cuda_source(rng)
        target.write_bytes(before)
        scan(_options(root, cache))  # the cache now holds the findings of `before`, keyed by size and mtime
        stamp = target.stat()
        after = cuda_source(rng, size=len(before))
        assert len(after) == len(before)
        target.write_bytes(after)  # what `cp -p` or `rsync -a` do: other bytes, the same size and mtime
        os.utime(target, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        apply_migration(_options(root, cache), ApplyOptions())
        assert target.read_bytes() == migrated("k.cu", after), f"round {round_}: apply used stale offsets"


def _apply_in_child(root: str, cache: str, queue) -> None:
    from migrate.cli import main

    with open(os.devnull, "w") as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
    queue.put(main(["apply", "--cache-dir", cache, "--root", root, "-j", "1", root]))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork to start two runs at once cheaply")
def test_two_concurrent_applies_never_garble_a_file(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    root = tmp_path / "tree"
    root.mkdir()
    originals = make_tree(root, 12, seed=5)
    expected = {relpath: migrated(relpath, data) for relpath, data in originals.items()}
    warm = tmp_path / "warm"
    warm.mkdir()
    make_tree(warm, 2)
    cache = tmp_path / "cache"
    # Children inherit the compiled rules, and read the catalog from the cache instead of parsing every table.
    apply_migration(ScanOptions(paths=(warm,), root=warm, jobs=1, cache_dir=cache), ApplyOptions())
    codes: set[int] = set()
    for round_ in range(ROUNDS):
        for relpath, data in originals.items():
            (root / relpath).write_bytes(data)
        queue = context.Queue()
        runs = [
            context.Process(target=_apply_in_child, args=(str(root), str(cache), queue)) for _ in range(2)
        ]
        for run in runs:
            run.start()
        for run in runs:
            run.join(timeout=600)
        codes |= {queue.get(timeout=60) for _ in runs}
        for relpath, data in read_tree(root, originals).items():
            assert data in (originals[relpath], expected[relpath]), f"round {round_}: {relpath} is garbled"
    assert codes <= {0, 2}, "a run that finds the tree held exits 2; one that migrates exits 0"


def test_a_run_that_finds_the_tree_held_stops_at_once(tmp_path: Path, capsys) -> None:
    from migrate.cli import main
    from migrate.writeplan import lock_tree

    root = tmp_path / "tree"
    originals = make_tree(root, 3)
    with lock_tree(root):
        code = main(["apply", "--no-cache", "--root", str(root), str(root)])
    assert code == 2
    assert "another `migrate apply` is writing this tree" in capsys.readouterr().err
    assert read_tree(root, originals) == originals


def test_a_file_changed_between_plan_and_write_is_left_and_reported(tmp_path: Path, monkeypatch) -> None:
    from migrate import engine

    root = tmp_path / "tree"
    originals = make_tree(root, 5)
    victim = sorted(originals)[0]
    real = engine.plan_apply

    def plan_then_edit(*args, **kwargs):
        migration = real(*args, **kwargs)
        (root / victim).write_bytes(b"// edited by someone else meanwhile\n")
        return migration

    monkeypatch.setattr(engine, "plan_apply", plan_then_edit)
    report = apply_migration(_options(root, None), ApplyOptions())
    assert (root / victim).read_bytes() == b"// edited by someone else meanwhile\n"
    assert [relpath for relpath, _ in report.failures] == [victim]
    assert "changed since migrate read it" in report.failures[0][1]
    for relpath, data in read_tree(root, originals).items():
        if relpath != victim:
            assert data == migrated(relpath, originals[relpath])


def test_apply_exits_2_on_a_file_it_cannot_read(tmp_path: Path, monkeypatch, capsys) -> None:
    from migrate import engine
    from migrate.cli import main
    from migrate.sources import Content

    root = tmp_path / "tree"
    originals = make_tree(root, 4)
    unreadable = sorted(originals)[1]
    real = engine.read
    monkeypatch.setattr(
        engine,
        "read",
        lambda path, limit: (
            Content(problem="cannot read: Permission denied", kind="io-error")
            if path.name == Path(unreadable).name
            else real(path, limit)
        ),
    )
    assert main(["apply", "--no-cache", "--root", str(root), str(root)]) == 2
    assert (
        f"{unreadable}: not migrated: file could not be read: cannot read: Permission denied"
        in capsys.readouterr().err
    )


def test_scan_after_a_same_size_same_mtime_replacement_reports_the_new_bytes(tmp_path: Path) -> None:
    rng = random.Random(23)
    cache = tmp_path / "cache"
    root = tmp_path / "tree"
    root.mkdir()
    (root / ".git").mkdir()
    target = root / "k.cu"
    before = cuda_source(rng)
    target.write_bytes(before)
    scan(_options(root, cache))
    stamp = target.stat()
    after = b"void f(float* p) { cudaDeviceReset(); }\n".ljust(len(before), b" ")
    target.write_bytes(after)
    os.utime(target, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    messages = [f.message for f in scan(_options(root, cache)).findings]
    assert any("cudaDeviceReset" in m for m in messages), "the scan took the findings of the old bytes"
