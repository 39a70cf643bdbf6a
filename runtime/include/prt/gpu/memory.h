// prt/gpu/memory.h: forwards to the vendor runtime; HIP names the pinned host calls hipHostMalloc/hipHostFree.
#pragma once

inline prtError_t prtMalloc(void** devPtr, size_t size) { return PRT_GPU(Malloc)(devPtr, size); }
template <class T>
inline prtError_t prtMalloc(T** devPtr, size_t size) { return PRT_GPU(Malloc)(static_cast<void**>(static_cast<void*>(devPtr)), size); }
inline prtError_t prtFree(void* devPtr) { return PRT_GPU(Free)(devPtr); }
inline prtError_t prtMallocHost(void** ptr, size_t size) { return PRT_GPU_NAMED(MallocHost, hipHostMalloc)(ptr, size); }
template <class T>
inline prtError_t prtMallocHost(T** ptr, size_t size) { return PRT_GPU_NAMED(MallocHost, hipHostMalloc)(static_cast<void**>(static_cast<void*>(ptr)), size); }
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
    return PRT_GPU(MallocManaged)(static_cast<void**>(static_cast<void*>(devPtr)), size, flags);
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
inline prtError_t prtMemPrefetchAsync(const void* devPtr, size_t count, prtMemLocation location, unsigned int flags,
                                      prtStream_t stream) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    return cudaMemPrefetchAsync(devPtr, count, location, flags, stream);
#else
    (void)flags;  // none is defined yet
    return PRT_GPU(MemPrefetchAsync)(devPtr, count, location.type == prtMemLocationTypeHost ? prtCpuDeviceId : location.id,
                                     stream);
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

inline prtError_t prtMalloc3D(prtPitchedPtr* pitchedDevPtr, prtExtent extent) {
    return PRT_GPU(Malloc3D)(pitchedDevPtr, extent);
}
inline prtError_t prtMemcpy3D(const prtMemcpy3DParms* p) { return PRT_GPU(Memcpy3D)(p); }
inline prtError_t prtMemcpy3DAsync(const prtMemcpy3DParms* p, prtStream_t stream) {
    return PRT_GPU(Memcpy3DAsync)(p, stream);
}
#if PRT_BACKEND_CUDA
inline prtError_t prtMemcpy3DPeer(const prtMemcpy3DPeerParms* p) { return cudaMemcpy3DPeer(p); }
inline prtError_t prtMemcpy3DPeerAsync(const prtMemcpy3DPeerParms* p, prtStream_t stream) {
    return cudaMemcpy3DPeerAsync(p, stream);
}
#else
namespace prt::gpu {
// HIP 5 has no peer 3-D copy; its devices share one address space, so it is a device-to-device 3-D copy.
inline hipMemcpy3DParms same_space(const prtMemcpy3DPeerParms* p) {
    hipMemcpy3DParms q{};
    q.srcArray = p->srcArray, q.srcPos = p->srcPos, q.srcPtr = p->srcPtr;
    q.dstArray = p->dstArray, q.dstPos = p->dstPos, q.dstPtr = p->dstPtr;
    q.extent = p->extent, q.kind = hipMemcpyDeviceToDevice;
    return q;
}
}  // namespace prt::gpu
inline prtError_t prtMemcpy3DPeer(const prtMemcpy3DPeerParms* p) {
    if (!p) return hipErrorInvalidValue;
    hipMemcpy3DParms q = prt::gpu::same_space(p);
    return hipMemcpy3D(&q);
}
inline prtError_t prtMemcpy3DPeerAsync(const prtMemcpy3DPeerParms* p, prtStream_t stream) {
    if (!p) return hipErrorInvalidValue;
    hipMemcpy3DParms q = prt::gpu::same_space(p);
    return hipMemcpy3DAsync(&q, stream);
}
#endif
inline prtError_t prtMemset3D(prtPitchedPtr pitchedDevPtr, int value, prtExtent extent) {
    return PRT_GPU(Memset3D)(pitchedDevPtr, value, extent);
}
inline prtError_t prtMemset3DAsync(prtPitchedPtr pitchedDevPtr, int value, prtExtent extent, prtStream_t stream) {
    return PRT_GPU(Memset3DAsync)(pitchedDevPtr, value, extent, stream);
}
inline prtError_t prtMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice, size_t count) {
    return PRT_GPU(MemcpyPeer)(dst, dstDevice, src, srcDevice, count);
}
inline prtError_t prtMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice, size_t count,
                                     prtStream_t stream) {
    return PRT_GPU(MemcpyPeerAsync)(dst, dstDevice, src, srcDevice, count, stream);
}

