// prt/cpu/graph.h: graphs and stream capture on the CPU backend. A graph owns its nodes; each node keeps its
// parameters and the work they make. Instantiation copies the graph and orders its nodes by their dependencies;
// a launch runs them in that order as one piece of stream work (so a launch can itself be captured).
#pragma once

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <vector>

#include "prt/cpu/capture.h"

namespace prt::cpu {

struct GraphExec {
    std::unique_ptr<Graph> graph;              // the instantiated copy
    std::vector<GraphNode*> order;             // its nodes, dependencies first
    std::map<const GraphNode*, GraphNode*> of; // original node -> its copy
    std::vector<bool> enabled;                 // by position in `order`
    unsigned long long flags = 0;
};

inline bool in_graph(const Graph* g, const GraphNode* n) {
    if (!g || !n) return false;
    for (auto& m : g->nodes)
        if (m.get() == n) return true;
    return false;
}

// The work of a node made from parameters.
inline std::function<prtError_t()> work_of(GraphNode* n);

inline prtError_t run_graph(Graph* g);

// The nodes of g with every node after its dependencies; false if the edges form a cycle.
inline bool topological(const Graph* g, std::vector<GraphNode*>* out) {
    std::map<const GraphNode*, size_t> pending;
    for (auto& n : g->nodes) pending[n.get()] = n->deps.size();
    std::vector<GraphNode*> ready;
    for (auto& n : g->nodes)
        if (n->deps.empty()) ready.push_back(n.get());
    out->clear();
    while (!ready.empty()) {
        GraphNode* n = ready.front();
        ready.erase(ready.begin());
        out->push_back(n);
        for (auto& m : g->nodes)
            for (GraphNode* d : m->deps)
                if (d == n && --pending[m.get()] == 0) ready.push_back(m.get());
    }
    return out->size() == g->nodes.size();
}

// Copies graph g (nodes, parameters, work, edges); map receives original -> copy.
inline std::unique_ptr<Graph> copy_graph(const Graph* g, std::map<const GraphNode*, GraphNode*>* map) {
    auto c = std::make_unique<Graph>();
    for (auto& n : g->nodes) {
        auto m = std::make_unique<GraphNode>();
        m->type = n->type;
        m->run = n->run;
        m->owner = c.get();
        m->cloned_from = n.get();
        m->kernel = n->kernel, m->copy = n->copy, m->fill = n->fill, m->host = n->host, m->event = n->event;
        m->alloc = n->alloc, m->freed = n->freed;
        std::copy(std::begin(n->attributes), std::end(n->attributes), std::begin(m->attributes));
        if (n->child) {
            std::map<const GraphNode*, GraphNode*> inner;
            m->child = copy_graph(n->child.get(), &inner);
            Graph* child = m->child.get();
            m->run = [child] { return run_graph(child); };
        }
        (*map)[n.get()] = m.get();
        c->nodes.push_back(std::move(m));
    }
    for (auto& n : g->nodes)
        for (GraphNode* d : n->deps) (*map)[n.get()]->deps.push_back((*map)[d]);
    for (UserObject* o : g->objects) {  // the copy holds references of its own
        std::lock_guard<std::mutex> lk(o->mu);
        ++o->refs;
        c->objects.push_back(o);
    }
    return c;
}

inline prtError_t run_graph(Graph* g) {
    std::vector<GraphNode*> order;
    if (!topological(g, &order)) return prtErrorInvalidValue;
    for (GraphNode* n : order) {
        prtError_t e = n->run ? n->run() : prtSuccess;
        if (e != prtSuccess) return e;
    }
    return prtSuccess;
}

inline prtError_t add(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps, size_t numDeps,
                      prtGraphNodeType type, GraphNode** made) {
    if (!node || !graph || (numDeps && !deps)) return prt_fail(prtErrorInvalidValue);
    std::vector<GraphNode*> d;
    for (size_t i = 0; i < numDeps; ++i) {
        if (!in_graph(graph, deps[i]) || std::find(d.begin(), d.end(), deps[i]) != d.end())
            return prt_fail(prtErrorInvalidValue);
        d.push_back(deps[i]);
    }
    *made = add_node(graph, type, nullptr, d);
    *node = *made;
    return prtSuccess;
}

inline prtMemcpy3DParms linear_copy(void* dst, const void* src, size_t count, prtMemcpyKind kind) {
    prtMemcpy3DParms p{};
    p.srcPtr = make_prtPitchedPtr(const_cast<void*>(src), count, count, 1);
    p.dstPtr = make_prtPitchedPtr(dst, count, count, 1);
    p.extent = make_prtExtent(count, 1, 1);
    p.kind = kind;
    return p;
}

inline prtError_t check_fill(const prtMemsetParams* p) {
    if (!p || !p->dst || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4)) return prtErrorInvalidValue;
    if (p->height > 1 && p->pitch < p->width * p->elementSize) return prtErrorInvalidValue;
    return prtSuccess;
}

inline prtError_t fill(const prtMemsetParams& p) {
    for (size_t y = 0; y < (p.height ? p.height : 1); ++y) {
        char* row = static_cast<char*>(p.dst) + y * p.pitch;
        for (size_t x = 0; x < p.width; ++x)
            std::memcpy(row + x * p.elementSize, &p.value, p.elementSize);  // little-endian: the low bytes
    }
    return prtSuccess;
}

