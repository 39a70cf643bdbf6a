#pragma once
#include <torch/extension.h>

torch::Tensor pick_cuda(torch::Tensor x, int64_t k);
