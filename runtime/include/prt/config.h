// prt/config.h: picks the backend at compile time; every other header dispatches on PRT_BACKEND_*.
#pragma once

// One of PRT_BACKEND_CUDA, PRT_BACKEND_HIP, PRT_BACKEND_CPU ends up defined to 1.
// The compiler decides (nvcc -> CUDA, hipcc -> HIP, anything else -> CPU); -DPRT_BACKEND_CPU forces the CPU
// backend under any compiler (so nvcc can build a CPU binary too).
#if defined(PRT_BACKEND_CPU)
#undef PRT_BACKEND_CPU
#define PRT_BACKEND_CPU 1
#elif defined(__HIPCC__) || defined(__HIP_PLATFORM_AMD__)
#define PRT_BACKEND_HIP 1
#elif defined(__CUDACC__)
#define PRT_BACKEND_CUDA 1
#else
#define PRT_BACKEND_CPU 1
#endif

#if !defined(PRT_BACKEND_CUDA)
#define PRT_BACKEND_CUDA 0
#endif
#if !defined(PRT_BACKEND_HIP)
#define PRT_BACKEND_HIP 0
#endif
#if !defined(PRT_BACKEND_CPU)
#define PRT_BACKEND_CPU 0
#endif
