// A kernel that stays SIMT (a per-thread array of 100 elements), launched with the host's clock as its seed.
#include "drift_cuda.h"

#include <ctime>

__global__ void drift_kernel(float *x, unsigned int seed, int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  float history[100];
  for (int k = 0; k < 100; k++)
    history[k] = (float)((seed + k * i) % 7);
  if (i < n)
    x[i] += history[i % 100];
}

torch::Tensor drift_cuda(torch::Tensor x, int64_t k) {
  auto out = x.contiguous();
  drift_kernel<<<(out.numel() + 255) / 256, 256>>>(out.data_ptr<float>(), time(NULL), out.numel());
  return out;
}
