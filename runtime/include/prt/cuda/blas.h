// prt/cuda/blas.h: the CUDA backend of prt/blas.h, forwarding to cuBLAS (link with -lcublas).
#pragma once

#include <cublas_v2.h>

namespace prt {
namespace blas_detail {
inline cublasHandle_t native(prtblasHandle_t h) { return reinterpret_cast<cublasHandle_t>(h); }
inline prtblasStatus_t status(cublasStatus_t s) { return static_cast<prtblasStatus_t>(s); }
inline cublasOperation_t op(prtblasOperation_t o) { return static_cast<cublasOperation_t>(o); }
inline cudaDataType_t type(prtDataType_t t) { return static_cast<cudaDataType_t>(t); }
}  // namespace blas_detail
}  // namespace prt

inline prtblasStatus_t prtblasCreate(prtblasHandle_t* handle) {
  return prt::blas_detail::status(cublasCreate(reinterpret_cast<cublasHandle_t*>(handle)));
}
inline prtblasStatus_t prtblasDestroy(prtblasHandle_t handle) {
  return prt::blas_detail::status(cublasDestroy(prt::blas_detail::native(handle)));
}
inline prtblasStatus_t prtblasSetStream(prtblasHandle_t handle, prtStream_t stream) {
  return prt::blas_detail::status(cublasSetStream(prt::blas_detail::native(handle), (cudaStream_t)stream));
}
inline prtblasStatus_t prtblasGetStream(prtblasHandle_t handle, prtStream_t* stream) {
  cudaStream_t s = nullptr;
  const cublasStatus_t r = cublasGetStream(prt::blas_detail::native(handle), &s);
  if (r == CUBLAS_STATUS_SUCCESS && stream != nullptr) *stream = (prtStream_t)s;
  return prt::blas_detail::status(r);
}
inline prtblasStatus_t prtblasSetMathMode(prtblasHandle_t handle, prtblasMath_t mode) {
  return prt::blas_detail::status(cublasSetMathMode(prt::blas_detail::native(handle), (cublasMath_t)mode));
}
inline prtblasStatus_t prtblasGetMathMode(prtblasHandle_t handle, prtblasMath_t* mode) {
  cublasMath_t m{};
  const auto r = cublasGetMathMode(prt::blas_detail::native(handle), &m);
  if (r == CUBLAS_STATUS_SUCCESS && mode != nullptr) *mode = (prtblasMath_t)m;
  return prt::blas_detail::status(r);
}
inline prtblasStatus_t prtblasSetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t mode) {
  return prt::blas_detail::status(
      cublasSetPointerMode(prt::blas_detail::native(handle), static_cast<cublasPointerMode_t>(mode)));
}
inline prtblasStatus_t prtblasGetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t* mode) {
  return prt::blas_detail::status(
      cublasGetPointerMode(prt::blas_detail::native(handle), reinterpret_cast<cublasPointerMode_t*>(mode)));
}