inline prtChannelFormatDesc prtCreateChannelDesc(int x, int y, int z, int w, prtChannelFormatKind f) {
    return PRT_GPU(CreateChannelDesc)(x, y, z, w, f);
}
template <class T>
inline prtChannelFormatDesc prtCreateChannelDesc() { return PRT_GPU(CreateChannelDesc)<T>(); }
inline prtError_t prtMallocArray(prtArray_t* array, const prtChannelFormatDesc* desc, size_t width, size_t height,
                                 unsigned int flags) {
    return PRT_GPU(MallocArray)(array, desc, width, height, flags);
}
inline prtError_t prtMalloc3DArray(prtArray_t* array, const prtChannelFormatDesc* desc, prtExtent extent,
                                   unsigned int flags) {
    return PRT_GPU(Malloc3DArray)(array, desc, extent, flags);
}
inline prtError_t prtFreeArray(prtArray_t array) { return PRT_GPU(FreeArray)(array); }
inline prtError_t prtArrayGetInfo(prtChannelFormatDesc* desc, prtExtent* extent, unsigned int* flags,
                                  prtArray_t array) {
#if PRT_BACKEND_CUDA
    return cudaArrayGetInfo(desc, extent, flags, array);
#else
    if (!array) return hipErrorInvalidHandle;  // HIP 5 has no hipArrayGetInfo; its hipArray holds the answer
    if (desc) *desc = array->desc;
    if (extent) *extent = make_hipExtent(array->width, array->height, array->depth);
    if (flags) *flags = array->textureType == hipTextureType2DLayered || array->textureType == hipTextureType1DLayered
                            ? hipArrayLayered : hipArrayDefault;
    return hipSuccess;
#endif
}
inline prtError_t prtGetChannelDesc(prtChannelFormatDesc* desc, prtArray_const_t array) {
    return PRT_GPU(GetChannelDesc)(desc, array);
}
inline prtError_t prtMallocMipmappedArray(prtMipmappedArray_t* mipmappedArray, const prtChannelFormatDesc* desc,
                                          prtExtent extent, unsigned int numLevels, unsigned int flags) {
    return PRT_GPU(MallocMipmappedArray)(mipmappedArray, desc, extent, numLevels, flags);
}
inline prtError_t prtGetMipmappedArrayLevel(prtArray_t* levelArray, prtMipmappedArray_const_t mipmappedArray,
                                            unsigned int level) {
    return PRT_GPU(GetMipmappedArrayLevel)(levelArray, mipmappedArray, level);
}
inline prtError_t prtFreeMipmappedArray(prtMipmappedArray_t mipmappedArray) {
    return PRT_GPU(FreeMipmappedArray)(mipmappedArray);
}
// CUDA deprecates its 1-D array copies but keeps them; the portable names are kept too.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
inline prtError_t prtMemcpyToArray(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t count,
                                   prtMemcpyKind kind) {
    return PRT_GPU(MemcpyToArray)(dst, wOffset, hOffset, src, count, kind);
}
inline prtError_t prtMemcpyFromArray(void* dst, prtArray_const_t src, size_t wOffset, size_t hOffset, size_t count,
                                     prtMemcpyKind kind) {
    return PRT_GPU(MemcpyFromArray)(dst, src, wOffset, hOffset, count, kind);
}
// HIP 5 has no asynchronous 1-D array copies: they are 2-D copies of one row (a copy must then stay in its row).
inline prtError_t prtMemcpyToArrayAsync(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                        size_t count, prtMemcpyKind kind, prtStream_t stream) {
#if PRT_BACKEND_CUDA
    return cudaMemcpyToArrayAsync(dst, wOffset, hOffset, src, count, kind, stream);
#else
    return hipMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, count, count, 1, kind, stream);
