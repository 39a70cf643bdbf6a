// prt/cpu/device.h: the CPU backend presents one device: this machine, with the pool's threads as its
// multiprocessors.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "prt/cpu/exec.h"
#include "prt/cpu/state.h"

namespace prt::cpu {

inline int& current_device() {
    static thread_local int d = 0;
    return d;
}

inline size_t physical_bytes() {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? size_t(pages) * size_t(page) : size_t(1) << 32;
}

inline size_t available_bytes() {
    long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? size_t(pages) * size_t(page) : physical_bytes() / 2;
}

constexpr size_t kSharedPerBlock = 48 * 1024;     // default shared memory per block
constexpr size_t kSharedOptin = 227 * 1024;       // largest dynamic shared memory a launch may ask for
constexpr int kMaxThreadsPerSM = 2048;            // resident threads per "multiprocessor" (occupancy model)
constexpr int kMaxBlocksPerSM = 32;               // resident blocks per "multiprocessor"
constexpr size_t kSharedPerSM = 228 * 1024;       // shared memory per "multiprocessor"
constexpr int kRegsPerSM = 65536;                 // registers per "multiprocessor"

inline const prtDeviceProp& properties() {
    static const prtDeviceProp p = [] {
        prtDeviceProp q{};
        std::snprintf(q.name, sizeof q.name, "CPU (%u threads)", Pool::get().size());
        q.totalGlobalMem = physical_bytes();
        q.sharedMemPerBlock = kSharedPerBlock;
        q.regsPerBlock = 65536;
        q.warpSize = 32;
        q.memPitch = size_t(1) << 31;
        q.maxThreadsPerBlock = 1024;
        q.maxThreadsDim[0] = 1024;
        q.maxThreadsDim[1] = 1024;
        q.maxThreadsDim[2] = 64;
        q.maxGridSize[0] = 2147483647;
        q.maxGridSize[1] = 65535;
        q.maxGridSize[2] = 65535;
        q.totalConstMem = 65536;
        q.major = 9;
        q.minor = 0;
        q.textureAlignment = 512;
        q.multiProcessorCount = static_cast<int>(Pool::get().size());
        q.integrated = 1;
        q.canMapHostMemory = 1;
        q.concurrentKernels = 1;
        q.memoryBusWidth = 64;
        q.l2CacheSize = 1 << 20;
        q.maxThreadsPerMultiProcessor = kMaxThreadsPerSM;
        q.managedMemory = 1;
        q.cooperativeLaunch = 0;
        q.computeMode = prtComputeModeDefault;
        q.pageableMemoryAccess = 1;  // device memory is host memory
        q.pageableMemoryAccessUsesHostPageTables = 1;
        q.concurrentManagedAccess = 1;
        q.directManagedMemAccessFromHost = 1;
        return q;
    }();
    return p;
}

// How many devices the CPU backend presents: 1, or PRT_CPU_DEVICES (1 to 64) so that a program written for
// several GPUs (one NCCL rank per device, say) runs its multi-device path. All of them share the host's memory
// and thread pool.
inline int device_count() {
    static const int count = [] {
        const char* text = std::getenv("PRT_CPU_DEVICES");
        const int value = text ? std::atoi(text) : 1;
        return value < 1 ? 1 : (value > 64 ? 64 : value);
    }();
    return count;
}

inline bool valid_device(int device) { return device >= 0 && device < device_count(); }

}  // namespace prt::cpu

inline prtError_t prtGetDeviceCount(int* count) {
    if (!count) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *count = prt::cpu::device_count();
    return prtSuccess;
}

inline prtError_t prtSetDevice(int device) {
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    prt::cpu::current_device() = device;
    return prtSuccess;
}

inline prtError_t prtGetDevice(int* device) {
    if (!device) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *device = prt::cpu::current_device();
    return prtSuccess;
}

inline prtError_t prtGetDeviceProperties(prtDeviceProp* prop, int device) {
    if (!prop) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) {
        *prop = prtDeviceProp{};  // written on every path, so callers' -Werror=maybe-uninitialized builds hold
        return prt::cpu::prt_fail(prtErrorInvalidDevice);
    }
    *prop = prt::cpu::properties();
    return prtSuccess;
}

