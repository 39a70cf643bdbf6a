// prt/cpu/texture_fetch.h: the kernel language's texture fetches and surface reads and writes on the CPU backend,
// in software, as CUDA's programming guide defines them (its "Texture Fetching" appendix):
// - tex1Dfetch reads linear memory by element index, with no filtering (outside the buffer it reads zero);
// - tex1D, tex2D, tex3D, tex1DLayered, tex2DLayered, texCubemap and texCubemapLayered sample arrays, pitched 2-D
//   memory and (level 0 of) mipmapped arrays, each in the `T f<T>(obj, ...)` and `void f(T*, obj, ...)` forms;
// - coordinates are texel units, or [0, 1) with normalizedCoords; the address modes clamp, border (the border
//   colour), wrap and mirror (those two only with normalised coordinates, as on a GPU; clamp otherwise) apply per
//   texel index;
// - point filtering reads the texel at floor(x); linear filtering blends the 2, 4 or 8 texels around x - 0.5 with
//   weights of 8 fractional bits, as the GPU's filtering hardware stores them;
// - cudaReadModeNormalizedFloat reads 8- and 16-bit integer channels as floats in [0, 1] (unsigned) or [-1, 1];
// - cubemap directions pick a face and its coordinates by the guide's table;
// - surf1D/2D/3D and their layered and cubemap forms read and write at a byte offset in x, with the boundary
//   modes zero, clamp and trap (a trap prints the access and aborts the program, as a GPU stops the kernel).
// The Lod and Grad forms sample level 0 (the CPU backend makes no mipmap levels of its own).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>

#include "prt/cpu/array.h"
#include "prt/cpu/half.h"
#include "prt/cpu/texture_objects.h"


