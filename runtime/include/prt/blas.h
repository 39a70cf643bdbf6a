// prt/blas.h: dense linear algebra (prtblas*), cuBLAS's v2 API with a neutral prefix.
//
// Column-major storage and cuBLAS's argument order. cuBLAS on CUDA, hipBLAS on HIP, OpenBLAS's CBLAS on the CPU
// (link with -lopenblas there; there the call waits for the handle's stream, then runs on the calling thread, so
// its results are ready when it returns and later work on the stream sees them). On the CPU, 16-bit GEMMs convert
// to fp32, run sgemm and round the result once. Scalars (alpha, beta, results of dot and nrm2) are read and
// written through host pointers, or device pointers under PRTBLAS_POINTER_MODE_DEVICE. Complex calls take
// prtFloatComplex / prtDoubleComplex (float2 / double2 layout); the 64-bit-integer forms (prtblas*_64) are declared
// after the 32-bit ones.
#pragma once

#include <cstddef>
#include <cstdint>

#include "prt/config.h"
#include "prt/complex.h"  // prtFloatComplex, prtDoubleComplex, for prtblasC/ZgelsBatched
#include "prt/half.h"  // __half, for prtblasHgemm

#include "prt/stream.h"  // prtStream_t, prtStreamSynchronize
#include "prt/detail/blas_enums.h"  // prtblasOperation_t, prtblasFillMode_t (shared with prt/solver.h)

#include "prt/detail/data_type.h"  // prtDataType_t

// Result of every prtblas call; values equal cuBLAS's.
typedef enum prtblasStatus {
  PRTBLAS_STATUS_SUCCESS = 0,           // no error
  PRTBLAS_STATUS_NOT_INITIALIZED = 1,   // the handle is null or was destroyed
  PRTBLAS_STATUS_ALLOC_FAILED = 3,      // out of memory
  PRTBLAS_STATUS_INVALID_VALUE = 7,     // an argument is invalid (negative size, short leading dimension)
  PRTBLAS_STATUS_ARCH_MISMATCH = 8,     // the device lacks a needed feature
  PRTBLAS_STATUS_MAPPING_ERROR = 11,    // device memory could not be accessed
  PRTBLAS_STATUS_EXECUTION_FAILED = 13,  // the computation failed
  PRTBLAS_STATUS_INTERNAL_ERROR = 14,   // internal error
  PRTBLAS_STATUS_NOT_SUPPORTED = 15     // this combination of types or options is not supported
} prtblasStatus_t;

// Where scalar arguments and results live; values equal cuBLAS's.
typedef enum prtblasPointerMode {
  PRTBLAS_POINTER_MODE_HOST = 0,   // scalars are host pointers (the default)
  PRTBLAS_POINTER_MODE_DEVICE = 1  // scalars are device pointers
} prtblasPointerMode_t;

// Whether the library may use reduced-precision shortcuts in fp32 products; values equal cuBLAS's.
typedef enum prtblasMath {
  PRTBLAS_DEFAULT_MATH = 0,                        // the library's default (no TF32 for fp32 on CUDA)
  PRTBLAS_TENSOR_OP_MATH = 1,                      // tensor cores allowed (deprecated in cuBLAS, kept as a hint)
  PRTBLAS_PEDANTIC_MATH = 2,                       // no shortcuts at all
  PRTBLAS_TF32_TENSOR_OP_MATH = 3,                 // fp32 products may round inputs to TF32
  PRTBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16  // flag: no reduced-precision accumulation
} prtblasMath_t;

// Arithmetic of GemmEx; values equal cuBLAS's.
typedef enum prtblasComputeType {
  PRTBLAS_COMPUTE_16F = 64,            // fp16 arithmetic, __half scalars
  PRTBLAS_COMPUTE_16F_PEDANTIC = 65,   // fp16 arithmetic, no reduced-precision shortcuts
  PRTBLAS_COMPUTE_32F = 68,            // fp32 arithmetic, float scalars
  PRTBLAS_COMPUTE_32F_PEDANTIC = 69,   // fp32 arithmetic, no reduced-precision shortcuts
  PRTBLAS_COMPUTE_64F = 70,            // fp64 arithmetic, double scalars
  PRTBLAS_COMPUTE_64F_PEDANTIC = 71,   // fp64 arithmetic, no reduced-precision shortcuts
  PRTBLAS_COMPUTE_32I = 72,            // int32 arithmetic (int8 inputs), int32 scalars
  PRTBLAS_COMPUTE_32I_PEDANTIC = 73,   // int32 arithmetic, no reduced-precision shortcuts
  PRTBLAS_COMPUTE_32F_FAST_16F = 74,   // fp32 that may round inputs to fp16
  PRTBLAS_COMPUTE_32F_FAST_16BF = 75,  // fp32 that may round inputs to bf16
  PRTBLAS_COMPUTE_32F_FAST_TF32 = 77   // fp32 that may round inputs to tf32
} prtblasComputeType_t;

