#include <torch/script.h>

#include "cpu/head_cpu.h"
#ifdef WITH_CUDA
#include "cuda/head_cuda.h"
#endif

torch::Tensor head(torch::Tensor x, torch::Tensor ptr, torch::Tensor ratio, int64_t num_workers) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return head_cuda(x, ptr, ratio);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return head_cpu(x, ptr, ratio, num_workers);
  }
}

static auto registry = torch::RegisterOperators().op("walker::head", &head);