namespace prt::cpu::texture {

// The texels a texture or surface reads: where they start, their format, extents and pitches.
struct Image {
    const char* base = nullptr;
    prtChannelFormatDesc desc{};
    size_t elem = 0;              // bytes per texel
    long long n[3] = {1, 1, 1};   // width, height, depth (layers and cube faces count in the depth)
    size_t pitch = 0, slice = 0;  // bytes per row and per 2-D slice
};

inline Image image_of(const prtResourceDesc& r) {
    Image im;
    const Array* a = nullptr;
    switch (r.resType) {
        case prtResourceTypeArray: a = r.res.array.array; break;
        case prtResourceTypeMipmappedArray:
            a = r.res.mipmap.mipmap && !r.res.mipmap.mipmap->levels.empty() ? r.res.mipmap.mipmap->levels[0] : nullptr;
            break;
        case prtResourceTypeLinear:
            im.base = static_cast<const char*>(r.res.linear.devPtr);
            im.desc = r.res.linear.desc;
            im.elem = element_bytes(im.desc);
            im.n[0] = im.elem ? (long long)(r.res.linear.sizeInBytes / im.elem) : 0;
            im.pitch = im.slice = r.res.linear.sizeInBytes;
            return im;
        case prtResourceTypePitch2D:
            im.base = static_cast<const char*>(r.res.pitch2D.devPtr);
            im.desc = r.res.pitch2D.desc;
            im.elem = element_bytes(im.desc);
            im.n[0] = (long long)r.res.pitch2D.width;
            im.n[1] = (long long)r.res.pitch2D.height;
            im.pitch = r.res.pitch2D.pitchInBytes;
            im.slice = im.pitch * r.res.pitch2D.height;
            return im;
    }
    if (a) {
        im.base = a->data;
        im.desc = a->desc;
        im.elem = a->elem;
        im.n[0] = (long long)a->extent.width;
        im.n[1] = (long long)a->extent.height;
        im.n[2] = (long long)a->extent.depth;
        im.pitch = a->row();
        im.slice = a->slice();
    }
    return im;
}

// One channel of a texel as a number: its value as stored, or normalised when `normalized` (8- and 16-bit
// integers only, as CUDA's normalised read mode).
inline double channel(const char* texel, const prtChannelFormatDesc& d, int c, bool normalized) {
    const int bits[4] = {d.x, d.y, d.z, d.w};
    int offset = 0;
    for (int i = 0; i < c; ++i) offset += bits[i] / 8;
    const char* p = texel + offset;
    const int b = bits[c];
    if (d.f == prtChannelFormatKindFloat) {
        if (b == 32) {
            float v;
            std::memcpy(&v, p, 4);
            return v;
        }
        if (b == 16) {
            __half h;
            std::memcpy(&h, p, 2);
            return __half2float(h);
        }
        return 0.0;
    }
    const bool is_signed = d.f == prtChannelFormatKindSigned;
    long long v = 0;
    switch (b) {
        case 8: v = is_signed ? (long long)*reinterpret_cast<const int8_t*>(p) : (long long)*(const uint8_t*)p; break;
        case 16: {
            uint16_t u;
            std::memcpy(&u, p, 2);
            v = is_signed ? (long long)int16_t(u) : (long long)u;
            break;
        }
        case 32: {
            uint32_t u;
            std::memcpy(&u, p, 4);
            v = is_signed ? (long long)int32_t(u) : (long long)u;
            break;
        }
        default: return 0.0;
    }
    if (normalized && (b == 8 || b == 16)) {
        if (!is_signed) return double(v) / double((1ll << b) - 1);
        const double s = double(v) / double((1ll << (b - 1)) - 1);
        return s < -1.0 ? -1.0 : s;
    }
    return double(v);
}

struct Texel {
    double v[4] = {0, 0, 0, 0};
};

inline Texel texel_at(const Image& im, long long i, long long j, long long k, bool normalized) {
    Texel t;
    const char* p = im.base + size_t(k) * im.slice + size_t(j) * im.pitch + size_t(i) * im.elem;
    const int bits[4] = {im.desc.x, im.desc.y, im.desc.z, im.desc.w};
    for (int c = 0; c < 4; ++c)
        if (bits[c]) t.v[c] = channel(p, im.desc, c, normalized);
    return t;
}

// Resolves index i of an axis of n texels by the address mode; false when the texel is outside and the mode
// reads the border colour.
inline bool address(long long& i, long long n, prtTextureAddressMode mode, bool normalized_coords) {
    if (!normalized_coords && (mode == prtAddressModeWrap || mode == prtAddressModeMirror)) mode = prtAddressModeClamp;
    switch (mode) {
        case prtAddressModeWrap:
            i %= n;
            if (i < 0) i += n;
            return true;
        case prtAddressModeMirror: {
            long long m = i % (2 * n);
            if (m < 0) m += 2 * n;
            i = m < n ? m : 2 * n - 1 - m;
            return true;
        }
        case prtAddressModeBorder: return i >= 0 && i < n;
        default: i = i < 0 ? 0 : (i >= n ? n - 1 : i); return true;
    }
}

// What a sample reads: `dims` filtered axes of the image, then a fixed slice (a layer, a cube face).
struct Sample {
    const TextureObject* obj;
    Image im;
    int dims;
    long long slice;  // depth index of the layer or face; the image's depth is not filtered then
};

inline Texel fetch(const Sample& s, const long long (&idx)[3]) {
    const prtTextureDesc& d = s.obj->tex;
    const bool normalized = d.readMode == prtReadModeNormalizedFloat;
    long long at[3] = {0, 0, s.slice};
    for (int a = 0; a < s.dims; ++a) {
        at[a] = idx[a];
        if (!address(at[a], s.im.n[a], d.addressMode[a], d.normalizedCoords != 0)) {
            Texel border;
            for (int c = 0; c < 4; ++c) border.v[c] = d.borderColor[c];
            return border;
        }
    }
    return texel_at(s.im, at[0], at[1], at[2], normalized);
}

inline Texel sample(const Sample& s, const float (&coord)[3]) {
    const prtTextureDesc& d = s.obj->tex;
    float x[3];
    for (int a = 0; a < s.dims; ++a) x[a] = d.normalizedCoords ? coord[a] * float(s.im.n[a]) : coord[a];
    long long idx[3] = {0, 0, 0};
    if (d.filterMode != prtFilterModeLinear) {
        for (int a = 0; a < s.dims; ++a) idx[a] = (long long)std::floor(x[a]);
        return fetch(s, idx);
    }
    long long lo[3] = {0, 0, 0};
    float w[3] = {0, 0, 0};
    for (int a = 0; a < s.dims; ++a) {
        const float b = x[a] - 0.5f;
        const float f = std::floor(b);
        lo[a] = (long long)f;
        w[a] = std::nearbyint((b - f) * 256.0f) / 256.0f;  // 8 fractional bits
    }
    float acc[4] = {0, 0, 0, 0};
    for (int corner = 0; corner < (1 << s.dims); ++corner) {
        float weight = 1.0f;
        for (int a = 0; a < s.dims; ++a) {
            const bool up = (corner >> a) & 1;
            idx[a] = lo[a] + up;
            weight *= up ? w[a] : 1.0f - w[a];
        }
        const Texel t = fetch(s, idx);
        for (int c = 0; c < 4; ++c) acc[c] += weight * float(t.v[c]);
    }
    Texel r;
    for (int c = 0; c < 4; ++c) r.v[c] = acc[c];
    return r;
}

// The result types: scalars, and CUDA's vector types (their channels x, y, z, w).
template <class T, class = void>
struct has_x : std::false_type {};
template <class T>
struct has_x<T, std::void_t<decltype(std::declval<T&>().x)>> : std::true_type {};
template <class T, class = void>
struct has_y : std::false_type {};
template <class T>
struct has_y<T, std::void_t<decltype(std::declval<T&>().y)>> : std::true_type {};
template <class T, class = void>
struct has_z : std::false_type {};
template <class T>
struct has_z<T, std::void_t<decltype(std::declval<T&>().z)>> : std::true_type {};
template <class T, class = void>
struct has_w : std::false_type {};
template <class T>
struct has_w<T, std::void_t<decltype(std::declval<T&>().w)>> : std::true_type {};

template <class T>
inline T result(const Texel& t) {
    if constexpr (!has_x<T>::value) {
        return static_cast<T>(t.v[0]);
    } else {
        T r{};
        using E = std::remove_reference_t<decltype(r.x)>;
        r.x = static_cast<E>(t.v[0]);
        if constexpr (has_y<T>::value) r.y = static_cast<E>(t.v[1]);
        if constexpr (has_z<T>::value) r.z = static_cast<E>(t.v[2]);
        if constexpr (has_w<T>::value) r.w = static_cast<E>(t.v[3]);
        return r;
    }
}

inline const TextureObject& texture_object(unsigned long long handle) {
    const TextureObject* t = object(handle, false);
    if (!t) {
        std::fprintf(stderr, "prt: a texture fetch was given %#llx, which is no texture object\n", handle);
        std::abort();
    }
    return *t;
}

template <class T>
inline T sampled(unsigned long long handle, int dims, long long slice, float x, float y = 0, float z = 0) {
    const TextureObject& t = texture_object(handle);
    const Sample s{&t, image_of(t.res), dims, slice};
    return result<T>(sample(s, {x, y, z}));
}

// The face of a cube a direction points at, and its normalised coordinates on that face (the guide's table).
inline long long cube_face(float x, float y, float z, float* u, float* v) {
    const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
    long long face;
    float m, s, t;
    if (ax >= ay && ax >= az) {
        m = ax;
        face = x >= 0 ? 0 : 1;
        s = x >= 0 ? -z : z;
        t = -y;
    } else if (ay >= az) {
        m = ay;
        face = y >= 0 ? 2 : 3;
        s = x;
        t = y >= 0 ? z : -z;
    } else {
        m = az;
        face = z >= 0 ? 4 : 5;
        s = z >= 0 ? x : -x;
        t = -y;
    }
    *u = (s / m + 1.0f) / 2.0f;
    *v = (t / m + 1.0f) / 2.0f;
    return face;
}

// A surface access: the byte address of (x bytes, y, z) under the boundary mode, or null (read zero, drop the
// write) when it is outside under prtBoundaryModeZero.
inline char* surface_at(unsigned long long handle, int dims, long long x, long long y, long long z, size_t bytes,
                        prtSurfaceBoundaryMode mode, const char* what) {
    const TextureObject* t = object(handle, true);
    if (!t) {
        std::fprintf(stderr, "prt: %s was given %#llx, which is no surface object\n", what, handle);
        std::abort();
    }
    const Image im = image_of(t->res);
    long long at[3] = {x, y, z};
    const long long limit[3] = {im.n[0] * (long long)im.elem - (long long)bytes + 1, im.n[1], im.n[2]};
    for (int a = 0; a < 3; ++a) {
        const bool fixed = a >= dims;  // a layer or face index: never clamped
        if (at[a] >= 0 && at[a] < limit[a]) continue;
        if (mode == prtBoundaryModeZero && !fixed) return nullptr;
        if (mode == prtBoundaryModeClamp && !fixed) {
            at[a] = at[a] < 0 ? 0 : (a == 0 ? (im.n[0] - 1) * (long long)im.elem : limit[a] - 1);
            continue;
        }
        std::fprintf(stderr, "prt: %s at (%lld, %lld, %lld) is outside its surface\n", what, x, y, z);
        std::abort();
    }
    return const_cast<char*>(im.base) + size_t(at[2]) * im.slice + size_t(at[1]) * im.pitch + size_t(at[0]);
}

template <class T>
inline T surface_read(unsigned long long handle, int dims, long long x, long long y, long long z,
                      prtSurfaceBoundaryMode mode, const char* what) {
    T v{};
    if (const char* p = surface_at(handle, dims, x, y, z, sizeof(T), mode, what)) std::memcpy(&v, p, sizeof(T));
    return v;
}

template <class T>
inline void surface_write(const T& v, unsigned long long handle, int dims, long long x, long long y, long long z,
                          prtSurfaceBoundaryMode mode, const char* what) {
    if (char* p = surface_at(handle, dims, x, y, z, sizeof(T), mode, what)) std::memcpy(p, &v, sizeof(T));
}

}  // namespace prt::cpu::texture

