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
    X(ErrorCooperativeLaunchTooLarge, 720, hipErrorCooperativeLaunchTooLarge,                               \
      "too many blocks in cooperative launch")                                                              \
    X(ErrorNotSupported, 801, hipErrorNotSupported, "operation not supported")                              \
    X(ErrorIllegalState, 401, hipErrorIllegalState, "the operation cannot be performed in the present state") \
    X(ErrorStreamCaptureUnsupported, 900, hipErrorStreamCaptureUnsupported,                                 \
      "operation not permitted when stream is capturing")                                                   \
    X(ErrorStreamCaptureInvalidated, 901, hipErrorStreamCaptureInvalidated,                                 \
      "operation failed due to a previous error during capture")                                            \
    X(ErrorStreamCaptureUnmatched, 903, hipErrorStreamCaptureUnmatched, "capture was not initiated in this stream") \
    X(ErrorStreamCaptureUnjoined, 904, hipErrorStreamCaptureUnjoined,                                       \
      "capturing stream has unjoined work")                                                                 \
    X(ErrorStreamCaptureImplicit, 906, hipErrorStreamCaptureImplicit,                                       \
      "operation would make the legacy stream depend on a capturing blocking stream")                       \
    X(ErrorGraphExecUpdateFailure, 910, hipErrorGraphExecUpdateFailure,                                     \
      "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update") \
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
      "1 if the host reads managed memory without migrating it") \
    X(DevAttrMemoryPoolsSupported, 115, hipDeviceAttributeMemoryPoolsSupported,                               \
      "1 if prtMallocAsync and the memory pool calls work")

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
    X(MemAttachHost, 0x2, hipMemAttachHost, "managed memory attached to the host")              \
    X(MemAttachSingle, 0x4, hipMemAttachSingle, "managed memory attached to one stream")

// Where a pointer's memory lives (prtPointerAttributes::type, prtMemoryType). HIP 5 has other values, so the
// HIP backend converts; these are CUDA's.
#define PRT_MEMORY_TYPE_LIST(X)                                                             \
    X(MemoryTypeUnregistered, 0, prtMemoryType(0), "memory the runtime does not know")      \
    X(MemoryTypeHost, 1, prtMemoryType(1), "pinned or registered host memory")              \
    X(MemoryTypeDevice, 2, prtMemoryType(2), "device memory")                               \
    X(MemoryTypeManaged, 3, prtMemoryType(3), "managed memory")

// Advice for managed memory (prtMemAdvise, prtMemoryAdvise).
#define PRT_MEM_ADVISE_LIST(X)                                                                          \
    X(MemAdviseSetReadMostly, 1, hipMemAdviseSetReadMostly, "the range is mostly read")                \
    X(MemAdviseUnsetReadMostly, 2, hipMemAdviseUnsetReadMostly, "undoes SetReadMostly")                \
    X(MemAdviseSetPreferredLocation, 3, hipMemAdviseSetPreferredLocation, "where the range should live") \
    X(MemAdviseUnsetPreferredLocation, 4, hipMemAdviseUnsetPreferredLocation, "clears the preference")  \
    X(MemAdviseSetAccessedBy, 5, hipMemAdviseSetAccessedBy, "a device that will access the range")     \
    X(MemAdviseUnsetAccessedBy, 6, hipMemAdviseUnsetAccessedBy, "undoes SetAccessedBy")

// Attributes of a managed range (prtMemRangeGetAttribute, prtMemRangeAttribute).
#define PRT_MEM_RANGE_ATTR_LIST(X)                                                                        \
    X(MemRangeAttributeReadMostly, 1, hipMemRangeAttributeReadMostly, "int: 1 if advised read-mostly")    \
    X(MemRangeAttributePreferredLocation, 2, hipMemRangeAttributePreferredLocation, "int: preferred device") \
    X(MemRangeAttributeAccessedBy, 3, hipMemRangeAttributeAccessedBy, "int[]: devices advised to access") \
    X(MemRangeAttributeLastPrefetchLocation, 4, hipMemRangeAttributeLastPrefetchLocation,                 \
      "int: device of the last prefetch")

// Kinds of a memory location (prtMemLocation::type, prtMemLocationType); HIP 5 knows only Invalid and Device.
#define PRT_MEM_LOCATION_TYPE_LIST(X)                                                          \
    X(MemLocationTypeInvalid, 0, hipMemLocationTypeInvalid, "no location")                     \
    X(MemLocationTypeDevice, 1, hipMemLocationTypeDevice, "a device, id is its ordinal")       \
    X(MemLocationTypeHost, 2, hipMemLocationType(2), "the host")

