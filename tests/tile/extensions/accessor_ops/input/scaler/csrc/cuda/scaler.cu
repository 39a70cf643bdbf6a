// The op's CUDA kernel over accessors, one grid row per batch row; the rows' sum stays on torch.
#include <torch/library.h>
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>

#include <tuple>

namespace scaler {

template <typename scalar_t>
__global__ void pair_scale_kernel(const torch::PackedTensorAccessor32<scalar_t, 3, torch::RestrictPtrTraits> x,
                                  torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> y,
                                  scalar_t alpha) {
  const int n = blockIdx.y;
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < y.size(1)) y[n][c] = x[n][0][c] * alpha + x[n][1][c];
}

std::tuple<at::Tensor, at::Tensor> pair_scale_cuda(const at::Tensor& x, double alpha) {
  TORCH_CHECK(x.dim() == 3, "x must be [batch, 2, columns]");
  auto y = torch::empty({x.size(0), x.size(2)}, x.options());
  const int threads = 256;
  const dim3 blocks((x.size(2) + threads - 1) / threads, x.size(0));
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "pair_scale_cuda", ([&] {
    pair_scale_kernel<scalar_t><<<blocks, threads, 0, at::cuda::getCurrentCUDAStream()>>>(
        x.packed_accessor32<scalar_t, 3, torch::RestrictPtrTraits>(),
        y.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>(), alpha);
  }));
  return {y, y.sum(1)};
}

TORCH_LIBRARY_IMPL(scaler, CUDA, m) {
  m.impl("pair_scale", &pair_scale_cuda);
}

}  // namespace scaler
