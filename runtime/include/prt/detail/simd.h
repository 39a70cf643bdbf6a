// prt/detail/simd.h: CUDA's SIMD video intrinsics (two 16-bit or four 8-bit lanes in an unsigned int) for the
// CPU and HIP backends (CUDA has its own): each lane is read as a signed or unsigned integer, computed in int
// and its low bits stored back; the *ss/*us forms saturate, __vsads/__vsadu sum over the lanes.
#pragma once

#include "prt/detail/hd.h"

namespace prt::detail::simd {

// Lane at bit i of v, N bits wide, sign-extended when S.
template <int N, bool S>
PRT_HD inline int lane(unsigned v, int i) {
    int x = int((v >> i) & ((1u << N) - 1));
    return S && x >= (1 << (N - 1)) ? x - (1 << N) : x;
}

// x clamped to the range of a signed (sats) or unsigned (satu) N-bit lane.
template <int N>
PRT_HD inline int sats(int x) {
    return x < -(1 << (N - 1)) ? -(1 << (N - 1)) : (x > (1 << (N - 1)) - 1 ? (1 << (N - 1)) - 1 : x);
}
template <int N>
PRT_HD inline int satu(int x) {
    return x < 0 ? 0 : (x > (1 << N) - 1 ? (1 << N) - 1 : x);
}

PRT_HD inline int iabs(int x) { return x < 0 ? -x : x; }

}  // namespace prt::detail::simd

// A lane-wise function: `expr` computes one lane from x and y (the lanes of a and b; y is 0 for unary forms).
#define PRT_SIMD_LANES(N, S, expr)                                                         \
    unsigned r = 0;                                                                         \
    for (int i = 0; i < 32; i += N) {                                                       \
        int x = ::prt::detail::simd::lane<N, S>(a, i), y = ::prt::detail::simd::lane<N, S>(b, i); \
        (void)y;                                                                            \
        r |= (unsigned(expr) & ((1u << N) - 1)) << i;                                       \
    }                                                                                       \
    return r;
#define PRT_SIMD2(name, N, S, expr) \
    PRT_HD inline unsigned name(unsigned a, unsigned b) { PRT_SIMD_LANES(N, S, expr) }
#define PRT_SIMD1(name, N, S, expr) \
    PRT_HD inline unsigned name(unsigned a) { const unsigned b = 0; PRT_SIMD_LANES(N, S, expr) }
#define PRT_SIMD_SATS(N, e) ::prt::detail::simd::sats<N>(e)
#define PRT_SIMD_SATU(N, e) ::prt::detail::simd::satu<N>(e)
#define PRT_SIMD_ABS(e) ::prt::detail::simd::iabs(e)
#define PRT_SIMD_MASK(N, c) ((c) ? int((1u << N) - 1) : 0)

