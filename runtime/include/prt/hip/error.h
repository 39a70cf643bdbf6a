// prt/hip/error.h: forwards to the HIP runtime.
#pragma once

inline prtError_t prtGetLastError() { return hipGetLastError(); }
inline prtError_t prtPeekAtLastError() { return hipPeekAtLastError(); }
inline const char* prtGetErrorString(prtError_t error) { return hipGetErrorString(error); }
inline const char* prtGetErrorName(prtError_t error) { return hipGetErrorName(error); }
