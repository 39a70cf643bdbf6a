// prt/cpu/array.h: pitched 3-D memory, 3-D and peer copies, and arrays on the CPU backend. An array is a row-major
// block of host memory (width x height x depth elements of the channel format's size), registered as device memory.
#pragma once

#include <cstring>
#include <vector>

#include "prt/cpu/capture.h"
#include "prt/cpu/state.h"

namespace prt::cpu {

struct Array {
    prtChannelFormatDesc desc;
    prtExtent extent;            // in elements; height and depth at least 1
    unsigned int flags;
    size_t elem;                 // bytes per element
    char* data;
    size_t row() const { return extent.width * elem; }
    size_t slice() const { return row() * extent.height; }
};

struct MipmappedArray {
    std::vector<Array*> levels;
};

inline size_t element_bytes(const prtChannelFormatDesc& d) { return size_t(d.x + d.y + d.z + d.w) / 8; }

inline prtError_t new_array(Array** out, const prtChannelFormatDesc* desc, prtExtent e, unsigned int flags) {
    if (!out || !desc) return prtErrorInvalidValue;
    size_t elem = element_bytes(*desc);
    if (elem == 0 || (desc->x + desc->y + desc->z + desc->w) % 8 || e.width == 0) return prtErrorInvalidValue;
    e.height = e.height ? e.height : 1;
    e.depth = e.depth ? e.depth : 1;
    auto* a = new Array{*desc, e, flags, elem, nullptr};
    size_t bytes = a->slice() * e.depth;
    a->data = static_cast<char*>(aligned_alloc_bytes(bytes));
    if (!a->data) {
        delete a;
        return prtErrorMemoryAllocation;
    }
    std::memset(a->data, 0, bytes);
    Registry::get().add(a->data, bytes, MemKind::Device);
    *out = a;
    return prtSuccess;
}

inline void free_array(Array* a) {
    Registry::get().remove(a->data, MemKind::Device);
    std::free(a->data);
    delete a;
}

// One side of a 3-D copy: where its bytes start and how far apart its rows and slices are.
struct Side {
    char* base;
    size_t pitch;
    size_t slice;
};

inline Side side_of(prtArray_t array, prtPos pos, prtPitchedPtr ptr) {
    if (array)
        return {array->data + pos.z * array->slice() + pos.y * array->row() + pos.x * array->elem, array->row(),
                array->slice()};
    return {static_cast<char*>(ptr.ptr) + (pos.z * ptr.ysize + pos.y) * ptr.pitch + pos.x, ptr.pitch,
            ptr.pitch * ptr.ysize};
}

// Copies a 3-D region: `width` bytes per row, `height` rows per slice, `depth` slices.
inline void copy3d(Side dst, Side src, size_t width, size_t height, size_t depth) {
    for (size_t z = 0; z < depth; ++z)
        for (size_t y = 0; y < height; ++y)
            std::memmove(dst.base + z * dst.slice + y * dst.pitch, src.base + z * src.slice + y * src.pitch, width);
}

inline prtError_t memcpy3d(const prtMemcpy3DParms& p) {
    if (unsigned(p.kind) > unsigned(prtMemcpyDefault)) return prtErrorInvalidMemcpyDirection;
    if ((!p.srcArray && !p.srcPtr.ptr) || (!p.dstArray && !p.dstPtr.ptr)) return prtErrorInvalidValue;
    // With an array on either side, the extent's width (and array positions) count elements.
    const Array* a = p.srcArray ? p.srcArray : p.dstArray;
    size_t width = a ? p.extent.width * a->elem : p.extent.width;
    if (p.srcArray && p.dstArray && p.srcArray->elem != p.dstArray->elem) return prtErrorInvalidValue;
    if (!p.srcArray && p.srcPtr.pitch < p.srcPos.x + width) return prtErrorInvalidPitchValue;
    if (!p.dstArray && p.dstPtr.pitch < p.dstPos.x + width) return prtErrorInvalidPitchValue;
    for (const Array* arr : {static_cast<const Array*>(p.srcArray), static_cast<const Array*>(p.dstArray)}) {
        if (!arr) continue;
        const prtPos& pos = arr == p.srcArray ? p.srcPos : p.dstPos;
        if (pos.x + p.extent.width > arr->extent.width || pos.y + p.extent.height > arr->extent.height ||
            pos.z + p.extent.depth > arr->extent.depth)
            return prtErrorInvalidValue;
    }
    if (width == 0 || p.extent.height == 0 || p.extent.depth == 0) return prtSuccess;
    copy3d(side_of(p.dstArray, p.dstPos, p.dstPtr), side_of(p.srcArray, p.srcPos, p.srcPtr), width,
           p.extent.height, p.extent.depth);
    return prtSuccess;
}

inline prtError_t memset3d(prtPitchedPtr p, int value, prtExtent e) {
    if (!p.ptr || e.width > p.pitch) return prtErrorInvalidValue;
    for (size_t z = 0; z < e.depth; ++z)
        for (size_t y = 0; y < e.height; ++y)
            std::memset(static_cast<char*>(p.ptr) + (z * p.ysize + y) * p.pitch, value, e.width);
    return prtSuccess;
}

// A row-major run of `count` bytes in an array from byte offset (wOffset, hOffset), as the 1-D array copies read it.
inline prtError_t array_span(const Array* a, size_t wOffset, size_t hOffset, size_t count, char** at) {
    if (!a) return prtErrorInvalidResourceHandle;
    size_t start = hOffset * a->row() + wOffset, total = a->slice() * a->extent.depth;
    if (wOffset > a->row() || start + count > total) return prtErrorInvalidValue;
    *at = a->data + start;
    return prtSuccess;
}

inline prtMemcpy3DParms params2d(prtArray_t dstA, prtPos dstPos, void* dst, size_t dpitch, prtArray_t srcA,
                                 prtPos srcPos, const void* src, size_t spitch, size_t width, size_t height,
                                 prtMemcpyKind kind) {
    prtMemcpy3DParms p{};
    p.srcArray = srcA, p.srcPos = srcPos, p.srcPtr = make_prtPitchedPtr(const_cast<void*>(src), spitch, width, height);
    p.dstArray = dstA, p.dstPos = dstPos, p.dstPtr = make_prtPitchedPtr(dst, dpitch, width, height);
    p.extent = make_prtExtent(width, height, 1);
    p.kind = kind;
    return p;
}

// A 2-D copy touching an array: offsets and width in bytes, which must be whole elements.
inline prtError_t array2d(prtArray_t dstA, size_t dw, size_t dh, void* dst, size_t dpitch, prtArray_const_t srcA,
                          size_t sw, size_t sh, const void* src, size_t spitch, size_t width, size_t height,
                          prtMemcpyKind kind, prtStream_t stream) {
    const Array* a = srcA ? srcA : dstA;
    if (!a) return prt_fail(prtErrorInvalidResourceHandle);
    size_t e = a->elem;
    if (dw % e || sw % e || width % e) return prt_fail(prtErrorInvalidValue);
    if ((!dstA && dpitch < width) || (!srcA && spitch < width)) return prt_fail(prtErrorInvalidPitchValue);
    prtMemcpy3DParms p = params2d(dstA, make_prtPos(dstA ? dw / e : 0, dstA ? dh : 0, 0), dst, dpitch,
                                  const_cast<prtArray_t>(srcA), make_prtPos(srcA ? sw / e : 0, srcA ? sh : 0, 0), src,
                                  spitch, width / e, height, kind);
    if (!dstA) p.dstPtr.xsize = width;
    if (!srcA) p.srcPtr.xsize = width;
    return issue(stream, prtGraphNodeTypeMemcpy, [p] { return memcpy3d(p); });
}

}  // namespace prt::cpu

