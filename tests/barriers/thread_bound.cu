// A region whose whole body is `if (x < bound)`, x the thread's x index and the bound the same in every thread, runs
// its loop over the threads only up to the bound: a tree reduction's halving steps, a bound past the block, a
// negative bound (below no int index, below every unsigned threadIdx.x) or a fractional one, a 2-D block, and an x
// index that the kernel changes (which keeps the full loop).
#include <cstdio>
#include <vector>

__global__ void halving(const float* in, float* out) {
    __shared__ float s[128];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * 128 + tid];
    __syncthreads();
    for (unsigned stride = 64; stride > 0; stride >>= 1) {
        if (tid < stride) {
            s[tid] += s[tid + stride];
        }
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void bounds(int* out, int past, int negative, float fraction) {
    __shared__ int mark[64];
    int t = threadIdx.x;
    mark[t] = 0;
    __syncthreads();
    if (t < past) {
        mark[t] += 1;
    }
    __syncthreads();
    if (t < negative) {
        mark[t] += 10;
    }
    __syncthreads();
    if (threadIdx.x < negative) {  // unsigned threadIdx.x: the negative bound converts to a huge one, every thread adds
        mark[threadIdx.x] += 1000;
    }
    __syncthreads();
    if (threadIdx.x < fraction) {
        mark[threadIdx.x] += 100;
    }
    __syncthreads();
    out[blockIdx.x * 64 + t] = mark[63 - t];
}

__global__ void flat(int* out, int half) {
    __shared__ int cell[8][16];
    int x = threadIdx.x, y = threadIdx.y;
    cell[y][x] = y * 16 + x;
    __syncthreads();
    if (x < half) {
        cell[y][x] += cell[y][x + half];
    }
    __syncthreads();
    out[blockIdx.x * 128 + y * 16 + x] = cell[7 - y][15 - x];
}

__global__ void moved(int* out) {
    __shared__ int mark[64];
    int t = threadIdx.x;
    mark[t] = t;
    t = 63 - t;
    __syncthreads();
    if (t < 20) {
        mark[t] += 1000;
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = mark[threadIdx.x];
}

int main() {
    const int blocks = 3;
    std::vector<float> in(blocks * 128);
    for (size_t i = 0; i < in.size(); ++i) in[i] = float((i * 37) % 19) - 9.0f;
    float *din, *dsum;
    int* dout;
    cudaMalloc(&din, in.size() * sizeof(float));
    cudaMalloc(&dsum, blocks * sizeof(float));
    cudaMalloc(&dout, blocks * 128 * sizeof(int));
    cudaMemcpy(din, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice);
    int wrong = 0;

    halving<<<blocks, 128>>>(din, dsum);
    std::vector<float> sums(blocks);
    cudaMemcpy(sums.data(), dsum, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    printf("halving");
    for (int b = 0; b < blocks; ++b) {
        float want = 0;
        for (int i = 0; i < 128; ++i) want += in[b * 128 + i];
        printf(" %g", sums[b]);
        wrong += sums[b] != want;
    }
    printf("\n");

    std::vector<int> out(blocks * 128);
    bounds<<<blocks, 64>>>(dout, 100, -5, 2.5f);
    cudaMemcpy(out.data(), dout, blocks * 64 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("bounds");
    for (int i = 0; i < blocks * 64; ++i) {
        const int t = 63 - i % 64;
        printf(" %d", out[i]);
        wrong += out[i] != 1001 + (t < 3 ? 100 : 0);
    }
    printf("\n");

    flat<<<blocks, dim3(16, 8)>>>(dout, 8);
    cudaMemcpy(out.data(), dout, blocks * 128 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("flat");
    for (int i = 0; i < blocks * 128; ++i) {
        const int y = 7 - (i % 128) / 16, x = 15 - i % 16;
        printf(" %d", out[i]);
        wrong += out[i] != (y * 16 + x) + (x < 8 ? y * 16 + x + 8 : 0);
    }
    printf("\n");

    moved<<<blocks, 64>>>(dout);
    cudaMemcpy(out.data(), dout, blocks * 64 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("moved");
    for (int i = 0; i < blocks * 64; ++i) {
        const int t = i % 64;
        printf(" %d", out[i]);
        wrong += out[i] != t + (t < 20 ? 1000 : 0);
    }
    printf("\n%s\n", wrong ? "FAIL" : "PASS");
    return wrong ? 1 : 0;
}
