// Real programs define short macros before they include the runtime (a two-argument `error`, a one-argument
// `check`, `fail`, `assert_ok`): the runtime's headers must not use those names for anything of their own. After
// the include a program may even name a macro `prt` (HeCBench's logic-rewrite prints with it): the runtime's
// macros that expand in the program's code (launches, dynamic shared memory) must not spell that token.
// A PyTorch extension's sources declare the namespaces at, c10 and torch before they include the runtime: the
// runtime's own function names must not be ambiguous with them where its headers bring a detail namespace in with a
// using-directive (a helper named `at` was).
namespace at {}
namespace c10 {}
namespace torch {}

#define error(what, code) do { fprintf(stderr, "%s\n", what); exit(code); } while (0)
#define check(call) do { if ((call) != prtSuccess) error("call failed", 2); } while (0)
#define fail(msg) error(msg, 3)
#define warn(msg) fprintf(stderr, "%s\n", msg)
#define verify(x) (x)

#include <prt/prt.h>

#include <cstdio>
#include <cstdlib>

#define prt print()

__global__ void twice(int* v) { v[threadIdx.x] *= 2; }

template <class T>
__global__ void add_one(T* v) { v[threadIdx.x] += T(1); }

__global__ void through_shared(int* v) {
    PRT_DYNAMIC_SHARED(int, stage);
    stage[threadIdx.x] = v[threadIdx.x];
    __syncthreads();
    v[threadIdx.x] = stage[blockDim.x - 1 - threadIdx.x];
}

int main() {
    int count = 0;
    check(prtGetDeviceCount(&count));
    int* d = nullptr;
    check(prtMalloc(&d, 4 * sizeof(int)));
    int h[4] = {1, 2, 3, 4};
    check(prtMemcpy(d, h, sizeof h, prtMemcpyHostToDevice));
    prtLaunchKernel(twice, 1, 4, 0, 0, d);
    prtLaunchDeduced(add_one, 1, 4, 0, 0, d);
    prtLaunchKernel(through_shared, 1, 4, 4 * sizeof(int), 0, d);
    check(prtDeviceSynchronize());
    check(prtMemcpy(h, d, sizeof h, prtMemcpyDeviceToHost));
    check(prtFree(d));
    if (h[0] != 9 || h[3] != 3) fail("wrong result");  // (2v + 1), reversed
    printf("PASSED\n");
    return 0;
}
