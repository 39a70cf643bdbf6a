// Device intrinsics beyond the basic set, each against a host reference written independently of the runtime:
// block- and system-scoped atomics and the __nv_atomic_* functions under contention, __mul24/__umul24, the
// mask-less warp functions and __match_any_sync/__match_all_sync, the SIMD video intrinsics over random and edge
// inputs, funnel shifts, averages, absolute differences, packed dot products, byte swaps and bitwise warp
// reductions, special functions (sinpi, normcdf, erfinv, ...) at known values, double conversions and
// reinterpretations, 16-bit float bit casts, packing and math, and the compute-mode and assert constants.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "check.h"

constexpr unsigned kFull = 0xffffffffu;

struct Counters {
    int add;
    unsigned sub;
    unsigned long long add64;
    float fadd;
    double dadd;
    int max, min;
    long long max64, min64;
    unsigned orbits, andbits, xorbits;
    unsigned long long or64;
    unsigned inc, dec;
    int exch;
    int cas;
    unsigned badd, bcas;
    int nvadd, nvmax, nvcas, nvexch;
    unsigned nvbits;
    float nvfadd;
    unsigned long long nvstore;
};

__global__ void scoped_atomics(Counters* c) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd_system(&c->add, 1);
    atomicSub_system(&c->sub, 2u);
    atomicAdd_system(&c->add64, (unsigned long long)id);
    atomicAdd_system(&c->fadd, 0.5f);
    atomicAdd_system(&c->dadd, 0.25);
    atomicMax_system(&c->max, id);
    atomicMin_system(&c->min, -id);
    atomicMax_system(&c->max64, (long long)id << 33);
    atomicMin_system(&c->min64, -((long long)id << 33));
    atomicOr_system(&c->orbits, 1u << (id % 32));
    atomicAnd_system(&c->andbits, ~(1u << (id % 32)));
    atomicXor_system(&c->xorbits, unsigned(id));
    atomicOr_system(&c->or64, 1ull << (id % 64));
    atomicInc_system(&c->inc, 1000000u);
    atomicDec_system(&c->dec, 1000000u);
    atomicExch_system(&c->exch, 7);
    int seen = atomicAdd_system(&c->cas, 0), old;  // an atomic read
    while ((old = atomicCAS_system(&c->cas, seen, seen + 3)) != seen) seen = old;
    atomicAdd_block(&c->badd, 1u);
    unsigned bseen = atomicAdd_block(&c->bcas, 0u), bold;
    while ((bold = atomicCAS_block(&c->bcas, bseen, bseen + 1)) != bseen) bseen = bold;
    __nv_atomic_fetch_add(&c->nvadd, 2, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_sub(&c->nvadd, 1, __NV_ATOMIC_RELAXED);
    __nv_atomic_fetch_max(&c->nvmax, id, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_SYSTEM);
    __nv_atomic_or(&c->nvbits, 1u << (id % 32), __NV_ATOMIC_SEQ_CST);
    __nv_atomic_fetch_add(&c->nvfadd, 0.25f, __NV_ATOMIC_RELAXED);
    int expected = __nv_atomic_load_n(&c->nvcas, __NV_ATOMIC_ACQUIRE);
    while (!__nv_atomic_compare_exchange_n(&c->nvcas, &expected, expected + 1, false, __NV_ATOMIC_ACQ_REL,
                                           __NV_ATOMIC_RELAXED)) {
    }
    __nv_atomic_exchange_n(&c->nvexch, 9, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
    if (id == 0) __nv_atomic_store_n(&c->nvstore, 1ull << 40, __NV_ATOMIC_RELEASE);
    __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
}

__global__ void mul24(const int* a, const int* b, int* s, unsigned* u, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        s[i] = __mul24(a[i], b[i]);
        u[i] = __umul24(unsigned(a[i]), unsigned(b[i]));
    }
}

constexpr int kWarpOut = 10;

__global__ void maskless(const int* in, unsigned* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];
    unsigned* o = out + t * kWarpOut;
    o[0] = unsigned(__shfl(v, 5));
    o[1] = unsigned(__shfl_up(v, 3));
    o[2] = unsigned(__shfl_down(v, 7));
    o[3] = unsigned(__shfl_xor(v, 9));
    o[4] = unsigned(__shfl(v, 3, 16));
    o[5] = unsigned(__ballot(v % 3 == 0));
    o[6] = unsigned(__any(v > 1000)) | unsigned(__all(v >= 0)) << 1 | unsigned(__all(v % 2 == 0)) << 2;
    o[7] = unsigned(__shfl_down(double(v) * 0.5, 1) * 2.0);
    o[8] = __match_any_sync(kFull, v % 4);
    int all = 0;
    unsigned m = __match_all_sync(kFull, v / 1000, &all);
    o[9] = m ^ unsigned(all);
}

