#pragma once
#include <torch/extension.h>

torch::Tensor bin_cpu(torch::Tensor pos, torch::Tensor size, std::optional<torch::Tensor> start);
