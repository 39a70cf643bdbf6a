#pragma once
#include <torch/extension.h>

torch::Tensor bin_cuda(torch::Tensor pos, torch::Tensor size, std::optional<torch::Tensor> start);