// The SIMD functions the program checks, in the order the kernel writes them.
#define SIMD_BINARY(X)                                                                                        \
    X(__vadd2) X(__vadd4) X(__vaddss2) X(__vaddss4) X(__vaddus2) X(__vaddus4) X(__vsub2) X(__vsub4)           \
    X(__vsubss2) X(__vsubss4) X(__vsubus2) X(__vsubus4) X(__vabsdiffs2) X(__vabsdiffs4) X(__vabsdiffu2)       \
    X(__vabsdiffu4) X(__vavgs2) X(__vavgs4) X(__vavgu2) X(__vavgu4) X(__vhaddu2) X(__vhaddu4) X(__vmaxs2)     \
    X(__vmaxs4) X(__vmaxu2) X(__vmaxu4) X(__vmins2) X(__vmins4) X(__vminu2) X(__vminu4) X(__vcmpeq2)          \
    X(__vcmpeq4) X(__vcmpne2) X(__vcmpne4) X(__vcmpges2) X(__vcmpges4) X(__vcmpgeu2) X(__vcmpgeu4)            \
    X(__vcmpgts2) X(__vcmpgts4) X(__vcmpgtu2) X(__vcmpgtu4) X(__vcmples2) X(__vcmples4) X(__vcmpleu2)         \
    X(__vcmpleu4) X(__vcmplts2) X(__vcmplts4) X(__vcmpltu2) X(__vcmpltu4) X(__vseteq2) X(__vseteq4)           \
    X(__vsetne2) X(__vsetne4) X(__vsetges2) X(__vsetges4) X(__vsetgeu2) X(__vsetgeu4) X(__vsetgts2)           \
    X(__vsetgts4) X(__vsetgtu2) X(__vsetgtu4) X(__vsetles2) X(__vsetles4) X(__vsetleu2) X(__vsetleu4)         \
    X(__vsetlts2) X(__vsetlts4) X(__vsetltu2) X(__vsetltu4) X(__vsads2) X(__vsads4) X(__vsadu2) X(__vsadu4)
#define SIMD_UNARY(X) X(__vabs2) X(__vabs4) X(__vabsss2) X(__vabsss4) X(__vneg2) X(__vneg4) X(__vnegss2) X(__vnegss4)
#define SIMD_COUNT_ONE(f) +1
constexpr int kSimd = 0 SIMD_BINARY(SIMD_COUNT_ONE) SIMD_UNARY(SIMD_COUNT_ONE);

__global__ void simd(const unsigned* a, const unsigned* b, unsigned* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i], *o = out + i * kSimd;
    int k = 0;
#define SIMD_CALL2(f) o[k++] = f(x, y);
#define SIMD_CALL1(f) o[k++] = f(x);
    SIMD_BINARY(SIMD_CALL2)
    SIMD_UNARY(SIMD_CALL1)
#undef SIMD_CALL2
#undef SIMD_CALL1
}

// Host reference: one lane of a SIMD function, on lanes read through int8_t/int16_t or uint8_t/uint16_t.
struct Lane {
    long long sx, sy, ux, uy;  // the lanes, signed and unsigned
    int bits;
    long long smin() const { return -(1ll << (bits - 1)); }
    long long smax() const { return (1ll << (bits - 1)) - 1; }
    long long umax() const { return (1ll << bits) - 1; }
};

static long long clampll(long long v, long long lo, long long hi) { return v < lo ? lo : v > hi ? hi : v; }
static long long absll(long long v) { return v < 0 ? -v : v; }

