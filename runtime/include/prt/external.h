// prt/external.h: memory another API exports (Vulkan, OpenGL, another process) imported by handle. The CPU backend
// imports what a POSIX file descriptor names (a memfd, a shared-memory file) by mapping it; its buffers are device
// memory there. No other handle kind (Win32, NvSciBuf) means anything on the CPU, and NvSci exists on Tegra only,
// so those calls answer prtErrorNotSupported there, as CUDA does on a platform without NvSci.
#pragma once

#include "prt/memory.h"

#define PRT_EXTERNAL_MEMORY_LIST(X)                                                                           \
    X(ExternalMemoryHandleTypeOpaqueFd, 1, hipExternalMemoryHandleTypeOpaqueFd, "a POSIX file descriptor")   \
    X(ExternalMemoryHandleTypeOpaqueWin32, 2, hipExternalMemoryHandleTypeOpaqueWin32, "a Win32 NT handle")   \
    X(ExternalMemoryHandleTypeOpaqueWin32Kmt, 3, hipExternalMemoryHandleTypeOpaqueWin32Kmt, "a Win32 KMT handle") \
    X(ExternalMemoryDedicated, 0x1, 0x1u, "the memory is a dedicated allocation")

#if PRT_BACKEND_CPU
#include "prt/cpu/external.h"
#else
typedef PRT_GPU(ExternalMemory_t) prtExternalMemory_t;                         // imported memory
typedef PRT_GPU(ExternalMemoryHandleDesc) prtExternalMemoryHandleDesc;         // what to import
typedef PRT_GPU(ExternalMemoryBufferDesc) prtExternalMemoryBufferDesc;         // a buffer in it
typedef PRT_GPU(ExternalMemoryHandleType) prtExternalMemoryHandleType;         // the handle's kind
#define PRT_GPU_EXTERNAL_ALIAS(suffix, value, hip, doc) constexpr auto prt##suffix = PRT_GPU_NAMED(suffix, hip);
PRT_EXTERNAL_MEMORY_LIST(PRT_GPU_EXTERNAL_ALIAS)  // see PRT_EXTERNAL_MEMORY_LIST
#undef PRT_GPU_EXTERNAL_ALIAS
#endif

inline prtError_t prtImportExternalMemory(prtExternalMemory_t* extMem,
                                          const prtExternalMemoryHandleDesc* memHandleDesc);  // imports memory
inline prtError_t prtExternalMemoryGetMappedBuffer(void** devPtr, prtExternalMemory_t extMem,
                                                   const prtExternalMemoryBufferDesc* bufferDesc);  // a buffer of it
inline prtError_t prtDestroyExternalMemory(prtExternalMemory_t extMem);  // unmaps it and its buffers
inline prtError_t prtDeviceGetNvSciSyncAttributes(void* nvSciSyncAttrList, int device,
                                                  int flags);           // NvSciSync attributes (Tegra only)

#if !PRT_BACKEND_CPU
inline prtError_t prtImportExternalMemory(prtExternalMemory_t* extMem, const prtExternalMemoryHandleDesc* memHandleDesc) {
    return PRT_GPU(ImportExternalMemory)(extMem, memHandleDesc);
}
inline prtError_t prtExternalMemoryGetMappedBuffer(void** devPtr, prtExternalMemory_t extMem,
                                                   const prtExternalMemoryBufferDesc* bufferDesc) {
    return PRT_GPU(ExternalMemoryGetMappedBuffer)(devPtr, extMem, bufferDesc);
}
inline prtError_t prtDestroyExternalMemory(prtExternalMemory_t extMem) { return PRT_GPU(DestroyExternalMemory)(extMem); }
inline prtError_t prtDeviceGetNvSciSyncAttributes(void* nvSciSyncAttrList, int device, int flags) {
#if PRT_BACKEND_CUDA
    return cudaDeviceGetNvSciSyncAttributes(nvSciSyncAttrList, device, flags);
#else
    (void)nvSciSyncAttrList, (void)device, (void)flags;
    return hipErrorNotSupported;  // no NvSci on AMD platforms
#endif
}
#endif
