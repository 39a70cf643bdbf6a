// prt/thrust.h: Thrust on every backend. Thrust is CCCL's portable library: on CUDA it is the toolkit's, on HIP
// rocThrust (the same headers and names), and on the CPU the same headers built for a host device system, from
// Debian's libthrust-dev or the toolkit's CCCL headers: OpenMP where the build has it (-fopenmp), else the
// sequential C++ system. There device_vector and device_ptr hold host memory, which is what the CPU backend's
// kernels and copies work on. Include this header before any Thrust header (migrate puts it at the top of a file
// that includes one); the CUDA-only execution policies (thrust::cuda::par and .on(stream)) have no CPU form.
#pragma once

#include "prt/config.h"

#if PRT_BACKEND_CPU
#if !__has_include(<thrust/version.h>)
#error "prt/thrust.h: Thrust is not installed (Debian/Ubuntu: apt install libthrust-dev; or add the CUDA toolkit's CCCL include folder)"
#endif
#if !defined(THRUST_DEVICE_SYSTEM)
#if defined(_OPENMP)
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_OMP
#else
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#endif
#endif
// Thrust's CUDA system reads its execution policies, iterators and extrema with any of its algorithms, and code
// written against it leans on that; the host systems' headers include less, so they come in here.
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/pair.h>
#include <thrust/tuple.h>
#endif
