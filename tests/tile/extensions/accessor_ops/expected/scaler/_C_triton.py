"""The CUDA ops of the scaler._C extension as Triton kernels, migrated from scaler.cu.

scaler._C still defines the ops and serves CPU tensors from C++; each function here is the op's kernel for GPU tensors, registered with torch.library.register_kernel. The kernels run on any Triton backend, and on the CPU under TRITON_INTERPRET=1 when called directly.
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
def pair_scale_kernel_tile(x, x_stride0, x_stride1, x_stride2, x_size0, x_size1, x_size2, y, y_stride0, y_stride1, y_size0, y_size1, alpha, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from scaler.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    pid_y = tl.program_id(1)
    tl.store(y + (pid_y * y_stride0 + offs_x * y_stride1), tl.load(x + (pid_y * x_stride0 + 0 * x_stride1 + offs_x * x_stride2), mask=offs_x < y_size1, other=0.0) * alpha + tl.load(x + (pid_y * x_stride0 + 1 * x_stride1 + offs_x * x_stride2), mask=offs_x < y_size1, other=0.0), mask=offs_x < y_size1)


def pair_scale_kernel(grid, block, x, x_stride0, x_stride1, x_stride2, x_size0, x_size1, x_size2, y, y_stride0, y_stride1, y_size0, y_size1, alpha):
    """Launch pair_scale_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 1024
    launch = (triton.cdiv(y_size1, BLOCK_X), _dim(grid[1]) if isinstance(grid, (tuple, list)) and len(grid) > 1 else 1,)
    pair_scale_kernel_tile[launch](x, int(x_stride0), int(x_stride1), int(x_stride2), int(x_size0), int(x_size1), int(x_size2), y, int(y_stride0), int(y_stride1), int(y_size0), int(y_size1), float(alpha), BLOCK_X=BLOCK_X)


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
