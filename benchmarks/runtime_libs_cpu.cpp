// runtime_libs_cpu.cpp: the CPU backend's library areas against the libraries called directly, in one process:
// prtfft C2C against FFTW, prtsparse SpMV against Eigen's sparse product on the same CSR arrays, prtsolverDn getrf
// against LAPACK's sgetrf (OpenBLAS). Each pair alternates, so both see the same machine load; prints the median
// time of each and their ratio. Built and run by benchmarks/runtime_libs_cpu.py.
#include <Eigen/SparseCore>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "prt/fft.h"
#include "prt/prt.h"
#include "prt/solver.h"
#include "prt/sparse.h"

static double seconds(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Times `prt` and `direct` alternately `rounds` times (after one warm-up each), each sample `inner` calls long
// so that it lasts a millisecond or more, and prints one line with the per-call medians and their ratio.
static void compare(const char* name, int rounds, const std::function<void()>& prep, const std::function<void()>& prt,
                    const std::function<void()>& direct) {
  prep();
  const double once = seconds(prt);
  const int inner = std::max(1, static_cast<int>(1e-3 / std::max(once, 1e-9)));
  std::vector<double> a, b;
  prep();
  direct();
  for (int r = 0; r < rounds; ++r) {
    double ta = 0, tb = 0;
    for (int i = 0; i < inner; ++i) {
      prep();
      ta += seconds(prt);
      prep();
      tb += seconds(direct);
    }
    a.push_back(ta / inner);
    b.push_back(tb / inner);
  }
  const double ma = median(a), mb = median(b);
  std::printf("%-48s prt %10.3f us   direct %10.3f us   ratio %.3f\n", name, ma * 1e6, mb * 1e6, ma / mb);
}

static void fft(int n, int batch, int rounds) {
  std::vector<prtfftComplex> in(static_cast<size_t>(n) * batch), out(in.size());
  std::mt19937 gen(1);
  std::normal_distribution<float> dist;
  for (auto& c : in) c = make_prtFloatComplex(dist(gen), dist(gen));
  prtfftHandle plan;
  prtfftPlan1d(&plan, n, PRTFFT_C2C, batch);
  auto* fin = reinterpret_cast<fftwf_complex*>(in.data());
  auto* fout = reinterpret_cast<fftwf_complex*>(out.data());
  fftwf_plan direct = fftwf_plan_many_dft(1, &n, batch, fin, nullptr, 1, n, fout, nullptr, 1, n, FFTW_FORWARD,
                                          FFTW_ESTIMATE);
  char name[80];
  std::snprintf(name, sizeof name, "fft C2C n=%d batch=%d", n, batch);
  compare(
      name, rounds, [] {}, [&] { prtfftExecC2C(plan, in.data(), out.data(), PRTFFT_FORWARD); },
      [&] { fftwf_execute_dft(direct, fin, fout); });
  fftwf_destroy_plan(direct);
  prtfftDestroy(plan);
}

static void spmv(int rows, int per_row, int rounds) {
  std::mt19937 gen(2);
  std::uniform_int_distribution<int> col(0, rows - 1);
  std::normal_distribution<float> val;
  std::vector<int> offsets(rows + 1), cols;
  std::vector<float> values;
  for (int i = 0; i < rows; ++i) {
    std::vector<int> c(per_row);
    for (int& j : c) j = col(gen);
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    for (int j : c) {
      cols.push_back(j);
      values.push_back(val(gen));
    }
    offsets[i + 1] = static_cast<int>(cols.size());
  }
  const int nnz = static_cast<int>(cols.size());
  std::vector<float> x(rows), y(rows);
  for (float& v : x) v = val(gen);
  prtsparseHandle_t h;
  prtsparseCreate(&h);
  prtsparseSpMatDescr_t A;
  prtsparseDnVecDescr_t X, Y;
  prtsparseCreateCsr(&A, rows, rows, nnz, offsets.data(), cols.data(), values.data(), PRTSPARSE_INDEX_32I,
                     PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_BASE_ZERO, PRT_R_32F);
  prtsparseCreateDnVec(&X, rows, x.data(), PRT_R_32F);
  prtsparseCreateDnVec(&Y, rows, y.data(), PRT_R_32F);
  const float alpha = 1.0f, beta = 0.0f;
  Eigen::Map<const Eigen::SparseMatrix<float, Eigen::RowMajor, int>> E(rows, rows, nnz, offsets.data(), cols.data(),
                                                                       values.data());
  Eigen::Map<const Eigen::VectorXf> ex(x.data(), rows);
  Eigen::Map<Eigen::VectorXf> ey(y.data(), rows);
  char name[80];
  std::snprintf(name, sizeof name, "sparse SpMV CSR %d rows nnz=%d (vs Eigen)", rows, nnz);
  compare(
      name, rounds, [] {},
      [&] {
        prtsparseSpMV(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y, PRT_R_32F,
                      PRTSPARSE_SPMV_ALG_DEFAULT, nullptr);
      },
      [&] { ey.noalias() = E * ex; });
  prtsparseDestroySpMat(A);
  prtsparseDestroyDnVec(X);
  prtsparseDestroyDnVec(Y);
  prtsparseDestroy(h);
}

static void getrf(int n, int rounds) {
  std::mt19937 gen(3);
  std::normal_distribution<float> val;
  std::vector<float> a0(static_cast<size_t>(n) * n), a(a0.size());
  for (float& v : a0) v = val(gen);
  std::vector<int> ipiv(n);
  int info = 0, lwork = 0;
  prtsolverDnHandle_t h;
  prtsolverDnCreate(&h);
  prtsolverDnSgetrf_bufferSize(h, n, n, a.data(), n, &lwork);
  std::vector<float> work(static_cast<size_t>(lwork));
  char name[80];
  std::snprintf(name, sizeof name, "solver getrf fp32 n=%d", n);
  compare(
      name, rounds, [&] { std::memcpy(a.data(), a0.data(), a.size() * sizeof(float)); },
      [&] { prtsolverDnSgetrf(h, n, n, a.data(), n, work.data(), ipiv.data(), &info); },
      [&] { sgetrf_(&n, &n, a.data(), &n, ipiv.data(), &info); });
  prtsolverDnDestroy(h);
}

int main() {
  fft(256, 1, 31);
  fft(4096, 64, 31);
  spmv(20000, 12, 61);
  spmv(200000, 12, 61);
  getrf(64, 31);
  getrf(1024, 11);
  return 0;
}
