// prt/cpu/regions.h: what the CPU twin of a kernel with barriers needs (migrate's kernel-barrier-regions rule
// writes the twins): the block's extents, read once, and per-thread copies of the variables that live across a
// barrier. The twin runs every thread of its block through one region, then the next, so no fiber is made.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include "prt/cpu/atomic.h"  // the real atomics, which block_ atomics fall back to
#include "prt/cpu/exec.h"

namespace prt::cpu {

// Storage of one pool thread's per-thread copies: chunks kept between blocks, handed out again from the start
// by each block.
struct RegionArena {
    std::vector<std::unique_ptr<unsigned char[]>> chunks;
    std::vector<size_t> sizes;
    size_t chunk = 0, used = 0;

    void* take(size_t bytes, size_t align) {
        for (;;) {
            if (chunk < chunks.size()) {
                size_t at = (used + align - 1) / align * align;
                if (at + bytes <= sizes[chunk]) {
                    used = at + bytes;
                    return chunks[chunk].get() + at;
                }
                ++chunk;
                used = 0;
                continue;
            }
            size_t size = std::max<size_t>(bytes + align, 64 * 1024);
            chunks.emplace_back(new unsigned char[size]);
            sizes.push_back(size);
            // new[] of unsigned char is aligned for max_align_t; larger alignments are found by the rounding above.
        }
    }
};

inline RegionArena& region_arena() {
    static thread_local RegionArena arena;
    return arena;
}

// The block a twin runs: its extents, and the region mode of the pool thread while it runs (a barrier reached
// then stops the program, see block_barrier). Resets the copies' storage and threadIdx when the block ends.
class RegionBlock {
public:
    RegionBlock() : x(blockDim.x), y(blockDim.y), z(blockDim.z), threads(x * y * z) {
        this_worker().blk.regions = true;
        RegionArena& a = region_arena();
        a.chunk = 0;
        a.used = 0;
    }
    RegionBlock(const RegionBlock&) = delete;
    RegionBlock& operator=(const RegionBlock&) = delete;
    ~RegionBlock() {
        BlockCtx& b = this_worker().blk;
        b.regions = false;
        b.leave = true;  // the block's other threads have run: the launch's thread loop goes on to the next block
        threadIdx = uint3{0, 0, 0};
    }

    unsigned lane(unsigned tx, unsigned ty, unsigned tz) const { return tx + x * (ty + y * tz); }  // linear index

    const unsigned x, y, z;  // blockDim
    const unsigned threads;  // threads of the block
};

// One copy of a variable per thread of the block (T as declared; top-level const is dropped, since the twin
// assigns the copy where the kernel initialised the variable).
// How many of a region's threads along x can act when its whole body is `if (x < bound)`, x the thread's x index
// of type X (threadIdx.x, unsigned, or a copy of it): the loop over the threads stops there. The bound is taken as
// the comparison takes it, in the type x + bound has: a negative int bound is below no x of a signed type and below
// every unsigned threadIdx.x (it converts to a huge unsigned). A bound that is not an integer leaves the loop as it is.
template <class X, class T>
inline int thread_limit(int extent, T bound) {  // in int, as the twin counts its threads
    if constexpr (!std::is_integral<T>::value) {
        return extent;
    } else {
        using C = decltype(X() + T());
        const C b = static_cast<C>(bound);
        if constexpr (std::is_signed<C>::value) {
            if (b <= 0) return 0;
        }
        return static_cast<unsigned long long>(b) < static_cast<unsigned long long>(extent) ? static_cast<int>(b)
                                                                                            : extent;
    }
}

// threadIdx of the twin's thread (x, y, z), which its loops count in int.
inline uint3 thread_index(int x, int y, int z) {
    return uint3{static_cast<unsigned>(x), static_cast<unsigned>(y), static_cast<unsigned>(z)};
}

template <class T>
class Lanes {
    using V = std::remove_cv_t<T>;
    static_assert(std::is_trivially_destructible_v<V> || !std::is_array_v<V>,
                  "a per-thread array of a type with a destructor is not supported");

public:
    explicit Lanes(const RegionBlock& block) : n_(block.threads), p_(take(block)) {
        if constexpr (!std::is_trivially_default_constructible_v<V>) std::uninitialized_default_construct_n(p_, n_);
    }
    Lanes(const RegionBlock& block, V value)  // every copy starts as value (by value: the argument may be __restrict__)
        : n_(block.threads), p_(take(block)) {
        std::uninitialized_fill_n(p_, n_, value);
    }
    Lanes(const Lanes&) = delete;
    Lanes& operator=(const Lanes&) = delete;
    ~Lanes() {
        if constexpr (!std::is_trivially_destructible_v<V>) std::destroy_n(p_, n_);
    }

    V& operator[](int t) { return p_[t]; }  // thread t's copy

private:
    static V* take(const RegionBlock& block) {
        return static_cast<V*>(region_arena().take(sizeof(V) * block.threads, alignof(V)));
    }

    unsigned n_;
    V* p_;
};

// Atomics on the block's own __shared__ memory inside a twin's regions (the twin calls these where the kernel calls
// atomicAdd(&s[i], v) on a __shared__ s): one worker runs every thread of the block and no other block sees that
// memory, so a plain read-modify-write returns what the atomic would, in the same order. Types other than
// arithmetic ones (half, vector types) keep the real atomic.
#define PRT_CPU_BLOCK_ATOMIC(name, update)                                       \
    template <class T, class V>                                                  \
    inline T block_##name(T* address, V val) {                                   \
        if constexpr (std::is_arithmetic_v<T> && std::is_arithmetic_v<V>) {      \
            const T old = *address;                                              \
            *address = static_cast<T>(update);                                   \
            return old;                                                          \
        } else {                                                                 \
            return ::name(address, val);                                         \
        }                                                                        \
    }
PRT_CPU_BLOCK_ATOMIC(atomicAdd, old + val)
PRT_CPU_BLOCK_ATOMIC(atomicSub, old - val)
PRT_CPU_BLOCK_ATOMIC(atomicExch, val)
PRT_CPU_BLOCK_ATOMIC(atomicMin, val < old ? val : old)
PRT_CPU_BLOCK_ATOMIC(atomicMax, old < val ? val : old)
PRT_CPU_BLOCK_ATOMIC(atomicInc, old >= static_cast<T>(val) ? T(0) : static_cast<T>(old + 1))
PRT_CPU_BLOCK_ATOMIC(atomicDec, (old == T(0) || old > static_cast<T>(val)) ? static_cast<T>(val) : static_cast<T>(old - 1))
PRT_CPU_BLOCK_ATOMIC(atomicAnd, old & val)
PRT_CPU_BLOCK_ATOMIC(atomicOr, old | val)
PRT_CPU_BLOCK_ATOMIC(atomicXor, old ^ val)
#undef PRT_CPU_BLOCK_ATOMIC
template <class T, class C, class V>
inline T block_atomicCAS(T* address, C compare, V val) {
    if constexpr (std::is_arithmetic_v<T>) {
        const T old = *address;
        if (old == static_cast<T>(compare)) *address = static_cast<T>(val);
        return old;
    } else {
        return ::atomicCAS(address, compare, val);
    }
}

}  // namespace prt::cpu
