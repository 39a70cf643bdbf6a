#pragma once
#include <torch/extension.h>

torch::Tensor nearest_cuda(torch::Tensor x, torch::Tensor y);
