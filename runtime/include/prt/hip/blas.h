// prt/hip/blas.h: the HIP backend of prt/blas.h, forwarding to hipBLAS 6 or later with its v2 GemmEx API
// (hipDataType, hipblasComputeType_t); link with -lhipblas.
#pragma once

#ifndef HIPBLAS_V2
#define HIPBLAS_V2
#endif
#if __has_include(<hipblas/hipblas.h>)
#include <hipblas/hipblas.h>
#else
#include <hipblas.h>
#endif

namespace prt {
namespace blas_detail {
inline hipblasHandle_t native(prtblasHandle_t h) { return reinterpret_cast<hipblasHandle_t>(h); }
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
}  // namespace blas_detail
}  // namespace prt

inline prtblasStatus_t prtblasCreate(prtblasHandle_t* handle) {
  hipblasHandle_t h = nullptr;
  const hipblasStatus_t s = hipblasCreate(&h);
  if (handle != nullptr) *handle = reinterpret_cast<prtblasHandle_t>(h);
  return prt::blas_detail::status(s);
}
inline prtblasStatus_t prtblasDestroy(prtblasHandle_t handle) {
  return prt::blas_detail::status(hipblasDestroy(prt::blas_detail::native(handle)));
}
inline prtblasStatus_t prtblasSetStream(prtblasHandle_t handle, prtStream_t stream) {
  return prt::blas_detail::status(hipblasSetStream(prt::blas_detail::native(handle), (hipStream_t)stream));
}
inline prtblasStatus_t prtblasGetStream(prtblasHandle_t handle, prtStream_t* stream) {
  hipStream_t s = nullptr;
  const hipblasStatus_t r = hipblasGetStream(prt::blas_detail::native(handle), &s);
  if (r == HIPBLAS_STATUS_SUCCESS && stream != nullptr) *stream = (prtStream_t)s;
  return prt::blas_detail::status(r);
}
inline prtblasStatus_t prtblasSetMathMode(prtblasHandle_t handle, prtblasMath_t mode) {
  return prt::blas_detail::status(hipblasSetMathMode(prt::blas_detail::native(handle), (hipblasMath_t)mode));
}
inline prtblasStatus_t prtblasGetMathMode(prtblasHandle_t handle, prtblasMath_t* mode) {
  hipblasMath_t m{};
  const auto r = hipblasGetMathMode(prt::blas_detail::native(handle), &m);
  if (r == HIPBLAS_STATUS_SUCCESS && mode != nullptr) *mode = (prtblasMath_t)m;
  return prt::blas_detail::status(r);
}
inline prtblasStatus_t prtblasSetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t mode) {
  return prt::blas_detail::status(hipblasSetPointerMode(
      prt::blas_detail::native(handle),
      mode == PRTBLAS_POINTER_MODE_DEVICE ? HIPBLAS_POINTER_MODE_DEVICE : HIPBLAS_POINTER_MODE_HOST));
}
inline prtblasStatus_t prtblasGetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t* mode) {
  hipblasPointerMode_t m = HIPBLAS_POINTER_MODE_HOST;
  const hipblasStatus_t r = hipblasGetPointerMode(prt::blas_detail::native(handle), &m);
  if (r == HIPBLAS_STATUS_SUCCESS && mode != nullptr) {
    *mode = m == HIPBLAS_POINTER_MODE_DEVICE ? PRTBLAS_POINTER_MODE_DEVICE : PRTBLAS_POINTER_MODE_HOST;
  }
  return prt::blas_detail::status(r);
}

