"""The CPU backend outside the kernels: device memory resident at allocation, the pool started by the first device
allocation, a region twin's block entered by its first thread only."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan"])
def test_residency(run, variant):
    run("residency", variant)
