// prt/detail/integer.h: integer intrinsics of CUDA that HIP lacks, for the CPU and HIP backends: dot products of
// packed bytes and halfwords (__dp4a, __dp2a_lo, __dp2a_hi), byte swaps (__nv_bswap16/32/64), the typed
// minima and maxima (umin, umax, llmin, llmax, ullmin, ullmax) and the DPX functions of sm_90 (__viaddmax_*,
// __viaddmin_*, __vimax3_*, __vimin3_*, __vimax_*_relu, __vimin_*_relu, __vibmax_*, __vibmin_*) on 32-bit
// values and on pairs of 16-bit lanes, signed (s) or unsigned (u), _relu clamping below at 0.
#pragma once

#include "prt/detail/hd.h"

namespace prt::detail::integer {

// Lane i (0-based) of v, `bits` wide, sign-extended when S.
template <bool S>
PRT_HD inline int lane(unsigned v, int i, int bits) {
    unsigned m = (1u << bits) - 1, x = (v >> (i * bits)) & m;
    return S && (x >> (bits - 1)) ? int(x) - int(m) - 1 : int(x);
}

template <bool S, class T>
PRT_HD inline T dp4a(unsigned a, unsigned b, T c) {
    T s = c;
    for (int i = 0; i < 4; ++i) s += T(lane<S>(a, i, 8) * lane<S>(b, i, 8));
    return s;
}

template <bool S, class T>
PRT_HD inline T dp2a(unsigned a, unsigned b, T c, int first) {
    return T(c + T(lane<S>(a, 0, 16) * lane<S>(b, first, 8)) + T(lane<S>(a, 1, 16) * lane<S>(b, first + 1, 8)));
}


template <class T>
PRT_HD inline T mx(T a, T b) { return a > b ? a : b; }
template <class T>
PRT_HD inline T mn(T a, T b) { return a < b ? a : b; }
template <class T>
PRT_HD inline T relu(T v) { return v > T(0) ? v : T(0); }
template <class T>
PRT_HD inline bool ge(T a, T b) { return a >= b; }
template <class T>
PRT_HD inline bool le(T a, T b) { return a <= b; }

// f on each 16-bit lane of a, b, c (read as signed when S, the sum a + b wrapping at 16 bits), packed again.
template <bool S, class F>
PRT_HD inline unsigned pairs(unsigned a, unsigned b, unsigned c, F f) {
    unsigned r = 0;
    for (int i = 0; i < 2; ++i) {
        int x = lane<S>(a, i, 16), y = lane<S>(b, i, 16), z = lane<S>(c, i, 16);
        int sum = lane<S>(unsigned(x + y) & 0xffffu, 0, 16);
        r |= (unsigned(f(x, y, z, sum)) & 0xffffu) << (16 * i);
    }
    return r;
}

}  // namespace prt::detail::integer

PRT_HD inline int __dp4a(int a, int b, int c) {  // c + the sum of the products of the 4 signed bytes of a and b
    return ::prt::detail::integer::dp4a<true>(unsigned(a), unsigned(b), c);
}
PRT_HD inline unsigned __dp4a(unsigned a, unsigned b, unsigned c) {  // the same, unsigned bytes
    return ::prt::detail::integer::dp4a<false>(a, b, c);
}
PRT_HD inline int __dp2a_lo(int a, int b, int c) {  // c + the 2 halfwords of a times the low 2 bytes of b
    return ::prt::detail::integer::dp2a<true>(unsigned(a), unsigned(b), c, 0);
}
PRT_HD inline unsigned __dp2a_lo(unsigned a, unsigned b, unsigned c) {  // the same, unsigned
    return ::prt::detail::integer::dp2a<false>(a, b, c, 0);
}
PRT_HD inline int __dp2a_hi(int a, int b, int c) {  // c + the 2 halfwords of a times the high 2 bytes of b
    return ::prt::detail::integer::dp2a<true>(unsigned(a), unsigned(b), c, 2);
}
PRT_HD inline unsigned __dp2a_hi(unsigned a, unsigned b, unsigned c) {  // the same, unsigned
    return ::prt::detail::integer::dp2a<false>(a, b, c, 2);
}

PRT_HD inline unsigned short __nv_bswap16(unsigned short x) { return (unsigned short)((x >> 8) | (x << 8)); }  // swap
PRT_HD inline unsigned __nv_bswap32(unsigned x) {  // reverses the bytes
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}
PRT_HD inline unsigned long long __nv_bswap64(unsigned long long x) {  // reverses the bytes
    return ((unsigned long long)__nv_bswap32(unsigned(x)) << 32) | __nv_bswap32(unsigned(x >> 32));
}

PRT_HD inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }                       // minimum
PRT_HD inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }                       // maximum
PRT_HD inline long long llmin(long long a, long long b) { return a < b ? a : b; }                   // minimum
PRT_HD inline long long llmax(long long a, long long b) { return a > b ? a : b; }                   // maximum
PRT_HD inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }  // min
PRT_HD inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }  // max

#define PRT_DI ::prt::detail::integer  // (within this file)

