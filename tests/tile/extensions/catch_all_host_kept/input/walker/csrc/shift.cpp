#include <torch/script.h>

#include "cpu/shift_cpu.h"
#ifdef WITH_CUDA
#include "cuda/shift_cuda.h"
#endif

torch::Tensor shift(torch::Tensor x, int64_t k) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return shift_cuda(x, k + 1);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return shift_cpu(x, k);
  }
}

static auto registry = torch::RegisterOperators().op("walker::shift", &shift);
