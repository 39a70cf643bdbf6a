"""Triton kernels and torch helpers for cupy_kernels.py, migrated from CuPy.

ElementwiseKernel and ReductionKernel objects become functions with the same call signature; RawKernel launches keep CuPy's (grid, block, args) form. Arrays are torch tensors on DEVICE.
"""

import torch
import triton
import triton.language as tl


def _dim(shape):
    """The x size of a launch shape given as an int or a tuple."""
    return int(shape[0]) if isinstance(shape, (tuple, list)) else int(shape)


def _block_for(extent):
    """A power-of-two chunk width for a row of `extent` elements."""
    return triton.next_power_of_2(max(16, min(int(extent), 4096)))


@triton.jit
def _div_rn(a, b):
    # C's float division, rounded to nearest (nvcc's default): both operands in their common type first, as C
    # converts an int or a float beside a double; tl.div_rn takes fp32 only, and fp64's `/` is rounded already.
    t = (a + b).dtype
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


def row_max_scale(grid, block, x, y, rows, cols):
    """Launch row_max_scale_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK = _block_for(cols)
    launch = (rows,)
    row_max_scale_tile[launch](x, y, int(rows), int(cols), BLOCK=BLOCK)


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


def axpby_clip_kernel(grid, block, x_ptr, x_step, y_ptr, y_step, a_ptr, a_step, b_ptr, b_step, lo_ptr, lo_step, hi_ptr, hi_step, z_ptr, z_step, n):
    """Launch axpby_clip_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 1024
    launch = (triton.cdiv(n, BLOCK_X),)
    axpby_clip_kernel_tile[launch](x_ptr, int(x_step), y_ptr, int(y_step), a_ptr, int(a_step), b_ptr, int(b_step), lo_ptr, int(lo_step), hi_ptr, int(hi_step), z_ptr, int(z_step), int(n), BLOCK_X=BLOCK_X)


@triton.jit
def sum_sq_kernel_tile(x_ptr, y_ptr, inner, BLOCK: tl.constexpr):
    # row reduction, one program per row; from cupy_kernels.py
    pid = tl.program_id(0)
    a = tl.full([], 0.0, tl.float64)
    for c_start in range(0, inner, BLOCK):
        c = c_start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + pid * inner + c, mask=c < inner, other=0.0)
        b = x.to(tl.float64) * x.to(tl.float64)
        a = a + tl.sum(tl.where(c < inner, b, 0.0), axis=0)
    y = a
    tl.store(y_ptr + pid, y)


def sum_sq_kernel(grid, block, x_ptr, y_ptr, inner):
    """Launch sum_sq_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK = _block_for(inner)
    launch = (grid0,)
    sum_sq_kernel_tile[launch](x_ptr, y_ptr, int(inner), BLOCK=BLOCK)

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
