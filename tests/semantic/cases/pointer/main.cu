// CUDA functions called through function pointers and a dispatch table.
#include <cuda_runtime.h>

using Copy = cudaError_t (*)(void *, const void *, size_t, cudaMemcpyKind);

struct Ops {
  static constexpr cudaError_t (*sync)() = cudaDeviceSynchronize;
};

int main() {
  Copy copy = cudaMemcpy;
  auto release = &cudaFree;
  float *p = nullptr;
  copy(p, p, 4, cudaMemcpyDeviceToDevice);
  Ops::sync();
  release(p);
  return 0;
}