// The DPX family of one operation: op is max or min, F the function (mx, mn), P the predicate __vib* report (ge, le).
#define PRT_DPX_FAMILY(op, F, P)                                                                                 \
    PRT_HD inline int __viadd##op##_s32(int a, int b, int c) { /* op(a + b, c) */                               \
        return PRT_DI::F(int(unsigned(a) + unsigned(b)), c);                                                     \
    }                                                                                                            \
    PRT_HD inline int __viadd##op##_s32_relu(int a, int b, int c) { /* op(a + b, c), at least 0 */               \
        return PRT_DI::relu(PRT_DI::F(int(unsigned(a) + unsigned(b)), c));                                       \
    }                                                                                                            \
    PRT_HD inline unsigned __viadd##op##_u32(unsigned a, unsigned b, unsigned c) { /* op(a + b, c) */            \
        return PRT_DI::F(a + b, c);                                                                              \
    }                                                                                                            \
    PRT_HD inline unsigned __viadd##op##_s16x2(unsigned a, unsigned b, unsigned c) { /* per signed halfword */   \
        return PRT_DI::pairs<true>(a, b, c, [](int, int, int z, int s) { return PRT_DI::F(s, z); });             \
    }                                                                                                            \
    PRT_HD inline unsigned __viadd##op##_s16x2_relu(unsigned a, unsigned b, unsigned c) { /* at least 0 */       \
        return PRT_DI::pairs<true>(a, b, c, [](int, int, int z, int s) { return PRT_DI::relu(PRT_DI::F(s, z)); }); \
    }                                                                                                            \
    PRT_HD inline unsigned __viadd##op##_u16x2(unsigned a, unsigned b, unsigned c) { /* per unsigned halfword */ \
        return PRT_DI::pairs<false>(a, b, c, [](int, int, int z, int s) { return PRT_DI::F(s, z); });            \
    }                                                                                                            \
    PRT_HD inline int __vi##op##3_s32(int a, int b, int c) { /* op of three */                                   \
        return PRT_DI::F(PRT_DI::F(a, b), c);                                                                    \
    }                                                                                                            \
    PRT_HD inline int __vi##op##3_s32_relu(int a, int b, int c) { /* op of three, at least 0 */                  \
        return PRT_DI::relu(PRT_DI::F(PRT_DI::F(a, b), c));                                                      \
    }                                                                                                            \
    PRT_HD inline unsigned __vi##op##3_u32(unsigned a, unsigned b, unsigned c) { /* op of three */               \
        return PRT_DI::F(PRT_DI::F(a, b), c);                                                                    \
    }                                                                                                            \
    PRT_HD inline unsigned __vi##op##3_s16x2(unsigned a, unsigned b, unsigned c) { /* per signed halfword */     \
        return PRT_DI::pairs<true>(a, b, c, [](int x, int y, int z, int) { return PRT_DI::F(PRT_DI::F(x, y), z); }); \
    }                                                                                                            \
    PRT_HD inline unsigned __vi##op##3_s16x2_relu(unsigned a, unsigned b, unsigned c) { /* at least 0 */         \
        return PRT_DI::pairs<true>(a, b, c, [](int x, int y, int z, int) {                                       \
            return PRT_DI::relu(PRT_DI::F(PRT_DI::F(x, y), z));                                                  \
        });                                                                                                      \
    }                                                                                                            \
    PRT_HD inline unsigned __vi##op##3_u16x2(unsigned a, unsigned b, unsigned c) { /* per unsigned halfword */   \
        return PRT_DI::pairs<false>(a, b, c, [](int x, int y, int z, int) { return PRT_DI::F(PRT_DI::F(x, y), z); }); \
    }                                                                                                            \
    PRT_HD inline int __vi##op##_s32_relu(int a, int b) { /* op(a, b), at least 0 */                             \
        return PRT_DI::relu(PRT_DI::F(a, b));                                                                    \
    }                                                                                                            \
    PRT_HD inline unsigned __vi##op##_s16x2_relu(unsigned a, unsigned b) { /* per signed halfword, at least 0 */ \
        return PRT_DI::pairs<true>(a, b, 0u, [](int x, int y, int, int) { return PRT_DI::relu(PRT_DI::F(x, y)); }); \
    }                                                                                                            \
    PRT_HD inline int __vib##op##_s32(int a, int b, bool* pred) { /* op(a, b); *pred: a P b */                   \
        *pred = PRT_DI::P(a, b);                                                                                 \
        return PRT_DI::F(a, b);                                                                                  \
    }                                                                                                            \
    PRT_HD inline unsigned __vib##op##_u32(unsigned a, unsigned b, bool* pred) { /* op(a, b); *pred: a P b */    \
        *pred = PRT_DI::P(a, b);                                                                                 \
        return PRT_DI::F(a, b);                                                                                  \
    }                                                                                                            \
    PRT_HD inline unsigned __vib##op##_s16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {             \
        int xl = PRT_DI::lane<true>(a, 0, 16), yl = PRT_DI::lane<true>(b, 0, 16); /* per signed halfword */      \
        int xh = PRT_DI::lane<true>(a, 1, 16), yh = PRT_DI::lane<true>(b, 1, 16);                                \
        *pred_lo = PRT_DI::P(xl, yl);                                                                            \
        *pred_hi = PRT_DI::P(xh, yh);                                                                            \
        return (unsigned(PRT_DI::F(xl, yl)) & 0xffffu) | (unsigned(PRT_DI::F(xh, yh)) << 16);                    \
    }                                                                                                            \
    PRT_HD inline unsigned __vib##op##_u16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {             \
        unsigned xl = a & 0xffffu, yl = b & 0xffffu, xh = a >> 16, yh = b >> 16; /* per unsigned halfword */     \
        *pred_lo = PRT_DI::P(xl, yl);                                                                            \
        *pred_hi = PRT_DI::P(xh, yh);                                                                            \
        return PRT_DI::F(xl, yl) | (PRT_DI::F(xh, yh) << 16);                                                    \
    }

PRT_DPX_FAMILY(max, mx, ge)  // __viaddmax_*, __vimax3_*, __vimax_*_relu, __vibmax_*
PRT_DPX_FAMILY(min, mn, le)  // __viaddmin_*, __vimin3_*, __vimin_*_relu, __vibmin_*

#undef PRT_DPX_FAMILY
#undef PRT_DI
