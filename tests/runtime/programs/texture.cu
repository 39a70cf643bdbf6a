// Texture fetches and surface accesses inside kernels: linear memory, pitched 2-D memory and arrays (1-D, 2-D, 3-D,
// layered and cubemap), point and linear filtering, the four address modes, normalised coordinates and the
// normalised-float read mode, and surface writes and reads with the boundary modes. Every expected value below is
// worked out by hand from CUDA's programming guide (its "Texture Fetching" appendix), and coordinates stay off
// texel boundaries, where the guide leaves the result to the hardware's rounding.
#include <cstring>

#include "check.h"

constexpr int kOut = 32;

static void expect(const float* got, int i, float want, float tol = 1e-5f) {
    if (std::fabs(got[i] - want) > tol) {
        std::printf("FAIL texture case %d: got %.7g, expected %.7g\n", i, got[i], want);
        ++g_failures;
    }
}

static prtTextureDesc sampler(prtTextureFilterMode filter, prtTextureAddressMode mode, bool normalized,
                              prtTextureReadMode read = prtReadModeElementType) {
    prtTextureDesc d;
    std::memset(&d, 0, sizeof d);
    d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = mode;
    d.filterMode = filter;
    d.readMode = read;
    d.normalizedCoords = normalized;
    return d;
}

static prtTextureObject_t texture_over(prtArray_t a, const prtTextureDesc& d) {
    prtResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = prtResourceTypeArray;
    r.res.array.array = a;
    prtTextureObject_t t = 0;
    CHECK_OK(prtCreateTextureObject(&t, &r, &d, nullptr));
    return t;
}

// Copies a host volume of w x h x d elements of `bytes` each into an array.
static void fill(prtArray_t a, const void* host, size_t bytes, size_t w, size_t h, size_t d) {
    prtMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_prtPitchedPtr(const_cast<void*>(host), w * bytes, w, h);
    p.dstArray = a;
    p.extent = make_prtExtent(w, h, d);
    p.kind = prtMemcpyHostToDevice;
    CHECK_OK(prtMemcpy3D(&p));
}

__global__ void fetch_1d(float* out, prtTextureObject_t linear, prtTextureObject_t lerp, prtTextureObject_t wrap,
                         prtTextureObject_t mirror, prtTextureObject_t border, prtTextureObject_t unorm,
                         prtTextureObject_t snorm) {
    out[0] = tex1Dfetch<float>(linear, 2);
    out[1] = tex1Dfetch<float>(linear, 7);  // outside the buffer
    out[2] = tex1D<float>(lerp, 1.0f);
    out[3] = tex1D<float>(lerp, 2.5f);
    out[4] = tex1D<float>(lerp, -3.0f);
    out[5] = tex1D<float>(lerp, 10.0f);
    out[6] = tex1D<float>(lerp, 1.3f);  // weight 0.8, held in 8 fractional bits
    out[7] = tex1D<float>(wrap, 1.3f);
    out[8] = tex1D<float>(mirror, 1.3f);
    out[9] = tex1D<float>(border, 5.5f);
    out[10] = tex1D<float>(border, 3.5f);
    out[11] = tex1D<float>(unorm, 2.5f);
    out[12] = tex1D<float>(unorm, 1.5f);
    out[13] = tex1D<float>(snorm, 0.5f);
    out[14] = tex1D<float>(snorm, 2.5f);
    float r = 0;
    tex1D(&r, lerp, 3.5f);
    out[15] = r;
}

__global__ void fetch_nd(float* out, prtTextureObject_t pitched, prtTextureObject_t volume, prtTextureObject_t layered,
                         prtTextureObject_t cube) {
    out[0] = tex2D<float>(pitched, 1.0f, 1.0f);
    out[1] = tex2D<float>(pitched, 2.5f, 0.5f);
    out[2] = tex3D<float>(volume, 1.0f, 1.0f, 1.0f);
    out[3] = tex2DLayered<float>(layered, 0.5f, 1.5f, 2);
    out[4] = texCubemap<float>(cube, 1.0f, -0.2f, -0.3f);
    out[5] = texCubemap<float>(cube, -0.4f, 0.1f, -1.0f);
    out[6] = texCubemap<float>(cube, 0.3f, 1.0f, 0.6f);
    float4 v = tex2D<float4>(pitched, 0.5f, 0.5f);  // a one-channel texture: y, z and w read zero
    out[7] = v.x + v.y + v.z + v.w;
}

__global__ void surface_write(prtSurfaceObject_t s, int w, int h) {
    int x = threadIdx.x, y = threadIdx.y;
    if (x < w && y < h) surf2Dwrite(x + 10 * y, s, x * int(sizeof(int)), y);
    if (x == 0 && y == 0) surf2Dwrite(99, s, 4 * w, 0, prtBoundaryModeZero);  // outside: dropped
}

__global__ void surface_read(int* out, prtSurfaceObject_t s) {
    out[0] = surf2Dread<int>(s, 4 * 2, 1);
    out[1] = surf2Dread<int>(s, 4 * 5, 0, prtBoundaryModeZero);
    out[2] = surf2Dread<int>(s, 4 * 9, 1, prtBoundaryModeClamp);
    out[3] = surf2Dread<int>(s, -4, 0, prtBoundaryModeClamp);
    surf2Dread(&out[4], s, 4 * 3, 0);
}

