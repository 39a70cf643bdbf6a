"""PRT_CPU_BLOCK_ORDER=reverse: a grid's blocks run one at a time, last to first, on the CPU backend."""

import os

from conftest import run_program, values


def test_blocks_run_last_to_first_when_asked(cpu_builds, monkeypatch):
    monkeypatch.setitem(os.environ, "PRT_CPU_BLOCK_ORDER", "reverse")
    assert values(run_program(cpu_builds, "block_order"))["first_block"] == 36


def test_every_block_runs_once_in_the_usual_order(cpu_builds, monkeypatch):
    monkeypatch.delitem(os.environ, "PRT_CPU_BLOCK_ORDER", raising=False)
    monkeypatch.setitem(os.environ, "PRT_CPU_THREADS", "1")
    assert values(run_program(cpu_builds, "block_order"))["first_block"] == 0
