// prt/gpu/rand.h: the GPU backend of prt/rand.h's host API, forwarding to cuRAND on CUDA (link with -lcurand) and to
// hipRAND, which keeps cuRAND's names under its own prefix, on HIP (link with -lhiprand). The device API is
// prt/gpu/rand_device.h.
#pragma once

#if PRT_BACKEND_CUDA
#include <curand.h>
#define PRT_GPU_RAND(name) curand##name
#else
#include <hiprand/hiprand.h>
#define PRT_GPU_RAND(name) hiprand##name
#endif

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
  switch (t) {
    case PRTRAND_RNG_PSEUDO_PHILOX4_32_10: return HIPRAND_RNG_PSEUDO_PHILOX4_32_10;
    case PRTRAND_RNG_PSEUDO_MRG32K3A: return HIPRAND_RNG_PSEUDO_MRG32K3A;
    default: return HIPRAND_RNG_PSEUDO_DEFAULT;
  }
}
#endif
}  // namespace rand_detail
}  // namespace prt

inline prtrandStatus_t prtrandCreateGenerator(prtrandGenerator_t* generator, prtrandRngType_t rng_type) {
  return prt::rand_detail::status(
      PRT_GPU_RAND(CreateGenerator)(reinterpret_cast<PRT_GPU_RAND(Generator_t)*>(generator), prt::rand_detail::rng(rng_type)));
}
inline prtrandStatus_t prtrandCreateGeneratorHost(prtrandGenerator_t* generator, prtrandRngType_t rng_type) {
  return prt::rand_detail::status(PRT_GPU_RAND(CreateGeneratorHost)(reinterpret_cast<PRT_GPU_RAND(Generator_t)*>(generator),
                                                                  prt::rand_detail::rng(rng_type)));
}
inline prtrandStatus_t prtrandSetGeneratorOrdering(prtrandGenerator_t generator, prtrandOrdering_t order) {
#if PRT_BACKEND_CUDA
  return prt::rand_detail::status(
      curandSetGeneratorOrdering(prt::rand_detail::native(generator), static_cast<curandOrdering_t>(order)));
#else
  if (generator == nullptr) return PRTRAND_STATUS_NOT_INITIALIZED;
  return prt::rand_detail::pseudo_ordering(order) ? PRTRAND_STATUS_SUCCESS : PRTRAND_STATUS_OUT_OF_RANGE;
#endif
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
