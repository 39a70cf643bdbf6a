#include <torch/script.h>

#include "cpu/flags_cpu.h"
#ifdef WITH_CUDA
#include "cuda/flags_cuda.h"
#endif

torch::Tensor flags(torch::Tensor x, int64_t k) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return flags_cuda(x, k);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return flags_cpu(x, k);
  }
}

static auto registry = torch::RegisterOperators().op("walker::flags", &flags);
