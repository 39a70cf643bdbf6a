// prt/absent.h: the calls whose concept only CUDA has (persisting L2 lines, GPUDirect RDMA, graph memory
// accounting, device notifications, the driver's log), for the backends without it (CPU, HIP): each checks its
// arguments as CUDA does, then succeeds and does nothing; queries report nothing (zero bytes, an empty log).
#pragma once

#include <cstdio>
#include <cstring>

namespace prt::absent {
// A failure, recorded as the thread's last error where the backend keeps it itself (the CPU).
inline prtError_t prt_fail(prtError_t e) {
#if PRT_BACKEND_CPU
    return ::prt::cpu::prt_fail(e);
#else
    return e;
#endif
}
inline bool valid_device(int device) {
    int count = 0;
    return prtGetDeviceCount(&count) == prtSuccess && device >= 0 && device < count;
}
inline prtError_t prt_check(bool ok, prtError_t otherwise) { return ok ? prtSuccess : prt_fail(otherwise); }
}  // namespace prt::absent

inline prtError_t prtCtxResetPersistingL2Cache() { return prtSuccess; }
inline prtError_t prtDeviceFlushGPUDirectRDMAWrites(prtFlushGPUDirectRDMAWritesTarget target,
                                                    prtFlushGPUDirectRDMAWritesScope scope) {
    return prt::absent::prt_check(target == prtFlushGPUDirectRDMAWritesTargetCurrentDevice &&
                                  (scope == prtFlushGPUDirectRDMAWritesToOwner ||
                                   scope == prtFlushGPUDirectRDMAWritesToAllDevices),
                              prtErrorInvalidValue);
}
inline prtError_t prtDeviceGetGraphMemAttribute(int device, prtGraphMemAttributeType attr, void* value) {
    if (!prt::absent::valid_device(device)) return prt::absent::prt_fail(prtErrorInvalidDevice);
    if (!value || unsigned(attr) > 3) return prt::absent::prt_fail(prtErrorInvalidValue);
    *static_cast<unsigned long long*>(value) = 0;  // graphs hold no memory of their own here
    return prtSuccess;
}
inline prtError_t prtDeviceSetGraphMemAttribute(int device, prtGraphMemAttributeType attr, void* value) {
    if (!prt::absent::valid_device(device)) return prt::absent::prt_fail(prtErrorInvalidDevice);
    bool high = attr == prtGraphMemAttrUsedMemHigh || attr == prtGraphMemAttrReservedMemHigh;
    return prt::absent::prt_check(value && high && *static_cast<unsigned long long*>(value) == 0, prtErrorInvalidValue);
}
inline prtError_t prtDeviceGraphMemTrim(int device) {
    return prt::absent::prt_check(prt::absent::valid_device(device), prtErrorInvalidDevice);
}
inline prtError_t prtDeviceRegisterAsyncNotification(int device, prtAsyncCallback callbackFunc, void*,
                                                     prtAsyncCallbackHandle_t* callback) {
    if (!prt::absent::valid_device(device)) return prt::absent::prt_fail(prtErrorInvalidDevice);
    if (!callbackFunc || !callback) return prt::absent::prt_fail(prtErrorInvalidValue);
    *callback = reinterpret_cast<prtAsyncCallbackHandle_t>(callbackFunc);  // a handle that is never called
    return prtSuccess;
}
inline prtError_t prtDeviceUnregisterAsyncNotification(int device, prtAsyncCallbackHandle_t callback) {
    if (!prt::absent::valid_device(device)) return prt::absent::prt_fail(prtErrorInvalidDevice);
    return prt::absent::prt_check(callback != nullptr, prtErrorInvalidValue);
}
inline prtError_t prtLogsRegisterCallback(prtLogsCallback_t callbackFunc, void*, prtLogsCallbackHandle* callback) {
    if (!callbackFunc || !callback) return prt::absent::prt_fail(prtErrorInvalidValue);
    *callback = reinterpret_cast<prtLogsCallbackHandle>(callbackFunc);
    return prtSuccess;
}
inline prtError_t prtLogsUnregisterCallback(prtLogsCallbackHandle callback) {
    return prt::absent::prt_check(callback != nullptr, prtErrorInvalidValue);
}
inline prtError_t prtLogsCurrent(prtLogIterator* iterator, unsigned int flags) {
    if (!iterator || flags != 0) return prt::absent::prt_fail(prtErrorInvalidValue);
    *iterator = 0;
    return prtSuccess;
}
inline prtError_t prtLogsDumpToFile(prtLogIterator* iterator, const char* pathToFile, unsigned int flags) {
    if (!pathToFile || flags != 0) return prt::absent::prt_fail(prtErrorInvalidValue);
    std::FILE* f = std::fopen(pathToFile, "a");  // an empty log: the file is made, nothing is written
    if (!f) return prt::absent::prt_fail(prtErrorInvalidValue);
    std::fclose(f);
    if (iterator) *iterator = 0;
    return prtSuccess;
}
inline prtError_t prtLogsDumpToMemory(prtLogIterator* iterator, char* buffer, size_t* size, unsigned int flags) {
    if (!buffer || !size || flags != 0) return prt::absent::prt_fail(prtErrorInvalidValue);
    if (*size) buffer[0] = '\0';
    *size = 0;
    if (iterator) *iterator = 0;
    return prtSuccess;
}