// Value of function `name` on lane l; *sum says the function sums its lanes instead.
static long long ref_lane(const char* name, const Lane& l, bool* sum) {
    std::string f(name + 3);  // without "__v"
    f.pop_back();             // without the lane count
    long long ones = l.umax();
    *sum = false;
    if (f == "add") return l.ux + l.uy;
    if (f == "addss") return clampll(l.sx + l.sy, l.smin(), l.smax());
    if (f == "addus") return clampll(l.ux + l.uy, 0, l.umax());
    if (f == "sub") return l.ux - l.uy;
    if (f == "subss") return clampll(l.sx - l.sy, l.smin(), l.smax());
    if (f == "subus") return clampll(l.ux - l.uy, 0, l.umax());
    if (f == "absdiffs") return absll(l.sx - l.sy);
    if (f == "absdiffu") return absll(l.ux - l.uy);
    if (f == "avgs") {  // rounded half away from zero
        long long s = l.sx + l.sy;
        return s >= 0 ? (s + 1) / 2 : -((-s + 1) / 2);
    }
    if (f == "avgu") return (l.ux + l.uy + 1) / 2;
    if (f == "haddu") return (l.ux + l.uy) / 2;
    if (f == "maxs") return l.sx > l.sy ? l.sx : l.sy;
    if (f == "maxu") return l.ux > l.uy ? l.ux : l.uy;
    if (f == "mins") return l.sx < l.sy ? l.sx : l.sy;
    if (f == "minu") return l.ux < l.uy ? l.ux : l.uy;
    if (f.rfind("cmp", 0) == 0 || f.rfind("set", 0) == 0) {
        std::string c = f.substr(3);
        bool s = c.size() == 3 && c[2] == 's';
        long long x = s ? l.sx : l.ux, y = s ? l.sy : l.uy;
        std::string op = c.substr(0, 2);
        bool r = op == "eq" ? x == y : op == "ne" ? x != y : op == "ge" ? x >= y : op == "gt" ? x > y
               : op == "le" ? x <= y : x < y;
        return f[0] == 'c' ? (r ? ones : 0) : (r ? 1 : 0);
    }
    if (f == "sads" || f == "sadu") {
        *sum = true;
        return f == "sads" ? absll(l.sx - l.sy) : absll(l.ux - l.uy);
    }
    if (f == "abs") return absll(l.sx);
    if (f == "absss") return clampll(absll(l.sx), l.smin(), l.smax());
    if (f == "neg") return -l.sx;
    if (f == "negss") return clampll(-l.sx, l.smin(), l.smax());
    std::printf("no reference for %s\n", name);
    return -1;
}

static unsigned ref_simd(const char* name, unsigned a, unsigned b) {
    int bits = name[std::strlen(name) - 1] == '2' ? 16 : 8;
    unsigned r = 0;
    long long total = 0;
    bool sum = false;
    for (int i = 0; i < 32; i += bits) {
        Lane l;
        l.bits = bits;
        if (bits == 16) {
            l.sx = int16_t(uint16_t(a >> i)), l.sy = int16_t(uint16_t(b >> i));
            l.ux = uint16_t(a >> i), l.uy = uint16_t(b >> i);
        } else {
            l.sx = int8_t(uint8_t(a >> i)), l.sy = int8_t(uint8_t(b >> i));
            l.ux = uint8_t(a >> i), l.uy = uint8_t(b >> i);
        }
        long long v = ref_lane(name, l, &sum);
        total += v;
        r |= (unsigned(v) & unsigned(l.umax())) << i;
    }
    return sum ? unsigned(total) : r;
}

__global__ void conversions(const double* d, int* o) {
    int i = threadIdx.x;
    double x = d[i];
    int* p = o + i * 8;
    p[0] = __double2int_rn(x);
    p[1] = __double2int_rz(x);
    p[2] = __double2int_rd(x);
    p[3] = __double2int_ru(x);
    p[4] = __double2hiint(x);
    p[5] = __double2loint(x);
    p[6] = __double_as_longlong(__hiloint2double(p[4], p[5])) == __double_as_longlong(x);
    p[7] = int(__drcp_rn(x == 0 ? 1.0 : x) * x * 1000.0 + 0.5);
}

__global__ void halves(float* f, unsigned* u) {
    __half h = __ushort_as_half((unsigned short)0x3c00);  // 1.0
    f[0] = __half2float(h);
    u[0] = __half_as_ushort(__float2half(2.0f));
    u[1] = __bfloat16_as_ushort(__float2bfloat16(1.0f));
    f[1] = __bfloat162float(__ushort_as_bfloat16((unsigned short)0x4040));  // 3.0
    __nv_bfloat162 p = __float22bfloat162_rn(make_float2(1.5f, -2.0f));
    f[2] = __low2float(p);
    f[3] = __high2float(p);
    __nv_bfloat162 q = __bfloat162bfloat162(__float2bfloat16(0.75f));
    f[4] = __low2float(q) + __high2float(q);
    f[5] = __half2float(hexp(__float2half(1.0f)));
    f[6] = __half2float(hlog(__float2half(4.0f)));
    f[7] = __half2float(hrcp(__float2half(8.0f)));
    f[8] = __half2float(hfloor(__float2half(-1.5f)));
    f[9] = __bfloat162float(hexp(__float2bfloat16(2.0f)));
    f[10] = __low2float(h2exp(__floats2half2_rn(0.0f, 1.0f)));
    f[11] = __high2float(h2sqrt(__floats2half2_rn(4.0f, 9.0f)));
    __half2 a = make_half2(__float2half(1.0f), __float2half(-3.0f)), b = __floats2half2_rn(2.0f, -4.0f);
    f[12] = __low2float(__hgt2(b, a)) + 2.0f * __high2float(__hgt2(b, a)) + 4.0f * float(__hbge2(b, a));
    f[13] = __low2float(__hmax2(a, b)) + __high2float(__hmin2(a, b)) + __high2float(__habs2(b));
    __nv_bfloat162 c = make_bfloat162(__float2bfloat16(0.5f), __float2bfloat16(8.0f));
    f[14] = __high2float(__h2div(c, __bfloat162bfloat162(__float2bfloat16(2.0f)))) + __low2float(__hneg2(c));
    __stcs(f + 15, __ldcs(f + 14) + __ldcg(f + 13));
}