// Which side a diagonal matrix multiplies from (dgmm); values equal cuBLAS's.
typedef enum prtblasSideMode {
  PRTBLAS_SIDE_LEFT = 0,  // C = diag(x) * A
  PRTBLAS_SIDE_RIGHT = 1  // C = A * diag(x)
} prtblasSideMode_t;

// GEMM algorithm hint; values equal cuBLAS's (only the defaults: the others are device-specific).
typedef enum prtblasGemmAlgo {
  PRTBLAS_GEMM_DEFAULT = -1,           // the library's choice
  PRTBLAS_GEMM_DEFAULT_TENSOR_OP = 99  // the library's choice, tensor cores allowed
} prtblasGemmAlgo_t;

struct prtblasContext;                          // opaque library context
typedef struct prtblasContext* prtblasHandle_t;  // handle to a library context, bound to one stream

// Creates a handle on the default stream, pointer mode host.
inline prtblasStatus_t prtblasCreate(prtblasHandle_t* handle);
// Destroys a handle.
inline prtblasStatus_t prtblasDestroy(prtblasHandle_t handle);
// Binds a handle to a stream: its later calls are ordered on that stream.
inline prtblasStatus_t prtblasSetStream(prtblasHandle_t handle, prtStream_t stream);
// Returns the stream a handle is bound to.
inline prtblasStatus_t prtblasGetStream(prtblasHandle_t handle, prtStream_t* stream);
// Sets the handle's math mode (a hint: the CPU backend computes fp32 products in fp32 whatever the mode).
inline prtblasStatus_t prtblasSetMathMode(prtblasHandle_t handle, prtblasMath_t mode);
// The handle's math mode, as last set.
inline prtblasStatus_t prtblasGetMathMode(prtblasHandle_t handle, prtblasMath_t* mode);
// Sets where scalar arguments and results live.
inline prtblasStatus_t prtblasSetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t mode);
// Returns where scalar arguments and results live.
inline prtblasStatus_t prtblasGetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t* mode);
// Names a status value.
inline const char* prtblasGetStatusString(prtblasStatus_t status);
// Names a status value (the same name as GetStatusString).
inline const char* prtblasGetStatusName(prtblasStatus_t status);

// Copies n elements of elemSize bytes from host x (every incx-th) to device y (every incy-th); blocks until done.
inline prtblasStatus_t prtblasSetVector(int n, int elemSize, const void* x, int incx, void* y, int incy);
// Copies n elements of elemSize bytes from device x (every incx-th) to host y (every incy-th); blocks until done.
inline prtblasStatus_t prtblasGetVector(int n, int elemSize, const void* x, int incx, void* y, int incy);
// Copies a rows x cols column-major matrix of elemSize-byte elements from host A (leading dimension lda) to device
// B (leading dimension ldb); blocks until done.
inline prtblasStatus_t prtblasSetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb);
// Copies a rows x cols column-major matrix from device A (leading dimension lda) to host B (leading dimension ldb);
// blocks until done.
inline prtblasStatus_t prtblasGetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb);

// C = alpha * op(A) * op(B) + beta * C in fp32; C is m x n, op(A) m x k, op(B) k x n.
inline prtblasStatus_t prtblasSgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const float* alpha, const float* A, int lda, const float* B,
                                    int ldb, const float* beta, float* C, int ldc);
// C = alpha * op(A) * op(B) + beta * C in fp64.
inline prtblasStatus_t prtblasDgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const double* alpha, const double* A, int lda,
                                    const double* B, int ldb, const double* beta, double* C, int ldc);
// C = alpha * op(A) * op(B) + beta * C in fp16 (the CPU computes in fp32 and rounds once).
inline prtblasStatus_t prtblasHgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const __half* alpha, const __half* A, int lda,
                                    const __half* B, int ldb, const __half* beta, __half* C, int ldc);
