// prt/detail/bfloat16.h: __nv_bfloat16 and __nv_bfloat162 for the CPU and HIP backends (CUDA has its own):
// 16-bit storage, float conversion with round to nearest even, arithmetic through prt/detail/half_ops.h.
#pragma once

#include <cstdint>
#include <cstring>

#include "prt/detail/half_ops.h"
#include "prt/vector.h"

namespace prt::detail::fp16 {

PRT_HD inline uint32_t f2u(float f) { uint32_t u; __builtin_memcpy(&u, &f, 4); return u; }
PRT_HD inline float u2f(uint32_t u) { float f; __builtin_memcpy(&f, &u, 4); return f; }

PRT_HD inline uint16_t float_to_half(float x) {
    uint32_t f = f2u(x), sign = (f >> 16) & 0x8000u, a = f & 0x7fffffffu;
    if (a >= 0x7f800000u) return uint16_t(sign | 0x7c00u | (a > 0x7f800000u ? 0x200u | ((a >> 13) & 0x3ffu) : 0u));
    if (a >= 0x477ff000u) return uint16_t(sign | 0x7c00u);  // rounds to infinity
    if (a < 0x38800000u) return uint16_t(sign | uint32_t(std::nearbyint(u2f(a) * 16777216.0f)));  // subnormal
    a -= 112u << 23;
    return uint16_t(sign | ((a + 0xfffu + ((a >> 13) & 1u)) >> 13));
}

PRT_HD inline float half_to_float(uint16_t h) {
    uint32_t sign = uint32_t(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0) return u2f(sign | f2u(float(m) * (1.0f / 16777216.0f)));
    if (e == 31) return u2f(sign | 0x7f800000u | (m << 13));
    return u2f(sign | ((e + 112u) << 23) | (m << 13));
}

PRT_HD inline uint16_t float_to_bf16(float x) {
    uint32_t f = f2u(x);
    if ((f & 0x7fffffffu) > 0x7f800000u) return uint16_t((f >> 16) | 0x40u);  // quiet NaN
    return uint16_t((f + 0x7fffu + ((f >> 16) & 1u)) >> 16);
}

PRT_HD inline float bf16_to_float(uint16_t b) { return u2f(uint32_t(b) << 16); }

}  // namespace prt::detail::fp16

// bfloat16 (8-bit exponent, 7-bit mantissa).
struct __nv_bfloat16 {
    uint16_t __x;  // the bits
    PRT_HD __nv_bfloat16() = default;                                                       // uninitialised
    PRT_HD __nv_bfloat16(float f) : __x(prt::detail::fp16::float_to_bf16(f)) {}               // from float, nearest even
    PRT_HD __nv_bfloat16(double f) : __x(prt::detail::fp16::float_to_bf16(float(f))) {}       // from double
    PRT_HD __nv_bfloat16(int i) : __x(prt::detail::fp16::float_to_bf16(float(i))) {}          // from int
    PRT_HD __nv_bfloat16(unsigned i) : __x(prt::detail::fp16::float_to_bf16(float(i))) {}     // from unsigned
    PRT_HD __nv_bfloat16(long long i) : __x(prt::detail::fp16::float_to_bf16(float(i))) {}    // from long long
    PRT_HD operator float() const { return prt::detail::fp16::bf16_to_float(__x); }         // to float
};

struct alignas(4) __nv_bfloat162 {  // two bfloat16
    __nv_bfloat16 x, y;             // the values
};
typedef __nv_bfloat16 nv_bfloat16;    // CUDA's alias of __nv_bfloat16
typedef __nv_bfloat162 nv_bfloat162;  // CUDA's alias of __nv_bfloat162

PRT_HD inline __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }    // float to bf16, nearest even
PRT_HD inline __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16(f); } // float to bf16, nearest even
PRT_HD inline float __bfloat162float(__nv_bfloat16 b) { return float(b); }            // bf16 to float
PRT_HD inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return {__nv_bfloat16(a), __nv_bfloat16(b)}; }  // pack
PRT_HD inline __nv_bfloat162 __float2bfloat162_rn(float a) { return {__nv_bfloat16(a), __nv_bfloat16(a)}; }  // broadcast
PRT_HD inline float2 __bfloat1622float2(__nv_bfloat162 h) { return make_float2(float(h.x), float(h.y)); }  // unpack
PRT_HD inline float __low2float(__nv_bfloat162 h) { return float(h.x); }              // low value to float
PRT_HD inline float __high2float(__nv_bfloat162 h) { return float(h.y); }             // high value to float
PRT_HD inline __nv_bfloat162 __float22bfloat162_rn(float2 v) { return {__nv_bfloat16(v.x), __nv_bfloat16(v.y)}; }  // pack
PRT_HD inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return {a, a}; }  // one value to both
PRT_HD inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return {a, b}; }  // pair
PRT_HD inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return {a, b}; }  // pair
PRT_HD inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }          // low value
PRT_HD inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }         // high value
PRT_HD inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) {                 // reinterpret bits
    __nv_bfloat16 b;
    b.__x = u;
    return b;
}
PRT_HD inline __nv_bfloat16 __short_as_bfloat16(short s) { return __ushort_as_bfloat16((unsigned short)s); }  // bits
PRT_HD inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 b) { return b.__x; }  // the bits
PRT_HD inline short __bfloat16_as_short(__nv_bfloat16 b) { return (short)b.__x; }     // the bits

PRT_HALF_OPS(__nv_bfloat16, __nv_bfloat162)  // operators and __h* functions on __nv_bfloat16 / __nv_bfloat162
