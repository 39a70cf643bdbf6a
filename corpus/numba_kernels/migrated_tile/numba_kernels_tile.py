"""Triton kernels and torch helpers for numba_kernels.py, migrated from Numba CUDA.

Each migrated kernel keeps Numba's launch form, `kernel[grid, block](*args)`, on torch tensors; array sizes the kernel read from `.size`/`.shape` are passed to the Triton kernel.
"""

import os

import numpy
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
def scaled_add_kernel_tile(x, y, out, alpha, x_size, BLOCK_X: tl.constexpr):
    # element-wise map over 1-D indices; from numba_kernels.py
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(out + offs_x, alpha * tl.load(x + offs_x, mask=offs_x < x_size, other=0.0) + tl.load(y + offs_x, mask=offs_x < x_size, other=0.0), mask=offs_x < x_size)


def scaled_add_kernel(grid, block, x, y, out, alpha, x_size):
    """Launch scaled_add_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 1024
    launch = (triton.cdiv(x_size, BLOCK_X),)
    scaled_add_kernel_tile[launch](x, y, out, float(alpha), int(x_size), BLOCK_X=BLOCK_X)


@triton.jit
def block_sum_kernel_tile(x, partial, x_size, BLOCK: tl.constexpr):
    # block reduction per program; from numba_kernels.py
    pid = tl.program_id(0)
    s = tl.full([], 64, tl.int32)
    total1 = tl.sum(tl.where(pid * BLOCK + tl.arange(0, BLOCK) < x_size, tl.load(x + (pid * BLOCK + tl.arange(0, BLOCK)), mask=pid * BLOCK + tl.arange(0, BLOCK) < x_size, other=0.0), 0.0), axis=0)
    tl.store(partial + pid, total1)


def block_sum_kernel(grid, block, x, partial, x_size):
    """Launch block_sum_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK = block0
    launch = (grid0,)
    block_sum_kernel_tile[launch](x, partial, int(x_size), BLOCK=BLOCK)


@triton.jit
def matmul_tiled_kernel_tile(a, b, c, a_shape0, a_shape1, b_shape0, b_shape1, c_shape0, c_shape1, BLOCK_X: tl.constexpr, BLOCK_Y: tl.constexpr):
    # matrix product (shared-memory tiled) onto tl.dot; from numba_kernels.py
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)[None, :]
    pid_y = tl.program_id(1)
    offs_y = pid_y * BLOCK_Y + tl.arange(0, BLOCK_Y)[:, None]
    acc = tl.zeros([BLOCK_Y, BLOCK_X], tl.float32)
    for t in range(0, (a_shape1 + 16 - 1) // 16, 1):
        tile_a = tl.where((offs_y < a_shape0) & (t * 16 + tl.arange(0, 16)[None, :] < a_shape1), tl.load(a + (offs_y * a_shape1 + (t * 16 + tl.arange(0, 16)[None, :])), mask=(offs_y < c_shape0) & ((offs_y < a_shape0) & (t * 16 + tl.arange(0, 16)[None, :] < a_shape1)), other=0.0), 0.0)
        tile_b = tl.where((t * 16 + tl.arange(0, 16)[:, None] < b_shape0) & (offs_x < b_shape1), tl.load(b + ((t * 16 + tl.arange(0, 16)[:, None]) * b_shape1 + offs_x), mask=(offs_x < c_shape1) & ((t * 16 + tl.arange(0, 16)[:, None] < b_shape0) & (offs_x < b_shape1)), other=0.0), 0.0)
        acc = acc + tl.dot(tile_a, tile_b, input_precision="ieee")
    tl.store(c + (offs_y * c_shape1 + offs_x), acc, mask=(offs_y < c_shape0) & (offs_x < c_shape1))


def matmul_tiled_kernel(grid, block, a, b, c, a_shape0, a_shape1, b_shape0, b_shape1, c_shape0, c_shape1):
    """Launch matmul_tiled_kernel_tile; `grid` and `block` are the original launch shape."""
    grid0, block0 = _dim(grid), _dim(block)
    BLOCK_X = 64
    BLOCK_Y = 64
    launch = (triton.cdiv(c_shape1, BLOCK_X), triton.cdiv(c_shape0, BLOCK_Y),)
    matmul_tiled_kernel_tile[launch](a, b, c, int(a_shape0), int(a_shape1), int(b_shape0), int(b_shape1), int(c_shape0), int(c_shape1), BLOCK_X=BLOCK_X, BLOCK_Y=BLOCK_Y)

# The accelerator this module runs on (CUDA, ROCm, XPU, ...), or the CPU when there is none.
DEVICE = torch.accelerator.current_accelerator() if torch.accelerator.is_available() else torch.device("cpu")


def synchronize():
    """Wait for the device (a no-op on the CPU)."""
    torch.get_device_module(DEVICE).synchronize()



def device_array(shape, dtype=None):
    """An uninitialised tensor on DEVICE, for numba.cuda.device_array(shape, dtype)."""
    return torch.empty(shape, dtype=torch.from_numpy(numpy.empty(0, dtype=dtype)).dtype, device=DEVICE)


def device_array_like(array):
    """An uninitialised tensor on DEVICE shaped and typed like `array` (a NumPy array or a tensor)."""
    return torch.empty_like(torch.as_tensor(array), device=DEVICE)


class _Launcher:
    """`kernel[grid, block](*args)`, as Numba launches: calls `launch(grid, block, *args)`."""

    def __init__(self, launch):
        self.launch = launch

    def __getitem__(self, config):
        grid, block = config[0], config[1]
        return lambda *args: self.launch(grid, block, *args)


def _scaled_add(grid, block, x, y, out, alpha):
    scaled_add_kernel(grid, block, x, y, out, alpha, x.numel())


scaled_add = _Launcher(_scaled_add)


def _block_sum(grid, block, x, partial):
    block_sum_kernel(grid, block, x, partial, x.numel())


block_sum = _Launcher(_block_sum)


def _matmul_tiled(grid, block, a, b, c):
    matmul_tiled_kernel(grid, block, a, b, c, a.shape[0], a.shape[1], b.shape[0], b.shape[1], c.shape[0], c.shape[1])


matmul_tiled = _Launcher(_matmul_tiled)


def simt_kernel(function):
    """A kernel kept as a Numba SIMT kernel: on an NVIDIA GPU numba.cuda runs it on the tensors; elsewhere Numba's
    simulator (NUMBA_ENABLE_CUDASIM, set before numba is imported) runs it on NumPy views of CPU tensors."""
    from numba import cuda

    kernel = cuda.jit(function)

    def launch(grid, block, *args):
        if DEVICE.type == "cpu":
            args = [a.numpy() if isinstance(a, torch.Tensor) else a for a in args]
        kernel[grid, block](*args)

    return _Launcher(launch)


if not torch.cuda.is_available():
    os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")
