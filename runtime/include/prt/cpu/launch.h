// prt/cpu/launch.h: kernel launch on the CPU backend: validates the configuration as CUDA does, then runs the
// grid on the pool (prt/cpu/exec.h) before returning.
#pragma once

#include <tuple>
#include <type_traits>
#include <utility>

#include "prt/cpu/device.h"
#include "prt/cpu/exec.h"
#include "prt/cpu/regions.h"
#include "prt/cpu/state.h"

namespace prt::cpu {

inline prtError_t check_launch(dim3 grid, dim3 block, size_t sharedBytes) {
    const prtDeviceProp& p = properties();
    unsigned long long threads = 1ull * block.x * block.y * block.z;
    if (threads == 0 || threads > unsigned(p.maxThreadsPerBlock) || block.x > unsigned(p.maxThreadsDim[0]) ||
        block.y > unsigned(p.maxThreadsDim[1]) || block.z > unsigned(p.maxThreadsDim[2]))
        return prtErrorInvalidConfiguration;
    if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > unsigned(p.maxGridSize[0]) ||
        grid.y > unsigned(p.maxGridSize[1]) || grid.z > unsigned(p.maxGridSize[2]))
        return prtErrorInvalidConfiguration;
    if (sharedBytes > kSharedOptin) return prtErrorInvalidValue;
    return prtSuccess;
}

// Blocks of `threads` threads and `sharedBytes` of dynamic shared memory that one of the CPU's "multiprocessors"
// holds at once (its occupancy model).
inline int resident_blocks(int threads, size_t sharedBytes) {
    const prtDeviceProp& p = properties();
    int by_threads = p.maxThreadsPerMultiProcessor / threads;
    int by_shared = sharedBytes ? int(kSharedPerSM / sharedBytes) : kMaxBlocksPerSM;
    return std::min(std::min(by_threads, by_shared), kMaxBlocksPerSM);
}

}  // namespace prt::cpu

namespace prt::cpu {

// Runs `thread` over the grid on the pool with the stored argument values, before returning.
template <class Thread, class Values>
inline prtError_t run_grid(Thread thread, Values& values, dim3 grid, dim3 block, size_t sharedBytes) {
    LaunchOf<Thread, Values> launch(thread, &values, grid, block, sharedBytes);
    Pool::get().run(&launch);
    return prtSuccess;
}

// Runs kernel over the grid; `thread` calls the kernel for the current thread with the stored arguments. When
// `thread` names the kernel directly (the prtLaunchKernel macro below), each launch site gets its own thread
// loop with the kernel inlined into it.
template <class Thread, class... Params, class... Args>
inline prtError_t launch(Thread thread, void (*kernel)(Params...), dim3 grid, dim3 block, size_t sharedBytes,
                         prtStream_t, Args&&... args) {
    static_assert(sizeof...(Params) == sizeof...(Args), "prtLaunchKernel: argument count differs from the kernel's");
    if (!kernel) return prt_fail(prtErrorInvalidDeviceFunction);
    prtError_t e = check_launch(grid, block, sharedBytes);
    if (e != prtSuccess) return prt_fail(e);
    // Arguments are converted to the parameter types once, as a GPU launch copies them once.
    std::tuple<std::decay_t<Params>...> values(std::forward<Args>(args)...);
    return run_grid(thread, values, grid, block, sharedBytes);
}

// A cooperative launch: every block runs at the same time (Pool::run_cooperative), so the grid may hold no more
// blocks than the device holds at once, as on a GPU.
template <class Thread, class... Params, class... Args>
inline prtError_t launch_cooperative(Thread thread, void (*kernel)(Params...), dim3 grid, dim3 block,
                                     size_t sharedBytes, prtStream_t, Args&&... args) {
    static_assert(sizeof...(Params) == sizeof...(Args),
                  "prtLaunchCooperativeKernel: argument count differs from the kernel's");
    if (!kernel) return prt_fail(prtErrorInvalidDeviceFunction);
    prtError_t e = check_launch(grid, block, sharedBytes);
    if (e != prtSuccess) return prt_fail(e);
    const unsigned long long blocks = 1ull * grid.x * grid.y * grid.z;
    if (blocks > 1ull * resident_blocks(int(block.x * block.y * block.z), sharedBytes) *
                     unsigned(properties().multiProcessorCount))
        return prt_fail(prtErrorCooperativeLaunchTooLarge);
    std::tuple<std::decay_t<Params>...> values(std::forward<Args>(args)...);
    LaunchOf<Thread, decltype(values)> launch(thread, &values, grid, block, sharedBytes);
    Pool::run_cooperative(&launch);
    return prtSuccess;
}

}  // namespace prt::cpu

template <class... Params, class... Args>
inline prtError_t prtLaunchKernel(void (*kernel)(Params...), dim3 grid, dim3 block, size_t sharedBytes,
                                  prtStream_t stream, Args&&... args) {
    return prt::cpu::launch(kernel, kernel, grid, block, sharedBytes, stream, std::forward<Args>(args)...);
}

