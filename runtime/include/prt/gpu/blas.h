// prt/gpu/blas.h: the GPU backend of prt/blas.h, written once: cuBLAS on CUDA (link with -lcublas), hipBLAS 6 or
// later with its v2 GemmEx API (hipDataType, hipblasComputeType_t) on HIP (link with -lhipblas).
#pragma once

#include "prt/gpu/vendor.h"

#if PRT_BACKEND_CUDA
#include <cublas_v2.h>
// PRT_BLAS(Name): the vendor's spelling of a cuBLAS name (cublasSgemm, hipblasSgemm).
#define PRT_BLAS(name) cublas##name
#define PRT_BLAS_SUCCESS CUBLAS_STATUS_SUCCESS  // the vendor's success status
#else
#ifndef HIPBLAS_V2
#define HIPBLAS_V2
#endif
#if __has_include(<hipblas/hipblas.h>)
#include <hipblas/hipblas.h>
#else
#include <hipblas.h>
#endif
#define PRT_BLAS(name) hipblas##name
#define PRT_BLAS_SUCCESS HIPBLAS_STATUS_SUCCESS
#endif

// PRT_BLAS_64: the vendor has the 64-bit-integer API (cuBLAS 12; hipBLAS 2.3, ROCm 6.3, for levels 1 to 3). Older
// hipBLAS leaves the prtblas*_64 calls undefined, so that a program using them fails to link rather than truncate.
#if PRT_BACKEND_CUDA || (defined(hipblasVersionMajor) && \
                         (hipblasVersionMajor > 2 || (hipblasVersionMajor == 2 && hipblasVersionMinor >= 3)))
#define PRT_BLAS_64 1
#else
#define PRT_BLAS_64 0
#endif

