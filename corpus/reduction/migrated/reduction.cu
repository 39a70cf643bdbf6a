// Sum reduction two ways: a shared-memory tree and a warp-shuffle version.
// Both reduce to one partial per block; a second launch reduces the partials.
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

#define WARP_SIZE 32
#define FULL_MASK 0xffffffff

constexpr int kThreads = 256;

static uint32_t g_lcg = 2024u;
static float lcg_uniform() {
    g_lcg = g_lcg * 1664525u + 1013904223u;
    return (g_lcg >> 8) * (1.0f / 16777216.0f);
}

// Lane index inside the warp. Reads the %laneid special register where the
// build asks for it; otherwise derives it from threadIdx (1-D blocks only).
__device__ __forceinline__ unsigned lane_id() {
#if defined(USE_PTX_LANEID) && defined(__CUDA_ARCH__)
    unsigned id;
    // migrate: manual[inline-ptx] inline asm is NVIDIA PTX and cannot run elsewhere; replace it with a runtime intrinsic or plain C++
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
    return id;
#else
    return threadIdx.x % WARP_SIZE;
#endif
}

// Classic tree reduction in shared memory; first add happens during the load.
#if PRT_BACKEND_CPU && !defined(PRT_CPU_FIBERS)
// On the CPU backend the threads of a block run as loops between the barriers (prt/cpu/regions.h); CUDA, HIP and
// -DPRT_CPU_FIBERS build the kernel as written, below.
#include <prt/cpu/regions_begin.h>
__global__ void reduce_shared(const float* __restrict__ in, float* __restrict__ out, int n) {
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
    __shared__ float sdata[kThreads];
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    sdata[tid] = v;
    }
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0, prt_xn = ::prt::cpu::thread_limit<unsigned>(prt_bx, s); prt_x < prt_xn; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            unsigned tid = threadIdx.x;
            if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        }
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        unsigned tid = threadIdx.x;
        if (tid == 0) out[blockIdx.x] = sdata[0];
    }
}
#include <prt/cpu/regions_end.h>
#else
__global__ void reduce_shared(const float* __restrict__ in, float* __restrict__ out, int n) {
    __shared__ float sdata[kThreads];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();

    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}
#endif

__inline__ __device__ float warp_reduce_sum(float val) {
    for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2) {
        val += __shfl_down_sync(FULL_MASK, val, offset);
    }
    return val;
}

