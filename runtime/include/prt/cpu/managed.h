// prt/cpu/managed.h: pointer attributes, managed-memory advice, memory pools, peers and IPC on the CPU backend.
// All memory is the host's: advice is kept so that it can be read back, prefetches move nothing, every device is
// every other's peer, and pools hand out ordinary allocations whose use they count.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "prt/cpu/capture.h"
#include "prt/cpu/device.h"
#include "prt/cpu/state.h"

namespace prt::cpu {

// The advice given for one range of managed memory, and where it was last prefetched.
struct Advice {
    uintptr_t begin, end;
    int read_mostly = 0;
    int preferred = -2;  // CUDA's cudaInvalidDeviceId: no preference
    std::set<int> accessed_by{};
    int last_prefetch = -2;
};

class AdviceTable {
public:
    static AdviceTable& get() {
        static AdviceTable* t = new AdviceTable();
        return *t;
    }
    template <class F>
    void update(const void* p, size_t count, F&& change) {
        std::lock_guard<std::mutex> lk(mu_);
        uintptr_t b = reinterpret_cast<uintptr_t>(p);
        for (Advice& a : ranges_)
            if (a.begin == b && a.end == b + count) return change(a);
        ranges_.push_back(Advice{b, b + count});
        change(ranges_.back());
    }
    // The advice of the latest range that covers [p, p + count), or defaults.
    Advice find(const void* p, size_t count) {
        std::lock_guard<std::mutex> lk(mu_);
        uintptr_t b = reinterpret_cast<uintptr_t>(p);
        for (auto it = ranges_.rbegin(); it != ranges_.rend(); ++it)
            if (it->begin <= b && b + count <= it->end) return *it;
        return Advice{b, b + count};
    }

private:
    std::mutex mu_;
    std::vector<Advice> ranges_;
};

struct MemPool {
    prtMemPoolProps props{};
    std::map<int, unsigned long long> attrs;  // the integer attributes, as set
    std::map<void*, size_t> live;             // allocations made from the pool
    unsigned long long used_high = 0;
    std::mutex mu;
    unsigned long long used() {
        unsigned long long n = 0;
        for (auto it = live.begin(); it != live.end();) {
            if (!Registry::get().find(it->first, it->second)) {
                it = live.erase(it);  // freed by prtFree or prtFreeAsync
            } else {
                n += it->second;
                ++it;
            }
        }
        return n;
    }
};

inline MemPool* default_pool(int device) {
    static MemPool* pools = new MemPool[64];
    return &pools[device];
}

inline MemPool*& current_pool(int device) {
    static MemPool* current[64] = {};
    if (!current[device]) current[device] = default_pool(device);
    return current[device];
}

inline int location_device(const prtMemLocation* location) {
    if (!location || location->type != prtMemLocationTypeDevice || !valid_device(location->id)) return -1;
    return location->id;
}

// What an IPC handle carries on the CPU backend: the process and the address.
struct IpcName {
    long pid;
    void* ptr;
};

}  // namespace prt::cpu

inline prtError_t prtPointerGetAttributes(prtPointerAttributes* attributes, const void* ptr) {
    if (!attributes) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::MemKind k;
    void* p = const_cast<void*>(ptr);
    *attributes = prtPointerAttributes{prtMemoryTypeUnregistered, -1, nullptr, p};
    if (!ptr || !prt::cpu::Registry::get().find(ptr, 1, &k)) return prtSuccess;
    attributes->device = prt::cpu::current_device();
    switch (k) {
        case prt::cpu::MemKind::Device:
        case prt::cpu::MemKind::Symbol:
            *attributes = prtPointerAttributes{prtMemoryTypeDevice, attributes->device, p, nullptr};
            break;
        case prt::cpu::MemKind::Managed:
            *attributes = prtPointerAttributes{prtMemoryTypeManaged, attributes->device, p, p};
            break;
        case prt::cpu::MemKind::Host:
        case prt::cpu::MemKind::Registered:
            *attributes = prtPointerAttributes{prtMemoryTypeHost, attributes->device, p, p};
            break;
    }
    return prtSuccess;
}

