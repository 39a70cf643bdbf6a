// Inclusive prefix sum of int32 values of any length: each block scans its
// chunk in shared memory (Hillis-Steele, double-buffered) and writes its total;
// the totals are scanned recursively and added back in a second pass.
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

constexpr int kBlock = 512;

#if PRT_BACKEND_CPU && !defined(PRT_CPU_FIBERS)
// On the CPU backend the threads of a block run as loops between the barriers (prt/cpu/regions.h); CUDA, HIP and
// -DPRT_CPU_FIBERS build the kernel as written, below.
#include <prt/cpu/regions_begin.h>
__global__ void block_scan(const int* __restrict__ in, int* __restrict__ out,
                           int* __restrict__ block_sums, int n) {
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
    PRT_DYNAMIC_SHARED(int, buf);
    // 2 * blockDim.x ints
    int* src = buf;
    int* dst = buf + blockDim.x;
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    src[tid] = (gid < n) ? in[gid] : 0;
    }
    for (int offset = 1; offset < blockDim.x; offset <<= 1) {
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            int tid = threadIdx.x;
            int v = src[tid];
        if (tid >= offset) v += src[tid - offset];
        dst[tid] = v;
        }
        int* t = src;
        src = dst;
        dst = t;
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        int tid = threadIdx.x;
        int gid = blockIdx.x * blockDim.x + tid;
        if (gid < n) out[gid] = src[tid];
    if (block_sums != nullptr && tid == blockDim.x - 1) block_sums[blockIdx.x] = src[tid];
    }
}
#include <prt/cpu/regions_end.h>
#else
__global__ void block_scan(const int* __restrict__ in, int* __restrict__ out,
                           int* __restrict__ block_sums, int n) {
    PRT_DYNAMIC_SHARED(int, buf);  // 2 * blockDim.x ints
    int* src = buf;
    int* dst = buf + blockDim.x;

    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    src[tid] = (gid < n) ? in[gid] : 0;
    __syncthreads();

    for (int offset = 1; offset < blockDim.x; offset <<= 1) {
        int v = src[tid];
        if (tid >= offset) v += src[tid - offset];
        dst[tid] = v;
        __syncthreads();
        int* t = src; src = dst; dst = t;
    }

    if (gid < n) out[gid] = src[tid];
    if (block_sums != nullptr && tid == blockDim.x - 1) block_sums[blockIdx.x] = src[tid];
}
#endif

__global__ void add_block_offsets(int* data, const int* __restrict__ scanned_sums, int n) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && gid < n) data[gid] += scanned_sums[blockIdx.x - 1];
}

// Scans d_in into d_out on the device, recursing over the block totals.
static void scan_device(const int* d_in, int* d_out, int n) {
    int blocks = (n + kBlock - 1) / kBlock;
    size_t shmem = 2 * kBlock * sizeof(int);
    if (blocks == 1) {
        prtLaunchKernel(block_scan, 1, kBlock, shmem, 0, d_in, d_out, nullptr, n);
        CUDA_CHECK(prtGetLastError());
        return;
    }
    int *d_sums, *d_sums_scanned;
    CUDA_CHECK(prtMalloc(&d_sums, blocks * sizeof(int)));
    CUDA_CHECK(prtMalloc(&d_sums_scanned, blocks * sizeof(int)));
    prtLaunchKernel(block_scan, blocks, kBlock, shmem, 0, d_in, d_out, d_sums, n);
    CUDA_CHECK(prtGetLastError());
    scan_device(d_sums, d_sums_scanned, blocks);
    prtLaunchKernel(add_block_offsets, blocks, kBlock, 0, 0, d_out, d_sums_scanned, n);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtFree(d_sums));
    CUDA_CHECK(prtFree(d_sums_scanned));
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    const int n = 3000000;  // needs two levels of block totals
    std::vector<int> h_in(n), h_out(n);
    uint32_t s = 31337u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        h_in[i] = (int)((s >> 16) % 100) - 20;  // in [-20, 80)
    }

    int *d_in, *d_out;
    CUDA_CHECK(prtMalloc(&d_in, n * sizeof(int)));
    CUDA_CHECK(prtMalloc(&d_out, n * sizeof(int)));
    CUDA_CHECK(prtMemcpy(d_in, h_in.data(), n * sizeof(int), prtMemcpyHostToDevice));

    prtEvent_t start, stop;
    CUDA_CHECK(prtEventCreate(&start));
    CUDA_CHECK(prtEventCreate(&stop));
    CUDA_CHECK(prtEventRecord(start));
    scan_device(d_in, d_out, n);
    CUDA_CHECK(prtEventRecord(stop));
    CUDA_CHECK(prtDeviceSynchronize());
    float ms = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(prtMemcpy(h_out.data(), d_out, n * sizeof(int), prtMemcpyDeviceToHost));

    long long running = 0, checksum = 0;
    int mismatches = 0, first_bad = -1;
    for (int i = 0; i < n; ++i) {
        running += h_in[i];
        if (h_out[i] != running) {
            if (first_bad < 0) first_bad = i;
            ++mismatches;
        }
        checksum += h_out[i];
    }
    printf("n = %d\n", n);
    printf("total = %d\n", h_out[n - 1]);
    printf("checksum = %lld\n", checksum);
    printf("mismatches = %d\n", mismatches);
    printf("first_bad = %d\n", first_bad);
    printf("time_ms = %.4f\n", ms);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(h_out.data(), sizeof(int), n, f);
        fclose(f);
    }
    CUDA_CHECK(prtFree(d_in));
    CUDA_CHECK(prtFree(d_out));
    bool ok = mismatches == 0;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