inline std::function<prtError_t()> work_of(GraphNode* n) {
    switch (n->type) {
        case prtGraphNodeTypeMemcpy: {
            prtMemcpy3DParms p = n->copy;
            return [p] { return memcpy3d(p); };
        }
        case prtGraphNodeTypeMemset: {
            prtMemsetParams p = n->fill;
            return [p] { return fill(p); };
        }
        case prtGraphNodeTypeHost: {
            prtHostNodeParams h = n->host;
            return [h] {
                h.fn(h.userData);
                return prtSuccess;
            };
        }
        case prtGraphNodeTypeEventRecord: {
            prtEvent_t e = n->event;
            return [e] { return prtEventRecord(e, 0); };
        }
        default:
            return [] { return prtSuccess; };  // empty, wait (work before it is done), allocation and free nodes
    }
}

inline prtStreamCaptureMode& thread_capture_mode() {
    static thread_local prtStreamCaptureMode mode = prtStreamCaptureModeGlobal;
    return mode;
}

inline prtError_t begin_capture(prtStream_t stream, Graph* graph, std::vector<GraphNode*> tips,
                                prtStreamCaptureMode mode) {
    if (is_builtin(stream)) return prt_fail(prtErrorStreamCaptureUnsupported);
    if (stream->capture) return prt_fail(prtErrorIllegalState);
    if (unsigned(mode) > 2) return prt_fail(prtErrorInvalidValue);
    static std::atomic<unsigned long long> ids{1};
    stream->capture = graph;
    stream->capture_origin = true;
    stream->capture_error = prtSuccess;
    stream->capture_id = ids++;
    stream->mode = mode;
    stream->tips = std::move(tips);
    graph->capturers.push_back(stream);
    return prtSuccess;
}

inline GraphNode* node_in(prtGraphExec_t exec, prtGraphNode_t node) {
    if (!exec) return nullptr;
    auto it = exec->of.find(node);
    return it == exec->of.end() ? nullptr : it->second;
}

}  // namespace prt::cpu