inline prtblasStatus_t prtblasSgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const float* alpha, const float* A, int lda, const float* B,
                                    int ldb, const float* beta, float* C, int ldc) {
  using namespace prt::blas_detail;
  return status(hipblasSgemm(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}
inline prtblasStatus_t prtblasDgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const double* alpha, const double* A, int lda,
                                    const double* B, int ldb, const double* beta, double* C, int ldc) {
  using namespace prt::blas_detail;
  return status(hipblasDgemm(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}
inline prtblasStatus_t prtblasHgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const __half* alpha, const __half* A, int lda,
                                    const __half* B, int ldb, const __half* beta, __half* C, int ldc) {
  using namespace prt::blas_detail;
  return status(hipblasHgemm(native(handle), op(transa), op(transb), m, n, k,
                             reinterpret_cast<const hipblasHalf*>(alpha), reinterpret_cast<const hipblasHalf*>(A), lda,
                             reinterpret_cast<const hipblasHalf*>(B), ldb, reinterpret_cast<const hipblasHalf*>(beta),
                             reinterpret_cast<hipblasHalf*>(C), ldc));
}
inline prtblasStatus_t prtblasGemmEx(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                     int m, int n, int k, const void* alpha, const void* A, prtDataType_t Atype,
                                     int lda, const void* B, prtDataType_t Btype, int ldb, const void* beta, void* C,
                                     prtDataType_t Ctype, int ldc, prtblasComputeType_t computeType,
                                     prtblasGemmAlgo_t) {
  using namespace prt::blas_detail;
  return status(hipblasGemmEx(native(handle), op(transa), op(transb), m, n, k, alpha, A, type(Atype), lda, B,
                              type(Btype), ldb, beta, C, type(Ctype), ldc, compute(computeType),
                              HIPBLAS_GEMM_DEFAULT));
}
inline prtblasStatus_t prtblasSgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const float* alpha,
                                                  const float* A, int lda, long long strideA, const float* B, int ldb,
                                                  long long strideB, const float* beta, float* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  return status(hipblasSgemmStridedBatched(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, strideA,
                                           B, ldb, strideB, beta, C, ldc, strideC, batchCount));
}
inline prtblasStatus_t prtblasDgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const double* alpha,
                                                  const double* A, int lda, long long strideA, const double* B,
                                                  int ldb, long long strideB, const double* beta, double* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  return status(hipblasDgemmStridedBatched(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, strideA,
                                           B, ldb, strideB, beta, C, ldc, strideC, batchCount));
}
inline prtblasStatus_t prtblasGemmStridedBatchedEx(prtblasHandle_t handle, prtblasOperation_t transa,
                                                   prtblasOperation_t transb, int m, int n, int k, const void* alpha,
                                                   const void* A, prtDataType_t Atype, int lda, long long strideA,
                                                   const void* B, prtDataType_t Btype, int ldb, long long strideB,
                                                   const void* beta, void* C, prtDataType_t Ctype, int ldc,
                                                   long long strideC, int batchCount,
                                                   prtblasComputeType_t computeType, prtblasGemmAlgo_t) {
  using namespace prt::blas_detail;
  return status(hipblasGemmStridedBatchedEx(native(handle), op(transa), op(transb), m, n, k, alpha, A, type(Atype),
                                            lda, strideA, B, type(Btype), ldb, strideB, beta, C, type(Ctype), ldc,
                                            strideC, batchCount, compute(computeType), HIPBLAS_GEMM_DEFAULT));
}
inline prtblasStatus_t prtblasSgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const float* alpha, const float* A, int lda, const float* x, int incx,
                                    const float* beta, float* y, int incy) {
  using namespace prt::blas_detail;
  return status(hipblasSgemv(native(handle), op(trans), m, n, alpha, A, lda, x, incx, beta, y, incy));
}
inline prtblasStatus_t prtblasDgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const double* alpha, const double* A, int lda, const double* x, int incx,
                                    const double* beta, double* y, int incy) {
  using namespace prt::blas_detail;
  return status(hipblasDgemv(native(handle), op(trans), m, n, alpha, A, lda, x, incx, beta, y, incy));
}
inline prtblasStatus_t prtblasSaxpy(prtblasHandle_t handle, int n, const float* alpha, const float* x, int incx,
                                    float* y, int incy) {
  return prt::blas_detail::status(hipblasSaxpy(prt::blas_detail::native(handle), n, alpha, x, incx, y, incy));
}
inline prtblasStatus_t prtblasDaxpy(prtblasHandle_t handle, int n, const double* alpha, const double* x, int incx,
                                    double* y, int incy) {
  return prt::blas_detail::status(hipblasDaxpy(prt::blas_detail::native(handle), n, alpha, x, incx, y, incy));
}
inline prtblasStatus_t prtblasSdot(prtblasHandle_t handle, int n, const float* x, int incx, const float* y, int incy,
                                   float* result) {
  return prt::blas_detail::status(hipblasSdot(prt::blas_detail::native(handle), n, x, incx, y, incy, result));
}
inline prtblasStatus_t prtblasDdot(prtblasHandle_t handle, int n, const double* x, int incx, const double* y,
                                   int incy, double* result) {
  return prt::blas_detail::status(hipblasDdot(prt::blas_detail::native(handle), n, x, incx, y, incy, result));
}
inline prtblasStatus_t prtblasDotEx(prtblasHandle_t handle, int n, const void* x, prtDataType_t xType, int incx,
                                    const void* y, prtDataType_t yType, int incy, void* result,
                                    prtDataType_t resultType, prtDataType_t executionType) {
  using namespace prt::blas_detail;
  return status(hipblasDotEx(native(handle), n, x, type(xType), incx, y, type(yType), incy, result, type(resultType),
                            type(executionType)));
}
inline prtblasStatus_t prtblasSnrm2(prtblasHandle_t handle, int n, const float* x, int incx, float* result) {
  return prt::blas_detail::status(hipblasSnrm2(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasDnrm2(prtblasHandle_t handle, int n, const double* x, int incx, double* result) {
  return prt::blas_detail::status(hipblasDnrm2(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasSscal(prtblasHandle_t handle, int n, const float* alpha, float* x, int incx) {
  return prt::blas_detail::status(hipblasSscal(prt::blas_detail::native(handle), n, alpha, x, incx));
}
inline prtblasStatus_t prtblasDscal(prtblasHandle_t handle, int n, const double* alpha, double* x, int incx) {
  return prt::blas_detail::status(hipblasDscal(prt::blas_detail::native(handle), n, alpha, x, incx));
}
inline prtblasStatus_t prtblasScopy(prtblasHandle_t handle, int n, const float* x, int incx, float* y, int incy) {
  return prt::blas_detail::status(hipblasScopy(prt::blas_detail::native(handle), n, x, incx, y, incy));
}
inline prtblasStatus_t prtblasDcopy(prtblasHandle_t handle, int n, const double* x, int incx, double* y, int incy) {
  return prt::blas_detail::status(hipblasDcopy(prt::blas_detail::native(handle), n, x, incx, y, incy));
}
