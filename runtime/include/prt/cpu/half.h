// prt/cpu/half.h: __half, __half2, __nv_bfloat16 and __nv_bfloat162 on the CPU backend: 16-bit storage,
// arithmetic in float rounded back to nearest even, as CUDA's fallback path computes them.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "prt/cpu/vector.h"

namespace prt::cpu::fp16 {

inline uint32_t f2u(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float u2f(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

inline uint16_t float_to_half(float x) {
    uint32_t f = f2u(x), sign = (f >> 16) & 0x8000u, a = f & 0x7fffffffu;
    if (a >= 0x7f800000u) return uint16_t(sign | 0x7c00u | (a > 0x7f800000u ? 0x200u | ((a >> 13) & 0x3ffu) : 0u));
    if (a >= 0x477ff000u) return uint16_t(sign | 0x7c00u);  // rounds to infinity
    if (a < 0x38800000u) return uint16_t(sign | uint32_t(std::nearbyint(u2f(a) * 16777216.0f)));  // subnormal
    a -= 112u << 23;
    return uint16_t(sign | ((a + 0xfffu + ((a >> 13) & 1u)) >> 13));
}

inline float half_to_float(uint16_t h) {
    uint32_t sign = uint32_t(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0) return u2f(sign | f2u(float(m) * (1.0f / 16777216.0f)));
    if (e == 31) return u2f(sign | 0x7f800000u | (m << 13));
    return u2f(sign | ((e + 112u) << 23) | (m << 13));
}

inline uint16_t float_to_bf16(float x) {
    uint32_t f = f2u(x);
    if ((f & 0x7fffffffu) > 0x7f800000u) return uint16_t((f >> 16) | 0x40u);  // quiet NaN
    return uint16_t((f + 0x7fffu + ((f >> 16) & 1u)) >> 16);
}

inline float bf16_to_float(uint16_t b) { return u2f(uint32_t(b) << 16); }

}  // namespace prt::cpu::fp16

// Half precision (IEEE binary16).
struct __half {
    uint16_t __x;  // the bits
    __half() = default;                                                              // uninitialised
    __half(float f) : __x(prt::cpu::fp16::float_to_half(f)) {}                       // from float, nearest even
    __half(double f) : __x(prt::cpu::fp16::float_to_half(float(f))) {}              // from double
    __half(int i) : __x(prt::cpu::fp16::float_to_half(float(i))) {}                 // from int
    __half(unsigned i) : __x(prt::cpu::fp16::float_to_half(float(i))) {}            // from unsigned
    __half(long long i) : __x(prt::cpu::fp16::float_to_half(float(i))) {}           // from long long
    operator float() const { return prt::cpu::fp16::half_to_float(__x); }          // to float
};

// bfloat16 (8-bit exponent, 7-bit mantissa).
struct __nv_bfloat16 {
    uint16_t __x;  // the bits
    __nv_bfloat16() = default;                                                       // uninitialised
    __nv_bfloat16(float f) : __x(prt::cpu::fp16::float_to_bf16(f)) {}               // from float, nearest even
    __nv_bfloat16(double f) : __x(prt::cpu::fp16::float_to_bf16(float(f))) {}       // from double
    __nv_bfloat16(int i) : __x(prt::cpu::fp16::float_to_bf16(float(i))) {}          // from int
    __nv_bfloat16(unsigned i) : __x(prt::cpu::fp16::float_to_bf16(float(i))) {}     // from unsigned
    __nv_bfloat16(long long i) : __x(prt::cpu::fp16::float_to_bf16(float(i))) {}    // from long long
    operator float() const { return prt::cpu::fp16::bf16_to_float(__x); }         // to float
};

struct alignas(4) __half2 {         // two halves
    __half x, y;                    // the halves
};
struct alignas(4) __nv_bfloat162 {  // two bfloat16
    __nv_bfloat16 x, y;             // the values
};
typedef __half half;                // CUDA's alias of __half
typedef __half2 half2;              // CUDA's alias of __half2
typedef __nv_bfloat16 nv_bfloat16;  // CUDA's alias of __nv_bfloat16
typedef __nv_bfloat162 nv_bfloat162;  // CUDA's alias of __nv_bfloat162

inline __half __float2half(float f) { return __half(f); }                      // float to half, nearest even
inline __half __float2half_rn(float f) { return __half(f); }                   // float to half, nearest even
inline float __half2float(__half h) { return float(h); }                       // half to float
inline __half __int2half_rn(int i) { return __half(float(i)); }               // int to half
inline int __half2int_rz(__half h) { return int(float(h)); }                   // half to int, toward zero
inline __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }    // float to bf16, nearest even
inline __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16(f); } // float to bf16, nearest even
inline float __bfloat162float(__nv_bfloat16 b) { return float(b); }            // bf16 to float
inline __half2 __floats2half2_rn(float a, float b) { return {__half(a), __half(b)}; }  // two floats to half2
inline __half2 __float2half2_rn(float a) { return {__half(a), __half(a)}; }    // one float to both halves
inline __half2 __float22half2_rn(float2 v) { return {__half(v.x), __half(v.y)}; }  // float2 to half2
inline __half2 __halves2half2(__half a, __half b) { return {a, b}; }           // two halves to half2
inline float2 __half22float2(__half2 h) { return make_float2(float(h.x), float(h.y)); }  // half2 to float2
inline float __low2float(__half2 h) { return float(h.x); }                     // low half to float
inline float __high2float(__half2 h) { return float(h.y); }                    // high half to float
inline __half __low2half(__half2 h) { return h.x; }                            // low half
inline __half __high2half(__half2 h) { return h.y; }                           // high half
inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return {__nv_bfloat16(a), __nv_bfloat16(b)}; }  // pack
inline __nv_bfloat162 __float2bfloat162_rn(float a) { return {__nv_bfloat16(a), __nv_bfloat16(a)}; }  // broadcast
inline float2 __bfloat1622float2(__nv_bfloat162 h) { return make_float2(float(h.x), float(h.y)); }  // unpack
inline float __low2float(__nv_bfloat162 h) { return float(h.x); }              // low value to float
inline float __high2float(__nv_bfloat162 h) { return float(h.y); }             // high value to float

