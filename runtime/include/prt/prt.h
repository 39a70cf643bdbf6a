// prt/prt.h: the portable runtime, in one include. Migrated code includes this instead of cuda_runtime.h.
#pragma once

#include "prt/config.h"
#include "prt/types.h"
#include "prt/error.h"
#include "prt/device.h"
#include "prt/memory.h"
#include "prt/stream.h"
#include "prt/event.h"
#include "prt/graph.h"
#include "prt/texture.h"
#include "prt/external.h"
#include "prt/kernel.h"
#include "prt/launch.h"
#include "prt/function.h"
#include "prt/atomic.h"
#include "prt/warp.h"
#include "prt/math.h"
#include "prt/half.h"
#include "prt/vector.h"
#include "prt/complex.h"

// The library areas come in when their headers are present and the library they sit on can be found
// (NCCL/cuBLAS/cuRAND on CUDA, CBLAS on the CPU); -DPRT_NO_CCL, -DPRT_NO_BLAS, -DPRT_NO_RAND leave one out.
#if PRT_BACKEND_CUDA
#if __has_include(<nccl.h>) && !defined(PRT_NO_CCL)
#define PRT_WANT_CCL 1
#endif
#if __has_include(<cublas_v2.h>) && !defined(PRT_NO_BLAS)
#define PRT_WANT_BLAS 1
#endif
#if __has_include(<curand.h>) && !defined(PRT_NO_RAND)
#define PRT_WANT_RAND 1
#endif
#elif PRT_BACKEND_CPU
#if !defined(PRT_NO_CCL)
#define PRT_WANT_CCL 1
#endif
#if __has_include(<cblas.h>) && !defined(PRT_NO_BLAS)
#define PRT_WANT_BLAS 1
#endif
#if !defined(PRT_NO_RAND)
#define PRT_WANT_RAND 1
#endif
#else
#if !defined(PRT_NO_CCL)
#define PRT_WANT_CCL 1
#endif
#if !defined(PRT_NO_BLAS)
#define PRT_WANT_BLAS 1
#endif
#if !defined(PRT_NO_RAND)
#define PRT_WANT_RAND 1
#endif
#endif
#if defined(PRT_WANT_CCL) && __has_include("prt/ccl.h")
#include "prt/ccl.h"
#endif
#if defined(PRT_WANT_BLAS) && __has_include("prt/blas.h")
#include "prt/blas.h"
#endif
// cuBLASLt's products come with cuBLAS where their library is (the CPU's CBLAS, cuBLASLt, hipBLASLt); include
// prt/blaslt.h itself to be told which package is missing. -DPRT_NO_BLASLT leaves it out.
#if defined(PRT_WANT_BLAS) && !defined(PRT_NO_BLASLT) && (PRT_BACKEND_CPU || (PRT_BACKEND_CUDA ? __has_include(<cublasLt.h>) : __has_include(<hipblaslt/hipblaslt.h>)))
#include "prt/blaslt.h"
#endif
#if defined(PRT_WANT_RAND) && __has_include("prt/rand.h")
#include "prt/rand.h"
#endif
// FFT, dense solver and sparse come in where their library's headers are (FFTW/cuFFT/hipFFT, LAPACK via
// OpenBLAS/cuSOLVER/hipSOLVER, always/cuSPARSE/hipSPARSE); include prt/fft.h, prt/solver.h or prt/sparse.h itself
// to be told which package is missing. -DPRT_NO_FFT, -DPRT_NO_SOLVER, -DPRT_NO_SPARSE leave one out.
#if !defined(PRT_NO_FFT) && (PRT_BACKEND_CPU ? __has_include(<fftw3.h>) : PRT_BACKEND_CUDA ? __has_include(<cufft.h>) : __has_include(<hipfft/hipfft.h>))
#include "prt/fft.h"
#endif
#if !defined(PRT_NO_SOLVER) && (PRT_BACKEND_CPU ? __has_include(<cblas.h>) : PRT_BACKEND_CUDA ? __has_include(<cusolverDn.h>) : __has_include(<hipsolver/hipsolver.h>))
#include "prt/solver.h"
#endif
#if !defined(PRT_NO_SPARSE) && (PRT_BACKEND_CPU || (PRT_BACKEND_CUDA ? __has_include(<cusparse.h>) : __has_include(<hipsparse/hipsparse.h>)))
#include "prt/sparse.h"
#endif
