// prt/texture.h: texture and surface objects (their creation, destruction and descriptors) and the mapping of
// graphics-interop resources. On the CPU backend an object records its descriptors; no graphics API shares
// resources with it, so no graphics resource can exist there and every resource call names an invalid handle.
#pragma once

#include "prt/memory.h"

#define PRT_TEXTURE_ENUM_LIST(X)                                                                     \
    X(ResourceTypeArray, 0, hipResourceTypeArray, "the resource is an array")                       \
    X(ResourceTypeMipmappedArray, 1, hipResourceTypeMipmappedArray, "a mipmapped array")            \
    X(ResourceTypeLinear, 2, hipResourceTypeLinear, "linear memory")                                \
    X(ResourceTypePitch2D, 3, hipResourceTypePitch2D, "pitched 2-D memory")                         \
    X(AddressModeWrap, 0, hipAddressModeWrap, "coordinates wrap around")                            \
    X(AddressModeClamp, 1, hipAddressModeClamp, "coordinates clamp to the edge")                    \
    X(AddressModeMirror, 2, hipAddressModeMirror, "coordinates mirror at the edge")                 \
    X(AddressModeBorder, 3, hipAddressModeBorder, "outside reads the border colour")                \
    X(FilterModePoint, 0, hipFilterModePoint, "nearest element")                                    \
    X(FilterModeLinear, 1, hipFilterModeLinear, "linear interpolation")                             \
    X(ReadModeElementType, 0, hipReadModeElementType, "elements as stored")                         \
    X(ReadModeNormalizedFloat, 1, hipReadModeNormalizedFloat, "integers read as floats in [0, 1]")  \
    X(BoundaryModeZero, 0, hipBoundaryModeZero, "outside surface reads zero, writes are dropped")   \
    X(BoundaryModeClamp, 1, hipBoundaryModeClamp, "outside surface accesses clamp to the edge")     \
    X(BoundaryModeTrap, 2, hipBoundaryModeTrap, "an outside surface access stops the kernel")

#if PRT_BACKEND_CPU
#include "prt/cpu/texture.h"
#else
#include "prt/gpu/texture.h"
#endif

inline prtError_t prtCreateTextureObject(prtTextureObject_t* texObject, const prtResourceDesc* resDesc,
                                         const prtTextureDesc* texDesc,
                                         const prtResourceViewDesc* resViewDesc);  // a texture over a resource
inline prtError_t prtDestroyTextureObject(prtTextureObject_t texObject);  // destroys it
inline prtError_t prtGetTextureObjectResourceDesc(prtResourceDesc* resDesc, prtTextureObject_t texObject);  // its
inline prtError_t prtGetTextureObjectTextureDesc(prtTextureDesc* texDesc, prtTextureObject_t texObject);    // its
inline prtError_t prtGetTextureObjectResourceViewDesc(prtResourceViewDesc* resViewDesc,
                                                      prtTextureObject_t texObject);  // its view
inline prtError_t prtCreateSurfaceObject(prtSurfaceObject_t* surfObject, const prtResourceDesc* resDesc);  // one
inline prtError_t prtDestroySurfaceObject(prtSurfaceObject_t surfObject);  // destroys it
inline prtError_t prtGetSurfaceObjectResourceDesc(prtResourceDesc* resDesc, prtSurfaceObject_t surfObject);  // its

inline prtError_t prtGraphicsMapResources(int count, prtGraphicsResource_t* resources,
                                          prtStream_t stream = 0);      // maps registered resources
inline prtError_t prtGraphicsUnmapResources(int count, prtGraphicsResource_t* resources,
                                            prtStream_t stream = 0);    // unmaps them
inline prtError_t prtGraphicsResourceGetMappedPointer(void** devPtr, size_t* size,
                                                      prtGraphicsResource_t resource);  // a mapped buffer
inline prtError_t prtGraphicsSubResourceGetMappedArray(prtArray_t* array, prtGraphicsResource_t resource,
                                                       unsigned int arrayIndex,
                                                       unsigned int mipLevel);  // a mapped image's array
inline prtError_t prtGraphicsResourceGetMappedMipmappedArray(prtMipmappedArray_t* mipmappedArray,
                                                             prtGraphicsResource_t resource);  // its mipmaps
inline prtError_t prtGraphicsResourceSetMapFlags(prtGraphicsResource_t resource, unsigned int flags);  // how mapped
inline prtError_t prtGraphicsUnregisterResource(prtGraphicsResource_t resource);  // releases a registration

#if PRT_BACKEND_CPU
#include "prt/cpu/texture_objects.h"
#include "prt/cpu/texture_fetch.h"  // tex2D and its kin, surf2Dread and its kin, in software
#endif
