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

inline prtError_t prtSetDeviceFlags(unsigned int flags) { return PRT_GPU(SetDeviceFlags)(flags); }
inline prtError_t prtGetDeviceFlags(unsigned int* flags) { return PRT_GPU(GetDeviceFlags)(flags); }
inline prtError_t prtInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
#if PRT_BACKEND_CUDA
    return cudaInitDevice(device, deviceFlags, flags);
#else
    if (flags != 0) return hipErrorInvalidValue;  // HIP has no hipInitDevice: select the device, set its flags
    hipError_t e = hipSetDevice(device);
    return e == hipSuccess ? hipSetDeviceFlags(deviceFlags) : e;
#endif
}
inline prtError_t prtChooseDevice(int* device, const prtDeviceProp* prop) { return PRT_GPU(ChooseDevice)(device, prop); }
inline prtError_t prtSetValidDevices(int* deviceArr, int len) {
#if PRT_BACKEND_CUDA
    return cudaSetValidDevices(deviceArr, len);
#else
    (void)deviceArr, (void)len;
    return hipErrorNotSupported;  // HIP 5 has no hipSetValidDevices
#endif
}
inline prtError_t prtDeviceGetCacheConfig(prtFuncCache* config) { return PRT_GPU(DeviceGetCacheConfig)(config); }
inline prtError_t prtDeviceSetCacheConfig(prtFuncCache config) { return PRT_GPU(DeviceSetCacheConfig)(config); }
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // CUDA 13 deprecates the bank-size calls; kept
inline prtError_t prtDeviceGetSharedMemConfig(prtSharedMemConfig* config) {
    return PRT_GPU(DeviceGetSharedMemConfig)(config);
}
inline prtError_t prtDeviceSetSharedMemConfig(prtSharedMemConfig config) {
    return PRT_GPU(DeviceSetSharedMemConfig)(config);
}
#pragma GCC diagnostic pop
inline prtError_t prtDeviceGetPCIBusId(char* pciBusId, int len, int device) {
    return PRT_GPU(DeviceGetPCIBusId)(pciBusId, len, device);
}
inline prtError_t prtDeviceGetByPCIBusId(int* device, const char* pciBusId) {
    return PRT_GPU(DeviceGetByPCIBusId)(device, pciBusId);
}
inline prtError_t prtDeviceGetTexture1DLinearMaxWidth(size_t* maxWidthInElements, const prtChannelFormatDesc* fmtDesc,
                                                      int device) {
#if PRT_BACKEND_CUDA
    return cudaDeviceGetTexture1DLinearMaxWidth(maxWidthInElements, fmtDesc, device);
#else
    (void)fmtDesc;  // HIP 5 has no such query: its 1-D linear limit is the device attribute
    int width = 0;
    hipError_t e = hipDeviceGetAttribute(&width, hipDeviceAttributeMaxTexture1DLinear, device);
    if (e == hipSuccess && maxWidthInElements) *maxWidthInElements = size_t(width);
    return e;
#endif
}
// What only CUDA has: on HIP these succeed and do nothing (no persisting L2, RDMA flush, notifications, log).
#if PRT_BACKEND_CUDA
inline prtError_t prtCtxResetPersistingL2Cache() { return cudaCtxResetPersistingL2Cache(); }
inline prtError_t prtDeviceFlushGPUDirectRDMAWrites(prtFlushGPUDirectRDMAWritesTarget target,
                                                    prtFlushGPUDirectRDMAWritesScope scope) {
    return cudaDeviceFlushGPUDirectRDMAWrites(target, scope);
}
inline prtError_t prtDeviceGetGraphMemAttribute(int device, prtGraphMemAttributeType attr, void* value) {
    return cudaDeviceGetGraphMemAttribute(device, attr, value);
}
inline prtError_t prtDeviceSetGraphMemAttribute(int device, prtGraphMemAttributeType attr, void* value) {
    return cudaDeviceSetGraphMemAttribute(device, attr, value);
}
inline prtError_t prtDeviceGraphMemTrim(int device) { return cudaDeviceGraphMemTrim(device); }
inline prtError_t prtDeviceRegisterAsyncNotification(int device, prtAsyncCallback callbackFunc, void* userData,
                                                     prtAsyncCallbackHandle_t* callback) {
    return cudaDeviceRegisterAsyncNotification(device, callbackFunc, userData, callback);
}
inline prtError_t prtDeviceUnregisterAsyncNotification(int device, prtAsyncCallbackHandle_t callback) {
    return cudaDeviceUnregisterAsyncNotification(device, callback);
}
inline prtError_t prtLogsRegisterCallback(prtLogsCallback_t callbackFunc, void* userData,
                                          prtLogsCallbackHandle* callback) {
    return cudaLogsRegisterCallback(callbackFunc, userData, callback);
}
inline prtError_t prtLogsUnregisterCallback(prtLogsCallbackHandle callback) { return cudaLogsUnregisterCallback(callback); }
inline prtError_t prtLogsCurrent(prtLogIterator* iterator, unsigned int flags) { return cudaLogsCurrent(iterator, flags); }
inline prtError_t prtLogsDumpToFile(prtLogIterator* iterator, const char* pathToFile, unsigned int flags) {
    return cudaLogsDumpToFile(iterator, pathToFile, flags);
}
inline prtError_t prtLogsDumpToMemory(prtLogIterator* iterator, char* buffer, size_t* size, unsigned int flags) {
    return cudaLogsDumpToMemory(iterator, buffer, size, flags);
}
#else
#include "prt/absent.h"
#endif
#if PRT_BACKEND_CUDA
inline prtError_t prtDeviceGetHostAtomicCapabilities(unsigned int* capabilities, const prtAtomicOperation* operations,
                                                     unsigned int count, int device) {
    return cudaDeviceGetHostAtomicCapabilities(capabilities, operations, count, device);
}
inline prtError_t prtDeviceGetP2PAtomicCapabilities(unsigned int* capabilities, const prtAtomicOperation* operations,
                                                    unsigned int count, int srcDevice, int dstDevice) {
    return cudaDeviceGetP2PAtomicCapabilities(capabilities, operations, count, srcDevice, dstDevice);
}
inline prtError_t prtGetDriverEntryPoint(const char* symbol, void** funcPtr, unsigned long long flags,
                                         prtDriverEntryPointQueryResult* driverStatus) {
#if CUDART_VERSION >= 13000  // CUDA 13 looks up by version only
    return cudaGetDriverEntryPointByVersion(symbol, funcPtr, CUDART_VERSION, flags, driverStatus);
#else
    return cudaGetDriverEntryPoint(symbol, funcPtr, flags, driverStatus);
#endif
}
inline prtError_t prtGetDriverEntryPointByVersion(const char* symbol, void** funcPtr, unsigned int cudaVersion,
                                                  unsigned long long flags,
                                                  prtDriverEntryPointQueryResult* driverStatus) {
    return cudaGetDriverEntryPointByVersion(symbol, funcPtr, cudaVersion, flags, driverStatus);
}
#else
// HIP 5 reports no atomic capabilities and has no CUDA driver to look symbols up in (every lookup finds nothing).
inline prtError_t prtDeviceGetHostAtomicCapabilities(unsigned int* capabilities, const prtAtomicOperation*,
                                                     unsigned int count, int) {
    if (count && !capabilities) return hipErrorInvalidValue;
    for (unsigned int i = 0; i < count; ++i) capabilities[i] = 0;
    return hipSuccess;
}
inline prtError_t prtDeviceGetP2PAtomicCapabilities(unsigned int* capabilities, const prtAtomicOperation* operations,
                                                    unsigned int count, int srcDevice, int) {
    return prtDeviceGetHostAtomicCapabilities(capabilities, operations, count, srcDevice);
}
#include "prt/absent_driver.h"
#endif
