/* Declarations of the CUDA kernel language and of the commonly used CUDA, NCCL, cuBLAS and cuRAND APIs, enough
 * for libclang to parse CUDA sources on a machine without a CUDA toolkit. Declarations only: nothing here is
 * meant to run. Every other catalogued name is declared by the generated migrate_catalog.h. */
#ifndef MIGRATE_SHIM_H
#define MIGRATE_SHIM_H

#include <stddef.h>
#include <stdint.h>

/* Kernel language. */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __grid_constant__
#define __restrict__ __restrict
#define CUDART_CB
#define CUDARTAPI
#define CUDAAPI
#define NCCL_API
#define CUBLASWINAPI
#define CURANDAPI
#ifndef CUDART_VERSION
#define CUDART_VERSION 13000
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 13000
#endif

struct uint3 { unsigned int x, y, z; };
struct int2 { int x, y; };
struct int3 { int x, y, z; };
struct int4 { int x, y, z, w; };
struct uint2 { unsigned int x, y; };
struct uint4 { unsigned int x, y, z, w; };
struct float2 { float x, y; };
struct float3 { float x, y, z; };
struct float4 { float x, y, z, w; };
struct double2 { double x, y; };
struct double4 { double x, y, z, w; };
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
__host__ __device__ int2 make_int2(int, int);
__host__ __device__ int4 make_int4(int, int, int, int);
__host__ __device__ float2 make_float2(float, float);
__host__ __device__ float3 make_float3(float, float, float);
__host__ __device__ float4 make_float4(float, float, float, float);
__host__ __device__ double2 make_double2(double, double);

#include <__clang_cuda_builtin_vars.h>
__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return uint3{x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return uint3{x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return uint3{x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return uint3{x, y, z}; }

/* Runtime API types. */
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2, cudaErrorNotReady = 600 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
};
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8 };
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2 };
enum cudaDeviceAttr { cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMultiProcessorCount = 16 };
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct cudaArray *cudaArray_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef void (*cudaHostFn_t)(void *);
typedef void (*cudaStreamCallback_t)(cudaStream_t, cudaError_t, void *);
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaMemAttachGlobal 0x01
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamLegacy ((cudaStream_t)0x1)
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock, sharedMemPerBlockOptin, totalConstMem;
  int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
  int major, minor, multiProcessorCount, maxThreadsPerMultiProcessor, l2CacheSize, memoryBusWidth;
  int concurrentKernels, unifiedAddressing, managedMemory, pciBusID, pciDeviceID;
};
struct cudaPointerAttributes { int type; int device; void *devicePointer; void *hostPointer; };
struct cudaFuncAttributes { size_t sharedSizeBytes, constSizeBytes, localSizeBytes; int maxThreadsPerBlock, numRegs; };
struct cudaChannelFormatDesc { int x, y, z, w, f; };

/* Runtime API functions. */
extern "C" {
__host__ __device__ cudaError_t cudaMalloc(void **devPtr, size_t size);
__host__ __device__ cudaError_t cudaFree(void *devPtr);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
__host__ __device__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                                cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice, cudaStream_t stream = 0);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr);
__host__ __device__ cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaSetDevice(int device);
__host__ __device__ cudaError_t cudaGetDevice(int *device);
__host__ __device__ cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
__host__ __device__ cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
__host__ __device__ cudaError_t cudaGetLastError(void);
__host__ __device__ cudaError_t cudaPeekAtLastError(void);
__host__ __device__ const char *cudaGetErrorString(cudaError_t error);
__host__ __device__ const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaDriverGetVersion(int *driverVersion);
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__host__ __device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority);
__host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
__host__ __device__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                  unsigned int flags);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);
cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ __device__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__host__ __device__ cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
__host__ __device__ cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                             cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize,
                                                          size_t dynamicSMemSize);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset = 0,
                               enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset = 0,
                                 enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, int mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags = 0);
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
int __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);
}
template <class T> cudaError_t cudaMalloc(T **devPtr, size_t size) { return cudaMalloc((void **)devPtr, size); }
template <class T> cudaError_t cudaMallocHost(T **ptr, size_t size) { return cudaMallocHost((void **)ptr, size); }
template <class T> cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged((void **)devPtr, size, flags);
}
template <class T> cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0,
                                                  enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T> cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                                    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <class T> cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                                size_t sharedMem = 0, cudaStream_t stream = 0) {
  return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class T> cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value) {
  return cudaFuncSetAttribute((const void *)func, attr, value);
}
template <class T> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize,
                                                                             size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}

