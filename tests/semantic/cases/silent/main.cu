// Plain CUDA: every name is written out, so only the tree-sitter scan reports it; libclang adds nothing.
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(x) x

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
  __syncthreads();
}

template <typename T>
__global__ void fill(T *x, T v, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) x[i] = v;
}

typedef float real;  // a typedef of a plain type
static int mycudaMalloc(void **p) { *p = nullptr; return 0; }  // a look-alike name

int main() {
  float *x = nullptr;
  cudaStream_t s;
  cudaStreamCreate(&s);
  CHECK(cudaMalloc(&x, 64 * sizeof(float)));
  scale<<<1, 64, 0, s>>>(x, 2.0f, 64);
  fill<real><<<dim3(1), dim3(64)>>>(x, 1.0f, 64);
  void *y;
  mycudaMalloc(&y);
  cudaStreamSynchronize(s);
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  cudaFree(x);
  return 0;
}
