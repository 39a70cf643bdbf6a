// prt/cpu/cub.h: the CPU backend's prtcub, the part of CUB's API that programs use (prt/cub.h lists it).
//
// Block primitives exchange through their TempStorage (declared __shared__, so one per block) and the block
// barrier: a kernel that calls one runs its block's threads on fibers, as any kernel that synchronises does.
// Warp primitives exchange through their TempStorage and the warp barrier. Device primitives follow CUB's two-call
// protocol (a first call with no temporary storage asks for its size) and run on the calling thread, after the
// stream's earlier work (on the CPU backend that work is done when it returns).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "prt/types.h"
#include "prt/error.h"
#include "prt/memory.h"
#include "prt/kernel.h"
#include "prt/warp.h"

namespace prtcub {

// ---- operators and pairs ----

struct Sum {
    template <class A, class B>
    auto operator()(const A& a, const B& b) const { return a + b; }
};
struct Max {
    template <class A, class B>
    auto operator()(const A& a, const B& b) const { return a < b ? b : a; }
};
struct Min {
    template <class A, class B>
    auto operator()(const A& a, const B& b) const { return b < a ? b : a; }
};
struct Equality {
    template <class A, class B>
    bool operator()(const A& a, const B& b) const { return a == b; }
};
struct Inequality {
    template <class A, class B>
    bool operator()(const A& a, const B& b) const { return !(a == b); }
};

template <class K, class V>
struct KeyValuePair {
    typedef K Key;
    typedef V Value;
    K key;
    V value;
    KeyValuePair() = default;
    KeyValuePair(const K& k, const V& v) : key(k), value(v) {}
    bool operator!=(const KeyValuePair& o) const { return key != o.key || value != o.value; }
};

// The pair with the larger value; of equal values, the one with the smaller key (CUB's ArgMax).
struct ArgMax {
    template <class P>
    P operator()(const P& a, const P& b) const {
        if (b.value > a.value || (!(a.value > b.value) && b.key < a.key)) return b;
        return a;
    }
};
// The pair with the smaller value; of equal values, the one with the smaller key (CUB's ArgMin).
struct ArgMin {
    template <class P>
    P operator()(const P& a, const P& b) const {
        if (b.value < a.value || (!(a.value < b.value) && b.key < a.key)) return b;
        return a;
    }
};

// Order-preserving unsigned bits of a key (CUB's radix-sort traits).
template <class T, class Enable = void>
struct Traits {
    typedef std::make_unsigned_t<T> UnsignedBits;
    static constexpr UnsignedBits HIGH_BIT = UnsignedBits(1) << (sizeof(T) * 8 - 1);
    static UnsignedBits TwiddleIn(UnsignedBits key) { return std::is_signed_v<T> ? key ^ HIGH_BIT : key; }
    static UnsignedBits TwiddleOut(UnsignedBits key) { return std::is_signed_v<T> ? key ^ HIGH_BIT : key; }
    static T Max() { return std::numeric_limits<T>::max(); }
    static T Lowest() { return std::numeric_limits<T>::lowest(); }
};
template <class T>
struct Traits<T, std::enable_if_t<std::is_floating_point_v<T>>> {
    typedef std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t> UnsignedBits;
    static constexpr UnsignedBits HIGH_BIT = UnsignedBits(1) << (sizeof(T) * 8 - 1);
    static UnsignedBits TwiddleIn(UnsignedBits key) {
        UnsignedBits mask = (key & HIGH_BIT) ? UnsignedBits(~UnsignedBits(0)) : HIGH_BIT;
        return key ^ mask;
    }
    static UnsignedBits TwiddleOut(UnsignedBits key) {
        UnsignedBits mask = (key & HIGH_BIT) ? HIGH_BIT : UnsignedBits(~UnsignedBits(0));
        return key ^ mask;
    }
    static T Max() { return std::numeric_limits<T>::max(); }
    static T Lowest() { return std::numeric_limits<T>::lowest(); }
};

// ---- iterators ----

template <class Value, class Offset = std::ptrdiff_t>
class CountingInputIterator {
public:
    typedef std::random_access_iterator_tag iterator_category;
    typedef Value value_type;
    typedef std::ptrdiff_t difference_type;
    typedef const Value* pointer;
    typedef Value reference;
    CountingInputIterator(const Value& v = Value()) : v_(v) {}
    Value operator*() const { return v_; }
    Value operator[](difference_type n) const { return Value(v_ + n); }
    CountingInputIterator operator+(difference_type n) const { return CountingInputIterator(Value(v_ + n)); }
    CountingInputIterator operator-(difference_type n) const { return CountingInputIterator(Value(v_ - n)); }
    difference_type operator-(const CountingInputIterator& o) const { return difference_type(v_ - o.v_); }
    CountingInputIterator& operator++() { ++v_; return *this; }
    CountingInputIterator operator++(int) { CountingInputIterator t = *this; ++v_; return t; }
    CountingInputIterator& operator+=(difference_type n) { v_ = Value(v_ + n); return *this; }
    bool operator==(const CountingInputIterator& o) const { return v_ == o.v_; }
    bool operator!=(const CountingInputIterator& o) const { return !(v_ == o.v_); }
private:
    Value v_;
};

template <class Value, class Offset = std::ptrdiff_t>
class ConstantInputIterator {
public:
    typedef std::random_access_iterator_tag iterator_category;
    typedef Value value_type;
    typedef std::ptrdiff_t difference_type;
    typedef const Value* pointer;
    typedef Value reference;
    ConstantInputIterator(const Value& v = Value(), Offset i = 0) : v_(v), i_(i) {}
    Value operator*() const { return v_; }
    Value operator[](difference_type) const { return v_; }
    ConstantInputIterator operator+(difference_type n) const { return ConstantInputIterator(v_, Offset(i_ + n)); }
    difference_type operator-(const ConstantInputIterator& o) const { return difference_type(i_ - o.i_); }
    ConstantInputIterator& operator++() { ++i_; return *this; }
    ConstantInputIterator operator++(int) { ConstantInputIterator t = *this; ++i_; return t; }
    bool operator==(const ConstantInputIterator& o) const { return i_ == o.i_; }
    bool operator!=(const ConstantInputIterator& o) const { return i_ != o.i_; }
private:
    Value v_;
    Offset i_;
};

template <class Value, class Op, class Input, class Offset = std::ptrdiff_t>
class TransformInputIterator {
public:
    typedef std::random_access_iterator_tag iterator_category;
    typedef Value value_type;
    typedef std::ptrdiff_t difference_type;
    typedef const Value* pointer;
    typedef Value reference;
    TransformInputIterator(Input in, Op op) : in_(in), op_(op) {}
    Value operator*() const { return op_(*in_); }
    Value operator[](difference_type n) const { return op_(in_[n]); }
    TransformInputIterator operator+(difference_type n) const { return TransformInputIterator(in_ + n, op_); }
    difference_type operator-(const TransformInputIterator& o) const { return in_ - o.in_; }
    TransformInputIterator& operator++() { ++in_; return *this; }
    TransformInputIterator operator++(int) { TransformInputIterator t = *this; ++in_; return t; }
    bool operator==(const TransformInputIterator& o) const { return in_ == o.in_; }
    bool operator!=(const TransformInputIterator& o) const { return in_ != o.in_; }
private:
    Input in_;
    Op op_;
};

// ---- algorithm tags (every variant computes the same result here) ----

enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm {
    BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
    BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

namespace detail {

// Storage for `n` values of T that constructs none of them (CUB's Uninitialized), so it can be __shared__.
template <class T, int n>
struct Slots {
    alignas(T) unsigned char bytes[sizeof(T) * (n > 0 ? n : 1)];
    T* data() { return reinterpret_cast<T*>(bytes); }
    T& operator[](int i) { return data()[i]; }
};

template <int BX, int BY, int BZ>
inline int linear_tid() {
    return int(threadIdx.x) + (BY > 1 || BZ > 1 ? int(threadIdx.y) * BX + int(threadIdx.z) * BX * BY : 0);
}

// The index of the calling thread in its block, x fastest (a warp's lanes are consecutive ones).
inline unsigned thread_rank() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }

// The block's own storage of a primitive made without one (its default constructor): __shared__, one per block.
template <class Storage>
inline Storage& private_storage() {
    static thread_local Storage s;
    return s;
}

inline void block_sync() { ::prt::cpu::block_barrier(1); }
inline void warp_sync() { __syncwarp(); }

// Thread order reduction of s[0..n) with op.
template <class T, class Op>
inline T fold(T* s, int n, Op op) {
    T acc = s[0];
    for (int i = 1; i < n; ++i) acc = op(acc, s[i]);
    return acc;
}

}  // namespace detail

// ---- block primitives ----

template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
    static constexpr int THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

public:
    struct TempStorage {
        detail::Slots<T, THREADS> items;
    };
    BlockReduce() : s_(detail::private_storage<TempStorage>()), tid_(detail::linear_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    explicit BlockReduce(TempStorage& s) : s_(s), tid_(detail::linear_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}

    // The reduction of every thread's input, in thread 0; other threads get their own input back.
    template <class Op>
    T Reduce(T input, Op op) { return reduce(input, op, THREADS); }
    // The reduction of the inputs of threads [0, num_valid), in thread 0.
    template <class Op>
    T Reduce(T input, Op op, int num_valid) { return reduce(input, op, num_valid < THREADS ? num_valid : THREADS); }
    template <int N, class Op>
    T Reduce(T (&inputs)[N], Op op) {
        T partial = inputs[0];
        for (int i = 1; i < N; ++i) partial = op(partial, inputs[i]);
        return reduce(partial, op, THREADS);
    }
    T Sum(T input) { return reduce(input, prtcub::Sum{}, THREADS); }
    T Sum(T input, int num_valid) { return Reduce(input, prtcub::Sum{}, num_valid); }
    template <int N>
    T Sum(T (&inputs)[N]) { return Reduce(inputs, prtcub::Sum{}); }

private:
    template <class Op>
    T reduce(T input, Op op, int n) {
        if (tid_ < THREADS) new (&s_.items[tid_]) T(input);
        detail::block_sync();
        T out = input;
        if (tid_ == 0 && n > 0) out = detail::fold(s_.items.data(), n, op);
        detail::block_sync();  // the storage may be used again at once
        return out;
    }
    TempStorage& s_;
    int tid_;
};

template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
    static constexpr int THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

public:
    struct TempStorage {
        detail::Slots<T, THREADS> items;  // per thread: its partial, then its exclusive prefix
        detail::Slots<T, 2> block;        // the aggregate, the prefix from a callback
    };
    BlockScan() : s_(detail::private_storage<TempStorage>()), tid_(detail::linear_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    explicit BlockScan(TempStorage& s) : s_(s), tid_(detail::linear_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}

    // One item per thread.
    void ExclusiveSum(T input, T& output) { T agg; ExclusiveScan(input, output, T(0), prtcub::Sum{}, agg); }
    void ExclusiveSum(T input, T& output, T& aggregate) { ExclusiveScan(input, output, T(0), prtcub::Sum{}, aggregate); }
    template <class Callback>
    void ExclusiveSum(T input, T& output, Callback& prefix_op) {
        scan_one(input, output, prtcub::Sum{}, nullptr, &prefix_op, false);
    }
    void InclusiveSum(T input, T& output) { InclusiveScan(input, output, prtcub::Sum{}); }
    void InclusiveSum(T input, T& output, T& aggregate) { InclusiveScan(input, output, prtcub::Sum{}, aggregate); }
    template <class Callback>
    void InclusiveSum(T input, T& output, Callback& prefix_op) {
        scan_one(input, output, prtcub::Sum{}, nullptr, &prefix_op, true);
    }
    template <class Op>
    void ExclusiveScan(T input, T& output, T initial, Op op) { T agg; ExclusiveScan(input, output, initial, op, agg); }
    template <class Op>
    void ExclusiveScan(T input, T& output, T initial, Op op, T& aggregate) {
        NoCallback none{initial};
        scan_one(input, output, op, &aggregate, &none, false);
    }
    template <class Op, class Callback>
    void ExclusiveScan(T input, T& output, Op op, Callback& prefix_op) {
        scan_one(input, output, op, nullptr, &prefix_op, false);
    }
    template <class Op>
    void InclusiveScan(T input, T& output, Op op) { T agg; InclusiveScan(input, output, op, agg); }
    template <class Op>
    void InclusiveScan(T input, T& output, Op op, T& aggregate) {
        scan_one(input, output, op, &aggregate, static_cast<NoCallback*>(nullptr), true);
    }
    template <class Op, class Callback>
    void InclusiveScan(T input, T& output, Op op, Callback& prefix_op) {
        scan_one(input, output, op, nullptr, &prefix_op, true);
    }

    // N items per thread (blocked arrangement).
    template <int N>
    void ExclusiveSum(T (&in)[N], T (&out)[N]) { T agg; ExclusiveScan(in, out, T(0), prtcub::Sum{}, agg); }
    template <int N>
    void ExclusiveSum(T (&in)[N], T (&out)[N], T& aggregate) { ExclusiveScan(in, out, T(0), prtcub::Sum{}, aggregate); }
    template <int N, class Callback>
    void ExclusiveSum(T (&in)[N], T (&out)[N], Callback& prefix_op) {
        scan_items(in, out, prtcub::Sum{}, nullptr, &prefix_op, false);
    }
    template <int N>
    void InclusiveSum(T (&in)[N], T (&out)[N]) { InclusiveScan(in, out, prtcub::Sum{}); }
    template <int N>
    void InclusiveSum(T (&in)[N], T (&out)[N], T& aggregate) { InclusiveScan(in, out, prtcub::Sum{}, aggregate); }
    template <int N, class Callback>
    void InclusiveSum(T (&in)[N], T (&out)[N], Callback& prefix_op) {
        scan_items(in, out, prtcub::Sum{}, nullptr, &prefix_op, true);
    }
    template <int N, class Op>
    void ExclusiveScan(T (&in)[N], T (&out)[N], T initial, Op op) { T agg; ExclusiveScan(in, out, initial, op, agg); }
    template <int N, class Op>
    void ExclusiveScan(T (&in)[N], T (&out)[N], T initial, Op op, T& aggregate) {
        NoCallback none{initial};
        scan_items(in, out, op, &aggregate, &none, false);
    }
    template <int N, class Op, class Callback>
    void ExclusiveScan(T (&in)[N], T (&out)[N], Op op, Callback& prefix_op) {
        scan_items(in, out, op, nullptr, &prefix_op, false);
    }
    template <int N, class Op>
    void InclusiveScan(T (&in)[N], T (&out)[N], Op op) { T agg; InclusiveScan(in, out, op, agg); }
    template <int N, class Op>
    void InclusiveScan(T (&in)[N], T (&out)[N], Op op, T& aggregate) {
        scan_items(in, out, op, &aggregate, static_cast<NoCallback*>(nullptr), true);
    }
    template <int N, class Op, class Callback>
    void InclusiveScan(T (&in)[N], T (&out)[N], Op op, Callback& prefix_op) {
        scan_items(in, out, op, nullptr, &prefix_op, true);
    }

private:
    // An exclusive scan's initial value, standing where a block prefix callback would.
    struct NoCallback {
        T initial;
    };
    template <class C>
    static constexpr bool is_callback = !std::is_same_v<C, NoCallback>;

    // The exclusive prefix of this thread's partial (with the block's prefix, if any); `has` says whether there
    // is one (an inclusive scan with no callback has none for thread 0).
    template <class Op, class C>
    T prefix(T partial, Op op, T* aggregate, C* cb, bool* has) {
        if (tid_ < THREADS) new (&s_.items[tid_]) T(partial);
        detail::block_sync();
        if (tid_ == 0) {
            T* s = s_.items.data();
            T run = s[0];
            for (int i = 1; i < THREADS; ++i) {
                T next = op(run, s[i]);
                s[i] = run;  // exclusive prefix of thread i, without the block prefix
                run = next;
            }
            new (&s_.block[0]) T(run);
        }
        detail::block_sync();
        T total = s_.block[0];
        if (aggregate) *aggregate = total;
        bool block_prefix = false;
        if constexpr (is_callback<C>) {
            // CUB calls the callback in the first warp's threads with the block's aggregate; thread 0's answer is
            // the prefix of the whole block.
            if (tid_ < 32) {
                T p = (*cb)(total);
                if (tid_ == 0) new (&s_.block[1]) T(p);
            }
            detail::block_sync();
            block_prefix = true;
        } else if (cb) {
            new (&s_.block[1]) T(cb->initial);
            block_prefix = true;
        }
        T mine = tid_ == 0 ? T() : s_.items[tid_];
        T out = mine;
        *has = true;
        if (block_prefix) {
            T p = s_.block[1];
            out = tid_ == 0 ? p : op(p, mine);
        } else if (tid_ == 0) {
            *has = false;
        }
        detail::block_sync();  // the storage may be used again at once
        return out;
    }
    template <class Op, class C>
    void scan_one(T input, T& output, Op op, T* aggregate, C* cb, bool inclusive) {
        bool has;
        T p = prefix(input, op, aggregate, cb, &has);
        output = inclusive ? (has ? op(p, input) : input) : (has ? p : input);
    }
    template <int N, class Op, class C>
    void scan_items(T (&in)[N], T (&out)[N], Op op, T* aggregate, C* cb, bool inclusive) {
        T partial = in[0];
        for (int i = 1; i < N; ++i) partial = op(partial, in[i]);
        bool has;
        T run = prefix(partial, op, aggregate, cb, &has);
        for (int i = 0; i < N; ++i) {
            T x = in[i];
            if (inclusive) {
                run = has ? op(run, x) : x;
                has = true;
                out[i] = run;
            } else {
                out[i] = has ? run : x;  // thread 0's first item of a scan with no initial value is undefined
                run = has ? op(run, x) : x;
                has = true;
            }
        }
    }
    TempStorage& s_;
    int tid_;
};

// Direct loads and stores: blocked (thread t holds items [t*N, t*N+N)) and striped (thread t holds t + i*THREADS).
namespace detail {
template <bool STRIPED, int THREADS, int N>
inline int item_index(int tid, int i) { return STRIPED ? tid + i * THREADS : tid * N + i; }
// Items [0, valid) of the tile are read; the others keep their value, or take `oob` where one is given.
template <bool STRIPED, int THREADS, class T, int N, class In>
inline void load(int tid, In in, T (&items)[N], int valid, const T* oob) {
    for (int i = 0; i < N; ++i) {
        int at = item_index<STRIPED, THREADS, N>(tid, i);
        if (at < valid) items[i] = in[at];
        else if (oob) items[i] = *oob;
    }
}
template <bool STRIPED, int THREADS, class T, int N, class Out>
inline void store(int tid, Out out, T (&items)[N], int valid) {
    for (int i = 0; i < N; ++i) {
        int at = item_index<STRIPED, THREADS, N>(tid, i);
        if (at < valid) out[at] = items[i];
    }
}
constexpr int kWhole = std::numeric_limits<int>::max();  // a whole tile
}  // namespace detail

template <class T, int N, class In>
inline void LoadDirectBlocked(int tid, In in, T (&items)[N]) { detail::load<false, 1>(tid, in, items, detail::kWhole, (const T*)nullptr); }
template <class T, int N, class In>
inline void LoadDirectBlocked(int tid, In in, T (&items)[N], int valid) { detail::load<false, 1>(tid, in, items, valid, (const T*)nullptr); }
template <class T, int N, class In, class D>
inline void LoadDirectBlocked(int tid, In in, T (&items)[N], int valid, D oob) {
    T fill(oob);
    detail::load<false, 1>(tid, in, items, valid, &fill);
}
template <int THREADS, class T, int N, class In>
inline void LoadDirectStriped(int tid, In in, T (&items)[N]) { detail::load<true, THREADS>(tid, in, items, detail::kWhole, (const T*)nullptr); }
template <int THREADS, class T, int N, class In>
inline void LoadDirectStriped(int tid, In in, T (&items)[N], int valid) { detail::load<true, THREADS>(tid, in, items, valid, (const T*)nullptr); }
template <int THREADS, class T, int N, class In, class D>
inline void LoadDirectStriped(int tid, In in, T (&items)[N], int valid, D oob) {
    T fill(oob);
    detail::load<true, THREADS>(tid, in, items, valid, &fill);
}
template <class T, int N, class Out>
inline void StoreDirectBlocked(int tid, Out out, T (&items)[N]) { detail::store<false, 1>(tid, out, items, detail::kWhole); }
template <class T, int N, class Out>
inline void StoreDirectBlocked(int tid, Out out, T (&items)[N], int valid) { detail::store<false, 1>(tid, out, items, valid); }
template <int THREADS, class T, int N, class Out>
inline void StoreDirectStriped(int tid, Out out, T (&items)[N]) { detail::store<true, THREADS>(tid, out, items, detail::kWhole); }
template <int THREADS, class T, int N, class Out>
inline void StoreDirectStriped(int tid, Out out, T (&items)[N], int valid) { detail::store<true, THREADS>(tid, out, items, valid); }

namespace detail {
// What BlockLoad and BlockStore hold: the thread's rank; their TempStorage holds nothing on the CPU.
template <int BX, int BY, int BZ>
class BlockRank {
public:
    struct TempStorage {
        unsigned char unused;
    };
    BlockRank() : tid_(linear_tid<BX, BY, BZ>()) {}
    explicit BlockRank(TempStorage&) : BlockRank() {}

protected:
    int tid_;
};
}  // namespace detail

// BlockLoad/BlockStore: the striped algorithms give a striped arrangement, every other one a blocked one (as in
// CUB, where they differ only in how the memory is read). No exchange is needed for that on the CPU.
template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad : public detail::BlockRank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> {
    static constexpr int THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr bool STRIPED = ALGORITHM == BLOCK_LOAD_STRIPED;
    using detail::BlockRank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>::tid_;

public:
    using detail::BlockRank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>::BlockRank;
    template <class In>
    void Load(In in, T (&items)[ITEMS_PER_THREAD]) { detail::load<STRIPED, THREADS>(tid_, in, items, detail::kWhole, (const T*)nullptr); }
    template <class In>
    void Load(In in, T (&items)[ITEMS_PER_THREAD], int valid) { detail::load<STRIPED, THREADS>(tid_, in, items, valid, (const T*)nullptr); }
    template <class In, class D>
    void Load(In in, T (&items)[ITEMS_PER_THREAD], int valid, D oob) {
        T fill(oob);
        detail::load<STRIPED, THREADS>(tid_, in, items, valid, &fill);
    }
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore : public detail::BlockRank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> {
    static constexpr int THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr bool STRIPED = ALGORITHM == BLOCK_STORE_STRIPED;
    using detail::BlockRank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>::tid_;

public:
    using detail::BlockRank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>::BlockRank;
    template <class Out>
    void Store(Out out, T (&items)[ITEMS_PER_THREAD]) { detail::store<STRIPED, THREADS>(tid_, out, items, detail::kWhole); }
    template <class Out>
    void Store(Out out, T (&items)[ITEMS_PER_THREAD], int valid) { detail::store<STRIPED, THREADS>(tid_, out, items, valid); }
};

// Differences of neighbouring items over the block's blocked arrangement.
template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockAdjacentDifference {
    static constexpr int THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

public:
    struct TempStorage {
        detail::Slots<T, THREADS> first, last;
    };
    BlockAdjacentDifference() : s_(detail::private_storage<TempStorage>()), tid_(detail::linear_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    explicit BlockAdjacentDifference(TempStorage& s)
        : s_(s), tid_(detail::linear_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}

    // output[i] = op(input[i], input[i-1]); the block's first item stays as it is.
    template <int N, class Out, class Op>
    void SubtractLeft(T (&input)[N], Out (&output)[N], Op op) { left(input, output, op, nullptr); }
    // As above, with the item before the block for the first one.
    template <int N, class Out, class Op>
    void SubtractLeft(T (&input)[N], Out (&output)[N], Op op, T tile_predecessor) {
        left(input, output, op, &tile_predecessor);
    }
    // output[i] = op(input[i], input[i+1]); the block's last item stays as it is.
    template <int N, class Out, class Op>
    void SubtractRight(T (&input)[N], Out (&output)[N], Op op) { right(input, output, op, nullptr); }
    template <int N, class Out, class Op>
    void SubtractRight(T (&input)[N], Out (&output)[N], Op op, T tile_successor) {
        right(input, output, op, &tile_successor);
    }

private:
    template <int N, class Out, class Op>
    void left(T (&input)[N], Out (&output)[N], Op op, const T* before) {
        new (&s_.last[tid_]) T(input[N - 1]);
        detail::block_sync();
        T prev = tid_ > 0 ? s_.last[tid_ - 1] : (before ? *before : input[0]);
        bool first = tid_ == 0 && !before;
        for (int i = N - 1; i > 0; --i) output[i] = op(input[i], input[i - 1]);
        output[0] = first ? Out(input[0]) : Out(op(input[0], prev));
        detail::block_sync();
    }
    template <int N, class Out, class Op>
    void right(T (&input)[N], Out (&output)[N], Op op, const T* after) {
        new (&s_.first[tid_]) T(input[0]);
        detail::block_sync();
        bool last = tid_ == THREADS - 1 && !after;
        T next = tid_ < THREADS - 1 ? s_.first[tid_ + 1] : (after ? *after : input[N - 1]);
        for (int i = 0; i < N - 1; ++i) output[i] = op(input[i], input[i + 1]);
        output[N - 1] = last ? Out(input[N - 1]) : Out(op(input[N - 1], next));
        detail::block_sync();
    }
    TempStorage& s_;
    int tid_;
};

// ---- warp primitives (logical warps of LOGICAL_WARP_THREADS lanes, a power of two up to 32) ----

template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
public:
    struct TempStorage {
        detail::Slots<T, LOGICAL_WARP_THREADS> items;
    };
    explicit WarpReduce(TempStorage& s) : s_(s), lane_(int(detail::thread_rank() % LOGICAL_WARP_THREADS)) {}

    // The reduction over the logical warp, in its lane 0; other lanes get their own input back.
    template <class Op>
    T Reduce(T input, Op op) { return reduce(input, op, LOGICAL_WARP_THREADS); }
    template <class Op>
    T Reduce(T input, Op op, int valid) { return reduce(input, op, valid < LOGICAL_WARP_THREADS ? valid : LOGICAL_WARP_THREADS); }
    T Sum(T input) { return reduce(input, prtcub::Sum{}, LOGICAL_WARP_THREADS); }
    T Sum(T input, int valid) { return Reduce(input, prtcub::Sum{}, valid); }

private:
    template <class Op>
    T reduce(T input, Op op, int n) {
        new (&s_.items[lane_]) T(input);
        detail::warp_sync();
        T out = input;
        if (lane_ == 0 && n > 0) out = detail::fold(s_.items.data(), n, op);
        detail::warp_sync();
        return out;
    }
    TempStorage& s_;
    int lane_;
};

template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
public:
    struct TempStorage {
        detail::Slots<T, LOGICAL_WARP_THREADS> items;
    };
    explicit WarpScan(TempStorage& s) : s_(s), lane_(int(detail::thread_rank() % LOGICAL_WARP_THREADS)) {}

    void InclusiveSum(T input, T& output) { T agg; scan(input, &output, nullptr, prtcub::Sum{}, &agg); }
    void InclusiveSum(T input, T& output, T& aggregate) { scan(input, &output, nullptr, prtcub::Sum{}, &aggregate); }
    void ExclusiveSum(T input, T& output) { T agg; T zero(0); scan(input, nullptr, &output, prtcub::Sum{}, &agg, &zero); }
    void ExclusiveSum(T input, T& output, T& aggregate) {
        T zero(0);
        scan(input, nullptr, &output, prtcub::Sum{}, &aggregate, &zero);
    }
    template <class Op>
    void InclusiveScan(T input, T& output, Op op) { T agg; scan(input, &output, nullptr, op, &agg); }
    template <class Op>
    void InclusiveScan(T input, T& output, Op op, T& aggregate) { scan(input, &output, nullptr, op, &aggregate); }
    template <class Op>
    void ExclusiveScan(T input, T& output, Op op) { T agg; scan(input, nullptr, &output, op, &agg); }
    template <class Op>
    void ExclusiveScan(T input, T& output, T initial, Op op) { T agg; scan(input, nullptr, &output, op, &agg, &initial); }
    template <class Op>
    void ExclusiveScan(T input, T& output, T initial, Op op, T& aggregate) {
        scan(input, nullptr, &output, op, &aggregate, &initial);
    }
    // The value of `src_lane` in every lane of the logical warp.
    T Broadcast(T input, unsigned src_lane) {
        new (&s_.items[lane_]) T(input);
        detail::warp_sync();
        T out = s_.items[int(src_lane)];
        detail::warp_sync();
        return out;
    }

private:
    template <class Op>
    void scan(T input, T* inclusive, T* exclusive, Op op, T* aggregate, const T* initial = nullptr) {
        new (&s_.items[lane_]) T(input);
        detail::warp_sync();
        T* s = s_.items.data();
        T run = s[0];  // inclusive: lanes [0, lane]
        for (int i = 1; i <= lane_; ++i) run = op(run, s[i]);
        bool has = initial != nullptr;  // exclusive: the initial value, then lanes [0, lane)
        T before = has ? *initial : T();
        for (int i = 0; i < lane_; ++i) {
            before = has ? op(before, s[i]) : s[i];
            has = true;
        }
        T total = s[0];
        for (int i = 1; i < LOGICAL_WARP_THREADS; ++i) total = op(total, s[i]);
        if (inclusive) *inclusive = run;
        if (exclusive && has) *exclusive = before;  // lane 0's is undefined without an initial value
        *aggregate = total;
        detail::warp_sync();
    }
    TempStorage& s_;
    int lane_;
};

// ---- device primitives ----

namespace detail {

// CUB's first call: no storage given, so say how much is needed (one byte: the CPU forms need none).
inline bool size_query(void* storage, size_t& bytes) {
    if (storage) return false;
    bytes = 1;
    return true;
}

inline prtError_t wait(prtStream_t stream) { return prtStreamSynchronize(stream); }

template <class In>
using value_of = std::remove_cv_t<std::remove_reference_t<decltype(*std::declval<In>())>>;

}  // namespace detail

struct DeviceReduce {
    template <class In, class Out, class Op, class T>
    static prtError_t Reduce(void* temp, size_t& bytes, In in, Out out, int64_t n, Op op, T init,
                             prtStream_t stream = 0) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        T acc = init;
        for (int64_t i = 0; i < n; ++i) acc = op(acc, in[i]);
        *out = acc;
        return prtSuccess;
    }
    template <class In, class Out>
    static prtError_t Sum(void* temp, size_t& bytes, In in, Out out, int64_t n, prtStream_t stream = 0) {
        using O = detail::value_of<Out>;
        return Reduce(temp, bytes, in, out, n, prtcub::Sum{}, O(), stream);
    }
    template <class In, class Out>
    static prtError_t Max(void* temp, size_t& bytes, In in, Out out, int64_t n, prtStream_t stream = 0) {
        using T = detail::value_of<In>;
        return Reduce(temp, bytes, in, out, n, prtcub::Max{}, std::numeric_limits<T>::lowest(), stream);
    }
    template <class In, class Out>
    static prtError_t Min(void* temp, size_t& bytes, In in, Out out, int64_t n, prtStream_t stream = 0) {
        using T = detail::value_of<In>;
        return Reduce(temp, bytes, in, out, n, prtcub::Min{}, std::numeric_limits<T>::max(), stream);
    }
    // The first largest item and its index, as a KeyValuePair<int, T>.
    template <class In, class Out>
    static prtError_t ArgMax(void* temp, size_t& bytes, In in, Out out, int64_t n, prtStream_t stream = 0) {
        return arg(temp, bytes, in, out, n, stream, [](auto a, auto b) { return a > b; });
    }
    template <class In, class Out>
    static prtError_t ArgMin(void* temp, size_t& bytes, In in, Out out, int64_t n, prtStream_t stream = 0) {
        return arg(temp, bytes, in, out, n, stream, [](auto a, auto b) { return a < b; });
    }
    // CUB 3's form: the extremum and its index through two iterators.
    template <class In, class ValueOut, class IndexOut>
    static prtError_t ArgMax(void* temp, size_t& bytes, In in, ValueOut value, IndexOut index, int64_t n,
                             prtStream_t stream = 0) {
        return arg2(temp, bytes, in, value, index, n, stream, [](auto a, auto b) { return a > b; });
    }
    template <class In, class ValueOut, class IndexOut>
    static prtError_t ArgMin(void* temp, size_t& bytes, In in, ValueOut value, IndexOut index, int64_t n,
                             prtStream_t stream = 0) {
        return arg2(temp, bytes, in, value, index, n, stream, [](auto a, auto b) { return a < b; });
    }

private:
    // The index of the first best item (0 for none).
    template <class In, class Better>
    static int64_t best(In in, int64_t n, Better better) {
        int64_t at = 0;
        for (int64_t i = 1; i < n; ++i)
            if (better(in[i], in[at])) at = i;
        return at;
    }
    template <class In, class Out, class Better>
    static prtError_t arg(void* temp, size_t& bytes, In in, Out out, int64_t n, prtStream_t stream, Better better) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        using P = detail::value_of<Out>;
        int64_t at = best(in, n, better);
        P pair;
        pair.key = decltype(pair.key)(at);
        pair.value = n > 0 ? in[at] : decltype(pair.value)();
        *out = pair;
        return prtSuccess;
    }
    template <class In, class ValueOut, class IndexOut, class Better>
    static prtError_t arg2(void* temp, size_t& bytes, In in, ValueOut value, IndexOut index, int64_t n,
                           prtStream_t stream, Better better) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        int64_t at = best(in, n, better);
        if (n > 0) *value = in[at];
        *index = at;
        return prtSuccess;
    }
};

