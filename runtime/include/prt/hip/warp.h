// prt/hip/warp.h: CUDA's *_sync warp operations on HIP, which (in the HIP versions this supports) has only
// the mask-less forms. Masks are ignored: AMD wavefronts (64 lanes on gfx9) run their active lanes together.
#pragma once

#include <hip/hip_runtime.h>

#if !defined(HIP_ENABLE_WARP_SYNC_BUILTINS)
template <class T>
__device__ inline T __shfl_sync(unsigned long long, T var, int srcLane, int width = warpSize) {  // lane srcLane
    return __shfl(var, srcLane, width);
}
template <class T>
__device__ inline T __shfl_up_sync(unsigned long long, T var, unsigned delta, int width = warpSize) {  // lane-delta
    return __shfl_up(var, delta, width);
}
template <class T>
__device__ inline T __shfl_down_sync(unsigned long long, T var, unsigned delta, int width = warpSize) {  // +delta
    return __shfl_down(var, delta, width);
}
template <class T>
__device__ inline T __shfl_xor_sync(unsigned long long, T var, int laneMask, int width = warpSize) {  // lane^mask
    return __shfl_xor(var, laneMask, width);
}
__device__ inline unsigned long long __ballot_sync(unsigned long long, int pred) { return __ballot(pred); }  // votes
__device__ inline int __any_sync(unsigned long long, int pred) { return __any(pred); }  // any lane true
__device__ inline int __all_sync(unsigned long long, int pred) { return __all(pred); }  // all lanes true
template <class T>
__device__ inline unsigned long long __match_any_sync(unsigned long long, T value) {  // lanes with the same value
    unsigned long long active = __ballot(1), same = 0;
    for (int l = 0; l < warpSize; ++l) {
        T v = __shfl(value, l);
        if (((active >> l) & 1ull) && v == value) same |= 1ull << l;
    }
    return same;
}
template <class T>
__device__ inline unsigned long long __match_all_sync(unsigned long long mask, T value, int* pred) {  // all same?
    unsigned long long same = __match_any_sync(mask, value);
    *pred = same == __ballot(1);
    return *pred ? same : 0ull;
}
#endif
#if HIP_VERSION_MAJOR < 6
__device__ inline unsigned long long __activemask() { return __ballot(1); }  // lanes now running
__device__ inline void __syncwarp(unsigned long long = ~0ull) {}            // wavefronts run in lockstep
#endif
template <class T, class Op>
__device__ inline T prt_hip_warp_reduce(T v, Op op) {
    for (int o = warpSize / 2; o > 0; o /= 2) v = op(v, __shfl_xor(v, o));
    return v;
}
__device__ inline unsigned __reduce_add_sync(unsigned long long, unsigned v) {  // sum over the wavefront
    return prt_hip_warp_reduce(v, [](unsigned a, unsigned b) { return a + b; });
}
__device__ inline int __reduce_add_sync(unsigned long long, int v) {  // sum over the wavefront
    return prt_hip_warp_reduce(v, [](int a, int b) { return a + b; });
}
__device__ inline unsigned __reduce_min_sync(unsigned long long, unsigned v) {  // minimum over the wavefront
    return prt_hip_warp_reduce(v, [](unsigned a, unsigned b) { return a < b ? a : b; });
}
__device__ inline int __reduce_min_sync(unsigned long long, int v) {  // minimum over the wavefront
    return prt_hip_warp_reduce(v, [](int a, int b) { return a < b ? a : b; });
}
__device__ inline unsigned __reduce_max_sync(unsigned long long, unsigned v) {  // maximum over the wavefront
    return prt_hip_warp_reduce(v, [](unsigned a, unsigned b) { return a > b ? a : b; });
}
__device__ inline int __reduce_max_sync(unsigned long long, int v) {  // maximum over the wavefront
    return prt_hip_warp_reduce(v, [](int a, int b) { return a > b ? a : b; });
}
__device__ inline unsigned __reduce_and_sync(unsigned long long, unsigned v) {  // bitwise and over the wavefront
    return prt_hip_warp_reduce(v, [](unsigned a, unsigned b) { return a & b; });
}
__device__ inline unsigned __reduce_or_sync(unsigned long long, unsigned v) {  // bitwise or over the wavefront
    return prt_hip_warp_reduce(v, [](unsigned a, unsigned b) { return a | b; });
}
__device__ inline unsigned __reduce_xor_sync(unsigned long long, unsigned v) {  // bitwise xor over the wavefront
    return prt_hip_warp_reduce(v, [](unsigned a, unsigned b) { return a ^ b; });
}
