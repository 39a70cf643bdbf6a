// prt/hip/memory.h: forwards to the HIP runtime.
#pragma once

inline prtError_t prtMalloc(void** devPtr, size_t size) { return hipMalloc(devPtr, size); }
template <class T>
inline prtError_t prtMalloc(T** devPtr, size_t size) { return hipMalloc(reinterpret_cast<void**>(devPtr), size); }
inline prtError_t prtFree(void* devPtr) { return hipFree(devPtr); }
inline prtError_t prtMallocHost(void** ptr, size_t size) { return hipHostMalloc(ptr, size); }
template <class T>
inline prtError_t prtMallocHost(T** ptr, size_t size) { return hipHostMalloc(reinterpret_cast<void**>(ptr), size); }
inline prtError_t prtHostAlloc(void** ptr, size_t size, unsigned int flags) { return hipHostMalloc(ptr, size, flags); }
inline prtError_t prtFreeHost(void* ptr) { return hipHostFree(ptr); }
inline prtError_t prtHostRegister(void* ptr, size_t size, unsigned int flags) { return hipHostRegister(ptr, size, flags); }
inline prtError_t prtHostUnregister(void* ptr) { return hipHostUnregister(ptr); }
inline prtError_t prtHostGetDevicePointer(void** devPtr, void* hostPtr, unsigned int flags) {
    return hipHostGetDevicePointer(devPtr, hostPtr, flags);
}
inline prtError_t prtMallocManaged(void** devPtr, size_t size, unsigned int flags) {
    return hipMallocManaged(devPtr, size, flags);
}
template <class T>
inline prtError_t prtMallocManaged(T** devPtr, size_t size, unsigned int flags) {
    return hipMallocManaged(reinterpret_cast<void**>(devPtr), size, flags);
}
inline prtError_t prtMallocPitch(void** devPtr, size_t* pitch, size_t width, size_t height) {
    return hipMallocPitch(devPtr, pitch, width, height);
}
inline prtError_t prtMallocAsync(void** devPtr, size_t size, prtStream_t stream) {
    return hipMallocAsync(devPtr, size, stream);
}
inline prtError_t prtFreeAsync(void* devPtr, prtStream_t stream) { return hipFreeAsync(devPtr, stream); }
inline prtError_t prtMemGetInfo(size_t* free, size_t* total) { return hipMemGetInfo(free, total); }
inline prtError_t prtMemPrefetchAsync(const void* devPtr, size_t count, int device, prtStream_t stream) {
    return hipMemPrefetchAsync(devPtr, count, device, stream);
}
inline prtError_t prtMemcpy(void* dst, const void* src, size_t count, prtMemcpyKind kind) {
    return hipMemcpy(dst, src, count, kind);
}
inline prtError_t prtMemcpyAsync(void* dst, const void* src, size_t count, prtMemcpyKind kind, prtStream_t stream) {
    return hipMemcpyAsync(dst, src, count, kind, stream);
}
inline prtError_t prtMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                              size_t height, prtMemcpyKind kind) {
    return hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
inline prtError_t prtMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                   size_t height, prtMemcpyKind kind, prtStream_t stream) {
    return hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream);
}
inline prtError_t prtMemset(void* devPtr, int value, size_t count) { return hipMemset(devPtr, value, count); }
inline prtError_t prtMemsetAsync(void* devPtr, int value, size_t count, prtStream_t stream) {
    return hipMemsetAsync(devPtr, value, count, stream);
}
inline prtError_t prtMemset2D(void* devPtr, size_t pitch, int value, size_t width, size_t height) {
    return hipMemset2D(devPtr, pitch, value, width, height);
}
inline prtError_t prtMemset2DAsync(void* devPtr, size_t pitch, int value, size_t width, size_t height,
                                   prtStream_t stream) {
    return hipMemset2DAsync(devPtr, pitch, value, width, height, stream);
}
template <class T>
inline prtError_t prtMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset,
                                    prtMemcpyKind kind) {
    return hipMemcpyToSymbol(symbol, src, count, offset, kind);
}
template <class T>
inline prtError_t prtMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset,
                                      prtMemcpyKind kind) {
    return hipMemcpyFromSymbol(dst, symbol, count, offset, kind);
}
template <class T>
inline prtError_t prtMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count, size_t offset,
                                         prtMemcpyKind kind, prtStream_t stream) {
    return hipMemcpyToSymbolAsync(symbol, src, count, offset, kind, stream);
}
template <class T>
inline prtError_t prtMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset,
                                           prtMemcpyKind kind, prtStream_t stream) {
    return hipMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, stream);
}
template <class T>
inline prtError_t prtGetSymbolAddress(void** devPtr, const T& symbol) { return hipGetSymbolAddress(devPtr, symbol); }
template <class T>
inline prtError_t prtGetSymbolSize(size_t* size, const T& symbol) { return hipGetSymbolSize(size, symbol); }
