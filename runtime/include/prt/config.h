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

// What nvcc's predefined macros and CUDA's header guards mean once code is migrated (apply renames them; the
// table rules/maps/cuda-compiler.toml says which becomes which):
// PRT_RUNTIME_H: the runtime API is declared here (CUDA's header guards `__CUDA_RUNTIME_H__`,
// `__DRIVER_TYPES_H__`, `__CUDA_RUNTIME_API_H__`, which code probes to see whether cuda_runtime.h came in).
#define PRT_RUNTIME_H 1
// PRT_KERNEL_LANGUAGE: this translation unit has the kernel language (__global__, threadIdx, __syncthreads...),
// as `__CUDACC__`/`__NVCC__` meant under nvcc; a file that does not include the runtime does not have it.
#define PRT_KERNEL_LANGUAGE 1
// PRT_CUDART_VERSION, PRT_CUDA_VERSION, PRT_CUDACC_VER_MAJOR/MINOR: CUDA's own figures under nvcc; elsewhere the
// CUDA release whose API the runtime follows (13.0), so version checks pick the code paths it implements.
#if PRT_BACKEND_CUDA && defined(CUDART_VERSION)
#define PRT_CUDART_VERSION CUDART_VERSION
#else
#define PRT_CUDART_VERSION 13000
#endif
#if PRT_BACKEND_CUDA && defined(CUDA_VERSION)
#define PRT_CUDA_VERSION CUDA_VERSION
#else
#define PRT_CUDA_VERSION 13000
#endif
#if PRT_BACKEND_CUDA && defined(__CUDACC_VER_MAJOR__)
#define PRT_CUDACC_VER_MAJOR __CUDACC_VER_MAJOR__
#define PRT_CUDACC_VER_MINOR __CUDACC_VER_MINOR__
#else
#define PRT_CUDACC_VER_MAJOR 13
#define PRT_CUDACC_VER_MINOR 0
#endif
