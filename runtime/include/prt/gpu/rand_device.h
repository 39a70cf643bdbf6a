// prt/gpu/rand_device.h: the GPU backend of prt/rand_device.h, the device API of cuRAND (hipRAND on HIP). Apart from
// prt/gpu/rand.h because curand_kernel.h defines the XORWOW and MRG32k3a skip-ahead tables as device arrays: every
// translation unit that includes it carries them in its GPU module, which CUDA then loads at the first launch.
#pragma once

#include "prt/gpu/rand.h"

#if PRT_BACKEND_CUDA
#include <curand_kernel.h>
#else
#include <hiprand/hiprand_kernel.h>
#endif

// ---- Device API ----

typedef PRT_GPU_RAND(StatePhilox4_32_10_t) prtrandStatePhilox4_32_10_t;  // Philox4x32-10 per-thread state (the vendor's)
typedef PRT_GPU_RAND(StatePhilox4_32_10_t) prtrandState_t;               // the portable per-thread state (Philox)

// Moves a state n words ahead in its subsequence.
__device__ __forceinline__ void prtrand_skipahead(unsigned long long n, prtrandStatePhilox4_32_10_t* state) {
  skipahead(n, state);
}
// Moves a state n subsequences ahead (2^66 words each).
__device__ __forceinline__ void prtrand_skipahead_sequence(unsigned long long n, prtrandStatePhilox4_32_10_t* state) {
  skipahead_sequence(n, state);
}
// Initialises a state: key = seed, positioned at word `offset` of subsequence `subsequence`.
__device__ __forceinline__ void prtrand_init(unsigned long long seed, unsigned long long subsequence,
                                             unsigned long long offset, prtrandStatePhilox4_32_10_t* state) {
  PRT_GPU_RAND(_init)(seed, subsequence, offset, state);
}
// Returns the next 32 random bits and advances the state by one word.
__device__ __forceinline__ unsigned int prtrand(prtrandStatePhilox4_32_10_t* state) { return PRT_GPU_RAND()(state); }
// Returns a float uniform in (0, 1] (one word).
__device__ __forceinline__ float prtrand_uniform(prtrandStatePhilox4_32_10_t* state) { return PRT_GPU_RAND(_uniform)(state); }
// Returns a double uniform in (0, 1] (one word).
__device__ __forceinline__ double prtrand_uniform_double(prtrandStatePhilox4_32_10_t* state) {
  return PRT_GPU_RAND(_uniform_double)(state);
}
// Returns a standard normal float (Box-Muller on two words; every second call returns the spare).
__device__ __forceinline__ float prtrand_normal(prtrandStatePhilox4_32_10_t* state) { return PRT_GPU_RAND(_normal)(state); }
// Returns a standard normal double (Box-Muller on four words; every second call returns the spare).
__device__ __forceinline__ double prtrand_normal_double(prtrandStatePhilox4_32_10_t* state) {
  return PRT_GPU_RAND(_normal_double)(state);
}
// Returns a log-normal float exp(mean + stddev * N(0, 1)).
__device__ __forceinline__ float prtrand_log_normal(prtrandStatePhilox4_32_10_t* state, float mean, float stddev) {
  return PRT_GPU_RAND(_log_normal)(state, mean, stddev);
}

