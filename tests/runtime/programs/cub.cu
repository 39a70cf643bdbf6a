// prtcub: block, warp and device primitives against host references (sizes that are not multiples of a block).
#include "check.h"

#include <prt/cub.h>

#include <algorithm>
#include <vector>

constexpr int B = 128;

// Operators of the test's own (CUDA 13's CUB has dropped cub::Max and friends for libcu++'s).
struct MaxOp {
    __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};
struct Differs {
    __host__ __device__ int operator()(int a, int b) const { return a != b; }
};
struct Minus {
    __host__ __device__ int operator()(int a, int b) const { return a - b; }
};

// Block reductions: sums of one and of four items per thread, a max over the first `valid` threads, and a 2-D
// block's sum. out[blockIdx.x * 4 + k].
__global__ void block_reduce(const int* in, int* out, int valid) {
    typedef prtcub::BlockReduce<int, B> R;
    __shared__ typename R::TempStorage temp;
    int t = threadIdx.x, x = in[blockIdx.x * B + t];
    // CUB asks for a barrier before a TempStorage is used again.
    int sum = R(temp).Sum(x);
    __syncthreads();
    int items[4] = {x, x + 1, 2 * x, -x};
    int sum4 = R(temp).Sum(items);
    __syncthreads();
    int mx = R(temp).Reduce(x, MaxOp(), valid);
    if (t == 0) {
        out[blockIdx.x * 4 + 0] = sum;
        out[blockIdx.x * 4 + 1] = sum4;
        out[blockIdx.x * 4 + 2] = mx;
    }
}

__global__ void block_reduce_2d(const int* in, int* out) {
    typedef prtcub::BlockReduce<int, 16, prtcub::BLOCK_REDUCE_WARP_REDUCTIONS, 8> R;
    __shared__ typename R::TempStorage temp;
    int t = threadIdx.y * 16 + threadIdx.x;
    int sum = R(temp).Sum(in[blockIdx.x * B + t] * (threadIdx.y + 1));
    if (threadIdx.x == 0 && threadIdx.y == 0) out[blockIdx.x * 4 + 3] = sum;
}

// A running prefix over the tiles one block walks through (CUB's block-prefix callback).
struct Running {
    int total;
    __device__ int operator()(int block_aggregate) {
        int old = total;
        total += block_aggregate;
        return old;
    }
};


// Scans: exclusive sum with the block total, inclusive max, two items per thread, and a callback over tiles.
__global__ void block_scan(const int* in, int* excl, int* incl_max, int* excl2, int* tiles, int* totals, int ntiles) {
    typedef prtcub::BlockScan<int, B> S;
    __shared__ typename S::TempStorage temp;
    int t = threadIdx.x, x = in[t];
    int e, total;
    S(temp).ExclusiveSum(x, e, total);
    excl[t] = e;
    if (t == 0) totals[0] = total;
    int m;
    __syncthreads();
    S(temp).InclusiveScan(x, m, MaxOp());
    incl_max[t] = m;
    int two[2] = {x, in[B + t]}, out2[2];
    __syncthreads();
    S(temp).ExclusiveSum(two, out2);
    excl2[2 * t] = out2[0];
    excl2[2 * t + 1] = out2[1];
    Running prefix{0};
    for (int k = 0; k < ntiles; ++k) {
        int v = in[k * B + t], o;
        __syncthreads();
        S(temp).ExclusiveSum(v, o, prefix);
        tiles[k * B + t] = o;
    }
}

