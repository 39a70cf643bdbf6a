#include <torch/script.h>

#include "cpu/pick_cpu.h"
#ifdef WITH_CUDA
#include "cuda/pick_cuda.h"
#endif

torch::Tensor pick(torch::Tensor x, int64_t k) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return pick_cuda(x, k);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return pick_cpu(x, k);
  }
}

static auto registry = torch::RegisterOperators().op("walker::pick", &pick);
