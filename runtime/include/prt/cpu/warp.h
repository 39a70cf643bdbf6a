// prt/cpu/warp.h: warp operations on the CPU backend. A lane deposits its value, its warp's fibers run up to
// the same point, and each lane then reads the value it asked for (prt/cpu/exec.h).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "prt/cpu/exec.h"

namespace prt::cpu::warp {

template <class T>
inline uint64_t bits(T v) {
    static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>, "warp exchange of a type wider than 8 bytes");
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

template <class T>
inline T value(uint64_t b) {
    T v;
    std::memcpy(&v, &b, sizeof(T));
    return v;
}

// Exchanges var within the warp and returns the value of lane `src` (or var if that lane did not take part).
template <class T>
inline T from_lane(T var, int (*pick)(int lane, int arg, int width), int arg, int width) {
    unsigned lane, g;
    const WarpSlots& ws = warp_exchange(bits(var), &lane, &g);
    int src = pick(int(lane), arg, width);
    if (src < 0 || src >= 32 || !((ws.arrived[g] >> src) & 1u)) return var;
    return value<T>(ws.slot[g][src]);
}

inline int pick_index(int lane, int src, int width) { return (lane & ~(width - 1)) + (src & (width - 1)); }
inline int pick_up(int lane, int delta, int width) { return (lane & (width - 1)) >= delta ? lane - delta : -1; }
inline int pick_down(int lane, int delta, int width) {
    return (lane & (width - 1)) + delta < width ? lane + delta : -1;
}
inline int pick_xor(int lane, int mask, int width) {
    int src = lane ^ mask;
    return (src & ~(width - 1)) > (lane & ~(width - 1)) ? -1 : src;
}

// Ballot over the lanes of `mask` that took part; *participants receives those lanes.
inline unsigned ballot(unsigned mask, int pred, unsigned* participants = nullptr) {
    unsigned lane, g;
    const WarpSlots& ws = warp_exchange(pred != 0, &lane, &g);
    unsigned in = ws.arrived[g] & mask, out = 0;
    for (unsigned l = 0; l < 32; ++l)
        if (((in >> l) & 1u) && ws.slot[g][l]) out |= 1u << l;
    if (participants) *participants = in;
    return out;
}

// Lanes of `mask` that took part holding the same bits as this lane; *all receives whether every one does.
template <class T>
inline unsigned match(unsigned mask, T v, int* all) {
    unsigned lane, g;
    uint64_t b = bits(v);
    const WarpSlots& ws = warp_exchange(b, &lane, &g);
    unsigned in = ws.arrived[g] & mask, same = 0;
    for (unsigned l = 0; l < 32; ++l)
        if (((in >> l) & 1u) && ws.slot[g][l] == b) same |= 1u << l;
    if (all) *all = same == in;
    return same;
}

template <class T, class Op>
inline T reduce(unsigned mask, T v, Op op) {
    unsigned lane, g;
    const WarpSlots& ws = warp_exchange(bits(v), &lane, &g);
    unsigned in = ws.arrived[g] & mask;
    bool first = true;
    T acc = v;
    for (unsigned l = 0; l < 32; ++l)
        if ((in >> l) & 1u) {
            T x = value<T>(ws.slot[g][l]);
            acc = first ? x : op(acc, x);
            first = false;
        }
    return acc;
}

}  // namespace prt::cpu::warp

