// prt/cub.h: CUB's block, warp and device primitives under the namespace prtcub.
//
// On CUDA prtcub is CUB itself (the toolkit's <cub/cub.cuh>), on HIP it is hipCUB (<hipcub/hipcub.hpp>, over
// rocPRIM); on the CPU it is the runtime's own implementation of the part of CUB that programs use
// (prt/cpu/cub.h): BlockReduce, BlockScan, BlockLoad/BlockStore, BlockAdjacentDifference, WarpReduce, WarpScan,
// the direct load and store functions, DeviceReduce, DeviceScan, DeviceSelect, DeviceRunLengthEncode,
// DeviceRadixSort and DeviceSegmentedReduce, with CUB's iterators and operators, its CachingDeviceAllocator and
// its CubDebug/CubDebugExit error macros. Results match CUB's where CUB defines them (a block reduction's aggregate
// is valid in thread 0, a scan's prefix in every thread); sums of floating-point values are formed in thread
// order, so they may differ from CUB's in the last bits. CUDA 13's CUB brings Thrust's iterators with it (code
// written for it uses thrust::constant_iterator where cub::ConstantInputIterator was); on the CPU prt/thrust.h
// comes in too where Thrust is installed.
#pragma once

#include "prt/config.h"

#if PRT_BACKEND_CUDA
#include <cub/cub.cuh>
namespace prtcub = ::cub;
#elif PRT_BACKEND_HIP
#if !__has_include(<hipcub/hipcub.hpp>)
#error "prt/cub.h: hipCUB is not installed (ROCm's hipcub package, e.g. apt install hipcub-dev)"
#endif
#include <hipcub/hipcub.hpp>
namespace prtcub = ::hipcub;
#else
#include "prt/cpu/cub.h"
#if __has_include(<thrust/version.h>)
#include "prt/thrust.h"
#endif
#endif
