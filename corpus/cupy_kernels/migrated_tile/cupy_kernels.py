"""CuPy custom kernels (RawKernel, ElementwiseKernel, ReductionKernel) and plain
CuPy array code, each checked against NumPy."""
import argparse
import os

import torch
import cupy_kernels_tile
import numpy as np

ROW_MAX_SRC = r"""
extern "C" __global__
void row_max_scale(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
    __shared__ float smax[256];
    int row = blockIdx.x;
    if (row >= rows) return;
    const float* xr = x + (size_t)row * cols;
    float m = -3.402823466e+38f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, fabsf(xr[c]));
    smax[threadIdx.x] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) smax[threadIdx.x] = fmaxf(smax[threadIdx.x], smax[threadIdx.x + s]);
        __syncthreads();
    }
    float inv = 1.0f / smax[0];
    for (int c = threadIdx.x; c < cols; c += blockDim.x) y[(size_t)row * cols + c] = xr[c] * inv;
}
"""

row_max_scale = cupy_kernels_tile.row_max_scale_raw

# z = a*x + b*y, clipped to [lo, hi]
axpby_clip = cupy_kernels_tile.axpby_clip

# Sum of squares, accumulated in double.
sum_sq = cupy_kernels_tile.sum_sq


def lcg(n, seed):
    out = np.empty(n, dtype=np.uint32)
    s = np.uint64(seed)
    for i in range(n):
        s = (s * np.uint64(1664525) + np.uint64(1013904223)) & np.uint64(0xFFFFFFFF)
        out[i] = s
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.environ.get("CORPUS_OUT"))
    args = parser.parse_args()

    rows, cols = 256, 1000
    rng = np.random.default_rng(2024)
    x_np = rng.standard_normal((rows, cols)).astype(np.float32)
    y_np = rng.standard_normal((rows, cols)).astype(np.float32)
    # A short LCG stream as well, so the data does not depend on NumPy's generator alone.
    x_np[0, :16] = (lcg(16, 99) >> 8).astype(np.float32) / 16777216.0

    x = torch.as_tensor(x_np, device=cupy_kernels_tile.DEVICE)
    y = torch.as_tensor(y_np, device=cupy_kernels_tile.DEVICE)
    props = cupy_kernels_tile.device_properties(0)
    print(f"device: {props['name'].decode()}")

    # RawKernel: one block per row.
    scaled = torch.empty_like(x)
    row_max_scale((rows,), (256,), (x, scaled, np.int32(rows), np.int32(cols)))
    cupy_kernels_tile.synchronize()
    ref_scaled = x_np / np.abs(x_np).max(axis=1, keepdims=True)
    err_raw = float(np.abs(scaled.cpu().numpy() - ref_scaled).max())

    # ElementwiseKernel.
    z = axpby_clip(x, y, np.float32(1.5), np.float32(-0.25), np.float32(-2.0), np.float32(2.0))
    ref_z = np.clip(np.float32(1.5) * x_np + np.float32(-0.25) * y_np, -2.0, 2.0)
    err_elementwise = float(np.abs(z.cpu().numpy() - ref_z).max())

    # ReductionKernel, whole array and along an axis.
    total = float(sum_sq(x))
    per_row = sum_sq(x, axis=1)
    ref_total = float((x_np.astype(np.float64) ** 2).sum())
    ref_rows = (x_np.astype(np.float64) ** 2).sum(axis=1)
    err_reduction = abs(total - ref_total) / ref_total
    err_rows = float(np.abs(per_row.cpu().numpy() - ref_rows).max())

    # Plain array code: softmax and a matmul.
    logits = x @ y.T / torch.tensor(np.sqrt(cols), dtype=torch.float32, device=cupy_kernels_tile.DEVICE)
    probs = torch.exp(logits - logits.amax(axis=1, keepdims=True))
    probs /= probs.sum(axis=1, keepdims=True)
    ln = (x_np.astype(np.float64) @ y_np.astype(np.float64).T) / np.sqrt(cols)
    ref_probs = np.exp(ln - ln.max(axis=1, keepdims=True))
    ref_probs /= ref_probs.sum(axis=1, keepdims=True)
    err_softmax = float(np.abs(probs.cpu().numpy() - ref_probs).max())

    print(f"checksum_raw = {float(scaled.sum()):.10e}")
    print(f"checksum_elementwise = {float(z.sum()):.10e}")
    print(f"sum_sq = {total:.12e}")
    print(f"sum_sq_ref = {ref_total:.12e}")
    print(f"checksum_softmax = {float(probs.sum()):.10e}")
    print(f"max_err_raw = {err_raw:.6e}")
    print(f"max_err_elementwise = {err_elementwise:.6e}")
    print(f"rel_err_reduction = {err_reduction:.6e}")
    print(f"max_err_reduction_rows = {err_rows:.6e}")
    print(f"max_err_softmax = {err_softmax:.6e}")

    if args.out:
        z.cpu().numpy().astype("<f4").tofile(args.out)

    ok = (err_raw < 1e-6 and err_elementwise < 1e-6 and err_reduction < 1e-12
          and err_rows < 1e-9 and err_softmax < 1e-4)
    print("PASS" if ok else "FAIL")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
