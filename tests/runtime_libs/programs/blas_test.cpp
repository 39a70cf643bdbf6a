// blas_test.cpp: prtblas against naive column-major loops computed here: GEMM in every transpose combination
// with padded leading dimensions, fp16/bf16 and int8 GemmEx and Hgemm, strided batches, GEMV, the level-1 calls
// and DotEx; pointer-array batches, geam (in place too), I?amax/I?amin, getrfBatched, gelsBatched, and Set/Get
// Vector and Matrix; the complex calls (C/Zgemm in every op combination, ?dgmm from either side and with a
// negative stride, Scnrm2/Dznrm2, Ic/Iz amax/amin) against std::complex loops, and the 64-bit-integer (_64) forms
// against the 32-bit ones.
#include <complex>
#include <cstdint>
#include <random>
#include <type_traits>

#include "libs_test.h"
#include "prt/blas.h"

namespace {

std::mt19937 rng(7);

template <class T>
std::vector<T> random_vector(size_t n) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<T> v(n);
  for (T& x : v) x = static_cast<T>(u(rng));
  return v;
}

// C = alpha * op(A) * op(B) + beta * C, column-major, in double.
void reference_gemm(bool ta, bool tb, int m, int n, int k, double alpha, const std::vector<double>& A, int lda,
                    const std::vector<double>& B, int ldb, double beta, std::vector<double>& C, int ldc) {
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      double acc = 0;
      for (int p = 0; p < k; ++p) {
        const double a = ta ? A[i * lda + p] : A[p * lda + i];
        const double b = tb ? B[p * ldb + j] : B[j * ldb + p];
        acc += a * b;
      }
      C[j * ldc + i] = alpha * acc + beta * C[j * ldc + i];
    }
  }
}

template <class T>
std::vector<double> widen(const std::vector<T>& v) {
  return std::vector<double>(v.begin(), v.end());
}

// Largest |got - want| over the m x n block, relative to the largest |want| (at least 1).
template <class T>
double max_error(const std::vector<T>& got, const std::vector<double>& want, int m, int n, int ld) {
  double err = 0, scale = 1;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      err = std::max(err, std::fabs(static_cast<double>(got[j * ld + i]) - want[j * ld + i]));
      scale = std::max(scale, std::fabs(want[j * ld + i]));
    }
  }
  return err / scale;
}

const prtblasOperation_t kOps[2] = {PRTBLAS_OP_N, PRTBLAS_OP_T};

template <class T>
void test_gemm(prtblasHandle_t h, double tol) {
  const int m = 37, n = 29, k = 23;
  for (int ta = 0; ta < 2; ++ta) {
    for (int tb = 0; tb < 2; ++tb) {
      const int lda = (ta ? k : m) + 3, ldb = (tb ? n : k) + 1, ldc = m + 2;
      const int acols = ta ? m : k, bcols = tb ? k : n;
      const std::vector<T> A = random_vector<T>(lda * acols), B = random_vector<T>(ldb * bcols);
      const std::vector<T> C = random_vector<T>(ldc * n);
      const T alpha = static_cast<T>(1.5), beta = static_cast<T>(-0.5);
      std::vector<double> want = widen(C);
      reference_gemm(ta, tb, m, n, k, alpha, widen(A), lda, widen(B), ldb, beta, want, ldc);
      T* dA = libs_test::upload(A);
      T* dB = libs_test::upload(B);
      T* dC = libs_test::upload(C);
      prtblasStatus_t s;
      if constexpr (sizeof(T) == 4) {
        s = prtblasSgemm(h, kOps[ta], kOps[tb], m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC, ldc);
      } else {
        s = prtblasDgemm(h, kOps[ta], kOps[tb], m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC, ldc);
      }
      CHECK(s == PRTBLAS_STATUS_SUCCESS, "%cgemm %d%d: status %d", sizeof(T) == 4 ? 'S' : 'D', ta, tb, s);
      libs_test::synchronize();
      const double err = max_error(libs_test::download(dC, C.size()), want, m, n, ldc);
      CHECK(err < tol, "%cgemm op %d/%d: error %.3g", sizeof(T) == 4 ? 'S' : 'D', ta, tb, err);
      libs_test::release(dA);
      libs_test::release(dB);
      libs_test::release(dC);
    }
  }
}

// Rounds through a 16-bit type: the exact inputs the reference must use.
std::vector<float> rounded(const std::vector<float>& v, bool bf16) {
  std::vector<float> r(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    r[i] = bf16 ? __bfloat162float(__float2bfloat16(v[i])) : __half2float(__float2half(v[i]));
  }
  return r;
}

template <class H>
std::vector<H> to16(const std::vector<float>& v) {
  std::vector<H> r(v.size());
  for (size_t i = 0; i < v.size(); ++i) r[i] = H(v[i]);
  return r;
}

template <class H>
std::vector<float> from16(const std::vector<H>& v) {
  std::vector<float> r(v.size());
  for (size_t i = 0; i < v.size(); ++i) r[i] = static_cast<float>(v[i]);
  return r;
}

void test_gemm_ex(prtblasHandle_t h) {
  const int m = 33, n = 17, k = 64;
  for (int bf = 0; bf < 2; ++bf) {
    const prtDataType_t t = bf ? PRT_R_16BF : PRT_R_16F;
    const std::vector<float> A = rounded(random_vector<float>(m * k), bf), B = rounded(random_vector<float>(k * n), bf);
    std::vector<double> want(m * n, 0.0);
    reference_gemm(false, false, m, n, k, 1.0, widen(A), m, widen(B), k, 0.0, want, m);
    void *dA, *dB;
    if (bf) {
      dA = libs_test::upload(to16<__nv_bfloat16>(A));
      dB = libs_test::upload(to16<__nv_bfloat16>(B));
    } else {
      dA = libs_test::upload(to16<__half>(A));
      dB = libs_test::upload(to16<__half>(B));
    }
    // fp32 output, fp32 compute.
    float* dC = static_cast<float*>(libs_test::alloc(m * n * sizeof(float)));
    const float one = 1.0f, zero = 0.0f;
    prtblasStatus_t s = prtblasGemmEx(h, PRTBLAS_OP_N, PRTBLAS_OP_N, m, n, k, &one, dA, t, m, dB, t, k, &zero, dC,
                                      PRT_R_32F, m, PRTBLAS_COMPUTE_32F, PRTBLAS_GEMM_DEFAULT);
    CHECK(s == PRTBLAS_STATUS_SUCCESS, "GemmEx %s -> fp32: status %d", bf ? "bf16" : "fp16", s);
    libs_test::synchronize();
    double err = max_error(libs_test::download(dC, m * n), want, m, n, m);
    CHECK(err < 1e-5, "GemmEx %s -> fp32: error %.3g", bf ? "bf16" : "fp16", err);
    // 16-bit output, fp32 compute (the old spelling: a data type as compute type).
    void* dC16 = libs_test::alloc(m * n * 2);
    s = prtblasGemmEx(h, PRTBLAS_OP_N, PRTBLAS_OP_N, m, n, k, &one, dA, t, m, dB, t, k, &zero, dC16, t, m, PRT_R_32F,
                      PRTBLAS_GEMM_DEFAULT_TENSOR_OP);
    CHECK(s == PRTBLAS_STATUS_SUCCESS, "GemmEx %s -> 16-bit: status %d", bf ? "bf16" : "fp16", s);
    libs_test::synchronize();
    const std::vector<float> got = bf ? from16(libs_test::download(static_cast<__nv_bfloat16*>(dC16), m * n))
                                      : from16(libs_test::download(static_cast<__half*>(dC16), m * n));
    err = max_error(got, want, m, n, m);
    CHECK(err < (bf ? 1e-2 : 2e-3), "GemmEx %s -> 16-bit: error %.3g", bf ? "bf16" : "fp16", err);
    libs_test::release(dA);
    libs_test::release(dB);
    libs_test::release(dC);
    libs_test::release(dC16);
  }
  // int8 products into int32: alpha 2, beta 1, A transposed (the form cuBLAS's integer GEMMs take).
  {
    const int mi = 32, ni = 16, ki = 32;
    std::vector<int8_t> A8(ki * mi), B8(ki * ni);
    std::vector<int32_t> C32(mi * ni);
    for (size_t i = 0; i < A8.size(); ++i) A8[i] = static_cast<int8_t>(static_cast<int>(i * 37 % 255) - 127);
    for (size_t i = 0; i < B8.size(); ++i) B8[i] = static_cast<int8_t>(static_cast<int>(i * 91 % 251) - 125);
    for (size_t i = 0; i < C32.size(); ++i) C32[i] = static_cast<int32_t>(i % 17) - 8;
    int8_t* dA8 = libs_test::upload(A8);
    int8_t* dB8 = libs_test::upload(B8);
    int32_t* dC32 = libs_test::upload(C32);
    const int32_t alpha = 2, beta = 1;
    const prtblasStatus_t s = prtblasGemmEx(h, PRTBLAS_OP_T, PRTBLAS_OP_N, mi, ni, ki, &alpha, dA8, PRT_R_8I, ki, dB8,
                                            PRT_R_8I, ki, &beta, dC32, PRT_R_32I, mi, PRTBLAS_COMPUTE_32I,
                                            PRTBLAS_GEMM_DEFAULT);
    CHECK(s == PRTBLAS_STATUS_SUCCESS, "GemmEx int8 -> int32: status %d", s);
    libs_test::synchronize();
    const std::vector<int32_t> got = libs_test::download(dC32, mi * ni);
    int wrong = 0;
    for (int j = 0; j < ni; ++j) {
      for (int i = 0; i < mi; ++i) {
        long long sum = 0;
        for (int l = 0; l < ki; ++l) sum += static_cast<long long>(A8[i * ki + l]) * B8[j * ki + l];
        wrong += got[j * mi + i] != 2 * sum + C32[j * mi + i];
      }
    }
    CHECK(wrong == 0, "GemmEx int8 -> int32: %d wrong elements", wrong);
    libs_test::release(dA8);
    libs_test::release(dB8);
    libs_test::release(dC32);
  }
  // Hgemm: fp16 throughout (small k keeps fp16 accumulation close to the reference).
  const int kk = 8;
  const std::vector<float> A = rounded(random_vector<float>(m * kk), false);
  const std::vector<float> B = rounded(random_vector<float>(kk * n), false);
  std::vector<double> want(m * n, 0.0);
  reference_gemm(false, false, m, n, kk, 1.0, widen(A), m, widen(B), kk, 0.0, want, m);
  __half* dA = libs_test::upload(to16<__half>(A));
  __half* dB = libs_test::upload(to16<__half>(B));
  __half* dC = libs_test::upload(to16<__half>(std::vector<float>(m * n, 0.0f)));
  const __half one(1.0f), zero(0.0f);
  const prtblasStatus_t s = prtblasHgemm(h, PRTBLAS_OP_N, PRTBLAS_OP_N, m, n, kk, &one, dA, m, dB, kk, &zero, dC, m);
  CHECK(s == PRTBLAS_STATUS_SUCCESS, "Hgemm: status %d", s);
  libs_test::synchronize();
  const double err = max_error(from16(libs_test::download(dC, m * n)), want, m, n, m);
  CHECK(err < 5e-3, "Hgemm: error %.3g", err);
  libs_test::release(dA);
  libs_test::release(dB);
  libs_test::release(dC);
}

