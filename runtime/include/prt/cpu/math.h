// prt/cpu/math.h: CUDA's device math intrinsics on the CPU backend, computed with the C++ library at full
// precision (the fast forms are allowed to be more accurate).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "prt/detail/integer.h"
#include "prt/detail/simd.h"

namespace prt::cpu::detail {
template <class To, class From>
inline To bit_cast(From v) {
    static_assert(sizeof(To) == sizeof(From), "bit_cast of different sizes");
    To t;
    std::memcpy(&t, &v, sizeof(To));
    return t;
}

// r (already rounded to an integer) converted to I as CUDA's cvt does: saturated to I's range, NaN to 0.
template <class I>
inline I to_int(double r) {
    if (std::isnan(r)) return 0;
    if (r <= double(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
    if (r >= double(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
    return I(r);
}
}  // namespace prt::cpu::detail

inline float __expf(float x) { return std::exp(x); }                  // e^x
inline float __exp10f(float x) { return std::pow(10.0f, x); }         // 10^x
inline float __logf(float x) { return std::log(x); }                  // natural log
inline float __log2f(float x) { return std::log2(x); }                // log base 2
inline float __log10f(float x) { return std::log10(x); }              // log base 10
inline float __sinf(float x) { return std::sin(x); }                  // sine
inline float __cosf(float x) { return std::cos(x); }                  // cosine
inline float __tanf(float x) { return std::tan(x); }                  // tangent
inline void __sincosf(float x, float* s, float* c) { *s = std::sin(x); *c = std::cos(x); }  // sine and cosine
inline float __powf(float x, float y) { return std::pow(x, y); }      // x^y
inline float __fdividef(float x, float y) { return x / y; }           // x / y
inline float __saturatef(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }  // clamp to [0,1], NaN->0
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }          // 1 / sqrt(x)
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }          // 1 / sqrt(x)
inline float __fmaf_rn(float a, float b, float c) { return std::fma(a, b, c); }  // a*b+c, one rounding
inline float __fadd_rn(float a, float b) { return a + b; }            // a + b, round to nearest
inline float __fsub_rn(float a, float b) { return a - b; }            // a - b, round to nearest
inline float __fmul_rn(float a, float b) { return a * b; }            // a * b, round to nearest
inline float __fdiv_rn(float a, float b) { return a / b; }            // a / b, round to nearest
inline float __frcp_rn(float a) { return 1.0f / a; }                  // 1 / a, round to nearest
inline float __frsqrt_rn(float a) { return float(1.0 / std::sqrt(double(a))); }  // 1 / sqrt(a), round to nearest
inline float fdividef(float x, float y) { return x / y; }             // x / y
inline float __fsqrt_rn(float a) { return std::sqrt(a); }             // sqrt, round to nearest
inline double __fma_rn(double a, double b, double c) { return std::fma(a, b, c); }  // a*b+c, one rounding
inline double __dadd_rn(double a, double b) { return a + b; }         // a + b, round to nearest
inline double __dmul_rn(double a, double b) { return a * b; }         // a * b, round to nearest
inline double __dsub_rn(double a, double b) { return a - b; }         // a - b, round to nearest
inline double __ddiv_rn(double a, double b) { return a / b; }         // a / b, round to nearest
inline double __drcp_rn(double a) { return 1.0 / a; }                 // 1 / a, round to nearest
inline double __dsqrt_rn(double a) { return std::sqrt(a); }           // sqrt, round to nearest

inline int __float2int_rn(float x) { return int(std::nearbyint(x)); }  // to int, round half to even
inline int __float2int_rz(float x) { return int(x); }                  // to int, toward zero
inline int __float2int_rd(float x) { return int(std::floor(x)); }      // to int, down
inline int __float2int_ru(float x) { return int(std::ceil(x)); }       // to int, up
inline unsigned __float2uint_rn(float x) { return unsigned(std::nearbyint(x)); }  // to unsigned, nearest
inline float __int2float_rn(int x) { return float(x); }                // to float, nearest
// Double and 64-bit conversions, rounding as named (rn: nearest even, rz: toward zero, rd: down, ru: up) and
// saturating to the target's range.
#define PRT_CPU_TO_INT(name, From, I)                                                                    \
    inline I name##_rn(From x) { return prt::cpu::detail::to_int<I>(std::nearbyint(double(x))); } /* nearest */ \
    inline I name##_rz(From x) { return prt::cpu::detail::to_int<I>(std::trunc(double(x))); }     /* to zero */ \
    inline I name##_rd(From x) { return prt::cpu::detail::to_int<I>(std::floor(double(x))); }     /* down */    \
    inline I name##_ru(From x) { return prt::cpu::detail::to_int<I>(std::ceil(double(x))); }      /* up */
PRT_CPU_TO_INT(__double2int, double, int)                   // __double2int_rn/_rz/_rd/_ru
PRT_CPU_TO_INT(__double2uint, double, unsigned)             // __double2uint_rn/_rz/_rd/_ru
PRT_CPU_TO_INT(__double2ll, double, long long)              // __double2ll_rn/_rz/_rd/_ru
PRT_CPU_TO_INT(__double2ull, double, unsigned long long)    // __double2ull_rn/_rz/_rd/_ru
PRT_CPU_TO_INT(__float2ll, float, long long)                // __float2ll_rn/_rz/_rd/_ru
PRT_CPU_TO_INT(__float2ull, float, unsigned long long)      // __float2ull_rn/_rz/_rd/_ru
inline unsigned __float2uint_rz(float x) { return prt::cpu::detail::to_int<unsigned>(std::trunc(x)); }  // toward 0
inline unsigned __float2uint_rd(float x) { return prt::cpu::detail::to_int<unsigned>(std::floor(x)); }  // down
inline unsigned __float2uint_ru(float x) { return prt::cpu::detail::to_int<unsigned>(std::ceil(x)); }   // up
#undef PRT_CPU_TO_INT
inline float __double2float_rn(double x) { return float(x); }                     // to float, nearest
inline double __int2double_rn(int x) { return double(x); }                        // to double (exact)
inline double __uint2double_rn(unsigned x) { return double(x); }                  // to double (exact)
inline double __ll2double_rn(long long x) { return double(x); }                   // to double, nearest
inline double __ull2double_rn(unsigned long long x) { return double(x); }         // to double, nearest
inline float __uint2float_rn(unsigned x) { return float(x); }                     // to float, nearest
inline float __ll2float_rn(long long x) { return float(x); }                      // to float, nearest
inline float __ull2float_rn(unsigned long long x) { return float(x); }            // to float, nearest
inline int __double2hiint(double x) {                                             // high 32 bits of a double
    return int(prt::cpu::detail::bit_cast<unsigned long long>(x) >> 32);
}
inline int __double2loint(double x) {                                             // low 32 bits of a double
    return int(unsigned(prt::cpu::detail::bit_cast<unsigned long long>(x)));
}
inline double __hiloint2double(int hi, int lo) {                                  // double from high and low bits
    return prt::cpu::detail::bit_cast<double>((static_cast<unsigned long long>(unsigned(hi)) << 32) | unsigned(lo));
}
inline int __float_as_int(float x) { return prt::cpu::detail::bit_cast<int>(x); }              // reinterpret
inline float __int_as_float(int x) { return prt::cpu::detail::bit_cast<float>(x); }            // reinterpret
inline unsigned __float_as_uint(float x) { return prt::cpu::detail::bit_cast<unsigned>(x); }   // reinterpret
inline float __uint_as_float(unsigned x) { return prt::cpu::detail::bit_cast<float>(x); }      // reinterpret
inline long long __double_as_longlong(double x) { return prt::cpu::detail::bit_cast<long long>(x); }  // reinterpret
inline double __longlong_as_double(long long x) { return prt::cpu::detail::bit_cast<double>(x); }    // reinterpret

inline int __popc(unsigned x) { return __builtin_popcount(x); }                   // set bits
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }     // set bits
inline int __clz(int x) { return x ? __builtin_clz(unsigned(x)) : 32; }           // leading zeros
inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }  // leading zeros
inline int __ffs(int x) { return __builtin_ffs(x); }                              // 1 + index of lowest set bit
inline int __ffsll(long long x) { return __builtin_ffsll(x); }                    // 1 + index of lowest set bit
inline unsigned __brev(unsigned x) {                                              // reverses the bits
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}
inline unsigned long long __brevll(unsigned long long x) {                         // reverses the bits
    return (static_cast<unsigned long long>(__brev(unsigned(x))) << 32) | __brev(unsigned(x >> 32));
}
inline int __mul24(int a, int b) {  // low 32 bits of the product of the low 24 bits (signed) of a and b
    int x = int(unsigned(a) << 8) >> 8, y = int(unsigned(b) << 8) >> 8;
    return int(unsigned(x) * unsigned(y));
}
inline unsigned __umul24(unsigned a, unsigned b) { return (a & 0xffffffu) * (b & 0xffffffu); }  // 24-bit product
inline int __mulhi(int a, int b) { return int((long long)a * b >> 32); }           // high 32 bits of a*b
inline unsigned __umulhi(unsigned a, unsigned b) { return unsigned((unsigned long long)a * b >> 32); }  // high half
inline long long __mul64hi(long long a, long long b) { return (long long)((__int128)a * b >> 64); }  // high half
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {  // high 64 bits of a*b
    return (unsigned long long)((unsigned __int128)a * b >> 64);
}
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift) {       // high word of hi:lo << (shift & 31)
    return unsigned((((unsigned long long)hi << 32) | lo) << (shift & 31) >> 32);
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift) {      // the same, shift clamped to 32
    return shift >= 32 ? lo : __funnelshift_l(lo, hi, shift);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {       // low word of hi:lo >> (shift & 31)
    return unsigned((((unsigned long long)hi << 32) | lo) >> (shift & 31));
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift) {      // the same, shift clamped to 32
    return shift >= 32 ? hi : __funnelshift_r(lo, hi, shift);
}
inline unsigned __sad(int x, int y, unsigned z) {                                 // |x - y| + z
    return unsigned(x > y ? (long long)x - y : (long long)y - x) + z;
}
inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x > y ? x - y : y - x) + z; }  // |x - y| + z
inline int __rhadd(int x, int y) { return int(((long long)x + y + 1) >> 1); }     // (x + y + 1) / 2, rounded down
inline unsigned __urhadd(unsigned x, unsigned y) { return unsigned(((unsigned long long)x + y + 1) >> 1); }  // same
inline unsigned __uhadd(unsigned x, unsigned y) { return unsigned(((unsigned long long)x + y) >> 1); }  // (x + y) / 2
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {                  // picks 4 bytes of y:x
    unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned r = 0;
    for (int i = 0; i < 4; ++i) r |= unsigned((v >> (((s >> (4 * i)) & 7) * 8)) & 0xFF) << (8 * i);
    return r;
}

