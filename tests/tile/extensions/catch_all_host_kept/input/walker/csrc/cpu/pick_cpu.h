#pragma once
#include <torch/extension.h>

torch::Tensor pick_cpu(torch::Tensor x, int64_t k);