constexpr int kExtra = 16;

__global__ void extras(const unsigned* in, unsigned* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2] % 40, *o = out + i * kExtra;
    o[0] = __funnelshift_l(a, b, c);
    o[1] = __funnelshift_lc(a, b, c);
    o[2] = __funnelshift_r(a, b, c);
    o[3] = __funnelshift_rc(a, b, c);
    o[4] = __sad(int(a), int(b), c);
    o[5] = __usad(a, b, c);
    o[6] = unsigned(__rhadd(int(a), int(b)));
    o[7] = __urhadd(a, b);
    o[8] = __uhadd(a, b);
    o[9] = unsigned(__dp4a(int(a), int(b), int(c)));
    o[10] = __dp4a(a, b, c);
    o[11] = unsigned(__dp2a_lo(int(a), int(b), int(c)));
    o[12] = __dp2a_hi(a, b, c);
    o[13] = __nv_bswap32(a);
    o[14] = unsigned(__nv_bswap64(a | (1ull * b << 32)) >> 8);
    o[15] = __reduce_and_sync(kFull, a | 0x80000001u) ^ __reduce_or_sync(kFull, a & 0x10u) ^
            __reduce_xor_sync(kFull, a);
}

__global__ void special(double* o) {
    o[0] = sinpi(3.0) + cospi(2.5) + sinpif(-4.0f) + cospif(0.5f);  // exactly 0
    o[1] = sinpi(0.5) + cospi(1.0);                                   // 1 - 1
    o[2] = normcdf(1.959963984540054);
    o[3] = normcdfinv(0.975);
    o[4] = erfinv(std::erf(0.3)) + erfcinv(std::erfc(2.5)) + erfinvf(-0.5f);
    o[5] = rcbrt(8.0) + rcbrtf(-27.0f);
    o[6] = rhypot(3.0, 4.0) + norm3d(3.0, 4.0, 12.0) + norm4df(1.0f, 1.0f, 1.0f, 1.0f);
    o[7] = rnorm3d(2.0, 3.0, 6.0) + rnorm4d(2.0, 2.0, 2.0, 2.0);
    double v[3] = {2.0, 3.0, 6.0};
    o[8] = norm(3, v) + rnorm(3, v);
    double s, c;
    sincospi(1.0 / 6.0, &s, &c);
    o[9] = s;
    o[10] = double(umin(3u, 7u) + umax(3u, 7u)) + double(llmin(-5ll, 2ll) + llmax(-5ll, 2ll));
    o[11] = double(ullmax(1ull << 40, 5ull)) + double(__frsqrt_rn(4.0f)) + double(fdividef(1.0f, 4.0f));
    o[12] = double(__float2uint_rz(2.7f) + __float2uint_rd(2.7f) + __float2uint_ru(2.2f)) + __float2uint_rz(-3.0f);
    bool hi = true, lo = false, pr = false;
    o[13] = double(__viaddmax_s32(2000000000, 2000000000, 5)) + double(__viaddmax_s16x2(0x7fff0001u, 0x00010002u, 0u));
    o[14] = double(__vimax3_u16x2(0x0001ffffu, 0x00020000u, 0x00030001u)) + __vimin_s32_relu(-5, 3);
    o[15] = double(__vibmin_u16x2(0x00050001u, 0x00040002u, &hi, &lo)) + (hi ? 100.0 : 0.0) + (lo ? 10.0 : 0.0);
    o[16] = double(__vibmax_s32(-3, -3, &pr)) + (pr ? 100.0 : 0.0) + double(__vimin3_s16x2_relu(0xfffe0009u, 5u, 7u));
}

