// A source that keeps cuSOLVER: a name it calls has no portable form, so its header stays CUDA's.
#include <cuda.h>
#include <cusolverDn.h>

__global__ void add_one(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1.0f;
}

void factor(cusolverDnHandle_t handle, cuComplex* a, float* s, cuComplex* u, cuComplex* vt, cuComplex* work,
            int* info) {
  cusolverDnCgesvd(handle, 'A', 'A', 8, 8, a, 8, s, u, 8, vt, 8, work, 64, nullptr, info);
}
