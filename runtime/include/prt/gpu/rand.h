// prt/gpu/rand.h: the GPU backend of prt/rand.h, forwarding to cuRAND on CUDA (link with -lcurand) and to hipRAND,
// which keeps cuRAND's names under its own prefix, on HIP (link with -lhiprand).
#pragma once

#if PRT_BACKEND_CUDA
#include <curand.h>
#include <curand_kernel.h>
#define PRT_GPU_RAND(name) curand##name
#else
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>
#define PRT_GPU_RAND(name) hiprand##name
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

// ---- Host API ----

namespace prt {
namespace rand_detail {
inline PRT_GPU_RAND(Generator_t) native(prtrandGenerator_t g) { return reinterpret_cast<PRT_GPU_RAND(Generator_t)>(g); }
#if PRT_BACKEND_CUDA
inline prtrandStatus_t status(curandStatus_t s) { return static_cast<prtrandStatus_t>(s); }
inline curandRngType_t rng(prtrandRngType_t t) { return static_cast<curandRngType_t>(t); }
#else
// hipRAND's status values equal cuRAND's, but for one of its own.
inline prtrandStatus_t status(hiprandStatus_t s) {
  return s == HIPRAND_STATUS_NOT_IMPLEMENTED ? PRTRAND_STATUS_TYPE_ERROR : static_cast<prtrandStatus_t>(s);
}
inline hiprandRngType_t rng(prtrandRngType_t t) {
  return t == PRTRAND_RNG_PSEUDO_PHILOX4_32_10 ? HIPRAND_RNG_PSEUDO_PHILOX4_32_10 : HIPRAND_RNG_PSEUDO_DEFAULT;
}
#endif
}  // namespace rand_detail
}  // namespace prt

inline prtrandStatus_t prtrandCreateGenerator(prtrandGenerator_t* generator, prtrandRngType_t rng_type) {
  return prt::rand_detail::status(
      PRT_GPU_RAND(CreateGenerator)(reinterpret_cast<PRT_GPU_RAND(Generator_t)*>(generator), prt::rand_detail::rng(rng_type)));
}
inline prtrandStatus_t prtrandDestroyGenerator(prtrandGenerator_t generator) {
  return prt::rand_detail::status(PRT_GPU_RAND(DestroyGenerator)(prt::rand_detail::native(generator)));
}
inline prtrandStatus_t prtrandSetPseudoRandomGeneratorSeed(prtrandGenerator_t generator, unsigned long long seed) {
  return prt::rand_detail::status(PRT_GPU_RAND(SetPseudoRandomGeneratorSeed)(prt::rand_detail::native(generator), seed));
}
inline prtrandStatus_t prtrandSetGeneratorOffset(prtrandGenerator_t generator, unsigned long long offset) {
  return prt::rand_detail::status(PRT_GPU_RAND(SetGeneratorOffset)(prt::rand_detail::native(generator), offset));
}
inline prtrandStatus_t prtrandSetStream(prtrandGenerator_t generator, prtStream_t stream) {
  return prt::rand_detail::status(PRT_GPU_RAND(SetStream)(prt::rand_detail::native(generator), (PRT_GPU(Stream_t))stream));
}
inline prtrandStatus_t prtrandGenerate(prtrandGenerator_t generator, unsigned int* out, size_t num) {
  return prt::rand_detail::status(PRT_GPU_RAND(Generate)(prt::rand_detail::native(generator), out, num));
}
inline prtrandStatus_t prtrandGenerateUniform(prtrandGenerator_t generator, float* out, size_t num) {
  return prt::rand_detail::status(PRT_GPU_RAND(GenerateUniform)(prt::rand_detail::native(generator), out, num));
}
inline prtrandStatus_t prtrandGenerateUniformDouble(prtrandGenerator_t generator, double* out, size_t num) {
  return prt::rand_detail::status(PRT_GPU_RAND(GenerateUniformDouble)(prt::rand_detail::native(generator), out, num));
}
inline prtrandStatus_t prtrandGenerateNormal(prtrandGenerator_t generator, float* out, size_t num, float mean,
                                             float stddev) {
  return prt::rand_detail::status(PRT_GPU_RAND(GenerateNormal)(prt::rand_detail::native(generator), out, num, mean, stddev));
}
inline prtrandStatus_t prtrandGenerateNormalDouble(prtrandGenerator_t generator, double* out, size_t num,
                                                   double mean, double stddev) {
  return prt::rand_detail::status(
      PRT_GPU_RAND(GenerateNormalDouble)(prt::rand_detail::native(generator), out, num, mean, stddev));
}
