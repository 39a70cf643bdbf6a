"""Triton kernels migrated from cupy_kernels.py (SIMT kernels rewritten as tile programs).

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
def row_max_scale_tile(x, y, rows, cols, BLOCK: tl.constexpr):
    # row reduction, one program per row; from cupy_kernels.py
    pid = tl.program_id(0)
    if pid < rows:
        m = tl.full([], -3.402823466e+38, tl.float32)
        for c_start in range(0, cols, BLOCK):
            c = c_start + tl.arange(0, BLOCK)
            m = tl.maximum(m, tl.max(tl.where(c < cols, tl.abs(tl.load(x + pid * cols + c, mask=c < cols, other=0.0)), -3.4028234663852886e+38), axis=0))
        inv = 1.0 / m
        for c_start in range(0, cols, BLOCK):
            c = c_start + tl.arange(0, BLOCK)
            tl.store(y + (pid * cols + c), tl.load(x + pid * cols + c, mask=c < cols, other=0.0) * inv, mask=c < cols)


def row_max_scale(grid, block, x, y, rows, cols):
    """Launch row_max_scale_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK = _block_for(cols)
    launch = (rows,)
    row_max_scale_tile[launch](x, y, int(rows), int(cols), BLOCK=BLOCK)
