// runtime_cuda.cu: overhead of the portable runtime's CUDA backend against raw CUDA (run by
// benchmarks/runtime_device.sh on the GPU machine; build: nvcc -O3 -arch=sm_90 -std=c++17 -I runtime/include).
//   launch   host time per launch of an empty kernel: prtLaunchKernel vs <<<>>>
//   triad    a bandwidth-bound kernel (a = b + s*c over 1 GiB per array): prtLaunchKernel vs <<<>>>
// Each measurement alternates the two forms and keeps the best of several rounds. Target: ratio <= 1.01.
#include <prt/prt.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

__global__ void empty_kernel() {}

__global__ void triad(float* __restrict__ a, const float* __restrict__ b, const float* __restrict__ c, float s,
                      size_t n) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i < n) a[i] = b[i] + s * c[i];
}

#define CK(call)                                                                          \
    do {                                                                                  \
        prtError_t e_ = (call);                                                           \
        if (e_ != prtSuccess) {                                                           \
            std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, prtGetErrorString(e_)); \
            return 1;                                                                     \
        }                                                                                 \
    } while (0)

static double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main() {
    const int launches = 20000, rounds = 7;
    double raw_launch = 1e30, prt_launch = 1e30;
    for (int r = 0; r < rounds; ++r) {
        CK(prtDeviceSynchronize());
        double t0 = now();
        for (int i = 0; i < launches; ++i) empty_kernel<<<1, 32>>>();
        CK(prtDeviceSynchronize());
        raw_launch = std::min(raw_launch, (now() - t0) / launches);
        t0 = now();
        for (int i = 0; i < launches; ++i) prtLaunchKernel(empty_kernel, dim3(1), dim3(32), 0, 0);
        CK(prtDeviceSynchronize());
        prt_launch = std::min(prt_launch, (now() - t0) / launches);
    }
    std::printf("launch  raw %.3f us  prt %.3f us  ratio %.4f\n", raw_launch * 1e6, prt_launch * 1e6,
                prt_launch / raw_launch);

    const size_t n = size_t(1) << 28;  // 1 GiB per array
    float *a, *b, *c;
    CK(prtMalloc(&a, n * sizeof(float)));
    CK(prtMalloc(&b, n * sizeof(float)));
    CK(prtMalloc(&c, n * sizeof(float)));
    CK(prtMemset(b, 0, n * sizeof(float)));
    CK(prtMemset(c, 0, n * sizeof(float)));
    prtEvent_t e0, e1;
    CK(prtEventCreate(&e0));
    CK(prtEventCreate(&e1));
    const unsigned threads = 256;
    const unsigned blocks = unsigned((n + threads - 1) / threads);
    float raw_ms = 1e30f, prt_ms = 1e30f, ms = 0;
    for (int r = 0; r < 2 * rounds; ++r) {
        CK(prtEventRecord(e0, 0));
        triad<<<blocks, threads>>>(a, b, c, 2.0f, n);
        CK(prtEventRecord(e1, 0));
        CK(prtEventSynchronize(e1));
        CK(prtEventElapsedTime(&ms, e0, e1));
        raw_ms = std::min(raw_ms, ms);
        CK(prtEventRecord(e0, 0));
        CK(prtLaunchKernel(triad, dim3(blocks), dim3(threads), 0, 0, a, b, c, 2.0f, n));
        CK(prtEventRecord(e1, 0));
        CK(prtEventSynchronize(e1));
        CK(prtEventElapsedTime(&ms, e0, e1));
        prt_ms = std::min(prt_ms, ms);
    }
    double gbs = 3.0 * n * sizeof(float) / 1e9;
    std::printf("triad   raw %.3f ms (%.0f GB/s)  prt %.3f ms (%.0f GB/s)  ratio %.4f\n", raw_ms, gbs / raw_ms * 1e3,
                prt_ms, gbs / prt_ms * 1e3, prt_ms / raw_ms);
    bool ok = prt_launch / raw_launch <= 1.01 && prt_ms / raw_ms <= 1.01;
    std::printf("%s (target: prt at most 1%% slower)\n", ok ? "WITHIN TARGET" : "ABOVE TARGET");
    CK(prtFree(a));
    CK(prtFree(b));
    CK(prtFree(c));
    return 0;
}