// C = alpha * op(A) * op(B) + beta * C with typed buffers (fp16/bf16/fp32/fp64) and a compute type.
inline prtblasStatus_t prtblasGemmEx(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                     int m, int n, int k, const void* alpha, const void* A, prtDataType_t Atype,
                                     int lda, const void* B, prtDataType_t Btype, int ldb, const void* beta, void* C,
                                     prtDataType_t Ctype, int ldc, prtblasComputeType_t computeType,
                                     prtblasGemmAlgo_t algo);
// GemmEx with the compute type spelled as a data type (cuBLAS before 11: PRT_R_32F means PRTBLAS_COMPUTE_32F).
inline prtblasStatus_t prtblasGemmEx(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                     int m, int n, int k, const void* alpha, const void* A, prtDataType_t Atype,
                                     int lda, const void* B, prtDataType_t Btype, int ldb, const void* beta, void* C,
                                     prtDataType_t Ctype, int ldc, prtDataType_t computeType, prtblasGemmAlgo_t algo);
// batchCount fp32 GEMMs; matrix i of A, B, C starts at A + i * strideA (and so on).
inline prtblasStatus_t prtblasSgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const float* alpha,
                                                  const float* A, int lda, long long strideA, const float* B, int ldb,
                                                  long long strideB, const float* beta, float* C, int ldc,
                                                  long long strideC, int batchCount);
// batchCount fp64 GEMMs; matrix i of A, B, C starts at A + i * strideA (and so on).
inline prtblasStatus_t prtblasDgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const double* alpha,
                                                  const double* A, int lda, long long strideA, const double* B,
                                                  int ldb, long long strideB, const double* beta, double* C, int ldc,
                                                  long long strideC, int batchCount);
// batchCount typed GEMMs as GemmEx; strides count elements.
inline prtblasStatus_t prtblasGemmStridedBatchedEx(prtblasHandle_t handle, prtblasOperation_t transa,
                                                   prtblasOperation_t transb, int m, int n, int k, const void* alpha,
                                                   const void* A, prtDataType_t Atype, int lda, long long strideA,
                                                   const void* B, prtDataType_t Btype, int ldb, long long strideB,
                                                   const void* beta, void* C, prtDataType_t Ctype, int ldc,
                                                   long long strideC, int batchCount,
                                                   prtblasComputeType_t computeType, prtblasGemmAlgo_t algo);
// y = alpha * op(A) * x + beta * y in fp32; A is m x n.
inline prtblasStatus_t prtblasSgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const float* alpha, const float* A, int lda, const float* x, int incx,
                                    const float* beta, float* y, int incy);
// y = alpha * op(A) * x + beta * y in fp64; A is m x n.
inline prtblasStatus_t prtblasDgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const double* alpha, const double* A, int lda, const double* x, int incx,
                                    const double* beta, double* y, int incy);
// y = alpha * x + y in fp32.
inline prtblasStatus_t prtblasSaxpy(prtblasHandle_t handle, int n, const float* alpha, const float* x, int incx,
                                    float* y, int incy);
// y = alpha * x + y in fp64.
inline prtblasStatus_t prtblasDaxpy(prtblasHandle_t handle, int n, const double* alpha, const double* x, int incx,
                                    double* y, int incy);
// *result = x . y in fp32.
inline prtblasStatus_t prtblasSdot(prtblasHandle_t handle, int n, const float* x, int incx, const float* y, int incy,
                                   float* result);
// *result = x . y in fp64.
inline prtblasStatus_t prtblasDdot(prtblasHandle_t handle, int n, const double* x, int incx, const double* y,
                                   int incy, double* result);
// *result = x . y with typed vectors and result (fp16, bf16, fp32, fp64), summed in executionType (fp32 or fp64).
inline prtblasStatus_t prtblasDotEx(prtblasHandle_t handle, int n, const void* x, prtDataType_t xType, int incx,
                                    const void* y, prtDataType_t yType, int incy, void* result,
                                    prtDataType_t resultType, prtDataType_t executionType);
