// prt/hip/math.h: the device math HIP lacks: CUDA's SIMD video intrinsics (prt/detail/simd.h).
#pragma once

#include <hip/hip_runtime.h>

#include "prt/detail/simd.h"
