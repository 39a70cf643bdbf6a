// prt/atomic.h: atomics with CUDA's spelling and overloads on every backend:
// atomicAdd (int, unsigned, unsigned long long, float, double), atomicSub (int, unsigned),
// atomicExch (int, unsigned, unsigned long long, float), atomicMin/atomicMax (int, unsigned, long long,
// unsigned long long), atomicInc/atomicDec (unsigned), atomicCAS (int, unsigned, unsigned long long,
// unsigned short), atomicAnd/atomicOr/atomicXor (int, unsigned, unsigned long long). Each returns the old value.
// Each also comes as <name>_block and <name>_system (CUDA's block and system scopes) for the same types, but for
// the unsigned short atomicCAS.
// CUDA's __nv_atomic_* functions with an explicit memory order and scope: __nv_atomic_fetch_add/sub/min/max/and/
// or/xor and their forms without a result (__nv_atomic_add, ...), __nv_atomic_exchange(_n),
// __nv_atomic_compare_exchange(_n), __nv_atomic_load(_n), __nv_atomic_store(_n), __nv_atomic_thread_fence, with
// the constants __NV_ATOMIC_RELAXED/CONSUME/ACQUIRE/RELEASE/ACQ_REL/SEQ_CST and __NV_THREAD_SCOPE_THREAD/BLOCK/
// CLUSTER/DEVICE/SYSTEM.
#pragma once

#include "prt/kernel.h"

#if PRT_BACKEND_HIP
#include "prt/hip/atomic.h"
#elif PRT_BACKEND_CPU
#include "prt/cpu/atomic.h"
#endif
