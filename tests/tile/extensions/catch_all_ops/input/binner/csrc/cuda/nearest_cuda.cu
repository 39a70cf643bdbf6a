#include "nearest_cuda.h"

#define THREADS 256

__global__ void nearest_kernel(const float *x, const float *y, int64_t *out, int64_t n_y) {
  __shared__ float best[THREADS];
  __shared__ int64_t best_idx[THREADS];
  float b = 1e38;
  int64_t bi = 0;
  for (int64_t j = threadIdx.x; j < n_y; j += THREADS) {
    float d = (x[blockIdx.x] - y[j]) * (x[blockIdx.x] - y[j]);
    if (d < b) { b = d; bi = j; }
    if (d == 0) break;
  }
  best[threadIdx.x] = b;
  best_idx[threadIdx.x] = bi;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int t = 1; t < THREADS; t++)
      if (best[t] < best[0]) { best[0] = best[t]; best_idx[0] = best_idx[t]; }
    out[blockIdx.x] = best_idx[0];
  }
}

torch::Tensor nearest_cuda(torch::Tensor x, torch::Tensor y) {
  auto out = torch::empty({x.size(0)}, x.options().dtype(torch::kLong));
  nearest_kernel<<<x.size(0), THREADS>>>(x.data_ptr<float>(), y.data_ptr<float>(), out.data_ptr<int64_t>(),
                                         y.size(0));
  return out;
}
