"""Numba CUDA kernels: an element-wise kernel with cuda.grid, a block sum with
shared memory and syncthreads, a shared-memory tiled matmul and an atomic
histogram, each checked against NumPy."""
import argparse
import math
import os

import numpy as np
# migrate: manual[numba-cuda-api] numba.cuda is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
from numba import cuda, float32, int32

TPB = 128      # threads per block for the 1-D kernels
TILE = 16      # tile edge for the matmul


# migrate: manual[numba-cuda-jit] numba.cuda.jit compiles a kernel for NVIDIA GPUs only; it can become a tile-DSL (Triton) kernel
@cuda.jit
def scaled_add(x, y, out, alpha):
    # migrate: manual[numba-cuda-api] numba.cuda.grid is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    i = cuda.grid(1)
    if i < x.size:
        out[i] = alpha * x[i] + y[i]


# migrate: manual[numba-cuda-jit] numba.cuda.jit compiles a kernel for NVIDIA GPUs only; it can become a tile-DSL (Triton) kernel
@cuda.jit
def block_sum(x, partial):
    # migrate: manual[numba-cuda-api] numba.cuda.shared.array is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    buf = cuda.shared.array(TPB, dtype=float32)
    # migrate: manual[numba-cuda-api] numba.cuda.threadIdx.x is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    tid = cuda.threadIdx.x
    # migrate: manual[numba-cuda-api] numba.cuda.blockIdx.x is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    buf[tid] = x[i] if i < x.size else 0.0
    # migrate: manual[numba-cuda-api] numba.cuda.syncthreads is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if tid < s:
            buf[tid] += buf[tid + s]
        # migrate: manual[numba-cuda-api] numba.cuda.syncthreads is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        # migrate: manual[numba-cuda-api] numba.cuda.blockIdx.x is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
        partial[cuda.blockIdx.x] = buf[0]


# migrate: manual[numba-cuda-jit] numba.cuda.jit compiles a kernel for NVIDIA GPUs only; it can become a tile-DSL (Triton) kernel
@cuda.jit
def matmul_tiled(a, b, c):
    # migrate: manual[numba-cuda-api] numba.cuda.shared.array is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    sa = cuda.shared.array((TILE, TILE), dtype=float32)
    # migrate: manual[numba-cuda-api] numba.cuda.shared.array is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    sb = cuda.shared.array((TILE, TILE), dtype=float32)
    # migrate: manual[numba-cuda-api] numba.cuda.threadIdx.x is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    tx = cuda.threadIdx.x
    # migrate: manual[numba-cuda-api] numba.cuda.threadIdx.y is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    ty = cuda.threadIdx.y
    # migrate: manual[numba-cuda-api] numba.cuda.grid is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    col, row = cuda.grid(2)  # x runs along columns
    acc = float32(0.0)
    ntiles = (a.shape[1] + TILE - 1) // TILE
    for t in range(ntiles):
        ka = t * TILE + tx
        kb = t * TILE + ty
        sa[ty, tx] = a[row, ka] if (row < a.shape[0] and ka < a.shape[1]) else 0.0
        sb[ty, tx] = b[kb, col] if (kb < b.shape[0] and col < b.shape[1]) else 0.0
        # migrate: manual[numba-cuda-api] numba.cuda.syncthreads is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
        cuda.syncthreads()
        for k in range(TILE):
            acc += sa[ty, k] * sb[k, tx]
        # migrate: manual[numba-cuda-api] numba.cuda.syncthreads is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
        cuda.syncthreads()
    if row < c.shape[0] and col < c.shape[1]:
        c[row, col] = acc


# migrate: manual[numba-cuda-jit] numba.cuda.jit compiles a kernel for NVIDIA GPUs only; it can become a tile-DSL (Triton) kernel
@cuda.jit
def histogram(data, bins):
    # migrate: manual[numba-cuda-api] numba.cuda.grid is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    i = cuda.grid(1)
    # migrate: manual[numba-cuda-api] numba.cuda.gridsize is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    stride = cuda.gridsize(1)
    while i < data.size:
        # migrate: manual[numba-cuda-api] numba.cuda.atomic.add is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
        cuda.atomic.add(bins, data[i], int32(1))
        i += stride


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.environ.get("CORPUS_OUT"))
    args = parser.parse_args()

    simulated = os.environ.get("NUMBA_ENABLE_CUDASIM") == "1"
    n = 4096 if simulated else 1 << 20
    m, k, p = (20, 24, 18) if simulated else (200, 240, 180)

    rng = np.random.default_rng(5)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    a = rng.random((m, k), dtype=np.float32) - 0.5
    b = rng.random((k, p), dtype=np.float32) - 0.5
    data = rng.integers(0, 64, size=n, dtype=np.int32)

    # migrate: manual[numba-cuda-api] numba.cuda.to_device is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    d_x = cuda.to_device(x)
    # migrate: manual[numba-cuda-api] numba.cuda.to_device is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    d_y = cuda.to_device(y)
    # migrate: manual[numba-cuda-api] numba.cuda.device_array_like is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    d_out = cuda.device_array_like(x)
    blocks = (n + TPB - 1) // TPB
    scaled_add[blocks, TPB](d_x, d_y, d_out, np.float32(3.0))
    out = d_out.copy_to_host()

    # migrate: manual[numba-cuda-api] numba.cuda.device_array is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    d_partial = cuda.device_array(blocks, dtype=np.float32)
    block_sum[blocks, TPB](d_x, d_partial)
    total = float(d_partial.copy_to_host().astype(np.float64).sum())

    # migrate: manual[numba-cuda-api] numba.cuda.device_array is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    d_c = cuda.device_array((m, p), dtype=np.float32)
    grid = (math.ceil(p / TILE), math.ceil(m / TILE))
    # migrate: manual[numba-cuda-api] numba.cuda.to_device is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    matmul_tiled[grid, (TILE, TILE)](cuda.to_device(a), cuda.to_device(b), d_c)
    c = d_c.copy_to_host()

    # migrate: manual[numba-cuda-api] numba.cuda.to_device is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    d_bins = cuda.to_device(np.zeros(64, dtype=np.int32))
    # migrate: manual[numba-cuda-api] numba.cuda.to_device is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    histogram[32, TPB](cuda.to_device(data), d_bins)
    bins = d_bins.copy_to_host()
    # migrate: manual[numba-cuda-api] numba.cuda.synchronize is part of Numba's CUDA target; use torch tensors and a tile-DSL kernel
    cuda.synchronize()

    err_add = float(np.abs(out - (np.float32(3.0) * x + y)).max())
    ref_total = float(x.astype(np.float64).sum())
    err_sum = abs(total - ref_total) / ref_total
    err_mm = float(np.abs(c - a.astype(np.float64) @ b.astype(np.float64)).max())
    hist_ok = bool(np.array_equal(bins, np.bincount(data, minlength=64)))

    print(f"n = {n}")
    print(f"checksum_add = {float(out.astype(np.float64).sum()):.10e}")
    print(f"block_sum = {total:.10e}")
    print(f"block_sum_ref = {ref_total:.10e}")
    print(f"checksum_matmul = {float(c.astype(np.float64).sum()):.10e}")
    print(f"max_err_add = {err_add:.6e}")
    print(f"rel_err_sum = {err_sum:.6e}")
    print(f"max_err_matmul = {err_mm:.6e}")
    print(f"histogram_exact = {int(hist_ok)}")

    if args.out:
        c.astype("<f4").tofile(args.out)

    ok = err_add < 1e-6 and err_sum < 1e-5 and err_mm < 1e-4 and hist_ok
    print("PASS" if ok else "FAIL")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
