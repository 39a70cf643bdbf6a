// Compile-only: every 16-bit float name listed in rules/maps/portable/cuda-device.toml, on every backend.
#include <prt/prt.h>
__global__ void k(float* o) {
    __half a = __float2half(1.5f), b = __float2half_rn(2.0f), c = __int2half_rn(3);
    __half2 p = __floats2half2_rn(1.f, 2.f), q = __float2half2_rn(1.f), r = __halves2half2(a, b), s2 = __float22half2_rn(make_float2(1.f, 2.f));
    __nv_bfloat16 x = __float2bfloat16(1.f), y = __float2bfloat16_rn(2.f);
    __nv_bfloat162 bp = __floats2bfloat162_rn(1.f, 2.f), bq = __float2bfloat162_rn(3.f);
    float2 f2 = __half22float2(p), g2 = __bfloat1622float2(bp);
    float acc = __half2float(a) + __bfloat162float(x) + f2.x + g2.y + __half2int_rz(c) + __low2float(p) + __high2float(q) + __low2float(bp) + __high2float(bq);
    acc += __half2float(__hadd(a, b)) + __half2float(__hsub(a, b)) + __half2float(__hmul(a, b)) + __half2float(__hdiv(a, b));
    acc += __half2float(__hneg(a)) + __half2float(__habs(a)) + __half2float(__hfma(a, b, c)) + __half2float(__hmax(a, b)) + __half2float(__hmin(a, b)) + __half2float(hsqrt(b));
    acc += __heq(a, b) + __hne(a, b) + __hlt(a, b) + __hle(a, b) + __hgt(a, b) + __hge(a, b);
    acc += __low2float(__hadd2(p, q)) + __low2float(__hsub2(p, q)) + __low2float(__hmul2(p, r)) + __low2float(__hfma2(p, q, s2));
    acc += __half2float(__low2half(p)) + __half2float(__high2half(p));
    acc += __bfloat162float(__hadd(x, y)) + __bfloat162float(__hmul(x, y)) + __bfloat162float(__hfma(x, y, x)) + __bfloat162float(__hmax(x, y)) + __bfloat162float(hsqrt(y));
    acc += __bfloat162float(x + y) + __bfloat162float(x * y) + (x < y) + __half2float(a + b) + __half2float(a * b) + (a < b);
    acc += __low2float(__hadd2(bp, bq)) + __low2float(__hmul2(bp, bq));
    *o = acc;
}
int main() {}
