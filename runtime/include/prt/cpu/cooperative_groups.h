// prt/cpu/cooperative_groups.h: cooperative groups on the CPU backend (prt/cooperative_groups.h lists them).
//
// A block's sync is its barrier, a tile's sync and exchanges are the warp's (a tile lies inside one warp of 32
// threads), so a kernel that uses groups runs its block's threads on fibers, as any kernel that synchronises does.
// A grid's sync is the block's barrier followed by a wait for every other block of a cooperative launch.
// A tile's shuffles take values of any trivially copyable type, in 8-byte pieces.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "prt/kernel.h"
#include "prt/warp.h"

namespace cooperative_groups {

namespace details {

inline unsigned linear_thread() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
inline unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }

// The value of lane `src` (of the calling thread's warp) for each lane; a lane outside the warp's running
// threads, or an out-of-range one, gives the caller's own value back, as __shfl_sync does.
template <class T>
inline T lane_value(T v, int src) {
    static_assert(std::is_trivially_copyable_v<T>, "a group shuffle needs a trivially copyable type");
    constexpr size_t pieces = (sizeof(T) + 7) / 8;
    uint64_t in[pieces] = {}, out[pieces];
    std::memcpy(in, &v, sizeof(T));
    for (size_t p = 0; p < pieces; ++p) {
        unsigned lane, g;
        const ::prt::cpu::WarpSlots& ws = ::prt::cpu::warp_exchange(in[p], &lane, &g);
        bool ok = src >= 0 && src < 32 && ((ws.arrived[g] >> src) & 1u);
        out[p] = ok ? ws.slot[g][src] : in[p];
    }
    T r;
    std::memcpy(&r, out, sizeof(T));
    return r;
}

// Lanes of the warp that reach this call together (the threads a divergent branch left running).
inline unsigned arrived_lanes() {
    unsigned in = 0;
    ::prt::cpu::warp::ballot(0xffffffffu, 1, &in);
    return in;
}

}  // namespace details

// Every thread of the block.
class thread_block {
public:
    void sync() const { __syncthreads(); }
    unsigned long long thread_rank() const { return details::linear_thread(); }
    unsigned long long size() const { return details::block_threads(); }
    unsigned long long num_threads() const { return details::block_threads(); }
    dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    dim3 group_dim() const { return blockDim; }
    dim3 dim_threads() const { return blockDim; }
    static constexpr bool is_block = true;
};

inline thread_block this_thread_block() { return thread_block(); }

// Every thread of the grid. Its sync waits for every block, which only a cooperative launch
// (prtLaunchCooperativeKernel) can run all at once; is_valid() says whether this launch was one.
class grid_group {
public:
    void sync() const { ::prt::cpu::grid_sync(); }
    bool is_valid() const { return ::prt::cpu::this_worker().blk.grid != nullptr; }
    unsigned long long num_blocks() const { return 1ull * gridDim.x * gridDim.y * gridDim.z; }
    unsigned long long block_rank() const {
        return blockIdx.x + 1ull * gridDim.x * (blockIdx.y + 1ull * gridDim.y * blockIdx.z);
    }
    unsigned long long num_threads() const { return num_blocks() * details::block_threads(); }
    unsigned long long size() const { return num_threads(); }
    unsigned long long thread_rank() const {
        return block_rank() * details::block_threads() + details::linear_thread();
    }
    dim3 dim_blocks() const { return gridDim; }
    dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    dim3 group_dim() const { return gridDim; }
    dim3 dim_threads() const { return dim3(gridDim.x * blockDim.x, gridDim.y * blockDim.y, gridDim.z * blockDim.z); }
};
inline grid_group this_grid() { return grid_group(); }
inline void sync(const grid_group& g) { g.sync(); }

