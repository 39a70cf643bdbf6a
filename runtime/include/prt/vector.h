// prt/vector.h: vector types (char1..4, uchar, short, ushort, int, uint, long, ulong, longlong, ulonglong,
// float, double; each 1 to 4 wide) with make_<type>(...), and dim3. CUDA's alignment on every backend.
#pragma once

#include "prt/config.h"

#if PRT_BACKEND_CUDA
#include <vector_types.h>
#include <vector_functions.h>
#elif PRT_BACKEND_HIP
#include <hip/hip_runtime.h>
#else
#include "prt/cpu/vector.h"
#endif
