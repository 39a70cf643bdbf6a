// prt/gpu/graph.h: graphs and stream capture forward to the vendor runtime. CUDA 13 gives edges data of their own
// (null here: plain dependencies); HIP 5 lacks a few calls, which answer prtErrorNotSupported there.
#pragma once

#if PRT_BACKEND_CUDA
#define PRT_GPU_EDGES(data) data,  // CUDA 13's edge-data argument
#define PRT_GPU_IF_CUDA(call, ...) return call
#else
#define PRT_GPU_EDGES(data)
#define PRT_GPU_IF_CUDA(call, ...) return ::prt::gpu::not_supported(__VA_ARGS__)  // HIP 5 lacks it
namespace prt::gpu {
template <class... A>
inline prtError_t not_supported(const A&...) { return prtErrorNotSupported; }
}  // namespace prt::gpu
#endif

inline prtError_t prtStreamAddCallback(prtStream_t stream, prtStreamCallback_t callback, void* userData,
                                       unsigned int flags) {
    return PRT_GPU(StreamAddCallback)(stream, callback, userData, flags);
}
inline prtError_t prtStreamGetDevice(prtStream_t stream, int* device) {
#if PRT_BACKEND_CUDA
    return cudaStreamGetDevice(stream, device);
#else
    (void)stream;  // HIP 5: a stream belongs to the device current when it was made; the current one is the answer
    return hipGetDevice(device);
#endif
}
inline prtError_t prtStreamGetId(prtStream_t stream, unsigned long long* streamId) {
#if PRT_BACKEND_CUDA
    return cudaStreamGetId(stream, streamId);
#else
    if (!streamId) return hipErrorInvalidValue;  // HIP 5 has no stream ids: the handle is unique while it lives
    *streamId = reinterpret_cast<unsigned long long>(stream);
    return hipSuccess;
#endif
}
inline prtError_t prtStreamGetAttribute(prtStream_t stream, prtStreamAttrID attr, prtStreamAttrValue* value) {
#if PRT_BACKEND_CUDA
    return cudaStreamGetAttribute(stream, attr, value);
#else
    if (!value) return hipErrorInvalidValue;
    if (attr != prtLaunchAttributePriority) return hipErrorNotSupported;  // HIP 5 keeps no other stream attribute
    return hipStreamGetPriority(stream, &value->priority);
#endif
}
inline prtError_t prtStreamSetAttribute(prtStream_t stream, prtStreamAttrID attr, const prtStreamAttrValue* value) {
    PRT_GPU_IF_CUDA(cudaStreamSetAttribute(stream, attr, value), stream, attr, value);
}
inline prtError_t prtStreamCopyAttributes(prtStream_t dst, prtStream_t src) {
    PRT_GPU_IF_CUDA(cudaStreamCopyAttributes(dst, src), dst, src);
}
inline prtError_t prtStreamBeginCapture(prtStream_t stream, prtStreamCaptureMode mode) {
    return PRT_GPU(StreamBeginCapture)(stream, mode);
}
inline prtError_t prtStreamBeginCaptureToGraph(prtStream_t stream, prtGraph_t graph, const prtGraphNode_t* dependencies,
                                               const prtGraphEdgeData* dependencyData, size_t numDependencies,
                                               prtStreamCaptureMode mode) {
    PRT_GPU_IF_CUDA(cudaStreamBeginCaptureToGraph(stream, graph, dependencies, dependencyData, numDependencies, mode),
                    stream, graph, dependencies, dependencyData, numDependencies, mode);
}
inline prtError_t prtStreamEndCapture(prtStream_t stream, prtGraph_t* graph) {
    return PRT_GPU(StreamEndCapture)(stream, graph);
}
inline prtError_t prtStreamIsCapturing(prtStream_t stream, prtStreamCaptureStatus* captureStatus) {
    return PRT_GPU(StreamIsCapturing)(stream, captureStatus);
}
inline prtError_t prtStreamGetCaptureInfo(prtStream_t stream, prtStreamCaptureStatus* captureStatus,
                                          unsigned long long* id, prtGraph_t* graph,
                                          const prtGraphNode_t** dependencies, const prtGraphEdgeData** edgeData,
                                          size_t* numDependencies) {
#if PRT_BACKEND_CUDA
    return cudaStreamGetCaptureInfo(stream, captureStatus, id, graph, dependencies, edgeData, numDependencies);
#else
    if (edgeData) *edgeData = nullptr;  // every edge is a plain dependency
    return hipStreamGetCaptureInfo_v2(stream, captureStatus, id, graph, dependencies, numDependencies);
#endif
}
inline prtError_t prtStreamGetCaptureInfo(prtStream_t stream, prtStreamCaptureStatus* captureStatus,
                                          unsigned long long* id, prtGraph_t* graph,
                                          const prtGraphNode_t** dependencies, size_t* numDependencies) {
    return prtStreamGetCaptureInfo(stream, captureStatus, id, graph, dependencies, nullptr, numDependencies);
}
inline prtError_t prtStreamUpdateCaptureDependencies(prtStream_t stream, prtGraphNode_t* dependencies,
                                                     const prtGraphEdgeData* dependencyData, size_t numDependencies,
                                                     unsigned int flags) {
#if PRT_BACKEND_CUDA
    return cudaStreamUpdateCaptureDependencies(stream, dependencies, dependencyData, numDependencies, flags);
#else
    if (dependencyData) return hipErrorNotSupported;
    return hipStreamUpdateCaptureDependencies(stream, dependencies, numDependencies, flags);
#endif
}
inline prtError_t prtStreamUpdateCaptureDependencies(prtStream_t stream, prtGraphNode_t* dependencies,
                                                     size_t numDependencies, unsigned int flags) {
    return prtStreamUpdateCaptureDependencies(stream, dependencies, nullptr, numDependencies, flags);
}
inline prtError_t prtThreadExchangeStreamCaptureMode(prtStreamCaptureMode* mode) {
    return PRT_GPU(ThreadExchangeStreamCaptureMode)(mode);
}
inline prtError_t prtEventRecordWithFlags(prtEvent_t event, prtStream_t stream, unsigned int flags) {
#if PRT_BACKEND_CUDA
    return cudaEventRecordWithFlags(event, stream, flags);
#else
    return flags == prtEventRecordDefault ? hipEventRecord(event, stream) : hipErrorNotSupported;
#endif
}

