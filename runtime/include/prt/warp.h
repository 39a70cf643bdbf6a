// prt/warp.h: warp-level operations: __shfl_sync, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync,
// __ballot_sync, __any_sync, __all_sync, __activemask, __syncwarp, __reduce_add/min/max_sync. Warps are 32
// threads on CUDA and the CPU backend, 64 on AMD GPUs (there the masks are ignored and ballots are 64-bit).
#pragma once

#include "prt/kernel.h"

#if PRT_BACKEND_HIP
#include "prt/hip/warp.h"
#elif PRT_BACKEND_CPU
#include "prt/cpu/warp.h"
#endif
