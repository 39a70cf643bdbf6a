// prt/gpu/blaslt.h: the GPU backend of prt/blaslt.h. On CUDA the descriptors' storage holds cuBLASLt's own (and
// the enum values are cuBLASLt's), so every call forwards as it is (link with -lcublasLt). On HIP each storage holds the
// hipBLASLt object that its Init or Create made, and enum values are translated (hipBLASLt 0.6 or later; link with
// -lhipblaslt); there an `*Init` form allocates the hipBLASLt object, which lives until the program ends.
#pragma once

#include <cstddef>
#include <cstring>
#include <new>

#if PRT_BACKEND_CUDA && !__has_include(<cublasLt.h>)
#error \
    "prt/blaslt.h on the CUDA backend needs cuBLASLt's header: install the CUDA toolkit's cuBLAS (or pip install nvidia-cublas) and put its include folder on the path"
#elif !PRT_BACKEND_CUDA && !__has_include(<hipblaslt/hipblaslt.h>)
#error \
    "prt/blaslt.h on the HIP backend needs hipBLASLt: install ROCm's hipblaslt (hipblaslt-dev) and put its include folder on the path"
#elif PRT_BACKEND_CUDA
#include <cublasLt.h>

// cuBLASLt's Init forms write their own storage size into the caller's storage: ours must hold it.
static_assert(sizeof(prtblasLtMatrixLayoutOpaque_t) >= sizeof(cublasLtMatrixLayoutOpaque_t),
              "prtblasLtMatrixLayoutOpaque_t is smaller than this cuBLASLt's layout storage");
static_assert(sizeof(prtblasLtMatmulDescOpaque_t) >= sizeof(cublasLtMatmulDescOpaque_t),
              "prtblasLtMatmulDescOpaque_t is smaller than this cuBLASLt's descriptor storage");
static_assert(sizeof(prtblasLtMatmulPreferenceOpaque_t) >= sizeof(cublasLtMatmulPreferenceOpaque_t),
              "prtblasLtMatmulPreferenceOpaque_t is smaller than this cuBLASLt's preference storage");
static_assert(sizeof(prtblasLtMatmulAlgo_t) == sizeof(cublasLtMatmulAlgo_t), "cuBLASLt's storage");
static_assert(sizeof(prtblasLtMatmulHeuristicResult_t) == sizeof(cublasLtMatmulHeuristicResult_t) &&
                  offsetof(prtblasLtMatmulHeuristicResult_t, state) == offsetof(cublasLtMatmulHeuristicResult_t, state),
              "cuBLASLt's heuristic result");

namespace prt {
namespace blaslt_detail {
using blas_detail::status;  // cuBLASLt returns cuBLAS's statuses (prt/gpu/blas.h)
inline cublasLtHandle_t native(prtblasLtHandle_t h) { return reinterpret_cast<cublasLtHandle_t>(h); }
inline cublasLtMatrixLayout_t native(prtblasLtMatrixLayout_t l) { return reinterpret_cast<cublasLtMatrixLayout_t>(l); }
inline cublasLtMatmulDesc_t native(prtblasLtMatmulDesc_t d) { return reinterpret_cast<cublasLtMatmulDesc_t>(d); }
inline cublasLtMatmulPreference_t native(prtblasLtMatmulPreference_t p) {
  return reinterpret_cast<cublasLtMatmulPreference_t>(p);
}
}  // namespace blaslt_detail
}  // namespace prt

