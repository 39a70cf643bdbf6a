// prt/cpu/texture.h: the CPU backend's texture and surface descriptors: CUDA's fields, CUDA's values.
#pragma once

enum prtResourceType { prtResourceTypeArray, prtResourceTypeMipmappedArray, prtResourceTypeLinear,
                       prtResourceTypePitch2D };                     // see PRT_TEXTURE_ENUM_LIST
enum prtTextureAddressMode { prtAddressModeWrap, prtAddressModeClamp, prtAddressModeMirror,
                             prtAddressModeBorder };                 // see PRT_TEXTURE_ENUM_LIST
enum prtTextureFilterMode { prtFilterModePoint, prtFilterModeLinear };  // see PRT_TEXTURE_ENUM_LIST
enum prtTextureReadMode { prtReadModeElementType, prtReadModeNormalizedFloat };  // see PRT_TEXTURE_ENUM_LIST
enum prtSurfaceBoundaryMode { prtBoundaryModeZero, prtBoundaryModeClamp, prtBoundaryModeTrap };  // see PRT_TEXTURE_ENUM_LIST

struct prtResourceDesc {  // what a texture or surface reads
    enum prtResourceType resType;
    union {
        struct {
            prtArray_t array;
        } array;
        struct {
            prtMipmappedArray_t mipmap;
        } mipmap;
        struct {
            void* devPtr;
            prtChannelFormatDesc desc;
            size_t sizeInBytes;
        } linear;
        struct {
            void* devPtr;
            prtChannelFormatDesc desc;
            size_t width;
            size_t height;
            size_t pitchInBytes;
        } pitch2D;
        struct {
            int reserved[32];
        } reserved;
    } res;
    unsigned int flags;
};
struct prtTextureDesc {  // how a texture samples its resource
    enum prtTextureAddressMode addressMode[3];
    enum prtTextureFilterMode filterMode;
    enum prtTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum prtTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};
struct prtResourceViewDesc {  // a view of a resource in another format
    int format;
    size_t width;
    size_t height;
    size_t depth;
    unsigned int firstMipmapLevel;
    unsigned int lastMipmapLevel;
    unsigned int firstLayer;
    unsigned int lastLayer;
    unsigned int reserved[16];
};
namespace prt::cpu {
struct TextureObject {
    prtResourceDesc res;
    prtTextureDesc tex;
    prtResourceViewDesc view;
    bool has_view;
    bool surface;
};
struct GraphicsResource;
}  // namespace prt::cpu
typedef unsigned long long prtTextureObject_t;               // a texture object (0 is none)
typedef unsigned long long prtSurfaceObject_t;               // a surface object (0 is none)
typedef prt::cpu::GraphicsResource* prtGraphicsResource_t;   // a registered graphics resource (none can exist)
