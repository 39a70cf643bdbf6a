// prt/event.h: events, recorded into streams, for ordering and timing.
#pragma once

#include "prt/stream.h"

inline prtError_t prtEventCreate(prtEvent_t* event);                     // creates a timing event
inline prtError_t prtEventCreateWithFlags(prtEvent_t* event, unsigned int flags);  // prtEventDisableTiming...
inline prtError_t prtEventDestroy(prtEvent_t event);                     // destroys an event
inline prtError_t prtEventRecord(prtEvent_t event, prtStream_t stream = 0);  // marks the stream's current point
inline prtError_t prtEventSynchronize(prtEvent_t event);                 // waits until the event has happened
inline prtError_t prtEventQuery(prtEvent_t event);                       // prtSuccess if happened, else NotReady
inline prtError_t prtEventElapsedTime(float* ms, prtEvent_t start, prtEvent_t end);  // milliseconds between two

inline prtError_t prtEventRecordWithFlags(prtEvent_t event, prtStream_t stream = 0,
                                          unsigned int flags = 0);      // records, prtEventRecordExternal...

#if PRT_BACKEND_CPU
#include "prt/cpu/event.h"
#else
#include "prt/gpu/event.h"
#endif
