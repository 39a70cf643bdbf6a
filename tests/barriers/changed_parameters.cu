// Kernels with barriers that change their parameters or keep __restrict__ pointers across a barrier: each thread
// owns its parameters, so on the CPU region loops every thread needs its own copy of a parameter it changes.
#include <cstdio>
#include <vector>

// A scalar parameter stepped by every thread in a loop that holds barriers (a generator's seed).
__global__ void seeded(unsigned seed, const int* in, int* out, int rounds) {
    __shared__ int pool[128];
    pool[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
    __syncthreads();
    for (int r = 0; r < rounds; r++) {
        seed = 1103515245u * seed + 12345u;
        unsigned pick = (seed + threadIdx.x) & 127u;
        int v = pool[pick];
        __syncthreads();
        pool[threadIdx.x] = v + (int)(seed >> 24);
        __syncthreads();
    }
    out[blockIdx.x * 128 + threadIdx.x] = pool[threadIdx.x];
}

// __restrict__ pointer parameters moved to the thread's own element before a barrier and used after it.
__global__ void shifted(float* __restrict__ dst, const float* __restrict__ src, int pitch) {
    __shared__ float row[64 + 2];
    src += blockIdx.x * pitch + threadIdx.x;
    dst += blockIdx.x * pitch + threadIdx.x;
    row[threadIdx.x + 1] = src[0];
    if (threadIdx.x == 0) row[0] = blockIdx.x > 0 ? src[-pitch] : 0.0f;
    if (threadIdx.x == 63) row[65] = 0.0f;
    __syncthreads();
    dst[0] = row[threadIdx.x] + row[threadIdx.x + 1] + row[threadIdx.x + 2];
}

// A __restrict__ local pointer that lives across a barrier.
__global__ void local_restrict(const float* in, float* out) {
    __shared__ float total[64];
    const float* __restrict__ mine = in + blockIdx.x * 64 + threadIdx.x;
    float* __restrict__ target = out + blockIdx.x * 64 + threadIdx.x;
    total[threadIdx.x] = mine[0] * 2.0f;
    __syncthreads();
    target[0] = total[63 - threadIdx.x] + mine[0];
}

int main() {
    const int blocks = 12, n = blocks * 128;
    std::vector<int> v(n);
    std::vector<float> f(n);
    for (int i = 0; i < n; ++i) {
        v[i] = (i * 7919) % 1000 - 500;
        f[i] = v[i] * 0.25f;
    }
    int *dv, *dvo;
    float *df, *dfo;
    cudaMalloc(&dv, n * sizeof(int));
    cudaMalloc(&dvo, n * sizeof(int));
    cudaMalloc(&df, n * sizeof(float));
    cudaMalloc(&dfo, n * sizeof(float));
    cudaMemcpy(dv, v.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(df, f.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    std::vector<int> vo(n);
    std::vector<float> fo(n);

    seeded<<<blocks, 128>>>(2024u, dv, dvo, 5);
    cudaMemcpy(vo.data(), dvo, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("seeded");
    for (int i = 0; i < n; ++i) printf(" %d", vo[i]);
    printf("\n");

    shifted<<<blocks, 64>>>(dfo, df, 64);
    cudaMemcpy(fo.data(), dfo, blocks * 64 * sizeof(float), cudaMemcpyDeviceToHost);
    printf("shifted");
    for (int i = 0; i < blocks * 64; ++i) printf(" %a", fo[i]);
    printf("\n");

    local_restrict<<<blocks, 64>>>(df, dfo);
    cudaMemcpy(fo.data(), dfo, blocks * 64 * sizeof(float), cudaMemcpyDeviceToHost);
    printf("local_restrict");
    for (int i = 0; i < blocks * 64; ++i) printf(" %a", fo[i]);
    printf("\n");
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