namespace prt {
namespace blas_detail {
inline PRT_BLAS(Handle_t) native(prtblasHandle_t h) { return reinterpret_cast<PRT_BLAS(Handle_t)>(h); }
#if PRT_BACKEND_CUDA
// cuBLAS's enums have the values of ours.
using vendor_half = __half;
inline prtblasStatus_t status(cublasStatus_t s) { return static_cast<prtblasStatus_t>(s); }
inline cublasOperation_t op(prtblasOperation_t o) { return static_cast<cublasOperation_t>(o); }
inline cublasSideMode_t side(prtblasSideMode_t m) { return static_cast<cublasSideMode_t>(m); }
inline cudaDataType_t type(prtDataType_t t) { return static_cast<cudaDataType_t>(t); }
inline cublasComputeType_t compute(prtblasComputeType_t c) { return static_cast<cublasComputeType_t>(c); }
inline cublasGemmAlgo_t algo(prtblasGemmAlgo_t a) { return static_cast<cublasGemmAlgo_t>(a); }
inline cublasPointerMode_t pointer_mode(prtblasPointerMode_t m) { return static_cast<cublasPointerMode_t>(m); }
inline prtblasPointerMode_t pointer_mode(cublasPointerMode_t m) { return static_cast<prtblasPointerMode_t>(m); }
#else
using vendor_half = hipblasHalf;
inline hipDataType type(prtDataType_t t) { return static_cast<hipDataType>(t); }  // hipDataType keeps CUDA's values

inline prtblasStatus_t status(hipblasStatus_t s) {
  switch (s) {
    case HIPBLAS_STATUS_SUCCESS: return PRTBLAS_STATUS_SUCCESS;
    case HIPBLAS_STATUS_NOT_INITIALIZED: return PRTBLAS_STATUS_NOT_INITIALIZED;
    case HIPBLAS_STATUS_ALLOC_FAILED: return PRTBLAS_STATUS_ALLOC_FAILED;
    case HIPBLAS_STATUS_INVALID_VALUE: return PRTBLAS_STATUS_INVALID_VALUE;
    case HIPBLAS_STATUS_MAPPING_ERROR: return PRTBLAS_STATUS_MAPPING_ERROR;
    case HIPBLAS_STATUS_EXECUTION_FAILED: return PRTBLAS_STATUS_EXECUTION_FAILED;
    case HIPBLAS_STATUS_NOT_SUPPORTED: return PRTBLAS_STATUS_NOT_SUPPORTED;
    case HIPBLAS_STATUS_ARCH_MISMATCH: return PRTBLAS_STATUS_ARCH_MISMATCH;
    case HIPBLAS_STATUS_HANDLE_IS_NULLPTR: return PRTBLAS_STATUS_NOT_INITIALIZED;
    case HIPBLAS_STATUS_INVALID_ENUM: return PRTBLAS_STATUS_INVALID_VALUE;
    default: return PRTBLAS_STATUS_INTERNAL_ERROR;
  }
}

inline hipblasOperation_t op(prtblasOperation_t o) {
  return o == PRTBLAS_OP_N ? HIPBLAS_OP_N : (o == PRTBLAS_OP_T ? HIPBLAS_OP_T : HIPBLAS_OP_C);
}
inline hipblasSideMode_t side(prtblasSideMode_t m) {
  return m == PRTBLAS_SIDE_LEFT ? HIPBLAS_SIDE_LEFT : HIPBLAS_SIDE_RIGHT;
}

inline hipblasComputeType_t compute(prtblasComputeType_t c) {
  switch (c) {
    case PRTBLAS_COMPUTE_16F: return HIPBLAS_COMPUTE_16F;
    case PRTBLAS_COMPUTE_16F_PEDANTIC: return HIPBLAS_COMPUTE_16F_PEDANTIC;
    case PRTBLAS_COMPUTE_64F_PEDANTIC: return HIPBLAS_COMPUTE_64F_PEDANTIC;
    case PRTBLAS_COMPUTE_32I: return HIPBLAS_COMPUTE_32I;
    case PRTBLAS_COMPUTE_32I_PEDANTIC: return HIPBLAS_COMPUTE_32I_PEDANTIC;
    case PRTBLAS_COMPUTE_32F_PEDANTIC: return HIPBLAS_COMPUTE_32F_PEDANTIC;
    case PRTBLAS_COMPUTE_64F: return HIPBLAS_COMPUTE_64F;
    case PRTBLAS_COMPUTE_32F_FAST_16F: return HIPBLAS_COMPUTE_32F_FAST_16F;
    case PRTBLAS_COMPUTE_32F_FAST_16BF: return HIPBLAS_COMPUTE_32F_FAST_16BF;
    case PRTBLAS_COMPUTE_32F_FAST_TF32: return HIPBLAS_COMPUTE_32F_FAST_TF32;
    default: return HIPBLAS_COMPUTE_32F;
  }
}
// hipBLAS has one GEMM algorithm to ask for; cuBLAS's algorithm hints have no HIP meaning.
inline hipblasGemmAlgo_t algo(prtblasGemmAlgo_t) { return HIPBLAS_GEMM_DEFAULT; }
inline hipblasPointerMode_t pointer_mode(prtblasPointerMode_t m) {
  return m == PRTBLAS_POINTER_MODE_DEVICE ? HIPBLAS_POINTER_MODE_DEVICE : HIPBLAS_POINTER_MODE_HOST;
}
inline prtblasPointerMode_t pointer_mode(hipblasPointerMode_t m) {
  return m == HIPBLAS_POINTER_MODE_DEVICE ? PRTBLAS_POINTER_MODE_DEVICE : PRTBLAS_POINTER_MODE_HOST;
}
#endif
}  // namespace blas_detail
}  // namespace prt

