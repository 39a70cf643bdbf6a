// prt/math.h: device math with CUDA's spelling: fast intrinsics (__expf, __exp10f, __logf, __log2f, __log10f,
// __sinf, __cosf, __sincosf, __tanf, __powf, __fdividef, __saturatef, rsqrtf, rsqrt, __fmaf_rn, __fadd_rn,
// __fsub_rn, __fmul_rn, __fdiv_rn, __frcp_rn, __fsqrt_rn, __fma_rn, __dadd_rn, __dsub_rn, __dmul_rn, __ddiv_rn,
// __drcp_rn, __dsqrt_rn), conversions and reinterpretations (__float2int_rn/_rz/_rd/_ru, __float2uint_rn,
// __int2float_rn, __double2int/uint/ll/ull and __float2ll/ull with _rn/_rz/_rd/_ru, __double2float_rn,
// __int2double_rn, __uint2double_rn, __ll2double_rn, __ull2double_rn, __uint2float_rn, __ll2float_rn,
// __ull2float_rn, __double2hiint, __double2loint, __hiloint2double, __float_as_int, __int_as_float,
// __float_as_uint, __uint_as_float, __double_as_longlong, __longlong_as_double), bit intrinsics (__popc,
// __popcll, __clz, __clzll, __ffs, __ffsll, __brev, __brevll, __mulhi, __umulhi, __mul64hi, __umul64hi, __mul24,
// __umul24, __byte_perm), the SIMD video intrinsics on 2x16 and 4x8-bit lanes (__vabs, __vabsss, __vneg,
// __vnegss, __vadd, __vaddss, __vaddus, __vsub, __vsubss, __vsubus, __vabsdiffs/u, __vavgs/u, __vhaddu,
// __vmaxs/u, __vmins/u, __vcmp{eq,ne,ges,geu,gts,gtu,les,leu,lts,ltu}, __vset{...}, __vsads/u, each with suffix
// 2 or 4), packed dot products (__dp4a, __dp2a_lo, __dp2a_hi), funnel shifts (__funnelshift_l/_lc/_r/_rc),
// averages and absolute differences (__rhadd, __urhadd, __uhadd, __sad, __usad), byte swaps (__nv_bswap16/32/64),
// __frsqrt_rn, fdividef, __float2uint_rz/_rd/_ru, special functions (sinpi, cospi, sincospi, normcdf, erfinv,
// erfcinv, normcdfinv, rcbrt, rhypot, norm3d, norm4d, rnorm3d, rnorm4d, norm, rnorm, each also with suffix f),
// umin, umax, llmin, llmax, ullmin, ullmax, the DPX functions (__viaddmax/__viaddmin, __vimax3/__vimin3,
// __vimax/__vimin _relu, __vibmax/__vibmin; _s32, _u32, _s16x2, _u16x2), and min/max overloads for integer and
// floating types.
#pragma once

#include "prt/kernel.h"

#if PRT_BACKEND_CPU
#include "prt/cpu/math.h"
#elif PRT_BACKEND_HIP
#include "prt/hip/math.h"
#endif
