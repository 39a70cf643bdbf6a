// prt/cuda/kernel.h: CUDA defines the kernel language itself; only the dynamic shared memory spelling is added.
#pragma once

#include <cuda_runtime.h>

#define PRT_DYNAMIC_SHARED(type, name) extern __shared__ type name[]
