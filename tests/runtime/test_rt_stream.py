"""Streams and events: ordering, cross-stream waits, host functions, timing, flags, priorities."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan", "tsan"])
def test_stream(run, variant):
    run("stream", variant)