inline prtError_t prtMalloc3D(prtPitchedPtr* pitchedDevPtr, prtExtent extent) {
    if (!pitchedDevPtr) return prt::cpu::prt_fail(prtErrorInvalidValue);
    size_t pitch = 0;
    void* p = nullptr;
    size_t rows = (extent.height ? extent.height : 1) * (extent.depth ? extent.depth : 1);
    prtError_t e = prtMallocPitch(&p, &pitch, extent.width, rows);
    if (e != prtSuccess) return e;
    *pitchedDevPtr = make_prtPitchedPtr(p, pitch, extent.width, extent.height);
    return prtSuccess;
}

inline prtError_t prtMemcpy3DAsync(const prtMemcpy3DParms* p, prtStream_t stream) {
    if (!p) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prtMemcpy3DParms q = *p;
    return prt::cpu::issue(stream, prtGraphNodeTypeMemcpy, [q] { return prt::cpu::memcpy3d(q); });
}
inline prtError_t prtMemcpy3D(const prtMemcpy3DParms* p) { return prtMemcpy3DAsync(p, 0); }

inline prtError_t prtMemcpy3DPeerAsync(const prtMemcpy3DPeerParms* p, prtStream_t stream) {
    if (!p) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (!prt::cpu::valid_device(p->srcDevice) || !prt::cpu::valid_device(p->dstDevice))
        return prt::cpu::prt_fail(prtErrorInvalidDevice);
    prtMemcpy3DParms q{p->srcArray, p->srcPos, p->srcPtr, p->dstArray, p->dstPos, p->dstPtr, p->extent,
                       prtMemcpyDeviceToDevice};
    return prtMemcpy3DAsync(&q, stream);
}
inline prtError_t prtMemcpy3DPeer(const prtMemcpy3DPeerParms* p) { return prtMemcpy3DPeerAsync(p, 0); }

