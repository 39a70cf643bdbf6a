// The op's schema and its CPU kernel.
#include <torch/library.h>
#include <ATen/ATen.h>

namespace scaler {

at::Tensor scale_add_cpu(const at::Tensor& x, const at::Tensor& y, double alpha) {
  TORCH_CHECK(x.sizes() == y.sizes());
  return x * alpha + y;
}

// scale_add's schema is defined from Python (scaler/__init__.py); C++ defines only the op it shares.
TORCH_LIBRARY(scaler, m) {
  m.def("scale(Tensor x, float alpha) -> Tensor");
}

TORCH_LIBRARY_IMPL(scaler, CPU, m) {
  m.impl("scale_add", &scale_add_cpu);
}

}  // namespace scaler
