// prt/cpu/half.h: __half, __half2, __nv_bfloat16 and __nv_bfloat162 on the CPU backend: 16-bit storage,
// arithmetic in float rounded back to nearest even. The bfloat16 types come from prt/detail/bfloat16.h.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "prt/cpu/vector.h"
#include "prt/detail/bfloat16.h"

// Half precision (IEEE binary16).
struct __half {
    uint16_t __x;  // the bits
    __half() = default;                                                              // uninitialised
    __half(float f) : __x(prt::detail::fp16::float_to_half(f)) {}                       // from float, nearest even
    __half(double f) : __x(prt::detail::fp16::float_to_half(float(f))) {}              // from double
    __half(int i) : __x(prt::detail::fp16::float_to_half(float(i))) {}                 // from int
    __half(unsigned i) : __x(prt::detail::fp16::float_to_half(float(i))) {}            // from unsigned
    __half(long long i) : __x(prt::detail::fp16::float_to_half(float(i))) {}           // from long long
    operator float() const { return prt::detail::fp16::half_to_float(__x); }          // to float
};

struct alignas(4) __half2 {         // two halves
    __half x, y;                    // the halves
};
typedef __half half;                // CUDA's alias of __half
typedef __half2 half2;              // CUDA's alias of __half2

inline __half __float2half(float f) { return __half(f); }                      // float to half, nearest even
inline __half __float2half_rn(float f) { return __half(f); }                   // float to half, nearest even
inline float __half2float(__half h) { return float(h); }                       // half to float
inline __half __int2half_rn(int i) { return __half(float(i)); }               // int to half
inline int __half2int_rz(__half h) { return int(float(h)); }                   // half to int, toward zero
inline __half2 __floats2half2_rn(float a, float b) { return {__half(a), __half(b)}; }  // two floats to half2
inline __half2 __float2half2_rn(float a) { return {__half(a), __half(a)}; }    // one float to both halves
inline __half2 __float22half2_rn(float2 v) { return {__half(v.x), __half(v.y)}; }  // float2 to half2
inline __half2 __halves2half2(__half a, __half b) { return {a, b}; }           // two halves to half2
inline float2 __half22float2(__half2 h) { return make_float2(float(h.x), float(h.y)); }  // half2 to float2
inline float __low2float(__half2 h) { return float(h.x); }                     // low half to float
inline float __high2float(__half2 h) { return float(h.y); }                    // high half to float
inline __half __low2half(__half2 h) { return h.x; }                            // low half
inline __half __high2half(__half2 h) { return h.y; }                           // high half
inline __half2 __half2half2(__half a) { return {a, a}; }                       // one half to both halves
inline __half2 make_half2(__half a, __half b) { return {a, b}; }               // two halves to half2
inline __half __ushort_as_half(unsigned short u) { __half h; h.__x = u; return h; }   // reinterpret bits
inline __half __short_as_half(short s) { return __ushort_as_half((unsigned short)s); } // reinterpret bits
inline unsigned short __half_as_ushort(__half h) { return h.__x; }             // the bits
inline short __half_as_short(__half h) { return (short)h.__x; }                // the bits

PRT_HALF_OPS(__half, __half2)  // operators and __h* functions on __half / __half2 (prt/detail/half_ops.h)


// atomicAdd on 16-bit floats and their pairs (CUDA's sm_60/sm_70/sm_80 forms): each half is added in float and
// rounded to nearest even, as the GPU's instruction rounds; a pair is one 32-bit word, updated at once.
#include "prt/cpu/atomic.h"

namespace prt::cpu::atomics {
template <class H>
inline H add16(H a, H b) {
    return H(float(a) + float(b));
}
template <class P>
inline P add16x2(P a, P b) {
    P r;
    r.x = add16(a.x, b.x);
    r.y = add16(a.y, b.y);
    return r;
}
}  // namespace prt::cpu::atomics

inline __half atomicAdd(__half* address, __half val) {  // *a += v, rounded
    return ::prt::cpu::atomics::update(address, [val](__half old) { return ::prt::cpu::atomics::add16(old, val); });
}
inline __half2 atomicAdd(__half2* address, __half2 val) {  // both halves, at once
    return ::prt::cpu::atomics::update(address,
                                       [val](__half2 old) { return ::prt::cpu::atomics::add16x2(old, val); });
}
inline __nv_bfloat16 atomicAdd(__nv_bfloat16* address, __nv_bfloat16 val) {  // *a += v, rounded
    return ::prt::cpu::atomics::update(address,
                                       [val](__nv_bfloat16 old) { return ::prt::cpu::atomics::add16(old, val); });
}
inline __nv_bfloat162 atomicAdd(__nv_bfloat162* address, __nv_bfloat162 val) {  // both halves, at once
    return ::prt::cpu::atomics::update(
        address, [val](__nv_bfloat162 old) { return ::prt::cpu::atomics::add16x2(old, val); });
}
