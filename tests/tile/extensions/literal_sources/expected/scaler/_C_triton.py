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
def scale_add_kernel_tile(n, x, y, alpha, out, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from scaler.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(out + offs_x, tl.load(x + offs_x, mask=offs_x < n, other=0.0) * alpha + tl.load(y + offs_x, mask=offs_x < n, other=0.0), mask=offs_x < n)


def scale_add_kernel(grid, block, n, x, y, alpha, out):
    """Launch scale_add_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 1024
    launch = (triton.cdiv(n, BLOCK_X),)
    scale_add_kernel_tile[launch](int(n), x, y, float(alpha), out, BLOCK_X=BLOCK_X)


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
