#pragma once
#include <torch/extension.h>

torch::Tensor shift_cpu(torch::Tensor x, int64_t k);
