// The bin number of each point: the sum over dimensions of (pos - start) / size, truncated toward zero.
#include "bin_cuda.h"

#include <ATen/cuda/CUDAContext.h>

#define THREADS 256
#define BLOCKS(N) (N + THREADS - 1) / THREADS

template <typename scalar_t>
__global__ void bin_kernel(const scalar_t *pos, const scalar_t *size, const scalar_t *start, int64_t *out,
                           int64_t D, int64_t numel) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numel) {
    int64_t c = 0;
    for (int64_t d = 0; d < D; d++) {
      c += (int64_t)((pos[i * D + d] - start[d]) / size[d]);
    }
    out[i] = c;
  }
}

torch::Tensor bin_cuda(torch::Tensor pos, torch::Tensor size, std::optional<torch::Tensor> start) {
  c10::cuda::MaybeSetDevice(pos.get_device());
  pos = pos.view({pos.size(0), -1}).contiguous();
  if (!start.has_value())
    start = std::get<0>(pos.min(0));
  else
    start = start.value().contiguous();
  auto origin = start.value();
  auto out = torch::empty({pos.size(0)}, pos.options().dtype(torch::kLong));
  auto stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(pos.scalar_type(), "bin", [&] {
    bin_kernel<scalar_t><<<BLOCKS(out.numel()), THREADS, 0, stream>>>(
        pos.data_ptr<scalar_t>(), size.data_ptr<scalar_t>(), origin.data_ptr<scalar_t>(),
        out.data_ptr<int64_t>(), pos.size(1), out.numel());
  });
  return out;
}
