// prt/hip/kernel.h: HIP defines the kernel language itself; added are the dynamic shared memory spelling and the
// cache-hinted loads and stores HIP has only for 16-bit floats (as templates, so that HIP's own take precedence).
#pragma once

#include <hip/hip_runtime.h>

#define PRT_DYNAMIC_SHARED(type, name) extern __shared__ type name[]

#include "prt/detail/cache_hints.h"
