// A sum, checked on the host: prints "Test PASSED" or "Test FAILED".
#include <prt/prt.h>
#include <cstdio>
__global__ void reduce(const int* x, int* sum, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(sum, x[i]);
}
int main() {
    int *x, *sum;
    prtMallocManaged(&x, 1000 * sizeof(int));
    prtMallocManaged(&sum, sizeof(int));
    for (int i = 0; i < 1000; ++i) x[i] = 1;
    *sum = 0;
    prtLaunchKernel(reduce, 4, 256, 0, 0, x, sum, 1000);
    prtDeviceSynchronize();
    printf("sum = %d\n", *sum);
    printf("Test %s\n", *sum == 1000 ? "PASSED" : "FAILED");
    return 0;
}
