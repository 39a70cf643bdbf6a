"""Triton kernels migrated from layernorm.cu (SIMT kernels rewritten as tile programs).

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
def layernorm_fwd_tile(x, gamma, beta, y, mean_out, rstd_out, rows, cols, eps, BLOCK: tl.constexpr):
    # row reduction, one program per row; from layernorm.cu
    pid = tl.program_id(0)
    if pid < rows:
        sum = tl.full([], 0.0, tl.float32)
        for c_start in range(0, cols, BLOCK):
            c = c_start + tl.arange(0, BLOCK)
            sum = sum + tl.sum(tl.where(c < cols, tl.load(x + pid * cols + c, mask=c < cols, other=0.0), 0.0), axis=0)
        mean = sum / cols
        sq = tl.full([], 0.0, tl.float32)
        for c_start in range(0, cols, BLOCK):
            c = c_start + tl.arange(0, BLOCK)
            d = tl.load(x + pid * cols + c, mask=c < cols, other=0.0) - mean
            sq = sq + tl.sum(tl.where(c < cols, d * d, 0.0), axis=0)
        var = sq / cols
        rstd = tl.rsqrt(var + eps)
        for c_start in range(0, cols, BLOCK):
            c = c_start + tl.arange(0, BLOCK)
            tl.store(y + pid * cols + c, (tl.load(x + pid * cols + c, mask=c < cols, other=0.0) - mean) * rstd * tl.load(gamma + c, mask=c < cols, other=0.0) + tl.load(beta + c, mask=c < cols, other=0.0), mask=c < cols)
        tl.store(mean_out + pid, mean)
        tl.store(rstd_out + pid, rstd)


def layernorm_fwd(grid, block, x, gamma, beta, y, mean_out, rstd_out, rows, cols, eps):
    """Launch layernorm_fwd_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK = _block_for(cols)
    launch = (rows,)
    layernorm_fwd_tile[launch](x, gamma, beta, y, mean_out, rstd_out, int(rows), int(cols), float(eps), BLOCK=BLOCK)
