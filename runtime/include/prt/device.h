// prt/device.h: device selection, properties, attributes and whole-device synchronisation.
#pragma once

#include "prt/error.h"

inline prtError_t prtGetDeviceCount(int* count);                         // number of devices (CPU: 1)
inline prtError_t prtSetDevice(int device);                              // selects the calling thread's device
inline prtError_t prtGetDevice(int* device);                             // the calling thread's device
inline prtError_t prtGetDeviceProperties(prtDeviceProp* prop, int device);  // fills the device's properties
inline prtError_t prtDeviceGetAttribute(int* value, prtDeviceAttr attr, int device);  // one device attribute
inline prtError_t prtDeviceSynchronize();                                // waits for all work on the device
inline prtError_t prtDeviceReset();                                      // frees all device state
inline prtError_t prtDeviceSetLimit(prtLimit limit, size_t value);      // sets a device limit (CPU: recorded)
inline prtError_t prtDeviceGetLimit(size_t* value, prtLimit limit);     // a device limit
inline prtError_t prtDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority);  // priority range
inline prtError_t prtDriverGetVersion(int* version);                     // driver version (CPU: 0)
inline prtError_t prtRuntimeGetVersion(int* version);                    // runtime version (CPU: 0)

inline prtError_t prtSetDeviceFlags(unsigned int flags);                  // how the host waits (CPU: recorded)
inline prtError_t prtGetDeviceFlags(unsigned int* flags);                 // the flags set by prtSetDeviceFlags
inline prtError_t prtInitDevice(int device, unsigned int deviceFlags, unsigned int flags);  // selects and sets up
inline prtError_t prtChooseDevice(int* device, const prtDeviceProp* prop);  // the device that best matches prop
inline prtError_t prtSetValidDevices(int* deviceArr, int len);            // devices the runtime may pick from
inline prtError_t prtDeviceGetCacheConfig(prtFuncCache* config);          // L1/shared preference (CPU: recorded)
inline prtError_t prtDeviceSetCacheConfig(prtFuncCache config);           // sets it (CPU: no cache split)
inline prtError_t prtDeviceGetSharedMemConfig(prtSharedMemConfig* config);  // bank size (CPU: recorded)
inline prtError_t prtDeviceSetSharedMemConfig(prtSharedMemConfig config);   // sets it (CPU: no banks)
inline prtError_t prtDeviceGetPCIBusId(char* pciBusId, int len, int device);  // "domain:bus:device.function"
inline prtError_t prtDeviceGetByPCIBusId(int* device, const char* pciBusId);  // the device at a PCI address
inline prtError_t prtDeviceGetTexture1DLinearMaxWidth(size_t* maxWidthInElements, const prtChannelFormatDesc* fmtDesc,
                                                      int device);        // widest 1-D linear texture
inline prtError_t prtCtxResetPersistingL2Cache();                         // drops persisting L2 lines (CPU: none)
inline prtError_t prtDeviceFlushGPUDirectRDMAWrites(prtFlushGPUDirectRDMAWritesTarget target,
                                                    prtFlushGPUDirectRDMAWritesScope scope);  // (CPU: no RDMA)
inline prtError_t prtDeviceGetGraphMemAttribute(int device, prtGraphMemAttributeType attr, void* value);  // graph mem
inline prtError_t prtDeviceSetGraphMemAttribute(int device, prtGraphMemAttributeType attr, void* value);  // resets
inline prtError_t prtDeviceGraphMemTrim(int device);                      // frees unused graph memory
inline prtError_t prtDeviceRegisterAsyncNotification(int device, prtAsyncCallback callbackFunc, void* userData,
                                                     prtAsyncCallbackHandle_t* callback);  // (CPU, HIP: never fires)
inline prtError_t prtDeviceUnregisterAsyncNotification(int device, prtAsyncCallbackHandle_t callback);  // undoes it
inline prtError_t prtLogsRegisterCallback(prtLogsCallback_t callbackFunc, void* userData,
                                          prtLogsCallbackHandle* callback);  // driver log callback (CPU, HIP: no log)
inline prtError_t prtLogsUnregisterCallback(prtLogsCallbackHandle callback);  // undoes it
inline prtError_t prtLogsCurrent(prtLogIterator* iterator, unsigned int flags);  // the log's current end
inline prtError_t prtLogsDumpToFile(prtLogIterator* iterator, const char* pathToFile,
                                    unsigned int flags);                  // writes the log since iterator
inline prtError_t prtLogsDumpToMemory(prtLogIterator* iterator, char* buffer, size_t* size,
                                      unsigned int flags);                // copies the log since iterator

inline prtError_t prtDeviceGetHostAtomicCapabilities(unsigned int* capabilities, const prtAtomicOperation* operations,
                                                     unsigned int count, int device);  // atomics shared with host
inline prtError_t prtDeviceGetP2PAtomicCapabilities(unsigned int* capabilities, const prtAtomicOperation* operations,
                                                    unsigned int count, int srcDevice,
                                                    int dstDevice);     // atomics between two devices
inline prtError_t prtGetDriverEntryPoint(const char* symbol, void** funcPtr, unsigned long long flags,
                                         prtDriverEntryPointQueryResult* driverStatus = nullptr);  // a driver call
inline prtError_t prtGetDriverEntryPointByVersion(const char* symbol, void** funcPtr, unsigned int cudaVersion,
                                                  unsigned long long flags,
                                                  prtDriverEntryPointQueryResult* driverStatus = nullptr);  // same

#if PRT_BACKEND_CPU
#include "prt/cpu/device.h"
#else
#include "prt/gpu/device.h"
#endif