void test_batched(prtblasHandle_t h) {
  const int m = 12, n = 9, k = 7, batch = 5;
  const long long sa = m * k + 4, sb = k * n, sc = m * n + 1;
  const std::vector<float> A = random_vector<float>(sa * batch), B = random_vector<float>(sb * batch);
  const std::vector<float> C = random_vector<float>(sc * batch);
  const float alpha = 0.75f, beta = 0.25f;
  std::vector<double> want = widen(C);
  for (int b = 0; b < batch; ++b) {
    std::vector<double> a(A.begin() + b * sa, A.begin() + b * sa + m * k);
    std::vector<double> bb(B.begin() + b * sb, B.begin() + b * sb + k * n);
    std::vector<double> c(want.begin() + b * sc, want.begin() + b * sc + m * n);
    reference_gemm(true, false, m, n, k, alpha, a, k, bb, k, beta, c, m);
    std::copy(c.begin(), c.end(), want.begin() + b * sc);
  }
  // The A blocks hold k x m matrices read transposed.
  float* dA = libs_test::upload(A);
  float* dB = libs_test::upload(B);
  float* dC = libs_test::upload(C);
  prtblasStatus_t s = prtblasSgemmStridedBatched(h, PRTBLAS_OP_T, PRTBLAS_OP_N, m, n, k, &alpha, dA, k, sa, dB, k, sb,
                                                 &beta, dC, m, sc, batch);
  CHECK(s == PRTBLAS_STATUS_SUCCESS, "SgemmStridedBatched: status %d", s);
  libs_test::synchronize();
  double err = max_error(libs_test::download(dC, C.size()), want, static_cast<int>(sc), batch, static_cast<int>(sc));
  CHECK(err < 1e-5, "SgemmStridedBatched: error %.3g", err);
  libs_test::to_device(dC, C.data(), C.size() * sizeof(float));
  s = prtblasGemmStridedBatchedEx(h, PRTBLAS_OP_T, PRTBLAS_OP_N, m, n, k, &alpha, dA, PRT_R_32F, k, sa, dB, PRT_R_32F,
                                  k, sb, &beta, dC, PRT_R_32F, m, sc, batch, PRTBLAS_COMPUTE_32F,
                                  PRTBLAS_GEMM_DEFAULT);
  CHECK(s == PRTBLAS_STATUS_SUCCESS, "GemmStridedBatchedEx: status %d", s);
  libs_test::synchronize();
  err = max_error(libs_test::download(dC, C.size()), want, static_cast<int>(sc), batch, static_cast<int>(sc));
  CHECK(err < 1e-5, "GemmStridedBatchedEx: error %.3g", err);
  libs_test::release(dA);
  libs_test::release(dB);
  libs_test::release(dC);

  const std::vector<double> Ad = random_vector<double>(sa * batch), Bd = random_vector<double>(sb * batch);
  const std::vector<double> Cd = random_vector<double>(sc * batch);
  std::vector<double> wantd = Cd;
  for (int b = 0; b < batch; ++b) {
    std::vector<double> a(Ad.begin() + b * sa, Ad.begin() + b * sa + m * k);
    std::vector<double> bb(Bd.begin() + b * sb, Bd.begin() + b * sb + k * n);
    std::vector<double> c(wantd.begin() + b * sc, wantd.begin() + b * sc + m * n);
    reference_gemm(true, false, m, n, k, 2.0, a, k, bb, k, 0.0, c, m);
    std::copy(c.begin(), c.end(), wantd.begin() + b * sc);
  }
  double* dAd = libs_test::upload(Ad);
  double* dBd = libs_test::upload(Bd);
  double* dCd = libs_test::upload(Cd);
  const double two = 2.0, dzero = 0.0;
  s = prtblasDgemmStridedBatched(h, PRTBLAS_OP_T, PRTBLAS_OP_N, m, n, k, &two, dAd, k, sa, dBd, k, sb, &dzero, dCd, m,
                                 sc, batch);
  CHECK(s == PRTBLAS_STATUS_SUCCESS, "DgemmStridedBatched: status %d", s);
  libs_test::synchronize();
  err = max_error(libs_test::download(dCd, Cd.size()), wantd, static_cast<int>(sc), batch, static_cast<int>(sc));
  CHECK(err < 1e-12, "DgemmStridedBatched: error %.3g", err);
  libs_test::release(dAd);
  libs_test::release(dBd);
  libs_test::release(dCd);
}

template <class T>
void test_level1(prtblasHandle_t h, double tol) {
  const int n = 1000, m = 40;
  const std::vector<T> x = random_vector<T>(2 * n), y = random_vector<T>(n);
  T* dx = libs_test::upload(x);
  T* dy = libs_test::upload(y);
  const T alpha = static_cast<T>(-2.5);
  const bool single = sizeof(T) == 4;
  // axpy with a stride on x.
  CHECK((single ? prtblasSaxpy(h, n, (const float*)&alpha, (const float*)dx, 2, (float*)dy, 1)
                : prtblasDaxpy(h, n, (const double*)&alpha, (const double*)dx, 2, (double*)dy, 1)) ==
            PRTBLAS_STATUS_SUCCESS,
        "axpy status");
  libs_test::synchronize();
  std::vector<T> got = libs_test::download(dy, n);
  double err = 0;
  for (int i = 0; i < n; ++i) err = std::max(err, std::fabs(double(got[i]) - (double(alpha) * x[2 * i] + y[i])));
  CHECK(err < tol, "axpy error %.3g", err);
  // dot and nrm2, host pointer mode.
  T dot = 0, nrm = 0;
  CHECK((single ? prtblasSdot(h, n, (const float*)dx, 2, (const float*)dy, 1, (float*)&dot)
                : prtblasDdot(h, n, (const double*)dx, 2, (const double*)dy, 1, (double*)&dot)) ==
            PRTBLAS_STATUS_SUCCESS,
        "dot status");
  CHECK((single ? prtblasSnrm2(h, n, (const float*)dy, 1, (float*)&nrm)
                : prtblasDnrm2(h, n, (const double*)dy, 1, (double*)&nrm)) == PRTBLAS_STATUS_SUCCESS,
        "nrm2 status");
  double want_dot = 0, want_nrm = 0;
  for (int i = 0; i < n; ++i) {
    want_dot += double(x[2 * i]) * got[i];
    want_nrm += double(got[i]) * got[i];
  }
  want_nrm = std::sqrt(want_nrm);
  CHECK(std::fabs(dot - want_dot) < tol * n, "dot %.8g, want %.8g", double(dot), want_dot);
  CHECK(std::fabs(nrm - want_nrm) < tol * n, "nrm2 %.8g, want %.8g", double(nrm), want_nrm);
  // dot into device memory under pointer mode device.
  T* dres = static_cast<T*>(libs_test::alloc(sizeof(T)));
  CHECK(prtblasSetPointerMode(h, PRTBLAS_POINTER_MODE_DEVICE) == PRTBLAS_STATUS_SUCCESS, "pointer mode device");
  prtblasPointerMode_t mode = PRTBLAS_POINTER_MODE_HOST;
  prtblasGetPointerMode(h, &mode);
  CHECK(mode == PRTBLAS_POINTER_MODE_DEVICE, "GetPointerMode");
  CHECK((single ? prtblasSdot(h, n, (const float*)dx, 2, (const float*)dy, 1, (float*)dres)
                : prtblasDdot(h, n, (const double*)dx, 2, (const double*)dy, 1, (double*)dres)) ==
            PRTBLAS_STATUS_SUCCESS,
        "device dot status");
  libs_test::synchronize();
  CHECK(std::fabs(libs_test::download(dres, 1)[0] - want_dot) < tol * n, "device-mode dot");
  prtblasSetPointerMode(h, PRTBLAS_POINTER_MODE_HOST);
  libs_test::release(dres);
  // scal and copy.
  const T s = static_cast<T>(0.5);
  CHECK((single ? prtblasSscal(h, n, (const float*)&s, (float*)dy, 1)
                : prtblasDscal(h, n, (const double*)&s, (double*)dy, 1)) == PRTBLAS_STATUS_SUCCESS,
        "scal status");
  CHECK((single ? prtblasScopy(h, n, (const float*)dy, 1, (float*)dx, 2)
                : prtblasDcopy(h, n, (const double*)dy, 1, (double*)dx, 2)) == PRTBLAS_STATUS_SUCCESS,
        "copy status");
  libs_test::synchronize();
  const std::vector<T> xs = libs_test::download(dx, 2 * n);
  err = 0;
  for (int i = 0; i < n; ++i) err = std::max(err, std::fabs(double(xs[2 * i]) - 0.5 * got[i]));
  for (int i = 0; i < n; ++i) err = std::max(err, std::fabs(double(xs[2 * i + 1]) - x[2 * i + 1]));
  CHECK(err < tol, "scal/copy error %.3g", err);
  // gemv, both orientations.
  const std::vector<T> A = random_vector<T>(m * n), v = random_vector<T>(n), w = random_vector<T>(m);
  T* dA = libs_test::upload(A);
  T* dv = libs_test::upload(v);
  T* dw = libs_test::upload(w);
  const T one = 1, beta = static_cast<T>(0.5);
  CHECK((single ? prtblasSgemv(h, PRTBLAS_OP_N, m, n, (const float*)&one, (const float*)dA, m, (const float*)dv, 1,
                               (const float*)&beta, (float*)dw, 1)
                : prtblasDgemv(h, PRTBLAS_OP_N, m, n, (const double*)&one, (const double*)dA, m, (const double*)dv,
                               1, (const double*)&beta, (double*)dw, 1)) == PRTBLAS_STATUS_SUCCESS,
        "gemv status");
  libs_test::synchronize();
  got = libs_test::download(dw, m);
  err = 0;
  for (int i = 0; i < m; ++i) {
    double acc = 0.5 * w[i];
    for (int j = 0; j < n; ++j) acc += double(A[j * m + i]) * v[j];
    err = std::max(err, std::fabs(got[i] - acc));
  }
  CHECK(err < tol * n, "gemv error %.3g", err);
  libs_test::release(dA);
  libs_test::release(dv);
  libs_test::release(dw);
  libs_test::release(dx);
  libs_test::release(dy);
}

