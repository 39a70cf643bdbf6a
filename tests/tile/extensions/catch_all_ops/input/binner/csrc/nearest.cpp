// An op whose CUDA kernel stays SIMT (a shared-memory tree reduction that breaks out of a loop): it keeps its
// CUDA function.
#include <torch/script.h>

#ifdef WITH_CUDA
#include "cuda/nearest_cuda.h"
#endif

torch::Tensor nearest(torch::Tensor x, torch::Tensor y) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return nearest_cuda(x, y);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  }
  return nearest_cpu(x, y);
}

static auto registry = torch::RegisterOperators().op("binner::nearest", &nearest);
