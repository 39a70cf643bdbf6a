// prt/fft.h: fast Fourier transforms (prtfft*), cuFFT's plan API with a neutral prefix.
//
// Plans are int handles as in cuFFT; data is row-major (C order), transforms are unnormalised, and the layouts
// (basic, or advanced with embed/stride/dist) mean what they mean in cuFFT. cuFFT on CUDA, hipFFT on HIP, FFTW 3
// on the CPU (Debian's libfftw3-dev; link with -lfftw3f -lfftw3 there). On the CPU a transform waits for the plan's
// stream, then runs on the calling thread, so its result is ready when it returns. Include this header where
// prtfft* is used: on a backend whose library is missing it stops with one #error naming the package.
#pragma once

#include <cstddef>

#include "prt/config.h"
#include "prt/complex.h"  // prtFloatComplex, prtDoubleComplex
#include "prt/stream.h"   // prtStream_t, prtStreamSynchronize

// Result of every prtfft call; values equal cuFFT's.
typedef enum prtfftResult_t {
  PRTFFT_SUCCESS = 0x0,             // no error
  PRTFFT_INVALID_PLAN = 0x1,        // the handle names no plan
  PRTFFT_ALLOC_FAILED = 0x2,        // out of memory
  PRTFFT_INVALID_TYPE = 0x3,        // the transform type does not match the plan's
  PRTFFT_INVALID_VALUE = 0x4,       // an argument is invalid (null pointer, bad direction)
  PRTFFT_INTERNAL_ERROR = 0x5,      // internal error
  PRTFFT_EXEC_FAILED = 0x6,         // the transform failed
  PRTFFT_SETUP_FAILED = 0x7,        // the library could not be set up
  PRTFFT_INVALID_SIZE = 0x8,        // a size or the batch is not positive
  PRTFFT_UNALIGNED_DATA = 0x9,      // data is not aligned as needed
  PRTFFT_INVALID_DEVICE = 0xB,      // the plan was made on another device
  PRTFFT_NO_WORKSPACE = 0xD,        // no work area was given
  PRTFFT_NOT_IMPLEMENTED = 0xE,     // not implemented here
  PRTFFT_NOT_SUPPORTED = 0x10       // this combination of options is not supported
} prtfftResult;

// Transform kind; values equal cuFFT's.
typedef enum prtfftType_t {
  PRTFFT_R2C = 0x2a,  // float real to float complex (forward)
  PRTFFT_C2R = 0x2c,  // float complex to float real (inverse)
  PRTFFT_C2C = 0x29,  // float complex to float complex
  PRTFFT_D2Z = 0x6a,  // double real to double complex (forward)
  PRTFFT_Z2D = 0x6c,  // double complex to double real (inverse)
  PRTFFT_Z2Z = 0x69   // double complex to double complex
} prtfftType;

#define PRTFFT_FORWARD -1   // exponent sign of a forward transform
#define PRTFFT_INVERSE 1    // exponent sign of an inverse transform (unnormalised)
#define PRTFFT_PLAN_NULL -1  // a handle that names no plan; destroying it is harmless

typedef float prtfftReal;                       // real element of a single-precision transform
typedef double prtfftDoubleReal;                // real element of a double-precision transform
typedef prtFloatComplex prtfftComplex;          // complex element of a single-precision transform
typedef prtDoubleComplex prtfftDoubleComplex;   // complex element of a double-precision transform
typedef int prtfftHandle;                       // a plan

// Makes a 1-D plan of batch transforms of length nx.
inline prtfftResult prtfftPlan1d(prtfftHandle* plan, int nx, prtfftType type, int batch);
// Makes a 2-D plan of nx x ny (ny varies fastest).
inline prtfftResult prtfftPlan2d(prtfftHandle* plan, int nx, int ny, prtfftType type);
// Makes a 3-D plan of nx x ny x nz (nz varies fastest).
inline prtfftResult prtfftPlan3d(prtfftHandle* plan, int nx, int ny, int nz, prtfftType type);
// Makes a plan of batch rank-dimensional transforms; null inembed or onembed means the basic layout.
inline prtfftResult prtfftPlanMany(prtfftHandle* plan, int rank, int* n, int* inembed, int istride, int idist,
                                   int* onembed, int ostride, int odist, prtfftType type, int batch);
// Makes an empty plan, to be completed by a prtfftMakePlan* call.
inline prtfftResult prtfftCreate(prtfftHandle* plan);
// Completes a created plan as Plan1d; *workSize gets the work area it needs.
inline prtfftResult prtfftMakePlan1d(prtfftHandle plan, int nx, prtfftType type, int batch, size_t* workSize);
// Completes a created plan as Plan2d.
inline prtfftResult prtfftMakePlan2d(prtfftHandle plan, int nx, int ny, prtfftType type, size_t* workSize);
// Completes a created plan as Plan3d.
inline prtfftResult prtfftMakePlan3d(prtfftHandle plan, int nx, int ny, int nz, prtfftType type, size_t* workSize);
// Completes a created plan as PlanMany.
inline prtfftResult prtfftMakePlanMany(prtfftHandle plan, int rank, int* n, int* inembed, int istride, int idist,
                                       int* onembed, int ostride, int odist, prtfftType type, int batch,
                                       size_t* workSize);
// The work area a plan needs, in bytes (0 on the CPU, where FFTW keeps its own).
inline prtfftResult prtfftGetSize(prtfftHandle plan, size_t* workSize);
// Gives a plan the work area to use (ignored on the CPU).
inline prtfftResult prtfftSetWorkArea(prtfftHandle plan, void* workArea);
// Whether the plan allocates its own work area (ignored on the CPU).
inline prtfftResult prtfftSetAutoAllocation(prtfftHandle plan, int autoAllocate);
// Orders the plan's transforms on a stream.
inline prtfftResult prtfftSetStream(prtfftHandle plan, prtStream_t stream);
// Destroys a plan.
inline prtfftResult prtfftDestroy(prtfftHandle plan);
// The version of the library underneath (cuFFT's, hipFFT's, or FFTW's major*10000 + minor*100 + patch).
inline prtfftResult prtfftGetVersion(int* version);
// Complex-to-complex single-precision transform; direction is PRTFFT_FORWARD or PRTFFT_INVERSE.
inline prtfftResult prtfftExecC2C(prtfftHandle plan, prtfftComplex* idata, prtfftComplex* odata, int direction);
// Real-to-complex single-precision forward transform (n/2+1 outputs along the last dimension).
inline prtfftResult prtfftExecR2C(prtfftHandle plan, prtfftReal* idata, prtfftComplex* odata);
// Complex-to-real single-precision inverse transform (may overwrite its input, as in cuFFT).
inline prtfftResult prtfftExecC2R(prtfftHandle plan, prtfftComplex* idata, prtfftReal* odata);
// Complex-to-complex double-precision transform.
inline prtfftResult prtfftExecZ2Z(prtfftHandle plan, prtfftDoubleComplex* idata, prtfftDoubleComplex* odata,
                                  int direction);
// Real-to-complex double-precision forward transform.
inline prtfftResult prtfftExecD2Z(prtfftHandle plan, prtfftDoubleReal* idata, prtfftDoubleComplex* odata);
// Complex-to-real double-precision inverse transform (may overwrite its input).
inline prtfftResult prtfftExecZ2D(prtfftHandle plan, prtfftDoubleComplex* idata, prtfftDoubleReal* odata);

#if PRT_BACKEND_CPU
#include "prt/cpu/fft.h"
#else
#include "prt/gpu/fft.h"
#endif