inline prtblasStatus_t prtblasLtCreate(prtblasLtHandle_t* handle) {
  return prt::blaslt_detail::status(cublasLtCreate(reinterpret_cast<cublasLtHandle_t*>(handle)));
}
inline prtblasStatus_t prtblasLtDestroy(prtblasLtHandle_t handle) {
  return prt::blaslt_detail::status(cublasLtDestroy(prt::blaslt_detail::native(handle)));
}
inline prtblasStatus_t prtblasLtMatrixLayoutInit(prtblasLtMatrixLayout_t layout, prtDataType_t type, uint64_t rows,
                                                 uint64_t cols, int64_t ld) {
  using namespace prt::blaslt_detail;
  return status(cublasLtMatrixLayoutInit(native(layout), static_cast<cudaDataType>(type), rows, cols, ld));
}
inline prtblasStatus_t prtblasLtMatrixLayoutCreate(prtblasLtMatrixLayout_t* layout, prtDataType_t type,
                                                   uint64_t rows, uint64_t cols, int64_t ld) {
  return prt::blaslt_detail::status(cublasLtMatrixLayoutCreate(reinterpret_cast<cublasLtMatrixLayout_t*>(layout),
                                                               static_cast<cudaDataType>(type), rows, cols, ld));
}
inline prtblasStatus_t prtblasLtMatrixLayoutDestroy(prtblasLtMatrixLayout_t layout) {
  return prt::blaslt_detail::status(cublasLtMatrixLayoutDestroy(prt::blaslt_detail::native(layout)));
}
inline prtblasStatus_t prtblasLtMatrixLayoutSetAttribute(prtblasLtMatrixLayout_t layout,
                                                         prtblasLtMatrixLayoutAttribute_t attr, const void* buf,
                                                         size_t size) {
  using namespace prt::blaslt_detail;
  return status(cublasLtMatrixLayoutSetAttribute(native(layout), static_cast<cublasLtMatrixLayoutAttribute_t>(attr),
                                                 buf, size));
}
inline prtblasStatus_t prtblasLtMatrixLayoutGetAttribute(prtblasLtMatrixLayout_t layout,
                                                         prtblasLtMatrixLayoutAttribute_t attr, void* buf,
                                                         size_t size, size_t* written) {
  using namespace prt::blaslt_detail;
  return status(cublasLtMatrixLayoutGetAttribute(native(layout), static_cast<cublasLtMatrixLayoutAttribute_t>(attr),
                                                 buf, size, written));
}
inline prtblasStatus_t prtblasLtMatmulDescInit(prtblasLtMatmulDesc_t desc, prtblasComputeType_t computeType,
                                               prtDataType_t scaleType) {
  using namespace prt::blaslt_detail;
  return status(cublasLtMatmulDescInit(native(desc), static_cast<cublasComputeType_t>(computeType),
                                       static_cast<cudaDataType_t>(scaleType)));
}
inline prtblasStatus_t prtblasLtMatmulDescCreate(prtblasLtMatmulDesc_t* desc, prtblasComputeType_t computeType,
                                                 prtDataType_t scaleType) {
  return prt::blaslt_detail::status(cublasLtMatmulDescCreate(reinterpret_cast<cublasLtMatmulDesc_t*>(desc),
                                                             static_cast<cublasComputeType_t>(computeType),
                                                             static_cast<cudaDataType_t>(scaleType)));
}
inline prtblasStatus_t prtblasLtMatmulDescDestroy(prtblasLtMatmulDesc_t desc) {
  return prt::blaslt_detail::status(cublasLtMatmulDescDestroy(prt::blaslt_detail::native(desc)));
}
inline prtblasStatus_t prtblasLtMatmulDescSetAttribute(prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatmulDescAttributes_t attr, const void* buf,
                                                       size_t size) {
  using namespace prt::blaslt_detail;
  return status(
      cublasLtMatmulDescSetAttribute(native(desc), static_cast<cublasLtMatmulDescAttributes_t>(attr), buf, size));
}
inline prtblasStatus_t prtblasLtMatmulDescGetAttribute(prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatmulDescAttributes_t attr, void* buf, size_t size,
                                                       size_t* written) {
  using namespace prt::blaslt_detail;
  return status(cublasLtMatmulDescGetAttribute(native(desc), static_cast<cublasLtMatmulDescAttributes_t>(attr), buf,
                                               size, written));
}
inline prtblasStatus_t prtblasLtMatmulPreferenceInit(prtblasLtMatmulPreference_t pref) {
  return prt::blaslt_detail::status(cublasLtMatmulPreferenceInit(prt::blaslt_detail::native(pref)));
}
inline prtblasStatus_t prtblasLtMatmulPreferenceCreate(prtblasLtMatmulPreference_t* pref) {
  return prt::blaslt_detail::status(
      cublasLtMatmulPreferenceCreate(reinterpret_cast<cublasLtMatmulPreference_t*>(pref)));
}
inline prtblasStatus_t prtblasLtMatmulPreferenceDestroy(prtblasLtMatmulPreference_t pref) {
  return prt::blaslt_detail::status(cublasLtMatmulPreferenceDestroy(prt::blaslt_detail::native(pref)));
}
inline prtblasStatus_t prtblasLtMatmulPreferenceSetAttribute(prtblasLtMatmulPreference_t pref,
                                                             prtblasLtMatmulPreferenceAttributes_t attr,
                                                             const void* buf, size_t size) {
  using namespace prt::blaslt_detail;
  return status(cublasLtMatmulPreferenceSetAttribute(native(pref),
                                                     static_cast<cublasLtMatmulPreferenceAttributes_t>(attr), buf,
                                                     size));
}
inline prtblasStatus_t prtblasLtMatmulAlgoGetHeuristic(prtblasLtHandle_t handle, prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatrixLayout_t Adesc, prtblasLtMatrixLayout_t Bdesc,
                                                       prtblasLtMatrixLayout_t Cdesc, prtblasLtMatrixLayout_t Ddesc,
                                                       prtblasLtMatmulPreference_t pref, int requested,
                                                       prtblasLtMatmulHeuristicResult_t results[], int* returned) {
  using namespace prt::blaslt_detail;
  return status(cublasLtMatmulAlgoGetHeuristic(native(handle), native(desc), native(Adesc), native(Bdesc),
                                               native(Cdesc), native(Ddesc), native(pref), requested,
                                               reinterpret_cast<cublasLtMatmulHeuristicResult_t*>(results), returned));
}
inline prtblasStatus_t prtblasLtMatmul(prtblasLtHandle_t handle, prtblasLtMatmulDesc_t desc, const void* alpha,
                                       const void* A, prtblasLtMatrixLayout_t Adesc, const void* B,
                                       prtblasLtMatrixLayout_t Bdesc, const void* beta, const void* C,
                                       prtblasLtMatrixLayout_t Cdesc, void* D, prtblasLtMatrixLayout_t Ddesc,
                                       const prtblasLtMatmulAlgo_t* algo, void* workspace, size_t workspaceSize,
                                       prtStream_t stream) {
  using namespace prt::blaslt_detail;
  return status(cublasLtMatmul(native(handle), native(desc), alpha, A, native(Adesc), B, native(Bdesc), beta, C,
                               native(Cdesc), D, native(Ddesc), reinterpret_cast<const cublasLtMatmulAlgo_t*>(algo),
                               workspace, workspaceSize, (cudaStream_t)stream));
}
#else
#include <hipblaslt/hipblaslt.h>

