// mverify/prt_device.h: device access through the portable runtime (any backend), and allocators wrapped so that
// each buffer argument's allocation can be found. Included after prt/prt.h by record.h and replay.h.
#pragma once

#include "prt/prt.h"
#include "trace.h"

namespace mverify {

// Device memory through the runtime; allocation ranges from the wrapped allocators below.
struct PrtDevice {
    static void sync() { prtDeviceSynchronize(); }
    static Range range(const void* p) { return Allocations::get().find(p); }
    static void to_host(void* dst, const void* src, size_t n) { prtMemcpy(dst, src, n, prtMemcpyDefault); }
    static void to_device(void* dst, const void* src, size_t n) { prtMemcpy(dst, src, n, prtMemcpyDefault); }
    static const char* status(prtError_t e) { return e == prtSuccess ? "ok" : prtGetErrorString(e); }
};

template <class T>
inline prtError_t tracked_malloc(T** p, size_t n) {
    prtError_t e = ::prtMalloc(reinterpret_cast<void**>(p), n);
    if (e == prtSuccess) Allocations::get().add(*p, n);
    return e;
}

template <class T, class... Rest>
inline prtError_t tracked_malloc_managed(T** p, size_t n, Rest... rest) {
    prtError_t e = ::prtMallocManaged(reinterpret_cast<void**>(p), n, rest...);
    if (e == prtSuccess) Allocations::get().add(*p, n);
    return e;
}

template <class T>
inline prtError_t tracked_malloc_host(T** p, size_t n) {
    prtError_t e = ::prtMallocHost(reinterpret_cast<void**>(p), n);
    if (e == prtSuccess) Allocations::get().add(*p, n);
    return e;
}

template <class T>
inline prtError_t tracked_malloc_async(T** p, size_t n, prtStream_t stream) {
    prtError_t e = ::prtMallocAsync(reinterpret_cast<void**>(p), n, stream);
    if (e == prtSuccess) Allocations::get().add(*p, n);
    return e;
}

inline prtError_t tracked_free(void* p) {
    Allocations::get().remove(p);
    return ::prtFree(p);
}

inline prtError_t tracked_free_host(void* p) {
    Allocations::get().remove(p);
    return ::prtFreeHost(p);
}

inline prtError_t tracked_free_async(void* p, prtStream_t stream) {
    Allocations::get().remove(p);
    return ::prtFreeAsync(p, stream);
}

}  // namespace mverify

#define prtMalloc(...) ::mverify::tracked_malloc(__VA_ARGS__)
#define prtMallocManaged(...) ::mverify::tracked_malloc_managed(__VA_ARGS__)
#define prtMallocHost(...) ::mverify::tracked_malloc_host(__VA_ARGS__)
#define prtMallocAsync(...) ::mverify::tracked_malloc_async(__VA_ARGS__)
#define prtFree(...) ::mverify::tracked_free(__VA_ARGS__)
#define prtFreeHost(...) ::mverify::tracked_free_host(__VA_ARGS__)
#define prtFreeAsync(...) ::mverify::tracked_free_async(__VA_ARGS__)
