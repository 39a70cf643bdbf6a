// prt/gpu/texture.h: texture and surface objects and graphics resources forward to the vendor runtime.
#pragma once

typedef PRT_GPU(ResourceDesc) prtResourceDesc;                  // what a texture or surface reads
typedef PRT_GPU(TextureDesc) prtTextureDesc;                    // how a texture samples it
typedef PRT_GPU(ResourceViewDesc) prtResourceViewDesc;          // a view of it in another format
typedef PRT_GPU(TextureObject_t) prtTextureObject_t;            // a texture object
typedef PRT_GPU(SurfaceObject_t) prtSurfaceObject_t;            // a surface object
typedef PRT_GPU(GraphicsResource_t) prtGraphicsResource_t;      // a registered graphics resource
typedef PRT_GPU(ResourceType) prtResourceType;                  // the kind of a resource
typedef PRT_GPU(TextureAddressMode) prtTextureAddressMode;      // out-of-range coordinates
typedef PRT_GPU(TextureFilterMode) prtTextureFilterMode;        // sampling
typedef PRT_GPU(TextureReadMode) prtTextureReadMode;            // element conversion
typedef PRT_GPU(SurfaceBoundaryMode) prtSurfaceBoundaryMode;    // out-of-range surface accesses
#define PRT_GPU_TEXTURE_ALIAS(suffix, value, hip, doc) constexpr auto prt##suffix = PRT_GPU_NAMED(suffix, hip);
PRT_TEXTURE_ENUM_LIST(PRT_GPU_TEXTURE_ALIAS)  // see PRT_TEXTURE_ENUM_LIST
#undef PRT_GPU_TEXTURE_ALIAS

inline prtError_t prtCreateTextureObject(prtTextureObject_t* texObject, const prtResourceDesc* resDesc,
                                         const prtTextureDesc* texDesc, const prtResourceViewDesc* resViewDesc) {
    return PRT_GPU(CreateTextureObject)(texObject, resDesc, texDesc, resViewDesc);
}
inline prtError_t prtDestroyTextureObject(prtTextureObject_t texObject) {
    return PRT_GPU(DestroyTextureObject)(texObject);
}
inline prtError_t prtGetTextureObjectResourceDesc(prtResourceDesc* resDesc, prtTextureObject_t texObject) {
    return PRT_GPU(GetTextureObjectResourceDesc)(resDesc, texObject);
}
inline prtError_t prtGetTextureObjectTextureDesc(prtTextureDesc* texDesc, prtTextureObject_t texObject) {
    return PRT_GPU(GetTextureObjectTextureDesc)(texDesc, texObject);
}
inline prtError_t prtGetTextureObjectResourceViewDesc(prtResourceViewDesc* resViewDesc, prtTextureObject_t texObject) {
    return PRT_GPU(GetTextureObjectResourceViewDesc)(resViewDesc, texObject);
}
inline prtError_t prtCreateSurfaceObject(prtSurfaceObject_t* surfObject, const prtResourceDesc* resDesc) {
    return PRT_GPU(CreateSurfaceObject)(surfObject, resDesc);
}
inline prtError_t prtDestroySurfaceObject(prtSurfaceObject_t surfObject) {
    return PRT_GPU(DestroySurfaceObject)(surfObject);
}
inline prtError_t prtGetSurfaceObjectResourceDesc(prtResourceDesc* resDesc, prtSurfaceObject_t surfObject) {
#if PRT_BACKEND_CUDA
    return cudaGetSurfaceObjectResourceDesc(resDesc, surfObject);
#else
    (void)resDesc, (void)surfObject;
    return hipErrorNotSupported;  // HIP 5 keeps no surface descriptor to return
#endif
}
inline prtError_t prtGraphicsMapResources(int count, prtGraphicsResource_t* resources, prtStream_t stream) {
    return PRT_GPU(GraphicsMapResources)(count, resources, stream);
}
inline prtError_t prtGraphicsUnmapResources(int count, prtGraphicsResource_t* resources, prtStream_t stream) {
    return PRT_GPU(GraphicsUnmapResources)(count, resources, stream);
}
inline prtError_t prtGraphicsResourceGetMappedPointer(void** devPtr, size_t* size, prtGraphicsResource_t resource) {
    return PRT_GPU(GraphicsResourceGetMappedPointer)(devPtr, size, resource);
}
inline prtError_t prtGraphicsSubResourceGetMappedArray(prtArray_t* array, prtGraphicsResource_t resource,
                                                       unsigned int arrayIndex, unsigned int mipLevel) {
    return PRT_GPU(GraphicsSubResourceGetMappedArray)(array, resource, arrayIndex, mipLevel);
}
inline prtError_t prtGraphicsResourceGetMappedMipmappedArray(prtMipmappedArray_t* mipmappedArray,
                                                             prtGraphicsResource_t resource) {
#if PRT_BACKEND_CUDA
    return cudaGraphicsResourceGetMappedMipmappedArray(mipmappedArray, resource);
#else
    (void)mipmappedArray, (void)resource;
    return hipErrorNotSupported;  // HIP 5 maps no mipmapped images
#endif
}
inline prtError_t prtGraphicsResourceSetMapFlags(prtGraphicsResource_t resource, unsigned int flags) {
#if PRT_BACKEND_CUDA
    return cudaGraphicsResourceSetMapFlags(resource, flags);
#else
    (void)resource, (void)flags;
    return hipErrorNotSupported;  // HIP 5 has no map flags
#endif
}
inline prtError_t prtGraphicsUnregisterResource(prtGraphicsResource_t resource) {
    return PRT_GPU(GraphicsUnregisterResource)(resource);
}
