// prt/cpu/rand.h: the CPU backend of prt/rand.h, a Philox4x32-10 generator (Salmon et al., "Parallel random
// numbers: as easy as 1, 2, 3", SC'11) with cuRAND's counter layout and conversions, and an MRG32k3a generator
// (L'Ecuyer, "Good parameters and implementations for combined multiple recursive random number generators",
// Operations Research 47(1), 1999) with cuRAND's seeding and conversions.
#pragma once

#include <cmath>
#include <cstdint>
#include <new>

namespace prt {
namespace rand_detail {

constexpr uint32_t kPhiloxM0 = 0xD2511F53u;  // round multiplier for counter word 0
constexpr uint32_t kPhiloxM1 = 0xCD9E8D57u;  // round multiplier for counter word 2
constexpr uint32_t kPhiloxW0 = 0x9E3779B9u;  // key schedule increment for key word 0 (golden ratio)
constexpr uint32_t kPhiloxW1 = 0xBB67AE85u;  // key schedule increment for key word 1 (sqrt(3) - 1)
constexpr float kTwoPow32Inv = 2.3283064365386963e-10f;        // 2^-32
constexpr double kTwoPow32InvD = 2.3283064365386963e-10;       // 2^-32
constexpr double kTwoPow53InvD = 1.1102230246251565e-16;       // 2^-53
constexpr float kTwoPow32Inv2Pi = 2.3283064e-10f * 6.2831855f;  // 2^-32 * 2pi, rounded as cuRAND rounds it
constexpr double kPi = 3.1415926535897932;                     // pi

// One Philox4x32 round: two 32x32->64 multiplies, the high halves xored with the other words and the key.
inline void philox_round(uint32_t ctr[4], const uint32_t key[2]) {
  const uint64_t p0 = static_cast<uint64_t>(kPhiloxM0) * ctr[0];
  const uint64_t p1 = static_cast<uint64_t>(kPhiloxM1) * ctr[2];
  const uint32_t hi0 = static_cast<uint32_t>(p0 >> 32), lo0 = static_cast<uint32_t>(p0);
  const uint32_t hi1 = static_cast<uint32_t>(p1 >> 32), lo1 = static_cast<uint32_t>(p1);
  const uint32_t c1 = ctr[1], c3 = ctr[3];
  ctr[0] = hi1 ^ c1 ^ key[0];
  ctr[1] = lo1;
  ctr[2] = hi0 ^ c3 ^ key[1];
  ctr[3] = lo0;
}

// The Philox4x32-10 bijection: out = ten rounds of (counter, key), the key bumped by the Weyl constants between.
inline void philox4x32_10(const uint32_t counter[4], const uint32_t key_in[2], uint32_t out[4]) {
  uint32_t c[4] = {counter[0], counter[1], counter[2], counter[3]};
  uint32_t k[2] = {key_in[0], key_in[1]};
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k[0] += kPhiloxW0;
      k[1] += kPhiloxW1;
    }
    philox_round(c, k);
  }
  out[0] = c[0];
  out[1] = c[1];
  out[2] = c[2];
  out[3] = c[3];
}

// Adds n to the low 64 bits of the 128-bit counter, carrying into the high half.
inline void counter_add_low(uint32_t ctr[4], unsigned long long n) {
  const uint64_t low = (static_cast<uint64_t>(ctr[1]) << 32 | ctr[0]) + n;
  const bool carry = low < n;
  ctr[0] = static_cast<uint32_t>(low);
  ctr[1] = static_cast<uint32_t>(low >> 32);
  if (carry && ++ctr[2] == 0) ++ctr[3];
}

// Adds n to the high 64 bits of the 128-bit counter (a subsequence is 2^64 blocks of four words).
inline void counter_add_high(uint32_t ctr[4], unsigned long long n) {
  const uint64_t high = (static_cast<uint64_t>(ctr[3]) << 32 | ctr[2]) + n;
  ctr[2] = static_cast<uint32_t>(high);
  ctr[3] = static_cast<uint32_t>(high >> 32);
}

