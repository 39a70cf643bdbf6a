#include <cuda_runtime.h>

#define ALLOC cudaMalloc

int main() {
  float *p;
  ALLOC(&p, 16);
  int broken = ;
  return 0;
}
