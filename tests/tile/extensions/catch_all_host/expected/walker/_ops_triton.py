"""CUDA functions of the walker ops as Triton kernels, migrated from coin_cuda.cu, head_cuda.cu, settle_cuda.cu.

The C++ ops of walker keep their own kernel for every device (the CPU code, and the CUDA functions where a CUDA toolkit built them); each function here is registered with torch.library.register_kernel for cuda tensors, which the dispatcher prefers to the op's own kernel. The kernels run on any Triton backend, and on the CPU under TRITON_INTERPRET=1 when called directly.
"""

import torch
import triton
import triton.language as tl


def _dim(shape):
    """The x size of a launch shape given as an int or a tuple."""
    return int(shape[0]) if isinstance(shape, (tuple, list)) else int(shape)


class _Symbol:
    """A variable of the original's device memory at namespace scope (`__constant__`, `__device__`, `__managed__`):
    one tensor of `count` elements of torch dtype `dtype` per device, as CUDA keeps one copy per device, made there at
    its first use and holding `values` (the original's initializer, exactly) or zeros (as CUDA starts it). The
    launchers pass it to the kernels that use it. `.on(where)` is the tensor: where the original's host code wrote
    the variable with cudaMemcpyToSymbol, write it (`.on(device).copy_(values)`); where it read it with
    cudaMemcpyFromSymbol, read it."""

    def __init__(self, dtype, count, values=None):
        self.dtype, self.count, self.values = dtype, count, values
        self._tensors = {}

    def on(self, where=None):
        """The tensor on the device of tensor `where`, on device `where` ("cuda", "cuda:1", a torch.device), or with
        None on the device kernels run on (the CPU under Triton's interpreter)."""
        import os

        import torch

        if hasattr(where, "device"):
            device = where.device
        elif where is not None:
            device = torch.device(where)
            if device.type != "cpu" and device.index is None:
                device = torch.empty(0, device=device).device  # the current device of that type
        elif os.environ.get("TRITON_INTERPRET") == "1":
            device = torch.device("cpu")
        else:
            device = triton.runtime.driver.active.get_active_torch_device()
            if device.type != "cpu" and device.index is None:
                device = torch.empty(0, device=device).device
        tensor = self._tensors.get(device)
        if tensor is None:
            dtype = getattr(torch, self.dtype)
            tensor = torch.zeros(self.count, dtype=dtype, device=device) if self.values is None else \
                torch.tensor(self.values, dtype=dtype, device=device)
            self._tensors[device] = tensor
        return tensor


def _threads(grid, block, axis):
    """The threads a launch of shape (`grid`, `block`) runs along `axis` (0: x, 1: y)."""
    def size(shape):
        sizes = [int(v) for v in shape] if isinstance(shape, (tuple, list)) else [int(shape)]
        return sizes[axis] if axis < len(sizes) else 1

    return size(grid) * size(block)


def _within(defaults, threads):
    """The launch keywords `defaults` with each width of `threads` (BLOCK_X -> the threads along x) cut to the largest
    power of two that divides that count, so the programs end where the threads do."""
    config = dict(defaults)
    for width, count in threads.items():
        config[width] = max(1, min(config[width], count & -count))
    return config


def _block_for(extent):
    """A power-of-two chunk width for a row of `extent` elements."""
    return triton.next_power_of_2(max(16, min(int(extent), 4096)))


# Launch configurations: each launcher starts from its kernel's defaults, or from the configuration kept for this
# GPU target in <this module>.tuned.json. With MIGRATE_TILE_TUNE=1 and none kept, a kernel is tuned over its search
# space at its first launch (each trial restores the buffers it was given) and the choice is written to that
# file when the process exits, so later runs on the same target start from it.
_TUNERS = {}
_TARGET = []


def _target():
    """This process's GPU target as the kept configurations name it ("cuda:90", "hip:gfx942"); None when the
    kernels run under Triton's interpreter."""
    import os

    if os.environ.get("TRITON_INTERPRET") == "1":
        return None
    if not _TARGET:
        target = triton.runtime.driver.active.get_current_target()
        _TARGET.append(f"{target.backend}:{target.arch}")
    return _TARGET[0]


def _tuned_path():
    from pathlib import Path

    here = Path(__file__)
    return here.with_name(here.stem + ".tuned.json")


