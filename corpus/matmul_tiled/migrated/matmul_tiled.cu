// Single-precision matrix multiply C = A * B (row-major), a naive kernel and
// a shared-memory tiled kernel, both checked against a CPU triple loop.
#include <prt/prt.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>


#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        prtError_t err_ = (call);                                              \
        if (err_ != prtSuccess) {                                              \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__,   \
                    __LINE__, prtGetErrorString(err_));                        \
            exit(EXIT_FAILURE);                                                 \
        }                                                                       \
    } while (0)

#ifndef TILE
#define TILE 16
#endif

__global__ void matmul_naive(const float* A, const float* B, float* C, int M, int N, int K) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}

#if PRT_BACKEND_CPU && !defined(PRT_CPU_FIBERS)
// On the CPU backend the threads of a block run as loops between the barriers (prt/cpu/regions.h); CUDA, HIP and
// -DPRT_CPU_FIBERS build the kernel as written, below.
#include <prt/cpu/regions_begin.h>
__global__ void matmul_tiled(const float* __restrict__ A, const float* __restrict__ B,
                             float* __restrict__ C, int M, int N, int K) {
    if (threadIdx.x | threadIdx.y | threadIdx.z) return;  // the block's first thread runs all of them
    ::prt::cpu::RegionBlock prt_block;
    // Local copies of the block's extents and indices: the compiler can then keep them in registers and vectorise
    // the loops over the threads (stores through the kernel's pointers might alias the globals). The loops count
    // in int (a block has at most 1024 threads), so that `int tid = threadIdx.x` is the loop's own counter, which
    // cannot wrap: its accesses are affine and need no sign extension in each iteration.
    const int prt_bx = prt_block.x, prt_by = prt_block.y, prt_bz = prt_block.z;
    [[maybe_unused]] const dim3 blockDim = ::blockDim;
    [[maybe_unused]] const uint3 blockIdx = ::blockIdx;
    [[maybe_unused]] const dim3 gridDim = ::gridDim;
    ::prt::cpu::Lanes<float> prt_lane_acc(prt_block);
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
        auto& acc = prt_lane_acc[prt_t];
        int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    acc = 0.0f;
    }
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            int tx = threadIdx.x;
            int ty = threadIdx.y;
            int row = blockIdx.y * TILE + ty;
            int col = blockIdx.x * TILE + tx;
            int a_col = t * TILE + tx;
        int b_row = t * TILE + ty;
        As[ty][tx] = (row < M && a_col < K) ? A[row * K + a_col] : 0.0f;
        Bs[ty][tx] = (b_row < K && col < N) ? B[b_row * N + col] : 0.0f;
        }
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            int tx = threadIdx.x;
            int ty = threadIdx.y;
            const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
            auto& acc = prt_lane_acc[prt_t];
            #pragma unroll
        for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
        }
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        int tx = threadIdx.x;
        int ty = threadIdx.y;
        int row = blockIdx.y * TILE + ty;
        int col = blockIdx.x * TILE + tx;
        const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
        auto& acc = prt_lane_acc[prt_t];
        if (row < M && col < N) C[row * N + col] = acc;
    }
}
#include <prt/cpu/regions_end.h>
#else
__global__ void matmul_tiled(const float* __restrict__ A, const float* __restrict__ B,
                             float* __restrict__ C, int M, int N, int K) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;

    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        int a_col = t * TILE + tx;
        int b_row = t * TILE + ty;
        As[ty][tx] = (row < M && a_col < K) ? A[row * K + a_col] : 0.0f;
        Bs[ty][tx] = (b_row < K && col < N) ? B[b_row * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}
#endif

