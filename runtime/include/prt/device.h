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

#if PRT_BACKEND_CPU
#include "prt/cpu/device.h"
#else
#include "prt/gpu/device.h"
#endif
