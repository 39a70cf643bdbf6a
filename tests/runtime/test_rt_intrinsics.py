"""Scoped atomics under contention, __mul24, mask-less warp functions and matches, SIMD video intrinsics, double
conversions, 16-bit float bit casts and math, compute-mode and assert constants, against host references."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_intrinsics(run, variant):
    run("intrinsics", variant)
