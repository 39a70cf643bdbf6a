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
inline prtError_t prtMemPrefetchAsync(const void* devPtr, size_t count, prtMemLocation location, unsigned int flags,
                                      prtStream_t stream = 0);           // same, naming a location (CUDA 13)

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
    return prtHostAlloc(static_cast<void**>(static_cast<void*>(ptr)), size, flags);
}
template <class T>
inline prtError_t prtMallocPitch(T** devPtr, size_t* pitch, size_t width, size_t height) {  // typed prtMallocPitch
    return prtMallocPitch(static_cast<void**>(static_cast<void*>(devPtr)), pitch, width, height);
}
template <class T>
inline prtError_t prtMallocAsync(T** devPtr, size_t size, prtStream_t stream) {  // typed prtMallocAsync
    return prtMallocAsync(static_cast<void**>(static_cast<void*>(devPtr)), size, stream);
}

// Pitched 3-D memory and 3-D copies (positions and widths are in bytes, in elements where an array takes part).
inline prtError_t prtMalloc3D(prtPitchedPtr* pitchedDevPtr, prtExtent extent);  // allocates a pitched 3-D region
inline prtError_t prtMemcpy3D(const prtMemcpy3DParms* p);                 // copies a 3-D region
inline prtError_t prtMemcpy3DAsync(const prtMemcpy3DParms* p, prtStream_t stream = 0);  // 3-D copy in stream order
inline prtError_t prtMemcpy3DPeer(const prtMemcpy3DPeerParms* p);         // 3-D copy between devices
inline prtError_t prtMemcpy3DPeerAsync(const prtMemcpy3DPeerParms* p, prtStream_t stream = 0);  // same, async
inline prtError_t prtMemset3D(prtPitchedPtr pitchedDevPtr, int value, prtExtent extent);  // fills a 3-D region
inline prtError_t prtMemset3DAsync(prtPitchedPtr pitchedDevPtr, int value, prtExtent extent,
                                   prtStream_t stream = 0);             // 3-D fill in stream order
inline prtError_t prtMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice, size_t count);  // peer copy
inline prtError_t prtMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice, size_t count,
                                     prtStream_t stream = 0);           // peer copy in stream order

// Arrays: opaque element grids, the storage of textures and surfaces (host memory on the CPU backend).
inline prtChannelFormatDesc prtCreateChannelDesc(int x, int y, int z, int w, prtChannelFormatKind f);  // a format
inline prtError_t prtMallocArray(prtArray_t* array, const prtChannelFormatDesc* desc, size_t width, size_t height = 0,
                                 unsigned int flags = 0);               // allocates a 1-D or 2-D array
inline prtError_t prtMalloc3DArray(prtArray_t* array, const prtChannelFormatDesc* desc, prtExtent extent,
                                   unsigned int flags = 0);             // allocates a 3-D array
inline prtError_t prtFreeArray(prtArray_t array);                        // frees an array
inline prtError_t prtArrayGetInfo(prtChannelFormatDesc* desc, prtExtent* extent, unsigned int* flags,
                                  prtArray_t array);                     // an array's format, size and flags
inline prtError_t prtGetChannelDesc(prtChannelFormatDesc* desc, prtArray_const_t array);  // an array's format
inline prtError_t prtMallocMipmappedArray(prtMipmappedArray_t* mipmappedArray, const prtChannelFormatDesc* desc,
                                          prtExtent extent, unsigned int numLevels,
                                          unsigned int flags = 0);      // allocates a mipmapped array
inline prtError_t prtGetMipmappedArrayLevel(prtArray_t* levelArray, prtMipmappedArray_const_t mipmappedArray,
                                            unsigned int level);        // one level of a mipmapped array
inline prtError_t prtFreeMipmappedArray(prtMipmappedArray_t mipmappedArray);  // frees a mipmapped array
inline prtError_t prtMemcpyToArray(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t count,
                                   prtMemcpyKind kind);                 // copies bytes into an array, row-major
inline prtError_t prtMemcpyToArrayAsync(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                        size_t count, prtMemcpyKind kind, prtStream_t stream = 0);  // same, async
inline prtError_t prtMemcpyFromArray(void* dst, prtArray_const_t src, size_t wOffset, size_t hOffset, size_t count,
                                     prtMemcpyKind kind);               // copies bytes out of an array
inline prtError_t prtMemcpyFromArrayAsync(void* dst, prtArray_const_t src, size_t wOffset, size_t hOffset,
                                          size_t count, prtMemcpyKind kind, prtStream_t stream = 0);  // async
inline prtError_t prtMemcpy2DToArray(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t spitch,
                                     size_t width, size_t height, prtMemcpyKind kind);  // 2-D copy into an array
inline prtError_t prtMemcpy2DToArrayAsync(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                          size_t spitch, size_t width, size_t height, prtMemcpyKind kind,
                                          prtStream_t stream = 0);      // same, in stream order
inline prtError_t prtMemcpy2DFromArray(void* dst, size_t dpitch, prtArray_const_t src, size_t wOffset,
                                       size_t hOffset, size_t width, size_t height,
                                       prtMemcpyKind kind);             // 2-D copy out of an array