inline prtError_t prtStreamBeginCapture(prtStream_t stream, prtStreamCaptureMode mode) {
    auto graph = std::make_unique<prt::cpu::Graph>();
    prtError_t e = prt::cpu::begin_capture(stream, graph.get(), {}, mode);
    if (e == prtSuccess) graph.release();
    return e;
}
inline prtError_t prtStreamBeginCaptureToGraph(prtStream_t stream, prtGraph_t graph, const prtGraphNode_t* dependencies,
                                               const prtGraphEdgeData*, size_t numDependencies,
                                               prtStreamCaptureMode mode) {
    if (!graph || (numDependencies && !dependencies)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::vector<prt::cpu::GraphNode*> tips(dependencies, dependencies + numDependencies);
    for (auto* n : tips)
        if (!prt::cpu::in_graph(graph, n)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prtError_t e = prt::cpu::begin_capture(stream, graph, std::move(tips), mode);
    if (e == prtSuccess) stream->capture_origin = true;
    return e;
}
inline prtError_t prtStreamEndCapture(prtStream_t stream, prtGraph_t* graph) {
    if (!graph) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::capturing(stream)) return prt::cpu::prt_fail(prtErrorIllegalState);
    if (!stream->capture_origin) return prt::cpu::prt_fail(prtErrorStreamCaptureUnmatched);
    prt::cpu::Graph* g = stream->capture;
    prtError_t e = stream->capture_error;
    for (prt::cpu::Stream* s : g->capturers) {  // the capture ends for every stream that joined it
        e = e != prtSuccess ? e : s->capture_error;
        s->capture = nullptr;
        s->tips.clear();
        s->capture_error = prtSuccess;
    }
    g->capturers.clear();
    if (e != prtSuccess) {
        delete g;
        *graph = nullptr;
        return prt::cpu::prt_fail(prtErrorStreamCaptureInvalidated);
    }
    *graph = g;
    return prtSuccess;
}
inline prtError_t prtStreamIsCapturing(prtStream_t stream, prtStreamCaptureStatus* captureStatus) {
    if (!captureStatus) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *captureStatus = !prt::cpu::capturing(stream)             ? prtStreamCaptureStatusNone
                     : stream->capture_error != prtSuccess ? prtStreamCaptureStatusInvalidated
                                                           : prtStreamCaptureStatusActive;
    return prtSuccess;
}
inline prtError_t prtStreamGetCaptureInfo(prtStream_t stream, prtStreamCaptureStatus* captureStatus,
                                          unsigned long long* id, prtGraph_t* graph,
                                          const prtGraphNode_t** dependencies, const prtGraphEdgeData** edgeData,
                                          size_t* numDependencies) {
    prtError_t e = prtStreamIsCapturing(stream, captureStatus);
    if (e != prtSuccess) return e;
    bool active = *captureStatus == prtStreamCaptureStatusActive;
    if (id) *id = active ? stream->capture_id : 0;
    if (graph) *graph = active ? stream->capture : nullptr;
    if (dependencies) *dependencies = active && !stream->tips.empty() ? stream->tips.data() : nullptr;
    if (edgeData) *edgeData = nullptr;  // every edge is a plain dependency
    if (numDependencies) *numDependencies = active ? stream->tips.size() : 0;
    return prtSuccess;
}
inline prtError_t prtStreamGetCaptureInfo(prtStream_t stream, prtStreamCaptureStatus* captureStatus,
                                          unsigned long long* id, prtGraph_t* graph,
                                          const prtGraphNode_t** dependencies, size_t* numDependencies) {
    return prtStreamGetCaptureInfo(stream, captureStatus, id, graph, dependencies, nullptr, numDependencies);
}
inline prtError_t prtStreamUpdateCaptureDependencies(prtStream_t stream, prtGraphNode_t* dependencies,
                                                     const prtGraphEdgeData*, size_t numDependencies,
                                                     unsigned int flags) {
    if (!prt::cpu::capturing(stream)) return prt::cpu::prt_fail(prtErrorIllegalState);
    if ((numDependencies && !dependencies) || flags > 1) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (flags == prtStreamSetCaptureDependencies) stream->tips.clear();
    for (size_t i = 0; i < numDependencies; ++i) {
        if (!prt::cpu::in_graph(stream->capture, dependencies[i])) return prt::cpu::prt_fail(prtErrorInvalidValue);
        if (std::find(stream->tips.begin(), stream->tips.end(), dependencies[i]) == stream->tips.end())
            stream->tips.push_back(dependencies[i]);
    }
    return prtSuccess;
}
inline prtError_t prtStreamUpdateCaptureDependencies(prtStream_t stream, prtGraphNode_t* dependencies,
                                                     size_t numDependencies, unsigned int flags) {
    return prtStreamUpdateCaptureDependencies(stream, dependencies, nullptr, numDependencies, flags);
}
inline prtError_t prtThreadExchangeStreamCaptureMode(prtStreamCaptureMode* mode) {
    if (!mode || unsigned(*mode) > 2) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::swap(*mode, prt::cpu::thread_capture_mode());
    return prtSuccess;
}

inline prtError_t prtGraphCreate(prtGraph_t* graph, unsigned int flags) {
    if (!graph || flags != 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *graph = new prt::cpu::Graph();
    return prtSuccess;
}
inline prtError_t prtGraphDestroy(prtGraph_t graph) {
    if (!graph) return prt::cpu::prt_fail(prtErrorInvalidValue);
    delete graph;
    return prtSuccess;
}
inline prtError_t prtGraphClone(prtGraph_t* clone, prtGraph_t original) {
    if (!clone || !original) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::map<const prt::cpu::GraphNode*, prt::cpu::GraphNode*> map;
    *clone = prt::cpu::copy_graph(original, &map).release();
    return prtSuccess;
}
inline prtError_t prtGraphNodeFindInClone(prtGraphNode_t* node, prtGraphNode_t originalNode, prtGraph_t clonedGraph) {
    if (!node || !originalNode || !clonedGraph) return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (auto& n : clonedGraph->nodes)
        if (n->cloned_from == originalNode) {
            *node = n.get();
            return prtSuccess;
        }
    return prt::cpu::prt_fail(prtErrorInvalidValue);
}
inline prtError_t prtGraphAddEmptyNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                       size_t numDeps) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::add(node, graph, deps, numDeps, prtGraphNodeTypeEmpty, &n);
    if (e == prtSuccess) n->run = prt::cpu::work_of(n);
    return e;
}
// A kernel named by address with an argument array cannot be called on the CPU (it launches kernels by type):
// kernels enter a CPU graph by stream capture.
inline prtError_t prtGraphAddKernelNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t*, size_t,
                                        const prtKernelNodeParams* params) {
    if (!node || !graph || !params) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prt::cpu::prt_fail(prtErrorNotSupported);
}
inline prtError_t prtGraphAddMemcpyNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                        size_t numDeps, const prtMemcpy3DParms* params) {
    if (!params) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::add(node, graph, deps, numDeps, prtGraphNodeTypeMemcpy, &n);
    if (e != prtSuccess) return e;
    n->copy = *params;
    n->run = prt::cpu::work_of(n);
    return prtSuccess;
}
inline prtError_t prtGraphAddMemcpyNode1D(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                          size_t numDeps, void* dst, const void* src, size_t count,
                                          prtMemcpyKind kind) {
    prtMemcpy3DParms p = prt::cpu::linear_copy(dst, src, count, kind);
    return prtGraphAddMemcpyNode(node, graph, deps, numDeps, &p);
}
inline prtError_t prtGraphAddMemcpyNodeToSymbol(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                                size_t numDeps, const void* symbol, const void* src, size_t count,
                                                size_t offset, prtMemcpyKind kind) {
    if (!symbol) return prt::cpu::prt_fail(prtErrorInvalidSymbol);
    return prtGraphAddMemcpyNode1D(node, graph, deps, numDeps, static_cast<char*>(const_cast<void*>(symbol)) + offset,
                                   src, count, kind);
}
inline prtError_t prtGraphAddMemcpyNodeFromSymbol(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                                  size_t numDeps, void* dst, const void* symbol, size_t count,
                                                  size_t offset, prtMemcpyKind kind) {
    if (!symbol) return prt::cpu::prt_fail(prtErrorInvalidSymbol);
    return prtGraphAddMemcpyNode1D(node, graph, deps, numDeps, dst, static_cast<const char*>(symbol) + offset, count,
                                   kind);
}
inline prtError_t prtGraphAddMemsetNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                        size_t numDeps, const prtMemsetParams* params) {
    prtError_t e = prt::cpu::check_fill(params);
    if (e != prtSuccess) return prt::cpu::prt_fail(e);
    prt::cpu::GraphNode* n = nullptr;
    e = prt::cpu::add(node, graph, deps, numDeps, prtGraphNodeTypeMemset, &n);
    if (e != prtSuccess) return e;
    n->fill = *params;
    n->run = prt::cpu::work_of(n);
    return prtSuccess;
}
inline prtError_t prtGraphAddHostNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                      size_t numDeps, const prtHostNodeParams* params) {
    if (!params || !params->fn) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::add(node, graph, deps, numDeps, prtGraphNodeTypeHost, &n);
    if (e != prtSuccess) return e;
    n->host = *params;
    n->run = prt::cpu::work_of(n);
    return prtSuccess;
}
inline prtError_t prtGraphAddChildGraphNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                            size_t numDeps, prtGraph_t childGraph) {
    if (!childGraph || childGraph == graph) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::add(node, graph, deps, numDeps, prtGraphNodeTypeGraph, &n);
    if (e != prtSuccess) return e;
    std::map<const prt::cpu::GraphNode*, prt::cpu::GraphNode*> map;
    n->child = prt::cpu::copy_graph(childGraph, &map);  // the node keeps a copy, as CUDA's does
    prt::cpu::Graph* child = n->child.get();
    n->run = [child] { return prt::cpu::run_graph(child); };
    return prtSuccess;
}
inline prtError_t prtGraphAddEventRecordNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                             size_t numDeps, prtEvent_t event) {
    if (!event) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::add(node, graph, deps, numDeps, prtGraphNodeTypeEventRecord, &n);
    if (e != prtSuccess) return e;
    n->event = event;
    n->run = prt::cpu::work_of(n);
    return prtSuccess;
}
// A wait is satisfied once the event's work is done, which on the CPU backend is when it was issued.
inline prtError_t prtGraphAddEventWaitNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                           size_t numDeps, prtEvent_t event) {
    if (!event) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::add(node, graph, deps, numDeps, prtGraphNodeTypeWaitEvent, &n);
    if (e != prtSuccess) return e;
    n->event = event;
    n->run = prt::cpu::work_of(n);
    return prtSuccess;
}
// The allocation is made when the node is added and keeps its address for every launch, as a graph allocation
// does; the free node then does nothing at launch and the memory lives until the program ends.
inline prtError_t prtGraphAddMemAllocNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                          size_t numDeps, prtMemAllocNodeParams* params) {
    if (!params || params->bytesize == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::add(node, graph, deps, numDeps, prtGraphNodeTypeEmpty, &n);
    if (e != prtSuccess) return e;
    e = prtMalloc(&params->dptr, params->bytesize);
    if (e != prtSuccess) return e;
    n->alloc = *params;
    n->run = prt::cpu::work_of(n);
    return prtSuccess;
}
inline prtError_t prtGraphAddMemFreeNode(prtGraphNode_t* node, prtGraph_t graph, const prtGraphNode_t* deps,
                                         size_t numDeps, void* dptr) {
    if (!prt::cpu::Registry::get().is_device(dptr, 1)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::add(node, graph, deps, numDeps, prtGraphNodeTypeEmpty, &n);
    if (e != prtSuccess) return e;
    n->freed = dptr;
    n->run = prt::cpu::work_of(n);
    return prtSuccess;
}
inline prtError_t prtGraphDestroyNode(prtGraphNode_t node) {
    if (!node || !node->owner) return prt::cpu::prt_fail(prtErrorInvalidValue);
    auto& nodes = node->owner->nodes;
    for (auto& m : nodes) m->deps.erase(std::remove(m->deps.begin(), m->deps.end(), node), m->deps.end());
    nodes.erase(std::remove_if(nodes.begin(), nodes.end(), [node](auto& m) { return m.get() == node; }), nodes.end());
    return prtSuccess;
}
inline prtError_t prtGraphNodeGetType(prtGraphNode_t node, prtGraphNodeType* type) {
    if (!node || !type) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *type = node->type;
    return prtSuccess;
}

namespace prt::cpu {
// Writes up to *count of `items` to out (when out is given) and sets *count to how many there are.
template <class T>
inline prtError_t list(const std::vector<T>& items, T* out, size_t* count) {
    if (!count) return prt_fail(prtErrorInvalidValue);
    if (out)
        for (size_t i = 0; i < std::min(*count, items.size()); ++i) out[i] = items[i];
    if (!out || *count > items.size()) *count = items.size();
    return prtSuccess;
}
inline prtError_t edit_edges(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to, size_t n,
                             bool adding) {
    if (!graph || (n && (!from || !to))) return prt_fail(prtErrorInvalidValue);
    for (size_t i = 0; i < n; ++i) {
        if (!in_graph(graph, from[i]) || !in_graph(graph, to[i]) || from[i] == to[i]) return prt_fail(prtErrorInvalidValue);
        auto& deps = to[i]->deps;
        auto at = std::find(deps.begin(), deps.end(), from[i]);
        if (adding == (at != deps.end())) return prt_fail(prtErrorInvalidValue);  // already there / not there
        if (adding)
            deps.push_back(from[i]);
        else
            deps.erase(at);
    }
    return prtSuccess;
}
}  // namespace prt::cpu

inline prtError_t prtGraphGetNodes(prtGraph_t graph, prtGraphNode_t* nodes, size_t* numNodes) {
    if (!graph) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::vector<prtGraphNode_t> all;
    for (auto& n : graph->nodes) all.push_back(n.get());
    return prt::cpu::list(all, nodes, numNodes);
}
inline prtError_t prtGraphGetRootNodes(prtGraph_t graph, prtGraphNode_t* rootNodes, size_t* numRootNodes) {
    if (!graph) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::vector<prtGraphNode_t> roots;
    for (auto& n : graph->nodes)
        if (n->deps.empty()) roots.push_back(n.get());
    return prt::cpu::list(roots, rootNodes, numRootNodes);
}
inline prtError_t prtGraphGetEdges(prtGraph_t graph, prtGraphNode_t* from, prtGraphNode_t* to,
                                   prtGraphEdgeData* edgeData, size_t* numEdges) {
    if (!graph || !numEdges || (from == nullptr) != (to == nullptr)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::vector<prtGraphNode_t> f, t;
    for (auto& n : graph->nodes)
        for (prt::cpu::GraphNode* d : n->deps) f.push_back(d), t.push_back(n.get());
    size_t count = *numEdges;
    prt::cpu::list(t, to, &count);
    if (edgeData && from)
        for (size_t i = 0; i < std::min(*numEdges, f.size()); ++i) edgeData[i] = prtGraphEdgeData{};
    return prt::cpu::list(f, from, numEdges);
}
inline prtError_t prtGraphGetEdges(prtGraph_t graph, prtGraphNode_t* from, prtGraphNode_t* to, size_t* numEdges) {
    return prtGraphGetEdges(graph, from, to, nullptr, numEdges);
}
inline prtError_t prtGraphNodeGetDependencies(prtGraphNode_t node, prtGraphNode_t* deps, prtGraphEdgeData* edgeData,
                                              size_t* numDeps) {
    if (!node) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (edgeData && deps && numDeps)
        for (size_t i = 0; i < std::min(*numDeps, node->deps.size()); ++i) edgeData[i] = prtGraphEdgeData{};
    return prt::cpu::list(node->deps, deps, numDeps);
}
inline prtError_t prtGraphNodeGetDependencies(prtGraphNode_t node, prtGraphNode_t* deps, size_t* numDeps) {
    return prtGraphNodeGetDependencies(node, deps, nullptr, numDeps);
}
inline prtError_t prtGraphNodeGetDependentNodes(prtGraphNode_t node, prtGraphNode_t* dependents,
                                                prtGraphEdgeData* edgeData, size_t* numDependents) {
    if (!node || !node->owner) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::vector<prtGraphNode_t> after;
    for (auto& m : node->owner->nodes)
        if (std::find(m->deps.begin(), m->deps.end(), node) != m->deps.end()) after.push_back(m.get());
    if (edgeData && dependents && numDependents)
        for (size_t i = 0; i < std::min(*numDependents, after.size()); ++i) edgeData[i] = prtGraphEdgeData{};
    return prt::cpu::list(after, dependents, numDependents);
}
inline prtError_t prtGraphNodeGetDependentNodes(prtGraphNode_t node, prtGraphNode_t* dependents,
                                                size_t* numDependents) {
    return prtGraphNodeGetDependentNodes(node, dependents, nullptr, numDependents);
}
inline prtError_t prtGraphAddDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                          const prtGraphEdgeData*, size_t numDependencies) {
    return prt::cpu::edit_edges(graph, from, to, numDependencies, true);
}
inline prtError_t prtGraphAddDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                          size_t numDependencies) {
    return prt::cpu::edit_edges(graph, from, to, numDependencies, true);
}
inline prtError_t prtGraphRemoveDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                             const prtGraphEdgeData*, size_t numDependencies) {
    return prt::cpu::edit_edges(graph, from, to, numDependencies, false);
}
inline prtError_t prtGraphRemoveDependencies(prtGraph_t graph, const prtGraphNode_t* from, const prtGraphNode_t* to,
                                             size_t numDependencies) {
    return prt::cpu::edit_edges(graph, from, to, numDependencies, false);
}

