#pragma once
#include <torch/extension.h>

torch::Tensor settle_cpu(torch::Tensor rowptr, torch::Tensor col);
