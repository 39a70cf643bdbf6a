// prt/detail/nv_atomic.h: CUDA's __nv_atomic_* functions and their __NV_ATOMIC_* / __NV_THREAD_SCOPE_* constants
// for the CPU and HIP backends (CUDA has them built in), on the compiler's __atomic builtins, whose memory orders
// have the same values. Scopes are accepted and ignored: every operation is coherent for the whole system.
#pragma once

#include <atomic>
#include <type_traits>

#include "prt/detail/hd.h"

enum {
    __NV_ATOMIC_RELAXED = __ATOMIC_RELAXED,  // no ordering
    __NV_ATOMIC_CONSUME = __ATOMIC_CONSUME,  // consume (taken as acquire)
    __NV_ATOMIC_ACQUIRE = __ATOMIC_ACQUIRE,  // acquire
    __NV_ATOMIC_RELEASE = __ATOMIC_RELEASE,  // release
    __NV_ATOMIC_ACQ_REL = __ATOMIC_ACQ_REL,  // acquire and release
    __NV_ATOMIC_SEQ_CST = __ATOMIC_SEQ_CST   // sequentially consistent
};
static_assert(__NV_ATOMIC_RELAXED == 0 && __NV_ATOMIC_SEQ_CST == 5, "CUDA's memory order values");

enum {
    __NV_THREAD_SCOPE_THREAD,   // the calling thread
    __NV_THREAD_SCOPE_BLOCK,    // its block
    __NV_THREAD_SCOPE_CLUSTER,  // its cluster
    __NV_THREAD_SCOPE_DEVICE,   // the device
    __NV_THREAD_SCOPE_SYSTEM    // the device, other devices and the host
};

namespace prt::detail::nv_atomic {

template <class T>
struct same {  // keeps a value argument out of template deduction
    using type = T;
};

// *p = op(*p, v) by compare-and-swap; returns the old value.
template <class T, class Op>
PRT_HD inline T update(T* p, T v, int order) {
    T old;
    __atomic_load(p, &old, __ATOMIC_RELAXED);
    T want = Op::apply(old, v);
    while (!__atomic_compare_exchange(p, &old, &want, true, order, __ATOMIC_RELAXED)) want = Op::apply(old, v);
    return old;
}
struct Add {
    template <class T>
    PRT_HD static T apply(T a, T b) { return a + b; }
};
struct Sub {
    template <class T>
    PRT_HD static T apply(T a, T b) { return a - b; }
};
struct Min {
    template <class T>
    PRT_HD static T apply(T a, T b) { return b < a ? b : a; }
};
struct Max {
    template <class T>
    PRT_HD static T apply(T a, T b) { return b > a ? b : a; }
};

}  // namespace prt::detail::nv_atomic

#define PRT_NV_ARG(T) typename ::prt::detail::nv_atomic::same<T>::type

template <class T>
PRT_HD inline T __nv_atomic_fetch_add(T* ptr, PRT_NV_ARG(T) val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // +=
    if constexpr (std::is_integral_v<T>)
        return __atomic_fetch_add(ptr, val, order);
    else
        return ::prt::detail::nv_atomic::update<T, ::prt::detail::nv_atomic::Add>(ptr, val, order);
}
template <class T>
PRT_HD inline T __nv_atomic_fetch_sub(T* ptr, PRT_NV_ARG(T) val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // -=
    if constexpr (std::is_integral_v<T>)
        return __atomic_fetch_sub(ptr, val, order);
    else
        return ::prt::detail::nv_atomic::update<T, ::prt::detail::nv_atomic::Sub>(ptr, val, order);
}
template <class T>
PRT_HD inline T __nv_atomic_fetch_min(T* ptr, PRT_NV_ARG(T) val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // min
    return ::prt::detail::nv_atomic::update<T, ::prt::detail::nv_atomic::Min>(ptr, val, order);
}
template <class T>
PRT_HD inline T __nv_atomic_fetch_max(T* ptr, PRT_NV_ARG(T) val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // max
    return ::prt::detail::nv_atomic::update<T, ::prt::detail::nv_atomic::Max>(ptr, val, order);
}
template <class T>
PRT_HD inline T __nv_atomic_fetch_and(T* ptr, PRT_NV_ARG(T) val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // &=
    return __atomic_fetch_and(ptr, val, order);
}
template <class T>
PRT_HD inline T __nv_atomic_fetch_or(T* ptr, PRT_NV_ARG(T) val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // |=
    return __atomic_fetch_or(ptr, val, order);
}
template <class T>
PRT_HD inline T __nv_atomic_fetch_xor(T* ptr, PRT_NV_ARG(T) val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // ^=
    return __atomic_fetch_xor(ptr, val, order);
}
#define PRT_NV_ATOMIC_VOID(op)                                                                              \
    template <class T>                                                                                      \
    PRT_HD inline void __nv_atomic_##op(T* ptr, PRT_NV_ARG(T) val, int order,                               \
                                        int scope = __NV_THREAD_SCOPE_SYSTEM) { /* fetch_op, no result */  \
        __nv_atomic_fetch_##op(ptr, val, order, scope);                                                     \
    }
