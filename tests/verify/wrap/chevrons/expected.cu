// Launches with and without a stream, a template kernel, and a launch that is an argument of a macro.
#define CHECK(x) x
template <int N> __global__ void fill(float* y) { y[threadIdx.x] = N; }
__global__ void add(float* y, const float* x) { y[threadIdx.x] += x[threadIdx.x]; }
void run(float* y, float* x, cudaStream_t s) {
    (::prt::profile::Mark("add", 0, __PRETTY_FUNCTION__), add<<<1, 32>>>(y, x));
    (::prt::profile::Mark("add", s, __PRETTY_FUNCTION__), add<<<1, 32, 0, s>>>(y, x));
    (::prt::profile::Mark("fill<4>", 0, __PRETTY_FUNCTION__), fill<4><<<dim3(1), dim3(32)>>>(y));
    CHECK(((::prt::profile::Mark("add", 0, __PRETTY_FUNCTION__), add<<<1, 32>>>(y, x))));
}