/* Driver API. */
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef enum cudaError_enum { CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1 } CUresult;
extern "C" {
CUresult cuInit(unsigned int Flags);
CUresult cuDeviceGet(CUdevice *device, int ordinal);
CUresult cuDeviceGetCount(int *count);
CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev);
CUresult cuCtxDestroy(CUcontext ctx);
CUresult cuCtxSynchronize(void);
CUresult cuModuleLoad(CUmodule *module, const char *fname);
CUresult cuModuleLoadData(CUmodule *module, const void *image);
CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name);
CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize);
CUresult cuMemFree(CUdeviceptr dptr);
CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount);
CUresult cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount);
CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                        unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                        unsigned int sharedMemBytes, CUstream hStream, void **kernelParams, void **extra);
CUresult cuGetErrorString(CUresult error, const char **pStr);
}

/* Device functions. */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
#define __CUDA_SHIM_ATOMIC(name)                                                                                \
  __device__ int name(int *address, int val);                                                                  \
  __device__ unsigned int name(unsigned int *address, unsigned int val);                                       \
  __device__ unsigned long long name(unsigned long long *address, unsigned long long val);
__CUDA_SHIM_ATOMIC(atomicAdd)
__CUDA_SHIM_ATOMIC(atomicSub)
__CUDA_SHIM_ATOMIC(atomicExch)
__CUDA_SHIM_ATOMIC(atomicMin)
__CUDA_SHIM_ATOMIC(atomicMax)
__CUDA_SHIM_ATOMIC(atomicAnd)
__CUDA_SHIM_ATOMIC(atomicOr)
__CUDA_SHIM_ATOMIC(atomicXor)
#undef __CUDA_SHIM_ATOMIC
__device__ float atomicAdd(float *address, float val);
__device__ double atomicAdd(double *address, double val);
__device__ float atomicExch(float *address, float val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned int atomicCAS(unsigned int *address, unsigned int compare, unsigned int val);
__device__ unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare,
                                        unsigned long long val);
__device__ unsigned int atomicInc(unsigned int *address, unsigned int val);
__device__ unsigned int atomicDec(unsigned int *address, unsigned int val);
template <class T> __device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = 32);
template <class T> __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = 32);
template <class T> __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = 32);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ unsigned int __activemask(void);
template <class T> __device__ unsigned int __match_any_sync(unsigned int mask, T value);
template <class T> __device__ T __ldg(const T *ptr);
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
__device__ unsigned int __brev(unsigned int x);
__device__ float __fdividef(float x, float y);
__device__ float __expf(float x);
__device__ float __logf(float x);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __saturatef(float x);
__device__ float __int_as_float(int x);
__device__ int __float_as_int(float x);
__device__ int __float2int_rn(float x);
__device__ long long clock64(void);
__device__ int clock(void);
__device__ void __trap(void);
__device__ void __nanosleep(unsigned int ns);
__device__ float rsqrtf(float x);
__host__ __device__ float fminf(float x, float y);
__host__ __device__ float fmaxf(float x, float y);
__host__ __device__ float __fmaf_rn(float x, float y, float z);
__host__ __device__ int min(int a, int b);
__host__ __device__ int max(int a, int b);
__host__ __device__ unsigned int umin(unsigned int a, unsigned int b);
__host__ __device__ unsigned int umax(unsigned int a, unsigned int b);

