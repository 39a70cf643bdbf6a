// prt/types.h: the runtime's types and constants (errors, copy kinds, flags, device attributes, handles).
// Each table row is: X(suffix, value on the CPU backend, HIP name, description). The portable name is
// prt<suffix>; on CUDA it aliases cuda<suffix>, on HIP the named hip constant. CPU values equal CUDA's.
#pragma once

#include <cstddef>

#include "prt/config.h"

// Error codes returned by every call (prtError_t).
#define PRT_ERROR_LIST(X)                                                                                   \
    X(Success, 0, hipSuccess, "no error")                                                                   \
    X(ErrorInvalidValue, 1, hipErrorInvalidValue, "invalid argument")                                       \
    X(ErrorMemoryAllocation, 2, hipErrorOutOfMemory, "out of memory")                                       \
    X(ErrorInitializationError, 3, hipErrorNotInitialized, "initialization error")                          \
    X(ErrorInvalidConfiguration, 9, hipErrorInvalidConfiguration, "invalid configuration argument")         \
    X(ErrorInvalidPitchValue, 12, hipErrorInvalidPitchValue, "invalid pitch argument")                      \
    X(ErrorInvalidSymbol, 13, hipErrorInvalidSymbol, "invalid device symbol")                               \
    X(ErrorInvalidDevicePointer, 17, hipErrorInvalidDevicePointer, "invalid device pointer")                \
    X(ErrorInvalidMemcpyDirection, 21, hipErrorInvalidMemcpyDirection, "invalid copy direction for memcpy") \
    X(ErrorInvalidDeviceFunction, 98, hipErrorInvalidDeviceFunction, "invalid device function")             \
    X(ErrorNoDevice, 100, hipErrorNoDevice, "no device is detected")                                        \
    X(ErrorInvalidDevice, 101, hipErrorInvalidDevice, "invalid device ordinal")                             \
    X(ErrorInvalidResourceHandle, 400, hipErrorInvalidHandle, "invalid resource handle")                    \
    X(ErrorNotReady, 600, hipErrorNotReady, "device not ready")                                             \
    X(ErrorIllegalAddress, 700, hipErrorIllegalAddress, "an illegal memory access was encountered")         \
    X(ErrorLaunchOutOfResources, 701, hipErrorLaunchOutOfResources, "too many resources requested for launch") \
    X(ErrorAssert, 710, hipErrorAssert, "device-side assert triggered")                                     \
    X(ErrorHostMemoryAlreadyRegistered, 712, hipErrorHostMemoryAlreadyRegistered,                           \
      "part or all of the requested memory range is already mapped")                                        \
    X(ErrorHostMemoryNotRegistered, 713, hipErrorHostMemoryNotRegistered,                                   \
      "pointer does not correspond to a registered memory region")                                          \
    X(ErrorLaunchFailure, 719, hipErrorLaunchFailure, "unspecified launch failure")                         \
    X(ErrorNotSupported, 801, hipErrorNotSupported, "operation not supported")                              \
    X(ErrorUnknown, 999, hipErrorUnknown, "unknown error")

// Directions of a copy (prtMemcpyKind).
#define PRT_MEMCPY_KIND_LIST(X)                                                              \
    X(MemcpyHostToHost, 0, hipMemcpyHostToHost, "host to host")                             \
    X(MemcpyHostToDevice, 1, hipMemcpyHostToDevice, "host to device")                       \
    X(MemcpyDeviceToHost, 2, hipMemcpyDeviceToHost, "device to host")                       \
    X(MemcpyDeviceToDevice, 3, hipMemcpyDeviceToDevice, "device to device")                 \
    X(MemcpyDefault, 4, hipMemcpyDefault, "direction inferred from the pointers")

