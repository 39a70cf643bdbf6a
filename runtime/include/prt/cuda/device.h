// prt/cuda/device.h: forwards to the CUDA runtime.
#pragma once

#include <cuda_profiler_api.h>

inline prtError_t prtGetDeviceCount(int* count) { return cudaGetDeviceCount(count); }
inline prtError_t prtSetDevice(int device) { return cudaSetDevice(device); }
inline prtError_t prtGetDevice(int* device) { return cudaGetDevice(device); }
inline prtError_t prtGetDeviceProperties(prtDeviceProp* prop, int device) { return cudaGetDeviceProperties(prop, device); }
inline prtError_t prtDeviceGetAttribute(int* value, prtDeviceAttr attr, int device) {
    return cudaDeviceGetAttribute(value, attr, device);
}
inline prtError_t prtDeviceSynchronize() { return cudaDeviceSynchronize(); }
inline prtError_t prtProfilerStart() { return cudaProfilerStart(); }  // start the profiler's capture range
inline prtError_t prtProfilerStop() { return cudaProfilerStop(); }    // end the profiler's capture range
inline prtError_t prtDeviceReset() { return cudaDeviceReset(); }
inline prtError_t prtDeviceSetLimit(prtLimit limit, size_t value) { return cudaDeviceSetLimit(limit, value); }
inline prtError_t prtDeviceGetLimit(size_t* value, prtLimit limit) { return cudaDeviceGetLimit(value, limit); }
inline prtError_t prtDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
    return cudaDeviceGetStreamPriorityRange(leastPriority, greatestPriority);
}
inline prtError_t prtDriverGetVersion(int* version) { return cudaDriverGetVersion(version); }
inline prtError_t prtRuntimeGetVersion(int* version) { return cudaRuntimeGetVersion(version); }