#endif
}
inline prtError_t prtMemcpyFromArrayAsync(void* dst, prtArray_const_t src, size_t wOffset, size_t hOffset,
                                          size_t count, prtMemcpyKind kind, prtStream_t stream) {
#if PRT_BACKEND_CUDA
    return cudaMemcpyFromArrayAsync(dst, src, wOffset, hOffset, count, kind, stream);
#else
    return hipMemcpy2DFromArrayAsync(dst, count, src, wOffset, hOffset, count, 1, kind, stream);
#endif
}
#pragma GCC diagnostic pop
inline prtError_t prtMemcpy2DToArray(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t spitch,
                                     size_t width, size_t height, prtMemcpyKind kind) {
    return PRT_GPU(Memcpy2DToArray)(dst, wOffset, hOffset, src, spitch, width, height, kind);
}
inline prtError_t prtMemcpy2DToArrayAsync(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                          size_t spitch, size_t width, size_t height, prtMemcpyKind kind,
                                          prtStream_t stream) {
    return PRT_GPU(Memcpy2DToArrayAsync)(dst, wOffset, hOffset, src, spitch, width, height, kind, stream);
}
inline prtError_t prtMemcpy2DFromArray(void* dst, size_t dpitch, prtArray_const_t src, size_t wOffset,
                                       size_t hOffset, size_t width, size_t height, prtMemcpyKind kind) {
    return PRT_GPU(Memcpy2DFromArray)(dst, dpitch, src, wOffset, hOffset, width, height, kind);
}
inline prtError_t prtMemcpy2DFromArrayAsync(void* dst, size_t dpitch, prtArray_const_t src, size_t wOffset,
                                            size_t hOffset, size_t width, size_t height, prtMemcpyKind kind,
                                            prtStream_t stream) {
    return PRT_GPU(Memcpy2DFromArrayAsync)(dst, dpitch, src, wOffset, hOffset, width, height, kind, stream);
}
// Array-to-array copies: HIP 5 has none, so they go through a 3-D copy between the two arrays.
inline prtError_t prtMemcpy2DArrayToArray(prtArray_t dst, size_t wOffsetDst, size_t hOffsetDst, prtArray_const_t src,
                                          size_t wOffsetSrc, size_t hOffsetSrc, size_t width, size_t height,
                                          prtMemcpyKind kind) {
#if PRT_BACKEND_CUDA
    return cudaMemcpy2DArrayToArray(dst, wOffsetDst, hOffsetDst, src, wOffsetSrc, hOffsetSrc, width, height, kind);
#else
    hipChannelFormatDesc d{};
    hipError_t e = hipGetChannelDesc(&d, src);
    if (e != hipSuccess) return e;
    size_t elem = size_t(d.x + d.y + d.z + d.w) / 8;
    if (elem == 0 || wOffsetDst % elem || wOffsetSrc % elem || width % elem) return hipErrorInvalidValue;
    hipMemcpy3DParms q{};
    q.srcArray = const_cast<hipArray_t>(src), q.srcPos = make_hipPos(wOffsetSrc / elem, hOffsetSrc, 0);
    q.dstArray = dst, q.dstPos = make_hipPos(wOffsetDst / elem, hOffsetDst, 0);
    q.extent = make_hipExtent(width / elem, height, 1), q.kind = kind;
    return hipMemcpy3D(&q);
#endif
}
inline prtError_t prtMemcpyArrayToArray(prtArray_t dst, size_t wOffsetDst, size_t hOffsetDst, prtArray_const_t src,
                                        size_t wOffsetSrc, size_t hOffsetSrc, size_t count, prtMemcpyKind kind) {
#if PRT_BACKEND_CUDA
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    return cudaMemcpyArrayToArray(dst, wOffsetDst, hOffsetDst, src, wOffsetSrc, hOffsetSrc, count, kind);
#pragma GCC diagnostic pop
#else
    return prtMemcpy2DArrayToArray(dst, wOffsetDst, hOffsetDst, src, wOffsetSrc, hOffsetSrc, count, 1, kind);
#endif
}