// Device attributes for prtDeviceGetAttribute (prtDeviceAttr).
#define PRT_DEVICE_ATTR_LIST(X)                                                                                \
    X(DevAttrMaxThreadsPerBlock, 1, hipDeviceAttributeMaxThreadsPerBlock, "max threads per block")            \
    X(DevAttrMaxBlockDimX, 2, hipDeviceAttributeMaxBlockDimX, "max block extent in x")                        \
    X(DevAttrMaxBlockDimY, 3, hipDeviceAttributeMaxBlockDimY, "max block extent in y")                        \
    X(DevAttrMaxBlockDimZ, 4, hipDeviceAttributeMaxBlockDimZ, "max block extent in z")                        \
    X(DevAttrMaxGridDimX, 5, hipDeviceAttributeMaxGridDimX, "max grid extent in x")                           \
    X(DevAttrMaxGridDimY, 6, hipDeviceAttributeMaxGridDimY, "max grid extent in y")                           \
    X(DevAttrMaxGridDimZ, 7, hipDeviceAttributeMaxGridDimZ, "max grid extent in z")                           \
    X(DevAttrMaxSharedMemoryPerBlock, 8, hipDeviceAttributeMaxSharedMemoryPerBlock, "shared bytes per block") \
    X(DevAttrTotalConstantMemory, 9, hipDeviceAttributeTotalConstantMemory, "constant memory bytes")          \
    X(DevAttrWarpSize, 10, hipDeviceAttributeWarpSize, "threads per warp")                                    \
    X(DevAttrMaxPitch, 11, hipDeviceAttributeMaxPitch, "max pitch of a 2D allocation")                        \
    X(DevAttrMaxRegistersPerBlock, 12, hipDeviceAttributeMaxRegistersPerBlock, "registers per block")         \
    X(DevAttrClockRate, 13, hipDeviceAttributeClockRate, "clock rate in kHz")                                 \
    X(DevAttrMultiProcessorCount, 16, hipDeviceAttributeMultiprocessorCount, "multiprocessors (CPU: pool threads)") \
    X(DevAttrIntegrated, 18, hipDeviceAttributeIntegrated, "1 if the device shares host memory")              \
    X(DevAttrCanMapHostMemory, 19, hipDeviceAttributeCanMapHostMemory, "1 if host memory can be mapped")      \
    X(DevAttrComputeMode, 20, hipDeviceAttributeComputeMode, "compute mode (a prtComputeMode)")               \
    X(DevAttrConcurrentKernels, 31, hipDeviceAttributeConcurrentKernels, "1 if kernels may run concurrently")  \
    X(DevAttrEccEnabled, 32, hipDeviceAttributeEccEnabled, "1 if ECC is on")                                  \
    X(DevAttrPciBusId, 33, hipDeviceAttributePciBusId, "PCI bus id")                                          \
    X(DevAttrPciDeviceId, 34, hipDeviceAttributePciDeviceId, "PCI device id")                                 \
    X(DevAttrMemoryClockRate, 36, hipDeviceAttributeMemoryClockRate, "memory clock in kHz")                   \
    X(DevAttrGlobalMemoryBusWidth, 37, hipDeviceAttributeMemoryBusWidth, "memory bus width in bits")          \
    X(DevAttrL2CacheSize, 38, hipDeviceAttributeL2CacheSize, "L2 cache bytes")                                \
    X(DevAttrMaxThreadsPerMultiProcessor, 39, hipDeviceAttributeMaxThreadsPerMultiProcessor,                  \
      "max resident threads per multiprocessor")                                                              \
    X(DevAttrComputeCapabilityMajor, 75, hipDeviceAttributeComputeCapabilityMajor, "compute capability major") \
    X(DevAttrComputeCapabilityMinor, 76, hipDeviceAttributeComputeCapabilityMinor, "compute capability minor") \
    X(DevAttrMaxSharedMemoryPerMultiprocessor, 81, hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,        \
      "shared bytes per multiprocessor")                                                                      \
    X(DevAttrMaxRegistersPerMultiprocessor, 82, hipDeviceAttributeMaxRegistersPerMultiprocessor,              \
      "registers per multiprocessor")                                                                         \
    X(DevAttrManagedMemory, 83, hipDeviceAttributeManagedMemory, "1 if managed memory is supported")          \
    X(DevAttrPageableMemoryAccess, 88, hipDeviceAttributePageableMemoryAccess,                                \
      "1 if the device reads and writes pageable host memory coherently")                                     \
    X(DevAttrConcurrentManagedAccess, 89, hipDeviceAttributeConcurrentManagedAccess,                          \
      "1 if device and host may use managed memory at the same time")                                         \
    X(DevAttrCooperativeLaunch, 95, hipDeviceAttributeCooperativeLaunch, "1 if cooperative launch works")     \
    X(DevAttrMaxSharedMemoryPerBlockOptin, 97, hipDeviceAttributeSharedMemPerBlockOptin,                      \
      "shared bytes per block after opting in")                                                                \
    X(DevAttrPageableMemoryAccessUsesHostPageTables, 100, hipDeviceAttributePageableMemoryAccessUsesHostPageTables, \
      "1 if the device reaches pageable memory through the host's page tables")                               \
    X(DevAttrDirectManagedMemAccessFromHost, 101, hipDeviceAttributeDirectManagedMemAccessFromHost,           \
      "1 if the host reads managed memory without migrating it")

