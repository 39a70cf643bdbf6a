#pragma once
#include <torch/extension.h>

torch::Tensor flags_cpu(torch::Tensor x, int64_t k);
