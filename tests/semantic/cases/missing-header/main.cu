#include <cuda_runtime.h>
#include "generated/config.h"

#define ALLOC cudaMalloc

int main() {
  float *p;
  ALLOC(&p, 16);
  return 0;
}
