// Atomics: every operation and type CUDA defines, hammered from many threads of many blocks; results checked
// against the same operations applied in sequence on the host.
#include <vector>

#include "check.h"

struct Cells {
    int add_i, sub_i, min_i, max_i, and_i, or_i, xor_i, cas_i;
    unsigned add_u, sub_u, inc_u, dec_u, min_u, max_u, and_u, or_u, xor_u, cas_u;
    unsigned long long add_ull, min_ull, max_ull, and_ull, or_ull, xor_ull, cas_ull, exch_ull;
    long long min_ll, max_ll;
    float add_f, exch_f;
    double add_d;
    int exch_i;
    unsigned exch_u;
};

__device__ inline int value_of(int i) { return (i * 7919) % 1000 - 500; }

__global__ void hammer(Cells* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = value_of(i);
    unsigned u = unsigned(i);
    atomicAdd(&c->add_i, v);
    atomicSub(&c->sub_i, v);
    atomicMin(&c->min_i, v);
    atomicMax(&c->max_i, v);
    atomicAnd(&c->and_i, ~(1 << (i % 31)));
    atomicOr(&c->or_i, 1 << (i % 29));
    atomicXor(&c->xor_i, v);
    atomicAdd(&c->add_u, u);
    atomicSub(&c->sub_u, u);
    atomicInc(&c->inc_u, 9u);
    atomicDec(&c->dec_u, 6u);
    atomicMin(&c->min_u, u + 5);
    atomicMax(&c->max_u, u * 3);
    atomicAnd(&c->and_u, ~(1u << (i % 32)));
    atomicOr(&c->or_u, 1u << (i % 30));
    atomicXor(&c->xor_u, u * 2654435761u);
    atomicAdd(&c->add_ull, (unsigned long long)u << 20);
    atomicMin(&c->min_ull, (unsigned long long)(u + 100) << 33);
    atomicMax(&c->max_ull, (unsigned long long)u << 33);
    atomicAnd(&c->and_ull, ~(1ull << (i % 64)));
    atomicOr(&c->or_ull, 1ull << (i % 61));
    atomicXor(&c->xor_ull, (unsigned long long)u * 0x9E3779B97F4A7C15ull);
    atomicMin(&c->min_ll, (long long)v * 100000000000ll);
    atomicMax(&c->max_ll, (long long)v * 100000000000ll);
    atomicAdd(&c->add_f, float(i % 64));
    atomicAdd(&c->add_d, 0.5 * v);
    atomicExch(&c->exch_i, i);
    atomicExch(&c->exch_u, u);
    atomicExch(&c->exch_f, float(i));
    atomicExch(&c->exch_ull, (unsigned long long)i);
    // Increment through compare-and-swap loops.
    int old_i = atomicAdd(&c->cas_i, 0), seen_i;
    while ((seen_i = atomicCAS(&c->cas_i, old_i, old_i + 1)) != old_i) old_i = seen_i;
    unsigned old_u = atomicAdd(&c->cas_u, 0u), seen_u;
    while ((seen_u = atomicCAS(&c->cas_u, old_u, old_u + 2)) != old_u) old_u = seen_u;
    unsigned long long old_l = atomicAdd(&c->cas_ull, 0ull), seen_l;
    while ((seen_l = atomicCAS(&c->cas_ull, old_l, old_l + 3)) != old_l) old_l = seen_l;
}

int host_value_of(int i) { return (i * 7919) % 1000 - 500; }

