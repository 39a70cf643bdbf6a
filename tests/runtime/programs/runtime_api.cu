// The rest of the runtime API: device flags and settings, PCI addresses, calls with nothing to do on a backend
// (L2 persistence, RDMA flushes, notifications, the driver log), atomic capabilities, driver entry points, stream
// callbacks, ids and attributes, flagged event records, kernel objects (occupancy, parameter layout, handles,
// cooperative and extended launches), texture and surface objects, graphics resources.
#include <cstdio>
#include <cstring>
#include <string>

#include "check.h"

// A call the CPU backend implements must succeed there; a GPU runtime may lack it (HIP 5) and say so.
#if PRT_BACKEND_CPU
#define ABSENT_OK(e) ((e) == prtSuccess)
#else
#define ABSENT_OK(e) ((e) == prtSuccess || (e) == prtErrorNotSupported)
#endif

__global__ void scale(float* v, float by, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= by;
}

__global__ void mixed(char c, double d, int* p) {
    if (p) *p = int(c) + int(d);
}

static void on_callback(prtStream_t, prtError_t status, void* data) {
    *static_cast<int*>(data) = status == prtSuccess ? 42 : -1;
}

static void device_settings() {
    unsigned int flags = 0;
    CHECK_OK(prtSetDeviceFlags(prtDeviceScheduleBlockingSync));
    CHECK_OK(prtGetDeviceFlags(&flags));
    CHECK(flags & prtDeviceScheduleBlockingSync);
    CHECK_OK(prtInitDevice(0, prtDeviceScheduleAuto, 0));
    prtDeviceProp want = {};
    want.major = 1;
    int chosen = -1;
    CHECK_OK(prtChooseDevice(&chosen, &want));
    CHECK(chosen >= 0);
    int valid[1] = {0};
    prtError_t e = prtSetValidDevices(valid, 1);
    CHECK(ABSENT_OK(e));
    (void)prtGetLastError();
    prtFuncCache cache = prtFuncCachePreferNone;
    CHECK_OK(prtDeviceSetCacheConfig(prtFuncCachePreferShared));
    CHECK_OK(prtDeviceGetCacheConfig(&cache));
#if PRT_BACKEND_CPU
    CHECK(cache == prtFuncCachePreferShared);  // recorded; GPUs may keep their own split
#endif
    prtSharedMemConfig banks = prtSharedMemBankSizeDefault;
    CHECK_OK(prtDeviceSetSharedMemConfig(prtSharedMemBankSizeFourByte));
    CHECK_OK(prtDeviceGetSharedMemConfig(&banks));
    CHECK(banks == prtSharedMemBankSizeFourByte || banks == prtSharedMemBankSizeEightByte);
    char bus[32] = {};
    CHECK_OK(prtDeviceGetPCIBusId(bus, sizeof bus, 0));
    int again = -1;
    CHECK_OK(prtDeviceGetByPCIBusId(&again, bus));
    CHECK(again == 0);
    size_t width = 0;
    prtChannelFormatDesc f = prtCreateChannelDesc<float>();
    CHECK_OK(prtDeviceGetTexture1DLinearMaxWidth(&width, &f, 0));
    CHECK(width > 0);
    CHECK_OK(prtProfilerStart());  // the CPU has no profiler capture range: both do nothing there
    CHECK_OK(prtProfilerStop());
    CHECK_OK(prtCtxResetPersistingL2Cache());
    CHECK_OK(prtDeviceFlushGPUDirectRDMAWrites(prtFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                               prtFlushGPUDirectRDMAWritesToOwner));
    unsigned long long used = 1;
    CHECK_OK(prtDeviceGetGraphMemAttribute(0, prtGraphMemAttrUsedMemCurrent, &used));
    unsigned long long zero = 0;
    CHECK_OK(prtDeviceSetGraphMemAttribute(0, prtGraphMemAttrUsedMemHigh, &zero));
    CHECK_OK(prtDeviceGraphMemTrim(0));
    (void)used;  // graph memory in use differs by runtime: the call answering is what is checked
    prtAtomicOperation ops[2] = {prtAtomicOperationIntegerAdd, prtAtomicOperationFloatAdd};
    unsigned int caps[2] = {99, 99};
    e = prtDeviceGetHostAtomicCapabilities(caps, ops, 2, 0);
    CHECK(ABSENT_OK(e));
#if PRT_BACKEND_CPU
    CHECK(caps[0] & prtAtomicCapabilityScalar32 && caps[0] & prtAtomicCapabilitySigned);
    CHECK(!(caps[1] & prtAtomicCapabilitySigned) && caps[1] & prtAtomicCapabilityScalar64);
#endif
    int count = 0;
    CHECK_OK(prtGetDeviceCount(&count));
    e = prtDeviceGetP2PAtomicCapabilities(caps, ops, 2, 0, 0);
    (void)e;
    (void)prtGetLastError();
    void* fn = reinterpret_cast<void*>(1);
    prtDriverEntryPointQueryResult found = prtDriverEntryPointSuccess;
    CHECK_OK(prtGetDriverEntryPoint("cuPrtNoSuchCall", &fn, prtEnableDefault, &found));
    CHECK(fn == nullptr && found == prtDriverEntryPointSymbolNotFound);
    CHECK_OK(prtGetDriverEntryPointByVersion("cuPrtNoSuchCall", &fn, 12000, prtEnableDefault, &found));
    CHECK(fn == nullptr);
}

