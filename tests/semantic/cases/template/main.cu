#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdlib>
#include "backend.cuh"

struct CudaApi {
  using stream_t = cudaStream_t;
  static constexpr cudaError_t (*alloc)(void **, size_t) = cudaMalloc;
  static constexpr cudaError_t (*release)(void *) = cudaFree;
};

struct HostApi {
  using stream_t = int;
  static int alloc(void **p, size_t n) { *p = std::malloc(n); return 0; }
  static int release(void *p) { std::free(p); return 0; }
};

template <>
struct Blas<float> {
  using handle_t = cublasHandle_t;
  static constexpr cublasOperation_t no_trans = CUBLAS_OP_N;
  static constexpr auto gemm = cublasSgemm;
};

template <>
struct Blas<double> {
  using handle_t = cublasHandle_t;
  static constexpr cublasOperation_t no_trans = CUBLAS_OP_N;
  static constexpr auto gemm = cublasDgemm;
};

int main() {
  Buffer<CudaApi> device(1024);
  Buffer<HostApi> host(1024);
  cublasHandle_t h;
  cublasCreate(&h);
  float *f = static_cast<float *>(device.data);
  gemm<float>(h, 4, f, f, f);
  double *d = nullptr;
  gemm(h, 2, d, d, d);
  cublasDestroy(h);
  return 0;
}
