"""The scan's shortcuts answer as the long way does: columns of ASCII files, files without a suppression comment,
kernel bodies without a barrier's name, a file's word runs, a chunk and a scan command run with the collector
paused."""

from __future__ import annotations

import gc
import json

import migrate.cli
import migrate.engine
from migrate.cli import main
from migrate.engine import _LineText, _Matcher, _scan_chunk, scan_bytes
from migrate.match import WORD, FileMatcher, Text, compile_rules, word_runs
from migrate.regions import _may_synchronise
from migrate.rules import RULES_DIR, load_catalog

CATALOG = load_catalog()
RULESET = compile_rules(CATALOG, CATALOG.rules)

HOST = b"""#include <cuda_runtime.h>
void run(float* h, int n) {
    float* d = nullptr;
    cudaMalloc((void**)&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaDeviceSynchronize();  // migrate: ignore
    cudaFree(d);
}
"""

# A kernel that waits for its block only through a device function of the file: its body never names the barrier.
THROUGH_HELPER = b"""__device__ void wait_all() { __syncthreads(); }
__global__ void k(float* x, int n) {
    __shared__ float tile[256];
    tile[threadIdx.x] = x[threadIdx.x % n];
    wait_all();
    x[threadIdx.x % n] = tile[255 - threadIdx.x];
}
__global__ void plain(float* x) { x[threadIdx.x] = 0; }
"""


def test_columns_of_ascii_and_other_text_are_those_the_plain_text_gives() -> None:
    for data in (HOST, "int é = 1; // ü\n  cudaFree(p); /* ß */ cudaMalloc(&p, 4);\n".encode()):
        plain, kept = Text(data), _LineText(data)
        # Offsets between characters, as a tree's are, forward and then backward.
        offsets = [o for o in range(len(data) + 1) if o == len(data) or data[o] & 0xC0 != 0x80]
        for offset in [*offsets, *reversed(offsets)]:
            assert kept.position(offset) == plain.position(offset)


def test_lines_of_a_file_are_those_the_plain_text_gives() -> None:
    samples = [HOST, HOST.replace(b"\n", b"\r\n"), HOST.rstrip(b"\n"), b"", b"\n\n", b"one\r", "é\r\nü".encode()]
    for data in samples:
        plain, kept = Text(data), _LineText(data)
        lines = range(1, len(plain.starts) + 1)
        assert [kept.line_bytes(line) for line in lines] == [plain.line_bytes(line) for line in lines]
        backwards = list(reversed(lines))
        assert [kept.line_bytes(line) for line in backwards] == [plain.line_bytes(line) for line in backwards]


def test_a_file_without_a_suppression_comment_gives_what_the_line_by_line_check_gives() -> None:
    bare = HOST.replace(b"  // migrate: ignore", b"")
    for data in (HOST, bare):
        fast = _Matcher(RULESET, "a.cu", "cuda", data).run()
        slow = FileMatcher(RULESET, "a.cu", "cuda", data).run()
        assert fast == slow
    suppressed = {f.line for f in scan_bytes(RULESET, "a.cu", "cuda", HOST)}
    unsuppressed = {f.line for f in scan_bytes(RULESET, "a.cu", "cuda", bare)}
    assert unsuppressed - suppressed == {6}  # the cudaDeviceSynchronize line


def test_a_body_is_searched_for_the_barrier_and_for_the_files_synchronising_functions() -> None:
    assert _may_synchronise(b"{ __syncthreads(); }", frozenset())
    assert _may_synchronise(b"{ wait_all(); }", frozenset({"wait_all"}))
    assert not _may_synchronise(b"{ x[0] = 1; }", frozenset({"wait_all"}))


def test_a_kernel_that_waits_through_a_helper_keeps_its_barrier_finding_and_a_plain_one_has_none() -> None:
    findings = [f for f in scan_bytes(RULESET, "k.cu", "cuda", THROUGH_HELPER) if f.rule_id == "kernel-barrier-regions"]
    assert [f.line for f in findings] == [2]


# Host code that permutes an array in place, with a syntax error: no CUDA construct in it.
HOST_PERMUTE = b"""void permute(float* a, const int* perm, int n) {
    for (int i = 0; i < n; i++) a[perm[i]] = a[i];
    int broken = ;
}
"""


def test_a_file_whose_only_trigger_needs_a_kernel_is_not_parsed_without_one() -> None:
    """lockstep-scatter reports only inside a __global__ or __device__ function: a host file that holds `]]` is not
    parsed, so it gets neither that finding nor a parse-error note, as a file with no CUDA token gets none; the same
    function on the device gives both."""
    assert scan_bytes(RULESET, "a.cpp", "cuda", HOST_PERMUTE) == []
    device = HOST_PERMUTE.replace(b"void permute", b"__device__ void permute")
    assert {"lockstep-scatter", "parse-error"} <= {f.rule_id for f in scan_bytes(RULESET, "a.cu", "cuda", device)}


def test_word_runs_are_the_identifier_runs_the_regex_finds() -> None:
    """Every byte value, CRLF, tabs, form feeds, non-UTF-8 bytes and runs at either end."""
    samples = [
        HOST, THROUGH_HELPER, bytes(range(256)) * 3, b"", b"a", b"_x9\r\n\tcudaFree(p);\x0b\x0c\x1c\x1f\x85\xa0y",
        "int é = 1; // ü cudaMalloc".encode(), b"\xff\xfecuda\x00Malloc\x80_\x7f",
    ]
    for data in samples:
        assert word_runs(data) == WORD.findall(data)


def test_a_chunk_is_scanned_with_the_collector_paused_and_leaves_it_as_it_was(tmp_path) -> None:
    source = tmp_path / "a.cu"
    source.write_bytes(HOST)
    task = [(str(source), "a.cu", "cuda", "")]
    args = (str(RULES_DIR), "", CATALOG.digest, tuple(sorted(CATALOG.rules)), 1 << 20)
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            (outcome,) = _scan_chunk(*args, task)
            assert gc.isenabled() == enabled
        finally:
            gc.enable()
        assert outcome.rows == tuple(f.as_row() for f in scan_bytes(RULESET, "a.cu", "cuda", HOST))


def test_the_scan_command_runs_with_the_collector_paused_and_leaves_it_as_it_was(
    tmp_path, monkeypatch, capsys
) -> None:
    source = tmp_path / "a.cu"
    source.write_bytes(HOST)
    scanned = migrate.engine.scan
    seen: list[bool] = []

    def watched(*args, **kwargs):
        seen.append(gc.isenabled())
        return scanned(*args, **kwargs)

    monkeypatch.setattr(migrate.engine, "scan", watched)
    command = ["scan", str(tmp_path), "--root", str(tmp_path), "--no-cache", "--no-progress", "-f", "json"]
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            code = main(command)
            assert gc.isenabled() == enabled
        finally:
            gc.enable()
        assert code == 1
        report = json.loads(capsys.readouterr().out)
        expected = [f.rule_id for f in scan_bytes(RULESET, "a.cu", "cuda", HOST)]
        assert [f["rule_id"] for f in report["findings"]] == expected
    assert seen == [False, False]
    # With the libclang frontend asked for (compiler flags after --), the collector runs as it was.
    monkeypatch.setattr(migrate.cli, "_with_semantic", lambda result, *args: result)
    seen.clear()
    code = main([*command, "--", "-DX"])
    assert code == 1 and seen == [True] and gc.isenabled()
