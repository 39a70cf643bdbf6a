#pragma once
#include <torch/extension.h>

torch::Tensor blend_fw_cuda(torch::Tensor x, torch::Tensor w, int64_t order);
torch::Tensor blend_bw_cuda(torch::Tensor grad_out, torch::Tensor x, torch::Tensor w, int64_t order);
