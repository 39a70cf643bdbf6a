"""CUDA functions of the binner ops as Triton kernels, migrated from bin_cuda.cu, nearest_cuda.cu.

The C++ ops of binner keep their own kernel for every device (the CPU code, and the CUDA functions where a CUDA toolkit built them); each function here is registered with torch.library.register_kernel for cuda tensors, which the dispatcher prefers to the op's own kernel. The kernels run on any Triton backend, and on the CPU under TRITON_INTERPRET=1 when called directly.
"""

import torch
import triton
import triton.language as tl


def _dim(shape):
    """The x size of a launch shape given as an int or a tuple."""
    return int(shape[0]) if isinstance(shape, (tuple, list)) else int(shape)


def _dims(shape):
    """The (x, y, z) sizes of a launch shape given as an int or a tuple of up to three."""
    sizes = [int(v) for v in shape] if isinstance(shape, (tuple, list)) else [int(shape)]
    return tuple(sizes + [1] * (3 - len(sizes)))


def _programs(grid):
    """The number of blocks of a launch grid."""
    x, y, z = _dims(grid)
    return x * y * z


def _scratch(beside, count, dtype):
    """A buffer of `count` elements of torch dtype `dtype` (None: that of `beside`) on the device of tensor `beside`:
    the rows of per-block scratch that stand for a kernel's shared array, one row per program."""
    import torch

    return torch.empty(count, dtype=getattr(torch, dtype) if dtype else beside.dtype, device=beside.device)


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
def bin_kernel_tile(pos, size, start, out, D, numel, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from bin_cuda.cu, nearest_cuda.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    c = tl.full([], 0, tl.int64)
    c = c + tl.zeros([BLOCK_X], tl.int64)
    for d in range(0, D, 1):
        c = tl.where(offs_x < numel, c + _div_rn(tl.load(pos + (offs_x * D + d), mask=offs_x < numel, other=0.0) - tl.load(start + (d + tl.zeros([BLOCK_X], tl.int32)), mask=offs_x < numel, other=0.0), tl.load(size + (d + tl.zeros([BLOCK_X], tl.int32)), mask=offs_x < numel, other=0.0)).to(tl.int64), c)
    tl.store(out + offs_x, c, mask=offs_x < numel)


_bin_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_bin_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def bin_kernel(grid, block, pos, size, start, out, D, numel):
    """Launch bin_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("bin_kernel", bin_kernel_tile, _bin_kernel_defaults, _bin_kernel_space, {"pos": pos, "size": size, "start": start, "out": out})
    threads_x = _threads(grid, block, 0)
    if threads_x < numel:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = bin_kernel_tile, _within(_bin_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(numel, threads_x), meta["BLOCK_X"]),)

    kernel[launch](pos, size, start, out, int(D), int(numel), **config)


@triton.jit
def nearest_kernel_tile(x, y, out, n_y, _shared_best, _shared_best_idx, BDX: tl.constexpr, BDY: tl.constexpr, BDZ: tl.constexpr, BLOCK: tl.constexpr):
    # one program per thread block (1-D blocks); from bin_cuda.cu, nearest_cuda.cu
    _lane = tl.arange(0, BLOCK)
    _lanes = _lane < BDX * BDY * BDZ
    _tid_x = _lane % BDX
    _tid_y = _lane // BDX % BDY
    _tid_z = _lane // (BDX * BDY)
    _bid_x = tl.program_id(0)
    _bid_y = tl.program_id(1)
    _bid_z = tl.program_id(2)
    _row = ((tl.program_id(2) * tl.num_programs(1) + tl.program_id(1)) * tl.num_programs(0) + tl.program_id(0)).to(tl.int64)
    b = tl.full([], 1e+38, tl.float32)
    bi = tl.full([], 0, tl.int64)
    j = tl.cast(_tid_x, tl.int64)
    b = b + tl.zeros([BLOCK], tl.float32)
    bi = bi + tl.zeros([BLOCK], tl.int64)
    _active1 = _lanes & (j < n_y)
    while tl.max(_active1.to(tl.int32)) > 0:
        _go2 = _active1
        d = (tl.load(x + (_bid_x + tl.zeros([BLOCK], tl.int32)), mask=_go2 & _lanes, other=0.0) - tl.load(y + j, mask=_go2 & _lanes, other=0.0)) * (tl.load(x + (_bid_x + tl.zeros([BLOCK], tl.int32)), mask=_go2 & _lanes, other=0.0) - tl.load(y + j, mask=_go2 & _lanes, other=0.0))
        _cond3 = d < b
        b = tl.where(_go2 & _cond3, d, b)
        bi = tl.where(_go2 & _cond3, j, bi)
        _left4 = _go2 & (d == 0)
        _go2 = _go2 & ~_left4
        _active1 = _active1 & ~_left4
        j = tl.where(_active1, j + 256, j)
        _active1 = _active1 & (j < n_y)
    tl.store(_shared_best + _row * 256 + _tid_x, b, mask=_lanes)
    tl.store(_shared_best_idx + _row * 256 + _tid_x, bi, mask=_lanes)
    tl.debug_barrier()
    for t in range(1, 256, 1):
        _cond5 = tl.load(_shared_best + _row * 256 + (t + tl.zeros([BLOCK], tl.int32)), mask=(_tid_x == 0) & _lanes, other=0.0) < tl.load(_shared_best + _row * 256 + (0 + tl.zeros([BLOCK], tl.int32)), mask=(_tid_x == 0) & _lanes, other=0.0)
        tl.debug_barrier()
        tl.store(_shared_best + _row * 256 + (0 + tl.zeros([BLOCK], tl.int32)), tl.load(_shared_best + _row * 256 + (t + tl.zeros([BLOCK], tl.int32)), mask=(_tid_x == 0) & _cond5 & _lanes, other=0.0), mask=(_tid_x == 0) & _cond5 & _lanes)
        tl.debug_barrier()
        tl.store(_shared_best_idx + _row * 256 + (0 + tl.zeros([BLOCK], tl.int32)), tl.load(_shared_best_idx + _row * 256 + (t + tl.zeros([BLOCK], tl.int32)), mask=(_tid_x == 0) & _cond5 & _lanes, other=0), mask=(_tid_x == 0) & _cond5 & _lanes)
    tl.debug_barrier()
    tl.store(out + (_bid_x + tl.zeros([BLOCK], tl.int32)), tl.load(_shared_best_idx + _row * 256 + (0 + tl.zeros([BLOCK], tl.int32)), mask=(_tid_x == 0) & _lanes, other=0), mask=(_tid_x == 0) & _lanes)


_nearest_kernel_defaults = {"num_warps": 4}
_nearest_kernel_space = [  # rules/tile/maps/tuning.toml [block]
    {"num_warps": 1}, {"num_warps": 2}, {"num_warps": 4}, {"num_warps": 8},
]


def nearest_kernel(grid, block, x, y, out, n_y):
    """Launch nearest_kernel_tile; `grid` and `block` are the original launch shape."""
    BDX = _dims(block)[0]
    BDY = _dims(block)[1]
    BDZ = _dims(block)[2]
    BLOCK = triton.next_power_of_2(BDX * BDY * BDZ)
    _shared_best = _scratch(x, 256 * _programs(grid), 'float32')
    _shared_best_idx = _scratch(x, 256 * _programs(grid), 'int64')
    kernel, config = _tuned("nearest_kernel", nearest_kernel_tile, _nearest_kernel_defaults, _nearest_kernel_space, {"x": x, "y": y, "out": out})

    def launch(meta):
        return (_dims(grid)[0], _dims(grid)[1], _dims(grid)[2],)

    kernel[launch](x, y, out, int(n_y), _shared_best, _shared_best_idx, BDX=BDX, BDY=BDY, BDZ=BDZ, BLOCK=BLOCK, **config)


def bin_cuda(pos: torch.Tensor, size: torch.Tensor, start: torch.Tensor | None) -> torch.Tensor:
    """binner::bin on cuda tensors, from bin_cuda of bin_cuda.cu, nearest_cuda.cu: the host code's shape logic
    around the Triton launches."""
    pos = pos.view((pos.size(0), -1)).contiguous()
    if start is None:
        start = pos.min(0)[0]
    else:
        start = start.contiguous()
    origin = start
    out = torch.empty((pos.size(0),), dtype=torch.int64, device=pos.device)
    bin_kernel((out.numel() + 256 - 1) // 256, 256, pos, size, origin, out, pos.size(1), out.numel())
    return out


torch.library.register_kernel("binner::bin", "cuda", bin_cuda)


def nearest_cuda(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """binner::nearest on cuda tensors, from nearest_cuda of bin_cuda.cu, nearest_cuda.cu: the host code's shape logic
    around the Triton launches."""
    out = torch.empty((x.size(0),), dtype=torch.int64, device=x.device)
    nearest_kernel(x.size(0), 256, x, y, out, y.size(0))
    return out


torch.library.register_kernel("binner::nearest", "cuda", nearest_cuda)