// *result = Euclidean norm of x in fp32.
inline prtblasStatus_t prtblasSnrm2(prtblasHandle_t handle, int n, const float* x, int incx, float* result);
// *result = Euclidean norm of x in fp64.
inline prtblasStatus_t prtblasDnrm2(prtblasHandle_t handle, int n, const double* x, int incx, double* result);
// x = alpha * x in fp32.
inline prtblasStatus_t prtblasSscal(prtblasHandle_t handle, int n, const float* alpha, float* x, int incx);
// x = alpha * x in fp64.
inline prtblasStatus_t prtblasDscal(prtblasHandle_t handle, int n, const double* alpha, double* x, int incx);
// y = x in fp32.
inline prtblasStatus_t prtblasScopy(prtblasHandle_t handle, int n, const float* x, int incx, float* y, int incy);
// y = x in fp64.
inline prtblasStatus_t prtblasDcopy(prtblasHandle_t handle, int n, const double* x, int incx, double* y, int incy);
// *result = 1-based index of the first element of largest magnitude of x in fp32 (0 when n <= 0 or incx <= 0).
inline prtblasStatus_t prtblasIsamax(prtblasHandle_t handle, int n, const float* x, int incx, int* result);
// *result = 1-based index of the first element of largest magnitude of x in fp64 (0 when n <= 0 or incx <= 0).
inline prtblasStatus_t prtblasIdamax(prtblasHandle_t handle, int n, const double* x, int incx, int* result);
// *result = 1-based index of the first element of smallest magnitude of x in fp32 (0 when n <= 0 or incx <= 0).
inline prtblasStatus_t prtblasIsamin(prtblasHandle_t handle, int n, const float* x, int incx, int* result);
// *result = 1-based index of the first element of smallest magnitude of x in fp64 (0 when n <= 0 or incx <= 0).
inline prtblasStatus_t prtblasIdamin(prtblasHandle_t handle, int n, const double* x, int incx, int* result);
// C = alpha * op(A) + beta * op(B) in fp32, C m x n; in place when C is A (lda == ldc, op N) or B (likewise).
inline prtblasStatus_t prtblasSgeam(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, const float* alpha, const float* A, int lda, const float* beta,
                                    const float* B, int ldb, float* C, int ldc);
// C = alpha * op(A) + beta * op(B) in fp64, C m x n; in place when C is A (lda == ldc, op N) or B (likewise).
inline prtblasStatus_t prtblasDgeam(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, const double* alpha, const double* A, int lda, const double* beta,
                                    const double* B, int ldb, double* C, int ldc);
// batchCount fp16 GEMMs on the matrices of the device arrays of pointers Aarray, Barray, Carray.
inline prtblasStatus_t prtblasHgemmBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                           prtblasOperation_t transb, int m, int n, int k, const __half* alpha,
                                           const __half* const Aarray[], int lda, const __half* const Barray[],
                                           int ldb, const __half* beta, __half* const Carray[], int ldc,
                                           int batchCount);
// batchCount fp32 GEMMs on the matrices of the device arrays of pointers Aarray, Barray, Carray.
inline prtblasStatus_t prtblasSgemmBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                           prtblasOperation_t transb, int m, int n, int k, const float* alpha,
                                           const float* const Aarray[], int lda, const float* const Barray[],
                                           int ldb, const float* beta, float* const Carray[], int ldc,
                                           int batchCount);
// batchCount fp64 GEMMs on the matrices of the device arrays of pointers Aarray, Barray, Carray.
inline prtblasStatus_t prtblasDgemmBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                           prtblasOperation_t transb, int m, int n, int k, const double* alpha,
                                           const double* const Aarray[], int lda, const double* const Barray[],
                                           int ldb, const double* beta, double* const Carray[], int ldc,
                                           int batchCount);
// batchCount fp16 GEMMs; matrix i of A, B, C starts at A + i * strideA (and so on).
inline prtblasStatus_t prtblasHgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const __half* alpha,
                                                  const __half* A, int lda, long long strideA, const __half* B,
                                                  int ldb, long long strideB, const __half* beta, __half* C, int ldc,
                                                  long long strideC, int batchCount);
// LU factorisations with partial pivoting of batchSize n x n fp32 matrices (device array of pointers A): P gets
// each matrix's n 1-based pivot rows in turn (no pivoting when P is null), info[i] 0 or the first k with U(k,k) = 0.
inline prtblasStatus_t prtblasSgetrfBatched(prtblasHandle_t handle, int n, float* const A[], int lda, int* P,
                                            int* info, int batchSize);
// LU factorisations of batchSize n x n fp64 matrices, as SgetrfBatched.
inline prtblasStatus_t prtblasDgetrfBatched(prtblasHandle_t handle, int n, double* const A[], int lda, int* P,
                                            int* info, int batchSize);
