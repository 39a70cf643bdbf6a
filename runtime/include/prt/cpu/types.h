// prt/cpu/types.h: the CPU backend's handles and constants, valued as CUDA's (see prt/types.h for the tables).
#pragma once

#include <cstddef>

#include "prt/cpu/vector.h"

#define PRT_CPU_ENUMERATOR(suffix, value, hip, doc) prt##suffix = value,
enum prtError { PRT_ERROR_LIST(PRT_CPU_ENUMERATOR) };               // see PRT_ERROR_LIST
typedef enum prtError prtError_t;                                   // status of every runtime call
enum prtMemcpyKind { PRT_MEMCPY_KIND_LIST(PRT_CPU_ENUMERATOR) };     // see PRT_MEMCPY_KIND_LIST
enum prtDeviceAttr { PRT_DEVICE_ATTR_LIST(PRT_CPU_ENUMERATOR) };     // see PRT_DEVICE_ATTR_LIST
enum prtFuncAttribute { PRT_FUNC_ATTR_LIST(PRT_CPU_ENUMERATOR) };    // see PRT_FUNC_ATTR_LIST
enum prtFuncCache { PRT_FUNC_CACHE_LIST(PRT_CPU_ENUMERATOR) };       // see PRT_FUNC_CACHE_LIST
enum prtComputeMode { PRT_COMPUTE_MODE_LIST(PRT_CPU_ENUMERATOR) };  // see PRT_COMPUTE_MODE_LIST
enum prtLimit { PRT_LIMIT_LIST(PRT_CPU_ENUMERATOR) };                // see PRT_LIMIT_LIST
enum prtMemoryAdvise { PRT_MEM_ADVISE_LIST(PRT_CPU_ENUMERATOR) };            // see PRT_MEM_ADVISE_LIST
enum prtMemRangeAttribute { PRT_MEM_RANGE_ATTR_LIST(PRT_CPU_ENUMERATOR) };     // see PRT_MEM_RANGE_ATTR_LIST
enum prtMemLocationType { PRT_MEM_LOCATION_TYPE_LIST(PRT_CPU_ENUMERATOR) };    // see PRT_MEM_LOCATION_TYPE_LIST
enum prtMemPoolAttr { PRT_MEM_POOL_ATTR_LIST(PRT_CPU_ENUMERATOR) };            // see PRT_MEM_POOL_ATTR_LIST
enum prtMemAccessFlags { prtMemAccessFlagsProtNone = 0, prtMemAccessFlagsProtRead = 1,
                         prtMemAccessFlagsProtReadWrite = 3 };                 // see PRT_MEM_POOL_ENUM_LIST
enum prtMemAllocationType { prtMemAllocationTypeInvalid = 0, prtMemAllocationTypePinned = 1 };  // pool memory
enum prtMemAllocationHandleType { prtMemHandleTypeNone = 0, prtMemHandleTypePosixFileDescriptor = 1 };  // export
enum prtChannelFormatKind { PRT_CHANNEL_KIND_LIST(PRT_CPU_ENUMERATOR) };       // see PRT_CHANNEL_KIND_LIST
enum prtSharedMemConfig { PRT_SHARED_MEM_CONFIG_LIST(PRT_CPU_ENUMERATOR) };    // see PRT_SHARED_MEM_CONFIG_LIST
enum prtDeviceP2PAttr { PRT_P2P_ATTR_LIST(PRT_CPU_ENUMERATOR) };               // see PRT_P2P_ATTR_LIST
enum prtGraphNodeType { PRT_GRAPH_NODE_TYPE_LIST(PRT_CPU_ENUMERATOR) };        // see PRT_GRAPH_NODE_TYPE_LIST
enum prtStreamCaptureMode { prtStreamCaptureModeGlobal, prtStreamCaptureModeThreadLocal,
                            prtStreamCaptureModeRelaxed };                     // see PRT_CAPTURE_LIST
enum prtStreamCaptureStatus { prtStreamCaptureStatusNone, prtStreamCaptureStatusActive,
                              prtStreamCaptureStatusInvalidated };             // see PRT_CAPTURE_LIST