// What the launch macros below expand to in a program's code. A program may define a macro of its own named `prt`
// after it includes the runtime (HeCBench's logic-rewrite: `#define prt print()`), so these macros spell no `prt`
// token: they call these forwarders, whose names keep the runtime's prefix.
template <class Thread, class... Params, class... Args>
inline prtError_t prt_cpu_launch(Thread thread, void (*kernel)(Params...), dim3 grid, dim3 block, size_t sharedBytes,
                                 prtStream_t stream, Args&&... args) {
    return ::prt::cpu::launch(thread, kernel, grid, block, sharedBytes, stream, std::forward<Args>(args)...);
}

// On the CPU backend prtLaunchKernel is also a macro, so that the launch site's own lambda calls the kernel by
// name and the compiler inlines it into the loop that runs the block's threads (a call through a pointer per
// GPU thread costs several times an element-wise kernel's work). The kernel expression is evaluated twice and
// must not contain an unparenthesised comma: write prtLaunchKernel((k<A, B>), ...). (prtLaunchKernel)(...)
// calls the function instead.
#define prtLaunchKernel(kernel, ...)                                                                       \
    ::prt_cpu_launch([&](auto&&... prt_launch_args) { (kernel)(static_cast<decltype(prt_launch_args)&&>( \
                         prt_launch_args)...); },                                                         \
                     (kernel), __VA_ARGS__)

namespace prt::cpu {

// Runs `thread` over the grid with the arguments as given (decayed copies): for launches whose kernel is named
// without a function type to take its address from (a template kernel whose arguments a launch deduces, a kernel
// that shares its name with a host function); the call inside `thread` resolves the name as the launch did.
template <class Thread, class... Args>
inline prtError_t launch_deduced(Thread thread, dim3 grid, dim3 block, size_t sharedBytes, prtStream_t,
                                 Args&&... args) {
    prtError_t e = check_launch(grid, block, sharedBytes);
    if (e != prtSuccess) return prt_fail(e);
    std::tuple<std::decay_t<Args>...> values(std::forward<Args>(args)...);
    return run_grid(thread, values, grid, block, sharedBytes);
}

}  // namespace prt::cpu

template <class Thread, class... Args>  // prtLaunchDeduced's forwarder, as prt_cpu_launch is prtLaunchKernel's
inline prtError_t prt_cpu_launch_deduced(Thread thread, dim3 grid, dim3 block, size_t sharedBytes, prtStream_t stream,
                                         Args&&... args) {
    return ::prt::cpu::launch_deduced(thread, grid, block, sharedBytes, stream, std::forward<Args>(args)...);
}

// A launch whose kernel is resolved by the call, as `kernel<<<grid, block, shmem, stream>>>(args...)` resolves
// it: template arguments deduced from the arguments, overloads chosen by them.
#define prtLaunchDeduced(kernel, ...)                                                                      \
    ::prt_cpu_launch_deduced([&](auto&&... prt_launch_args) { kernel(static_cast<decltype(prt_launch_args)&&>( \
                                 prt_launch_args)...); },                                                 \
                             __VA_ARGS__)

template <class T>
inline prtError_t prtOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T, int blockSize,
                                                               size_t dynamicSMemSize) {
    if (!numBlocks || blockSize <= 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *numBlocks = prt::cpu::resident_blocks(blockSize, dynamicSMemSize);
    return prtSuccess;
}

template <class T>
inline prtError_t prtOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, T kernel,
                                                    size_t dynamicSMemSize, int blockSizeLimit) {
    if (!minGridSize || !blockSize) return prt::cpu::prt_fail(prtErrorInvalidValue);
    const prtDeviceProp& p = prt::cpu::properties();
    int limit = blockSizeLimit > 0 ? std::min(blockSizeLimit, p.maxThreadsPerBlock) : p.maxThreadsPerBlock;
    int best = 0, best_threads = -1;
    for (int b = limit; b > 0; b -= (b > 32 ? 32 : b)) {  // the largest block size reaching full occupancy
        int blocks = 0;
        prtOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, b, dynamicSMemSize);
        if (blocks * b > best_threads) {
            best_threads = blocks * b;
            best = b;
        }
        if (b <= 32) break;
    }
    int blocks = 0;
    prtOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, best, dynamicSMemSize);
    *blockSize = best;
    *minGridSize = blocks * p.multiProcessorCount;
    return prtSuccess;
}

template <class T>
inline prtError_t prtFuncGetAttributes(prtFuncAttributes* attr, T kernel) {
    if (!attr) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    *attr = prtFuncAttributes{};
    attr->maxThreadsPerBlock = prt::cpu::properties().maxThreadsPerBlock;
    attr->maxDynamicSharedSizeBytes = int(prt::cpu::kSharedPerBlock);
    attr->ptxVersion = 90;
    attr->binaryVersion = 90;
    return prtSuccess;
}

template <class T>
inline prtError_t prtFuncSetAttribute(T kernel, prtFuncAttribute attr, int value) {
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    if (attr == prtFuncAttributeMaxDynamicSharedMemorySize &&
        (value < 0 || size_t(value) > prt::cpu::kSharedOptin))
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prtSuccess;
}

template <class T>
inline prtError_t prtFuncSetCacheConfig(T kernel, prtFuncCache) {
    if (!kernel) return prt::cpu::prt_fail(prtErrorInvalidDeviceFunction);
    return prtSuccess;
}
