"""Launch: index built-ins on 3D grids, argument passing, template kernels, configuration errors, occupancy."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_launch(run, variant):
    run("launch", variant)
