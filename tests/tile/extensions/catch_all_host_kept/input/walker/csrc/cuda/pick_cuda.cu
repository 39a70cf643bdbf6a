// A host function that sets its caller's tensor through a reference.
#include "pick_cuda.h"

__global__ void scale_kernel(float *x, int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 2 * x[i];
}

void pick(torch::Tensor &out, torch::Tensor x) {
  out = x.contiguous();
  scale_kernel<<<(out.numel() + 255) / 256, 256>>>(out.data_ptr<float>(), out.numel());
}

torch::Tensor pick_cuda(torch::Tensor x, int64_t k) {
  torch::Tensor out;
  pick(out, x);
  return out;
}
