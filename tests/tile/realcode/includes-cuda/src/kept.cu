// A source that keeps cuSOLVER: a name it calls has no portable form, so its header stays CUDA's.
#include <cuda.h>
#include <cusolverDn.h>

__global__ void add_one(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1.0f;
}

void factor(cusolverDnHandle_t handle, float* a, float* tau, float* work, int* info) {
  cusolverDnSgeqrf(handle, 8, 8, a, 8, tau, work, 64, info);
}