static void fill(std::vector<float>& v, uint32_t seed) {
    uint32_t s = seed;
    for (auto& x : v) {
        s = s * 1664525u + 1013904223u;
        x = (s >> 8) * (1.0f / 16777216.0f) - 0.5f;
    }
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    // Deliberately not multiples of the tile size.
    const int M = 300, N = 260, K = 270;
    std::vector<float> hA(M * K), hB(K * N), hC(M * N), hC_naive(M * N), ref(M * N);
    fill(hA, 1u);
    fill(hB, 2u);

    float *dA, *dB, *dC, *dC_naive;
    CUDA_CHECK(prtMalloc(&dA, hA.size() * sizeof(float)));
    CUDA_CHECK(prtMalloc(&dB, hB.size() * sizeof(float)));
    CUDA_CHECK(prtMalloc(&dC, hC.size() * sizeof(float)));
    CUDA_CHECK(prtMalloc(&dC_naive, hC.size() * sizeof(float)));
    CUDA_CHECK(prtMemcpy(dA, hA.data(), hA.size() * sizeof(float), prtMemcpyHostToDevice));
    CUDA_CHECK(prtMemcpy(dB, hB.data(), hB.size() * sizeof(float), prtMemcpyHostToDevice));
    CUDA_CHECK(prtMemset(dC, 0, hC.size() * sizeof(float)));

    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);

    prtEvent_t start, stop;
    CUDA_CHECK(prtEventCreate(&start));
    CUDA_CHECK(prtEventCreate(&stop));

    CUDA_CHECK(prtEventRecord(start));
    prtLaunchKernel(matmul_naive, grid, block, 0, 0, dA, dB, dC_naive, M, N, K);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(stop));
    CUDA_CHECK(prtEventSynchronize(stop));
    float ms_naive = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_naive, start, stop));

    CUDA_CHECK(prtEventRecord(start));
    prtLaunchKernel(matmul_tiled, grid, block, 0, 0, dA, dB, dC, M, N, K);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(stop));
    CUDA_CHECK(prtEventSynchronize(stop));
    float ms_tiled = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_tiled, start, stop));
    CUDA_CHECK(prtDeviceSynchronize());

    CUDA_CHECK(prtMemcpy(hC.data(), dC, hC.size() * sizeof(float), prtMemcpyDeviceToHost));
    CUDA_CHECK(prtMemcpy(hC_naive.data(), dC_naive, hC.size() * sizeof(float), prtMemcpyDeviceToHost));

    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
            double acc = 0.0;
            for (int k = 0; k < K; ++k) acc += (double)hA[i * K + k] * hB[k * N + j];
            ref[i * N + j] = (float)acc;
        }

    double max_err_tiled = 0.0, max_err_naive = 0.0, checksum = 0.0;
    for (int i = 0; i < M * N; ++i) {
        max_err_tiled = fmax(max_err_tiled, fabs(hC[i] - ref[i]));
        max_err_naive = fmax(max_err_naive, fabs(hC_naive[i] - ref[i]));
        checksum += hC[i];
    }
    double gflops = 2.0 * M * N * K / (ms_tiled * 1e6);

    printf("M = %d\nN = %d\nK = %d\n", M, N, K);
    printf("checksum = %.10e\n", checksum);
    printf("C_0_0 = %.9e\n", (double)hC[0]);
    printf("C_last = %.9e\n", (double)hC[M * N - 1]);
    printf("max_err_naive = %.6e\n", max_err_naive);
    printf("max_err_tiled = %.6e\n", max_err_tiled);
    printf("time_naive_ms = %.4f\n", ms_naive);
    printf("time_tiled_ms = %.4f\n", ms_tiled);
    printf("gflops_tiled = %.2f\n", gflops);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(hC.data(), sizeof(float), hC.size(), f);
        fclose(f);
    }

    prtFree(dA);
    prtFree(dB);
    prtFree(dC);
    prtFree(dC_naive);
    prtEventDestroy(start);
    prtEventDestroy(stop);

    // K = 270 products of values in [-0.5, 0.5): float accumulation error stays far below 1e-4.
    bool ok = max_err_tiled < 1e-4 && max_err_naive < 1e-4;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