// Least-squares solutions of batchSize overdetermined fp32 systems (m >= n, trans N only): each Carray[i] (m x nrhs)
// becomes the n x nrhs solution, each Aarray[i] its QR factorisation; *info is 0 or minus the position of the first
// invalid argument; devInfoArray (may be null) gets 0 or the first k with R(k,k) = 0 for each system.
inline prtblasStatus_t prtblasSgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           float* const Aarray[], int lda, float* const Carray[], int ldc, int* info,
                                           int* devInfoArray, int batchSize);
// Least-squares solutions of batchSize fp64 systems, as SgelsBatched.
inline prtblasStatus_t prtblasDgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           double* const Aarray[], int lda, double* const Carray[], int ldc, int* info,
                                           int* devInfoArray, int batchSize);
// Least-squares solutions of batchSize single complex systems, as SgelsBatched.
inline prtblasStatus_t prtblasCgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           prtFloatComplex* const Aarray[], int lda, prtFloatComplex* const Carray[],
                                           int ldc, int* info, int* devInfoArray, int batchSize);
// Least-squares solutions of batchSize double complex systems, as SgelsBatched.
inline prtblasStatus_t prtblasZgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           prtDoubleComplex* const Aarray[], int lda,
                                           prtDoubleComplex* const Carray[], int ldc, int* info, int* devInfoArray,
                                           int batchSize);

// C = alpha * op(A) * op(B) + beta * C in single complex; op C conjugates as it transposes.
inline prtblasStatus_t prtblasCgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const prtFloatComplex* alpha, const prtFloatComplex* A,
                                    int lda, const prtFloatComplex* B, int ldb, const prtFloatComplex* beta,
                                    prtFloatComplex* C, int ldc);
// C = alpha * op(A) * op(B) + beta * C in double complex.
inline prtblasStatus_t prtblasZgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const prtDoubleComplex* alpha, const prtDoubleComplex* A,
                                    int lda, const prtDoubleComplex* B, int ldb, const prtDoubleComplex* beta,
                                    prtDoubleComplex* C, int ldc);
// C = diag(x) * A (side left, x has m elements) or A * diag(x) (side right, n elements) in fp32, A and C m x n;
// a negative incx walks x from its far end; C may be A when ldc == lda.
inline prtblasStatus_t prtblasSdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n, const float* A,
                                    int lda, const float* x, int incx, float* C, int ldc);
// C = diag(x) * A or A * diag(x) in fp64, as Sdgmm.
inline prtblasStatus_t prtblasDdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n, const double* A,
                                    int lda, const double* x, int incx, double* C, int ldc);
// C = diag(x) * A or A * diag(x) in single complex, as Sdgmm.
inline prtblasStatus_t prtblasCdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n,
                                    const prtFloatComplex* A, int lda, const prtFloatComplex* x, int incx,
                                    prtFloatComplex* C, int ldc);
// C = diag(x) * A or A * diag(x) in double complex, as Sdgmm.
inline prtblasStatus_t prtblasZdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n,
                                    const prtDoubleComplex* A, int lda, const prtDoubleComplex* x, int incx,
                                    prtDoubleComplex* C, int ldc);
// *result = Euclidean norm of single complex x, in fp32.
inline prtblasStatus_t prtblasScnrm2(prtblasHandle_t handle, int n, const prtFloatComplex* x, int incx,
                                     float* result);
// *result = Euclidean norm of double complex x, in fp64.
inline prtblasStatus_t prtblasDznrm2(prtblasHandle_t handle, int n, const prtDoubleComplex* x, int incx,
                                     double* result);
// *result = 1-based index of the first element of largest |re| + |im| of single complex x (0 when n <= 0 or
// incx <= 0).
inline prtblasStatus_t prtblasIcamax(prtblasHandle_t handle, int n, const prtFloatComplex* x, int incx, int* result);
// *result = 1-based index of the first element of largest |re| + |im| of double complex x.
inline prtblasStatus_t prtblasIzamax(prtblasHandle_t handle, int n, const prtDoubleComplex* x, int incx,
                                     int* result);
// *result = 1-based index of the first element of smallest |re| + |im| of single complex x.
inline prtblasStatus_t prtblasIcamin(prtblasHandle_t handle, int n, const prtFloatComplex* x, int incx, int* result);
// *result = 1-based index of the first element of smallest |re| + |im| of double complex x.
inline prtblasStatus_t prtblasIzamin(prtblasHandle_t handle, int n, const prtDoubleComplex* x, int incx,
                                     int* result);

