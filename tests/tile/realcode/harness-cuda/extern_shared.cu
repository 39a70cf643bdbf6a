// A source that declares a dynamic shared array at namespace scope and never uses it, as HeCBench's hungarian does:
// its diagnosis build gives the declaration no second storage class.
#include <cuda.h>

__shared__ extern float staged[];
extern __shared__ __align__(16) float aligned[];

__global__ void tile_past(const float* x, float* y, int n) {
  __shared__ float part[8];
  part[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) y[blockIdx.x] = part[0] + part[7];
}
