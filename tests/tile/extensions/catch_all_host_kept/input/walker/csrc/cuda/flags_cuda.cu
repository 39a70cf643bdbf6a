// A flag per lane of four: the host reads one int where the variable holds four.
#include "flags_cuda.h"

__device__ int flags_d[4];

__global__ void mark_kernel(const float *x, int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] < 0)
    flags_d[i % 4] = 1;
}

torch::Tensor flags_cuda(torch::Tensor x, int64_t k) {
  auto n = x.numel();
  mark_kernel<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), n);
  int first;
  cudaMemcpyFromSymbol(&first, flags_d, sizeof(first), 0, cudaMemcpyDeviceToHost);
  return torch::full(k, first, x.options());
}