def _kept(target, name, defaults):
    """The configuration kept for kernel `name` on `target`, if it names the same widths as `defaults`."""
    import json
    import warnings

    path = _tuned_path()
    try:
        kept = json.loads(path.read_text(encoding="utf-8")).get(target, {}).get(name)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, AttributeError) as exc:
        warnings.warn(f"{path}: not read ({exc}); kernels start from their defaults", stacklevel=3)
        return None
    if not isinstance(kept, dict) or set(kept) | {"num_stages"} != set(defaults) | {"num_stages"} \
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in kept.values()):
        return None
    return kept


def _tuned(name, kernel, defaults, space, buffers):
    """(the kernel or its autotuner, launch keywords) for kernel `name` on this process's target; `buffers` holds its
    buffer arguments, which each tuning trial restores (a store may reach any of them)."""
    import os

    target = _target()
    tune = target is not None and os.environ.get("MIGRATE_TILE_TUNE") == "1" \
        and all(hasattr(v, "clone") and hasattr(v, "copy_") for v in buffers.values())
    entry = _TUNERS.get((name, target, tune))
    if entry is None:
        kept = _kept(target, name, defaults) if target is not None else None
        if kept is not None or not tune:
            entry = (kernel, dict(kept or defaults), None)
        else:
            choices = [defaults] + [c for c in space if c != defaults]
            configs = [_config(c) for c in choices]
            tuner = triton.autotune(configs, key=[], restore_value=list(buffers), do_bench=_bench)(kernel)
            if not any(e[2] for e in _TUNERS.values()):
                import atexit

                atexit.register(_save_tuned)
            entry = (tuner, {}, list(zip(configs, choices)))
        _TUNERS[(name, target, tune)] = entry
    return entry[0], entry[1]


def _bench(fn, quantiles):
    from triton.testing import do_bench

    return do_bench(fn, warmup=5, rep=25, quantiles=quantiles)


def _config(values):
    values = dict(values)
    options = {k: values.pop(k) for k in ("num_warps", "num_stages") if k in values}
    return triton.Config(values, **options)


def _save_tuned():
    """Write the configurations this process's tuning chose into <this module>.tuned.json, keeping the others."""
    import json
    import os
    import tempfile
    import warnings

    chosen = {}
    for (name, target, _), (tuner, _, choices) in _TUNERS.items():
        best = getattr(tuner, "best_config", None) if choices else None
        for config, values in choices or ():
            if config is best:
                chosen.setdefault(target, {})[name] = values
    if not chosen:
        return
    path = _tuned_path()
    try:
        kept = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        for target, configs in chosen.items():
            kept.setdefault(target, {}).update(configs)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(json.dumps(kept, indent=1, sort_keys=True) + "\n")
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except (OSError, ValueError, AttributeError) as exc:
        warnings.warn(f"{path}: tuned configurations not written ({exc})", stacklevel=2)


# The original's variables of device memory at namespace scope that the kernels below use, each under its own name:
# `name.on(device)` is its tensor there (see _Symbol), which the program writes and reads where the original called
# cudaMemcpyToSymbol and cudaMemcpyFromSymbol.
settled_d = _Symbol('bool', 1)  # __device__ bool settled_d (settle_cuda.cu:8); the kernels write it


