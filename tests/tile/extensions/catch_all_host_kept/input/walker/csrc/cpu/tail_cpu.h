#pragma once
#include <torch/extension.h>

torch::Tensor tail_cpu(torch::Tensor x, int64_t k);
