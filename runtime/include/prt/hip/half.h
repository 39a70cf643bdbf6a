// prt/hip/half.h: HIP has __half and __half2; __nv_bfloat16 comes from prt/detail/bfloat16.h.
#pragma once

#include <hip/hip_fp16.h>

#include "prt/detail/bfloat16.h"
