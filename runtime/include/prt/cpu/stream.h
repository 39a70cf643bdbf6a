// prt/cpu/stream.h: streams on the CPU backend.
//
// Work issued to a stream (kernels, copies, fills, host functions, event records) runs to completion in the
// issuing call, on the calling thread and the pool. That is one of the schedules CUDA allows for every stream
// kind: per-stream FIFO order holds, the legacy default stream is ordered with all blocking streams, an event
// marks everything issued before its record, and a wait on an event is already satisfied when it is issued.
// Synchronise and query calls therefore find nothing pending.
#pragma once

#include <chrono>

#include <algorithm>

#include "prt/cpu/capture.h"
#include "prt/cpu/device.h"

inline prtError_t prtStreamCreateWithPriority(prtStream_t* stream, unsigned int flags, int priority) {
    if (!stream || (flags & ~prtStreamNonBlocking)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (priority > 0) priority = 0;
    if (priority < -5) priority = -5;
    *stream = new prt::cpu::Stream{flags, priority};
    (*stream)->device = prt::cpu::current_device();
    static std::atomic<unsigned long long> ids{3};  // 1 and 2 are the built-in streams
    (*stream)->id = ids++;
    return prtSuccess;
}

inline prtError_t prtStreamCreateWithFlags(prtStream_t* stream, unsigned int flags) {
    return prtStreamCreateWithPriority(stream, flags, 0);
}

inline prtError_t prtStreamCreate(prtStream_t* stream) { return prtStreamCreateWithPriority(stream, 0, 0); }

inline bool prt_cpu_is_builtin_stream(prtStream_t s) { return prt::cpu::is_builtin(s); }

inline prtError_t prtStreamDestroy(prtStream_t stream) {
    if (prt_cpu_is_builtin_stream(stream)) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    if (stream->capture) return prt::cpu::prt_fail(prtErrorStreamCaptureUnsupported);
    delete stream;
    return prtSuccess;
}

namespace prt::cpu {
// A call that would wait for a capturing stream's work is not allowed: it ends the capture in error, as on CUDA.
inline prtError_t refuse_while_capturing(prtStream_t s) {
    if (!capturing(s)) return prtSuccess;
    s->capture_error = prtErrorStreamCaptureInvalidated;
    return prt_fail(prtErrorStreamCaptureUnsupported);
}
}  // namespace prt::cpu

inline prtError_t prtStreamSynchronize(prtStream_t stream) { return prt::cpu::refuse_while_capturing(stream); }
inline prtError_t prtStreamQuery(prtStream_t stream) { return prt::cpu::refuse_while_capturing(stream); }

// A wait on an event recorded by a capturing stream joins the capture: the waiting stream captures too, after
// the recorded point (the fork of a multi-stream capture); otherwise recorded work is already done.
inline prtError_t prtStreamWaitEvent(prtStream_t stream, prtEvent_t event, unsigned int flags) {
    if (!event || flags != 0) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    if (!event->captured_graph) return prtSuccess;
    if (prt::cpu::is_builtin(stream)) return prt::cpu::prt_fail(prtErrorStreamCaptureImplicit);
    if (stream->capture && stream->capture != event->captured_graph) return prt::cpu::prt_fail(prtErrorStreamCaptureUnsupported);
    if (!stream->capture) {
        stream->capture = event->captured_graph;
        stream->capture_origin = false;
        stream->capture_error = prtSuccess;
        event->captured_graph->capturers.push_back(stream);
        stream->tips = event->captured_tips;
        return prtSuccess;
    }
    for (prt::cpu::GraphNode* n : event->captured_tips)
        if (std::find(stream->tips.begin(), stream->tips.end(), n) == stream->tips.end()) stream->tips.push_back(n);
    return prtSuccess;
}

inline prtError_t prtStreamGetFlags(prtStream_t stream, unsigned int* flags) {
    if (!flags) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *flags = prt_cpu_is_builtin_stream(stream) ? 0u : stream->flags;
    return prtSuccess;
}

inline prtError_t prtStreamGetPriority(prtStream_t stream, int* priority) {
    if (!priority) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *priority = prt_cpu_is_builtin_stream(stream) ? 0 : stream->priority;
    return prtSuccess;
}

inline prtError_t prtLaunchHostFunc(prtStream_t stream, prtHostFn_t fn, void* userData) {
    if (!fn) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return prt::cpu::issue(stream, prtGraphNodeTypeHost, [fn, userData] {
        fn(userData);
        return prtSuccess;
    });
}

// The callback runs when the work before it is done, which on the CPU backend is now; it is told the stream's
// status (the last error) as CUDA tells it. A capturing stream refuses callbacks, as CUDA does.
inline prtError_t prtStreamAddCallback(prtStream_t stream, prtStreamCallback_t callback, void* userData,
                                       unsigned int flags) {
    if (!callback || flags != 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prtError_t e = prt::cpu::refuse_while_capturing(stream);
    if (e != prtSuccess) return e;
    callback(stream, prtSuccess, userData);
    return prtSuccess;
}

inline prtError_t prtStreamGetDevice(prtStream_t stream, int* device) {
    if (!device) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *device = prt::cpu::is_builtin(stream) ? prt::cpu::current_device() : stream->device;
    return prtSuccess;
}

inline prtError_t prtStreamGetId(prtStream_t stream, unsigned long long* streamId) {
    if (!streamId) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *streamId = prt::cpu::is_builtin(stream) ? (stream ? 2 : 1) : stream->id;
    return prtSuccess;
}

namespace prt::cpu {
inline prtLaunchAttributeValue* attribute_of(prtStream_t s, prtStreamAttrID attr) {
    static thread_local prtLaunchAttributeValue builtin[9];  // the built-in streams' attributes, per thread
    if (unsigned(attr) > 8 || attr == 4 || attr == 5 || attr == 6 || attr == 7 || attr == 0) return nullptr;
    return is_builtin(s) ? &builtin[attr] : &s->attributes[attr];
}
}  // namespace prt::cpu

inline prtError_t prtStreamGetAttribute(prtStream_t stream, prtStreamAttrID attr, prtStreamAttrValue* value) {
    prtLaunchAttributeValue* at = prt::cpu::attribute_of(stream, attr);
    if (!value || !at || attr == prtLaunchAttributeCooperative) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *value = *at;
    if (attr == prtLaunchAttributePriority) value->priority = prt::cpu::is_builtin(stream) ? 0 : stream->priority;
    return prtSuccess;
}

inline prtError_t prtStreamSetAttribute(prtStream_t stream, prtStreamAttrID attr, const prtStreamAttrValue* value) {
    prtLaunchAttributeValue* at = prt::cpu::attribute_of(stream, attr);
    if (!value || !at || attr == prtLaunchAttributeCooperative) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *at = *value;
    if (attr == prtLaunchAttributePriority && !prt::cpu::is_builtin(stream))
        stream->priority = value->priority > 0 ? 0 : (value->priority < -5 ? -5 : value->priority);
    return prtSuccess;
}

inline prtError_t prtStreamCopyAttributes(prtStream_t dst, prtStream_t src) {
    for (prtStreamAttrID a : {prtLaunchAttributeAccessPolicyWindow, prtLaunchAttributeSynchronizationPolicy,
                              prtLaunchAttributePriority}) {
        prtStreamAttrValue v;
        prtError_t e = prtStreamGetAttribute(src, a, &v);
        if (e == prtSuccess) e = prtStreamSetAttribute(dst, a, &v);
        if (e != prtSuccess) return e;
    }
    return prtSuccess;
}
