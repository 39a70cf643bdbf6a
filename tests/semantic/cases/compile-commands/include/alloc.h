#pragma once
#include <cuda_runtime.h>
#ifdef USE_CUDA
#define GPU_ALLOC cudaMallocManaged
#else
#define GPU_ALLOC host_alloc
#endif
