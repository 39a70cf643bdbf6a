// prt/cuda/vendor.h: the CUDA vendor layer of the GPU backend (prt/gpu/): CUDA's headers and its prefix.
#pragma once

#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

// PRT_GPU(Name): the vendor's runtime name whose HIP spelling differs only in the prefix (cudaMalloc, hipMalloc).
#define PRT_GPU(name) cuda##name
// PRT_GPU_NAMED(Name, hipName): a name HIP spells its own way (cudaDeviceProp, hipDeviceProp_t).
#define PRT_GPU_NAMED(name, hip) cuda##name
// PRT_GPU_MAKE(Name): the vendor's make_ function of a runtime struct (make_cudaExtent).
#define PRT_GPU_MAKE(name) make_cuda##name