inline prtError_t prtMemset3DAsync(prtPitchedPtr pitchedDevPtr, int value, prtExtent extent, prtStream_t stream) {
    return prt::cpu::issue(stream, prtGraphNodeTypeMemset,
                           [=] { return prt::cpu::memset3d(pitchedDevPtr, value, extent); });
}
inline prtError_t prtMemset3D(prtPitchedPtr pitchedDevPtr, int value, prtExtent extent) {
    return prtMemset3DAsync(pitchedDevPtr, value, extent, 0);
}

// The CPU backend's devices share the host's memory: a peer copy is a device-to-device copy.
inline prtError_t prtMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice, size_t count,
                                     prtStream_t stream) {
    if (!prt::cpu::valid_device(dstDevice) || !prt::cpu::valid_device(srcDevice))
        return prt::cpu::prt_fail(prtErrorInvalidDevice);
    return prtMemcpyAsync(dst, src, count, prtMemcpyDeviceToDevice, stream);
}
inline prtError_t prtMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice, size_t count) {
    return prtMemcpyPeerAsync(dst, dstDevice, src, srcDevice, count, 0);
}

inline prtChannelFormatDesc prtCreateChannelDesc(int x, int y, int z, int w, prtChannelFormatKind f) {
    return prtChannelFormatDesc{x, y, z, w, f};
}

namespace prt::cpu {
template <class T> struct Channel;  // the format of an element type (CUDA's cudaCreateChannelDesc<T>)
#define PRT_CPU_CHANNEL(T, kind, n)                                                                    \
    template <> struct Channel<T> {                                                                    \
        static prtChannelFormatDesc desc() {                                                           \
            int b = int(sizeof(T) * 8 / n);                                                            \
            return prtChannelFormatDesc{b, n > 1 ? b : 0, n > 2 ? b : 0, n > 3 ? b : 0, kind};         \
        }                                                                                              \
    };
PRT_CPU_CHANNEL(char, prtChannelFormatKindSigned, 1)
PRT_CPU_CHANNEL(signed char, prtChannelFormatKindSigned, 1)
PRT_CPU_CHANNEL(unsigned char, prtChannelFormatKindUnsigned, 1)
PRT_CPU_CHANNEL(short, prtChannelFormatKindSigned, 1)
PRT_CPU_CHANNEL(unsigned short, prtChannelFormatKindUnsigned, 1)
PRT_CPU_CHANNEL(int, prtChannelFormatKindSigned, 1)
PRT_CPU_CHANNEL(unsigned int, prtChannelFormatKindUnsigned, 1)
PRT_CPU_CHANNEL(float, prtChannelFormatKindFloat, 1)
PRT_CPU_CHANNEL(char1, prtChannelFormatKindSigned, 1)
PRT_CPU_CHANNEL(char2, prtChannelFormatKindSigned, 2)
PRT_CPU_CHANNEL(char4, prtChannelFormatKindSigned, 4)
PRT_CPU_CHANNEL(uchar1, prtChannelFormatKindUnsigned, 1)
PRT_CPU_CHANNEL(uchar2, prtChannelFormatKindUnsigned, 2)
PRT_CPU_CHANNEL(uchar4, prtChannelFormatKindUnsigned, 4)
PRT_CPU_CHANNEL(short1, prtChannelFormatKindSigned, 1)
PRT_CPU_CHANNEL(short2, prtChannelFormatKindSigned, 2)
PRT_CPU_CHANNEL(short4, prtChannelFormatKindSigned, 4)
PRT_CPU_CHANNEL(ushort1, prtChannelFormatKindUnsigned, 1)
PRT_CPU_CHANNEL(ushort2, prtChannelFormatKindUnsigned, 2)
PRT_CPU_CHANNEL(ushort4, prtChannelFormatKindUnsigned, 4)
PRT_CPU_CHANNEL(int1, prtChannelFormatKindSigned, 1)
PRT_CPU_CHANNEL(int2, prtChannelFormatKindSigned, 2)
PRT_CPU_CHANNEL(int4, prtChannelFormatKindSigned, 4)
PRT_CPU_CHANNEL(uint1, prtChannelFormatKindUnsigned, 1)
PRT_CPU_CHANNEL(uint2, prtChannelFormatKindUnsigned, 2)
PRT_CPU_CHANNEL(uint4, prtChannelFormatKindUnsigned, 4)
PRT_CPU_CHANNEL(float1, prtChannelFormatKindFloat, 1)
PRT_CPU_CHANNEL(float2, prtChannelFormatKindFloat, 2)
PRT_CPU_CHANNEL(float4, prtChannelFormatKindFloat, 4)
#undef PRT_CPU_CHANNEL
}  // namespace prt::cpu

