// prt/hip/atomic.h: the atomics CUDA has and HIP 5 lacks (signed 64-bit min and max), as CAS loops.
#pragma once

#include <hip/hip_runtime.h>

#if HIP_VERSION_MAJOR < 6
__device__ inline long long atomicMin(long long* address, long long val) {  // *a = min(*a, v)
    auto* p = reinterpret_cast<unsigned long long*>(address);
    unsigned long long old = *p, seen;
    while (val < (long long)old && (seen = atomicCAS(p, old, (unsigned long long)val)) != old) old = seen;
    return (long long)old;
}
__device__ inline long long atomicMax(long long* address, long long val) {  // *a = max(*a, v)
    auto* p = reinterpret_cast<unsigned long long*>(address);
    unsigned long long old = *p, seen;
    while (val > (long long)old && (seen = atomicCAS(p, old, (unsigned long long)val)) != old) old = seen;
    return (long long)old;
}
#endif