inline float uniform_from(uint32_t x) { return x * kTwoPow32Inv + kTwoPow32Inv / 2.0f; }  // (0, 1] float
inline double uniform_double_from(uint32_t x) { return x * kTwoPow32InvD + kTwoPow32InvD; }  // (0, 1] double
// (0, 1) double from 53 bits of two words.
inline double uniform_double_from(uint32_t x, uint32_t y) {
  const unsigned long long z = static_cast<unsigned long long>(x) ^ (static_cast<unsigned long long>(y) << 21);
  return z * kTwoPow53InvD + kTwoPow53InvD / 2.0;
}

// Box-Muller on two words: two independent standard normal floats.
inline void box_muller(uint32_t x, uint32_t y, float& first, float& second) {
  const float u = x * kTwoPow32Inv + kTwoPow32Inv / 2.0f;
  const float v = y * kTwoPow32Inv2Pi + kTwoPow32Inv2Pi / 2.0f;
  const float s = std::sqrt(-2.0f * std::log(u));
  first = std::sin(v) * s;
  second = std::cos(v) * s;
}

// Box-Muller on four words (53 bits per uniform): two independent standard normal doubles.
inline void box_muller_double(const uint32_t w[4], double& first, double& second) {
  const double u = uniform_double_from(w[0], w[1]);
  const unsigned long long zy = static_cast<unsigned long long>(w[2]) ^ (static_cast<unsigned long long>(w[3]) << 21);
  const double v = zy * (kTwoPow53InvD * 2.0) + kTwoPow53InvD;
  const double s = std::sqrt(-2.0 * std::log(u));
  first = std::sin(v * kPi) * s;
  second = std::cos(v * kPi) * s;
}

}  // namespace rand_detail
}  // namespace prt

// ---- Device API (usable in kernels; on the CPU backend these are ordinary functions) ----

// Philox4x32-10 state for one thread: the layout of cuRAND's curandStatePhilox4_32_10.
struct prtrandStatePhilox4_32_10 {
  uint32_t ctr[4];               // 128-bit counter: low 64 bits = block within the subsequence, high = subsequence
  uint32_t output[4];            // the four words of the current block
  uint32_t key[2];               // the seed
  unsigned int STATE;            // index in output of the next word
  int boxmuller_flag;            // a spare normal float is held
  int boxmuller_flag_double;     // a spare normal double is held
  float boxmuller_extra;         // the spare normal float
  double boxmuller_extra_double;  // the spare normal double
};
typedef struct prtrandStatePhilox4_32_10 prtrandStatePhilox4_32_10_t;  // Philox4x32-10 per-thread state
typedef prtrandStatePhilox4_32_10_t prtrandState_t;                    // the portable per-thread state (Philox)

// Moves a state n words ahead in its subsequence.
inline void prtrand_skipahead(unsigned long long n, prtrandStatePhilox4_32_10_t* state) {
  state->STATE += static_cast<unsigned int>(n & 3);
  n /= 4;
  if (state->STATE > 3) {
    n += 1;
    state->STATE -= 4;
  }
  prt::rand_detail::counter_add_low(state->ctr, n);
  prt::rand_detail::philox4x32_10(state->ctr, state->key, state->output);
}

// Moves a state n subsequences ahead (2^66 words each).
inline void prtrand_skipahead_sequence(unsigned long long n, prtrandStatePhilox4_32_10_t* state) {
  prt::rand_detail::counter_add_high(state->ctr, n);
  prt::rand_detail::philox4x32_10(state->ctr, state->key, state->output);
}

// Initialises a state: key = seed, positioned at word `offset` of subsequence `subsequence`.
inline void prtrand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                         prtrandStatePhilox4_32_10_t* state) {
  state->ctr[0] = state->ctr[1] = state->ctr[2] = state->ctr[3] = 0;
  state->key[0] = static_cast<uint32_t>(seed);
  state->key[1] = static_cast<uint32_t>(seed >> 32);
  state->STATE = 0;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double = 0.0;
  prtrand_skipahead_sequence(subsequence, state);
  prtrand_skipahead(offset, state);
}