template <class T>
inline T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize) {  // value of lane srcLane
    return ::prt::cpu::warp::from_lane(var, &::prt::cpu::warp::pick_index, srcLane, width);
}
template <class T>
inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {  // value of lane - delta
    return ::prt::cpu::warp::from_lane(var, &::prt::cpu::warp::pick_up, int(delta), width);
}
template <class T>
inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {  // value of lane + delta
    return ::prt::cpu::warp::from_lane(var, &::prt::cpu::warp::pick_down, int(delta), width);
}
template <class T>
inline T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize) {  // value of lane ^ laneMask
    return ::prt::cpu::warp::from_lane(var, &::prt::cpu::warp::pick_xor, laneMask, width);
}
inline unsigned __ballot_sync(unsigned mask, int pred) { return ::prt::cpu::warp::ballot(mask, pred); }  // votes
inline int __any_sync(unsigned mask, int pred) { return ::prt::cpu::warp::ballot(mask, pred) != 0; }  // any true
inline int __all_sync(unsigned mask, int pred) {  // all true
    unsigned in = 0;
    unsigned b = ::prt::cpu::warp::ballot(mask, pred, &in);
    return b == in;
}
inline unsigned __activemask() { return ::prt::cpu::active_lanes(); }  // lanes of the warp still running
inline void __syncwarp(unsigned mask = 0xffffffffu) { ::prt::cpu::warp::ballot(mask, 1); }  // warp barrier
inline unsigned __reduce_add_sync(unsigned mask, unsigned v) {  // sum over the warp
    return ::prt::cpu::warp::reduce(mask, v, [](unsigned a, unsigned b) { return a + b; });
}
inline int __reduce_add_sync(unsigned mask, int v) {  // sum over the warp
    return ::prt::cpu::warp::reduce(mask, v, [](int a, int b) { return int(unsigned(a) + unsigned(b)); });
}
inline unsigned __reduce_min_sync(unsigned mask, unsigned v) {  // minimum over the warp
    return ::prt::cpu::warp::reduce(mask, v, [](unsigned a, unsigned b) { return a < b ? a : b; });
}
inline int __reduce_min_sync(unsigned mask, int v) {  // minimum over the warp
    return ::prt::cpu::warp::reduce(mask, v, [](int a, int b) { return a < b ? a : b; });
}
inline unsigned __reduce_max_sync(unsigned mask, unsigned v) {  // maximum over the warp
    return ::prt::cpu::warp::reduce(mask, v, [](unsigned a, unsigned b) { return a > b ? a : b; });
}
inline int __reduce_max_sync(unsigned mask, int v) {  // maximum over the warp
    return ::prt::cpu::warp::reduce(mask, v, [](int a, int b) { return a > b ? a : b; });
}
inline unsigned __reduce_and_sync(unsigned mask, unsigned v) {  // bitwise and over the warp
    return ::prt::cpu::warp::reduce(mask, v, [](unsigned a, unsigned b) { return a & b; });
}
inline unsigned __reduce_or_sync(unsigned mask, unsigned v) {  // bitwise or over the warp
    return ::prt::cpu::warp::reduce(mask, v, [](unsigned a, unsigned b) { return a | b; });
}
inline unsigned __reduce_xor_sync(unsigned mask, unsigned v) {  // bitwise xor over the warp
    return ::prt::cpu::warp::reduce(mask, v, [](unsigned a, unsigned b) { return a ^ b; });
}
template <class T>
inline unsigned __match_any_sync(unsigned mask, T value) {  // lanes of mask holding the same value
    return ::prt::cpu::warp::match(mask, value, nullptr);
}
template <class T>
inline unsigned __match_all_sync(unsigned mask, T value, int* pred) {  // mask if all hold the same value, else 0
    unsigned same = ::prt::cpu::warp::match(mask, value, pred);
    return *pred ? same : 0u;
}

// The mask-less forms CUDA had before the *_sync ones (removed for sm_70 and later): the whole warp takes part.
template <class T>
inline T __shfl(T var, int srcLane, int width = warpSize) {  // value of lane srcLane
    return __shfl_sync(0xffffffffu, var, srcLane, width);
}
template <class T>
inline T __shfl_up(T var, unsigned delta, int width = warpSize) {  // value of lane - delta
    return __shfl_up_sync(0xffffffffu, var, delta, width);
}
template <class T>
inline T __shfl_down(T var, unsigned delta, int width = warpSize) {  // value of lane + delta
    return __shfl_down_sync(0xffffffffu, var, delta, width);
}
template <class T>
inline T __shfl_xor(T var, int laneMask, int width = warpSize) {  // value of lane ^ laneMask
    return __shfl_xor_sync(0xffffffffu, var, laneMask, width);
}
inline unsigned __ballot(int pred) { return __ballot_sync(0xffffffffu, pred); }  // votes of the warp's lanes
inline int __any(int pred) { return __any_sync(0xffffffffu, pred); }             // any lane true
inline int __all(int pred) { return __all_sync(0xffffffffu, pred); }             // all lanes true