// Blocked loads and stores through the transposing algorithms, a partial last tile, and adjacent differences.
constexpr int IPT = 3;
__global__ void load_store(const int* in, int* out, int* left, int* right, int n) {
    typedef prtcub::BlockLoad<int, B, IPT, prtcub::BLOCK_LOAD_WARP_TRANSPOSE> L;
    typedef prtcub::BlockStore<int, B, IPT, prtcub::BLOCK_STORE_WARP_TRANSPOSE> St;
    typedef prtcub::BlockAdjacentDifference<int, B> D;
    __shared__ union {
        typename L::TempStorage load;
        typename St::TempStorage store;
        typename D::TempStorage diff;
    } temp;
    int base = blockIdx.x * B * IPT, valid = n - base;
    int items[IPT], l[IPT], r[IPT];
    L(temp.load).Load(in + base, items, valid, -1);
    __syncthreads();
    int stored[IPT];  // CUB's transposing store exchanges the items it is given in place
    for (int i = 0; i < IPT; ++i) stored[i] = items[i] *= 2;
    St(temp.store).Store(out + base, stored, valid);
    __syncthreads();
    D(temp.diff).SubtractLeft(items, l, Differs());
    __syncthreads();
    D(temp.diff).SubtractRight(items, r, Minus());
    for (int i = 0; i < IPT; ++i) {
        left[base + threadIdx.x * IPT + i] = l[i];
        right[base + threadIdx.x * IPT + i] = r[i];
    }
}

// Warp reductions and scans, in logical warps of 32 and of 8 lanes.
__global__ void warp_ops(const int* in, int* sums, int* scans, int* sums8) {
    typedef prtcub::WarpReduce<int> W;
    typedef prtcub::WarpScan<int> WS;
    typedef prtcub::WarpReduce<int, 8> W8;
    __shared__ typename W::TempStorage wr[B / 32];
    __shared__ typename WS::TempStorage ws[B / 32];
    __shared__ typename W8::TempStorage w8[B / 8];
    int t = threadIdx.x, x = in[t];
    int s = W(wr[t / 32]).Sum(x);  // three primitives, three storages: no barrier between them
    if (t % 32 == 0) sums[t / 32] = s;
    int e, agg;
    WS(ws[t / 32]).ExclusiveSum(x, e, agg);
    scans[t] = e + 1000 * (agg == 0);  // every warp's total is positive
    int s8 = W8(w8[t / 8]).Reduce(x, MaxOp());
    if (t % 8 == 0) sums8[t / 8] = s8;
}

struct Positive {
    __host__ __device__ bool operator()(int v) const { return v > 0; }
};

// A device algorithm's two calls, as CUB has them: the first with no storage asks for its size, the second runs.
template <class Call>
void two_calls(Call call) {
    void* temp = nullptr;
    size_t bytes = 0;
    CHECK_OK(call(temp, bytes));
    CHECK_OK(prtMalloc(&temp, bytes));
    CHECK_OK(call(temp, bytes));
}

template <class T>
T* to_device(const std::vector<T>& h) {
    T* d = nullptr;
    CHECK_OK(prtMalloc(&d, sizeof(T) * (h.size() ? h.size() : 1)));
    if (!h.empty()) CHECK_OK(prtMemcpy(d, h.data(), sizeof(T) * h.size(), prtMemcpyHostToDevice));
    return d;
}
template <class T>
std::vector<T> to_host(const T* d, size_t n) {
    std::vector<T> h(n);
    CHECK_OK(prtMemcpy(h.data(), d, sizeof(T) * n, prtMemcpyDeviceToHost));
    return h;
}

