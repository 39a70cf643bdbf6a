// prt/thrust.h: Thrust on every backend. Thrust is CCCL's portable library: on CUDA it is the toolkit's, on HIP
// rocThrust (the same headers and names), and on the CPU the same headers built for a host device system, from
// Debian's libthrust-dev or the toolkit's CCCL headers: OpenMP where the build has it (-fopenmp), else the
// sequential C++ system. There device_vector and device_ptr hold host memory, which is what the CPU backend's
// kernels and copies work on. Include this header before any Thrust header (migrate puts it at the top of a file
// that includes one). prtthrust::par and prtthrust::par_nosync are thrust::cuda::par and par_nosync on CUDA,
// thrust::hip's on HIP and the device system's policy on the CPU, where .on(stream) first waits for the stream
// (Thrust's host systems run an algorithm on the calling thread; the CPU backend's streams are done by then today,
// since their work runs in the issuing call, and the wait keeps that true if they ever run behind).
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
#include <thrust/sequence.h>  // the CUDA system's sort includes it (HeCBench logic-rewrite calls it so)
#include <thrust/system/error_code.h>  // <iostream> and <system_error>, as the CUDA system's error header brings
#include <thrust/tuple.h>

#include "prt/stream.h"  // prtStream_t, prtStreamSynchronize

namespace prtthrust {
// thrust::cuda::par's CPU form: the device system's policy, whose on(stream) waits for the stream first.
struct stream_policy : thrust::detail::device_t {
  template <class Stream>
  const stream_policy& on(Stream stream) const {  // the policy, once the stream's work is done
    prtStreamSynchronize((prtStream_t)stream);
    return *this;
  }
};
inline const stream_policy par{};         // thrust::cuda::par
inline const stream_policy par_nosync{};  // thrust::cuda::par_nosync: the CPU waits for the stream all the same
}  // namespace prtthrust
#elif PRT_BACKEND_CUDA
#include <thrust/system/cuda/execution_policy.h>

namespace prtthrust {
using thrust::cuda::par;  // thrust::cuda::par
#if THRUST_VERSION >= 101600
using thrust::cuda::par_nosync;  // thrust::cuda::par_nosync (Thrust 1.16 and later)
#endif
}  // namespace prtthrust
#else
#if !__has_include(<thrust/system/hip/execution_policy.h>)
#error "prt/thrust.h on the HIP backend: rocThrust is not installed (apt install rocthrust-dev, from ROCm's repository)"
#endif
#include <thrust/system/hip/execution_policy.h>

namespace prtthrust {
using thrust::hip::par;  // rocThrust's thrust::hip::par
#if THRUST_VERSION >= 101600
using thrust::hip::par_nosync;  // rocThrust's thrust::hip::par_nosync
#endif
}  // namespace prtthrust
#endif
