// __half and __nv_bfloat16: conversions checked against a reference that searches all 65536 encodings for the
// nearest value (ties to even), and arithmetic checked as "compute in float, round once".
#include <cstdint>
#include <cstring>
#include <vector>

#include "check.h"

__global__ void convert(const float* in, unsigned short* h, unsigned short* b, float* back_h, float* back_b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = __float2half(in[i]);
    __nv_bfloat16 y = __float2bfloat16(in[i]);
    h[i] = *reinterpret_cast<unsigned short*>(&x);
    b[i] = *reinterpret_cast<unsigned short*>(&y);
    back_h[i] = __half2float(x);
    back_b[i] = __bfloat162float(y);
}

__global__ void arith(const float* a, const float* b, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half ha = __float2half(a[i]), hb = __float2half(b[i]);
    __nv_bfloat16 ba = __float2bfloat16(a[i]), bb = __float2bfloat16(b[i]);
    out[i * 8 + 0] = __half2float(__hadd(ha, hb));
    out[i * 8 + 1] = __half2float(ha * hb);
    out[i * 8 + 2] = __half2float(__hfma(ha, hb, ha));
    out[i * 8 + 3] = __bfloat162float(__hadd(ba, bb));
    out[i * 8 + 4] = __bfloat162float(ba * bb);
    __half2 p = __floats2half2_rn(a[i], b[i]);
    __half2 q = __hmul2(p, p);
    out[i * 8 + 5] = __low2float(q) + __high2float(q);
    out[i * 8 + 6] = __hlt(ha, hb) ? 1.0f : 0.0f;
    out[i * 8 + 7] = __half2float(__hmax(ha, hb));
}

static float half_bits_to_float(unsigned h) {
    int e = (h >> 10) & 31, m = h & 1023;
    float v = e == 0 ? std::ldexp(float(m), -24) : (e == 31 ? (m ? NAN : INFINITY) : std::ldexp(float(m | 1024), e - 25));
    return (h & 0x8000) ? -v : v;
}

