#pragma once
#include <torch/extension.h>

torch::Tensor drift_cuda(torch::Tensor x, int64_t k);