@triton.jit
def coin_kernel_tile(x, heads, u, out, p: tl.float64, n, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from coin_cuda.cu, head_cuda.cu, settle_cuda.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(out + offs_x, tl.where((tl.load(heads + offs_x, mask=offs_x < n, other=0.0) > 0) & (tl.load(u + offs_x, mask=(offs_x < n) & (tl.load(heads + offs_x, mask=offs_x < n, other=0.0) > 0), other=0.0) < p), tl.load(x + offs_x, mask=(offs_x < n) & ((tl.load(heads + offs_x, mask=offs_x < n, other=0.0) > 0) & (tl.load(u + offs_x, mask=(offs_x < n) & (tl.load(heads + offs_x, mask=offs_x < n, other=0.0) > 0), other=0.0) < p)), other=0.0), 0.0), mask=offs_x < n)


_coin_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_coin_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def coin_kernel(grid, block, x, heads, u, out, p, n):
    """Launch coin_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("coin_kernel", coin_kernel_tile, _coin_kernel_defaults, _coin_kernel_space, {"x": x, "heads": heads, "u": u, "out": out})
    threads_x = _threads(grid, block, 0)
    if threads_x < n:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = coin_kernel_tile, _within(_coin_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(n, threads_x), meta["BLOCK_X"]),)

    kernel[launch](x, heads, u, out, float(p), int(n), **config)


@triton.jit
def head_kernel_tile(x, ptr, out_ptr, out, batch, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from coin_cuda.cu, head_cuda.cu, settle_cuda.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    k = tl.full([], 0, tl.int64)
    k = k + tl.zeros([BLOCK_X], tl.int64)
    _active1 = (tl.zeros([BLOCK_X], tl.int32) == 0) & (offs_x < batch) & (k < tl.load(out_ptr + (offs_x + 1), mask=offs_x < batch, other=0) - tl.load(out_ptr + offs_x, mask=offs_x < batch, other=0))
    while tl.max(_active1.to(tl.int32)) > 0:
        tl.store(out + (tl.load(out_ptr + offs_x, mask=_active1, other=0) + k), tl.load(x + (tl.load(ptr + offs_x, mask=_active1, other=0) + k), mask=_active1, other=0.0), mask=_active1)
        k = tl.where(_active1, k + 1, k)
        _active1 = _active1 & (k < tl.load(out_ptr + (offs_x + 1), mask=_active1, other=0) - tl.load(out_ptr + offs_x, mask=_active1, other=0))


_head_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_head_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def head_kernel(grid, block, x, ptr, out_ptr, out, batch):
    """Launch head_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("head_kernel", head_kernel_tile, _head_kernel_defaults, _head_kernel_space, {"x": x, "ptr": ptr, "out_ptr": out_ptr, "out": out})
    threads_x = _threads(grid, block, 0)
    if threads_x < batch:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = head_kernel_tile, _within(_head_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(batch, threads_x), meta["BLOCK_X"]),)

    kernel[launch](x, ptr, out_ptr, out, int(batch), **config)


