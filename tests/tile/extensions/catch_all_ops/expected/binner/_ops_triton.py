"""CUDA functions of the binner ops as Triton kernels, migrated from bin_cuda.cu.

The C++ ops of binner keep their own kernel for every device (the CPU code, and the CUDA functions where a CUDA toolkit built them); each function here is registered with torch.library.register_kernel for cuda tensors, which the dispatcher prefers to the op's own kernel. The kernels run on any Triton backend, and on the CPU under TRITON_INTERPRET=1 when called directly.
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
def bin_kernel_tile(pos, size, start, out, D, numel, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from bin_cuda.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    c = tl.full([], 0, tl.int64)
    c = c + tl.zeros([BLOCK_X], tl.int32)
    for d in range(0, D, 1):
        c = tl.where(offs_x < numel, c + _div_rn(tl.load(pos + (offs_x * D + d), mask=offs_x < numel, other=0.0) - tl.load(start + (d + tl.zeros([BLOCK_X], tl.int32)), mask=offs_x < numel, other=0.0), tl.load(size + (d + tl.zeros([BLOCK_X], tl.int32)), mask=offs_x < numel, other=0.0)).to(tl.int64), c)
    tl.store(out + offs_x, c, mask=offs_x < numel)


def bin_kernel(grid, block, pos, size, start, out, D, numel):
    """Launch bin_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 1024
    launch = (triton.cdiv(numel, BLOCK_X),)
    bin_kernel_tile[launch](pos, size, start, out, int(D), int(numel), BLOCK_X=BLOCK_X)


def bin_cuda(pos: torch.Tensor, size: torch.Tensor, start: torch.Tensor | None) -> torch.Tensor:
    """binner::bin on cuda tensors, from bin_cuda of bin_cuda.cu: the host code's shape logic
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
