// __forceinline__ on device functions that call each other recursively, as real code marks a recursive
// factoring routine: nvcc inlines what it can and compiles the rest as calls, so the CPU backend must not turn
// the keyword into an inlining that a compiler refuses for recursion.
#include <prt/prt.h>

#include <cstdio>

__device__ __forceinline__ int is_odd(int n);

__device__ __forceinline__ int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }

__device__ __forceinline__ int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }

__device__ __forceinline__ int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }

__device__ __forceinline__ int square(int x) { return x * x; }  // an ordinary one, inlined everywhere

__global__ void classify(const int* in, int* even, int* g, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        even[i] = is_even(in[i]);
        g[i] = gcd(square(in[i]), 36);
    }
}

int main() {
    constexpr int n = 50;
    int h[n], e[n], g[n];
    for (int i = 0; i < n; ++i) h[i] = i;
    int *d_in = nullptr, *d_even = nullptr, *d_g = nullptr;
    prtMalloc(&d_in, sizeof h);
    prtMalloc(&d_even, sizeof e);
    prtMalloc(&d_g, sizeof g);
    prtMemcpy(d_in, h, sizeof h, prtMemcpyHostToDevice);
    prtLaunchKernel(classify, 2, 32, 0, 0, d_in, d_even, d_g, n);
    prtMemcpy(e, d_even, sizeof e, prtMemcpyDeviceToHost);
    prtMemcpy(g, d_g, sizeof g, prtMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i < n; ++i) {
        int a = i * i, b = 36;  // the host's own gcd
        while (b != 0) {
            const int t = a % b;
            a = b;
            b = t;
        }
        wrong += e[i] != (i % 2 == 0) || g[i] != a;
    }
    prtFree(d_in);
    prtFree(d_even);
    prtFree(d_g);
    if (wrong != 0) {
        printf("FAILED: %d wrong\n", wrong);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