static void notifications_and_logs() {
    prtAsyncCallbackHandle_t handle = nullptr;
    prtError_t e = prtDeviceRegisterAsyncNotification(
        0, [](prtAsyncNotificationInfo_t*, void*, prtAsyncCallbackHandle_t) {}, nullptr, &handle);
    if (e == prtSuccess) CHECK_OK(prtDeviceUnregisterAsyncNotification(0, handle));
    CHECK(ABSENT_OK(e));
    prtLogsCallbackHandle logs = nullptr;
    e = prtLogsRegisterCallback([](void*, prtLogLevel, char*, size_t) {}, nullptr, &logs);
    if (e == prtSuccess) CHECK_OK(prtLogsUnregisterCallback(logs));
    prtLogIterator it = 0;
    CHECK_OK(prtLogsCurrent(&it, 0));
    char buffer[256];
    size_t size = sizeof buffer;
    CHECK_OK(prtLogsDumpToMemory(&it, buffer, &size, 0));
    CHECK(size <= sizeof buffer);
    char path[] = "/tmp/prt-log-XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0) {
        CHECK_OK(prtLogsDumpToFile(&it, path, 0));
        std::remove(path);
    }
    (void)prtGetLastError();
}

static void streams() {
    prtStream_t s;
    CHECK_OK(prtStreamCreateWithPriority(&s, prtStreamNonBlocking, 0));
    int got = 0;
    CHECK_OK(prtStreamAddCallback(s, on_callback, &got, 0));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK(got == 42);
    int device = -1;
    CHECK_OK(prtStreamGetDevice(s, &device));
    CHECK(device == 0);
    unsigned long long id1 = 0, id2 = 0;
    prtStream_t t;
    CHECK_OK(prtStreamCreate(&t));
    CHECK_OK(prtStreamGetId(s, &id1));
    CHECK_OK(prtStreamGetId(t, &id2));
    CHECK(id1 != id2);
    prtStreamAttrValue v = {};
    prtError_t e = prtStreamGetAttribute(s, prtStreamAttributePriority, &v);
    CHECK(e == prtSuccess);
    CHECK(v.priority == 0);
    v.priority = -1;
    e = prtStreamSetAttribute(t, prtStreamAttributePriority, &v);
    CHECK(ABSENT_OK(e));
    e = prtStreamCopyAttributes(s, t);
    CHECK(ABSENT_OK(e));
    (void)prtGetLastError();
    prtEvent_t ev;
    CHECK_OK(prtEventCreate(&ev));
    CHECK_OK(prtEventRecordWithFlags(ev, s, prtEventRecordDefault));
    CHECK_OK(prtEventSynchronize(ev));
    CHECK_OK(prtEventDestroy(ev));
    CHECK_OK(prtStreamDestroy(s));
    CHECK_OK(prtStreamDestroy(t));
}

static void kernels() {
    int blocks = 0;
    CHECK_OK(prtOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, scale, 256, 0, 0));
    CHECK(blocks > 0);
    size_t smem = 0;
    CHECK_OK(prtOccupancyAvailableDynamicSMemPerBlock(&smem, scale, 2, 256));
    CHECK(smem > 0);
    prtLaunchConfig_t config = {};
    config.gridDim = dim3(4);
    config.blockDim = dim3(128);
    int clusters = 0, clusterSize = 0;
    prtError_t e = prtOccupancyMaxActiveClusters(&clusters, scale, &config);
    CHECK(ABSENT_OK(e));
    CHECK_OK(prtOccupancyMaxPotentialClusterSize(&clusterSize, scale, &config));
    CHECK(clusterSize >= 1);
    (void)prtGetLastError();
    e = prtFuncSetSharedMemConfig(scale, prtSharedMemBankSizeFourByte);
    CHECK(e == prtSuccess);
    size_t offset = 0, size = 0;
    CHECK_OK(prtFuncGetParamInfo(mixed, 1, &offset, &size));
    CHECK(offset == 8 && size == 8);
    CHECK_OK(prtFuncGetParamInfo(mixed, 2, &offset, &size));
    CHECK(offset == 16 && size == sizeof(int*));
    prtFunction_t fn = nullptr;
    e = prtGetFuncBySymbol(&fn, scale);
    CHECK(ABSENT_OK(e) && (e != prtSuccess || (fn != nullptr)));
    prtKernel_t k = nullptr;
    CHECK_OK(prtGetKernel(&k, scale));
    CHECK(k != nullptr);
    e = prtKernelSetAttributeForDevice(k, prtFuncAttributeMaxDynamicSharedMemorySize, 1024, 0);
    CHECK(e == prtSuccess);
    const char* name = nullptr;
    e = prtFuncGetName(&name, scale);
    CHECK(ABSENT_OK(e) && (e != prtSuccess || (name && name[0])));
    (void)prtGetLastError();

    const int n = 512;
    float* v;
    CHECK_OK(prtMalloc(&v, n * sizeof(float)));
    float host[n];
    for (int i = 0; i < n; ++i) host[i] = float(i);
    CHECK_OK(prtMemcpy(v, host, sizeof host, prtMemcpyHostToDevice));
    float by = 2.f;
    int count = n;
    void* args[] = {&v, &by, &count};
    int coop = 0;
    CHECK_OK(prtDeviceGetAttribute(&coop, prtDevAttrCooperativeLaunch, 0));
    if (coop) CHECK_OK(prtLaunchCooperativeKernel(scale, dim3(n / 128), dim3(128), args, 0, 0));
