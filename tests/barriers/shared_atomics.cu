// Atomics on a block's __shared__ memory between barriers (the region loops make them plain read-modify-writes)
// next to atomics on global memory (which stay atomic: other blocks run on other workers). The region loops take
// a block's threads in order and the fibers take its warps last to first, both orders a GPU may take, so what is
// printed is what every order gives: counts, extremes, wrapped increments and flips kept apart, and whether the
// compare-and-swap chose a thread of the block. The loop's stride comes from the host: a stride of the block's or
// grid's size would make the region loops run it step by step across the threads (strided.cu).
#include <cstdio>
#include <vector>

__global__ void shared_counts(const int* in, int n, int stride, unsigned* bins, int* extremes, unsigned* tickets) {
    __shared__ unsigned local[16];
    __shared__ int low, high;
    __shared__ unsigned ring[4];
    __shared__ unsigned flips[4];
    __shared__ int owner;
    if (threadIdx.x < 16) local[threadIdx.x] = 0;
    if (threadIdx.x < 4) ring[threadIdx.x] = flips[threadIdx.x] = 0;
    if (threadIdx.x == 0) {
        low = 1 << 30;
        high = -(1 << 30);
        owner = -1;
    }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        int v = in[i];
        atomicAdd(&local[v & 15], 1u);
        atomicSub(local + ((v >> 4) & 15), 0u);
        atomicMin(&low, v);
        atomicMax(&high, v);
        atomicInc(&ring[v & 3], 6u);
        atomicCAS(&owner, -1, (int)threadIdx.x);
        atomicXor(&flips[(v >> 2) & 3], (unsigned)v & 1u);
    }
    __syncthreads();
    if (threadIdx.x < 16) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
    if (threadIdx.x == 0) {
        atomicMin(&extremes[0], low);
        atomicMax(&extremes[1], high);
        extremes[2 + blockIdx.x] = owner >= 0 && owner < (int)blockDim.x;
    }
    if (threadIdx.x < 4)
        tickets[blockIdx.x * 4 + threadIdx.x] = atomicExch(&ring[threadIdx.x], 0u) * 2 + atomicExch(&flips[threadIdx.x], 0u);
}

int main() {
    const int n = 20000, blocks = 6, threads = 96;
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i) v[i] = (i * 7919 + 13) % 2001 - 1000;
    int *dv, *dext;
    unsigned *dbins, *dtickets;
    cudaMalloc(&dv, n * sizeof(int));
    cudaMalloc(&dbins, 16 * sizeof(unsigned));
    cudaMalloc(&dext, (2 + blocks) * sizeof(int));
    cudaMalloc(&dtickets, blocks * 4 * sizeof(unsigned));
    cudaMemcpy(dv, v.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(dbins, 0, 16 * sizeof(unsigned));
    std::vector<int> ext(2 + blocks, 0);
    ext[0] = 1 << 30;
    ext[1] = -(1 << 30);
    cudaMemcpy(dext, ext.data(), ext.size() * sizeof(int), cudaMemcpyHostToDevice);
    shared_counts<<<blocks, threads>>>(dv, n, blocks * threads, dbins, dext, dtickets);
    std::vector<unsigned> bins(16), tickets(blocks * 4);
    cudaMemcpy(bins.data(), dbins, bins.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(ext.data(), dext, ext.size() * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(tickets.data(), dtickets, tickets.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    printf("bins");
    for (unsigned b : bins) printf(" %u", b);
    printf("\nextremes");
    for (int e : ext) printf(" %d", e);
    printf("\ntickets");
    for (unsigned t : tickets) printf(" %u", t);
    printf("\n");
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