// Grid-stride accumulation, then shuffles inside each warp, then one warp
// reduces the per-warp sums kept in shared memory.
__global__ void reduce_warp(const float* __restrict__ in, float* __restrict__ out, int n) {
    __shared__ float warp_sums[kThreads / WARP_SIZE];
    unsigned lane = lane_id();
    unsigned warp = threadIdx.x / WARP_SIZE;

    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        sum += in[i];
    }
    sum = warp_reduce_sum(sum);
    if (lane == 0) warp_sums[warp] = sum;
    __syncthreads();

    if (warp == 0) {
        sum = (threadIdx.x < blockDim.x / WARP_SIZE) ? warp_sums[lane] : 0.0f;
        sum = warp_reduce_sum(sum);
        if (threadIdx.x == 0) out[blockIdx.x] = sum;
    }
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    const int n = (1 << 22) + 123;  // not a multiple of the block size
    std::vector<float> h_in(n);
    for (int i = 0; i < n; ++i) h_in[i] = lcg_uniform() - 0.25f;

    float *d_in, *d_partial, *d_result;
    const int blocks_shared = (n + kThreads * 2 - 1) / (kThreads * 2);
    const int blocks_warp = 264;
    CUDA_CHECK(prtMalloc(&d_in, n * sizeof(float)));
    CUDA_CHECK(prtMalloc(&d_partial, blocks_shared * sizeof(float)));
    CUDA_CHECK(prtMalloc(&d_result, 2 * sizeof(float)));
    CUDA_CHECK(prtMemcpy(d_in, h_in.data(), n * sizeof(float), prtMemcpyHostToDevice));

    prtEvent_t t0, t1;
    CUDA_CHECK(prtEventCreate(&t0));
    CUDA_CHECK(prtEventCreate(&t1));

    // Pass 1 of the shared-memory version.
    CUDA_CHECK(prtEventRecord(t0));
    prtLaunchKernel(reduce_shared, blocks_shared, kThreads, 0, 0, d_in, d_partial, n);
    CUDA_CHECK(prtGetLastError());
    std::vector<float> h_partial(blocks_shared);
    CUDA_CHECK(prtMemcpy(h_partial.data(), d_partial, blocks_shared * sizeof(float),
                          prtMemcpyDeviceToHost));
    // Pass 2: one block reduces the partials with the warp kernel.
    prtLaunchKernel(reduce_warp, 1, kThreads, 0, 0, d_partial, d_result, blocks_shared);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(t1));
    CUDA_CHECK(prtEventSynchronize(t1));
    float ms_shared = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_shared, t0, t1));

    // Warp-shuffle version: fixed grid, grid-stride loop, then one block.
    float* d_partial_warp;
    CUDA_CHECK(prtMalloc(&d_partial_warp, blocks_warp * sizeof(float)));
    CUDA_CHECK(prtEventRecord(t0));
    prtLaunchKernel(reduce_warp, blocks_warp, kThreads, 0, 0, d_in, d_partial_warp, n);
    CUDA_CHECK(prtGetLastError());
    prtLaunchKernel(reduce_warp, 1, kThreads, 0, 0, d_partial_warp, d_result + 1, blocks_warp);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(t1));
    CUDA_CHECK(prtDeviceSynchronize());
    float ms_warp = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_warp, t0, t1));

    float h_result[2];
    CUDA_CHECK(prtMemcpy(h_result, d_result, sizeof(h_result), prtMemcpyDeviceToHost));

    // CPU reference in double.
    double ref = 0.0, abs_sum = 0.0;
    for (int i = 0; i < n; ++i) {
        ref += h_in[i];
        abs_sum += fabs(h_in[i]);
    }
    // Check the per-block partials of the shared version too.
    double max_partial_err = 0.0;
    for (int b = 0; b < blocks_shared; ++b) {
        double p = 0.0, pa = 0.0;
        for (int k = 0; k < 2 * kThreads; ++k) {
            long idx = (long)b * 2 * kThreads + k;
            if (idx < n) { p += h_in[idx]; pa += fabs(h_in[idx]); }
        }
        max_partial_err = fmax(max_partial_err, fabs(h_partial[b] - p) / (pa + 1e-30));
    }
    double rel_shared = fabs(h_result[0] - ref) / abs_sum;
    double rel_warp = fabs(h_result[1] - ref) / abs_sum;

    printf("n = %d\n", n);
    printf("sum_ref = %.10e\n", ref);
    printf("sum_shared = %.10e\n", (double)h_result[0]);
    printf("sum_warp = %.10e\n", (double)h_result[1]);
    printf("rel_err_shared = %.6e\n", rel_shared);
    printf("rel_err_warp = %.6e\n", rel_warp);
    printf("max_partial_rel_err = %.6e\n", max_partial_err);
    printf("time_shared_ms = %.4f\n", ms_shared);
    printf("time_warp_ms = %.4f\n", ms_warp);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(h_partial.data(), sizeof(float), blocks_shared, f);
        fclose(f);
    }

    CUDA_CHECK(prtFree(d_in));
    CUDA_CHECK(prtFree(d_partial));
    CUDA_CHECK(prtFree(d_partial_warp));
    CUDA_CHECK(prtFree(d_result));
    CUDA_CHECK(prtEventDestroy(t0));
    CUDA_CHECK(prtEventDestroy(t1));

    bool ok = rel_shared < 1e-5 && rel_warp < 1e-5 && max_partial_err < 1e-5;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