// Memory pool attributes (prtMemPoolGetAttribute/SetAttribute, prtMemPoolAttr).
#define PRT_MEM_POOL_ATTR_LIST(X)                                                                                 \
    X(MemPoolReuseFollowEventDependencies, 1, hipMemPoolReuseFollowEventDependencies, "int: reuse across events") \
    X(MemPoolReuseAllowOpportunistic, 2, hipMemPoolReuseAllowOpportunistic, "int: reuse freed blocks early")       \
    X(MemPoolReuseAllowInternalDependencies, 3, hipMemPoolReuseAllowInternalDependencies,                          \
      "int: reuse by inserting dependencies")                                                                     \
    X(MemPoolAttrReleaseThreshold, 4, hipMemPoolAttrReleaseThreshold, "uint64: bytes kept before release")        \
    X(MemPoolAttrReservedMemCurrent, 5, hipMemPoolAttrReservedMemCurrent, "uint64: bytes reserved now")           \
    X(MemPoolAttrReservedMemHigh, 6, hipMemPoolAttrReservedMemHigh, "uint64: most bytes reserved")                \
    X(MemPoolAttrUsedMemCurrent, 7, hipMemPoolAttrUsedMemCurrent, "uint64: bytes in use now")                     \
    X(MemPoolAttrUsedMemHigh, 8, hipMemPoolAttrUsedMemHigh, "uint64: most bytes in use")

// Access to a pool's memory (prtMemAccessFlags), allocation and handle types of a pool.
#define PRT_MEM_POOL_ENUM_LIST(X)                                                                     \
    X(MemAccessFlagsProtNone, 0, hipMemAccessFlagsProtNone, "no access")                              \
    X(MemAccessFlagsProtRead, 1, hipMemAccessFlagsProtRead, "read access")                            \
    X(MemAccessFlagsProtReadWrite, 3, hipMemAccessFlagsProtReadWrite, "read and write access")        \
    X(MemAllocationTypeInvalid, 0, hipMemAllocationTypeInvalid, "no allocation type")                 \
    X(MemAllocationTypePinned, 1, hipMemAllocationTypePinned, "pinned, non-migratable memory")        \
    X(MemHandleTypeNone, 0, hipMemHandleTypeNone, "no export handle")                                 \
    X(MemHandleTypePosixFileDescriptor, 1, hipMemHandleTypePosixFileDescriptor, "a file descriptor")

// Channel kinds of an array's elements (prtChannelFormatDesc::f, prtChannelFormatKind).
#define PRT_CHANNEL_KIND_LIST(X)                                                              \
    X(ChannelFormatKindSigned, 0, hipChannelFormatKindSigned, "signed integer channels")      \
    X(ChannelFormatKindUnsigned, 1, hipChannelFormatKindUnsigned, "unsigned integer channels") \
    X(ChannelFormatKindFloat, 2, hipChannelFormatKindFloat, "floating-point channels")        \
    X(ChannelFormatKindNone, 3, hipChannelFormatKindNone, "no channel")

// Shared memory bank sizes (prtSharedMemConfig; the CPU has no banks and keeps the value only).
#define PRT_SHARED_MEM_CONFIG_LIST(X)                                                         \
    X(SharedMemBankSizeDefault, 0, hipSharedMemBankSizeDefault, "the device's bank size")     \
    X(SharedMemBankSizeFourByte, 1, hipSharedMemBankSizeFourByte, "4-byte banks")             \
    X(SharedMemBankSizeEightByte, 2, hipSharedMemBankSizeEightByte, "8-byte banks")

// Peer-to-peer attributes (prtDeviceGetP2PAttribute, prtDeviceP2PAttr).
#define PRT_P2P_ATTR_LIST(X)                                                                                  \
    X(DevP2PAttrPerformanceRank, 1, hipDevP2PAttrPerformanceRank, "relative performance of the link")        \
    X(DevP2PAttrAccessSupported, 2, hipDevP2PAttrAccessSupported, "1 if peer access works")                  \
    X(DevP2PAttrNativeAtomicSupported, 3, hipDevP2PAttrNativeAtomicSupported, "1 if atomics work over it")   \
    X(DevP2PAttrCudaArrayAccessSupported, 4, hipDevP2PAttrHipArrayAccessSupported, "1 if arrays are reachable")

