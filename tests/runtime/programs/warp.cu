// Warp operations: shuffles of every kind (full and partial width), votes, active mask, warp reductions, and a
// block reduction where only the first warp runs the final shuffles.
#include <vector>

#include "check.h"

constexpr unsigned kFull = 0xffffffffu;

__global__ void shuffles(const int* in, int* out) {
    unsigned t = threadIdx.x, lane = t % 32;
    int v = in[blockIdx.x * blockDim.x + t];
    int base = (blockIdx.x * blockDim.x + t) * 8;
    out[base + 0] = __shfl_sync(kFull, v, 5);
    out[base + 1] = __shfl_up_sync(kFull, v, 3);
    out[base + 2] = __shfl_down_sync(kFull, v, 7);
    out[base + 3] = __shfl_xor_sync(kFull, v, 9);
    out[base + 4] = __shfl_sync(kFull, v, 3, 16);
    out[base + 5] = __shfl_down_sync(kFull, v, 4, 8);
    int s = v;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(kFull, s, o);
    out[base + 6] = s;
    double d = v * 0.5;
    out[base + 7] = int(__shfl_sync(kFull, d, 31 - lane) * 2);
}

__global__ void vote(const int* in, unsigned* out) {
    unsigned t = threadIdx.x;
    int v = in[blockIdx.x * blockDim.x + t];
    unsigned mask = __activemask();
    unsigned b = __ballot_sync(mask, v % 3 == 0);
    int any = __any_sync(mask, v > 1000);
    int all = __all_sync(mask, v >= 0);
    __syncwarp(mask);
    unsigned r = __reduce_add_sync(mask, unsigned(v));
    if (t % 32 == 0) {
        unsigned w = blockIdx.x * ((blockDim.x + 31) / 32) + t / 32;
        out[w * 5 + 0] = b;
        out[w * 5 + 1] = any;
        out[w * 5 + 2] = all;
        out[w * 5 + 3] = mask;
        out[w * 5 + 4] = r;
    }
}

__global__ void block_reduce(const float* in, float* out, int n) {
    __shared__ float partial[32];
    unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    int i = blockIdx.x * blockDim.x + t;
    float v = i < n ? in[i] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(kFull, v, o);
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? partial[lane] : 0.0f;
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(kFull, v, o);
        if (lane == 0) atomicAdd(out, v);
    }
}

int main() {
    const int blocks = 3, threads = 64, n = blocks * threads;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = (i * 37 + 11) % 101;
    int *din, *dout;
    CHECK_OK(prtMalloc(&din, n * sizeof(int)));
    CHECK_OK(prtMalloc(&dout, n * 8 * sizeof(int)));
    CHECK_OK(prtMemcpy(din, in.data(), n * sizeof(int), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(shuffles, dim3(blocks), dim3(threads), 0, 0, din, dout));
    std::vector<int> out(n * 8);
    CHECK_OK(prtMemcpy(out.data(), dout, out.size() * sizeof(int), prtMemcpyDeviceToHost));
    bool ok[8] = {true, true, true, true, true, true, true, true};
    for (int i = 0; i < n; ++i) {
        int w0 = i / 32 * 32, lane = i % 32;
        auto at = [&](int l) { return in[w0 + l]; };
        int want[8];
        want[0] = at(5);
        want[1] = lane >= 3 ? at(lane - 3) : at(lane);
        want[2] = lane + 7 < 32 ? at(lane + 7) : at(lane);
        want[3] = at(lane ^ 9);
        want[4] = at((lane & ~15) + 3);
        want[5] = (lane & 7) + 4 < 8 ? at(lane + 4) : at(lane);
        int s = 0;
        for (int l = 0; l < 32; ++l) s += at(l);
        want[6] = s;
        want[7] = at(31 - lane);
        for (int k = 0; k < 8; ++k) ok[k] = ok[k] && out[i * 8 + k] == want[k];
    }
    for (int k = 0; k < 8; ++k) {
        if (!ok[k]) std::printf("shuffle case %d wrong\n", k);
        CHECK(ok[k]);
    }

    // Votes with a partial last warp (48 threads per block: warps of 32 and 16).
    const int vb = 2, vt = 48, vn = vb * vt, nw = vb * 2;
    std::vector<int> vin(vn);
    for (int i = 0; i < vn; ++i) vin[i] = i * 7 % 50;
    int* dvin;
    unsigned* dvout;
    CHECK_OK(prtMalloc(&dvin, vn * sizeof(int)));
    CHECK_OK(prtMalloc(&dvout, nw * 5 * sizeof(unsigned)));
    CHECK_OK(prtMemcpy(dvin, vin.data(), vn * sizeof(int), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(vote, dim3(vb), dim3(vt), 0, 0, dvin, dvout));
    std::vector<unsigned> vout(nw * 5);
    CHECK_OK(prtMemcpy(vout.data(), dvout, vout.size() * sizeof(unsigned), prtMemcpyDeviceToHost));
    for (int b = 0; b < vb; ++b)
        for (int w = 0; w < 2; ++w) {
            int lanes = w == 0 ? 32 : 16, first = b * vt + w * 32;
            unsigned ballot = 0, sum = 0;
            for (int l = 0; l < lanes; ++l) {
                if (vin[first + l] % 3 == 0) ballot |= 1u << l;
                sum += unsigned(vin[first + l]);
            }
            const unsigned* r = &vout[(b * 2 + w) * 5];
            CHECK(r[0] == ballot);
            CHECK(r[1] == 0);
            CHECK(r[2] == 1);
            CHECK(r[3] == (lanes == 32 ? kFull : 0xffffu));
            CHECK(r[4] == sum);
        }

    const int rn = 5000, rt = 256, rb = (rn + rt - 1) / rt;
    std::vector<float> rin(rn);
    double ref = 0;
    for (int i = 0; i < rn; ++i) {
        rin[i] = float(i % 17) * 0.25f;
        ref += rin[i];
    }
    float *drin, *drout;
    CHECK_OK(prtMalloc(&drin, rn * sizeof(float)));
    CHECK_OK(prtMalloc(&drout, sizeof(float)));
    CHECK_OK(prtMemcpy(drin, rin.data(), rn * sizeof(float), prtMemcpyHostToDevice));
    CHECK_OK(prtMemset(drout, 0, sizeof(float)));
    CHECK_OK(prtLaunchKernel(block_reduce, dim3(rb), dim3(rt), 0, 0, drin, drout, rn));
    float total = 0;
    CHECK_OK(prtMemcpy(&total, drout, sizeof(float), prtMemcpyDeviceToHost));
    CHECK(near(total, ref, 1e-6));
    value("warp_block_reduce", total);
    return finish();
}
