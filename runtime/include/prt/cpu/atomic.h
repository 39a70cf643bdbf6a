// prt/cpu/atomic.h: atomics on the CPU backend. With C++20 they go through std::atomic_ref; in C++17 through
// the compiler's __atomic builtins, which are what atomic_ref is built on. Operations CUDA defines without a
// hardware instruction (float add, inc/dec, min/max) are compare-and-swap loops.
#pragma once

#include <atomic>
#include <type_traits>

#include "prt/detail/nv_atomic.h"
#if __cplusplus >= 202002L && __has_include(<version>)
#include <version>
#endif

namespace prt::cpu::atomics {

template <class T>
inline T load(T* p) {
#if defined(__cpp_lib_atomic_ref)
    return std::atomic_ref<T>(*p).load(std::memory_order_relaxed);
#else
    T v;
    __atomic_load(p, &v, __ATOMIC_RELAXED);
    return v;
#endif
}

// Replaces *p by want if it holds expected; returns true on success, else loads the current value into expected.
template <class T>
inline bool cas(T* p, T& expected, T want) {
#if defined(__cpp_lib_atomic_ref)
    return std::atomic_ref<T>(*p).compare_exchange_weak(expected, want, std::memory_order_seq_cst,
                                                        std::memory_order_relaxed);
#else
    return __atomic_compare_exchange(p, &expected, &want, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
#endif
}

// *p = f(*p) atomically; returns the old value.
template <class T, class F>
inline T update(T* p, F f) {
    T old = load(p);
    while (!cas(p, old, f(old))) {
    }
    return old;
}

template <class T>
inline T fetch_add(T* p, T v) {
    if constexpr (std::is_integral_v<T>) {
#if defined(__cpp_lib_atomic_ref)
        return std::atomic_ref<T>(*p).fetch_add(v);
#else
        return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
#endif
    } else {
        return update(p, [v](T old) { return old + v; });
    }
}

template <class T>
inline T exchange(T* p, T v) {
#if defined(__cpp_lib_atomic_ref)
    return std::atomic_ref<T>(*p).exchange(v);
#else
    T old;
    __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST);
    return old;
#endif
}

}  // namespace prt::cpu::atomics

#define PRT_CPU_ATOMIC_ADD(T) \
    inline T atomicAdd(T* address, T val) { return ::prt::cpu::atomics::fetch_add(address, val); }  // *a += v
PRT_CPU_ATOMIC_ADD(int)
PRT_CPU_ATOMIC_ADD(unsigned int)
PRT_CPU_ATOMIC_ADD(unsigned long long)
PRT_CPU_ATOMIC_ADD(float)
PRT_CPU_ATOMIC_ADD(double)
#undef PRT_CPU_ATOMIC_ADD

inline int atomicSub(int* address, int val) { return ::prt::cpu::atomics::fetch_add(address, -val); }  // *a -= v
inline unsigned int atomicSub(unsigned int* address, unsigned int val) {  // *a -= v
    return ::prt::cpu::atomics::fetch_add(address, 0u - val);
}

#define PRT_CPU_ATOMIC_EXCH(T) \
    inline T atomicExch(T* address, T val) { return ::prt::cpu::atomics::exchange(address, val); }  // *a = v
PRT_CPU_ATOMIC_EXCH(int)
PRT_CPU_ATOMIC_EXCH(unsigned int)
PRT_CPU_ATOMIC_EXCH(unsigned long long)
PRT_CPU_ATOMIC_EXCH(float)
#undef PRT_CPU_ATOMIC_EXCH

#define PRT_CPU_ATOMIC_MINMAX(T)                                                                      \
    inline T atomicMin(T* address, T val) { /* *a = min(*a, v) */                                     \
        return ::prt::cpu::atomics::update(address, [val](T old) { return val < old ? val : old; }); \
    }                                                                                                 \
    inline T atomicMax(T* address, T val) { /* *a = max(*a, v) */                                     \
        return ::prt::cpu::atomics::update(address, [val](T old) { return val > old ? val : old; }); \
    }
PRT_CPU_ATOMIC_MINMAX(int)
PRT_CPU_ATOMIC_MINMAX(unsigned int)
PRT_CPU_ATOMIC_MINMAX(long long)
PRT_CPU_ATOMIC_MINMAX(unsigned long long)
#undef PRT_CPU_ATOMIC_MINMAX

// *a = (*a >= v) ? 0 : *a + 1
inline unsigned int atomicInc(unsigned int* address, unsigned int val) {
    return ::prt::cpu::atomics::update(address, [val](unsigned int old) { return old >= val ? 0u : old + 1; });
}
// *a = (*a == 0 || *a > v) ? v : *a - 1
inline unsigned int atomicDec(unsigned int* address, unsigned int val) {
    return ::prt::cpu::atomics::update(address,
                                       [val](unsigned int old) { return (old == 0 || old > val) ? val : old - 1; });
}