// Graph node kinds (prtGraphNodeGetType, prtGraphNodeType).
#define PRT_GRAPH_NODE_TYPE_LIST(X)                                                        \
    X(GraphNodeTypeKernel, 0, hipGraphNodeTypeKernel, "a kernel launch")                  \
    X(GraphNodeTypeMemcpy, 1, hipGraphNodeTypeMemcpy, "a copy")                           \
    X(GraphNodeTypeMemset, 2, hipGraphNodeTypeMemset, "a fill")                           \
    X(GraphNodeTypeHost, 3, hipGraphNodeTypeHost, "a host function")                      \
    X(GraphNodeTypeGraph, 4, hipGraphNodeTypeGraph, "a child graph")                      \
    X(GraphNodeTypeEmpty, 5, hipGraphNodeTypeEmpty, "nothing (a join point)")             \
    X(GraphNodeTypeWaitEvent, 6, hipGraphNodeTypeWaitEvent, "a wait on an event")         \
    X(GraphNodeTypeEventRecord, 7, hipGraphNodeTypeEventRecord, "an event record")

// Stream capture modes and states, graph update results, capture dependency updates.
#define PRT_CAPTURE_LIST(X)                                                                                \
    X(StreamCaptureModeGlobal, 0, hipStreamCaptureModeGlobal, "unsafe calls anywhere end the capture")    \
    X(StreamCaptureModeThreadLocal, 1, hipStreamCaptureModeThreadLocal, "unsafe calls of this thread do") \
    X(StreamCaptureModeRelaxed, 2, hipStreamCaptureModeRelaxed, "no call is unsafe")                      \
    X(StreamCaptureStatusNone, 0, hipStreamCaptureStatusNone, "the stream is not capturing")              \
    X(StreamCaptureStatusActive, 1, hipStreamCaptureStatusActive, "the stream is capturing")              \
    X(StreamCaptureStatusInvalidated, 2, hipStreamCaptureStatusInvalidated, "the capture failed")         \
    X(GraphExecUpdateSuccess, 0, hipGraphExecUpdateSuccess, "the executable graph was updated")           \
    X(GraphExecUpdateError, 1, hipGraphExecUpdateError, "the update failed")                              \
    X(GraphExecUpdateErrorTopologyChanged, 2, hipGraphExecUpdateErrorTopologyChanged, "nodes or edges differ") \
    X(GraphExecUpdateErrorNodeTypeChanged, 3, hipGraphExecUpdateErrorNodeTypeChanged, "a node kind differs") \
    X(StreamAddCaptureDependencies, 0, hipStreamAddCaptureDependencies, "adds to the dependency set")      \
    X(StreamSetCaptureDependencies, 1, hipStreamSetCaptureDependencies, "replaces the dependency set")

// More flag bits (unsigned int): device scheduling, peer and IPC access, stream callbacks, event records.
#define PRT_FLAG2_LIST(X)                                                                             \
    X(DeviceScheduleAuto, 0x0, hipDeviceScheduleAuto, "the runtime picks how the host waits")         \
    X(DeviceScheduleSpin, 0x1, hipDeviceScheduleSpin, "the host spins while it waits")                \
    X(DeviceScheduleYield, 0x2, hipDeviceScheduleYield, "the host yields while it waits")             \
    X(DeviceScheduleBlockingSync, 0x4, hipDeviceScheduleBlockingSync, "the host blocks while it waits") \
    X(DeviceMapHost, 0x8, hipDeviceMapHost, "pinned host memory may be mapped")                       \
    X(DeviceLmemResizeToMax, 0x10, hipDeviceLmemResizeToMax, "keeps local memory at its largest")     \
    X(IpcMemLazyEnablePeerAccess, 0x1, hipIpcMemLazyEnablePeerAccess, "enable peer access on open")   \
    X(EventRecordDefault, 0x0, 0x0u, "a plain event record")                                          \
    X(EventRecordExternal, 0x1, 0x1u, "an event record node visible outside a graph")                 \
    X(ArrayDefault, 0x0, hipArrayDefault, "a plain array")                                            \
    X(ArrayLayered, 0x1, hipArrayLayered, "a layered array")                                          \
    X(ArraySurfaceLoadStore, 0x2, hipArraySurfaceLoadStore, "an array surfaces may use")              \
    X(ArrayCubemap, 0x4, hipArrayCubemap, "a cubemap array")                                          \
    X(ArrayTextureGather, 0x8, hipArrayTextureGather, "an array texture gathers may use")             \
    X(GraphInstantiateFlagAutoFreeOnLaunch, 0x1, hipGraphInstantiateFlagAutoFreeOnLaunch,            \
      "free a graph's allocations before it is launched again")