// The 64-bit-integer API (cuBLAS 12's _64 forms): the same calls with int64_t sizes, strides, leading dimensions
// and index results. cuBLAS's own _64 functions on CUDA and hipBLAS's on HIP (hipBLAS 2.3, ROCm 6.3, or later);
// on the CPU and older hipBLAS each size is checked to fit the library's int and the 32-bit call made, and a size
// past that range is NOT_SUPPORTED (never truncated).
// Euclidean norms.
inline prtblasStatus_t prtblasSnrm2_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx,
                                       float* result);
inline prtblasStatus_t prtblasDnrm2_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                       double* result);
inline prtblasStatus_t prtblasScnrm2_64(prtblasHandle_t handle, int64_t n, const prtFloatComplex* x, int64_t incx,
                                        float* result);
inline prtblasStatus_t prtblasDznrm2_64(prtblasHandle_t handle, int64_t n, const prtDoubleComplex* x, int64_t incx,
                                        double* result);
// Dot products.
inline prtblasStatus_t prtblasSdot_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx, const float* y,
                                      int64_t incy, float* result);
inline prtblasStatus_t prtblasDdot_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                      const double* y, int64_t incy, double* result);
// y = alpha * x + y.
inline prtblasStatus_t prtblasSaxpy_64(prtblasHandle_t handle, int64_t n, const float* alpha, const float* x,
                                       int64_t incx, float* y, int64_t incy);
inline prtblasStatus_t prtblasDaxpy_64(prtblasHandle_t handle, int64_t n, const double* alpha, const double* x,
                                       int64_t incx, double* y, int64_t incy);
// x = alpha * x.
inline prtblasStatus_t prtblasSscal_64(prtblasHandle_t handle, int64_t n, const float* alpha, float* x, int64_t incx);
inline prtblasStatus_t prtblasDscal_64(prtblasHandle_t handle, int64_t n, const double* alpha, double* x,
                                       int64_t incx);
// y = x.
inline prtblasStatus_t prtblasScopy_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx, float* y,
                                       int64_t incy);
inline prtblasStatus_t prtblasDcopy_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx, double* y,
                                       int64_t incy);
// 1-based indices of the largest and smallest magnitudes.
inline prtblasStatus_t prtblasIsamax_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx,
                                        int64_t* result);
inline prtblasStatus_t prtblasIdamax_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                        int64_t* result);
inline prtblasStatus_t prtblasIcamax_64(prtblasHandle_t handle, int64_t n, const prtFloatComplex* x, int64_t incx,
                                        int64_t* result);
inline prtblasStatus_t prtblasIzamax_64(prtblasHandle_t handle, int64_t n, const prtDoubleComplex* x, int64_t incx,
                                        int64_t* result);
inline prtblasStatus_t prtblasIsamin_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx,
                                        int64_t* result);
inline prtblasStatus_t prtblasIdamin_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                        int64_t* result);
inline prtblasStatus_t prtblasIcamin_64(prtblasHandle_t handle, int64_t n, const prtFloatComplex* x, int64_t incx,
                                        int64_t* result);
inline prtblasStatus_t prtblasIzamin_64(prtblasHandle_t handle, int64_t n, const prtDoubleComplex* x, int64_t incx,
                                        int64_t* result);
// y = alpha * op(A) * x + beta * y.
inline prtblasStatus_t prtblasSgemv_64(prtblasHandle_t handle, prtblasOperation_t trans, int64_t m, int64_t n,
                                       const float* alpha, const float* A, int64_t lda, const float* x, int64_t incx,
                                       const float* beta, float* y, int64_t incy);
inline prtblasStatus_t prtblasDgemv_64(prtblasHandle_t handle, prtblasOperation_t trans, int64_t m, int64_t n,
                                       const double* alpha, const double* A, int64_t lda, const double* x,
                                       int64_t incx, const double* beta, double* y, int64_t incy);
// C = alpha * op(A) * op(B) + beta * C.
inline prtblasStatus_t prtblasSgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const float* alpha, const float* A,
                                       int64_t lda, const float* B, int64_t ldb, const float* beta, float* C,
                                       int64_t ldc);
inline prtblasStatus_t prtblasDgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const double* alpha, const double* A,
                                       int64_t lda, const double* B, int64_t ldb, const double* beta, double* C,
                                       int64_t ldc);
