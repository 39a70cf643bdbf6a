"""Triton kernels migrated from matmul_tiled.cu (SIMT kernels rewritten as tile programs).

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
def matmul_naive_tile(A, B, C, M, N, K, BLOCK_X: tl.constexpr, BLOCK_Y: tl.constexpr, BLOCK_K: tl.constexpr):
    # matrix product (naive) onto tl.dot; from matmul_tiled.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)[None, :]
    pid_y = tl.program_id(1)
    offs_y = pid_y * BLOCK_Y + tl.arange(0, BLOCK_Y)[:, None]
    acc = tl.zeros([BLOCK_Y, BLOCK_X], tl.float32)
    for k_start in range(0, K, BLOCK_K):
        a = tl.load(A + (offs_y * K + (k_start + tl.arange(0, BLOCK_K)[None, :])), mask=(offs_y < M) & (k_start + tl.arange(0, BLOCK_K)[None, :] < K), other=0.0)
        b = tl.load(B + ((k_start + tl.arange(0, BLOCK_K)[:, None]) * N + offs_x), mask=(offs_x < N) & (k_start + tl.arange(0, BLOCK_K)[:, None] < K), other=0.0)
        acc = acc + tl.dot(a, b, input_precision="ieee")
    tl.store(C + (offs_y * N + offs_x), acc, mask=(offs_y < M) & (offs_x < N))


def matmul_naive(grid, block, A, B, C, M, N, K):
    """Launch matmul_naive_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 64
    BLOCK_Y = 64
    BLOCK_K = 32
    launch = (triton.cdiv(N, BLOCK_X), triton.cdiv(M, BLOCK_Y),)
    matmul_naive_tile[launch](A, B, C, int(M), int(N), int(K), BLOCK_X=BLOCK_X, BLOCK_Y=BLOCK_Y, BLOCK_K=BLOCK_K)


@triton.jit
def matmul_tiled_tile(A, B, C, M, N, K, BLOCK_X: tl.constexpr, BLOCK_Y: tl.constexpr):
    # matrix product (shared-memory tiled) onto tl.dot; from matmul_tiled.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)[None, :]
    pid_y = tl.program_id(1)
    offs_y = pid_y * BLOCK_Y + tl.arange(0, BLOCK_Y)[:, None]
    acc = tl.zeros([BLOCK_Y, BLOCK_X], tl.float32)
    for t in range(0, (K + 16 - 1) // 16, 1):
        a = tl.where((offs_y < M) & (t * 16 + tl.arange(0, 16)[None, :] < K), tl.load(A + (offs_y * K + (t * 16 + tl.arange(0, 16)[None, :])), mask=(offs_y < M) & ((offs_y < M) & (t * 16 + tl.arange(0, 16)[None, :] < K)), other=0.0), 0.0)
        b = tl.where((t * 16 + tl.arange(0, 16)[:, None] < K) & (offs_x < N), tl.load(B + ((t * 16 + tl.arange(0, 16)[:, None]) * N + offs_x), mask=(offs_x < N) & ((t * 16 + tl.arange(0, 16)[:, None] < K) & (offs_x < N)), other=0.0), 0.0)
        acc = acc + tl.dot(a, b, input_precision="ieee")
    tl.store(C + (offs_y * N + offs_x), acc, mask=(offs_y < M) & (offs_x < N))


def matmul_tiled(grid, block, A, B, C, M, N, K):
    """Launch matmul_tiled_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 64
    BLOCK_Y = 64
    launch = (triton.cdiv(N, BLOCK_X), triton.cdiv(M, BLOCK_Y),)
    matmul_tiled_tile[launch](A, B, C, int(M), int(N), int(K), BLOCK_X=BLOCK_X, BLOCK_Y=BLOCK_Y)