// Managed memory is host memory on the CPU backend: there is nothing to move; the target is kept, for
// prtMemRangeAttributeLastPrefetchLocation.
inline prtError_t prtMemPrefetchAsync(const void* devPtr, size_t count, int device, prtStream_t) {
    if (!devPtr) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (device != prtCpuDeviceId && !prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    if (count) prt::cpu::AdviceTable::get().update(devPtr, count, [&](prt::cpu::Advice& a) { a.last_prefetch = device; });
    return prtSuccess;
}

inline prtError_t prtMemPrefetchAsync(const void* devPtr, size_t count, prtMemLocation location, unsigned int flags,
                                      prtStream_t stream) {
    if (flags != 0) return prt::cpu::prt_fail(prtErrorInvalidValue);  // CUDA 13 defines no flag yet
    int device = location.type == prtMemLocationTypeHost ? prtCpuDeviceId : location.id;
    return prtMemPrefetchAsync(devPtr, count, device, stream);
}

inline prtError_t prtMemAdvise(const void* devPtr, size_t count, prtMemoryAdvise advice, int device) {
    if (!devPtr || count == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (device != prtCpuDeviceId && !prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    if (unsigned(advice) < 1 || unsigned(advice) > 6) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::AdviceTable::get().update(devPtr, count, [&](prt::cpu::Advice& a) {
        switch (advice) {
            case prtMemAdviseSetReadMostly: a.read_mostly = 1; break;
            case prtMemAdviseUnsetReadMostly: a.read_mostly = 0; break;
            case prtMemAdviseSetPreferredLocation: a.preferred = device; break;
            case prtMemAdviseUnsetPreferredLocation: a.preferred = -2; break;
            case prtMemAdviseSetAccessedBy: a.accessed_by.insert(device); break;
            case prtMemAdviseUnsetAccessedBy: a.accessed_by.erase(device); break;
        }
    });
    return prtSuccess;
}

inline prtError_t prtMemAdvise(const void* devPtr, size_t count, prtMemoryAdvise advice, prtMemLocation location) {
    int device = location.type == prtMemLocationTypeHost ? prtCpuDeviceId : location.id;
    return prtMemAdvise(devPtr, count, advice, device);
}

inline prtError_t prtMemRangeGetAttribute(void* data, size_t dataSize, prtMemRangeAttribute attribute,
                                          const void* devPtr, size_t count) {
    if (!data || !devPtr || count == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::Advice a = prt::cpu::AdviceTable::get().find(devPtr, count);
    int* out = static_cast<int*>(data);
    switch (attribute) {
        case prtMemRangeAttributeReadMostly:
        case prtMemRangeAttributePreferredLocation:
        case prtMemRangeAttributeLastPrefetchLocation:
            if (dataSize != 4) return prt::cpu::prt_fail(prtErrorInvalidValue);
            *out = attribute == prtMemRangeAttributeReadMostly ? a.read_mostly
                   : attribute == prtMemRangeAttributePreferredLocation ? a.preferred
                                                                        : a.last_prefetch;
            return prtSuccess;
        case prtMemRangeAttributeAccessedBy: {
            if (dataSize == 0 || dataSize % 4) return prt::cpu::prt_fail(prtErrorInvalidValue);
            size_t n = dataSize / 4, i = 0;
            for (int d : a.accessed_by)
                if (i < n) out[i++] = d;
            for (; i < n; ++i) out[i] = -2;
            return prtSuccess;
        }
    }
    return prt::cpu::prt_fail(prtErrorInvalidValue);
}

inline prtError_t prtMemRangeGetAttributes(void** data, size_t* dataSizes, prtMemRangeAttribute* attributes,
                                           size_t numAttributes, const void* devPtr, size_t count) {
    if (!data || !dataSizes || !attributes || numAttributes == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (size_t i = 0; i < numAttributes; ++i) {
        prtError_t e = prtMemRangeGetAttribute(data[i], dataSizes[i], attributes[i], devPtr, count);
        if (e != prtSuccess) return e;
    }
    return prtSuccess;
}

// Memory is attached to every stream alike on the CPU backend: the call checks its arguments and does nothing else.
inline prtError_t prtStreamAttachMemAsync(prtStream_t, void* devPtr, size_t, unsigned int flags) {
    if (!devPtr) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (flags != prtMemAttachGlobal && flags != prtMemAttachHost && flags != prtMemAttachSingle)
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prtSuccess;
}

inline prtError_t prtHostGetFlags(unsigned int* flags, void* hostPtr) {
    prt::cpu::MemKind k;
    if (!flags || !prt::cpu::Registry::get().find(hostPtr, 1, &k) ||
        (k != prt::cpu::MemKind::Host && k != prt::cpu::MemKind::Registered))
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    *flags = prtHostAllocMapped;  // host memory is always reachable from the CPU backend's device
    return prtSuccess;
}

inline prtError_t prtDeviceGetDefaultMemPool(prtMemPool_t* memPool, int device) {
    if (!memPool) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    *memPool = prt::cpu::default_pool(device);
    return prtSuccess;
}
inline prtError_t prtDeviceGetMemPool(prtMemPool_t* memPool, int device) {
    if (!memPool) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    *memPool = prt::cpu::current_pool(device);
    return prtSuccess;
}
inline prtError_t prtDeviceSetMemPool(int device, prtMemPool_t memPool) {
    if (!memPool) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    prt::cpu::current_pool(device) = memPool;
    return prtSuccess;
}
inline prtError_t prtMemGetDefaultMemPool(prtMemPool_t* memPool, prtMemLocation* location,
                                          prtMemAllocationType type) {
    int d = prt::cpu::location_device(location);
    if (d < 0 || type != prtMemAllocationTypePinned) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prtDeviceGetDefaultMemPool(memPool, d);
}
inline prtError_t prtMemGetMemPool(prtMemPool_t* memPool, prtMemLocation* location, prtMemAllocationType type) {
    int d = prt::cpu::location_device(location);
    if (d < 0 || type != prtMemAllocationTypePinned) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prtDeviceGetMemPool(memPool, d);
}
inline prtError_t prtMemSetMemPool(prtMemLocation* location, prtMemAllocationType type, prtMemPool_t memPool) {
    int d = prt::cpu::location_device(location);
    if (d < 0 || type != prtMemAllocationTypePinned) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prtDeviceSetMemPool(d, memPool);
}
inline prtError_t prtMemPoolCreate(prtMemPool_t* memPool, const prtMemPoolProps* poolProps) {
    if (!memPool || !poolProps || poolProps->allocType != prtMemAllocationTypePinned ||
        prt::cpu::location_device(&poolProps->location) < 0)
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    *memPool = new prt::cpu::MemPool();
    (*memPool)->props = *poolProps;
    return prtSuccess;
}
inline prtError_t prtMemPoolDestroy(prtMemPool_t memPool) {
    if (!memPool) return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (int d = 0; d < 64; ++d)
        if (memPool == prt::cpu::default_pool(d)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    delete memPool;
    return prtSuccess;
}
// Freed blocks go back to the system at once on the CPU backend, so there is nothing to trim.
inline prtError_t prtMemPoolTrimTo(prtMemPool_t memPool, size_t) {
    return memPool ? prtSuccess : prt::cpu::prt_fail(prtErrorInvalidValue);
}
inline prtError_t prtMemPoolSetAttribute(prtMemPool_t memPool, prtMemPoolAttr attr, void* value) {
    if (!memPool || !value) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::lock_guard<std::mutex> lk(memPool->mu);
    switch (attr) {
        case prtMemPoolReuseFollowEventDependencies:
        case prtMemPoolReuseAllowOpportunistic:
        case prtMemPoolReuseAllowInternalDependencies:
            memPool->attrs[attr] = unsigned(*static_cast<int*>(value));
            return prtSuccess;
        case prtMemPoolAttrReleaseThreshold:
            memPool->attrs[attr] = *static_cast<unsigned long long*>(value);
            return prtSuccess;
        case prtMemPoolAttrReservedMemHigh:
        case prtMemPoolAttrUsedMemHigh:  // only resetting to zero is allowed
            if (*static_cast<unsigned long long*>(value) != 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
            memPool->used_high = 0;
            return prtSuccess;
        default:
            return prt::cpu::prt_fail(prtErrorInvalidValue);
    }
}
inline prtError_t prtMemPoolGetAttribute(prtMemPool_t memPool, prtMemPoolAttr attr, void* value) {
    if (!memPool || !value) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::lock_guard<std::mutex> lk(memPool->mu);
    unsigned long long used = memPool->used();
    memPool->used_high = std::max(memPool->used_high, used);
    switch (attr) {
        case prtMemPoolReuseFollowEventDependencies:
        case prtMemPoolReuseAllowOpportunistic:
        case prtMemPoolReuseAllowInternalDependencies:
            *static_cast<int*>(value) = memPool->attrs.count(attr) ? int(memPool->attrs[attr]) : 1;
            return prtSuccess;
        case prtMemPoolAttrReleaseThreshold:
            *static_cast<unsigned long long*>(value) = memPool->attrs[attr];
            return prtSuccess;
        case prtMemPoolAttrReservedMemCurrent:
        case prtMemPoolAttrUsedMemCurrent:
            *static_cast<unsigned long long*>(value) = used;
            return prtSuccess;
        case prtMemPoolAttrReservedMemHigh:
        case prtMemPoolAttrUsedMemHigh:
            *static_cast<unsigned long long*>(value) = memPool->used_high;
            return prtSuccess;
    }
    return prt::cpu::prt_fail(prtErrorInvalidValue);
}
// Every device reaches every pool's memory on the CPU backend: access is granted already.
inline prtError_t prtMemPoolSetAccess(prtMemPool_t memPool, const prtMemAccessDesc* descList, size_t count) {
    if (!memPool || (count && !descList)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (size_t i = 0; i < count; ++i)
        if (prt::cpu::location_device(&descList[i].location) < 0) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    return prtSuccess;
}
inline prtError_t prtMemPoolGetAccess(prtMemAccessFlags* flags, prtMemPool_t memPool, prtMemLocation* location) {
    if (!flags || !memPool) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (prt::cpu::location_device(location) < 0) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    *flags = prtMemAccessFlagsProtReadWrite;
    return prtSuccess;
}
inline prtError_t prtMallocFromPoolAsync(void** ptr, size_t size, prtMemPool_t memPool, prtStream_t stream) {
    if (!memPool) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prtError_t e = prtMallocAsync(ptr, size, stream);
    if (e != prtSuccess) return e;
    std::lock_guard<std::mutex> lk(memPool->mu);
    if (*ptr) memPool->live[*ptr] = size;
    memPool->used_high = std::max(memPool->used_high, memPool->used());
    return prtSuccess;
}
// No other process can map this process's heap: shareable handles do not exist on the CPU backend.
inline prtError_t prtMemPoolExportToShareableHandle(void*, prtMemPool_t memPool, prtMemAllocationHandleType,
                                                    unsigned int) {
    return prt::cpu::prt_fail(memPool ? prtErrorNotSupported : prtErrorInvalidValue);
}
inline prtError_t prtMemPoolImportFromShareableHandle(prtMemPool_t* memPool, void*, prtMemAllocationHandleType,
                                                      unsigned int) {
    return prt::cpu::prt_fail(memPool ? prtErrorNotSupported : prtErrorInvalidValue);
}
inline prtError_t prtMemPoolExportPointer(prtMemPoolPtrExportData* exportData, void* ptr) {
    if (!exportData || !prt::cpu::Registry::get().find(ptr, 1)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::IpcName name{long(getpid()), ptr};
    std::memset(exportData, 0, sizeof *exportData);
    std::memcpy(exportData->reserved, &name, sizeof name);
    return prtSuccess;
}
// Names made in this process open to the same address; another process's cannot be opened on the CPU backend.
inline prtError_t prtMemPoolImportPointer(void** ptr, prtMemPool_t memPool, prtMemPoolPtrExportData* exportData) {
    if (!ptr || !memPool || !exportData) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::IpcName name;
    std::memcpy(&name, exportData->reserved, sizeof name);
    if (name.pid != long(getpid())) return prt::cpu::prt_fail(prtErrorNotSupported);
    *ptr = name.ptr;
    return prtSuccess;
}

inline prtError_t prtDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice) {
    if (!canAccessPeer) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device) || !prt::cpu::valid_device(peerDevice))
        return prt::cpu::prt_fail(prtErrorInvalidDevice);
    *canAccessPeer = device != peerDevice;  // as CUDA: a device is not its own peer
    return prtSuccess;
}
inline prtError_t prtDeviceEnablePeerAccess(int peerDevice, unsigned int flags) {
    if (flags != 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(peerDevice) || peerDevice == prt::cpu::current_device())
        return prt::cpu::prt_fail(prtErrorInvalidDevice);
    return prtSuccess;
}
inline prtError_t prtDeviceDisablePeerAccess(int peerDevice) {
    if (!prt::cpu::valid_device(peerDevice) || peerDevice == prt::cpu::current_device())
        return prt::cpu::prt_fail(prtErrorInvalidDevice);
    return prtSuccess;
}
inline prtError_t prtDeviceGetP2PAttribute(int* value, prtDeviceP2PAttr attr, int srcDevice, int dstDevice) {
    if (!value) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(srcDevice) || !prt::cpu::valid_device(dstDevice) || srcDevice == dstDevice)
        return prt::cpu::prt_fail(prtErrorInvalidDevice);
    *value = attr == prtDevP2PAttrPerformanceRank ? 0 : 1;  // one shared memory: every access works, at one speed
    return prtSuccess;
}

inline prtError_t prtIpcGetMemHandle(prtIpcMemHandle_t* handle, void* devPtr) {
    if (!handle || !prt::cpu::Registry::get().is_device(devPtr, 1)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::IpcName name{long(getpid()), devPtr};
    std::memset(handle, 0, sizeof *handle);
    std::memcpy(handle->reserved, &name, sizeof name);
    return prtSuccess;
}
inline prtError_t prtIpcOpenMemHandle(void** devPtr, prtIpcMemHandle_t handle, unsigned int) {
    if (!devPtr) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::IpcName name;
    std::memcpy(&name, handle.reserved, sizeof name);
    if (name.pid != long(getpid())) return prt::cpu::prt_fail(prtErrorNotSupported);
    *devPtr = name.ptr;
    return prtSuccess;
}
inline prtError_t prtIpcCloseMemHandle(void* devPtr) {
    return devPtr ? prtSuccess : prt::cpu::prt_fail(prtErrorInvalidValue);
}
inline prtError_t prtIpcGetEventHandle(prtIpcEventHandle_t* handle, prtEvent_t event) {
    if (!handle || !event) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    prt::cpu::IpcName name{long(getpid()), event};
    std::memset(handle, 0, sizeof *handle);
    std::memcpy(handle->reserved, &name, sizeof name);
    return prtSuccess;
}
inline prtError_t prtIpcOpenEventHandle(prtEvent_t* event, prtIpcEventHandle_t handle) {
    if (!event) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::IpcName name;
    std::memcpy(&name, handle.reserved, sizeof name);
    if (name.pid != long(getpid())) return prt::cpu::prt_fail(prtErrorNotSupported);
    *event = static_cast<prtEvent_t>(name.ptr);
    return prtSuccess;
}

// Batches run their operations one after another in stream order; discards keep the contents (a valid discard).
inline prtError_t prtMemcpyBatchAsync(void* const* dsts, const void* const* srcs, const size_t* sizes, size_t count,
                                      prtMemcpyAttributes* attrs, size_t* attrsIdxs, size_t numAttrs,
                                      prtStream_t stream) {
    if (count && (!dsts || !srcs || !sizes)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (numAttrs && (!attrs || !attrsIdxs || attrsIdxs[0] != 0)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (size_t i = 0; i < count; ++i) {
        prtError_t e = prtMemcpyAsync(dsts[i], srcs[i], sizes[i], prtMemcpyDefault, stream);
        if (e != prtSuccess) return e;
    }
    return prtSuccess;
}
inline prtError_t prtMemPrefetchBatchAsync(void** dptrs, size_t* sizes, size_t count, prtMemLocation* prefetchLocs,
                                           size_t* prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags,
                                           prtStream_t stream) {
    return prt::cpu::prt_fail(prt::batch::prefetch_each(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs,
                                                    numPrefetchLocs, flags, stream));
}
inline prtError_t prtMemDiscardBatchAsync(void** dptrs, size_t* sizes, size_t count, unsigned long long flags,
                                          prtStream_t) {
    if (flags != 0 || (count && (!dptrs || !sizes))) return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (size_t i = 0; i < count; ++i)
        if (!prt::cpu::Registry::get().find(dptrs[i], sizes[i])) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prtSuccess;
}
inline prtError_t prtMemDiscardAndPrefetchBatchAsync(void** dptrs, size_t* sizes, size_t count,
                                                     prtMemLocation* prefetchLocs, size_t* prefetchLocIdxs,
                                                     size_t numPrefetchLocs, unsigned long long flags,
                                                     prtStream_t stream) {
    prtError_t e = prtMemDiscardBatchAsync(dptrs, sizes, count, flags, stream);
    if (e != prtSuccess) return e;
    return prtMemPrefetchBatchAsync(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs, flags, stream);
}
inline prtError_t prtArrayGetMemoryRequirements(prtArrayMemoryRequirements* memoryRequirements, prtArray_t array,
                                                int device) {
    if (!memoryRequirements || !array) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    *memoryRequirements = prtArrayMemoryRequirements{array->slice() * array->extent.depth, prt::cpu::kAlignment, {}};
    return prtSuccess;
}
inline prtError_t prtMipmappedArrayGetMemoryRequirements(prtArrayMemoryRequirements* memoryRequirements,
                                                         prtMipmappedArray_t mipmap, int device) {
    if (!memoryRequirements || !mipmap) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    size_t total = 0;
    for (prtArray_t a : mipmap->levels)  // each level in its own aligned block
        total += (a->slice() * a->extent.depth + prt::cpu::kAlignment - 1) / prt::cpu::kAlignment * prt::cpu::kAlignment;
    *memoryRequirements = prtArrayMemoryRequirements{total, prt::cpu::kAlignment, {}};
    return prtSuccess;
}
// No array of the CPU backend is sparse or multi-planar: the queries reject every array, as CUDA rejects those.
inline prtError_t prtArrayGetSparseProperties(prtArraySparseProperties* sparseProperties, prtArray_t array) {
    return prt::cpu::prt_fail(sparseProperties && array ? prtErrorInvalidValue : prtErrorInvalidResourceHandle);
}
inline prtError_t prtMipmappedArrayGetSparseProperties(prtArraySparseProperties* sparseProperties,
                                                       prtMipmappedArray_t mipmap) {
    return prt::cpu::prt_fail(sparseProperties && mipmap ? prtErrorInvalidValue : prtErrorInvalidResourceHandle);
}
inline prtError_t prtArrayGetPlane(prtArray_t* planeArray, prtArray_t array, unsigned int) {
    return prt::cpu::prt_fail(planeArray && array ? prtErrorInvalidValue : prtErrorInvalidResourceHandle);
}
