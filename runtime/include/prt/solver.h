// prt/solver.h: dense factorisations and solvers (prtsolverDn*), cuSOLVER's dense API with a neutral prefix.
//
// Column-major storage and cuSOLVER's argument order: LU (getrf/getrs), Cholesky (potrf/potrs), SVD (gesvd, also in
// single and double complex) and symmetric eigenvalues (syevd) in fp32 and fp64, each with its bufferSize call (sizes
// count elements). cuSOLVER on
// CUDA, hipSOLVER on HIP, LAPACK on the CPU (OpenBLAS's, from Debian's libopenblas-dev; link with -lopenblas
// there). On the CPU a call waits for the handle's stream, then runs on the calling thread; devInfo is written
// before it returns. Include this header where prtsolver* is used: on a backend whose library is missing it
// stops with one #error naming the package.
#pragma once

#include "prt/config.h"
#include "prt/complex.h"            // prtFloatComplex, prtDoubleComplex, for C/Zgesvd
#include "prt/detail/blas_enums.h"  // prtblasOperation_t, prtblasFillMode_t: cuSOLVER takes cuBLAS's
#include "prt/stream.h"             // prtStream_t, prtStreamSynchronize

// Result of every prtsolver call; values equal cuSOLVER's.
typedef enum prtsolverStatus {
  PRTSOLVER_STATUS_SUCCESS = 0,                    // no error
  PRTSOLVER_STATUS_NOT_INITIALIZED = 1,            // the handle is null or was destroyed
  PRTSOLVER_STATUS_ALLOC_FAILED = 2,               // out of memory
  PRTSOLVER_STATUS_INVALID_VALUE = 3,              // an argument is invalid (negative size, short leading dimension)
  PRTSOLVER_STATUS_ARCH_MISMATCH = 4,              // the device lacks a needed feature
  PRTSOLVER_STATUS_MAPPING_ERROR = 5,              // memory could not be accessed
  PRTSOLVER_STATUS_EXECUTION_FAILED = 6,           // the computation failed
  PRTSOLVER_STATUS_INTERNAL_ERROR = 7,             // internal error
  PRTSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,  // this matrix type is not supported
  PRTSOLVER_STATUS_NOT_SUPPORTED = 9,              // this combination of arguments is not supported here
  PRTSOLVER_STATUS_ZERO_PIVOT = 10,                // a zero pivot was met
  PRTSOLVER_STATUS_INVALID_WORKSPACE = 31          // the work area is too small
} prtsolverStatus_t;

// Whether syevd computes eigenvectors too; values equal cuSOLVER's.
typedef enum prtsolverEigMode {
  PRTSOLVER_EIG_MODE_NOVECTOR = 0,  // eigenvalues only
  PRTSOLVER_EIG_MODE_VECTOR = 1     // eigenvalues, and eigenvectors into A
} prtsolverEigMode_t;

struct prtsolverDnContext;                              // opaque library context
typedef struct prtsolverDnContext* prtsolverDnHandle_t;  // handle to a dense-solver context, bound to one stream

// Creates a handle on the default stream.
inline prtsolverStatus_t prtsolverDnCreate(prtsolverDnHandle_t* handle);
// Destroys a handle.
inline prtsolverStatus_t prtsolverDnDestroy(prtsolverDnHandle_t handle);
// Binds a handle to a stream: its later calls are ordered on that stream.
inline prtsolverStatus_t prtsolverDnSetStream(prtsolverDnHandle_t handle, prtStream_t stream);
// Returns the stream a handle is bound to.
inline prtsolverStatus_t prtsolverDnGetStream(prtsolverDnHandle_t handle, prtStream_t* stream);

// Elements of work area Sgetrf needs for an m x n matrix.
inline prtsolverStatus_t prtsolverDnSgetrf_bufferSize(prtsolverDnHandle_t handle, int m, int n, float* A, int lda,
                                                      int* Lwork);
// Elements of work area Dgetrf needs for an m x n matrix.
inline prtsolverStatus_t prtsolverDnDgetrf_bufferSize(prtsolverDnHandle_t handle, int m, int n, double* A, int lda,
                                                      int* Lwork);
// LU factorisation with partial pivoting, A = P L U, in fp32; devInfo gets 0, -i (bad argument i) or i (U(i,i) is 0).
// A null devIpiv (no pivoting) is NOT_SUPPORTED on the CPU, where LAPACK always pivots.
inline prtsolverStatus_t prtsolverDnSgetrf(prtsolverDnHandle_t handle, int m, int n, float* A, int lda,
                                           float* Workspace, int* devIpiv, int* devInfo);
// LU factorisation with partial pivoting in fp64.
inline prtsolverStatus_t prtsolverDnDgetrf(prtsolverDnHandle_t handle, int m, int n, double* A, int lda,
                                           double* Workspace, int* devIpiv, int* devInfo);
// Solves op(A) X = B with getrf's factors, in fp32; B (n x nrhs) is overwritten with X.
inline prtsolverStatus_t prtsolverDnSgetrs(prtsolverDnHandle_t handle, prtblasOperation_t trans, int n, int nrhs,
                                           const float* A, int lda, const int* devIpiv, float* B, int ldb,
                                           int* devInfo);