// Texture fetches. Each also has CUDA's form that writes its result through a pointer.
template <class T>
inline T tex1Dfetch(prtTextureObject_t t, int x) {
    using namespace prt::cpu::texture;
    const prt::cpu::TextureObject& obj = texture_object(t);
    const Image im = image_of(obj.res);
    if (x < 0 || x >= im.n[0]) return T{};
    return result<T>(texel_at(im, x, 0, 0, obj.tex.readMode == prtReadModeNormalizedFloat));
}
template <class T>
inline T tex1D(prtTextureObject_t t, float x) {
    return prt::cpu::texture::sampled<T>(t, 1, 0, x);
}
template <class T>
inline T tex2D(prtTextureObject_t t, float x, float y) {
    return prt::cpu::texture::sampled<T>(t, 2, 0, x, y);
}
template <class T>
inline T tex3D(prtTextureObject_t t, float x, float y, float z) {
    return prt::cpu::texture::sampled<T>(t, 3, 0, x, y, z);
}
template <class T>
inline T tex1DLayered(prtTextureObject_t t, float x, int layer) {
    return prt::cpu::texture::sampled<T>(t, 1, layer, x);
}
template <class T>
inline T tex2DLayered(prtTextureObject_t t, float x, float y, int layer) {
    return prt::cpu::texture::sampled<T>(t, 2, layer, x, y);
}
template <class T>
inline T texCubemap(prtTextureObject_t t, float x, float y, float z) {
    float u, v;
    const long long face = prt::cpu::texture::cube_face(x, y, z, &u, &v);
    return prt::cpu::texture::sampled<T>(t, 2, face, u, v);
}
template <class T>
inline T texCubemapLayered(prtTextureObject_t t, float x, float y, float z, int layer) {
    float u, v;
    const long long face = prt::cpu::texture::cube_face(x, y, z, &u, &v);
    return prt::cpu::texture::sampled<T>(t, 2, 6ll * layer + face, u, v);
}
template <class T>
inline T tex1DLod(prtTextureObject_t t, float x, float) {
    return tex1D<T>(t, x);
}
template <class T>
inline T tex2DLod(prtTextureObject_t t, float x, float y, float) {
    return tex2D<T>(t, x, y);
}
template <class T>
inline T tex3DLod(prtTextureObject_t t, float x, float y, float z, float) {
    return tex3D<T>(t, x, y, z);
}
template <class T>
inline void tex1Dfetch(T* r, prtTextureObject_t t, int x) { *r = tex1Dfetch<T>(t, x); }
template <class T>
inline void tex1D(T* r, prtTextureObject_t t, float x) { *r = tex1D<T>(t, x); }
template <class T>
inline void tex2D(T* r, prtTextureObject_t t, float x, float y) { *r = tex2D<T>(t, x, y); }
template <class T>
inline void tex3D(T* r, prtTextureObject_t t, float x, float y, float z) { *r = tex3D<T>(t, x, y, z); }
template <class T>
inline void tex1DLayered(T* r, prtTextureObject_t t, float x, int layer) { *r = tex1DLayered<T>(t, x, layer); }
template <class T>
inline void tex2DLayered(T* r, prtTextureObject_t t, float x, float y, int layer) {
    *r = tex2DLayered<T>(t, x, y, layer);
}
template <class T>
inline void texCubemap(T* r, prtTextureObject_t t, float x, float y, float z) { *r = texCubemap<T>(t, x, y, z); }
template <class T>
inline void texCubemapLayered(T* r, prtTextureObject_t t, float x, float y, float z, int layer) {
    *r = texCubemapLayered<T>(t, x, y, z, layer);
}

