// prt/kernel.h: the kernel language, with CUDA's spelling on every backend.
//
// Qualifiers: __global__, __device__, __host__, __shared__, __constant__, __managed__, __forceinline__,
// __noinline__, __launch_bounds__(...), __align__(n), __restrict__.
// Built-in variables: threadIdx, blockIdx, blockDim, gridDim (uint3/dim3), warpSize.
// Barriers and fences: __syncthreads, __syncthreads_count/_and/_or, __threadfence(_block/_system).
// Other: __ldg(p), the cache-hinted __ldcg/__ldca/__ldcs/__ldlu/__ldcv(p) and __stwb/__stcg/__stcs/__stwt(p, v),
// clock64(), __nanosleep(ns), __trap().
// PRT_DYNAMIC_SHARED(T, name) declares the block's dynamic shared memory as `T* name` (on CUDA and HIP it is
// `extern __shared__ T name[]`): the one spelling that differs, because the CPU backend cannot give an
// `extern` array of unknown bound per-block storage.
#pragma once

#include "prt/config.h"
#include "prt/vector.h"

#if PRT_BACKEND_CUDA
#include "prt/cuda/kernel.h"
#elif PRT_BACKEND_HIP
#include "prt/hip/kernel.h"
#else
#include "prt/cpu/kernel.h"
#endif
