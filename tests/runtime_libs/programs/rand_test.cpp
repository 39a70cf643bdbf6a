// rand_test.cpp: prtrand. Philox4x32-10 known answers (Random123's test vectors), the device API against a
// host reference of cuRAND's counter layout (run in a kernel on CUDA and HIP, so bit equality there shows that
// the backends draw the same words), skip-ahead, and moments of every distribution of both APIs; the MRG32k3a host
// generator against a reference of L'Ecuyer's recurrence, its offsets, and its moments.
#include <cstdint>

#include "libs_test.h"
#include "prt/rand_device.h"  // the device API too

using libs_test::failures;

namespace {

// Reference Philox4x32-10, written independently of the runtime's: counter (c0..c3), key (k0, k1).
void reference_philox(const uint32_t in[4], uint32_t k0, uint32_t k1, uint32_t out[4]) {
  uint32_t c0 = in[0], c1 = in[1], c2 = in[2], c3 = in[3];
  for (int r = 0; r < 10; ++r) {
    const uint64_t a = 0xD2511F53ull * c0, b = 0xCD9E8D57ull * c2;
    const uint32_t n0 = static_cast<uint32_t>(b >> 32) ^ c1 ^ k0, n1 = static_cast<uint32_t>(b);
    const uint32_t n2 = static_cast<uint32_t>(a >> 32) ^ c3 ^ k1, n3 = static_cast<uint32_t>(a);
    c0 = n0, c1 = n1, c2 = n2, c3 = n3;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  out[0] = c0, out[1] = c1, out[2] = c2, out[3] = c3;
}

// Word `index` of subsequence `subsequence` under `seed`, as cuRAND's Philox device API lays them out.
uint32_t reference_word(uint64_t seed, uint64_t subsequence, uint64_t index) {
  const uint64_t block = index / 4;
  const uint32_t ctr[4] = {static_cast<uint32_t>(block), static_cast<uint32_t>(block >> 32),
                           static_cast<uint32_t>(subsequence), static_cast<uint32_t>(subsequence >> 32)};
  uint32_t out[4];
  reference_philox(ctr, static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32), out);
  return out[index % 4];
}

// Reference MRG32k3a in double arithmetic, as L'Ecuyer's paper writes it, from cuRAND's seeding of `seed`; returns
// the first n values in (0, m1].
std::vector<double> reference_mrg(unsigned long long seed, int n) {
  const double m1 = 4294967087.0, m2 = 4294944443.0;
  double s1[3] = {12345, 12345, 12345}, s2[3] = {12345, 12345, 12345};
  if (seed != 0) {
    const double x1 = static_cast<uint32_t>(seed) ^ 0x55555555u, x2 = static_cast<uint32_t>(seed >> 32) ^ 0xAAAAAAAAu;
    auto mulmod = [](double a, double b, double m) {  // exact: 64-bit integers
      return static_cast<double>(static_cast<unsigned __int128>(a) * static_cast<uint64_t>(b) % static_cast<uint64_t>(m));
    };
    s1[0] = mulmod(x1, s1[0], m1), s1[1] = mulmod(x2, s1[1], m1), s1[2] = mulmod(x1, s1[2], m1);
    s2[0] = mulmod(x2, s2[0], m2), s2[1] = mulmod(x1, s2[1], m2), s2[2] = mulmod(x2, s2[2], m2);
  }
  std::vector<double> out;
  for (int i = 0; i < n; ++i) {
    double p1 = std::fmod(1403580.0 * s1[1] - 810728.0 * s1[0], m1);
    if (p1 < 0) p1 += m1;
    s1[0] = s1[1], s1[1] = s1[2], s1[2] = p1;
    double p2 = std::fmod(527612.0 * s2[2] - 1370589.0 * s2[0], m2);
    if (p2 < 0) p2 += m2;
    s2[0] = s2[1], s2[1] = s2[2], s2[2] = p2;
    out.push_back(p1 > p2 ? p1 - p2 : p1 - p2 + m1);
  }
  return out;
}

constexpr int kThreads = 256;            // device-API threads
constexpr int kWords = 12;               // raw words each thread draws (crosses three blocks)
constexpr int kDraws = 4096;             // uniforms and normals each thread draws for the moments
constexpr unsigned long long kSeed = 0x123456789ABCDEF0ull;
constexpr unsigned long long kOffset = 5;  // start mid-block

struct DeviceOut {
  unsigned int words[kThreads * kWords];     // raw words, from offset kOffset of subsequence tid
  unsigned int skipped[kThreads];            // first word after prtrand_skipahead(1000)
  double sums[kThreads * 8];                 // per thread: sum and sum of squares of uniform, uniform_double,
                                             // normal, normal_double
};

LIBS_TEST_DEVICE void draw(int tid, DeviceOut* out) {
  prtrandState_t s;
  prtrand_init(kSeed, tid, kOffset, &s);
  for (int i = 0; i < kWords; ++i) out->words[tid * kWords + i] = prtrand(&s);
  prtrandState_t t;
  prtrand_init(kSeed, tid, 0, &t);
  prtrand_skipahead(1000, &t);
  out->skipped[tid] = prtrand(&t);
  double acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int i = 0; i < kDraws; ++i) {
    const double v[4] = {prtrand_uniform(&s), prtrand_uniform_double(&s), prtrand_normal(&s),
                         prtrand_normal_double(&s)};
    for (int j = 0; j < 4; ++j) {
      acc[2 * j] += v[j];
      acc[2 * j + 1] += v[j] * v[j];
    }
  }
  for (int j = 0; j < 8; ++j) out->sums[tid * 8 + j] = acc[j];
}

