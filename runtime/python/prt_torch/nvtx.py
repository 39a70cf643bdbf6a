"""NVTX ranges on NVIDIA GPUs, profiler ranges (`torch.profiler.record_function`) everywhere else."""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

import torch

_open: list[Any] = []


def _nvtx() -> Any | None:
    if torch.accelerator.is_available() and torch.accelerator.current_accelerator().type == "cuda":
        return torch.cuda.nvtx
    return None


def range_push(msg: str) -> int:
    """Open a nested range; returns its depth (zero-based) as torch.cuda.nvtx does."""
    native = _nvtx()
    if native is not None:
        return native.range_push(msg)
    record = torch.profiler.record_function(msg)
    record.__enter__()
    _open.append(record)
    return len(_open) - 1


def range_pop() -> int:
    """Close the innermost range; returns the depth it had, or -1 when none was open."""
    native = _nvtx()
    if native is not None:
        return native.range_pop()
    if not _open:
        return -1
    _open.pop().__exit__(None, None, None)
    return len(_open)


def mark(msg: str) -> None:
    """An instantaneous marker (NVTX only; the profiler has no markers, so nothing elsewhere)."""
    native = _nvtx()
    if native is not None:
        native.mark(msg)


@contextlib.contextmanager
def range(msg: str, *args: Any, **kwargs: Any) -> Iterator[None]:  # noqa: A001 (the name torch.cuda.nvtx uses)
    """A range around a block of code."""
    native = _nvtx()
    if native is not None:
        with native.range(msg, *args, **kwargs):
            yield
        return
    with torch.profiler.record_function(msg.format(*args, **kwargs)):
        yield