int main() {
    const int blocks = 5, n = blocks * B;
    std::vector<int> h(n);
    for (int i = 0; i < n; ++i) h[i] = int((i * 37u + 11u) % 101u) - 40;
    int* d_in = to_device(h);

    // Block reductions.
    int* d_out = to_device(std::vector<int>(blocks * 4, 0));
    const int valid = 77;
    CHECK_OK(prtLaunchKernel(block_reduce, dim3(blocks), dim3(B), 0, 0, d_in, d_out, valid));
    CHECK_OK(prtLaunchKernel(block_reduce_2d, dim3(blocks), dim3(dim3(16, 8)), 0, 0, d_in, d_out));
    CHECK_OK(prtDeviceSynchronize());
    std::vector<int> out = to_host(d_out, blocks * 4);
    for (int b = 0; b < blocks; ++b) {
        int sum = 0, sum4 = 0, mx = -1000000, sum2d = 0;
        for (int t = 0; t < B; ++t) {
            int x = h[b * B + t];
            sum += x;
            sum4 += x + x + 1 + 2 * x - x;
            if (t < valid) mx = std::max(mx, x);
            sum2d += x * (t / 16 + 1);
        }
        CHECK(out[b * 4 + 0] == sum);
        CHECK(out[b * 4 + 1] == sum4);
        CHECK(out[b * 4 + 2] == mx);
        CHECK(out[b * 4 + 3] == sum2d);
        std::printf("VALUE block_reduce_%d %d %d %d %d\n", b, out[b * 4], out[b * 4 + 1], out[b * 4 + 2], out[b * 4 + 3]);
    }

    // Block scans.
    int *d_excl = to_device(std::vector<int>(B)), *d_max = to_device(std::vector<int>(B));
    int *d_excl2 = to_device(std::vector<int>(2 * B)), *d_tiles = to_device(std::vector<int>(n));
    int* d_total = to_device(std::vector<int>(1));
    CHECK_OK(prtLaunchKernel(block_scan, dim3(1), dim3(B), 0, 0, d_in, d_excl, d_max, d_excl2, d_tiles, d_total, blocks));
    CHECK_OK(prtDeviceSynchronize());
    std::vector<int> excl = to_host(d_excl, B), mxs = to_host(d_max, B), excl2 = to_host(d_excl2, 2 * B);
    std::vector<int> tiles = to_host(d_tiles, n), total = to_host(d_total, 1);
    int run = 0, m = -1000000, bad = 0;
    for (int t = 0; t < B; ++t) {
        bad += excl[t] != run;
        run += h[t];
        m = std::max(m, h[t]);
        bad += mxs[t] != m;
    }
    CHECK(bad == 0);
    CHECK(total[0] == run);
    run = 0;
    for (int t = 0; t < B; ++t) {
        CHECK(excl2[2 * t] == run);
        run += h[t];
        CHECK(excl2[2 * t + 1] == run);
        run += h[B + t];
    }
    run = 0;
    bad = 0;
    for (int i = 0; i < n; ++i) {
        bad += tiles[i] != run;
        run += h[i];
    }
    CHECK(bad == 0);
    std::printf("VALUE block_scan %d %d %d\n", excl[B - 1], mxs[B - 1], tiles[n - 1]);

    // Loads, stores and adjacent differences over a partial last tile.
    const int m_items = B * IPT + 100;  // the second tile is partial
    int *d_st = to_device(std::vector<int>(2 * B * IPT, 7)), *d_l = to_device(std::vector<int>(2 * B * IPT));
    int* d_r = to_device(std::vector<int>(2 * B * IPT));
    CHECK_OK(prtLaunchKernel(load_store, dim3(2), dim3(B), 0, 0, d_in, d_st, d_l, d_r, m_items));
    CHECK_OK(prtDeviceSynchronize());
    std::vector<int> st = to_host(d_st, 2 * B * IPT), l = to_host(d_l, 2 * B * IPT), r = to_host(d_r, 2 * B * IPT);
    bad = 0;
    for (int b = 0; b < 2; ++b)
        for (int i = 0; i < B * IPT; ++i) {
            int g = b * B * IPT + i;
            int v = g < m_items ? 2 * h[g] : -2;  // out of range: the default -1, doubled
            bad += st[g] != (g < m_items ? v : 7);
            int prev = i == 0 ? v : (g - 1 < m_items ? 2 * h[g - 1] : -2);
            int next = i == B * IPT - 1 ? v : (g + 1 < m_items ? 2 * h[g + 1] : -2);
            bad += l[g] != (i == 0 ? v : int(v != prev));
            bad += r[g] != (i == B * IPT - 1 ? v : v - next);
        }
    CHECK(bad == 0);
    std::printf("VALUE load_store %d %d %d\n", st[100], l[101], r[102]);

    // Warp primitives.
    std::vector<int> hp(B);
    for (int t = 0; t < B; ++t) hp[t] = 1 + (t * 13) % 17;
    int *d_p = to_device(hp), *d_ws = to_device(std::vector<int>(B / 32)), *d_wsc = to_device(std::vector<int>(B));
    int* d_w8 = to_device(std::vector<int>(B / 8));
    CHECK_OK(prtLaunchKernel(warp_ops, dim3(1), dim3(B), 0, 0, d_p, d_ws, d_wsc, d_w8));
    CHECK_OK(prtDeviceSynchronize());
    std::vector<int> ws = to_host(d_ws, B / 32), wsc = to_host(d_wsc, B), w8 = to_host(d_w8, B / 8);
    for (int w = 0; w < B / 32; ++w) {
        int s = 0;
        for (int lane = 0; lane < 32; ++lane) {
            CHECK(wsc[w * 32 + lane] == s);
            s += hp[w * 32 + lane];
        }
        CHECK(ws[w] == s);
    }
    for (int w = 0; w < B / 8; ++w) CHECK(w8[w] == *std::max_element(hp.begin() + w * 8, hp.begin() + w * 8 + 8));
    std::printf("VALUE warp %d %d %d\n", ws[0], wsc[B - 1], w8[3]);

    // Device primitives, each called twice: once for the size of its temporary storage, then to run.
    const int len = 1000;
    std::vector<int> hv(len);
    for (int i = 0; i < len; ++i) hv[i] = int((i * 7919u) % 201u) - 100;
    int* d_v = to_device(hv);
    int *d_sum = to_device(std::vector<int>(1)), *d_count = to_device(std::vector<int>(1));
    // CUB's own iterators are gone from CUDA 13 (Thrust's serve there); the CPU's prtcub keeps them.
    std::vector<int> hflags(len), hindex(len);
    for (int i = 0; i < len; ++i) {
        hflags[i] = hv[i] > 0;
        hindex[i] = i;
    }
#if PRT_BACKEND_CPU
    prtcub::TransformInputIterator<int, Positive, const int*> positive(d_v, Positive());
    prtcub::CountingInputIterator<int> index(0);
#else
    const int* positive = to_device(hflags);
    const int* index = to_device(hindex);
#endif
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceReduce::Sum(t, b, positive, d_sum, len); });
    int positives = int(std::count_if(hv.begin(), hv.end(), [](int v) { return v > 0; }));
    CHECK(to_host(d_sum, 1)[0] == positives);

    // The extremum and its index through two outputs (CUB 3's form; the KeyValuePair one is deprecated there).
    int *d_top = to_device(std::vector<int>(1)), *d_at = to_device(std::vector<int>(1));
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceReduce::ArgMax(t, b, d_v, d_top, d_at, len); });
    int argmax = int(std::max_element(hv.begin(), hv.end()) - hv.begin());
    CHECK(to_host(d_at, 1)[0] == argmax && to_host(d_top, 1)[0] == hv[argmax]);
