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

// atomicAdd on 16-bit floats and their pairs, which HIP 5 lacks: a compare-and-swap loop on the 32-bit word that
// holds the value, each half added in float and rounded to nearest even, as CUDA's instruction rounds. Templates,
// so that a HIP release declaring its own takes precedence.
#include <cstdint>
#include <type_traits>

#include "prt/hip/half.h"

namespace prt::hip_detail {
__device__ inline __half add16(__half a, __half b) { return __float2half(__half2float(a) + __half2float(b)); }
__device__ inline __nv_bfloat16 add16(__nv_bfloat16 a, __nv_bfloat16 b) {
    return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b));
}
// Applies add16 to the `count` 16-bit values (1 or 2) at `address`, which lie in one aligned 32-bit word.
template <class H>
__device__ inline void add_in_word(void* address, const H* val, int count, H* old_out) {
    const auto at = reinterpret_cast<uintptr_t>(address);
    unsigned int* word = reinterpret_cast<unsigned int*>(at & ~uintptr_t(3));
    const unsigned shift = count == 1 && (at & 2) ? 16u : 0u;
    unsigned int old = *word, seen;
    do {
        seen = old;
        unsigned short bits[2] = {(unsigned short)(seen >> shift), (unsigned short)(seen >> 16)};
        unsigned int next = seen;
        for (int i = 0; i < count; ++i) {
            H cur;
            __builtin_memcpy(&cur, &bits[i], 2);
            const H sum = add16(cur, val[i]);
            unsigned short out;
            __builtin_memcpy(&out, &sum, 2);
            const unsigned s = shift + 16u * i;
            next = (next & ~(0xffffu << s)) | (unsigned int)out << s;
        }
        old = atomicCAS(word, seen, next);
    } while (old != seen);
    for (int i = 0; i < count; ++i) {
        const unsigned short bits = (unsigned short)(old >> (shift + 16u * i));
        __builtin_memcpy(&old_out[i], &bits, 2);
    }
}
}  // namespace prt::hip_detail

template <class T, std::enable_if_t<std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>, int> = 0>
__device__ inline T atomicAdd(T* address, typename prt_hip_atomic_arg<T>::type val) {  // *a += v, rounded
    T old;
    prt::hip_detail::add_in_word(address, &val, 1, &old);
    return old;
}
template <class T, std::enable_if_t<std::is_same_v<T, __half2> || std::is_same_v<T, __nv_bfloat162>, int> = 0>
__device__ inline T atomicAdd(T* address, typename prt_hip_atomic_arg<T>::type val) {  // both halves at once
    using H = std::conditional_t<std::is_same_v<T, __half2>, __half, __nv_bfloat16>;
    H in[2], old[2];
    __builtin_memcpy(in, &val, 4);
    prt::hip_detail::add_in_word(address, in, 2, old);
    T r;
    __builtin_memcpy(&r, old, 4);
    return r;
}