int main() {
    const int n = 20000;
    Cells init{};
    init.min_i = 1 << 30;
    init.max_i = -(1 << 30);
    init.and_i = -1;
    init.min_u = ~0u;
    init.and_u = ~0u;
    init.min_ull = ~0ull;
    init.and_ull = ~0ull;
    init.min_ll = 1ll << 62;
    init.max_ll = -(1ll << 62);
    init.dec_u = 3;
    Cells want = init;
    for (int i = 0; i < n; ++i) {
        int v = host_value_of(i);
        unsigned u = unsigned(i);
        want.add_i += v;
        want.sub_i -= v;
        want.min_i = std::min(want.min_i, v);
        want.max_i = std::max(want.max_i, v);
        want.and_i &= ~(1 << (i % 31));
        want.or_i |= 1 << (i % 29);
        want.xor_i ^= v;
        want.add_u += u;
        want.sub_u -= u;
        want.inc_u = want.inc_u >= 9u ? 0u : want.inc_u + 1;
        want.dec_u = (want.dec_u == 0 || want.dec_u > 6u) ? 6u : want.dec_u - 1;
        want.min_u = std::min(want.min_u, u + 5);
        want.max_u = std::max(want.max_u, u * 3);
        want.and_u &= ~(1u << (i % 32));
        want.or_u |= 1u << (i % 30);
        want.xor_u ^= u * 2654435761u;
        want.add_ull += (unsigned long long)u << 20;
        want.min_ull = std::min(want.min_ull, (unsigned long long)(u + 100) << 33);
        want.max_ull = std::max(want.max_ull, (unsigned long long)u << 33);
        want.and_ull &= ~(1ull << (i % 64));
        want.or_ull |= 1ull << (i % 61);
        want.xor_ull ^= (unsigned long long)u * 0x9E3779B97F4A7C15ull;
        want.min_ll = std::min(want.min_ll, (long long)v * 100000000000ll);
        want.max_ll = std::max(want.max_ll, (long long)v * 100000000000ll);
        want.add_f += float(i % 64);
        want.add_d += 0.5 * v;
        want.cas_i += 1;
        want.cas_u += 2;
        want.cas_ull += 3;
    }
    Cells* d;
    CHECK_OK(prtMalloc(&d, sizeof(Cells)));
    CHECK_OK(prtMemcpy(d, &init, sizeof(Cells), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(hammer, dim3((n + 127) / 128), dim3(128), 0, 0, d, n));
    Cells got;
    CHECK_OK(prtMemcpy(&got, d, sizeof(Cells), prtMemcpyDeviceToHost));
    CHECK(got.add_i == want.add_i);
    CHECK(got.sub_i == want.sub_i);
    CHECK(got.min_i == want.min_i);
    CHECK(got.max_i == want.max_i);
    CHECK(got.and_i == want.and_i);
    CHECK(got.or_i == want.or_i);
    CHECK(got.xor_i == want.xor_i);
    CHECK(got.add_u == want.add_u);
    CHECK(got.sub_u == want.sub_u);
    CHECK(got.inc_u == want.inc_u);  // n increments wrapping at 9: n % 10
    CHECK(got.dec_u == want.dec_u);
    CHECK(got.min_u == want.min_u);
    CHECK(got.max_u == want.max_u);
    CHECK(got.and_u == want.and_u);
    CHECK(got.or_u == want.or_u);
    CHECK(got.xor_u == want.xor_u);
    CHECK(got.add_ull == want.add_ull);
    CHECK(got.min_ull == want.min_ull);
    CHECK(got.max_ull == want.max_ull);
    CHECK(got.and_ull == want.and_ull);
    CHECK(got.or_ull == want.or_ull);
    CHECK(got.xor_ull == want.xor_ull);
    CHECK(got.min_ll == want.min_ll);
    CHECK(got.max_ll == want.max_ll);
    CHECK(got.add_f == want.add_f);  // integers below 2^24: exact in any order
    CHECK(got.add_d == want.add_d);  // multiples of 0.5 below 2^52: exact in any order
    CHECK(got.cas_i == want.cas_i);
    CHECK(got.cas_u == want.cas_u);
    CHECK(got.cas_ull == want.cas_ull);
    CHECK(got.exch_i >= 0 && got.exch_i < n);
    CHECK(got.exch_u < unsigned(n));
    CHECK(got.exch_f >= 0 && got.exch_f < n && got.exch_f == float(int(got.exch_f)));
    CHECK(got.exch_ull < (unsigned long long)n);
    value("atomic_add_f", got.add_f);
    value("atomic_add_d", got.add_d);
    value("atomic_inc_u", got.inc_u);
    return finish();
}
