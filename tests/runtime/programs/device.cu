// Devices: count, selection, properties and attributes agreeing with each other, error strings and names, limits.
#include <cstring>

#include "check.h"

int main() {
    int count = 0, dev = -1;
    CHECK_OK(prtGetDeviceCount(&count));
    CHECK(count >= 1);
    CHECK_OK(prtSetDevice(0));
    CHECK_OK(prtGetDevice(&dev));
    CHECK(dev == 0);
    CHECK_ERR(prtSetDevice(count), prtErrorInvalidDevice);
    CHECK(prtGetLastError() == prtErrorInvalidDevice);

    prtDeviceProp p;
    CHECK_OK(prtGetDeviceProperties(&p, 0));
    CHECK(std::strlen(p.name) > 0);
    CHECK(p.warpSize == 32);
    CHECK(p.maxThreadsPerBlock == 1024);
    CHECK(p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[2] == 64);
    CHECK(p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535);
    CHECK(p.totalGlobalMem > 0 && p.sharedMemPerBlock >= 48 * 1024 && p.multiProcessorCount > 0);
    CHECK(p.major >= 7);
    const struct {
        prtDeviceAttr attr;
        long long want;
    } pairs[] = {
        {prtDevAttrWarpSize, p.warpSize},
        {prtDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock},
        {prtDevAttrMaxBlockDimX, p.maxThreadsDim[0]},
        {prtDevAttrMaxBlockDimY, p.maxThreadsDim[1]},
        {prtDevAttrMaxBlockDimZ, p.maxThreadsDim[2]},
        {prtDevAttrMaxGridDimX, p.maxGridSize[0]},
        {prtDevAttrMaxGridDimY, p.maxGridSize[1]},
        {prtDevAttrMaxGridDimZ, p.maxGridSize[2]},
        {prtDevAttrMultiProcessorCount, p.multiProcessorCount},
        {prtDevAttrComputeCapabilityMajor, p.major},
        {prtDevAttrComputeCapabilityMinor, p.minor},
        {prtDevAttrMaxSharedMemoryPerBlock, (long long)p.sharedMemPerBlock},
        {prtDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor},
        {prtDevAttrL2CacheSize, p.l2CacheSize},
        {prtDevAttrTotalConstantMemory, (long long)p.totalConstMem},
    };
    for (const auto& pr : pairs) {
        int v = -1;
        CHECK_OK(prtDeviceGetAttribute(&v, pr.attr, 0));
        if (v != pr.want) std::printf("attribute %d: %d != %lld\n", int(pr.attr), v, pr.want);
        CHECK(v == pr.want);
    }
    int optin = 0;
    CHECK_OK(prtDeviceGetAttribute(&optin, prtDevAttrMaxSharedMemoryPerBlockOptin, 0));
    CHECK(optin >= int(p.sharedMemPerBlock));
    int clock = 0;
    CHECK_OK(prtDeviceGetAttribute(&clock, prtDevAttrClockRate, 0));
    CHECK(clock > 0);
    int version = -1;
    CHECK_OK(prtRuntimeGetVersion(&version));
    CHECK_OK(prtDriverGetVersion(&version));

    CHECK(std::strcmp(prtGetErrorString(prtSuccess), "no error") == 0);
    CHECK(std::strcmp(prtGetErrorString(prtErrorInvalidValue), "invalid argument") == 0);
    CHECK(std::strcmp(prtGetErrorString(prtErrorMemoryAllocation), "out of memory") == 0);
    CHECK(std::strstr(prtGetErrorName(prtErrorInvalidValue), "ErrorInvalidValue") != nullptr);
    CHECK(std::strstr(prtGetErrorName(prtErrorInvalidConfiguration), "ErrorInvalidConfiguration") != nullptr);
    value("err_invalid_value", int(prtErrorInvalidValue));
    value("err_invalid_config", int(prtErrorInvalidConfiguration));
    value("warp_size", p.warpSize);
    CHECK(prtGetLastError() == prtSuccess);
    // Managed and pageable memory: the attributes agree with the properties.
    int pageable = -1, concurrent = -1;
    CHECK_OK(prtDeviceGetAttribute(&pageable, prtDevAttrPageableMemoryAccess, 0));
    CHECK_OK(prtDeviceGetAttribute(&concurrent, prtDevAttrConcurrentManagedAccess, 0));
    CHECK(pageable == p.pageableMemoryAccess && concurrent == p.concurrentManagedAccess);
    // Device limits: a value set is the value read back.
    size_t heap = 0;
    CHECK_OK(prtDeviceSetLimit(prtLimitMallocHeapSize, size_t(64) << 20));
    CHECK_OK(prtDeviceGetLimit(&heap, prtLimitMallocHeapSize));
    CHECK(heap >= (size_t(64) << 20));
    size_t stack = 0;
    CHECK_OK(prtDeviceGetLimit(&stack, prtLimitStackSize));
    CHECK(stack > 0);
    CHECK_OK(prtDeviceSynchronize());
    return finish();
}
