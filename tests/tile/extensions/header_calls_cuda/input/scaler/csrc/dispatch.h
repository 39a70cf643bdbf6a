// The CPU kernel's header also routes CUDA tensors to the CUDA half.
#pragma once
#include <ATen/ATen.h>

namespace scaler {
at::Tensor scale_add_cuda(const at::Tensor& x, const at::Tensor& y, double alpha);
inline at::Tensor scale_add_any(const at::Tensor& x, const at::Tensor& y, double alpha) {
  return x.is_cuda() ? scale_add_cuda(x, y, alpha) : x * alpha + y;
}
}  // namespace scaler