static void one_dimensional() {
    const float values[4] = {0, 10, 20, 30};
    float* lin;
    CHECK_OK(prtMalloc(&lin, sizeof values));
    CHECK_OK(prtMemcpy(lin, values, sizeof values, prtMemcpyHostToDevice));
    prtResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = prtResourceTypeLinear;
    r.res.linear.devPtr = lin;
    r.res.linear.desc = prtCreateChannelDesc<float>();
    r.res.linear.sizeInBytes = sizeof values;
    prtTextureDesc point = sampler(prtFilterModePoint, prtAddressModeClamp, false);
    prtTextureObject_t linear = 0;
    CHECK_OK(prtCreateTextureObject(&linear, &r, &point, nullptr));

    prtChannelFormatDesc f = prtCreateChannelDesc<float>();
    prtArray_t a = nullptr;
    CHECK_OK(prtMallocArray(&a, &f, 4));
    fill(a, values, sizeof(float), 4, 1, 1);
    prtTextureObject_t lerp = texture_over(a, sampler(prtFilterModeLinear, prtAddressModeClamp, false));
    prtTextureObject_t wrap = texture_over(a, sampler(prtFilterModePoint, prtAddressModeWrap, true));
    prtTextureObject_t mirror = texture_over(a, sampler(prtFilterModePoint, prtAddressModeMirror, true));
    prtTextureDesc bd = sampler(prtFilterModePoint, prtAddressModeBorder, false);
    bd.borderColor[0] = -1.0f;
    prtTextureObject_t border = texture_over(a, bd);

    const unsigned char u8[4] = {0, 51, 255, 128};
    prtChannelFormatDesc fu = prtCreateChannelDesc<unsigned char>();
    prtArray_t au = nullptr;
    CHECK_OK(prtMallocArray(&au, &fu, 4));
    fill(au, u8, 1, 4, 1, 1);
    prtTextureObject_t unorm =
        texture_over(au, sampler(prtFilterModePoint, prtAddressModeClamp, false, prtReadModeNormalizedFloat));
    const signed char s8[4] = {-128, -127, 127, 0};
    prtChannelFormatDesc fs = prtCreateChannelDesc<signed char>();
    prtArray_t as = nullptr;
    CHECK_OK(prtMallocArray(&as, &fs, 4));
    fill(as, s8, 1, 4, 1, 1);
    prtTextureObject_t snorm =
        texture_over(as, sampler(prtFilterModePoint, prtAddressModeClamp, false, prtReadModeNormalizedFloat));

    float* out;
    CHECK_OK(prtMalloc(&out, kOut * sizeof(float)));
    CHECK_OK(prtLaunchKernel(fetch_1d, dim3(1), dim3(1), 0, 0, out, linear, lerp, wrap, mirror, border, unorm,
                             snorm));
    CHECK_OK(prtDeviceSynchronize());
    float got[kOut];
    CHECK_OK(prtMemcpy(got, out, sizeof got, prtMemcpyDeviceToHost));
    expect(got, 0, 20.0f);
    expect(got, 1, 0.0f);
    expect(got, 2, 5.0f);
    expect(got, 3, 20.0f);
    expect(got, 4, 0.0f);
    expect(got, 5, 30.0f);
    expect(got, 6, 10.0f * 205.0f / 256.0f);  // round(0.8 * 256) = 205
    expect(got, 7, 10.0f);                    // 1.3 -> 0.3 of 4 texels -> texel 1
    expect(got, 8, 20.0f);                    // 1.3 mirrors to 0.7 -> texel 2
    expect(got, 9, -1.0f);
    expect(got, 10, 30.0f);
    expect(got, 11, 1.0f);
    expect(got, 12, 0.2f);
    expect(got, 13, -1.0f);
    expect(got, 14, 1.0f);
    expect(got, 15, 30.0f);
    for (prtTextureObject_t t : {linear, lerp, wrap, mirror, border, unorm, snorm}) CHECK_OK(prtDestroyTextureObject(t));
    CHECK_OK(prtFreeArray(a));
    CHECK_OK(prtFreeArray(au));
    CHECK_OK(prtFreeArray(as));
    CHECK_OK(prtFree(lin));
    CHECK_OK(prtFree(out));
}

