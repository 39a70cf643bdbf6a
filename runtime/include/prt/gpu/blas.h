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

namespace prt {
namespace blas_detail {
inline PRT_BLAS(Handle_t) native(prtblasHandle_t h) { return reinterpret_cast<PRT_BLAS(Handle_t)>(h); }
#if PRT_BACKEND_CUDA
// cuBLAS's enums have the values of ours.
using vendor_half = __half;
inline prtblasStatus_t status(cublasStatus_t s) { return static_cast<prtblasStatus_t>(s); }
inline cublasOperation_t op(prtblasOperation_t o) { return static_cast<cublasOperation_t>(o); }
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
