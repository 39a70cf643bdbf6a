// prt/cpu/solver.h: the CPU backend of prt/solver.h, on LAPACK (OpenBLAS's, from Debian's libopenblas-dev; link
// with -lopenblas). The LAPACK routines are declared here with the gfortran calling convention (character lengths
// passed last), since Debian's OpenBLAS ships no LAPACK header.
#pragma once

#if !__has_include(<cblas.h>)
#error \
    "prt/solver.h on the CPU backend needs LAPACK: install libopenblas-dev (Debian/Ubuntu) or openblas-devel (Fedora), then link with -lopenblas"
#else
#include <cstddef>
#include <new>
#include <type_traits>
#include <vector>

extern "C" {
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void sgetrs_(const char* trans, const int* n, const int* nrhs, const float* a, const int* lda, const int* ipiv,
             float* b, const int* ldb, int* info, size_t trans_len);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda, const int* ipiv,
             double* b, const int* ldb, int* info, size_t trans_len);
void spotrf_(const char* uplo, const int* n, float* a, const int* lda, int* info, size_t uplo_len);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, size_t uplo_len);
void spotrs_(const char* uplo, const int* n, const int* nrhs, const float* a, const int* lda, float* b, const int* ldb,
             int* info, size_t uplo_len);
void dpotrs_(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda, double* b,
             const int* ldb, int* info, size_t uplo_len);
void sgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, float* a, const int* lda, float* s,
             float* u, const int* ldu, float* vt, const int* ldvt, float* work, const int* lwork, int* info,
             size_t jobu_len, size_t jobvt_len);
void dgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, double* a, const int* lda, double* s,
             double* u, const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork, int* info,
             size_t jobu_len, size_t jobvt_len);
void cgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, prtFloatComplex* a, const int* lda,
             float* s, prtFloatComplex* u, const int* ldu, prtFloatComplex* vt, const int* ldvt, prtFloatComplex* work,
             const int* lwork, float* rwork, int* info, size_t jobu_len, size_t jobvt_len);
void zgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, prtDoubleComplex* a, const int* lda,
             double* s, prtDoubleComplex* u, const int* ldu, prtDoubleComplex* vt, const int* ldvt,
             prtDoubleComplex* work, const int* lwork, double* rwork, int* info, size_t jobu_len, size_t jobvt_len);
void ssyevd_(const char* jobz, const char* uplo, const int* n, float* a, const int* lda, float* w, float* work,
             const int* lwork, int* iwork, const int* liwork, int* info, size_t jobz_len, size_t uplo_len);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info, size_t jobz_len, size_t uplo_len);
}

// A library context: the stream calls are ordered on.
struct prtsolverDnContext {
  prtStream_t stream = nullptr;  // calls wait for this stream before running
};

