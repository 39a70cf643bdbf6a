// A local changed only by the header of a loop without barriers keeps, after the loop, the value of its own thread:
// when the loop's condition or a break depends on the thread, the threads leave it at different counts, so the
// local is per thread (one copy each), not a block variable; a loop whose header is the same for every thread
// leaves it the same everywhere. A loop around a barrier that a break leaves early stays on fibers: in a region the
// break would end the loop over the block's threads instead.
#include <cstdio>
#include <vector>

__global__ void counted_exit(const int* limit, int* out) {
    __shared__ int seen[64];
    int cnt = 0;
    for (cnt = 0; cnt < limit[blockIdx.x * 64 + threadIdx.x]; cnt++) {
    }
    seen[threadIdx.x] = cnt;
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = cnt * 100 + seen[63 - threadIdx.x];
}

__global__ void broken_exit(const int* limit, int* out) {
    __shared__ int seen[64];
    int k = 0;
    for (k = 0; k < 50; k++) {
        if (k == limit[blockIdx.x * 64 + threadIdx.x]) break;
    }
    seen[threadIdx.x] = k;
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = k * 100 + seen[(threadIdx.x + 1) % 64];
}

__global__ void uniform_exit(const int* limit, int* out) {
    __shared__ int seen[64];
    int j = 0;
    for (j = 0; j < 7; j++) {
        seen[threadIdx.x] = j + limit[blockIdx.x * 64 + threadIdx.x];
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = j * 1000 + seen[63 - threadIdx.x];
}

__global__ void early_break(const int* limit, int* out) {
    __shared__ int acc[64];
    acc[threadIdx.x] = threadIdx.x;
    __syncthreads();
    for (int s = 1; s < 64; s *= 2) {
        if (s > limit[blockIdx.x * 64]) break;  // the same for every thread of the block
        int other = acc[(threadIdx.x + s) % 64];
        __syncthreads();
        acc[threadIdx.x] += other;
        __syncthreads();
    }
    out[blockIdx.x * 64 + threadIdx.x] = acc[threadIdx.x];
}

// pathfinder's shape: the block leaves its barrier loop on the last iteration, on a condition every thread shares.
__global__ void uniform_break(const int* limit, int* out, int iterations) {
    __shared__ int prev[64];
    __shared__ int next[64];
    prev[threadIdx.x] = limit[blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < iterations; i++) {
        next[threadIdx.x] = prev[threadIdx.x] + prev[(threadIdx.x + 1) % 64];
        __syncthreads();
        if (i == iterations - 1) break;
        prev[threadIdx.x] = next[threadIdx.x] % 1000;
        __syncthreads();
    }
    out[blockIdx.x * 64 + threadIdx.x] = next[threadIdx.x];
}

int main() {
    const int blocks = 6, n = blocks * 64;
    std::vector<int> limit(n);
    for (int i = 0; i < n; ++i) limit[i] = (i * 37) % 41;
    int *dl, *dout;
    cudaMalloc(&dl, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(dl, limit.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    std::vector<int> out(n);
    int wrong = 0;
    counted_exit<<<blocks, 64>>>(dl, dout);
    cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("counted_exit");
    for (int i = 0; i < n; ++i) {
        printf(" %d", out[i]);
        wrong += out[i] != limit[i] * 100 + limit[(i / 64) * 64 + 63 - i % 64];
    }
    printf("\n");
    broken_exit<<<blocks, 64>>>(dl, dout);
    cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("broken_exit");
    for (int i = 0; i < n; ++i) {
        printf(" %d", out[i]);
        wrong += out[i] != limit[i] * 100 + limit[(i / 64) * 64 + (i % 64 + 1) % 64];
    }
    printf("\n");
    uniform_exit<<<blocks, 64>>>(dl, dout);
    cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("uniform_exit");
    for (int i = 0; i < n; ++i) {
        printf(" %d", out[i]);
        wrong += out[i] != 7000 + 6 + limit[(i / 64) * 64 + 63 - i % 64];
    }
    printf("\n");
    early_break<<<blocks, 64>>>(dl, dout);
    cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("early_break");
    for (int i = 0; i < n; ++i) printf(" %d", out[i]);
    printf("\n");
    uniform_break<<<blocks, 64>>>(dl, dout, 5);
    cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("uniform_break");
    for (int i = 0; i < n; ++i) printf(" %d", out[i]);
    printf("\n%s\n", wrong ? "FAIL" : "PASS");
    return wrong ? 1 : 0;
}