// A group of consecutive threads of one warp: a tile of `width` lanes, or the lanes in `mask` (coalesced).
class thread_group {
public:
    thread_group(unsigned width, unsigned mask) : width_(width), mask_(mask) {}
    unsigned long long thread_rank() const {
        unsigned lane = details::linear_thread() % 32;
        if (mask_) return unsigned(__builtin_popcount(mask_ & ((1u << lane) - 1u)));
        return details::linear_thread() % width_;
    }
    unsigned long long size() const { return mask_ ? unsigned(__builtin_popcount(mask_)) : width_; }
    unsigned long long num_threads() const { return size(); }
    // A tile's index among the block's tiles, and their number.
    unsigned long long meta_group_rank() const { return mask_ ? 0 : details::linear_thread() / width_; }
    unsigned long long meta_group_size() const {
        return mask_ ? 1 : (details::block_threads() + width_ - 1) / width_;
    }
    void sync() const { __syncwarp(); }

    // Shuffles by rank within the group.
    template <class T>
    T shfl(T v, int src_rank) const { return details::lane_value(v, lane_of(unsigned(src_rank) % unsigned(size()))); }
    template <class T>
    T shfl_down(T v, unsigned delta) const {
        unsigned r = unsigned(thread_rank()) + delta;
        return details::lane_value(v, r < size() ? lane_of(r) : -1);
    }
    template <class T>
    T shfl_up(T v, unsigned delta) const {
        unsigned r = unsigned(thread_rank());
        return details::lane_value(v, r >= delta ? lane_of(r - delta) : -1);
    }
    template <class T>
    T shfl_xor(T v, unsigned mask) const {
        unsigned r = unsigned(thread_rank()) ^ mask;
        return details::lane_value(v, r < size() ? lane_of(r) : -1);
    }
    unsigned ballot(int pred) const {
        unsigned votes = ::prt::cpu::warp::ballot(group_mask(), pred);
        if (mask_) return compact(votes);
        return (votes >> base()) & (width_ == 32 ? 0xffffffffu : ((1u << width_) - 1u));
    }
    bool any(int pred) const { return ballot(pred) != 0; }
    bool all(int pred) const {
        unsigned b = ballot(pred);
        unsigned full = size() == 32 ? 0xffffffffu : ((1u << size()) - 1u);
        return b == full;
    }

protected:
    unsigned base() const { return (details::linear_thread() % 32) / width_ * width_; }
    unsigned group_mask() const {
        if (mask_) return mask_;
        return (width_ == 32 ? 0xffffffffu : ((1u << width_) - 1u)) << base();
    }
    // The warp lane of the thread of rank r.
    int lane_of(unsigned r) const {
        if (!mask_) return int(base() + r);
        unsigned m = mask_;
        for (unsigned i = 0; i < r; ++i) m &= m - 1;
        return m ? __builtin_ctz(m) : -1;
    }
    unsigned compact(unsigned votes) const {
        unsigned out = 0, k = 0;
        for (unsigned l = 0; l < 32; ++l)
            if ((mask_ >> l) & 1u) out |= ((votes >> l) & 1u) << k++;
        return out;
    }
    unsigned width_, mask_;
};

template <unsigned N, class Parent = void>
class thread_block_tile : public thread_group {
    static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "a tile's size is a power of two up to 32");

public:
    thread_block_tile() : thread_group(N, 0) {}
    static constexpr unsigned long long size() { return N; }
    static constexpr unsigned long long num_threads() { return N; }
    // A tile of a tile, or a tile converted to its parent-less form.
    template <class P>
    thread_block_tile(const thread_block_tile<N, P>&) : thread_group(N, 0) {}
};

// The lanes of the warp that reach this call together.
class coalesced_group : public thread_group {
public:
    explicit coalesced_group(unsigned mask) : thread_group(32, mask) {}
};

inline coalesced_group coalesced_threads() { return coalesced_group(details::arrived_lanes()); }

template <unsigned N, class Parent>
inline thread_block_tile<N, Parent> tiled_partition(const Parent&) {
    return thread_block_tile<N, Parent>();
}
// A dynamic size: a power of two up to 32.
inline thread_group tiled_partition(const thread_block&, unsigned n) { return thread_group(n, 0); }
inline thread_group tiled_partition(const thread_group&, unsigned n) { return thread_group(n, 0); }