int main() {
    // Scoped atomics: 8 blocks of 256 threads contend for each counter.
    const int blocks = 8, threads = 256, n = blocks * threads;
    Counters init{};
    init.sub = 100000u;
    init.min = 1;
    init.andbits = kFull;
    init.dec = 5000u;
    Counters* dc;
    CHECK_OK(prtMalloc(&dc, sizeof(Counters)));
    CHECK_OK(prtMemcpy(dc, &init, sizeof(Counters), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(scoped_atomics, dim3(blocks), dim3(threads), 0, 0, dc));
    Counters c;
    CHECK_OK(prtMemcpy(&c, dc, sizeof(Counters), prtMemcpyDeviceToHost));
    unsigned xr = 0;
    for (int i = 0; i < n; ++i) xr ^= unsigned(i);
    CHECK(c.add == n);
    CHECK(c.sub == 100000u - 2u * n);
    CHECK(c.add64 == (unsigned long long)n * (n - 1) / 2);
    CHECK(c.fadd == 0.5f * n);
    CHECK(c.dadd == 0.25 * n);
    CHECK(c.max == n - 1);
    CHECK(c.min == -(n - 1));
    CHECK(c.max64 == (long long)(n - 1) << 33);
    CHECK(c.min64 == -((long long)(n - 1) << 33));
    CHECK(c.orbits == kFull);
    CHECK(c.andbits == 0u);
    CHECK(c.xorbits == xr);
    CHECK(c.or64 == ~0ull);
    CHECK(c.inc == unsigned(n));
    CHECK(c.dec == 5000u - unsigned(n));
    CHECK(c.exch == 7);
    CHECK(c.cas == 3 * n);
    CHECK(c.badd == unsigned(n));
    CHECK(c.bcas == unsigned(n));
    CHECK(c.nvadd == n);
    CHECK(c.nvmax == n - 1);
    CHECK(c.nvbits == kFull);
    CHECK(c.nvfadd == 0.25f * n);
    CHECK(c.nvcas == n);
    CHECK(c.nvexch == 9);
    CHECK(c.nvstore == 1ull << 40);
    value("atomic_system_add64", double(c.add64));

    // __mul24 / __umul24: 24-bit operands (signed and unsigned), with garbage in the high byte.
    const int mn = 512;
    std::vector<int> ma(mn), mb(mn), ms(mn);
    std::vector<unsigned> mu(mn);
    uint32_t seed = 12345;
    auto rnd = [&seed] { seed = seed * 1664525u + 1013904223u; return seed; };
    for (int i = 0; i < mn; ++i) {
        ma[i] = int(rnd());
        mb[i] = int(rnd());
    }
    ma[0] = 0x00800000, mb[0] = 2;           // most negative 24-bit value
    ma[1] = 0x7fffff, mb[1] = 0x7fffff;      // largest positive
    ma[2] = int(0xff000003), mb[2] = -1;     // high byte ignored: 3 * -1
    int *dma, *dmb, *dms;
    unsigned* dmu;
    CHECK_OK(prtMalloc(&dma, mn * sizeof(int)));
    CHECK_OK(prtMalloc(&dmb, mn * sizeof(int)));
    CHECK_OK(prtMalloc(&dms, mn * sizeof(int)));
    CHECK_OK(prtMalloc(&dmu, mn * sizeof(unsigned)));
    CHECK_OK(prtMemcpy(dma, ma.data(), mn * sizeof(int), prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpy(dmb, mb.data(), mn * sizeof(int), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(mul24, dim3(mn / 128), dim3(128), 0, 0, dma, dmb, dms, dmu, mn));
    CHECK_OK(prtMemcpy(ms.data(), dms, mn * sizeof(int), prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(mu.data(), dmu, mn * sizeof(unsigned), prtMemcpyDeviceToHost));
    int bad24 = 0;
    for (int i = 0; i < mn; ++i) {
        long long sa = ma[i] & 0xffffff, sb = mb[i] & 0xffffff;
        if (sa & 0x800000) sa -= 0x1000000;
        if (sb & 0x800000) sb -= 0x1000000;
        unsigned long long ua = unsigned(ma[i]) & 0xffffffu, ub = unsigned(mb[i]) & 0xffffffu;
        bad24 += ms[i] != int(uint32_t(uint64_t(sa * sb))) || mu[i] != uint32_t(ua * ub);
    }
    CHECK(bad24 == 0);
    CHECK(ms[0] == -16777216 && ms[2] == -3);

    // Mask-less warp functions and matches: 2 blocks of 64 threads (two full warps each).
    const int wb = 2, wt = 64, wn = wb * wt;
    std::vector<int> win(wn);
    for (int i = 0; i < wn; ++i) win[i] = (i * 37 + 11) % 101 + (i >= 100 && i < 110 ? 1000 : 0);
    int* dwin;
    unsigned* dwout;
    CHECK_OK(prtMalloc(&dwin, wn * sizeof(int)));
    CHECK_OK(prtMalloc(&dwout, wn * kWarpOut * sizeof(unsigned)));
    CHECK_OK(prtMemcpy(dwin, win.data(), wn * sizeof(int), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(maskless, dim3(wb), dim3(wt), 0, 0, dwin, dwout));
    std::vector<unsigned> wout(wn * kWarpOut);
    CHECK_OK(prtMemcpy(wout.data(), dwout, wout.size() * sizeof(unsigned), prtMemcpyDeviceToHost));
    bool wok[kWarpOut];
    for (bool& b : wok) b = true;
    for (int i = 0; i < wn; ++i) {
        int w0 = i / 32 * 32, lane = i % 32;
        auto at = [&](int l) { return win[w0 + l]; };
        unsigned ballot = 0, match = 0;
        bool any = false, all = true, even = true, same = true;
        for (int l = 0; l < 32; ++l) {
            ballot |= unsigned(at(l) % 3 == 0) << l;
            any = any || at(l) > 1000;
            all = all && at(l) >= 0;
            even = even && at(l) % 2 == 0;
            match |= unsigned(at(l) % 4 == at(lane) % 4) << l;
            same = same && at(l) / 1000 == at(0) / 1000;
        }
        unsigned want[kWarpOut] = {
            unsigned(at(5)),
            unsigned(lane >= 3 ? at(lane - 3) : at(lane)),
            unsigned(lane + 7 < 32 ? at(lane + 7) : at(lane)),
            unsigned(at(lane ^ 9)),
            unsigned(at((lane & ~15) + 3)),
            ballot,
            unsigned(any) | unsigned(all) << 1 | unsigned(even) << 2,
            unsigned(lane + 1 < 32 ? at(lane + 1) : at(lane)),
            match,
            same ? kFull ^ 1u : 0u,
        };
        for (int k = 0; k < kWarpOut; ++k) wok[k] = wok[k] && wout[i * kWarpOut + k] == want[k];
    }
    for (int k = 0; k < kWarpOut; ++k) {
        if (!wok[k]) std::printf("mask-less warp case %d wrong\n", k);
        CHECK(wok[k]);
    }

    // SIMD video intrinsics: edge values on every lane, then random words.
    const unsigned edges[] = {0u, 0xffffffffu, 0x80008000u, 0x7fff7fffu, 0x80808080u, 0x7f7f7f7fu, 0x00010001u,
                              0x01010101u, 0xfffefffeu, 0x8001ff7fu};
    const int ne = sizeof edges / sizeof edges[0];
    std::vector<unsigned> sa, sb;
    for (int i = 0; i < ne; ++i)
        for (int j = 0; j < ne; ++j) sa.push_back(edges[i]), sb.push_back(edges[j]);
    while (sa.size() < 1024) sa.push_back(rnd()), sb.push_back(rnd());
    const int sn = int(sa.size());
    unsigned *dsa, *dsb, *dso;
    CHECK_OK(prtMalloc(&dsa, sn * sizeof(unsigned)));
    CHECK_OK(prtMalloc(&dsb, sn * sizeof(unsigned)));
    CHECK_OK(prtMalloc(&dso, size_t(sn) * kSimd * sizeof(unsigned)));
    CHECK_OK(prtMemcpy(dsa, sa.data(), sn * sizeof(unsigned), prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpy(dsb, sb.data(), sn * sizeof(unsigned), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(simd, dim3(sn / 128), dim3(128), 0, 0, dsa, dsb, dso, sn));
    std::vector<unsigned> so(size_t(sn) * kSimd);
    CHECK_OK(prtMemcpy(so.data(), dso, so.size() * sizeof(unsigned), prtMemcpyDeviceToHost));
    const char* names[] = {
#define SIMD_NAME(f) #f,
        SIMD_BINARY(SIMD_NAME) SIMD_UNARY(SIMD_NAME)
#undef SIMD_NAME
    };
    int simd_bad = 0;
    for (int k = 0; k < kSimd; ++k) {
        bool unary = k >= kSimd - 8;
        int first_bad = -1;
        for (int i = 0; i < sn; ++i) {
            unsigned want = ref_simd(names[k], sa[i], unary ? 0u : sb[i]);
            if (so[size_t(i) * kSimd + k] != want && first_bad < 0) first_bad = i;
        }
        if (first_bad >= 0) {
            int i = first_bad;
            std::printf("%s(%08x, %08x) = %08x, expected %08x\n", names[k], sa[i], sb[i], so[size_t(i) * kSimd + k],
                        ref_simd(names[k], sa[i], unary ? 0u : sb[i]));
            ++simd_bad;
        }
    }
    CHECK(simd_bad == 0);
    value("simd_functions", kSimd);

    // Funnel shifts, averages, absolute differences, packed dot products, byte swaps, bitwise warp reductions.
    const int xn = 256;
    std::vector<unsigned> xin(3 * xn), xout(xn * kExtra);
    for (int i = 0; i < 3 * xn; ++i) xin[i] = i % 5 == 0 ? rnd() >> (i % 31) : rnd();
    unsigned *dxin, *dxout;
    CHECK_OK(prtMalloc(&dxin, xin.size() * sizeof(unsigned)));
    CHECK_OK(prtMalloc(&dxout, xout.size() * sizeof(unsigned)));
    CHECK_OK(prtMemcpy(dxin, xin.data(), xin.size() * sizeof(unsigned), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(extras, dim3(xn / 64), dim3(64), 0, 0, dxin, dxout, xn));
    CHECK_OK(prtMemcpy(xout.data(), dxout, xout.size() * sizeof(unsigned), prtMemcpyDeviceToHost));
    int xbad[kExtra] = {};
    for (int w = 0; w < xn / 32; ++w) {
        unsigned rand_ = kFull, ror = 0, rxor = 0;
        for (int l = 0; l < 32; ++l) {
            unsigned a = xin[3 * (w * 32 + l)];
            rand_ &= a | 0x80000001u, ror |= a & 0x10u, rxor ^= a;
        }
        for (int l = 0; l < 32; ++l) {
            int i = w * 32 + l;
            uint64_t a = xin[3 * i], b = xin[3 * i + 1], c = xin[3 * i + 2] % 40, hl = b << 32 | a;
            int64_t sa = int32_t(uint32_t(a)), sb = int32_t(uint32_t(b));
            auto sbyte = [](uint64_t v, int k) { return int64_t(int8_t(uint8_t(v >> (8 * k)))); };
            auto ubyte = [](uint64_t v, int k) { return int64_t(uint8_t(v >> (8 * k))); };
            int64_t sdot = int64_t(c), udot = int64_t(c);
            for (int k = 0; k < 4; ++k) sdot += sbyte(a, k) * sbyte(b, k), udot += ubyte(a, k) * ubyte(b, k);
            uint64_t swapped = 0;
            for (int k = 0; k < 8; ++k) swapped |= ((hl >> (8 * k)) & 0xff) << (8 * (7 - k));
            unsigned want[kExtra] = {
                unsigned((hl << (c & 31)) >> 32),
                c >= 32 ? unsigned(a) : unsigned((hl << c) >> 32),
                unsigned(hl >> (c & 31)),
                c >= 32 ? unsigned(b) : unsigned(hl >> c),
                unsigned((sa > sb ? sa - sb : sb - sa) + int64_t(c)),
                unsigned((a > b ? a - b : b - a) + c),
                unsigned(int32_t((sa + sb + 1) >> 1)),
                unsigned((a + b + 1) >> 1),
                unsigned((a + b) >> 1),
                unsigned(sdot),
                unsigned(udot),
                unsigned(int64_t(c) + int64_t(int16_t(uint16_t(a))) * sbyte(b, 0) +
                         int64_t(int16_t(uint16_t(a >> 16))) * sbyte(b, 1)),
                unsigned(c + (a & 0xffff) * ubyte(b, 2) + (a >> 16) * ubyte(b, 3)),
                unsigned(swapped >> 32),
                unsigned(swapped >> 8),
                rand_ ^ ror ^ rxor,
            };
            for (int k = 0; k < kExtra; ++k) xbad[k] += xout[i * kExtra + k] != want[k];
        }
    }
    for (int k = 0; k < kExtra; ++k) {
        if (xbad[k]) std::printf("integer intrinsic %d: %d wrong\n", k, xbad[k]);
        CHECK(xbad[k] == 0);
    }

    // Special functions at known values.
    double* dsp;
    CHECK_OK(prtMalloc(&dsp, 17 * sizeof(double)));
    CHECK_OK(prtLaunchKernel(special, dim3(1), dim3(1), 0, 0, dsp));
    double sp[17];
    CHECK_OK(prtMemcpy(sp, dsp, sizeof sp, prtMemcpyDeviceToHost));
    CHECK(sp[0] == 0.0);
    CHECK(near(sp[1], 0.0, 0, 1e-15));
    CHECK(near(sp[2], 0.975, 1e-12));
    CHECK(near(sp[3], 1.959963984540054, 1e-12));
    CHECK(near(sp[4], 0.3 + 2.5 - 0.4769362762044699, 1e-6));
    CHECK(near(sp[5], 0.5 - 1.0 / 3.0, 1e-6));
    CHECK(near(sp[6], 0.2 + 13.0 + 2.0, 1e-12));
    CHECK(near(sp[7], 1.0 / 7.0 + 0.25, 1e-12));
    CHECK(near(sp[8], 7.0 + 1.0 / 7.0, 1e-12));
    CHECK(near(sp[9], 0.5, 1e-15));
    CHECK(sp[10] == 10.0 - 3.0);
    CHECK(near(sp[11], 1099511627776.0 + 0.5 + 0.25, 1e-15));
    CHECK(sp[12] == 2.0 + 2.0 + 3.0 + 0.0);
    CHECK(sp[13] == 5.0 + 3.0);                   // the 32-bit and 16-bit sums wrap
    CHECK(sp[14] == double(0x0003ffffu) + 0.0);
    CHECK(sp[15] == double(0x00040001u) + 10.0);  // high: 5 <= 4 is false, low: 1 <= 2
    CHECK(sp[16] == -3.0 + 100.0 + 5.0);          // high lane min(-2, 0, 0) = -2, clamped to 0

    // Double conversions: rounding of each kind, saturation, NaN, bit halves.
    const double dv[] = {2.5, -2.5, 3.5, -0.4, 1e20, -1e20, 2147483647.6, std::nan(""), 1.0 / 3.0, -7.0};
    const int dn = sizeof dv / sizeof dv[0];
    const int dwant[dn][4] = {
        {2, 2, 2, 3},
        {-2, -2, -3, -2},
        {4, 3, 3, 4},
        {0, 0, -1, 0},
        {2147483647, 2147483647, 2147483647, 2147483647},
        {-2147483647 - 1, -2147483647 - 1, -2147483647 - 1, -2147483647 - 1},
        {2147483647, 2147483647, 2147483647, 2147483647},
        {0, 0, 0, 0},
        {0, 0, 0, 1},
        {-7, -7, -7, -7},
    };
    double* ddv;
    int* ddo;
    CHECK_OK(prtMalloc(&ddv, sizeof dv));
    CHECK_OK(prtMalloc(&ddo, dn * 8 * sizeof(int)));
    CHECK_OK(prtMemcpy(ddv, dv, sizeof dv, prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(conversions, dim3(1), dim3(dn), 0, 0, ddv, ddo));
    std::vector<int> dout(dn * 8);
    CHECK_OK(prtMemcpy(dout.data(), ddo, dout.size() * sizeof(int), prtMemcpyDeviceToHost));
    for (int i = 0; i < dn; ++i) {
        uint64_t bits;
        std::memcpy(&bits, &dv[i], 8);
        for (int k = 0; k < 4; ++k) {
            if (dout[i * 8 + k] != dwant[i][k]) std::printf("conversion %d of %g: %d\n", k, dv[i], dout[i * 8 + k]);
            CHECK(dout[i * 8 + k] == dwant[i][k]);
        }
        CHECK(dout[i * 8 + 4] == int(uint32_t(bits >> 32)));
        CHECK(dout[i * 8 + 5] == int(uint32_t(bits)));
        CHECK(dout[i * 8 + 6] == 1 || std::isnan(dv[i]));
        CHECK(dout[i * 8 + 7] == 1000 || std::isnan(dv[i]));
    }

    // 16-bit floats.
    float* dhf;
    unsigned* dhu;
    CHECK_OK(prtMalloc(&dhf, 16 * sizeof(float)));
    CHECK_OK(prtMalloc(&dhu, 2 * sizeof(unsigned)));
    CHECK_OK(prtLaunchKernel(halves, dim3(1), dim3(1), 0, 0, dhf, dhu));
    float hf[16];
    unsigned hu[2];
    CHECK_OK(prtMemcpy(hf, dhf, sizeof hf, prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(hu, dhu, sizeof hu, prtMemcpyDeviceToHost));
    CHECK(hf[0] == 1.0f);
    CHECK(hu[0] == 0x4000u);
    CHECK(hu[1] == 0x3f80u);
    CHECK(hf[1] == 3.0f);
    CHECK(hf[2] == 1.5f && hf[3] == -2.0f);
    CHECK(hf[4] == 1.5f);
    CHECK(near(hf[5], 2.718281828, 1e-3));
    CHECK(near(hf[6], 1.386294361, 1e-3));
    CHECK(hf[7] == 0.125f);
    CHECK(hf[8] == -2.0f);
    CHECK(near(hf[9], 7.389056099, 1e-2));
    CHECK(hf[10] == 1.0f);
    CHECK(hf[11] == 3.0f);
    CHECK(hf[12] == 1.0f + 0.0f + 0.0f);  // 2 > 1, -4 > -3 is false, so not both >=
    CHECK(hf[13] == 2.0f - 4.0f + 4.0f);
    CHECK(hf[14] == 4.0f - 0.5f);
    CHECK(hf[15] == hf[14] + hf[13]);

    // Constants: compute mode, assert status, host allocation flags.
    int mode = -1;
    CHECK_OK(prtDeviceGetAttribute(&mode, prtDevAttrComputeMode, 0));
    CHECK(mode == prtComputeModeDefault || mode == prtComputeModeExclusiveProcess);
    CHECK(int(prtComputeModeDefault) == 0 && int(prtComputeModeExclusive) == 1);
    CHECK(int(prtComputeModeProhibited) == 2 && int(prtComputeModeExclusiveProcess) == 3);
    CHECK(int(prtErrorAssert) == 710);
    void* pinned = nullptr;
    CHECK_OK(prtHostAlloc(&pinned, 64, prtHostAllocPortable | prtHostAllocMapped | prtHostAllocWriteCombined));
    CHECK_OK(prtFreeHost(pinned));
    CHECK(prtHostAllocDefault == 0u);
    return finish();
}
