// prt/rand_device.h: the device API of prt/rand.h (prtrandState_t, prtrand_init, prtrand_uniform, prtrand_normal, ...)
// for kernels; migrated code includes it where the original included curand_kernel.h. prt/prt.h brings the host API
// only: on CUDA and HIP the vendor's device header puts its generators' skip-ahead tables into the GPU module of
// every file that includes it, which costs load time at that module's first launch. On the CPU backend the device
// API is part of prt/rand.h.
#pragma once

#include "prt/prt.h"
#include "prt/rand.h"

#if !PRT_BACKEND_CPU
#include "prt/gpu/rand_device.h"
#endif