inline prtError_t prtGraphCreate(prtGraph_t* graph, unsigned int flags) { return PRT_GPU(GraphCreate)(graph, flags); }
inline prtError_t prtGraphDestroy(prtGraph_t graph) { return PRT_GPU(GraphDestroy)(graph); }
inline prtError_t prtGraphClone(prtGraph_t* clone, prtGraph_t original) { return PRT_GPU(GraphClone)(clone, original); }
inline prtError_t prtGraphNodeFindInClone(prtGraphNode_t* node, prtGraphNode_t originalNode, prtGraph_t clonedGraph) {
    return PRT_GPU(GraphNodeFindInClone)(node, originalNode, clonedGraph);
}
inline prtError_t prtGraphAddEmptyNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                       size_t numDeps) {
    return PRT_GPU(GraphAddEmptyNode)(node, graph, deps, numDeps);
}
inline prtError_t prtGraphAddKernelNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                        size_t numDeps, const prtKernelNodeParams* params) {
    return PRT_GPU(GraphAddKernelNode)(node, graph, deps, numDeps, params);
}
inline prtError_t prtGraphAddMemcpyNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                        size_t numDeps, const prtMemcpy3DParms* params) {
    return PRT_GPU(GraphAddMemcpyNode)(node, graph, deps, numDeps, params);
}
inline prtError_t prtGraphAddMemcpyNode1D(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                          size_t numDeps, void* dst, const void* src, size_t count,
                                          prtMemcpyKind kind) {
    return PRT_GPU(GraphAddMemcpyNode1D)(node, graph, deps, numDeps, dst, src, count, kind);
}
inline prtError_t prtGraphAddMemcpyNodeToSymbol(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                                size_t numDeps, const void* symbol, const void* src, size_t count,
                                                size_t offset, prtMemcpyKind kind) {
    return PRT_GPU(GraphAddMemcpyNodeToSymbol)(node, graph, deps, numDeps, symbol, src, count, offset, kind);
}
inline prtError_t prtGraphAddMemcpyNodeFromSymbol(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                                  size_t numDeps, void* dst, const void* symbol, size_t count,
                                                  size_t offset, prtMemcpyKind kind) {
    return PRT_GPU(GraphAddMemcpyNodeFromSymbol)(node, graph, deps, numDeps, dst, symbol, count, offset, kind);
}
inline prtError_t prtGraphAddMemsetNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                        size_t numDeps, const prtMemsetParams* params) {
    return PRT_GPU(GraphAddMemsetNode)(node, graph, deps, numDeps, params);
}
inline prtError_t prtGraphAddHostNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                      size_t numDeps, const prtHostNodeParams* params) {
    return PRT_GPU(GraphAddHostNode)(node, graph, deps, numDeps, params);
}
inline prtError_t prtGraphAddChildGraphNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                            size_t numDeps, prtGraph_t childGraph) {
    return PRT_GPU(GraphAddChildGraphNode)(node, graph, deps, numDeps, childGraph);
}
inline prtError_t prtGraphAddEventRecordNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                             size_t numDeps, prtEvent_t event) {
    return PRT_GPU(GraphAddEventRecordNode)(node, graph, deps, numDeps, event);
}
inline prtError_t prtGraphAddEventWaitNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                           size_t numDeps, prtEvent_t event) {
    return PRT_GPU(GraphAddEventWaitNode)(node, graph, deps, numDeps, event);
}
inline prtError_t prtGraphAddMemAllocNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                          size_t numDeps, prtMemAllocNodeParams* params) {
    PRT_GPU_IF_CUDA(cudaGraphAddMemAllocNode(node, graph, deps, numDeps, params), node, graph, deps, numDeps, params);
}
inline prtError_t prtGraphAddMemFreeNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                         size_t numDeps, void* dptr) {
    PRT_GPU_IF_CUDA(cudaGraphAddMemFreeNode(node, graph, deps, numDeps, dptr), node, graph, deps, numDeps, dptr);
}
inline prtError_t prtGraphDestroyNode(prtGraphNode_t node) { return PRT_GPU(GraphDestroyNode)(node); }
inline prtError_t prtGraphNodeGetType(prtGraphNode_t node, prtGraphNodeType* type) {
    return PRT_GPU(GraphNodeGetType)(node, type);
}
inline prtError_t prtGraphGetNodes(prtGraph_t graph, prtGraphNode_t* nodes, size_t* numNodes) {
    return PRT_GPU(GraphGetNodes)(graph, nodes, numNodes);
}
inline prtError_t prtGraphGetRootNodes(prtGraph_t graph, prtGraphNode_t* rootNodes, size_t* numRootNodes) {
    return PRT_GPU(GraphGetRootNodes)(graph, rootNodes, numRootNodes);
}
inline prtError_t prtGraphGetEdges(prtGraph_t graph, prtGraphNode_t* from, prtGraphNode_t* to,
                                   prtGraphEdgeData* edgeData, size_t* numEdges) {
#if !PRT_BACKEND_CUDA
    if (edgeData) return prtErrorNotSupported;
#endif
    return PRT_GPU(GraphGetEdges)(graph, from, to, PRT_GPU_EDGES(edgeData) numEdges);
}
inline prtError_t prtGraphGetEdges(prtGraph_t graph, prtGraphNode_t* from, prtGraphNode_t* to, size_t* numEdges) {
    return prtGraphGetEdges(graph, from, to, nullptr, numEdges);
}
inline prtError_t prtGraphNodeGetDependencies(prtGraphNode_t node, prtGraphNode_t* deps, prtGraphEdgeData* edgeData,
                                              size_t* numDeps) {
#if !PRT_BACKEND_CUDA
    if (edgeData) return prtErrorNotSupported;
#endif
    return PRT_GPU(GraphNodeGetDependencies)(node, deps, PRT_GPU_EDGES(edgeData) numDeps);
}
inline prtError_t prtGraphNodeGetDependencies(prtGraphNode_t node, prtGraphNode_t* deps, size_t* numDeps) {
    return prtGraphNodeGetDependencies(node, deps, nullptr, numDeps);
}
inline prtError_t prtGraphNodeGetDependentNodes(prtGraphNode_t node, prtGraphNode_t* dependents,
                                                prtGraphEdgeData* edgeData, size_t* numDependents) {
#if !PRT_BACKEND_CUDA
    if (edgeData) return prtErrorNotSupported;
#endif
    return PRT_GPU(GraphNodeGetDependentNodes)(node, dependents, PRT_GPU_EDGES(edgeData) numDependents);
}
inline prtError_t prtGraphNodeGetDependentNodes(prtGraphNode_t node, prtGraphNode_t* dependents,
                                                size_t* numDependents) {
    return prtGraphNodeGetDependentNodes(node, dependents, nullptr, numDependents);
}
inline prtError_t prtGraphAddDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                          const prtGraphEdgeData* edgeData, size_t numDependencies) {
#if !PRT_BACKEND_CUDA
    if (edgeData) return prtErrorNotSupported;
#endif
    return PRT_GPU(GraphAddDependencies)(graph, from, to, PRT_GPU_EDGES(edgeData) numDependencies);
}
inline prtError_t prtGraphAddDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                          size_t numDependencies) {
    return prtGraphAddDependencies(graph, from, to, nullptr, numDependencies);
}
inline prtError_t prtGraphRemoveDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                             const prtGraphEdgeData* edgeData, size_t numDependencies) {
#if !PRT_BACKEND_CUDA
    if (edgeData) return prtErrorNotSupported;
#endif
    return PRT_GPU(GraphRemoveDependencies)(graph, from, to, PRT_GPU_EDGES(edgeData) numDependencies);
}
inline prtError_t prtGraphRemoveDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                             size_t numDependencies) {
    return prtGraphRemoveDependencies(graph, from, to, nullptr, numDependencies);
}

