"""Portable spellings of torch.cuda calls that PyTorch itself lacks or that raise on a machine without a GPU.

Each function does what the torch.cuda call it replaces does when an accelerator is present (on CUDA it calls
that very function, through `torch.get_device_module`), and where none is present it does what torch.cuda did on
a CPU-only build: return 0 or an empty value, or nothing, instead of raising. Works on PyTorch 2.6 and later.
"""

from __future__ import annotations

import contextlib
import os
import platform
import time
from types import SimpleNamespace
from typing import Any, Callable, Iterator

import torch

from . import nvtx

__all__ = [
    "Event",
    "Stream",
    "accelerator_only",
    "current_device",
    "current_stream",
    "default_stream",
    "default_device",
    "device",
    "device_type",
    "distributed_backend",
    "empty_cache",
    "get_device_capability",
    "get_device_name",
    "get_device_properties",
    "initial_seed",
    "is_bf16_supported",
    "manual_seed",
    "manual_seed_all",
    "max_memory_allocated",
    "max_memory_reserved",
    "mem_get_info",
    "memory_allocated",
    "memory_reserved",
    "memory_stats",
    "nvtx",
    "reset_accumulated_memory_stats",
    "reset_peak_memory_stats",
    "seed",
    "seed_all",
    "set_device",
    "stream",
    "synchronize",
    "utilization",
]


def _accelerator() -> torch.device | None:
    """The accelerator this process can use, or None (a build for a GPU on a machine without one gives None)."""
    if not torch.accelerator.is_available():
        return None
    return torch.accelerator.current_accelerator()


def _device_module() -> Any | None:
    accelerator = _accelerator()
    return None if accelerator is None else torch.get_device_module(accelerator)


def _forward(name: str, default: Callable[[], Any], *args: Any, **kwargs: Any) -> Any:
    """Call `name` of the accelerator's device module (torch.cuda on NVIDIA), then of torch.accelerator; else `default()`."""
    module = _device_module()
    if module is not None:
        for owner in (module, torch.accelerator):
            function = getattr(owner, name, None)
            if function is not None:
                return function(*args, **kwargs)
    return default()


# -- devices -----------------------------------------------------------------------------------------------------


def default_device() -> torch.device:
    """The accelerator's device (no index: the current one), or the CPU."""
    return _accelerator() or torch.device("cpu")


def device_type() -> str:
    """`"cuda"`, `"xpu"`, `"mps"`… or `"cpu"`."""
    return default_device().type


def device(index: int | str | torch.device | None = None) -> torch.device:
    """The accelerator's device `index` (what `torch.device("cuda", index)` was), or the CPU."""
    accelerator = _accelerator()
    if accelerator is None:
        return torch.device("cpu")
    if index is None:
        return accelerator
    if isinstance(index, torch.device):
        return index if index.type != "cuda" else torch.device(accelerator.type, index.index)
    if isinstance(index, str):
        kind, _, number = index.partition(":")
        return torch.device(accelerator.type, int(number)) if number else torch.device(accelerator.type)
    return torch.device(accelerator.type, int(index))


def accelerator_only(value: Any) -> Any:
    """`value` when an accelerator is present, else None: DDP's `device_ids`/`output_device` must be None on CPU."""
    return value if _accelerator() is not None else None


def current_device() -> int:
    """The current accelerator index; 0 on the CPU."""
    if _accelerator() is None:
        return 0
    index = getattr(torch.accelerator, "current_device_index", None) or torch.accelerator.current_device_idx
    return index()


def set_device(index: int | str | torch.device | None) -> None:
    """Make `index` the current accelerator device; nothing on the CPU."""
    if _accelerator() is None or index is None:
        return
    if isinstance(index, str):
        index = torch.device(index)
    if isinstance(index, torch.device):
        if index.index is None:
            return
        index = index.index
    setter = getattr(torch.accelerator, "set_device_index", None) or torch.accelerator.set_device_idx
    setter(index)


def synchronize(device: int | str | torch.device | None = None) -> None:
    """Wait for the device's work to finish; nothing on the CPU."""
    _forward("synchronize", lambda: None, device)


# -- random numbers ---------------------------------------------------------------------------------------------


def manual_seed(seed: int) -> None:
    """Seed the current accelerator's generator only (not the CPU's); nothing without an accelerator."""
    _forward("manual_seed", lambda: None, seed)


def manual_seed_all(seed: int) -> None:
    """Seed every accelerator device's generator (not the CPU's); nothing without an accelerator."""
    _forward("manual_seed_all", lambda: None, seed)