#if PRT_BACKEND_CPU
    prtcub::KeyValuePair<int, int>* d_arg = nullptr;  // the older form, kept on the CPU
    CHECK_OK(prtMalloc(&d_arg, sizeof(*d_arg)));
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceReduce::ArgMax(t, b, d_v, d_arg, len); });
    auto arg = to_host(d_arg, 1)[0];
    CHECK(arg.key == argmax && arg.value == hv[argmax]);
#endif

    int* d_scan = to_device(std::vector<int>(len + 1));
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceScan::ExclusiveSum(t, b, d_v, d_scan, len); });
    std::vector<int> scan = to_host(d_scan, len);
    run = 0;
    bad = 0;
    for (int i = 0; i < len; ++i) {
        bad += scan[i] != run;
        run += hv[i];
    }
    CHECK(bad == 0);
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceScan::InclusiveScan(t, b, d_v, d_scan, MaxOp(), len); });
    scan = to_host(d_scan, len);
    m = hv[0];
    bad = 0;
    for (int i = 0; i < len; ++i) {
        m = std::max(m, hv[i]);
        bad += scan[i] != m;
    }
    CHECK(bad == 0);

    // Select the indices of the positive items.
    int* d_sel = to_device(std::vector<int>(len));
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceSelect::Flagged(t, b, index, positive, d_sel, d_count, len); });
    int count = to_host(d_count, 1)[0];
    std::vector<int> sel = to_host(d_sel, len);
    CHECK(count == positives);
    bad = 0;
    for (int i = 0, k = 0; i < len; ++i)
        if (hv[i] > 0) bad += sel[k++] != i;
    CHECK(bad == 0);

    // Run-length encoding of a sorted copy.
    std::vector<int> sorted = hv;
    std::sort(sorted.begin(), sorted.end());
    int *d_sorted = to_device(sorted), *d_uniq = to_device(std::vector<int>(len)), *d_lens = to_device(std::vector<int>(len));
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceRunLengthEncode::Encode(t, b, d_sorted, d_uniq, d_lens, d_count, len); });
    int runs = to_host(d_count, 1)[0];
    std::vector<int> uniq = to_host(d_uniq, len), lens = to_host(d_lens, len);
    int expected_runs = int(std::unique(sorted.begin(), sorted.end()) - sorted.begin());
    CHECK(runs == expected_runs);
    int covered = 0;
    for (int k = 0; k < runs && k < len; ++k) covered += lens[k];
    CHECK(covered == len);

    // Radix sort of float keys (negative ones too) with their indices, and descending int keys.
    std::vector<float> keys(len);
    std::vector<int> idx(len);
    for (int i = 0; i < len; ++i) {
        keys[i] = 0.25f * float(hv[i]);
        idx[i] = i;
    }
    float *d_k = to_device(keys), *d_k2 = to_device(std::vector<float>(len));
    int *d_i = to_device(idx), *d_i2 = to_device(std::vector<int>(len));
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceRadixSort::SortPairs(t, b, d_k, d_k2, d_i, d_i2, len); });
    std::vector<float> sk = to_host(d_k2, len);
    std::vector<int> si = to_host(d_i2, len);
    std::vector<int> order = idx;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
    CHECK(si == order);
    CHECK(std::is_sorted(sk.begin(), sk.end()));
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceRadixSort::SortKeysDescending(t, b, d_v, d_sel, len); });
    sel = to_host(d_sel, len);
    CHECK(std::is_sorted(sel.rbegin(), sel.rend()));

    // Segmented sums over uneven segments, one of them empty.
    std::vector<int> offsets = {0, 3, 3, 250, 999, 1000};
    int *d_off = to_device(offsets), *d_seg = to_device(std::vector<int>(5));
    two_calls([&](void* t, size_t& b) { return prtcub::DeviceSegmentedReduce::Sum(t, b, d_v, d_seg, 5, d_off, d_off + 1); });
    std::vector<int> seg = to_host(d_seg, 5);
    for (int s = 0; s < 5; ++s) {
        int want = 0;
        for (int i = offsets[s]; i < offsets[s + 1]; ++i) want += hv[i];
        CHECK(seg[s] == want);
    }
    std::printf("VALUE device %d %d %d %d %d %d\n", positives, argmax, count, runs, si[0], seg[3]);

    // CUB's caching allocator and its error macros, as CUB's own test utilities use them, and the Thrust iterator
    // that CUDA 13's CUB brings with it.
    prtcub::CachingDeviceAllocator allocator(true);
    int* d_alloc = nullptr;
    CubDebugExit(allocator.DeviceAllocate(reinterpret_cast<void**>(&d_alloc), 64 * sizeof(int)));
    CHECK(d_alloc != nullptr);
    CHECK(CubDebug(prtSuccess) == prtSuccess);
    CHECK_OK(prtMemcpy(d_alloc, h.data(), 64 * sizeof(int), prtMemcpyHostToDevice));
    CHECK(to_host(d_alloc, 64) == std::vector<int>(h.begin(), h.begin() + 64));
    CubDebugExit(allocator.DeviceFree(d_alloc));
    CHECK_OK(allocator.FreeAllCached());
    thrust::constant_iterator<int> sevens(7);
    CHECK(sevens[0] == 7 && sevens[1000] == 7);

    std::printf(g_failures ? "FAILED\n" : "PASSED\n");
    return g_failures ? 1 : 0;
}