// min and max as CUDA's device code declares them, for mixed integer and floating arguments.
inline int min(int a, int b) { return a < b ? a : b; }                                          // minimum
inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }                           // minimum
inline long min(long a, long b) { return a < b ? a : b; }                                       // minimum
inline unsigned long min(unsigned long a, unsigned long b) { return a < b ? a : b; }            // minimum
inline long long min(long long a, long long b) { return a < b ? a : b; }                        // minimum
inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }  // minimum
inline float min(float a, float b) { return std::fmin(a, b); }                                  // minimum
inline double min(double a, double b) { return std::fmin(a, b); }                               // minimum
inline int max(int a, int b) { return a > b ? a : b; }                                          // maximum
inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }                           // maximum
inline long max(long a, long b) { return a > b ? a : b; }                                       // maximum
inline unsigned long max(unsigned long a, unsigned long b) { return a > b ? a : b; }            // maximum
inline long long max(long long a, long long b) { return a > b ? a : b; }                        // maximum
inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }  // maximum
inline float max(float a, float b) { return std::fmax(a, b); }                                  // maximum
inline double max(double a, double b) { return std::fmax(a, b); }                               // maximum
// The mixed forms CUDA's math library declares: a signed and an unsigned operand compare as unsigned, a float
// and a double as double.
inline unsigned min(int a, unsigned b) { return min(unsigned(a), b); }                            // minimum
inline unsigned min(unsigned a, int b) { return min(a, unsigned(b)); }                            // minimum
inline unsigned long min(long a, unsigned long b) { return min((unsigned long)a, b); }            // minimum
inline unsigned long min(unsigned long a, long b) { return min(a, (unsigned long)b); }            // minimum
inline unsigned long long min(long long a, unsigned long long b) { return min((unsigned long long)a, b); }  // minimum
inline unsigned long long min(unsigned long long a, long long b) { return min(a, (unsigned long long)b); }  // minimum
inline double min(float a, double b) { return std::fmin(double(a), b); }                           // minimum
inline double min(double a, float b) { return std::fmin(a, double(b)); }                           // minimum
inline unsigned max(int a, unsigned b) { return max(unsigned(a), b); }                            // maximum
inline unsigned max(unsigned a, int b) { return max(a, unsigned(b)); }                            // maximum
inline unsigned long max(long a, unsigned long b) { return max((unsigned long)a, b); }            // maximum
inline unsigned long max(unsigned long a, long b) { return max(a, (unsigned long)b); }            // maximum
inline unsigned long long max(long long a, unsigned long long b) { return max((unsigned long long)a, b); }  // maximum
inline unsigned long long max(unsigned long long a, long long b) { return max(a, (unsigned long long)b); }  // maximum
inline double max(float a, double b) { return std::fmax(double(a), b); }                           // maximum
inline double max(double a, float b) { return std::fmax(a, double(b)); }                           // maximum

