// prt/graph.h: graphs of stream work: built node by node or captured from streams (prt/stream.h), instantiated
// and launched into a stream. On CUDA and HIP these are the vendor's graphs; on the CPU backend a graph keeps each
// node's work and a launch runs the nodes in dependency order, so a captured stream's work replays.
// Kernel nodes take a kernel by address and its arguments as an array, which only a GPU can call: on the CPU
// backend prtGraphAddKernelNode answers prtErrorNotSupported (kernels enter CPU graphs by stream capture).
#pragma once

#include "prt/event.h"
#include "prt/memory.h"
#include "prt/stream.h"

inline prtError_t prtGraphCreate(prtGraph_t* graph, unsigned int flags);  // an empty graph
inline prtError_t prtGraphDestroy(prtGraph_t graph);                     // destroys a graph and its nodes
inline prtError_t prtGraphClone(prtGraph_t* clone, prtGraph_t original); // copies a graph
inline prtError_t prtGraphNodeFindInClone(prtGraphNode_t* node, prtGraphNode_t originalNode,
                                          prtGraph_t clonedGraph);      // a node's copy in a clone
inline prtError_t prtGraphAddEmptyNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                       size_t numDeps);                 // a node that does nothing (a join)
inline prtError_t prtGraphAddKernelNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                        size_t numDeps, const prtKernelNodeParams* params);  // a kernel launch
inline prtError_t prtGraphAddMemcpyNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                        size_t numDeps, const prtMemcpy3DParms* params);  // a 3-D copy
inline prtError_t prtGraphAddMemcpyNode1D(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                          size_t numDeps, void* dst, const void* src, size_t count,
                                          prtMemcpyKind kind);          // a 1-D copy
inline prtError_t prtGraphAddMemcpyNodeToSymbol(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                                size_t numDeps, const void* symbol, const void* src, size_t count,
                                                size_t offset, prtMemcpyKind kind);  // a copy into a symbol
inline prtError_t prtGraphAddMemcpyNodeFromSymbol(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                                  size_t numDeps, void* dst, const void* symbol, size_t count,
                                                  size_t offset, prtMemcpyKind kind);  // a copy out of one
inline prtError_t prtGraphAddMemsetNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                        size_t numDeps, const prtMemsetParams* params);  // a fill
inline prtError_t prtGraphAddHostNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                      size_t numDeps, const prtHostNodeParams* params);  // a host function
inline prtError_t prtGraphAddChildGraphNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                            size_t numDeps, prtGraph_t childGraph);  // a copy of another graph
inline prtError_t prtGraphAddEventRecordNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                             size_t numDeps, prtEvent_t event);  // records an event
inline prtError_t prtGraphAddEventWaitNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                           size_t numDeps, prtEvent_t event);  // waits for an event
inline prtError_t prtGraphAddMemAllocNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                          size_t numDeps, prtMemAllocNodeParams* params);  // allocates params->dptr
inline prtError_t prtGraphAddMemFreeNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                         size_t numDeps, void* dptr);   // frees an allocation node's memory
inline prtError_t prtGraphDestroyNode(prtGraphNode_t node);              // removes a node and its edges
inline prtError_t prtGraphNodeGetType(prtGraphNode_t node, prtGraphNodeType* type);  // a node's kind

inline prtError_t prtGraphGetNodes(prtGraph_t graph, prtGraphNode_t* nodes, size_t* numNodes);  // every node
inline prtError_t prtGraphGetRootNodes(prtGraph_t graph, prtGraphNode_t* rootNodes, size_t* numRootNodes);  // roots
inline prtError_t prtGraphGetEdges(prtGraph_t graph, prtGraphNode_t* from, prtGraphNode_t* to,
                                   size_t* numEdges);                   // every edge
inline prtError_t prtGraphGetEdges(prtGraph_t graph, prtGraphNode_t* from, prtGraphNode_t* to,
                                   prtGraphEdgeData* edgeData, size_t* numEdges);  // with edge data (CUDA 13)
inline prtError_t prtGraphNodeGetDependencies(prtGraphNode_t node, prtGraphNode_t* deps, size_t* numDeps);  // before
inline prtError_t prtGraphNodeGetDependencies(prtGraphNode_t node, prtGraphNode_t* deps, prtGraphEdgeData* edgeData,
                                              size_t* numDeps);        // with edge data (CUDA 13)
inline prtError_t prtGraphNodeGetDependentNodes(prtGraphNode_t node, prtGraphNode_t* dependents,
                                                size_t* numDependents);  // the nodes after it