template <class T>
inline prtChannelFormatDesc prtCreateChannelDesc() { return prt::cpu::Channel<T>::desc(); }

inline prtError_t prtMalloc3DArray(prtArray_t* array, const prtChannelFormatDesc* desc, prtExtent extent,
                                   unsigned int flags) {
    return prt::cpu::prt_fail(prt::cpu::new_array(array, desc, extent, flags));
}
inline prtError_t prtMallocArray(prtArray_t* array, const prtChannelFormatDesc* desc, size_t width, size_t height,
                                 unsigned int flags) {
    return prtMalloc3DArray(array, desc, make_prtExtent(width, height, 0), flags);
}
inline prtError_t prtFreeArray(prtArray_t array) {
    if (!array) return prtSuccess;
    prt::cpu::free_array(array);
    return prtSuccess;
}
inline prtError_t prtArrayGetInfo(prtChannelFormatDesc* desc, prtExtent* extent, unsigned int* flags,
                                  prtArray_t array) {
    if (!array) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    if (desc) *desc = array->desc;
    if (extent) *extent = array->extent;
    if (flags) *flags = array->flags;
    return prtSuccess;
}
inline prtError_t prtGetChannelDesc(prtChannelFormatDesc* desc, prtArray_const_t array) {
    if (!array) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    if (!desc) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *desc = array->desc;
    return prtSuccess;
}
inline prtError_t prtMallocMipmappedArray(prtMipmappedArray_t* mipmappedArray, const prtChannelFormatDesc* desc,
                                          prtExtent extent, unsigned int numLevels, unsigned int flags) {
    if (!mipmappedArray || numLevels == 0) return prt::cpu::prt_fail(prtErrorInvalidValue);
    auto* m = new prt::cpu::MipmappedArray{};
    for (unsigned int level = 0; level < numLevels; ++level) {
        prtArray_t a = nullptr;
        prtError_t e = prt::cpu::new_array(&a, desc, extent, flags);
        if (e != prtSuccess) {
            for (prtArray_t b : m->levels) prt::cpu::free_array(b);
            delete m;
            return prt::cpu::prt_fail(e);
        }
        m->levels.push_back(a);
        extent = make_prtExtent(extent.width > 1 ? extent.width / 2 : 1, extent.height > 1 ? extent.height / 2 : extent.height,
                                extent.depth > 1 ? extent.depth / 2 : extent.depth);
    }
    *mipmappedArray = m;
    return prtSuccess;
}
inline prtError_t prtGetMipmappedArrayLevel(prtArray_t* levelArray, prtMipmappedArray_const_t mipmappedArray,
                                            unsigned int level) {
    if (!mipmappedArray) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    if (!levelArray || level >= mipmappedArray->levels.size()) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *levelArray = mipmappedArray->levels[level];
    return prtSuccess;
}
inline prtError_t prtFreeMipmappedArray(prtMipmappedArray_t mipmappedArray) {
    if (!mipmappedArray) return prtSuccess;
    for (prtArray_t a : mipmappedArray->levels) prt::cpu::free_array(a);
    delete mipmappedArray;
    return prtSuccess;
}

