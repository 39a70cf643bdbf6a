// 256-bin byte histogram: global atomics vs a shared-memory privatised
// histogram merged into global memory at the end of each block.
#include <prt/prt.h>
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

#define NUM_BINS 256

__global__ void histogram_global(const unsigned char* data, size_t n, unsigned int* hist) {
    size_t stride = (size_t)blockDim.x * gridDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride) {
        atomicAdd(&hist[data[i]], 1u);
    }
}

#if PRT_BACKEND_CPU && !defined(PRT_CPU_FIBERS)
// On the CPU backend the threads of a block run as loops between the barriers (prt/cpu/regions.h); CUDA, HIP and
// -DPRT_CPU_FIBERS build the kernel as written, below.
#include <prt/cpu/regions_begin.h>
__global__ void histogram_shared(const unsigned char* __restrict__ data, size_t n,
                                 unsigned int* __restrict__ hist) {
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
    __shared__ unsigned int local[NUM_BINS];
    int prt_s1_offset = 0;  // how far every thread has strided
    for (bool prt_s1_more = true; prt_s1_more;) {
        prt_s1_more = false;
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            int b = threadIdx.x;
            b += prt_s1_offset;
            if (!(b < NUM_BINS)) break;  // the threads after it are past the end too
            prt_s1_more = true;
            local[b] = 0;
        }
        if (prt_s1_more) prt_s1_offset += blockDim.x;
    }
    size_t stride = (size_t)blockDim.x * gridDim.x;
    size_t prt_s2_offset = 0;  // how far every thread has strided
    for (bool prt_s2_more = true; prt_s2_more;) {
        prt_s2_more = false;
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
            i += prt_s2_offset;
            if (!(i < n)) break;  // the threads after it are past the end too
            prt_s2_more = true;
            {
        ::prt::cpu::block_atomicAdd(&local[data[i]], 1u);
    }
        }
        if (prt_s2_more) prt_s2_offset += stride;
    }
    int prt_s3_offset = 0;  // how far every thread has strided
    for (bool prt_s3_more = true; prt_s3_more;) {
        prt_s3_more = false;
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            int b = threadIdx.x;
            b += prt_s3_offset;
            if (!(b < NUM_BINS)) break;  // the threads after it are past the end too
            prt_s3_more = true;
            {
        unsigned int c = local[b];
        if (c) atomicAdd(&hist[b], c);
    }
        }
        if (prt_s3_more) prt_s3_offset += blockDim.x;
    }
}
#include <prt/cpu/regions_end.h>
#else
__global__ void histogram_shared(const unsigned char* __restrict__ data, size_t n,
                                 unsigned int* __restrict__ hist) {
    __shared__ unsigned int local[NUM_BINS];
    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) local[b] = 0;
    __syncthreads();

    size_t stride = (size_t)blockDim.x * gridDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride) {
        atomicAdd(&local[data[i]], 1u);
    }
    __syncthreads();

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
        unsigned int c = local[b];
        if (c) atomicAdd(&hist[b], c);
    }
}
#endif

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    const size_t n = (size_t)1 << 24;
    std::vector<unsigned char> h_data(n);
    uint32_t s = 7u;
    for (size_t i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        // Skewed distribution: the sum of two bytes folded back, so bins differ.
        unsigned a = (s >> 24) & 0xff, b = (s >> 16) & 0xff;
        h_data[i] = (unsigned char)((a + b) / 2);
    }

    unsigned char* d_data;
    unsigned int *d_hist_g, *d_hist_s;
    CUDA_CHECK(prtMalloc(&d_data, n));
    CUDA_CHECK(prtMalloc(&d_hist_g, NUM_BINS * sizeof(unsigned int)));
    CUDA_CHECK(prtMalloc(&d_hist_s, NUM_BINS * sizeof(unsigned int)));
    CUDA_CHECK(prtMemcpy(d_data, h_data.data(), n, prtMemcpyHostToDevice));
    CUDA_CHECK(prtMemset(d_hist_g, 0, NUM_BINS * sizeof(unsigned int)));
    CUDA_CHECK(prtMemset(d_hist_s, 0, NUM_BINS * sizeof(unsigned int)));

    int dev, sms;
    CUDA_CHECK(prtGetDevice(&dev));
    CUDA_CHECK(prtDeviceGetAttribute(&sms, prtDevAttrMultiProcessorCount, dev));
    dim3 block(256);
    dim3 grid(sms * 8);

    prtEvent_t e0, e1, e2;
    CUDA_CHECK(prtEventCreate(&e0));
    CUDA_CHECK(prtEventCreate(&e1));
    CUDA_CHECK(prtEventCreate(&e2));
    CUDA_CHECK(prtEventRecord(e0));
    prtLaunchKernel(histogram_global, grid, block, 0, 0, d_data, n, d_hist_g);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(e1));
    prtLaunchKernel(histogram_shared, grid, block, 0, 0, d_data, n, d_hist_s);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(e2));
    CUDA_CHECK(prtEventSynchronize(e2));
    float ms_global = 0.0f, ms_shared = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_global, e0, e1));
    CUDA_CHECK(prtEventElapsedTime(&ms_shared, e1, e2));

    std::vector<unsigned int> h_g(NUM_BINS), h_s(NUM_BINS), ref(NUM_BINS, 0);
    CUDA_CHECK(prtMemcpy(h_g.data(), d_hist_g, NUM_BINS * sizeof(unsigned int), prtMemcpyDeviceToHost));
    CUDA_CHECK(prtMemcpy(h_s.data(), d_hist_s, NUM_BINS * sizeof(unsigned int), prtMemcpyDeviceToHost));

    for (size_t i = 0; i < n; ++i) ref[h_data[i]]++;

    int mismatches = 0;
    unsigned long long total = 0, weighted = 0;
    for (int b = 0; b < NUM_BINS; ++b) {
        if (h_g[b] != ref[b] || h_s[b] != ref[b]) ++mismatches;
        total += h_s[b];
        weighted += (unsigned long long)b * h_s[b];
    }
    printf("n = %zu\n", n);
    printf("total = %llu\n", total);
    printf("weighted_sum = %llu\n", weighted);
    printf("bin_0 = %u\nbin_127 = %u\nbin_128 = %u\nbin_255 = %u\n", h_s[0], h_s[127], h_s[128], h_s[255]);
    printf("mismatched_bins = %d\n", mismatches);
    printf("time_global_ms = %.4f\n", ms_global);
    printf("time_shared_ms = %.4f\n", ms_shared);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(h_s.data(), sizeof(unsigned int), NUM_BINS, f);
        fclose(f);
    }

    prtFree(d_data);
    prtFree(d_hist_g);
    prtFree(d_hist_s);
    bool ok = mismatches == 0 && total == n;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