def seed() -> None:
    """Seed the current accelerator's generator from a random number; nothing without an accelerator."""
    _forward("seed", lambda: None)


def seed_all() -> None:
    """Seed every accelerator device's generator from a random number; nothing without an accelerator."""
    _forward("seed_all", lambda: None)


def initial_seed() -> int:
    """The current accelerator generator's initial seed; the CPU generator's without one."""
    return _forward("initial_seed", torch.initial_seed)


# -- memory -----------------------------------------------------------------------------------------------------


def memory_allocated(device: Any = None) -> int:
    """Bytes held by tensors on the device; 0 on the CPU, as torch.cuda said there."""
    return _forward("memory_allocated", lambda: 0, device)


def max_memory_allocated(device: Any = None) -> int:
    """Peak bytes held by tensors since the last reset; 0 on the CPU."""
    return _forward("max_memory_allocated", lambda: 0, device)


def memory_reserved(device: Any = None) -> int:
    """Bytes the caching allocator holds; 0 on the CPU."""
    return _forward("memory_reserved", lambda: 0, device)


def max_memory_reserved(device: Any = None) -> int:
    """Peak bytes the caching allocator held since the last reset; 0 on the CPU."""
    return _forward("max_memory_reserved", lambda: 0, device)


def memory_stats(device: Any = None) -> dict[str, Any]:
    """The allocator's statistics; empty on the CPU."""
    return _forward("memory_stats", dict, device)


def reset_peak_memory_stats(device: Any = None) -> None:
    """Restart the peak counters; nothing on the CPU."""
    _forward("reset_peak_memory_stats", lambda: None, device)


def reset_accumulated_memory_stats(device: Any = None) -> None:
    """Restart the accumulated counters; nothing on the CPU."""
    _forward("reset_accumulated_memory_stats", lambda: None, device)


def empty_cache() -> None:
    """Give cached, unused device memory back; nothing on the CPU."""
    _forward("empty_cache", lambda: None)


def _host_memory() -> tuple[int, int]:
    try:
        page = os.sysconf("SC_PAGE_SIZE")
        return os.sysconf("SC_AVPHYS_PAGES") * page, os.sysconf("SC_PHYS_PAGES") * page
    except (ValueError, OSError, AttributeError):
        return 0, 0


def mem_get_info(device: Any = None) -> tuple[int, int]:
    """(free, total) bytes of the device; of the host's memory on the CPU."""
    module = _device_module()
    if module is not None and hasattr(module, "mem_get_info"):
        return module.mem_get_info(device)
    if module is not None and hasattr(torch.accelerator, "get_memory_info"):
        return torch.accelerator.get_memory_info(device)
    return _host_memory()


def utilization(device: Any = None) -> int:
    """Percent of time a kernel ran over the last sample period; 0 on the CPU or where the device cannot say."""
    module = _device_module()
    function = getattr(module, "utilization", None) if module is not None else None
    return function(device) if function is not None else 0


# -- properties -------------------------------------------------------------------------------------------------


def get_device_name(device: Any = None) -> str:
    """The device's name; the host processor's on the CPU."""
    module = _device_module()
    if module is not None and hasattr(module, "get_device_name"):
        return module.get_device_name(device)
    if module is not None:
        return str(default_device())
    return platform.processor() or platform.machine() or "cpu"


def get_device_properties(device: Any = None) -> Any:
    """The device's properties; on the CPU a namespace with name, total_memory, multi_processor_count, major, minor."""
    module = _device_module()
    if module is not None and hasattr(module, "get_device_properties"):
        return module.get_device_properties(device)
    return SimpleNamespace(
        name=get_device_name(device),
        total_memory=_host_memory()[1],
        multi_processor_count=os.cpu_count() or 1,
        major=0,
        minor=0,
    )


def get_device_capability(device: Any = None) -> tuple[int, int]:
    """(major, minor) as torch.cuda gives it; (0, 0) for the CPU and devices without that notion."""
    module = _device_module()
    function = getattr(module, "get_device_capability", None) if module is not None else None
    if function is not None:
        capability = function(device)
        if isinstance(capability, tuple):
            return capability
    return (0, 0)


def is_bf16_supported(including_emulation: bool = True) -> bool:
    """Whether the device computes in bfloat16; True on the CPU, whose autocast runs in bfloat16 (torch.cuda said False)."""
    module = _device_module()
    function = getattr(module, "is_bf16_supported", None) if module is not None else None
    if function is not None:
        try:
            return function(including_emulation)
        except TypeError:
            return function()
    return True


