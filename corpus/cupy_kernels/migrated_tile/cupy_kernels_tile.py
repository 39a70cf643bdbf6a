"""Triton kernels and torch helpers for cupy_kernels.py, migrated from CuPy.

ElementwiseKernel and ReductionKernel objects become functions with the same call signature; RawKernel launches keep CuPy's (grid, block, args) form. Arrays are torch tensors on DEVICE.
"""

import torch
import triton
import triton.language as tl


def _dim(shape):
    """The x size of a launch shape given as an int or a tuple."""
    return int(shape[0]) if isinstance(shape, (tuple, list)) else int(shape)


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


@triton.jit
def _div_rn(a, b):
    # C's float division, rounded to nearest (nvcc's default): both operands in their common type first, as C
    # converts an int or a float beside a double; tl.div_rn takes fp32 only, and fp64's `/` is rounded already.
    # (The zero makes a tensor of two plain numbers, as the interpreter passes scalar arguments.)
    t = (a + b + tl.zeros([], tl.float32)).dtype
    if t == tl.float32:
        return tl.div_rn(tl.cast(a, t), tl.cast(b, t))
    else:
        return tl.cast(a, t) / tl.cast(b, t)


@triton.jit
def row_max_scale_tile(x, y, rows, cols, BLOCK: tl.constexpr):
    # row reduction, one program per row; from cupy_kernels.py
    pid = tl.program_id(0)
    if pid < rows:
        m = tl.full([], -3.402823466e+38, tl.float32)
        for c_start in range(0, cols, BLOCK):
            c = c_start + tl.arange(0, BLOCK)
            m = tl.maximum(m, tl.max(tl.where(c < cols, tl.abs(tl.load(x + pid * cols + c, mask=c < cols, other=0.0)), -3.4028234663852886e+38), axis=0))
        inv = _div_rn(1.0, m)
        for c_start in range(0, cols, BLOCK):
            c = c_start + tl.arange(0, BLOCK)
            tl.store(y + (pid * cols + c), tl.load(x + pid * cols + c, mask=c < cols, other=0.0) * inv, mask=c < cols)


_row_max_scale_defaults = {"num_warps": 4}
_row_max_scale_space = [  # rules/tile/maps/tuning.toml [reduction]
    {"num_warps": 2}, {"num_warps": 4}, {"num_warps": 8}, {"num_warps": 16},
]


def row_max_scale(grid, block, x, y, rows, cols):
    """Launch row_max_scale_tile; `grid` and `block` are the original launch shape."""
    block0 = _dim(block)
    if not (block0 & (block0 - 1) == 0):
        raise ValueError(f"row_max_scale: the original's tree reduction over smax halves blockDim.x, which leaves out threads' values at a block that is not a power of two; this translation reduces them all: launch it with a power-of-two block (got {block0})")
    BLOCK = _block_for(cols)
    kernel, config = _tuned("row_max_scale", row_max_scale_tile, _row_max_scale_defaults, _row_max_scale_space, {"x": x, "y": y})

    def launch(meta):
        return (rows,)

    kernel[launch](x, y, int(rows), int(cols), BLOCK=BLOCK, **config)


