// Vector types: layout as CUDA declares it, make_* helpers, and vector loads and stores in a kernel.
#include <vector>

#include "check.h"

static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4 layout");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3 layout");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2 layout");
static_assert(sizeof(int4) == 16 && alignof(int4) == 16, "int4 layout");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2 layout");
static_assert(sizeof(uchar4) == 4 && alignof(uchar4) == 4, "uchar4 layout");
static_assert(sizeof(short2) == 4 && alignof(short2) == 4, "short2 layout");
static_assert(sizeof(longlong2) == 16 && alignof(longlong2) == 16, "longlong2 layout");

__global__ void combine(const float4* a, const int2* b, float2* out, uchar4* bytes, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 v = __ldg(&a[i]);
    int2 w = b[i];
    out[i] = make_float2(v.x * w.x + v.y, v.z * w.y - v.w);
    bytes[i] = make_uchar4((unsigned char)i, (unsigned char)(i >> 8), (unsigned char)w.x, (unsigned char)w.y);
}

int main() {
    dim3 d;
    CHECK(d.x == 1 && d.y == 1 && d.z == 1);
    dim3 e(7, 3);
    CHECK(e.x == 7 && e.y == 3 && e.z == 1);
    const int n = 1000;
    std::vector<float4> a(n);
    std::vector<int2> b(n);
    for (int i = 0; i < n; ++i) {
        a[i] = make_float4(i * 0.5f, 1.0f, -i * 0.25f, 2.0f);
        b[i] = make_int2(i % 7, i % 11);
    }
    float4* da;
    int2* db;
    float2* dout;
    uchar4* dbytes;
    CHECK_OK(prtMalloc(&da, n * sizeof(float4)));
    CHECK_OK(prtMalloc(&db, n * sizeof(int2)));
    CHECK_OK(prtMalloc(&dout, n * sizeof(float2)));
    CHECK_OK(prtMalloc(&dbytes, n * sizeof(uchar4)));
    CHECK_OK(prtMemcpy(da, a.data(), n * sizeof(float4), prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpy(db, b.data(), n * sizeof(int2), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(combine, dim3((n + 127) / 128), dim3(128), 0, 0, da, db, dout, dbytes, n));
    std::vector<float2> out(n);
    std::vector<uchar4> bytes(n);
    CHECK_OK(prtMemcpy(out.data(), dout, n * sizeof(float2), prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(bytes.data(), dbytes, n * sizeof(uchar4), prtMemcpyDeviceToHost));
    bool ok = true;
    double sum = 0;
    for (int i = 0; i < n; ++i) {
        float wx = a[i].x * b[i].x + a[i].y, wy = a[i].z * b[i].y - a[i].w;
        ok = ok && out[i].x == wx && out[i].y == wy;
        ok = ok && bytes[i].x == (unsigned char)i && bytes[i].y == (unsigned char)(i >> 8) &&
             bytes[i].z == (unsigned char)b[i].x && bytes[i].w == (unsigned char)b[i].y;
        sum += out[i].x + out[i].y;
    }
    CHECK(ok);
    value("vector_sum", sum);
    return finish();
}
