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


def bias_gelu_kernel(grid, block, x, bias, y, n, cols):
    """Launch bias_gelu_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 1024
    launch = (triton.cdiv(n, BLOCK_X),)
    wrap_triton(bias_gelu_kernel_tile)[launch](x, bias, y, int(n), int(cols), BLOCK_X=BLOCK_X)


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


def row_sumsq_kernel(grid, block, x, out, cols):
    """Launch row_sumsq_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK = _block_for(cols)
    launch = (grid0,)
    wrap_triton(row_sumsq_kernel_tile)[launch](x, out, int(cols), BLOCK=BLOCK)


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
