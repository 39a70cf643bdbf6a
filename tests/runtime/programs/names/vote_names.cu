// Compile-only: the mask-less votes (__ballot, __any, __all) next to libcu++, which uses the names __all and __any
// itself, with some of its headers before the runtime's and some after (where the toolkit's headers are found).
#if __has_include(<cuda/std/tuple>)
#include <cuda/std/tuple>
#endif
#include <prt/prt.h>
#if __has_include(<cuda/std/variant>)
#include <cuda/std/functional>
#include <cuda/std/variant>
#endif
__global__ void k(int* o) {
    o[0] = int(__ballot(o[1] > 0)) + __any(o[2]) + __all(o[3] != 0) + __shfl_xor(o[4], 1);
}
int main() {}
