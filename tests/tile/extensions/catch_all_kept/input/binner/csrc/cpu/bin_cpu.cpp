#include "bin_cpu.h"

torch::Tensor bin_cpu(torch::Tensor pos, torch::Tensor size, std::optional<torch::Tensor> start) {
  pos = pos.view({pos.size(0), -1});
  auto origin = start.has_value() ? start.value() : std::get<0>(pos.min(0));
  return (pos - origin.unsqueeze(0)).true_divide(size.view({1, -1})).toType(torch::kLong).sum(1);
}
