// prt/stream.h: streams. Work on one stream runs in issue order; stream 0 is the legacy default stream,
// which orders with every blocking stream.
#pragma once

#include "prt/error.h"

inline prtError_t prtStreamCreate(prtStream_t* stream);                  // creates a blocking stream
inline prtError_t prtStreamCreateWithFlags(prtStream_t* stream, unsigned int flags);  // prtStreamNonBlocking...
inline prtError_t prtStreamCreateWithPriority(prtStream_t* stream, unsigned int flags, int priority);  // priority
inline prtError_t prtStreamDestroy(prtStream_t stream);                  // destroys a stream after its work
inline prtError_t prtStreamSynchronize(prtStream_t stream);              // waits for the stream's work
inline prtError_t prtStreamQuery(prtStream_t stream);                    // prtSuccess if idle, else prtErrorNotReady
inline prtError_t prtStreamWaitEvent(prtStream_t stream, prtEvent_t event, unsigned int flags = 0);  // orders
inline prtError_t prtStreamGetFlags(prtStream_t stream, unsigned int* flags);  // the stream's flags
inline prtError_t prtStreamGetPriority(prtStream_t stream, int* priority);     // the stream's priority
inline prtError_t prtLaunchHostFunc(prtStream_t stream, prtHostFn_t fn, void* userData);  // host call in order

#if PRT_BACKEND_CPU
#include "prt/cpu/stream.h"
#else
#include "prt/gpu/stream.h"
#endif