inline prtblasStatus_t prtblasCreate(prtblasHandle_t* handle) {
  PRT_BLAS(Handle_t) h = nullptr;
  const PRT_BLAS(Status_t) s = PRT_BLAS(Create)(&h);
  if (handle != nullptr) *handle = reinterpret_cast<prtblasHandle_t>(h);
  return prt::blas_detail::status(s);
}
inline prtblasStatus_t prtblasDestroy(prtblasHandle_t handle) {
  return prt::blas_detail::status(PRT_BLAS(Destroy)(prt::blas_detail::native(handle)));
}
inline prtblasStatus_t prtblasSetStream(prtblasHandle_t handle, prtStream_t stream) {
  return prt::blas_detail::status(PRT_BLAS(SetStream)(prt::blas_detail::native(handle), (PRT_GPU(Stream_t))stream));
}
inline prtblasStatus_t prtblasGetStream(prtblasHandle_t handle, prtStream_t* stream) {
  PRT_GPU(Stream_t) s = nullptr;
  const PRT_BLAS(Status_t) r = PRT_BLAS(GetStream)(prt::blas_detail::native(handle), &s);
  if (r == PRT_BLAS_SUCCESS && stream != nullptr) *stream = (prtStream_t)s;
  return prt::blas_detail::status(r);
}
inline prtblasStatus_t prtblasSetMathMode(prtblasHandle_t handle, prtblasMath_t mode) {
  return prt::blas_detail::status(PRT_BLAS(SetMathMode)(prt::blas_detail::native(handle), (PRT_BLAS(Math_t))mode));
}
inline prtblasStatus_t prtblasGetMathMode(prtblasHandle_t handle, prtblasMath_t* mode) {
  PRT_BLAS(Math_t) m{};
  const auto r = PRT_BLAS(GetMathMode)(prt::blas_detail::native(handle), &m);
  if (r == PRT_BLAS_SUCCESS && mode != nullptr) *mode = (prtblasMath_t)m;
  return prt::blas_detail::status(r);
}
inline prtblasStatus_t prtblasSetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t mode) {
  return prt::blas_detail::status(
      PRT_BLAS(SetPointerMode)(prt::blas_detail::native(handle), prt::blas_detail::pointer_mode(mode)));
}
inline prtblasStatus_t prtblasGetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t* mode) {
  PRT_BLAS(PointerMode_t) m{};
  const PRT_BLAS(Status_t) r = PRT_BLAS(GetPointerMode)(prt::blas_detail::native(handle), &m);
  if (r == PRT_BLAS_SUCCESS && mode != nullptr) *mode = prt::blas_detail::pointer_mode(m);
  return prt::blas_detail::status(r);
}

inline prtblasStatus_t prtblasSgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const float* alpha, const float* A, int lda, const float* B,
                                    int ldb, const float* beta, float* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sgemm)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}
inline prtblasStatus_t prtblasDgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const double* alpha, const double* A, int lda,
                                    const double* B, int ldb, const double* beta, double* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dgemm)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}