struct DeviceScan {
    template <class In, class Out, class Op, class T>
    static prtError_t ExclusiveScan(void* temp, size_t& bytes, In in, Out out, Op op, T init, int64_t n,
                                    prtStream_t stream = 0) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        using V = detail::value_of<Out>;
        V run = V(init);
        for (int64_t i = 0; i < n; ++i) {
            V x = V(in[i]);  // read before the write: the scan may be in place
            out[i] = run;
            run = op(run, x);
        }
        return prtSuccess;
    }
    template <class In, class Out, class Op>
    static prtError_t InclusiveScan(void* temp, size_t& bytes, In in, Out out, Op op, int64_t n,
                                    prtStream_t stream = 0) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        using V = detail::value_of<Out>;
        if (n <= 0) return prtSuccess;
        V run = V(in[0]);
        out[0] = run;
        for (int64_t i = 1; i < n; ++i) {
            run = op(run, V(in[i]));
            out[i] = run;
        }
        return prtSuccess;
    }
    template <class In, class Out>
    static prtError_t ExclusiveSum(void* temp, size_t& bytes, In in, Out out, int64_t n, prtStream_t stream = 0) {
        using V = detail::value_of<Out>;
        return ExclusiveScan(temp, bytes, in, out, prtcub::Sum{}, V(), n, stream);
    }
    template <class In, class Out>
    static prtError_t InclusiveSum(void* temp, size_t& bytes, In in, Out out, int64_t n, prtStream_t stream = 0) {
        return InclusiveScan(temp, bytes, in, out, prtcub::Sum{}, n, stream);
    }
};

