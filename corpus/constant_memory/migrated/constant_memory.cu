// 1-D convolution whose filter taps and parameters live in constant memory,
// uploaded with cudaMemcpyToSymbol and read back with cudaMemcpyFromSymbol.
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

#define MAX_TAPS 64

struct ConvParams {
    int radius;
    float scale;
    float bias;
};

__constant__ float c_taps[MAX_TAPS];
__constant__ ConvParams c_params;

// Out-of-range samples read as zero.
__global__ void conv1d(const float* __restrict__ in, float* __restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int r = c_params.radius;
    float acc = 0.0f;
    for (int k = -r; k <= r; ++k) {
        int j = i + k;
        float x = (j >= 0 && j < n) ? in[j] : 0.0f;
        acc += c_taps[k + r] * x;
    }
    out[i] = acc * c_params.scale + c_params.bias;
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    const int n = 1 << 20;
    ConvParams params{7, 0.5f, 0.125f};
    const int taps = 2 * params.radius + 1;

    // Gaussian-like taps, normalised on the host.
    std::vector<float> h_taps(taps);
    float tsum = 0.0f;
    for (int k = 0; k < taps; ++k) {
        float d = (float)(k - params.radius) / 3.0f;
        h_taps[k] = expf(-0.5f * d * d);
        tsum += h_taps[k];
    }
    for (auto& t : h_taps) t /= tsum;

    std::vector<float> h_in(n), h_out(n);
    uint32_t s = 555u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        h_in[i] = (s >> 8) * (1.0f / 16777216.0f) * 2.0f - 1.0f;
    }

    CUDA_CHECK(prtMemcpyToSymbol(c_taps, h_taps.data(), taps * sizeof(float)));
    CUDA_CHECK(prtMemcpyToSymbol(c_params, &params, sizeof(ConvParams), 0, prtMemcpyHostToDevice));

    ConvParams check{};
    CUDA_CHECK(prtMemcpyFromSymbol(&check, c_params, sizeof(ConvParams)));
    if (check.radius != params.radius) {
        fprintf(stderr, "constant memory round trip failed\n");
        return 1;
    }

    float *d_in, *d_out;
    CUDA_CHECK(prtMalloc(&d_in, n * sizeof(float)));
    CUDA_CHECK(prtMalloc(&d_out, n * sizeof(float)));
    CUDA_CHECK(prtMemcpy(d_in, h_in.data(), n * sizeof(float), prtMemcpyHostToDevice));

    prtEvent_t start, stop;
    CUDA_CHECK(prtEventCreate(&start));
    CUDA_CHECK(prtEventCreate(&stop));
    CUDA_CHECK(prtEventRecord(start));
    prtLaunchKernel(conv1d, (n + 255) / 256, 256, 0, 0, d_in, d_out, n);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(stop));
    CUDA_CHECK(prtDeviceSynchronize());
    float ms = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(prtMemcpy(h_out.data(), d_out, n * sizeof(float), prtMemcpyDeviceToHost));

    double max_err = 0.0, checksum = 0.0;
    for (int i = 0; i < n; ++i) {
        double acc = 0.0;
        for (int k = -params.radius; k <= params.radius; ++k) {
            int j = i + k;
            if (j >= 0 && j < n) acc += (double)h_taps[k + params.radius] * h_in[j];
        }
        double ref = acc * params.scale + params.bias;
        max_err = fmax(max_err, fabs(h_out[i] - ref));
        checksum += h_out[i];
    }
    printf("n = %d\ntaps = %d\n", n, taps);
    printf("checksum = %.10e\n", checksum);
    printf("out_0 = %.9e\nout_mid = %.9e\n", (double)h_out[0], (double)h_out[n / 2]);
    printf("max_err = %.6e\n", max_err);
    printf("time_ms = %.4f\n", ms);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(h_out.data(), sizeof(float), n, f);
        fclose(f);
    }
    CUDA_CHECK(prtFree(d_in));
    CUDA_CHECK(prtFree(d_out));
    bool ok = max_err < 1e-5;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
