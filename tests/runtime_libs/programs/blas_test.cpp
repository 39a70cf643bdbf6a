// blas_test.cpp: prtblas against naive column-major loops computed here: GEMM in every transpose combination
// with padded leading dimensions, fp16/bf16 and int8 GemmEx and Hgemm, strided batches, GEMV, the level-1 calls
// and DotEx.
#include <cstdint>
#include <random>

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
  test_errors(h);
  CHECK(prtblasDestroy(h) == PRTBLAS_STATUS_SUCCESS, "destroy");
  prtStreamDestroy(stream);
  return libs_test::finish("blas_test");
}