struct DeviceSelect {
    // The items whose flag is set, in order; their count in *num_selected.
    template <class In, class Flags, class Out, class Count>
    static prtError_t Flagged(void* temp, size_t& bytes, In in, Flags flags, Out out, Count num_selected, int64_t n,
                              prtStream_t stream = 0) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        int64_t k = 0;
        for (int64_t i = 0; i < n; ++i)
            if (flags[i]) out[k++] = in[i];
        *num_selected = k;
        return prtSuccess;
    }
    // The items for which pred holds, in order.
    template <class In, class Out, class Count, class Pred>
    static prtError_t If(void* temp, size_t& bytes, In in, Out out, Count num_selected, int64_t n, Pred pred,
                         prtStream_t stream = 0) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        int64_t k = 0;
        for (int64_t i = 0; i < n; ++i)
            if (pred(in[i])) out[k++] = in[i];
        *num_selected = k;
        return prtSuccess;
    }
    // The first item of each run of equal items.
    template <class In, class Out, class Count>
    static prtError_t Unique(void* temp, size_t& bytes, In in, Out out, Count num_selected, int64_t n,
                             prtStream_t stream = 0) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        int64_t k = 0;
        for (int64_t i = 0; i < n; ++i)
            if (i == 0 || !(in[i] == in[i - 1])) out[k++] = in[i];
        *num_selected = k;
        return prtSuccess;
    }
};