namespace prt {
namespace solver_detail {

// The LAPACK routines of one precision.
template <class T>
struct Lapack;
template <>
struct Lapack<float> {
  static constexpr auto getrf = sgetrf_;
  static constexpr auto getrs = sgetrs_;
  static constexpr auto potrf = spotrf_;
  static constexpr auto potrs = spotrs_;
  static constexpr auto gesvd = sgesvd_;
  static constexpr auto syevd = ssyevd_;
};
template <>
struct Lapack<double> {
  static constexpr auto getrf = dgetrf_;
  static constexpr auto getrs = dgetrs_;
  static constexpr auto potrf = dpotrf_;
  static constexpr auto potrs = dpotrs_;
  static constexpr auto gesvd = dgesvd_;
  static constexpr auto syevd = dsyevd_;
};

// The complex types' gesvd (their singular values are real, and LAPACK takes a real work area besides).
template <>
struct Lapack<prtFloatComplex> {
  using Real = float;
  static constexpr auto gesvd = cgesvd_;
};
template <>
struct Lapack<prtDoubleComplex> {
  using Real = double;
  static constexpr auto gesvd = zgesvd_;
};

// The real type of a matrix's singular values: the type itself, or a complex type's part.
template <class T, class = void>
struct RealOf {
  using type = T;
};
template <class T>
struct RealOf<T, std::void_t<typename Lapack<T>::Real>> {
  using type = typename Lapack<T>::Real;
};
template <class T>
using real_t = typename RealOf<T>::type;
template <class T>
constexpr bool is_complex = !std::is_same_v<real_t<T>, T>;

// The work size a LAPACK query leaves in work(1) (its real part for a complex type).
inline double query_size(float v) { return v; }
inline double query_size(double v) { return v; }
inline double query_size(prtFloatComplex v) { return v.x; }
inline double query_size(prtDoubleComplex v) { return v.x; }

inline int max1(int v) { return v > 1 ? v : 1; }

// Checks a handle and drains its stream; returns SUCCESS when the call may run.
inline prtsolverStatus_t enter(prtsolverDnHandle_t handle) {
  if (handle == nullptr) return PRTSOLVER_STATUS_NOT_INITIALIZED;
  if (prtStreamSynchronize(handle->stream) != 0) return PRTSOLVER_STATUS_EXECUTION_FAILED;
  return PRTSOLVER_STATUS_SUCCESS;
}
inline bool fill_ok(prtblasFillMode_t u) { return u == PRTBLAS_FILL_MODE_LOWER || u == PRTBLAS_FILL_MODE_UPPER; }
inline char fill(prtblasFillMode_t u) { return u == PRTBLAS_FILL_MODE_LOWER ? 'L' : 'U'; }
inline bool job_ok(signed char j) { return j == 'A' || j == 'S' || j == 'O' || j == 'N'; }

template <class T>
inline prtsolverStatus_t getrf(prtsolverDnHandle_t h, int m, int n, T* A, int lda, int* ipiv, int* info) {
  if (const auto s = enter(h)) return s;
  if (m < 0 || n < 0 || lda < max1(m) || info == nullptr) return PRTSOLVER_STATUS_INVALID_VALUE;
  if (ipiv == nullptr) return PRTSOLVER_STATUS_NOT_SUPPORTED;  // LU without pivoting: LAPACK has none
  Lapack<T>::getrf(&m, &n, A, &lda, ipiv, info);
  return PRTSOLVER_STATUS_SUCCESS;
}

template <class T>
inline prtsolverStatus_t getrs(prtsolverDnHandle_t h, prtblasOperation_t trans, int n, int nrhs, const T* A, int lda,
                               const int* ipiv, T* B, int ldb, int* info) {
  if (const auto s = enter(h)) return s;
  if (n < 0 || nrhs < 0 || lda < max1(n) || ldb < max1(n) || ipiv == nullptr || info == nullptr) {
    return PRTSOLVER_STATUS_INVALID_VALUE;
  }
  if (trans != PRTBLAS_OP_N && trans != PRTBLAS_OP_T && trans != PRTBLAS_OP_C) return PRTSOLVER_STATUS_INVALID_VALUE;
  const char t = trans == PRTBLAS_OP_N ? 'N' : 'T';  // real types: C is T
  Lapack<T>::getrs(&t, &n, &nrhs, A, &lda, ipiv, B, &ldb, info, 1);
  return PRTSOLVER_STATUS_SUCCESS;
}

template <class T>
inline prtsolverStatus_t potrf(prtsolverDnHandle_t h, prtblasFillMode_t uplo, int n, T* A, int lda, int* info) {
  if (const auto s = enter(h)) return s;
  if (!fill_ok(uplo) || n < 0 || lda < max1(n) || info == nullptr) return PRTSOLVER_STATUS_INVALID_VALUE;
  const char u = fill(uplo);
  Lapack<T>::potrf(&u, &n, A, &lda, info, 1);
  return PRTSOLVER_STATUS_SUCCESS;
}

template <class T>
inline prtsolverStatus_t potrs(prtsolverDnHandle_t h, prtblasFillMode_t uplo, int n, int nrhs, const T* A, int lda,
                               T* B, int ldb, int* info) {
  if (const auto s = enter(h)) return s;
  if (!fill_ok(uplo) || n < 0 || nrhs < 0 || lda < max1(n) || ldb < max1(n) || info == nullptr) {
    return PRTSOLVER_STATUS_INVALID_VALUE;
  }
  const char u = fill(uplo);
  Lapack<T>::potrs(&u, &n, &nrhs, A, &lda, B, &ldb, info, 1);
  return PRTSOLVER_STATUS_SUCCESS;
}

// LAPACK's gesvd: the real types' call, or the complex types' with their real work area rwork.
template <class T>
inline void lapack_gesvd(const char* jobu, const char* jobvt, int* m, int* n, T* a, int* lda, real_t<T>* s, T* u,
                         int* ldu, T* vt, int* ldvt, T* work, int* lwork, real_t<T>* rwork, int* info) {
  if constexpr (is_complex<T>) {
    Lapack<T>::gesvd(jobu, jobvt, m, n, a, lda, s, u, ldu, vt, ldvt, work, lwork, rwork, info, 1, 1);
  } else {
    (void)rwork;
    Lapack<T>::gesvd(jobu, jobvt, m, n, a, lda, s, u, ldu, vt, ldvt, work, lwork, info, 1, 1);
  }
}

// LAPACK's optimal gesvd work size for these jobs.
template <class T>
inline int gesvd_query(char jobu, char jobvt, int m, int n) {
  T size{};
  int lwork = -1, info = 0, lda = max1(m), ldu = max1(m), ldvt = max1(n);  // the leading dimensions jobs 'A' need
  lapack_gesvd<T>(&jobu, &jobvt, &m, &n, nullptr, &lda, nullptr, nullptr, &ldu, nullptr, &ldvt, &size, &lwork, nullptr,
                  &info);
  return info == 0 ? static_cast<int>(query_size(size)) : 0;
}

template <class T>
inline prtsolverStatus_t gesvd_size(prtsolverDnHandle_t h, int m, int n, int* lwork) {
  if (h == nullptr) return PRTSOLVER_STATUS_NOT_INITIALIZED;
  if (m < n || n < 0 || lwork == nullptr) return PRTSOLVER_STATUS_INVALID_VALUE;
  *lwork = max1(gesvd_query<T>('A', 'A', m, n));
  return PRTSOLVER_STATUS_SUCCESS;
}

template <class T>
inline prtsolverStatus_t gesvd(prtsolverDnHandle_t h, signed char jobu, signed char jobvt, int m, int n, T* A, int lda,
                               real_t<T>* S, T* U, int ldu, T* VT, int ldvt, T* work, int lwork, real_t<T>* rwork,
                               int* info) {
  if (const auto s = enter(h)) return s;
  if (!job_ok(jobu) || !job_ok(jobvt) || (jobu == 'O' && jobvt == 'O') || m < n || n < 0 || lda < max1(m) ||
      info == nullptr) {
    return PRTSOLVER_STATUS_INVALID_VALUE;
  }
  const char ju = static_cast<char>(jobu), jv = static_cast<char>(jobvt);
  const int need = max1(gesvd_query<T>(ju, jv, m, n));
  std::vector<T> own;
  if (work == nullptr || lwork < need) {  // a short work area is LAPACK's error but not cuSOLVER's: use our own
    own.resize(static_cast<size_t>(need));
    work = own.data();
    lwork = need;
  }
  T dummy{};
  int one = 1;
  // The complex types' real work area: 5 min(m, n) reals, the unconverged superdiagonal left in its first n - 1.
  std::vector<real_t<T>> lapack_rwork(is_complex<T> ? static_cast<size_t>(max1(5 * n)) : 0);
  lapack_gesvd<T>(&ju, &jv, &m, &n, A, &lda, S, U != nullptr ? U : &dummy, U != nullptr ? &ldu : &one,
                  VT != nullptr ? VT : &dummy, VT != nullptr ? &ldvt : &one, work, &lwork, lapack_rwork.data(), info);
  if (rwork != nullptr && n > 1) {
    for (int i = 0; i < n - 1; ++i) {
      if constexpr (is_complex<T>) {
        rwork[i] = lapack_rwork[i];
      } else {
        rwork[i] = work[i + 1];  // LAPACK leaves the real types' superdiagonal in work(2:)
      }
    }
  }
  return PRTSOLVER_STATUS_SUCCESS;
}

// LAPACK's optimal syevd work sizes for this job.
template <class T>
inline void syevd_query(char jobz, char uplo, int n, int lda, int* lwork, int* liwork) {
  T size = 0;
  int isize = 0, q = -1, info = 0;
  Lapack<T>::syevd(&jobz, &uplo, &n, nullptr, &lda, nullptr, &size, &q, &isize, &q, &info, 1, 1);
  *lwork = info == 0 ? static_cast<int>(size) : 1;
  *liwork = info == 0 ? isize : 1;
}

template <class T>
inline prtsolverStatus_t syevd_size(prtsolverDnHandle_t h, prtsolverEigMode_t jobz, prtblasFillMode_t uplo, int n,
                                    int lda, int* lwork) {
  if (h == nullptr) return PRTSOLVER_STATUS_NOT_INITIALIZED;
  if (!fill_ok(uplo) || n < 0 || lda < max1(n) || lwork == nullptr) return PRTSOLVER_STATUS_INVALID_VALUE;
  int liwork = 0;
  syevd_query<T>(jobz == PRTSOLVER_EIG_MODE_VECTOR ? 'V' : 'N', fill(uplo), n, lda, lwork, &liwork);
  *lwork = max1(*lwork);
  return PRTSOLVER_STATUS_SUCCESS;
}

template <class T>
inline prtsolverStatus_t syevd(prtsolverDnHandle_t h, prtsolverEigMode_t jobz, prtblasFillMode_t uplo, int n, T* A,
                               int lda, T* W, T* work, int lwork, int* info) {
  if (const auto s = enter(h)) return s;
  if ((jobz != PRTSOLVER_EIG_MODE_NOVECTOR && jobz != PRTSOLVER_EIG_MODE_VECTOR) || !fill_ok(uplo) || n < 0 ||
      lda < max1(n) || info == nullptr) {
    return PRTSOLVER_STATUS_INVALID_VALUE;
  }
  const char jz = jobz == PRTSOLVER_EIG_MODE_VECTOR ? 'V' : 'N', u = fill(uplo);
  int need = 0, liwork = 0;
  syevd_query<T>(jz, u, n, lda, &need, &liwork);
  std::vector<T> own;
  if (work == nullptr || lwork < need) {
    own.resize(static_cast<size_t>(max1(need)));
    work = own.data();
    lwork = max1(need);
  }
  std::vector<int> iwork(static_cast<size_t>(max1(liwork)));
  liwork = max1(liwork);
  Lapack<T>::syevd(&jz, &u, &n, A, &lda, W, work, &lwork, iwork.data(), &liwork, info, 1, 1);
  return PRTSOLVER_STATUS_SUCCESS;
}

}  // namespace solver_detail
}  // namespace prt