inline prtError_t prtPointerGetAttributes(prtPointerAttributes* attributes, const void* ptr) {
#if PRT_BACKEND_CUDA
    return cudaPointerGetAttributes(attributes, ptr);
#else
    if (!attributes) return hipErrorInvalidValue;
    hipPointerAttribute_t a{};
    hipError_t e = hipPointerGetAttributes(&a, ptr);
    *attributes = prtPointerAttributes{prtMemoryTypeUnregistered, -1, nullptr, nullptr};
    if (e == hipErrorInvalidValue) {  // unknown to HIP: unregistered host memory, as CUDA reports it
        (void)hipGetLastError();
        attributes->hostPointer = const_cast<void*>(ptr);
        return hipSuccess;
    }
    if (e != hipSuccess) return e;
    attributes->type = a.isManaged ? prtMemoryTypeManaged
                       : a.memoryType == hipMemoryTypeHost ? prtMemoryTypeHost : prtMemoryTypeDevice;
    attributes->device = a.device;
    attributes->devicePointer = a.devicePointer;
    attributes->hostPointer = a.hostPointer;
    return hipSuccess;
#endif
}
inline prtError_t prtMemAdvise(const void* devPtr, size_t count, prtMemoryAdvise advice, prtMemLocation location) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    return cudaMemAdvise(devPtr, count, advice, location);
#else
    return PRT_GPU(MemAdvise)(devPtr, count, advice, location.type == prtMemLocationTypeHost ? prtCpuDeviceId : location.id);
#endif
}
inline prtError_t prtMemAdvise(const void* devPtr, size_t count, prtMemoryAdvise advice, int device) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    prtMemLocation where{};
    where.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    where.id = device == cudaCpuDeviceId ? 0 : device;
    return cudaMemAdvise(devPtr, count, advice, where);
#else
    return PRT_GPU(MemAdvise)(devPtr, count, advice, device);
#endif
}
inline prtError_t prtMemRangeGetAttribute(void* data, size_t dataSize, prtMemRangeAttribute attribute,
                                          const void* devPtr, size_t count) {
    return PRT_GPU(MemRangeGetAttribute)(data, dataSize, attribute, devPtr, count);
}
inline prtError_t prtMemRangeGetAttributes(void** data, size_t* dataSizes, prtMemRangeAttribute* attributes,
                                           size_t numAttributes, const void* devPtr, size_t count) {
    return PRT_GPU(MemRangeGetAttributes)(data, dataSizes, attributes, numAttributes, devPtr, count);
}
inline prtError_t prtStreamAttachMemAsync(prtStream_t stream, void* devPtr, size_t length, unsigned int flags) {
    return PRT_GPU(StreamAttachMemAsync)(stream, devPtr, length, flags);
}
inline prtError_t prtHostGetFlags(unsigned int* flags, void* hostPtr) { return PRT_GPU(HostGetFlags)(flags, hostPtr); }

inline prtError_t prtDeviceGetDefaultMemPool(prtMemPool_t* memPool, int device) {
    return PRT_GPU(DeviceGetDefaultMemPool)(memPool, device);
}
inline prtError_t prtDeviceGetMemPool(prtMemPool_t* memPool, int device) {
    return PRT_GPU(DeviceGetMemPool)(memPool, device);
}
inline prtError_t prtDeviceSetMemPool(int device, prtMemPool_t memPool) {
    return PRT_GPU(DeviceSetMemPool)(device, memPool);
}
// The location-named pool calls are CUDA 13's; elsewhere they are the device calls for a device location.
inline prtError_t prtMemGetDefaultMemPool(prtMemPool_t* memPool, prtMemLocation* location,
                                          prtMemAllocationType type) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    return cudaMemGetDefaultMemPool(memPool, location, type);
#else
    if (!location || location->type != prtMemLocationTypeDevice || type != prtMemAllocationTypePinned)
        return prtErrorNotSupported;
    return prtDeviceGetDefaultMemPool(memPool, location->id);
#endif
}
inline prtError_t prtMemGetMemPool(prtMemPool_t* memPool, prtMemLocation* location, prtMemAllocationType type) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    return cudaMemGetMemPool(memPool, location, type);
#else
    if (!location || location->type != prtMemLocationTypeDevice || type != prtMemAllocationTypePinned)
        return prtErrorNotSupported;
    return prtDeviceGetMemPool(memPool, location->id);
#endif
}
inline prtError_t prtMemSetMemPool(prtMemLocation* location, prtMemAllocationType type, prtMemPool_t memPool) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    return cudaMemSetMemPool(location, type, memPool);
#else
    if (!location || location->type != prtMemLocationTypeDevice || type != prtMemAllocationTypePinned)
        return prtErrorNotSupported;
    return prtDeviceSetMemPool(location->id, memPool);