@triton.jit
def axpby_clip_kernel_tile(x_ptr, x_step, y_ptr, y_step, a_ptr, a_step, b_ptr, b_step, lo_ptr, lo_step, hi_ptr, hi_step, z_ptr, z_step, n, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from cupy_kernels.py
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    x = tl.load(x_ptr + offs_x * x_step, mask=offs_x < n, other=0.0)
    y = tl.load(y_ptr + offs_x * y_step, mask=offs_x < n, other=0.0)
    a = tl.load(a_ptr + offs_x * a_step, mask=offs_x < n, other=0.0)
    b = tl.load(b_ptr + offs_x * b_step, mask=offs_x < n, other=0.0)
    lo = tl.load(lo_ptr + offs_x * lo_step, mask=offs_x < n, other=0.0)
    hi = tl.load(hi_ptr + offs_x * hi_step, mask=offs_x < n, other=0.0)
    z = tl.minimum(tl.maximum(a * x + b * y, lo), hi)
    tl.store(z_ptr + offs_x, z, mask=offs_x < n)


_axpby_clip_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_axpby_clip_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def axpby_clip_kernel(grid, block, x_ptr, x_step, y_ptr, y_step, a_ptr, a_step, b_ptr, b_step, lo_ptr, lo_step, hi_ptr, hi_step, z_ptr, z_step, n):
    """Launch axpby_clip_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("axpby_clip_kernel", axpby_clip_kernel_tile, _axpby_clip_kernel_defaults, _axpby_clip_kernel_space, {"x_ptr": x_ptr, "y_ptr": y_ptr, "a_ptr": a_ptr, "b_ptr": b_ptr, "lo_ptr": lo_ptr, "hi_ptr": hi_ptr, "z_ptr": z_ptr})
    threads_x = _threads(grid, block, 0)
    if threads_x < n:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = axpby_clip_kernel_tile, _within(_axpby_clip_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(n, threads_x), meta["BLOCK_X"]),)

    kernel[launch](x_ptr, int(x_step), y_ptr, int(y_step), a_ptr, int(a_step), b_ptr, int(b_step), lo_ptr, int(lo_step), hi_ptr, int(hi_step), z_ptr, int(z_step), int(n), **config)


@triton.jit
def sum_sq_kernel_tile(x_ptr, y_ptr, inner, BLOCK: tl.constexpr):
    # row reduction, one program per row; from cupy_kernels.py
    pid = tl.program_id(0)
    a = tl.full([], 0.0, tl.float64)
    for c_start in range(0, inner, BLOCK):
        c = c_start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + pid * inner + c, mask=c < inner, other=0.0).to(x_ptr.dtype.element_ty)
        b = x.to(tl.float64) * x.to(tl.float64)
        a = a + tl.sum(tl.where(c < inner, b, 0.0), axis=0)
    y = a
    tl.store(y_ptr + pid, y)


_sum_sq_kernel_defaults = {"num_warps": 4}
_sum_sq_kernel_space = [  # rules/tile/maps/tuning.toml [reduction]
    {"num_warps": 2}, {"num_warps": 4}, {"num_warps": 8}, {"num_warps": 16},
]


def sum_sq_kernel(grid, block, x_ptr, y_ptr, inner):
    """Launch sum_sq_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    if not (block0 & (block0 - 1) == 0):
        raise ValueError(f"sum_sq_kernel: the original's tree reduction over partial halves blockDim.x, which leaves out threads' values at a block that is not a power of two; this translation reduces them all: launch it with a power-of-two block (got {block0})")
    BLOCK = _block_for(inner)
    kernel, config = _tuned("sum_sq_kernel", sum_sq_kernel_tile, _sum_sq_kernel_defaults, _sum_sq_kernel_space, {"x_ptr": x_ptr, "y_ptr": y_ptr})

    def launch(meta):
        return (grid0,)

    kernel[launch](x_ptr, y_ptr, int(inner), BLOCK=BLOCK, **config)

# The accelerator this module runs on (CUDA, ROCm, XPU, ...), or the CPU when there is none.
DEVICE = torch.accelerator.current_accelerator() if torch.accelerator.is_available() else torch.device("cpu")


def synchronize():
    """Wait for the device (a no-op on the CPU)."""
    torch.get_device_module(DEVICE).synchronize()



def device_properties(index=0):
    """The fields of cupy.cuda.runtime.getDeviceProperties a program prints, for the device in use."""
    if DEVICE.type == "cuda":
        return {"name": torch.cuda.get_device_name(index).encode()}
    return {"name": str(DEVICE).encode()}


def _operand(value, dtype, device):
    """An array argument as a contiguous tensor, a scalar as a one-element tensor of the parameter's type."""
    if isinstance(value, torch.Tensor):
        return value
    return torch.full((1,), value.item() if hasattr(value, "item") else value, dtype=dtype, device=device)


def _device_of(values):
    return next((v.device for v in values if isinstance(v, torch.Tensor)), DEVICE)


def axpby_clip(x, y, a, b, lo, hi, z=None, size=None):
    """The ElementwiseKernel axpby_clip: arrays broadcast together, scalars read through a zero step."""
    device = _device_of((x, y, a, b, lo, hi,))
    x = _operand(x, torch.float32, device)
    y = _operand(y, torch.float32, device)
    a = _operand(a, torch.float32, device)
    b = _operand(b, torch.float32, device)
    lo = _operand(lo, torch.float32, device)
    hi = _operand(hi, torch.float32, device)
    shape = torch.broadcast_shapes(*(t.shape for t in (x, y, a, b, lo, hi,) if t.numel() > 1)) if size is None else (size,)
    x = x.expand(shape).contiguous() if x.numel() > 1 else x
    y = y.expand(shape).contiguous() if y.numel() > 1 else y
    a = a.expand(shape).contiguous() if a.numel() > 1 else a
    b = b.expand(shape).contiguous() if b.numel() > 1 else b
    lo = lo.expand(shape).contiguous() if lo.numel() > 1 else lo
    hi = hi.expand(shape).contiguous() if hi.numel() > 1 else hi
    z = torch.empty(shape, dtype=torch.float32, device=device) if z is None else z
    n = z.numel()
    axpby_clip_kernel(triton.cdiv(n, 256), 256, x, int(x.numel() > 1), y, int(y.numel() > 1), a, int(a.numel() > 1), b, int(b.numel() > 1), lo, int(lo.numel() > 1), hi, int(hi.numel() > 1), z, 1, n)
    return z


def sum_sq(x, axis=None, keepdims=False):
    """The ReductionKernel sum_sq over the whole array (axis=None) or along one axis: one program per result."""
    if axis is None:
        rows_shape, source = (), x.reshape(1, -1)
    else:
        moved = x.movedim(axis, -1).contiguous()
        rows_shape, source = moved.shape[:-1], moved.reshape(-1, moved.shape[-1])
    source = source.contiguous()
    out = torch.empty(source.shape[0], dtype=torch.float64, device=source.device)
    sum_sq_kernel(source.shape[0], 256, source, out, source.shape[1])
    out = out.reshape(rows_shape)
    if keepdims:
        out = out.unsqueeze(axis) if axis is not None else out.reshape((1,) * x.dim())
    return out


def row_max_scale_raw(grid, block, args, shared_mem=0):
    """The RawKernel row_max_scale called as CuPy calls it: (grid, block, (arguments...))."""
    row_max_scale(grid, block, *args)