inline prtsolverStatus_t prtsolverDnCreate(prtsolverDnHandle_t* handle) {
  if (handle == nullptr) return PRTSOLVER_STATUS_INVALID_VALUE;
  *handle = new (std::nothrow) prtsolverDnContext();
  return *handle != nullptr ? PRTSOLVER_STATUS_SUCCESS : PRTSOLVER_STATUS_ALLOC_FAILED;
}
inline prtsolverStatus_t prtsolverDnDestroy(prtsolverDnHandle_t handle) {
  if (handle == nullptr) return PRTSOLVER_STATUS_NOT_INITIALIZED;
  delete handle;
  return PRTSOLVER_STATUS_SUCCESS;
}
inline prtsolverStatus_t prtsolverDnSetStream(prtsolverDnHandle_t handle, prtStream_t stream) {
  if (handle == nullptr) return PRTSOLVER_STATUS_NOT_INITIALIZED;
  handle->stream = stream;
  return PRTSOLVER_STATUS_SUCCESS;
}
inline prtsolverStatus_t prtsolverDnGetStream(prtsolverDnHandle_t handle, prtStream_t* stream) {
  if (handle == nullptr) return PRTSOLVER_STATUS_NOT_INITIALIZED;
  if (stream != nullptr) *stream = handle->stream;
  return PRTSOLVER_STATUS_SUCCESS;
}