// GEMMs on arrays of pointers (kept in device memory, as cuBLAS wants): fp32, fp64, fp16; the last batch entry
// reuses the first A, as real callers do.
template <class T>
void test_gemm_batched(prtblasHandle_t h, double tol) {
  const int m = 13, n = 6, k = 7, batch = 4, lda = k + 2, ldb = k + 1, ldc = m + 3;
  std::vector<std::vector<float>> A(batch), B(batch), C(batch);
  std::vector<T*> dA(batch), dB(batch), dC(batch);
  const double alpha = 0.5, beta = -1.25;
  for (int b = 0; b < batch; ++b) {
    A[b] = b == batch - 1 ? A[0] : rounded(random_vector<float>(lda * m), false);
    B[b] = rounded(random_vector<float>(ldb * n), false);
    C[b] = rounded(random_vector<float>(ldc * n), false);
    if constexpr (sizeof(T) == 2) {
      dA[b] = b == batch - 1 ? dA[0] : libs_test::upload(to16<T>(A[b]));
      dB[b] = libs_test::upload(to16<T>(B[b]));
      dC[b] = libs_test::upload(to16<T>(C[b]));
    } else {
      dA[b] = b == batch - 1 ? dA[0] : libs_test::upload(std::vector<T>(A[b].begin(), A[b].end()));
      dB[b] = libs_test::upload(std::vector<T>(B[b].begin(), B[b].end()));
      dC[b] = libs_test::upload(std::vector<T>(C[b].begin(), C[b].end()));
    }
  }
  T** pA = libs_test::upload(dA);
  T** pB = libs_test::upload(dB);
  T** pC = libs_test::upload(dC);
  prtblasStatus_t s;
  const char* name;
  if constexpr (sizeof(T) == 2) {
    name = "HgemmBatched";
    const __half a(static_cast<float>(alpha)), b(static_cast<float>(beta));
    s = prtblasHgemmBatched(h, PRTBLAS_OP_T, PRTBLAS_OP_N, m, n, k, &a, pA, lda, pB, ldb, &b, pC, ldc, batch);
  } else if constexpr (sizeof(T) == 4) {
    name = "SgemmBatched";
    const float a = static_cast<float>(alpha), b = static_cast<float>(beta);
    s = prtblasSgemmBatched(h, PRTBLAS_OP_T, PRTBLAS_OP_N, m, n, k, &a, pA, lda, pB, ldb, &b, pC, ldc, batch);
  } else {
    name = "DgemmBatched";
    s = prtblasDgemmBatched(h, PRTBLAS_OP_T, PRTBLAS_OP_N, m, n, k, &alpha, pA, lda, pB, ldb, &beta, pC, ldc, batch);
  }
  CHECK(s == PRTBLAS_STATUS_SUCCESS, "%s: status %d", name, s);
  libs_test::synchronize();
  for (int b = 0; b < batch; ++b) {
    std::vector<double> want = widen(C[b]);
    reference_gemm(true, false, m, n, k, alpha, widen(A[b]), lda, widen(B[b]), ldb, beta, want, ldc);
    std::vector<double> got;
    if constexpr (sizeof(T) == 2) {
      got = widen(from16(libs_test::download(dC[b], C[b].size())));
    } else {
      const std::vector<T> g = libs_test::download(dC[b], C[b].size());
      got.assign(g.begin(), g.end());
    }
    const double err = max_error(got, want, m, n, ldc);
    CHECK(err < tol, "%s entry %d: error %.3g", name, b, err);
    // Rows past m in each column of C stay as they were.
    int touched = 0;
    for (int j = 0; j < n; ++j) {
      for (int i = m; i < ldc; ++i) touched += got[j * ldc + i] != C[b][j * ldc + i];
    }
    CHECK(touched == 0, "%s entry %d: %d elements past m written", name, b, touched);
  }
  for (int b = 0; b < batch; ++b) {
    if (b != batch - 1) libs_test::release(dA[b]);
    libs_test::release(dB[b]);
    libs_test::release(dC[b]);
  }
  libs_test::release(pA);
  libs_test::release(pB);
  libs_test::release(pC);
}

void test_hgemm_strided_batched(prtblasHandle_t h) {
  const int m = 9, n = 14, k = 5, batch = 3, ldc = m + 1;
  const long long sa = m * k + 3, sb = k * n + 2, sc = ldc * n + 5;
  const std::vector<float> A = rounded(random_vector<float>(sa * batch), false);
  const std::vector<float> B = rounded(random_vector<float>(sb * batch), false);
  const std::vector<float> C = rounded(random_vector<float>(sc * batch), false);
  __half* dA = libs_test::upload(to16<__half>(A));
  __half* dB = libs_test::upload(to16<__half>(B));
  __half* dC = libs_test::upload(to16<__half>(C));
  const __half alpha(1.0f), beta(0.5f);
  const prtblasStatus_t s = prtblasHgemmStridedBatched(h, PRTBLAS_OP_N, PRTBLAS_OP_T, m, n, k, &alpha, dA, m, sa, dB,
                                                       n, sb, &beta, dC, ldc, sc, batch);
  CHECK(s == PRTBLAS_STATUS_SUCCESS, "HgemmStridedBatched: status %d", s);
  libs_test::synchronize();
  const std::vector<float> got = from16(libs_test::download(dC, C.size()));
  for (int b = 0; b < batch; ++b) {
    std::vector<double> a(A.begin() + b * sa, A.begin() + b * sa + m * k);
    std::vector<double> bb(B.begin() + b * sb, B.begin() + b * sb + n * k);
    std::vector<double> want(C.begin() + b * sc, C.begin() + b * sc + ldc * n);
    reference_gemm(false, true, m, n, k, 1.0, a, m, bb, n, 0.5, want, ldc);
    const std::vector<float> g(got.begin() + b * sc, got.begin() + b * sc + ldc * n);
    const double err = max_error(g, want, m, n, ldc);
    CHECK(err < 5e-3, "HgemmStridedBatched entry %d: error %.3g", b, err);
  }
  // The gap between batch entries is never written.
  int touched = 0;
  for (int b = 0; b < batch; ++b) {
    for (long long i = ldc * n; i < sc; ++i) touched += got[b * sc + i] != C[b * sc + i];
  }
  CHECK(touched == 0, "HgemmStridedBatched: %d elements between entries written", touched);
  libs_test::release(dA);
  libs_test::release(dB);
  libs_test::release(dC);
}