// Returns the next 32 random bits and advances the state by one word.
inline unsigned int prtrand(prtrandStatePhilox4_32_10_t* state) {
  const unsigned int word = state->output[state->STATE];
  if (++state->STATE == 4) {
    prt::rand_detail::counter_add_low(state->ctr, 1);
    prt::rand_detail::philox4x32_10(state->ctr, state->key, state->output);
    state->STATE = 0;
  }
  return word;
}

// Returns a float uniform in (0, 1] (one word).
inline float prtrand_uniform(prtrandStatePhilox4_32_10_t* state) {
  return prt::rand_detail::uniform_from(prtrand(state));
}

// Returns a double uniform in (0, 1] (one word, so 32 random bits, as cuRAND does for Philox).
inline double prtrand_uniform_double(prtrandStatePhilox4_32_10_t* state) {
  return prt::rand_detail::uniform_double_from(prtrand(state));
}

// Returns a standard normal float (Box-Muller on two words; every second call returns the spare).
inline float prtrand_normal(prtrandStatePhilox4_32_10_t* state) {
  if (state->boxmuller_flag != 1) {
    const uint32_t x = prtrand(state);
    const uint32_t y = prtrand(state);
    float first, second;
    prt::rand_detail::box_muller(x, y, first, second);
    state->boxmuller_extra = second;
    state->boxmuller_flag = 1;
    return first;
  }
  state->boxmuller_flag = 0;
  return state->boxmuller_extra;
}

// Returns a standard normal double (Box-Muller on four words; every second call returns the spare).
inline double prtrand_normal_double(prtrandStatePhilox4_32_10_t* state) {
  if (state->boxmuller_flag_double != 1) {
    uint32_t w[4];
    for (uint32_t& word : w) word = prtrand(state);
    double first, second;
    prt::rand_detail::box_muller_double(w, first, second);
    state->boxmuller_extra_double = second;
    state->boxmuller_flag_double = 1;
    return first;
  }
  state->boxmuller_flag_double = 0;
  return state->boxmuller_extra_double;
}

// Returns a log-normal float exp(mean + stddev * N(0, 1)).
inline float prtrand_log_normal(prtrandStatePhilox4_32_10_t* state, float mean, float stddev) {
  return std::exp(mean + stddev * prtrand_normal(state));
}

// ---- Host API ----

// A host-API generator, read from draw `offset` on: Philox's stream (key = seed, subsequence 0), whose draws are
// 32-bit words, or MRG32k3a's stream from cuRAND's seeding of `seed`, whose draws are values of the recurrence.
struct prtrandGenerator_st {
  prtrandRngType_t type;      // the kind asked for (DEFAULT and PHILOX4_32_10 are Philox here)
  unsigned long long seed;    // the key
  unsigned long long offset;  // draws so far (the position of the next output)
  prtStream_t stream;         // the stream outputs are ordered on
};

namespace prt {
namespace rand_detail {

// A state at the generator's current position.
inline prtrandStatePhilox4_32_10_t generator_state(const prtrandGenerator_st* g) {
  prtrandStatePhilox4_32_10_t s;
  prtrand_init(g->seed, 0, g->offset, &s);
  return s;
}

// MRG32k3a: two order-3 recurrences modulo m1 and m2, combined as their difference modulo m1.
constexpr uint64_t kMrgM1 = 4294967087u;  // modulus of the first component (2^32 - 209)
constexpr uint64_t kMrgM2 = 4294944443u;  // modulus of the second component (2^32 - 22853)
constexpr uint64_t kMrgA12 = 1403580u, kMrgA13n = 810728u;  // x1[n] = a12 x1[n-2] - a13n x1[n-3]
constexpr uint64_t kMrgA21 = 527612u, kMrgA23n = 1370589u;  // x2[n] = a21 x2[n-1] - a23n x2[n-3]
constexpr double kMrgNorm = 2.3283065498378288e-10;         // 1 / (m1 + 1): a draw in (0, m1] to (0, 1]
constexpr double kMrgBitsNorm = 1.000000048662;             // (2^32 - 1) / m1: a draw to a 32-bit word

typedef uint64_t Mat3[3][3];

inline void mat_mul(const Mat3 a, const Mat3 b, Mat3 out, uint64_t m) {
  Mat3 t;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      uint64_t sum = 0;
      for (int k = 0; k < 3; ++k) sum = (sum + a[i][k] * b[k][j] % m) % m;  // entries < 2^32: no overflow
      t[i][j] = sum;
    }
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) out[i][j] = t[i][j];
  }
}

