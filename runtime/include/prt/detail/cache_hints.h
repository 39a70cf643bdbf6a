// prt/detail/cache_hints.h: loads and stores with a cache hint (CUDA's ld.cg/ca/cs/lu/cv and st.wb/cg/cs/wt) for
// backends whose memory has no such hints (the CPU) or no such intrinsics (HIP): plain loads and stores.
#pragma once

#define PRT_HINTED_LOAD(name) \
    template <class T>        \
    __device__ inline T name(const T* p) { return *p; }  // load *p, cache hint ignored
#define PRT_HINTED_STORE(name) \
    template <class T>         \
    __device__ inline void name(T* p, T v) { *p = v; }  // store v to *p, cache hint ignored
PRT_HINTED_LOAD(__ldcg)   // load, cache in L2
PRT_HINTED_LOAD(__ldca)   // load, cache in all levels
PRT_HINTED_LOAD(__ldcs)   // load, streaming
PRT_HINTED_LOAD(__ldlu)   // load, last use
PRT_HINTED_LOAD(__ldcv)   // load, volatile
PRT_HINTED_STORE(__stwb)  // store, write back
PRT_HINTED_STORE(__stcg)  // store, cache in L2
PRT_HINTED_STORE(__stcs)  // store, streaming
PRT_HINTED_STORE(__stwt)  // store, write through
#undef PRT_HINTED_LOAD
#undef PRT_HINTED_STORE
