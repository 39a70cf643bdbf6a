// Barrier kernels of the shapes the CPU region loops handle, and some they leave to fibers; main prints every
// result exactly, so that the region-loop build and the fiber build (-DPRT_CPU_FIBERS) can be compared.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define TILE 8

__global__ void tree_sum(const float* in, float* out, int n) {
    __shared__ float s[256];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    s[tid] = v;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride) s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void tiled(const float* A, const float* B, float* C, int M, int N, int K) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        int a_col = t * TILE + tx;
        int b_row = t * TILE + ty;
        As[ty][tx] = (row < M && a_col < K) ? A[row * K + a_col] : 0.0f;
        Bs[ty][tx] = (b_row < K && col < N) ? B[b_row * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}

__global__ void scan(const int* in, int* out, int n) {
    extern __shared__ int buf[];
    int* src = buf;
    int* dst = buf + blockDim.x;
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    src[tid] = (gid < n) ? in[gid] : 0;
    __syncthreads();
    for (int offset = 1; offset < blockDim.x; offset <<= 1) {
        int v = src[tid];
        if (tid >= offset) v += src[tid - offset];
        dst[tid] = v;
        __syncthreads();
        int* t = src; src = dst; dst = t;
    }
    if (gid < n) out[gid] = src[tid];
}

template <unsigned BS>
__global__ void unrolled(const int* in, int* out) {
    __shared__ int s[BS];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * BS + tid];
    __syncthreads();
    if (BS >= 256) {
        if (tid < 128) s[tid] += s[tid + 128];
        __syncthreads();
    }
    if (BS >= 128) {
        if (tid < 64) s[tid] += s[tid + 64];
        __syncthreads();
    } else {
        s[tid] *= 2;
        __syncthreads();
    }
    if (tid < 32) {
        int acc = 0;
        for (int k = 0; k < 64; k += 32) acc += s[tid + k];
        out[blockIdx.x * 32 + tid] = acc;
    }
}

// Per-thread array and a 3-D block; a device function of the file reads threadIdx.
__device__ int lane_weight() { return int(threadIdx.x + 2 * threadIdx.y + 3 * threadIdx.z); }

__global__ void cube(const int* in, int* out) {
    __shared__ int s[4][4][4];
    int acc[3];
    for (int r = 0; r < 3; ++r) acc[r] = in[blockIdx.x * 64 + threadIdx.z * 16 + threadIdx.y * 4 + threadIdx.x] * (r + 1);
    for (int round = 0; round < 3; ++round) {
        s[threadIdx.z][threadIdx.y][threadIdx.x] = acc[round] + lane_weight();
        __syncthreads();
        acc[round] = s[3 - threadIdx.z][3 - threadIdx.y][3 - threadIdx.x];
        __syncthreads();
    }
    out[blockIdx.x * 64 + threadIdx.z * 16 + threadIdx.y * 4 + threadIdx.x] = acc[0] - acc[1] + acc[2];
}

__global__ void tail_return(const float* in, float* out, int n) {
    __shared__ float s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (i >= n) return;
    out[i] = threadIdx.x > 0 ? s[threadIdx.x - 1] : -1.0f;
}

// A while loop over a block variable, and a for loop over one declared before it.
__global__ void while_sum(const float* in, float* out, int n) {
    __shared__ float cache[128];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    cache[threadIdx.x] = g < n ? in[g] * in[g] : 0.0f;
    __syncthreads();
    int i = 128 >> 1;
    while (i != 0) {
        if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
        __syncthreads();
        i >>= 1;
    }
    int j;
    for (j = 1; j < 64; j *= 2) {
        if (threadIdx.x % (2 * j) == 0) cache[threadIdx.x] -= cache[threadIdx.x + j] * 0.5f;
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = cache[0];
}

// Left on fibers: the barrier sits in a loop whose trip count is read from memory.
__global__ void counted(int* x, const int* rounds) {
    __shared__ int s[64];
    for (int r = 0; r < rounds[blockIdx.x]; ++r) {
        s[threadIdx.x] = x[blockIdx.x * 64 + threadIdx.x] + r;
        __syncthreads();
        x[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
        __syncthreads();
    }
}

static unsigned state = 12345u;
static int next_int() {
    state = state * 1664525u + 1013904223u;
    return int((state >> 12) % 1000) - 500;
}

int main() {
    const int n = 5000;
    std::vector<float> f(n);
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i) {
        v[i] = next_int();
        f[i] = v[i] * 0.001f;
    }
    float *df, *dout;
    int *dv, *dvo;
    cudaMalloc(&df, n * sizeof(float));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMalloc(&dv, n * sizeof(int));
    cudaMalloc(&dvo, n * sizeof(int));
    cudaMemcpy(df, f.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dv, v.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    std::vector<float> fo(n);
    std::vector<int> vo(n);
    auto dump_f = [&](const char* name, int count) {
        cudaMemcpy(fo.data(), dout, count * sizeof(float), cudaMemcpyDeviceToHost);
        printf("%s", name);
        for (int i = 0; i < count; ++i) printf(" %a", fo[i]);
        printf("\n");
    };
    auto dump_i = [&](const char* name, int count) {
        cudaMemcpy(vo.data(), dvo, count * sizeof(int), cudaMemcpyDeviceToHost);
        printf("%s", name);
        for (int i = 0; i < count; ++i) printf(" %d", vo[i]);
        printf("\n");
    };

    tree_sum<<<10, 256>>>(df, dout, n);
    dump_f("tree_sum", 10);
    tiled<<<dim3(8, 4), dim3(TILE, TILE)>>>(df, df + 1000, dout, 30, 60, 33);
    dump_f("tiled", 30 * 60);
    scan<<<20, 256, 2 * 256 * sizeof(int)>>>(dv, dvo, n);
    dump_i("scan", n);
    unrolled<256><<<19, 256>>>(dv, dvo);
    dump_i("unrolled256", 19 * 32);
    unrolled<64><<<70, 64>>>(dv, dvo);
    dump_i("unrolled64", 70 * 32);
    cube<<<70, dim3(4, 4, 4)>>>(dv, dvo);
    dump_i("cube", 70 * 64);
    tail_return<<<40, 128>>>(df, dout, n);
    dump_f("tail_return", n);
    while_sum<<<40, 128>>>(df, dout, n);
    dump_f("while_sum", 40);
    std::vector<int> rounds(70);
    for (int b = 0; b < 70; ++b) rounds[b] = b % 4;
    int* drounds;
    cudaMalloc(&drounds, 70 * sizeof(int));
    cudaMemcpy(drounds, rounds.data(), 70 * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dvo, dv, 70 * 64 * sizeof(int), cudaMemcpyDeviceToDevice);
    counted<<<70, 64>>>(dvo, drounds);
    dump_i("counted", 70 * 64);
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