namespace prt::cpu {
inline prtError_t of_type(prtGraphNode_t node, prtGraphNodeType type, const void* params) {
    if (!node || !params) return prt_fail(prtErrorInvalidValue);
    return node->type == type ? prtSuccess : prt_fail(prtErrorInvalidValue);
}
}  // namespace prt::cpu

inline prtError_t prtGraphKernelNodeGetParams(prtGraphNode_t node, prtKernelNodeParams* params) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeKernel, params);
    if (e == prtSuccess) *params = node->kernel;
    return e;
}
inline prtError_t prtGraphKernelNodeSetParams(prtGraphNode_t node, const prtKernelNodeParams* params) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeKernel, params);
    return e == prtSuccess ? prt::cpu::prt_fail(prtErrorNotSupported) : e;  // see prtGraphAddKernelNode
}
inline prtError_t prtGraphKernelNodeGetAttribute(prtGraphNode_t node, prtKernelNodeAttrID attr,
                                                 prtKernelNodeAttrValue* value) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeKernel, value);
    if (e != prtSuccess) return e;
    if (unsigned(attr) > 8) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *value = node->attributes[attr];
    return prtSuccess;
}
inline prtError_t prtGraphKernelNodeSetAttribute(prtGraphNode_t node, prtKernelNodeAttrID attr,
                                                 const prtKernelNodeAttrValue* value) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeKernel, value);
    if (e != prtSuccess) return e;
    if (unsigned(attr) > 8) return prt::cpu::prt_fail(prtErrorInvalidValue);
    node->attributes[attr] = *value;  // kept; the CPU has no L2 window or priority to apply them to
    return prtSuccess;
}
inline prtError_t prtGraphKernelNodeCopyAttributes(prtGraphNode_t dst, prtGraphNode_t src) {
    if (!dst || !src || dst->type != prtGraphNodeTypeKernel || src->type != prtGraphNodeTypeKernel)
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::copy(std::begin(src->attributes), std::end(src->attributes), std::begin(dst->attributes));
    return prtSuccess;
}
inline prtError_t prtGraphMemcpyNodeGetParams(prtGraphNode_t node, prtMemcpy3DParms* params) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeMemcpy, params);
    if (e == prtSuccess) *params = node->copy;
    return e;
}
inline prtError_t prtGraphMemcpyNodeSetParams(prtGraphNode_t node, const prtMemcpy3DParms* params) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeMemcpy, params);
    if (e != prtSuccess) return e;
    node->copy = *params;
    node->run = prt::cpu::work_of(node);
    return prtSuccess;
}
inline prtError_t prtGraphMemcpyNodeSetParams1D(prtGraphNode_t node, void* dst, const void* src, size_t count,
                                                prtMemcpyKind kind) {
    prtMemcpy3DParms p = prt::cpu::linear_copy(dst, src, count, kind);
    return prtGraphMemcpyNodeSetParams(node, &p);
}
inline prtError_t prtGraphMemcpyNodeSetParamsToSymbol(prtGraphNode_t node, const void* symbol, const void* src,
                                                      size_t count, size_t offset, prtMemcpyKind kind) {
    if (!symbol) return prt::cpu::prt_fail(prtErrorInvalidSymbol);
    return prtGraphMemcpyNodeSetParams1D(node, static_cast<char*>(const_cast<void*>(symbol)) + offset, src, count, kind);
}
inline prtError_t prtGraphMemcpyNodeSetParamsFromSymbol(prtGraphNode_t node, void* dst, const void* symbol,
                                                        size_t count, size_t offset, prtMemcpyKind kind) {
    if (!symbol) return prt::cpu::prt_fail(prtErrorInvalidSymbol);
    return prtGraphMemcpyNodeSetParams1D(node, dst, static_cast<const char*>(symbol) + offset, count, kind);
}
inline prtError_t prtGraphMemsetNodeGetParams(prtGraphNode_t node, prtMemsetParams* params) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeMemset, params);
    if (e == prtSuccess) *params = node->fill;
    return e;
}
inline prtError_t prtGraphMemsetNodeSetParams(prtGraphNode_t node, const prtMemsetParams* params) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeMemset, params);
    if (e == prtSuccess) e = prt::cpu::check_fill(params);
    if (e != prtSuccess) return prt::cpu::prt_fail(e);
    node->fill = *params;
    node->run = prt::cpu::work_of(node);
    return prtSuccess;
}
inline prtError_t prtGraphHostNodeGetParams(prtGraphNode_t node, prtHostNodeParams* params) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeHost, params);
    if (e == prtSuccess) *params = node->host;
    return e;
}
inline prtError_t prtGraphHostNodeSetParams(prtGraphNode_t node, const prtHostNodeParams* params) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeHost, params);
    if (e != prtSuccess) return e;
    if (!params->fn) return prt::cpu::prt_fail(prtErrorInvalidValue);
    node->host = *params;
    node->run = prt::cpu::work_of(node);
    return prtSuccess;
}
inline prtError_t prtGraphChildGraphNodeGetGraph(prtGraphNode_t node, prtGraph_t* graph) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeGraph, graph);
    if (e == prtSuccess) *graph = node->child.get();
    return e;
}
inline prtError_t prtGraphEventRecordNodeGetEvent(prtGraphNode_t node, prtEvent_t* event) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeEventRecord, event);
    if (e == prtSuccess) *event = node->event;
    return e;
}
inline prtError_t prtGraphEventRecordNodeSetEvent(prtGraphNode_t node, prtEvent_t event) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeEventRecord, event);
    if (e != prtSuccess) return e;
    node->event = event;
    node->run = prt::cpu::work_of(node);
    return prtSuccess;
}
inline prtError_t prtGraphEventWaitNodeGetEvent(prtGraphNode_t node, prtEvent_t* event) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeWaitEvent, event);
    if (e == prtSuccess) *event = node->event;
    return e;
}
inline prtError_t prtGraphEventWaitNodeSetEvent(prtGraphNode_t node, prtEvent_t event) {
    prtError_t e = prt::cpu::of_type(node, prtGraphNodeTypeWaitEvent, event);
    if (e == prtSuccess) node->event = event;
    return e;
}
inline prtError_t prtGraphMemAllocNodeGetParams(prtGraphNode_t node, prtMemAllocNodeParams* params) {
    if (!node || !params || !node->alloc.dptr) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *params = node->alloc;
    return prtSuccess;
}
inline prtError_t prtGraphMemFreeNodeGetParams(prtGraphNode_t node, void* dptr) {
    if (!node || !dptr || !node->freed) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *static_cast<void**>(dptr) = node->freed;
    return prtSuccess;
}

