// prt/prt.h: the portable runtime, in one include. Migrated code includes this instead of cuda_runtime.h.
#pragma once

#include "prt/config.h"
#include "prt/types.h"
#include "prt/error.h"
#include "prt/device.h"
#include "prt/memory.h"
#include "prt/stream.h"
#include "prt/event.h"
#include "prt/kernel.h"
#include "prt/launch.h"
#include "prt/atomic.h"
#include "prt/warp.h"
#include "prt/math.h"
#include "prt/half.h"
#include "prt/vector.h"

// The library areas come in when present; -DPRT_NO_CCL, -DPRT_NO_BLAS, -DPRT_NO_RAND leave one out (for a
// build without NCCL, cuBLAS or cuRAND headers).
#if __has_include("prt/ccl.h") && !defined(PRT_NO_CCL)
#include "prt/ccl.h"
#endif
#if __has_include("prt/blas.h") && !defined(PRT_NO_BLAS)
#include "prt/blas.h"
#endif
#if __has_include("prt/rand.h") && !defined(PRT_NO_RAND)
#include "prt/rand.h"
#endif
