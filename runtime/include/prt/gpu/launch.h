// prt/gpu/launch.h: the launch is the vendor's LaunchKernel with the argument array a <<<>>> launch builds.
#pragma once

#include <tuple>
#include <type_traits>
#include <utility>

namespace prt::gpu {
template <class Tuple, size_t... I>
inline prtError_t launch(const void* fn, dim3 grid, dim3 block, size_t shared, prtStream_t stream, Tuple& args,
                         std::index_sequence<I...>) {
    void* ptrs[sizeof...(I) + 1] = {static_cast<void*>(&std::get<I>(args))...};
    return PRT_GPU(LaunchKernel)(fn, grid, block, ptrs, shared, stream);
}
}  // namespace prt::gpu

template <class... Params, class... Args>
inline prtError_t prtLaunchKernel(void (*kernel)(Params...), dim3 grid, dim3 block, size_t sharedBytes,
                                  prtStream_t stream, Args&&... args) {
    static_assert(sizeof...(Params) == sizeof...(Args), "prtLaunchKernel: argument count differs from the kernel's");
    std::tuple<std::decay_t<Params>...> values(std::forward<Args>(args)...);
    return prt::gpu::launch(reinterpret_cast<const void*>(kernel), grid, block, sharedBytes, stream, values,
                            std::index_sequence_for<Params...>{});
}
// A launch whose kernel is resolved by the call (template arguments deduced, overloads chosen by the arguments):
// the compiler's own launch, and its error as prtLaunchKernel returns it, left for prtGetLastError to read too.
#define prtLaunchDeduced(kernel, grid, block, shmem, stream, ...) \
    (kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__), PRT_GPU(PeekAtLastError)())
template <class T>
inline prtError_t prtOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T kernel, int blockSize,
                                                               size_t dynamicSMemSize) {
    return PRT_GPU(OccupancyMaxActiveBlocksPerMultiprocessor)(numBlocks, kernel, blockSize, dynamicSMemSize);
}
template <class T>
inline prtError_t prtOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, T kernel,
                                                    size_t dynamicSMemSize, int blockSizeLimit) {
    return PRT_GPU(OccupancyMaxPotentialBlockSize)(minGridSize, blockSize, kernel, dynamicSMemSize, blockSizeLimit);
}
template <class T>
inline prtError_t prtFuncGetAttributes(prtFuncAttributes* attr, T kernel) {
    return PRT_GPU(FuncGetAttributes)(attr, reinterpret_cast<const void*>(kernel));
}
template <class T>
inline prtError_t prtFuncSetAttribute(T kernel, prtFuncAttribute attr, int value) {
    return PRT_GPU(FuncSetAttribute)(reinterpret_cast<const void*>(kernel), attr, value);
}
template <class T>
inline prtError_t prtFuncSetCacheConfig(T kernel, prtFuncCache config) {
    return PRT_GPU(FuncSetCacheConfig)(reinterpret_cast<const void*>(kernel), config);
}