#if PRT_BACKEND_CUDA || PRT_BACKEND_HIP || LIBS_TEST_CORE
__global__ void draw_kernel(DeviceOut* out) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < kThreads) draw(tid, out);
}
#endif

DeviceOut run_device_api() {
  auto* d = static_cast<DeviceOut*>(libs_test::alloc(sizeof(DeviceOut)));
#if LIBS_TEST_CORE
  prtLaunchKernel(draw_kernel, dim3(kThreads / 64), dim3(64), 0, nullptr, d);
#elif PRT_BACKEND_CUDA || PRT_BACKEND_HIP
  draw_kernel<<<kThreads / 64, 64>>>(d);
#else
  for (int tid = 0; tid < kThreads; ++tid) draw(tid, d);
#endif
  libs_test::synchronize();
  DeviceOut h;
  libs_test::to_host(&h, d, sizeof h);
  libs_test::release(d);
  return h;
}

// |mean - expected| and |variance - expected| within 6 standard errors (fourth moment `kurt` * var^2).
void check_moments(const char* what, double sum, double sumsq, double n, double mean, double var, double kurt) {
  const double m = sum / n, v = sumsq / n - m * m;
  const double mean_err = std::sqrt(var / n), var_err = std::sqrt((kurt - 1.0) * var * var / n);
  CHECK(std::fabs(m - mean) < 6 * mean_err, "%s: mean %.6f, expected %.6f (+- %.2g)", what, m, mean, 6 * mean_err);
  CHECK(std::fabs(v - var) < 6 * var_err, "%s: variance %.6f, expected %.6f (+- %.2g)", what, v, var, 6 * var_err);
}

void test_known_answers() {
  // Random123's kat_vectors for philox4x32_10: zero, all-ones, and pi's digits.
  const uint32_t ctr[3][4] = {{0, 0, 0, 0},
                              {0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu},
                              {0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}};
  const uint32_t key[3][2] = {{0, 0}, {0xffffffffu, 0xffffffffu}, {0xa4093822u, 0x299f31d0u}};
  const uint32_t expect[3][4] = {{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u},
                                 {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu},
                                 {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}};
  for (int i = 0; i < 3; ++i) {
    uint32_t out[4];
    reference_philox(ctr[i], key[i][0], key[i][1], out);
    for (int j = 0; j < 4; ++j) CHECK(out[j] == expect[i][j], "reference vector %d word %d: %08x", i, j, out[j]);
  }
#if PRT_BACKEND_CPU
  // The runtime's own rounds, and its state stepping through them via prtrand.
  for (int i = 0; i < 3; ++i) {
    uint32_t out[4];
    prt::rand_detail::philox4x32_10(ctr[i], key[i], out);
    for (int j = 0; j < 4; ++j) CHECK(out[j] == expect[i][j], "runtime vector %d word %d: %08x", i, j, out[j]);
  }
  prtrandState_t s;
  prtrand_init(0, 0, 0, &s);  // counter 0, key 0: the first vector
  for (int j = 0; j < 4; ++j) CHECK(prtrand(&s) == expect[0][j], "prtrand word %d of seed 0", j);
#endif
}