@triton.jit
def index_kernel_tile(label, n, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from coin_cuda.cu, head_cuda.cu, settle_cuda.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(label + offs_x, offs_x, mask=offs_x < n)


_index_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_index_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def index_kernel(grid, block, label, n):
    """Launch index_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("index_kernel", index_kernel_tile, _index_kernel_defaults, _index_kernel_space, {"label": label})
    threads_x = _threads(grid, block, 0)
    if threads_x < n:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = index_kernel_tile, _within(_index_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(n, threads_x), meta["BLOCK_X"]),)

    kernel[launch](label, int(n), **config)


@triton.jit
def reset_kernel_tile(_symbol_settled_d, BLOCK: tl.constexpr):
    # row reduction, one program per row; from coin_cuda.cu, head_cuda.cu, settle_cuda.cu
    pid = tl.program_id(0)
    tl.store(_symbol_settled_d + 0, 1)


_reset_kernel_defaults = {"num_warps": 4}
_reset_kernel_space = [  # rules/tile/maps/tuning.toml [reduction]
    {"num_warps": 2}, {"num_warps": 4}, {"num_warps": 8}, {"num_warps": 16},
]


def reset_kernel(grid, block):
    """Launch reset_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0 = _dim(grid)
    BLOCK = 1024
    _symbol_settled_d = settled_d.on(None)
    kernel, config = _tuned("reset_kernel", reset_kernel_tile, _reset_kernel_defaults, _reset_kernel_space, {"_symbol_settled_d": _symbol_settled_d})

    def launch(meta):
        return (grid0,)

    kernel[launch](_symbol_settled_d, BLOCK=BLOCK, **config)


@triton.jit
def spread_kernel_tile(label, rowptr, col, n, _symbol_settled_d, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from coin_cuda.cu, head_cuda.cu, settle_cuda.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    best = tl.cast(tl.load(label + offs_x, mask=offs_x < n, other=0), tl.int64)
    e = tl.cast(tl.load(rowptr + offs_x, mask=offs_x < n, other=0), tl.int64)
    _active1 = (tl.zeros([BLOCK_X], tl.int32) == 0) & (offs_x < n) & (e < tl.load(rowptr + (offs_x + 1), mask=offs_x < n, other=0))
    while tl.max(_active1.to(tl.int32)) > 0:
        _cond2 = tl.load(label + tl.load(col + e, mask=_active1, other=0), mask=_active1, other=0) < best
        best = tl.where(_active1 & _cond2, tl.load(label + tl.load(col + e, mask=_active1 & _cond2, other=0), mask=_active1 & _cond2, other=0), best)
        e = tl.where(_active1, e + 1, e)
        _active1 = _active1 & (e < tl.load(rowptr + (offs_x + 1), mask=_active1, other=0))
    _cond3 = best < tl.load(label + offs_x, mask=offs_x < n, other=0)
    tl.store(label + offs_x, best, mask=(offs_x < n) & _cond3)
    tl.store(_symbol_settled_d + (0 + tl.zeros([BLOCK_X], tl.int32)), 0, mask=(offs_x < n) & _cond3)


_spread_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_spread_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def spread_kernel(grid, block, label, rowptr, col, n):
    """Launch spread_kernel_tile; `grid` and `block` are the original launch shape."""
    _symbol_settled_d = settled_d.on(label)
    kernel, config = _tuned("spread_kernel", spread_kernel_tile, _spread_kernel_defaults, _spread_kernel_space, {"label": label, "rowptr": rowptr, "col": col, "_symbol_settled_d": _symbol_settled_d})
    threads_x = _threads(grid, block, 0)
    if threads_x < n:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = spread_kernel_tile, _within(_spread_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(n, threads_x), meta["BLOCK_X"]),)

    kernel[launch](label, rowptr, col, int(n), _symbol_settled_d, **config)


def head_cuda(x: torch.Tensor, ptr: torch.Tensor, ratio: torch.Tensor) -> torch.Tensor:
    """head_cuda of coin_cuda.cu, head_cuda.cu, settle_cuda.cu, which the ops below call."""
    batch = ptr.numel() - 1
    deg = ptr.narrow(0, 1, batch) - ptr.narrow(0, 0, batch)
    out_ptr = (deg.to(ratio.dtype) * ratio).ceil().to(torch.int64).cumsum(0)
    out_ptr = torch.cat((torch.zeros((1,), dtype=ptr.dtype, device=ptr.device), out_ptr), 0)
    total = [0] * 1
    torch._check(out_ptr[-1].dtype == torch.int64, lambda: 'expected a tensor of int64_t')
    total[0] = out_ptr[-1].flatten()[0].item()
    out = None
    out = torch.empty((total[0],), dtype=x.dtype, device=x.device)
    head_kernel((batch + 256 - 1) // 256, 256, x, ptr, out_ptr, out, batch)
    return out


def spread(label: torch.Tensor, rowptr: torch.Tensor, col: torch.Tensor) -> bool:
    """spread of coin_cuda.cu, head_cuda.cu, settle_cuda.cu, which the ops below call."""
    reset_kernel(1, 1)
    n = label.numel()
    spread_kernel((n + 256 - 1) // 256, 256, label, rowptr, col, n)
    settled = bool(settled_d.on(None)[0].item())
    return settled


def coin_cuda(x: torch.Tensor, p: float) -> torch.Tensor:
    """walker::coin on cuda tensors, from coin_cuda of coin_cuda.cu, head_cuda.cu, settle_cuda.cu: the host code's shape logic
    around the Triton launches."""
    n = x.numel()
    heads = torch.full((n,), p, dtype=x.dtype, device=x.device).bernoulli()
    u = torch.rand((n,), dtype=x.dtype, device=x.device)
    out = torch.empty_like(x)
    coin_kernel((n + 256 - 1) // 256, 256, x, heads, u, out, p, n)
    return out


torch.library.register_kernel("walker::coin", "cuda", coin_cuda)


def head(x: torch.Tensor, ptr: torch.Tensor, ratio: torch.Tensor, num_workers: int) -> torch.Tensor:
    """walker::head on cuda tensors, from head of coin_cuda.cu, head_cuda.cu, settle_cuda.cu: the host code's shape logic
    around the Triton launches."""
    return head_cuda(x, ptr, ratio)


torch.library.register_kernel("walker::head", "cuda", head)


def settle_cuda(rowptr: torch.Tensor, col: torch.Tensor) -> torch.Tensor:
    """walker::settle on cuda tensors, from settle_cuda of coin_cuda.cu, head_cuda.cu, settle_cuda.cu: the host code's shape logic
    around the Triton launches."""
    n = rowptr.numel() - 1
    label = torch.full((n,), -1, dtype=rowptr.dtype, device=rowptr.device)
    index_kernel((n + 256 - 1) // 256, 256, label, n)
    while (not spread(label, rowptr, col)):
        pass
    return label


torch.library.register_kernel("walker::settle", "cuda", settle_cuda)