inline prtError_t prtGraphNodeGetDependentNodes(prtGraphNode_t node, prtGraphNode_t* dependents,
                                                prtGraphEdgeData* edgeData,
                                                size_t* numDependents);  // with edge data (CUDA 13)
inline prtError_t prtGraphAddDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                          size_t numDependencies);      // adds edges
inline prtError_t prtGraphAddDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                          const prtGraphEdgeData* edgeData,
                                          size_t numDependencies);      // with edge data (CUDA 13)
inline prtError_t prtGraphRemoveDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                             size_t numDependencies);   // removes edges
inline prtError_t prtGraphRemoveDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                             const prtGraphEdgeData* edgeData,
                                             size_t numDependencies);   // with edge data (CUDA 13)

inline prtError_t prtGraphKernelNodeGetParams(prtGraphNode_t node, prtKernelNodeParams* params);  // its launch
inline prtError_t prtGraphKernelNodeSetParams(prtGraphNode_t node, const prtKernelNodeParams* params);  // sets it
inline prtError_t prtGraphKernelNodeGetAttribute(prtGraphNode_t node, prtKernelNodeAttrID attr,
                                                 prtKernelNodeAttrValue* value);  // a launch attribute
inline prtError_t prtGraphKernelNodeSetAttribute(prtGraphNode_t node, prtKernelNodeAttrID attr,
                                                 const prtKernelNodeAttrValue* value);  // sets one
inline prtError_t prtGraphKernelNodeCopyAttributes(prtGraphNode_t dst, prtGraphNode_t src);  // copies them
inline prtError_t prtGraphMemcpyNodeGetParams(prtGraphNode_t node, prtMemcpy3DParms* params);  // its copy
inline prtError_t prtGraphMemcpyNodeSetParams(prtGraphNode_t node, const prtMemcpy3DParms* params);  // sets it
inline prtError_t prtGraphMemcpyNodeSetParams1D(prtGraphNode_t node, void* dst, const void* src, size_t count,
                                                prtMemcpyKind kind);    // makes it a 1-D copy
inline prtError_t prtGraphMemcpyNodeSetParamsToSymbol(prtGraphNode_t node, const void* symbol, const void* src,
                                                      size_t count, size_t offset,
                                                      prtMemcpyKind kind);  // makes it a copy into a symbol
inline prtError_t prtGraphMemcpyNodeSetParamsFromSymbol(prtGraphNode_t node, void* dst, const void* symbol,
                                                        size_t count, size_t offset,
                                                        prtMemcpyKind kind);  // a copy out of a symbol
inline prtError_t prtGraphMemsetNodeGetParams(prtGraphNode_t node, prtMemsetParams* params);  // its fill
inline prtError_t prtGraphMemsetNodeSetParams(prtGraphNode_t node, const prtMemsetParams* params);  // sets it
inline prtError_t prtGraphHostNodeGetParams(prtGraphNode_t node, prtHostNodeParams* params);  // its function
inline prtError_t prtGraphHostNodeSetParams(prtGraphNode_t node, const prtHostNodeParams* params);  // sets it
inline prtError_t prtGraphChildGraphNodeGetGraph(prtGraphNode_t node, prtGraph_t* graph);  // its graph
inline prtError_t prtGraphEventRecordNodeGetEvent(prtGraphNode_t node, prtEvent_t* event);  // its event
inline prtError_t prtGraphEventRecordNodeSetEvent(prtGraphNode_t node, prtEvent_t event);   // sets it
inline prtError_t prtGraphEventWaitNodeGetEvent(prtGraphNode_t node, prtEvent_t* event);    // its event
inline prtError_t prtGraphEventWaitNodeSetEvent(prtGraphNode_t node, prtEvent_t event);     // sets it
inline prtError_t prtGraphMemAllocNodeGetParams(prtGraphNode_t node, prtMemAllocNodeParams* params);  // its request
inline prtError_t prtGraphMemFreeNodeGetParams(prtGraphNode_t node, void* dptr);  // the address it frees

inline prtError_t prtGraphInstantiate(prtGraphExec_t* exec, prtGraph_t graph,
                                      unsigned long long flags = 0);    // makes a graph launchable
