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
def scale_add_kernel_tile(n, x, y, alpha, out, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from scaler.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(out + offs_x, tl.load(x + offs_x, mask=offs_x < n, other=0.0) * alpha + tl.load(y + offs_x, mask=offs_x < n, other=0.0), mask=offs_x < n)


_scale_add_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_scale_add_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def scale_add_kernel(grid, block, n, x, y, alpha, out):
    """Launch scale_add_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("scale_add_kernel", scale_add_kernel_tile, _scale_add_kernel_defaults, _scale_add_kernel_space, {"x": x, "y": y, "out": out})
    threads_x = _threads(grid, block, 0)
    if threads_x < n:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = scale_add_kernel_tile, _within(_scale_add_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(n, threads_x), meta["BLOCK_X"]),)

    kernel[launch](int(n), x, y, float(alpha), out, **config)


def scale_add_cuda(x: torch.Tensor, y: torch.Tensor, alpha: float) -> torch.Tensor:
    """scaler::scale_add on cuda tensors, from scale_add_cuda of scaler.cu: the host code's shape logic
    around the Triton launches."""
    torch._check(x.size() == y.size(), lambda: 'x.sizes() == y.sizes() failed')
    torch._check(x.dtype == torch.float32, lambda: 'x must be float32')
    xc = x.contiguous()
    yc = y.contiguous()
    out = torch.empty(xc.size(), dtype=xc.dtype, device=xc.device)
    x_ptr = xc
    n = xc.numel()
    scale_add_kernel((n + 255) // 256, 256, n, x_ptr, yc, alpha, out)
    return out


torch.library.register_kernel("scaler::scale_add", "cuda", scale_add_cuda)
