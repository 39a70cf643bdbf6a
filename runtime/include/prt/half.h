// prt/half.h: 16-bit floating types with CUDA's spelling on every backend: __half, __half2, __nv_bfloat16,
// __nv_bfloat162; conversions (__float2half, __float2half_rn, __half2float, __float2bfloat16,
// __bfloat162float, __floats2half2_rn, __float2half2_rn, __halves2half2, __half22float2, __low2float,
// __high2float, __low2half, __high2half), arithmetic (+ - * / operators, __hadd, __hsub, __hmul, __hdiv,
// __hneg, __hfma, __hadd2, __hsub2, __hmul2, __hfma2), comparisons (== != < <= > >=, __heq, __hne, __hlt,
// __hle, __hgt, __hge), __hmax, __hmin, __habs, __hisnan, __hisinf, math (hsqrt, hrsqrt, hrcp, hexp, hexp2,
// hexp10, hlog, hlog2, hlog10, hsin, hcos, hceil, hfloor, htrunc, hrint, and their h2* forms on pairs),
// pair operations (__h2div, __hneg2, __habs2, __hmax2, __hmin2, __heq2/__hne2/__hlt2/__hle2/__hgt2/__hge2 as
// 1.0 or 0.0 per lane, __hbeq2/... true when both lanes are), packing (make_half2, make_bfloat162,
// __half2half2, __float22bfloat162_rn, __bfloat162bfloat162, __halves2bfloat162, __low2bfloat16,
// __high2bfloat16), bit reinterpretations (__ushort_as_half, __short_as_half, __half_as_ushort,
// __half_as_short, __ushort_as_bfloat16, __short_as_bfloat16, __bfloat16_as_ushort, __bfloat16_as_short),
// __shfl_*_sync on them (CPU backend).
#pragma once

#include "prt/kernel.h"

#if PRT_BACKEND_CUDA
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#elif PRT_BACKEND_HIP
#include "prt/hip/half.h"
#else
#include "prt/cpu/half.h"
#endif