// getrf and potrf need no work area from the caller on the CPU: one element keeps a caller's allocation non-empty.
inline prtsolverStatus_t prtsolverDnSgetrf_bufferSize(prtsolverDnHandle_t handle, int m, int n, float*, int lda,
                                                      int* Lwork) {
  if (handle == nullptr) return PRTSOLVER_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || lda < prt::solver_detail::max1(m) || Lwork == nullptr) return PRTSOLVER_STATUS_INVALID_VALUE;
  *Lwork = 1;
  return PRTSOLVER_STATUS_SUCCESS;
}
inline prtsolverStatus_t prtsolverDnDgetrf_bufferSize(prtsolverDnHandle_t handle, int m, int n, double*, int lda,
                                                      int* Lwork) {
  return prtsolverDnSgetrf_bufferSize(handle, m, n, nullptr, lda, Lwork);
}
inline prtsolverStatus_t prtsolverDnSgetrf(prtsolverDnHandle_t handle, int m, int n, float* A, int lda, float*,
                                           int* devIpiv, int* devInfo) {
  return prt::solver_detail::getrf(handle, m, n, A, lda, devIpiv, devInfo);
}
inline prtsolverStatus_t prtsolverDnDgetrf(prtsolverDnHandle_t handle, int m, int n, double* A, int lda, double*,
                                           int* devIpiv, int* devInfo) {
  return prt::solver_detail::getrf(handle, m, n, A, lda, devIpiv, devInfo);
}
inline prtsolverStatus_t prtsolverDnSgetrs(prtsolverDnHandle_t handle, prtblasOperation_t trans, int n, int nrhs,
                                           const float* A, int lda, const int* devIpiv, float* B, int ldb,
                                           int* devInfo) {
  return prt::solver_detail::getrs(handle, trans, n, nrhs, A, lda, devIpiv, B, ldb, devInfo);
}
inline prtsolverStatus_t prtsolverDnDgetrs(prtsolverDnHandle_t handle, prtblasOperation_t trans, int n, int nrhs,
                                           const double* A, int lda, const int* devIpiv, double* B, int ldb,
                                           int* devInfo) {
  return prt::solver_detail::getrs(handle, trans, n, nrhs, A, lda, devIpiv, B, ldb, devInfo);
}
inline prtsolverStatus_t prtsolverDnSpotrf_bufferSize(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, float*,
                                                      int lda, int* Lwork) {
  if (handle == nullptr) return PRTSOLVER_STATUS_NOT_INITIALIZED;
  if (!prt::solver_detail::fill_ok(uplo) || n < 0 || lda < prt::solver_detail::max1(n) || Lwork == nullptr) {
    return PRTSOLVER_STATUS_INVALID_VALUE;
  }
  *Lwork = 1;
  return PRTSOLVER_STATUS_SUCCESS;
}
inline prtsolverStatus_t prtsolverDnDpotrf_bufferSize(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n,
                                                      double*, int lda, int* Lwork) {
  return prtsolverDnSpotrf_bufferSize(handle, uplo, n, nullptr, lda, Lwork);
}
inline prtsolverStatus_t prtsolverDnSpotrf(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, float* A, int lda,
                                           float*, int, int* devInfo) {
  return prt::solver_detail::potrf(handle, uplo, n, A, lda, devInfo);
}
inline prtsolverStatus_t prtsolverDnDpotrf(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, double* A,
                                           int lda, double*, int, int* devInfo) {
  return prt::solver_detail::potrf(handle, uplo, n, A, lda, devInfo);
}
inline prtsolverStatus_t prtsolverDnSpotrs(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, int nrhs,
                                           const float* A, int lda, float* B, int ldb, int* devInfo) {
  return prt::solver_detail::potrs(handle, uplo, n, nrhs, A, lda, B, ldb, devInfo);
}
inline prtsolverStatus_t prtsolverDnDpotrs(prtsolverDnHandle_t handle, prtblasFillMode_t uplo, int n, int nrhs,
                                           const double* A, int lda, double* B, int ldb, int* devInfo) {
  return prt::solver_detail::potrs(handle, uplo, n, nrhs, A, lda, B, ldb, devInfo);
}
inline prtsolverStatus_t prtsolverDnSgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork) {
  return prt::solver_detail::gesvd_size<float>(handle, m, n, lwork);
}
inline prtsolverStatus_t prtsolverDnDgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork) {
  return prt::solver_detail::gesvd_size<double>(handle, m, n, lwork);
}
inline prtsolverStatus_t prtsolverDnSgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, float* A, int lda, float* S, float* U, int ldu, float* VT, int ldvt,
                                           float* work, int lwork, float* rwork, int* devInfo) {
  return prt::solver_detail::gesvd(handle, jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork, devInfo);
}
inline prtsolverStatus_t prtsolverDnDgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, double* A, int lda, double* S, double* U, int ldu, double* VT,
                                           int ldvt, double* work, int lwork, double* rwork, int* devInfo) {
  return prt::solver_detail::gesvd(handle, jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork, devInfo);
}
inline prtsolverStatus_t prtsolverDnCgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork) {
  return prt::solver_detail::gesvd_size<prtFloatComplex>(handle, m, n, lwork);
}
inline prtsolverStatus_t prtsolverDnZgesvd_bufferSize(prtsolverDnHandle_t handle, int m, int n, int* lwork) {
  return prt::solver_detail::gesvd_size<prtDoubleComplex>(handle, m, n, lwork);
}
inline prtsolverStatus_t prtsolverDnCgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, prtFloatComplex* A, int lda, float* S, prtFloatComplex* U, int ldu,
                                           prtFloatComplex* VT, int ldvt, prtFloatComplex* work, int lwork,
                                           float* rwork, int* devInfo) {
  return prt::solver_detail::gesvd(handle, jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork, devInfo);
}
inline prtsolverStatus_t prtsolverDnZgesvd(prtsolverDnHandle_t handle, signed char jobu, signed char jobvt, int m,
                                           int n, prtDoubleComplex* A, int lda, double* S, prtDoubleComplex* U,
                                           int ldu, prtDoubleComplex* VT, int ldvt, prtDoubleComplex* work, int lwork,
                                           double* rwork, int* devInfo) {
  return prt::solver_detail::gesvd(handle, jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork, devInfo);
}
inline prtsolverStatus_t prtsolverDnSsyevd_bufferSize(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz,
                                                      prtblasFillMode_t uplo, int n, const float*, int lda,
                                                      const float*, int* lwork) {
  return prt::solver_detail::syevd_size<float>(handle, jobz, uplo, n, lda, lwork);
}
inline prtsolverStatus_t prtsolverDnDsyevd_bufferSize(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz,
                                                      prtblasFillMode_t uplo, int n, const double*, int lda,
                                                      const double*, int* lwork) {
  return prt::solver_detail::syevd_size<double>(handle, jobz, uplo, n, lda, lwork);
}
inline prtsolverStatus_t prtsolverDnSsyevd(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz, prtblasFillMode_t uplo,
                                           int n, float* A, int lda, float* W, float* work, int lwork, int* devInfo) {
  return prt::solver_detail::syevd(handle, jobz, uplo, n, A, lda, W, work, lwork, devInfo);
}
inline prtsolverStatus_t prtsolverDnDsyevd(prtsolverDnHandle_t handle, prtsolverEigMode_t jobz, prtblasFillMode_t uplo,
                                           int n, double* A, int lda, double* W, double* work, int lwork,
                                           int* devInfo) {
  return prt::solver_detail::syevd(handle, jobz, uplo, n, A, lda, W, work, lwork, devInfo);
}
#endif