inline prtError_t prtMemcpyToArrayAsync(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                        size_t count, prtMemcpyKind kind, prtStream_t stream) {
    char* at = nullptr;
    prtError_t e = prt::cpu::array_span(dst, wOffset, hOffset, count, &at);
    if (e != prtSuccess) return prt::cpu::prt_fail(e);
    return prtMemcpyAsync(at, src, count, kind == prtMemcpyHostToHost ? prtMemcpyHostToDevice : kind, stream);
}
inline prtError_t prtMemcpyToArray(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t count,
                                   prtMemcpyKind kind) {
    return prtMemcpyToArrayAsync(dst, wOffset, hOffset, src, count, kind, 0);
}
inline prtError_t prtMemcpyFromArrayAsync(void* dst, prtArray_const_t src, size_t wOffset, size_t hOffset,
                                          size_t count, prtMemcpyKind kind, prtStream_t stream) {
    char* at = nullptr;
    prtError_t e = prt::cpu::array_span(src, wOffset, hOffset, count, &at);
    if (e != prtSuccess) return prt::cpu::prt_fail(e);
    return prtMemcpyAsync(dst, at, count, kind == prtMemcpyHostToHost ? prtMemcpyDeviceToHost : kind, stream);
}
inline prtError_t prtMemcpyFromArray(void* dst, prtArray_const_t src, size_t wOffset, size_t hOffset, size_t count,
                                     prtMemcpyKind kind) {
    return prtMemcpyFromArrayAsync(dst, src, wOffset, hOffset, count, kind, 0);
}
inline prtError_t prtMemcpy2DToArrayAsync(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                          size_t spitch, size_t width, size_t height, prtMemcpyKind kind,
                                          prtStream_t stream) {
    if (!dst) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    return prt::cpu::array2d(dst, wOffset, hOffset, nullptr, 0, nullptr, 0, 0, src, spitch, width, height, kind,
                             stream);
}
inline prtError_t prtMemcpy2DToArray(prtArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t spitch,
                                     size_t width, size_t height, prtMemcpyKind kind) {
    return prtMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height, kind, 0);
}
inline prtError_t prtMemcpy2DFromArrayAsync(void* dst, size_t dpitch, prtArray_const_t src, size_t wOffset,
                                            size_t hOffset, size_t width, size_t height, prtMemcpyKind kind,
                                            prtStream_t stream) {
    if (!src) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    return prt::cpu::array2d(nullptr, 0, 0, dst, dpitch, src, wOffset, hOffset, nullptr, 0, width, height, kind,
                             stream);
}
inline prtError_t prtMemcpy2DFromArray(void* dst, size_t dpitch, prtArray_const_t src, size_t wOffset,
                                       size_t hOffset, size_t width, size_t height, prtMemcpyKind kind) {
    return prtMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width, height, kind, 0);
}
inline prtError_t prtMemcpy2DArrayToArray(prtArray_t dst, size_t wOffsetDst, size_t hOffsetDst, prtArray_const_t src,
                                          size_t wOffsetSrc, size_t hOffsetSrc, size_t width, size_t height,
                                          prtMemcpyKind kind) {
    if (!dst || !src) return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
    return prt::cpu::array2d(dst, wOffsetDst, hOffsetDst, nullptr, 0, src, wOffsetSrc, hOffsetSrc, nullptr, 0, width,
                             height, kind, 0);
}
inline prtError_t prtMemcpyArrayToArray(prtArray_t dst, size_t wOffsetDst, size_t hOffsetDst, prtArray_const_t src,
                                        size_t wOffsetSrc, size_t hOffsetSrc, size_t count, prtMemcpyKind kind) {
    char *to = nullptr, *from = nullptr;
    prtError_t e = prt::cpu::array_span(dst, wOffsetDst, hOffsetDst, count, &to);
    if (e == prtSuccess) e = prt::cpu::array_span(src, wOffsetSrc, hOffsetSrc, count, &from);
    if (e != prtSuccess) return prt::cpu::prt_fail(e);
    return prtMemcpy(to, from, count, kind == prtMemcpyDefault ? prtMemcpyDefault : prtMemcpyDeviceToDevice);
}
