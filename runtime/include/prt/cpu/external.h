// prt/cpu/external.h: memory imported by file descriptor on the CPU backend: the descriptor's file is mapped
// shared, so writes reach the exporter; buffers of it are registered as device memory.
#pragma once

#include <sys/mman.h>

#include <vector>

#include "prt/cpu/device.h"
#include "prt/cpu/state.h"

enum prtExternalMemoryHandleType { prtExternalMemoryHandleTypeOpaqueFd = 1, prtExternalMemoryHandleTypeOpaqueWin32 = 2,
                                   prtExternalMemoryHandleTypeOpaqueWin32Kmt = 3 };  // see PRT_EXTERNAL_MEMORY_LIST
constexpr unsigned int prtExternalMemoryDedicated = 0x1;  // see PRT_EXTERNAL_MEMORY_LIST
struct prtExternalMemoryHandleDesc {  // what to import
    enum prtExternalMemoryHandleType type;
    union {
        int fd;
        struct {
            void* handle;
            const void* name;
        } win32;
        const void* nvSciBufObject;
    } handle;
    unsigned long long size;
    unsigned int flags;
    unsigned int reserved[16];
};
struct prtExternalMemoryBufferDesc {  // a buffer in imported memory
    unsigned long long offset;
    unsigned long long size;
    unsigned int flags;
    unsigned int reserved[16];
};
namespace prt::cpu {
struct ExternalMemory {
    char* base;
    size_t size;
    std::vector<std::pair<void*, size_t>> buffers;  // registered ranges
};
}  // namespace prt::cpu
typedef prt::cpu::ExternalMemory* prtExternalMemory_t;  // imported memory

inline prtError_t prtImportExternalMemory(prtExternalMemory_t* extMem, const prtExternalMemoryHandleDesc* memHandleDesc) {
    if (!extMem || !memHandleDesc || memHandleDesc->size == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (memHandleDesc->type != prtExternalMemoryHandleTypeOpaqueFd) return prt::cpu::prt_fail(prtErrorNotSupported);
    void* p = mmap(nullptr, memHandleDesc->size, PROT_READ | PROT_WRITE, MAP_SHARED, memHandleDesc->handle.fd, 0);
    if (p == MAP_FAILED) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *extMem = new prt::cpu::ExternalMemory{static_cast<char*>(p), size_t(memHandleDesc->size), {}};
    return prtSuccess;
}
inline prtError_t prtExternalMemoryGetMappedBuffer(void** devPtr, prtExternalMemory_t extMem,
                                                   const prtExternalMemoryBufferDesc* bufferDesc) {
    if (!devPtr || !extMem || !bufferDesc || bufferDesc->flags != 0 || bufferDesc->size == 0 ||
        bufferDesc->offset + bufferDesc->size > extMem->size)
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    *devPtr = extMem->base + bufferDesc->offset;
    if (!prt::cpu::Registry::get().find(*devPtr, 1)) {
        prt::cpu::Registry::get().add(*devPtr, size_t(bufferDesc->size), prt::cpu::MemKind::Device);
        extMem->buffers.emplace_back(*devPtr, size_t(bufferDesc->size));
    }
    return prtSuccess;
}
inline prtError_t prtDestroyExternalMemory(prtExternalMemory_t extMem) {
    if (!extMem) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    for (auto& b : extMem->buffers) prt::cpu::Registry::get().remove(b.first, prt::cpu::MemKind::Device);
    munmap(extMem->base, extMem->size);
    delete extMem;
    return prtSuccess;
}
inline prtError_t prtDeviceGetNvSciSyncAttributes(void* nvSciSyncAttrList, int device, int) {
    if (!nvSciSyncAttrList) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    return prt::cpu::prt_fail(prtErrorNotSupported);
}
