// prt/gpu/types.h: the GPU backend's types and constants are the vendor's own, under portable names.
#pragma once

#include "prt/gpu/vendor.h"

typedef PRT_GPU(Error_t) prtError_t;                                  // status of every runtime call
typedef PRT_GPU(MemcpyKind) prtMemcpyKind;                            // direction of a copy
typedef PRT_GPU_NAMED(DeviceAttr, hipDeviceAttribute_t) prtDeviceAttr;  // device attribute selector
typedef PRT_GPU(FuncAttribute) prtFuncAttribute;                      // kernel attribute selector
typedef PRT_GPU_NAMED(FuncCache, hipFuncCache_t) prtFuncCache;        // cache preference
typedef PRT_GPU(ComputeMode) prtComputeMode;                          // compute mode
typedef PRT_GPU_NAMED(Limit, hipLimit_t) prtLimit;                    // device limit selector
#define prtCpuDeviceId PRT_GPU(CpuDeviceId)                           // the host's device id (prtMemPrefetchAsync)
typedef PRT_GPU(Stream_t) prtStream_t;                                // a stream
typedef PRT_GPU(Event_t) prtEvent_t;                                  // an event
typedef PRT_GPU_NAMED(DeviceProp, hipDeviceProp_t) prtDeviceProp;     // device properties
typedef PRT_GPU(FuncAttributes) prtFuncAttributes;                    // kernel attributes
#define prtStreamPerThread PRT_GPU(StreamPerThread)                   // the calling thread's default stream

#define PRT_GPU_ALIAS(suffix, value, hip, doc) constexpr auto prt##suffix = PRT_GPU_NAMED(suffix, hip);
PRT_ERROR_LIST(PRT_GPU_ALIAS)         // see PRT_ERROR_LIST
PRT_MEMCPY_KIND_LIST(PRT_GPU_ALIAS)   // see PRT_MEMCPY_KIND_LIST
PRT_DEVICE_ATTR_LIST(PRT_GPU_ALIAS)   // see PRT_DEVICE_ATTR_LIST
PRT_FUNC_ATTR_LIST(PRT_GPU_ALIAS)     // see PRT_FUNC_ATTR_LIST
PRT_FUNC_CACHE_LIST(PRT_GPU_ALIAS)    // see PRT_FUNC_CACHE_LIST
PRT_COMPUTE_MODE_LIST(PRT_GPU_ALIAS)  // see PRT_COMPUTE_MODE_LIST
PRT_LIMIT_LIST(PRT_GPU_ALIAS)         // see PRT_LIMIT_LIST
#undef PRT_GPU_ALIAS
#define PRT_GPU_FLAG(suffix, value, hip, doc) constexpr unsigned int prt##suffix = PRT_GPU_NAMED(suffix, hip);
PRT_FLAG_LIST(PRT_GPU_FLAG)  // see PRT_FLAG_LIST
#undef PRT_GPU_FLAG

