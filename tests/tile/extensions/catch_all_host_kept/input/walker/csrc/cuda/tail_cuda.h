#pragma once
#include <torch/extension.h>

torch::Tensor tail_cuda(torch::Tensor x, int64_t k);