// geam in every transpose combination with padded leading dimensions, then transposition (beta 0, no B) and the
// two in-place forms, and the in-place form cuBLAS refuses.
template <class T>
void test_geam(prtblasHandle_t h, double tol) {
  const int m = 19, n = 7;
  const bool single = sizeof(T) == 4;
  auto geam = [&](prtblasOperation_t ta, prtblasOperation_t tb, const T* alpha, const T* A, int lda, const T* beta,
                  const T* B, int ldb, T* C, int ldc) {
    return single ? prtblasSgeam(h, ta, tb, m, n, (const float*)alpha, (const float*)A, lda, (const float*)beta,
                                 (const float*)B, ldb, (float*)C, ldc)
                  : prtblasDgeam(h, ta, tb, m, n, (const double*)alpha, (const double*)A, lda, (const double*)beta,
                                 (const double*)B, ldb, (double*)C, ldc);
  };
  // op(X)(i, j) of a column-major X with leading dimension ld.
  auto at = [](const std::vector<T>& X, bool t, int ld, int i, int j) -> double {
    return t ? X[i * ld + j] : X[j * ld + i];
  };
  const T alpha = static_cast<T>(1.5), beta = static_cast<T>(-0.75), zero = 0;
  for (int ta = 0; ta < 2; ++ta) {
    for (int tb = 0; tb < 2; ++tb) {
      const int lda = (ta ? n : m) + 2, ldb = (tb ? n : m) + 5, ldc = m + 1;
      const std::vector<T> A = random_vector<T>(lda * (ta ? m : n)), B = random_vector<T>(ldb * (tb ? m : n));
      const std::vector<T> C = random_vector<T>(ldc * n);
      T* dA = libs_test::upload(A);
      T* dB = libs_test::upload(B);
      T* dC = libs_test::upload(C);
      const prtblasStatus_t s = geam(kOps[ta], kOps[tb], &alpha, dA, lda, &beta, dB, ldb, dC, ldc);
      CHECK(s == PRTBLAS_STATUS_SUCCESS, "geam %d%d: status %d", ta, tb, s);
      libs_test::synchronize();
      const std::vector<T> got = libs_test::download(dC, C.size());
      double err = 0;
      int touched = 0;
      for (int j = 0; j < n; ++j) {
        for (int i = 0; i < ldc; ++i) {
          if (i >= m) {
            touched += got[j * ldc + i] != C[j * ldc + i];
            continue;
          }
          const double want = double(alpha) * at(A, ta, lda, i, j) + double(beta) * at(B, tb, ldb, i, j);
          err = std::max(err, std::fabs(got[j * ldc + i] - want));
        }
      }
      CHECK(err < tol, "geam %d%d: error %.3g", ta, tb, err);
      CHECK(touched == 0, "geam %d%d: %d elements past m written", ta, tb, touched);
      // Transposition: C = op(A) with beta 0 and no B.
      if (ta) {
        CHECK(geam(kOps[ta], PRTBLAS_OP_N, &alpha, dA, lda, &zero, nullptr, m, dC, ldc) == PRTBLAS_STATUS_SUCCESS,
              "geam transpose: status");
        libs_test::synchronize();
        const std::vector<T> tr = libs_test::download(dC, C.size());
        err = 0;
        for (int j = 0; j < n; ++j) {
          for (int i = 0; i < m; ++i) {
            err = std::max(err, std::fabs(tr[j * ldc + i] - double(alpha) * at(A, 1, lda, i, j)));
          }
        }
        CHECK(err < tol, "geam transpose: error %.3g", err);
      }
      libs_test::release(dA);
      libs_test::release(dB);
      libs_test::release(dC);
    }
  }
  // In place: C = alpha * C + beta * op(B), then C = alpha * op(A) + beta * C.
  const int ld = m + 4, ldt = n + 3;
  const std::vector<T> C = random_vector<T>(ld * n), Bt = random_vector<T>(ldt * m);
  T* dC = libs_test::upload(C);
  T* dBt = libs_test::upload(Bt);
  CHECK(geam(PRTBLAS_OP_N, PRTBLAS_OP_T, &alpha, dC, ld, &beta, dBt, ldt, dC, ld) == PRTBLAS_STATUS_SUCCESS,
        "geam in place (C = A): status");
  libs_test::synchronize();
  std::vector<T> got = libs_test::download(dC, C.size());
  std::vector<double> want(C.size());
  double err = 0;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      want[j * ld + i] = double(alpha) * C[j * ld + i] + double(beta) * at(Bt, true, ldt, i, j);
      err = std::max(err, std::fabs(got[j * ld + i] - want[j * ld + i]));
    }
  }
  CHECK(err < tol, "geam in place (C = A): error %.3g", err);
  CHECK(geam(PRTBLAS_OP_T, PRTBLAS_OP_N, &beta, dBt, ldt, &alpha, dC, ld, dC, ld) == PRTBLAS_STATUS_SUCCESS,
        "geam in place (C = B): status");
  libs_test::synchronize();
  const std::vector<T> got2 = libs_test::download(dC, C.size());
  err = 0;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      const double w = double(beta) * at(Bt, true, ldt, i, j) + double(alpha) * double(got[j * ld + i]);
      err = std::max(err, std::fabs(got2[j * ld + i] - w));
    }
  }
  CHECK(err < tol, "geam in place (C = B): error %.3g", err);
  CHECK(geam(PRTBLAS_OP_T, PRTBLAS_OP_N, &alpha, dC, ld, &beta, dBt, ldt, dC, ld) == PRTBLAS_STATUS_INVALID_VALUE,
        "geam in place with A transposed is refused");
  CHECK(geam(PRTBLAS_OP_N, PRTBLAS_OP_N, &alpha, dBt, m - 1, &beta, dC, ld, dC, ld) == PRTBLAS_STATUS_INVALID_VALUE,
        "geam with lda shorter than m is refused");
  libs_test::release(dC);
  libs_test::release(dBt);
}

// I?amax and I?amin: 1-based, with a stride, the first of equal magnitudes, and 0 for an empty vector.
template <class T>
void test_iamax(prtblasHandle_t h) {
  const int n = 517, inc = 3;
  const bool single = sizeof(T) == 4;
  std::vector<T> x = random_vector<T>(n * inc);
  for (int i = 0; i < n; ++i) x[i * inc] = static_cast<T>(0.25 + 0.5 * std::fabs(double(x[i * inc])));
  x[200 * inc] = static_cast<T>(-4.0);  // largest magnitude, negative, at 0-based 200
  x[300 * inc] = static_cast<T>(4.0);   // the same magnitude later: not the answer
  x[400 * inc + 1] = static_cast<T>(9.0);  // between strided elements: not seen
  x[77 * inc] = static_cast<T>(-0.125);  // smallest magnitude at 0-based 77
  x[90 * inc] = static_cast<T>(0.125);
  T* dx = libs_test::upload(x);
  auto amax = [&](int len, int incx, int* r) {
    return single ? prtblasIsamax(h, len, (const float*)dx, incx, r)
                  : prtblasIdamax(h, len, (const double*)dx, incx, r);
  };
  auto amin = [&](int len, int incx, int* r) {
    return single ? prtblasIsamin(h, len, (const float*)dx, incx, r)
                  : prtblasIdamin(h, len, (const double*)dx, incx, r);
  };
  int r = -1;
  CHECK(amax(n, inc, &r) == PRTBLAS_STATUS_SUCCESS && r == 201, "I%camax: %d, want 201", single ? 's' : 'd', r);
  r = -1;
  CHECK(amin(n, inc, &r) == PRTBLAS_STATUS_SUCCESS && r == 78, "I%camin: %d, want 78", single ? 's' : 'd', r);
  r = -1;
  CHECK(amax(0, inc, &r) == PRTBLAS_STATUS_SUCCESS && r == 0, "I%camax of nothing: %d", single ? 's' : 'd', r);
  // Result in device memory under pointer mode device.
  int* dr = static_cast<int*>(libs_test::alloc(sizeof(int)));
  prtblasSetPointerMode(h, PRTBLAS_POINTER_MODE_DEVICE);
  CHECK(amax(n, inc, dr) == PRTBLAS_STATUS_SUCCESS, "device-mode I%camax: status", single ? 's' : 'd');
  libs_test::synchronize();
  prtblasSetPointerMode(h, PRTBLAS_POINTER_MODE_HOST);
  CHECK(libs_test::download(dr, 1)[0] == 201, "device-mode I%camax", single ? 's' : 'd');
  libs_test::release(dr);
  libs_test::release(dx);
}

