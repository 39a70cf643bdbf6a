// prt/gpu/function.h: forwards to the vendor runtime; HIP 5 lacks clusters, kernel handles and extended launches.
#pragma once

template <class T>
inline prtError_t prtOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T kernel, int blockSize,
                                                                        size_t dynamicSMemSize, unsigned int flags) {
    return PRT_GPU(OccupancyMaxActiveBlocksPerMultiprocessorWithFlags)(numBlocks, kernel, blockSize, dynamicSMemSize,
                                                                       flags);
}
template <class T>
inline prtError_t prtOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, T kernel, int numBlocks,
                                                           int blockSize) {
#if PRT_BACKEND_CUDA
    return cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, kernel, numBlocks, blockSize);
#else
    // HIP 5: the multiprocessor's shared memory split among the blocks, less the kernel's static share.
    if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0) return hipErrorInvalidValue;
    int device = 0, perSM = 0, perBlock = 0;
    hipFuncAttributes attr{};
    hipError_t e = hipGetDevice(&device);
    if (e == hipSuccess) e = hipDeviceGetAttribute(&perSM, hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, device);
    if (e == hipSuccess) e = hipDeviceGetAttribute(&perBlock, hipDeviceAttributeMaxSharedMemoryPerBlock, device);
    if (e == hipSuccess) e = hipFuncGetAttributes(&attr, reinterpret_cast<const void*>(kernel));
    if (e != hipSuccess) return e;
    size_t share = size_t(perSM) / size_t(numBlocks), cap = size_t(perBlock);
    share = share < cap ? share : cap;
    *dynamicSmemSize = share > attr.sharedSizeBytes ? share - attr.sharedSizeBytes : 0;
    return hipSuccess;
#endif
}
template <class T>
inline prtError_t prtOccupancyMaxActiveClusters(int* numClusters, T kernel, const prtLaunchConfig_t* config) {
#if PRT_BACKEND_CUDA
    return cudaOccupancyMaxActiveClusters(numClusters, kernel, config);
#else
    (void)numClusters, (void)kernel, (void)config;
    return hipErrorNotSupported;  // AMD GPUs have no thread block clusters
#endif
}
template <class T>
inline prtError_t prtOccupancyMaxPotentialClusterSize(int* clusterSize, T kernel, const prtLaunchConfig_t* config) {
#if PRT_BACKEND_CUDA
    return cudaOccupancyMaxPotentialClusterSize(clusterSize, kernel, config);
#else
    (void)kernel, (void)config;
    if (!clusterSize) return hipErrorInvalidValue;
    *clusterSize = 1;  // no clusters: every block is its own
    return hipSuccess;
#endif
}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // CUDA 13 deprecates the bank-size calls; kept
template <class T>
inline prtError_t prtFuncSetSharedMemConfig(T kernel, prtSharedMemConfig config) {
    return PRT_GPU(FuncSetSharedMemConfig)(reinterpret_cast<const void*>(kernel), config);
}
#pragma GCC diagnostic pop
template <class T>
inline prtError_t prtGetFuncBySymbol(prtFunction_t* functionPtr, T kernel) {
#if PRT_BACKEND_CUDA
    return cudaGetFuncBySymbol(functionPtr, reinterpret_cast<const void*>(kernel));
#else
    (void)functionPtr, (void)kernel;
    return hipErrorNotSupported;  // HIP 5 has no hipGetFuncBySymbol
#endif
}
template <class T>
inline prtError_t prtGetKernel(prtKernel_t* kernelPtr, T kernel) {
#if PRT_BACKEND_CUDA
    return cudaGetKernel(kernelPtr, reinterpret_cast<const void*>(kernel));
#else
    if (!kernelPtr || !kernel) return hipErrorInvalidValue;  // HIP 5: the kernel's address is its handle
    *kernelPtr = reinterpret_cast<prtKernel_t>(const_cast<void*>(reinterpret_cast<const void*>(kernel)));
    return hipSuccess;
#endif
}
inline prtError_t prtKernelSetAttributeForDevice(prtKernel_t kernel, prtFuncAttribute attr, int value, int device) {
#if PRT_BACKEND_CUDA
    return cudaKernelSetAttributeForDevice(kernel, attr, value, device);
#else
    int current = 0;
    hipError_t e = hipGetDevice(&current);
    if (e != hipSuccess) return e;
    if (device != current) return hipErrorNotSupported;  // HIP 5 sets attributes for the current device only
    return hipFuncSetAttribute(reinterpret_cast<const void*>(kernel), attr, value);
#endif
}
inline prtError_t prtLaunchCooperativeKernel(const void* kernel, dim3 gridDim, dim3 blockDim, void** args,
                                             size_t sharedMem, prtStream_t stream) {
    return PRT_GPU(LaunchCooperativeKernel)(kernel, gridDim, blockDim, args, static_cast<unsigned int>(sharedMem),
                                            stream);
}
template <class... Params>
inline prtError_t prtLaunchCooperativeKernel(void (*kernel)(Params...), dim3 gridDim, dim3 blockDim, void** args,
                                             size_t sharedMem, prtStream_t stream) {
    return prtLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), gridDim, blockDim, args, sharedMem, stream);
}
inline prtError_t prtLaunchKernelExC(const prtLaunchConfig_t* config, const void* kernel, void** args) {
#if PRT_BACKEND_CUDA
    return cudaLaunchKernelExC(config, kernel, args);
#else
    if (!config) return hipErrorInvalidValue;
    bool cooperative = false;
    for (unsigned int i = 0; i < config->numAttrs; ++i) {  // HIP 5 launches take none of these but cooperation
        if (config->attrs[i].id == prtLaunchAttributeCooperative) cooperative = config->attrs[i].val.cooperative != 0;
        else if (config->attrs[i].id != prtLaunchAttributePriority) return hipErrorNotSupported;
    }
    if (cooperative)
        return hipLaunchCooperativeKernel(kernel, config->gridDim, config->blockDim, args,
                                          static_cast<unsigned int>(config->dynamicSmemBytes), config->stream);
    return hipLaunchKernel(kernel, config->gridDim, config->blockDim, args, config->dynamicSmemBytes, config->stream);
#endif
}
template <class... Params>
inline prtError_t prtLaunchKernelExC(const prtLaunchConfig_t* config, void (*kernel)(Params...), void** args) {
    return prtLaunchKernelExC(config, reinterpret_cast<const void*>(kernel), args);
}
template <class T>
inline prtError_t prtFuncGetName(const char** name, T kernel) {
#if PRT_BACKEND_CUDA
    return cudaFuncGetName(name, reinterpret_cast<const void*>(kernel));
#else
    (void)name, (void)kernel;
    return hipErrorNotSupported;  // HIP 5 keeps no kernel names for the host
#endif
}
