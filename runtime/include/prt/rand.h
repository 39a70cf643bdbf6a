// prt/rand.h: random numbers (prtrand*), cuRAND's host API and its Philox device API with a neutral prefix.
//
// Host API: a generator fills a device buffer on its stream (cuRAND on CUDA, hipRAND on HIP, a Philox4x32-10 or an
// MRG32k3a generator on the CPU). Device API: prtrandState_t and prtrand_init/prtrand_uniform/prtrand_normal inside
// kernels; it is Philox4x32-10 on every backend (cuRAND's curandStatePhilox4_32_10_t on CUDA, hipRAND's on HIP,
// the implementation in prt/cpu/rand.h on the CPU).
//
// Which numbers come out, backend against backend:
// - Device API, CPU against CUDA: the same counter layout as cuRAND (key = seed, counter = (offset / 4,
//   subsequence)), so prtrand() returns bit-identical 32-bit words and prtrand_uniform/_uniform_double the same
//   values up to one rounding (nvcc may fuse the scale and shift into one FMA). prtrand_normal/_normal_double
//   use the same Box-Muller pairing, but CUDA evaluates sine and cosine with its fast intrinsics, so normals
//   agree to about 1e-5 absolute, not bit for bit. HIP's Philox was not compared.
// - Device API, CUDA migrated from curandState (XORWOW): prtrandState_t is Philox everywhere, so a migrated
//   program draws different (equally distributed) numbers than the XORWOW original.
// - Host API: the CPU generator's output is the device-API stream of prtrand_init(seed, 0, offset); cuRAND's
//   host generators order their output differently (and PRTRAND_RNG_PSEUDO_DEFAULT is XORWOW there), so host-API
//   numbers differ between the CPU and CUDA backends; their distributions do not. The CPU's MRG32k3a generator
//   reads cuRAND's device-API stream of curand_init(seed, 0, offset) (the same values, and the same floats up to
//   the rounding of sine and cosine in normals); cuRAND's host generators spread it over subsequences.
#pragma once

#include <cstddef>

#include "prt/config.h"

#include "prt/stream.h"  // prtStream_t, prtStreamSynchronize

// Result of every host-API call; values equal cuRAND's.
typedef enum prtrandStatus {
  PRTRAND_STATUS_SUCCESS = 0,                      // no error
  PRTRAND_STATUS_VERSION_MISMATCH = 100,           // header and library versions differ
  PRTRAND_STATUS_NOT_INITIALIZED = 101,            // the generator is null or was destroyed
  PRTRAND_STATUS_ALLOCATION_FAILED = 102,          // out of memory
  PRTRAND_STATUS_TYPE_ERROR = 103,                 // the generator type is not supported
  PRTRAND_STATUS_OUT_OF_RANGE = 104,               // an argument is out of range
  PRTRAND_STATUS_LENGTH_NOT_MULTIPLE = 105,        // normal output needs an even length
  PRTRAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,  // the device lacks double precision
  PRTRAND_STATUS_LAUNCH_FAILURE = 201,             // the generating kernel failed
  PRTRAND_STATUS_PREEXISTING_FAILURE = 202,        // an earlier error is pending
  PRTRAND_STATUS_INITIALIZATION_FAILED = 203,      // the device could not be initialised
  PRTRAND_STATUS_ARCH_MISMATCH = 204,              // the device lacks a needed feature
  PRTRAND_STATUS_INTERNAL_ERROR = 999              // internal error
} prtrandStatus_t;

// Generator kind for prtrandCreateGenerator; values equal cuRAND's.
typedef enum prtrandRngType {
  PRTRAND_RNG_PSEUDO_DEFAULT = 100,       // the library's default pseudo-random generator (Philox on the CPU)
  PRTRAND_RNG_PSEUDO_MRG32K3A = 121,      // L'Ecuyer's MRG32k3a combined multiple recursive generator
  PRTRAND_RNG_PSEUDO_PHILOX4_32_10 = 161  // Philox4x32-10 counter-based generator
} prtrandRngType_t;