// Surface reads and writes; x counts bytes.
template <class T>
inline T surf1Dread(prtSurfaceObject_t s, int x, prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    return prt::cpu::texture::surface_read<T>(s, 1, x, 0, 0, mode, "surf1Dread");
}
template <class T>
inline T surf2Dread(prtSurfaceObject_t s, int x, int y, prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    return prt::cpu::texture::surface_read<T>(s, 2, x, y, 0, mode, "surf2Dread");
}
template <class T>
inline T surf3Dread(prtSurfaceObject_t s, int x, int y, int z, prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    return prt::cpu::texture::surface_read<T>(s, 3, x, y, z, mode, "surf3Dread");
}
template <class T>
inline T surf1DLayeredread(prtSurfaceObject_t s, int x, int layer,
                           prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    return prt::cpu::texture::surface_read<T>(s, 1, x, 0, layer, mode, "surf1DLayeredread");
}
template <class T>
inline T surf2DLayeredread(prtSurfaceObject_t s, int x, int y, int layer,
                           prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    return prt::cpu::texture::surface_read<T>(s, 2, x, y, layer, mode, "surf2DLayeredread");
}
template <class T>
inline T surfCubemapread(prtSurfaceObject_t s, int x, int y, int face,
                         prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    return prt::cpu::texture::surface_read<T>(s, 2, x, y, face, mode, "surfCubemapread");
}
template <class T>
inline T surfCubemapLayeredread(prtSurfaceObject_t s, int x, int y, int layerFace,
                                prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    return prt::cpu::texture::surface_read<T>(s, 2, x, y, layerFace, mode, "surfCubemapLayeredread");
}
template <class T>
inline void surf1Dread(T* r, prtSurfaceObject_t s, int x, prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    *r = surf1Dread<T>(s, x, mode);
}
template <class T>
inline void surf2Dread(T* r, prtSurfaceObject_t s, int x, int y, prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    *r = surf2Dread<T>(s, x, y, mode);
}
template <class T>
inline void surf3Dread(T* r, prtSurfaceObject_t s, int x, int y, int z,
                       prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    *r = surf3Dread<T>(s, x, y, z, mode);
}
template <class T>
inline void surf1Dwrite(T v, prtSurfaceObject_t s, int x, prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    prt::cpu::texture::surface_write(v, s, 1, x, 0, 0, mode, "surf1Dwrite");
}
template <class T>
inline void surf2Dwrite(T v, prtSurfaceObject_t s, int x, int y, prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    prt::cpu::texture::surface_write(v, s, 2, x, y, 0, mode, "surf2Dwrite");
}
template <class T>
inline void surf3Dwrite(T v, prtSurfaceObject_t s, int x, int y, int z,
                        prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    prt::cpu::texture::surface_write(v, s, 3, x, y, z, mode, "surf3Dwrite");
}
template <class T>
inline void surf1DLayeredwrite(T v, prtSurfaceObject_t s, int x, int layer,
                               prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    prt::cpu::texture::surface_write(v, s, 1, x, 0, layer, mode, "surf1DLayeredwrite");
}
template <class T>
inline void surf2DLayeredwrite(T v, prtSurfaceObject_t s, int x, int y, int layer,
                               prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    prt::cpu::texture::surface_write(v, s, 2, x, y, layer, mode, "surf2DLayeredwrite");
}
template <class T>
inline void surfCubemapwrite(T v, prtSurfaceObject_t s, int x, int y, int face,
                             prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    prt::cpu::texture::surface_write(v, s, 2, x, y, face, mode, "surfCubemapwrite");
}
template <class T>
inline void surfCubemapLayeredwrite(T v, prtSurfaceObject_t s, int x, int y, int layerFace,
                                    prtSurfaceBoundaryMode mode = prtBoundaryModeTrap) {
    prt::cpu::texture::surface_write(v, s, 2, x, y, layerFace, mode, "surfCubemapLayeredwrite");
}
