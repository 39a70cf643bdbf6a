#include "blend_cuda.h"

#include "order.cuh"

#define THREADS 256
#define BLOCKS(N) (N + THREADS - 1) / THREADS

template <typename scalar_t, int64_t order>
__global__ void blend_fw_kernel(const scalar_t *x, const scalar_t *w, scalar_t *out, int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    scalar_t p = w[i];
    for (int64_t k = 0; k < order; k++)
      p *= x[i];
    out[i] = p;
  }
}

template <typename scalar_t, int64_t order>
__global__ void blend_bw_kernel(const scalar_t *grad_out, const scalar_t *x, const scalar_t *w, scalar_t *grad_x,
                                int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    scalar_t p = grad_out[i] * w[i] * order;
    for (int64_t k = 1; k < order; k++)
      p *= x[i];
    grad_x[i] = p;
  }
}

torch::Tensor blend_fw_cuda(torch::Tensor x, torch::Tensor w, int64_t order) {
  auto out = at::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "blend_fw", [&] {
    DISPATCH_ORDER(order, [&] {
      blend_fw_kernel<scalar_t, ORDER><<<BLOCKS(x.numel()), THREADS>>>(
          x.data_ptr<scalar_t>(), w.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), x.numel());
    });
  });
  return out;
}

torch::Tensor blend_bw_cuda(torch::Tensor grad_out, torch::Tensor x, torch::Tensor w, int64_t order) {
  auto grad_x = at::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "blend_bw", [&] {
    DISPATCH_ORDER(order, [&] {
      blend_bw_kernel<scalar_t, ORDER><<<BLOCKS(x.numel()), THREADS>>>(
          grad_out.data_ptr<scalar_t>(), x.data_ptr<scalar_t>(), w.data_ptr<scalar_t>(), grad_x.data_ptr<scalar_t>(),
          x.numel());
    });
  });
  return grad_x;
}
