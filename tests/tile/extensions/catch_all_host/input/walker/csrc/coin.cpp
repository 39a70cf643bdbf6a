#include <torch/script.h>

#include "cpu/coin_cpu.h"
#ifdef WITH_CUDA
#include "cuda/coin_cuda.h"
#endif

torch::Tensor coin(torch::Tensor x, double p) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return coin_cuda(x, p);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return coin_cpu(x, p);
  }
}

static auto registry = torch::RegisterOperators().op("walker::coin", &coin);
