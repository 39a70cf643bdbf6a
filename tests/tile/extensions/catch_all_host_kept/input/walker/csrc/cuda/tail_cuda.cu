// Two elements copied into a buffer of one.
#include "tail_cuda.h"

__global__ void fill_kernel(float *out, int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 1.f;
}

torch::Tensor tail_cuda(torch::Tensor x, int64_t k) {
  auto size = (int64_t *)malloc(sizeof(int64_t));
  cudaMemcpy(size, x.data_ptr<int64_t>(), 2 * sizeof(int64_t), cudaMemcpyDeviceToHost);
  auto out = torch::empty({size[0]}, x.options().dtype(torch::kFloat));
  fill_kernel<<<(size[0] + 255) / 256, 256>>>(out.data_ptr<float>(), size[0]);
  return out;
}
