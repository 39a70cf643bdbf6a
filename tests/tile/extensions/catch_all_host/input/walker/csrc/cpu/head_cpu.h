#pragma once
#include <torch/extension.h>

torch::Tensor head_cpu(torch::Tensor x, torch::Tensor ptr, torch::Tensor ratio, int64_t num_workers);
