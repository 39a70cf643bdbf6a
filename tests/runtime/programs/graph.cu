// Graphs: a stream's work captured (copies, fills, host calls, a fork and join through events) and replayed; graphs
// built node by node, their edges, clones, updates, per-launch parameters, enabled nodes, user objects, capture
// state queries and the errors a capturing stream gives.
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "check.h"

// A call the CPU backend implements must succeed there; a GPU runtime may lack it (HIP 5) and say so.
#if PRT_BACKEND_CPU
#define ABSENT_OK(e) ((e) == prtSuccess)
#else
#define ABSENT_OK(e) ((e) == prtSuccess || (e) == prtErrorNotSupported)
#endif

__device__ int sym[4];

__global__ void add_one(int* p) { p[threadIdx.x] += 1; }

static void bump(void* p) { *static_cast<int*>(p) += 1; }
static void twice(void* p) { *static_cast<int*>(p) *= 2; }
static int destroyed = 0;
static void destroy(void* p) { destroyed += *static_cast<int*>(p); }

static void captured() {
    const int n = 256;
    int* h = nullptr;  // pinned: captured copies from pageable memory are not allowed on every GPU runtime
    CHECK_OK(prtMallocHost(&h, n * sizeof(int)));
    std::vector<int> out(n, 0);
    for (int i = 0; i < n; ++i) h[i] = i;
    int *a, *b;
    CHECK_OK(prtMalloc(&a, n * sizeof(int)));
    CHECK_OK(prtMalloc(&b, n * sizeof(int)));
    prtStream_t s, t;
    CHECK_OK(prtStreamCreateWithFlags(&s, prtStreamNonBlocking));
    CHECK_OK(prtStreamCreateWithFlags(&t, prtStreamNonBlocking));
    prtEvent_t fork, join;
    CHECK_OK(prtEventCreateWithFlags(&fork, prtEventDisableTiming));
    CHECK_OK(prtEventCreateWithFlags(&join, prtEventDisableTiming));
    int calls = 0;

    prtStreamCaptureStatus st = prtStreamCaptureStatusActive;
    CHECK_OK(prtStreamIsCapturing(s, &st));
    CHECK(st == prtStreamCaptureStatusNone);
    CHECK_OK(prtStreamBeginCapture(s, prtStreamCaptureModeThreadLocal));
    CHECK_OK(prtStreamIsCapturing(s, &st));
    CHECK(st == prtStreamCaptureStatusActive);
    CHECK_OK(prtMemcpyAsync(a, h, n * sizeof(int), prtMemcpyHostToDevice, s));
    CHECK_OK(prtEventRecord(fork, s));
    CHECK_OK(prtStreamWaitEvent(t, fork, 0));          // t joins the capture
    CHECK_OK(prtMemsetAsync(b, 0, n * sizeof(int), t));
    CHECK_OK(prtLaunchHostFunc(t, bump, &calls));
    CHECK_OK(prtEventRecord(join, t));
    CHECK_OK(prtStreamWaitEvent(s, join, 0));          // and is joined back
    CHECK_OK(prtMemcpyAsync(b, a, 64 * sizeof(int), prtMemcpyDeviceToDevice, s));
    CHECK_OK(prtLaunchHostFunc(s, twice, &calls));
    // Rows 8-11 of b as a 16x16 matrix: ints 1-4 of each set to -1 by a 2-D fill, then 0-1 copied from a 2-D copy.
    CHECK_OK(prtMemset2DAsync(b + 8 * 16 + 1, 16 * sizeof(int), 0xff, 4 * sizeof(int), 4, s));
    CHECK_OK(prtMemcpy2DAsync(b + 8 * 16, 16 * sizeof(int), a, 16 * sizeof(int), 2 * sizeof(int), 4,
                              prtMemcpyDeviceToDevice, s));
    CHECK_OK(prtMemcpyToSymbolAsync(sym, h + 100, sizeof sym, 0, prtMemcpyHostToDevice, s));
    CHECK_OK(prtMemcpyFromSymbolAsync(b + 200, sym, sizeof sym, 0, prtMemcpyDeviceToDevice, s));
    unsigned long long id = 0;
    prtGraph_t inside = nullptr;
    const prtGraphNode_t* deps = nullptr;
    size_t ndeps = 0;
    CHECK_OK(prtStreamGetCaptureInfo(s, &st, &id, &inside, &deps, &ndeps));
    CHECK(st == prtStreamCaptureStatusActive && id != 0 && inside != nullptr && ndeps == 1);
    CHECK_OK(prtStreamGetCaptureInfo(s, &st, &id, &inside, &deps, nullptr, &ndeps));
    prtGraph_t graph = nullptr;
    CHECK_OK(prtStreamEndCapture(s, &graph));
    CHECK(graph != nullptr);
    CHECK(calls == 0);  // nothing ran while capturing
    size_t count = 0;
    CHECK_OK(prtGraphGetNodes(graph, nullptr, &count));
    CHECK(count >= 5);

    prtGraphExec_t exec = nullptr;
    CHECK_OK(prtGraphInstantiate(&exec, graph, 0));
    prtGraphExec_t exec_old = nullptr;  // CUDA 11's five-argument form
    CHECK_OK(prtGraphInstantiate(&exec_old, graph, nullptr, nullptr, 0));
    CHECK_OK(prtGraphExecDestroy(exec_old));
    CHECK_OK(prtGraphUpload(exec, s));
    for (int round = 0; round < 2; ++round) {
        CHECK_OK(prtMemset(a, 0xff, n * sizeof(int)));
        CHECK_OK(prtGraphLaunch(exec, s));
        CHECK_OK(prtStreamSynchronize(s));
    }
    CHECK(calls == 6);  // (0+1)*2 = 2, then (2+1)*2 = 6: both host calls ran twice, in order
    CHECK_OK(prtMemcpy(out.data(), b, n * sizeof(int), prtMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; ++i) {
        int row = i / 16, col = i % 16, want = i < 64 ? i : 0;
        if (row >= 8 && row < 12 && col < 2) want = (row - 8) * 16 + col;
        else if (row >= 8 && row < 12 && col < 5) want = -1;
        if (i >= 200 && i < 204) want = 100 + (i - 200);
        ok = ok && out[i] == want;
    }
    CHECK(ok);
    value("graph_calls", calls);

    // A capturing stream refuses to be waited for, and the capture then fails.
    CHECK_OK(prtStreamBeginCapture(s, prtStreamCaptureModeRelaxed));
    CHECK(prtStreamSynchronize(s) != prtSuccess);
    prtGraph_t broken = nullptr;
    CHECK(prtStreamEndCapture(s, &broken) != prtSuccess);
    CHECK(broken == nullptr);
    (void)prtGetLastError();
    CHECK(prtStreamBeginCapture(0, prtStreamCaptureModeGlobal) != prtSuccess);  // not the legacy stream
    (void)prtGetLastError();

    prtStreamCaptureMode mode = prtStreamCaptureModeRelaxed;
    CHECK_OK(prtThreadExchangeStreamCaptureMode(&mode));
    CHECK(mode == prtStreamCaptureModeGlobal);
    CHECK_OK(prtThreadExchangeStreamCaptureMode(&mode));

    // Capture into an existing graph, after one of its nodes, with the dependency set replaced midway.
    prtGraph_t g2 = nullptr;
    CHECK_OK(prtGraphCreate(&g2, 0));
    prtGraphNode_t root = nullptr;
    prtHostNodeParams hp = {bump, &calls};
    CHECK_OK(prtGraphAddHostNode(&root, g2, nullptr, 0, &hp));
    CHECK_OK(prtStreamBeginCaptureToGraph(s, g2, &root, nullptr, 1, prtStreamCaptureModeGlobal));
    CHECK_OK(prtLaunchHostFunc(s, twice, &calls));
    CHECK_OK(prtStreamUpdateCaptureDependencies(s, &root, 1, prtStreamSetCaptureDependencies));
    CHECK_OK(prtStreamUpdateCaptureDependencies(s, &root, nullptr, 1, prtStreamAddCaptureDependencies));
    CHECK_OK(prtLaunchHostFunc(s, bump, &calls));
    prtGraph_t same = nullptr;
    CHECK_OK(prtStreamEndCapture(s, &same));
    CHECK(same == g2);
    CHECK_OK(prtGraphGetNodes(g2, nullptr, &count));
    CHECK(count == 3);
    size_t roots = 0;
    CHECK_OK(prtGraphGetRootNodes(g2, nullptr, &roots));
    CHECK(roots == 1);

    CHECK_OK(prtGraphExecDestroy(exec));
    CHECK_OK(prtGraphDestroy(graph));
    CHECK_OK(prtGraphDestroy(g2));
    CHECK_OK(prtEventDestroy(fork));
    CHECK_OK(prtEventDestroy(join));
    CHECK_OK(prtStreamDestroy(s));
    CHECK_OK(prtStreamDestroy(t));
    CHECK_OK(prtFree(a));
    CHECK_OK(prtFree(b));
    CHECK_OK(prtFreeHost(h));
}

static void built() {
    const int n = 64;
    int *a, *b;
    CHECK_OK(prtMalloc(&a, n * sizeof(int)));
    CHECK_OK(prtMalloc(&b, n * sizeof(int)));
    std::vector<int> h(n, 0);
    prtGraph_t g = nullptr;
    CHECK_OK(prtGraphCreate(&g, 0));
    prtGraphNodeType type0;
    // fill a with 7s, copy a -> b, then a host call; an empty join node and an event record at the end.
    prtMemsetParams mp = {};
    mp.dst = a;
    mp.value = 7;
    mp.elementSize = 4;
    mp.width = n;
    mp.height = 1;
    prtGraphNode_t fill = nullptr, copy = nullptr, host = nullptr, join = nullptr, rec = nullptr, wait = nullptr;
    prtGraphNode_t copy3d = nullptr;
    prtMemcpy3DParms c3 = {};  // a 3-D copy node, later removed
    c3.srcPtr = make_prtPitchedPtr(a, n * sizeof(int), n, 1);
    c3.dstPtr = make_prtPitchedPtr(b, n * sizeof(int), n, 1);
    c3.extent = make_prtExtent(n * sizeof(int), 1, 1);
    c3.kind = prtMemcpyDeviceToDevice;
    CHECK_OK(prtGraphAddMemcpyNode(&copy3d, g, nullptr, 0, &c3));
    CHECK_OK(prtGraphNodeGetType(copy3d, &type0));
    CHECK(type0 == prtGraphNodeTypeMemcpy);
    CHECK_OK(prtGraphDestroyNode(copy3d));
    CHECK_OK(prtGraphAddMemsetNode(&fill, g, nullptr, 0, &mp));
    CHECK_OK(prtGraphAddMemcpyNode1D(&copy, g, &fill, 1, b, a, n * sizeof(int), prtMemcpyDeviceToDevice));
    int calls = 0;
    prtHostNodeParams hp = {bump, &calls};
    CHECK_OK(prtGraphAddHostNode(&host, g, &copy, 1, &hp));
    prtGraphNode_t both[2] = {copy, host};
    CHECK_OK(prtGraphAddEmptyNode(&join, g, both, 2));
    prtEvent_t ev;
    CHECK_OK(prtEventCreate(&ev));
    CHECK_OK(prtGraphAddEventRecordNode(&rec, g, &join, 1, ev));
    CHECK_OK(prtGraphAddEventWaitNode(&wait, g, &rec, 1, ev));
    prtGraphNodeType type;
    CHECK_OK(prtGraphNodeGetType(fill, &type));
    CHECK(type == prtGraphNodeTypeMemset);
    CHECK_OK(prtGraphNodeGetType(join, &type));
    CHECK(type == prtGraphNodeTypeEmpty);
    size_t edges = 0;
    CHECK_OK(prtGraphGetEdges(g, nullptr, nullptr, &edges));
    CHECK(edges == 6);
    std::vector<prtGraphNode_t> from(edges), to(edges);
    CHECK_OK(prtGraphGetEdges(g, from.data(), to.data(), &edges));
    size_t ndeps = 2;
    prtGraphNode_t deps[2];
    CHECK_OK(prtGraphNodeGetDependencies(join, deps, &ndeps));
    CHECK(ndeps == 2);
    ndeps = 2;
    CHECK_OK(prtGraphNodeGetDependentNodes(copy, deps, &ndeps));
    CHECK(ndeps == 2);
    CHECK_OK(prtGraphRemoveDependencies(g, &copy, &join, 1));
    ndeps = 0;
    CHECK_OK(prtGraphNodeGetDependencies(join, nullptr, &ndeps));
    CHECK(ndeps == 1);
    CHECK_OK(prtGraphAddDependencies(g, &copy, &join, 1));
    CHECK(prtGraphAddDependencies(g, &copy, &join, 1) != prtSuccess);  // already there
    (void)prtGetLastError();

    prtMemsetParams got = {};
    CHECK_OK(prtGraphMemsetNodeGetParams(fill, &got));
    CHECK(got.value == 7 && got.width == size_t(n));
    prtHostNodeParams hgot = {};
    CHECK_OK(prtGraphHostNodeGetParams(host, &hgot));
    CHECK(hgot.fn == bump);
    prtEvent_t evgot = nullptr;
    CHECK_OK(prtGraphEventRecordNodeGetEvent(rec, &evgot));
    CHECK(evgot == ev);
    CHECK_OK(prtGraphEventWaitNodeGetEvent(wait, &evgot));
    CHECK(evgot == ev);
    CHECK_OK(prtGraphEventRecordNodeSetEvent(rec, ev));
    CHECK_OK(prtGraphEventWaitNodeSetEvent(wait, ev));
    prtMemcpy3DParms cp = {};
    CHECK_OK(prtGraphMemcpyNodeGetParams(copy, &cp));
    CHECK(cp.extent.width * cp.extent.height * cp.extent.depth >= size_t(n) * sizeof(int) || cp.dstPtr.ptr == b);

    // A child graph holding a copy of g, in a parent; clone and find.
    prtGraph_t parent = nullptr, clone = nullptr;
    CHECK_OK(prtGraphCreate(&parent, 0));
    prtGraphNode_t child = nullptr, found = nullptr;
    CHECK_OK(prtGraphAddChildGraphNode(&child, parent, nullptr, 0, g));
    prtGraph_t inner = nullptr;
    CHECK_OK(prtGraphChildGraphNodeGetGraph(child, &inner));
    size_t innerCount = 0;
    CHECK_OK(prtGraphGetNodes(inner, nullptr, &innerCount));
    CHECK(innerCount == 6);
    CHECK_OK(prtGraphClone(&clone, g));
    CHECK_OK(prtGraphNodeFindInClone(&found, host, clone));
    CHECK_OK(prtGraphNodeGetType(found, &type));
    CHECK(type == prtGraphNodeTypeHost);

    prtStream_t s;
    CHECK_OK(prtStreamCreate(&s));
    prtGraphExec_t exec = nullptr;
    CHECK_OK(prtGraphInstantiateWithFlags(&exec, parent, 0));
    CHECK_OK(prtGraphLaunch(exec, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK_OK(prtMemcpy(h.data(), b, n * sizeof(int), prtMemcpyDeviceToHost));
    CHECK(h[0] == 7 && h[n - 1] == 7 && calls == 1);  // 4-byte elements of value 7
    unsigned long long flags = 9;
    CHECK_OK(prtGraphExecGetFlags(exec, &flags));
    CHECK(flags == 0);

    // Per-launch parameters of an instantiated graph, and a disabled node.
    prtGraphExec_t ge = nullptr;
    prtGraphInstantiateParams ip = {};
    ip.flags = 0;
    ip.uploadStream = s;
    CHECK_OK(prtGraphInstantiateWithParams(&ge, g, &ip));
    CHECK(ip.result_out == prtGraphInstantiateSuccess);
    mp.value = 1;
    CHECK_OK(prtGraphExecMemsetNodeSetParams(ge, fill, &mp));
    prtHostNodeParams hp2 = {twice, &calls};
    CHECK_OK(prtGraphExecHostNodeSetParams(ge, host, &hp2));
    CHECK_OK(prtGraphExecEventRecordNodeSetEvent(ge, rec, ev));
    CHECK_OK(prtGraphExecEventWaitNodeSetEvent(ge, wait, ev));
    unsigned int on = 0;
    CHECK_OK(prtGraphNodeGetEnabled(ge, copy, &on));
    CHECK(on == 1);
    CHECK_OK(prtGraphNodeSetEnabled(ge, copy, 0));
    CHECK_OK(prtMemset(b, 0, n * sizeof(int)));
    CHECK_OK(prtGraphLaunch(ge, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK_OK(prtMemcpy(h.data(), b, n * sizeof(int), prtMemcpyDeviceToHost));
    CHECK(h[0] == 0 && calls == 2);  // the copy was off; the host node now doubles
    CHECK_OK(prtGraphNodeSetEnabled(ge, copy, 1));
    CHECK_OK(prtGraphExecMemcpyNodeSetParams1D(ge, copy, b, a, 4 * sizeof(int), prtMemcpyDeviceToDevice));
    CHECK_OK(prtGraphLaunch(ge, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK_OK(prtMemcpy(h.data(), b, n * sizeof(int), prtMemcpyDeviceToHost));
    CHECK(h[0] == 1 && h[3] == 1 && h[4] == 0 && calls == 4);
    CHECK_OK(prtGraphExecMemcpyNodeSetParams(ge, copy, &cp));
    CHECK_OK(prtGraphExecChildGraphNodeSetParams(exec, child, g));

    // The graph itself changes, and the executable graph takes the change.
    CHECK_OK(prtGraphMemsetNodeSetParams(fill, &mp));
    CHECK_OK(prtGraphHostNodeSetParams(host, &hp));
    CHECK_OK(prtGraphMemcpyNodeSetParams(copy, &cp));
    CHECK_OK(prtGraphMemcpyNodeSetParams1D(copy, b, a, n * sizeof(int), prtMemcpyDeviceToDevice));
    prtGraphExecUpdateResultInfo info = {};
    CHECK_OK(prtGraphExecUpdate(ge, g, &info));
    CHECK(info.result == prtGraphExecUpdateSuccess);
    CHECK_OK(prtGraphLaunch(ge, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK(calls == 5);
    prtGraphNode_t extra = nullptr;
    CHECK_OK(prtGraphAddEmptyNode(&extra, g, nullptr, 0));
    CHECK(prtGraphExecUpdate(ge, g, &info) != prtSuccess);  // a node more: the topology changed
    CHECK(info.result != prtGraphExecUpdateSuccess);
    (void)prtGetLastError();
    CHECK_OK(prtGraphDestroyNode(extra));

    // Copies to and from a device symbol (the symbol itself, as CUDA wants it; its device address is refused).
    void* symAt = nullptr;
    CHECK_OK(prtGetSymbolAddress(&symAt, sym));
    CHECK(symAt != nullptr);
    int four[4] = {1, 2, 3, 4}, back[4] = {};
    prtGraph_t gs = nullptr;
    CHECK_OK(prtGraphCreate(&gs, 0));
    prtGraphNode_t to_sym = nullptr, from_sym = nullptr;
    CHECK_OK(prtGraphAddMemcpyNodeToSymbol(&to_sym, gs, nullptr, 0, sym, four, sizeof four, 0, prtMemcpyHostToDevice));
    CHECK_OK(prtGraphAddMemcpyNodeFromSymbol(&from_sym, gs, &to_sym, 1, back, sym, 2 * sizeof(int), 2 * sizeof(int),
                                             prtMemcpyDeviceToHost));
    CHECK_OK(prtGraphMemcpyNodeSetParamsToSymbol(to_sym, sym, four, sizeof four, 0, prtMemcpyHostToDevice));
    CHECK_OK(prtGraphMemcpyNodeSetParamsFromSymbol(from_sym, back, sym, 2 * sizeof(int), 2 * sizeof(int),
                                                   prtMemcpyDeviceToHost));
    prtGraphExec_t gse = nullptr;
    CHECK_OK(prtGraphInstantiate(&gse, gs));
    CHECK_OK(prtGraphExecMemcpyNodeSetParamsToSymbol(gse, to_sym, sym, four, sizeof four, 0, prtMemcpyHostToDevice));
    CHECK_OK(prtGraphExecMemcpyNodeSetParamsFromSymbol(gse, from_sym, back, sym, 2 * sizeof(int), 2 * sizeof(int),
                                                       prtMemcpyDeviceToHost));
    CHECK_OK(prtGraphLaunch(gse, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK(back[0] == 3 && back[1] == 4);

    // Allocation and free nodes.
    prtGraph_t ga = nullptr;
    CHECK_OK(prtGraphCreate(&ga, 0));
    prtMemAllocNodeParams ap = {};
    ap.poolProps.allocType = prtMemAllocationTypePinned;
    ap.poolProps.location.type = prtMemLocationTypeDevice;
    ap.poolProps.location.id = 0;
    ap.bytesize = 1024;
    prtGraphNode_t alloc = nullptr, freeNode = nullptr;
    prtError_t e = prtGraphAddMemAllocNode(&alloc, ga, nullptr, 0, &ap);
    CHECK(ABSENT_OK(e));
    if (e == prtSuccess) {
        CHECK(ap.dptr != nullptr);
        CHECK_OK(prtGraphAddMemFreeNode(&freeNode, ga, &alloc, 1, ap.dptr));
        prtMemAllocNodeParams agot = {};
        CHECK_OK(prtGraphMemAllocNodeGetParams(alloc, &agot));
        CHECK(agot.bytesize == 1024 && agot.dptr == ap.dptr);
        void* freed = nullptr;
        CHECK_OK(prtGraphMemFreeNodeGetParams(freeNode, &freed));
        CHECK(freed == ap.dptr);
        prtGraphExec_t gae = nullptr;
        CHECK_OK(prtGraphInstantiate(&gae, ga, 0));
        CHECK_OK(prtGraphLaunch(gae, s));
        CHECK_OK(prtStreamSynchronize(s));
        CHECK_OK(prtGraphExecDestroy(gae));
    } else {
        CHECK(e == prtErrorNotSupported);  // HIP 5 has no allocation nodes
        (void)prtGetLastError();
    }

    // Kernel nodes: a kernel by address runs on a GPU only.
    prtKernelNodeParams kp = {};
    prtGraphNode_t kn = nullptr;
#if PRT_BACKEND_CPU
    CHECK_ERR(prtGraphAddKernelNode(&kn, g, nullptr, 0, &kp), prtErrorNotSupported);
    CHECK(prtGraphKernelNodeGetParams(host, &kp) != prtSuccess);  // not a kernel node
    CHECK(prtGraphKernelNodeSetParams(host, &kp) != prtSuccess);
    prtKernelNodeAttrValue kv = {};
    CHECK(prtGraphKernelNodeGetAttribute(host, prtKernelNodeAttributePriority, &kv) != prtSuccess);
    CHECK(prtGraphKernelNodeSetAttribute(host, prtKernelNodeAttributePriority, &kv) != prtSuccess);
    CHECK(prtGraphKernelNodeCopyAttributes(host, host) != prtSuccess);
    CHECK(prtGraphExecKernelNodeSetParams(ge, host, &kp) != prtSuccess);
    (void)prtGetLastError();
#else
    prtGraph_t gk = nullptr;
    CHECK_OK(prtGraphCreate(&gk, 0));
    void* args[] = {&a};
    kp.func = reinterpret_cast<void*>(add_one);
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(n);
    kp.kernelParams = args;
    CHECK_OK(prtGraphAddKernelNode(&kn, gk, nullptr, 0, &kp));
    prtKernelNodeParams kgot = {};
    CHECK_OK(prtGraphKernelNodeGetParams(kn, &kgot));
    CHECK(kgot.func == kp.func && kgot.blockDim.x == unsigned(n));
    CHECK_OK(prtGraphKernelNodeSetParams(kn, &kp));
    prtKernelNodeAttrValue kv = {};
    kv.cooperative = 0;
    prtError_t ke = prtGraphKernelNodeSetAttribute(kn, prtKernelNodeAttributeCooperative, &kv);
    CHECK(ke == prtSuccess || ke == prtErrorNotSupported);
    ke = prtGraphKernelNodeGetAttribute(kn, prtKernelNodeAttributeCooperative, &kv);
    CHECK(ke == prtSuccess || ke == prtErrorNotSupported);
    prtGraphNode_t kn2 = nullptr;
    CHECK_OK(prtGraphAddKernelNode(&kn2, gk, &kn, 1, &kp));
    ke = prtGraphKernelNodeCopyAttributes(kn2, kn);
    CHECK(ke == prtSuccess || ke == prtErrorNotSupported);
    (void)prtGetLastError();
    prtGraphExec_t gke = nullptr;
    CHECK_OK(prtGraphInstantiate(&gke, gk, 0));
    CHECK_OK(prtGraphExecKernelNodeSetParams(gke, kn, &kp));
    CHECK_OK(prtMemset(a, 0, n * sizeof(int)));
    CHECK_OK(prtGraphLaunch(gke, s));
    CHECK_OK(prtStreamSynchronize(s));
    CHECK_OK(prtMemcpy(h.data(), a, n * sizeof(int), prtMemcpyDeviceToHost));
    CHECK(h[0] == 2 && h[n - 1] == 2);  // two kernel nodes, one increment each
    CHECK_OK(prtGraphExecDestroy(gke));
    CHECK_OK(prtGraphDestroy(gk));
#endif

    // User objects: the destructor runs when the last reference, the graph's included, is gone.
    static int payload = 5;
    prtUserObject_t obj = nullptr;
    e = prtUserObjectCreate(&obj, &payload, destroy, 1, prtUserObjectNoDestructorSync);
    CHECK(ABSENT_OK(e));
    if (e == prtSuccess) {
        CHECK_OK(prtUserObjectRetain(obj, 1));
        CHECK_OK(prtGraphRetainUserObject(clone, obj, 1, prtGraphUserObjectMove));
        CHECK_OK(prtUserObjectRelease(obj, 1));
        CHECK(destroyed == 0);
        CHECK_OK(prtGraphRetainUserObject(clone, obj, 1, 0));
        CHECK_OK(prtGraphReleaseUserObject(clone, obj, 1));
        CHECK_OK(prtGraphDestroy(clone));
        CHECK_OK(prtDeviceSynchronize());
#if PRT_BACKEND_CPU
        CHECK(destroyed == 5);
#endif
    } else {
        CHECK(e == prtErrorNotSupported);
        CHECK_OK(prtGraphDestroy(clone));
        (void)prtGetLastError();
    }

    char dot[] = "/tmp/prt-graph-XXXXXX";
    int fd = mkstemp(dot);
    if (fd >= 0) {
        e = prtGraphDebugDotPrint(g, dot, 0);
        CHECK(ABSENT_OK(e));
        std::FILE* f = std::fopen(dot, "r");
        char line[64] = {};
        if (e == prtSuccess && f) CHECK(std::fgets(line, sizeof line, f) && std::string(line).find("digraph") != std::string::npos);
        if (f) std::fclose(f);
        std::remove(dot);
        (void)prtGetLastError();
    }

    CHECK_OK(prtGraphExecDestroy(exec));
    CHECK_OK(prtGraphExecDestroy(ge));
    CHECK_OK(prtGraphExecDestroy(gse));
    CHECK_OK(prtGraphDestroy(g));
    CHECK_OK(prtGraphDestroy(gs));
    CHECK_OK(prtGraphDestroy(ga));
    CHECK_OK(prtGraphDestroy(parent));
    CHECK_OK(prtEventDestroy(ev));
    CHECK_OK(prtStreamDestroy(s));
    CHECK_OK(prtFree(a));
    CHECK_OK(prtFree(b));
}

int main() {
    captured();
    built();
    CHECK(prtGetLastError() == prtSuccess);
    return finish();
}
