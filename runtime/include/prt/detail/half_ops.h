// prt/detail/half_ops.h: operators and __h* functions of a 16-bit float type H and its pair H2, computed in
// float and rounded once; shared by the CPU backend's __half and by __nv_bfloat16 on CPU and HIP.
#pragma once

#include <cmath>

#if defined(__HIPCC__) || defined(__CUDACC__)
#define PRT_HD __host__ __device__
#else
#define PRT_HD
#endif

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
    PRT_HD inline H2 __hfma2(H2 a, H2 b, H2 c) { return {__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }
