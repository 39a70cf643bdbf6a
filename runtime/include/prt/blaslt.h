// prt/blaslt.h: matrix products with layouts and epilogues (prtblasLt*), cuBLASLt's API with a neutral prefix.
//
// D = epilogue(alpha * op(A) * op(B) + beta * C), each matrix described by a layout (element type, rows, columns,
// leading dimension, row or column order, batch count and stride), the product by a descriptor (compute and scale
// types, transposes, epilogue, bias). cuBLASLt on CUDA (link with -lcublasLt), hipBLASLt on HIP (link with
// -lhipblaslt), OpenBLAS's CBLAS on the CPU (link with -lopenblas), where a call waits for its stream, then runs
// on the calling thread. The descriptors' storage has room for cuBLASLt's, so the `*Opaque_t` + `*Init` forms
// work as in cuBLASLt. On the CPU: types fp64, fp32, fp16, bf16 (through fp32 products), int8 with int32 results, and
// fp8 (E4M3, E5M2) with its scale factors; epilogues ReLU, GELU (tanh form) and bias; anything else answers
// PRTBLAS_STATUS_NOT_SUPPORTED from prtblasLtMatmulAlgoGetHeuristic and prtblasLtMatmul.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#include "prt/blas.h"  // prtblasStatus_t, prtblasComputeType_t, prtblasOperation_t, prtDataType_t

struct prtblasLtContext;                            // opaque library context
typedef struct prtblasLtContext* prtblasLtHandle_t;  // handle to a cuBLASLt-style context

// Storage of a matrix layout (room for cuBLASLt's, whose size grows between versions: 8 words in 12.x, 14 in
// 13.x); prtblasLtMatrixLayout_t points at one.
typedef struct {
  uint64_t data[16];
} prtblasLtMatrixLayoutOpaque_t;
typedef prtblasLtMatrixLayoutOpaque_t* prtblasLtMatrixLayout_t;  // a matrix layout

// Storage of a matmul descriptor (room for cuBLASLt's); prtblasLtMatmulDesc_t points at one.
typedef struct {
  uint64_t data[48];
} prtblasLtMatmulDescOpaque_t;
typedef prtblasLtMatmulDescOpaque_t* prtblasLtMatmulDesc_t;  // a matmul descriptor

// Storage of a heuristic preference (room for cuBLASLt's); prtblasLtMatmulPreference_t points at one.
typedef struct {
  uint64_t data[16];
} prtblasLtMatmulPreferenceOpaque_t;
typedef prtblasLtMatmulPreferenceOpaque_t* prtblasLtMatmulPreference_t;  // a heuristic preference

// An algorithm chosen by prtblasLtMatmulAlgoGetHeuristic (cuBLASLt's size).
typedef struct {
  uint64_t data[8];
} prtblasLtMatmulAlgo_t;

// One answer of prtblasLtMatmulAlgoGetHeuristic; the layout of cuBLASLt's.
typedef struct {
  prtblasLtMatmulAlgo_t algo;  // pass to prtblasLtMatmul
  size_t workspaceSize;        // bytes of workspace the algorithm needs
  prtblasStatus_t state;       // SUCCESS when the algorithm can run the product
  float wavesCount;            // the device's estimate of its occupancy (1.0 on the CPU)
  int reserved[4];             // unused
} prtblasLtMatmulHeuristicResult_t;

// Storage order of a matrix layout; values equal cuBLASLt's.
typedef enum {
  PRTBLASLT_ORDER_COL = 0,  // column-major (the default)
  PRTBLASLT_ORDER_ROW = 1   // row-major
} prtblasLtOrder_t;

// Where alpha and beta live; values equal cuBLASLt's.
typedef enum {
  PRTBLASLT_POINTER_MODE_HOST = 0,   // host pointers (the default)
  PRTBLASLT_POINTER_MODE_DEVICE = 1  // device pointers
} prtblasLtPointerMode_t;

// Attributes of a matrix layout; values equal cuBLASLt's.
typedef enum {
  PRTBLASLT_MATRIX_LAYOUT_TYPE = 0,                  // prtDataType_t (uint32)
  PRTBLASLT_MATRIX_LAYOUT_ORDER = 1,                 // prtblasLtOrder_t (int32)
  PRTBLASLT_MATRIX_LAYOUT_ROWS = 2,                  // uint64
  PRTBLASLT_MATRIX_LAYOUT_COLS = 3,                  // uint64
  PRTBLASLT_MATRIX_LAYOUT_LD = 4,                    // int64
  PRTBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,           // int32: matrices in the batch
  PRTBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6   // int64: elements from one matrix of the batch to the next
} prtblasLtMatrixLayoutAttribute_t;