// The pointer attributes HIP 5 spells otherwise are the runtime's own on the CPU and HIP backends.
#define PRT_OWN_ENUMERATOR(suffix, value, hip, doc) prt##suffix = value,
#if !PRT_BACKEND_CUDA
enum prtMemoryType { PRT_MEMORY_TYPE_LIST(PRT_OWN_ENUMERATOR) };  // see PRT_MEMORY_TYPE_LIST
struct prtPointerAttributes {  // what prtPointerGetAttributes says of a pointer
    enum prtMemoryType type;   // where its memory lives
    int device;                // the device it belongs to
    void* devicePointer;       // its address in device code (null for unregistered memory)
    void* hostPointer;         // its address in host code (null for device memory)
};
#endif

// Graph memory attributes (prtDeviceGetGraphMemAttribute, prtGraphMemAttributeType), GPUDirect RDMA flush targets.
#define PRT_GRAPH_MEM_ATTR_LIST(X)                                                                       \
    X(GraphMemAttrUsedMemCurrent, 0, prtGraphMemAttributeType(0), "uint64: graph memory in use")        \
    X(GraphMemAttrUsedMemHigh, 1, prtGraphMemAttributeType(1), "uint64: most graph memory in use")      \
    X(GraphMemAttrReservedMemCurrent, 2, prtGraphMemAttributeType(2), "uint64: graph memory reserved")  \
    X(GraphMemAttrReservedMemHigh, 3, prtGraphMemAttributeType(3), "uint64: most graph memory reserved")
#define PRT_RDMA_LIST(X)                                                                                     \
    X(FlushGPUDirectRDMAWritesTargetCurrentDevice, 0, 0, "writes to the current device")                    \
    X(FlushGPUDirectRDMAWritesToOwner, 100, 100, "flush so the owner sees them")                            \
    X(FlushGPUDirectRDMAWritesToAllDevices, 200, 200, "flush so every device sees them")

// Types of calls whose concept only CUDA has (asynchronous device notifications, driver logs): the runtime's own
// on the CPU and HIP backends, where the calls succeed and report nothing.
#if !PRT_BACKEND_CUDA
enum prtGraphMemAttributeType { PRT_GRAPH_MEM_ATTR_LIST(PRT_OWN_ENUMERATOR) };  // see PRT_GRAPH_MEM_ATTR_LIST
enum prtFlushGPUDirectRDMAWritesTarget { prtFlushGPUDirectRDMAWritesTargetCurrentDevice = 0 };  // see PRT_RDMA_LIST
enum prtFlushGPUDirectRDMAWritesScope { prtFlushGPUDirectRDMAWritesToOwner = 100,
                                        prtFlushGPUDirectRDMAWritesToAllDevices = 200 };  // see PRT_RDMA_LIST
struct prtAsyncNotificationInfo_t { int type; };                  // what a device notification says
typedef struct prtAsyncCallbackEntry* prtAsyncCallbackHandle_t;   // a registered notification callback
typedef void (*prtAsyncCallback)(prtAsyncNotificationInfo_t*, void*, prtAsyncCallbackHandle_t);  // its function
typedef unsigned int prtLogIterator;                               // a position in the driver's log
typedef struct prtLogsCallbackEntry* prtLogsCallbackHandle;        // a registered log callback
enum prtLogLevel { prtLogLevelError = 0, prtLogLevelWarning = 1 };  // how grave a log entry is
typedef void (*prtLogsCallback_t)(void* data, prtLogLevel logLevel, char* message, size_t length);  // its function
#endif

// Launch attributes of streams and kernel nodes (prtStreamGetAttribute, prtGraphKernelNodeGetAttribute).
#define PRT_LAUNCH_ATTR_LIST(X)                                                                                  \
    X(LaunchAttributeAccessPolicyWindow, 1, 1, "value.accessPolicyWindow: an L2 persistence window")            \
    X(LaunchAttributeCooperative, 2, 2, "value.cooperative: 1 for a cooperative launch")                        \
    X(LaunchAttributeSynchronizationPolicy, 3, 3, "value.syncPolicy: how the host waits for the stream")        \
    X(LaunchAttributePriority, 8, 8, "value.priority: the scheduling priority")

