"""Several host threads launching kernels with barriers and shuffles at once."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_threads(run, variant):
    run("threads", variant)
