// A source that includes its CUDA header only under nvcc, as HeCBench's stsg does.
#ifdef __CUDACC__
#include <cuda.h>
#endif

__global__ void plus_one(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1.0f;
}