enum prtGraphExecUpdateResult { prtGraphExecUpdateSuccess, prtGraphExecUpdateError,
                                prtGraphExecUpdateErrorTopologyChanged,
                                prtGraphExecUpdateErrorNodeTypeChanged };      // see PRT_CAPTURE_LIST
enum prtStreamUpdateCaptureDependenciesFlags { prtStreamAddCaptureDependencies,
                                               prtStreamSetCaptureDependencies };  // see PRT_CAPTURE_LIST
#undef PRT_CPU_ENUMERATOR
#define PRT_CPU_FLAG(suffix, value, hip, doc) constexpr unsigned int prt##suffix = value;
PRT_FLAG_LIST(PRT_CPU_FLAG)  // see PRT_FLAG_LIST
PRT_FLAG2_LIST(PRT_CPU_FLAG)  // see PRT_FLAG2_LIST
#undef PRT_CPU_FLAG

namespace prt::cpu {
struct Stream;
struct Event;
}  // namespace prt::cpu
typedef prt::cpu::Stream* prtStream_t;  // a stream: 0 is the legacy default stream
typedef prt::cpu::Event* prtEvent_t;    // an event
#define prtStreamPerThread (reinterpret_cast<prtStream_t>(0x2))  // the calling thread's default stream
#define prtCpuDeviceId ((int)-1)  // the device id of the host, for prtMemPrefetchAsync

// Device properties: the fields that CUDA's cudaDeviceProp and HIP's hipDeviceProp_t both have (the others are
// reachable through prtDeviceGetAttribute).
struct prtDeviceProp {
    char name[256];                       // device name
    size_t totalGlobalMem;                // global memory bytes
    size_t sharedMemPerBlock;             // shared bytes per block
    int regsPerBlock;                     // registers per block
    int warpSize;                         // threads per warp
    size_t memPitch;                      // max pitch of a 2D allocation
    int maxThreadsPerBlock;               // max threads per block
    int maxThreadsDim[3];                 // max block extents
    int maxGridSize[3];                   // max grid extents
    size_t totalConstMem;                 // constant memory bytes
    int major;                            // compute capability major
    int minor;                            // compute capability minor
    size_t textureAlignment;              // texture alignment
    int multiProcessorCount;              // multiprocessors (CPU: pool threads)
    int integrated;                       // 1: shares host memory
    int canMapHostMemory;                 // 1: host memory can be mapped
    int concurrentKernels;                // 1: kernels may run concurrently
    int ECCEnabled;                       // 1: ECC on
    int pciBusID;                         // PCI bus id
    int pciDeviceID;                      // PCI device id
    int pciDomainID;                      // PCI domain id
    int memoryBusWidth;                   // memory bus bits
    int l2CacheSize;                      // L2 bytes
    int maxThreadsPerMultiProcessor;      // resident threads per multiprocessor
    int managedMemory;                    // 1: managed memory supported
    int cooperativeLaunch;                // 1: cooperative launch supported
    int computeMode;                      // a prtComputeMode (CPU: prtComputeModeDefault)
    int pageableMemoryAccess;             // 1: the device uses pageable host memory coherently
    int pageableMemoryAccessUsesHostPageTables;  // 1: through the host's page tables
    int concurrentManagedAccess;          // 1: device and host may use managed memory at once
    int directManagedMemAccessFromHost;   // 1: the host reads managed memory without migration
};

// Attributes of a kernel (prtFuncGetAttributes).
struct prtFuncAttributes {
    size_t sharedSizeBytes;            // static shared bytes
    size_t constSizeBytes;             // constant bytes
    size_t localSizeBytes;             // local bytes per thread
    int maxThreadsPerBlock;            // max threads per block for this kernel
    int numRegs;                       // registers per thread
    int ptxVersion;                    // virtual architecture version
    int binaryVersion;                 // binary architecture version
    int maxDynamicSharedSizeBytes;     // dynamic shared bytes it may request
};