inline prtblasStatus_t prtblasSgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const float* alpha, const float* A, int lda, const float* B,
                                    int ldb, const float* beta, float* C, int ldc) {
  using namespace prt::blas_detail;
  return status(cublasSgemm(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}
inline prtblasStatus_t prtblasDgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const double* alpha, const double* A, int lda,
                                    const double* B, int ldb, const double* beta, double* C, int ldc) {
  using namespace prt::blas_detail;
  return status(cublasDgemm(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}
inline prtblasStatus_t prtblasHgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const __half* alpha, const __half* A, int lda,
                                    const __half* B, int ldb, const __half* beta, __half* C, int ldc) {
  using namespace prt::blas_detail;
  return status(cublasHgemm(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}
inline prtblasStatus_t prtblasGemmEx(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                     int m, int n, int k, const void* alpha, const void* A, prtDataType_t Atype,
                                     int lda, const void* B, prtDataType_t Btype, int ldb, const void* beta, void* C,
                                     prtDataType_t Ctype, int ldc, prtblasComputeType_t computeType,
                                     prtblasGemmAlgo_t algo) {
  using namespace prt::blas_detail;
  return status(cublasGemmEx(native(handle), op(transa), op(transb), m, n, k, alpha, A, type(Atype), lda, B,
                             type(Btype), ldb, beta, C, type(Ctype), ldc,
                             static_cast<cublasComputeType_t>(computeType), static_cast<cublasGemmAlgo_t>(algo)));
}
inline prtblasStatus_t prtblasSgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const float* alpha,
                                                  const float* A, int lda, long long strideA, const float* B, int ldb,
                                                  long long strideB, const float* beta, float* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  return status(cublasSgemmStridedBatched(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, strideA, B,
                                          ldb, strideB, beta, C, ldc, strideC, batchCount));
}
inline prtblasStatus_t prtblasDgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const double* alpha,
                                                  const double* A, int lda, long long strideA, const double* B,
                                                  int ldb, long long strideB, const double* beta, double* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  return status(cublasDgemmStridedBatched(native(handle), op(transa), op(transb), m, n, k, alpha, A, lda, strideA, B,
                                          ldb, strideB, beta, C, ldc, strideC, batchCount));
}
inline prtblasStatus_t prtblasGemmStridedBatchedEx(prtblasHandle_t handle, prtblasOperation_t transa,
                                                   prtblasOperation_t transb, int m, int n, int k, const void* alpha,
                                                   const void* A, prtDataType_t Atype, int lda, long long strideA,
                                                   const void* B, prtDataType_t Btype, int ldb, long long strideB,
                                                   const void* beta, void* C, prtDataType_t Ctype, int ldc,
                                                   long long strideC, int batchCount,
                                                   prtblasComputeType_t computeType, prtblasGemmAlgo_t algo) {
  using namespace prt::blas_detail;
  return status(cublasGemmStridedBatchedEx(native(handle), op(transa), op(transb), m, n, k, alpha, A, type(Atype),
                                           lda, strideA, B, type(Btype), ldb, strideB, beta, C, type(Ctype), ldc,
                                           strideC, batchCount, static_cast<cublasComputeType_t>(computeType),
                                           static_cast<cublasGemmAlgo_t>(algo)));
}
inline prtblasStatus_t prtblasSgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const float* alpha, const float* A, int lda, const float* x, int incx,
                                    const float* beta, float* y, int incy) {
  using namespace prt::blas_detail;
  return status(cublasSgemv(native(handle), op(trans), m, n, alpha, A, lda, x, incx, beta, y, incy));
}
inline prtblasStatus_t prtblasDgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const double* alpha, const double* A, int lda, const double* x, int incx,
                                    const double* beta, double* y, int incy) {
  using namespace prt::blas_detail;
  return status(cublasDgemv(native(handle), op(trans), m, n, alpha, A, lda, x, incx, beta, y, incy));
}
inline prtblasStatus_t prtblasSaxpy(prtblasHandle_t handle, int n, const float* alpha, const float* x, int incx,
                                    float* y, int incy) {
  return prt::blas_detail::status(cublasSaxpy(prt::blas_detail::native(handle), n, alpha, x, incx, y, incy));
}
inline prtblasStatus_t prtblasDaxpy(prtblasHandle_t handle, int n, const double* alpha, const double* x, int incx,
                                    double* y, int incy) {
  return prt::blas_detail::status(cublasDaxpy(prt::blas_detail::native(handle), n, alpha, x, incx, y, incy));
}
inline prtblasStatus_t prtblasSdot(prtblasHandle_t handle, int n, const float* x, int incx, const float* y, int incy,
                                   float* result) {
  return prt::blas_detail::status(cublasSdot(prt::blas_detail::native(handle), n, x, incx, y, incy, result));
}
inline prtblasStatus_t prtblasDdot(prtblasHandle_t handle, int n, const double* x, int incx, const double* y,
                                   int incy, double* result) {
  return prt::blas_detail::status(cublasDdot(prt::blas_detail::native(handle), n, x, incx, y, incy, result));
}
inline prtblasStatus_t prtblasDotEx(prtblasHandle_t handle, int n, const void* x, prtDataType_t xType, int incx,
                                    const void* y, prtDataType_t yType, int incy, void* result,
                                    prtDataType_t resultType, prtDataType_t executionType) {
  using namespace prt::blas_detail;
  return status(cublasDotEx(native(handle), n, x, type(xType), incx, y, type(yType), incy, result, type(resultType),
                            type(executionType)));
}
inline prtblasStatus_t prtblasSnrm2(prtblasHandle_t handle, int n, const float* x, int incx, float* result) {
  return prt::blas_detail::status(cublasSnrm2(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasDnrm2(prtblasHandle_t handle, int n, const double* x, int incx, double* result) {
  return prt::blas_detail::status(cublasDnrm2(prt::blas_detail::native(handle), n, x, incx, result));
}
inline prtblasStatus_t prtblasSscal(prtblasHandle_t handle, int n, const float* alpha, float* x, int incx) {
  return prt::blas_detail::status(cublasSscal(prt::blas_detail::native(handle), n, alpha, x, incx));
}
inline prtblasStatus_t prtblasDscal(prtblasHandle_t handle, int n, const double* alpha, double* x, int incx) {
  return prt::blas_detail::status(cublasDscal(prt::blas_detail::native(handle), n, alpha, x, incx));
}
inline prtblasStatus_t prtblasScopy(prtblasHandle_t handle, int n, const float* x, int incx, float* y, int incy) {
  return prt::blas_detail::status(cublasScopy(prt::blas_detail::native(handle), n, x, incx, y, incy));
}
inline prtblasStatus_t prtblasDcopy(prtblasHandle_t handle, int n, const double* x, int incx, double* y, int incy) {
  return prt::blas_detail::status(cublasDcopy(prt::blas_detail::native(handle), n, x, incx, y, incy));
}