#define PRT_CPU_ATOMIC_CAS(T)                                                 \
    inline T atomicCAS(T* address, T compare, T val) { /* *a = (*a == c) ? v : *a */ \
        T expected = compare;                                                 \
        while (!::prt::cpu::atomics::cas(address, expected, val))             \
            if (expected != compare) break;                                   \
        return expected;                                                      \
    }
PRT_CPU_ATOMIC_CAS(int)
PRT_CPU_ATOMIC_CAS(unsigned int)
PRT_CPU_ATOMIC_CAS(unsigned long long)
PRT_CPU_ATOMIC_CAS(unsigned short)
#undef PRT_CPU_ATOMIC_CAS

#define PRT_CPU_ATOMIC_BITS(T)                                                                      \
    inline T atomicAnd(T* address, T val) { /* *a &= v */                                           \
        return ::prt::cpu::atomics::update(address, [val](T old) { return static_cast<T>(old & val); });        \
    }                                                                                               \
    inline T atomicOr(T* address, T val) { /* *a |= v */                                            \
        return ::prt::cpu::atomics::update(address, [val](T old) { return static_cast<T>(old | val); });        \
    }                                                                                               \
    inline T atomicXor(T* address, T val) { /* *a ^= v */                                           \
        return ::prt::cpu::atomics::update(address, [val](T old) { return static_cast<T>(old ^ val); });        \
    }
PRT_CPU_ATOMIC_BITS(int)
PRT_CPU_ATOMIC_BITS(unsigned int)
PRT_CPU_ATOMIC_BITS(unsigned long long)
#undef PRT_CPU_ATOMIC_BITS

// CUDA's block-scoped (op_block) and system-scoped (op_system) forms. Every atomic of the CPU backend is
// already coherent for the whole process, host threads included, so each is its plain operation.
#define PRT_CPU_ATOMIC_SCOPED(op, T)                                                       \
    inline T op##_block(T* address, T val) { return op(address, val); }  /* op, block scope */  \
    inline T op##_system(T* address, T val) { return op(address, val); } /* op, system scope */
#define PRT_CPU_ATOMIC_SCOPED_INTS(op)      \
    PRT_CPU_ATOMIC_SCOPED(op, int)          \
    PRT_CPU_ATOMIC_SCOPED(op, unsigned int) \
    PRT_CPU_ATOMIC_SCOPED(op, unsigned long long)
PRT_CPU_ATOMIC_SCOPED_INTS(atomicAdd)
PRT_CPU_ATOMIC_SCOPED(atomicAdd, float)
PRT_CPU_ATOMIC_SCOPED(atomicAdd, double)
PRT_CPU_ATOMIC_SCOPED(atomicSub, int)
PRT_CPU_ATOMIC_SCOPED(atomicSub, unsigned int)
PRT_CPU_ATOMIC_SCOPED_INTS(atomicExch)
PRT_CPU_ATOMIC_SCOPED(atomicExch, float)
PRT_CPU_ATOMIC_SCOPED_INTS(atomicMin)
PRT_CPU_ATOMIC_SCOPED(atomicMin, long long)
PRT_CPU_ATOMIC_SCOPED_INTS(atomicMax)
PRT_CPU_ATOMIC_SCOPED(atomicMax, long long)
PRT_CPU_ATOMIC_SCOPED(atomicInc, unsigned int)
PRT_CPU_ATOMIC_SCOPED(atomicDec, unsigned int)
PRT_CPU_ATOMIC_SCOPED_INTS(atomicAnd)
PRT_CPU_ATOMIC_SCOPED_INTS(atomicOr)
PRT_CPU_ATOMIC_SCOPED_INTS(atomicXor)
#undef PRT_CPU_ATOMIC_SCOPED_INTS
#undef PRT_CPU_ATOMIC_SCOPED

#define PRT_CPU_ATOMIC_CAS_SCOPED(T)                                                                    \
    inline T atomicCAS_block(T* address, T compare, T val) { return atomicCAS(address, compare, val); }  \
    inline T atomicCAS_system(T* address, T compare, T val) { return atomicCAS(address, compare, val); }
PRT_CPU_ATOMIC_CAS_SCOPED(int)                 // atomicCAS, block and system scope
PRT_CPU_ATOMIC_CAS_SCOPED(unsigned int)        // atomicCAS, block and system scope
PRT_CPU_ATOMIC_CAS_SCOPED(unsigned long long)  // atomicCAS, block and system scope
#undef PRT_CPU_ATOMIC_CAS_SCOPED
