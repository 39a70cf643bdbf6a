// prt/detail/half_ops.h: operators and __h* functions of a 16-bit float type H and its pair H2, computed in
// float and rounded once; shared by the CPU backend's __half and by __nv_bfloat16 on CPU and HIP.
#pragma once

#include <cmath>

#include "prt/detail/hd.h"

// Arithmetic and comparisons, for __half and __nv_bfloat16 alike: computed in float, rounded once.
#define PRT_HALF_OPS(H, H2)                                                                              \
    PRT_HD inline H operator+(const H& a, const H& b) { return H(float(a) + float(b)); }                          \
    PRT_HD inline H operator-(const H& a, const H& b) { return H(float(a) - float(b)); }                          \
    PRT_HD inline H operator*(const H& a, const H& b) { return H(float(a) * float(b)); }                          \
    PRT_HD inline H operator/(const H& a, const H& b) { return H(float(a) / float(b)); }                          \
    PRT_HD inline H operator-(const H& a) { H r = a; r.__x ^= 0x8000u; return r; }                                 \
    PRT_HD inline H operator+(const H& a) { return a; }                                                            \
    PRT_HD inline H& operator+=(H& a, const H& b) { return a = a + b; }                                            \
    PRT_HD inline H& operator-=(H& a, const H& b) { return a = a - b; }                                            \
    PRT_HD inline H& operator*=(H& a, const H& b) { return a = a * b; }                                            \
    PRT_HD inline H& operator/=(H& a, const H& b) { return a = a / b; }                                            \
    PRT_HD inline bool operator==(const H& a, const H& b) { return float(a) == float(b); }                         \
    PRT_HD inline bool operator!=(const H& a, const H& b) { return float(a) != float(b); }                         \
    PRT_HD inline bool operator<(const H& a, const H& b) { return float(a) < float(b); }                           \
    PRT_HD inline bool operator<=(const H& a, const H& b) { return float(a) <= float(b); }                         \
    PRT_HD inline bool operator>(const H& a, const H& b) { return float(a) > float(b); }                           \
    PRT_HD inline bool operator>=(const H& a, const H& b) { return float(a) >= float(b); }                         \
    PRT_HD inline H __hadd(H a, H b) { return a + b; }                                                             \
    PRT_HD inline H __hsub(H a, H b) { return a - b; }                                                             \
    PRT_HD inline H __hmul(H a, H b) { return a * b; }                                                             \
    PRT_HD inline H __hdiv(H a, H b) { return a / b; }                                                             \
    PRT_HD inline H __hneg(H a) { return -a; }                                                                     \
    PRT_HD inline H __habs(H a) { H r = a; r.__x &= 0x7fffu; return r; }                                           \
    PRT_HD inline H __hfma(H a, H b, H c) { return H(std::fma(float(a), float(b), float(c))); }                    \
    PRT_HD inline H __hmax(H a, H b) { return float(a) > float(b) ? a : b; }                                       \
    PRT_HD inline H __hmin(H a, H b) { return float(a) < float(b) ? a : b; }                                       \
    PRT_HD inline H hsqrt(H a) { return H(std::sqrt(float(a))); }                                                  \
    PRT_HD inline H hrsqrt(H a) { return H(1.0f / std::sqrt(float(a))); }                                         \
    PRT_HD inline H hrcp(H a) { return H(1.0f / float(a)); }                                                       \
    PRT_HD inline H hexp(H a) { return H(std::exp(float(a))); }                                                    \
    PRT_HD inline H hexp2(H a) { return H(std::exp2(float(a))); }                                                  \
    PRT_HD inline H hexp10(H a) { return H(std::pow(10.0f, float(a))); }                                           \
    PRT_HD inline H hlog(H a) { return H(std::log(float(a))); }                                                    \
    PRT_HD inline H hlog2(H a) { return H(std::log2(float(a))); }                                                  \
    PRT_HD inline H hlog10(H a) { return H(std::log10(float(a))); }                                                \
    PRT_HD inline H hsin(H a) { return H(std::sin(float(a))); }                                                    \
    PRT_HD inline H hcos(H a) { return H(std::cos(float(a))); }                                                    \
    PRT_HD inline H hceil(H a) { return H(std::ceil(float(a))); }                                                  \
    PRT_HD inline H hfloor(H a) { return H(std::floor(float(a))); }                                                \
    PRT_HD inline H htrunc(H a) { return H(std::trunc(float(a))); }                                                \
    PRT_HD inline H hrint(H a) { return H(std::nearbyint(float(a))); }                                             \
    PRT_HD inline bool __hisnan(H a) { return std::isnan(float(a)); }                                              \
    PRT_HD inline int __hisinf(H a) { float f = float(a); return std::isinf(f) ? (f < 0 ? -1 : 1) : 0; }           \
    PRT_HD inline bool __heq(H a, H b) { return a == b; }                                                          \
    PRT_HD inline bool __hne(H a, H b) { return a != b; }                                                          \
    PRT_HD inline bool __hlt(H a, H b) { return a < b; }                                                           \
    PRT_HD inline bool __hle(H a, H b) { return a <= b; }                                                          \
    PRT_HD inline bool __hgt(H a, H b) { return a > b; }                                                           \
    PRT_HD inline bool __hge(H a, H b) { return a >= b; }                                                          \
    PRT_HD inline H2 operator+(const H2& a, const H2& b) { return {a.x + b.x, a.y + b.y}; }                        \
    PRT_HD inline H2 operator-(const H2& a, const H2& b) { return {a.x - b.x, a.y - b.y}; }                        \
    PRT_HD inline H2 operator*(const H2& a, const H2& b) { return {a.x * b.x, a.y * b.y}; }                        \
    PRT_HD inline H2 operator/(const H2& a, const H2& b) { return {a.x / b.x, a.y / b.y}; }                        \
    PRT_HD inline H2 __hadd2(H2 a, H2 b) { return a + b; }                                                         \
    PRT_HD inline H2 __hsub2(H2 a, H2 b) { return a - b; }                                                         \
    PRT_HD inline H2 __hmul2(H2 a, H2 b) { return a * b; }                                                         \
    PRT_HD inline H2 __hfma2(H2 a, H2 b, H2 c) { return {__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }        \
    PRT_HD inline H2 __h2div(H2 a, H2 b) { return a / b; }                                                         \
    PRT_HD inline H2 __hneg2(H2 a) { return {-a.x, -a.y}; }                                                        \
    PRT_HD inline H2 __habs2(H2 a) { return {__habs(a.x), __habs(a.y)}; }                                          \
    PRT_HD inline H2 __hmax2(H2 a, H2 b) { return {__hmax(a.x, b.x), __hmax(a.y, b.y)}; }                          \
    PRT_HD inline H2 __hmin2(H2 a, H2 b) { return {__hmin(a.x, b.x), __hmin(a.y, b.y)}; }                          \
    PRT_HD inline H2 __heq2(H2 a, H2 b) { return {H(a.x == b.x ? 1.0f : 0.0f), H(a.y == b.y ? 1.0f : 0.0f)}; }     \
    PRT_HD inline H2 __hne2(H2 a, H2 b) { return {H(a.x != b.x ? 1.0f : 0.0f), H(a.y != b.y ? 1.0f : 0.0f)}; }     \
    PRT_HD inline H2 __hlt2(H2 a, H2 b) { return {H(a.x < b.x ? 1.0f : 0.0f), H(a.y < b.y ? 1.0f : 0.0f)}; }       \
    PRT_HD inline H2 __hle2(H2 a, H2 b) { return {H(a.x <= b.x ? 1.0f : 0.0f), H(a.y <= b.y ? 1.0f : 0.0f)}; }     \
    PRT_HD inline H2 __hgt2(H2 a, H2 b) { return {H(a.x > b.x ? 1.0f : 0.0f), H(a.y > b.y ? 1.0f : 0.0f)}; }       \
    PRT_HD inline H2 __hge2(H2 a, H2 b) { return {H(a.x >= b.x ? 1.0f : 0.0f), H(a.y >= b.y ? 1.0f : 0.0f)}; }     \
    PRT_HD inline bool __hbeq2(H2 a, H2 b) { return a.x == b.x && a.y == b.y; }                                    \
    PRT_HD inline bool __hbne2(H2 a, H2 b) { return a.x != b.x && a.y != b.y; }                                    \
    PRT_HD inline bool __hblt2(H2 a, H2 b) { return a.x < b.x && a.y < b.y; }                                      \
    PRT_HD inline bool __hble2(H2 a, H2 b) { return a.x <= b.x && a.y <= b.y; }                                    \
    PRT_HD inline bool __hbgt2(H2 a, H2 b) { return a.x > b.x && a.y > b.y; }                                      \
    PRT_HD inline bool __hbge2(H2 a, H2 b) { return a.x >= b.x && a.y >= b.y; }                                    \
    PRT_HD inline H2 h2sqrt(H2 a) { return {hsqrt(a.x), hsqrt(a.y)}; }                                             \
    PRT_HD inline H2 h2rsqrt(H2 a) { return {hrsqrt(a.x), hrsqrt(a.y)}; }                                          \
    PRT_HD inline H2 h2rcp(H2 a) { return {hrcp(a.x), hrcp(a.y)}; }                                                \
    PRT_HD inline H2 h2exp(H2 a) { return {hexp(a.x), hexp(a.y)}; }                                                \
    PRT_HD inline H2 h2exp2(H2 a) { return {hexp2(a.x), hexp2(a.y)}; }                                             \
    PRT_HD inline H2 h2exp10(H2 a) { return {hexp10(a.x), hexp10(a.y)}; }                                          \
    PRT_HD inline H2 h2log(H2 a) { return {hlog(a.x), hlog(a.y)}; }                                                \
    PRT_HD inline H2 h2log2(H2 a) { return {hlog2(a.x), hlog2(a.y)}; }                                             \
    PRT_HD inline H2 h2log10(H2 a) { return {hlog10(a.x), hlog10(a.y)}; }                                          \
    PRT_HD inline H2 h2sin(H2 a) { return {hsin(a.x), hsin(a.y)}; }                                                \
    PRT_HD inline H2 h2cos(H2 a) { return {hcos(a.x), hcos(a.y)}; }                                                \
    PRT_HD inline H2 h2ceil(H2 a) { return {hceil(a.x), hceil(a.y)}; }                                             \
    PRT_HD inline H2 h2floor(H2 a) { return {hfloor(a.x), hfloor(a.y)}; }                                          \
    PRT_HD inline H2 h2trunc(H2 a) { return {htrunc(a.x), htrunc(a.y)}; }                                          \
    PRT_HD inline H2 h2rint(H2 a) { return {hrint(a.x), hrint(a.y)}; }
