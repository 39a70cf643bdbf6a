// Cooperative groups: block and tile ranks, syncs, tile shuffles and votes, reductions and scans, a dynamic tile
// size and a coalesced group in a divergent branch, against host references.
#include "check.h"

#include <prt/cooperative_groups.h>

#include <vector>

namespace cg = cooperative_groups;

constexpr int B = 96;  // three warps

struct Pair {  // wider than 8 bytes: a shuffle moves it in pieces
    double a;
    int b;
};

__device__ float block_sum(cg::thread_block block, float* s, float v) {
    s[block.thread_rank()] = v;
    cg::sync(block);
    float t = 0;
    for (unsigned i = 0; i < block.size(); ++i) t += s[i];
    block.sync();
    return t;
}

// out[t*8 + k]: block rank and sum, tile rank and meta rank, tile sum and max, inclusive and exclusive scans.
__global__ void groups(const float* in, float* out, int* votes, double* pairs) {
    __shared__ float s[B];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
    unsigned t = block.thread_rank();
    float v = in[blockIdx.x * B + t];
    float* o = out + (blockIdx.x * B + t) * 8;
    o[0] = float(t);
    o[1] = block_sum(block, s, v);
    o[2] = float(tile.thread_rank() + 100 * tile.meta_group_rank() + 10000 * tile.meta_group_size());
    o[3] = cg::reduce(tile, v, cg::plus<float>());
    o[4] = cg::reduce(tile8, v, cg::greater<float>());
    o[5] = cg::inclusive_scan(tile8, v);
    o[6] = cg::exclusive_scan(tile8, v);
    o[7] = tile.shfl_down(v, 3) + tile.shfl(v, 5) + tile8.shfl_xor(v, 1) + tile8.shfl_up(v, 2);
    tile.sync();
    int* vt = votes + (blockIdx.x * B + t) * 3;
    vt[0] = int(tile.ballot(v > 0));
    vt[1] = tile8.any(v > 40);
    vt[2] = tile8.all(v > -100);
#if !PRT_BACKEND_HIP  // HIP's tiles shuffle integers and floating-point values only
    Pair p{double(v) * 0.5, int(t)};
    Pair q = tile.shfl(p, 31 - int(tile.thread_rank()));
    pairs[blockIdx.x * B + t] = q.a + q.b;
#else
    unsigned src = 31 - tile.thread_rank();
    pairs[blockIdx.x * B + t] = tile.shfl(double(v) * 0.5, int(src)) + double(t / 32 * 32 + src);
#endif
}

// A tile of a size known only at run time, and the threads of a branch as one coalesced group.
__global__ void dynamic_and_coalesced(const float* in, int* compact, int* count, float* dyn) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_group tile = cg::tiled_partition(block, 16);
    unsigned t = block.thread_rank();
    float v = in[t];
    tile.sync();
    dyn[t] = float(tile.size()) + 1000.0f * float(tile.thread_rank());
    if (v > 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        int base = 0;
        if (active.thread_rank() == 0) base = atomicAdd(count, int(active.size()));
        base = active.shfl(base, 0);
        compact[base + active.thread_rank()] = int(t);
    }
}

