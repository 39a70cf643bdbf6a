// runtime_libs_cuda.cu: the CUDA backend's library areas against cuFFT, cuSPARSE and cuSOLVER called directly, on
// one GPU: C2C FFT, CSR SpMV, getrf. Each pair alternates in blocks of calls timed with events; prints the median
// per-call time of each and their ratio. Built and run by benchmarks/runtime_libs_device.sh.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

#include "prt/fft.h"
#include "prt/prt.h"
#include "prt/solver.h"
#include "prt/sparse.h"

static float block_ms(const std::function<void()>& f, int calls) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  cudaEventRecord(a);
  for (int i = 0; i < calls; ++i) f();
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return ms / calls;
}

static void compare(const char* name, int calls, const std::function<void()>& prt, const std::function<void()>& direct) {
  prt();
  direct();
  cudaDeviceSynchronize();
  std::vector<float> a, b;
  for (int r = 0; r < 21; ++r) {
    a.push_back(block_ms(prt, calls));
    b.push_back(block_ms(direct, calls));
  }
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const float ma = a[a.size() / 2], mb = b[b.size() / 2];
  std::printf("%-44s prt %10.3f us   direct %10.3f us   ratio %.3f\n", name, ma * 1e3, mb * 1e3, ma / mb);
}

int main() {
  {  // C2C FFT, 2^20 points in 64 batches of 2^14
    const int n = 1 << 14, batch = 64;
    cufftComplex* d;
    cudaMalloc(&d, sizeof(cufftComplex) * n * batch);
    cudaMemset(d, 0, sizeof(cufftComplex) * n * batch);
    prtfftHandle p;
    cufftHandle c;
    prtfftPlan1d(&p, n, PRTFFT_C2C, batch);
    cufftPlan1d(&c, n, CUFFT_C2C, batch);
    compare("fft C2C n=16384 batch=64", 200,
            [&] { prtfftExecC2C(p, reinterpret_cast<prtfftComplex*>(d), reinterpret_cast<prtfftComplex*>(d), PRTFFT_FORWARD); },
            [&] { cufftExecC2C(c, d, d, CUFFT_FORWARD); });
    prtfftDestroy(p);
    cufftDestroy(c);
    cudaFree(d);
  }
  {  // CSR SpMV, 2^20 rows, 16 entries a row
    const int rows = 1 << 20, per = 16;
    const long long nnz = static_cast<long long>(rows) * per;
    std::vector<int> off(rows + 1), col(nnz);
    std::mt19937 gen(1);
    std::uniform_int_distribution<int> pick(0, rows - 1);
    for (int i = 0; i < rows; ++i) {
      off[i + 1] = off[i] + per;
      for (int k = 0; k < per; ++k) col[off[i] + k] = pick(gen);
      std::sort(col.begin() + off[i], col.begin() + off[i + 1]);
    }
    int *doff, *dcol;
    float *dval, *dx, *dy;
    cudaMalloc(&doff, sizeof(int) * (rows + 1));
    cudaMalloc(&dcol, sizeof(int) * nnz);
    cudaMalloc(&dval, sizeof(float) * nnz);
    cudaMalloc(&dx, sizeof(float) * rows);
    cudaMalloc(&dy, sizeof(float) * rows);
    cudaMemcpy(doff, off.data(), sizeof(int) * (rows + 1), cudaMemcpyHostToDevice);
    cudaMemcpy(dcol, col.data(), sizeof(int) * nnz, cudaMemcpyHostToDevice);
    cudaMemset(dval, 0, sizeof(float) * nnz);
    cudaMemset(dx, 0, sizeof(float) * rows);
    const float alpha = 1, beta = 0;
    prtsparseHandle_t ph;
    cusparseHandle_t ch;
    prtsparseCreate(&ph);
    cusparseCreate(&ch);
    prtsparseSpMatDescr_t pa;
    prtsparseDnVecDescr_t px, py;
    cusparseSpMatDescr_t ca;
    cusparseDnVecDescr_t cx, cy;
    prtsparseCreateCsr(&pa, rows, rows, nnz, doff, dcol, dval, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_32I,
                       PRTSPARSE_INDEX_BASE_ZERO, PRT_R_32F);
    prtsparseCreateDnVec(&px, rows, dx, PRT_R_32F);
    prtsparseCreateDnVec(&py, rows, dy, PRT_R_32F);
    cusparseCreateCsr(&ca, rows, rows, nnz, doff, dcol, dval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateDnVec(&cx, rows, dx, CUDA_R_32F);
    cusparseCreateDnVec(&cy, rows, dy, CUDA_R_32F);
    size_t pb = 0, cb = 0;
    prtsparseSpMV_bufferSize(ph, PRTSPARSE_OPERATION_NON_TRANSPOSE, &alpha, pa, px, &beta, py, PRT_R_32F,
                             PRTSPARSE_SPMV_ALG_DEFAULT, &pb);
    cusparseSpMV_bufferSize(ch, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, ca, cx, &beta, cy, CUDA_R_32F,
                            CUSPARSE_SPMV_ALG_DEFAULT, &cb);
    void *pbuf, *cbuf;
    cudaMalloc(&pbuf, pb + 1);
    cudaMalloc(&cbuf, cb + 1);
    compare("sparse SpMV CSR 2^20 rows nnz=2^24", 100,
            [&] {
              prtsparseSpMV(ph, PRTSPARSE_OPERATION_NON_TRANSPOSE, &alpha, pa, px, &beta, py, PRT_R_32F,
                            PRTSPARSE_SPMV_ALG_DEFAULT, pbuf);
            },
            [&] {
              cusparseSpMV(ch, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, ca, cx, &beta, cy, CUDA_R_32F,
                           CUSPARSE_SPMV_ALG_DEFAULT, cbuf);
            });
    prtsparseDestroySpMat(pa);
    prtsparseDestroyDnVec(px);
    prtsparseDestroyDnVec(py);
    cusparseDestroySpMat(ca);
    cusparseDestroyDnVec(cx);
    cusparseDestroyDnVec(cy);
    prtsparseDestroy(ph);
    cusparseDestroy(ch);
    for (void* q : {static_cast<void*>(doff), static_cast<void*>(dcol), static_cast<void*>(dval),
                    static_cast<void*>(dx), static_cast<void*>(dy), pbuf, cbuf}) {
      cudaFree(q);
    }
  }
  {  // getrf of a 2048 x 2048 fp32 matrix (diagonally dominant, so every call factors the same kind of matrix)
    const int n = 2048;
    std::vector<float> a(static_cast<size_t>(n) * n);
    std::mt19937 gen(2);
    std::normal_distribution<float> val;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) a[static_cast<size_t>(j) * n + i] = val(gen) + (i == j ? n : 0);
    float *d0, *d;
    int *ipiv, *info;
    cudaMalloc(&d0, sizeof(float) * a.size());
    cudaMalloc(&d, sizeof(float) * a.size());
    cudaMalloc(&ipiv, sizeof(int) * n);
    cudaMalloc(&info, sizeof(int));
    cudaMemcpy(d0, a.data(), sizeof(float) * a.size(), cudaMemcpyHostToDevice);
    prtsolverDnHandle_t ph;
    cusolverDnHandle_t ch;
    prtsolverDnCreate(&ph);
    cusolverDnCreate(&ch);
    int pl = 0, cl = 0;
    prtsolverDnSgetrf_bufferSize(ph, n, n, d, n, &pl);
    cusolverDnSgetrf_bufferSize(ch, n, n, d, n, &cl);
    float *pw, *cw;
    cudaMalloc(&pw, sizeof(float) * (pl + 1));
    cudaMalloc(&cw, sizeof(float) * (cl + 1));
    const size_t bytes = sizeof(float) * a.size();
    compare("solver getrf fp32 n=2048 (with a refresh copy)", 10,
            [&] {
              cudaMemcpyAsync(d, d0, bytes, cudaMemcpyDeviceToDevice);
              prtsolverDnSgetrf(ph, n, n, d, n, pw, ipiv, info);
            },
            [&] {
              cudaMemcpyAsync(d, d0, bytes, cudaMemcpyDeviceToDevice);
              cusolverDnSgetrf(ch, n, n, d, n, cw, ipiv, info);
            });
    prtsolverDnDestroy(ph);
    cusolverDnDestroy(ch);
    for (void* q : {static_cast<void*>(d0), static_cast<void*>(d), static_cast<void*>(ipiv), static_cast<void*>(info),
                    static_cast<void*>(pw), static_cast<void*>(cw)}) {
      cudaFree(q);
    }
  }
  return 0;
}