// Order of a generator's results in memory, for prtrandSetGeneratorOrdering; values equal cuRAND's. The CPU has
// one sequential order, which every pseudo-random ordering names.
typedef enum prtrandOrdering {
  PRTRAND_ORDERING_PSEUDO_BEST = 100,     // the library's fastest order
  PRTRAND_ORDERING_PSEUDO_DEFAULT = 101,  // the library's default order (the same as BEST on CUDA)
  PRTRAND_ORDERING_PSEUDO_SEEDED = 102,   // a faster seeding, of lower quality, on CUDA
  PRTRAND_ORDERING_PSEUDO_LEGACY = 103,   // an order that stays the same across library releases
  PRTRAND_ORDERING_PSEUDO_DYNAMIC = 104,  // an order fitted to the device
  PRTRAND_ORDERING_QUASI_DEFAULT = 201    // the n-dimensional order of quasi-random generators
} prtrandOrdering_t;

namespace prt {
namespace rand_detail {
// Whether an ordering is one of the pseudo-random ones (the CPU's and HIP's answer to prtrandSetGeneratorOrdering).
inline bool pseudo_ordering(prtrandOrdering_t order) {
  return order >= PRTRAND_ORDERING_PSEUDO_BEST && order <= PRTRAND_ORDERING_PSEUDO_DYNAMIC;
}
}  // namespace rand_detail
}  // namespace prt

struct prtrandGenerator_st;                           // opaque generator state
typedef struct prtrandGenerator_st* prtrandGenerator_t;  // handle to a host-API generator

// Creates a generator of the given kind, seeded with 0 at offset 0.
inline prtrandStatus_t prtrandCreateGenerator(prtrandGenerator_t* generator, prtrandRngType_t rng_type);
// Creates a generator whose outputs go to host memory (on the CPU backend the same as prtrandCreateGenerator).
inline prtrandStatus_t prtrandCreateGeneratorHost(prtrandGenerator_t* generator, prtrandRngType_t rng_type);
// Sets the order of the results; PRTRAND_STATUS_OUT_OF_RANGE for one that the generator's kind has not. On HIP,
// whose hipRAND has no such call, it checks the ordering and changes nothing.
inline prtrandStatus_t prtrandSetGeneratorOrdering(prtrandGenerator_t generator, prtrandOrdering_t order);
// Destroys a generator.
inline prtrandStatus_t prtrandDestroyGenerator(prtrandGenerator_t generator);
// Sets the seed (and restarts the stream of numbers at the current offset).
inline prtrandStatus_t prtrandSetPseudoRandomGeneratorSeed(prtrandGenerator_t generator, unsigned long long seed);
// Sets the absolute position, in numbers drawn, of the next output.
inline prtrandStatus_t prtrandSetGeneratorOffset(prtrandGenerator_t generator, unsigned long long offset);
// Sets the stream the generator's work runs on (0: the default stream).
inline prtrandStatus_t prtrandSetStream(prtrandGenerator_t generator, prtStream_t stream);
// Fills out[0, num) with uniformly distributed 32-bit words.
inline prtrandStatus_t prtrandGenerate(prtrandGenerator_t generator, unsigned int* out, size_t num);
// Fills out[0, num) with floats uniform in (0, 1].
inline prtrandStatus_t prtrandGenerateUniform(prtrandGenerator_t generator, float* out, size_t num);
// Fills out[0, num) with doubles uniform in (0, 1].
inline prtrandStatus_t prtrandGenerateUniformDouble(prtrandGenerator_t generator, double* out, size_t num);
// Fills out[0, num) (num even) with normal floats of the given mean and standard deviation.
inline prtrandStatus_t prtrandGenerateNormal(prtrandGenerator_t generator, float* out, size_t num, float mean,
                                             float stddev);
// Fills out[0, num) (num even) with normal doubles of the given mean and standard deviation.
inline prtrandStatus_t prtrandGenerateNormalDouble(prtrandGenerator_t generator, double* out, size_t num,
                                                   double mean, double stddev);

#if PRT_BACKEND_CPU
#include "prt/cpu/rand.h"
#else
#include "prt/gpu/rand.h"
#endif
