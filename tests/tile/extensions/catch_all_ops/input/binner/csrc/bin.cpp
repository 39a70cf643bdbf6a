// One op for every device: it picks the CPU or the CUDA function itself.
#include <torch/script.h>

#include "cpu/bin_cpu.h"
#ifdef WITH_CUDA
#include "cuda/bin_cuda.h"
#endif

#define BINNER_API

BINNER_API torch::Tensor bin(torch::Tensor pos, torch::Tensor size, std::optional<torch::Tensor> start) {
  if (pos.device().is_cuda()) {
#ifdef WITH_CUDA
    return bin_cuda(pos, size, start);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return bin_cpu(pos, size, start);
  }
}

static auto registry = torch::RegisterOperators().op("binner::bin", &bin);