// Pitched and 3-D memory: the same fields as CUDA's.
struct prtPitchedPtr {  // a pitched allocation
    void* ptr;          // first byte
    size_t pitch;       // bytes per row, padding included
    size_t xsize;       // logical row width in bytes
    size_t ysize;       // rows per slice
};
struct prtExtent {      // a 3-D size: width in bytes (elements for arrays), height and depth in rows and slices
    size_t width;
    size_t height;
    size_t depth;
};
struct prtPos {         // a 3-D position: x in bytes (elements for arrays), y, z
    size_t x;
    size_t y;
    size_t z;
};
inline prtPitchedPtr make_prtPitchedPtr(void* d, size_t p, size_t xsz, size_t ysz) { return {d, p, xsz, ysz}; }  // a pitched pointer
inline prtExtent make_prtExtent(size_t w, size_t h, size_t d) { return {w, h, d}; }  // a 3-D size
inline prtPos make_prtPos(size_t x, size_t y, size_t z) { return {x, y, z}; }        // a 3-D position

struct prtChannelFormatDesc {  // the channels of an array element
    int x, y, z, w;            // bits per channel
    enum prtChannelFormatKind f;  // their kind
};
namespace prt::cpu {
struct Array;
struct MipmappedArray;
struct MemPool;
struct Graph;
struct GraphNode;
struct GraphExec;
struct UserObject;
}  // namespace prt::cpu
typedef prt::cpu::Array* prtArray_t;                      // an array (host memory on the CPU backend)
typedef const prt::cpu::Array* prtArray_const_t;          // a read-only array
typedef prt::cpu::MipmappedArray* prtMipmappedArray_t;    // a mipmapped array
typedef const prt::cpu::MipmappedArray* prtMipmappedArray_const_t;  // a read-only mipmapped array

struct prtMemcpy3DParms {  // a 3-D copy between pitched memory and arrays
    prtArray_t srcArray;   // source array, or null for srcPtr
    prtPos srcPos;         // source offset
    prtPitchedPtr srcPtr;  // source pitched memory
    prtArray_t dstArray;   // destination array, or null for dstPtr
    prtPos dstPos;         // destination offset
    prtPitchedPtr dstPtr;  // destination pitched memory
    prtExtent extent;      // what to copy
    enum prtMemcpyKind kind;  // direction
};

struct prtMemLocation {          // a place memory can live
    enum prtMemLocationType type;  // a device or the host
    int id;                        // the device ordinal
};
struct prtMemAccessDesc {        // access a location has to a pool
    prtMemLocation location;
    enum prtMemAccessFlags flags;
};
struct prtMemPoolProps {         // what a pool holds
    enum prtMemAllocationType allocType;
    enum prtMemAllocationHandleType handleTypes;
    prtMemLocation location;
    void* win32SecurityAttributes;
    size_t maxSize;
    unsigned short usage;
    unsigned char reserved[54];
};
struct prtMemPoolPtrExportData {  // a pool allocation named for another process
    unsigned char reserved[64];
};
typedef prt::cpu::MemPool* prtMemPool_t;  // a memory pool

typedef prt::cpu::Graph* prtGraph_t;           // a graph of stream work
typedef prt::cpu::GraphNode* prtGraphNode_t;   // one node of a graph
typedef prt::cpu::GraphExec* prtGraphExec_t;   // an instantiated graph
typedef prt::cpu::UserObject* prtUserObject_t; // an object whose lifetime graphs share
typedef void (*prtStreamCallback_t)(prtStream_t stream, prtError_t status, void* userData);  // stream callback
struct prtKernelNodeParams {  // a kernel node
    void* func;
    dim3 gridDim;
    dim3 blockDim;
    unsigned int sharedMemBytes;
    void** kernelParams;
    void** extra;
};
struct prtMemsetParams {  // a fill node
    void* dst;
    size_t pitch;
    unsigned int value;
    unsigned int elementSize;  // 1, 2 or 4
    size_t width;              // in elements
    size_t height;
};
struct prtHostNodeParams {  // a host function node
    void (*fn)(void*);
    void* userData;
};
struct prtIpcMemHandle_t {  // names device memory for another process
    char reserved[64];
};
struct prtIpcEventHandle_t {  // names an event for another process
    char reserved[64];
};
