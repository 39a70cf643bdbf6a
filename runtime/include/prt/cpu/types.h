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
#undef PRT_CPU_ENUMERATOR
#define PRT_CPU_FLAG(suffix, value, hip, doc) constexpr unsigned int prt##suffix = value;
PRT_FLAG_LIST(PRT_CPU_FLAG)  // see PRT_FLAG_LIST
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
