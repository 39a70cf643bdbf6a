// prt/hip/half.h: HIP has __half and __half2; __nv_bfloat16 comes from prt/detail/bfloat16.h.
#pragma once

#include <hip/hip_fp16.h>

#include "prt/detail/bfloat16.h"

#if HIP_VERSION_MAJOR < 6
__host__ __device__ inline __half __hmax(__half a, __half b) { return __half2float(a) > __half2float(b) ? a : b; }  // max
__host__ __device__ inline __half __hmin(__half a, __half b) { return __half2float(a) < __half2float(b) ? a : b; }  // min
__host__ __device__ inline __half2 __hmax2(__half2 a, __half2 b) {  // lane-wise maximum
    return __halves2half2(__hmax(__low2half(a), __low2half(b)), __hmax(__high2half(a), __high2half(b)));
}
__host__ __device__ inline __half2 __hmin2(__half2 a, __half2 b) {  // lane-wise minimum
    return __halves2half2(__hmin(__low2half(a), __low2half(b)), __hmin(__high2half(a), __high2half(b)));
}
// HIP 5's hrcp and h2rcp call this function, which its device libraries do not define (an inline definition
// gives way to one that a library does provide).
extern "C" __device__ inline _Float16 __llvm_amdgcn_rcp_f16(_Float16 x) { return _Float16(1) / x; }  // 1 / x
#endif
