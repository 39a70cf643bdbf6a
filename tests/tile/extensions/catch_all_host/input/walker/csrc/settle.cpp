#include <torch/script.h>

#include "cpu/settle_cpu.h"
#ifdef WITH_CUDA
#include "cuda/settle_cuda.h"
#endif

torch::Tensor settle(torch::Tensor rowptr, torch::Tensor col) {
  if (rowptr.device().is_cuda()) {
#ifdef WITH_CUDA
    return settle_cuda(rowptr, col);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return settle_cpu(rowptr, col);
  }
}

static auto registry = torch::RegisterOperators().op("walker::settle", &settle);
