// prt/gpu/stream.h: forwards to the vendor runtime.
#pragma once

inline prtError_t prtStreamCreate(prtStream_t* stream) { return PRT_GPU(StreamCreate)(stream); }
inline prtError_t prtStreamCreateWithFlags(prtStream_t* stream, unsigned int flags) {
    return PRT_GPU(StreamCreateWithFlags)(stream, flags);
}
inline prtError_t prtStreamCreateWithPriority(prtStream_t* stream, unsigned int flags, int priority) {
    return PRT_GPU(StreamCreateWithPriority)(stream, flags, priority);
}
inline prtError_t prtStreamDestroy(prtStream_t stream) { return PRT_GPU(StreamDestroy)(stream); }
inline prtError_t prtStreamSynchronize(prtStream_t stream) { return PRT_GPU(StreamSynchronize)(stream); }
inline prtError_t prtStreamQuery(prtStream_t stream) { return PRT_GPU(StreamQuery)(stream); }
inline prtError_t prtStreamWaitEvent(prtStream_t stream, prtEvent_t event, unsigned int flags) {
    return PRT_GPU(StreamWaitEvent)(stream, event, flags);
}
inline prtError_t prtStreamGetFlags(prtStream_t stream, unsigned int* flags) { return PRT_GPU(StreamGetFlags)(stream, flags); }
inline prtError_t prtStreamGetPriority(prtStream_t stream, int* priority) {
    return PRT_GPU(StreamGetPriority)(stream, priority);
}
inline prtError_t prtLaunchHostFunc(prtStream_t stream, prtHostFn_t fn, void* userData) {
    return PRT_GPU(LaunchHostFunc)(stream, fn, userData);
}
