// Loops that stride by the block's or the grid's size, between barriers: the region loops run them one step of
// every thread at a time. Each kernel's results do not depend on the order of its threads' steps (integer sums,
// counts, extremes), so they match the fibers' exactly. Also loops that must stay thread after thread: one whose
// body breaks, one whose stride is not a multiple of the block's size, and one whose variable the body changes.
#include <cstdio>
#include <vector>

// A grid-stride histogram into shared bins, merged into global bins: the corpus histogram's shape.
__global__ void histogram(const int* in, size_t n, unsigned* bins) {
    __shared__ unsigned local[32];
    for (int b = threadIdx.x; b < 32; b += blockDim.x) local[b] = 0;
    __syncthreads();
    size_t stride = (size_t)blockDim.x * gridDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&local[in[i] & 31], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 32; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

// A per-thread sum declared before the loop and read after the barrier (a per-thread copy), a block-stride loop
// inside a loop of the block (every walk starts afresh), and threads that walk different lengths.
__global__ void sums(const int* in, int n, long long* out, int rounds) {
    __shared__ long long partial[128];
    long long sum = 0;
    for (int r = 0; r < rounds; ++r) {
        for (int i = blockIdx.x * blockDim.x * 3 + threadIdx.x; i < n && i < (int)(blockIdx.x + 1) * 3 * (int)blockDim.x;
             i += blockDim.x)
            sum += (long long)in[i] * (r + 1);
        __syncthreads();
    }
    partial[threadIdx.x] = sum;
    __syncthreads();
    if (threadIdx.x == 0) {
        long long total = 0;
        for (int t = 0; t < (int)blockDim.x; ++t) total += partial[t];
        out[blockIdx.x] = total;
    }
}

// Loops the transform leaves thread after thread: a break, a stride of 3, and a variable the body moves.
__global__ void kept(const int* in, int n, int* out) {
    __shared__ int firsts[128];
    int first = -1;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        if (in[i] % 97 == 0) {
            first = i;
            break;
        }
    }
    int threes = 0;
    for (int i = threadIdx.x; i < n; i += 3) threes += in[i] & 1;
    int moved = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        moved += in[i] & 3;
        if (in[i] % 5 == 0) i += blockDim.x;
    }
    firsts[threadIdx.x] = first + threes + moved;
    __syncthreads();
    if (threadIdx.x == 0) {
        int m = 0;
        for (int t = 0; t < (int)blockDim.x; ++t) m = firsts[t] > m ? firsts[t] : m;
        out[blockIdx.x] = m;
    }
}

// Strided loops whose variable has the name of a per-thread variable of the kernel (fwt's `pos`), before and after
// its declaration: they stay thread after thread, since a step's region would bind the kernel's `pos` beside the
// loop's own.
__global__ void hidden(const int* in, int n, int* out) {
    __shared__ int s[256];
    for (int pos = threadIdx.x; pos < 256; pos += blockDim.x) s[pos] = pos < n ? in[pos] : 0;
    __syncthreads();
    const int pos = threadIdx.x;
    int v = s[pos] + s[(pos + 1) % 256];
    __syncthreads();
    s[pos] = v;
    __syncthreads();
    for (int pos = threadIdx.x; pos < 256; pos += blockDim.x) s[pos] += pos;  // hides the kernel's pos
    __syncthreads();
    if (pos == 0) out[blockIdx.x] = s[0] + s[255];
}

int main() {
    const int n = 10007, blocks = 5, threads = 128;
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i) v[i] = (i * 7919 + 13) % 2003;
    int* dv;
    unsigned* dbins;
    long long* dsums;
    int* dkept;
    cudaMalloc(&dv, n * sizeof(int));
    cudaMalloc(&dbins, 32 * sizeof(unsigned));
    cudaMalloc(&dsums, blocks * sizeof(long long));
    cudaMalloc(&dkept, blocks * sizeof(int));
    cudaMemcpy(dv, v.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(dbins, 0, 32 * sizeof(unsigned));
    histogram<<<blocks, threads>>>(dv, n, dbins);
    sums<<<blocks, threads>>>(dv, n, dsums, 3);
    kept<<<blocks, threads>>>(dv, n, dkept);
    int* dhidden;
    cudaMalloc(&dhidden, sizeof(int));
    hidden<<<1, 128>>>(dv, n, dhidden);
    int h = 0;
    cudaMemcpy(&h, dhidden, sizeof(int), cudaMemcpyDeviceToHost);
    std::vector<unsigned> bins(32);
    std::vector<long long> s(blocks);
    std::vector<int> k(blocks);
    cudaMemcpy(bins.data(), dbins, bins.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(s.data(), dsums, s.size() * sizeof(long long), cudaMemcpyDeviceToHost);
    cudaMemcpy(k.data(), dkept, k.size() * sizeof(int), cudaMemcpyDeviceToHost);
    printf("bins");
    for (unsigned b : bins) printf(" %u", b);
    printf("\nsums");
    for (long long x : s) printf(" %lld", x);
    printf("\nkept");
    for (int x : k) printf(" %d", x);
    printf("\nhidden %d\n", h);
    return 0;
}
