// prt/gpu/event.h: forwards to the vendor runtime.
#pragma once

inline prtError_t prtEventCreate(prtEvent_t* event) { return PRT_GPU(EventCreate)(event); }
inline prtError_t prtEventCreateWithFlags(prtEvent_t* event, unsigned int flags) {
    return PRT_GPU(EventCreateWithFlags)(event, flags);
}
inline prtError_t prtEventDestroy(prtEvent_t event) { return PRT_GPU(EventDestroy)(event); }
inline prtError_t prtEventRecord(prtEvent_t event, prtStream_t stream) { return PRT_GPU(EventRecord)(event, stream); }
inline prtError_t prtEventSynchronize(prtEvent_t event) { return PRT_GPU(EventSynchronize)(event); }
inline prtError_t prtEventQuery(prtEvent_t event) { return PRT_GPU(EventQuery)(event); }
inline prtError_t prtEventElapsedTime(float* ms, prtEvent_t start, prtEvent_t end) {
    return PRT_GPU(EventElapsedTime)(ms, start, end);
}