// Attributes of a matmul descriptor; values equal cuBLASLt's.
typedef enum {
  PRTBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0,      // prtblasComputeType_t (int32)
  PRTBLASLT_MATMUL_DESC_SCALE_TYPE = 1,        // prtDataType_t of alpha and beta (int32)
  PRTBLASLT_MATMUL_DESC_POINTER_MODE = 2,      // prtblasLtPointerMode_t (int32)
  PRTBLASLT_MATMUL_DESC_TRANSA = 3,            // prtblasOperation_t (int32)
  PRTBLASLT_MATMUL_DESC_TRANSB = 4,            // prtblasOperation_t (int32)
  PRTBLASLT_MATMUL_DESC_TRANSC = 5,            // prtblasOperation_t (int32; only N is supported)
  PRTBLASLT_MATMUL_DESC_EPILOGUE = 7,          // prtblasLtEpilogue_t (uint32)
  PRTBLASLT_MATMUL_DESC_BIAS_POINTER = 8,      // const void*: one value per row of D
  PRTBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10,  // int64: elements from one batch's bias to the next
  PRTBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17,  // const float*: fp8 A's scale factor
  PRTBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18,  // const float*: fp8 B's scale factor
  PRTBLASLT_MATMUL_DESC_C_SCALE_POINTER = 19,  // const float*: C's scale factor in fp8 products
  PRTBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20,  // const float*: D's scale factor in fp8 products
  PRTBLASLT_MATMUL_DESC_AMAX_D_POINTER = 21,   // float*: the largest |D| before D's scale, in fp8 products
  PRTBLASLT_MATMUL_DESC_FAST_ACCUM = 25,       // int8: fp8 products may accumulate in lower precision (a hint)
  PRTBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26    // prtDataType_t of the bias (int32; default: D's type)
} prtblasLtMatmulDescAttributes_t;

// What follows the product; values equal cuBLASLt's.
typedef enum {
  PRTBLASLT_EPILOGUE_DEFAULT = 1,     // nothing
  PRTBLASLT_EPILOGUE_RELU = 2,        // max(x, 0)
  PRTBLASLT_EPILOGUE_BIAS = 4,        // x + bias[row]
  PRTBLASLT_EPILOGUE_RELU_BIAS = 6,   // max(x + bias[row], 0)
  PRTBLASLT_EPILOGUE_GELU = 32,       // GELU in its tanh form
  PRTBLASLT_EPILOGUE_GELU_BIAS = 36   // GELU(x + bias[row])
} prtblasLtEpilogue_t;

// Attributes of a heuristic preference; values equal cuBLASLt's.
typedef enum {
  PRTBLASLT_MATMUL_PREF_SEARCH_MODE = 0,          // uint32 (recorded)
  PRTBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1   // uint64: the most workspace an algorithm may ask for
} prtblasLtMatmulPreferenceAttributes_t;

// Creates a context.
inline prtblasStatus_t prtblasLtCreate(prtblasLtHandle_t* handle);
// Destroys a context.
inline prtblasStatus_t prtblasLtDestroy(prtblasLtHandle_t handle);

// Makes a layout of rows x cols elements of `type`, column-major with leading dimension ld, in caller storage.
inline prtblasStatus_t prtblasLtMatrixLayoutInit(prtblasLtMatrixLayout_t layout, prtDataType_t type, uint64_t rows,
                                                 uint64_t cols, int64_t ld);
// Allocates and makes a layout (destroy it with prtblasLtMatrixLayoutDestroy).
inline prtblasStatus_t prtblasLtMatrixLayoutCreate(prtblasLtMatrixLayout_t* layout, prtDataType_t type,
                                                   uint64_t rows, uint64_t cols, int64_t ld);
// Frees a layout made by prtblasLtMatrixLayoutCreate.
inline prtblasStatus_t prtblasLtMatrixLayoutDestroy(prtblasLtMatrixLayout_t layout);
// Sets a layout attribute from `size` bytes at `buf`.
inline prtblasStatus_t prtblasLtMatrixLayoutSetAttribute(prtblasLtMatrixLayout_t layout,
                                                         prtblasLtMatrixLayoutAttribute_t attr, const void* buf,
                                                         size_t size);
