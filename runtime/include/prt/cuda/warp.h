// prt/cuda/warp.h: the mask-less warp functions CUDA removed for sm_70 and later (__shfl, __shfl_up,
// __shfl_down, __shfl_xor, __ballot, __any, __all), as the *_sync forms over the whole warp.
#pragma once

#include <cuda_runtime.h>

// The shuffles are templates: where CUDA still declares its own (host pass, sm_6x) those take precedence.
template <class T>
__device__ inline T __shfl(T var, int srcLane, int width = warpSize) {  // value of lane srcLane
    return __shfl_sync(0xffffffffu, var, srcLane, width);
}
template <class T>
__device__ inline T __shfl_up(T var, unsigned delta, int width = warpSize) {  // value of lane - delta
    return __shfl_up_sync(0xffffffffu, var, delta, width);
}
template <class T>
__device__ inline T __shfl_down(T var, unsigned delta, int width = warpSize) {  // value of lane + delta
    return __shfl_down_sync(0xffffffffu, var, delta, width);
}
template <class T>
__device__ inline T __shfl_xor(T var, int laneMask, int width = warpSize) {  // value of lane ^ laneMask
    return __shfl_xor_sync(0xffffffffu, var, laneMask, width);
}

// CUDA keeps __ballot, __any and __all declared as builtins that sm_70 and later reject (an overload or a
// definition does not take their place), so the names are macros for these functions. Their forms leave
// libcu++'s own uses of the names intact whichever of its headers come before or after this one: it spells a
// template `__all<...>` (untouched by a function-like macro) and has one struct `__any`, in one header, with a
// constructor `__any(...)` (renamed as a whole by an object-like macro).
__device__ inline unsigned prt_cuda_ballot(int pred) { return __ballot_sync(0xffffffffu, pred); }  // __ballot
__device__ inline int prt_cuda_any(int pred) { return __any_sync(0xffffffffu, pred); }             // __any
__device__ inline int prt_cuda_all(int pred) { return __all_sync(0xffffffffu, pred); }             // __all
#define __ballot(pred) prt_cuda_ballot(pred)  // votes of the warp's lanes
#define __all(pred) prt_cuda_all(pred)        // all lanes true
#define __any prt_cuda_any                    // any lane true