// Solves op(A) X = B with getrf's factors, in fp64.
inline prtsolverStatus_t prtsolverDnDgetrs(prtsolverDnHandle_t handle, prtblasOperation_t trans, int n, int nrhs,
                                           const double* A, int lda, const int* devIpiv, double* B, int ldb,
                                           int* devInfo);
// Elements of work area Spotrf needs.
inline prtsolverStatus_t prtsolverDnSpotrf_bufferSize(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n,
                                                      float* A, int lda, int* Lwork);
// Elements of work area Dpotrf needs.
inline prtsolverStatus_t prtsolverDnDpotrf_bufferSize(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n,
                                                      double* A, int lda, int* Lwork);
// Cholesky factorisation of a symmetric positive definite matrix in fp32 (the uplo triangle is read and
// overwritten); devInfo gets i > 0 when the leading minor of order i is not positive definite.
inline prtsolverStatus_t prtsolverDnSpotrf(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, float* A,
                                           int lda, float* Workspace, int Lwork, int* devInfo);
// Cholesky factorisation in fp64.
inline prtsolverStatus_t prtsolverDnDpotrf(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, double* A,
                                           int lda, double* Workspace, int Lwork, int* devInfo);
// Solves A X = B with potrf's factor, in fp32; B is overwritten with X.
inline prtsolverStatus_t prtsolverDnSpotrs(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, int nrhs,
                                           const float* A, int lda, float* B, int ldb, int* devInfo);
// Solves A X = B with potrf's factor, in fp64.
inline prtsolverStatus_t prtsolverDnDpotrs(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, int nrhs,
                                           const double* A, int lda, double* B, int ldb, int* devInfo);
// Elements of work area Sgesvd needs for an m x n matrix.
inline prtsolverStatus_t prtsolverDnSgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork);
// Elements of work area Dgesvd needs for an m x n matrix.
inline prtsolverStatus_t prtsolverDnDgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork);
// Singular value decomposition A = U S VT in fp32 (m >= n, as cuSOLVER requires); jobu and jobvt are LAPACK's
// 'A', 'S', 'O' or 'N'; A is destroyed; rwork, when not null, gets the unconverged superdiagonal (min(m,n)-1).
inline prtsolverStatus_t prtsolverDnSgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, float* A, int lda, float* S, float* U, int ldu, float* VT, int ldvt,
                                           float* work, int lwork, float* rwork, int* devInfo);
// Singular value decomposition in fp64.
inline prtsolverStatus_t prtsolverDnDgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, double* A, int lda, double* S, double* U, int ldu, double* VT,
                                           int ldvt, double* work, int lwork, double* rwork, int* devInfo);
// Elements of work area Cgesvd needs for an m x n matrix.
inline prtsolverStatus_t prtsolverDnCgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork);
// Elements of work area Zgesvd needs for an m x n matrix.
inline prtsolverStatus_t prtsolverDnZgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork);
// Singular value decomposition A = U S VH in single complex (m >= n), as Sgesvd: S is real, VT gets V's conjugate
// transpose; rwork, when not null, gets the unconverged superdiagonal (min(m,n)-1 reals).
inline prtsolverStatus_t prtsolverDnCgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, prtFloatComplex* A, int lda, float* S, prtFloatComplex* U, int ldu,
                                           prtFloatComplex* VT, int ldvt, prtFloatComplex* work, int lwork,
                                           float* rwork, int* devInfo);
// Singular value decomposition in double complex.
inline prtsolverStatus_t prtsolverDnZgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, prtDoubleComplex* A, int lda, double* S, prtDoubleComplex* U,
                                           int ldu, prtDoubleComplex* VT, int ldvt, prtDoubleComplex* work, int lwork,
                                           double* rwork, int* devInfo);
// Elements of work area Ssyevd needs.
inline prtsolverStatus_t prtsolverDnSsyevd_bufferSize(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz,
                                                      prtblasFillMode_t uplo, int n, const float* A, int lda,
                                                      const float* W, int* lwork);
// Elements of work area Dsyevd needs.
inline prtsolverStatus_t prtsolverDnDsyevd_bufferSize(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz,
                                                      prtblasFillMode_t uplo, int n, const double* A, int lda,
                                                      const double* W, int* lwork);
// Eigenvalues (ascending, into W) and optionally eigenvectors (into A's columns) of a symmetric matrix, fp32.
inline prtsolverStatus_t prtsolverDnSsyevd(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz,
                                           prtblasFillMode_t uplo, int n, float* A, int lda, float* W, float* work,
                                           int lwork, int* devInfo);
// Eigenvalues and optionally eigenvectors of a symmetric matrix, fp64.
inline prtsolverStatus_t prtsolverDnDsyevd(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz,
                                           prtblasFillMode_t uplo, int n, double* A, int lda, double* W,
                                           double* work, int lwork, int* devInfo);

#if PRT_BACKEND_CPU
#include "prt/cpu/solver.h"
#else
#include "prt/gpu/solver.h"
#endif