#if PRT_BACKEND_CPU
    CHECK_OK(prtLaunchCooperativeKernel(scale, dim3(n / 128), dim3(128), args, 0, 0));  // runs as a plain launch
    CHECK_ERR(prtLaunchCooperativeKernel(reinterpret_cast<const void*>(scale), dim3(1), dim3(1), args, 0, 0),
              prtErrorNotSupported);
    (void)prtGetLastError();
    coop = 1;
#endif
    CHECK_OK(prtLaunchKernelExC(&config, scale, args));
    CHECK_OK(prtDeviceSynchronize());
    CHECK_OK(prtMemcpy(host, v, sizeof host, prtMemcpyDeviceToHost));
    float want = coop ? 4.f : 2.f;
    CHECK(host[3] == 3.f * want && host[n - 1] == float(n - 1) * want);
    CHECK_OK(prtFree(v));
}

static void textures() {
    const int w = 16;
    float* lin;
    CHECK_OK(prtMalloc(&lin, w * sizeof(float)));
    prtResourceDesc res = {};
    res.resType = prtResourceTypeLinear;
    res.res.linear.devPtr = lin;
    res.res.linear.desc = prtCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = w * sizeof(float);
    prtTextureDesc tex = {};
    tex.addressMode[0] = prtAddressModeClamp;
    tex.filterMode = prtFilterModePoint;
    tex.readMode = prtReadModeElementType;
    prtTextureObject_t t = 0;
    CHECK_OK(prtCreateTextureObject(&t, &res, &tex, nullptr));
    CHECK(t != 0);
    prtResourceDesc rgot = {};
    CHECK_OK(prtGetTextureObjectResourceDesc(&rgot, t));
    CHECK(rgot.resType == prtResourceTypeLinear && rgot.res.linear.devPtr == lin);
    prtTextureDesc tgot = {};
    CHECK_OK(prtGetTextureObjectTextureDesc(&tgot, t));
    CHECK(tgot.addressMode[0] == prtAddressModeClamp && tgot.filterMode == prtFilterModePoint);
    prtResourceViewDesc view = {};
    prtError_t e = prtGetTextureObjectResourceViewDesc(&view, t);  // made without a view
    (void)e;
    (void)prtGetLastError();
    CHECK_OK(prtDestroyTextureObject(t));

    prtChannelFormatDesc f = prtCreateChannelDesc<float>();
    prtArray_t arr = nullptr;
    CHECK_OK(prtMallocArray(&arr, &f, w, w, prtArraySurfaceLoadStore));
    prtResourceDesc ares = {};
    ares.resType = prtResourceTypeArray;
    ares.res.array.array = arr;
    prtSurfaceObject_t surf = 0;
    CHECK_OK(prtCreateSurfaceObject(&surf, &ares));
    e = prtGetSurfaceObjectResourceDesc(&rgot, surf);
    CHECK(ABSENT_OK(e) && (e != prtSuccess || (rgot.res.array.array == arr)));
    (void)prtGetLastError();
    CHECK_OK(prtDestroySurfaceObject(surf));
    CHECK_OK(prtFreeArray(arr));
    CHECK_OK(prtFree(lin));

    // No graphics API registered anything: a null array is refused, even of no resources, as CUDA does.
    CHECK(prtGraphicsMapResources(0, nullptr, 0) == prtErrorInvalidValue);
    CHECK(prtGraphicsUnmapResources(0, nullptr, 0) == prtErrorInvalidValue);
    (void)prtGetLastError();
    prtGraphicsResource_t none = nullptr;
    void* p = nullptr;
    size_t bytes = 0;
    CHECK(prtGraphicsResourceGetMappedPointer(&p, &bytes, none) != prtSuccess);
    prtArray_t a2 = nullptr;
    CHECK(prtGraphicsSubResourceGetMappedArray(&a2, none, 0, 0) != prtSuccess);
    prtMipmappedArray_t m2 = nullptr;
    CHECK(prtGraphicsResourceGetMappedMipmappedArray(&m2, none) != prtSuccess);
    CHECK(prtGraphicsResourceSetMapFlags(none, 0) != prtSuccess);
    CHECK(prtGraphicsUnregisterResource(none) != prtSuccess);
    (void)prtGetLastError();
}

int main() {
    device_settings();
    notifications_and_logs();
    streams();
    kernels();
    textures();
    CHECK(prtGetLastError() == prtSuccess);
    CHECK_OK(prtDeviceReset());
    return finish();
}