// getrfBatched against a reference LU with partial pivoting (LAPACK's choice of pivot: the first largest
// magnitude); a singular matrix's info; no pivoting when P is null.
template <class T>
void test_getrf_batched(prtblasHandle_t h, double tol) {
  const int n = 11, lda = n + 2, batch = 3;
  const bool single = sizeof(T) == 4;
  std::vector<std::vector<T>> A(batch);
  std::vector<T*> dA(batch);
  for (int b = 0; b < batch; ++b) A[b] = random_vector<T>(lda * n);
  for (int i = 0; i < n; ++i) A[1][4 * lda + i] = 0;  // a zero column: U(5,5) = 0 exactly, info 5
  for (int i = 0; i < n; ++i) A[2][i * lda + i] += static_cast<T>(n);  // diagonally dominant: no pivoting needed
  for (int b = 0; b < batch; ++b) dA[b] = libs_test::upload(A[b]);
  T** pA = libs_test::upload(dA);
  int* dP = libs_test::upload(std::vector<int>(n * batch, -1));
  int* dinfo = libs_test::upload(std::vector<int>(batch, -1));
  auto getrf = [&](int* P, int count) {
    return single ? prtblasSgetrfBatched(h, n, (float* const*)pA, lda, P, dinfo, count)
                  : prtblasDgetrfBatched(h, n, (double* const*)pA, lda, P, dinfo, count);
  };
  CHECK(getrf(dP, batch) == PRTBLAS_STATUS_SUCCESS, "%cgetrfBatched: status", single ? 'S' : 'D');
  libs_test::synchronize();
  const std::vector<int> P = libs_test::download(dP, n * batch), info = libs_test::download(dinfo, batch);
  for (int b = 0; b < batch; ++b) {
    // Reference: Doolittle with partial pivoting in double.
    std::vector<double> a(A[b].begin(), A[b].end());
    std::vector<int> piv(n);
    int want_info = 0;
    for (int k = 0; k < n; ++k) {
      int p = k;
      for (int i = k + 1; i < n; ++i) {
        if (std::fabs(a[k * lda + i]) > std::fabs(a[k * lda + p])) p = i;
      }
      piv[k] = p + 1;
      if (p != k) {
        for (int j = 0; j < n; ++j) std::swap(a[j * lda + k], a[j * lda + p]);
      }
      if (a[k * lda + k] == 0) {
        if (want_info == 0) want_info = k + 1;
        continue;
      }
      for (int i = k + 1; i < n; ++i) a[k * lda + i] /= a[k * lda + k];
      for (int j = k + 1; j < n; ++j) {
        for (int i = k + 1; i < n; ++i) a[j * lda + i] -= a[k * lda + i] * a[j * lda + k];
      }
    }
    const std::vector<T> got = libs_test::download(dA[b], A[b].size());
    int wrong_piv = 0;
    for (int k = 0; k < n; ++k) wrong_piv += P[b * n + k] != piv[k];
    CHECK(wrong_piv == 0, "%cgetrfBatched entry %d: %d pivots differ", single ? 'S' : 'D', b, wrong_piv);
    CHECK(info[b] == want_info, "%cgetrfBatched entry %d: info %d, want %d", single ? 'S' : 'D', b, info[b],
          want_info);
    double err = 0;
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < n; ++i) err = std::max(err, std::fabs(got[j * lda + i] - a[j * lda + i]));
    }
    CHECK(err < tol, "%cgetrfBatched entry %d: error %.3g", single ? 'S' : 'D', b, err);
    int touched = 0;
    for (int j = 0; j < n; ++j) {
      for (int i = n; i < lda; ++i) touched += got[j * lda + i] != A[b][j * lda + i];
    }
    CHECK(touched == 0, "%cgetrfBatched entry %d: %d elements past n written", single ? 'S' : 'D', b, touched);
  }
  // No pivoting on the diagonally dominant matrix: L * U gives A back.
  libs_test::to_device(dA[2], A[2].data(), A[2].size() * sizeof(T));
  libs_test::to_device(pA, &dA[2], sizeof(T*));
  CHECK(getrf(nullptr, 1) == PRTBLAS_STATUS_SUCCESS, "%cgetrfBatched without pivots: status", single ? 'S' : 'D');
  libs_test::synchronize();
  const std::vector<T> lu = libs_test::download(dA[2], A[2].size());
  CHECK(libs_test::download(dinfo, 1)[0] == 0, "%cgetrfBatched without pivots: info", single ? 'S' : 'D');
  double err = 0;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      double acc = 0;
      for (int p = 0; p <= std::min(i, j); ++p) acc += (p == i ? 1.0 : double(lu[p * lda + i])) * lu[j * lda + p];
      err = std::max(err, std::fabs(acc - A[2][j * lda + i]));
    }
  }
  CHECK(err < tol * n, "%cgetrfBatched without pivots: |LU - A| %.3g", single ? 'S' : 'D', err);
  // An exactly singular matrix without pivoting: a zero column gives its 1-based index.
  std::vector<T> z = A[2];
  for (int i = 0; i < n; ++i) z[5 * lda + i] = 0;
  for (int j = 0; j < n; ++j) z[j * lda + 5] = 0;
  libs_test::to_device(dA[2], z.data(), z.size() * sizeof(T));
  CHECK(getrf(nullptr, 1) == PRTBLAS_STATUS_SUCCESS, "%cgetrfBatched singular without pivots: status",
        single ? 'S' : 'D');
  libs_test::synchronize();
  CHECK(libs_test::download(dinfo, 1)[0] == 6, "%cgetrfBatched singular without pivots: info %d", single ? 'S' : 'D',
        libs_test::download(dinfo, 1)[0]);
  CHECK(getrf(dP, -1) == PRTBLAS_STATUS_INVALID_VALUE, "%cgetrfBatched with a negative batch is refused",
        single ? 'S' : 'D');
  for (int b = 0; b < batch; ++b) libs_test::release(dA[b]);
  libs_test::release(pA);
  libs_test::release(dP);
  libs_test::release(dinfo);
}

// An element of a real or complex matrix as std::complex<double>, and back.
template <class T>
std::complex<double> as_complex(const T& v) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return {double(v), 0.0};
  } else {
    return {double(v.x), double(v.y)};
  }
}
template <class T>
T from_complex(std::complex<double> v) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return static_cast<T>(v.real());
  } else {
    T r;
    r.x = static_cast<decltype(r.x)>(v.real());
    r.y = static_cast<decltype(r.y)>(v.imag());
    return r;
  }
}

// gelsBatched: the solution X of each overdetermined system makes the residual C - A X orthogonal to A's columns
// (A^H (C - A X) = 0); a rank-deficient system gets its info, and a transposed or underdetermined call is refused
// with the argument's position in info.
template <class T, class F>
void test_gels_batched(prtblasHandle_t h, F gels, double tol, const char* name) {
  const int m = 17, n = 6, nrhs = 3, lda = m + 2, ldc = m + 3, batch = 3;
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<std::vector<T>> A(batch), C(batch);
  std::vector<T*> dA(batch), dC(batch);
  for (int b = 0; b < batch; ++b) {
    A[b].resize(lda * n);
    C[b].resize(ldc * nrhs);
    for (T& v : A[b]) v = from_complex<T>({u(rng), u(rng)});
    for (T& v : C[b]) v = from_complex<T>({u(rng), u(rng)});
  }
  for (int i = 0; i < m; ++i) A[2][3 * lda + i] = from_complex<T>(0.0);  // column 3 zero: R(4,4) = 0
  for (int b = 0; b < batch; ++b) {
    dA[b] = libs_test::upload(A[b]);
    dC[b] = libs_test::upload(C[b]);
  }
  T** pA = libs_test::upload(dA);
  T** pC = libs_test::upload(dC);
  int* dinfo = libs_test::upload(std::vector<int>(batch, -1));
  int info = -1;
  prtblasStatus_t s = gels(h, PRTBLAS_OP_N, m, n, nrhs, pA, lda, pC, ldc, &info, dinfo, batch);
  CHECK(s == PRTBLAS_STATUS_SUCCESS && info == 0, "%s: status %d, info %d", name, s, info);
  libs_test::synchronize();
  const std::vector<int> dev_info = libs_test::download(dinfo, batch);
  for (int b = 0; b < 2; ++b) {
    CHECK(dev_info[b] == 0, "%s entry %d: info %d", name, b, dev_info[b]);
    const std::vector<T> X = libs_test::download(dC[b], C[b].size());
    double err = 0;
    for (int r = 0; r < nrhs; ++r) {
      std::vector<std::complex<double>> res(m);
      for (int i = 0; i < m; ++i) {
        res[i] = as_complex(C[b][r * ldc + i]);
        for (int j = 0; j < n; ++j) res[i] -= as_complex(A[b][j * lda + i]) * as_complex(X[r * ldc + j]);
      }
      for (int j = 0; j < n; ++j) {
        std::complex<double> dot = 0;
        for (int i = 0; i < m; ++i) dot += std::conj(as_complex(A[b][j * lda + i])) * res[i];
        err = std::max(err, std::abs(dot));
      }
    }
    CHECK(err < tol, "%s entry %d: |A^H (C - A X)| %.3g", name, b, err);
  }
  CHECK(dev_info[2] == 4, "%s rank-deficient entry: info %d, want 4", name, dev_info[2]);
  CHECK(gels(h, PRTBLAS_OP_T, m, n, nrhs, pA, lda, pC, ldc, &info, nullptr, batch) == PRTBLAS_STATUS_INVALID_VALUE &&
            info == -2,
        "%s transposed: info %d, want -2", name, info);
  CHECK(gels(h, PRTBLAS_OP_N, m, n, nrhs, pA, m - 1, pC, ldc, &info, nullptr, batch) == PRTBLAS_STATUS_INVALID_VALUE &&
            info == -7,
        "%s short lda: info %d, want -7", name, info);
  for (int b = 0; b < batch; ++b) {
    libs_test::release(dA[b]);
    libs_test::release(dC[b]);
  }
  libs_test::release(pA);
  libs_test::release(pC);
  libs_test::release(dinfo);
}

