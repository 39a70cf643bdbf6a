"""Pausing Python's cyclic garbage collector while a step builds tens of thousands of objects that live on."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """Unpickling or rendering tens of thousands of findings would otherwise set off full collections over
    everything alive (a JSON report of 25,000 findings spent more than half its time there); they hold no cycles."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