#endif
}
inline prtError_t prtMemPoolCreate(prtMemPool_t* memPool, const prtMemPoolProps* poolProps) {
    return PRT_GPU(MemPoolCreate)(memPool, poolProps);
}
inline prtError_t prtMemPoolDestroy(prtMemPool_t memPool) { return PRT_GPU(MemPoolDestroy)(memPool); }
inline prtError_t prtMemPoolTrimTo(prtMemPool_t memPool, size_t minBytesToKeep) {
    return PRT_GPU(MemPoolTrimTo)(memPool, minBytesToKeep);
}
inline prtError_t prtMemPoolSetAttribute(prtMemPool_t memPool, prtMemPoolAttr attr, void* value) {
    return PRT_GPU(MemPoolSetAttribute)(memPool, attr, value);
}
inline prtError_t prtMemPoolGetAttribute(prtMemPool_t memPool, prtMemPoolAttr attr, void* value) {
    return PRT_GPU(MemPoolGetAttribute)(memPool, attr, value);
}
inline prtError_t prtMemPoolSetAccess(prtMemPool_t memPool, const prtMemAccessDesc* descList, size_t count) {
    return PRT_GPU(MemPoolSetAccess)(memPool, descList, count);
}
inline prtError_t prtMemPoolGetAccess(prtMemAccessFlags* flags, prtMemPool_t memPool, prtMemLocation* location) {
    return PRT_GPU(MemPoolGetAccess)(flags, memPool, location);
}
inline prtError_t prtMallocFromPoolAsync(void** ptr, size_t size, prtMemPool_t memPool, prtStream_t stream) {
    return PRT_GPU(MallocFromPoolAsync)(ptr, size, memPool, stream);
}
inline prtError_t prtMemPoolExportToShareableHandle(void* shareableHandle, prtMemPool_t memPool,
                                                    prtMemAllocationHandleType handleType, unsigned int flags) {
    return PRT_GPU(MemPoolExportToShareableHandle)(shareableHandle, memPool, handleType, flags);
}
inline prtError_t prtMemPoolImportFromShareableHandle(prtMemPool_t* memPool, void* shareableHandle,
                                                      prtMemAllocationHandleType handleType, unsigned int flags) {
    return PRT_GPU(MemPoolImportFromShareableHandle)(memPool, shareableHandle, handleType, flags);
}
inline prtError_t prtMemPoolExportPointer(prtMemPoolPtrExportData* exportData, void* ptr) {
    return PRT_GPU(MemPoolExportPointer)(exportData, ptr);
}
inline prtError_t prtMemPoolImportPointer(void** ptr, prtMemPool_t memPool, prtMemPoolPtrExportData* exportData) {
    return PRT_GPU(MemPoolImportPointer)(ptr, memPool, exportData);
}

inline prtError_t prtDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice) {
    return PRT_GPU(DeviceCanAccessPeer)(canAccessPeer, device, peerDevice);
}
inline prtError_t prtDeviceEnablePeerAccess(int peerDevice, unsigned int flags) {
    return PRT_GPU(DeviceEnablePeerAccess)(peerDevice, flags);
}
inline prtError_t prtDeviceDisablePeerAccess(int peerDevice) { return PRT_GPU(DeviceDisablePeerAccess)(peerDevice); }
inline prtError_t prtDeviceGetP2PAttribute(int* value, prtDeviceP2PAttr attr, int srcDevice, int dstDevice) {
    return PRT_GPU(DeviceGetP2PAttribute)(value, attr, srcDevice, dstDevice);
}
inline prtError_t prtIpcGetMemHandle(prtIpcMemHandle_t* handle, void* devPtr) {
    return PRT_GPU(IpcGetMemHandle)(handle, devPtr);
}
inline prtError_t prtIpcOpenMemHandle(void** devPtr, prtIpcMemHandle_t handle, unsigned int flags) {
    return PRT_GPU(IpcOpenMemHandle)(devPtr, handle, flags);
}
inline prtError_t prtIpcCloseMemHandle(void* devPtr) { return PRT_GPU(IpcCloseMemHandle)(devPtr); }
inline prtError_t prtIpcGetEventHandle(prtIpcEventHandle_t* handle, prtEvent_t event) {
    return PRT_GPU(IpcGetEventHandle)(handle, event);
}
inline prtError_t prtIpcOpenEventHandle(prtEvent_t* event, prtIpcEventHandle_t handle) {
    return PRT_GPU(IpcOpenEventHandle)(event, handle);
}