namespace prt {
namespace blaslt_detail {
// hipBLASLt returns hipBLAS's statuses and takes its compute and data types: prt/gpu/blas.h translates them.
using blas_detail::compute;
using blas_detail::status;
using blas_detail::type;
inline bool layout_attribute(prtblasLtMatrixLayoutAttribute_t a, hipblasLtMatrixLayoutAttribute_t* out) {
  switch (a) {
    case PRTBLASLT_MATRIX_LAYOUT_TYPE: *out = HIPBLASLT_MATRIX_LAYOUT_TYPE; return true;
    case PRTBLASLT_MATRIX_LAYOUT_ORDER: *out = HIPBLASLT_MATRIX_LAYOUT_ORDER; return true;
    case PRTBLASLT_MATRIX_LAYOUT_ROWS: *out = HIPBLASLT_MATRIX_LAYOUT_ROWS; return true;
    case PRTBLASLT_MATRIX_LAYOUT_COLS: *out = HIPBLASLT_MATRIX_LAYOUT_COLS; return true;
    case PRTBLASLT_MATRIX_LAYOUT_LD: *out = HIPBLASLT_MATRIX_LAYOUT_LD; return true;
    case PRTBLASLT_MATRIX_LAYOUT_BATCH_COUNT: *out = HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT; return true;
    case PRTBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET: *out = HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET; return true;
  }
  return false;
}
inline bool desc_attribute(prtblasLtMatmulDescAttributes_t a, hipblasLtMatmulDescAttributes_t* out) {
  switch (a) {
    case PRTBLASLT_MATMUL_DESC_POINTER_MODE: *out = HIPBLASLT_MATMUL_DESC_POINTER_MODE; return true;
    case PRTBLASLT_MATMUL_DESC_TRANSA: *out = HIPBLASLT_MATMUL_DESC_TRANSA; return true;
    case PRTBLASLT_MATMUL_DESC_TRANSB: *out = HIPBLASLT_MATMUL_DESC_TRANSB; return true;
    case PRTBLASLT_MATMUL_DESC_EPILOGUE: *out = HIPBLASLT_MATMUL_DESC_EPILOGUE; return true;
    case PRTBLASLT_MATMUL_DESC_BIAS_POINTER: *out = HIPBLASLT_MATMUL_DESC_BIAS_POINTER; return true;
    case PRTBLASLT_MATMUL_DESC_BIAS_DATA_TYPE: *out = HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE; return true;
    case PRTBLASLT_MATMUL_DESC_A_SCALE_POINTER: *out = HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER; return true;
    case PRTBLASLT_MATMUL_DESC_B_SCALE_POINTER: *out = HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER; return true;
    case PRTBLASLT_MATMUL_DESC_C_SCALE_POINTER: *out = HIPBLASLT_MATMUL_DESC_C_SCALE_POINTER; return true;
    case PRTBLASLT_MATMUL_DESC_D_SCALE_POINTER: *out = HIPBLASLT_MATMUL_DESC_D_SCALE_POINTER; return true;
    case PRTBLASLT_MATMUL_DESC_AMAX_D_POINTER: *out = HIPBLASLT_MATMUL_DESC_AMAX_D_POINTER; return true;
    default: return false;
  }
}
inline hipblasLtEpilogue_t epilogue(uint32_t e) {
  switch (e) {
    case PRTBLASLT_EPILOGUE_RELU: return HIPBLASLT_EPILOGUE_RELU;
    case PRTBLASLT_EPILOGUE_BIAS: return HIPBLASLT_EPILOGUE_BIAS;
    case PRTBLASLT_EPILOGUE_RELU_BIAS: return HIPBLASLT_EPILOGUE_RELU_BIAS;
    case PRTBLASLT_EPILOGUE_GELU: return HIPBLASLT_EPILOGUE_GELU;
    case PRTBLASLT_EPILOGUE_GELU_BIAS: return HIPBLASLT_EPILOGUE_GELU_BIAS;
    default: return HIPBLASLT_EPILOGUE_DEFAULT;
  }
}
// The hipBLASLt object a storage holds (its first word).
template <class Native, class Storage>
Native held(const Storage* s) {
  Native n;
  std::memcpy(&n, s->data, sizeof n);
  return n;
}
template <class Native, class Storage>
void hold(Storage* s, Native n) {
  *s = Storage{};
  std::memcpy(s->data, &n, sizeof n);
}
// The Destroy forms: destroys the hipBLASLt object a storage holds, then frees the storage.
template <class Native, class Storage, class Destroy>
prtblasStatus_t unmake(Storage* s, Destroy destroy) {
  if (s == nullptr) return PRTBLAS_STATUS_SUCCESS;
  const hipblasStatus_t r = destroy(held<Native>(s));
  delete s;
  return status(r);
}
static_assert(sizeof(hipblasLtMatmulAlgo_t) <= sizeof(prtblasLtMatmulAlgo_t), "hipBLASLt's algorithm fits");
}  // namespace blaslt_detail
}  // namespace prt

