// What the CPU backend does outside the kernels so that programs' timers see the kernels: device memory is
// resident from its allocation on, the pool's threads start with the first device allocation, and the thread loop
// of a launch enters a region twin's block once (its first thread runs the others). On CUDA and HIP only the
// kernels' results are checked.
#include <atomic>
#include <vector>

#include "check.h"

#if PRT_BACKEND_CPU
#include <dirent.h>
#include <sys/mman.h>
#include <unistd.h>

// Threads of this process.
static int os_threads() {
    int n = 0;
    if (DIR* d = opendir("/proc/self/task")) {
        while (dirent* e = readdir(d))
            if (e->d_name[0] != '.') ++n;
        closedir(d);
    }
    return n;
}

// Fraction of the whole pages of [p, p + size) that are resident.
static double resident(const void* p, size_t size) {
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    uintptr_t lo = (reinterpret_cast<uintptr_t>(p) + page - 1) / page * page;
    uintptr_t hi = (reinterpret_cast<uintptr_t>(p) + size) / page * page;
    std::vector<unsigned char> in((hi - lo) / page);
    if (in.empty() || mincore(reinterpret_cast<void*>(lo), hi - lo, in.data()) != 0) return -1.0;
    size_t n = 0;
    for (unsigned char c : in) n += c & 1;
    return double(n) / double(in.size());
}

static std::atomic<int> g_entries{0};

// The shape of a kernel-barrier-regions twin: the block's first thread runs every thread of the block.
__global__ void twin_shape(int* out) {
    g_entries.fetch_add(1, std::memory_order_relaxed);
    if (threadIdx.x | threadIdx.y | threadIdx.z) return;
    ::prt::cpu::RegionBlock block;
    const unsigned base = (blockIdx.x + gridDim.x * blockIdx.y) * block.threads;
    for (unsigned z = 0; z < block.z; ++z)
        for (unsigned y = 0; y < block.y; ++y)
            for (unsigned x = 0; x < block.x; ++x) out[base + block.lane(x, y, z)] = int(block.lane(x, y, z));
}

// A kernel without barriers: the loop runs each of its threads.
__global__ void plain(int* out) {
    g_entries.fetch_add(1, std::memory_order_relaxed);
    const unsigned threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned lane = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    out[(blockIdx.x + gridDim.x * blockIdx.y) * threads + lane] = int(lane);
}
#endif

int main() {
#if PRT_BACKEND_CPU
    const size_t big = size_t(8) << 20;
    // Pinned host memory is not device memory: it stays lazy, and starts no pool thread.
    char* host = nullptr;
    CHECK_OK(prtMallocHost(&host, big));
    CHECK(os_threads() == 1);
    const double host_resident = resident(host, big);
    CHECK(host_resident >= 0.0 && host_resident < 0.5);

    char* dev = nullptr;
    CHECK_OK(prtMalloc(&dev, big));
    CHECK(os_threads() == int(::prt::cpu::Pool::get().size()));
#if defined(MADV_POPULATE_WRITE)
    CHECK(resident(dev, big) == 1.0);
#endif
    CHECK_OK(prtFree(dev));
    CHECK_OK(prtFreeHost(host));

    const dim3 grid(5, 3), block(16, 4, 2);
    const int blocks = 15, threads = 128;
    int* out = nullptr;
    CHECK_OK(prtMalloc(&out, blocks * threads * sizeof(int)));
    for (int pass = 0; pass < 2; ++pass) {
        g_entries = 0;
        CHECK_OK(prtMemset(out, 0xff, blocks * threads * sizeof(int)));
        if (pass == 0) {
            CHECK_OK(prtLaunchKernel(twin_shape, grid, block, 0, 0, out));
        } else {
            CHECK_OK(prtLaunchKernel(plain, grid, block, 0, 0, out));
        }
        CHECK_OK(prtDeviceSynchronize());
        // The twin's block is entered by its first thread only; the plain kernel by every thread.
        CHECK(g_entries.load() == (pass == 0 ? blocks : blocks * threads));
        std::vector<int> h(blocks * threads);
        CHECK_OK(prtMemcpy(h.data(), out, h.size() * sizeof(int), prtMemcpyDeviceToHost));
        bool ok = true;
        for (int i = 0; i < blocks * threads; ++i) ok = ok && h[i] == i % threads;
        CHECK(ok);
    }
    CHECK_OK(prtFree(out));
#endif
    std::printf(g_failures ? "FAILED\n" : "PASSED\n");
    return g_failures ? 1 : 0;
}