#define PRT_GPU_ENUM_ALIAS(suffix, value, hip, doc) constexpr auto prt##suffix = PRT_GPU_NAMED(suffix, hip);
typedef PRT_GPU(MemoryAdvise) prtMemoryAdvise;                          // advice for managed memory
typedef PRT_GPU(MemRangeAttribute) prtMemRangeAttribute;                // attribute of a managed range
typedef PRT_GPU(MemLocationType) prtMemLocationType;                    // kind of a memory location
typedef PRT_GPU(MemPoolAttr) prtMemPoolAttr;                            // memory pool attribute
typedef PRT_GPU(MemAccessFlags) prtMemAccessFlags;                      // access to pool memory
typedef PRT_GPU(MemAllocationType) prtMemAllocationType;                // kind of pool memory
typedef PRT_GPU(MemAllocationHandleType) prtMemAllocationHandleType;    // export handle kind
typedef PRT_GPU(ChannelFormatKind) prtChannelFormatKind;                // channel kind of array elements
typedef PRT_GPU(SharedMemConfig) prtSharedMemConfig;                    // shared memory bank size
typedef PRT_GPU(DeviceP2PAttr) prtDeviceP2PAttr;                        // peer-to-peer attribute
typedef PRT_GPU(GraphNodeType) prtGraphNodeType;                        // graph node kind
typedef PRT_GPU(StreamCaptureMode) prtStreamCaptureMode;                // stream capture mode
typedef PRT_GPU(StreamCaptureStatus) prtStreamCaptureStatus;            // stream capture state
typedef PRT_GPU_NAMED(GraphExecUpdateResult, hipGraphExecUpdateResult) prtGraphExecUpdateResult;  // update result
typedef PRT_GPU(StreamUpdateCaptureDependenciesFlags) prtStreamUpdateCaptureDependenciesFlags;  // how deps change
PRT_MEM_ADVISE_LIST(PRT_GPU_ENUM_ALIAS)         // see PRT_MEM_ADVISE_LIST
PRT_MEM_RANGE_ATTR_LIST(PRT_GPU_ENUM_ALIAS)     // see PRT_MEM_RANGE_ATTR_LIST
PRT_MEM_LOCATION_TYPE_LIST(PRT_GPU_ENUM_ALIAS)  // see PRT_MEM_LOCATION_TYPE_LIST
PRT_MEM_POOL_ATTR_LIST(PRT_GPU_ENUM_ALIAS)      // see PRT_MEM_POOL_ATTR_LIST
PRT_MEM_POOL_ENUM_LIST(PRT_GPU_ENUM_ALIAS)      // see PRT_MEM_POOL_ENUM_LIST
PRT_CHANNEL_KIND_LIST(PRT_GPU_ENUM_ALIAS)       // see PRT_CHANNEL_KIND_LIST
PRT_SHARED_MEM_CONFIG_LIST(PRT_GPU_ENUM_ALIAS)  // see PRT_SHARED_MEM_CONFIG_LIST
PRT_P2P_ATTR_LIST(PRT_GPU_ENUM_ALIAS)           // see PRT_P2P_ATTR_LIST
PRT_GRAPH_NODE_TYPE_LIST(PRT_GPU_ENUM_ALIAS)    // see PRT_GRAPH_NODE_TYPE_LIST
PRT_CAPTURE_LIST(PRT_GPU_ENUM_ALIAS)            // see PRT_CAPTURE_LIST
#undef PRT_GPU_ENUM_ALIAS
#define PRT_GPU_FLAG2(suffix, value, hip, doc) constexpr unsigned int prt##suffix = PRT_GPU_NAMED(suffix, hip);
PRT_FLAG2_LIST(PRT_GPU_FLAG2)  // see PRT_FLAG2_LIST
#undef PRT_GPU_FLAG2

