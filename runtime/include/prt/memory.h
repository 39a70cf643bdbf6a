// prt/memory.h: allocations (device, pinned host, managed, pitched, stream-ordered), copies, fills and
// __constant__/__device__ symbols. On the CPU backend device pointers are plain host memory.
#pragma once

#include "prt/error.h"

inline prtError_t prtMalloc(void** devPtr, size_t size);                 // allocates device memory
template <class T>
inline prtError_t prtMalloc(T** devPtr, size_t size);                    // typed prtMalloc
inline prtError_t prtFree(void* devPtr);                                 // frees device memory (null: no-op)
inline prtError_t prtMallocHost(void** ptr, size_t size);                // allocates pinned host memory
template <class T>
inline prtError_t prtMallocHost(T** ptr, size_t size);                   // typed prtMallocHost
inline prtError_t prtHostAlloc(void** ptr, size_t size, unsigned int flags);  // pinned host memory, flags
inline prtError_t prtFreeHost(void* ptr);                                // frees pinned host memory
inline prtError_t prtHostRegister(void* ptr, size_t size, unsigned int flags);  // page-locks host memory
inline prtError_t prtHostUnregister(void* ptr);                          // undoes prtHostRegister
inline prtError_t prtHostGetDevicePointer(void** devPtr, void* hostPtr, unsigned int flags);  // mapped address
inline prtError_t prtMallocManaged(void** devPtr, size_t size, unsigned int flags = prtMemAttachGlobal);  // managed
template <class T>
inline prtError_t prtMallocManaged(T** devPtr, size_t size, unsigned int flags = prtMemAttachGlobal);  // typed
inline prtError_t prtMallocPitch(void** devPtr, size_t* pitch, size_t width, size_t height);  // 2D allocation
inline prtError_t prtMallocAsync(void** devPtr, size_t size, prtStream_t stream);  // allocates in stream order
inline prtError_t prtFreeAsync(void* devPtr, prtStream_t stream);        // frees in stream order
inline prtError_t prtMemGetInfo(size_t* free, size_t* total);            // free and total device memory
inline prtError_t prtMemPrefetchAsync(const void* devPtr, size_t count, int device,
                                      prtStream_t stream = 0);           // moves managed memory to a device

inline prtError_t prtMemcpy(void* dst, const void* src, size_t count, prtMemcpyKind kind);  // copies bytes
inline prtError_t prtMemcpyAsync(void* dst, const void* src, size_t count, prtMemcpyKind kind,
                                 prtStream_t stream = 0);                // copies bytes in stream order
inline prtError_t prtMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                              size_t height, prtMemcpyKind kind);        // copies a pitched 2D region
inline prtError_t prtMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                   size_t height, prtMemcpyKind kind, prtStream_t stream = 0);  // 2D, async
inline prtError_t prtMemset(void* devPtr, int value, size_t count);      // fills bytes
inline prtError_t prtMemsetAsync(void* devPtr, int value, size_t count, prtStream_t stream = 0);  // fills, async
inline prtError_t prtMemset2D(void* devPtr, size_t pitch, int value, size_t width, size_t height);  // 2D fill
inline prtError_t prtMemset2DAsync(void* devPtr, size_t pitch, int value, size_t width, size_t height,
                                   prtStream_t stream = 0);              // 2D fill in stream order

template <class T>
inline prtError_t prtMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                    prtMemcpyKind kind = prtMemcpyHostToDevice);  // writes a device symbol
template <class T>
inline prtError_t prtMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                      prtMemcpyKind kind = prtMemcpyDeviceToHost);  // reads a device symbol
template <class T>
inline prtError_t prtMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                         prtMemcpyKind kind = prtMemcpyHostToDevice,
                                         prtStream_t stream = 0);        // writes a symbol in stream order
template <class T>
inline prtError_t prtMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                           prtMemcpyKind kind = prtMemcpyDeviceToHost,
                                           prtStream_t stream = 0);      // reads a symbol in stream order
template <class T>
inline prtError_t prtGetSymbolAddress(void** devPtr, const T& symbol);   // device address of a symbol
template <class T>
inline prtError_t prtGetSymbolSize(size_t* size, const T& symbol);       // size of a symbol in bytes

template <class T>
inline prtError_t prtHostAlloc(T** ptr, size_t size, unsigned int flags) {  // typed prtHostAlloc
    return prtHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}
template <class T>
inline prtError_t prtMallocPitch(T** devPtr, size_t* pitch, size_t width, size_t height) {  // typed prtMallocPitch
    return prtMallocPitch(reinterpret_cast<void**>(devPtr), pitch, width, height);
}
template <class T>
inline prtError_t prtMallocAsync(T** devPtr, size_t size, prtStream_t stream) {  // typed prtMallocAsync
    return prtMallocAsync(reinterpret_cast<void**>(devPtr), size, stream);
}

#if PRT_BACKEND_CPU
#include "prt/cpu/memory.h"
#else
#include "prt/gpu/memory.h"
#endif
