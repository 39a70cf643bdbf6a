// A sum, checked on the host: prints "Test PASSED" or "Test FAILED".
#include <cstdio>
__global__ void reduce(const int* x, int* sum, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(sum, x[i]);
}
int main() {
    int *x, *sum;
    cudaMallocManaged(&x, 1000 * sizeof(int));
    cudaMallocManaged(&sum, sizeof(int));
    for (int i = 0; i < 1000; ++i) x[i] = 1;
    *sum = 0;
    reduce<<<4, 256>>>(x, sum, 1000);
    cudaDeviceSynchronize();
    printf("sum = %d\n", *sum);
    printf("Test %s\n", *sum == 1000 ? "PASSED" : "FAILED");
    return 0;
}