// CUDA 11's form, which CUDA's C++ header still offers: the error node and log are left untouched, as there.
inline prtError_t prtGraphInstantiate(prtGraphExec_t* exec, prtGraph_t graph, prtGraphNode_t* errorNode, char* log,
                                      size_t logSize) {
    (void)errorNode;
    (void)log;
    (void)logSize;
    return prtGraphInstantiate(exec, graph, 0ULL);
}
inline prtError_t prtGraphInstantiateWithFlags(prtGraphExec_t* exec, prtGraph_t graph,
                                               unsigned long long flags = 0);  // the same
inline prtError_t prtGraphInstantiateWithParams(prtGraphExec_t* exec, prtGraph_t graph,
                                                prtGraphInstantiateParams* params);  // flags in, result out
inline prtError_t prtGraphExecDestroy(prtGraphExec_t exec);              // destroys an instantiated graph
inline prtError_t prtGraphLaunch(prtGraphExec_t exec, prtStream_t stream);  // runs it in stream order
inline prtError_t prtGraphUpload(prtGraphExec_t exec, prtStream_t stream);  // readies it (CPU: nothing to upload)
inline prtError_t prtGraphExecGetFlags(prtGraphExec_t exec, unsigned long long* flags);  // its instantiate flags
inline prtError_t prtGraphExecUpdate(prtGraphExec_t exec, prtGraph_t graph,
                                     prtGraphExecUpdateResultInfo* resultInfo);  // takes a like graph's parameters
inline prtError_t prtGraphNodeGetEnabled(prtGraphExec_t exec, prtGraphNode_t node, unsigned int* isEnabled);  // on?
inline prtError_t prtGraphNodeSetEnabled(prtGraphExec_t exec, prtGraphNode_t node, unsigned int isEnabled);  // sets
inline prtError_t prtGraphExecKernelNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                  const prtKernelNodeParams* params);  // a launched kernel node
inline prtError_t prtGraphExecMemcpyNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                  const prtMemcpy3DParms* params);  // a launched copy node
inline prtError_t prtGraphExecMemcpyNodeSetParams1D(prtGraphExec_t exec, prtGraphNode_t node, void* dst,
                                                    const void* src, size_t count, prtMemcpyKind kind);  // 1-D
inline prtError_t prtGraphExecMemcpyNodeSetParamsToSymbol(prtGraphExec_t exec, prtGraphNode_t node, const void* symbol,
                                                          const void* src, size_t count, size_t offset,
                                                          prtMemcpyKind kind);  // into a symbol
inline prtError_t prtGraphExecMemcpyNodeSetParamsFromSymbol(prtGraphExec_t exec, prtGraphNode_t node, void* dst,
                                                            const void* symbol, size_t count, size_t offset,
                                                            prtMemcpyKind kind);  // out of a symbol
inline prtError_t prtGraphExecMemsetNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                  const prtMemsetParams* params);  // a launched fill node
inline prtError_t prtGraphExecHostNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                const prtHostNodeParams* params);  // a launched host node
inline prtError_t prtGraphExecChildGraphNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                      prtGraph_t childGraph);  // a launched child graph node
inline prtError_t prtGraphExecEventRecordNodeSetEvent(prtGraphExec_t exec, prtGraphNode_t node,
                                                      prtEvent_t event);  // a launched record node's event
inline prtError_t prtGraphExecEventWaitNodeSetEvent(prtGraphExec_t exec, prtGraphNode_t node,
                                                    prtEvent_t event);  // a launched wait node's event
inline prtError_t prtGraphDebugDotPrint(prtGraph_t graph, const char* path, unsigned int flags);  // writes DOT

inline prtError_t prtUserObjectCreate(prtUserObject_t* object, void* ptr, prtHostFn_t destroy,
                                      unsigned int initialRefcount, unsigned int flags);  // a shared object
inline prtError_t prtUserObjectRetain(prtUserObject_t object, unsigned int count = 1);   // adds references
inline prtError_t prtUserObjectRelease(prtUserObject_t object, unsigned int count = 1);  // drops them
inline prtError_t prtGraphRetainUserObject(prtGraph_t graph, prtUserObject_t object, unsigned int count = 1,
                                           unsigned int flags = 0);    // a graph takes references
inline prtError_t prtGraphReleaseUserObject(prtGraph_t graph, prtUserObject_t object,
                                            unsigned int count = 1);   // a graph drops them
constexpr unsigned int prtUserObjectNoDestructorSync = 0x1;  // the destructor may run after the last launch
constexpr unsigned int prtGraphUserObjectMove = 0x1;         // the graph takes the caller's references

#if PRT_BACKEND_CPU
#include "prt/cpu/graph.h"
#else
#include "prt/gpu/graph.h"
#endif
