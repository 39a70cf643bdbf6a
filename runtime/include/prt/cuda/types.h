// prt/cuda/types.h: the CUDA backend's types and constants are CUDA's own, under portable names.
#pragma once

#include <cuda_runtime.h>

typedef cudaError_t prtError_t;              // status of every runtime call
typedef cudaMemcpyKind prtMemcpyKind;        // direction of a copy
typedef cudaDeviceAttr prtDeviceAttr;        // device attribute selector
typedef cudaFuncAttribute prtFuncAttribute;  // kernel attribute selector
typedef cudaFuncCache prtFuncCache;          // cache preference
typedef cudaComputeMode prtComputeMode;      // compute mode
typedef cudaLimit prtLimit;                  // device limit selector
#define prtCpuDeviceId cudaCpuDeviceId       // the device id of the host, for prtMemPrefetchAsync
typedef cudaStream_t prtStream_t;            // a stream
typedef cudaEvent_t prtEvent_t;              // an event
typedef cudaDeviceProp prtDeviceProp;        // device properties
typedef cudaFuncAttributes prtFuncAttributes;  // kernel attributes
#define prtStreamPerThread cudaStreamPerThread  // the calling thread's default stream

#define PRT_CUDA_ALIAS(suffix, value, hip, doc) constexpr auto prt##suffix = cuda##suffix;
PRT_ERROR_LIST(PRT_CUDA_ALIAS)        // see PRT_ERROR_LIST
PRT_MEMCPY_KIND_LIST(PRT_CUDA_ALIAS)  // see PRT_MEMCPY_KIND_LIST
PRT_DEVICE_ATTR_LIST(PRT_CUDA_ALIAS)  // see PRT_DEVICE_ATTR_LIST
PRT_FUNC_ATTR_LIST(PRT_CUDA_ALIAS)    // see PRT_FUNC_ATTR_LIST
PRT_FUNC_CACHE_LIST(PRT_CUDA_ALIAS)   // see PRT_FUNC_CACHE_LIST
PRT_COMPUTE_MODE_LIST(PRT_CUDA_ALIAS) // see PRT_COMPUTE_MODE_LIST
PRT_LIMIT_LIST(PRT_CUDA_ALIAS)        // see PRT_LIMIT_LIST
#undef PRT_CUDA_ALIAS
#define PRT_CUDA_FLAG(suffix, value, hip, doc) constexpr unsigned int prt##suffix = cuda##suffix;
PRT_FLAG_LIST(PRT_CUDA_FLAG)  // see PRT_FLAG_LIST
#undef PRT_CUDA_FLAG
