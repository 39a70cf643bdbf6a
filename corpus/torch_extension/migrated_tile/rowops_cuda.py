"""The rowops_cuda extension as Triton kernels, migrated from rowops_kernel.cu.

Each op keeps the original signature and is registered with torch.library (triton_op), so it stays a real torch op: torch.ops.rowops_cuda.<op>. The kernels run on any Triton backend and on the CPU under TRITON_INTERPRET=1.
"""

import torch
import triton
import triton.language as tl
from torch.library import triton_op, wrap_triton


def _dim(shape):
    """The x size of a launch shape given as an int or a tuple."""
    return int(shape[0]) if isinstance(shape, (tuple, list)) else int(shape)


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
def _tanh(x):
    # tanh from exp: Triton's core language has no tanh, and libdevice does not run under the interpreter.
    e = tl.exp(-2.0 * tl.abs(x))
    t = (1.0 - e) / (1.0 + e)
    return tl.where(x < 0, -t, t)


@triton.jit
def bias_gelu_kernel_tile(x, bias, y, n, cols, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from rowops_kernel.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    v = tl.load(x + offs_x, mask=offs_x < n, other=0.0).to(tl.float32) + tl.load(bias + offs_x % cols, mask=offs_x < n, other=0.0).to(tl.float32)
    inner = 0.7978845608 * (v + 0.044715 * v * v * v)
    tl.store(y + offs_x, 0.5 * v * (1.0 + _tanh(inner)), mask=offs_x < n)


_bias_gelu_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_bias_gelu_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


def bias_gelu_kernel(grid, block, x, bias, y, n, cols):
    """Launch bias_gelu_kernel_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("bias_gelu_kernel", bias_gelu_kernel_tile, _bias_gelu_kernel_defaults, _bias_gelu_kernel_space, {"x": x, "bias": bias, "y": y})

    def launch(meta):
        return (triton.cdiv(n, meta["BLOCK_X"]),)

    wrap_triton(kernel)[launch](x, bias, y, int(n), int(cols), **config)


@triton.jit
def row_sumsq_kernel_tile(x, out, cols, BLOCK: tl.constexpr):
    # row reduction, one program per row; from rowops_kernel.cu
    pid = tl.program_id(0)
    acc = tl.full([], 0.0, tl.float32)
    for c_start in range(0, cols, BLOCK):
        c = c_start + tl.arange(0, BLOCK)
        v = tl.load(x + pid * cols + c, mask=c < cols, other=0.0).to(tl.float32)
        acc = acc + tl.sum(tl.where(c < cols, v * v, 0.0), axis=0)
    tl.store(out + pid, acc)


_row_sumsq_kernel_defaults = {"num_warps": 4}
_row_sumsq_kernel_space = [  # rules/tile/maps/tuning.toml [reduction]
    {"num_warps": 2}, {"num_warps": 4}, {"num_warps": 8}, {"num_warps": 16},
]


def row_sumsq_kernel(grid, block, x, out, cols):
    """Launch row_sumsq_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    if not (block0 & (block0 - 1) == 0):
        raise ValueError(f"row_sumsq_kernel: the original's tree reduction over partial halves blockDim.x, which leaves out threads' values at a block that is not a power of two; this translation reduces them all: launch it with a power-of-two block (got {block0})")
    BLOCK = _block_for(cols)
    kernel, config = _tuned("row_sumsq_kernel", row_sumsq_kernel_tile, _row_sumsq_kernel_defaults, _row_sumsq_kernel_space, {"x": x, "out": out})

    def launch(meta):
        return (grid0,)

    wrap_triton(kernel)[launch](x, out, int(cols), BLOCK=BLOCK, **config)


@triton_op("rowops_cuda::bias_gelu", mutates_args=())
def bias_gelu(x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    """The bias_gelu op of rowops_kernel.cu: the host code's shape logic around the Triton launches."""
    torch._check(x.size(-1) == bias.numel(), lambda: 'bias must match the last dimension')
    y = torch.empty_like(x)
    n = x.numel()
    threads = 256
    blocks = int(min((n + threads - 1) // threads, 4096))
    bias_gelu_kernel(blocks, threads, x, bias, y, n, bias.numel())
    return y


@triton_op("rowops_cuda::row_sumsq", mutates_args=())
def row_sumsq(x: torch.Tensor) -> torch.Tensor:
    """The row_sumsq op of rowops_kernel.cu: the host code's shape logic around the Triton launches."""
    torch._check(x.dim() == 2, lambda: 'x must be 2-D')
    out = torch.empty((x.size(0),), dtype=torch.float32, device=x.device)
    threads = 256
    row_sumsq_kernel(x.size(0), threads, x, out, x.size(1))
    return out
