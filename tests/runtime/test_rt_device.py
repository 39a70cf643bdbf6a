"""Devices: count, selection, properties agreeing with attributes, error strings."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_device(run, variant):
    run("device", variant)