inline prtError_t prtDeviceGetAttribute(int* value, prtDeviceAttr attr, int device) {
    if (!value) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    const prtDeviceProp& p = prt::cpu::properties();
    switch (attr) {
        case prtDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
        case prtDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
        case prtDevAttrMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
        case prtDevAttrMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
        case prtDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
        case prtDevAttrMaxGridDimY: *value = p.maxGridSize[1]; break;
        case prtDevAttrMaxGridDimZ: *value = p.maxGridSize[2]; break;
        case prtDevAttrMaxSharedMemoryPerBlock: *value = int(p.sharedMemPerBlock); break;
        case prtDevAttrTotalConstantMemory: *value = int(p.totalConstMem); break;
        case prtDevAttrWarpSize: *value = p.warpSize; break;
        case prtDevAttrMaxPitch: *value = int(p.memPitch > 2147483647u ? 2147483647u : p.memPitch); break;
        case prtDevAttrMaxRegistersPerBlock: *value = p.regsPerBlock; break;
        case prtDevAttrClockRate: *value = 1000000; break;
        case prtDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
        case prtDevAttrIntegrated: *value = p.integrated; break;
        case prtDevAttrCanMapHostMemory: *value = p.canMapHostMemory; break;
        case prtDevAttrConcurrentKernels: *value = p.concurrentKernels; break;
        case prtDevAttrEccEnabled: *value = p.ECCEnabled; break;
        case prtDevAttrPciBusId: *value = p.pciBusID; break;
        case prtDevAttrPciDeviceId: *value = p.pciDeviceID; break;
        case prtDevAttrMemoryClockRate: *value = 1000000; break;
        case prtDevAttrGlobalMemoryBusWidth: *value = p.memoryBusWidth; break;
        case prtDevAttrL2CacheSize: *value = p.l2CacheSize; break;
        case prtDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
        case prtDevAttrComputeCapabilityMajor: *value = p.major; break;
        case prtDevAttrComputeCapabilityMinor: *value = p.minor; break;
        case prtDevAttrMaxSharedMemoryPerMultiprocessor: *value = int(prt::cpu::kSharedPerSM); break;
        case prtDevAttrMaxRegistersPerMultiprocessor: *value = prt::cpu::kRegsPerSM; break;
        case prtDevAttrManagedMemory: *value = p.managedMemory; break;
        case prtDevAttrCooperativeLaunch: *value = p.cooperativeLaunch; break;
        case prtDevAttrComputeMode: *value = p.computeMode; break;
        case prtDevAttrPageableMemoryAccess: *value = p.pageableMemoryAccess; break;
        case prtDevAttrConcurrentManagedAccess: *value = p.concurrentManagedAccess; break;
        case prtDevAttrPageableMemoryAccessUsesHostPageTables: *value = p.pageableMemoryAccessUsesHostPageTables; break;
        case prtDevAttrDirectManagedMemAccessFromHost: *value = p.directManagedMemAccessFromHost; break;
        case prtDevAttrMemoryPoolsSupported: *value = 1; break;  // prt/cpu/managed.h
        case prtDevAttrMaxSharedMemoryPerBlockOptin: *value = int(prt::cpu::kSharedOptin); break;
        default: return prt::cpu::prt_fail(prtErrorInvalidValue);
    }
    return prtSuccess;
}

// Work is complete when the call that issued it returns (see prt/cpu/stream.h), so there is nothing to wait for.
inline prtError_t prtDeviceSynchronize() { return prtSuccess; }
inline prtError_t prtProfilerStart() { return prtSuccess; }  // start profiling: nothing to start on the CPU
inline prtError_t prtProfilerStop() { return prtSuccess; }   // stop profiling: nothing to stop on the CPU

inline prtError_t prtDeviceReset() {
    prt::cpu::Registry::get().reset();
    return prtSuccess;
}

namespace prt::cpu {
// The device limits, as set by prtDeviceSetLimit; CUDA's defaults. Recorded only: CPU threads have the fiber
// stacks of PRT_CPU_STACK_SIZE, printf writes straight to stdout, and device malloc is the host's.
inline size_t* limit_slot(prtLimit limit) {
    static size_t values[3] = {1024, 1 << 20, 8 << 20};
    std::size_t i = std::size_t(limit);
    return i < 3 ? &values[i] : nullptr;
}
}  // namespace prt::cpu

inline prtError_t prtDeviceSetLimit(prtLimit limit, size_t value) {
    size_t* slot = prt::cpu::limit_slot(limit);
    if (!slot) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *slot = value;
    return prtSuccess;
}

inline prtError_t prtDeviceGetLimit(size_t* value, prtLimit limit) {
    size_t* slot = prt::cpu::limit_slot(limit);
    if (!value || !slot) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *value = *slot;
    return prtSuccess;
}

inline prtError_t prtDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
    if (leastPriority) *leastPriority = 0;
    if (greatestPriority) *greatestPriority = -5;
    return prtSuccess;
}

inline prtError_t prtDriverGetVersion(int* version) {
    if (!version) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *version = 0;
    return prtSuccess;
}

inline prtError_t prtRuntimeGetVersion(int* version) {
    if (!version) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *version = 0;
    return prtSuccess;
}

