// prt/cpu/memory.h: memory on the CPU backend. Device, managed and pinned memory are all host memory,
// recorded in a registry so that copies and frees reject the pointers CUDA rejects.
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "prt/cpu/capture.h"
#include "prt/cpu/device.h"
#include "prt/cpu/exec.h"
#include "prt/cpu/state.h"

namespace prt::cpu {

// Device memory is resident from its allocation on, as cudaMalloc's is: the pages of a large allocation are
// mapped at once (MADV_POPULATE_WRITE, which writes nothing), so that the first kernel to write a buffer does not
// pay its page faults inside the program's timers. Where the kernel lacks the call, and for an allocation larger
// than a quarter of the free memory (GPU programs size buffers for the GPU's memory and may touch little of
// them), the pages stay lazy.
inline void make_resident(void* p, size_t size) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    constexpr size_t kPage = 4096, kLarge = 1 << 20;
    if (size < kLarge || size > available_bytes() / 4) return;
    const uintptr_t lo = (reinterpret_cast<uintptr_t>(p) + kPage - 1) / kPage * kPage;
    const uintptr_t hi = (reinterpret_cast<uintptr_t>(p) + size) / kPage * kPage;
    if (hi > lo) (void)madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_POPULATE_WRITE);
#else
    (void)p;
    (void)size;
#endif
}

inline prtError_t allocate(void** ptr, size_t size, MemKind kind) {
    if (!ptr) return prt_fail(prtErrorInvalidValue);
    if (size == 0) {
        *ptr = nullptr;
        return prtSuccess;
    }
    void* p = aligned_alloc_bytes(size);
    if (!p) {
        *ptr = nullptr;
        return prt_fail(prtErrorMemoryAllocation);
    }
    Registry::get().add(p, size, kind);
    if (kind == MemKind::Device) {
        make_resident(p, size);
        // The pool's threads start with the first device allocation, as a GPU's context does with the first
        // runtime call, rather than inside the first launch (and the program's timer around it).
        Pool::get();
    }
    *ptr = p;
    return prtSuccess;
}

inline bool valid_kind(prtMemcpyKind kind) { return unsigned(kind) <= unsigned(prtMemcpyDefault); }

// Checks a copy as CUDA does: the device side of a directed copy must lie inside one device allocation.
inline prtError_t check_copy(void* dst, const void* src, size_t count, prtMemcpyKind kind) {
    if (!valid_kind(kind)) return prtErrorInvalidMemcpyDirection;
    if (count == 0) return prtSuccess;
    if (!dst || !src) return prtErrorInvalidValue;
    Registry& r = Registry::get();
    bool dst_dev = kind == prtMemcpyHostToDevice || kind == prtMemcpyDeviceToDevice;
    bool src_dev = kind == prtMemcpyDeviceToHost || kind == prtMemcpyDeviceToDevice;
    if (dst_dev && !r.is_device(dst, count)) return prtErrorInvalidValue;
    if (src_dev && !r.is_device(src, count)) return prtErrorInvalidValue;
    return prtSuccess;
}

}  // namespace prt::cpu

inline prtError_t prtMalloc(void** devPtr, size_t size) {
    return prt::cpu::allocate(devPtr, size, prt::cpu::MemKind::Device);
}

template <class T>
inline prtError_t prtMalloc(T** devPtr, size_t size) {
    return prtMalloc(static_cast<void**>(static_cast<void*>(devPtr)), size);
}

inline prtError_t prtFree(void* devPtr) {
    if (!devPtr) return prtSuccess;
    auto& r = prt::cpu::Registry::get();
    if (!r.remove(devPtr, prt::cpu::MemKind::Device) && !r.remove(devPtr, prt::cpu::MemKind::Managed))
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::free(devPtr);
    return prtSuccess;
}

inline prtError_t prtMallocHost(void** ptr, size_t size) {
    return prt::cpu::allocate(ptr, size, prt::cpu::MemKind::Host);
}

template <class T>
inline prtError_t prtMallocHost(T** ptr, size_t size) {
    return prtMallocHost(static_cast<void**>(static_cast<void*>(ptr)), size);
}

inline prtError_t prtHostAlloc(void** ptr, size_t size, unsigned int flags) {
    if (flags & ~0x7u) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prt::cpu::allocate(ptr, size, prt::cpu::MemKind::Host);
}