// Set/GetVector with increments and Set/GetMatrix with leading dimensions: only the addressed elements move.
void test_set_get() {
  const int n = 37, incx = 3, incy = 2;
  const std::vector<double> x = random_vector<double>(n * incx);
  double* dy = libs_test::upload(std::vector<double>(n * incy, 7.0));
  CHECK(prtblasSetVector(n, sizeof(double), x.data(), incx, dy, incy) == PRTBLAS_STATUS_SUCCESS, "SetVector: status");
  const std::vector<double> y = libs_test::download(dy, n * incy);
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i * incy] != x[i * incx] || y[i * incy + 1] != 7.0;
  CHECK(wrong == 0, "SetVector: %d wrong elements", wrong);
  std::vector<double> back(n * incx + 1, -3.0);
  CHECK(prtblasGetVector(n, sizeof(double), dy, incy, back.data() + 1, incx) == PRTBLAS_STATUS_SUCCESS,
        "GetVector: status");
  wrong = back[0] != -3.0;
  for (int i = 0; i < n; ++i) wrong += back[1 + i * incx] != x[i * incx] || back[2 + i * incx] != -3.0;
  CHECK(wrong == 0, "GetVector: %d wrong elements", wrong);
  CHECK(prtblasSetVector(n, sizeof(double), x.data(), 0, dy, incy) == PRTBLAS_STATUS_INVALID_VALUE,
        "SetVector with incx 0 is refused");
  libs_test::release(dy);

  const int rows = 5, cols = 9, lda = 8, ldb = 6;
  std::vector<float> A(lda * cols);
  for (size_t i = 0; i < A.size(); ++i) A[i] = static_cast<float>(i);
  float* dB = libs_test::upload(std::vector<float>(ldb * cols, -1.0f));
  CHECK(prtblasSetMatrix(rows, cols, sizeof(float), A.data(), lda, dB, ldb) == PRTBLAS_STATUS_SUCCESS,
        "SetMatrix: status");
  const std::vector<float> B = libs_test::download(dB, ldb * cols);
  wrong = 0;
  for (int j = 0; j < cols; ++j) {
    for (int i = 0; i < ldb; ++i) wrong += B[j * ldb + i] != (i < rows ? A[j * lda + i] : -1.0f);
  }
  CHECK(wrong == 0, "SetMatrix: %d wrong elements", wrong);
  std::vector<float> C(lda * cols, 2.0f);
  CHECK(prtblasGetMatrix(rows, cols, sizeof(float), dB, ldb, C.data(), lda) == PRTBLAS_STATUS_SUCCESS,
        "GetMatrix: status");
  wrong = 0;
  for (int j = 0; j < cols; ++j) {
    for (int i = 0; i < lda; ++i) wrong += C[j * lda + i] != (i < rows ? A[j * lda + i] : 2.0f);
  }
  CHECK(wrong == 0, "GetMatrix: %d wrong elements", wrong);
  CHECK(prtblasSetMatrix(rows, -1, sizeof(float), A.data(), lda, dB, ldb) == PRTBLAS_STATUS_INVALID_VALUE,
        "SetMatrix with negative cols is refused");
  CHECK(prtblasGetMatrix(rows, cols, 0, dB, ldb, C.data(), lda) == PRTBLAS_STATUS_INVALID_VALUE,
        "GetMatrix with elemSize 0 is refused");
  libs_test::release(dB);
}

void test_errors(prtblasHandle_t h) {
  const float one = 1.0f;
  float* d = static_cast<float*>(libs_test::alloc(64 * sizeof(float)));
  CHECK(prtblasSgemm(h, PRTBLAS_OP_N, PRTBLAS_OP_N, 8, 8, 8, &one, d, 4, d, 8, &one, d, 8) ==
            PRTBLAS_STATUS_INVALID_VALUE,
        "lda shorter than m");
  CHECK(prtblasSgemm(h, PRTBLAS_OP_N, PRTBLAS_OP_N, -1, 8, 8, &one, d, 8, d, 8, &one, d, 8) ==
            PRTBLAS_STATUS_INVALID_VALUE,
        "negative m");
  libs_test::release(d);
  CHECK(std::strcmp(prtblasGetStatusString(PRTBLAS_STATUS_INVALID_VALUE), "PRTBLAS_STATUS_INVALID_VALUE") == 0,
        "status string");
  CHECK(std::strcmp(prtblasGetStatusName(PRTBLAS_STATUS_NOT_SUPPORTED), "PRTBLAS_STATUS_NOT_SUPPORTED") == 0,
        "status name");
}

// A prtFloatComplex / prtDoubleComplex vector of n random elements, and its std::complex<double> copy.
template <class C>
std::vector<C> random_complex(size_t n) {
  std::vector<C> v(n);
  const auto parts = random_vector<double>(2 * n);
  for (size_t i = 0; i < n; ++i) {
    v[i].x = static_cast<decltype(v[i].x)>(parts[2 * i]);
    v[i].y = static_cast<decltype(v[i].y)>(parts[2 * i + 1]);
  }
  return v;
}
template <class C>
std::vector<std::complex<double>> to_std(const std::vector<C>& v) {
  std::vector<std::complex<double>> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) out[i] = {double(v[i].x), double(v[i].y)};
  return out;
}
// Largest |got - want| over all elements, relative to the largest |want| (at least 1).
template <class C>
double complex_error(const std::vector<C>& got, const std::vector<std::complex<double>>& want) {
  double err = 0, scale = 1;
  for (size_t i = 0; i < want.size(); ++i) {
    err = std::max(err, std::abs(std::complex<double>(double(got[i].x), double(got[i].y)) - want[i]));
    scale = std::max(scale, std::abs(want[i]));
  }
  return err / scale;
}

// C/Zgemm in every op combination (C conjugates), padded leading dimensions; the _64 form on one of them.
template <class C>
void test_complex_gemm(prtblasHandle_t h, double tol) {
  using Std = std::complex<double>;
  const bool single = sizeof(C) == 8;
  const prtblasOperation_t ops[3] = {PRTBLAS_OP_N, PRTBLAS_OP_T, PRTBLAS_OP_C};
  const int m = 13, n = 11, k = 7;
  for (int ta = 0; ta < 3; ++ta) {
    for (int tb = 0; tb < 3; ++tb) {
      const int lda = (ta ? k : m) + 2, ldb = (tb ? n : k) + 1, ldc = m + 3;
      const auto A = random_complex<C>(size_t(lda) * (ta ? m : k)), B = random_complex<C>(size_t(ldb) * (tb ? k : n));
      const auto C0 = random_complex<C>(size_t(ldc) * n);
      C alpha, beta;
      alpha.x = 0.75f, alpha.y = -1.25f, beta.x = -0.5f, beta.y = 0.25f;
      const Std a(alpha.x, alpha.y), b(beta.x, beta.y);
      const auto sA = to_std(A), sB = to_std(B);
      auto want = to_std(C0);
      auto opA = [&](int i, int p) {
        return ta == 0 ? sA[p * lda + i] : (ta == 1 ? sA[i * lda + p] : std::conj(sA[i * lda + p]));
      };
      auto opB = [&](int p, int j) {
        return tb == 0 ? sB[j * ldb + p] : (tb == 1 ? sB[p * ldb + j] : std::conj(sB[p * ldb + j]));
      };
      for (int j = 0; j < n; ++j) {
        for (int i = 0; i < m; ++i) {
          Std acc = 0;
          for (int p = 0; p < k; ++p) acc += opA(i, p) * opB(p, j);
          want[j * ldc + i] = a * acc + b * want[j * ldc + i];
        }
      }
      C* dA = libs_test::upload(A);
      C* dB = libs_test::upload(B);
      C* dC = libs_test::upload(C0);
      const bool wide = ta == 2 && tb == 1;  // one combination through the _64 form
      prtblasStatus_t st;
      if constexpr (sizeof(C) == 8) {
        st = wide ? prtblasCgemm_64(h, ops[ta], ops[tb], m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC, ldc)
                  : prtblasCgemm(h, ops[ta], ops[tb], m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC, ldc);
      } else {
        st = wide ? prtblasZgemm_64(h, ops[ta], ops[tb], m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC, ldc)
                  : prtblasZgemm(h, ops[ta], ops[tb], m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC, ldc);
      }
      libs_test::synchronize();
      const double err = complex_error(libs_test::download(dC, C0.size()), want);
      CHECK(st == PRTBLAS_STATUS_SUCCESS && err < tol, "%cgemm%s op %d/%d: status %d, error %g",
            single ? 'C' : 'Z', wide ? "_64" : "", ta, tb, int(st), err);
      libs_test::release(dC);
      libs_test::release(dB);
      libs_test::release(dA);
    }
  }
}