// The batch calls are CUDA 12.8-13's; on HIP 5 they are loops over the single calls, in stream order.
inline prtError_t prtMemcpyBatchAsync(void* const* dsts, const void* const* srcs, const size_t* sizes, size_t count,
                                      prtMemcpyAttributes* attrs, size_t* attrsIdxs, size_t numAttrs,
                                      prtStream_t stream) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    return cudaMemcpyBatchAsync(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs, stream);
#else
    (void)attrs, (void)attrsIdxs, (void)numAttrs;
    for (size_t i = 0; i < count; ++i) {
        prtError_t e = prtMemcpyAsync(dsts[i], srcs[i], sizes[i], prtMemcpyDefault, stream);
        if (e != prtSuccess) return e;
    }
    return prtSuccess;
#endif
}
inline prtError_t prtMemPrefetchBatchAsync(void** dptrs, size_t* sizes, size_t count, prtMemLocation* prefetchLocs,
                                           size_t* prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags,
                                           prtStream_t stream) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    return cudaMemPrefetchBatchAsync(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs, flags,
                                     stream);
#else
    return prt::batch::prefetch_each(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs, flags, stream);
#endif
}
inline prtError_t prtMemDiscardBatchAsync(void** dptrs, size_t* sizes, size_t count, unsigned long long flags,
                                          prtStream_t stream) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    return cudaMemDiscardBatchAsync(dptrs, sizes, count, flags, stream);
#else
    (void)stream;  // HIP 5 cannot drop pages: keeping the contents is a valid discard
    if (flags != 0 || (count && (!dptrs || !sizes))) return prtErrorInvalidValue;
    return prtSuccess;
#endif
}
inline prtError_t prtMemDiscardAndPrefetchBatchAsync(void** dptrs, size_t* sizes, size_t count,
                                                     prtMemLocation* prefetchLocs, size_t* prefetchLocIdxs,
                                                     size_t numPrefetchLocs, unsigned long long flags,
                                                     prtStream_t stream) {
#if PRT_BACKEND_CUDA && CUDART_VERSION >= 13000
    return cudaMemDiscardAndPrefetchBatchAsync(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs,
                                               flags, stream);
#else
    return prtMemPrefetchBatchAsync(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs, flags,
                                    stream);
#endif
}
#if PRT_BACKEND_CUDA
inline prtError_t prtArrayGetMemoryRequirements(prtArrayMemoryRequirements* memoryRequirements, prtArray_t array,
                                                int device) {
    return cudaArrayGetMemoryRequirements(memoryRequirements, array, device);
}
inline prtError_t prtMipmappedArrayGetMemoryRequirements(prtArrayMemoryRequirements* memoryRequirements,
                                                         prtMipmappedArray_t mipmap, int device) {
    return cudaMipmappedArrayGetMemoryRequirements(memoryRequirements, mipmap, device);
}
inline prtError_t prtArrayGetSparseProperties(prtArraySparseProperties* sparseProperties, prtArray_t array) {
    return cudaArrayGetSparseProperties(sparseProperties, array);
}
inline prtError_t prtMipmappedArrayGetSparseProperties(prtArraySparseProperties* sparseProperties,
                                                       prtMipmappedArray_t mipmap) {
    return cudaMipmappedArrayGetSparseProperties(sparseProperties, mipmap);
}
inline prtError_t prtArrayGetPlane(prtArray_t* planeArray, prtArray_t array, unsigned int planeIdx) {
    return cudaArrayGetPlane(planeArray, array, planeIdx);
}
#else
// HIP 5 has no sparse or multi-planar arrays and no memory-requirement queries.
inline prtError_t prtArrayGetMemoryRequirements(prtArrayMemoryRequirements*, prtArray_t, int) {
    return hipErrorNotSupported;
}
inline prtError_t prtMipmappedArrayGetMemoryRequirements(prtArrayMemoryRequirements*, prtMipmappedArray_t, int) {
    return hipErrorNotSupported;
}
inline prtError_t prtArrayGetSparseProperties(prtArraySparseProperties*, prtArray_t) { return hipErrorInvalidValue; }
inline prtError_t prtMipmappedArrayGetSparseProperties(prtArraySparseProperties*, prtMipmappedArray_t) {
    return hipErrorInvalidValue;
}
inline prtError_t prtArrayGetPlane(prtArray_t*, prtArray_t, unsigned int) { return hipErrorInvalidValue; }
#endif