// Reads a layout attribute; with size 0 and no buffer, *written says how many bytes it takes.
inline prtblasStatus_t prtblasLtMatrixLayoutGetAttribute(prtblasLtMatrixLayout_t layout,
                                                         prtblasLtMatrixLayoutAttribute_t attr, void* buf,
                                                         size_t size, size_t* written);

// Makes a matmul descriptor in caller storage: no transposes, no epilogue, host scalars of `scaleType`.
inline prtblasStatus_t prtblasLtMatmulDescInit(prtblasLtMatmulDesc_t desc, prtblasComputeType_t computeType,
                                               prtDataType_t scaleType);
// Allocates and makes a matmul descriptor (destroy it with prtblasLtMatmulDescDestroy).
inline prtblasStatus_t prtblasLtMatmulDescCreate(prtblasLtMatmulDesc_t* desc, prtblasComputeType_t computeType,
                                                 prtDataType_t scaleType);
// Frees a descriptor made by prtblasLtMatmulDescCreate.
inline prtblasStatus_t prtblasLtMatmulDescDestroy(prtblasLtMatmulDesc_t desc);
// Sets a descriptor attribute from `size` bytes at `buf`.
inline prtblasStatus_t prtblasLtMatmulDescSetAttribute(prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatmulDescAttributes_t attr, const void* buf,
                                                       size_t size);
// Reads a descriptor attribute; with size 0 and no buffer, *written says how many bytes it takes.
inline prtblasStatus_t prtblasLtMatmulDescGetAttribute(prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatmulDescAttributes_t attr, void* buf, size_t size,
                                                       size_t* written);

// Makes a heuristic preference in caller storage (no workspace allowed).
inline prtblasStatus_t prtblasLtMatmulPreferenceInit(prtblasLtMatmulPreference_t pref);
// Allocates and makes a heuristic preference (destroy it with prtblasLtMatmulPreferenceDestroy).
inline prtblasStatus_t prtblasLtMatmulPreferenceCreate(prtblasLtMatmulPreference_t* pref);
// Frees a preference made by prtblasLtMatmulPreferenceCreate.
inline prtblasStatus_t prtblasLtMatmulPreferenceDestroy(prtblasLtMatmulPreference_t pref);
// Sets a preference attribute from `size` bytes at `buf`.
inline prtblasStatus_t prtblasLtMatmulPreferenceSetAttribute(prtblasLtMatmulPreference_t pref,
                                                             prtblasLtMatmulPreferenceAttributes_t attr,
                                                             const void* buf, size_t size);

// Up to `requested` algorithms for this product, best first; *returned counts them (0: NOT_SUPPORTED).
inline prtblasStatus_t prtblasLtMatmulAlgoGetHeuristic(prtblasLtHandle_t handle, prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatrixLayout_t Adesc, prtblasLtMatrixLayout_t Bdesc,
                                                       prtblasLtMatrixLayout_t Cdesc, prtblasLtMatrixLayout_t Ddesc,
                                                       prtblasLtMatmulPreference_t pref, int requested,
                                                       prtblasLtMatmulHeuristicResult_t results[], int* returned);
// D = epilogue(alpha * op(A) * op(B) + beta * C), ordered on `stream`; algo may be null (the library's choice).
inline prtblasStatus_t prtblasLtMatmul(prtblasLtHandle_t handle, prtblasLtMatmulDesc_t desc, const void* alpha,
                                       const void* A, prtblasLtMatrixLayout_t Adesc, const void* B,
                                       prtblasLtMatrixLayout_t Bdesc, const void* beta, const void* C,
                                       prtblasLtMatrixLayout_t Cdesc, void* D, prtblasLtMatrixLayout_t Ddesc,
                                       const prtblasLtMatmulAlgo_t* algo, void* workspace, size_t workspaceSize,
                                       prtStream_t stream);

namespace prt {
namespace blaslt_detail {
// The Create forms of the backends that keep their descriptors in our storage: allocates it and makes it with
// `init` (the Init form); *out is null when either fails.
template <class Storage, class Init>
prtblasStatus_t make(Storage** out, Init init) {
  if (out == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *out = new (std::nothrow) Storage;
  if (*out == nullptr) return PRTBLAS_STATUS_ALLOC_FAILED;
  const prtblasStatus_t s = init(*out);
  if (s != PRTBLAS_STATUS_SUCCESS) {
    delete *out;
    *out = nullptr;
  }
  return s;
}
}  // namespace blaslt_detail
}  // namespace prt

#if PRT_BACKEND_CPU
#include "prt/cpu/blaslt.h"
#else
#include "prt/gpu/blaslt.h"
#endif
