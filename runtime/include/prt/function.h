// prt/function.h: kernels as objects: occupancy and cluster queries, attributes, parameter layout, handles, and the
// launches that take a kernel's arguments as an array of pointers (cooperative and extended launches). The CPU
// answers occupancy from its own model (prt/cpu/device.h); it can launch an array-argument kernel only when the
// kernel comes with its type (a launch given `(void*)kernel` answers prtErrorNotSupported there).
#pragma once

#include <cstddef>
#include <tuple>
#include <utility>

#include "prt/launch.h"

template <class T>
inline prtError_t prtOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T kernel, int blockSize,
                                                                        size_t dynamicSMemSize,
                                                                        unsigned int flags);  // with flags
template <class T>
inline prtError_t prtOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, T kernel, int numBlocks,
                                                           int blockSize);  // shared bytes left per block
template <class T>
inline prtError_t prtOccupancyMaxActiveClusters(int* numClusters, T kernel,
                                                const prtLaunchConfig_t* config);  // resident clusters
template <class T>
inline prtError_t prtOccupancyMaxPotentialClusterSize(int* clusterSize, T kernel,
                                                      const prtLaunchConfig_t* config);  // largest cluster
template <class T>
inline prtError_t prtFuncSetSharedMemConfig(T kernel, prtSharedMemConfig config);  // bank size (CPU: no banks)
template <class... Params>
inline prtError_t prtFuncGetParamInfo(void (*kernel)(Params...), size_t paramIndex, size_t* paramOffset,
                                      size_t* paramSize);  // where a parameter lies in the argument buffer
template <class T>
inline prtError_t prtFuncGetName(const char** name, T kernel);  // the kernel's symbol (CPU: from the symbol table)
template <class T>
inline prtError_t prtGetFuncBySymbol(prtFunction_t* functionPtr, T kernel);  // the driver's handle of a kernel
template <class T>
inline prtError_t prtGetKernel(prtKernel_t* kernelPtr, T kernel);            // a context-free kernel handle
inline prtError_t prtKernelSetAttributeForDevice(prtKernel_t kernel, prtFuncAttribute attr, int value,
                                                 int device);              // sets a kernel attribute on a device
template <class... Params>
inline prtError_t prtLaunchCooperativeKernel(void (*kernel)(Params...), dim3 gridDim, dim3 blockDim, void** args,
                                             size_t sharedMem = 0, prtStream_t stream = 0);  // grid may sync
inline prtError_t prtLaunchCooperativeKernel(const void* kernel, dim3 gridDim, dim3 blockDim, void** args,
                                             size_t sharedMem = 0, prtStream_t stream = 0);  // by address
template <class... Params>
inline prtError_t prtLaunchKernelExC(const prtLaunchConfig_t* config, void (*kernel)(Params...),
                                     void** args);                       // a launch with attributes
inline prtError_t prtLaunchKernelExC(const prtLaunchConfig_t* config, const void* kernel, void** args);  // by address

namespace prt::function {
// Offsets of a kernel's parameters in the buffer a launch fills: each at its alignment, one after another.
template <class... Params>
inline void layout(size_t* offsets, size_t* sizes) {
    size_t at = 0, i = 0;
    ((at = (at + alignof(Params) - 1) / alignof(Params) * alignof(Params), offsets[i] = at, sizes[i] = sizeof(Params),
      at += sizeof(Params), ++i),
     ...);
}
}  // namespace prt::function

template <class... Params>
inline prtError_t prtFuncGetParamInfo(void (*kernel)(Params...), size_t paramIndex, size_t* paramOffset,
                                      size_t* paramSize) {
    if (!kernel) return prtErrorInvalidDeviceFunction;
    if (paramIndex >= sizeof...(Params) || !paramOffset || !paramSize) return prtErrorInvalidValue;
    size_t offsets[sizeof...(Params) + 1], sizes[sizeof...(Params) + 1];
    prt::function::layout<Params...>(offsets, sizes);
    *paramOffset = offsets[paramIndex];
    *paramSize = sizes[paramIndex];
    return prtSuccess;
}

#if PRT_BACKEND_CPU
#include "prt/cpu/function.h"
#else
#include "prt/gpu/function.h"
#endif
