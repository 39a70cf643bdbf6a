// prt/detail/hd.h: PRT_HD, the qualifiers of functions that prt/detail/ shares between the CPU backend (none)
// and the GPU backends (host and device).
#pragma once

#if defined(__HIPCC__) || defined(__CUDACC__)
#define PRT_HD __host__ __device__
#else
#define PRT_HD
#endif
