// Two kernels in sequence (scale, then shift), checked against a CPU loop; writes y to --out as float32.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "prt/prt.h"

__global__ void scale(float* y, const float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i];
}

__global__ void shift(float* y, float b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = y[i] + b;
}

static void write_output(const char* path, const float* y, int n) {
    if (!path) return;
    FILE* f = fopen(path, "wb");
    if (!f || fwrite(y, sizeof(float), n, f) != size_t(n)) exit(3);
    fclose(f);
}

int main(int argc, char** argv) {
    const char* out = getenv("CORPUS_OUT");
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) out = argv[i + 1];
    const int n = 1000;
    float* h = (float*)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i) h[i] = 0.001f * float(i) - 0.25f;
    float *x, *y;
    prtMalloc(&x, n * sizeof(float));
    prtMalloc(&y, n * sizeof(float));
    prtMemcpy(x, h, n * sizeof(float), prtMemcpyHostToDevice);
    prtLaunchKernel(scale, dim3((n + 127) / 128), dim3(128), 0, 0, y, x, 2.0f, n);
    prtLaunchKernel(shift, dim3((n + 127) / 128), dim3(128), 0, 0, y, 1.0f, n);
    float* r = (float*)malloc(n * sizeof(float));
    prtMemcpy(r, y, n * sizeof(float), prtMemcpyDeviceToHost);
    double checksum = 0, max_err = 0;
    for (int i = 0; i < n; ++i) {
        checksum += r[i];
        max_err = fmax(max_err, fabs(r[i] - (2.0f * h[i] + 1.0f)));
    }
    printf("checksum = %.10e\n", checksum);
    printf("y_last = %.8e\n", r[n - 1]);
    printf("max_err = %.3e\n", max_err);
    write_output(out, r, n);
    prtFree(x);
    prtFree(y);
    free(h);
    free(r);
    bool ok = max_err <= 1e-6;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