# -- streams and events -----------------------------------------------------------------------------------------


class _HostStream:
    """A stream on the CPU: work runs in program order, so every wait and synchronisation is already done."""

    device = torch.device("cpu")

    def __init__(self, device: Any = None, priority: int = 0, **_: Any) -> None:
        self.priority = priority

    def synchronize(self) -> None:
        pass

    def query(self) -> bool:
        return True

    def wait_stream(self, stream: Any) -> None:
        pass

    def wait_event(self, event: Any) -> None:
        pass

    def record_event(self, event: Any = None) -> "_HostEvent":
        event = event or _HostEvent()
        event.record(self)
        return event

    def __enter__(self) -> "_HostStream":
        return self

    def __exit__(self, *exc: Any) -> None:
        pass


class _HostEvent:
    """An event on the CPU: record() notes the time, so elapsed_time() measures host time in milliseconds."""

    def __init__(self, enable_timing: bool = False, blocking: bool = False, interprocess: bool = False, **_: Any) -> None:
        self.enable_timing = enable_timing
        self._time: float | None = None

    def record(self, stream: Any = None) -> None:
        self._time = time.perf_counter()

    def query(self) -> bool:
        return True

    def synchronize(self) -> None:
        pass

    def wait(self, stream: Any = None) -> None:
        pass

    def elapsed_time(self, end_event: "_HostEvent") -> float:
        if self._time is None or end_event._time is None:
            raise RuntimeError("both events must be recorded before elapsed_time")
        return (end_event._time - self._time) * 1000.0


def Stream(device: Any = None, priority: int = 0, **kwargs: Any) -> Any:  # noqa: N802 (stands for a class)
    """A new stream on the accelerator (torch.cuda.Stream on NVIDIA), or a host stream on the CPU."""
    module = _device_module()
    if module is not None and hasattr(module, "Stream"):
        return module.Stream(device=device, priority=priority, **kwargs)
    if module is not None:
        return torch.Stream(default_device(), priority=priority)
    return _HostStream(device, priority)


def Event(enable_timing: bool = False, blocking: bool = False, interprocess: bool = False) -> Any:  # noqa: N802
    """A new event on the accelerator (torch.cuda.Event on NVIDIA), or a host-timed event on the CPU."""
    module = _device_module()
    if module is not None and hasattr(module, "Event"):
        return module.Event(enable_timing=enable_timing, blocking=blocking, interprocess=interprocess)
    if module is not None:
        return torch.Event(default_device(), enable_timing=enable_timing, blocking=blocking, interprocess=interprocess)
    return _HostEvent(enable_timing, blocking, interprocess)


_HOST_STREAM = _HostStream()


def current_stream(device: Any = None) -> Any:
    """The device's current stream; the host stream on the CPU."""
    module = _device_module()
    if module is not None and hasattr(module, "current_stream"):
        return module.current_stream(device)
    if module is not None:
        return torch.accelerator.current_stream(device)
    return _HOST_STREAM


def default_stream(device: Any = None) -> Any:
    """The device's default stream; the host stream on the CPU."""
    module = _device_module()
    if module is not None and hasattr(module, "default_stream"):
        return module.default_stream(device)
    return current_stream(device)


@contextlib.contextmanager
def _set_stream(chosen: Any) -> Iterator[None]:
    previous = torch.accelerator.current_stream()
    torch.accelerator.set_stream(chosen)
    try:
        yield
    finally:
        torch.accelerator.set_stream(previous)


def stream(chosen: Any) -> contextlib.AbstractContextManager[Any]:
    """A context that makes `chosen` the current stream (torch.cuda.stream on NVIDIA); nothing on the CPU."""
    if chosen is None or isinstance(chosen, _HostStream):
        return contextlib.nullcontext()
    module = _device_module()
    if module is not None and hasattr(module, "stream"):
        return module.stream(chosen)
    if module is not None:
        return _set_stream(chosen)
    return contextlib.nullcontext()


# -- distributed ------------------------------------------------------------------------------------------------


def distributed_backend() -> str:
    """The process-group backend for this process's device: "nccl" on NVIDIA GPUs, "gloo" on the CPU, and so on."""
    chosen = default_device()
    getter = getattr(torch.distributed, "get_default_backend_for_device", None)
    if getter is not None:
        return getter(chosen)
    return torch.distributed.Backend.default_device_backend_map.get(chosen.type, "gloo")
