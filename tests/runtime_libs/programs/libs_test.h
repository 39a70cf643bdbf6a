// libs_test.h: what the library test programs share: device buffers, checks and the pass/fail summary.
// Uses the runtime core (prt/prt.h) when present; else the CPU heap or the CUDA runtime directly.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "prt/config.h"

#if __has_include("prt/prt.h")
#define LIBS_TEST_CORE 1
#include "prt/prt.h"
#else
#define LIBS_TEST_CORE 0
#if PRT_BACKEND_CUDA
#include <cuda_runtime.h>
#endif
#endif

#if PRT_BACKEND_CUDA || PRT_BACKEND_HIP
#define LIBS_TEST_DEVICE __device__
#else
#define LIBS_TEST_DEVICE
#endif

namespace libs_test {

inline int& failures() {
  static int n = 0;
  return n;
}

// Records a failed check with its location and a message.
#define CHECK(cond, ...)                                            \
  do {                                                              \
    if (!(cond)) {                                                  \
      ++libs_test::failures();                                      \
      std::fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
      std::fprintf(stderr, __VA_ARGS__);                            \
      std::fprintf(stderr, "\n");                                   \
    }                                                               \
  } while (0)

// Number of devices the collectives test spreads ranks over (CPU: ranks share the host).
inline int gpu_count() {
#if PRT_BACKEND_CPU
  return 0;
#elif LIBS_TEST_CORE
  int n = 0;
  prtGetDeviceCount(&n);
  return n;
#else
  int n = 0;
  cudaGetDeviceCount(&n);
  return n;
#endif
}

inline void set_device(int d) {
#if PRT_BACKEND_CPU
  (void)d;
#elif LIBS_TEST_CORE
  prtSetDevice(d);
#else
  cudaSetDevice(d);
#endif
}

inline void* alloc(size_t bytes) {
  void* p = nullptr;
#if LIBS_TEST_CORE
  if (prtMalloc(&p, bytes) != prtSuccess) p = nullptr;
#elif PRT_BACKEND_CUDA
  if (cudaMalloc(&p, bytes) != cudaSuccess) p = nullptr;
#else
  p = std::malloc(bytes);
#endif
  if (p == nullptr) {
    std::fprintf(stderr, "device allocation of %zu bytes failed\n", bytes);
    std::exit(2);
  }
  return p;
}

inline void release(void* p) {
#if LIBS_TEST_CORE
  prtFree(p);
#elif PRT_BACKEND_CUDA
  cudaFree(p);
#else
  std::free(p);
#endif
}

inline void to_device(void* dst, const void* src, size_t bytes) {
#if LIBS_TEST_CORE
  prtMemcpy(dst, src, bytes, prtMemcpyHostToDevice);
#elif PRT_BACKEND_CUDA
  cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice);
#else
  std::memcpy(dst, src, bytes);
#endif
}

inline void to_host(void* dst, const void* src, size_t bytes) {
#if LIBS_TEST_CORE
  prtMemcpy(dst, src, bytes, prtMemcpyDeviceToHost);
#elif PRT_BACKEND_CUDA
  cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost);
#else
  std::memcpy(dst, src, bytes);
#endif
}

inline void synchronize() {
#if LIBS_TEST_CORE
  prtDeviceSynchronize();
#elif PRT_BACKEND_CUDA
  cudaDeviceSynchronize();
#endif
}

// A device copy of a host vector.
template <class T>
T* upload(const std::vector<T>& host) {
  T* d = static_cast<T*>(alloc(host.size() * sizeof(T) + 1));
  to_device(d, host.data(), host.size() * sizeof(T));
  return d;
}

// A host copy of n elements of a device buffer.
template <class T>
std::vector<T> download(const T* device, size_t n) {
  std::vector<T> h(n);
  to_host(h.data(), device, n * sizeof(T));
  return h;
}

// Prints the summary line the test harness looks for and returns the exit status.
inline int finish(const char* name) {
  if (failures() == 0) {
    std::printf("PASS %s\n", name);
    return 0;
  }
  std::printf("FAIL %s: %d checks failed\n", name, failures());
  return 1;
}

}  // namespace libs_test