void test_device_api() {
  const DeviceOut out = run_device_api();
  int mismatches = 0;
  for (int tid = 0; tid < kThreads; ++tid) {
    for (int i = 0; i < kWords; ++i) {
      const uint32_t want = reference_word(kSeed, tid, kOffset + i);
      if (out.words[tid * kWords + i] != want && ++mismatches <= 5) {
        CHECK(false, "thread %d word %d: %08x, reference %08x", tid, i, out.words[tid * kWords + i], want);
      }
    }
    const uint32_t skip_want = reference_word(kSeed, tid, 1000);
    CHECK(out.skipped[tid] == skip_want, "thread %d after skipahead: %08x, reference %08x", tid, out.skipped[tid],
          skip_want);
  }
  CHECK(mismatches == 0, "%d device-API words differ from the reference", mismatches);
  double t[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int tid = 0; tid < kThreads; ++tid) {
    for (int j = 0; j < 8; ++j) t[j] += out.sums[tid * 8 + j];
  }
  const double n = static_cast<double>(kThreads) * kDraws;
  check_moments("device uniform", t[0], t[1], n, 0.5, 1.0 / 12, 1.8);
  check_moments("device uniform_double", t[2], t[3], n, 0.5, 1.0 / 12, 1.8);
  check_moments("device normal", t[4], t[5], n, 0.0, 1.0, 3.0);
  check_moments("device normal_double", t[6], t[7], n, 0.0, 1.0, 3.0);
  std::printf("device words: thread 0 from offset %llu: %08x %08x %08x %08x\n", kOffset, out.words[0], out.words[1],
              out.words[2], out.words[3]);
}

template <class T>
void moments(const std::vector<T>& v, double& sum, double& sumsq) {
  sum = sumsq = 0;
  for (T x : v) {
    sum += x;
    sumsq += static_cast<double>(x) * x;
  }
}

void test_host_api() {
  const size_t n = 1 << 20;
  prtrandGenerator_t g = nullptr;
  CHECK(prtrandCreateGenerator(&g, PRTRAND_RNG_PSEUDO_PHILOX4_32_10) == PRTRAND_STATUS_SUCCESS, "create");
  CHECK(prtrandSetPseudoRandomGeneratorSeed(g, 2024) == PRTRAND_STATUS_SUCCESS, "seed");
  CHECK(prtrandSetStream(g, nullptr) == PRTRAND_STATUS_SUCCESS, "stream");
  float* df = static_cast<float*>(libs_test::alloc(n * sizeof(float)));
  double* dd = static_cast<double*>(libs_test::alloc(n * sizeof(double)));
  unsigned int* dw = static_cast<unsigned int*>(libs_test::alloc(n * sizeof(unsigned int)));
  double s, q;

  CHECK(prtrandGenerateUniform(g, df, n) == PRTRAND_STATUS_SUCCESS, "uniform");
  libs_test::synchronize();
  std::vector<float> f = libs_test::download(df, n);
  moments(f, s, q);
  check_moments("host uniform", s, q, n, 0.5, 1.0 / 12, 1.8);
  bool in_range = true;
  for (float x : f) in_range = in_range && x > 0.0f && x <= 1.0f;
  CHECK(in_range, "uniform floats outside (0, 1]");

  CHECK(prtrandGenerateUniformDouble(g, dd, n) == PRTRAND_STATUS_SUCCESS, "uniform double");
  libs_test::synchronize();
  std::vector<double> d = libs_test::download(dd, n);
  moments(d, s, q);
  check_moments("host uniform double", s, q, n, 0.5, 1.0 / 12, 1.8);

  CHECK(prtrandGenerateNormal(g, df, n, 2.0f, 3.0f) == PRTRAND_STATUS_SUCCESS, "normal");
  libs_test::synchronize();
  f = libs_test::download(df, n);
  moments(f, s, q);
  check_moments("host normal(2, 3)", s, q, n, 2.0, 9.0, 3.0);

  CHECK(prtrandGenerateNormalDouble(g, dd, n, -1.0, 0.5) == PRTRAND_STATUS_SUCCESS, "normal double");
  libs_test::synchronize();
  d = libs_test::download(dd, n);
  moments(d, s, q);
  check_moments("host normal double(-1, 0.5)", s, q, n, -1.0, 0.25, 3.0);

  // cuRAND 10.4 on an H200 accepts an odd count here (measured); every backend does the same.
  CHECK(prtrandGenerateNormal(g, df, 3, 0.0f, 1.0f) == PRTRAND_STATUS_SUCCESS, "odd normal length");

  // Raw words: reproducible from the seed and offset.
  CHECK(prtrandSetGeneratorOffset(g, 0) == PRTRAND_STATUS_SUCCESS, "offset");
  CHECK(prtrandGenerate(g, dw, 64) == PRTRAND_STATUS_SUCCESS, "generate");
  libs_test::synchronize();
  std::vector<unsigned int> first = libs_test::download(dw, 64);
  CHECK(prtrandSetGeneratorOffset(g, 0) == PRTRAND_STATUS_SUCCESS, "offset");
  CHECK(prtrandGenerate(g, dw, 64) == PRTRAND_STATUS_SUCCESS, "generate");
  libs_test::synchronize();
  CHECK(libs_test::download(dw, 64) == first, "the same offset gives the same words");
#if PRT_BACKEND_CPU
  // On the CPU the host API reads the device-API stream of (seed, subsequence 0).
  for (int i = 0; i < 64; ++i) CHECK(first[i] == reference_word(2024, 0, i), "host word %d", i);
#endif
  CHECK(prtrandDestroyGenerator(g) == PRTRAND_STATUS_SUCCESS, "destroy");
  libs_test::release(df);
  libs_test::release(dd);
  libs_test::release(dw);

  prtrandGenerator_t dflt = nullptr;
  CHECK(prtrandCreateGenerator(&dflt, PRTRAND_RNG_PSEUDO_DEFAULT) == PRTRAND_STATUS_SUCCESS, "default generator");
  CHECK(prtrandDestroyGenerator(dflt) == PRTRAND_STATUS_SUCCESS, "destroy default");
}

