// prt/gpu/solver.h: the GPU backend of prt/solver.h, written once: cuSOLVER's dense API on CUDA (link with
// -lcusolver), hipSOLVER's cuSOLVER-compatible hipsolverDn* API on HIP (hipSOLVER 5.3 or later; link with
// -lhipsolver), whose enums have their own values.
#pragma once

#if PRT_BACKEND_CUDA && !__has_include(<cusolverDn.h>)
#error \
    "prt/solver.h on the CUDA backend needs cuSOLVER's headers: install the CUDA toolkit's cuSOLVER (or pip install nvidia-cusolver) and put its include folder on the path"
#elif !PRT_BACKEND_CUDA && !__has_include(<hipsolver/hipsolver.h>) && !__has_include(<hipsolver.h>)
#error \
    "prt/solver.h on the HIP backend needs hipSOLVER: install ROCm's hipsolver (hipsolver-dev) and put its include folder on the path"
#else
#if PRT_BACKEND_CUDA
#include <cusolverDn.h>

// PRT_SOLVER(Name): the vendor's spelling of a cuSOLVER name.
#define PRT_SOLVER(name) cusolver##name
#define PRT_SOLVER_SUCCESS CUSOLVER_STATUS_SUCCESS

namespace prt {
namespace solver_detail {
inline cusolverDnHandle_t native(prtsolverDnHandle_t h) { return reinterpret_cast<cusolverDnHandle_t>(h); }
inline prtsolverStatus_t status(cusolverStatus_t s) { return static_cast<prtsolverStatus_t>(s); }
inline cublasOperation_t op(prtblasOperation_t o) { return static_cast<cublasOperation_t>(o); }
inline cublasFillMode_t fill(prtblasFillMode_t u) { return static_cast<cublasFillMode_t>(u); }
inline cusolverEigMode_t eig(prtsolverEigMode_t j) { return static_cast<cusolverEigMode_t>(j); }
}  // namespace solver_detail
}  // namespace prt
#else
#if __has_include(<hipsolver/hipsolver.h>)
#include <hipsolver/hipsolver.h>
#else
#include <hipsolver.h>
#endif

#define PRT_SOLVER(name) hipsolver##name
#define PRT_SOLVER_SUCCESS HIPSOLVER_STATUS_SUCCESS

namespace prt {
namespace solver_detail {
inline hipsolverDnHandle_t native(prtsolverDnHandle_t h) { return reinterpret_cast<hipsolverDnHandle_t>(h); }
inline prtsolverStatus_t status(hipsolverStatus_t s) {
  switch (s) {
    case HIPSOLVER_STATUS_SUCCESS: return PRTSOLVER_STATUS_SUCCESS;
    case HIPSOLVER_STATUS_NOT_INITIALIZED: return PRTSOLVER_STATUS_NOT_INITIALIZED;
    case HIPSOLVER_STATUS_ALLOC_FAILED: return PRTSOLVER_STATUS_ALLOC_FAILED;
    case HIPSOLVER_STATUS_INVALID_VALUE: return PRTSOLVER_STATUS_INVALID_VALUE;
    case HIPSOLVER_STATUS_MAPPING_ERROR: return PRTSOLVER_STATUS_MAPPING_ERROR;
    case HIPSOLVER_STATUS_EXECUTION_FAILED: return PRTSOLVER_STATUS_EXECUTION_FAILED;
    case HIPSOLVER_STATUS_ARCH_MISMATCH: return PRTSOLVER_STATUS_ARCH_MISMATCH;
    case HIPSOLVER_STATUS_NOT_SUPPORTED: return PRTSOLVER_STATUS_NOT_SUPPORTED;
    case HIPSOLVER_STATUS_INVALID_ENUM: return PRTSOLVER_STATUS_INVALID_VALUE;
    default: return PRTSOLVER_STATUS_INTERNAL_ERROR;
  }
}
inline hipsolverOperation_t op(prtblasOperation_t o) {
  return o == PRTBLAS_OP_N ? HIPSOLVER_OP_N : (o == PRTBLAS_OP_T ? HIPSOLVER_OP_T : HIPSOLVER_OP_C);
}
inline hipsolverFillMode_t fill(prtblasFillMode_t u) {
  return u == PRTBLAS_FILL_MODE_LOWER ? HIPSOLVER_FILL_MODE_LOWER : HIPSOLVER_FILL_MODE_UPPER;
}
inline hipsolverEigMode_t eig(prtsolverEigMode_t j) {
  return j == PRTSOLVER_EIG_MODE_VECTOR ? HIPSOLVER_EIG_MODE_VECTOR : HIPSOLVER_EIG_MODE_NOVECTOR;
}
}  // namespace solver_detail
}  // namespace prt
#endif

