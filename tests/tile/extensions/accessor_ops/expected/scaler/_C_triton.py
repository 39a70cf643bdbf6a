"""The CUDA ops of the scaler._C extension as Triton kernels, migrated from scaler.cu.

scaler._C still defines the ops and serves CPU tensors from C++; each function here is the op's kernel for GPU tensors, registered with torch.library.register_kernel. The kernels run on any Triton backend, and on the CPU under TRITON_INTERPRET=1 when called directly.
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
def pair_scale_kernel_tile(x, x_stride0, x_stride1, x_stride2, x_size0, x_size1, x_size2, y, y_stride0, y_stride1, y_size0, y_size1, alpha, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from scaler.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    pid_y = tl.program_id(1)
    tl.store(y + (pid_y * y_stride0 + offs_x * y_stride1), tl.load(x + (pid_y * x_stride0 + 0 * x_stride1 + offs_x * x_stride2), mask=offs_x < y_size1, other=0.0) * alpha + tl.load(x + (pid_y * x_stride0 + 1 * x_stride1 + offs_x * x_stride2), mask=offs_x < y_size1, other=0.0), mask=offs_x < y_size1)


_pair_scale_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_pair_scale_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def pair_scale_kernel(grid, block, x, x_stride0, x_stride1, x_stride2, x_size0, x_size1, x_size2, y, y_stride0, y_stride1, y_size0, y_size1, alpha):
    """Launch pair_scale_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("pair_scale_kernel", pair_scale_kernel_tile, _pair_scale_kernel_defaults, _pair_scale_kernel_space, {"x": x, "y": y})
    threads_x = _threads(grid, block, 0)
    if threads_x < y_size1:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = pair_scale_kernel_tile, _within(_pair_scale_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(y_size1, threads_x), meta["BLOCK_X"]), _dim(grid[1]) if isinstance(grid, (tuple, list)) and len(grid) > 1 else 1,)

    kernel[launch](x, int(x_stride0), int(x_stride1), int(x_stride2), int(x_size0), int(x_size1), int(x_size2), y, int(y_stride0), int(y_stride1), int(y_size0), int(y_size1), float(alpha), **config)


def pair_scale_cuda(x: torch.Tensor, alpha: float) -> tuple[torch.Tensor, ...]:
    """scaler::pair_scale on cuda tensors, from pair_scale_cuda of scaler.cu: the host code's shape logic
    around the Triton launches."""
    torch._check(x.dim() == 3, lambda: 'x must be [batch, 2, columns]')
    y = torch.empty((x.size(0), x.size(2)), dtype=x.dtype, device=x.device)
    threads = 256
    blocks = ((x.size(2) + threads - 1) // threads, x.size(0))
    pair_scale_kernel(blocks, threads, x, x.stride(0), x.stride(1), x.stride(2), x.size(0), x.size(1), x.size(2), y, y.stride(0), y.stride(1), y.size(0), y.size(1), alpha)
    return (y, y.sum(1))


torch.library.register_kernel("scaler::pair_scale", "cuda", pair_scale_cuda)
