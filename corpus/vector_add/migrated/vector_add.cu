// Vector addition and SAXPY on the GPU, checked against a CPU loop.
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

// Minimal linear congruential generator so every run sees the same data.
struct Lcg {
    uint32_t state;
    explicit Lcg(uint32_t seed) : state(seed) {}
    float next() {  // uniform in [0, 1)
        state = state * 1664525u + 1013904223u;
        return (state >> 8) * (1.0f / 16777216.0f);
    }
};

__global__ void vecAdd(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        c[i] = a[i] + b[i];
    }
}

// y = alpha * x + y with a grid-stride loop, so any grid size covers n.
__global__ void saxpy(int n, float alpha, const float* __restrict__ x, float* __restrict__ y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        y[i] = alpha * x[i] + y[i];
    }
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    const int n = 1 << 20;
    const float alpha = 2.5f;
    const size_t bytes = n * sizeof(float);

    std::vector<float> h_a(n), h_b(n), h_c(n), h_y(n);
    Lcg rng(12345u);
    for (int i = 0; i < n; ++i) {
        h_a[i] = rng.next() * 2.0f - 1.0f;
        h_b[i] = rng.next() * 2.0f - 1.0f;
    }

    int device = 0;
    CUDA_CHECK(prtSetDevice(device));
    prtDeviceProp prop;
    CUDA_CHECK(prtGetDeviceProperties(&prop, device));
    printf("device: %s (sm_%d%d)\n", prop.name, prop.major, prop.minor);

    float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
    CUDA_CHECK(prtMalloc(&d_a, bytes));
    CUDA_CHECK(prtMalloc(&d_b, bytes));
    CUDA_CHECK(prtMalloc(&d_c, bytes));
    CUDA_CHECK(prtMemcpy(d_a, h_a.data(), bytes, prtMemcpyHostToDevice));
    CUDA_CHECK(prtMemcpy(d_b, h_b.data(), bytes, prtMemcpyHostToDevice));

    prtEvent_t start, stop;
    CUDA_CHECK(prtEventCreate(&start));
    CUDA_CHECK(prtEventCreate(&stop));

    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    CUDA_CHECK(prtEventRecord(start));
    prtLaunchKernel(vecAdd, blocks, threads, 0, 0, d_a, d_b, d_c, n);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(stop));
    CUDA_CHECK(prtEventSynchronize(stop));
    float ms_add = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_add, start, stop));
    CUDA_CHECK(prtMemcpy(h_c.data(), d_c, bytes, prtMemcpyDeviceToHost));

    // SAXPY in place on b: y = alpha * a + b, with a deliberately small grid.
    int sms = prop.multiProcessorCount;
    dim3 grid(4 * sms), block(threads);
    CUDA_CHECK(prtEventRecord(start));
    prtLaunchKernel(saxpy, grid, block, 0, 0, n, alpha, d_a, d_b);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(stop));
    CUDA_CHECK(prtDeviceSynchronize());
    float ms_saxpy = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_saxpy, start, stop));
    CUDA_CHECK(prtMemcpy(h_y.data(), d_b, bytes, prtMemcpyDeviceToHost));

    // CPU reference.
    double max_err_add = 0.0, max_err_saxpy = 0.0, checksum_add = 0.0, checksum_saxpy = 0.0;
    for (int i = 0; i < n; ++i) {
        float ref_c = h_a[i] + h_b[i];
        float ref_y = alpha * h_a[i] + h_b[i];
        max_err_add = fmax(max_err_add, fabs((double)h_c[i] - ref_c));
        max_err_saxpy = fmax(max_err_saxpy, fabs((double)h_y[i] - ref_y));
        checksum_add += h_c[i];
        checksum_saxpy += h_y[i];
    }

    printf("time_vecadd_ms = %.4f\n", ms_add);
    printf("time_saxpy_ms = %.4f\n", ms_saxpy);
    printf("checksum_add = %.10e\n", checksum_add);
    printf("checksum_saxpy = %.10e\n", checksum_saxpy);
    printf("max_err_add = %.6e\n", max_err_add);
    printf("max_err_saxpy = %.6e\n", max_err_saxpy);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f || fwrite(h_y.data(), sizeof(float), n, f) != (size_t)n) {
            fprintf(stderr, "cannot write %s\n", path);
            return 1;
        }
        fclose(f);
    }

    CUDA_CHECK(prtEventDestroy(start));
    CUDA_CHECK(prtEventDestroy(stop));
    CUDA_CHECK(prtFree(d_a));
    CUDA_CHECK(prtFree(d_b));
    CUDA_CHECK(prtFree(d_c));

    // a + b is exact in float; a*alpha + b may be fused into an FMA on the GPU.
    bool ok = max_err_add == 0.0 && max_err_saxpy <= 1e-6;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
