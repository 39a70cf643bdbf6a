// prt/hip/device.h: forwards to the HIP runtime.
#pragma once

inline prtError_t prtGetDeviceCount(int* count) { return hipGetDeviceCount(count); }
inline prtError_t prtSetDevice(int device) { return hipSetDevice(device); }
inline prtError_t prtGetDevice(int* device) { return hipGetDevice(device); }
inline prtError_t prtGetDeviceProperties(prtDeviceProp* prop, int device) { return hipGetDeviceProperties(prop, device); }
inline prtError_t prtDeviceGetAttribute(int* value, prtDeviceAttr attr, int device) {
    return hipDeviceGetAttribute(value, attr, device);
}
inline prtError_t prtDeviceSynchronize() { return hipDeviceSynchronize(); }
inline prtError_t prtProfilerStart() { return hipProfilerStart(); }  // start the profiler's capture range
inline prtError_t prtProfilerStop() { return hipProfilerStop(); }    // end the profiler's capture range
inline prtError_t prtDeviceReset() { return hipDeviceReset(); }
inline prtError_t prtDeviceSetLimit(prtLimit limit, size_t value) {
#if HIP_VERSION_MAJOR >= 6
    return hipDeviceSetLimit(limit, value);
#else
    (void)limit, (void)value;
    return hipErrorNotSupported;  // HIP 5 sets no limits
#endif
}
inline prtError_t prtDeviceGetLimit(size_t* value, prtLimit limit) { return hipDeviceGetLimit(value, limit); }
inline prtError_t prtDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
    return hipDeviceGetStreamPriorityRange(leastPriority, greatestPriority);
}
inline prtError_t prtDriverGetVersion(int* version) { return hipDriverGetVersion(version); }
inline prtError_t prtRuntimeGetVersion(int* version) { return hipRuntimeGetVersion(version); }
