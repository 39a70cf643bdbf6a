// Threads that return before a barrier: the block's last threads leave when they have no element, and the others
// go on through the barriers after it (they wait only for the threads still running). On the region loops every
// region after the return skips the threads that have returned.
#include <cstdio>
#include <vector>

__global__ void guarded_pairs(const float* x, float* out, int n) {
    __shared__ float s[64];
    int i = blockIdx.x * 64 + threadIdx.x;
    s[threadIdx.x] = 0.0f;
    __syncthreads();
    if (i >= n) return;
    s[threadIdx.x] = x[i] * 2.0f;
    __syncthreads();
    out[i] = s[threadIdx.x] + s[(threadIdx.x + 1) % 64];
}

// Two early exits, one of them inside a switch, before two barriers.
__global__ void two_exits(const int* kind, int* out, int n) {
    __shared__ int count[64];
    int i = blockIdx.x * 64 + threadIdx.x;
    count[threadIdx.x] = 0;
    __syncthreads();
    if (i >= n) return;
    switch (kind[i] % 3) {
        case 0: return;
        default: break;
    }
    count[threadIdx.x] = kind[i];
    __syncthreads();
    int left = count[(threadIdx.x + 63) % 64];
    __syncthreads();
    out[i] = left * 10 + count[threadIdx.x];
}

int main() {
    const int n = 64 * 5 + 23, blocks = (n + 63) / 64;
    std::vector<float> x(n);
    std::vector<int> kind(n);
    for (int i = 0; i < n; ++i) {
        x[i] = 0.5f * float((i * 13) % 29) - 3.0f;
        kind[i] = (i * 7) % 11;
    }
    float *dx, *dout;
    int *dk, *dio;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMalloc(&dk, n * sizeof(int));
    cudaMalloc(&dio, n * sizeof(int));
    cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dk, kind.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, n * sizeof(float));
    cudaMemset(dio, 0, n * sizeof(int));
    guarded_pairs<<<blocks, 64>>>(dx, dout, n);
    two_exits<<<blocks, 64>>>(dk, dio, n);
    std::vector<float> out(n);
    std::vector<int> io(n);
    cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(io.data(), dio, n * sizeof(int), cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i < n; ++i) {
        int next = (i % 64 == 63) ? i - 63 : i + 1;
        float want = 2.0f * x[i] + (next < n ? 2.0f * x[next] : 0.0f);
        wrong += out[i] != want;
        int prev = (i % 64 == 0) ? i + 63 : i - 1;
        int left = prev < n && kind[prev] % 3 != 0 ? kind[prev] : 0;
        int expect = kind[i] % 3 == 0 ? 0 : left * 10 + kind[i];
        wrong += io[i] != expect;
    }
    printf("guarded_pairs");
    for (int i = 0; i < n; ++i) printf(" %a", out[i]);
    printf("\ntwo_exits");
    for (int i = 0; i < n; ++i) printf(" %d", io[i]);
    printf("\n%s\n", wrong ? "FAIL" : "PASS");
    return wrong ? 1 : 0;
}
