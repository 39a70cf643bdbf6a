#include <torch/script.h>

#include "cpu/drift_cpu.h"
#ifdef WITH_CUDA
#include "cuda/drift_cuda.h"
#endif

torch::Tensor drift(torch::Tensor x, int64_t k) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return drift_cuda(x, k);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return drift_cpu(x, k);
  }
}

static auto registry = torch::RegisterOperators().op("walker::drift", &drift);
