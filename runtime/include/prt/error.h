// prt/error.h: error reporting. Every runtime call returns a prtError_t and records failures as the calling
// thread's last error, as CUDA does.
#pragma once

#include "prt/types.h"

inline prtError_t prtGetLastError();                    // returns the calling thread's last error and resets it
inline prtError_t prtPeekAtLastError();                 // returns the calling thread's last error, keeps it
inline const char* prtGetErrorString(prtError_t error);  // describes an error code ("invalid argument")
inline const char* prtGetErrorName(prtError_t error);    // names an error code ("prtErrorInvalidValue")

#if PRT_BACKEND_CPU
#include "prt/cpu/error.h"
#else
#include "prt/gpu/error.h"
#endif
