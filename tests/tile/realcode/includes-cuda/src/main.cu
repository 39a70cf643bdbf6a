// The realcode_tile harness's fixture of a program whose headers lie in folders its build names, and whose kernel
// takes an enumeration by value (tests/tile/test_realcode_reference.py). Written for the test.
#include <cuda.h>
#include "mode.h"
#include "step.h"
#include "offset.h"

__global__ void shift_scale(float* x, int n, scale_mode_t mode) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = (mode == MODE_DOUBLE ? 2.0f : 0.5f) * x[i] + STEP + OFFSET;
}

int main() {
  float* x;
  cudaMalloc((void**)&x, 64 * sizeof(float));
  shift_scale<<<1, 64>>>(x, 64, MODE_HALF);
  cudaFree(x);
  return 0;
}