inline prtblasStatus_t prtblasCgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const prtFloatComplex* alpha,
                                       const prtFloatComplex* A, int64_t lda, const prtFloatComplex* B, int64_t ldb,
                                       const prtFloatComplex* beta, prtFloatComplex* C, int64_t ldc);
inline prtblasStatus_t prtblasZgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const prtDoubleComplex* alpha,
                                       const prtDoubleComplex* A, int64_t lda, const prtDoubleComplex* B, int64_t ldb,
                                       const prtDoubleComplex* beta, prtDoubleComplex* C, int64_t ldc);
// C = alpha * op(A) + beta * op(B).
inline prtblasStatus_t prtblasSgeam_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, const float* alpha, const float* A, int64_t lda,
                                       const float* beta, const float* B, int64_t ldb, float* C, int64_t ldc);
inline prtblasStatus_t prtblasDgeam_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, const double* alpha, const double* A, int64_t lda,
                                       const double* beta, const double* B, int64_t ldb, double* C, int64_t ldc);
// C = diag(x) * A or A * diag(x).
inline prtblasStatus_t prtblasSdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const float* A, int64_t lda, const float* x, int64_t incx, float* C,
                                       int64_t ldc);
inline prtblasStatus_t prtblasDdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const double* A, int64_t lda, const double* x, int64_t incx, double* C,
                                       int64_t ldc);
inline prtblasStatus_t prtblasCdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const prtFloatComplex* A, int64_t lda, const prtFloatComplex* x, int64_t incx,
                                       prtFloatComplex* C, int64_t ldc);
inline prtblasStatus_t prtblasZdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const prtDoubleComplex* A, int64_t lda, const prtDoubleComplex* x,
                                       int64_t incx, prtDoubleComplex* C, int64_t ldc);

// Shared by every backend: the name of a status value.
inline const char* prtblasGetStatusString(prtblasStatus_t status) {
  switch (status) {
    case PRTBLAS_STATUS_SUCCESS: return "PRTBLAS_STATUS_SUCCESS";
    case PRTBLAS_STATUS_NOT_INITIALIZED: return "PRTBLAS_STATUS_NOT_INITIALIZED";
    case PRTBLAS_STATUS_ALLOC_FAILED: return "PRTBLAS_STATUS_ALLOC_FAILED";
    case PRTBLAS_STATUS_INVALID_VALUE: return "PRTBLAS_STATUS_INVALID_VALUE";
    case PRTBLAS_STATUS_ARCH_MISMATCH: return "PRTBLAS_STATUS_ARCH_MISMATCH";
    case PRTBLAS_STATUS_MAPPING_ERROR: return "PRTBLAS_STATUS_MAPPING_ERROR";
    case PRTBLAS_STATUS_EXECUTION_FAILED: return "PRTBLAS_STATUS_EXECUTION_FAILED";
    case PRTBLAS_STATUS_INTERNAL_ERROR: return "PRTBLAS_STATUS_INTERNAL_ERROR";
    case PRTBLAS_STATUS_NOT_SUPPORTED: return "PRTBLAS_STATUS_NOT_SUPPORTED";
  }
  return "PRTBLAS_STATUS_UNKNOWN";
}

// Shared by every backend: the name of a status value.
inline const char* prtblasGetStatusName(prtblasStatus_t status) { return prtblasGetStatusString(status); }

// Shared by every backend: the old GemmEx spelling with a data type as compute type.
inline prtblasStatus_t prtblasGemmEx(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                     int m, int n, int k, const void* alpha, const void* A, prtDataType_t Atype,
                                     int lda, const void* B, prtDataType_t Btype, int ldb, const void* beta, void* C,
                                     prtDataType_t Ctype, int ldc, prtDataType_t computeType, prtblasGemmAlgo_t algo) {
  prtblasComputeType_t compute;
  switch (computeType) {
    case PRT_R_16F: compute = PRTBLAS_COMPUTE_16F; break;
    case PRT_R_32F: compute = PRTBLAS_COMPUTE_32F; break;
    case PRT_R_64F: compute = PRTBLAS_COMPUTE_64F; break;
    default: return PRTBLAS_STATUS_NOT_SUPPORTED;
  }
  return prtblasGemmEx(handle, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C, Ctype, ldc,
                       compute, algo);
}

#if PRT_BACKEND_CUDA || PRT_BACKEND_HIP
#include "prt/gpu/blas.h"
#else
#include "prt/cpu/blas.h"
#endif