int main() {
    const int blocks = 2, n = blocks * B;
    std::vector<float> h(n);
    for (int i = 0; i < n; ++i) h[i] = float(int((i * 29u + 7u) % 97u) - 48);
    float *d_in = nullptr, *d_out = nullptr, *d_dyn = nullptr;
    int *d_votes = nullptr, *d_compact = nullptr, *d_count = nullptr;
    double* d_pairs = nullptr;
    CHECK_OK(prtMalloc(&d_in, sizeof(float) * n));
    CHECK_OK(prtMalloc(&d_out, sizeof(float) * n * 8));
    CHECK_OK(prtMalloc(&d_votes, sizeof(int) * n * 3));
    CHECK_OK(prtMalloc(&d_pairs, sizeof(double) * n));
    CHECK_OK(prtMalloc(&d_dyn, sizeof(float) * B));
    CHECK_OK(prtMalloc(&d_compact, sizeof(int) * B));
    CHECK_OK(prtMalloc(&d_count, sizeof(int)));
    CHECK_OK(prtMemset(d_count, 0, sizeof(int)));
    CHECK_OK(prtMemcpy(d_in, h.data(), sizeof(float) * n, prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(groups, dim3(blocks), dim3(B), 0, 0, d_in, d_out, d_votes, d_pairs));
    CHECK_OK(prtLaunchKernel(dynamic_and_coalesced, dim3(1), dim3(B), 0, 0, d_in, d_compact, d_count, d_dyn));
    CHECK_OK(prtDeviceSynchronize());
    std::vector<float> out(n * 8), dyn(B);
    std::vector<int> votes(n * 3), compact(B);
    std::vector<double> pairs(n);
    int count = 0;
    CHECK_OK(prtMemcpy(out.data(), d_out, sizeof(float) * n * 8, prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(votes.data(), d_votes, sizeof(int) * n * 3, prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(pairs.data(), d_pairs, sizeof(double) * n, prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(dyn.data(), d_dyn, sizeof(float) * B, prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(compact.data(), d_compact, sizeof(int) * B, prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(&count, d_count, sizeof(int), prtMemcpyDeviceToHost));

    int bad = 0;
    for (int b = 0; b < blocks; ++b) {
        float bsum = 0;
        for (int t = 0; t < B; ++t) bsum += h[b * B + t];
        for (int t = 0; t < B; ++t) {
            const float* o = &out[(b * B + t) * 8];
            auto x = [&](int i) { return h[b * B + i]; };
            int w = t / 32 * 32, e = t / 8 * 8, lane = t % 32, l8 = t % 8;
            float tsum = 0, tmax = -1e9f, incl = 0, excl = 0;
            for (int i = w; i < w + 32; ++i) tsum += x(i);
            for (int i = e; i < e + 8; ++i) {
                tmax = std::max(tmax, x(i));
                if (i <= t) incl += x(i);
                if (i < t) excl += x(i);
            }
            float mix = (lane + 3 < 32 ? x(t + 3) : x(t)) + x(w + 5) + x(e + (l8 ^ 1)) + (l8 >= 2 ? x(t - 2) : x(t));
            bad += o[0] != float(t);
            bad += o[1] != bsum;
            bad += o[2] != float(lane + 100 * (t / 32) + 10000 * (B / 32));
            bad += o[3] != tsum;
            bad += o[4] != tmax;
            bad += o[5] != incl;
            bad += o[6] != excl;
            bad += o[7] != mix;
            unsigned ballot = 0;
            bool any = false, all = true;
            for (int i = w; i < w + 32; ++i) ballot |= unsigned(x(i) > 0) << (i - w);
            for (int i = e; i < e + 8; ++i) {
                any = any || x(i) > 40;
                all = all && x(i) > -100;
            }
            const int* vt = &votes[(b * B + t) * 3];
            bad += unsigned(vt[0]) != ballot;
            bad += vt[1] != int(any);
            bad += vt[2] != int(all);
            int src = w + 31 - lane;
            bad += pairs[b * B + t] != double(x(src)) * 0.5 + src;
        }
    }
    CHECK(bad == 0);
    int positives = 0;
    for (int t = 0; t < B; ++t) {
        CHECK(dyn[t] == 16.0f + 1000.0f * float(t % 16));
        positives += h[t] > 0;
    }
    CHECK(count == positives);
    std::vector<int> seen(B, 0);
    for (int k = 0; k < count && k < B; ++k) seen[compact[k]] += 1;
    for (int t = 0; t < B; ++t) CHECK(seen[t] == int(h[t] > 0));
    std::printf("VALUE groups %g %g %g %g %d\n", out[1], out[3], out[4], out[7], count);
    std::printf(g_failures ? "FAILED\n" : "PASSED\n");
    return g_failures ? 1 : 0;
}
