// The op passes its CUDA function a sum of its arguments, not its arguments.
#include "shift_cuda.h"

__global__ void shift_kernel(float *x, int64_t k, int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] + k;
}

torch::Tensor shift_cuda(torch::Tensor x, int64_t k) {
  auto out = x.clone();
  shift_kernel<<<(out.numel() + 255) / 256, 256>>>(out.data_ptr<float>(), k, out.numel());
  return out;
}