// ?dgmm: diag(x) * A from the left, A * diag(x) from the right with a negative stride, and in place.
template <class T>
T dgmm_value(double v) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(v);
  } else {
    T c;
    c.x = static_cast<decltype(c.x)>(v), c.y = static_cast<decltype(c.y)>(0.5 - v);
    return c;
  }
}
template <class T>
std::complex<double> as_std(const T& v) {
  if constexpr (std::is_floating_point_v<T>) {
    return double(v);
  } else {
    return {double(v.x), double(v.y)};
  }
}
template <class T, class F, class F64>
void test_dgmm(prtblasHandle_t h, F dgmm, F64 dgmm_64, double tol, const char* name) {
  const int m = 9, n = 6, lda = 11, ldc = 10;
  const auto values = random_vector<double>(size_t(lda) * n + 3 * m);
  std::vector<T> A(size_t(lda) * n), x(3 * m);
  for (size_t i = 0; i < A.size(); ++i) A[i] = dgmm_value<T>(values[i]);
  for (size_t i = 0; i < x.size(); ++i) x[i] = dgmm_value<T>(values[A.size() + i]);
  T* dA = libs_test::upload(A);
  T* dx = libs_test::upload(x);
  T* dC = libs_test::upload(std::vector<T>(size_t(ldc) * n));
  for (int side = 0; side < 2; ++side) {
    const bool left = side == 0;
    const int incx = left ? 3 : -2, count = left ? m : n;
    CHECK(dgmm(h, left ? PRTBLAS_SIDE_LEFT : PRTBLAS_SIDE_RIGHT, m, n, dA, lda, dx, incx, dC, ldc) ==
              PRTBLAS_STATUS_SUCCESS,
          "%s side %d: status", name, side);
    libs_test::synchronize();
    const auto got = libs_test::download(dC, size_t(ldc) * n);
    double err = 0;
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < m; ++i) {
        const int e = left ? i : j;
        const std::complex<double> d = as_std(x[size_t(incx > 0 ? e * incx : (count - 1 - e) * -incx)]);
        err = std::max(err, std::abs(as_std(got[size_t(j) * ldc + i]) - d * as_std(A[size_t(j) * lda + i])));
      }
    }
    CHECK(err < tol, "%s side %d: error %g", name, side, err);
  }
  // In place (C is A, ldc == lda) through the _64 form: A * diag(x), x contiguous.
  CHECK(dgmm_64(h, PRTBLAS_SIDE_RIGHT, int64_t(m), int64_t(n), dA, int64_t(lda), dx, int64_t(1), dA, int64_t(lda)) ==
            PRTBLAS_STATUS_SUCCESS,
        "%s_64 in place: status", name);
  libs_test::synchronize();
  const auto got = libs_test::download(dA, A.size());
  double err = 0;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      err = std::max(err, std::abs(as_std(got[size_t(j) * lda + i]) - as_std(A[size_t(j) * lda + i]) * as_std(x[j])));
    }
  }
  CHECK(err < tol, "%s_64 in place: error %g", name, err);
  libs_test::release(dC);
  libs_test::release(dx);
  libs_test::release(dA);
}

// Complex norms and I?amax/I?amin (magnitude |re| + |im|, as cuBLAS), 32-bit and _64 forms, with a stride.
template <class C>
void test_complex_level1(prtblasHandle_t h, double tol) {
  const bool single = sizeof(C) == 8;
  using R = decltype(C{}.x);
  const int n = 301, inc = 2;
  std::vector<C> x = random_complex<C>(size_t(n) * inc);
  for (int i = 0; i < n; ++i) x[i * inc].x = R(0.3), x[i * inc].y = R(0.3);  // |re| + |im| = 0.6 everywhere
  x[120 * inc].x = R(-1.0), x[120 * inc].y = R(0.5);  // 1.5: the largest, at 0-based 120 (|z| = 1.118)
  x[250 * inc].x = R(1.4), x[250 * inc].y = R(0.0);   // 1.4: a larger |z| (1.4) but a smaller |re| + |im|
  x[251 * inc].x = R(0.5), x[251 * inc].y = R(-1.0);  // 1.5 again, later: not the answer
  x[33 * inc].x = R(0.0), x[33 * inc].y = R(-0.05);   // 0.05: the smallest, at 0-based 33
  x[77 * inc + 1].x = R(9.0);                          // between strided elements: not seen
  double norm2 = 0;
  for (int i = 0; i < n; ++i) norm2 += double(x[i * inc].x) * x[i * inc].x + double(x[i * inc].y) * x[i * inc].y;
  C* dx = libs_test::upload(x);
  int r = -1;
  int64_t r64 = -1;
  R norm = -1, norm64 = -1;
  prtblasStatus_t s1, s2, s3, s4, s5, s6;
  if constexpr (sizeof(C) == 8) {
    s1 = prtblasIcamax(h, n, dx, inc, &r);
    s2 = prtblasIcamax_64(h, n, dx, inc, &r64);
    s3 = prtblasScnrm2(h, n, dx, inc, &norm);
    s4 = prtblasScnrm2_64(h, n, dx, inc, &norm64);
  } else {
    s1 = prtblasIzamax(h, n, dx, inc, &r);
    s2 = prtblasIzamax_64(h, n, dx, inc, &r64);
    s3 = prtblasDznrm2(h, n, dx, inc, &norm);
    s4 = prtblasDznrm2_64(h, n, dx, inc, &norm64);
  }
  CHECK(s1 == PRTBLAS_STATUS_SUCCESS && r == 121, "I%camax: %d, want 121", single ? 'c' : 'z', r);
  CHECK(s2 == PRTBLAS_STATUS_SUCCESS && r64 == 121, "I%camax_64: %lld, want 121", single ? 'c' : 'z', (long long)r64);
  CHECK(s3 == PRTBLAS_STATUS_SUCCESS && std::fabs(norm - std::sqrt(norm2)) < tol * std::sqrt(norm2), "%s: %g, want %g",
        single ? "Scnrm2" : "Dznrm2", double(norm), std::sqrt(norm2));
  CHECK(s4 == PRTBLAS_STATUS_SUCCESS && norm64 == norm, "%s_64: %g, want %g", single ? "Scnrm2" : "Dznrm2",
        double(norm64), double(norm));
  r = -1, r64 = -1;
  if constexpr (sizeof(C) == 8) {
    s5 = prtblasIcamin(h, n, dx, inc, &r);
    s6 = prtblasIcamin_64(h, n, dx, inc, &r64);
  } else {
    s5 = prtblasIzamin(h, n, dx, inc, &r);
    s6 = prtblasIzamin_64(h, n, dx, inc, &r64);
  }
  CHECK(s5 == PRTBLAS_STATUS_SUCCESS && r == 34, "I%camin: %d, want 34", single ? 'c' : 'z', r);
  CHECK(s6 == PRTBLAS_STATUS_SUCCESS && r64 == 34, "I%camin_64: %lld, want 34", single ? 'c' : 'z', (long long)r64);
  libs_test::release(dx);
}

// The real _64 forms give what their 32-bit forms give (level 1, gemv, gemm, geam on the same inputs).
void test_real_64(prtblasHandle_t h) {
  const int n = 257;
  const std::vector<float> x = random_vector<float>(2 * n), y0 = random_vector<float>(n);
  float* dx = libs_test::upload(x);
  float* dy = libs_test::upload(y0);
  float a = 0, b = 0;
  CHECK(prtblasSnrm2(h, n, dx, 2, &a) == PRTBLAS_STATUS_SUCCESS &&
            prtblasSnrm2_64(h, n, dx, 2, &b) == PRTBLAS_STATUS_SUCCESS && a == b,
        "Snrm2_64: %g, Snrm2 %g", double(b), double(a));
  CHECK(prtblasSdot(h, n, dx, 2, dy, 1, &a) == PRTBLAS_STATUS_SUCCESS &&
            prtblasSdot_64(h, n, dx, 2, dy, 1, &b) == PRTBLAS_STATUS_SUCCESS && a == b,
        "Sdot_64: %g, Sdot %g", double(b), double(a));
  int i32 = 0;
  int64_t i64 = 0;
  CHECK(prtblasIsamax(h, n, dx, 2, &i32) == PRTBLAS_STATUS_SUCCESS &&
            prtblasIsamax_64(h, n, dx, 2, &i64) == PRTBLAS_STATUS_SUCCESS && i64 == i32 && i32 > 0,
        "Isamax_64: %lld, Isamax %d", (long long)i64, i32);
  CHECK(prtblasIsamin(h, n, dx, 2, &i32) == PRTBLAS_STATUS_SUCCESS &&
            prtblasIsamin_64(h, n, dx, 2, &i64) == PRTBLAS_STATUS_SUCCESS && i64 == i32 && i32 > 0,
        "Isamin_64: %lld, Isamin %d", (long long)i64, i32);
  const float alpha = 0.5f;
  CHECK(prtblasSaxpy_64(h, n, &alpha, dx, 2, dy, 1) == PRTBLAS_STATUS_SUCCESS, "Saxpy_64: status");
  libs_test::synchronize();
  const auto y1 = libs_test::download(dy, n);
  double err = 0;
  for (int i = 0; i < n; ++i) err = std::max(err, std::fabs(double(y1[i]) - (y0[i] + 0.5 * x[2 * i])));
  CHECK(err < 1e-6, "Saxpy_64: error %g", err);
  // Sgemm_64 and Dgemm_64 against the 32-bit calls on one problem.
  const int m = 19, k = 5, cols = 8;
  const std::vector<double> A = random_vector<double>(m * k), B = random_vector<double>(k * cols);
  double* dA = libs_test::upload(A);
  double* dB = libs_test::upload(B);
  double* dC = libs_test::upload(std::vector<double>(m * cols));
  double* dC64 = libs_test::upload(std::vector<double>(m * cols));
  const double one = 1.0, zero = 0.0;
  CHECK(prtblasDgemm(h, PRTBLAS_OP_N, PRTBLAS_OP_N, m, cols, k, &one, dA, m, dB, k, &zero, dC, m) ==
                PRTBLAS_STATUS_SUCCESS &&
            prtblasDgemm_64(h, PRTBLAS_OP_N, PRTBLAS_OP_N, m, cols, k, &one, dA, m, dB, k, &zero, dC64, m) ==
                PRTBLAS_STATUS_SUCCESS,
        "Dgemm_64: status");
  libs_test::synchronize();
  CHECK(libs_test::download(dC, m * cols) == libs_test::download(dC64, m * cols), "Dgemm_64 differs from Dgemm");
#if PRT_BACKEND_CPU
  // The CPU's BLAS takes int sizes: a size past that range is refused, never truncated.
  float r = -1;
  int64_t idx = -1;
  const int64_t huge = int64_t(1) << 33;
  CHECK(prtblasSnrm2_64(h, huge, dx, 1, &r) == PRTBLAS_STATUS_NOT_SUPPORTED && r == -1, "Snrm2_64 past int: %g",
        double(r));
  CHECK(prtblasIsamax_64(h, n, dx, huge, &idx) == PRTBLAS_STATUS_NOT_SUPPORTED && idx == -1, "Isamax_64 past int");
  CHECK(prtblasDgemm_64(h, PRTBLAS_OP_N, PRTBLAS_OP_N, m, cols, k, &one, dA, huge, dB, k, &zero, dC, m) ==
            PRTBLAS_STATUS_NOT_SUPPORTED,
        "Dgemm_64 with lda past int");
  CHECK(prtblasSnrm2_64(nullptr, n, dx, 1, &r) == PRTBLAS_STATUS_NOT_INITIALIZED, "Snrm2_64 without a handle");
#endif
  for (void* p : {(void*)dx, (void*)dy, (void*)dA, (void*)dB, (void*)dC, (void*)dC64}) libs_test::release(p);
}

}  // namespace

