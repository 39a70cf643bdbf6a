#pragma once
#include <torch/extension.h>

torch::Tensor head_cuda(torch::Tensor x, torch::Tensor ptr, torch::Tensor ratio);