/* Half and bfloat16. */
struct __half { unsigned short __x; __host__ __device__ __half() = default; __host__ __device__ __half(float); __host__ __device__ operator float() const; };
struct __half2 { __half x, y; };
struct __nv_bfloat16 { unsigned short __x; __host__ __device__ __nv_bfloat16() = default; __host__ __device__ __nv_bfloat16(float); __host__ __device__ operator float() const; };
typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
__host__ __device__ __half __float2half(float a);
__host__ __device__ float __half2float(__half a);
__host__ __device__ __nv_bfloat16 __float2bfloat16(float a);
__host__ __device__ float __bfloat162float(__nv_bfloat16 a);

/* NCCL. */
typedef struct ncclComm *ncclComm_t;
#define NCCL_UNIQUE_ID_BYTES 128
typedef struct { char internal[NCCL_UNIQUE_ID_BYTES]; } ncclUniqueId;
typedef enum { ncclSuccess = 0, ncclUnhandledCudaError = 1, ncclSystemError = 2, ncclInternalError = 3,
               ncclInvalidArgument = 4, ncclInvalidUsage = 5 } ncclResult_t;
typedef enum { ncclInt8 = 0, ncclChar = 0, ncclUint8 = 1, ncclInt32 = 2, ncclInt = 2, ncclUint32 = 3,
               ncclInt64 = 4, ncclUint64 = 5, ncclFloat16 = 6, ncclHalf = 6, ncclFloat32 = 7, ncclFloat = 7,
               ncclFloat64 = 8, ncclDouble = 8, ncclBfloat16 = 9 } ncclDataType_t;
