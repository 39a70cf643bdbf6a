"""prtcub: CUB's block, warp and device primitives on the CPU backend, against host references."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan"])
def test_cub(run, variant):
    run("cub", variant)