struct DeviceRunLengthEncode {
    // The first item of each run of equal items, the run's length, and the number of runs.
    template <class In, class Unique, class Counts, class Runs>
    static prtError_t Encode(void* temp, size_t& bytes, In in, Unique unique_out, Counts counts_out, Runs num_runs,
                             int64_t n, prtStream_t stream = 0) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        int64_t runs = 0;
        for (int64_t i = 0; i < n;) {
            int64_t j = i + 1;
            while (j < n && in[j] == in[i]) ++j;
            unique_out[runs] = in[i];
            counts_out[runs] = j - i;
            ++runs;
            i = j;
        }
        *num_runs = runs;
        return prtSuccess;
    }
};

// Keys in two buffers; Current() is where a sort's result is.
template <class T>
struct DoubleBuffer {
    T* d_buffers[2];
    int selector;
    DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}
    DoubleBuffer(T* current, T* alternate) : d_buffers{current, alternate}, selector(0) {}
    T* Current() { return d_buffers[selector]; }
    T* Alternate() { return d_buffers[selector ^ 1]; }
};

struct DeviceRadixSort {
    template <class K>
    static prtError_t SortKeys(void* temp, size_t& bytes, const K* in, K* out, int64_t n, int begin_bit = 0,
                               int end_bit = int(sizeof(K) * 8), prtStream_t stream = 0) {
        return sort<K, char>(temp, bytes, in, out, nullptr, nullptr, n, begin_bit, end_bit, stream, false);
    }
    template <class K>
    static prtError_t SortKeysDescending(void* temp, size_t& bytes, const K* in, K* out, int64_t n,
                                         int begin_bit = 0, int end_bit = int(sizeof(K) * 8), prtStream_t stream = 0) {
        return sort<K, char>(temp, bytes, in, out, nullptr, nullptr, n, begin_bit, end_bit, stream, true);
    }
    template <class K, class V>
    static prtError_t SortPairs(void* temp, size_t& bytes, const K* keys_in, K* keys_out, const V* values_in,
                                V* values_out, int64_t n, int begin_bit = 0, int end_bit = int(sizeof(K) * 8),
                                prtStream_t stream = 0) {
        return sort(temp, bytes, keys_in, keys_out, values_in, values_out, n, begin_bit, end_bit, stream, false);
    }
    template <class K, class V>
    static prtError_t SortPairsDescending(void* temp, size_t& bytes, const K* keys_in, K* keys_out,
                                          const V* values_in, V* values_out, int64_t n, int begin_bit = 0,
                                          int end_bit = int(sizeof(K) * 8), prtStream_t stream = 0) {
        return sort(temp, bytes, keys_in, keys_out, values_in, values_out, n, begin_bit, end_bit, stream, true);
    }
    template <class K>
    static prtError_t SortKeys(void* temp, size_t& bytes, DoubleBuffer<K>& keys, int64_t n, int begin_bit = 0,
                               int end_bit = int(sizeof(K) * 8), prtStream_t stream = 0) {
        prtError_t e = SortKeys(temp, bytes, keys.Current(), keys.Alternate(), n, begin_bit, end_bit, stream);
        if (temp) keys.selector ^= 1;
        return e;
    }
    template <class K, class V>
    static prtError_t SortPairs(void* temp, size_t& bytes, DoubleBuffer<K>& keys, DoubleBuffer<V>& values,
                                int64_t n, int begin_bit = 0, int end_bit = int(sizeof(K) * 8),
                                prtStream_t stream = 0) {
        prtError_t e = SortPairs(temp, bytes, keys.Current(), keys.Alternate(), values.Current(), values.Alternate(),
                                 n, begin_bit, end_bit, stream);
        if (temp) {
            keys.selector ^= 1;
            values.selector ^= 1;
        }
        return e;
    }

private:
    // A stable sort on bits [begin_bit, end_bit) of the keys' order-preserving bits, as a radix sort orders them.
    template <class K, class V>
    static prtError_t sort(void* temp, size_t& bytes, const K* keys_in, K* keys_out, const V* values_in,
                           V* values_out, int64_t n, int begin_bit, int end_bit, prtStream_t stream, bool descending) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        typedef typename Traits<K>::UnsignedBits U;
        auto bits_of = [&](const K& k) {
            U u;
            std::memcpy(&u, &k, sizeof(U));
            u = Traits<K>::TwiddleIn(u);
            int width = end_bit - begin_bit;
            U mask = width >= int(sizeof(U) * 8) ? U(~U(0)) : U((U(1) << width) - 1);
            return U((u >> begin_bit) & mask);
        };
        std::vector<int64_t> order(size_t(n > 0 ? n : 0));
        for (int64_t i = 0; i < n; ++i) order[size_t(i)] = i;
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
            U x = bits_of(keys_in[a]), y = bits_of(keys_in[b]);
            return descending ? y < x : x < y;
        });
        std::vector<K> keys(order.size());
        for (size_t i = 0; i < order.size(); ++i) keys[i] = keys_in[order[i]];
        if (values_in && values_out) {
            std::vector<V> values(order.size());
            for (size_t i = 0; i < order.size(); ++i) values[i] = values_in[order[i]];
            std::copy(values.begin(), values.end(), values_out);
        }
        std::copy(keys.begin(), keys.end(), keys_out);
        return prtSuccess;
    }
};

