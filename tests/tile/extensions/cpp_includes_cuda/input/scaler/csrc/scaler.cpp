// The op's schema and its CPU kernel.
#include <torch/library.h>
#include <ATen/ATen.h>
#include <c10/cuda/CUDAGuard.h>

namespace scaler {

at::Tensor scale_add_cpu(const at::Tensor& x, const at::Tensor& y, double alpha) {
  TORCH_CHECK(x.sizes() == y.sizes());
  return x * alpha + y;
}

TORCH_LIBRARY(scaler, m) {
  m.def("scale_add(Tensor x, Tensor y, float alpha) -> Tensor");
}

TORCH_LIBRARY_IMPL(scaler, CPU, m) {
  m.impl("scale_add", &scale_add_cpu);
}

}  // namespace scaler
