// prt/gpu/vendor.h: the GPU backend is written once over a vendor prefix; this picks the vendor layer.
// PRT_GPU_VERSION_AT_LEAST(cuda, hip): true when the vendor runtime is at least that version (CUDART_VERSION
// for CUDA, HIP_VERSION_MAJOR*100+HIP_VERSION_MINOR for HIP), for calls an older runtime lacks.
#pragma once

#include "prt/config.h"

#if PRT_BACKEND_CUDA
#include "prt/cuda/vendor.h"
#define PRT_GPU_VERSION_AT_LEAST(cuda, hip) (CUDART_VERSION >= (cuda))
#else
#include "prt/hip/vendor.h"
#define PRT_GPU_VERSION_AT_LEAST(cuda, hip) (HIP_VERSION_MAJOR * 100 + HIP_VERSION_MINOR >= (hip))
#endif