inline prtblasStatus_t prtblasHgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const __half* alpha, const __half* A, int lda,
                                    const __half* B, int ldb, const __half* beta, __half* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Hgemm)(native(handle), op(transa), op(transb), m, n, k,
                                reinterpret_cast<const vendor_half*>(alpha), reinterpret_cast<const vendor_half*>(A),
                                lda, reinterpret_cast<const vendor_half*>(B), ldb,
                                reinterpret_cast<const vendor_half*>(beta), reinterpret_cast<vendor_half*>(C), ldc));
}
inline prtblasStatus_t prtblasGemmEx(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                     int m, int n, int k, const void* alpha, const void* A, prtDataType_t Atype,
                                     int lda, const void* B, prtDataType_t Btype, int ldb, const void* beta, void* C,
                                     prtDataType_t Ctype, int ldc, prtblasComputeType_t computeType,
                                     prtblasGemmAlgo_t algo) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(GemmEx)(native(handle), op(transa), op(transb), m, n, k, alpha, A, type(Atype), lda, B,
                                 type(Btype), ldb, beta, C, type(Ctype), ldc, compute(computeType),
                                 prt::blas_detail::algo(algo)));
}
inline prtblasStatus_t prtblasSgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const float* alpha,
                                                  const float* A, int lda, long long strideA, const float* B, int ldb,
                                                  long long strideB, const float* beta, float* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(SgemmStridedBatched)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda,
                                              strideA, B, ldb, strideB, beta, C, ldc, strideC, batchCount));
}
inline prtblasStatus_t prtblasDgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const double* alpha,
                                                  const double* A, int lda, long long strideA, const double* B,
                                                  int ldb, long long strideB, const double* beta, double* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(DgemmStridedBatched)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda,
                                              strideA, B, ldb, strideB, beta, C, ldc, strideC, batchCount));
}
inline prtblasStatus_t prtblasGemmStridedBatchedEx(prtblasHandle_t handle, prtblasOperation_t transa,
                                                   prtblasOperation_t transb, int m, int n, int k, const void* alpha,
                                                   const void* A, prtDataType_t Atype, int lda, long long strideA,
                                                   const void* B, prtDataType_t Btype, int ldb, long long strideB,
                                                   const void* beta, void* C, prtDataType_t Ctype, int ldc,
                                                   long long strideC, int batchCount,
                                                   prtblasComputeType_t computeType, prtblasGemmAlgo_t algo) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(GemmStridedBatchedEx)(native(handle), op(transa), op(transb), m, n, k, alpha, A,
                                               type(Atype), lda, strideA, B, type(Btype), ldb, strideB, beta, C,
                                               type(Ctype), ldc, strideC, batchCount, compute(computeType),
                                               prt::blas_detail::algo(algo)));
}
inline prtblasStatus_t prtblasSgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const float* alpha, const float* A, int lda, const float* x, int incx,
                                    const float* beta, float* y, int incy) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sgemv)(native(handle), op(trans), m, n, alpha, A, lda, x, incx, beta, y, incy));
}
inline prtblasStatus_t prtblasDgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const double* alpha, const double* A, int lda, const double* x, int incx,
                                    const double* beta, double* y, int incy) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dgemv)(native(handle), op(trans), m, n, alpha, A, lda, x, incx, beta, y, incy));
}
inline prtblasStatus_t prtblasSaxpy(prtblasHandle_t handle, int n, const float* alpha, const float* x, int incx,
                                    float* y, int incy) {
  return prt::blas_detail::status(PRT_BLAS(Saxpy)(prt::blas_detail::native(handle), n, alpha, x, incx, y, incy));
}
inline prtblasStatus_t prtblasDaxpy(prtblasHandle_t handle, int n, const double* alpha, const double* x, int incx,
                                    double* y, int incy) {
  return prt::blas_detail::status(PRT_BLAS(Daxpy)(prt::blas_detail::native(handle), n, alpha, x, incx, y, incy));
}
inline prtblasStatus_t prtblasSdot(prtblasHandle_t handle, int n, const float* x, int incx, const float* y, int incy,
                                   float* result) {
  return prt::blas_detail::status(PRT_BLAS(Sdot)(prt::blas_detail::native(handle), n, x, incx, y, incy, result));
}
inline prtblasStatus_t prtblasDdot(prtblasHandle_t handle, int n, const double* x, int incx, const double* y,
                                   int incy, double* result) {
  return prt::blas_detail::status(PRT_BLAS(Ddot)(prt::blas_detail::native(handle), n, x, incx, y, incy, result));
}
inline prtblasStatus_t prtblasDotEx(prtblasHandle_t handle, int n, const void* x, prtDataType_t xType, int incx,
                                    const void* y, prtDataType_t yType, int incy, void* result,
                                    prtDataType_t resultType, prtDataType_t executionType) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(DotEx)(native(handle), n, x, type(xType), incx, y, type(yType), incy, result, type(resultType),
                            type(executionType)));
}
inline prtblasStatus_t prtblasSnrm2(prtblasHandle_t handle, int n, const float* x, int incx, float* result) {
  return prt::blas_detail::status(PRT_BLAS(Snrm2)(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasDnrm2(prtblasHandle_t handle, int n, const double* x, int incx, double* result) {
  return prt::blas_detail::status(PRT_BLAS(Dnrm2)(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasSscal(prtblasHandle_t handle, int n, const float* alpha, float* x, int incx) {
  return prt::blas_detail::status(PRT_BLAS(Sscal)(prt::blas_detail::native(handle), n, alpha, x, incx));
}
inline prtblasStatus_t prtblasDscal(prtblasHandle_t handle, int n, const double* alpha, double* x, int incx) {
  return prt::blas_detail::status(PRT_BLAS(Dscal)(prt::blas_detail::native(handle), n, alpha, x, incx));
}
inline prtblasStatus_t prtblasScopy(prtblasHandle_t handle, int n, const float* x, int incx, float* y, int incy) {
  return prt::blas_detail::status(PRT_BLAS(Scopy)(prt::blas_detail::native(handle), n, x, incx, y, incy));
}
inline prtblasStatus_t prtblasDcopy(prtblasHandle_t handle, int n, const double* x, int incx, double* y, int incy) {
  return prt::blas_detail::status(PRT_BLAS(Dcopy)(prt::blas_detail::native(handle), n, x, incx, y, incy));
}
inline prtblasStatus_t prtblasSetVector(int n, int elemSize, const void* x, int incx, void* y, int incy) {
  return prt::blas_detail::status(PRT_BLAS(SetVector)(n, elemSize, x, incx, y, incy));
}
inline prtblasStatus_t prtblasGetVector(int n, int elemSize, const void* x, int incx, void* y, int incy) {
  return prt::blas_detail::status(PRT_BLAS(GetVector)(n, elemSize, x, incx, y, incy));
}
inline prtblasStatus_t prtblasSetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb) {
  return prt::blas_detail::status(PRT_BLAS(SetMatrix)(rows, cols, elemSize, A, lda, B, ldb));
}
inline prtblasStatus_t prtblasGetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb) {
  return prt::blas_detail::status(PRT_BLAS(GetMatrix)(rows, cols, elemSize, A, lda, B, ldb));
}
inline prtblasStatus_t prtblasIsamax(prtblasHandle_t handle, int n, const float* x, int incx, int* result) {
  return prt::blas_detail::status(PRT_BLAS(Isamax)(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIdamax(prtblasHandle_t handle, int n, const double* x, int incx, int* result) {
  return prt::blas_detail::status(PRT_BLAS(Idamax)(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIsamin(prtblasHandle_t handle, int n, const float* x, int incx, int* result) {
  return prt::blas_detail::status(PRT_BLAS(Isamin)(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIdamin(prtblasHandle_t handle, int n, const double* x, int incx, int* result) {
  return prt::blas_detail::status(PRT_BLAS(Idamin)(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasSgeam(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, const float* alpha, const float* A, int lda, const float* beta,
                                    const float* B, int ldb, float* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sgeam)(native(handle), op(transa), op(transb), m, n, alpha, A, lda, beta, B, ldb, C, ldc));
}
inline prtblasStatus_t prtblasDgeam(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, const double* alpha, const double* A, int lda, const double* beta,
                                    const double* B, int ldb, double* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dgeam)(native(handle), op(transa), op(transb), m, n, alpha, A, lda, beta, B, ldb, C, ldc));
}
inline prtblasStatus_t prtblasHgemmBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                           prtblasOperation_t transb, int m, int n, int k, const __half* alpha,
                                           const __half* const Aarray[], int lda, const __half* const Barray[],
                                           int ldb, const __half* beta, __half* const Carray[], int ldc,
                                           int batchCount) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(HgemmBatched)(native(handle), op(transa), op(transb), m, n, k,
                                       reinterpret_cast<const vendor_half*>(alpha),
                                       reinterpret_cast<const vendor_half* const*>(Aarray), lda,
                                       reinterpret_cast<const vendor_half* const*>(Barray), ldb,
                                       reinterpret_cast<const vendor_half*>(beta),
                                       reinterpret_cast<vendor_half* const*>(Carray), ldc, batchCount));
}
inline prtblasStatus_t prtblasSgemmBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                           prtblasOperation_t transb, int m, int n, int k, const float* alpha,
                                           const float* const Aarray[], int lda, const float* const Barray[],
                                           int ldb, const float* beta, float* const Carray[], int ldc,
                                           int batchCount) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(SgemmBatched)(native(handle), op(transa), op(transb), m, n, k, alpha, Aarray, lda, Barray,
                                       ldb, beta, Carray, ldc, batchCount));
}
inline prtblasStatus_t prtblasDgemmBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                           prtblasOperation_t transb, int m, int n, int k, const double* alpha,
                                           const double* const Aarray[], int lda, const double* const Barray[],
                                           int ldb, const double* beta, double* const Carray[], int ldc,
                                           int batchCount) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(DgemmBatched)(native(handle), op(transa), op(transb), m, n, k, alpha, Aarray, lda, Barray,
                                       ldb, beta, Carray, ldc, batchCount));
}
inline prtblasStatus_t prtblasHgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const __half* alpha,
                                                  const __half* A, int lda, long long strideA, const __half* B,
                                                  int ldb, long long strideB, const __half* beta, __half* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(HgemmStridedBatched)(
      native(handle), op(transa), op(transb), m, n, k, reinterpret_cast<const vendor_half*>(alpha),
      reinterpret_cast<const vendor_half*>(A), lda, strideA, reinterpret_cast<const vendor_half*>(B), ldb, strideB,
      reinterpret_cast<const vendor_half*>(beta), reinterpret_cast<vendor_half*>(C), ldc, strideC, batchCount));
}
inline prtblasStatus_t prtblasSgetrfBatched(prtblasHandle_t handle, int n, float* const A[], int lda, int* P,
                                            int* info, int batchSize) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(SgetrfBatched)(native(handle), n, A, lda, P, info, batchSize));
}
inline prtblasStatus_t prtblasDgetrfBatched(prtblasHandle_t handle, int n, double* const A[], int lda, int* P,
                                            int* info, int batchSize) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(DgetrfBatched)(native(handle), n, A, lda, P, info, batchSize));
}
inline prtblasStatus_t prtblasSgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           float* const Aarray[], int lda, float* const Carray[], int ldc, int* info,
                                           int* devInfoArray, int batchSize) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(SgelsBatched)(native(handle), op(trans), m, n, nrhs, Aarray, lda, Carray, ldc, info,
                                        devInfoArray, batchSize));
}
inline prtblasStatus_t prtblasDgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           double* const Aarray[], int lda, double* const Carray[], int ldc, int* info,
                                           int* devInfoArray, int batchSize) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(DgelsBatched)(native(handle), op(trans), m, n, nrhs, Aarray, lda, Carray, ldc, info,
                                        devInfoArray, batchSize));
}
inline prtblasStatus_t prtblasCgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           prtFloatComplex* const Aarray[], int lda, prtFloatComplex* const Carray[],
                                           int ldc, int* info, int* devInfoArray, int batchSize) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(CgelsBatched)(native(handle), op(trans), m, n, nrhs, Aarray, lda, Carray, ldc, info,
                                        devInfoArray, batchSize));
}
inline prtblasStatus_t prtblasZgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           prtDoubleComplex* const Aarray[], int lda, prtDoubleComplex* const Carray[],
                                           int ldc, int* info, int* devInfoArray, int batchSize) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(ZgelsBatched)(native(handle), op(trans), m, n, nrhs, Aarray, lda, Carray, ldc, info,
                                        devInfoArray, batchSize));
}
inline prtblasStatus_t prtblasCgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb, int m,
                                    int n, int k, const prtFloatComplex* alpha, const prtFloatComplex* A, int lda,
                                    const prtFloatComplex* B, int ldb, const prtFloatComplex* beta, prtFloatComplex* C,
                                    int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Cgemm)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}