struct DeviceSegmentedReduce {
    // out[s] = the reduction of in[begin[s] .. end[s]) from init.
    template <class In, class Out, class Begin, class End, class Op, class T>
    static prtError_t Reduce(void* temp, size_t& bytes, In in, Out out, int64_t segments, Begin begin, End end, Op op,
                             T init, prtStream_t stream = 0) {
        if (detail::size_query(temp, bytes)) return prtSuccess;
        detail::wait(stream);
        for (int64_t s = 0; s < segments; ++s) {
            T acc = init;
            for (auto i = begin[s]; i < end[s]; ++i) acc = op(acc, in[i]);
            out[s] = acc;
        }
        return prtSuccess;
    }
    template <class In, class Out, class Begin, class End>
    static prtError_t Sum(void* temp, size_t& bytes, In in, Out out, int64_t segments, Begin begin, End end,
                          prtStream_t stream = 0) {
        using O = detail::value_of<Out>;
        return Reduce(temp, bytes, in, out, segments, begin, end, prtcub::Sum{}, O(), stream);
    }
    template <class In, class Out, class Begin, class End>
    static prtError_t Max(void* temp, size_t& bytes, In in, Out out, int64_t segments, Begin begin, End end,
                          prtStream_t stream = 0) {
        using T = detail::value_of<In>;
        return Reduce(temp, bytes, in, out, segments, begin, end, prtcub::Max{}, std::numeric_limits<T>::lowest(), stream);
    }
    template <class In, class Out, class Begin, class End>
    static prtError_t Min(void* temp, size_t& bytes, In in, Out out, int64_t segments, Begin begin, End end,
                          prtStream_t stream = 0) {
        using T = detail::value_of<In>;
        return Reduce(temp, bytes, in, out, segments, begin, end, prtcub::Min{}, std::numeric_limits<T>::max(), stream);
    }
};

