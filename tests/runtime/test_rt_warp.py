"""Warp operations: shuffles, votes, active mask, warp reductions, divergent final warp."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_warp(run, variant):
    run("warp", variant)
