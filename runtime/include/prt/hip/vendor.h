// prt/hip/vendor.h: the HIP vendor layer of the GPU backend (prt/gpu/): HIP's headers and its prefix.
#pragma once

#include <hip/hip_runtime.h>

// PRT_GPU(Name): the vendor's runtime name whose HIP spelling differs only in the prefix (cudaMalloc, hipMalloc).
#define PRT_GPU(name) hip##name
// PRT_GPU_NAMED(Name, hipName): a name HIP spells its own way (cudaDeviceProp, hipDeviceProp_t).
#define PRT_GPU_NAMED(name, hip) hip
// PRT_GPU_MAKE(Name): the vendor's make_ function of a runtime struct (make_hipExtent).
#define PRT_GPU_MAKE(name) make_hip##name
