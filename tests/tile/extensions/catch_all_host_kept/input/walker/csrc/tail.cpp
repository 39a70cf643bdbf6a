#include <torch/script.h>

#include "cpu/tail_cpu.h"
#ifdef WITH_CUDA
#include "cuda/tail_cuda.h"
#endif

torch::Tensor tail(torch::Tensor x, int64_t k) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return tail_cuda(x, k);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return tail_cpu(x, k);
  }
}

static auto registry = torch::RegisterOperators().op("walker::tail", &tail);
