#pragma once
#include <torch/extension.h>

torch::Tensor coin_cuda(torch::Tensor x, double p);
