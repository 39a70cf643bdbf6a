// prt/cpu/stream.h: streams on the CPU backend.
//
// Work issued to a stream (kernels, copies, fills, host functions, event records) runs to completion in the
// issuing call, on the calling thread and the pool. That is one of the schedules CUDA allows for every stream
// kind: per-stream FIFO order holds, the legacy default stream is ordered with all blocking streams, an event
// marks everything issued before its record, and a wait on an event is already satisfied when it is issued.
// Synchronise and query calls therefore find nothing pending.
#pragma once

#include <chrono>

#include "prt/cpu/capture.h"

inline prtError_t prtStreamCreateWithPriority(prtStream_t* stream, unsigned int flags, int priority) {
    if (!stream || (flags & ~prtStreamNonBlocking)) return prt::cpu::fail(prtErrorInvalidValue);
    if (priority > 0) priority = 0;
    if (priority < -5) priority = -5;
    *stream = new prt::cpu::Stream{flags, priority};
    return prtSuccess;
}

inline prtError_t prtStreamCreateWithFlags(prtStream_t* stream, unsigned int flags) {
    return prtStreamCreateWithPriority(stream, flags, 0);
}

inline prtError_t prtStreamCreate(prtStream_t* stream) { return prtStreamCreateWithPriority(stream, 0, 0); }

inline bool prt_cpu_is_builtin_stream(prtStream_t s) { return s == nullptr || s == prtStreamPerThread; }

inline prtError_t prtStreamDestroy(prtStream_t stream) {
    if (prt_cpu_is_builtin_stream(stream)) return prt::cpu::fail(prtErrorInvalidResourceHandle);
    delete stream;
    return prtSuccess;
}

inline prtError_t prtStreamSynchronize(prtStream_t) { return prtSuccess; }
inline prtError_t prtStreamQuery(prtStream_t) { return prtSuccess; }

inline prtError_t prtStreamWaitEvent(prtStream_t, prtEvent_t event, unsigned int flags) {
    if (!event || flags != 0) return prt::cpu::fail(prtErrorInvalidResourceHandle);
    return prtSuccess;
}

inline prtError_t prtStreamGetFlags(prtStream_t stream, unsigned int* flags) {
    if (!flags) return prt::cpu::fail(prtErrorInvalidValue);
    *flags = prt_cpu_is_builtin_stream(stream) ? 0u : stream->flags;
    return prtSuccess;
}

inline prtError_t prtStreamGetPriority(prtStream_t stream, int* priority) {
    if (!priority) return prt::cpu::fail(prtErrorInvalidValue);
    *priority = prt_cpu_is_builtin_stream(stream) ? 0 : stream->priority;
    return prtSuccess;
}

inline prtError_t prtLaunchHostFunc(prtStream_t, prtHostFn_t fn, void* userData) {
    if (!fn) return prt::cpu::fail(prtErrorInvalidValue);
    fn(userData);
    return prtSuccess;
}
