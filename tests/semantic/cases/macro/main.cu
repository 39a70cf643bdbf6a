// CUDA calls behind user macros: the macro use sites are reported, wrappers that show the name are not.
#include <cuda_runtime.h>
#include <cstdio>

#define ALLOC cudaMalloc
#define RELEASE(ptr) cudaFree(ptr)
#define DEVICE_ALLOC ALLOC
#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s\n", cudaGetErrorString(err_));                    \
      return 1;                                                                  \
    }                                                                            \
  } while (0)
#define H2D cudaMemcpyHostToDevice

int main() {
  float *a = nullptr, *b = nullptr;
  float host[4] = {1, 2, 3, 4};
  ALLOC(&a, sizeof host);
  CHECK(DEVICE_ALLOC(&b, sizeof host));
  CHECK(cudaMemcpy(a, host, sizeof host, H2D));
  RELEASE(a);
  CHECK(cudaFree(b));
  return 0;
}
