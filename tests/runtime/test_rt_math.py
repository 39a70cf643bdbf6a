"""Math: fast intrinsics within CUDA's error bounds, rounding intrinsics, bit intrinsics."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_math(run, variant):
    run("math", variant)
