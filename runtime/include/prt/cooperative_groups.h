// prt/cooperative_groups.h: CUDA's cooperative groups, in their own namespace `cooperative_groups` on every
// backend: CUDA's header on CUDA, HIP's on HIP, and on the CPU the runtime's own (prt/cpu/cooperative_groups.h):
// thread_block and this_thread_block, thread_block_tile<N> and tiled_partition (static sizes, and dynamic ones
// as thread_group), coalesced_group and coalesced_threads, sync, the tiles' shuffles and votes, and reduce,
// inclusive_scan and exclusive_scan with plus, less, greater, bit_and, bit_or and bit_xor, and the grid
// (this_grid, grid_group, whose sync needs a cooperative launch: prtLaunchCooperativeKernel runs every block of it
// at once there, each on an OS thread of its own).
#pragma once

#include "prt/config.h"

#if PRT_BACKEND_CUDA
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#elif PRT_BACKEND_HIP
#include <hip/hip_cooperative_groups.h>
#else
#include "prt/cpu/cooperative_groups.h"
#endif
