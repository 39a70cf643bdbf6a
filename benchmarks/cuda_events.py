"""The median time of a GPU callable, from CUDA events around each call, or around a CUDA graph of a batch of calls
(one definition for the benchmarks that time kernels on an NVIDIA GPU)."""

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


def graph_median_ms(fn: Callable[[], object], repeat: int, batch: int = 20) -> float:
    """Per call, in ms: the median over `repeat` replays of a CUDA graph that holds `batch` calls of `fn`, over
    `batch`. What the host spends to issue a call (a Python launcher's argument handling) is left out, as it is on
    the other side when that side is timed the same way: the kernels run back to back."""
    import torch

    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(batch):
            fn()
    return median_ms(graph.replay, repeat, warmup=1) / batch