// Special functions of CUDA's device math library that the C++ library lacks.
namespace prt::cpu::detail {
template <class T>
inline T sinpi(T x) {  // sin(pi x), exact at integers
    T r = std::remainder(x, T(2));
    return r == std::trunc(r) ? std::copysign(T(0), x) : T(std::sin(3.14159265358979323846 * double(r)));
}
template <class T>
inline T cospi(T x) {  // cos(pi x), exact at half-integers
    T r = std::fabs(std::remainder(x, T(2)));
    return r == T(0.5) ? T(0) : T(std::cos(3.14159265358979323846 * double(r)));
}
// The inverse of erf (upper = false) or of erfc (upper = true) at y: Newton steps on erf near 0, on erfc in the
// tails (where 1 - y would lose the digits), from an estimate (Abramowitz and Stegun 26.2.23) there.
inline double erfinv(double y, bool upper) {
    if (upper ? !(y >= 0.0 && y <= 2.0) : !(y >= -1.0 && y <= 1.0)) return std::nan("");
    const double e = upper ? 1.0 - y : y, k = 1.1283791670955126;  // erf of the answer; 2 / sqrt(pi)
    if (std::fabs(e) < 0.5) {
        double x = e / k;
        for (int i = 0; i < 5; ++i) x += (e - std::erf(x)) / (k * std::exp(-x * x));
        return x;
    }
    const double q = upper ? (y < 1.0 ? y : 2.0 - y) : 1.0 - std::fabs(y);  // erfc of |answer|, exact
    const double sign = e < 0.0 ? -1.0 : 1.0;
    if (q == 0.0) return sign * HUGE_VAL;
    const double t = std::sqrt(-2.0 * std::log(q / 2.0));
    double x = 0.7071067811865476 * (t - (2.515517 + t * (0.802853 + t * 0.010328)) /
                                             (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308))));
    for (int i = 0; i < 6; ++i) x += (std::erfc(x) - q) / (k * std::exp(-x * x));
    return sign * x;
}
}  // namespace prt::cpu::detail