// DotEx as the fp16 dot-product programs call it: 16-bit vectors (x with a stride), the sum in fp32, the result in
// device memory under pointer mode device; then fp32 and fp64 vectors, and a combination cuBLAS refuses.
void test_dot_ex(prtblasHandle_t h) {
  const int n = 999;
  for (int bf = 0; bf < 2; ++bf) {
    const prtDataType_t t = bf ? PRT_R_16BF : PRT_R_16F;
    const std::vector<float> x = rounded(random_vector<float>(2 * n), bf), y = rounded(random_vector<float>(n), bf);
    void *dx, *dy, *dr;
    if (bf) {
      dx = libs_test::upload(to16<__nv_bfloat16>(x));
      dy = libs_test::upload(to16<__nv_bfloat16>(y));
      dr = libs_test::upload(to16<__nv_bfloat16>(std::vector<float>(1, 0.0f)));
    } else {
      dx = libs_test::upload(to16<__half>(x));
      dy = libs_test::upload(to16<__half>(y));
      dr = libs_test::upload(to16<__half>(std::vector<float>(1, 0.0f)));
    }
    double want = 0;
    for (int i = 0; i < n; ++i) want += double(x[2 * i]) * y[i];
    CHECK(prtblasSetPointerMode(h, PRTBLAS_POINTER_MODE_DEVICE) == PRTBLAS_STATUS_SUCCESS, "pointer mode device");
    const prtblasStatus_t s = prtblasDotEx(h, n, dx, t, 2, dy, t, 1, dr, t, PRT_R_32F);
    CHECK(s == PRTBLAS_STATUS_SUCCESS, "DotEx %s: status %d", bf ? "bf16" : "fp16", s);
    libs_test::synchronize();
    prtblasSetPointerMode(h, PRTBLAS_POINTER_MODE_HOST);
    const float got = bf ? from16(libs_test::download(static_cast<__nv_bfloat16*>(dr), 1))[0]
                         : from16(libs_test::download(static_cast<__half*>(dr), 1))[0];
    // The result is rounded once to 16 bits: within half a unit of the last place of |want| (8 bits for bf16).
    CHECK(std::fabs(got - want) <= std::fabs(want) * (bf ? 1.0 / 128 : 1.0 / 1024) + 1e-3, "DotEx %s: %.6g, want %.6g",
          bf ? "bf16" : "fp16", double(got), want);
    libs_test::release(dx);
    libs_test::release(dy);
    libs_test::release(dr);
  }
  const std::vector<double> xd = random_vector<double>(n), yd = random_vector<double>(n);
  double* dxd = libs_test::upload(xd);
  double* dyd = libs_test::upload(yd);
  double dot = 0, want = 0;
  for (int i = 0; i < n; ++i) want += xd[i] * yd[i];
  CHECK(prtblasDotEx(h, n, dxd, PRT_R_64F, 1, dyd, PRT_R_64F, 1, &dot, PRT_R_64F, PRT_R_64F) == PRTBLAS_STATUS_SUCCESS,
        "DotEx fp64: status");
  CHECK(std::fabs(dot - want) < 1e-10, "DotEx fp64: %.17g, want %.17g", dot, want);
  CHECK(prtblasDotEx(h, n, dxd, PRT_R_64F, 1, dyd, PRT_R_32F, 1, &dot, PRT_R_64F, PRT_R_64F) != PRTBLAS_STATUS_SUCCESS,
        "DotEx with fp64 x and fp32 y is refused");
  libs_test::release(dxd);
  libs_test::release(dyd);
}

// A long dot product of equal fp32 products (HeCBench blas-dot's check: 2^20 elements whose squares sum to 65,504,
// within 0.1): a GPU's tree of partial sums meets it, a plain fp32 running sum drifts by several units.
void test_long_dot(prtblasHandle_t h) {
  const int n = 1 << 20;
  const std::vector<float> x(n, float(std::sqrt(65504.0 / n)));
  double want = 0;
  for (float v : x) want += double(v) * v;
  float* dx = libs_test::upload(x);
  float got = 0, got_ex = 0;
  CHECK(prtblasSdot(h, n, dx, 1, dx, 1, &got) == PRTBLAS_STATUS_SUCCESS, "long Sdot: status");
  CHECK(prtblasDotEx(h, n, dx, PRT_R_32F, 1, dx, PRT_R_32F, 1, &got_ex, PRT_R_32F, PRT_R_32F) ==
            PRTBLAS_STATUS_SUCCESS, "long DotEx: status");
  libs_test::synchronize();
  CHECK(std::fabs(got - want) < 0.1, "long Sdot: %.9g, want %.9g", double(got), want);
  CHECK(std::fabs(got_ex - want) < 0.1, "long DotEx: %.9g, want %.9g", double(got_ex), want);
  libs_test::release(dx);
}

int main() {
  prtblasHandle_t h = nullptr;
  CHECK(prtblasCreate(&h) == PRTBLAS_STATUS_SUCCESS, "create");
  prtStream_t stream = nullptr;
  CHECK(prtStreamCreate(&stream) == prtSuccess, "stream");
  CHECK(prtblasSetStream(h, stream) == PRTBLAS_STATUS_SUCCESS, "set stream");
  prtStream_t got = nullptr;
  CHECK(prtblasGetStream(h, &got) == PRTBLAS_STATUS_SUCCESS && got == stream, "get stream");
  test_gemm<float>(h, 1e-5);
  test_gemm<double>(h, 1e-12);
  test_gemm_ex(h);
  test_batched(h);
  test_level1<float>(h, 1e-5);
  test_level1<double>(h, 1e-12);
  test_dot_ex(h);
  test_long_dot(h);
  test_gemm_batched<__half>(h, 5e-3);
  test_gemm_batched<float>(h, 1e-5);
  test_gemm_batched<double>(h, 1e-12);
  test_hgemm_strided_batched(h);
  test_geam<float>(h, 1e-5);
  test_geam<double>(h, 1e-12);
  test_iamax<float>(h);
  test_iamax<double>(h);
  test_getrf_batched<float>(h, 1e-4);
  test_getrf_batched<double>(h, 1e-12);
  test_gels_batched<float>(h, prtblasSgelsBatched, 1e-4, "SgelsBatched");
  test_gels_batched<double>(h, prtblasDgelsBatched, 1e-12, "DgelsBatched");
  test_gels_batched<prtFloatComplex>(h, prtblasCgelsBatched, 1e-4, "CgelsBatched");
  test_gels_batched<prtDoubleComplex>(h, prtblasZgelsBatched, 1e-12, "ZgelsBatched");
  test_complex_gemm<prtFloatComplex>(h, 1e-5);
  test_complex_gemm<prtDoubleComplex>(h, 1e-12);
  test_dgmm<float>(h, prtblasSdgmm, prtblasSdgmm_64, 1e-6, "Sdgmm");
  test_dgmm<double>(h, prtblasDdgmm, prtblasDdgmm_64, 1e-14, "Ddgmm");
  test_dgmm<prtFloatComplex>(h, prtblasCdgmm, prtblasCdgmm_64, 1e-6, "Cdgmm");
  test_dgmm<prtDoubleComplex>(h, prtblasZdgmm, prtblasZdgmm_64, 1e-14, "Zdgmm");
  test_complex_level1<prtFloatComplex>(h, 1e-5);
  test_complex_level1<prtDoubleComplex>(h, 1e-12);
  test_real_64(h);
  test_set_get();
  test_errors(h);
  CHECK(prtblasDestroy(h) == PRTBLAS_STATUS_SUCCESS, "destroy");
  prtStreamDestroy(stream);
  return libs_test::finish("blas_test");
}
