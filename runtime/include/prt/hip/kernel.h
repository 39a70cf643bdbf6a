// prt/hip/kernel.h: HIP defines the kernel language itself; added are the dynamic shared memory spelling and the
// cache-hinted loads and stores HIP has only for 16-bit floats (as templates, so that HIP's own take precedence).
#pragma once

#include <hip/hip_runtime.h>

#define PRT_DYNAMIC_SHARED(type, name) extern __shared__ type name[]

#define PRT_HIP_LOAD(name) \
    template <class T>     \
    __device__ inline T name(const T* p) { return *p; }  // load *p, cache hint ignored
#define PRT_HIP_STORE(name) \
    template <class T>      \
    __device__ inline void name(T* p, T v) { *p = v; }  // store v to *p, cache hint ignored
PRT_HIP_LOAD(__ldcg)   // load, cache in L2
PRT_HIP_LOAD(__ldca)   // load, cache in all levels
PRT_HIP_LOAD(__ldcs)   // load, streaming
PRT_HIP_LOAD(__ldlu)   // load, last use
PRT_HIP_LOAD(__ldcv)   // load, volatile
PRT_HIP_STORE(__stwb)  // store, write back
PRT_HIP_STORE(__stcg)  // store, cache in L2
PRT_HIP_STORE(__stcs)  // store, streaming
PRT_HIP_STORE(__stwt)  // store, write through
#undef PRT_HIP_LOAD
#undef PRT_HIP_STORE