// Launch attribute values, edge data and graph update results as CUDA 12 spells them, on the backends without
// them (CPU; HIP 5).
#if !PRT_BACKEND_CUDA
enum prtLaunchAttributeID { PRT_LAUNCH_ATTR_LIST(PRT_OWN_ENUMERATOR) };  // see PRT_LAUNCH_ATTR_LIST
enum prtAccessProperty { prtAccessPropertyNormal = 0, prtAccessPropertyStreaming = 1,
                         prtAccessPropertyPersisting = 2 };            // how L2 keeps a window's lines
struct prtAccessPolicyWindow {  // an L2 persistence window (the CPU and HIP keep it and do nothing with it)
    void* base_ptr;
    size_t num_bytes;
    float hitRatio;
    enum prtAccessProperty hitProp;
    enum prtAccessProperty missProp;
};
union prtLaunchAttributeValue {  // the value of a launch attribute
    char pad[64];
    struct prtAccessPolicyWindow accessPolicyWindow;
    int cooperative;
    int syncPolicy;
    int priority;
};
struct prtGraphEdgeData {  // the kind of a graph edge (every edge is a plain dependency here)
    unsigned char from_port;
    unsigned char to_port;
    unsigned char type;
    unsigned char reserved[5];
};
typedef enum prtLaunchAttributeID prtStreamAttrID;          // a stream attribute
typedef union prtLaunchAttributeValue prtStreamAttrValue;   // its value
typedef enum prtLaunchAttributeID prtKernelNodeAttrID;      // a kernel node attribute
typedef union prtLaunchAttributeValue prtKernelNodeAttrValue;  // its value
struct prtLaunchAttribute {  // one attribute of an extended launch
    enum prtLaunchAttributeID id;
    char pad[4];
    union prtLaunchAttributeValue val;
};
namespace prt {
struct StreamOf;  // the stream type, which the backends define after this header
}
typedef struct prtFunctionOwn* prtFunction_t;  // a kernel as the driver names it (CPU: its address)
typedef struct prtKernelOwn* prtKernel_t;      // a kernel independent of any context (CPU: its address)
#endif
#define prtStreamAttributeAccessPolicyWindow prtLaunchAttributeAccessPolicyWindow        // stream attribute
#define prtStreamAttributeSynchronizationPolicy prtLaunchAttributeSynchronizationPolicy  // stream attribute
#define prtStreamAttributePriority prtLaunchAttributePriority                            // stream attribute
#define prtKernelNodeAttributeAccessPolicyWindow prtLaunchAttributeAccessPolicyWindow    // kernel node attribute
#define prtKernelNodeAttributeCooperative prtLaunchAttributeCooperative                  // kernel node attribute
#define prtKernelNodeAttributePriority prtLaunchAttributePriority                        // kernel node attribute

// Atomic operations and what a device can do with them (prtDeviceGetHostAtomicCapabilities).
#define PRT_ATOMIC_LIST(X)                                                                           \
    X(AtomicOperationIntegerAdd, 0, 0, "integer add")                                                \
    X(AtomicOperationIntegerMin, 1, 1, "integer min")                                                \
    X(AtomicOperationIntegerMax, 2, 2, "integer max")                                                \
    X(AtomicOperationIntegerIncrement, 3, 3, "wrapping increment")                                   \
    X(AtomicOperationIntegerDecrement, 4, 4, "wrapping decrement")                                   \
    X(AtomicOperationAnd, 5, 5, "bitwise and")                                                       \
    X(AtomicOperationOr, 6, 6, "bitwise or")                                                         \
    X(AtomicOperationXOR, 7, 7, "bitwise xor")                                                       \
    X(AtomicOperationExchange, 8, 8, "exchange")                                                     \
    X(AtomicOperationCAS, 9, 9, "compare and swap")                                                  \
    X(AtomicOperationFloatAdd, 10, 10, "floating-point add")                                         \
    X(AtomicOperationFloatMin, 11, 11, "floating-point min")                                         \
    X(AtomicOperationFloatMax, 12, 12, "floating-point max")