inline prtError_t prtMemcpy2DFromArrayAsync(void* dst, size_t dpitch, prtArray_const_t src, size_t wOffset,
                                            size_t hOffset, size_t width, size_t height, prtMemcpyKind kind,
                                            prtStream_t stream = 0);    // same, in stream order
inline prtError_t prtMemcpy2DArrayToArray(prtArray_t dst, size_t wOffsetDst, size_t hOffsetDst, prtArray_const_t src,
                                          size_t wOffsetSrc, size_t hOffsetSrc, size_t width, size_t height,
                                          prtMemcpyKind kind = prtMemcpyDeviceToDevice);  // 2-D array to array
inline prtError_t prtMemcpyArrayToArray(prtArray_t dst, size_t wOffsetDst, size_t hOffsetDst, prtArray_const_t src,
                                        size_t wOffsetSrc, size_t hOffsetSrc, size_t count,
                                        prtMemcpyKind kind = prtMemcpyDeviceToDevice);  // bytes array to array

// Managed memory and pointers (on the CPU backend all memory is the host's: advice is recorded, nothing moves).
inline prtError_t prtPointerGetAttributes(prtPointerAttributes* attributes, const void* ptr);  // what ptr is
inline prtError_t prtMemAdvise(const void* devPtr, size_t count, prtMemoryAdvise advice, int device);  // advises
inline prtError_t prtMemAdvise(const void* devPtr, size_t count, prtMemoryAdvise advice,
                               prtMemLocation location);                // advises, naming a location (CUDA 13)
inline prtError_t prtMemRangeGetAttribute(void* data, size_t dataSize, prtMemRangeAttribute attribute,
                                          const void* devPtr, size_t count);  // an advice given for a range
inline prtError_t prtMemRangeGetAttributes(void** data, size_t* dataSizes, prtMemRangeAttribute* attributes,
                                           size_t numAttributes, const void* devPtr, size_t count);  // several
inline prtError_t prtStreamAttachMemAsync(prtStream_t stream, void* devPtr, size_t length = 0,
                                          unsigned int flags = prtMemAttachSingle);  // attaches managed memory
inline prtError_t prtHostGetFlags(unsigned int* flags, void* hostPtr);   // flags of a pinned allocation

// Memory pools for stream-ordered allocation (the CPU backend's pools hand out host memory).
inline prtError_t prtDeviceGetDefaultMemPool(prtMemPool_t* memPool, int device);  // a device's default pool
inline prtError_t prtDeviceGetMemPool(prtMemPool_t* memPool, int device);  // the pool prtMallocAsync uses
inline prtError_t prtDeviceSetMemPool(int device, prtMemPool_t memPool);   // sets the pool prtMallocAsync uses
inline prtError_t prtMemGetDefaultMemPool(prtMemPool_t* memPool, prtMemLocation* location,
                                          prtMemAllocationType type);   // a location's default pool (CUDA 13)
inline prtError_t prtMemGetMemPool(prtMemPool_t* memPool, prtMemLocation* location,
                                   prtMemAllocationType type);          // a location's current pool (CUDA 13)
inline prtError_t prtMemSetMemPool(prtMemLocation* location, prtMemAllocationType type,
                                   prtMemPool_t memPool);               // sets a location's pool (CUDA 13)
inline prtError_t prtMemPoolCreate(prtMemPool_t* memPool, const prtMemPoolProps* poolProps);  // creates a pool
inline prtError_t prtMemPoolDestroy(prtMemPool_t memPool);               // destroys a pool
inline prtError_t prtMemPoolTrimTo(prtMemPool_t memPool, size_t minBytesToKeep);  // releases cached memory
inline prtError_t prtMemPoolSetAttribute(prtMemPool_t memPool, prtMemPoolAttr attr, void* value);  // sets one
inline prtError_t prtMemPoolGetAttribute(prtMemPool_t memPool, prtMemPoolAttr attr, void* value);  // reads one
inline prtError_t prtMemPoolSetAccess(prtMemPool_t memPool, const prtMemAccessDesc* descList,
                                      size_t count);                    // grants access to the pool's memory
inline prtError_t prtMemPoolGetAccess(prtMemAccessFlags* flags, prtMemPool_t memPool,
                                      prtMemLocation* location);        // the access a location has
inline prtError_t prtMallocFromPoolAsync(void** ptr, size_t size, prtMemPool_t memPool,
                                         prtStream_t stream);           // allocates from a pool in stream order
template <class T>
inline prtError_t prtMallocFromPoolAsync(T** ptr, size_t size, prtMemPool_t memPool, prtStream_t stream) {  // typed
    return prtMallocFromPoolAsync(static_cast<void**>(static_cast<void*>(ptr)), size, memPool, stream);
}
inline prtError_t prtMemPoolExportToShareableHandle(void* shareableHandle, prtMemPool_t memPool,
                                                    prtMemAllocationHandleType handleType,
                                                    unsigned int flags);  // a handle for another process (CPU: none)
