// Pitched 3-D memory and copies (HeCBench pitch's construct), arrays, peer copies, managed memory with advice and
// prefetch, pointer attributes, memory pools, IPC handles, imported memory and the batch calls.
#include <unistd.h>

#include <cstring>
#include <vector>

#if PRT_BACKEND_CPU
#include <sys/mman.h>
#endif

#include "check.h"

// Writes x + 10 y + 100 z into every element of a pitched 3-D float volume.
__global__ void fill_volume(prtPitchedPtr p, int width, int height, int depth) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= width) return;
    char* slices = static_cast<char*>(p.ptr);
    for (int z = 0; z < depth; ++z)
        for (int y = 0; y < height; ++y) {
            float* row = reinterpret_cast<float*>(slices + (size_t(z) * height + y) * p.pitch);
            row[x] = float(x + 10 * y + 100 * z);
        }
}

static void pitched() {
    const int w = 37, h = 5, d = 3;
    prtExtent extent = make_prtExtent(w * sizeof(float), h, d);
    prtPitchedPtr dev;
    CHECK_OK(prtMalloc3D(&dev, extent));
    CHECK(dev.pitch >= w * sizeof(float));
    CHECK(dev.xsize == w * sizeof(float) && dev.ysize == size_t(h));
    CHECK_OK(prtMemset3D(dev, 0, extent));
    CHECK_OK(prtLaunchKernel(fill_volume, dim3(1), dim3(64), 0, 0, dev, w, h, d));
    CHECK_OK(prtDeviceSynchronize());
    std::vector<float> host(w * h * d, -1.f);
    prtMemcpy3DParms p = {};
    p.srcPtr = dev;
    p.dstPtr = make_prtPitchedPtr(host.data(), w * sizeof(float), w, h);
    p.extent = extent;
    p.kind = prtMemcpyDeviceToHost;
    CHECK_OK(prtMemcpy3D(&p));
    bool ok = true;
    for (int z = 0; z < d; ++z)
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) ok = ok && host[(z * h + y) * w + x] == float(x + 10 * y + 100 * z);
    CHECK(ok);
    value("pitched_sum_corner", host[(d * h - 1) * w + w - 1]);

    // A sub-box, offset on both sides, asynchronously; then a 3-D fill of one slice.
    std::vector<float> box(2 * 2 * 2, 0.f);
    prtMemcpy3DParms q = {};
    q.srcPtr = dev;
    q.srcPos = make_prtPos(3 * sizeof(float), 1, 1);
    q.dstPtr = make_prtPitchedPtr(box.data(), 2 * sizeof(float), 2, 2);
    q.extent = make_prtExtent(2 * sizeof(float), 2, 2);
    q.kind = prtMemcpyDeviceToHost;
    prtStream_t s;
    CHECK_OK(prtStreamCreate(&s));
    CHECK_OK(prtMemcpy3DAsync(&q, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK(box[0] == 113.f && box[1] == 114.f && box[2] == 123.f && box[7] == 224.f);
    prtPitchedPtr slice2 = dev;
    slice2.ptr = static_cast<char*>(dev.ptr) + 2 * dev.pitch * h;
    CHECK_OK(prtMemset3DAsync(slice2, 0xff, make_prtExtent(w * sizeof(float), h, 1), s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK_OK(prtMemcpy3D(&p));
    unsigned int bits;
    std::memcpy(&bits, &host[2 * h * w], 4);
    CHECK(bits == 0xffffffffu && host[h * w] == 10.f * 0 + 100.f);

    // The same volume as a peer copy (device 0 to device 0).
    prtPitchedPtr dev2;
    CHECK_OK(prtMalloc3D(&dev2, extent));
    prtMemcpy3DPeerParms pp = {};
    pp.srcPtr = dev, pp.srcDevice = 0, pp.dstPtr = dev2, pp.dstDevice = 0, pp.extent = extent;
    CHECK_OK(prtMemcpy3DPeer(&pp));
    CHECK_OK(prtMemcpy3DPeerAsync(&pp, s));
    CHECK_OK(prtStreamSynchronize(s));
    std::vector<float> back(host.size());
    p.srcPtr = dev2;
    p.dstPtr = make_prtPitchedPtr(back.data(), w * sizeof(float), w, h);
    CHECK_OK(prtMemcpy3D(&p));
    CHECK(back == host || std::memcmp(back.data(), host.data(), host.size() * 4) == 0);
    float *a, *b;
    CHECK_OK(prtMalloc(&a, 64));
    CHECK_OK(prtMalloc(&b, 64));
    CHECK_OK(prtMemcpy(a, host.data(), 64, prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpyPeer(b, 0, a, 0, 64));
    CHECK_OK(prtMemcpyPeerAsync(a, 0, b, 0, 64, s));
    CHECK_OK(prtStreamSynchronize(s));
    float four[16];
    CHECK_OK(prtMemcpy(four, a, 64, prtMemcpyDeviceToHost));
    CHECK(four[5] == host[5]);
    CHECK_OK(prtFree(a));
    CHECK_OK(prtFree(b));
    CHECK_OK(prtFree(dev.ptr));
    CHECK_OK(prtFree(dev2.ptr));
    CHECK_OK(prtStreamDestroy(s));
}

static void arrays() {
    prtChannelFormatDesc f = prtCreateChannelDesc<float>();
    CHECK(f.x == 32 && f.y == 0 && f.f == prtChannelFormatKindFloat);
    prtChannelFormatDesc f4 = prtCreateChannelDesc(32, 32, 32, 32, prtChannelFormatKindFloat);
    CHECK(f4.w == 32);
    const int w = 8, h = 4;
    prtArray_t arr = nullptr, arr2 = nullptr;
    CHECK_OK(prtMallocArray(&arr, &f, w, h));
    CHECK_OK(prtMallocArray(&arr2, &f, w, h));
    prtChannelFormatDesc got = {};
    prtExtent ext = {};
    unsigned int flags = 99;
    CHECK_OK(prtArrayGetInfo(&got, &ext, &flags, arr));
    CHECK(got.x == 32 && ext.width == size_t(w) && ext.height == size_t(h) && flags == prtArrayDefault);
    CHECK_OK(prtGetChannelDesc(&got, arr));
    CHECK(got.f == prtChannelFormatKindFloat);
    std::vector<float> src(w * h), dst(w * h, 0.f);
    for (int i = 0; i < w * h; ++i) src[i] = float(i);
    CHECK_OK(prtMemcpy2DToArray(arr, 0, 0, src.data(), w * sizeof(float), w * sizeof(float), h, prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpy2DFromArray(dst.data(), w * sizeof(float), arr, 0, 0, w * sizeof(float), h, prtMemcpyDeviceToHost));
    CHECK(dst == src);
    // A 2x2 window at (2, 1) copied array to array, then read back through the async forms.
    CHECK_OK(prtMemcpy2DArrayToArray(arr2, 0, 0, arr, 2 * sizeof(float), 1, 2 * sizeof(float), 2));
    prtStream_t s;
    CHECK_OK(prtStreamCreate(&s));
    float win[4] = {};
    CHECK_OK(prtMemcpy2DFromArrayAsync(win, 2 * sizeof(float), arr2, 0, 0, 2 * sizeof(float), 2, prtMemcpyDeviceToHost, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK(win[0] == 10.f && win[1] == 11.f && win[2] == 18.f && win[3] == 19.f);
    CHECK_OK(prtMemcpy2DToArrayAsync(arr2, 0, 1, src.data(), w * sizeof(float), w * sizeof(float), 1, prtMemcpyHostToDevice, s));
    CHECK_OK(prtStreamSynchronize(s));
    // One row through the 1-D array copies.
    float row[w] = {};
    CHECK_OK(prtMemcpyFromArray(row, arr, 0, 3, sizeof row, prtMemcpyDeviceToHost));
    CHECK(row[0] == 24.f && row[7] == 31.f);
    CHECK_OK(prtMemcpyToArray(arr2, 0, 2, row, sizeof row, prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpyToArrayAsync(arr2, 0, 3, row, sizeof row, prtMemcpyHostToDevice, s));
    float row2[w] = {};
    CHECK_OK(prtMemcpyFromArrayAsync(row2, arr2, 0, 3, sizeof row2, prtMemcpyDeviceToHost, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK(row2[3] == 27.f);
    CHECK_OK(prtMemcpyArrayToArray(arr, 0, 0, arr2, 0, 2, sizeof row));
    CHECK_OK(prtMemcpyFromArray(row2, arr, 0, 0, sizeof row2, prtMemcpyDeviceToHost));
    CHECK(row2[0] == 24.f);
    prtArrayMemoryRequirements req{};
    prtError_t e = prtArrayGetMemoryRequirements(&req, arr, 0);
    CHECK(e != prtSuccess || req.size >= size_t(w * h * 4));
    prtArraySparseProperties sparse{};
    CHECK(prtArrayGetSparseProperties(&sparse, arr) != prtSuccess);  // not a sparse array
    prtArray_t plane = nullptr;
    CHECK(prtArrayGetPlane(&plane, arr, 0) != prtSuccess);          // not a multi-planar array
    (void)prtGetLastError();

    // 3-D array filled and read through 3-D copies.
    prtArray_t vol = nullptr;
    CHECK_OK(prtMalloc3DArray(&vol, &f, make_prtExtent(4, 3, 2)));
    std::vector<float> v(24), vb(24, 0.f);
    for (int i = 0; i < 24; ++i) v[i] = float(3 * i);
    prtMemcpy3DParms p = {};
    p.srcPtr = make_prtPitchedPtr(v.data(), 4 * sizeof(float), 4, 3);
    p.dstArray = vol;
    p.extent = make_prtExtent(4, 3, 2);
    p.kind = prtMemcpyHostToDevice;
    CHECK_OK(prtMemcpy3D(&p));
    prtMemcpy3DParms q = {};
    q.srcArray = vol;
    q.dstPtr = make_prtPitchedPtr(vb.data(), 4 * sizeof(float), 4, 3);
    q.extent = make_prtExtent(4, 3, 2);
    q.kind = prtMemcpyDeviceToHost;
    CHECK_OK(prtMemcpy3D(&q));
    CHECK(vb == v);
    prtMipmappedArray_t mip = nullptr;
    CHECK_OK(prtMallocMipmappedArray(&mip, &f, make_prtExtent(8, 8, 0), 3));
    prtArray_t level = nullptr;
    CHECK_OK(prtGetMipmappedArrayLevel(&level, mip, 2));
    CHECK_OK(prtArrayGetInfo(&got, &ext, &flags, level));
    CHECK(ext.width == 2 && ext.height == 2);
    e = prtMipmappedArrayGetMemoryRequirements(&req, mip, 0);
    CHECK(e != prtSuccess || req.size >= size_t(84 * 4));
    CHECK(prtMipmappedArrayGetSparseProperties(&sparse, mip) != prtSuccess);
    (void)prtGetLastError();
    CHECK_OK(prtFreeMipmappedArray(mip));
    CHECK_OK(prtFreeArray(vol));
    CHECK_OK(prtFreeArray(arr));
    CHECK_OK(prtFreeArray(arr2));
    CHECK_OK(prtStreamDestroy(s));
}

static void managed() {
    const size_t n = 1024;
    float* m;
    CHECK_OK(prtMallocManaged(&m, n * sizeof(float)));
    for (size_t i = 0; i < n; ++i) m[i] = float(i);
    CHECK_OK(prtMemAdvise(m, n * sizeof(float), prtMemAdviseSetReadMostly, 0));
    int device = 0;
    CHECK_OK(prtGetDevice(&device));
    int mostly = -1;
    CHECK_OK(prtMemRangeGetAttribute(&mostly, sizeof mostly, prtMemRangeAttributeReadMostly, m, n * sizeof(float)));
    CHECK(mostly == 1);
    prtMemLocation where = {};
    where.type = prtMemLocationTypeDevice;
    where.id = device;
    CHECK_OK(prtMemAdvise(m, n * sizeof(float), prtMemAdviseSetPreferredLocation, where));
    CHECK_OK(prtMemPrefetchAsync(m, n * sizeof(float), device, 0));
    CHECK_OK(prtDeviceSynchronize());
    int preferred = -9, last = -9;
    void* data[2] = {&preferred, &last};
    size_t sizes[2] = {4, 4};
    prtMemRangeAttribute attrs[2] = {prtMemRangeAttributePreferredLocation, prtMemRangeAttributeLastPrefetchLocation};
    CHECK_OK(prtMemRangeGetAttributes(data, sizes, attrs, 2, m, n * sizeof(float)));
    CHECK(preferred == device && last == device);
    // CUDA 13's form names the destination by a location, with flags: the host's is recorded as the host's id.
    prtMemLocation host = {};
    host.type = prtMemLocationTypeHost;
    CHECK_OK(prtMemPrefetchAsync(m, n * sizeof(float), host, 0, 0));
    CHECK_OK(prtDeviceSynchronize());
    CHECK_OK(prtMemRangeGetAttribute(&last, sizeof last, prtMemRangeAttributeLastPrefetchLocation, m, n * sizeof(float)));
    CHECK(last == prtCpuDeviceId);
    CHECK_OK(prtMemPrefetchAsync(m, n * sizeof(float), where, 0));
    CHECK_OK(prtMemRangeGetAttribute(&last, sizeof last, prtMemRangeAttributeLastPrefetchLocation, m, n * sizeof(float)));
    CHECK(last == device);
    CHECK_OK(prtMemAdvise(m, n * sizeof(float), prtMemAdviseUnsetReadMostly, 0));
    CHECK_OK(prtMemRangeGetAttribute(&mostly, sizeof mostly, prtMemRangeAttributeReadMostly, m, n * sizeof(float)));
    CHECK(mostly == 0);
    prtStream_t s;
    CHECK_OK(prtStreamCreate(&s));
    CHECK_OK(prtStreamAttachMemAsync(s, m, 0, prtMemAttachGlobal));
    CHECK_OK(prtStreamSynchronize(s));
    value("managed_last", m[n - 1]);

    prtPointerAttributes pa;
    CHECK_OK(prtPointerGetAttributes(&pa, m));
    CHECK(pa.type == prtMemoryTypeManaged && pa.devicePointer == m && pa.hostPointer == m);
    float* d;
    CHECK_OK(prtMalloc(&d, 256));
    CHECK_OK(prtPointerGetAttributes(&pa, d + 3));
    CHECK(pa.type == prtMemoryTypeDevice && pa.device == device && pa.hostPointer == nullptr);
    float* h;
    CHECK_OK(prtHostAlloc(&h, 256, prtHostAllocMapped));
    CHECK_OK(prtPointerGetAttributes(&pa, h));
    CHECK(pa.type == prtMemoryTypeHost && pa.hostPointer == h);
    unsigned int hflags = 0;
    CHECK_OK(prtHostGetFlags(&hflags, h));
    CHECK(hflags & prtHostAllocMapped);
    static float plain[4];
    CHECK_OK(prtPointerGetAttributes(&pa, plain));
    CHECK(pa.type == prtMemoryTypeUnregistered);
    static float pinned[1024];
    CHECK_OK(prtHostRegister(pinned, sizeof pinned, prtHostRegisterDefault));
    CHECK_OK(prtPointerGetAttributes(&pa, pinned));
    CHECK(pa.type == prtMemoryTypeHost);
    CHECK_OK(prtHostUnregister(pinned));
    CHECK_OK(prtFree(d));
    CHECK_OK(prtFreeHost(h));
    CHECK_OK(prtFree(m));
    CHECK_OK(prtStreamDestroy(s));
}

static void pools() {
    int supported = 0;
    CHECK_OK(prtDeviceGetAttribute(&supported, prtDevAttrMemoryPoolsSupported, 0));
    CHECK(supported == 1);
    prtMemPool_t def = nullptr, cur = nullptr;
    CHECK_OK(prtDeviceGetDefaultMemPool(&def, 0));
    CHECK_OK(prtDeviceGetMemPool(&cur, 0));
    CHECK(def == cur);
    prtMemLocation loc = {};
    loc.type = prtMemLocationTypeDevice;
    loc.id = 0;
    prtMemPool_t viaLoc = nullptr;
    CHECK_OK(prtMemGetDefaultMemPool(&viaLoc, &loc, prtMemAllocationTypePinned));
    CHECK(viaLoc == def);
    prtMemPoolProps props = {};
    props.allocType = prtMemAllocationTypePinned;
    props.handleTypes = prtMemHandleTypeNone;
    props.location = loc;
    prtMemPool_t pool = nullptr;
    CHECK_OK(prtMemPoolCreate(&pool, &props));
    unsigned long long threshold = 1 << 20, read = 0;
    CHECK_OK(prtMemPoolSetAttribute(pool, prtMemPoolAttrReleaseThreshold, &threshold));
    CHECK_OK(prtMemPoolGetAttribute(pool, prtMemPoolAttrReleaseThreshold, &read));
    CHECK(read == threshold);
    int reuse = 0;
    CHECK_OK(prtMemPoolSetAttribute(pool, prtMemPoolReuseAllowOpportunistic, &reuse));
    int reuse_read = 1;
    CHECK_OK(prtMemPoolGetAttribute(pool, prtMemPoolReuseAllowOpportunistic, &reuse_read));
    CHECK(reuse_read == 0);
    prtMemAccessDesc access = {};
    access.location = loc;
    access.flags = prtMemAccessFlagsProtReadWrite;
    prtError_t own = prtMemPoolSetAccess(pool, &access, 1);  // the owning device: CUDA may refuse to change it
#if PRT_BACKEND_CPU
    CHECK(own == prtSuccess);
#endif
    (void)own;
    (void)prtGetLastError();
    prtMemAccessFlags af = prtMemAccessFlagsProtNone;
    CHECK_OK(prtMemPoolGetAccess(&af, pool, &loc));
    CHECK(af == prtMemAccessFlagsProtReadWrite);
    prtStream_t s;
    CHECK_OK(prtStreamCreate(&s));
    float* p;
    CHECK_OK(prtMallocFromPoolAsync(&p, 4096, pool, s));
    CHECK_OK(prtMemsetAsync(p, 0, 4096, s));
    CHECK_OK(prtStreamSynchronize(s));
    unsigned long long used = 0;
    CHECK_OK(prtMemPoolGetAttribute(pool, prtMemPoolAttrUsedMemCurrent, &used));
    CHECK(used >= 4096);
    CHECK_OK(prtMemSetMemPool(&loc, prtMemAllocationTypePinned, pool));
    CHECK_OK(prtMemGetMemPool(&cur, &loc, prtMemAllocationTypePinned));
    CHECK(cur == pool);
    CHECK_OK(prtDeviceSetMemPool(0, def));
    prtMemPoolPtrExportData ex;
    prtError_t e = prtMemPoolExportPointer(&ex, p);  // pools made without an export handle type may refuse
#if PRT_BACKEND_CPU
    CHECK(e == prtSuccess);
    void* back = nullptr;
    CHECK_OK(prtMemPoolImportPointer(&back, pool, &ex));
    CHECK(back == p);
#endif
    (void)e;
    int fd = -1;
    CHECK(prtMemPoolExportToShareableHandle(&fd, pool, prtMemHandleTypePosixFileDescriptor, 0) != prtSuccess);
    prtMemPool_t imported = nullptr;
    CHECK(prtMemPoolImportFromShareableHandle(&imported, &fd, prtMemHandleTypePosixFileDescriptor, 0) != prtSuccess);
    (void)prtGetLastError();
    CHECK_OK(prtFreeAsync(p, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK_OK(prtMemPoolTrimTo(pool, 0));
    CHECK_OK(prtMemPoolDestroy(pool));
    CHECK_OK(prtStreamDestroy(s));
}

static void peers_and_ipc() {
    int count = 0, can = -1;
    CHECK_OK(prtGetDeviceCount(&count));
    CHECK_OK(prtDeviceCanAccessPeer(&can, 0, 0));
    CHECK(can == 0);  // a device is not its own peer
    CHECK(prtDeviceEnablePeerAccess(0, 0) != prtSuccess);
    CHECK(prtDeviceDisablePeerAccess(0) != prtSuccess);
    int rank = 0;
    CHECK(prtDeviceGetP2PAttribute(&rank, prtDevP2PAttrAccessSupported, 0, 0) != prtSuccess);
    (void)prtGetLastError();
    if (count > 1) {
        CHECK_OK(prtDeviceCanAccessPeer(&can, 0, 1));
        CHECK_OK(prtDeviceGetP2PAttribute(&rank, prtDevP2PAttrPerformanceRank, 0, 1));
    }
    float* d;
    CHECK_OK(prtMalloc(&d, 1024));
    prtIpcMemHandle_t mh;
    CHECK_OK(prtIpcGetMemHandle(&mh, d));
    prtEvent_t ev;
    CHECK_OK(prtEventCreateWithFlags(&ev, prtEventInterprocess | prtEventDisableTiming));
    prtIpcEventHandle_t eh;
    CHECK_OK(prtIpcGetEventHandle(&eh, ev));
#if PRT_BACKEND_CPU  // CUDA refuses to open a handle in the process that made it; the CPU opens it in place
    void* opened = nullptr;
    CHECK_OK(prtIpcOpenMemHandle(&opened, mh, prtIpcMemLazyEnablePeerAccess));
    CHECK(opened == d);
    CHECK_OK(prtIpcCloseMemHandle(opened));
    prtEvent_t ev2 = nullptr;
    CHECK_OK(prtIpcOpenEventHandle(&ev2, eh));
    CHECK(ev2 == ev);
#endif
    CHECK_OK(prtEventDestroy(ev));
    CHECK_OK(prtFree(d));
}

static void imported() {
#if PRT_BACKEND_CPU  // a memfd is shared host memory, which only the CPU backend can import
    int fd = memfd_create("prt-external", 0);
    CHECK(fd >= 0);
    CHECK(ftruncate(fd, 4096) == 0);
    prtExternalMemoryHandleDesc desc = {};
    desc.type = prtExternalMemoryHandleTypeOpaqueFd;
    desc.handle.fd = fd;
    desc.size = 4096;
    prtExternalMemory_t ext = nullptr;
    CHECK_OK(prtImportExternalMemory(&ext, &desc));
    prtExternalMemoryBufferDesc buf = {};
    buf.offset = 1024;
    buf.size = 1024;
    void* p = nullptr;
    CHECK_OK(prtExternalMemoryGetMappedBuffer(&p, ext, &buf));
    const int seven = 7;
    CHECK_OK(prtMemcpy(p, &seven, sizeof seven, prtMemcpyHostToDevice));
    int seen = 0;
    CHECK(pread(fd, &seen, sizeof seen, 1024) == ssize_t(sizeof seen));
    CHECK(seen == 7);  // the write went to the shared file
    CHECK_OK(prtDestroyExternalMemory(ext));
    close(fd);
    desc.type = prtExternalMemoryHandleTypeOpaqueWin32;
    CHECK_ERR(prtImportExternalMemory(&ext, &desc), prtErrorNotSupported);
    char attrs[64];
    CHECK_ERR(prtDeviceGetNvSciSyncAttributes(attrs, 0, 0), prtErrorNotSupported);
    (void)prtGetLastError();
#else
    prtExternalMemory_t ext = nullptr;
    prtExternalMemoryHandleDesc desc = {};
    desc.type = prtExternalMemoryHandleTypeOpaqueFd;
    desc.handle.fd = -1;
    desc.size = 4096;
    CHECK(prtImportExternalMemory(&ext, &desc) != prtSuccess);  // not a handle any API exported
    prtExternalMemoryBufferDesc buf = {};
    buf.size = 4096;
    void* p = nullptr;
    CHECK(prtExternalMemoryGetMappedBuffer(&p, ext, &buf) != prtSuccess);  // no memory was imported
    CHECK(prtDestroyExternalMemory(ext) != prtSuccess);
    char attrs[64];
    (void)prtDeviceGetNvSciSyncAttributes(attrs, 0, 0);
    (void)prtGetLastError();
#endif
}

static void batches() {
    float *a, *b, *m;
    CHECK_OK(prtMalloc(&a, 256));
    CHECK_OK(prtMalloc(&b, 256));
    CHECK_OK(prtMallocManaged(&m, 256));
    std::vector<float> h(64), g(64, 0.f);
    for (int i = 0; i < 64; ++i) h[i] = float(i * i);
    prtStream_t s;
    CHECK_OK(prtStreamCreateWithFlags(&s, prtStreamNonBlocking));
    void* dsts[2] = {a, b};
    const void* srcs[2] = {h.data(), h.data() + 32};
    size_t sizes[2] = {128, 128};
    prtMemcpyAttributes attr = {};
    attr.srcAccessOrder = prtMemcpySrcAccessOrderStream;
    attr.srcLocHint.type = prtMemLocationTypeHost;
    attr.dstLocHint.type = prtMemLocationTypeDevice;
    size_t attrIdx = 0;
    CHECK_OK(prtMemcpyBatchAsync(dsts, srcs, sizes, 2, &attr, &attrIdx, 1, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK_OK(prtMemcpy(g.data(), b, 128, prtMemcpyDeviceToHost));
    CHECK(g[1] == 33.f * 33.f);
    void* ranges[1] = {m};
    size_t lens[1] = {256};
    prtMemLocation loc = {};
    loc.type = prtMemLocationTypeDevice;
    size_t locIdx = 0;
    CHECK_OK(prtMemPrefetchBatchAsync(ranges, lens, 1, &loc, &locIdx, 1, 0, s));
    CHECK_OK(prtMemDiscardBatchAsync(ranges, lens, 1, 0, s));
    CHECK_OK(prtMemDiscardAndPrefetchBatchAsync(ranges, lens, 1, &loc, &locIdx, 1, 0, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK_OK(prtStreamDestroy(s));
    CHECK_OK(prtFree(a));
    CHECK_OK(prtFree(b));
    CHECK_OK(prtFree(m));
}

int main() {
    pitched();
    arrays();
    managed();
    pools();
    peers_and_ipc();
    imported();
    batches();
    CHECK(prtGetLastError() == prtSuccess);
    return finish();
}
