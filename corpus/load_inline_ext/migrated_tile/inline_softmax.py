"""The inline_softmax extension as Triton kernels, migrated from load_inline_ext.py.

Each op keeps the original signature and is registered with torch.library (triton_op), so it stays a real torch op: torch.ops.inline_softmax.<op>. The kernels run on any Triton backend and on the CPU under TRITON_INTERPRET=1.
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
def _div_rn(a, b):
    # C's float division, rounded to nearest (nvcc's default): both operands in their common type first, as C
    # converts an int or a float beside a double; tl.div_rn takes fp32 only, and fp64's `/` is rounded already.
    t = (a + b).dtype
    if t == tl.float32:
        return tl.div_rn(tl.cast(a, t), tl.cast(b, t))
    else:
        return tl.cast(a, t) / tl.cast(b, t)


@triton.jit
def softmax_rows_kernel_tile(x, y, cols, BLOCK: tl.constexpr):
    # row reduction, one program per row; from load_inline_ext.py
    pid = tl.program_id(0)
    m = tl.full([], -3.4028234663852886e+38, tl.float32)
    for c_start in range(0, cols, BLOCK):
        c = c_start + tl.arange(0, BLOCK)
        m = tl.maximum(m, tl.max(tl.where(c < cols, tl.load(x + pid * cols + c, mask=c < cols, other=0.0), -3.4028234663852886e+38), axis=0))
    sum = tl.full([], 0.0, tl.float32)
    for c_start in range(0, cols, BLOCK):
        c = c_start + tl.arange(0, BLOCK)
        sum = sum + tl.sum(tl.where(c < cols, tl.exp(tl.load(x + pid * cols + c, mask=c < cols, other=0.0) - m), 0.0), axis=0)
    inv = _div_rn(1.0, sum)
    for c_start in range(0, cols, BLOCK):
        c = c_start + tl.arange(0, BLOCK)
        tl.store(y + pid * cols + c, tl.exp(tl.load(x + pid * cols + c, mask=c < cols, other=0.0) - m) * inv, mask=c < cols)


def softmax_rows_kernel(grid, block, x, y, cols):
    """Launch softmax_rows_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK = _block_for(cols)
    launch = (grid0,)
    wrap_triton(softmax_rows_kernel_tile)[launch](x, y, int(cols), BLOCK=BLOCK)


@triton_op("inline_softmax::softmax_rows", mutates_args=())
def softmax_rows(x: torch.Tensor) -> torch.Tensor:
    """The softmax_rows op of load_inline_ext.py: the host code's shape logic around the Triton launches."""
    torch._check((x.dim() == 2) & (x.dtype == torch.float32), lambda: 'need a 2-D float32 CUDA tensor')
    x = x.contiguous()
    y = torch.empty_like(x)
    threads = 256
    softmax_rows_kernel(x.size(0), threads, x, y, x.size(1))
    return y