inline double sinpi(double x) { return prt::cpu::detail::sinpi(x); }                           // sin(pi x)
inline float sinpif(float x) { return prt::cpu::detail::sinpi(x); }                            // sin(pi x)
inline double cospi(double x) { return prt::cpu::detail::cospi(x); }                           // cos(pi x)
inline float cospif(float x) { return prt::cpu::detail::cospi(x); }                            // cos(pi x)
inline void sincospi(double x, double* s, double* c) { *s = sinpi(x); *c = cospi(x); }         // both
inline void sincospif(float x, float* s, float* c) { *s = sinpif(x); *c = cospif(x); }         // both
inline double normcdf(double x) { return 0.5 * std::erfc(-x * 0.7071067811865476); }           // standard normal CDF
inline float normcdff(float x) { return float(normcdf(double(x))); }                           // standard normal CDF
inline double erfinv(double y) { return prt::cpu::detail::erfinv(y, false); }                  // inverse of erf
inline float erfinvf(float y) { return float(erfinv(double(y))); }                             // inverse of erf
inline double erfcinv(double y) { return prt::cpu::detail::erfinv(y, true); }                  // inverse of erfc
inline float erfcinvf(float y) { return float(erfcinv(double(y))); }                           // inverse of erfc
inline double normcdfinv(double p) { return -1.4142135623730951 * erfcinv(2.0 * p); }          // inverse of normcdf
inline float normcdfinvf(float p) { return float(normcdfinv(double(p))); }                     // inverse of normcdf
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }                                   // 1 / cbrt(x)
inline float rcbrtf(float x) { return float(1.0 / std::cbrt(double(x))); }                     // 1 / cbrt(x)
inline double rhypot(double x, double y) { return 1.0 / std::hypot(x, y); }                    // 1 / hypot
inline float rhypotf(float x, float y) { return float(1.0 / std::hypot(double(x), double(y))); }  // 1 / hypot
inline double norm3d(double a, double b, double c) { return std::hypot(a, b, c); }             // |(a, b, c)|
inline float norm3df(float a, float b, float c) { return float(std::hypot(double(a), double(b), double(c))); }  // same
inline double norm4d(double a, double b, double c, double d) {                                 // |(a, b, c, d)|
    return std::hypot(std::hypot(a, b), std::hypot(c, d));
}
inline float norm4df(float a, float b, float c, float d) {                                     // |(a, b, c, d)|
    return float(norm4d(double(a), double(b), double(c), double(d)));
}
inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }          // 1 / norm3d
inline float rnorm3df(float a, float b, float c) { return float(1.0 / norm3d(a, b, c)); }      // 1 / norm3d
inline double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }  // 1 / norm4d
inline float rnorm4df(float a, float b, float c, float d) { return float(1.0 / norm4d(a, b, c, d)); }  // 1 / norm4d
inline double norm(int dim, const double* p) {                                                 // |p[0..dim)|
    double s = 0;
    for (int i = 0; i < dim; ++i) s = std::hypot(s, p[i]);
    return s;
}
inline float normf(int dim, const float* p) {                                                  // |p[0..dim)|
    double s = 0;
    for (int i = 0; i < dim; ++i) s = std::hypot(s, double(p[i]));
    return float(s);
}
inline double rnorm(int dim, const double* p) { return 1.0 / norm(dim, p); }                   // 1 / norm
inline float rnormf(int dim, const float* p) { return float(1.0 / double(normf(dim, p))); }    // 1 / normf

// CUDA declares the floating-point classification functions in the global namespace, as C's <math.h> does.
using std::isfinite;  // finite (neither infinite nor NaN)
using std::isinf;     // infinite
using std::isnan;     // not a number
using std::signbit;   // sign bit set
