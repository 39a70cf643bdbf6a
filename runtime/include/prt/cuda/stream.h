// prt/cuda/stream.h: forwards to the CUDA runtime.
#pragma once

inline prtError_t prtStreamCreate(prtStream_t* stream) { return cudaStreamCreate(stream); }
inline prtError_t prtStreamCreateWithFlags(prtStream_t* stream, unsigned int flags) {
    return cudaStreamCreateWithFlags(stream, flags);
}
inline prtError_t prtStreamCreateWithPriority(prtStream_t* stream, unsigned int flags, int priority) {
    return cudaStreamCreateWithPriority(stream, flags, priority);
}
inline prtError_t prtStreamDestroy(prtStream_t stream) { return cudaStreamDestroy(stream); }
inline prtError_t prtStreamSynchronize(prtStream_t stream) { return cudaStreamSynchronize(stream); }
inline prtError_t prtStreamQuery(prtStream_t stream) { return cudaStreamQuery(stream); }
inline prtError_t prtStreamWaitEvent(prtStream_t stream, prtEvent_t event, unsigned int flags) {
    return cudaStreamWaitEvent(stream, event, flags);
}
inline prtError_t prtStreamGetFlags(prtStream_t stream, unsigned int* flags) { return cudaStreamGetFlags(stream, flags); }
inline prtError_t prtStreamGetPriority(prtStream_t stream, int* priority) {
    return cudaStreamGetPriority(stream, priority);
}
inline prtError_t prtLaunchHostFunc(prtStream_t stream, prtHostFn_t fn, void* userData) {
    return cudaLaunchHostFunc(stream, fn, userData);
}
