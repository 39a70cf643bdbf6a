"""Cooperative groups on the CPU backend: blocks, static and dynamic tiles, coalesced groups, collectives."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan"])
def test_cooperative_groups(run, variant):
    run("cooperative_groups", variant)