inline prtError_t prtGraphInstantiateWithFlags(prtGraphExec_t* exec, prtGraph_t graph, unsigned long long flags) {
    if (!exec || !graph || (flags & ~0xFull)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    auto x = std::make_unique<prt::cpu::GraphExec>();
    x->graph = prt::cpu::copy_graph(graph, &x->of);
    if (!prt::cpu::topological(x->graph.get(), &x->order)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    x->enabled.assign(x->order.size(), true);
    x->flags = flags;
    *exec = x.release();
    return prtSuccess;
}
inline prtError_t prtGraphInstantiate(prtGraphExec_t* exec, prtGraph_t graph, unsigned long long flags) {
    return prtGraphInstantiateWithFlags(exec, graph, flags);
}
inline prtError_t prtGraphInstantiateWithParams(prtGraphExec_t* exec, prtGraph_t graph,
                                                prtGraphInstantiateParams* params) {
    if (!params) return prt::cpu::prt_fail(prtErrorInvalidValue);
    params->errNode_out = nullptr;
    prtError_t e = prtGraphInstantiateWithFlags(exec, graph, params->flags);
    params->result_out = e == prtSuccess ? prtGraphInstantiateSuccess
                         : graph && exec    ? prtGraphInstantiateInvalidStructure
                                            : prtGraphInstantiateError;
    return e;  // uploadStream: nothing to upload on the CPU backend
}
inline prtError_t prtGraphExecDestroy(prtGraphExec_t exec) {
    if (!exec) return prt::cpu::prt_fail(prtErrorInvalidValue);
    delete exec;
    return prtSuccess;
}
inline prtError_t prtGraphLaunch(prtGraphExec_t exec, prtStream_t stream) {
    if (!exec) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prt::cpu::issue(stream, prtGraphNodeTypeGraph, [exec] {
        for (size_t i = 0; i < exec->order.size(); ++i) {
            if (!exec->enabled[i] || !exec->order[i]->run) continue;
            prtError_t e = exec->order[i]->run();
            if (e != prtSuccess) return e;
        }
        return prtSuccess;
    });
}
inline prtError_t prtGraphUpload(prtGraphExec_t exec, prtStream_t) {
    return exec ? prtSuccess : prt::cpu::prt_fail(prtErrorInvalidValue);
}
inline prtError_t prtGraphExecGetFlags(prtGraphExec_t exec, unsigned long long* flags) {
    if (!exec || !flags) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *flags = exec->flags;
    return prtSuccess;
}
// Takes the parameters of a graph of the same shape (same node kinds, same edges, in the same order).
inline prtError_t prtGraphExecUpdate(prtGraphExec_t exec, prtGraph_t graph, prtGraphExecUpdateResultInfo* resultInfo) {
    if (!exec || !graph || !resultInfo) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *resultInfo = prtGraphExecUpdateResultInfo{prtGraphExecUpdateSuccess, nullptr, nullptr};
    auto& mine = exec->graph->nodes;
    auto& theirs = graph->nodes;
    if (mine.size() != theirs.size()) {
        resultInfo->result = prtGraphExecUpdateErrorTopologyChanged;
        return prt::cpu::prt_fail(prtErrorGraphExecUpdateFailure);
    }
    for (size_t i = 0; i < mine.size(); ++i) {
        if (mine[i]->type != theirs[i]->type || (theirs[i]->child != nullptr) != (mine[i]->child != nullptr)) {
            resultInfo->result = prtGraphExecUpdateErrorNodeTypeChanged;
            resultInfo->errorNode = theirs[i].get();
            return prt::cpu::prt_fail(prtErrorGraphExecUpdateFailure);
        }
        if (mine[i]->deps.size() != theirs[i]->deps.size()) {
            resultInfo->result = prtGraphExecUpdateErrorTopologyChanged;
            resultInfo->errorNode = theirs[i].get();
            return prt::cpu::prt_fail(prtErrorGraphExecUpdateFailure);
        }
    }
    std::map<const prt::cpu::GraphNode*, prt::cpu::GraphNode*> map;
    auto copy = prt::cpu::copy_graph(graph, &map);
    for (size_t i = 0; i < mine.size(); ++i) std::swap(mine[i]->run, copy->nodes[i]->run);
    for (size_t i = 0; i < mine.size(); ++i) std::swap(mine[i]->child, copy->nodes[i]->child);
    return prtSuccess;
}

namespace prt::cpu {
inline prtError_t exec_node(prtGraphExec_t exec, prtGraphNode_t node, prtGraphNodeType type, GraphNode** out) {
    GraphNode* n = node_in(exec, node);
    if (!n || n->type != type) return prt_fail(prtErrorInvalidValue);
    *out = n;
    return prtSuccess;
}
}  // namespace prt::cpu

inline prtError_t prtGraphNodeGetEnabled(prtGraphExec_t exec, prtGraphNode_t node, unsigned int* isEnabled) {
    prt::cpu::GraphNode* n = prt::cpu::node_in(exec, node);
    if (!n || !isEnabled) return prt::cpu::prt_fail(prtErrorInvalidValue);
    size_t i = size_t(std::find(exec->order.begin(), exec->order.end(), n) - exec->order.begin());
    *isEnabled = exec->enabled[i] ? 1 : 0;
    return prtSuccess;
}
inline prtError_t prtGraphNodeSetEnabled(prtGraphExec_t exec, prtGraphNode_t node, unsigned int isEnabled) {
    prt::cpu::GraphNode* n = prt::cpu::node_in(exec, node);
    if (!n) return prt::cpu::prt_fail(prtErrorInvalidValue);
    size_t i = size_t(std::find(exec->order.begin(), exec->order.end(), n) - exec->order.begin());
    exec->enabled[i] = isEnabled != 0;
    return prtSuccess;
}
inline prtError_t prtGraphExecKernelNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                  const prtKernelNodeParams* params) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeKernel, &n);
    return e == prtSuccess ? prtGraphKernelNodeSetParams(n, params) : e;
}
inline prtError_t prtGraphExecMemcpyNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                  const prtMemcpy3DParms* params) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeMemcpy, &n);
    return e == prtSuccess ? prtGraphMemcpyNodeSetParams(n, params) : e;
}
inline prtError_t prtGraphExecMemcpyNodeSetParams1D(prtGraphExec_t exec, prtGraphNode_t node, void* dst,
                                                    const void* src, size_t count, prtMemcpyKind kind) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeMemcpy, &n);
    return e == prtSuccess ? prtGraphMemcpyNodeSetParams1D(n, dst, src, count, kind) : e;
}
inline prtError_t prtGraphExecMemcpyNodeSetParamsToSymbol(prtGraphExec_t exec, prtGraphNode_t node, const void* symbol,
                                                          const void* src, size_t count, size_t offset,
                                                          prtMemcpyKind kind) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeMemcpy, &n);
    return e == prtSuccess ? prtGraphMemcpyNodeSetParamsToSymbol(n, symbol, src, count, offset, kind) : e;
}
inline prtError_t prtGraphExecMemcpyNodeSetParamsFromSymbol(prtGraphExec_t exec, prtGraphNode_t node, void* dst,
                                                            const void* symbol, size_t count, size_t offset,
                                                            prtMemcpyKind kind) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeMemcpy, &n);
    return e == prtSuccess ? prtGraphMemcpyNodeSetParamsFromSymbol(n, dst, symbol, count, offset, kind) : e;
}
inline prtError_t prtGraphExecMemsetNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                  const prtMemsetParams* params) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeMemset, &n);
    return e == prtSuccess ? prtGraphMemsetNodeSetParams(n, params) : e;
}
inline prtError_t prtGraphExecHostNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node,
                                                const prtHostNodeParams* params) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeHost, &n);
    return e == prtSuccess ? prtGraphHostNodeSetParams(n, params) : e;
}
inline prtError_t prtGraphExecChildGraphNodeSetParams(prtGraphExec_t exec, prtGraphNode_t node, prtGraph_t childGraph) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeGraph, &n);
    if (e != prtSuccess) return e;
    if (!childGraph || childGraph->nodes.size() != n->child->nodes.size())
        return prt::cpu::prt_fail(prtErrorInvalidValue);  // the new graph must have the old one's shape
    std::map<const prt::cpu::GraphNode*, prt::cpu::GraphNode*> map;
    n->child = prt::cpu::copy_graph(childGraph, &map);
    prt::cpu::Graph* child = n->child.get();
    n->run = [child] { return prt::cpu::run_graph(child); };
    return prtSuccess;
}
inline prtError_t prtGraphExecEventRecordNodeSetEvent(prtGraphExec_t exec, prtGraphNode_t node, prtEvent_t event) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeEventRecord, &n);
    return e == prtSuccess ? prtGraphEventRecordNodeSetEvent(n, event) : e;
}
inline prtError_t prtGraphExecEventWaitNodeSetEvent(prtGraphExec_t exec, prtGraphNode_t node, prtEvent_t event) {
    prt::cpu::GraphNode* n = nullptr;
    prtError_t e = prt::cpu::exec_node(exec, node, prtGraphNodeTypeWaitEvent, &n);
    return e == prtSuccess ? prtGraphEventWaitNodeSetEvent(n, event) : e;
}
// Writes the graph in Graphviz's DOT language: one vertex per node, named by its kind, one arrow per edge.
inline prtError_t prtGraphDebugDotPrint(prtGraph_t graph, const char* path, unsigned int) {
    if (!graph || !path) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::FILE* f = std::fopen(path, "w");
    if (!f) return prt::cpu::prt_fail(prtErrorInvalidValue);
    static const char* kinds[] = {"kernel", "memcpy", "memset", "host", "graph", "empty", "wait_event", "event_record"};
    std::fprintf(f, "digraph prtGraph {\n");
    std::map<const prt::cpu::GraphNode*, size_t> id;
    for (auto& n : graph->nodes) {
        id[n.get()] = id.size();
        std::fprintf(f, "  n%zu [label=\"%s\"];\n", id[n.get()], kinds[unsigned(n->type) % 8]);
    }
    for (auto& n : graph->nodes)
        for (prt::cpu::GraphNode* d : n->deps) std::fprintf(f, "  n%zu -> n%zu;\n", id[d], id[n.get()]);
    std::fprintf(f, "}\n");
    std::fclose(f);
    return prtSuccess;
}