inline prtError_t prtGraphKernelNodeGetParams(prtGraphNode_t node, prtKernelNodeParams* params) {
    return PRT_GPU(GraphKernelNodeGetParams)(node, params);
}
inline prtError_t prtGraphKernelNodeSetParams(prtGraphNode_t node, const prtKernelNodeParams* params) {
    return PRT_GPU(GraphKernelNodeSetParams)(node, params);
}
inline prtError_t prtGraphKernelNodeGetAttribute(prtGraphNode_t node, prtKernelNodeAttrID attr,
                                                 prtKernelNodeAttrValue* value) {
#if PRT_BACKEND_CUDA
    return cudaGraphKernelNodeGetAttribute(node, attr, value);
#else
    if (!value || attr != prtLaunchAttributeCooperative) return hipErrorNotSupported;  // HIP 5: no shared layout
    hipKernelNodeAttrValue v{};
    hipError_t e = hipGraphKernelNodeGetAttribute(node, hipKernelNodeAttributeCooperative, &v);
    value->cooperative = v.cooperative;
    return e;
#endif
}
inline prtError_t prtGraphKernelNodeSetAttribute(prtGraphNode_t node, prtKernelNodeAttrID attr,
                                                 const prtKernelNodeAttrValue* value) {
#if PRT_BACKEND_CUDA
    return cudaGraphKernelNodeSetAttribute(node, attr, value);
#else
    if (!value || attr != prtLaunchAttributeCooperative) return hipErrorNotSupported;
    hipKernelNodeAttrValue v{};
    v.cooperative = value->cooperative;
    return hipGraphKernelNodeSetAttribute(node, hipKernelNodeAttributeCooperative, &v);
#endif
}
inline prtError_t prtGraphKernelNodeCopyAttributes(prtGraphNode_t dst, prtGraphNode_t src) {
    PRT_GPU_IF_CUDA(cudaGraphKernelNodeCopyAttributes(dst, src), dst, src);
}
inline prtError_t prtGraphMemcpyNodeGetParams(prtGraphNode_t node, prtMemcpy3DParms* params) {
    return PRT_GPU(GraphMemcpyNodeGetParams)(node, params);
}
inline prtError_t prtGraphMemcpyNodeSetParams(prtGraphNode_t node, const prtMemcpy3DParms* params) {
    return PRT_GPU(GraphMemcpyNodeSetParams)(node, params);
}
inline prtError_t prtGraphMemcpyNodeSetParams1D(prtGraphNode_t node, void* dst, const void* src, size_t count,
                                                prtMemcpyKind kind) {
    return PRT_GPU(GraphMemcpyNodeSetParams1D)(node, dst, src, count, kind);
}
inline prtError_t prtGraphMemcpyNodeSetParamsToSymbol(prtGraphNode_t node, const void* symbol, const void* src,
                                                      size_t count, size_t offset, prtMemcpyKind kind) {
    return PRT_GPU(GraphMemcpyNodeSetParamsToSymbol)(node, symbol, src, count, offset, kind);
}
inline prtError_t prtGraphMemcpyNodeSetParamsFromSymbol(prtGraphNode_t node, void* dst, const void* symbol,
                                                        size_t count, size_t offset, prtMemcpyKind kind) {
    return PRT_GPU(GraphMemcpyNodeSetParamsFromSymbol)(node, dst, symbol, count, offset, kind);
}
inline prtError_t prtGraphMemsetNodeGetParams(prtGraphNode_t node, prtMemsetParams* params) {
    return PRT_GPU(GraphMemsetNodeGetParams)(node, params);
}
inline prtError_t prtGraphMemsetNodeSetParams(prtGraphNode_t node, const prtMemsetParams* params) {
    return PRT_GPU(GraphMemsetNodeSetParams)(node, params);
}
inline prtError_t prtGraphHostNodeGetParams(prtGraphNode_t node, prtHostNodeParams* params) {
    return PRT_GPU(GraphHostNodeGetParams)(node, params);
}
inline prtError_t prtGraphHostNodeSetParams(prtGraphNode_t node, const prtHostNodeParams* params) {
    return PRT_GPU(GraphHostNodeSetParams)(node, params);
}
inline prtError_t prtGraphChildGraphNodeGetGraph(prtGraphNode_t node, prtGraph_t* graph) {
    return PRT_GPU(GraphChildGraphNodeGetGraph)(node, graph);
}
inline prtError_t prtGraphEventRecordNodeGetEvent(prtGraphNode_t node, prtEvent_t* event) {
    return PRT_GPU(GraphEventRecordNodeGetEvent)(node, event);
}
inline prtError_t prtGraphEventRecordNodeSetEvent(prtGraphNode_t node, prtEvent_t event) {
    return PRT_GPU(GraphEventRecordNodeSetEvent)(node, event);
}
inline prtError_t prtGraphEventWaitNodeGetEvent(prtGraphNode_t node, prtEvent_t* event) {
    return PRT_GPU(GraphEventWaitNodeGetEvent)(node, event);
}
inline prtError_t prtGraphEventWaitNodeSetEvent(prtGraphNode_t node, prtEvent_t event) {
    return PRT_GPU(GraphEventWaitNodeSetEvent)(node, event);
}
inline prtError_t prtGraphMemAllocNodeGetParams(prtGraphNode_t node, prtMemAllocNodeParams* params) {
    PRT_GPU_IF_CUDA(cudaGraphMemAllocNodeGetParams(node, params), node, params);
}
inline prtError_t prtGraphMemFreeNodeGetParams(prtGraphNode_t node, void* dptr) {
    PRT_GPU_IF_CUDA(cudaGraphMemFreeNodeGetParams(node, dptr), node, dptr);
}

