// prt/cpu/capture.h: streams, graphs and stream capture on the CPU backend: the structures every stream-ordered
// call shares. Work issued to a stream runs when it is issued (prt/cpu/stream.h), unless the stream is capturing:
// then it becomes a node of the capturing graph, after the nodes the stream last captured, and runs at replay.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "prt/cpu/state.h"

namespace prt::cpu {

// A user object: a destructor the graphs holding a reference run once the last reference is released.
struct UserObject {
    void* ptr;
    void (*destroy)(void*);
    int refs;
    std::mutex mu;
    void release(unsigned int count) {
        bool last;
        {
            std::lock_guard<std::mutex> lk(mu);
            refs -= int(count);
            last = refs <= 0;
        }
        if (last) {
            destroy(ptr);
            delete this;
        }
    }
};

struct Stream;

struct GraphNode {
    prtGraphNodeType type;
    std::function<prtError_t()> run;     // the node's work (made from the parameters below, or captured)
    std::vector<GraphNode*> deps;        // nodes that run before it
    Graph* owner = nullptr;
    std::unique_ptr<Graph> child;        // a child graph node's own copy of its graph
    GraphNode* cloned_from = nullptr;    // in a clone: the node it copies
    // The parameters of a node made by a prtGraphAdd*Node call, by kind.
    prtKernelNodeParams kernel{};
    prtMemcpy3DParms copy{};
    prtMemsetParams fill{};
    prtHostNodeParams host{};
    prtEvent_t event = nullptr;
    prtMemAllocNodeParams alloc{};
    void* freed = nullptr;
    prtLaunchAttributeValue attributes[9] = {};
};

struct Graph {
    std::vector<std::unique_ptr<GraphNode>> nodes;
    std::vector<UserObject*> objects;    // user objects the graph holds a reference to (one each)
    std::vector<Stream*> capturers;      // streams capturing into it now
    ~Graph() {
        for (UserObject* o : objects) o->release(1);
    }
};

struct Event {
    unsigned int flags;
    bool recorded;
    std::chrono::steady_clock::time_point when;
    Graph* captured_graph = nullptr;     // recorded in a capturing stream: the capture and its point
    std::vector<GraphNode*> captured_tips{};
};

struct Stream {
    unsigned int flags;
    int priority;
    Graph* capture = nullptr;            // the graph being captured into, or null
    prtStreamCaptureMode mode = prtStreamCaptureModeGlobal;
    unsigned long long capture_id = 0;
    bool capture_origin = false;         // true for the stream that began the capture
    std::vector<GraphNode*> tips{};      // the nodes later captured work depends on
    prtError_t capture_error = prtSuccess;
    int device = 0;
    unsigned long long id = 0;
    prtLaunchAttributeValue attributes[9] = {};  // by prtLaunchAttributeID
};

inline bool is_builtin(prtStream_t s) { return s == nullptr || s == reinterpret_cast<prtStream_t>(0x2); }

inline bool capturing(prtStream_t s) { return !is_builtin(s) && s->capture != nullptr; }

// Adds a node of `type` running `work` to `graph`, after `deps`.
inline GraphNode* add_node(Graph* graph, prtGraphNodeType type, std::function<prtError_t()> work,
                           const std::vector<GraphNode*>& deps) {
    auto node = std::make_unique<GraphNode>();
    node->type = type;
    node->run = std::move(work);
    node->deps = deps;
    node->owner = graph;
    graph->nodes.push_back(std::move(node));
    return graph->nodes.back().get();
}

// Runs stream work now, or records it into the graph the stream is capturing. `work` must own copies of what it
// reads at replay (pointers are kept, as CUDA keeps them).
inline prtError_t issue(prtStream_t stream, prtGraphNodeType type, std::function<prtError_t()> work) {
    if (!capturing(stream)) return prt_fail(work());
    if (stream->capture_error != prtSuccess) return prt_fail(prtErrorStreamCaptureInvalidated);
    GraphNode* node = add_node(stream->capture, type, std::move(work), stream->tips);
    stream->tips.assign(1, node);
    return prtSuccess;
}

}  // namespace prt::cpu
