"""Numba CUDA kernels: an element-wise kernel with cuda.grid, a block sum with
shared memory and syncthreads, a shared-memory tiled matmul and an atomic
histogram, each checked against NumPy."""
import argparse
import math
import os

import numpy as np
import torch
import numba_kernels_tile
from numba import cuda, float32, int32

TPB = 128      # threads per block for the 1-D kernels
TILE = 16      # tile edge for the matmul


scaled_add = numba_kernels_tile.scaled_add


block_sum = numba_kernels_tile.block_sum


matmul_tiled = numba_kernels_tile.matmul_tiled


@numba_kernels_tile.simt_kernel
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

    d_x = torch.as_tensor(x, device=numba_kernels_tile.DEVICE)
    d_y = torch.as_tensor(y, device=numba_kernels_tile.DEVICE)
    d_out = numba_kernels_tile.device_array_like(x)
    blocks = (n + TPB - 1) // TPB
    scaled_add[blocks, TPB](d_x, d_y, d_out, np.float32(3.0))
    out = d_out.cpu().numpy()

    d_partial = numba_kernels_tile.device_array(blocks, dtype=np.float32)
    block_sum[blocks, TPB](d_x, d_partial)
    total = float(d_partial.cpu().numpy().astype(np.float64).sum())

    d_c = numba_kernels_tile.device_array((m, p), dtype=np.float32)
    grid = (math.ceil(p / TILE), math.ceil(m / TILE))
    matmul_tiled[grid, (TILE, TILE)](torch.as_tensor(a, device=numba_kernels_tile.DEVICE), torch.as_tensor(b, device=numba_kernels_tile.DEVICE), d_c)
    c = d_c.cpu().numpy()

    d_bins = torch.as_tensor(np.zeros(64, dtype=np.int32), device=numba_kernels_tile.DEVICE)
    histogram[32, TPB](torch.as_tensor(data, device=numba_kernels_tile.DEVICE), d_bins)
    bins = d_bins.cpu().numpy()
    numba_kernels_tile.synchronize()

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