// ---- allocator and error reporting ----

// CUB's caching allocator, with its interface (cub/util_allocator.cuh): DeviceAllocate and DeviceFree on the
// current device or a named one. On the CPU an allocation costs what the allocator would save, so blocks are not
// kept for reuse: each call allocates or frees at once, and the caching parameters are accepted and unused.
struct CachingDeviceAllocator {
    static constexpr unsigned int INVALID_BIN = static_cast<unsigned int>(-1);  // CUB's "no bin limit"
    static constexpr size_t INVALID_SIZE = static_cast<size_t>(-1);            // CUB's "no byte limit"
    static constexpr int INVALID_DEVICE_ORDINAL = -1;                          // the current device

    bool skip_cleanup;  // CUB's: leave outstanding allocations at destruction (they are freed by the process)
    bool debug;         // CUB's: print each allocation and release

    CachingDeviceAllocator(unsigned int /*bin_growth*/, unsigned int /*min_bin*/ = 1,
                           unsigned int /*max_bin*/ = INVALID_BIN, size_t /*max_cached_bytes*/ = INVALID_SIZE,
                           bool skip_cleanup_ = false, bool debug_ = false)
        : skip_cleanup(skip_cleanup_), debug(debug_) {}
    explicit CachingDeviceAllocator(bool skip_cleanup_ = false, bool debug_ = false)
        : skip_cleanup(skip_cleanup_), debug(debug_) {}

