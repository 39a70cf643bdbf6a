// prt/atomic.h: atomics with CUDA's spelling and overloads on every backend:
// atomicAdd (int, unsigned, unsigned long long, float, double), atomicSub (int, unsigned),
// atomicExch (int, unsigned, unsigned long long, float), atomicMin/atomicMax (int, unsigned, long long,
// unsigned long long), atomicInc/atomicDec (unsigned), atomicCAS (int, unsigned, unsigned long long,
// unsigned short), atomicAnd/atomicOr/atomicXor (int, unsigned, unsigned long long). Each returns the old value.
// Each also comes as <name>_block and <name>_system (CUDA's block and system scopes) for the same types, but for
// the unsigned short atomicCAS.
#pragma once

#include "prt/kernel.h"

#if PRT_BACKEND_HIP
#include "prt/hip/atomic.h"
#elif PRT_BACKEND_CPU
#include "prt/cpu/atomic.h"
#endif
