// Memory: allocations of every kind, managed-memory prefetches, copies of every direction, 2D copies, fills,
// symbols, and the errors CUDA reports for misuse.
#include <cstring>
#include <vector>

#include "check.h"

__constant__ float coef[4];
__device__ int counter;
__device__ float table[64];

__global__ void poly(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = coef[0] + x[i] * (coef[1] + x[i] * (coef[2] + x[i] * coef[3]));
    if (i < n) atomicAdd(&counter, 1);
}

__global__ void scale_rows(float* m, size_t pitch, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h) {
        float* row = reinterpret_cast<float*>(reinterpret_cast<char*>(m) + y * pitch);
        row[x] *= float(y + 1);
    }
}

__global__ void fill_table(float v) { table[threadIdx.x] = v + threadIdx.x; }

int main() {
    const int n = 1000;
    std::vector<float> x(n), y(n), ref(n);
    for (int i = 0; i < n; ++i) x[i] = 0.001f * i - 0.3f;
    const float c[4] = {1.0f, -2.0f, 0.5f, 0.25f};
    for (int i = 0; i < n; ++i) ref[i] = c[0] + x[i] * (c[1] + x[i] * (c[2] + x[i] * c[3]));

    float *dx = nullptr, *dy = nullptr;
    CHECK_OK(prtMalloc(&dx, n * sizeof(float)));
    CHECK_OK(prtMalloc(reinterpret_cast<void**>(&dy), n * sizeof(float)));
    CHECK_OK(prtMemcpy(dx, x.data(), n * sizeof(float), prtMemcpyHostToDevice));
    CHECK_OK(prtMemset(dy, 0, n * sizeof(float)));
    CHECK_OK(prtMemcpyToSymbol(coef, c, sizeof c));
    int zero = 0;
    CHECK_OK(prtMemcpyToSymbol(counter, &zero, sizeof zero));
    CHECK_OK(prtLaunchKernel(poly, dim3((n + 127) / 128), dim3(128), 0, 0, dx, dy, n));
    CHECK_OK(prtDeviceSynchronize());
    CHECK_OK(prtMemcpy(y.data(), dy, n * sizeof(float), prtMemcpyDeviceToHost));
    double maxerr = 0;
    for (int i = 0; i < n; ++i) maxerr = std::fmax(maxerr, std::fabs(y[i] - ref[i]));
    CHECK(maxerr < 1e-5);
    value("poly_sum", [&] { double s = 0; for (float v : y) s += v; return s; }());
    int count = 0;
    CHECK_OK(prtMemcpyFromSymbol(&count, counter, sizeof count));
    CHECK(count == n);

    // A pointer to const elements is allocated as CUDA's template allows (HeCBench opticalFlow does).
    const float* ro = nullptr;
    CHECK_OK(prtMalloc(&ro, n * sizeof(float)));
    const float* pinned_ro = nullptr;
    CHECK_OK(prtMallocHost(&pinned_ro, sizeof(float)));
    CHECK(ro != nullptr && pinned_ro != nullptr);
    CHECK_OK(prtFree(const_cast<float*>(ro)));
    CHECK_OK(prtFreeHost(const_cast<float*>(pinned_ro)));

    // Device-to-device and Default copies.
    float* dz = nullptr;
    CHECK_OK(prtMalloc(&dz, n * sizeof(float)));
    CHECK_OK(prtMemcpy(dz, dy, n * sizeof(float), prtMemcpyDeviceToDevice));
    std::vector<float> z(n, -1.0f);
    CHECK_OK(prtMemcpy(z.data(), dz, n * sizeof(float), prtMemcpyDefault));
    CHECK(std::memcmp(z.data(), y.data(), n * sizeof(float)) == 0);

    // Symbol address and size.
    void* taddr = nullptr;
    size_t tsize = 0;
    CHECK_OK(prtGetSymbolAddress(&taddr, table));
    CHECK_OK(prtGetSymbolSize(&tsize, table));
    CHECK(tsize == 64 * sizeof(float));
    CHECK_OK(prtLaunchKernel(fill_table, dim3(1), dim3(64), 0, 0, 10.0f));
    float t[64];
    CHECK_OK(prtMemcpy(t, taddr, sizeof t, prtMemcpyDeviceToHost));
    bool table_ok = true;
    for (int i = 0; i < 64; ++i) table_ok = table_ok && t[i] == 10.0f + i;
    CHECK(table_ok);
    CHECK_OK(prtMemcpyFromSymbol(t, table, 8 * sizeof(float), 4 * sizeof(float)));
    CHECK(t[0] == 14.0f && t[7] == 21.0f);

    // Pitched 2D allocation, copy in, scale on the device, copy out.
    const int w = 37, h = 11;
    std::vector<float> m(w * h), back(w * h);
    for (int i = 0; i < w * h; ++i) m[i] = float(i % 13);
    float* dm = nullptr;
    size_t pitch = 0;
    CHECK_OK(prtMallocPitch(reinterpret_cast<void**>(&dm), &pitch, w * sizeof(float), h));
    CHECK(pitch >= w * sizeof(float));
    CHECK_OK(prtMemset2D(dm, pitch, 0, w * sizeof(float), h));
    CHECK_OK(prtMemcpy2D(dm, pitch, m.data(), w * sizeof(float), w * sizeof(float), h, prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(scale_rows, dim3(1, h), dim3(64), 0, 0, dm, pitch, w, h));
    CHECK_OK(prtMemcpy2D(back.data(), w * sizeof(float), dm, pitch, w * sizeof(float), h, prtMemcpyDeviceToHost));
    bool m_ok = true;
    for (int r = 0; r < h; ++r)
        for (int col = 0; col < w; ++col) m_ok = m_ok && back[r * w + col] == m[r * w + col] * float(r + 1);
    CHECK(m_ok);
    CHECK_ERR(prtMemcpy2D(dm, 4, m.data(), w * sizeof(float), w * sizeof(float), h, prtMemcpyHostToDevice),
              prtErrorInvalidPitchValue);
    prtGetLastError();

    // Pinned, mapped and managed memory.
    float* pinned = nullptr;
    CHECK_OK(prtMallocHost(&pinned, n * sizeof(float)));
    CHECK_OK(prtMemcpyAsync(pinned, dy, n * sizeof(float), prtMemcpyDeviceToHost, 0));
    CHECK_OK(prtStreamSynchronize(0));
    CHECK(std::memcmp(pinned, y.data(), n * sizeof(float)) == 0);
    CHECK_OK(prtFreeHost(pinned));
    void* mapped = nullptr;
    CHECK_OK(prtHostAlloc(&mapped, 4096, prtHostAllocMapped));
    void* mapped_dev = nullptr;
    CHECK_OK(prtHostGetDevicePointer(&mapped_dev, mapped, 0));
    CHECK(mapped_dev != nullptr);
    CHECK_OK(prtFreeHost(mapped));
    float* managed = nullptr;
    CHECK_OK(prtMallocManaged(&managed, n * sizeof(float)));
    for (int i = 0; i < n; ++i) managed[i] = x[i];
    int dev = 0;
    CHECK_OK(prtGetDevice(&dev));
    CHECK_OK(prtMemPrefetchAsync(managed, n * sizeof(float), dev));
    CHECK_OK(prtLaunchKernel(poly, dim3((n + 255) / 256), dim3(256), 0, 0, managed, managed, n));
    CHECK_OK(prtMemPrefetchAsync(managed, n * sizeof(float), prtCpuDeviceId, 0));
    CHECK_OK(prtDeviceSynchronize());
    double managed_err = 0;
    for (int i = 0; i < n; ++i) managed_err = std::fmax(managed_err, std::fabs(managed[i] - ref[i]));
    CHECK(managed_err < 1e-5);
    CHECK_OK(prtFree(managed));

    // Stream-ordered allocation.
    prtStream_t s;
    CHECK_OK(prtStreamCreate(&s));
    void* a = nullptr;
    CHECK_OK(prtMallocAsync(&a, 1 << 20, s));
    CHECK_OK(prtMemsetAsync(a, 7, 1 << 20, s));
    unsigned char probe[16];
    CHECK_OK(prtMemcpyAsync(probe, static_cast<char*>(a) + 1000, sizeof probe, prtMemcpyDeviceToHost, s));
    CHECK_OK(prtFreeAsync(a, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK(probe[0] == 7 && probe[15] == 7);
    CHECK_OK(prtStreamDestroy(s));

    size_t free_bytes = 0, total_bytes = 0;
    CHECK_OK(prtMemGetInfo(&free_bytes, &total_bytes));
    CHECK(total_bytes > 0 && free_bytes <= total_bytes);

    // Misuse CUDA reports.
    CHECK_ERR(prtMemcpy(nullptr, x.data(), 16, prtMemcpyHostToDevice), prtErrorInvalidValue);
    CHECK_ERR(prtMemcpy(dx, x.data(), 16, static_cast<prtMemcpyKind>(7)), prtErrorInvalidMemcpyDirection);
    CHECK(prtGetLastError() == prtErrorInvalidMemcpyDirection);
    CHECK(prtGetLastError() == prtSuccess);
    void* huge = nullptr;
    CHECK_ERR(prtMalloc(&huge, size_t(1) << 62), prtErrorMemoryAllocation);
    prtGetLastError();
    int on_stack = 0;
    prtError_t bad_free = prtFree(&on_stack);
    CHECK(bad_free != prtSuccess);
    value("bad_free_code", int(bad_free));
    prtGetLastError();

    CHECK_OK(prtFree(dx));
    CHECK_OK(prtFree(dy));
    CHECK_OK(prtFree(dz));
    CHECK_OK(prtFree(dm));
    CHECK_OK(prtFree(nullptr));
    return finish();
}
