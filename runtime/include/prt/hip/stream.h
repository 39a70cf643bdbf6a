// prt/hip/stream.h: forwards to the HIP runtime.
#pragma once

inline prtError_t prtStreamCreate(prtStream_t* stream) { return hipStreamCreate(stream); }
inline prtError_t prtStreamCreateWithFlags(prtStream_t* stream, unsigned int flags) {
    return hipStreamCreateWithFlags(stream, flags);
}
inline prtError_t prtStreamCreateWithPriority(prtStream_t* stream, unsigned int flags, int priority) {
    return hipStreamCreateWithPriority(stream, flags, priority);
}
inline prtError_t prtStreamDestroy(prtStream_t stream) { return hipStreamDestroy(stream); }
inline prtError_t prtStreamSynchronize(prtStream_t stream) { return hipStreamSynchronize(stream); }
inline prtError_t prtStreamQuery(prtStream_t stream) { return hipStreamQuery(stream); }
inline prtError_t prtStreamWaitEvent(prtStream_t stream, prtEvent_t event, unsigned int flags) {
    return hipStreamWaitEvent(stream, event, flags);
}
inline prtError_t prtStreamGetFlags(prtStream_t stream, unsigned int* flags) { return hipStreamGetFlags(stream, flags); }
inline prtError_t prtStreamGetPriority(prtStream_t stream, int* priority) {
    return hipStreamGetPriority(stream, priority);
}
inline prtError_t prtLaunchHostFunc(prtStream_t stream, prtHostFn_t fn, void* userData) {
    return hipLaunchHostFunc(stream, fn, userData);
}
