// The first ceil(ratio * size) elements of each segment of x (segments given by ptr), packed one after another.
#include "head_cuda.h"

#define THREADS 256

__global__ void head_kernel(const float *x, const int64_t *ptr, const int64_t *out_ptr, float *out, int64_t batch) {
  const int64_t b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b < batch) {
    for (int64_t k = 0; k < out_ptr[b + 1] - out_ptr[b]; k++)
      out[out_ptr[b] + k] = x[ptr[b] + k];
  }
}

torch::Tensor head_cuda(torch::Tensor x, torch::Tensor ptr, torch::Tensor ratio) {
  auto batch = ptr.numel() - 1;
  auto deg = ptr.narrow(0, 1, batch) - ptr.narrow(0, 0, batch);
  auto out_ptr = (deg.toType(ratio.scalar_type()) * ratio).ceil().toType(torch::kLong).cumsum(0);
  out_ptr = torch::cat({torch::zeros({1}, ptr.options()), out_ptr}, 0);

  auto total = (int64_t *)malloc(sizeof(int64_t));
  cudaMemcpy(total, out_ptr[-1].data_ptr<int64_t>(), sizeof(int64_t), cudaMemcpyDeviceToHost);
  torch::Tensor out;
  out = torch::empty({total[0]}, x.options());
  free(total);

  head_kernel<<<(batch + THREADS - 1) / THREADS, THREADS>>>(x.data_ptr<float>(), ptr.data_ptr<int64_t>(),
                                                           out_ptr.data_ptr<int64_t>(), out.data_ptr<float>(),
                                                           batch);
  return out;
}
