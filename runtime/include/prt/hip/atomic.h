// prt/hip/atomic.h: the atomics CUDA has and HIP 5 lacks: signed 64-bit min and max (plain and system scope),
// atomicInc/atomicDec at system scope, and the block-scoped forms (as the device-scoped operation, which is
// stronger). The scoped forms are templates, so that a HIP release declaring its own takes precedence. The
// __nv_atomic_* functions come from prt/detail/nv_atomic.h.
#pragma once

#include <hip/hip_runtime.h>

#include "prt/detail/nv_atomic.h"

template <class T>
struct prt_hip_atomic_arg {  // keeps an atomic's value argument out of template deduction
    using type = T;
};

#if HIP_VERSION_MAJOR < 6
__device__ inline long long atomicMin(long long* address, long long val) {  // *a = min(*a, v)
    auto* p = reinterpret_cast<unsigned long long*>(address);
    unsigned long long old = *p, seen;
    while (val < (long long)old && (seen = atomicCAS(p, old, (unsigned long long)val)) != old) old = seen;
    return (long long)old;
}
__device__ inline long long atomicMax(long long* address, long long val) {  // *a = max(*a, v)
    auto* p = reinterpret_cast<unsigned long long*>(address);
    unsigned long long old = *p, seen;
    while (val > (long long)old && (seen = atomicCAS(p, old, (unsigned long long)val)) != old) old = seen;
    return (long long)old;
}
__device__ inline long long atomicMin_system(long long* address, long long val) {  // min, system scope
    auto* p = reinterpret_cast<unsigned long long*>(address);
    unsigned long long old = *p, seen;
    while (val < (long long)old && (seen = atomicCAS_system(p, old, (unsigned long long)val)) != old) old = seen;
    return (long long)old;
}
__device__ inline long long atomicMax_system(long long* address, long long val) {  // max, system scope
    auto* p = reinterpret_cast<unsigned long long*>(address);
    unsigned long long old = *p, seen;
    while (val > (long long)old && (seen = atomicCAS_system(p, old, (unsigned long long)val)) != old) old = seen;
    return (long long)old;
}
#endif

template <class T>
__device__ inline T atomicInc_system(T* address, typename prt_hip_atomic_arg<T>::type val) {  // inc, system scope
    T old = *address, seen;
    while ((seen = atomicCAS_system(address, old, old >= val ? T(0) : T(old + 1))) != old) old = seen;
    return old;
}
template <class T>
__device__ inline T atomicDec_system(T* address, typename prt_hip_atomic_arg<T>::type val) {  // dec, system scope
    T old = *address, seen;
    while ((seen = atomicCAS_system(address, old, (old == 0 || old > val) ? val : T(old - 1))) != old) old = seen;
    return old;
}

#define PRT_HIP_ATOMIC_BLOCK(op)                                                                       \
    template <class T>                                                                                 \
    __device__ inline T op##_block(T* address, typename prt_hip_atomic_arg<T>::type val) { /* op */    \
        return op(address, val);                                                                       \
    }
PRT_HIP_ATOMIC_BLOCK(atomicAdd)   // atomicAdd_block
PRT_HIP_ATOMIC_BLOCK(atomicSub)   // atomicSub_block
PRT_HIP_ATOMIC_BLOCK(atomicExch)  // atomicExch_block
PRT_HIP_ATOMIC_BLOCK(atomicMin)   // atomicMin_block
PRT_HIP_ATOMIC_BLOCK(atomicMax)   // atomicMax_block
PRT_HIP_ATOMIC_BLOCK(atomicInc)   // atomicInc_block
PRT_HIP_ATOMIC_BLOCK(atomicDec)   // atomicDec_block
PRT_HIP_ATOMIC_BLOCK(atomicAnd)   // atomicAnd_block
PRT_HIP_ATOMIC_BLOCK(atomicOr)    // atomicOr_block
PRT_HIP_ATOMIC_BLOCK(atomicXor)   // atomicXor_block
#undef PRT_HIP_ATOMIC_BLOCK
template <class T>
__device__ inline T atomicCAS_block(T* address, typename prt_hip_atomic_arg<T>::type compare,  // CAS, block scope
                                    typename prt_hip_atomic_arg<T>::type val) {
    return atomicCAS(address, compare, val);
}
