// Migrated launches: by address, deduced, a parenthesised template kernel; the launcher's name in a comment and a
// string is not a launch (prtLaunchKernel(add, ...)).
#include "prt/prt.h"
template <class T> __global__ void scale(T* y, T a) { y[threadIdx.x] *= a; }
__global__ void add(float* y, const float* x) { y[threadIdx.x] += x[threadIdx.x]; }
void run(float* y, float* x, prtStream_t s) {
    const char* text = "prtLaunchKernel(add, 1, 32, 0, 0, y, x)";
    (::prt::profile::Mark("add", s, __PRETTY_FUNCTION__), prtLaunchKernel(add, dim3(1), dim3(32), 0, s, y, x));
    (::prt::profile::Mark("scale", 0, __PRETTY_FUNCTION__), prtLaunchDeduced(scale, 1, 32, 0, 0, y, 2.0f));
    (::prt::profile::Mark("scale<float>", 0, __PRETTY_FUNCTION__), prtLaunchKernel((scale<float>), 1, 32, 0, 0, y, 2.0f));
}