// Kernel attributes for prtFuncSetAttribute (prtFuncAttribute).
#define PRT_FUNC_ATTR_LIST(X)                                                                  \
    X(FuncAttributeMaxDynamicSharedMemorySize, 8, hipFuncAttributeMaxDynamicSharedMemorySize, \
      "dynamic shared bytes a kernel may request")                                             \
    X(FuncAttributePreferredSharedMemoryCarveout, 9, hipFuncAttributePreferredSharedMemoryCarveout, \
      "preferred shared memory / L1 split in percent")

// Cache preferences for prtFuncSetCacheConfig (prtFuncCache).
#define PRT_FUNC_CACHE_LIST(X)                                                   \
    X(FuncCachePreferNone, 0, hipFuncCachePreferNone, "no preference")          \
    X(FuncCachePreferShared, 1, hipFuncCachePreferShared, "prefer shared memory") \
    X(FuncCachePreferL1, 2, hipFuncCachePreferL1, "prefer L1 cache")            \
    X(FuncCachePreferEqual, 3, hipFuncCachePreferEqual, "equal split")

// Device limits for prtDeviceSetLimit/prtDeviceGetLimit (prtLimit). HIP 5 has no name for the stack size; HIP 6's
// hipLimitStackSize is 0.
#define PRT_LIMIT_LIST(X)                                                                            \
    X(LimitStackSize, 0x0, hipLimit_t(0x0), "stack bytes per GPU thread")                           \
    X(LimitPrintfFifoSize, 0x1, hipLimitPrintfFifoSize, "bytes of the device printf buffer")        \
    X(LimitMallocHeapSize, 0x2, hipLimitMallocHeapSize, "bytes of the device malloc heap")

// Compute modes, the value of prtDevAttrComputeMode (prtComputeMode; the CPU backend's is the default).
#define PRT_COMPUTE_MODE_LIST(X)                                                                       \
    X(ComputeModeDefault, 0, hipComputeModeDefault, "several host threads may use the device")        \
    X(ComputeModeExclusive, 1, hipComputeModeExclusive, "one host thread at a time")                  \
    X(ComputeModeProhibited, 2, hipComputeModeProhibited, "no host thread may use the device")        \
    X(ComputeModeExclusiveProcess, 3, hipComputeModeExclusiveProcess, "one process at a time")

// Flag bits (unsigned int) for stream, event, host-allocation and registration calls.
#define PRT_FLAG_LIST(X)                                                                          \
    X(StreamDefault, 0x0, hipStreamDefault, "stream synchronises with the legacy default stream") \
    X(StreamNonBlocking, 0x1, hipStreamNonBlocking, "stream does not synchronise with stream 0") \
    X(EventDefault, 0x0, hipEventDefault, "event with timing")                                   \
    X(EventBlockingSync, 0x1, hipEventBlockingSync, "event synchronisation blocks the thread")   \
    X(EventDisableTiming, 0x2, hipEventDisableTiming, "event records no time")                   \
    X(EventInterprocess, 0x4, hipEventInterprocess, "event usable across processes")             \
    X(HostAllocDefault, 0x0, hipHostMallocDefault, "pinned host allocation")                     \
    X(HostAllocPortable, 0x1, hipHostMallocPortable, "pinned for every context")                 \
    X(HostAllocMapped, 0x2, hipHostMallocMapped, "pinned and mapped into the device space")      \
    X(HostAllocWriteCombined, 0x4, hipHostMallocWriteCombined, "write-combined pinned memory")   \
    X(HostRegisterDefault, 0x0, hipHostRegisterDefault, "page-lock host memory")                 \
    X(HostRegisterPortable, 0x1, hipHostRegisterPortable, "page-locked for every context")       \
    X(HostRegisterMapped, 0x2, hipHostRegisterMapped, "page-locked and mapped")                  \
    X(MemAttachGlobal, 0x1, hipMemAttachGlobal, "managed memory visible to every stream")        \
    X(MemAttachHost, 0x2, hipMemAttachHost, "managed memory attached to the host")

#if PRT_BACKEND_CPU
#include "prt/cpu/types.h"
#else
#include "prt/gpu/types.h"
#endif

typedef void (*prtHostFn_t)(void* userData);  // host function run in stream order by prtLaunchHostFunc