typedef PRT_GPU(PitchedPtr) prtPitchedPtr;                   // a pitched allocation
typedef PRT_GPU(Extent) prtExtent;                           // a 3-D size
typedef PRT_GPU(Pos) prtPos;                                 // a 3-D position
#define make_prtPitchedPtr PRT_GPU_MAKE(PitchedPtr)  // a pitched pointer
#define make_prtExtent PRT_GPU_MAKE(Extent)              // a 3-D size
#define make_prtPos PRT_GPU_MAKE(Pos)                       // a 3-D position
typedef PRT_GPU(ChannelFormatDesc) prtChannelFormatDesc;     // the channels of an array element
typedef PRT_GPU(Array_t) prtArray_t;                         // an array
typedef PRT_GPU(Array_const_t) prtArray_const_t;             // a read-only array
typedef PRT_GPU(MipmappedArray_t) prtMipmappedArray_t;       // a mipmapped array
typedef PRT_GPU(MipmappedArray_const_t) prtMipmappedArray_const_t;  // a read-only mipmapped array
typedef PRT_GPU(Memcpy3DParms) prtMemcpy3DParms;             // a 3-D copy
typedef PRT_GPU(MemLocation) prtMemLocation;                 // a place memory can live
typedef PRT_GPU(MemAccessDesc) prtMemAccessDesc;             // access a location has to a pool
typedef PRT_GPU(MemPoolProps) prtMemPoolProps;               // what a pool holds
typedef PRT_GPU(MemPoolPtrExportData) prtMemPoolPtrExportData;  // a pool allocation named for another process
typedef PRT_GPU(MemPool_t) prtMemPool_t;                     // a memory pool
typedef PRT_GPU(Graph_t) prtGraph_t;                         // a graph of stream work
typedef PRT_GPU(GraphNode_t) prtGraphNode_t;                 // one node of a graph
typedef PRT_GPU(GraphExec_t) prtGraphExec_t;                 // an instantiated graph
typedef PRT_GPU(StreamCallback_t) prtStreamCallback_t;       // stream callback
typedef PRT_GPU(KernelNodeParams) prtKernelNodeParams;       // a kernel node
typedef PRT_GPU(MemsetParams) prtMemsetParams;               // a fill node
typedef PRT_GPU(HostNodeParams) prtHostNodeParams;           // a host function node
typedef PRT_GPU(IpcMemHandle_t) prtIpcMemHandle_t;           // names device memory for another process
typedef PRT_GPU(IpcEventHandle_t) prtIpcEventHandle_t;       // names an event for another process
#if PRT_BACKEND_CUDA
typedef cudaMemcpy3DPeerParms prtMemcpy3DPeerParms;          // a 3-D copy between devices
typedef cudaUserObject_t prtUserObject_t;                    // an object whose lifetime graphs share
typedef cudaMemoryType prtMemoryType;                        // where a pointer's memory lives
typedef cudaPointerAttributes prtPointerAttributes;          // what prtPointerGetAttributes says of a pointer
#define PRT_GPU_CUDA_ALIAS(suffix, value, hip, doc) constexpr auto prt##suffix = cuda##suffix;
PRT_MEMORY_TYPE_LIST(PRT_GPU_CUDA_ALIAS)  // see PRT_MEMORY_TYPE_LIST
PRT_GRAPH_MEM_ATTR_LIST(PRT_GPU_CUDA_ALIAS)  // see PRT_GRAPH_MEM_ATTR_LIST
PRT_RDMA_LIST(PRT_GPU_CUDA_ALIAS)  // see PRT_RDMA_LIST
typedef cudaGraphMemAttributeType prtGraphMemAttributeType;            // graph memory attribute
typedef cudaFlushGPUDirectRDMAWritesTarget prtFlushGPUDirectRDMAWritesTarget;  // RDMA flush target
typedef cudaFlushGPUDirectRDMAWritesScope prtFlushGPUDirectRDMAWritesScope;    // RDMA flush scope
typedef cudaAsyncNotificationInfo_t prtAsyncNotificationInfo_t;        // what a device notification says
typedef cudaAsyncCallbackHandle_t prtAsyncCallbackHandle_t;            // a registered notification callback
typedef cudaAsyncCallback prtAsyncCallback;                            // its function
typedef cudaLogIterator prtLogIterator;                                // a position in the driver's log
typedef cudaLogsCallbackHandle prtLogsCallbackHandle;                  // a registered log callback
typedef cudaLogsCallback_t prtLogsCallback_t;                          // its function
typedef cudaLogLevel prtLogLevel;                                      // how grave a log entry is
constexpr auto prtLogLevelError = cudaLogLevelError;
constexpr auto prtLogLevelWarning = cudaLogLevelWarning;
PRT_LAUNCH_ATTR_LIST(PRT_GPU_CUDA_ALIAS)  // see PRT_LAUNCH_ATTR_LIST
typedef cudaLaunchAttributeID prtLaunchAttributeID;                    // a launch attribute
typedef cudaLaunchAttributeValue prtLaunchAttributeValue;              // its value
typedef cudaAccessPolicyWindow prtAccessPolicyWindow;                  // an L2 persistence window
typedef cudaAccessProperty prtAccessProperty;                          // how L2 keeps a window's lines
typedef cudaGraphEdgeData prtGraphEdgeData;                            // the kind of a graph edge
typedef cudaStreamAttrID prtStreamAttrID;                              // a stream attribute
typedef cudaStreamAttrValue prtStreamAttrValue;                        // its value
typedef cudaKernelNodeAttrID prtKernelNodeAttrID;                      // a kernel node attribute
typedef cudaKernelNodeAttrValue prtKernelNodeAttrValue;                // its value
typedef cudaGraphExecUpdateResultInfo prtGraphExecUpdateResultInfo;    // what prtGraphExecUpdate found
typedef cudaMemAllocNodeParams prtMemAllocNodeParams;                  // an allocation node
typedef cudaLaunchAttribute prtLaunchAttribute;                        // one attribute of an extended launch
typedef cudaLaunchConfig_t prtLaunchConfig_t;                          // an extended launch's configuration
typedef cudaFunction_t prtFunction_t;                                  // a kernel as the driver names it
typedef cudaKernel_t prtKernel_t;                                      // a kernel independent of any context
typedef cudaAtomicOperation prtAtomicOperation;                        // an atomic operation
typedef cudaAtomicOperationCapability prtAtomicOperationCapability;    // what a device can do with it
typedef cudaMemcpySrcAccessOrder prtMemcpySrcAccessOrder;              // when a batched copy may read its source
typedef cudaMemcpyAttributes prtMemcpyAttributes;                      // attributes of copies in a batch
typedef cudaArrayMemoryRequirements prtArrayMemoryRequirements;        // what backing an array needs
typedef cudaArraySparseProperties prtArraySparseProperties;            // the tiling of a sparse array
typedef cudaGraphInstantiateResult prtGraphInstantiateResult;          // how an instantiation went
typedef cudaGraphInstantiateParams prtGraphInstantiateParams;          // instantiation parameters
typedef cudaDriverEntryPointQueryResult prtDriverEntryPointQueryResult;  // a driver symbol lookup
PRT_ATOMIC_LIST(PRT_GPU_CUDA_ALIAS)             // see PRT_ATOMIC_LIST
PRT_ATOMIC_CAPABILITY_LIST(PRT_GPU_CUDA_ALIAS)  // see PRT_ATOMIC_CAPABILITY_LIST
constexpr auto prtMemcpySrcAccessOrderInvalid = cudaMemcpySrcAccessOrderInvalid;
constexpr auto prtMemcpySrcAccessOrderStream = cudaMemcpySrcAccessOrderStream;
constexpr auto prtMemcpySrcAccessOrderDuringApiCall = cudaMemcpySrcAccessOrderDuringApiCall;
constexpr auto prtMemcpySrcAccessOrderAny = cudaMemcpySrcAccessOrderAny;
constexpr auto prtGraphInstantiateSuccess = cudaGraphInstantiateSuccess;
constexpr auto prtGraphInstantiateError = cudaGraphInstantiateError;
constexpr auto prtGraphInstantiateInvalidStructure = cudaGraphInstantiateInvalidStructure;
constexpr auto prtDriverEntryPointSuccess = cudaDriverEntryPointSuccess;
constexpr auto prtDriverEntryPointSymbolNotFound = cudaDriverEntryPointSymbolNotFound;
constexpr auto prtDriverEntryPointVersionNotSufficent = cudaDriverEntryPointVersionNotSufficent;
constexpr auto prtAccessPropertyNormal = cudaAccessPropertyNormal;
constexpr auto prtAccessPropertyStreaming = cudaAccessPropertyStreaming;
constexpr auto prtAccessPropertyPersisting = cudaAccessPropertyPersisting;
#undef PRT_GPU_CUDA_ALIAS
#else
typedef struct prtUserObjectOwn* prtUserObject_t;  // an object whose lifetime graphs share (HIP 5 has none)
#endif