static void more_dimensions() {
    // Pitched 2-D: 3 x 2 floats x + 10 y, rows 64 bytes apart.
    const size_t pitch = 64;
    float* img;
    CHECK_OK(prtMalloc(&img, pitch * 2));
    float rows[2][16] = {};
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x) rows[y][x] = float(x + 10 * y);
    CHECK_OK(prtMemcpy(img, rows, sizeof rows, prtMemcpyHostToDevice));
    prtResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = prtResourceTypePitch2D;
    r.res.pitch2D.devPtr = img;
    r.res.pitch2D.desc = prtCreateChannelDesc<float>();
    r.res.pitch2D.width = 3;
    r.res.pitch2D.height = 2;
    r.res.pitch2D.pitchInBytes = pitch;
    prtTextureDesc lin = sampler(prtFilterModeLinear, prtAddressModeClamp, false);
    prtTextureObject_t pitched = 0;
    CHECK_OK(prtCreateTextureObject(&pitched, &r, &lin, nullptr));

    prtChannelFormatDesc f = prtCreateChannelDesc<float>();
    float vol[8];
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 2; ++x) vol[x + 2 * y + 4 * z] = float(x + 10 * y + 100 * z);
    prtArray_t va = nullptr;
    CHECK_OK(prtMalloc3DArray(&va, &f, make_prtExtent(2, 2, 2), 0));
    fill(va, vol, sizeof(float), 2, 2, 2);
    prtTextureObject_t volume = texture_over(va, lin);

    float layers[12];
    for (int l = 0; l < 3; ++l)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 2; ++x) layers[x + 2 * y + 4 * l] = float(1000 * l + x + 10 * y);
    prtArray_t la = nullptr;
    CHECK_OK(prtMalloc3DArray(&la, &f, make_prtExtent(2, 2, 3), prtArrayLayered));
    fill(la, layers, sizeof(float), 2, 2, 3);
    prtTextureObject_t layered = texture_over(la, sampler(prtFilterModePoint, prtAddressModeClamp, false));

    float faces[24];
    for (int face = 0; face < 6; ++face)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 2; ++x) faces[x + 2 * y + 4 * face] = float(100 * face + x + 10 * y);
    prtArray_t ca = nullptr;
    CHECK_OK(prtMalloc3DArray(&ca, &f, make_prtExtent(2, 2, 6), prtArrayCubemap));
    fill(ca, faces, sizeof(float), 2, 2, 6);
    prtTextureObject_t cube = texture_over(ca, sampler(prtFilterModePoint, prtAddressModeClamp, true));

    float* out;
    CHECK_OK(prtMalloc(&out, kOut * sizeof(float)));
    CHECK_OK(prtLaunchKernel(fetch_nd, dim3(1), dim3(1), 0, 0, out, pitched, volume, layered, cube));
    CHECK_OK(prtDeviceSynchronize());
    float got[kOut];
    CHECK_OK(prtMemcpy(got, out, sizeof got, prtMemcpyDeviceToHost));
    expect(got, 0, 5.5f);     // the mean of (0,0), (1,0), (0,1), (1,1)
    expect(got, 1, 2.0f);     // texel (2, 0) itself
    expect(got, 2, 55.5f);    // the mean of the 8 texels
    expect(got, 3, 2010.0f);  // layer 2, texel (0, 1)
    expect(got, 4, 11.0f);    // face +x, (s, t) = (0.3, 0.2)
    expect(got, 5, 501.0f);   // face -z, (s, t) = (0.4, -0.1)
    expect(got, 6, 211.0f);   // face +y, (s, t) = (0.3, 0.6)
    expect(got, 7, 0.0f);
    for (prtTextureObject_t t : {pitched, volume, layered, cube}) CHECK_OK(prtDestroyTextureObject(t));
    CHECK_OK(prtFreeArray(va));
    CHECK_OK(prtFreeArray(la));
    CHECK_OK(prtFreeArray(ca));
    CHECK_OK(prtFree(img));
    CHECK_OK(prtFree(out));
}

static void surfaces() {
    const int w = 4, h = 2;
    prtChannelFormatDesc f = prtCreateChannelDesc<int>();
    prtArray_t a = nullptr;
    CHECK_OK(prtMallocArray(&a, &f, w, h, prtArraySurfaceLoadStore));
    prtResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = prtResourceTypeArray;
    r.res.array.array = a;
    prtSurfaceObject_t s = 0;
    CHECK_OK(prtCreateSurfaceObject(&s, &r));
    CHECK_OK(prtLaunchKernel(surface_write, dim3(1), dim3(w, h), 0, 0, s, w, h));
    int* out;
    CHECK_OK(prtMalloc(&out, 8 * sizeof(int)));
    CHECK_OK(prtLaunchKernel(surface_read, dim3(1), dim3(1), 0, 0, out, s));
    CHECK_OK(prtDeviceSynchronize());
    int got[8];
    CHECK_OK(prtMemcpy(got, out, sizeof got, prtMemcpyDeviceToHost));
    CHECK(got[0] == 12);
    CHECK(got[1] == 0);
    CHECK(got[2] == 13);
    CHECK(got[3] == 0);
    CHECK(got[4] == 3);
    int host[w * h];
    CHECK_OK(prtMemcpy2DFromArray(host, w * sizeof(int), a, 0, 0, w * sizeof(int), h, prtMemcpyDeviceToHost));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) CHECK(host[x + w * y] == x + 10 * y);
    CHECK_OK(prtDestroySurfaceObject(s));
    CHECK_OK(prtFreeArray(a));
    CHECK_OK(prtFree(out));
}

int main() {
    one_dimensional();
    more_dimensions();
    surfaces();
    CHECK(prtGetLastError() == prtSuccess);
    return finish();
}
