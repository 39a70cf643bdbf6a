// Shared memory and barriers: static and dynamic shared memory per block, a tiled transpose, a tree reduction,
// and __syncthreads_count/_and/_or.
#include <vector>

#include "check.h"

constexpr int kTile = 32;

__global__ void transpose(const float* in, float* out, int w, int h) {
    __shared__ float tile[kTile][kTile + 1];
    int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
    for (int j = 0; j < kTile; j += blockDim.y)
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * kTile + threadIdx.x;
    y = blockIdx.x * kTile + threadIdx.y;
    for (int j = 0; j < kTile; j += blockDim.y)
        if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void block_sum(const double* in, double* out, int n) {
    PRT_DYNAMIC_SHARED(double, s);
    unsigned t = threadIdx.x;
    double acc = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i];
    s[t] = acc;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

__global__ void votes(const int* in, int* out) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int c = __syncthreads_count(v > 0);
    int a = __syncthreads_and(v > 0);
    int o = __syncthreads_or(v > 0);
    if (threadIdx.x == 0) {
        out[3 * blockIdx.x] = c;
        out[3 * blockIdx.x + 1] = a;
        out[3 * blockIdx.x + 2] = o;
    }
}

// Each block writes its own id into shared memory, waits, and checks no other block's value appears.
__global__ void isolation(int* bad) {
    __shared__ int ids[128];
    ids[threadIdx.x] = blockIdx.x;
    __syncthreads();
    int wrong = 0;
    for (int i = 0; i < 128; ++i) wrong += ids[i] != int(blockIdx.x);
    __syncthreads();
    ids[threadIdx.x] = -1;
    if (wrong) atomicAdd(bad, wrong);
}

int main() {
    const int w = 100, h = 70;
    std::vector<float> a(w * h), t(w * h);
    for (int i = 0; i < w * h; ++i) a[i] = float(i);
    float *da, *dt;
    CHECK_OK(prtMalloc(&da, a.size() * sizeof(float)));
    CHECK_OK(prtMalloc(&dt, a.size() * sizeof(float)));
    CHECK_OK(prtMemcpy(da, a.data(), a.size() * sizeof(float), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(transpose, dim3((w + kTile - 1) / kTile, (h + kTile - 1) / kTile), dim3(kTile, 8), 0, 0,
                             da, dt, w, h));
    CHECK_OK(prtMemcpy(t.data(), dt, t.size() * sizeof(float), prtMemcpyDeviceToHost));
    bool tr_ok = true;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) tr_ok = tr_ok && t[x * h + y] == a[y * w + x];
    CHECK(tr_ok);

    const int n = 100000, blocks = 37, threads = 256;
    std::vector<double> v(n);
    double ref = 0;
    for (int i = 0; i < n; ++i) {
        v[i] = 1.0 / (1 + i % 97);
        ref += v[i];
    }
    double *dv, *dp;
    CHECK_OK(prtMalloc(&dv, n * sizeof(double)));
    CHECK_OK(prtMalloc(&dp, blocks * sizeof(double)));
    CHECK_OK(prtMemcpy(dv, v.data(), n * sizeof(double), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(block_sum, dim3(blocks), dim3(threads), threads * sizeof(double), 0, dv, dp, n));
    std::vector<double> partial(blocks);
    CHECK_OK(prtMemcpy(partial.data(), dp, blocks * sizeof(double), prtMemcpyDeviceToHost));
    double sum = 0;
    for (double x : partial) sum += x;
    CHECK(near(sum, ref, 1e-12));
    value("block_sum", sum);

    const int vb = 4, vt = 96;
    std::vector<int> in(vb * vt);
    for (int b = 0; b < vb; ++b)
        for (int i = 0; i < vt; ++i) in[b * vt + i] = b == 0 ? 1 : (b == 1 ? 0 : (b == 2 ? (i % 5 == 0) : (i == 95)));
    int *din, *dout;
    CHECK_OK(prtMalloc(&din, in.size() * sizeof(int)));
    CHECK_OK(prtMalloc(&dout, 3 * vb * sizeof(int)));
    CHECK_OK(prtMemcpy(din, in.data(), in.size() * sizeof(int), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(votes, dim3(vb), dim3(vt), 0, 0, din, dout));
    int res[3 * vb];
    CHECK_OK(prtMemcpy(res, dout, sizeof res, prtMemcpyDeviceToHost));
    for (int b = 0; b < vb; ++b) {
        int c = 0;
        for (int i = 0; i < vt; ++i) c += in[b * vt + i] > 0;
        CHECK(res[3 * b] == c);
        CHECK(res[3 * b + 1] == (c == vt));
        CHECK(res[3 * b + 2] == (c > 0));
    }

    int* bad;
    CHECK_OK(prtMalloc(&bad, sizeof(int)));
    CHECK_OK(prtMemset(bad, 0, sizeof(int)));
    CHECK_OK(prtLaunchKernel(isolation, dim3(64), dim3(128), 0, 0, bad));
    int nbad = -1;
    CHECK_OK(prtMemcpy(&nbad, bad, sizeof(int), prtMemcpyDeviceToHost));
    CHECK(nbad == 0);
    return finish();
}