inline void sync(const thread_block& g) { g.sync(); }
inline void sync(const thread_group& g) { g.sync(); }

// ---- collectives over a tile or coalesced group ----

// The collectives' operators, in T (`plus<float>()`), or in the operands' own type (`plus<>()`).
template <class T = void>
struct plus {
    template <class A, class R = std::conditional_t<std::is_void_v<T>, A, T>>
    R operator()(const A& a, const A& b) const { return R(a) + R(b); }
};
template <class T = void>
struct less {  // the smaller
    template <class A, class R = std::conditional_t<std::is_void_v<T>, A, T>>
    R operator()(const A& a, const A& b) const { return R(b) < R(a) ? R(b) : R(a); }
};
template <class T = void>
struct greater {  // the larger
    template <class A, class R = std::conditional_t<std::is_void_v<T>, A, T>>
    R operator()(const A& a, const A& b) const { return R(a) < R(b) ? R(b) : R(a); }
};
template <class T = void>
struct bit_and {
    template <class A, class R = std::conditional_t<std::is_void_v<T>, A, T>>
    R operator()(const A& a, const A& b) const { return R(a) & R(b); }
};
template <class T = void>
struct bit_or {
    template <class A, class R = std::conditional_t<std::is_void_v<T>, A, T>>
    R operator()(const A& a, const A& b) const { return R(a) | R(b); }
};
template <class T = void>
struct bit_xor {
    template <class A, class R = std::conditional_t<std::is_void_v<T>, A, T>>
    R operator()(const A& a, const A& b) const { return R(a) ^ R(b); }
};

namespace details {

// Every value of the group, in rank order, through one exchange per rank.
template <class G, class T, class F>
inline void each_in_group(const G& g, T v, F&& f) {
    unsigned n = unsigned(g.size());
    for (unsigned r = 0; r < n; ++r) f(r, g.shfl(v, int(r)));
}

}  // namespace details

// The reduction over the group, in every thread: a tile combines halves (log2 of its size exchanges; every
// thread forms the same operations, so all get the same bits), a coalesced group its members in rank order.
template <class G, class T, class Op>
inline T reduce(const G& g, T v, Op op) {
    T acc = v;
    if constexpr (std::is_same_v<G, coalesced_group>) {
        details::each_in_group(g, v, [&](unsigned r, T x) { acc = r == 0 ? x : T(op(acc, x)); });
    } else {
        for (unsigned off = unsigned(g.size()) / 2; off > 0; off /= 2) {
            T other = g.shfl_xor(acc, off);
            acc = (unsigned(g.thread_rank()) & off) ? T(op(other, acc)) : T(op(acc, other));
        }
    }
    return acc;
}

template <class G, class T, class Op>
inline T inclusive_scan(const G& g, T v, Op op) {
    unsigned me = unsigned(g.thread_rank());
    T acc = v;
    details::each_in_group(g, v, [&](unsigned r, T x) {
        if (r <= me) acc = r == 0 ? x : T(op(acc, x));
    });
    return acc;
}
template <class G, class T>
inline T inclusive_scan(const G& g, T v) { return inclusive_scan(g, v, plus<T>()); }

// Rank 0 gets a value-initialised T (CUDA leaves it undefined for operators other than plus).
template <class G, class T, class Op>
inline T exclusive_scan(const G& g, T v, Op op) {
    unsigned me = unsigned(g.thread_rank());
    T acc = T();
    details::each_in_group(g, v, [&](unsigned r, T x) {
        if (r < me) acc = r == 0 ? x : T(op(acc, x));
    });
    return acc;
}
template <class G, class T>
inline T exclusive_scan(const G& g, T v) { return exclusive_scan(g, v, plus<T>()); }

}  // namespace cooperative_groups
