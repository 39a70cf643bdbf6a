// prt/hip/kernel.h: HIP defines the kernel language itself; only the dynamic shared memory spelling is added.
#pragma once

#include <hip/hip_runtime.h>

#define PRT_DYNAMIC_SHARED(type, name) extern __shared__ type name[]