// s = A^n s modulo m, by squaring.
inline void mat_pow_apply(const Mat3 step, unsigned long long n, uint64_t s[3], uint64_t m) {
  Mat3 base, acc = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) base[i][j] = step[i][j];
  }
  for (; n != 0; n >>= 1) {
    if (n & 1) mat_mul(base, acc, acc, m);
    mat_mul(base, base, base, m);
  }
  uint64_t t[3];
  for (int i = 0; i < 3; ++i) t[i] = (acc[i][0] * s[0] % m + acc[i][1] * s[1] % m + acc[i][2] * s[2] % m) % m;
  for (int i = 0; i < 3; ++i) s[i] = t[i];
}

struct Mrg32k3a {
  uint64_t s1[3], s2[3];  // the last three values of each component, oldest first

  // cuRAND's seeding (curand_init of curandStateMRG32k3a_t, subsequence 0), then `offset` steps ahead.
  Mrg32k3a(unsigned long long seed, unsigned long long offset) {
    for (int i = 0; i < 3; ++i) s1[i] = s2[i] = 12345u;
    if (seed != 0) {
      const uint64_t x1 = static_cast<uint32_t>(seed) ^ 0x55555555u;
      const uint64_t x2 = static_cast<uint32_t>(seed >> 32) ^ 0xAAAAAAAAu;
      s1[0] = x1 * s1[0] % kMrgM1, s1[1] = x2 * s1[1] % kMrgM1, s1[2] = x1 * s1[2] % kMrgM1;
      s2[0] = x2 * s2[0] % kMrgM2, s2[1] = x1 * s2[1] % kMrgM2, s2[2] = x2 * s2[2] % kMrgM2;
    }
    const Mat3 a1 = {{0, 1, 0}, {0, 0, 1}, {kMrgM1 - kMrgA13n, kMrgA12, 0}};
    const Mat3 a2 = {{0, 1, 0}, {0, 0, 1}, {kMrgM2 - kMrgA23n, 0, kMrgA21}};
    mat_pow_apply(a1, offset, s1, kMrgM1);
    mat_pow_apply(a2, offset, s2, kMrgM2);
  }

  // The next combined value, in (0, m1].
  double next() {
    const uint64_t p1 = (kMrgA12 * s1[1] % kMrgM1 + (kMrgM1 - kMrgA13n) * s1[0] % kMrgM1) % kMrgM1;
    s1[0] = s1[1], s1[1] = s1[2], s1[2] = p1;
    const uint64_t p2 = (kMrgA21 * s2[2] % kMrgM2 + (kMrgM2 - kMrgA23n) * s2[0] % kMrgM2) % kMrgM2;
    s2[0] = s2[1], s2[1] = s2[2], s2[2] = p2;
    return p1 > p2 ? static_cast<double>(p1 - p2) : static_cast<double>(p1 + kMrgM1 - p2);
  }
  unsigned int word() { return static_cast<unsigned int>(next() * kMrgBitsNorm); }
  float uniform() { return static_cast<float>(next() * kMrgNorm); }
  double uniform_double() { return next() * kMrgNorm; }
  // Box-Muller over two uniforms, as cuRAND pairs them for MRG32k3a on the host.
  void normal_pair(float& first, float& second) {
    const float x = uniform(), y = uniform() * 6.2831855f;
    const float s = std::sqrt(-2.0f * std::log(x));
    first = s * std::sin(y), second = s * std::cos(y);
  }
  void normal_pair_double(double& first, double& second) {
    const double x = uniform_double(), y = uniform_double() * 2.0;
    const double s = std::sqrt(-2.0 * std::log(x));
    first = s * std::sin(y * kPi), second = s * std::cos(y * kPi);
  }
};