inline prtError_t prtFreeHost(void* ptr) {
    if (!ptr) return prtSuccess;
    if (!prt::cpu::Registry::get().remove(ptr, prt::cpu::MemKind::Host)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::free(ptr);
    return prtSuccess;
}

inline prtError_t prtHostRegister(void* ptr, size_t size, unsigned int flags) {
    if (!ptr || size == 0 || (flags & ~0xFu)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    auto& r = prt::cpu::Registry::get();
    if (r.find(ptr, 1)) return prt::cpu::prt_fail(prtErrorHostMemoryAlreadyRegistered);
    r.add(ptr, size, prt::cpu::MemKind::Registered);
    return prtSuccess;
}

inline prtError_t prtHostUnregister(void* ptr) {
    if (!prt::cpu::Registry::get().remove(ptr, prt::cpu::MemKind::Registered))
        return prt::cpu::prt_fail(prtErrorHostMemoryNotRegistered);
    return prtSuccess;
}

inline prtError_t prtHostGetDevicePointer(void** devPtr, void* hostPtr, unsigned int flags) {
    if (!devPtr || flags != 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::MemKind k;
    if (!prt::cpu::Registry::get().find(hostPtr, 1, &k) ||
        !(k == prt::cpu::MemKind::Host || k == prt::cpu::MemKind::Registered))
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    *devPtr = hostPtr;
    return prtSuccess;
}

inline prtError_t prtMallocManaged(void** devPtr, size_t size, unsigned int flags) {
    if (flags != prtMemAttachGlobal && flags != prtMemAttachHost) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (size == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prt::cpu::allocate(devPtr, size, prt::cpu::MemKind::Managed);
}

template <class T>
inline prtError_t prtMallocManaged(T** devPtr, size_t size, unsigned int flags) {
    return prtMallocManaged(static_cast<void**>(static_cast<void*>(devPtr)), size, flags);
}

inline prtError_t prtMallocPitch(void** devPtr, size_t* pitch, size_t width, size_t height) {
    if (!pitch) return prt::cpu::prt_fail(prtErrorInvalidValue);
    size_t p = (width + 511) / 512 * 512;
    if (p == 0) p = 512;
    *pitch = p;
    return prtMalloc(devPtr, p * height);
}

// The CPU backend runs stream work when it is issued (prt/cpu/stream.h), so stream order is issue order.
// Stream-ordered allocation allocates at once. While a stream captures, the allocation is made at capture and
// kept for every replay, as a graph's allocation keeps its address; the captured free is then an empty node.
inline prtError_t prtMallocAsync(void** devPtr, size_t size, prtStream_t) { return prtMalloc(devPtr, size); }
inline prtError_t prtFreeAsync(void* devPtr, prtStream_t stream) {
    if (!prt::cpu::capturing(stream)) return prtFree(devPtr);
    return prt::cpu::issue(stream, prtGraphNodeTypeEmpty, [] { return prtSuccess; });
}

inline prtError_t prtMemGetInfo(size_t* free, size_t* total) {
    if (!free || !total) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *free = prt::cpu::available_bytes();
    *total = prt::cpu::physical_bytes();
    return prtSuccess;
}


inline prtError_t prtMemcpy(void* dst, const void* src, size_t count, prtMemcpyKind kind) {
    prtError_t e = prt::cpu::check_copy(dst, src, count, kind);
    if (e != prtSuccess) return prt::cpu::prt_fail(e);
    if (count) std::memmove(dst, src, count);
    return prtSuccess;
}

inline prtError_t prtMemcpyAsync(void* dst, const void* src, size_t count, prtMemcpyKind kind, prtStream_t stream) {
    if (!prt::cpu::capturing(stream)) return prtMemcpy(dst, src, count, kind);
    prtError_t e = prt::cpu::check_copy(dst, src, count, kind);
    if (e != prtSuccess) return prt::cpu::prt_fail(e);
    return prt::cpu::issue(stream, prtGraphNodeTypeMemcpy, [=] { return prtMemcpy(dst, src, count, kind); });
}

inline prtError_t prtMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                              size_t height, prtMemcpyKind kind) {
    if (!prt::cpu::valid_kind(kind)) return prt::cpu::prt_fail(prtErrorInvalidMemcpyDirection);
    if (width > dpitch || width > spitch) return prt::cpu::prt_fail(prtErrorInvalidPitchValue);
    if (width == 0 || height == 0) return prtSuccess;
    size_t dspan = dpitch * (height - 1) + width, sspan = spitch * (height - 1) + width;
    if (!dst || !src) return prt::cpu::prt_fail(prtErrorInvalidValue);
    auto& r = prt::cpu::Registry::get();
    bool dst_dev = kind == prtMemcpyHostToDevice || kind == prtMemcpyDeviceToDevice;
    bool src_dev = kind == prtMemcpyDeviceToHost || kind == prtMemcpyDeviceToDevice;
    if ((dst_dev && !r.is_device(dst, dspan)) || (src_dev && !r.is_device(src, sspan)))
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (size_t row = 0; row < height; ++row)
        std::memmove(static_cast<char*>(dst) + row * dpitch, static_cast<const char*>(src) + row * spitch, width);
    return prtSuccess;
}

inline prtError_t prtMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                   size_t height, prtMemcpyKind kind, prtStream_t stream) {
    if (!prt::cpu::capturing(stream)) return prtMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
    return prt::cpu::issue(stream, prtGraphNodeTypeMemcpy,
                           [=] { return prtMemcpy2D(dst, dpitch, src, spitch, width, height, kind); });
}

inline prtError_t prtMemset(void* devPtr, int value, size_t count) {
    if (count == 0) return prtSuccess;
    if (!prt::cpu::Registry::get().is_device(devPtr, count)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::memset(devPtr, value, count);
    return prtSuccess;
}

inline prtError_t prtMemsetAsync(void* devPtr, int value, size_t count, prtStream_t stream) {
    if (!prt::cpu::capturing(stream)) return prtMemset(devPtr, value, count);
    return prt::cpu::issue(stream, prtGraphNodeTypeMemset, [=] { return prtMemset(devPtr, value, count); });
}

inline prtError_t prtMemset2D(void* devPtr, size_t pitch, int value, size_t width, size_t height) {
    if (width > pitch) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (width == 0 || height == 0) return prtSuccess;
    if (!prt::cpu::Registry::get().is_device(devPtr, pitch * (height - 1) + width))
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (size_t row = 0; row < height; ++row) std::memset(static_cast<char*>(devPtr) + row * pitch, value, width);
    return prtSuccess;
}

inline prtError_t prtMemset2DAsync(void* devPtr, size_t pitch, int value, size_t width, size_t height,
                                   prtStream_t stream) {
    if (!prt::cpu::capturing(stream)) return prtMemset2D(devPtr, pitch, value, width, height);
    return prt::cpu::issue(stream, prtGraphNodeTypeMemset,
                           [=] { return prtMemset2D(devPtr, pitch, value, width, height); });
}

// Symbols: __device__ and __constant__ variables are ordinary globals on the CPU backend.
template <class T>
inline prtError_t prtMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset,
                                    prtMemcpyKind kind) {
    if (offset + count > sizeof(T)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (kind != prtMemcpyHostToDevice && kind != prtMemcpyDeviceToDevice && kind != prtMemcpyDefault)
        return prt::cpu::prt_fail(prtErrorInvalidMemcpyDirection);
    if (count && !src) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (count) std::memmove(reinterpret_cast<char*>(const_cast<T*>(&symbol)) + offset, src, count);
    return prtSuccess;
}

template <class T>
inline prtError_t prtMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset,
                                      prtMemcpyKind kind) {
    if (offset + count > sizeof(T)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (kind != prtMemcpyDeviceToHost && kind != prtMemcpyDeviceToDevice && kind != prtMemcpyDefault)
        return prt::cpu::prt_fail(prtErrorInvalidMemcpyDirection);
    if (count && !dst) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (count) std::memmove(dst, reinterpret_cast<const char*>(&symbol) + offset, count);
    return prtSuccess;
}

template <class T>
inline prtError_t prtMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count, size_t offset,
                                         prtMemcpyKind kind, prtStream_t stream) {
    if (!prt::cpu::capturing(stream)) return prtMemcpyToSymbol(symbol, src, count, offset, kind);
    const T* at = &symbol;
    return prt::cpu::issue(stream, prtGraphNodeTypeMemcpy,
                           [=] { return prtMemcpyToSymbol(*at, src, count, offset, kind); });
}

template <class T>
inline prtError_t prtMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset,
                                           prtMemcpyKind kind, prtStream_t stream) {
    if (!prt::cpu::capturing(stream)) return prtMemcpyFromSymbol(dst, symbol, count, offset, kind);
    const T* at = &symbol;
    return prt::cpu::issue(stream, prtGraphNodeTypeMemcpy,
                           [=] { return prtMemcpyFromSymbol(dst, *at, count, offset, kind); });
}

template <class T>
inline prtError_t prtGetSymbolAddress(void** devPtr, const T& symbol) {
    if (!devPtr) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *devPtr = const_cast<void*>(static_cast<const void*>(&symbol));
    prt::cpu::Registry::get().add(*devPtr, sizeof(T), prt::cpu::MemKind::Symbol);  // copies may now target it
    return prtSuccess;
}

template <class T>
inline prtError_t prtGetSymbolSize(size_t* size, const T&) {
    if (!size) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *size = sizeof(T);
    return prtSuccess;
}

#include "prt/cpu/array.h"
#include "prt/cpu/managed.h"
