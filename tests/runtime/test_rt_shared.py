"""Shared memory and barriers: static and dynamic shared memory, transpose, reductions, __syncthreads_*."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_shared(run, variant):
    run("shared", variant)