// Runs fill(begin, end) after the generator's stream has drained, so that the outputs follow earlier work.
template <class Fill>
prtrandStatus_t generate(prtrandGenerator_t g, const void* out, Fill fill) {
  if (g == nullptr) return PRTRAND_STATUS_NOT_INITIALIZED;
  if (out == nullptr) return PRTRAND_STATUS_OUT_OF_RANGE;
  if (prtStreamSynchronize(g->stream) != 0) return PRTRAND_STATUS_PREEXISTING_FAILURE;
  fill();
  return PRTRAND_STATUS_SUCCESS;
}

// For an MRG32k3a generator: calls draw(state, out, i) for each i in [0, num) and moves the offset on by `draws`;
// returns false for a Philox generator, which the caller fills.
template <class T, class Draw>
bool generate_mrg(prtrandGenerator_t g, T* out, size_t num, unsigned long long draws, Draw draw) {
  if (g->type != PRTRAND_RNG_PSEUDO_MRG32K3A) return false;
  Mrg32k3a s(g->seed, g->offset);
  for (size_t i = 0; i < num; ++i) draw(s, out, i);
  g->offset += draws;
  return true;
}

}  // namespace rand_detail
}  // namespace prt

inline prtrandStatus_t prtrandCreateGenerator(prtrandGenerator_t* generator, prtrandRngType_t rng_type) {
  if (generator == nullptr) return PRTRAND_STATUS_OUT_OF_RANGE;
  if (rng_type != PRTRAND_RNG_PSEUDO_DEFAULT && rng_type != PRTRAND_RNG_PSEUDO_PHILOX4_32_10 &&
      rng_type != PRTRAND_RNG_PSEUDO_MRG32K3A) {
    return PRTRAND_STATUS_TYPE_ERROR;
  }
  *generator = new (std::nothrow) prtrandGenerator_st{rng_type, 0, 0, nullptr};
  return *generator ? PRTRAND_STATUS_SUCCESS : PRTRAND_STATUS_ALLOCATION_FAILED;
}

inline prtrandStatus_t prtrandDestroyGenerator(prtrandGenerator_t generator) {
  if (generator == nullptr) return PRTRAND_STATUS_NOT_INITIALIZED;
  delete generator;
  return PRTRAND_STATUS_SUCCESS;
}

inline prtrandStatus_t prtrandSetPseudoRandomGeneratorSeed(prtrandGenerator_t generator, unsigned long long seed) {
  if (generator == nullptr) return PRTRAND_STATUS_NOT_INITIALIZED;
  generator->seed = seed;
  return PRTRAND_STATUS_SUCCESS;
}

inline prtrandStatus_t prtrandSetGeneratorOffset(prtrandGenerator_t generator, unsigned long long offset) {
  if (generator == nullptr) return PRTRAND_STATUS_NOT_INITIALIZED;
  generator->offset = offset;
  return PRTRAND_STATUS_SUCCESS;
}

inline prtrandStatus_t prtrandSetStream(prtrandGenerator_t generator, prtStream_t stream) {
  if (generator == nullptr) return PRTRAND_STATUS_NOT_INITIALIZED;
  generator->stream = stream;
  return PRTRAND_STATUS_SUCCESS;
}

inline prtrandStatus_t prtrandGenerate(prtrandGenerator_t generator, unsigned int* out, size_t num) {
  return prt::rand_detail::generate(generator, out, [&] {
    if (prt::rand_detail::generate_mrg(generator, out, num, num,
                                       [](auto& s, unsigned int* o, size_t i) { o[i] = s.word(); })) {
      return;
    }
    prtrandStatePhilox4_32_10_t s = prt::rand_detail::generator_state(generator);
    for (size_t i = 0; i < num; ++i) out[i] = prtrand(&s);
    generator->offset += num;
  });
}

inline prtrandStatus_t prtrandGenerateUniform(prtrandGenerator_t generator, float* out, size_t num) {
  return prt::rand_detail::generate(generator, out, [&] {
    if (prt::rand_detail::generate_mrg(generator, out, num, num,
                                       [](auto& s, float* o, size_t i) { o[i] = s.uniform(); })) {
      return;
    }
    prtrandStatePhilox4_32_10_t s = prt::rand_detail::generator_state(generator);
    for (size_t i = 0; i < num; ++i) out[i] = prtrand_uniform(&s);
    generator->offset += num;
  });
}

