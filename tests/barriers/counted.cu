// Strided loops between barriers whose positions rise by one from each thread to the next and never go negative
// (start threadIdx.x plus the block's and grid's indices and sizes, stride of those, bound the same in every
// thread): the region loops count their rounds and keep no per-thread position (kernels counted_*). Loops that
// keep the per-thread walk (walked_*): a start that may be negative, against an unsigned bound, where the threads
// still walking are not the first of the block; a bound that differs between threads; a floating-point variable.
// test_parity.py reads which twin counts.
#include <cstdio>
#include <vector>

// A 2-D block whose rows walk alike, an alias of threadIdx.x, a stride held in a variable, a bound past the data
// for some blocks and short of a whole round for others, and threads that returned before the barrier.
__global__ void counted_rows(const int* in, int n, long long* out) {
    __shared__ long long rows[4][32];
    const int tid = threadIdx.x;
    rows[threadIdx.y][tid] = 0;
    __syncthreads();
    if (blockIdx.x == 2 && threadIdx.y == 3) return;
    long long sum = 0;
    const int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += stride) sum += (long long)in[i] * (threadIdx.y + 1);
    rows[threadIdx.y][tid] = sum;
    __syncthreads();
    for (unsigned r = threadIdx.x; r <= 3u; r += blockDim.x) {
        long long total = 0;
        for (int t = 0; t < 32; ++t) total += rows[r][t];
        out[blockIdx.x * 4 + r] = total;
    }
}

// A block-stride fill and a count whose bound is written on the other side (`n > i`).
__global__ void counted_fill(const int* in, size_t n, unsigned* bins) {
    __shared__ unsigned local[40];
    for (size_t b = threadIdx.x; 40 > b; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; n > i; i += (size_t)blockDim.x * gridDim.x)
        atomicAdd(&local[in[i] % 40], 1u);
    __syncthreads();
    for (size_t b = threadIdx.x; b < 40; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

// A start that is negative for the block's first threads, compared with an unsigned bound (the negative positions
// compare as huge ones, so those threads do nothing while the ones after them walk), a bound of the thread's own,
// and a floating-point position.
__global__ void walked(const int* in, unsigned n, int shift, int* out) {
    __shared__ int marks[64];
    int mark = 0;
    for (int i = threadIdx.x + shift; i < n; i += blockDim.x) mark += in[i] & 7;
    for (int i = threadIdx.x; i < (int)(n / (threadIdx.x + 1)); i += blockDim.x) mark += 1;
    for (float f = threadIdx.x; f < 100.0f; f += blockDim.x) mark += 2;
    marks[threadIdx.x] = mark;
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = marks[63 - threadIdx.x];
}

int main() {
    const int n = 5000, blocks = 3;
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i) v[i] = (i * 7919 + 13) % 2003;
    int* dv;
    long long* drows;
    unsigned* dbins;
    int* dwalked;
    cudaMalloc(&dv, n * sizeof(int));
    cudaMalloc(&drows, blocks * 4 * sizeof(long long));
    cudaMalloc(&dbins, 40 * sizeof(unsigned));
    cudaMalloc(&dwalked, blocks * 64 * sizeof(int));
    cudaMemcpy(dv, v.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(dbins, 0, 40 * sizeof(unsigned));
    counted_rows<<<blocks, dim3(32, 4)>>>(dv, 1000, drows);
    counted_fill<<<blocks, 16>>>(dv, n, dbins);
    walked<<<blocks, 64>>>(dv, 1000, -5, dwalked);
    std::vector<long long> rows(blocks * 4);
    std::vector<unsigned> bins(40);
    std::vector<int> marks(blocks * 64);
    cudaMemcpy(rows.data(), drows, rows.size() * sizeof(long long), cudaMemcpyDeviceToHost);
    cudaMemcpy(bins.data(), dbins, bins.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(marks.data(), dwalked, marks.size() * sizeof(int), cudaMemcpyDeviceToHost);
    // What every order of the threads gives, worked out here.
    int wrong = 0;
    for (int b = 0; b < blocks; ++b)
        for (int y = 0; y < 4; ++y) {
            long long want = 0;
            if (!(b == 2 && y == 3))
                for (int i = b * 32; i < 1000; i += 32 * blocks) for (int t = 0; t < 32 && i + t < 1000; ++t)
                    want += (long long)v[i + t] * (y + 1);
            wrong += rows[b * 4 + y] != want;
        }
    std::vector<unsigned> want_bins(40, 0);
    for (int i = 0; i < n; ++i) ++want_bins[v[i] % 40];
    for (int b = 0; b < 40; ++b) wrong += bins[b] != want_bins[b];
    printf("rows");
    for (long long r : rows) printf(" %lld", r);
    printf("\nbins");
    for (unsigned b : bins) printf(" %u", b);
    printf("\nwalked");
    for (int m : marks) printf(" %d", m);
    printf("\n%s\n", wrong ? "FAIL" : "PASS");
    return wrong ? 1 : 0;
}
