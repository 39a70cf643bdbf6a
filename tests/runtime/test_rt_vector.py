"""Vector types: CUDA's layout, make_*, vector loads and stores in kernels."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_vector(run, variant):
    run("vector", variant)
