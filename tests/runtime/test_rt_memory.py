"""Memory: allocations, copies of every kind, 2D copies, fills, symbols, misuse errors."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_memory(run, variant):
    run("memory", variant)
