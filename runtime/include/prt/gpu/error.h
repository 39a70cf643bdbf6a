// prt/gpu/error.h: forwards to the vendor runtime.
#pragma once

inline prtError_t prtGetLastError() { return PRT_GPU(GetLastError)(); }
inline prtError_t prtPeekAtLastError() { return PRT_GPU(PeekAtLastError)(); }
inline const char* prtGetErrorString(prtError_t error) { return PRT_GPU(GetErrorString)(error); }
inline const char* prtGetErrorName(prtError_t error) { return PRT_GPU(GetErrorName)(error); }
