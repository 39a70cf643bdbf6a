// prt/hip/rand.h: the HIP backend of prt/rand.h, forwarding to hipRAND (link with -lhiprand).
#pragma once

#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

// ---- Device API ----

typedef hiprandStatePhilox4_32_10_t prtrandStatePhilox4_32_10_t;  // Philox4x32-10 per-thread state (hipRAND's)
typedef hiprandStatePhilox4_32_10_t prtrandState_t;               // the portable per-thread state (Philox)

// Moves a state n words ahead in its subsequence.
__device__ inline void prtrand_skipahead(unsigned long long n, prtrandStatePhilox4_32_10_t* state) {
  skipahead(n, state);
}
// Moves a state n subsequences ahead (2^66 words each).
__device__ inline void prtrand_skipahead_sequence(unsigned long long n, prtrandStatePhilox4_32_10_t* state) {
  skipahead_sequence(n, state);
}
// Initialises a state: key = seed, positioned at word `offset` of subsequence `subsequence`.
__device__ inline void prtrand_init(unsigned long long seed, unsigned long long subsequence,
                                             unsigned long long offset, prtrandStatePhilox4_32_10_t* state) {
  hiprand_init(seed, subsequence, offset, state);
}
// Returns the next 32 random bits and advances the state by one word.
__device__ inline unsigned int prtrand(prtrandStatePhilox4_32_10_t* state) { return hiprand(state); }
// Returns a float uniform in (0, 1] (one word).
__device__ inline float prtrand_uniform(prtrandStatePhilox4_32_10_t* state) { return hiprand_uniform(state); }
// Returns a double uniform in (0, 1] (one word).
__device__ inline double prtrand_uniform_double(prtrandStatePhilox4_32_10_t* state) {
  return hiprand_uniform_double(state);
}
// Returns a standard normal float (Box-Muller on two words; every second call returns the spare).
__device__ inline float prtrand_normal(prtrandStatePhilox4_32_10_t* state) { return hiprand_normal(state); }
// Returns a standard normal double (Box-Muller on four words; every second call returns the spare).
__device__ inline double prtrand_normal_double(prtrandStatePhilox4_32_10_t* state) {
  return hiprand_normal_double(state);
}
// Returns a log-normal float exp(mean + stddev * N(0, 1)).
__device__ inline float prtrand_log_normal(prtrandStatePhilox4_32_10_t* state, float mean, float stddev) {
  return hiprand_log_normal(state, mean, stddev);
}

// ---- Host API ----

namespace prt {
namespace rand_detail {
inline hiprandGenerator_t native(prtrandGenerator_t g) { return reinterpret_cast<hiprandGenerator_t>(g); }
// hipRAND's status values equal cuRAND's, but for one of its own.
inline prtrandStatus_t status(hiprandStatus_t s) {
  return s == HIPRAND_STATUS_NOT_IMPLEMENTED ? PRTRAND_STATUS_TYPE_ERROR : static_cast<prtrandStatus_t>(s);
}
inline hiprandRngType_t rng(prtrandRngType_t t) {
  return t == PRTRAND_RNG_PSEUDO_PHILOX4_32_10 ? HIPRAND_RNG_PSEUDO_PHILOX4_32_10 : HIPRAND_RNG_PSEUDO_DEFAULT;
}
}  // namespace rand_detail
}  // namespace prt

inline prtrandStatus_t prtrandCreateGenerator(prtrandGenerator_t* generator, prtrandRngType_t rng_type) {
  return prt::rand_detail::status(
      hiprandCreateGenerator(reinterpret_cast<hiprandGenerator_t*>(generator), prt::rand_detail::rng(rng_type)));
}
inline prtrandStatus_t prtrandDestroyGenerator(prtrandGenerator_t generator) {
  return prt::rand_detail::status(hiprandDestroyGenerator(prt::rand_detail::native(generator)));
}
inline prtrandStatus_t prtrandSetPseudoRandomGeneratorSeed(prtrandGenerator_t generator, unsigned long long seed) {
  return prt::rand_detail::status(hiprandSetPseudoRandomGeneratorSeed(prt::rand_detail::native(generator), seed));
}
inline prtrandStatus_t prtrandSetGeneratorOffset(prtrandGenerator_t generator, unsigned long long offset) {
  return prt::rand_detail::status(hiprandSetGeneratorOffset(prt::rand_detail::native(generator), offset));
}
inline prtrandStatus_t prtrandSetStream(prtrandGenerator_t generator, prtStream_t stream) {
  return prt::rand_detail::status(hiprandSetStream(prt::rand_detail::native(generator), (hipStream_t)stream));
}
inline prtrandStatus_t prtrandGenerate(prtrandGenerator_t generator, unsigned int* out, size_t num) {
  return prt::rand_detail::status(hiprandGenerate(prt::rand_detail::native(generator), out, num));
}
inline prtrandStatus_t prtrandGenerateUniform(prtrandGenerator_t generator, float* out, size_t num) {
  return prt::rand_detail::status(hiprandGenerateUniform(prt::rand_detail::native(generator), out, num));
}
inline prtrandStatus_t prtrandGenerateUniformDouble(prtrandGenerator_t generator, double* out, size_t num) {
  return prt::rand_detail::status(hiprandGenerateUniformDouble(prt::rand_detail::native(generator), out, num));
}
inline prtrandStatus_t prtrandGenerateNormal(prtrandGenerator_t generator, float* out, size_t num, float mean,
                                             float stddev) {
  return prt::rand_detail::status(hiprandGenerateNormal(prt::rand_detail::native(generator), out, num, mean, stddev));
}
inline prtrandStatus_t prtrandGenerateNormalDouble(prtrandGenerator_t generator, double* out, size_t num,
                                                   double mean, double stddev) {
  return prt::rand_detail::status(
      hiprandGenerateNormalDouble(prt::rand_detail::native(generator), out, num, mean, stddev));
}