// Each function below exists twice: name2 on two 16-bit lanes, name4 on four 8-bit lanes.
#define PRT_SIMD_FAMILY(W, N)                                                                             \
    PRT_SIMD1(__vabs##W, N, true, PRT_SIMD_ABS(x))                          /* |a|, wrapping */            \
    PRT_SIMD1(__vabsss##W, N, true, PRT_SIMD_SATS(N, PRT_SIMD_ABS(x)))  /* |a|, saturated */           \
    PRT_SIMD1(__vneg##W, N, true, -x)                                       /* -a, wrapping */             \
    PRT_SIMD1(__vnegss##W, N, true, PRT_SIMD_SATS(N, -x))              /* -a, saturated */            \
    PRT_SIMD2(__vadd##W, N, false, x + y)                                   /* a + b, wrapping */          \
    PRT_SIMD2(__vaddss##W, N, true, PRT_SIMD_SATS(N, x + y))           /* a + b, signed saturated */  \
    PRT_SIMD2(__vaddus##W, N, false, PRT_SIMD_SATU(N, x + y))         /* a + b, unsigned saturated */\
    PRT_SIMD2(__vsub##W, N, false, x - y)                                   /* a - b, wrapping */          \
    PRT_SIMD2(__vsubss##W, N, true, PRT_SIMD_SATS(N, x - y))           /* a - b, signed saturated */  \
    PRT_SIMD2(__vsubus##W, N, false, PRT_SIMD_SATU(N, x - y))         /* a - b, unsigned saturated */\
    PRT_SIMD2(__vabsdiffs##W, N, true, PRT_SIMD_ABS(x - y))                 /* |a - b|, signed */          \
    PRT_SIMD2(__vabsdiffu##W, N, false, PRT_SIMD_ABS(x - y))                /* |a - b|, unsigned */        \
    PRT_SIMD2(__vavgs##W, N, true, (x + y + (x + y >= 0)) >> 1)             /* signed average, rounded */  \
    PRT_SIMD2(__vavgu##W, N, false, (x + y + 1) >> 1)                       /* unsigned average, rounded */\
    PRT_SIMD2(__vhaddu##W, N, false, (x + y) >> 1)                          /* unsigned average, down */   \
    PRT_SIMD2(__vmaxs##W, N, true, x > y ? x : y)                           /* signed maximum */           \
    PRT_SIMD2(__vmaxu##W, N, false, x > y ? x : y)                          /* unsigned maximum */         \
    PRT_SIMD2(__vmins##W, N, true, x < y ? x : y)                           /* signed minimum */           \
    PRT_SIMD2(__vminu##W, N, false, x < y ? x : y)                          /* unsigned minimum */         \
    PRT_SIMD2(__vcmpeq##W, N, false, PRT_SIMD_MASK(N, x == y))              /* all ones where a == b */    \
    PRT_SIMD2(__vcmpne##W, N, false, PRT_SIMD_MASK(N, x != y))              /* all ones where a != b */    \
    PRT_SIMD2(__vcmpges##W, N, true, PRT_SIMD_MASK(N, x >= y))              /* all ones where a >= b */    \
    PRT_SIMD2(__vcmpgeu##W, N, false, PRT_SIMD_MASK(N, x >= y))             /* all ones where a >= b */    \
    PRT_SIMD2(__vcmpgts##W, N, true, PRT_SIMD_MASK(N, x > y))               /* all ones where a > b */     \
    PRT_SIMD2(__vcmpgtu##W, N, false, PRT_SIMD_MASK(N, x > y))              /* all ones where a > b */     \
    PRT_SIMD2(__vcmples##W, N, true, PRT_SIMD_MASK(N, x <= y))              /* all ones where a <= b */    \
    PRT_SIMD2(__vcmpleu##W, N, false, PRT_SIMD_MASK(N, x <= y))             /* all ones where a <= b */    \
    PRT_SIMD2(__vcmplts##W, N, true, PRT_SIMD_MASK(N, x < y))               /* all ones where a < b */     \
    PRT_SIMD2(__vcmpltu##W, N, false, PRT_SIMD_MASK(N, x < y))              /* all ones where a < b */     \
    PRT_SIMD2(__vseteq##W, N, false, x == y)                                /* 1 where a == b */           \
    PRT_SIMD2(__vsetne##W, N, false, x != y)                                /* 1 where a != b */           \
    PRT_SIMD2(__vsetges##W, N, true, x >= y)                                /* 1 where a >= b */           \
    PRT_SIMD2(__vsetgeu##W, N, false, x >= y)                               /* 1 where a >= b */           \
    PRT_SIMD2(__vsetgts##W, N, true, x > y)                                 /* 1 where a > b */            \
    PRT_SIMD2(__vsetgtu##W, N, false, x > y)                                /* 1 where a > b */            \
    PRT_SIMD2(__vsetles##W, N, true, x <= y)                                /* 1 where a <= b */           \
    PRT_SIMD2(__vsetleu##W, N, false, x <= y)                               /* 1 where a <= b */           \
    PRT_SIMD2(__vsetlts##W, N, true, x < y)                                 /* 1 where a < b */            \
    PRT_SIMD2(__vsetltu##W, N, false, x < y)                                /* 1 where a < b */            \
    PRT_HD inline unsigned __vsads##W(unsigned a, unsigned b) { /* sum of |a - b| over the lanes, signed */  \
        unsigned s = 0;                                                                                   \
        for (int i = 0; i < 32; i += N)                                                                   \
            s += unsigned(::prt::detail::simd::iabs(::prt::detail::simd::lane<N, true>(a, i) -            \
                                                    ::prt::detail::simd::lane<N, true>(b, i)));           \
        return s;                                                                                         \
    }                                                                                                     \
    PRT_HD inline unsigned __vsadu##W(unsigned a, unsigned b) { /* sum of |a - b| over the lanes, unsigned */ \
        unsigned s = 0;                                                                                   \
        for (int i = 0; i < 32; i += N)                                                                   \
            s += unsigned(::prt::detail::simd::iabs(::prt::detail::simd::lane<N, false>(a, i) -           \
                                                    ::prt::detail::simd::lane<N, false>(b, i)));          \
        return s;                                                                                         \
    }

PRT_SIMD_FAMILY(2, 16)  // __vabs2 ... __vsadu2
PRT_SIMD_FAMILY(4, 8)   // __vabs4 ... __vsadu4

#undef PRT_SIMD_FAMILY
#undef PRT_SIMD_MASK
#undef PRT_SIMD_ABS
#undef PRT_SIMD_SATU
#undef PRT_SIMD_SATS
#undef PRT_SIMD1
#undef PRT_SIMD2
#undef PRT_SIMD_LANES
