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

#if __has_include("prt/ccl.h")
#include "prt/ccl.h"
#endif
#if __has_include("prt/blas.h")
#include "prt/blas.h"
#endif
#if __has_include("prt/rand.h")
#include "prt/rand.h"
#endif
