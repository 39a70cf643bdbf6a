// prt/cpu/event.h: events on the CPU backend. Stream work completes when issued (prt/cpu/stream.h), so an
// event happens when it is recorded and keeps the time of that moment.
#pragma once

#include <chrono>

#include "prt/cpu/capture.h"

inline prtError_t prtEventCreateWithFlags(prtEvent_t* event, unsigned int flags) {
    if (!event || (flags & ~0x7u)) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *event = new prt::cpu::Event{flags, false, {}};
    return prtSuccess;
}

inline prtError_t prtEventCreate(prtEvent_t* event) { return prtEventCreateWithFlags(event, 0); }

inline prtError_t prtEventDestroy(prtEvent_t event) {
    if (!event) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    delete event;
    return prtSuccess;
}

// While the stream captures, a record marks the capture's current point, which a wait in another stream joins.
inline prtError_t prtEventRecord(prtEvent_t event, prtStream_t stream) {
    if (!event) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    if (prt::cpu::capturing(stream)) {
        event->captured_graph = stream->capture;
        event->captured_tips = stream->tips;
        return prtSuccess;
    }
    event->captured_graph = nullptr;
    event->recorded = true;
    event->when = std::chrono::steady_clock::now();
    return prtSuccess;
}

inline prtError_t prtEventRecordWithFlags(prtEvent_t event, prtStream_t stream, unsigned int flags) {
    if (flags & ~prtEventRecordExternal) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!(flags & prtEventRecordExternal) || !prt::cpu::capturing(stream)) return prtEventRecord(event, stream);
    if (!event) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    return prt::cpu::issue(stream, prtGraphNodeTypeEventRecord, [event] { return prtEventRecord(event, 0); });
}

inline prtError_t prtEventSynchronize(prtEvent_t event) {
    if (!event) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    return prtSuccess;
}

inline prtError_t prtEventQuery(prtEvent_t event) {
    if (!event) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    return prtSuccess;
}

inline prtError_t prtEventElapsedTime(float* ms, prtEvent_t start, prtEvent_t end) {
    if (!ms) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!start || !end) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    if ((start->flags | end->flags) & prtEventDisableTiming) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    *ms = std::chrono::duration<float, std::milli>(end->when - start->when).count();
    return prtSuccess;
}