static float bf16_bits_to_float(unsigned b) {
    uint32_t u = uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// Nearest encoding of f among all finite encodings (ties to the even one), or infinity past the largest
// finite value plus half an ulp.
template <class Decode>
static unsigned nearest(float f, Decode decode, float max_finite, float half_ulp_at_max, unsigned inf_bits) {
    if (std::fabs(f) >= max_finite + half_ulp_at_max) return (f < 0 ? 0x8000u : 0u) | inf_bits;
    unsigned best = 0;
    double best_d = INFINITY;
    for (unsigned e = 0; e < 65536; ++e) {
        float v = decode(e);
        if (!std::isfinite(v)) continue;
        double d = std::fabs(double(v) - double(f));
        if (d < best_d || (d == best_d && (e & 1) == 0 && (best & 1) == 1)) {
            best_d = d;
            best = e;
        }
    }
    if (best_d == 0 && std::signbit(f) != std::signbit(decode(best))) best ^= 0x8000u;
    return best;
}

static unsigned ref_half(float f) { return nearest(f, half_bits_to_float, 65504.0f, 16.0f, 0x7c00u); }
static unsigned ref_bf16(float f) {
    return nearest(f, bf16_bits_to_float, 3.3895313892515355e38f, 1.0141204801825835e31f, 0x7f80u);
}

// Every thread adds to one half, one half2, one bfloat16 and one bfloat162: integers, so the sums are exact in
// any order.
__global__ void add16(__half* h, __half2* h2, __nv_bfloat16* b, __nv_bfloat162* b2) {
    atomicAdd(h, __float2half(1.0f));
    atomicAdd(h2, __floats2half2_rn(1.0f, 2.0f));
    atomicAdd(b, __float2bfloat16(1.0f));
    atomicAdd(b2, __floats2bfloat162_rn(1.0f, 2.0f));
}

int main() {
    {
        __half* h;
        __half2* h2;
        __nv_bfloat16* b;
        __nv_bfloat162* b2;
        CHECK_OK(prtMalloc(&h, sizeof(__half)));
        CHECK_OK(prtMalloc(&h2, sizeof(__half2)));
        CHECK_OK(prtMalloc(&b, sizeof(__nv_bfloat16)));
        CHECK_OK(prtMalloc(&b2, sizeof(__nv_bfloat162)));
        CHECK_OK(prtMemset(h, 0, sizeof(__half)));
        CHECK_OK(prtMemset(h2, 0, sizeof(__half2)));
        CHECK_OK(prtMemset(b, 0, sizeof(__nv_bfloat16)));
        CHECK_OK(prtMemset(b2, 0, sizeof(__nv_bfloat162)));
        CHECK_OK(prtLaunchKernel(add16, dim3(4), dim3(64), 0, 0, h, h2, b, b2));
        __half hh;
        __half2 hh2;
        __nv_bfloat16 hb;
        __nv_bfloat162 hb2;
        CHECK_OK(prtMemcpy(&hh, h, sizeof hh, prtMemcpyDeviceToHost));
        CHECK_OK(prtMemcpy(&hh2, h2, sizeof hh2, prtMemcpyDeviceToHost));
        CHECK_OK(prtMemcpy(&hb, b, sizeof hb, prtMemcpyDeviceToHost));
        CHECK_OK(prtMemcpy(&hb2, b2, sizeof hb2, prtMemcpyDeviceToHost));
        CHECK(__half2float(hh) == 256.0f);
        CHECK(__low2float(hh2) == 256.0f && __high2float(hh2) == 512.0f);
        CHECK(__bfloat162float(hb) == 256.0f);
        CHECK(__low2float(hb2) == 256.0f && __high2float(hb2) == 512.0f);
        for (void* p : {(void*)h, (void*)h2, (void*)b, (void*)b2}) CHECK_OK(prtFree(p));
    }
    std::vector<float> in;
    for (int i = -300; i <= 300; ++i) in.push_back(i * 0.37f + 0.001f * i * i);
    const float special[] = {0.0f, -0.0f, 1e-8f, 5.96e-8f, 2.98e-8f, 6.1e-5f, 65504.0f, 65519.0f, 65520.0f, 1e6f,
                             -1e6f, 1.0009765625f, 1.00048828125f, 1.00146484375f, 3.0e38f, 1e-40f};
    for (float f : special) in.push_back(f);
    int n = int(in.size());
    float *din, *dbh, *dbb;
    unsigned short *dh, *db;
    CHECK_OK(prtMalloc(&din, n * sizeof(float)));
    CHECK_OK(prtMalloc(&dbh, n * sizeof(float)));
    CHECK_OK(prtMalloc(&dbb, n * sizeof(float)));
    CHECK_OK(prtMalloc(&dh, n * sizeof(unsigned short)));
    CHECK_OK(prtMalloc(&db, n * sizeof(unsigned short)));
    CHECK_OK(prtMemcpy(din, in.data(), n * sizeof(float), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(convert, dim3((n + 127) / 128), dim3(128), 0, 0, din, dh, db, dbh, dbb, n));
    std::vector<unsigned short> h(n), b(n);
    std::vector<float> bh(n), bb(n);
    CHECK_OK(prtMemcpy(h.data(), dh, n * sizeof(unsigned short), prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(b.data(), db, n * sizeof(unsigned short), prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(bh.data(), dbh, n * sizeof(float), prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(bb.data(), dbb, n * sizeof(float), prtMemcpyDeviceToHost));
    int bad_h = 0, bad_b = 0;
    for (int i = 0; i < n; ++i) {
        unsigned rh = ref_half(in[i]), rb = ref_bf16(in[i]);
        if (h[i] != rh || bh[i] != half_bits_to_float(rh)) {
            if (bad_h++ < 5) std::printf("half(%.9g): got %04x want %04x\n", in[i], h[i], rh);
        }
        if (b[i] != rb || bb[i] != bf16_bits_to_float(rb)) {
            if (bad_b++ < 5) std::printf("bf16(%.9g): got %04x want %04x\n", in[i], b[i], rb);
        }
    }
    CHECK(bad_h == 0);
    CHECK(bad_b == 0);

    const int m = 500;
    std::vector<float> a(m), c(m);
    for (int i = 0; i < m; ++i) {
        a[i] = -8.0f + 16.0f * i / m;
        c[i] = 0.75f + (i % 17) * 0.3f;
    }
    float *da, *dc, *dout;
    CHECK_OK(prtMalloc(&da, m * sizeof(float)));
    CHECK_OK(prtMalloc(&dc, m * sizeof(float)));
    CHECK_OK(prtMalloc(&dout, m * 8 * sizeof(float)));
    CHECK_OK(prtMemcpy(da, a.data(), m * sizeof(float), prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpy(dc, c.data(), m * sizeof(float), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(arith, dim3((m + 63) / 64), dim3(64), 0, 0, da, dc, dout, m));
    std::vector<float> out(m * 8);
    CHECK_OK(prtMemcpy(out.data(), dout, out.size() * sizeof(float), prtMemcpyDeviceToHost));
    int bad_arith = 0;
    for (int i = 0; i < m; ++i) {
        float ha = half_bits_to_float(ref_half(a[i])), hb = half_bits_to_float(ref_half(c[i]));
        float ba = bf16_bits_to_float(ref_bf16(a[i])), bb2 = bf16_bits_to_float(ref_bf16(c[i]));
        auto rh = [](float f) { return half_bits_to_float(ref_half(f)); };
        auto rb = [](float f) { return bf16_bits_to_float(ref_bf16(f)); };
        float want[8] = {rh(ha + hb), rh(ha * hb), rh(float(double(ha) * hb + ha)), rb(ba + bb2), rb(ba * bb2),
                         rh(ha * ha) + rh(hb * hb), ha < hb ? 1.0f : 0.0f, ha > hb ? ha : hb};
        for (int k = 0; k < 8; ++k)
            if (out[i * 8 + k] != want[k]) {
                if (bad_arith++ < 5) std::printf("arith %d at %d: got %.9g want %.9g\n", k, i, out[i * 8 + k], want[k]);
            }
    }
    CHECK(bad_arith == 0);
    double checksum = 0;
    for (float v : out) checksum += v;
    value("half_checksum", checksum);
    return finish();
}