inline prtblasStatus_t prtblasLtCreate(prtblasLtHandle_t* handle) {
  return prt::blaslt_detail::status(hipblasLtCreate(reinterpret_cast<hipblasLtHandle_t*>(handle)));
}
inline prtblasStatus_t prtblasLtDestroy(prtblasLtHandle_t handle) {
  return prt::blaslt_detail::status(hipblasLtDestroy(reinterpret_cast<hipblasLtHandle_t>(handle)));
}
inline prtblasStatus_t prtblasLtMatrixLayoutInit(prtblasLtMatrixLayout_t layout, prtDataType_t type, uint64_t rows,
                                                 uint64_t cols, int64_t ld) {
  using namespace prt::blaslt_detail;
  if (layout == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  hipblasLtMatrixLayout_t made = nullptr;
  const hipblasStatus_t s = hipblasLtMatrixLayoutCreate(&made, prt::blas_detail::type(type), rows, cols, ld);
  if (s == HIPBLAS_STATUS_SUCCESS) hold(layout, made);
  return status(s);
}
inline prtblasStatus_t prtblasLtMatrixLayoutCreate(prtblasLtMatrixLayout_t* layout, prtDataType_t type,
                                                   uint64_t rows, uint64_t cols, int64_t ld) {
  return prt::blaslt_detail::make(layout, [&](prtblasLtMatrixLayout_t l) {
    return prtblasLtMatrixLayoutInit(l, type, rows, cols, ld);
  });
}
inline prtblasStatus_t prtblasLtMatrixLayoutDestroy(prtblasLtMatrixLayout_t layout) {
  return prt::blaslt_detail::unmake<hipblasLtMatrixLayout_t>(layout, hipblasLtMatrixLayoutDestroy);
}
inline prtblasStatus_t prtblasLtMatrixLayoutSetAttribute(prtblasLtMatrixLayout_t layout,
                                                         prtblasLtMatrixLayoutAttribute_t attr, const void* buf,
                                                         size_t size) {
  using namespace prt::blaslt_detail;
  hipblasLtMatrixLayoutAttribute_t a;
  if (layout == nullptr || !layout_attribute(attr, &a)) return PRTBLAS_STATUS_INVALID_VALUE;
  return status(hipblasLtMatrixLayoutSetAttribute(held<hipblasLtMatrixLayout_t>(layout), a, buf, size));
}
inline prtblasStatus_t prtblasLtMatrixLayoutGetAttribute(prtblasLtMatrixLayout_t layout,
                                                         prtblasLtMatrixLayoutAttribute_t attr, void* buf,
                                                         size_t size, size_t* written) {
  using namespace prt::blaslt_detail;
  hipblasLtMatrixLayoutAttribute_t a;
  if (layout == nullptr || !layout_attribute(attr, &a)) return PRTBLAS_STATUS_INVALID_VALUE;
  return status(hipblasLtMatrixLayoutGetAttribute(held<hipblasLtMatrixLayout_t>(layout), a, buf, size, written));
}
inline prtblasStatus_t prtblasLtMatmulDescInit(prtblasLtMatmulDesc_t desc, prtblasComputeType_t computeType,
                                               prtDataType_t scaleType) {
  using namespace prt::blaslt_detail;
  if (desc == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  hipblasLtMatmulDesc_t made = nullptr;
  const hipblasStatus_t s = hipblasLtMatmulDescCreate(&made, compute(computeType), type(scaleType));
  if (s == HIPBLAS_STATUS_SUCCESS) hold(desc, made);
  return status(s);
}
inline prtblasStatus_t prtblasLtMatmulDescCreate(prtblasLtMatmulDesc_t* desc, prtblasComputeType_t computeType,
                                                 prtDataType_t scaleType) {
  return prt::blaslt_detail::make(
      desc, [&](prtblasLtMatmulDesc_t d) { return prtblasLtMatmulDescInit(d, computeType, scaleType); });
}
inline prtblasStatus_t prtblasLtMatmulDescDestroy(prtblasLtMatmulDesc_t desc) {
  return prt::blaslt_detail::unmake<hipblasLtMatmulDesc_t>(desc, hipblasLtMatmulDescDestroy);
}
inline prtblasStatus_t prtblasLtMatmulDescSetAttribute(prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatmulDescAttributes_t attr, const void* buf,
                                                       size_t size) {
  using namespace prt::blaslt_detail;
  if (desc == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  hipblasLtMatmulDescAttributes_t a;
  if (attr == PRTBLASLT_MATMUL_DESC_TRANSA || attr == PRTBLASLT_MATMUL_DESC_TRANSB) {
    int32_t value;
    if (buf == nullptr || size != sizeof value) return PRTBLAS_STATUS_INVALID_VALUE;
    std::memcpy(&value, buf, sizeof value);
    const hipblasOperation_t op =
        value == PRTBLAS_OP_N ? HIPBLAS_OP_N : (value == PRTBLAS_OP_T ? HIPBLAS_OP_T : HIPBLAS_OP_C);
    desc_attribute(attr, &a);
    return status(hipblasLtMatmulDescSetAttribute(held<hipblasLtMatmulDesc_t>(desc), a, &op, sizeof op));
  }
  if (attr == PRTBLASLT_MATMUL_DESC_EPILOGUE) {
    uint32_t value;
    if (buf == nullptr || size != sizeof value) return PRTBLAS_STATUS_INVALID_VALUE;
    std::memcpy(&value, buf, sizeof value);
    const hipblasLtEpilogue_t e = epilogue(value);
    return status(hipblasLtMatmulDescSetAttribute(held<hipblasLtMatmulDesc_t>(desc), HIPBLASLT_MATMUL_DESC_EPILOGUE,
                                                  &e, sizeof e));
  }
  if (attr == PRTBLASLT_MATMUL_DESC_FAST_ACCUM) return PRTBLAS_STATUS_SUCCESS;  // a hint hipBLASLt has no slot for
  if (!desc_attribute(attr, &a)) return PRTBLAS_STATUS_NOT_SUPPORTED;
  return status(hipblasLtMatmulDescSetAttribute(held<hipblasLtMatmulDesc_t>(desc), a, buf, size));
}
inline prtblasStatus_t prtblasLtMatmulDescGetAttribute(prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatmulDescAttributes_t attr, void* buf, size_t size,
                                                       size_t* written) {
  using namespace prt::blaslt_detail;
  hipblasLtMatmulDescAttributes_t a;
  if (desc == nullptr || !desc_attribute(attr, &a)) return PRTBLAS_STATUS_INVALID_VALUE;
  return status(hipblasLtMatmulDescGetAttribute(held<hipblasLtMatmulDesc_t>(desc), a, buf, size, written));
}
inline prtblasStatus_t prtblasLtMatmulPreferenceInit(prtblasLtMatmulPreference_t pref) {
  using namespace prt::blaslt_detail;
  if (pref == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  hipblasLtMatmulPreference_t made = nullptr;
  const hipblasStatus_t s = hipblasLtMatmulPreferenceCreate(&made);
  if (s == HIPBLAS_STATUS_SUCCESS) hold(pref, made);
  return status(s);
}
inline prtblasStatus_t prtblasLtMatmulPreferenceCreate(prtblasLtMatmulPreference_t* pref) {
  return prt::blaslt_detail::make(pref, [](prtblasLtMatmulPreference_t p) { return prtblasLtMatmulPreferenceInit(p); });
}
inline prtblasStatus_t prtblasLtMatmulPreferenceDestroy(prtblasLtMatmulPreference_t pref) {
  return prt::blaslt_detail::unmake<hipblasLtMatmulPreference_t>(pref, hipblasLtMatmulPreferenceDestroy);
}
inline prtblasStatus_t prtblasLtMatmulPreferenceSetAttribute(prtblasLtMatmulPreference_t pref,
                                                             prtblasLtMatmulPreferenceAttributes_t attr,
                                                             const void* buf, size_t size) {
  using namespace prt::blaslt_detail;
  if (pref == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  if (attr == PRTBLASLT_MATMUL_PREF_SEARCH_MODE) return PRTBLAS_STATUS_SUCCESS;
  return status(hipblasLtMatmulPreferenceSetAttribute(held<hipblasLtMatmulPreference_t>(pref),
                                                      HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, buf, size));
}
inline prtblasStatus_t prtblasLtMatmulAlgoGetHeuristic(prtblasLtHandle_t handle, prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatrixLayout_t Adesc, prtblasLtMatrixLayout_t Bdesc,
                                                       prtblasLtMatrixLayout_t Cdesc, prtblasLtMatrixLayout_t Ddesc,
                                                       prtblasLtMatmulPreference_t pref, int requested,
                                                       prtblasLtMatmulHeuristicResult_t results[], int* returned) {
  using namespace prt::blaslt_detail;
  if (requested < 1 || results == nullptr || returned == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  hipblasLtMatmulHeuristicResult_t* native = new (std::nothrow) hipblasLtMatmulHeuristicResult_t[requested];
  if (native == nullptr) return PRTBLAS_STATUS_ALLOC_FAILED;
  const hipblasStatus_t s = hipblasLtMatmulAlgoGetHeuristic(
      reinterpret_cast<hipblasLtHandle_t>(handle), held<hipblasLtMatmulDesc_t>(desc),
      held<hipblasLtMatrixLayout_t>(Adesc), held<hipblasLtMatrixLayout_t>(Bdesc), held<hipblasLtMatrixLayout_t>(Cdesc),
      held<hipblasLtMatrixLayout_t>(Ddesc), held<hipblasLtMatmulPreference_t>(pref), requested, native, returned);
  for (int i = 0; s == HIPBLAS_STATUS_SUCCESS && i < *returned; ++i) {
    results[i] = prtblasLtMatmulHeuristicResult_t{};
    std::memcpy(results[i].algo.data, &native[i].algo, sizeof native[i].algo);
    results[i].workspaceSize = native[i].workspaceSize;
    results[i].state = status(native[i].state);
    results[i].wavesCount = native[i].wavesCount;
  }
  delete[] native;
  return status(s);
}
inline prtblasStatus_t prtblasLtMatmul(prtblasLtHandle_t handle, prtblasLtMatmulDesc_t desc, const void* alpha,
                                       const void* A, prtblasLtMatrixLayout_t Adesc, const void* B,
                                       prtblasLtMatrixLayout_t Bdesc, const void* beta, const void* C,
                                       prtblasLtMatrixLayout_t Cdesc, void* D, prtblasLtMatrixLayout_t Ddesc,
                                       const prtblasLtMatmulAlgo_t* algo, void* workspace, size_t workspaceSize,
                                       prtStream_t stream) {
  using namespace prt::blaslt_detail;
  hipblasLtMatmulAlgo_t chosen;
  if (algo != nullptr) std::memcpy(&chosen, algo->data, sizeof chosen);
  return status(hipblasLtMatmul(reinterpret_cast<hipblasLtHandle_t>(handle), held<hipblasLtMatmulDesc_t>(desc), alpha,
                                A, held<hipblasLtMatrixLayout_t>(Adesc), B, held<hipblasLtMatrixLayout_t>(Bdesc),
                                beta, C, held<hipblasLtMatrixLayout_t>(Cdesc), D, held<hipblasLtMatrixLayout_t>(Ddesc),
                                algo != nullptr ? &chosen : nullptr, workspace, workspaceSize,
                                (hipStream_t)stream));
}
#endif
