// prt/hip/event.h: forwards to the HIP runtime.
#pragma once

inline prtError_t prtEventCreate(prtEvent_t* event) { return hipEventCreate(event); }
inline prtError_t prtEventCreateWithFlags(prtEvent_t* event, unsigned int flags) {
    return hipEventCreateWithFlags(event, flags);
}
inline prtError_t prtEventDestroy(prtEvent_t event) { return hipEventDestroy(event); }
inline prtError_t prtEventRecord(prtEvent_t event, prtStream_t stream) { return hipEventRecord(event, stream); }
inline prtError_t prtEventSynchronize(prtEvent_t event) { return hipEventSynchronize(event); }
inline prtError_t prtEventQuery(prtEvent_t event) { return hipEventQuery(event); }
inline prtError_t prtEventElapsedTime(float* ms, prtEvent_t start, prtEvent_t end) {
    return hipEventElapsedTime(ms, start, end);
}