inline prtError_t prtGraphInstantiate(prtGraphExec_t* exec, prtGraph_t graph, unsigned long long flags) {
#if PRT_BACKEND_CUDA
    return cudaGraphInstantiate(exec, graph, flags);
#else
    return hipGraphInstantiateWithFlags(exec, graph, flags);
#endif
}
inline prtError_t prtGraphInstantiateWithFlags(prtGraphExec_t* exec, prtGraph_t graph, unsigned long long flags) {
    return PRT_GPU(GraphInstantiateWithFlags)(exec, graph, flags);
}
inline prtError_t prtGraphExecDestroy(prtGraphExec_t exec) { return PRT_GPU(GraphExecDestroy)(exec); }
inline prtError_t prtGraphLaunch(prtGraphExec_t exec, prtStream_t stream) { return PRT_GPU(GraphLaunch)(exec, stream); }
inline prtError_t prtGraphUpload(prtGraphExec_t exec, prtStream_t stream) {
#if PRT_BACKEND_CUDA
    return cudaGraphUpload(exec, stream);
#else
    return exec ? hipSuccess : hipErrorInvalidValue;  // HIP 5 uploads at the first launch
#endif
}
inline prtError_t prtGraphExecGetFlags(prtGraphExec_t exec, unsigned long long* flags) {
    PRT_GPU_IF_CUDA(cudaGraphExecGetFlags(exec, flags), exec, flags);
}
inline prtError_t prtGraphExecUpdate(prtGraphExec_t exec, prtGraph_t graph, prtGraphExecUpdateResultInfo* resultInfo) {
#if PRT_BACKEND_CUDA
    return cudaGraphExecUpdate(exec, graph, resultInfo);
#else
    if (!resultInfo) return hipErrorInvalidValue;
    *resultInfo = prtGraphExecUpdateResultInfo{};
    return hipGraphExecUpdate(exec, graph, &resultInfo->errorNode, &resultInfo->result);
#endif
}
inline prtError_t prtGraphNodeGetEnabled(prtGraphExec_t exec, prtGraphNode_t node, unsigned int* isEnabled) {
    PRT_GPU_IF_CUDA(cudaGraphNodeGetEnabled(exec, node, isEnabled), exec, node, isEnabled);
}
inline prtError_t prtGraphNodeSetEnabled(prtGraphExec_t exec, prtGraphNode_t node, unsigned int isEnabled) {
    PRT_GPU_IF_CUDA(cudaGraphNodeSetEnabled(exec, node, isEnabled), exec, node, isEnabled);
}
inline prtError_t prtGraphExecKernelNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                  const prtKernelNodeParams* params) {
    return PRT_GPU(GraphExecKernelNodeSetParams)(exec, node, params);
}
inline prtError_t prtGraphExecMemcpyNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                  const prtMemcpy3DParms* params) {
    return PRT_GPU(GraphExecMemcpyNodeSetParams)(exec, node, const_cast<prtMemcpy3DParms*>(params));
}
inline prtError_t prtGraphExecMemcpyNodeSetParams1D(prtGraphExec_t exec, prtGraphNode_t node, void* dst,
                                                    const void* src, size_t count, prtMemcpyKind kind) {
    return PRT_GPU(GraphExecMemcpyNodeSetParams1D)(exec, node, dst, src, count, kind);
}
inline prtError_t prtGraphExecMemcpyNodeSetParamsToSymbol(prtGraphExec_t exec, prtGraphNode_t node, const void* symbol,
                                                          const void* src, size_t count, size_t offset,
                                                          prtMemcpyKind kind) {
    return PRT_GPU(GraphExecMemcpyNodeSetParamsToSymbol)(exec, node, symbol, src, count, offset, kind);
}
inline prtError_t prtGraphExecMemcpyNodeSetParamsFromSymbol(prtGraphExec_t exec, prtGraphNode_t node, void* dst,
                                                            const void* symbol, size_t count, size_t offset,
                                                            prtMemcpyKind kind) {
    return PRT_GPU(GraphExecMemcpyNodeSetParamsFromSymbol)(exec, node, dst, symbol, count, offset, kind);
}
inline prtError_t prtGraphExecMemsetNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                  const prtMemsetParams* params) {
    return PRT_GPU(GraphExecMemsetNodeSetParams)(exec, node, params);
}
inline prtError_t prtGraphExecHostNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                const prtHostNodeParams* params) {
    return PRT_GPU(GraphExecHostNodeSetParams)(exec, node, params);
}
inline prtError_t prtGraphExecChildGraphNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node, prtGraph_t childGraph) {
    return PRT_GPU(GraphExecChildGraphNodeSetParams)(exec, node, childGraph);
}
inline prtError_t prtGraphExecEventRecordNodeSetEvent(prtGraphExec_t exec, prtGraphNode_t node, prtEvent_t event) {
    return PRT_GPU(GraphExecEventRecordNodeSetEvent)(exec, node, event);
}
inline prtError_t prtGraphExecEventWaitNodeSetEvent(prtGraphExec_t exec, prtGraphNode_t node, prtEvent_t event) {
    return PRT_GPU(GraphExecEventWaitNodeSetEvent)(exec, node, event);
}
inline prtError_t prtGraphDebugDotPrint(prtGraph_t graph, const char* path, unsigned int flags) {
    PRT_GPU_IF_CUDA(cudaGraphDebugDotPrint(graph, path, flags), graph, path, flags);
}
inline prtError_t prtUserObjectCreate(prtUserObject_t* object, void* ptr, prtHostFn_t destroy,
                                      unsigned int initialRefcount, unsigned int flags) {
    PRT_GPU_IF_CUDA(cudaUserObjectCreate(object, ptr, destroy, initialRefcount, flags), object, ptr, destroy,
                    initialRefcount, flags);
}
inline prtError_t prtUserObjectRetain(prtUserObject_t object, unsigned int count) {
    PRT_GPU_IF_CUDA(cudaUserObjectRetain(object, count), object, count);
}
inline prtError_t prtUserObjectRelease(prtUserObject_t object, unsigned int count) {
    PRT_GPU_IF_CUDA(cudaUserObjectRelease(object, count), object, count);
}
inline prtError_t prtGraphRetainUserObject(prtGraph_t graph, prtUserObject_t object, unsigned int count,
                                           unsigned int flags) {
    PRT_GPU_IF_CUDA(cudaGraphRetainUserObject(graph, object, count, flags), graph, object, count, flags);
}
inline prtError_t prtGraphReleaseUserObject(prtGraph_t graph, prtUserObject_t object, unsigned int count) {
    PRT_GPU_IF_CUDA(cudaGraphReleaseUserObject(graph, object, count), graph, object, count);
}
#undef PRT_GPU_EDGES
#undef PRT_GPU_IF_CUDA

inline prtError_t prtGraphInstantiateWithParams(prtGraphExec_t* exec, prtGraph_t graph,
                                                prtGraphInstantiateParams* params) {
#if PRT_BACKEND_CUDA
    return cudaGraphInstantiateWithParams(exec, graph, params);
#else
    if (!params) return hipErrorInvalidValue;  // HIP 5: instantiate with the flags, then upload nothing
    hipError_t e = hipGraphInstantiateWithFlags(exec, graph, params->flags);
    params->errNode_out = nullptr;
    params->result_out = e == hipSuccess ? prtGraphInstantiateSuccess : prtGraphInstantiateError;
    return e;
#endif
}