    prtError_t SetMaxCachedBytes(size_t /*max_cached_bytes*/) { return prtSuccess; }
    prtError_t DeviceAllocate(int /*device*/, void** d_ptr, size_t bytes, prtStream_t stream = 0) {
        return DeviceAllocate(d_ptr, bytes, stream);
    }
    prtError_t DeviceAllocate(void** d_ptr, size_t bytes, prtStream_t /*stream*/ = 0) {
        if (d_ptr == nullptr) return prtErrorInvalidValue;
        const prtError_t e = prtMalloc(d_ptr, bytes);
        if (debug) std::fprintf(stdout, "\tprtcub allocator: %zu bytes at %p (%s)\n", bytes, *d_ptr, prtGetErrorName(e));
        return e;
    }
    prtError_t DeviceFree(int /*device*/, void* d_ptr) { return DeviceFree(d_ptr); }
    prtError_t DeviceFree(void* d_ptr) {
        if (debug) std::fprintf(stdout, "\tprtcub allocator: free %p\n", d_ptr);
        return prtFree(d_ptr);
    }
    prtError_t FreeAllCached() { return prtSuccess; }  // nothing is cached
};

// CUB's error check (cub/util_debug.cuh): prints a failed call's error with its place, returns the error.
inline prtError_t Debug(prtError_t error, const char* filename, int line) {
    if (error != prtSuccess) std::fprintf(stderr, "CUDA error %d [%s, %d]: %s\n", static_cast<int>(error), filename, line,
                                         prtGetErrorString(error));
    return error;
}

}  // namespace prtcub

// CUB's error macros: CubDebug(e) reports a failed call and yields its error; CubDebugExit(e) exits on one.
#ifndef CubDebug
#define CubDebug(e) ::prtcub::Debug(static_cast<prtError_t>(e), __FILE__, __LINE__)
#endif
#ifndef CubDebugExit
#define CubDebugExit(e)                                                              \
    if (::prtcub::Debug(static_cast<prtError_t>(e), __FILE__, __LINE__) != prtSuccess) { \
        std::exit(1);                                                                \
    }
#endif