namespace prt::cpu {
// What the device-wide settings calls record: the CPU has no wait modes, cache split or banks to change.
struct DeviceSettings {
    unsigned int flags = 0;
    prtFuncCache cache = prtFuncCachePreferNone;
    prtSharedMemConfig banks = prtSharedMemBankSizeFourByte;
};
inline DeviceSettings& settings() {
    static DeviceSettings s;
    return s;
}
}  // namespace prt::cpu

inline prtError_t prtSetDeviceFlags(unsigned int flags) {
    if (flags & ~0x1Fu || __builtin_popcount(flags & 0x7u) > 1) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::settings().flags = flags;
    return prtSuccess;
}
inline prtError_t prtGetDeviceFlags(unsigned int* flags) {
    if (!flags) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *flags = prt::cpu::settings().flags | prtDeviceMapHost;  // host memory is always mapped on the CPU backend
    return prtSuccess;
}
inline prtError_t prtInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
    if (flags != 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prtError_t e = prtSetDevice(device);
    return e == prtSuccess ? prtSetDeviceFlags(deviceFlags) : e;
}
// Every device of the CPU backend is the same machine: the first matches any request as well as any other.
inline prtError_t prtChooseDevice(int* device, const prtDeviceProp* prop) {
    if (!device || !prop) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *device = 0;
    return prtSuccess;
}
inline prtError_t prtSetValidDevices(int* deviceArr, int len) {
    if (len < 0 || (len > 0 && !deviceArr)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (int i = 0; i < len; ++i)
        if (!prt::cpu::valid_device(deviceArr[i])) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    return prtSuccess;
}
inline prtError_t prtDeviceGetCacheConfig(prtFuncCache* config) {
    if (!config) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *config = prt::cpu::settings().cache;
    return prtSuccess;
}
inline prtError_t prtDeviceSetCacheConfig(prtFuncCache config) {
    if (unsigned(config) > 3) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::settings().cache = config;
    return prtSuccess;
}
inline prtError_t prtDeviceGetSharedMemConfig(prtSharedMemConfig* config) {
    if (!config) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *config = prt::cpu::settings().banks;
    return prtSuccess;
}
inline prtError_t prtDeviceSetSharedMemConfig(prtSharedMemConfig config) {
    if (unsigned(config) > 2) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::settings().banks = config == prtSharedMemBankSizeDefault ? prtSharedMemBankSizeFourByte : config;
    return prtSuccess;
}
// The CPU backend's devices have made-up PCI addresses 0000:00:<device>.0, so the two calls invert each other.
inline prtError_t prtDeviceGetPCIBusId(char* pciBusId, int len, int device) {
    if (!pciBusId || len <= 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    std::snprintf(pciBusId, size_t(len), "0000:00:%02x.0", device);
    return prtSuccess;
}
inline prtError_t prtDeviceGetByPCIBusId(int* device, const char* pciBusId) {
    unsigned domain = 0, bus = 0, dev = 0, fn = 0;
    if (!device || !pciBusId || std::sscanf(pciBusId, "%x:%x:%x.%x", &domain, &bus, &dev, &fn) != 4 || domain ||
        bus || fn || !prt::cpu::valid_device(int(dev)))
        return prt::cpu::prt_fail(prtErrorInvalidDevice);
    *device = int(dev);
    return prtSuccess;
}
inline prtError_t prtDeviceGetTexture1DLinearMaxWidth(size_t* maxWidthInElements, const prtChannelFormatDesc* fmtDesc,
                                                      int device) {
    if (!maxWidthInElements || !fmtDesc) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    *maxWidthInElements = size_t(1) << 28;  // CUDA's limit for sm_90; software fetches have no lower one
    return prtSuccess;
}

#include "prt/absent.h"

// Device and host are one processor with one memory: every atomic works on host-shared and peer memory, on
// signed and unsigned values of 32 and 64 bits (128-bit and vector atomics are not offered).
inline prtError_t prtDeviceGetHostAtomicCapabilities(unsigned int* capabilities, const prtAtomicOperation* operations,
                                                     unsigned int count, int device) {
    if (count && (!capabilities || !operations)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    for (unsigned int i = 0; i < count; ++i) {
        bool is_float = operations[i] >= prtAtomicOperationFloatAdd;
        capabilities[i] = (is_float ? 0u : unsigned(prtAtomicCapabilitySigned | prtAtomicCapabilityUnsigned)) |
                          prtAtomicCapabilityReduction | prtAtomicCapabilityScalar32 | prtAtomicCapabilityScalar64;
    }
    return prtSuccess;
}
inline prtError_t prtDeviceGetP2PAtomicCapabilities(unsigned int* capabilities, const prtAtomicOperation* operations,
                                                    unsigned int count, int srcDevice, int dstDevice) {
    if (!prt::cpu::valid_device(dstDevice)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    return prtDeviceGetHostAtomicCapabilities(capabilities, operations, count, srcDevice);
}

#include "prt/absent_driver.h"