inline prtError_t prtUserObjectCreate(prtUserObject_t* object, void* ptr, prtHostFn_t destroy,
                                      unsigned int initialRefcount, unsigned int flags) {
    if (!object || !destroy || initialRefcount == 0 || flags != prtUserObjectNoDestructorSync)
        return prt::cpu::prt_fail(prtErrorInvalidValue);
    *object = new prt::cpu::UserObject{ptr, destroy, int(initialRefcount), {}};
    return prtSuccess;
}
inline prtError_t prtUserObjectRetain(prtUserObject_t object, unsigned int count) {
    if (!object || count == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    std::lock_guard<std::mutex> lk(object->mu);
    object->refs += int(count);
    return prtSuccess;
}
inline prtError_t prtUserObjectRelease(prtUserObject_t object, unsigned int count) {
    if (!object || count == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    object->release(count);
    return prtSuccess;
}
inline prtError_t prtGraphRetainUserObject(prtGraph_t graph, prtUserObject_t object, unsigned int count,
                                           unsigned int flags) {
    if (!graph || !object || count == 0 || flags > prtGraphUserObjectMove) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (flags != prtGraphUserObjectMove) prtUserObjectRetain(object, count);  // with Move the caller's are taken
    for (unsigned int i = 0; i < count; ++i) graph->objects.push_back(object);
    return prtSuccess;
}
inline prtError_t prtGraphReleaseUserObject(prtGraph_t graph, prtUserObject_t object, unsigned int count) {
    if (!graph || !object || count == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    for (unsigned int i = 0; i < count; ++i) {
        auto at = std::find(graph->objects.begin(), graph->objects.end(), object);
        if (at == graph->objects.end()) return prt::cpu::prt_fail(prtErrorInvalidValue);
        graph->objects.erase(at);
        object->release(1);
    }
    return prtSuccess;
}
