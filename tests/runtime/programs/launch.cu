// Launch: index built-ins over 1D/2D/3D grids and blocks, argument passing, template kernels, repeated
// launches, configuration errors, occupancy and kernel attributes.
#include <vector>

#include "check.h"

__global__ void indices(unsigned* out) {
    unsigned tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned tid = tx + blockDim.x * (ty + blockDim.y * tz);
    unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
    out[bid * nthreads + tid] = (blockIdx.z << 24) | (blockIdx.y << 16) | (blockIdx.x << 10) | (tz << 8) | (ty << 4) | tx;
}

struct Params {
    double scale;
    int offset;
    char tag;
};

__global__ void with_struct(Params p, long long base, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = float(p.scale * i + p.offset + p.tag + base);
}

template <class T, int K>
__global__ void add_k(T* data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] += T(K);
}

__global__ void nothing() {}

static bool r_kernel_choice() { return true; }

int main() {
    // 3D grid of 3D blocks.
    dim3 grid(3, 2, 2), block(5, 3, 2);
    unsigned total = grid.x * grid.y * grid.z * block.x * block.y * block.z;
    unsigned* d = nullptr;
    CHECK_OK(prtMalloc(&d, total * sizeof(unsigned)));
    CHECK_OK(prtLaunchKernel(indices, grid, block, 0, 0, d));
    std::vector<unsigned> got(total);
    CHECK_OK(prtMemcpy(got.data(), d, total * sizeof(unsigned), prtMemcpyDeviceToHost));
    bool idx_ok = true;
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx)
                for (unsigned tz = 0; tz < block.z; ++tz)
                    for (unsigned ty = 0; ty < block.y; ++ty)
                        for (unsigned tx = 0; tx < block.x; ++tx) {
                            unsigned bid = bx + grid.x * (by + grid.y * bz);
                            unsigned tid = tx + block.x * (ty + block.y * tz);
                            unsigned want = (bz << 24) | (by << 16) | (bx << 10) | (tz << 8) | (ty << 4) | tx;
                            idx_ok = idx_ok && got[bid * 30 + tid] == want;
                        }
    CHECK(idx_ok);
    CHECK_OK(prtFree(d));

    // Arguments of several types, converted to the parameter types.
    const int n = 777;
    float* out = nullptr;
    CHECK_OK(prtMalloc(&out, n * sizeof(float)));
    Params p{0.5, 3, 'A'};
    CHECK_OK(prtLaunchKernel(with_struct, dim3((n + 63) / 64), dim3(64), 0, 0, p, 100, out, n));
    std::vector<float> h(n);
    CHECK_OK(prtMemcpy(h.data(), out, n * sizeof(float), prtMemcpyDeviceToHost));
    bool args_ok = true;
    for (int i = 0; i < n; ++i) args_ok = args_ok && h[i] == float(0.5 * i + 3 + 'A' + 100);
    CHECK(args_ok);

    // A template kernel launched many times: the launches are ordered on the default stream.
    CHECK_OK(prtMemset(out, 0, n * sizeof(float)));
    // A kernel expression with a comma is parenthesised (prtLaunchKernel is a macro on the CPU backend);
    // (prtLaunchKernel)(...) is the function form.
    for (int r = 0; r < 100; ++r) CHECK_OK(prtLaunchKernel((add_k<float, 3>), dim3(13), dim3(64), 0, 0, out, n));
    for (int r = 0; r < 100; ++r) CHECK_OK((prtLaunchKernel)(add_k<float, 3>, dim3(13), dim3(64), 0, 0, out, n));
    void (*by_pointer)(float*, int) = r_kernel_choice() ? add_k<float, 3> : add_k<float, 4>;
    CHECK_OK(prtLaunchKernel(by_pointer, dim3(13), dim3(64), 0, 0, out, n));
    CHECK_OK(prtLaunchKernel((add_k<float, -3>), dim3(13), dim3(64), 0, 0, out, n));
    CHECK_OK(prtMemcpy(h.data(), out, n * sizeof(float), prtMemcpyDeviceToHost));
    bool rep_ok = true;
    for (int i = 0; i < n; ++i) rep_ok = rep_ok && h[i] == 600.0f;
    CHECK(rep_ok);
    value("repeat_sum", [&] { double s = 0; for (float v : h) s += v; return s; }());

    // Invalid configurations. The CPU backend answers prtErrorInvalidConfiguration, as CUDA long did; CUDA 13 on
    // an H200 answers cudaErrorInvalidValue for both cudaLaunchKernel and <<<>>>, and the GPU backend passes on
    // what the vendor says, so there only the failure and its last-error record are checked.
#if PRT_BACKEND_CPU
    const prtError_t bad = prtErrorInvalidConfiguration;
#else
    const prtError_t bad = prtLaunchKernel(nothing, dim3(1), dim3(1025), 0, 0);
    CHECK(bad != prtSuccess);
    (void)prtGetLastError();
#endif
    CHECK_ERR(prtLaunchKernel(nothing, dim3(1), dim3(1025), 0, 0), bad);
    CHECK(prtGetLastError() == bad);
    CHECK(prtGetLastError() == prtSuccess);
    CHECK_ERR(prtLaunchKernel(nothing, dim3(1), dim3(0), 0, 0), bad);
    CHECK_ERR(prtLaunchKernel(nothing, dim3(0), dim3(32), 0, 0), bad);
    CHECK_ERR(prtLaunchKernel(nothing, dim3(1), dim3(1, 1, 65), 0, 0), bad);
    CHECK_ERR(prtLaunchKernel(nothing, dim3(1, 65536), dim3(1), 0, 0), bad);
    CHECK(prtPeekAtLastError() == bad);
    CHECK(prtGetLastError() == bad);
    CHECK_OK(prtLaunchKernel(nothing, dim3(1), dim3(1024), 0, 0));
    CHECK_OK(prtLaunchKernel(nothing, dim3(70000), dim3(1), 0, 0));
    CHECK_OK(prtDeviceSynchronize());

    // Occupancy and attributes.
    int blocks = 0, min_grid = 0, best = 0;
    CHECK_OK(prtOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add_k<float, 3>, 256, 0));
    CHECK(blocks >= 1);
    CHECK_OK(prtOccupancyMaxPotentialBlockSize(&min_grid, &best, add_k<float, 3>, 0, 0));
    CHECK(best >= 32 && best <= 1024 && min_grid >= 1);
    prtFuncAttributes attr;
    CHECK_OK(prtFuncGetAttributes(&attr, add_k<float, 3>));
    CHECK(attr.maxThreadsPerBlock >= 256);
    CHECK_OK(prtFuncSetAttribute(add_k<float, 3>, prtFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
    CHECK_OK(prtFuncSetCacheConfig(add_k<float, 3>, prtFuncCachePreferShared));
    CHECK_OK(prtFree(out));
    return finish();
}