inline prtsolverStatus_t prtsolverDnCreate(prtsolverDnHandle_t* handle) {
  return prt::solver_detail::status(PRT_SOLVER(DnCreate)(reinterpret_cast<PRT_SOLVER(DnHandle_t)*>(handle)));
}
inline prtsolverStatus_t prtsolverDnDestroy(prtsolverDnHandle_t handle) {
  return prt::solver_detail::status(PRT_SOLVER(DnDestroy)(prt::solver_detail::native(handle)));
}
inline prtsolverStatus_t prtsolverDnSetStream(prtsolverDnHandle_t handle, prtStream_t stream) {
  return prt::solver_detail::status(
      PRT_SOLVER(DnSetStream)(prt::solver_detail::native(handle), (PRT_GPU(Stream_t))stream));
}
inline prtsolverStatus_t prtsolverDnGetStream(prtsolverDnHandle_t handle, prtStream_t* stream) {
  PRT_GPU(Stream_t) s = nullptr;
  const PRT_SOLVER(Status_t) r = PRT_SOLVER(DnGetStream)(prt::solver_detail::native(handle), &s);
  if (r == PRT_SOLVER_SUCCESS && stream != nullptr) *stream = (prtStream_t)s;
  return prt::solver_detail::status(r);
}
inline prtsolverStatus_t prtsolverDnSgetrf_bufferSize(prtsolverDnHandle_t handle, int m, int n, float* A, int lda,
                                                      int* Lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSgetrf_bufferSize)(native(handle), m, n, A, lda, Lwork));
}
inline prtsolverStatus_t prtsolverDnDgetrf_bufferSize(prtsolverDnHandle_t handle, int m, int n, double* A, int lda,
                                                      int* Lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDgetrf_bufferSize)(native(handle), m, n, A, lda, Lwork));
}
inline prtsolverStatus_t prtsolverDnSgetrf(prtsolverDnHandle_t handle, int m, int n, float* A, int lda,
                                           float* Workspace, int* devIpiv, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSgetrf)(native(handle), m, n, A, lda, Workspace, devIpiv, devInfo));
}
inline prtsolverStatus_t prtsolverDnDgetrf(prtsolverDnHandle_t handle, int m, int n, double* A, int lda,
                                           double* Workspace, int* devIpiv, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDgetrf)(native(handle), m, n, A, lda, Workspace, devIpiv, devInfo));
}
inline prtsolverStatus_t prtsolverDnSgetrs(prtsolverDnHandle_t handle, prtblasOperation_t trans, int n, int nrhs,
                                           const float* A, int lda, const int* devIpiv, float* B, int ldb,
                                           int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSgetrs)(native(handle), op(trans), n, nrhs, A, lda, devIpiv, B, ldb, devInfo));
}
inline prtsolverStatus_t prtsolverDnDgetrs(prtsolverDnHandle_t handle, prtblasOperation_t trans, int n, int nrhs,
                                           const double* A, int lda, const int* devIpiv, double* B, int ldb,
                                           int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDgetrs)(native(handle), op(trans), n, nrhs, A, lda, devIpiv, B, ldb, devInfo));
}
inline prtsolverStatus_t prtsolverDnSpotrf_bufferSize(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n,
                                                      float* A, int lda, int* Lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSpotrf_bufferSize)(native(handle), fill(uplo), n, A, lda, Lwork));
}
inline prtsolverStatus_t prtsolverDnDpotrf_bufferSize(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n,
                                                      double* A, int lda, int* Lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDpotrf_bufferSize)(native(handle), fill(uplo), n, A, lda, Lwork));
}
inline prtsolverStatus_t prtsolverDnSpotrf(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, float* A, int lda,
                                           float* Workspace, int Lwork, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSpotrf)(native(handle), fill(uplo), n, A, lda, Workspace, Lwork, devInfo));
}
inline prtsolverStatus_t prtsolverDnDpotrf(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, double* A,
                                           int lda, double* Workspace, int Lwork, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDpotrf)(native(handle), fill(uplo), n, A, lda, Workspace, Lwork, devInfo));
}
inline prtsolverStatus_t prtsolverDnSpotrs(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, int nrhs,
                                           const float* A, int lda, float* B, int ldb, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSpotrs)(native(handle), fill(uplo), n, nrhs, A, lda, B, ldb, devInfo));
}
inline prtsolverStatus_t prtsolverDnDpotrs(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, int nrhs,
                                           const double* A, int lda, double* B, int ldb, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDpotrs)(native(handle), fill(uplo), n, nrhs, A, lda, B, ldb, devInfo));
}
inline prtsolverStatus_t prtsolverDnSgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSgesvd_bufferSize)(native(handle), m, n, lwork));
}
inline prtsolverStatus_t prtsolverDnDgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDgesvd_bufferSize)(native(handle), m, n, lwork));
}
inline prtsolverStatus_t prtsolverDnSgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, float* A, int lda, float* S, float* U, int ldu, float* VT, int ldvt,
                                           float* work, int lwork, float* rwork, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSgesvd)(native(handle), jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork,
                                     devInfo));
}
inline prtsolverStatus_t prtsolverDnDgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, double* A, int lda, double* S, double* U, int ldu, double* VT,
                                           int ldvt, double* work, int lwork, double* rwork, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDgesvd)(native(handle), jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork,
                                     devInfo));
}
inline prtsolverStatus_t prtsolverDnCgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnCgesvd_bufferSize)(native(handle), m, n, lwork));
}
inline prtsolverStatus_t prtsolverDnZgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnZgesvd_bufferSize)(native(handle), m, n, lwork));
}
inline prtsolverStatus_t prtsolverDnCgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, prtFloatComplex* A, int lda, float* S, prtFloatComplex* U, int ldu,
                                           prtFloatComplex* VT, int ldvt, prtFloatComplex* work, int lwork,
                                           float* rwork, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnCgesvd)(native(handle), jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork,
                                     devInfo));
}
inline prtsolverStatus_t prtsolverDnZgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, prtDoubleComplex* A, int lda, double* S, prtDoubleComplex* U,
                                           int ldu, prtDoubleComplex* VT, int ldvt, prtDoubleComplex* work, int lwork,
                                           double* rwork, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnZgesvd)(native(handle), jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork,
                                     devInfo));
}
inline prtsolverStatus_t prtsolverDnSsyevd_bufferSize(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz,
                                                      prtblasFillMode_t uplo, int n, const float* A, int lda,
                                                      const float* W, int* lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSsyevd_bufferSize)(native(handle), eig(jobz), fill(uplo), n, A, lda, W, lwork));
}
inline prtsolverStatus_t prtsolverDnDsyevd_bufferSize(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz,
                                                      prtblasFillMode_t uplo, int n, const double* A, int lda,
                                                      const double* W, int* lwork) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDsyevd_bufferSize)(native(handle), eig(jobz), fill(uplo), n, A, lda, W, lwork));
}
inline prtsolverStatus_t prtsolverDnSsyevd(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz, prtblasFillMode_t uplo,
                                           int n, float* A, int lda, float* W, float* work, int lwork, int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnSsyevd)(native(handle), eig(jobz), fill(uplo), n, A, lda, W, work, lwork, devInfo));
}
inline prtsolverStatus_t prtsolverDnDsyevd(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz, prtblasFillMode_t uplo,
                                           int n, double* A, int lda, double* W, double* work, int lwork,
                                           int* devInfo) {
  using namespace prt::solver_detail;
  return status(PRT_SOLVER(DnDsyevd)(native(handle), eig(jobz), fill(uplo), n, A, lda, W, work, lwork, devInfo));
}
#endif
