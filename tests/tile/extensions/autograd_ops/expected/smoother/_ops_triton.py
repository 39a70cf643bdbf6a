"""CUDA functions of the smoother ops as Triton kernels, migrated from blend_cuda.cu.

The C++ ops of smoother keep their own kernel for every device (the CPU code, and the CUDA functions where a CUDA toolkit built them); each function here is registered with torch.library.register_kernel for cuda tensors, which the dispatcher prefers to the op's own kernel. The kernels run on any Triton backend, and on the CPU under TRITON_INTERPRET=1 when called directly.
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
def blend_fw_kernel_tile(x, w, out, n, order: tl.constexpr, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from blend_cuda.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    p = tl.load(w + offs_x, mask=offs_x < n, other=0.0).to(x.dtype.element_ty)
    for k in range(0, order, 1):
        p = tl.where(offs_x < n, p * tl.load(x + offs_x, mask=offs_x < n, other=0.0), p).to(x.dtype.element_ty)
    tl.store(out + offs_x, p, mask=offs_x < n)


_blend_fw_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_blend_fw_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


# The original's value template parameters, each with the numbers its source launches it with: the launcher takes
# one of them by keyword, and Triton compiles a kernel for each number as C++ instantiates one.
_blend_fw_kernel_template = {"order": [1, 2, 3]}


def blend_fw_kernel(grid, block, x, w, out, n, *, order):
    """Launch blend_fw_kernel_tile; `grid` and `block` are the original launch shape; order: its template arguments."""
    kernel, config = _tuned("blend_fw_kernel", blend_fw_kernel_tile, _blend_fw_kernel_defaults, _blend_fw_kernel_space, {"x": x, "w": w, "out": out})
    threads_x = _threads(grid, block, 0)
    if threads_x < n:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = blend_fw_kernel_tile, _within(_blend_fw_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(n, threads_x), meta["BLOCK_X"]),)

    kernel[launch](x, w, out, int(n), order=order, **config)


@triton.jit
def blend_bw_kernel_tile(grad_out, x, w, grad_x, n, order: tl.constexpr, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from blend_cuda.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    p = (tl.load(grad_out + offs_x, mask=offs_x < n, other=0.0) * tl.load(w + offs_x, mask=offs_x < n, other=0.0) * order).to(grad_out.dtype.element_ty)
    for k in range(1, order, 1):
        p = tl.where(offs_x < n, p * tl.load(x + offs_x, mask=offs_x < n, other=0.0), p).to(grad_out.dtype.element_ty)
    tl.store(grad_x + offs_x, p, mask=offs_x < n)


_blend_bw_kernel_defaults = {"BLOCK_X": 1024, "num_warps": 4}
_blend_bw_kernel_space = [  # rules/tile/maps/tuning.toml [elementwise]
    {"BLOCK_X": 256, "num_warps": 2}, {"BLOCK_X": 256, "num_warps": 4}, {"BLOCK_X": 256, "num_warps": 8},
    {"BLOCK_X": 512, "num_warps": 2}, {"BLOCK_X": 512, "num_warps": 4}, {"BLOCK_X": 512, "num_warps": 8},
    {"BLOCK_X": 1024, "num_warps": 2}, {"BLOCK_X": 1024, "num_warps": 4}, {"BLOCK_X": 1024, "num_warps": 8},
    {"BLOCK_X": 2048, "num_warps": 2}, {"BLOCK_X": 2048, "num_warps": 4}, {"BLOCK_X": 2048, "num_warps": 8},
]


# The original's value template parameters, each with the numbers its source launches it with: the launcher takes
# one of them by keyword, and Triton compiles a kernel for each number as C++ instantiates one.
_blend_bw_kernel_template = {"order": [1, 2, 3]}


def blend_bw_kernel(grid, block, grad_out, x, w, grad_x, n, *, order):
    """Launch blend_bw_kernel_tile; `grid` and `block` are the original launch shape; order: its template arguments."""
    kernel, config = _tuned("blend_bw_kernel", blend_bw_kernel_tile, _blend_bw_kernel_defaults, _blend_bw_kernel_space, {"grad_out": grad_out, "x": x, "w": w, "grad_x": grad_x})
    threads_x = _threads(grid, block, 0)
    if threads_x < n:
        # the launch runs fewer threads than the guard admits: their elements alone, in programs as wide as divides them
        kernel, config = blend_bw_kernel_tile, _within(_blend_bw_kernel_defaults, {"BLOCK_X": threads_x})

    def launch(meta):
        return (triton.cdiv(min(n, threads_x), meta["BLOCK_X"]),)

    kernel[launch](grad_out, x, w, grad_x, int(n), order=order, **config)


def blend_fw_cuda(x: torch.Tensor, w: torch.Tensor, order: int) -> torch.Tensor:
    """blend_fw_cuda of blend_cuda.cu, which the ops below call."""
    out = torch.empty_like(x)
    torch._check((order == 1) | (order == 2) | (order == 3), lambda: 'order not implemented')
    ORDER = order
    blend_fw_kernel((x.numel() + 256 - 1) // 256, 256, x, w, out, x.numel(), order=ORDER)
    return out


def blend_bw_cuda(grad_out: torch.Tensor, x: torch.Tensor, w: torch.Tensor, order: int) -> torch.Tensor:
    """blend_bw_cuda of blend_cuda.cu, which the ops below call."""
    grad_x = torch.empty_like(x)
    torch._check((order == 1) | (order == 2) | (order == 3), lambda: 'order not implemented')
    ORDER = order
    blend_bw_kernel((x.numel() + 256 - 1) // 256, 256, grad_out, x, w, grad_x, x.numel(), order=ORDER)
    return grad_x


class Blend(torch.autograd.Function):
    """The autograd Function Blend of the C++ ops, on cuda tensors: the Triton forms of the CUDA
    functions its forward and backward call."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, w: torch.Tensor, order: int):
        ctx.saved_data = {}
        ctx.saved_data['order'] = order
        out = blend_fw_cuda(x, w, order)
        ctx.save_for_backward(x, w)
        return (out,)

    @staticmethod
    def backward(ctx, *grad_outs):
        grad_out = grad_outs[0]
        saved = ctx.saved_tensors
        x = saved[0]
        w = saved[1]
        order = int(ctx.saved_data['order'])
        grad_x = None
        if any(v is not None and v.requires_grad for v in (x,)):
            grad_x = blend_bw_cuda(grad_out, x, w, order)
        return (grad_x, None, None)


def blend(x: torch.Tensor, w: torch.Tensor, order: int) -> torch.Tensor:
    """smoother::blend on cuda tensors, from blend of blend_cuda.cu: the host code's shape logic
    around the Triton launches."""
    x = x.contiguous()
    return Blend.apply(x, w, order)[0]


torch.library.register_kernel("smoother::blend", "cuda", blend)
# and for cuda tensors that require gradients: blend applies the autograd Functions above itself
_blend_autograd = torch.library.Library("smoother", "IMPL")
_blend_autograd.impl("blend", blend, "AutogradCUDA")