// Arithmetic and comparisons, for __half and __nv_bfloat16 alike: computed in float, rounded once.
#define PRT_CPU_HALF_OPS(H, H2)                                                                              \
    inline H operator+(const H& a, const H& b) { return H(float(a) + float(b)); }                          \
    inline H operator-(const H& a, const H& b) { return H(float(a) - float(b)); }                          \
    inline H operator*(const H& a, const H& b) { return H(float(a) * float(b)); }                          \
    inline H operator/(const H& a, const H& b) { return H(float(a) / float(b)); }                          \
    inline H operator-(const H& a) { H r = a; r.__x ^= 0x8000u; return r; }                                 \
    inline H operator+(const H& a) { return a; }                                                            \
    inline H& operator+=(H& a, const H& b) { return a = a + b; }                                            \
    inline H& operator-=(H& a, const H& b) { return a = a - b; }                                            \
    inline H& operator*=(H& a, const H& b) { return a = a * b; }                                            \
    inline H& operator/=(H& a, const H& b) { return a = a / b; }                                            \
    inline bool operator==(const H& a, const H& b) { return float(a) == float(b); }                         \
    inline bool operator!=(const H& a, const H& b) { return float(a) != float(b); }                         \
    inline bool operator<(const H& a, const H& b) { return float(a) < float(b); }                           \
    inline bool operator<=(const H& a, const H& b) { return float(a) <= float(b); }                         \
    inline bool operator>(const H& a, const H& b) { return float(a) > float(b); }                           \
    inline bool operator>=(const H& a, const H& b) { return float(a) >= float(b); }                         \
    inline H __hadd(H a, H b) { return a + b; }                                                             \
    inline H __hsub(H a, H b) { return a - b; }                                                             \
    inline H __hmul(H a, H b) { return a * b; }                                                             \
    inline H __hdiv(H a, H b) { return a / b; }                                                             \
    inline H __hneg(H a) { return -a; }                                                                     \
    inline H __habs(H a) { H r = a; r.__x &= 0x7fffu; return r; }                                           \
    inline H __hfma(H a, H b, H c) { return H(std::fma(float(a), float(b), float(c))); }                    \
    inline H __hmax(H a, H b) { return float(a) > float(b) ? a : b; }                                       \
    inline H __hmin(H a, H b) { return float(a) < float(b) ? a : b; }                                       \
    inline H hsqrt(H a) { return H(std::sqrt(float(a))); }                                                  \
    inline bool __heq(H a, H b) { return a == b; }                                                          \
    inline bool __hne(H a, H b) { return a != b; }                                                          \
    inline bool __hlt(H a, H b) { return a < b; }                                                           \
    inline bool __hle(H a, H b) { return a <= b; }                                                          \
    inline bool __hgt(H a, H b) { return a > b; }                                                           \
    inline bool __hge(H a, H b) { return a >= b; }                                                          \
    inline H2 operator+(const H2& a, const H2& b) { return {a.x + b.x, a.y + b.y}; }                        \
    inline H2 operator-(const H2& a, const H2& b) { return {a.x - b.x, a.y - b.y}; }                        \
    inline H2 operator*(const H2& a, const H2& b) { return {a.x * b.x, a.y * b.y}; }                        \
    inline H2 operator/(const H2& a, const H2& b) { return {a.x / b.x, a.y / b.y}; }                        \
    inline H2 __hadd2(H2 a, H2 b) { return a + b; }                                                         \
    inline H2 __hsub2(H2 a, H2 b) { return a - b; }                                                         \
    inline H2 __hmul2(H2 a, H2 b) { return a * b; }                                                         \
    inline H2 __hfma2(H2 a, H2 b, H2 c) { return {__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }
PRT_CPU_HALF_OPS(__half, __half2)                  // operators and __h* functions on __half / __half2
PRT_CPU_HALF_OPS(__nv_bfloat16, __nv_bfloat162)    // the same on __nv_bfloat16 / __nv_bfloat162
#undef PRT_CPU_HALF_OPS
