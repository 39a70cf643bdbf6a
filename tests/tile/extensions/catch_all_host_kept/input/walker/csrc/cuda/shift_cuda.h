#pragma once
#include <torch/extension.h>

torch::Tensor shift_cuda(torch::Tensor x, int64_t k);
