// Only the flags from compile_commands.json (-I include -DUSE_CUDA) make GPU_ALLOC a CUDA call.
#include "alloc.h"

int host_alloc(float **p, unsigned long n);

int main() {
  float *p;
  GPU_ALLOC(&p, 16);
  return 0;
}
