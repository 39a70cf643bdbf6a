// prt/stream.h: streams. Work on one stream runs in issue order; stream 0 is the legacy default stream,
// which orders with every blocking stream.
#pragma once

#include "prt/error.h"

inline prtError_t prtStreamCreate(prtStream_t* stream);                  // creates a blocking stream
inline prtError_t prtStreamCreateWithFlags(prtStream_t* stream, unsigned int flags);  // prtStreamNonBlocking...
inline prtError_t prtStreamCreateWithPriority(prtStream_t* stream, unsigned int flags, int priority);  // priority
inline prtError_t prtStreamDestroy(prtStream_t stream);                  // destroys a stream after its work
inline prtError_t prtStreamSynchronize(prtStream_t stream);              // waits for the stream's work
inline prtError_t prtStreamQuery(prtStream_t stream);                    // prtSuccess if idle, else prtErrorNotReady
inline prtError_t prtStreamWaitEvent(prtStream_t stream, prtEvent_t event, unsigned int flags = 0);  // orders
inline prtError_t prtStreamGetFlags(prtStream_t stream, unsigned int* flags);  // the stream's flags
inline prtError_t prtStreamGetPriority(prtStream_t stream, int* priority);     // the stream's priority
inline prtError_t prtLaunchHostFunc(prtStream_t stream, prtHostFn_t fn, void* userData);  // host call in order

inline prtError_t prtStreamAddCallback(prtStream_t stream, prtStreamCallback_t callback, void* userData,
                                       unsigned int flags);             // calls back in stream order
inline prtError_t prtStreamGetDevice(prtStream_t stream, int* device);   // the device a stream belongs to
inline prtError_t prtStreamGetId(prtStream_t stream, unsigned long long* streamId);  // a stream's unique id
inline prtError_t prtStreamGetAttribute(prtStream_t stream, prtStreamAttrID attr,
                                        prtStreamAttrValue* value);     // a stream attribute (CPU: as set)
inline prtError_t prtStreamSetAttribute(prtStream_t stream, prtStreamAttrID attr,
                                        const prtStreamAttrValue* value);  // sets one (CPU: kept, no L2 to steer)
inline prtError_t prtStreamCopyAttributes(prtStream_t dst, prtStream_t src);  // copies every attribute

// Stream capture: work issued to a capturing stream is recorded into a graph instead of running (prt/graph.h).
inline prtError_t prtStreamBeginCapture(prtStream_t stream, prtStreamCaptureMode mode);  // starts capturing
inline prtError_t prtStreamBeginCaptureToGraph(prtStream_t stream, prtGraph_t graph, const prtGraphNode_t* dependencies,
                                               const prtGraphEdgeData* dependencyData, size_t numDependencies,
                                               prtStreamCaptureMode mode);  // captures into an existing graph
inline prtError_t prtStreamEndCapture(prtStream_t stream, prtGraph_t* graph);  // ends it, returns the graph
inline prtError_t prtStreamIsCapturing(prtStream_t stream, prtStreamCaptureStatus* captureStatus);  // the state
inline prtError_t prtStreamGetCaptureInfo(prtStream_t stream, prtStreamCaptureStatus* captureStatus,
                                          unsigned long long* id = nullptr, prtGraph_t* graph = nullptr,
                                          const prtGraphNode_t** dependencies = nullptr,
                                          const prtGraphEdgeData** edgeData = nullptr,
                                          size_t* numDependencies = nullptr);  // the capture's state (CUDA 13 form)
inline prtError_t prtStreamGetCaptureInfo(prtStream_t stream, prtStreamCaptureStatus* captureStatus,
                                          unsigned long long* id, prtGraph_t* graph,
                                          const prtGraphNode_t** dependencies,
                                          size_t* numDependencies);     // the same, CUDA 12 form
inline prtError_t prtStreamUpdateCaptureDependencies(prtStream_t stream, prtGraphNode_t* dependencies,
                                                     const prtGraphEdgeData* dependencyData, size_t numDependencies,
                                                     unsigned int flags = 0);  // what later work depends on
inline prtError_t prtStreamUpdateCaptureDependencies(prtStream_t stream, prtGraphNode_t* dependencies,
                                                     size_t numDependencies,
                                                     unsigned int flags);  // the same, CUDA 12 form
inline prtError_t prtThreadExchangeStreamCaptureMode(prtStreamCaptureMode* mode);  // this thread's capture mode

#if PRT_BACKEND_CPU
#include "prt/cpu/stream.h"
#else
#include "prt/gpu/stream.h"
#endif