PRT_NV_ATOMIC_VOID(add)  // __nv_atomic_add
PRT_NV_ATOMIC_VOID(sub)  // __nv_atomic_sub
PRT_NV_ATOMIC_VOID(min)  // __nv_atomic_min
PRT_NV_ATOMIC_VOID(max)  // __nv_atomic_max
PRT_NV_ATOMIC_VOID(and)  // __nv_atomic_and
PRT_NV_ATOMIC_VOID(or)   // __nv_atomic_or
PRT_NV_ATOMIC_VOID(xor)  // __nv_atomic_xor
#undef PRT_NV_ATOMIC_VOID

template <class T>
PRT_HD inline void __nv_atomic_exchange(T* ptr, T* val, T* ret, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // swap
    __atomic_exchange(ptr, val, ret, order);
}
template <class T>
PRT_HD inline T __nv_atomic_exchange_n(T* ptr, PRT_NV_ARG(T) val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // swap
    T ret;
    __atomic_exchange(ptr, &val, &ret, order);
    return ret;
}
template <class T>
PRT_HD inline bool __nv_atomic_compare_exchange(T* ptr, T* expected, T* desired, bool weak, int success,  // CAS
                                                int failure, int = __NV_THREAD_SCOPE_SYSTEM) {
    return __atomic_compare_exchange(ptr, expected, desired, weak, success, failure);
}
template <class T>
PRT_HD inline bool __nv_atomic_compare_exchange_n(T* ptr, T* expected, PRT_NV_ARG(T) desired, bool weak,  // CAS
                                                  int success, int failure, int = __NV_THREAD_SCOPE_SYSTEM) {
    return __atomic_compare_exchange(ptr, expected, &desired, weak, success, failure);
}
template <class T>
PRT_HD inline void __nv_atomic_load(T* ptr, T* ret, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // *ret = *ptr
    __atomic_load(ptr, ret, order);
}
template <class T>
PRT_HD inline T __nv_atomic_load_n(T* ptr, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // *ptr
    T ret;
    __atomic_load(ptr, &ret, order);
    return ret;
}
template <class T>
PRT_HD inline void __nv_atomic_store(T* ptr, T* val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // *ptr = *val
    __atomic_store(ptr, val, order);
}
template <class T>
PRT_HD inline void __nv_atomic_store_n(T* ptr, PRT_NV_ARG(T) val, int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // = val
    __atomic_store(ptr, &val, order);
}
PRT_HD inline void __nv_atomic_thread_fence(int order, int = __NV_THREAD_SCOPE_SYSTEM) {  // memory fence
#if defined(__HIPCC__)
    __atomic_thread_fence(order);
#else
#if defined(__SANITIZE_THREAD__) && defined(__GNUC__) && __GNUC__ >= 12
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wtsan"  // ThreadSanitizer does not model fences; GCC warns that it does not
#endif
    std::atomic_thread_fence(std::memory_order(order));
#if defined(__SANITIZE_THREAD__) && defined(__GNUC__) && __GNUC__ >= 12
#pragma GCC diagnostic pop
#endif
#endif
}

#undef PRT_NV_ARG