inline prtblasStatus_t prtblasZgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb, int m,
                                    int n, int k, const prtDoubleComplex* alpha, const prtDoubleComplex* A, int lda,
                                    const prtDoubleComplex* B, int ldb, const prtDoubleComplex* beta,
                                    prtDoubleComplex* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Zgemm)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}
inline prtblasStatus_t prtblasSdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n, const float* A,
                                    int lda, const float* x, int incx, float* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sdgmm)(native(handle), side(mode), m, n, A, lda, x, incx, C, ldc));
}
inline prtblasStatus_t prtblasDdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n, const double* A,
                                    int lda, const double* x, int incx, double* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Ddgmm)(native(handle), side(mode), m, n, A, lda, x, incx, C, ldc));
}
inline prtblasStatus_t prtblasCdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n,
                                    const prtFloatComplex* A, int lda, const prtFloatComplex* x, int incx,
                                    prtFloatComplex* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Cdgmm)(native(handle), side(mode), m, n, A, lda, x, incx, C, ldc));
}
inline prtblasStatus_t prtblasZdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n,
                                    const prtDoubleComplex* A, int lda, const prtDoubleComplex* x, int incx,
                                    prtDoubleComplex* C, int ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Zdgmm)(native(handle), side(mode), m, n, A, lda, x, incx, C, ldc));
}
inline prtblasStatus_t prtblasScnrm2(prtblasHandle_t handle, int n, const prtFloatComplex* x, int incx, float* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Scnrm2)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasDznrm2(prtblasHandle_t handle, int n, const prtDoubleComplex* x, int incx,
                                     double* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dznrm2)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIcamax(prtblasHandle_t handle, int n, const prtFloatComplex* x, int incx, int* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Icamax)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIzamax(prtblasHandle_t handle, int n, const prtDoubleComplex* x, int incx, int* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Izamax)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIcamin(prtblasHandle_t handle, int n, const prtFloatComplex* x, int incx, int* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Icamin)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIzamin(prtblasHandle_t handle, int n, const prtDoubleComplex* x, int incx, int* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Izamin)(native(handle), n, x, incx, result));
}

