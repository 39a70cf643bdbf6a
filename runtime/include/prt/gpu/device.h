// prt/gpu/device.h: forwards to the vendor runtime.
#pragma once

inline prtError_t prtGetDeviceCount(int* count) { return PRT_GPU(GetDeviceCount)(count); }
inline prtError_t prtSetDevice(int device) { return PRT_GPU(SetDevice)(device); }
inline prtError_t prtGetDevice(int* device) { return PRT_GPU(GetDevice)(device); }
inline prtError_t prtGetDeviceProperties(prtDeviceProp* prop, int device) { return PRT_GPU(GetDeviceProperties)(prop, device); }
inline prtError_t prtDeviceGetAttribute(int* value, prtDeviceAttr attr, int device) {
    return PRT_GPU(DeviceGetAttribute)(value, attr, device);
}
inline prtError_t prtDeviceSynchronize() { return PRT_GPU(DeviceSynchronize)(); }
inline prtError_t prtProfilerStart() { return PRT_GPU(ProfilerStart)(); }  // start the profiler's capture range
inline prtError_t prtProfilerStop() { return PRT_GPU(ProfilerStop)(); }    // end the profiler's capture range
inline prtError_t prtDeviceReset() { return PRT_GPU(DeviceReset)(); }
inline prtError_t prtDeviceSetLimit(prtLimit limit, size_t value) {
#if PRT_GPU_VERSION_AT_LEAST(0, 600)
    return PRT_GPU(DeviceSetLimit)(limit, value);
#else
    (void)limit, (void)value;
    return prtErrorNotSupported;  // HIP 5 sets no limits
#endif
}
inline prtError_t prtDeviceGetLimit(size_t* value, prtLimit limit) { return PRT_GPU(DeviceGetLimit)(value, limit); }
inline prtError_t prtDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
    return PRT_GPU(DeviceGetStreamPriorityRange)(leastPriority, greatestPriority);
}
inline prtError_t prtDriverGetVersion(int* version) { return PRT_GPU(DriverGetVersion)(version); }
inline prtError_t prtRuntimeGetVersion(int* version) { return PRT_GPU(RuntimeGetVersion)(version); }
