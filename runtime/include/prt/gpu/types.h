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
