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
        this_worker().blk.regions = false;
        threadIdx = uint3{0, 0, 0};
    }

    unsigned lane(unsigned tx, unsigned ty, unsigned tz) const { return tx + x * (ty + y * tz); }  // linear index

    const unsigned x, y, z;  // blockDim
    const unsigned threads;  // threads of the block
};

// One copy of a variable per thread of the block (T as declared; top-level const is dropped, since the twin
// assigns the copy where the kernel initialised the variable).
template <class T>
class Lanes {
    using V = std::remove_cv_t<T>;
    static_assert(std::is_trivially_destructible_v<V> || !std::is_array_v<V>,
                  "a per-thread array of a type with a destructor is not supported");

public:
    explicit Lanes(const RegionBlock& block)
        : n_(block.threads), p_(static_cast<V*>(region_arena().take(sizeof(V) * block.threads, alignof(V)))) {
        if constexpr (!std::is_trivially_default_constructible_v<V>) std::uninitialized_default_construct_n(p_, n_);
    }
    Lanes(const RegionBlock& block, V value)  // every copy starts as value (by value: the argument may be __restrict__)
        : n_(block.threads), p_(static_cast<V*>(region_arena().take(sizeof(V) * block.threads, alignof(V)))) {
        std::uninitialized_fill_n(p_, n_, value);
    }
    Lanes(const Lanes&) = delete;
    Lanes& operator=(const Lanes&) = delete;
    ~Lanes() {
        if constexpr (!std::is_trivially_destructible_v<V>) std::destroy_n(p_, n_);
    }

    V& operator[](unsigned t) { return p_[t]; }  // thread t's copy

private:
    unsigned n_;
    V* p_;
};

}  // namespace prt::cpu
