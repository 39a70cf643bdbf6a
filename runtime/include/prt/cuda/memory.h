// prt/cuda/memory.h: forwards to the CUDA runtime.
#pragma once

inline prtError_t prtMalloc(void** devPtr, size_t size) { return cudaMalloc(devPtr, size); }
template <class T>
inline prtError_t prtMalloc(T** devPtr, size_t size) { return cudaMalloc(reinterpret_cast<void**>(devPtr), size); }
inline prtError_t prtFree(void* devPtr) { return cudaFree(devPtr); }
inline prtError_t prtMallocHost(void** ptr, size_t size) { return cudaMallocHost(ptr, size); }
template <class T>
inline prtError_t prtMallocHost(T** ptr, size_t size) { return cudaMallocHost(reinterpret_cast<void**>(ptr), size); }
inline prtError_t prtHostAlloc(void** ptr, size_t size, unsigned int flags) { return cudaHostAlloc(ptr, size, flags); }
inline prtError_t prtFreeHost(void* ptr) { return cudaFreeHost(ptr); }
inline prtError_t prtHostRegister(void* ptr, size_t size, unsigned int flags) { return cudaHostRegister(ptr, size, flags); }
inline prtError_t prtHostUnregister(void* ptr) { return cudaHostUnregister(ptr); }
inline prtError_t prtHostGetDevicePointer(void** devPtr, void* hostPtr, unsigned int flags) {
    return cudaHostGetDevicePointer(devPtr, hostPtr, flags);
}
inline prtError_t prtMallocManaged(void** devPtr, size_t size, unsigned int flags) {
    return cudaMallocManaged(devPtr, size, flags);
}
template <class T>
inline prtError_t prtMallocManaged(T** devPtr, size_t size, unsigned int flags) {
    return cudaMallocManaged(reinterpret_cast<void**>(devPtr), size, flags);
}
inline prtError_t prtMallocPitch(void** devPtr, size_t* pitch, size_t width, size_t height) {
    return cudaMallocPitch(devPtr, pitch, width, height);
}
inline prtError_t prtMallocAsync(void** devPtr, size_t size, prtStream_t stream) {
    return cudaMallocAsync(devPtr, size, stream);
}
inline prtError_t prtFreeAsync(void* devPtr, prtStream_t stream) { return cudaFreeAsync(devPtr, stream); }
inline prtError_t prtMemGetInfo(size_t* free, size_t* total) { return cudaMemGetInfo(free, total); }
inline prtError_t prtMemPrefetchAsync(const void* devPtr, size_t count, int device, prtStream_t stream) {
#if CUDART_VERSION >= 13000  // CUDA 13 names the destination by a location
    cudaMemLocation where{};
    where.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    where.id = device == cudaCpuDeviceId ? 0 : device;
    return cudaMemPrefetchAsync(devPtr, count, where, 0, stream);
#else
    return cudaMemPrefetchAsync(devPtr, count, device, stream);
#endif
}
inline prtError_t prtMemcpy(void* dst, const void* src, size_t count, prtMemcpyKind kind) {
    return cudaMemcpy(dst, src, count, kind);
}
inline prtError_t prtMemcpyAsync(void* dst, const void* src, size_t count, prtMemcpyKind kind, prtStream_t stream) {
    return cudaMemcpyAsync(dst, src, count, kind, stream);
}
inline prtError_t prtMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                              size_t height, prtMemcpyKind kind) {
    return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
inline prtError_t prtMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                   size_t height, prtMemcpyKind kind, prtStream_t stream) {
    return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream);
}
inline prtError_t prtMemset(void* devPtr, int value, size_t count) { return cudaMemset(devPtr, value, count); }
inline prtError_t prtMemsetAsync(void* devPtr, int value, size_t count, prtStream_t stream) {
    return cudaMemsetAsync(devPtr, value, count, stream);
}
inline prtError_t prtMemset2D(void* devPtr, size_t pitch, int value, size_t width, size_t height) {
    return cudaMemset2D(devPtr, pitch, value, width, height);
}
inline prtError_t prtMemset2DAsync(void* devPtr, size_t pitch, int value, size_t width, size_t height,
                                   prtStream_t stream) {
    return cudaMemset2DAsync(devPtr, pitch, value, width, height, stream);
}
template <class T>
inline prtError_t prtMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset,
                                    prtMemcpyKind kind) {
    return cudaMemcpyToSymbol(symbol, src, count, offset, kind);
}
template <class T>
inline prtError_t prtMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset,
                                      prtMemcpyKind kind) {
    return cudaMemcpyFromSymbol(dst, symbol, count, offset, kind);
}
template <class T>
inline prtError_t prtMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count, size_t offset,
                                         prtMemcpyKind kind, prtStream_t stream) {
    return cudaMemcpyToSymbolAsync(symbol, src, count, offset, kind, stream);
}
template <class T>
inline prtError_t prtMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset,
                                           prtMemcpyKind kind, prtStream_t stream) {
    return cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, stream);
}
template <class T>
inline prtError_t prtGetSymbolAddress(void** devPtr, const T& symbol) { return cudaGetSymbolAddress(devPtr, symbol); }
template <class T>
inline prtError_t prtGetSymbolSize(size_t* size, const T& symbol) { return cudaGetSymbolSize(size, symbol); }
