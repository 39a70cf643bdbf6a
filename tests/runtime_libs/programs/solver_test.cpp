// solver_test.cpp: prtsolverDn* on the column-major inputs references.py wrote; the outputs go back for NumPy.
#include "libs_io.h"
#include "prt/solver.h"

using libs_io::read;
using libs_io::write;
using libs_test::download;
using libs_test::upload;

#define SOLVER_OK(call) CHECK((call) == PRTSOLVER_STATUS_SUCCESS, "%s", #call)

// The devInfo a call left, checked to be 0.
static void info_ok(const int* dinfo, const char* what) {
  const int info = download(dinfo, 1)[0];
  CHECK(info == 0, "%s: devInfo %d", what, info);
}

template <class T>
static T* work_area(int lwork) {
  return static_cast<T*>(libs_test::alloc(sizeof(T) * static_cast<size_t>(lwork > 0 ? lwork : 1)));
}

int main(int argc, char** argv) {
  libs_io::start(argc, argv);
  prtsolverDnHandle_t h;
  SOLVER_OK(prtsolverDnCreate(&h));
  prtStream_t stream;
  CHECK(prtStreamCreate(&stream) == prtSuccess, "stream");
  SOLVER_OK(prtsolverDnSetStream(h, stream));
  prtStream_t got_stream = nullptr;
  SOLVER_OK(prtsolverDnGetStream(h, &got_stream));
  CHECK(got_stream == stream, "GetStream returns the stream set");
  int* dinfo = static_cast<int*>(libs_test::alloc(sizeof(int)));
  int lwork = -1;

  // fp32 LU of a 7 x 7 matrix, then A X = B for 2 right-hand sides.
  {
    float* A = upload(read<float>("getrs_a.in", 49));
    float* B = upload(read<float>("getrs_b.in", 14));
    int* ipiv = static_cast<int*>(libs_test::alloc(7 * sizeof(int)));
    SOLVER_OK(prtsolverDnSgetrf_bufferSize(h, 7, 7, A, 7, &lwork));
    CHECK(lwork >= 0, "lwork %d", lwork);
    float* work = work_area<float>(lwork);
    SOLVER_OK(prtsolverDnSgetrf(h, 7, 7, A, 7, work, ipiv, dinfo));
    info_ok(dinfo, "Sgetrf");
    SOLVER_OK(prtsolverDnSgetrs(h, PRTBLAS_OP_N, 7, 2, A, 7, ipiv, B, 7, dinfo));
    info_ok(dinfo, "Sgetrs");
    write("getrs_x.out", download(B, 14));
    libs_test::release(work);
    libs_test::release(ipiv);
    libs_test::release(B);
    libs_test::release(A);
  }
  // fp64 LU of a 6 x 6 matrix, its factors and pivots, then A^T x = b.
  {
    double* A = upload(read<double>("getrf_a.in", 36));
    double* b = upload(read<double>("getrs_t_b.in", 6));
    int* ipiv = static_cast<int*>(libs_test::alloc(6 * sizeof(int)));
    SOLVER_OK(prtsolverDnDgetrf_bufferSize(h, 6, 6, A, 6, &lwork));
    double* work = work_area<double>(lwork);
    SOLVER_OK(prtsolverDnDgetrf(h, 6, 6, A, 6, work, ipiv, dinfo));
    info_ok(dinfo, "Dgetrf");
    write("getrf_lu.out", download(A, 36));
    write("getrf_ipiv.out", download(ipiv, 6));
    SOLVER_OK(prtsolverDnDgetrs(h, PRTBLAS_OP_T, 6, 1, A, 6, ipiv, b, 6, dinfo));
    info_ok(dinfo, "Dgetrs");
    write("getrs_t_x.out", download(b, 6));
    libs_test::release(work);
    libs_test::release(ipiv);
    libs_test::release(b);
    libs_test::release(A);
  }
  // A singular matrix (a zero column): getrf reports U(2,2) == 0 as devInfo 2.
  {
    std::vector<float> s = {1, 2, 3, 0, 0, 0, 4, 5, 7};  // column-major, second column zero
    float* A = upload(s);
    int* ipiv = static_cast<int*>(libs_test::alloc(3 * sizeof(int)));
    SOLVER_OK(prtsolverDnSgetrf_bufferSize(h, 3, 3, A, 3, &lwork));
    float* work = work_area<float>(lwork);
    SOLVER_OK(prtsolverDnSgetrf(h, 3, 3, A, 3, work, ipiv, dinfo));
    const int info = download(dinfo, 1)[0];
    CHECK(info == 2, "singular Sgetrf: devInfo %d, expected 2", info);
    libs_test::release(work);
    libs_test::release(ipiv);
    libs_test::release(A);
  }
  // fp32 Cholesky (lower) of a 5 x 5 SPD matrix, then A X = B for 3 right-hand sides.
  {
    float* A = upload(read<float>("potrf_a.in", 25));
    float* B = upload(read<float>("potrs_b.in", 15));
    SOLVER_OK(prtsolverDnSpotrf_bufferSize(h, PRTBLAS_FILL_MODE_LOWER, 5, A, 5, &lwork));
    float* work = work_area<float>(lwork);
    SOLVER_OK(prtsolverDnSpotrf(h, PRTBLAS_FILL_MODE_LOWER, 5, A, 5, work, lwork, dinfo));
    info_ok(dinfo, "Spotrf");
    write("potrf_l.out", download(A, 25));
    SOLVER_OK(prtsolverDnSpotrs(h, PRTBLAS_FILL_MODE_LOWER, 5, 3, A, 5, B, 5, dinfo));
    info_ok(dinfo, "Spotrs");
    write("potrs_x.out", download(B, 15));
    libs_test::release(work);
    libs_test::release(B);
    libs_test::release(A);
  }
  // fp64 Cholesky (upper).
  {
    double* A = upload(read<double>("potrf_u_a.in", 25));
    SOLVER_OK(prtsolverDnDpotrf_bufferSize(h, PRTBLAS_FILL_MODE_UPPER, 5, A, 5, &lwork));
    double* work = work_area<double>(lwork);
    SOLVER_OK(prtsolverDnDpotrf(h, PRTBLAS_FILL_MODE_UPPER, 5, A, 5, work, lwork, dinfo));
    info_ok(dinfo, "Dpotrf");
    write("potrf_u.out", download(A, 25));
    libs_test::release(work);
    libs_test::release(A);
  }
  // fp64 SVD of a 6 x 4 matrix with all of U and VT.
  {
    double* A = upload(read<double>("gesvd_a.in", 24));
    double* S = static_cast<double*>(libs_test::alloc(4 * sizeof(double)));
    double* U = static_cast<double*>(libs_test::alloc(36 * sizeof(double)));
    double* VT = static_cast<double*>(libs_test::alloc(16 * sizeof(double)));
    double* rwork = static_cast<double*>(libs_test::alloc(3 * sizeof(double)));
    SOLVER_OK(prtsolverDnDgesvd_bufferSize(h, 6, 4, &lwork));
    CHECK(lwork > 0, "gesvd lwork %d", lwork);
    double* work = work_area<double>(lwork);
    SOLVER_OK(prtsolverDnDgesvd(h, 'A', 'A', 6, 4, A, 6, S, U, 6, VT, 4, work, lwork, rwork, dinfo));
    info_ok(dinfo, "Dgesvd");
    write("gesvd_s.out", download(S, 4));
    write("gesvd_u.out", download(U, 36));
    write("gesvd_vt.out", download(VT, 16));
    for (void* p : {static_cast<void*>(A), static_cast<void*>(S), static_cast<void*>(U), static_cast<void*>(VT),
                    static_cast<void*>(rwork), static_cast<void*>(work)}) {
      libs_test::release(p);
    }
  }
  // Single complex SVD of a 7 x 4 matrix, economy-size U and VT (jobs 'S').
  {
    prtFloatComplex* A = upload(read<prtFloatComplex>("cgesvd_a.in", 28));
    float* S = static_cast<float*>(libs_test::alloc(4 * sizeof(float)));
    prtFloatComplex* U = static_cast<prtFloatComplex*>(libs_test::alloc(28 * sizeof(prtFloatComplex)));
    prtFloatComplex* VT = static_cast<prtFloatComplex*>(libs_test::alloc(16 * sizeof(prtFloatComplex)));
    float* rwork = static_cast<float*>(libs_test::alloc(3 * sizeof(float)));
    SOLVER_OK(prtsolverDnCgesvd_bufferSize(h, 7, 4, &lwork));
    CHECK(lwork > 0, "Cgesvd lwork %d", lwork);
    prtFloatComplex* work = work_area<prtFloatComplex>(lwork);
    SOLVER_OK(prtsolverDnCgesvd(h, 'S', 'S', 7, 4, A, 7, S, U, 7, VT, 4, work, lwork, rwork, dinfo));
    info_ok(dinfo, "Cgesvd");
    write("cgesvd_s.out", download(S, 4));
    write("cgesvd_u.out", download(U, 28));
    write("cgesvd_vt.out", download(VT, 16));
    for (void* p : {static_cast<void*>(A), static_cast<void*>(S), static_cast<void*>(U), static_cast<void*>(VT),
                    static_cast<void*>(rwork), static_cast<void*>(work)}) {
      libs_test::release(p);
    }
  }
  // Double complex SVD of a 5 x 3 matrix with all of U and VT (jobs 'A'), no rwork.
  {
    prtDoubleComplex* A = upload(read<prtDoubleComplex>("zgesvd_a.in", 15));
    double* S = static_cast<double*>(libs_test::alloc(3 * sizeof(double)));
    prtDoubleComplex* U = static_cast<prtDoubleComplex*>(libs_test::alloc(25 * sizeof(prtDoubleComplex)));
    prtDoubleComplex* VT = static_cast<prtDoubleComplex*>(libs_test::alloc(9 * sizeof(prtDoubleComplex)));
    SOLVER_OK(prtsolverDnZgesvd_bufferSize(h, 5, 3, &lwork));
    CHECK(lwork > 0, "Zgesvd lwork %d", lwork);
    prtDoubleComplex* work = work_area<prtDoubleComplex>(lwork);
    SOLVER_OK(prtsolverDnZgesvd(h, 'A', 'A', 5, 3, A, 5, S, U, 5, VT, 3, work, lwork, nullptr, dinfo));
    info_ok(dinfo, "Zgesvd");
    write("zgesvd_s.out", download(S, 3));
    write("zgesvd_u.out", download(U, 25));
    write("zgesvd_vt.out", download(VT, 9));
    for (void* p : {static_cast<void*>(A), static_cast<void*>(S), static_cast<void*>(U), static_cast<void*>(VT),
                    static_cast<void*>(work)}) {
      libs_test::release(p);
    }
  }
  // fp32 symmetric eigenvalues and eigenvectors of a 5 x 5 matrix (lower triangle read).
  {
    float* A = upload(read<float>("syevd_a.in", 25));
    float* W = static_cast<float*>(libs_test::alloc(5 * sizeof(float)));
    SOLVER_OK(prtsolverDnSsyevd_bufferSize(h, PRTSOLVER_EIG_MODE_VECTOR, PRTBLAS_FILL_MODE_LOWER, 5, A, 5, W, &lwork));
    CHECK(lwork > 0, "syevd lwork %d", lwork);
    float* work = work_area<float>(lwork);
    SOLVER_OK(prtsolverDnSsyevd(h, PRTSOLVER_EIG_MODE_VECTOR, PRTBLAS_FILL_MODE_LOWER, 5, A, 5, W, work, lwork, dinfo));
    info_ok(dinfo, "Ssyevd");
    write("syevd_w.out", download(W, 5));
    write("syevd_v.out", download(A, 25));
    libs_test::release(work);
    libs_test::release(W);
    libs_test::release(A);
  }
#if PRT_BACKEND_CPU
  // The CPU backend's own answers: no pivot-free LU in LAPACK, bad sizes, a null handle.
  {
    std::vector<float> a(4, 1.0f);
    int info = 0;
    CHECK(prtsolverDnSgetrf(h, 2, 2, a.data(), 2, nullptr, nullptr, &info) == PRTSOLVER_STATUS_NOT_SUPPORTED,
          "getrf without pivots");
    CHECK(prtsolverDnSgetrf(h, 2, 2, a.data(), 1, nullptr, nullptr, &info) == PRTSOLVER_STATUS_INVALID_VALUE,
          "lda < m");
    CHECK(prtsolverDnSgesvd_bufferSize(h, 2, 3, &lwork) == PRTSOLVER_STATUS_INVALID_VALUE, "gesvd with m < n");
    CHECK(prtsolverDnCgesvd_bufferSize(h, 2, 3, &lwork) == PRTSOLVER_STATUS_INVALID_VALUE, "Cgesvd with m < n");
    CHECK(prtsolverDnSpotrf(nullptr, PRTBLAS_FILL_MODE_LOWER, 2, a.data(), 2, nullptr, 0, &info) ==
              PRTSOLVER_STATUS_NOT_INITIALIZED,
          "null handle");
  }
#endif
  libs_test::release(dinfo);
  SOLVER_OK(prtsolverDnDestroy(h));
  prtStreamDestroy(stream);
  return libs_test::finish("solver");
}
