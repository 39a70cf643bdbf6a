"""__half and __nv_bfloat16: conversions against an exhaustive nearest-encoding search, arithmetic."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_half(run, variant):
    run("half", variant)
