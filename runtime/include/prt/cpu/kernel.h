// prt/cpu/kernel.h: the kernel language on the CPU backend: qualifiers, barriers, fences, loads, clocks.
#pragma once

#include <atomic>
#include <cassert>  // device code's assert: nvcc's headers include <assert.h> in every translation unit
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "prt/cpu/exec.h"

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
// libstdc++ 13 and later spell __attribute__((__noinline__)) in their own headers, which this macro would break
// (as CUDA 12's did); there kernels keep a plain function's inlining.
#if !defined(_GLIBCXX_RELEASE) || _GLIBCXX_RELEASE < 13
#define __noinline__ __attribute__((noinline))
#else
#define __noinline__
#endif
// nvcc takes __forceinline__ on recursive functions and calls what it cannot inline; GCC refuses always_inline
// there, so the CPU keeps the keyword's inline linkage and leaves the choice to the compiler's inliner.
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __grid_constant__
// Shared memory is per block; a pool thread runs one block at a time, so thread-local storage is per block.
#define __shared__ thread_local
// The block's dynamic shared memory; spelled with no `prt` token, as the launch macros are (prt/cpu/launch.h).
inline char* prt_cpu_dynamic_shared() { return ::prt::cpu::dynamic_shared(); }
#define PRT_DYNAMIC_SHARED(type, name) type* name = reinterpret_cast<type*>(::prt_cpu_dynamic_shared())

inline void __syncthreads() { ::prt::cpu::block_barrier(1); }
inline int __syncthreads_count(int pred) { return ::prt::cpu::block_barrier(pred); }
inline int __syncthreads_and(int pred) {
    int arrived = 0;
    int n = ::prt::cpu::block_barrier(pred, &arrived);
    return n == arrived;
}
inline int __syncthreads_or(int pred) { return ::prt::cpu::block_barrier(pred) != 0; }

inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_block() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_system() { std::atomic_thread_fence(std::memory_order_seq_cst); }

template <class T>
inline T __ldg(const T* p) { return *p; }
#include "prt/detail/cache_hints.h"

inline long long clock64() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
inline void __nanosleep(unsigned ns) { std::this_thread::sleep_for(std::chrono::nanoseconds(ns)); }
[[noreturn]] inline void __trap() { std::abort(); }
