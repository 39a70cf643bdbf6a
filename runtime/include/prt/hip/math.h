// prt/hip/math.h: the device math HIP lacks: CUDA's SIMD video intrinsics (prt/detail/simd.h), packed dot
// products, byte swaps and typed minima and maxima (prt/detail/integer.h).
#pragma once

#include <hip/hip_runtime.h>

#include "prt/detail/integer.h"
#include "prt/detail/simd.h"
