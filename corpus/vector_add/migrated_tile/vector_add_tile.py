"""Triton kernels migrated from vector_add.cu (SIMT kernels rewritten as tile programs).

Each kernel `name_tile` has a launcher `name(grid, block, *args)` taking the original launch shape and arguments.
"""

import triton
import triton.language as tl


def _dim(shape):
    """The x size of a launch shape given as an int or a tuple."""
    return int(shape[0]) if isinstance(shape, (tuple, list)) else int(shape)


def _block_for(extent):
    """A power-of-two chunk width for a row of `extent` elements."""
    return triton.next_power_of_2(max(16, min(int(extent), 4096)))


@triton.jit
def vecAdd_tile(a, b, c, n, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from vector_add.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(c + offs_x, tl.load(a + offs_x, mask=offs_x < n, other=0.0) + tl.load(b + offs_x, mask=offs_x < n, other=0.0), mask=offs_x < n)


def vecAdd(grid, block, a, b, c, n):
    """Launch vecAdd_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 1024
    launch = (triton.cdiv(n, BLOCK_X),)
    vecAdd_tile[launch](a, b, c, int(n), BLOCK_X=BLOCK_X)


@triton.jit
def saxpy_tile(n, alpha, x, y, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from vector_add.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(y + offs_x, alpha * tl.load(x + offs_x, mask=offs_x < n, other=0.0) + tl.load(y + offs_x, mask=offs_x < n, other=0.0), mask=offs_x < n)


def saxpy(grid, block, n, alpha, x, y):
    """Launch saxpy_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 1024
    launch = (triton.cdiv(n, BLOCK_X),)
    saxpy_tile[launch](int(n), float(alpha), x, y, BLOCK_X=BLOCK_X)
