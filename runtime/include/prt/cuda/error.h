// prt/cuda/error.h: forwards to the CUDA runtime.
#pragma once

inline prtError_t prtGetLastError() { return cudaGetLastError(); }
inline prtError_t prtPeekAtLastError() { return cudaPeekAtLastError(); }
inline const char* prtGetErrorString(prtError_t error) { return cudaGetErrorString(error); }
inline const char* prtGetErrorName(prtError_t error) { return cudaGetErrorName(error); }
