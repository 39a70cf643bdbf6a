// Region loops that GCC vectorises at -O2 only with the options prt/cpu/regions_begin.h turns on around each twin:
// a step whose condition on the thread's index changes once along the block (`if (t >= lag)`, split there), over
// two buffers of the same dynamic shared memory (checked for overlap at run time), at a block size that leaves a
// remainder after the vector loop. The host function below the twin keeps -O2's own cost model, which does not
// vectorise its loop (test_parity.py compiles this file with -fopt-info-vec and reads which loops were).
#include <cstdio>
#include <vector>

__global__ void lagged(const int* in, int* out, int n, int rounds) {
    extern __shared__ int cells[];
    int* now = cells;
    int* before = cells + blockDim.x;
    const int t = threadIdx.x;
    const int g = blockIdx.x * blockDim.x + t;
    before[t] = g < n ? in[g] : 0;
    __syncthreads();
    for (int lag = 1; lag <= rounds; ++lag) {
        // Each round takes from every cell the one `lag` places before it, where there is one.
        int keep = before[t];
        if (t >= lag) keep -= before[t - lag];
        now[t] = keep;
        __syncthreads();
        int* swap = now;
        now = before;
        before = swap;
    }
    if (g < n) out[g] = before[t];
}

// host-loop-begin
[[gnu::noinline]] void host_add(int* a, const int* b, int n) {
    for (int i = 0; i < n; ++i) a[i] += b[i];
}
// host-loop-end

int main() {
    const int threads = 203, blocks = 5, n = threads * blocks - 17, rounds = 4;
    std::vector<int> in(n), out(n, 0), base(n, 1);
    for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 23 - 11;
    int *din, *dout;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    lagged<<<blocks, threads, 2 * threads * sizeof(int)>>>(din, dout, n, rounds);
    cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    host_add(out.data(), base.data(), n);
    // The same rounds on the host, block by block.
    std::vector<int> want(n), step(threads);
    for (int b = 0; b * threads < n; ++b) {
        std::vector<int> cell(threads, 0);
        for (int t = 0; t < threads && b * threads + t < n; ++t) cell[t] = in[b * threads + t];
        for (int lag = 1; lag <= rounds; ++lag) {
            for (int t = 0; t < threads; ++t) step[t] = cell[t] - (t >= lag ? cell[t - lag] : 0);
            cell = step;
        }
        for (int t = 0; t < threads && b * threads + t < n; ++t) want[b * threads + t] = cell[t] + 1;
    }
    int wrong = 0;
    printf("lagged");
    for (int i = 0; i < n; ++i) {
        wrong += out[i] != want[i];
        if (i % 37 == 0) printf(" %d", out[i]);
    }
    printf("\n%s\n", wrong ? "FAIL" : "PASS");
    return wrong ? 1 : 0;
}
