#pragma once
#include <torch/extension.h>

torch::Tensor blend_fw_cpu(torch::Tensor x, torch::Tensor w, int64_t order);
torch::Tensor blend_bw_cpu(torch::Tensor grad_out, torch::Tensor x, torch::Tensor w, int64_t order);