#define PRT_ATOMIC_CAPABILITY_LIST(X)                                                                \
    X(AtomicCapabilitySigned, 0x1, 0x1, "on signed integers")                                        \
    X(AtomicCapabilityUnsigned, 0x2, 0x2, "on unsigned integers")                                    \
    X(AtomicCapabilityReduction, 0x4, 0x4, "as a reduction (no value returned)")                     \
    X(AtomicCapabilityScalar32, 0x8, 0x8, "on 32-bit values")                                        \
    X(AtomicCapabilityScalar64, 0x10, 0x10, "on 64-bit values")                                      \
    X(AtomicCapabilityScalar128, 0x20, 0x20, "on 128-bit values")                                    \
    X(AtomicCapabilityVector32x4, 0x40, 0x40, "on four 32-bit values at once")

#if PRT_BACKEND_CPU
#include "prt/cpu/types.h"
#else
#include "prt/gpu/types.h"
#endif

typedef void (*prtHostFn_t)(void* userData);  // host function run in stream order by prtLaunchHostFunc

// Types of CUDA 12.4-13 calls (batched copies and prefetches, array memory queries, instantiation parameters,
// driver entry points), the runtime's own where the vendor has none (CPU; HIP 5).
#if !PRT_BACKEND_CUDA
enum prtAtomicOperation { PRT_ATOMIC_LIST(PRT_OWN_ENUMERATOR) };                       // see PRT_ATOMIC_LIST
enum prtAtomicOperationCapability { PRT_ATOMIC_CAPABILITY_LIST(PRT_OWN_ENUMERATOR) };  // see the list
enum prtMemcpySrcAccessOrder { prtMemcpySrcAccessOrderInvalid = 0, prtMemcpySrcAccessOrderStream = 1,
                               prtMemcpySrcAccessOrderDuringApiCall = 2,
                               prtMemcpySrcAccessOrderAny = 3 };  // when a batched copy may read its source
struct prtMemcpyAttributes {  // attributes of copies in a batch
    enum prtMemcpySrcAccessOrder srcAccessOrder;
    prtMemLocation srcLocHint;
    prtMemLocation dstLocHint;
    unsigned int flags;
};
struct prtArrayMemoryRequirements {  // what backing an array needs
    size_t size;
    size_t alignment;
    unsigned int reserved[4];
};
struct prtArraySparseProperties {  // the tiling of a sparse array
    struct {
        unsigned int width;
        unsigned int height;
        unsigned int depth;
    } tileExtent;
    unsigned int miptailFirstLevel;
    unsigned long long miptailSize;
    unsigned int flags;
    unsigned int reserved[4];
};
enum prtGraphInstantiateResult { prtGraphInstantiateSuccess = 0, prtGraphInstantiateError = 1,
                                 prtGraphInstantiateInvalidStructure = 2 };  // how an instantiation went
struct prtGraphInstantiateParams {  // what prtGraphInstantiateWithParams takes and answers
    unsigned long long flags;
    prtStream_t uploadStream;
    prtGraphNode_t errNode_out;
    enum prtGraphInstantiateResult result_out;
};
enum prtDriverEntryPointQueryResult { prtDriverEntryPointSuccess = 0, prtDriverEntryPointSymbolNotFound = 1,
                                      prtDriverEntryPointVersionNotSufficent = 2 };  // a driver symbol lookup
#endif
constexpr unsigned long long prtEnableDefault = 0x0;  // driver entry point flags: the default search

// Structures CUDA has and HIP 5 lacks, the runtime's own on the CPU and HIP backends (CUDA's fields).
#if !PRT_BACKEND_CUDA
struct prtMemcpy3DPeerParms {  // a 3-D copy between devices (HIP: as a 3-D copy)
    prtArray_t srcArray;
    prtPos srcPos;
    prtPitchedPtr srcPtr;
    int srcDevice;
    prtArray_t dstArray;
    prtPos dstPos;
    prtPitchedPtr dstPtr;
    int dstDevice;
    prtExtent extent;
};
struct prtGraphExecUpdateResultInfo {  // what prtGraphExecUpdate found
    prtGraphExecUpdateResult result;
    prtGraphNode_t errorNode;
    prtGraphNode_t errorFromNode;
};
struct prtMemAllocNodeParams {  // an allocation node
    prtMemPoolProps poolProps;
    const prtMemAccessDesc* accessDescs;
    size_t accessDescCount;
    size_t bytesize;
    void* dptr;
};
struct prtLaunchConfig_t {  // an extended launch's configuration
    dim3 gridDim;
    dim3 blockDim;
    size_t dynamicSmemBytes;
    prtStream_t stream;
    prtLaunchAttribute* attrs;
    unsigned int numAttrs;
};
#endif
