// Real programs define short macros before they include the runtime (a two-argument `error`, a one-argument
// `check`, `fail`, `assert_ok`): the runtime's headers must not use those names for anything of their own.
#define error(what, code) do { fprintf(stderr, "%s\n", what); exit(code); } while (0)
#define check(call) do { if ((call) != prtSuccess) error("call failed", 2); } while (0)
#define fail(msg) error(msg, 3)
#define warn(msg) fprintf(stderr, "%s\n", msg)
#define verify(x) (x)

#include <prt/prt.h>

#include <cstdio>
#include <cstdlib>

__global__ void twice(int* v) { v[threadIdx.x] *= 2; }

int main() {
    int count = 0;
    check(prtGetDeviceCount(&count));
    int* d = nullptr;
    check(prtMalloc(&d, 4 * sizeof(int)));
    int h[4] = {1, 2, 3, 4};
    check(prtMemcpy(d, h, sizeof h, prtMemcpyHostToDevice));
    prtLaunchKernel(twice, 1, 4, 0, 0, d);
    check(prtDeviceSynchronize());
    check(prtMemcpy(h, d, sizeof h, prtMemcpyDeviceToHost));
    check(prtFree(d));
    if (h[0] != 2 || h[3] != 8) fail("wrong result");
    printf("PASSED\n");
    return 0;
}
