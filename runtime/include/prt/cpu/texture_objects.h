// prt/cpu/texture_objects.h: texture and surface objects on the CPU backend keep their descriptors; graphics
// resources cannot exist (no graphics API shares memory with it), so the calls that take one reject it.
#pragma once

#include "prt/cpu/state.h"

namespace prt::cpu {
inline prtError_t check_resource(const prtResourceDesc* r) {
    if (!r) return prtErrorInvalidValue;
    switch (r->resType) {
        case prtResourceTypeArray: return r->res.array.array ? prtSuccess : prtErrorInvalidResourceHandle;
        case prtResourceTypeMipmappedArray: return r->res.mipmap.mipmap ? prtSuccess : prtErrorInvalidResourceHandle;
        case prtResourceTypeLinear: return r->res.linear.devPtr ? prtSuccess : prtErrorInvalidValue;
        case prtResourceTypePitch2D:
            return r->res.pitch2D.devPtr && r->res.pitch2D.pitchInBytes ? prtSuccess : prtErrorInvalidValue;
    }
    return prtErrorInvalidValue;
}
inline TextureObject* object(unsigned long long handle, bool surface) {
    auto* t = reinterpret_cast<TextureObject*>(handle);
    return t && t->surface == surface ? t : nullptr;
}
}  // namespace prt::cpu

inline prtError_t prtCreateTextureObject(prtTextureObject_t* texObject, const prtResourceDesc* resDesc,
                                         const prtTextureDesc* texDesc, const prtResourceViewDesc* resViewDesc) {
    if (!texObject || !texDesc) return prt::cpu::prt_fail(prtErrorInvalidValue);
    prtError_t e = prt::cpu::check_resource(resDesc);
    if (e != prtSuccess) return prt::cpu::prt_fail(e);
    auto* t = new prt::cpu::TextureObject{*resDesc, *texDesc, resViewDesc ? *resViewDesc : prtResourceViewDesc{},
                                          resViewDesc != nullptr, false};
    *texObject = reinterpret_cast<prtTextureObject_t>(t);
    return prtSuccess;
}
inline prtError_t prtDestroyTextureObject(prtTextureObject_t texObject) {
    if (texObject == 0) return prtSuccess;
    auto* t = prt::cpu::object(texObject, false);
    if (!t) return prt::cpu::prt_fail(prtErrorInvalidValue);
    delete t;
    return prtSuccess;
}
inline prtError_t prtGetTextureObjectResourceDesc(prtResourceDesc* resDesc, prtTextureObject_t texObject) {
    auto* t = prt::cpu::object(texObject, false);
    if (!t || !resDesc) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *resDesc = t->res;
    return prtSuccess;
}
inline prtError_t prtGetTextureObjectTextureDesc(prtTextureDesc* texDesc, prtTextureObject_t texObject) {
    auto* t = prt::cpu::object(texObject, false);
    if (!t || !texDesc) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *texDesc = t->tex;
    return prtSuccess;
}
inline prtError_t prtGetTextureObjectResourceViewDesc(prtResourceViewDesc* resViewDesc, prtTextureObject_t texObject) {
    auto* t = prt::cpu::object(texObject, false);
    if (!t || !resViewDesc || !t->has_view) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *resViewDesc = t->view;
    return prtSuccess;
}
inline prtError_t prtCreateSurfaceObject(prtSurfaceObject_t* surfObject, const prtResourceDesc* resDesc) {
    if (!surfObject || !resDesc) return prt::cpu::prt_fail(prtErrorInvalidValue);
    if (resDesc->resType != prtResourceTypeArray) return prt::cpu::prt_fail(prtErrorInvalidValue);  // arrays only
    prtError_t e = prt::cpu::check_resource(resDesc);
    if (e != prtSuccess) return prt::cpu::prt_fail(e);
    auto* t = new prt::cpu::TextureObject{*resDesc, prtTextureDesc{}, prtResourceViewDesc{}, false, true};
    *surfObject = reinterpret_cast<prtSurfaceObject_t>(t);
    return prtSuccess;
}
inline prtError_t prtDestroySurfaceObject(prtSurfaceObject_t surfObject) {
    if (surfObject == 0) return prtSuccess;
    auto* t = prt::cpu::object(surfObject, true);
    if (!t) return prt::cpu::prt_fail(prtErrorInvalidValue);
    delete t;
    return prtSuccess;
}
inline prtError_t prtGetSurfaceObjectResourceDesc(prtResourceDesc* resDesc, prtSurfaceObject_t surfObject) {
    auto* t = prt::cpu::object(surfObject, true);
    if (!t || !resDesc) return prt::cpu::prt_fail(prtErrorInvalidValue);
    *resDesc = t->res;
    return prtSuccess;
}

inline prtError_t prtGraphicsMapResources(int count, prtGraphicsResource_t* resources, prtStream_t) {
    // CUDA refuses a null array even for count 0 (prtErrorInvalidValue, measured on CUDA 13).
    if (count < 0 || !resources) return prt::cpu::prt_fail(prtErrorInvalidValue);
    return count == 0 ? prtSuccess : prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
}
inline prtError_t prtGraphicsUnmapResources(int count, prtGraphicsResource_t* resources, prtStream_t stream) {
    return prtGraphicsMapResources(count, resources, stream);
}
inline prtError_t prtGraphicsResourceGetMappedPointer(void**, size_t*, prtGraphicsResource_t) {
    return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
}
inline prtError_t prtGraphicsSubResourceGetMappedArray(prtArray_t*, prtGraphicsResource_t, unsigned int, unsigned int) {
    return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
}
inline prtError_t prtGraphicsResourceGetMappedMipmappedArray(prtMipmappedArray_t*, prtGraphicsResource_t) {
    return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
}
inline prtError_t prtGraphicsResourceSetMapFlags(prtGraphicsResource_t, unsigned int) {
    return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
}
inline prtError_t prtGraphicsUnregisterResource(prtGraphicsResource_t) {
    return prt::cpu::prt_fail(prtErrorInvalidResourceHandle);
}
