// Function templates instantiated for float, double and int: an element-wise
// transform driven by functors, and a block reduction templated on type and
// block size.
#include <prt/prt.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
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

template <typename T>
struct AxpbyOp {
    T a, b;
    __host__ __device__ T operator()(T x, T y) const { return a * x + b * y; }
};

template <typename T>
struct ClampedDiff {
    T lo, hi;
    __host__ __device__ T operator()(T x, T y) const {
        T d = x - y;
        return d < lo ? lo : (d > hi ? hi : d);
    }
};

template <typename T, typename Op>
__global__ void transform2(const T* __restrict__ x, const T* __restrict__ y, T* __restrict__ out,
                           size_t n, Op op) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) {
        out[i] = op(x[i], y[i]);
    }
}

#if PRT_BACKEND_CPU && !defined(PRT_CPU_FIBERS)
// On the CPU backend the threads of a block run as loops between the barriers (prt/cpu/regions.h); CUDA, HIP and
// -DPRT_CPU_FIBERS build the kernel as written, below.
#include <prt/cpu/regions_begin.h>
template <typename T, int BLOCK>
__global__ void block_sum(const T* __restrict__ in, T* __restrict__ partial, size_t n) {
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
    ::prt::cpu::Lanes<T> prt_lane_acc(prt_block);
    ::prt::cpu::Lanes<unsigned char> prt_lane_prt_s1_done(prt_block, 0);
    ::prt::cpu::Lanes<size_t> prt_lane_prt_s1_i(prt_block);
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        static_assert((BLOCK & (BLOCK - 1)) == 0, "BLOCK must be a power of two");
    }
    __shared__ T smem[BLOCK];
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
        auto& acc = prt_lane_acc[prt_t];
        acc = T(0);
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
        auto& acc = prt_lane_acc[prt_t];
        auto& prt_s1_done = prt_lane_prt_s1_done[prt_t];
        auto& prt_s1_i = prt_lane_prt_s1_i[prt_t];
        size_t i = blockIdx.x * (size_t)BLOCK + threadIdx.x;
        prt_s1_i = i; prt_s1_done = 0;
    }
    for (bool prt_s1_more = true; prt_s1_more;) {
        prt_s1_more = false;
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
            auto& acc = prt_lane_acc[prt_t];
            auto& prt_s1_done = prt_lane_prt_s1_done[prt_t];
            auto& prt_s1_i = prt_lane_prt_s1_i[prt_t];
            auto& i = prt_s1_i;  // one step of each thread still walking
            if (prt_s1_done) continue;
            if (!(i < n)) { prt_s1_done = 1; continue; }
            prt_s1_more = true;
            acc += in[i];
            i += (size_t)BLOCK * gridDim.x;
        }
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
        auto& acc = prt_lane_acc[prt_t];
        smem[threadIdx.x] = acc;
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        #pragma unroll

    }
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0, prt_xn = ::prt::cpu::thread_limit<unsigned>(prt_bx, s); prt_x < prt_xn; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            if (threadIdx.x < s) smem[threadIdx.x] += smem[threadIdx.x + s];
        }
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        if (threadIdx.x == 0) partial[blockIdx.x] = smem[0];
    }
}
#include <prt/cpu/regions_end.h>
#else
template <typename T, int BLOCK>
__global__ void block_sum(const T* __restrict__ in, T* __restrict__ partial, size_t n) {
    static_assert((BLOCK & (BLOCK - 1)) == 0, "BLOCK must be a power of two");
    __shared__ T smem[BLOCK];
    T acc = T(0);
    for (size_t i = blockIdx.x * (size_t)BLOCK + threadIdx.x; i < n; i += (size_t)BLOCK * gridDim.x) acc += in[i];
    smem[threadIdx.x] = acc;
    __syncthreads();
#pragma unroll
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) smem[threadIdx.x] += smem[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = smem[0];
}
#endif

template <typename T>
static T sample(uint32_t& s) {
    s = s * 1664525u + 1013904223u;
    if constexpr (std::is_integral<T>::value) {
        return (T)((s >> 16) % 2001) - 1000;
    } else {
        return (T)((s >> 8) * (1.0 / 16777216.0)) * T(2) - T(1);
    }
}

template <typename T>
struct DeviceBuffer {
    T* ptr = nullptr;
    size_t n = 0;
    explicit DeviceBuffer(size_t count) : n(count) { CUDA_CHECK(prtMalloc(&ptr, count * sizeof(T))); }
    ~DeviceBuffer() { prtFree(ptr); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    void upload(const std::vector<T>& h) { CUDA_CHECK(prtMemcpy(ptr, h.data(), n * sizeof(T), prtMemcpyHostToDevice)); }
    void download(std::vector<T>& h) const {
        h.resize(n);
        CUDA_CHECK(prtMemcpy(h.data(), ptr, n * sizeof(T), prtMemcpyDeviceToHost));
    }
};

struct Result {
    double max_err;
    double sum_gpu;
    double sum_ref;
};

// Runs both kernels for one type and compares with the same functors on the CPU.
template <typename T, typename Op>
static Result run_case(const char* name, size_t n, Op op, uint32_t seed, std::vector<T>& out_host) {
    constexpr int kBlock = 256;
    const int grid = 120;
    std::vector<T> hx(n), hy(n);
    uint32_t s = seed;
    for (size_t i = 0; i < n; ++i) { hx[i] = sample<T>(s); hy[i] = sample<T>(s); }

    DeviceBuffer<T> dx(n), dy(n), dout(n), dpartial(grid);
    dx.upload(hx);
    dy.upload(hy);
    prtLaunchKernel((transform2<T, Op>), grid, kBlock, 0, 0, dx.ptr, dy.ptr, dout.ptr, n, op);
    CUDA_CHECK(prtGetLastError());
    prtLaunchKernel((block_sum<T, kBlock>), grid, kBlock, 0, 0, dout.ptr, dpartial.ptr, n);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtDeviceSynchronize());

    std::vector<T> partial;
    dout.download(out_host);
    dpartial.download(partial);

    Result r{0.0, 0.0, 0.0};
    for (size_t i = 0; i < n; ++i) {
        T ref = op(hx[i], hy[i]);
        r.max_err = fmax(r.max_err, fabs((double)out_host[i] - (double)ref));
        r.sum_ref += (double)ref;
    }
    for (T p : partial) r.sum_gpu += (double)p;
    printf("%s_sum = %.12e\n", name, r.sum_gpu);
    printf("%s_sum_ref = %.12e\n", name, r.sum_ref);
    printf("%s_max_err = %.6e\n", name, r.max_err);
    return r;
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    const size_t n = 1 << 19;
    std::vector<float> out_f;
    std::vector<double> out_d;
    std::vector<int> out_i;

    Result rf = run_case<float>("float", n, AxpbyOp<float>{1.5f, -0.5f}, 11u, out_f);
    Result rd = run_case<double>("double", n, AxpbyOp<double>{1.5, -0.5}, 11u, out_d);
    Result ri = run_case<int>("int", n, ClampedDiff<int>{-700, 900}, 13u, out_i);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(out_d.data(), sizeof(double), out_d.size(), f);
        fclose(f);
    }

    bool ok = rf.max_err <= 1e-6 && fabs(rf.sum_gpu - rf.sum_ref) <= 1e-6 * n &&
              rd.max_err <= 1e-15 && fabs(rd.sum_gpu - rd.sum_ref) <= 1e-9 &&
              ri.max_err == 0.0 && ri.sum_gpu == ri.sum_ref;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
