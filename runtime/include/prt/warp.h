// prt/warp.h: warp-level operations: __shfl_sync, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync,
// __ballot_sync, __any_sync, __all_sync, __activemask, __syncwarp, __reduce_add/min/max/and/or/xor_sync,
// __match_any_sync, __match_all_sync, and the mask-less forms of older CUDA (__shfl, __shfl_up, __shfl_down,
// __shfl_xor, __ballot, __any, __all: the whole warp). Warps are 32 threads on CUDA and the CPU backend, 64 on AMD
// GPUs (there the masks are ignored and ballots and matches are 64-bit).
#pragma once

#include "prt/kernel.h"

#if PRT_BACKEND_CUDA
#include "prt/cuda/warp.h"
#elif PRT_BACKEND_HIP
#include "prt/hip/warp.h"
#elif PRT_BACKEND_CPU
#include "prt/cpu/warp.h"
#endif
