// Each element of x kept where two coins with heads probability p both land heads, else 0.
#include "coin_cuda.h"

#define THREADS 256

__global__ void coin_kernel(const float *x, const float *heads, const float *u, float *out, double p, int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = heads[i] > 0 && u[i] < p ? x[i] : 0.f;
}

torch::Tensor coin_cuda(torch::Tensor x, double p) {
  auto n = x.numel();
  auto heads = torch::full(n, p, x.options()).bernoulli();
  auto u = torch::rand(n, x.options());
  auto out = torch::empty_like(x);
  coin_kernel<<<(n + THREADS - 1) / THREADS, THREADS>>>(x.data_ptr<float>(), heads.data_ptr<float>(),
                                                       u.data_ptr<float>(), out.data_ptr<float>(), p, n);
  return out;
}