inline prtError_t prtMemPoolImportFromShareableHandle(prtMemPool_t* memPool, void* shareableHandle,
                                                      prtMemAllocationHandleType handleType,
                                                      unsigned int flags);  // opens another process's pool
inline prtError_t prtMemPoolExportPointer(prtMemPoolPtrExportData* exportData, void* ptr);  // names an allocation
inline prtError_t prtMemPoolImportPointer(void** ptr, prtMemPool_t memPool,
                                          prtMemPoolPtrExportData* exportData);  // opens a named allocation

// Peers and other processes (the CPU backend's devices share one memory, so peer access is always there).
inline prtError_t prtDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice);  // 1 if it can
inline prtError_t prtDeviceEnablePeerAccess(int peerDevice, unsigned int flags);  // maps the peer's memory
inline prtError_t prtDeviceDisablePeerAccess(int peerDevice);            // unmaps it
inline prtError_t prtDeviceGetP2PAttribute(int* value, prtDeviceP2PAttr attr, int srcDevice,
                                           int dstDevice);              // a property of the link
inline prtError_t prtIpcGetMemHandle(prtIpcMemHandle_t* handle, void* devPtr);  // names memory for another process
inline prtError_t prtIpcOpenMemHandle(void** devPtr, prtIpcMemHandle_t handle, unsigned int flags);  // opens one
inline prtError_t prtIpcCloseMemHandle(void* devPtr);                    // closes an opened handle
inline prtError_t prtIpcGetEventHandle(prtIpcEventHandle_t* handle, prtEvent_t event);  // names an event
inline prtError_t prtIpcOpenEventHandle(prtEvent_t* event, prtIpcEventHandle_t handle);  // opens a named event

// CUDA 12.8-13 batches: many copies, prefetches or discards in one call (done in order, one at a time, where
// the vendor has no batch call), array memory and sparse queries.
inline prtError_t prtMemcpyBatchAsync(void* const* dsts, const void* const* srcs, const size_t* sizes, size_t count,
                                      prtMemcpyAttributes* attrs, size_t* attrsIdxs, size_t numAttrs,
                                      prtStream_t stream);              // copies count buffers
inline prtError_t prtMemPrefetchBatchAsync(void** dptrs, size_t* sizes, size_t count, prtMemLocation* prefetchLocs,
                                           size_t* prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags,
                                           prtStream_t stream);         // prefetches count ranges
inline prtError_t prtMemDiscardBatchAsync(void** dptrs, size_t* sizes, size_t count, unsigned long long flags,
                                          prtStream_t stream);          // their contents may be dropped (CPU: kept)
inline prtError_t prtMemDiscardAndPrefetchBatchAsync(void** dptrs, size_t* sizes, size_t count,
                                                     prtMemLocation* prefetchLocs, size_t* prefetchLocIdxs,
                                                     size_t numPrefetchLocs, unsigned long long flags,
                                                     prtStream_t stream);  // both
inline prtError_t prtArrayGetMemoryRequirements(prtArrayMemoryRequirements* memoryRequirements, prtArray_t array,
                                                int device);            // size and alignment of an array's memory
inline prtError_t prtMipmappedArrayGetMemoryRequirements(prtArrayMemoryRequirements* memoryRequirements,
                                                         prtMipmappedArray_t mipmap, int device);  // of all levels
inline prtError_t prtArrayGetSparseProperties(prtArraySparseProperties* sparseProperties,
                                              prtArray_t array);        // tiling of a sparse array (CPU: none is)
inline prtError_t prtMipmappedArrayGetSparseProperties(prtArraySparseProperties* sparseProperties,
                                                       prtMipmappedArray_t mipmap);  // of a sparse mipmapped one
inline prtError_t prtArrayGetPlane(prtArray_t* planeArray, prtArray_t array,
                                   unsigned int planeIdx);              // a plane of a multi-planar array

namespace prt::batch {
// The prefetches of a batch one after another, where the vendor has no batch call: location k applies from
// operation prefetchLocIdxs[k] on.
inline prtError_t prefetch_each(void** dptrs, size_t* sizes, size_t count, prtMemLocation* prefetchLocs,
                                size_t* prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags,
                                prtStream_t stream) {
    if (flags != 0 || (count && (!dptrs || !sizes)) || numPrefetchLocs == 0 || !prefetchLocs || !prefetchLocIdxs ||
        prefetchLocIdxs[0] != 0)
        return prtErrorInvalidValue;
    for (size_t i = 0, loc = 0; i < count; ++i) {
        while (loc + 1 < numPrefetchLocs && prefetchLocIdxs[loc + 1] <= i) ++loc;
        int device = prefetchLocs[loc].type == prtMemLocationTypeDevice ? prefetchLocs[loc].id : prtCpuDeviceId;
        prtError_t e = prtMemPrefetchAsync(dptrs[i], sizes[i], device, stream);
        if (e != prtSuccess) return e;
    }
    return prtSuccess;
}
}  // namespace prt::batch

#if PRT_BACKEND_CPU
#include "prt/cpu/memory.h"
#else
#include "prt/gpu/memory.h"
#endif