#if PRT_BLAS_64
inline prtblasStatus_t prtblasCgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const prtFloatComplex* alpha,
                                       const prtFloatComplex* A, int64_t lda, const prtFloatComplex* B, int64_t ldb,
                                       const prtFloatComplex* beta, prtFloatComplex* C, int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Cgemm_64)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C,
      ldc));
}
inline prtblasStatus_t prtblasZgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const prtDoubleComplex* alpha,
                                       const prtDoubleComplex* A, int64_t lda, const prtDoubleComplex* B, int64_t ldb,
                                       const prtDoubleComplex* beta, prtDoubleComplex* C, int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Zgemm_64)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C,
      ldc));
}
inline prtblasStatus_t prtblasSdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const float* A, int64_t lda, const float* x, int64_t incx, float* C,
                                       int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sdgmm_64)(native(handle), side(mode), m, n, A, lda, x, incx, C, ldc));
}
inline prtblasStatus_t prtblasDdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const double* A, int64_t lda, const double* x, int64_t incx, double* C,
                                       int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Ddgmm_64)(native(handle), side(mode), m, n, A, lda, x, incx, C, ldc));
}
inline prtblasStatus_t prtblasCdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const prtFloatComplex* A, int64_t lda, const prtFloatComplex* x, int64_t incx,
                                       prtFloatComplex* C, int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Cdgmm_64)(native(handle), side(mode), m, n, A, lda, x, incx, C, ldc));
}
inline prtblasStatus_t prtblasZdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const prtDoubleComplex* A, int64_t lda, const prtDoubleComplex* x, int64_t incx,
                                       prtDoubleComplex* C, int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Zdgmm_64)(native(handle), side(mode), m, n, A, lda, x, incx, C, ldc));
}
inline prtblasStatus_t prtblasScnrm2_64(prtblasHandle_t handle, int64_t n, const prtFloatComplex* x, int64_t incx,
                                        float* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Scnrm2_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasDznrm2_64(prtblasHandle_t handle, int64_t n, const prtDoubleComplex* x, int64_t incx,
                                        double* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dznrm2_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIcamax_64(prtblasHandle_t handle, int64_t n, const prtFloatComplex* x, int64_t incx,
                                        int64_t* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Icamax_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIzamax_64(prtblasHandle_t handle, int64_t n, const prtDoubleComplex* x, int64_t incx,
                                        int64_t* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Izamax_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIcamin_64(prtblasHandle_t handle, int64_t n, const prtFloatComplex* x, int64_t incx,
                                        int64_t* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Icamin_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIzamin_64(prtblasHandle_t handle, int64_t n, const prtDoubleComplex* x, int64_t incx,
                                        int64_t* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Izamin_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasSnrm2_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx, float* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Snrm2_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasSdot_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx, const float* y,
                                      int64_t incy, float* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sdot_64)(native(handle), n, x, incx, y, incy, result));
}
inline prtblasStatus_t prtblasSaxpy_64(prtblasHandle_t handle, int64_t n, const float* alpha, const float* x,
                                       int64_t incx, float* y, int64_t incy) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Saxpy_64)(native(handle), n, alpha, x, incx, y, incy));
}
inline prtblasStatus_t prtblasSscal_64(prtblasHandle_t handle, int64_t n, const float* alpha, float* x, int64_t incx) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sscal_64)(native(handle), n, alpha, x, incx));
}
inline prtblasStatus_t prtblasScopy_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx, float* y,
                                       int64_t incy) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Scopy_64)(native(handle), n, x, incx, y, incy));
}
inline prtblasStatus_t prtblasIsamax_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx,
                                        int64_t* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Isamax_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIsamin_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx,
                                        int64_t* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Isamin_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasSgemv_64(prtblasHandle_t handle, prtblasOperation_t trans, int64_t m, int64_t n,
                                       const float* alpha, const float* A, int64_t lda, const float* x, int64_t incx,
                                       const float* beta, float* y, int64_t incy) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sgemv_64)(native(handle), op(trans), m, n, alpha, A, lda, x, incx, beta, y, incy));
}
inline prtblasStatus_t prtblasSgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const float* alpha, const float* A, int64_t lda,
                                       const float* B, int64_t ldb, const float* beta, float* C, int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sgemm_64)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C,
      ldc));
}
inline prtblasStatus_t prtblasSgeam_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, const float* alpha, const float* A, int64_t lda,
                                       const float* beta, const float* B, int64_t ldb, float* C, int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Sgeam_64)(native(handle), op(transa), op(transb), m, n, alpha, A, lda, beta, B, ldb, C, ldc));
}
inline prtblasStatus_t prtblasDnrm2_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                       double* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dnrm2_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasDdot_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx, const double* y,
                                      int64_t incy, double* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Ddot_64)(native(handle), n, x, incx, y, incy, result));
}
inline prtblasStatus_t prtblasDaxpy_64(prtblasHandle_t handle, int64_t n, const double* alpha, const double* x,
                                       int64_t incx, double* y, int64_t incy) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Daxpy_64)(native(handle), n, alpha, x, incx, y, incy));
}
inline prtblasStatus_t prtblasDscal_64(prtblasHandle_t handle, int64_t n, const double* alpha, double* x,
                                       int64_t incx) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dscal_64)(native(handle), n, alpha, x, incx));
}
inline prtblasStatus_t prtblasDcopy_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx, double* y,
                                       int64_t incy) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dcopy_64)(native(handle), n, x, incx, y, incy));
}
inline prtblasStatus_t prtblasIdamax_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                        int64_t* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Idamax_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasIdamin_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                        int64_t* result) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Idamin_64)(native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasDgemv_64(prtblasHandle_t handle, prtblasOperation_t trans, int64_t m, int64_t n,
                                       const double* alpha, const double* A, int64_t lda, const double* x, int64_t incx,
                                       const double* beta, double* y, int64_t incy) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dgemv_64)(native(handle), op(trans), m, n, alpha, A, lda, x, incx, beta, y, incy));
}
inline prtblasStatus_t prtblasDgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const double* alpha, const double* A,
                                       int64_t lda, const double* B, int64_t ldb, const double* beta, double* C,
                                       int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dgemm_64)(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C,
      ldc));
}
inline prtblasStatus_t prtblasDgeam_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, const double* alpha, const double* A, int64_t lda,
                                       const double* beta, const double* B, int64_t ldb, double* C, int64_t ldc) {
  using namespace prt::blas_detail;
  return status(PRT_BLAS(Dgeam_64)(native(handle), op(transa), op(transb), m, n, alpha, A, lda, beta, B, ldb, C, ldc));
}
#endif  // PRT_BLAS_64
