#pragma once
#include <torch/extension.h>

torch::Tensor drift_cpu(torch::Tensor x, int64_t k);
