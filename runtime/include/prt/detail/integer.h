// prt/detail/integer.h: integer intrinsics of CUDA that HIP lacks, for the CPU and HIP backends: dot products of
// packed bytes and halfwords (__dp4a, __dp2a_lo, __dp2a_hi), byte swaps (__nv_bswap16/32/64) and the typed
// minima and maxima (umin, umax, llmin, llmax, ullmin, ullmax).
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
