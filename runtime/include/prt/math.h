// prt/math.h: device math with CUDA's spelling: fast intrinsics (__expf, __exp10f, __logf, __log2f, __log10f,
// __sinf, __cosf, __sincosf, __tanf, __powf, __fdividef, __saturatef, rsqrtf, rsqrt, __fmaf_rn, __fadd_rn,
// __fsub_rn, __fmul_rn, __fdiv_rn, __frcp_rn, __fsqrt_rn, __fma_rn, __dadd_rn, __dmul_rn), conversions and
// reinterpretations (__float2int_rn/_rz/_rd/_ru, __float2uint_rn, __int2float_rn, __float_as_int,
// __int_as_float, __float_as_uint, __uint_as_float, __double_as_longlong, __longlong_as_double),
// bit intrinsics (__popc, __popcll, __clz, __clzll, __ffs, __ffsll, __brev, __brevll, __mulhi, __umulhi,
// __mul64hi, __umul64hi, __byte_perm), and min/max overloads for integer and floating types.
#pragma once

#include "prt/kernel.h"

#if PRT_BACKEND_CPU
#include "prt/cpu/math.h"
#endif