typedef enum { ncclSum = 0, ncclProd = 1, ncclMax = 2, ncclMin = 3, ncclAvg = 4 } ncclRedOp_t;
extern "C" {
ncclResult_t ncclGetUniqueId(ncclUniqueId *uniqueId);
ncclResult_t ncclCommInitRank(ncclComm_t *comm, int nranks, ncclUniqueId commId, int rank);
ncclResult_t ncclCommInitAll(ncclComm_t *comm, int ndev, const int *devlist);
ncclResult_t ncclCommDestroy(ncclComm_t comm);
ncclResult_t ncclCommAbort(ncclComm_t comm);
ncclResult_t ncclCommCount(const ncclComm_t comm, int *count);
ncclResult_t ncclCommUserRank(const ncclComm_t comm, int *rank);
const char *ncclGetErrorString(ncclResult_t result);
ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count, ncclDataType_t datatype,
                           ncclRedOp_t op, ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclBroadcast(const void *sendbuff, void *recvbuff, size_t count, ncclDataType_t datatype, int root,
                           ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclReduce(const void *sendbuff, void *recvbuff, size_t count, ncclDataType_t datatype,
                        ncclRedOp_t op, int root, ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclAllGather(const void *sendbuff, void *recvbuff, size_t sendcount, ncclDataType_t datatype,
                           ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclReduceScatter(const void *sendbuff, void *recvbuff, size_t recvcount, ncclDataType_t datatype,
                               ncclRedOp_t op, ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclSend(const void *sendbuff, size_t count, ncclDataType_t datatype, int peer, ncclComm_t comm,
                      cudaStream_t stream);
ncclResult_t ncclRecv(void *recvbuff, size_t count, ncclDataType_t datatype, int peer, ncclComm_t comm,
                      cudaStream_t stream);
ncclResult_t ncclGroupStart(void);
ncclResult_t ncclGroupEnd(void);
}

/* cuBLAS. */
typedef struct cublasContext *cublasHandle_t;
typedef enum { CUBLAS_STATUS_SUCCESS = 0, CUBLAS_STATUS_NOT_INITIALIZED = 1, CUBLAS_STATUS_ALLOC_FAILED = 3,
               CUBLAS_STATUS_INVALID_VALUE = 7, CUBLAS_STATUS_EXECUTION_FAILED = 13 } cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2 } cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_DEFAULT_MATH = 0, CUBLAS_TF32_TENSOR_OP_MATH = 3 } cublasMath_t;
typedef enum { CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_64F = 70 } cublasComputeType_t;
typedef enum { CUBLAS_GEMM_DEFAULT = -1 } cublasGemmAlgo_t;
typedef enum cudaDataType_t { CUDA_R_16F = 2, CUDA_R_32F = 0, CUDA_R_64F = 1, CUDA_R_16BF = 14 } cudaDataType;
extern "C" {
cublasStatus_t cublasCreate(cublasHandle_t *handle);
cublasStatus_t cublasDestroy(cublasHandle_t handle);
cublasStatus_t cublasSetStream(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t cublasGetStream(cublasHandle_t handle, cudaStream_t *streamId);
cublasStatus_t cublasSetPointerMode(cublasHandle_t handle, cublasPointerMode_t mode);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
const char *cublasGetStatusString(cublasStatus_t status);
cublasStatus_t cublasSgemm(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                           int k, const float *alpha, const float *A, int lda, const float *B, int ldb,
                           const float *beta, float *C, int ldc);
cublasStatus_t cublasDgemm(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                           int k, const double *alpha, const double *A, int lda, const double *B, int ldb,
                           const double *beta, double *C, int ldc);
cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                         int m, int n, int k, const float *alpha, const float *A, int lda,
                                         long long strideA, const float *B, int ldb, long long strideB,
                                         const float *beta, float *C, int ldc, long long strideC, int batchCount);
cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                            int k, const void *alpha, const void *A, cudaDataType Atype, int lda, const void *B,
                            cudaDataType Btype, int ldb, const void *beta, void *C, cudaDataType Ctype, int ldc,
                            cublasComputeType_t computeType, cublasGemmAlgo_t algo);
cublasStatus_t cublasSaxpy(cublasHandle_t handle, int n, const float *alpha, const float *x, int incx, float *y,
                           int incy);
cublasStatus_t cublasDaxpy(cublasHandle_t handle, int n, const double *alpha, const double *x, int incx, double *y,
                           int incy);
cublasStatus_t cublasSdot(cublasHandle_t handle, int n, const float *x, int incx, const float *y, int incy,
                          float *result);
cublasStatus_t cublasSscal(cublasHandle_t handle, int n, const float *alpha, float *x, int incx);
cublasStatus_t cublasSnrm2(cublasHandle_t handle, int n, const float *x, int incx, float *result);
cublasStatus_t cublasSgemv(cublasHandle_t handle, cublasOperation_t trans, int m, int n, const float *alpha,
                           const float *A, int lda, const float *x, int incx, const float *beta, float *y, int incy);
}

/* cuRAND, host and device. */
typedef struct curandGenerator_st *curandGenerator_t;
typedef enum { CURAND_STATUS_SUCCESS = 0, CURAND_STATUS_NOT_INITIALIZED = 101 } curandStatus_t;
typedef curandStatus_t curandStatus;
typedef enum { CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101, CURAND_RNG_PSEUDO_MRG32K3A = 121,
               CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161, CURAND_RNG_QUASI_SOBOL32 = 201 } curandRngType_t;
extern "C" {
curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed);
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num);
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr, size_t num);
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean,
                                    float stddev);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n, double mean,
                                          double stddev);
}
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag; float boxmuller_extra; };
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
struct curandStatePhilox4_32_10 { uint4 ctr, output; unsigned int key[2]; unsigned int STATE; };
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                            curandState_t *state);
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                            curandStatePhilox4_32_10_t *state);
template <class S> __device__ unsigned int curand(S *state);
template <class S> __device__ float curand_uniform(S *state);
template <class S> __device__ double curand_uniform_double(S *state);
template <class S> __device__ float curand_normal(S *state);
template <class S> __device__ double curand_normal_double(S *state);
template <class S> __device__ float2 curand_normal2(S *state);
template <class S> __device__ float4 curand_uniform4(S *state);
template <class S> __device__ unsigned int curand_poisson(S *state, double lambda);

#include "migrate_catalog.h"

#endif
