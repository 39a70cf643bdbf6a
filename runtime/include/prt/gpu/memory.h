// prt/gpu/memory.h: forwards to the vendor runtime; HIP names the pinned host calls hipHostMalloc/hipHostFree.
#pragma once

inline prtError_t prtMalloc(void** devPtr, size_t size) { return PRT_GPU(Malloc)(devPtr, size); }
template <class T>
inline prtError_t prtMalloc(T** devPtr, size_t size) { return PRT_GPU(Malloc)(reinterpret_cast<void**>(devPtr), size); }
inline prtError_t prtFree(void* devPtr) { return PRT_GPU(Free)(devPtr); }
inline prtError_t prtMallocHost(void** ptr, size_t size) { return PRT_GPU_NAMED(MallocHost, hipHostMalloc)(ptr, size); }
template <class T>
inline prtError_t prtMallocHost(T** ptr, size_t size) { return PRT_GPU_NAMED(MallocHost, hipHostMalloc)(reinterpret_cast<void**>(ptr), size); }
inline prtError_t prtHostAlloc(void** ptr, size_t size, unsigned int flags) { return PRT_GPU_NAMED(HostAlloc, hipHostMalloc)(ptr, size, flags); }
inline prtError_t prtFreeHost(void* ptr) { return PRT_GPU_NAMED(FreeHost, hipHostFree)(ptr); }
inline prtError_t prtHostRegister(void* ptr, size_t size, unsigned int flags) { return PRT_GPU(HostRegister)(ptr, size, flags); }
inline prtError_t prtHostUnregister(void* ptr) { return PRT_GPU(HostUnregister)(ptr); }
inline prtError_t prtHostGetDevicePointer(void** devPtr, void* hostPtr, unsigned int flags) {
    return PRT_GPU(HostGetDevicePointer)(devPtr, hostPtr, flags);
}
inline prtError_t prtMallocManaged(void** devPtr, size_t size, unsigned int flags) {
    return PRT_GPU(MallocManaged)(devPtr, size, flags);
}
template <class T>
inline prtError_t prtMallocManaged(T** devPtr, size_t size, unsigned int flags) {
    return PRT_GPU(MallocManaged)(reinterpret_cast<void**>(devPtr), size, flags);
}
inline prtError_t prtMallocPitch(void** devPtr, size_t* pitch, size_t width, size_t height) {
    return PRT_GPU(MallocPitch)(devPtr, pitch, width, height);
}
inline prtError_t prtMallocAsync(void** devPtr, size_t size, prtStream_t stream) {
    return PRT_GPU(MallocAsync)(devPtr, size, stream);
}
inline prtError_t prtFreeAsync(void* devPtr, prtStream_t stream) { return PRT_GPU(FreeAsync)(devPtr, stream); }
inline prtError_t prtMemGetInfo(size_t* free, size_t* total) { return PRT_GPU(MemGetInfo)(free, total); }
inline prtError_t prtMemPrefetchAsync(const void* devPtr, size_t count, int device, prtStream_t stream) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000  // CUDA 13 names the destination by a location
    cudaMemLocation where{};
    where.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    where.id = device == cudaCpuDeviceId ? 0 : device;
    return cudaMemPrefetchAsync(devPtr, count, where, 0, stream);
#else
    return PRT_GPU(MemPrefetchAsync)(devPtr, count, device, stream);
#endif
}
inline prtError_t prtMemcpy(void* dst, const void* src, size_t count, prtMemcpyKind kind) {
    return PRT_GPU(Memcpy)(dst, src, count, kind);
}
inline prtError_t prtMemcpyAsync(void* dst, const void* src, size_t count, prtMemcpyKind kind, prtStream_t stream) {
    return PRT_GPU(MemcpyAsync)(dst, src, count, kind, stream);
}
inline prtError_t prtMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                              size_t height, prtMemcpyKind kind) {
    return PRT_GPU(Memcpy2D)(dst, dpitch, src, spitch, width, height, kind);
}
inline prtError_t prtMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                   size_t height, prtMemcpyKind kind, prtStream_t stream) {
    return PRT_GPU(Memcpy2DAsync)(dst, dpitch, src, spitch, width, height, kind, stream);
}
inline prtError_t prtMemset(void* devPtr, int value, size_t count) { return PRT_GPU(Memset)(devPtr, value, count); }
inline prtError_t prtMemsetAsync(void* devPtr, int value, size_t count, prtStream_t stream) {
    return PRT_GPU(MemsetAsync)(devPtr, value, count, stream);
}
inline prtError_t prtMemset2D(void* devPtr, size_t pitch, int value, size_t width, size_t height) {
    return PRT_GPU(Memset2D)(devPtr, pitch, value, width, height);
}
inline prtError_t prtMemset2DAsync(void* devPtr, size_t pitch, int value, size_t width, size_t height,
                                   prtStream_t stream) {
    return PRT_GPU(Memset2DAsync)(devPtr, pitch, value, width, height, stream);
}
template <class T>
inline prtError_t prtMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset,
                                    prtMemcpyKind kind) {
    return PRT_GPU(MemcpyToSymbol)(symbol, src, count, offset, kind);
}
template <class T>
inline prtError_t prtMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset,
                                      prtMemcpyKind kind) {
    return PRT_GPU(MemcpyFromSymbol)(dst, symbol, count, offset, kind);
}
template <class T>
inline prtError_t prtMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count, size_t offset,
                                         prtMemcpyKind kind, prtStream_t stream) {
    return PRT_GPU(MemcpyToSymbolAsync)(symbol, src, count, offset, kind, stream);
}
template <class T>
inline prtError_t prtMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset,
                                           prtMemcpyKind kind, prtStream_t stream) {
    return PRT_GPU(MemcpyFromSymbolAsync)(dst, symbol, count, offset, kind, stream);
}
template <class T>
inline prtError_t prtGetSymbolAddress(void** devPtr, const T& symbol) { return PRT_GPU(GetSymbolAddress)(devPtr, symbol); }
template <class T>
inline prtError_t prtGetSymbolSize(size_t* size, const T& symbol) { return PRT_GPU(GetSymbolSize)(size, symbol); }
