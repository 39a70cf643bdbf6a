// prt/hip/types.h: the HIP backend's types and constants are HIP's own, under portable names.
#pragma once

#include <hip/hip_runtime.h>

typedef hipError_t prtError_t;                   // status of every runtime call
typedef hipMemcpyKind prtMemcpyKind;             // direction of a copy
typedef hipDeviceAttribute_t prtDeviceAttr;      // device attribute selector
typedef hipFuncAttribute prtFuncAttribute;       // kernel attribute selector
typedef hipFuncCache_t prtFuncCache;             // cache preference
typedef hipComputeMode prtComputeMode;           // compute mode
typedef hipLimit_t prtLimit;                     // device limit selector
#define prtCpuDeviceId hipCpuDeviceId            // the device id of the host, for prtMemPrefetchAsync
typedef hipStream_t prtStream_t;                 // a stream
typedef hipEvent_t prtEvent_t;                   // an event
typedef hipDeviceProp_t prtDeviceProp;           // device properties
typedef hipFuncAttributes prtFuncAttributes;     // kernel attributes
#define prtStreamPerThread hipStreamPerThread    // the calling thread's default stream

#define PRT_HIP_ALIAS(suffix, value, hip, doc) constexpr auto prt##suffix = hip;
PRT_ERROR_LIST(PRT_HIP_ALIAS)        // see PRT_ERROR_LIST
PRT_MEMCPY_KIND_LIST(PRT_HIP_ALIAS)  // see PRT_MEMCPY_KIND_LIST
PRT_DEVICE_ATTR_LIST(PRT_HIP_ALIAS)  // see PRT_DEVICE_ATTR_LIST
PRT_FUNC_ATTR_LIST(PRT_HIP_ALIAS)    // see PRT_FUNC_ATTR_LIST
PRT_FUNC_CACHE_LIST(PRT_HIP_ALIAS)   // see PRT_FUNC_CACHE_LIST
PRT_COMPUTE_MODE_LIST(PRT_HIP_ALIAS)  // see PRT_COMPUTE_MODE_LIST
PRT_LIMIT_LIST(PRT_HIP_ALIAS)         // see PRT_LIMIT_LIST
#undef PRT_HIP_ALIAS
#define PRT_HIP_FLAG(suffix, value, hip, doc) constexpr unsigned int prt##suffix = hip;
PRT_FLAG_LIST(PRT_HIP_FLAG)  // see PRT_FLAG_LIST
#undef PRT_HIP_FLAG
