"""Atomics: every operation and type CUDA defines, against a sequential host reference."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_atomic(run, variant):
    run("atomic", variant)
