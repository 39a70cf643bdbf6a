// A block reduction whose first warp gathers the result into shared memory and returns it with no barrier after
// the read, called twice in a row (a common form in public kernels): the second call's first write must not land
// before every warp has read the first result. On a GPU the warps run side by side; on the CPU backend the warps
// after a barrier run from the last to the first.
#include "check.h"

#include <vector>

__device__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__device__ float block_sum(float v) {
    __shared__ float partial[32];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = (blockDim.x + 31) / 32;
    v = warp_sum(v);
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = warp_sum(lane < warps ? partial[lane] : 0.0f);
        if (lane == 0) partial[0] = v;
    }
    __syncthreads();
    return partial[0];
}

__global__ void mean_and_square(const float* in, float* out, int n) {
    float x = int(threadIdx.x) < n ? in[blockIdx.x * n + threadIdx.x] : 0.0f;
    float mean = block_sum(x) / n;
    float d = int(threadIdx.x) < n ? x - mean : 0.0f;
    float square = block_sum(d * d);
    out[(blockIdx.x * blockDim.x + threadIdx.x) * 2] = mean;
    out[(blockIdx.x * blockDim.x + threadIdx.x) * 2 + 1] = square;
}

int main() {
    const int blocks = 3, threads = 128, n = 100;
    std::vector<float> h(blocks * n);
    for (size_t i = 0; i < h.size(); ++i) h[i] = float(int(i * 37 % 23) - 11);
    float *d_in = nullptr, *d_out = nullptr;
    CHECK_OK(prtMalloc(&d_in, sizeof(float) * h.size()));
    CHECK_OK(prtMalloc(&d_out, sizeof(float) * blocks * threads * 2));
    CHECK_OK(prtMemcpy(d_in, h.data(), sizeof(float) * h.size(), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(mean_and_square, dim3(blocks), dim3(threads), 0, 0, d_in, d_out, n));
    std::vector<float> out(blocks * threads * 2);
    CHECK_OK(prtMemcpy(out.data(), d_out, sizeof(float) * out.size(), prtMemcpyDeviceToHost));
    int bad = 0;
    for (int b = 0; b < blocks; ++b) {
        double mean = 0, square = 0;
        for (int i = 0; i < n; ++i) mean += h[b * n + i];
        mean /= n;
        for (int i = 0; i < n; ++i) square += (h[b * n + i] - mean) * (h[b * n + i] - mean);
        for (int t = 0; t < threads; ++t) {
            bad += std::fabs(out[(b * threads + t) * 2] - mean) > 1e-4;
            bad += std::fabs(out[(b * threads + t) * 2 + 1] - square) > 1e-2 * (1 + square);
        }
        std::printf("VALUE block_%d %g %g\n", b, out[b * threads * 2], out[b * threads * 2 + 1]);
    }
    CHECK(bad == 0);
    std::printf(g_failures ? "FAILED\n" : "PASSED\n");
    return g_failures ? 1 : 0;
}
