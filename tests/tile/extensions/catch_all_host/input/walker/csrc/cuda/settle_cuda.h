#pragma once
#include <torch/extension.h>

torch::Tensor settle_cuda(torch::Tensor rowptr, torch::Tensor col);
