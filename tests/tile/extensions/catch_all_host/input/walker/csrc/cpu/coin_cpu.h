#pragma once
#include <torch/extension.h>

torch::Tensor coin_cpu(torch::Tensor x, double p);
