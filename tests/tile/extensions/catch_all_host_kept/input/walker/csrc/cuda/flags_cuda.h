#pragma once
#include <torch/extension.h>

torch::Tensor flags_cuda(torch::Tensor x, int64_t k);