void test_mrg32k3a() {
  // The reference itself: L'Ecuyer's default seed (all components 12345) gives 0.12701112204657714 first, worked
  // out from the recurrence with exact integers.
  const std::vector<double> ref0 = reference_mrg(0, 1);
  CHECK(std::fabs(ref0[0] / 4294967088.0 - 0.12701112204657714) < 1e-15, "reference MRG32k3a first value %.17g",
        ref0[0] / 4294967088.0);

  const unsigned long long seed = 0x0123456789ABCDEFull;
  const size_t n = 1 << 20;
  prtrandGenerator_t g = nullptr;
  CHECK(prtrandCreateGenerator(&g, PRTRAND_RNG_PSEUDO_MRG32K3A) == PRTRAND_STATUS_SUCCESS, "create MRG32k3a");
  CHECK(prtrandSetGeneratorOrdering(g, PRTRAND_ORDERING_PSEUDO_BEST) == PRTRAND_STATUS_SUCCESS, "ordering BEST");
  CHECK(prtrandSetGeneratorOrdering(g, PRTRAND_ORDERING_PSEUDO_DEFAULT) == PRTRAND_STATUS_SUCCESS, "ordering DEFAULT");
  CHECK(prtrandSetGeneratorOrdering(g, PRTRAND_ORDERING_QUASI_DEFAULT) == PRTRAND_STATUS_OUT_OF_RANGE,
        "a quasi-random ordering on a pseudo-random generator");
  CHECK(prtrandSetPseudoRandomGeneratorSeed(g, seed) == PRTRAND_STATUS_SUCCESS, "seed");
  double* dd = static_cast<double*>(libs_test::alloc(n * sizeof(double)));
  float* df = static_cast<float*>(libs_test::alloc(n * sizeof(float)));
  double s, q;

  CHECK(prtrandGenerateUniformDouble(g, dd, n) == PRTRAND_STATUS_SUCCESS, "MRG uniform double");
  libs_test::synchronize();
  std::vector<double> d = libs_test::download(dd, n);
  moments(d, s, q);
  check_moments("MRG uniform double", s, q, n, 0.5, 1.0 / 12, 1.8);
#if PRT_BACKEND_CPU
  // On the CPU the values are the recurrence's, from offset 0 on, each over m1 + 1.
  const std::vector<double> ref = reference_mrg(seed, 4096);
  int mismatches = 0;
  for (int i = 0; i < 4096; ++i) mismatches += d[i] != ref[i] * 2.3283065498378288e-10;
  CHECK(mismatches == 0, "%d of 4096 MRG32k3a doubles differ from the reference", mismatches);
#endif

  // An offset is a position in the stream: from offset 1000 the values are those 1000 further on, on every backend.
  CHECK(prtrandSetGeneratorOffset(g, 1000) == PRTRAND_STATUS_SUCCESS, "offset 1000");
  CHECK(prtrandGenerateUniformDouble(g, dd, 64) == PRTRAND_STATUS_SUCCESS, "MRG from offset 1000");
  libs_test::synchronize();
  std::vector<double> later = libs_test::download(dd, 64);
#if PRT_BACKEND_CPU
  for (int i = 0; i < 64; ++i) CHECK(later[i] == d[1000 + i], "MRG value %d from offset 1000", i);
#endif
  // The stream goes on from where the last call stopped.
  CHECK(prtrandGenerateUniformDouble(g, dd, 64) == PRTRAND_STATUS_SUCCESS, "MRG after 64 more");
  libs_test::synchronize();
  std::vector<double> next = libs_test::download(dd, 64);
  CHECK(prtrandSetGeneratorOffset(g, 1064) == PRTRAND_STATUS_SUCCESS, "offset 1064");
  CHECK(prtrandGenerateUniformDouble(g, dd, 64) == PRTRAND_STATUS_SUCCESS, "MRG from offset 1064");
  libs_test::synchronize();
  CHECK(libs_test::download(dd, 64) == next, "offset 1064 gives what followed offset 1000's 64 values");

  CHECK(prtrandGenerateUniform(g, df, n) == PRTRAND_STATUS_SUCCESS, "MRG uniform");
  libs_test::synchronize();
  std::vector<float> f = libs_test::download(df, n);
  moments(f, s, q);
  check_moments("MRG uniform", s, q, n, 0.5, 1.0 / 12, 1.8);
  bool in_range = true;
  for (float x : f) in_range = in_range && x > 0.0f && x <= 1.0f;
  CHECK(in_range, "MRG uniform floats outside (0, 1]");

  CHECK(prtrandGenerateNormal(g, df, n, 2.0f, 3.0f) == PRTRAND_STATUS_SUCCESS, "MRG normal");
  libs_test::synchronize();
  f = libs_test::download(df, n);
  moments(f, s, q);
  check_moments("MRG normal(2, 3)", s, q, n, 2.0, 9.0, 3.0);

  CHECK(prtrandGenerateNormalDouble(g, dd, n, -1.0, 0.5) == PRTRAND_STATUS_SUCCESS, "MRG normal double");
  libs_test::synchronize();
  d = libs_test::download(dd, n);
  moments(d, s, q);
  check_moments("MRG normal double(-1, 0.5)", s, q, n, -1.0, 0.25, 3.0);
  CHECK(prtrandDestroyGenerator(g) == PRTRAND_STATUS_SUCCESS, "destroy MRG32k3a");
  libs_test::release(dd);
  libs_test::release(df);

  // A host generator writes host memory; with the same seed it draws the same stream as the device generator.
  prtrandGenerator_t host = nullptr, device = nullptr;
  CHECK(prtrandCreateGeneratorHost(&host, PRTRAND_RNG_PSEUDO_MRG32K3A) == PRTRAND_STATUS_SUCCESS, "host generator");
  CHECK(prtrandCreateGenerator(&device, PRTRAND_RNG_PSEUDO_MRG32K3A) == PRTRAND_STATUS_SUCCESS, "device generator");
  CHECK(prtrandSetPseudoRandomGeneratorSeed(host, 1234) == PRTRAND_STATUS_SUCCESS, "host seed");
  CHECK(prtrandSetPseudoRandomGeneratorSeed(device, 1234) == PRTRAND_STATUS_SUCCESS, "device seed");
  std::vector<float> on_host(1000);
  float* dev = static_cast<float*>(libs_test::alloc(1000 * sizeof(float)));
  CHECK(prtrandGenerateUniform(host, on_host.data(), 1000) == PRTRAND_STATUS_SUCCESS, "host uniform");
  CHECK(prtrandGenerateUniform(device, dev, 1000) == PRTRAND_STATUS_SUCCESS, "device uniform");
  libs_test::synchronize();
  std::vector<float> on_device = libs_test::download(dev, 1000);
  int differ = 0;
  for (int i = 0; i < 1000; ++i) differ += std::fabs(on_host[i] - on_device[i]) > 1e-6f;
  CHECK(differ == 0, "%d of 1000 host-generator uniforms differ from the device generator's", differ);
  CHECK(prtrandDestroyGenerator(host) == PRTRAND_STATUS_SUCCESS, "destroy host generator");
  CHECK(prtrandDestroyGenerator(device) == PRTRAND_STATUS_SUCCESS, "destroy device generator");
  libs_test::release(dev);
}

}  // namespace

int main() {
  test_known_answers();
  test_device_api();
  test_host_api();
  test_mrg32k3a();
  return libs_test::finish("rand_test");
}
