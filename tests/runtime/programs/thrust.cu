// prt/thrust.h: Thrust's algorithms on the backend's device system, and prtthrust::par(.on(stream)), the portable
// thrust::cuda::par: an algorithm on a stream sees what the stream's kernels wrote before it (on a GPU the stream
// is still at work when the host reaches the reduction; the CPU backend's streams finish in the issuing call).
#include <prt/thrust.h>

#include "check.h"

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

__global__ void fill(int* out, int n, int value) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = value;
}

struct SquareMod {
    __host__ __device__ int operator()(int x) const { return static_cast<int>((1LL * x * x) % 1000); }
};

int main() {
    const int n = 100003;  // not a multiple of a block
    thrust::device_vector<int> v(n);
    thrust::sequence(thrust::device, v.begin(), v.end(), 1);
    thrust::device_vector<int> sq(n);
    thrust::transform(thrust::device, v.begin(), v.end(), sq.begin(), SquareMod());
    long long want = 0;
    for (long long i = 1; i <= n; ++i) want += (i * i) % 1000;
    const long long got = thrust::reduce(thrust::device, sq.begin(), sq.end(), 0LL);
    CHECK(got == want);

    thrust::host_vector<int> h(n);
    for (int i = 0; i < n; ++i) h[i] = (i * 7919) % n;
    thrust::device_vector<int> d = h;
    thrust::sort(prtthrust::par, d.begin(), d.end());
    thrust::host_vector<int> back = d;
    bool sorted = true;
    for (int i = 0; i < n; ++i) sorted &= back[i] == i;  // 7919 is prime to n: a permutation
    CHECK(sorted);

    // A kernel on a stream writes the buffer; the reduction on that stream must see all of it.
    prtStream_t s;
    CHECK_OK(prtStreamCreate(&s));
    thrust::device_vector<int> w(n, 0);
    int* raw = thrust::raw_pointer_cast(w.data());
    for (int round = 1; round <= 3; ++round) {
        CHECK_OK(prtLaunchKernel(fill, dim3((n + 127) / 128), dim3(128), 0, s, raw, n, round));
        const long long a = thrust::reduce(prtthrust::par.on(s), w.begin(), w.end(), 0LL);
        CHECK(a == static_cast<long long>(n) * round);
        CHECK_OK(prtLaunchKernel(fill, dim3((n + 127) / 128), dim3(128), 0, s, raw, n, 10 * round));
        const long long b = thrust::reduce(prtthrust::par_nosync.on(s), w.begin(), w.end(), 0LL);
        CHECK(b == static_cast<long long>(n) * 10 * round);
    }
    CHECK_OK(prtStreamDestroy(s));
    std::cout << "VALUE thrust_sum " << got << "\n";  // <iostream> comes with Thrust, as on CUDA
    return finish();
}
