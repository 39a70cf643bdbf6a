// mverify/record.h: records every kernel launch of the program that includes it first: kernel, configuration,
// scalar arguments, and each buffer argument's whole allocation before and after the launch, into the folder
// $MVERIFY_RECORD_DIR (nothing is recorded when it is unset). CUDA sources are compiled with nvcc; their launches
// are rewritten by `migrate verify` into ::mverify::launch calls. With MVERIFY_PRT defined the program is
// portable-runtime code on any backend, and prtLaunchKernel is intercepted by a macro.
#pragma once

#include "trace.h"

#if defined(MVERIFY_PRT)
#include "prt_device.h"

namespace mverify {

using Device = PrtDevice;

// (prtLaunchKernel)(...) below calls the runtime's function, never a macro of the same name.
template <class... Params, class... Args>
inline prtError_t launch(const char* text, void (*kernel)(Params...), dim3 grid, dim3 block, size_t shmem,
                         prtStream_t stream, Args&&... args) {
    std::tuple<std::decay_t<Params>...> values(std::forward<Args>(args)...);
    auto go = [&] {
        return std::apply([&](auto&... v) { return (::prtLaunchKernel)(kernel, grid, block, shmem, stream, v...); },
                          values);
    };
    static const std::string root = setting("MVERIFY_RECORD_DIR");
    long index = next_launch();
    if (root.empty() || index >= max_launches()) return go();
    auto none = [](auto&&...) {};
    return traced<Device>(root, kernel_name(text), index, grid.x, grid.y, grid.z, block.x, block.y, block.z, shmem,
                          values, true, go, none, none);
}

}  // namespace mverify

#undef prtLaunchKernel  // the CPU backend defines one for speed; the function form serves here
#define prtLaunchKernel(...) ::mverify::launch(#__VA_ARGS__, __VA_ARGS__)

#elif defined(__CUDACC__)
#include <cuda_runtime.h>

namespace mverify {

// Device memory through the CUDA runtime; a pointer's allocation from the driver's cuMemGetAddressRange.
struct CudaDevice {
    using AddressRange = int (*)(unsigned long long*, size_t*, unsigned long long);

    static AddressRange address_range() {
        static AddressRange fn = [] {
            void* f = nullptr;
            cudaDriverEntryPointQueryResult found;
#if CUDART_VERSION >= 12050
            cudaGetDriverEntryPointByVersion("cuMemGetAddressRange", &f, 12000, cudaEnableDefault, &found);
#else
            cudaGetDriverEntryPoint("cuMemGetAddressRange", &f, cudaEnableDefault, &found);
#endif
            cudaGetLastError();
            return found == cudaDriverEntryPointSuccess ? reinterpret_cast<AddressRange>(f) : nullptr;
        }();
        return fn;
    }
    static void sync() { cudaDeviceSynchronize(); }
    static Range range(const void* p) {
        cudaPointerAttributes a;
        if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
            cudaGetLastError();  // a host pointer must not leave an error for the program's own checks
            return {};
        }
        if (a.type != cudaMemoryTypeDevice && a.type != cudaMemoryTypeManaged) return {};
        AddressRange fn = address_range();
        unsigned long long base = 0;
        size_t size = 0;
        if (!fn || fn(&base, &size, static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p))) != 0) return {};
        return {static_cast<uintptr_t>(base), size};
    }
    static void to_host(void* dst, const void* src, size_t n) { cudaMemcpy(dst, src, n, cudaMemcpyDefault); }
    static void to_device(void* dst, const void* src, size_t n) { cudaMemcpy(dst, src, n, cudaMemcpyDefault); }
    static const char* status(cudaError_t e) { return e == cudaSuccess ? "ok" : cudaGetErrorString(e); }
};

using Device = CudaDevice;

template <class... Params, class... Args>
inline cudaError_t launch(const char* text, void (*kernel)(Params...), dim3 grid, dim3 block, size_t shmem,
                          cudaStream_t stream, Args&&... args) {
    std::tuple<std::decay_t<Params>...> values(std::forward<Args>(args)...);
    auto go = [&] {
        return std::apply([&](auto&... v) {
            void* argv[] = {const_cast<void*>(reinterpret_cast<const void*>(&v))..., nullptr};
            return cudaLaunchKernel(reinterpret_cast<const void*>(kernel), grid, block, argv, shmem, stream);
        }, values);
    };
    static const std::string root = setting("MVERIFY_RECORD_DIR");
    long index = next_launch();
    if (root.empty() || index >= max_launches()) return go();
    auto none = [](auto&&...) {};
    return traced<Device>(root, kernel_name(text), index, grid.x, grid.y, grid.z, block.x, block.y, block.z, shmem,
                          values, true, go, none, none);
}

}  // namespace mverify

#else
#error "mverify/record.h: compile CUDA sources with nvcc, or define MVERIFY_PRT for portable-runtime sources"
#endif
