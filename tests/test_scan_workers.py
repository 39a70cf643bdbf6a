"""Scans spread over worker processes: the same findings, files and plans, in the same order, as in one process."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrate.engine import (
    CHUNK_FILES,
    PARALLEL_MIN_BYTES,
    ScanOptions,
    _balanced_chunks,
    plan_migration,
    scan,
)
from migrate.report import render

KERNEL = """__global__ void k{n}(float* x, int n) {{
    __shared__ float tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = x[i % n];
    __syncthreads();
    x[i % n] = tile[255 - threadIdx.x];
}}
"""
HOST = """void run{n}(float* h, int n) {{
    float* d = nullptr;
    cudaMalloc((void**)&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    k{n}<<<(n + 255) / 256, 256>>>(d, n);
    cudaDeviceSynchronize();
    cudaFree(d);
}}
"""


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Files of very different sizes, more of them than one chunk holds, over the size that starts workers."""
    root = tmp_path_factory.mktemp("workers")
    written = 0
    index = 0
    while written < PARALLEL_MIN_BYTES * 1.2 or index <= CHUNK_FILES * 2:
        repeats = 1 + index % 3
        padding = "// " + "x" * 76 + "\n"  # bytes the parser reads quickly: sizes from 1 kB to 60 kB
        text = "#include <cuda_runtime.h>\n" + padding * ((index * 37) % 750) + "".join(
            KERNEL.format(n=f"{index}_{r}") + HOST.format(n=f"{index}_{r}") for r in range(repeats))
        if index % 7 == 0:
            text = "int plain(int x) { return x + 1; }\n"  # nothing to find
        folder = root / f"part{index % 5}"
        folder.mkdir(exist_ok=True)
        (folder / f"unit_{index:04d}.cu").write_text(text)
        written += len(text)
        index += 1
    return root


def test_two_workers_give_what_one_process_gives(tree: Path) -> None:
    one = scan(ScanOptions(paths=(tree,), root=tree, cache_dir=None, jobs=1))
    two = scan(ScanOptions(paths=(tree,), root=tree, cache_dir=None, jobs=2))
    assert len(one.files) > CHUNK_FILES * 2 and one.findings
    assert one.files == two.files
    assert one.findings == two.findings
    for fmt in ("json", "sarif", "text"):
        assert render(one, fmt) == render(two, fmt)


def test_two_workers_plan_what_one_process_plans(tree: Path) -> None:
    one = plan_migration(ScanOptions(paths=(tree,), root=tree, cache_dir=None, jobs=1))
    two = plan_migration(ScanOptions(paths=(tree,), root=tree, cache_dir=None, jobs=2))
    assert [p.relpath for p in one[1]] == [p.relpath for p in two[1]]
    assert one[1] == two[1]
    assert one[0].findings == two[0].findings


def test_chunks_hold_every_task_once_largest_first() -> None:
    sizes = [(i * 7919) % 5000 + (200_000 if i % 50 == 0 else 0) for i in range(1000)]
    chunks = _balanced_chunks(sizes, 2)
    flat = [i for chunk in chunks for i in chunk]
    assert sorted(flat) == list(range(len(sizes)))
    assert [sizes[i] for i in flat] == sorted(sizes, reverse=True)
    assert all(len(chunk) <= CHUNK_FILES for chunk in chunks)
    budget = sum(sizes) // 16
    assert all(len(chunk) == 1 or sum(sizes[i] for i in chunk) <= budget for chunk in chunks)
    # The last chunks are the small ones, so the workers finish together.
    assert sum(sizes[i] for i in chunks[-1]) <= sum(sizes[i] for i in chunks[0])


def test_no_tasks_make_no_chunks() -> None:
    assert _balanced_chunks([], 2) == []


def test_workers_fed_during_the_walk_give_what_a_walk_first_gives(tree: Path) -> None:
    # Without a cache, -j 2 forks its workers before the walk; with one (empty), it walks first.
    streamed = scan(ScanOptions(paths=(tree, tree / "part1", tree / "part2" / "unit_0002.cu"), root=tree, jobs=2))
    walked_first = scan(ScanOptions(paths=(tree,), root=tree, cache_dir=None, jobs=1))
    assert streamed.files == walked_first.files
    assert streamed.findings == walked_first.findings
    assert render(streamed, "json") == render(walked_first, "json")


def test_a_small_scan_starts_no_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    def refuse(*args: object) -> None:
        raise AssertionError("a pool was started for a small tree")

    monkeypatch.setattr(multiprocessing, "get_context", refuse)
    (tmp_path / "a.cu").write_text("void f() { cudaDeviceSynchronize(); }\n")
    result = scan(ScanOptions(paths=(tmp_path,), root=tmp_path, jobs=2))
    assert result.findings
    assert result.findings == scan(ScanOptions(paths=(tmp_path,), root=tmp_path, jobs=1)).findings


def test_streamed_chunks_hold_every_file_once_in_walk_order(tree: Path) -> None:
    from migrate.engine import STREAM_CHUNK_BYTES, Progress, _stream_chunks
    from migrate.sources import discover

    sources, _ = discover((tree,), tree)
    sizes = [s.path.stat().st_size for s in sources]
    tracker = Progress(total=0)
    chunks = list(_stream_chunks(list(zip(sources[:10], sizes[:10])), iter(sources[10:]), tracker))
    assert [task[1] for chunk in chunks for task in chunk] == [s.relpath for s in sources]
    assert tracker.total == len(sources)
    at = 0
    for chunk in chunks[:-1]:  # each closes at the file that brings it to the budget, or at CHUNK_FILES files
        held = sizes[at : at + len(chunk)]
        assert len(chunk) == CHUNK_FILES or (sum(held) >= STREAM_CHUNK_BYTES > sum(held[:-1]))
        at += len(chunk)


def test_rows_read_back_are_the_findings_sent(tree: Path) -> None:
    from dataclasses import fields

    from migrate.model import Edit, Finding

    findings = scan(ScanOptions(paths=(tree,), root=tree, jobs=1)).findings
    assert any(f.edits for f in findings)
    for finding in findings:
        back = Finding.from_row(finding.as_row())
        assert back == finding and vars(back) == vars(finding)
    values = ("r", "p", 1, 2, 3, 4, "note", "safe", "low", "m", "f", (Edit(0, 1, "x"),), "engine", "s")
    assert len(values) == len(fields(Finding))
    assert vars(Finding.unchecked(*values)) == vars(Finding(*values))


def test_a_chunk_scanned_in_process_keeps_its_findings_and_the_cache_their_rows(tree: Path, tmp_path: Path) -> None:
    from migrate.engine import _scan_chunk, _scan_here
    from migrate.model import Finding
    from migrate.rules import RULES_DIR, load_catalog

    catalog = load_catalog()
    paths = sorted(tree.rglob("*.cu"))[:12]
    tasks = [(str(path), path.relative_to(tree).as_posix(), "cuda", "") for path in paths]
    args = (str(RULES_DIR), "", catalog.digest, tuple(sorted(catalog.rules)), 1 << 20)
    sent, kept = _scan_chunk(*args, tasks), _scan_here(*args, tasks)
    assert any(outcome.rows for outcome in sent) and not any(outcome.findings for outcome in sent)
    assert not any(outcome.rows for outcome in kept)
    assert [tuple(map(Finding.from_row, o.rows)) for o in sent] == [o.findings for o in kept]
    # The cache a one-process scan writes gives the findings back when its files are unchanged, beside a changed one.
    copy = tmp_path / "tree"
    for _, relpath, _, _ in tasks:
        (copy / relpath).parent.mkdir(parents=True, exist_ok=True)
        (copy / relpath).write_bytes((tree / relpath).read_bytes())
    options = ScanOptions(paths=(copy,), root=copy, cache_dir=tmp_path / "cache", jobs=1)
    first = scan(options)
    changed = copy / tasks[1][1]
    changed.write_text(changed.read_text() + "void more() { cudaDeviceReset(); }\n")
    again = scan(options)
    assert first.findings and again.findings != first.findings
    assert again.findings == scan(ScanOptions(paths=(copy,), root=copy, cache_dir=None, jobs=1)).findings