inline prtrandStatus_t prtrandGenerateUniformDouble(prtrandGenerator_t generator, double* out, size_t num) {
  return prt::rand_detail::generate(generator, out, [&] {
    if (prt::rand_detail::generate_mrg(generator, out, num, num,
                                       [](auto& s, double* o, size_t i) { o[i] = s.uniform_double(); })) {
      return;
    }
    prtrandStatePhilox4_32_10_t s = prt::rand_detail::generator_state(generator);
    for (size_t i = 0; i < num; ++i) {
      const uint32_t x = prtrand(&s);
      const uint32_t y = prtrand(&s);
      // 53 random bits, in (0, 1); 1 is never reached, so the interval is as wide as cuRAND's.
      out[i] = prt::rand_detail::uniform_double_from(x, y);
    }
    generator->offset += 2 * static_cast<unsigned long long>(num);
  });
}

inline prtrandStatus_t prtrandGenerateNormal(prtrandGenerator_t generator, float* out, size_t num, float mean,
                                             float stddev) {
  // An odd count is accepted, as cuRAND 10.4 accepts it on the GPU (measured): the last pair's second value is
  // dropped.
  return prt::rand_detail::generate(generator, out, [&] {
    if (prt::rand_detail::generate_mrg(generator, out, (num + 1) / 2, num + num % 2,
                                       [&](auto& s, float* o, size_t pair) {
                                         float first, second;
                                         s.normal_pair(first, second);
                                         o[2 * pair] = mean + stddev * first;
                                         if (2 * pair + 1 < num) o[2 * pair + 1] = mean + stddev * second;
                                       })) {
      return;
    }
    prtrandStatePhilox4_32_10_t s = prt::rand_detail::generator_state(generator);
    for (size_t i = 0; i < num; i += 2) {
      const uint32_t x = prtrand(&s);
      const uint32_t y = prtrand(&s);
      float first, second;
      prt::rand_detail::box_muller(x, y, first, second);
      out[i] = mean + stddev * first;
      if (i + 1 < num) out[i + 1] = mean + stddev * second;
    }
    generator->offset += num + num % 2;
  });
}

inline prtrandStatus_t prtrandGenerateNormalDouble(prtrandGenerator_t generator, double* out, size_t num,
                                                   double mean, double stddev) {
  return prt::rand_detail::generate(generator, out, [&] {
    if (prt::rand_detail::generate_mrg(generator, out, (num + 1) / 2, num + num % 2,
                                       [&](auto& s, double* o, size_t pair) {
                                         double first, second;
                                         s.normal_pair_double(first, second);
                                         o[2 * pair] = mean + stddev * first;
                                         if (2 * pair + 1 < num) o[2 * pair + 1] = mean + stddev * second;
                                       })) {
      return;
    }
    prtrandStatePhilox4_32_10_t s = prt::rand_detail::generator_state(generator);
    for (size_t i = 0; i < num; i += 2) {
      uint32_t w[4];
      for (uint32_t& word : w) word = prtrand(&s);
      double first, second;
      prt::rand_detail::box_muller_double(w, first, second);
      out[i] = mean + stddev * first;
      if (i + 1 < num) out[i + 1] = mean + stddev * second;
    }
    generator->offset += 2 * static_cast<unsigned long long>(num + num % 2);
  });
}

inline prtrandStatus_t prtrandCreateGeneratorHost(prtrandGenerator_t* generator, prtrandRngType_t rng_type) {
  return prtrandCreateGenerator(generator, rng_type);  // host memory is device memory here
}

inline prtrandStatus_t prtrandSetGeneratorOrdering(prtrandGenerator_t generator, prtrandOrdering_t order) {
  if (generator == nullptr) return PRTRAND_STATUS_NOT_INITIALIZED;
  // One sequential order per generator: every pseudo-random ordering names it; the quasi one belongs to other kinds.
  return prt::rand_detail::pseudo_ordering(order) ? PRTRAND_STATUS_SUCCESS : PRTRAND_STATUS_OUT_OF_RANGE;
}
