// prt/launch.h: kernel launch, occupancy queries and kernel attributes.
#pragma once

#include "prt/error.h"
#include "prt/kernel.h"

// Launches kernel<<<grid, block, sharedBytes, stream>>>(args...); returns the launch error (also recorded
// as the last error). On CUDA and HIP this is the plain launch.
template <class... Params, class... Args>
inline prtError_t prtLaunchKernel(void (*kernel)(Params...), dim3 grid, dim3 block, size_t sharedBytes,
                                  prtStream_t stream, Args&&... args);
template <class T>
inline prtError_t prtOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T kernel, int blockSize,
                                                               size_t dynamicSMemSize);  // resident blocks/SM
template <class T>
inline prtError_t prtOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, T kernel,
                                                    size_t dynamicSMemSize = 0,
                                                    int blockSizeLimit = 0);  // block size with best occupancy
template <class T>
inline prtError_t prtFuncGetAttributes(prtFuncAttributes* attr, T kernel);     // a kernel's attributes
template <class T>
inline prtError_t prtFuncSetAttribute(T kernel, prtFuncAttribute attr, int value);  // sets a kernel attribute
template <class T>
inline prtError_t prtFuncSetCacheConfig(T kernel, prtFuncCache config);       // sets a cache preference

#if PRT_BACKEND_CUDA
#include "prt/cuda/launch.h"
#elif PRT_BACKEND_HIP
#include "prt/hip/launch.h"
#else
#include "prt/cpu/launch.h"
#endif
#include "prt/profile.h"  // per-kernel launch timing: nothing unless PRT_PROFILE is defined
