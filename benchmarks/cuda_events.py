"""The median time of a GPU callable, from CUDA events around each call (one definition for the benchmarks that
time kernels on an NVIDIA GPU)."""

from __future__ import annotations

from collections.abc import Callable


def median_ms(fn: Callable[[], object], repeat: int, warmup: int) -> float:
    """Median over `repeat` timed calls of `fn`, in ms, after `warmup` untimed ones."""
    import torch

    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeat):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return sorted(times)[len(times) // 2]
