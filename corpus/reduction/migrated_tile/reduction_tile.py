"""Triton kernels migrated from reduction.cu (SIMT kernels rewritten as tile programs).

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
def reduce_shared_tile(in_, out, n, BLOCK: tl.constexpr):
    # block reduction per program; from reduction.cu
    pid = tl.program_id(0)
    i = pid * (BLOCK * 2) + tl.arange(0, BLOCK)
    v = tl.full([], 0.0, tl.float32)
    v = tl.where(i < n, tl.load(in_ + i, mask=i < n, other=0.0), v)
    v = tl.where(i + BLOCK < n, v + tl.load(in_ + (i + BLOCK), mask=i + BLOCK < n, other=0.0), v)
    total1 = tl.sum(v, axis=0)
    tl.store(out + pid, total1)


def reduce_shared(grid, block, in_, out, n):
    """Launch reduce_shared_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK = block0
    launch = (grid0,)
    reduce_shared_tile[launch](in_, out, int(n), BLOCK=BLOCK)
