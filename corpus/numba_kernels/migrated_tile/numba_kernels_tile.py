"""Triton kernels and torch helpers for numba_kernels.py, migrated from Numba CUDA.

Each migrated kernel keeps Numba's launch form, `kernel[grid, block](*args)`, on torch tensors; array sizes the kernel read from `.size`/`.shape` are passed to the Triton kernel.
"""

import os

import numpy
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
def scaled_add_kernel_tile(x, y, out, alpha, x_size, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from numba_kernels.py
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(out + offs_x, alpha * tl.load(x + offs_x, mask=offs_x < x_size, other=0.0) + tl.load(y + offs_x, mask=offs_x < x_size, other=0.0), mask=offs_x < x_size)


_scaled_add_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_scaled_add_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def scaled_add_kernel(grid, block, x, y, out, alpha, x_size):
    """Launch scaled_add_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("scaled_add_kernel", scaled_add_kernel_tile, _scaled_add_kernel_defaults, _scaled_add_kernel_space, {"x": x, "y": y, "out": out})
    threads_x = _threads(grid, block, 0)
    if threads_x < x_size:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = scaled_add_kernel_tile, _within(_scaled_add_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(x_size, threads_x), meta["BLOCK_X"]),)

    kernel[launch](x, y, out, float(alpha), int(x_size), **config)


@triton.jit
def block_sum_kernel_tile(x, partial, x_size, BLOCK: tl.constexpr, THREADS: tl.constexpr):
    # block reduction per program; from numba_kernels.py
    pid = tl.program_id(0)
    _lanes = tl.arange(0, BLOCK) < THREADS
    s = tl.full([], 64, tl.int32)
    total1 = tl.sum(tl.where(tl.arange(0, BLOCK) < 128, tl.where(_lanes, tl.where(pid * THREADS + tl.arange(0, BLOCK) < x_size, tl.load(x + (pid * THREADS + tl.arange(0, BLOCK)), mask=(pid * THREADS + tl.arange(0, BLOCK) < x_size) & _lanes, other=0.0), 0.0), 0.0), 0.0), axis=0)
    tl.store(partial + pid, total1)


_block_sum_kernel_defaults = {"num_warps": 4}
_block_sum_kernel_space = [  # rules/tile/maps/tuning.toml [reduction]
    {"num_warps": 2}, {"num_warps": 4}, {"num_warps": 8}, {"num_warps": 16},
]


def block_sum_kernel(grid, block, x, partial, x_size):
    """Launch block_sum_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK = triton.next_power_of_2(block0)
    THREADS = block0
    kernel, config = _tuned("block_sum_kernel", block_sum_kernel_tile, _block_sum_kernel_defaults, _block_sum_kernel_space, {"x": x, "partial": partial})

    def launch(meta):
        return (grid0,)

    kernel[launch](x, partial, int(x_size), BLOCK=BLOCK, THREADS=THREADS, **config)


@triton.jit
def matmul_tiled_kernel_tile(a, b, c, a_shape0, a_shape1, b_shape0, b_shape1, c_shape0, c_shape1, BLOCK_X: tl.constexpr, BLOCK_Y: tl.constexpr):
    # matrix product (shared-memory tiled) onto tl.dot; from numba_kernels.py
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)[None, :]
    pid_y = tl.program_id(1)
    offs_y = pid_y * BLOCK_Y + tl.arange(0, BLOCK_Y)[:, None]
    acc = tl.zeros([BLOCK_Y, BLOCK_X], tl.float32)
    for t in range(0, (a_shape1 + 16 - 1) // 16, 1):
        tile_a = tl.where((offs_y < a_shape0) & (t * 16 + tl.arange(0, 16)[None, :] < a_shape1), tl.load(a + (offs_y * a_shape1 + (t * 16 + tl.arange(0, 16)[None, :])), mask=(offs_y < c_shape0) & ((offs_y < a_shape0) & (t * 16 + tl.arange(0, 16)[None, :] < a_shape1)), other=0.0), 0.0)
        tile_b = tl.where((t * 16 + tl.arange(0, 16)[:, None] < b_shape0) & (offs_x < b_shape1), tl.load(b + ((t * 16 + tl.arange(0, 16)[:, None]) * b_shape1 + offs_x), mask=(offs_x < c_shape1) & ((t * 16 + tl.arange(0, 16)[:, None] < b_shape0) & (offs_x < b_shape1)), other=0.0), 0.0)
        acc = acc + tl.dot(tile_a, tile_b, input_precision="ieee")
    tl.store(c + (offs_y * c_shape1 + offs_x), acc, mask=(offs_y < c_shape0) & (offs_x < c_shape1))


_matmul_tiled_kernel_defaults = {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 4}
_matmul_tiled_kernel_space = [  # rules/tile/maps/tuning.toml [matmul]
    {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "num_warps": 8, "num_stages": 4},
]


def matmul_tiled_kernel(grid, block, a, b, c, a_shape0, a_shape1, b_shape0, b_shape1, c_shape0, c_shape1):
    """Launch matmul_tiled_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("matmul_tiled_kernel", matmul_tiled_kernel_tile, _matmul_tiled_kernel_defaults, _matmul_tiled_kernel_space, {"a": a, "b": b, "c": c})

    def launch(meta):
        return (triton.cdiv(c_shape1, meta["BLOCK_X"]), triton.cdiv(c_shape0, meta["BLOCK_Y"]),)

    kernel[launch](a, b, c, int(a_shape0), int(a_shape1), int(b_shape0), int(b_shape1), int(c_shape0), int(c_shape1), **config)

# The accelerator this module runs on (CUDA, ROCm, XPU, ...), or the CPU when there is none.
DEVICE = torch.accelerator.current_accelerator() if torch.accelerator.is_available() else torch.device("cpu")


def synchronize():
    """Wait for the device (a no-op on the CPU)."""
    torch.get_device_module(DEVICE).synchronize()



def device_array(shape, dtype=None):
    """An uninitialised tensor on DEVICE, for numba.cuda.device_array(shape, dtype)."""
    return torch.empty(shape, dtype=torch.from_numpy(numpy.empty(0, dtype=dtype)).dtype, device=DEVICE)


def device_array_like(array):
    """An uninitialised tensor on DEVICE shaped and typed like `array` (a NumPy array or a tensor)."""
    return torch.empty_like(torch.as_tensor(array), device=DEVICE)


class _Launcher:
    """`kernel[grid, block](*args)`, as Numba launches: calls `launch(grid, block, *args)`."""

    def __init__(self, launch):
        self.launch = launch

    def __getitem__(self, config):
        grid, block = config[0], config[1]
        return lambda *args: self.launch(grid, block, *args)


def _scaled_add(grid, block, x, y, out, alpha):
    scaled_add_kernel(grid, block, x, y, out, alpha, x.numel())


scaled_add = _Launcher(_scaled_add)


def _block_sum(grid, block, x, partial):
    block_sum_kernel(grid, block, x, partial, x.numel())


block_sum = _Launcher(_block_sum)


def _matmul_tiled(grid, block, a, b, c):
    matmul_tiled_kernel(grid, block, a, b, c, a.shape[0], a.shape[1], b.shape[0], b.shape[1], c.shape[0], c.shape[1])


matmul_tiled = _Launcher(_matmul_tiled)


def simt_kernel(function):
    """A kernel kept as a Numba SIMT kernel: on an NVIDIA GPU numba.cuda runs it on the tensors; elsewhere Numba's
    simulator (NUMBA_ENABLE_CUDASIM, set before numba is imported) runs it on NumPy views of CPU tensors."""
    from numba import cuda

    kernel = cuda.jit(function)

    def launch(grid, block, *args):
        if DEVICE.type == "cpu":
            args = [a.numpy() if isinstance(a, torch.Tensor) else a for a in args]
        kernel[grid, block](*args)

    return _Launcher(launch)


if not torch.cuda.is_available():
    os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")
