// prt/cuda/event.h: forwards to the CUDA runtime.
#pragma once

inline prtError_t prtEventCreate(prtEvent_t* event) { return cudaEventCreate(event); }
inline prtError_t prtEventCreateWithFlags(prtEvent_t* event, unsigned int flags) {
    return cudaEventCreateWithFlags(event, flags);
}
inline prtError_t prtEventDestroy(prtEvent_t event) { return cudaEventDestroy(event); }
inline prtError_t prtEventRecord(prtEvent_t event, prtStream_t stream) { return cudaEventRecord(event, stream); }
inline prtError_t prtEventSynchronize(prtEvent_t event) { return cudaEventSynchronize(event); }
inline prtError_t prtEventQuery(prtEvent_t event) { return cudaEventQuery(event); }
inline prtError_t prtEventElapsedTime(float* ms, prtEvent_t start, prtEvent_t end) {
    return cudaEventElapsedTime(ms, start, end);
}
