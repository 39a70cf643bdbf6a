// prt/cpu/function.h: kernels as objects on the CPU backend. Occupancy comes from the CPU's model (resident threads,
// blocks and shared memory per pool thread, prt/cpu/device.h); there are no clusters (each block is its own), no
// banks, and a kernel's handle is its address. Array-argument launches unpack the arguments by the kernel's type.
#pragma once

#include "prt/cpu/device.h"
#include "prt/cpu/state.h"

template <class T>
inline prtError_t prtOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T kernel, int blockSize,
                                                                        size_t dynamicSMemSize, unsigned int flags) {
    if (flags > 1) return prt::cpu::prt_fail(prtErrorInvalidValue);  // Default or DisableCachingOverride: the same here
    return prtOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, kernel, blockSize, dynamicSMemSize);
}
template <class T>
inline prtError_t prtOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, T kernel, int numBlocks,
                                                           int blockSize) {
    if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    if (numBlocks > prt::cpu::kMaxBlocksPerSM || numBlocks * blockSize > prt::cpu::kMaxThreadsPerSM) {
        *dynamicSmemSize = 0;  // that many blocks never fit on one multiprocessor
        return prtSuccess;
    }
    size_t share = prt::cpu::kSharedPerSM / size_t(numBlocks);
    *dynamicSmemSize = share < prt::cpu::kSharedOptin ? share : prt::cpu::kSharedOptin;
    return prtSuccess;
}
template <class T>
inline prtError_t prtOccupancyMaxActiveClusters(int* numClusters, T kernel, const prtLaunchConfig_t* config) {
    if (!numClusters || !config) return prt::cpu::prt_fail(prtErrorInvalidValue);
    int blocks = 0;
    int threads = int(config->blockDim.x * config->blockDim.y * config->blockDim.z);
    prtError_t e = prtOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, threads, config->dynamicSmemBytes);
    if (e != prtSuccess) return e;
    *numClusters = blocks * prt::cpu::properties().multiProcessorCount;  // one block per cluster
    return prtSuccess;
}
template <class T>
inline prtError_t prtOccupancyMaxPotentialClusterSize(int* clusterSize, T kernel, const prtLaunchConfig_t* config) {
    if (!clusterSize || !config) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    *clusterSize = 1;
    return prtSuccess;
}
template <class T>
inline prtError_t prtFuncSetSharedMemConfig(T kernel, prtSharedMemConfig config) {
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    return unsigned(config) <= 2 ? prtSuccess : prt::cpu::prt_fail(prtErrorInvalidValue);
}
template <class T>
inline prtError_t prtGetFuncBySymbol(prtFunction_t* functionPtr, T kernel) {
    if (!functionPtr) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    *functionPtr = reinterpret_cast<prtFunction_t>(const_cast<void*>(reinterpret_cast<const void*>(kernel)));
    return prtSuccess;
}
template <class T>
inline prtError_t prtGetKernel(prtKernel_t* kernelPtr, T kernel) {
    if (!kernelPtr) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    *kernelPtr = reinterpret_cast<prtKernel_t>(const_cast<void*>(reinterpret_cast<const void*>(kernel)));
    return prtSuccess;
}
inline prtError_t prtKernelSetAttributeForDevice(prtKernel_t kernel, prtFuncAttribute attr, int value, int device) {
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    if (!prt::cpu::valid_device(device)) return prt::cpu::prt_fail(prtErrorInvalidDevice);
    if (attr == prtFuncAttributeMaxDynamicSharedMemorySize && (value < 0 || size_t(value) > prt::cpu::kSharedOptin))
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prtSuccess;
}

namespace prt::cpu {
template <class... Params, size_t... I>
inline prtError_t launch_array(void (*kernel)(Params...), dim3 grid, dim3 block, size_t shared, prtStream_t stream,
                               void** args, std::index_sequence<I...>) {
    if (sizeof...(Params) && !args) return prt_fail(prtErrorInvalidValue);
    return (prtLaunchKernel)(kernel, grid, block, shared, stream, *static_cast<std::decay_t<Params>*>(args[I])...);
}
}  // namespace prt::cpu

namespace prt::cpu {
template <class... Params, size_t... I>
inline prtError_t launch_array_cooperative(void (*kernel)(Params...), dim3 grid, dim3 block, size_t shared,
                                           prtStream_t stream, void** args, std::index_sequence<I...>) {
    if (sizeof...(Params) && !args) return prt_fail(prtErrorInvalidValue);
    return launch_cooperative(kernel, kernel, grid, block, shared, stream,
                              *static_cast<std::decay_t<Params>*>(args[I])...);
}
}  // namespace prt::cpu

// Every block of a cooperative launch runs at once, each on an OS thread of its own, so that this_grid().sync()
// can wait for all of them (prt/cpu/exec.h); a grid larger than the device holds at once fails, as on a GPU.
template <class... Params>
inline prtError_t prtLaunchCooperativeKernel(void (*kernel)(Params...), dim3 gridDim, dim3 blockDim, void** args,
                                             size_t sharedMem, prtStream_t stream) {
    return prt::cpu::launch_array_cooperative(kernel, gridDim, blockDim, sharedMem, stream, args,
                                              std::index_sequence_for<Params...>{});
}
inline prtError_t prtLaunchCooperativeKernel(const void* kernel, dim3, dim3, void**, size_t, prtStream_t) {
    return prt::cpu::prt_fail(kernel ? prtErrorNotSupported : prtErrorInvalidDeviceFunction);
}
template <class... Params>
inline prtError_t prtLaunchKernelExC(const prtLaunchConfig_t* config, void (*kernel)(Params...), void** args) {
    if (!config) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prt::cpu::launch_array(kernel, config->gridDim, config->blockDim, config->dynamicSmemBytes, config->stream,
                                  args, std::index_sequence_for<Params...>{});
}
inline prtError_t prtLaunchKernelExC(const prtLaunchConfig_t* config, const void* kernel, void**) {
    if (!config) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prt::cpu::prt_fail(kernel ? prtErrorNotSupported : prtErrorInvalidDeviceFunction);
}

#include <dlfcn.h>

// The name comes from the program's dynamic symbol table (link with -rdynamic for kernels it does not export);
// a kernel not found there is named by its address.
template <class T>
inline prtError_t prtFuncGetName(const char** name, T kernel) {
    if (!name) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    const void* at = reinterpret_cast<const void*>(kernel);
    Dl_info info{};
    if (dladdr(at, &info) && info.dli_sname && info.dli_saddr == at) {
        *name = info.dli_sname;
        return prtSuccess;
    }
    static thread_local char text[2 + 2 * sizeof(void*) + 1];
    std::snprintf(text, sizeof text, "%p", at);
    *name = text;
    return prtSuccess;
}
