// prt/sparse.h: sparse linear algebra (prtsparse*), cuSPARSE's generic API with a neutral prefix.
//
// CSR and COO matrices and dense vectors and matrices behind descriptors that point at the caller's arrays;
// SpMV (y = alpha op(A) x + beta y), SpMM (C = alpha op(A) op(B) + beta C), SpGEMM (C = alpha A B, both sparse),
// SDDMM, SpSV, SpSM, Axpby, Gather and the conversions, each with its bufferSize call; of the legacy API the matrix
// descriptor, nnz counts, Csr2cscEx2, the CSR sort and csrilu02. cuSPARSE on CUDA, hipSPARSE on HIP; on the CPU the
// runtime's own loops over the descriptors' arrays (fp32 and fp64 values, 32- or 64-bit indices, zero- or one-based;
// no library kept on Debian takes cuSPARSE's mixed index widths or COO without a copy). On the CPU a call waits for
// the handle's stream, then runs on the calling thread. Include this header where prtsparse* is used: on a backend
// whose library is missing it stops with one #error naming the package.
#pragma once

#include <cstddef>
#include <cstdint>

#include "prt/config.h"
#include "prt/detail/data_type.h"  // prtDataType_t
#include "prt/stream.h"            // prtStream_t, prtStreamSynchronize

// Result of every prtsparse call; values equal cuSPARSE's.
typedef enum prtsparseStatus {
  PRTSPARSE_STATUS_SUCCESS = 0,                    // no error
  PRTSPARSE_STATUS_NOT_INITIALIZED = 1,            // the handle or a descriptor is null
  PRTSPARSE_STATUS_ALLOC_FAILED = 2,               // out of memory
  PRTSPARSE_STATUS_INVALID_VALUE = 3,              // an argument is invalid (negative size, mismatched shapes)
  PRTSPARSE_STATUS_ARCH_MISMATCH = 4,              // the device lacks a needed feature
  PRTSPARSE_STATUS_MAPPING_ERROR = 5,              // memory could not be accessed
  PRTSPARSE_STATUS_EXECUTION_FAILED = 6,           // the computation failed
  PRTSPARSE_STATUS_INTERNAL_ERROR = 7,             // internal error
  PRTSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,  // this matrix type is not supported
  PRTSPARSE_STATUS_ZERO_PIVOT = 9,                 // a zero pivot was met
  PRTSPARSE_STATUS_NOT_SUPPORTED = 10,             // this combination of types, formats or options is not supported
  PRTSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11     // not enough resources for the computation
} prtsparseStatus_t;

// Where scalar arguments live; values equal cuSPARSE's.
typedef enum prtsparsePointerMode {
  PRTSPARSE_POINTER_MODE_HOST = 0,   // alpha and beta are host pointers (the default)
  PRTSPARSE_POINTER_MODE_DEVICE = 1  // alpha and beta are device pointers
} prtsparsePointerMode_t;

// How a matrix argument enters the product; values equal cuSPARSE's.
typedef enum prtsparseOperation {
  PRTSPARSE_OPERATION_NON_TRANSPOSE = 0,       // as stored
  PRTSPARSE_OPERATION_TRANSPOSE = 1,           // transposed
  PRTSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2  // conjugate-transposed (transposed, for real values)
} prtsparseOperation_t;

// Whether stored indices count from 0 or 1; values equal cuSPARSE's.
typedef enum prtsparseIndexBase {
  PRTSPARSE_INDEX_BASE_ZERO = 0,  // C indices
  PRTSPARSE_INDEX_BASE_ONE = 1    // Fortran indices
} prtsparseIndexBase_t;

// Width of stored indices; values equal cuSPARSE's.
typedef enum prtsparseIndexType {
  PRTSPARSE_INDEX_16U = 1,  // 16-bit unsigned (not supported by the CPU backend)
  PRTSPARSE_INDEX_32I = 2,  // 32-bit signed
  PRTSPARSE_INDEX_64I = 3   // 64-bit signed
} prtsparseIndexType_t;

// Storage order of a dense matrix; values equal cuSPARSE's.
typedef enum prtsparseOrder {
  PRTSPARSE_ORDER_COL = 1,  // column-major
  PRTSPARSE_ORDER_ROW = 2   // row-major
} prtsparseOrder_t;

// Storage format of a sparse matrix; values equal cuSPARSE's (the runtime makes CSR and COO).
typedef enum prtsparseFormat {
  PRTSPARSE_FORMAT_CSR = 1,  // compressed sparse rows
  PRTSPARSE_FORMAT_CSC = 2,  // compressed sparse columns
  PRTSPARSE_FORMAT_COO = 3   // coordinates, as structure of arrays
} prtsparseFormat_t;

// SpMV algorithm hint; values equal cuSPARSE's (every one computes the same product).
typedef enum prtsparseSpMVAlg {
  PRTSPARSE_SPMV_ALG_DEFAULT = 0,  // the library's choice
  PRTSPARSE_SPMV_COO_ALG1 = 1,     // COO, deterministic order not guaranteed
  PRTSPARSE_SPMV_CSR_ALG1 = 2,     // CSR, the library's choice
  PRTSPARSE_SPMV_CSR_ALG2 = 3,     // CSR, deterministic
  PRTSPARSE_SPMV_COO_ALG2 = 4      // COO, deterministic
} prtsparseSpMVAlg_t;

// SpMM algorithm hint; values equal cuSPARSE's (every one computes the same product).
typedef enum prtsparseSpMMAlg {
  PRTSPARSE_SPMM_ALG_DEFAULT = 0,  // the library's choice
  PRTSPARSE_SPMM_COO_ALG1 = 1,     // COO variants
  PRTSPARSE_SPMM_COO_ALG2 = 2,
  PRTSPARSE_SPMM_COO_ALG3 = 3,
  PRTSPARSE_SPMM_CSR_ALG1 = 4,     // CSR variants
  PRTSPARSE_SPMM_COO_ALG4 = 5,
  PRTSPARSE_SPMM_CSR_ALG2 = 6,
  PRTSPARSE_SPMM_CSR_ALG3 = 12
} prtsparseSpMMAlg_t;

// SparseToDense algorithm; values equal cuSPARSE's.
typedef enum prtsparseSparseToDenseAlg {
  PRTSPARSE_SPARSETODENSE_ALG_DEFAULT = 0  // the only one
} prtsparseSparseToDenseAlg_t;

// Which triangle of a sparse matrix a triangular solve reads; values equal cuSPARSE's.
typedef enum prtsparseFillMode {
  PRTSPARSE_FILL_MODE_LOWER = 0,  // the lower triangle (the default)
  PRTSPARSE_FILL_MODE_UPPER = 1   // the upper triangle
} prtsparseFillMode_t;

// Whether a triangular solve takes the diagonal as stored or as ones; values equal cuSPARSE's.
typedef enum prtsparseDiagType {
  PRTSPARSE_DIAG_TYPE_NON_UNIT = 0,  // as stored (the default)
  PRTSPARSE_DIAG_TYPE_UNIT = 1       // ones, whatever is stored
} prtsparseDiagType_t;

// An attribute of a sparse matrix descriptor; values equal cuSPARSE's.
typedef enum prtsparseSpMatAttribute {
  PRTSPARSE_SPMAT_FILL_MODE = 0,  // a prtsparseFillMode_t
  PRTSPARSE_SPMAT_DIAG_TYPE = 1   // a prtsparseDiagType_t
} prtsparseSpMatAttribute_t;

// SpSM algorithm; values equal cuSPARSE's.
typedef enum prtsparseSpSMAlg {
  PRTSPARSE_SPSM_ALG_DEFAULT = 0  // the only one here
} prtsparseSpSMAlg_t;

// SDDMM algorithm; values equal cuSPARSE's.
typedef enum prtsparseSDDMMAlg {
  PRTSPARSE_SDDMM_ALG_DEFAULT = 0  // the only one
} prtsparseSDDMMAlg_t;

// DenseToSparse algorithm; values equal cuSPARSE's.
typedef enum prtsparseDenseToSparseAlg {
  PRTSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0  // the only one
} prtsparseDenseToSparseAlg_t;

// Whether a conversion fills values or only the sparsity pattern; values equal cuSPARSE's.
typedef enum prtsparseAction {
  PRTSPARSE_ACTION_SYMBOLIC = 0,  // indices only: the value arrays are not read or written
  PRTSPARSE_ACTION_NUMERIC = 1    // indices and values
} prtsparseAction_t;

// Csr2cscEx2 algorithm; values equal cuSPARSE's (both names are one algorithm).
typedef enum prtsparseCsr2CscAlg {
  PRTSPARSE_CSR2CSC_ALG_DEFAULT = 1,  // the library's choice
  PRTSPARSE_CSR2CSC_ALG1 = 1          // the same
} prtsparseCsr2CscAlg_t;

// The structure a legacy matrix descriptor declares; values equal cuSPARSE's.
typedef enum prtsparseMatrixType {
  PRTSPARSE_MATRIX_TYPE_GENERAL = 0,    // every stored entry counts (the default)
  PRTSPARSE_MATRIX_TYPE_SYMMETRIC = 1,  // one triangle stands for both
  PRTSPARSE_MATRIX_TYPE_HERMITIAN = 2,  // one triangle stands for both, conjugated
  PRTSPARSE_MATRIX_TYPE_TRIANGULAR = 3  // one triangle only
} prtsparseMatrixType_t;

// Whether a count runs along rows or columns; values equal cuSPARSE's.
typedef enum prtsparseDirection {
  PRTSPARSE_DIRECTION_ROW = 0,    // one count per row
  PRTSPARSE_DIRECTION_COLUMN = 1  // one count per column
} prtsparseDirection_t;

// SpGEMM algorithm; values equal cuSPARSE's (those that take workEstimation, compute and copy; every one computes
// the same product, and the CPU's is deterministic).
typedef enum prtsparseSpGEMMAlg {
  PRTSPARSE_SPGEMM_DEFAULT = 0,                  // the library's choice
  PRTSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 1,     // bit-wise the same result every run (cuSPARSE's spelling)
  PRTSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC = 2,  // the order of sums may change between runs (cuSPARSE's spelling)
  PRTSPARSE_SPGEMM_ALG1 = 3                      // deterministic, the fastest and most memory of cuSPARSE's
} prtsparseSpGEMMAlg_t;

// SpSV algorithm; values equal cuSPARSE's.
typedef enum prtsparseSpSVAlg {
  PRTSPARSE_SPSV_ALG_DEFAULT = 0  // the only one here
} prtsparseSpSVAlg_t;

// Whether a legacy factorisation or solve collects level information in its analysis; values equal cuSPARSE's.
typedef enum prtsparseSolvePolicy {
  PRTSPARSE_SOLVE_POLICY_NO_LEVEL = 0,  // no levels
  PRTSPARSE_SOLVE_POLICY_USE_LEVEL = 1  // levels (the CPU goes row by row either way)
} prtsparseSolvePolicy_t;

struct prtsparseContext;                                  // opaque library context
typedef struct prtsparseContext* prtsparseHandle_t;      // handle to a library context, bound to one stream
struct prtsparseSpMatDescr;                               // a sparse matrix: sizes, format and the caller's arrays
typedef struct prtsparseSpMatDescr* prtsparseSpMatDescr_t;               // a sparse matrix descriptor
typedef struct prtsparseSpMatDescr const* prtsparseConstSpMatDescr_t;    // a read-only sparse matrix descriptor
struct prtsparseDnVecDescr;                               // a dense vector: size, type and the caller's array
typedef struct prtsparseDnVecDescr* prtsparseDnVecDescr_t;               // a dense vector descriptor
typedef struct prtsparseDnVecDescr const* prtsparseConstDnVecDescr_t;    // a read-only dense vector descriptor
struct prtsparseDnMatDescr;                               // a dense matrix: sizes, leading dimension, order, array
typedef struct prtsparseDnMatDescr* prtsparseDnMatDescr_t;               // a dense matrix descriptor
typedef struct prtsparseDnMatDescr const* prtsparseConstDnMatDescr_t;    // a read-only dense matrix descriptor
struct prtsparseSpSMDescr;                                // state of a triangular solve with many right-hand sides
typedef struct prtsparseSpSMDescr* prtsparseSpSMDescr_t;                 // a SpSM descriptor
struct prtsparseSpVecDescr;                               // a sparse vector: size, indices and values (the caller's)
typedef struct prtsparseSpVecDescr* prtsparseSpVecDescr_t;               // a sparse vector descriptor
typedef struct prtsparseSpVecDescr const* prtsparseConstSpVecDescr_t;    // a read-only sparse vector descriptor

struct prtsparseMatDescr;                                  // a legacy matrix descriptor: type, fill, diagonal, base
typedef struct prtsparseMatDescr* prtsparseMatDescr_t;                   // a legacy matrix descriptor
struct prtsparseSpGEMMDescr;                              // state of a sparse-sparse product between its phases
typedef struct prtsparseSpGEMMDescr* prtsparseSpGEMMDescr_t;             // a SpGEMM descriptor

struct prtsparseSpSVDescr;                                // state of a triangular solve with one right-hand side
typedef struct prtsparseSpSVDescr* prtsparseSpSVDescr_t;                 // a SpSV descriptor
struct prtsparseCsrilu02Info;                             // what csrilu02's analysis and factorisation found
typedef struct prtsparseCsrilu02Info* prtsparseCsrilu02Info_t;           // a csrilu02 info

// Creates a handle on the default stream.
inline prtsparseStatus_t prtsparseCreate(prtsparseHandle_t* handle);
// Destroys a handle.
inline prtsparseStatus_t prtsparseDestroy(prtsparseHandle_t handle);
// Binds a handle to a stream: its later calls are ordered on that stream.
inline prtsparseStatus_t prtsparseSetStream(prtsparseHandle_t handle, prtStream_t stream);
// Returns the stream a handle is bound to.
inline prtsparseStatus_t prtsparseGetStream(prtsparseHandle_t handle, prtStream_t* stream);
// Sets where alpha and beta live.
inline prtsparseStatus_t prtsparseSetPointerMode(prtsparseHandle_t handle, prtsparsePointerMode_t mode);
// Returns where alpha and beta live.
inline prtsparseStatus_t prtsparseGetPointerMode(prtsparseHandle_t handle, prtsparsePointerMode_t* mode);
// Names a status value (PRTSPARSE_STATUS_...).
inline const char* prtsparseGetErrorName(prtsparseStatus_t status);
// Describes a status value in words.
inline const char* prtsparseGetErrorString(prtsparseStatus_t status);

// Describes a CSR matrix over the caller's row offsets (rows + 1), column indices and values (nnz each).
inline prtsparseStatus_t prtsparseCreateCsr(prtsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols,
                                            int64_t nnz, void* csrRowOffsets, void* csrColInd, void* csrValues,
                                            prtsparseIndexType_t csrRowOffsetsType,
                                            prtsparseIndexType_t csrColIndType, prtsparseIndexBase_t idxBase,
                                            prtDataType_t valueType);
// Describes a COO matrix over the caller's row indices, column indices and values (nnz each).
inline prtsparseStatus_t prtsparseCreateCoo(prtsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols,
                                            int64_t nnz, void* cooRowInd, void* cooColInd, void* cooValues,
                                            prtsparseIndexType_t cooIdxType, prtsparseIndexBase_t idxBase,
                                            prtDataType_t valueType);
// Destroys a sparse matrix descriptor (the arrays stay the caller's).
inline prtsparseStatus_t prtsparseDestroySpMat(prtsparseConstSpMatDescr_t spMatDescr);
// The sizes of a sparse matrix.
inline prtsparseStatus_t prtsparseSpMatGetSize(prtsparseConstSpMatDescr_t spMatDescr, int64_t* rows, int64_t* cols,
                                               int64_t* nnz);
// Points a CSR descriptor at new arrays.
inline prtsparseStatus_t prtsparseCsrSetPointers(prtsparseSpMatDescr_t spMatDescr, void* csrRowOffsets,
                                                 void* csrColInd, void* csrValues);
// Describes a dense vector over the caller's array.
inline prtsparseStatus_t prtsparseCreateDnVec(prtsparseDnVecDescr_t* dnVecDescr, int64_t size, void* values,
                                              prtDataType_t valueType);
// Destroys a dense vector descriptor.
inline prtsparseStatus_t prtsparseDestroyDnVec(prtsparseConstDnVecDescr_t dnVecDescr);
// The array a dense vector descriptor points at.
inline prtsparseStatus_t prtsparseDnVecGetValues(prtsparseDnVecDescr_t dnVecDescr, void** values);
// Describes a dense rows x cols matrix with leading dimension ld over the caller's array.
inline prtsparseStatus_t prtsparseCreateDnMat(prtsparseDnMatDescr_t* dnMatDescr, int64_t rows, int64_t cols,
                                              int64_t ld, void* values, prtDataType_t valueType,
                                              prtsparseOrder_t order);
// Destroys a dense matrix descriptor.
inline prtsparseStatus_t prtsparseDestroyDnMat(prtsparseConstDnMatDescr_t dnMatDescr);
// The array a dense matrix descriptor points at.
inline prtsparseStatus_t prtsparseDnMatGetValues(prtsparseDnMatDescr_t dnMatDescr, void** values);

// Bytes of work area SpMV needs (0 on the CPU).
inline prtsparseStatus_t prtsparseSpMV_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                  const void* alpha, prtsparseConstSpMatDescr_t matA,
                                                  prtsparseConstDnVecDescr_t vecX, const void* beta,
                                                  prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                                  prtsparseSpMVAlg_t alg, size_t* bufferSize);
// y = alpha op(A) x + beta y; computeType equals the value type on the CPU (fp32 or fp64).
inline prtsparseStatus_t prtsparseSpMV(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                       prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                       const void* beta, prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                       prtsparseSpMVAlg_t alg, void* externalBuffer);
// Bytes of work area SpMM needs (0 on the CPU).
inline prtsparseStatus_t prtsparseSpMM_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                  prtsparseOperation_t opB, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                  const void* beta, prtsparseDnMatDescr_t matC,
                                                  prtDataType_t computeType, prtsparseSpMMAlg_t alg,
                                                  size_t* bufferSize);
// C = alpha op(A) op(B) + beta C, with B and C dense (either order).
inline prtsparseStatus_t prtsparseSpMM(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                       const void* alpha, prtsparseConstSpMatDescr_t matA,
                                       prtsparseConstDnMatDescr_t matB, const void* beta, prtsparseDnMatDescr_t matC,
                                       prtDataType_t computeType, prtsparseSpMMAlg_t alg, void* externalBuffer);
// Bytes of work area SparseToDense needs (0 on the CPU).
inline prtsparseStatus_t prtsparseSparseToDense_bufferSize(prtsparseHandle_t handle, prtsparseConstSpMatDescr_t matA,
                                                           prtsparseDnMatDescr_t matB,
                                                           prtsparseSparseToDenseAlg_t alg, size_t* bufferSize);
// B = A as a dense matrix (zeros where A stores nothing).
inline prtsparseStatus_t prtsparseSparseToDense(prtsparseHandle_t handle, prtsparseConstSpMatDescr_t matA,
                                                prtsparseDnMatDescr_t matB, prtsparseSparseToDenseAlg_t alg,
                                                void* externalBuffer);
// Bytes of work area DenseToSparse needs (0 on the CPU).
inline prtsparseStatus_t prtsparseDenseToSparse_bufferSize(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t matA,
                                                           prtsparseSpMatDescr_t matB,
                                                           prtsparseDenseToSparseAlg_t alg, size_t* bufferSize);
// Counts A's non-zeros into B's nnz (and, for CSR, fills B's row offsets), so the caller can size B's arrays.
inline prtsparseStatus_t prtsparseDenseToSparse_analysis(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t matA,
                                                         prtsparseSpMatDescr_t matB, prtsparseDenseToSparseAlg_t alg,
                                                         void* externalBuffer);
// Fills B (CSR or COO, its arrays set with CsrSetPointers or at creation) with A's non-zeros, row by row.
inline prtsparseStatus_t prtsparseDenseToSparse_convert(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t matA,
                                                        prtsparseSpMatDescr_t matB, prtsparseDenseToSparseAlg_t alg,
                                                        void* externalBuffer);
// Describes a sparse vector of `size` elements, nnz of them stored at the caller's indices and values.
inline prtsparseStatus_t prtsparseCreateSpVec(prtsparseSpVecDescr_t* spVecDescr, int64_t size, int64_t nnz,
                                              void* indices, void* values, prtsparseIndexType_t idxType,
                                              prtsparseIndexBase_t idxBase, prtDataType_t valueType);
// Destroys a sparse vector descriptor.
inline prtsparseStatus_t prtsparseDestroySpVec(prtsparseConstSpVecDescr_t spVecDescr);
// y = alpha x + beta y with x sparse and y dense.
inline prtsparseStatus_t prtsparseAxpby(prtsparseHandle_t handle, const void* alpha, prtsparseConstSpVecDescr_t vecX,
                                        const void* beta, prtsparseDnVecDescr_t vecY);
// Makes a CSR descriptor a strided batch: batchCount matrices, their row offsets offsetsBatchStride elements apart
// and their columns and values columnsValuesBatchStride apart (SDDMM only, on the CPU).
inline prtsparseStatus_t prtsparseCsrSetStridedBatch(prtsparseSpMatDescr_t spMatDescr, int batchCount,
                                                     int64_t offsetsBatchStride, int64_t columnsValuesBatchStride);
// Makes a dense matrix descriptor a strided batch of batchCount matrices batchStride elements apart.
inline prtsparseStatus_t prtsparseDnMatSetStridedBatch(prtsparseDnMatDescr_t dnMatDescr, int batchCount,
                                                       int64_t batchStride);
// Bytes of work area SDDMM needs (0 on the CPU).
inline prtsparseStatus_t prtsparseSDDMM_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                   prtsparseOperation_t opB, const void* alpha,
                                                   prtsparseConstDnMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                   const void* beta, prtsparseSpMatDescr_t matC,
                                                   prtDataType_t computeType, prtsparseSDDMMAlg_t alg,
                                                   size_t* bufferSize);
// Prepares an SDDMM (checks its arguments on the CPU).
inline prtsparseStatus_t prtsparseSDDMM_preprocess(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                   prtsparseOperation_t opB, const void* alpha,
                                                   prtsparseConstDnMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                   const void* beta, prtsparseSpMatDescr_t matC,
                                                   prtDataType_t computeType, prtsparseSDDMMAlg_t alg,
                                                   void* externalBuffer);
// C = alpha (op(A) op(B)) at C's stored entries + beta C, with A and B dense and C a CSR matrix (or a batch of them).
inline prtsparseStatus_t prtsparseSDDMM(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                        const void* alpha, prtsparseConstDnMatDescr_t matA,
                                        prtsparseConstDnMatDescr_t matB, const void* beta, prtsparseSpMatDescr_t matC,
                                        prtDataType_t computeType, prtsparseSDDMMAlg_t alg, void* externalBuffer);
// Sets a sparse matrix attribute (fill mode or diagonal type) from dataSize bytes at data.
inline prtsparseStatus_t prtsparseSpMatSetAttribute(prtsparseSpMatDescr_t spMatDescr, prtsparseSpMatAttribute_t attribute,
                                                    void* data, size_t dataSize);
// Reads a sparse matrix attribute into dataSize bytes at data.
inline prtsparseStatus_t prtsparseSpMatGetAttribute(prtsparseConstSpMatDescr_t spMatDescr,
                                                    prtsparseSpMatAttribute_t attribute, void* data, size_t dataSize);
// Makes a SpSM descriptor.
inline prtsparseStatus_t prtsparseSpSM_createDescr(prtsparseSpSMDescr_t* descr);
// Destroys a SpSM descriptor.
inline prtsparseStatus_t prtsparseSpSM_destroyDescr(prtsparseSpSMDescr_t descr);
// Bytes of work area SpSM needs (0 on the CPU).
inline prtsparseStatus_t prtsparseSpSM_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                  prtsparseOperation_t opB, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                  prtsparseDnMatDescr_t matC, prtDataType_t computeType,
                                                  prtsparseSpSMAlg_t alg, prtsparseSpSMDescr_t spsmDescr,
                                                  size_t* bufferSize);
// Prepares a triangular solve (checks its arguments on the CPU).
inline prtsparseStatus_t prtsparseSpSM_analysis(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                prtsparseOperation_t opB, const void* alpha,
                                                prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                prtsparseDnMatDescr_t matC, prtDataType_t computeType,
                                                prtsparseSpSMAlg_t alg, prtsparseSpSMDescr_t spsmDescr,
                                                void* externalBuffer);
// Solves op(A) C = alpha op(B) for C, A triangular (its fill mode and diagonal type as set; a diagonal entry A does
// not store is a zero to divide by unless the type is unit), B and C dense; on the CPU op(A) is A, stored as CSR.
inline prtsparseStatus_t prtsparseSpSM_solve(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                             prtsparseOperation_t opB, const void* alpha,
                                             prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                             prtsparseDnMatDescr_t matC, prtDataType_t computeType,
                                             prtsparseSpSMAlg_t alg, prtsparseSpSMDescr_t spsmDescr);

// Makes a legacy matrix descriptor: general, lower fill, stored diagonal, zero-based.
inline prtsparseStatus_t prtsparseCreateMatDescr(prtsparseMatDescr_t* descrA);
// Destroys a legacy matrix descriptor.
inline prtsparseStatus_t prtsparseDestroyMatDescr(prtsparseMatDescr_t descrA);
// Sets the structure a legacy matrix descriptor declares.
inline prtsparseStatus_t prtsparseSetMatType(prtsparseMatDescr_t descrA, prtsparseMatrixType_t type);
// The structure a legacy matrix descriptor declares.
inline prtsparseMatrixType_t prtsparseGetMatType(const prtsparseMatDescr_t descrA);
// Sets which triangle a legacy matrix descriptor names.
inline prtsparseStatus_t prtsparseSetMatFillMode(prtsparseMatDescr_t descrA, prtsparseFillMode_t fillMode);
// The triangle a legacy matrix descriptor names.
inline prtsparseFillMode_t prtsparseGetMatFillMode(const prtsparseMatDescr_t descrA);
// Sets whether a legacy matrix descriptor takes the diagonal as stored or as ones.
inline prtsparseStatus_t prtsparseSetMatDiagType(prtsparseMatDescr_t descrA, prtsparseDiagType_t diagType);
// Whether a legacy matrix descriptor takes the diagonal as stored or as ones.
inline prtsparseDiagType_t prtsparseGetMatDiagType(const prtsparseMatDescr_t descrA);
// Sets whether the indices a legacy matrix descriptor describes count from 0 or 1.
inline prtsparseStatus_t prtsparseSetMatIndexBase(prtsparseMatDescr_t descrA, prtsparseIndexBase_t base);
// Whether the indices a legacy matrix descriptor describes count from 0 or 1.
inline prtsparseIndexBase_t prtsparseGetMatIndexBase(const prtsparseMatDescr_t descrA);
// Counts the non-zeros of a dense m x n column-major fp32 matrix per row or per column, and in all.
inline prtsparseStatus_t prtsparseSnnz(prtsparseHandle_t handle, prtsparseDirection_t dirA, int m, int n,
                                       const prtsparseMatDescr_t descrA, const float* A, int lda, int* nnzPerRowCol,
                                       int* nnzTotalDevHostPtr);
// Counts the non-zeros of a dense m x n column-major fp64 matrix per row or per column, and in all.
inline prtsparseStatus_t prtsparseDnnz(prtsparseHandle_t handle, prtsparseDirection_t dirA, int m, int n,
                                       const prtsparseMatDescr_t descrA, const double* A, int lda, int* nnzPerRowCol,
                                       int* nnzTotalDevHostPtr);
// Bytes of work area Csr2cscEx2 needs (0 on the CPU).
inline prtsparseStatus_t prtsparseCsr2cscEx2_bufferSize(prtsparseHandle_t handle, int m, int n, int nnz,
                                                        const void* csrVal, const int* csrRowPtr, const int* csrColInd,
                                                        void* cscVal, int* cscColPtr, int* cscRowInd,
                                                        prtDataType_t valType, prtsparseAction_t copyValues,
                                                        prtsparseIndexBase_t idxBase, prtsparseCsr2CscAlg_t alg,
                                                        size_t* bufferSize);
// The transpose of an m x n CSR matrix as CSC (rows ascending in each column), with its values or its pattern only.
inline prtsparseStatus_t prtsparseCsr2cscEx2(prtsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
                                             const int* csrRowPtr, const int* csrColInd, void* cscVal, int* cscColPtr,
                                             int* cscRowInd, prtDataType_t valType, prtsparseAction_t copyValues,
                                             prtsparseIndexBase_t idxBase, prtsparseCsr2CscAlg_t alg, void* buffer);
// Writes the identity permutation 0, 1, ..., n - 1 into p.
inline prtsparseStatus_t prtsparseCreateIdentityPermutation(prtsparseHandle_t handle, int n, int* p);
// Bytes of work area Xcsrsort needs.
inline prtsparseStatus_t prtsparseXcsrsort_bufferSizeExt(prtsparseHandle_t handle, int m, int n, int nnz,
                                                         const int* csrRowPtrA, const int* csrColIndA,
                                                         size_t* pBufferSizeInBytes);
// Sorts the column indices of each row of a CSR matrix, permuting P (nnz entries) the same way.
inline prtsparseStatus_t prtsparseXcsrsort(prtsparseHandle_t handle, int m, int n, int nnz,
                                           const prtsparseMatDescr_t descrA, const int* csrRowPtrA, int* csrColIndA,
                                           int* P, void* pBuffer);
// x's stored values from a dense vector: x.values[i] = y[x.indices[i]].
inline prtsparseStatus_t prtsparseGather(prtsparseHandle_t handle, prtsparseConstDnVecDescr_t vecY,
                                         prtsparseSpVecDescr_t vecX);
// Makes a SpGEMM descriptor.
inline prtsparseStatus_t prtsparseSpGEMM_createDescr(prtsparseSpGEMMDescr_t* descr);
// Destroys a SpGEMM descriptor.
inline prtsparseStatus_t prtsparseSpGEMM_destroyDescr(prtsparseSpGEMMDescr_t descr);
// First phase of C = alpha op(A) op(B): with a null externalBuffer1 the bytes it needs, else it counts the products
// into that buffer (kept until compute).
inline prtsparseStatus_t prtsparseSpGEMM_workEstimation(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                        prtsparseOperation_t opB, const void* alpha,
                                                        prtsparseConstSpMatDescr_t matA,
                                                        prtsparseConstSpMatDescr_t matB, const void* beta,
                                                        prtsparseSpMatDescr_t matC, prtDataType_t computeType,
                                                        prtsparseSpGEMMAlg_t alg, prtsparseSpGEMMDescr_t spgemmDescr,
                                                        size_t* bufferSize1, void* externalBuffer1);
// Second phase: with a null externalBuffer2 the bytes it needs, else the product into that buffer (kept until
// copy) and C's nnz into matC; on the CPU op(A) and op(B) are A and B, CSR, and beta is 0.
inline prtsparseStatus_t prtsparseSpGEMM_compute(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                 prtsparseOperation_t opB, const void* alpha,
                                                 prtsparseConstSpMatDescr_t matA, prtsparseConstSpMatDescr_t matB,
                                                 const void* beta, prtsparseSpMatDescr_t matC,
                                                 prtDataType_t computeType, prtsparseSpGEMMAlg_t alg,
                                                 prtsparseSpGEMMDescr_t spgemmDescr, size_t* bufferSize2,
                                                 void* externalBuffer2);
// Last phase: the product into C's arrays (set with CsrSetPointers), columns ascending in each row.
inline prtsparseStatus_t prtsparseSpGEMM_copy(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                              prtsparseOperation_t opB, const void* alpha,
                                              prtsparseConstSpMatDescr_t matA, prtsparseConstSpMatDescr_t matB,
                                              const void* beta, prtsparseSpMatDescr_t matC, prtDataType_t computeType,
                                              prtsparseSpGEMMAlg_t alg, prtsparseSpGEMMDescr_t spgemmDescr);

// Makes a SpSV descriptor.
inline prtsparseStatus_t prtsparseSpSV_createDescr(prtsparseSpSVDescr_t* descr);
// Destroys a SpSV descriptor.
inline prtsparseStatus_t prtsparseSpSV_destroyDescr(prtsparseSpSVDescr_t descr);
// Bytes of work area SpSV needs (0 on the CPU).
inline prtsparseStatus_t prtsparseSpSV_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                                  prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                                  prtsparseSpSVAlg_t alg, prtsparseSpSVDescr_t spsvDescr,
                                                  size_t* bufferSize);
// Prepares a triangular solve with one right-hand side (checks its arguments on the CPU).
inline prtsparseStatus_t prtsparseSpSV_analysis(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                                prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                                prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                                prtsparseSpSVAlg_t alg, prtsparseSpSVDescr_t spsvDescr,
                                                void* externalBuffer);
// Solves op(A) y = alpha x for y, A triangular as for SpSM_solve; on the CPU op(A) is A, stored as CSR.
inline prtsparseStatus_t prtsparseSpSV_solve(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                             prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                             prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                             prtsparseSpSVAlg_t alg, prtsparseSpSVDescr_t spsvDescr);
// Makes a csrilu02 info.
inline prtsparseStatus_t prtsparseCreateCsrilu02Info(prtsparseCsrilu02Info_t* info);
// Destroys a csrilu02 info.
inline prtsparseStatus_t prtsparseDestroyCsrilu02Info(prtsparseCsrilu02Info_t info);
// Bytes of work area csrilu02's analysis and factorisation of an m x m fp32 CSR matrix need.
inline prtsparseStatus_t prtsparseScsrilu02_bufferSize(prtsparseHandle_t handle, int m, int nnz,
                                                       const prtsparseMatDescr_t descrA, float* csrSortedValA,
                                                       const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                       prtsparseCsrilu02Info_t info, int* pBufferSizeInBytes);
// Bytes of work area csrilu02's analysis and factorisation of an m x m fp64 CSR matrix need.
inline prtsparseStatus_t prtsparseDcsrilu02_bufferSize(prtsparseHandle_t handle, int m, int nnz,
                                                       const prtsparseMatDescr_t descrA, double* csrSortedValA,
                                                       const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                       prtsparseCsrilu02Info_t info, int* pBufferSizeInBytes);
// Finds each row's diagonal entry (columns sorted in each row); a missing one is a structural zero for zeroPivot.
inline prtsparseStatus_t prtsparseScsrilu02_analysis(prtsparseHandle_t handle, int m, int nnz,
                                                     const prtsparseMatDescr_t descrA, const float* csrSortedValA,
                                                     const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                     prtsparseCsrilu02Info_t info, prtsparseSolvePolicy_t policy,
                                                     void* pBuffer);
// Finds each row's diagonal entry (columns sorted in each row); a missing one is a structural zero for zeroPivot.
inline prtsparseStatus_t prtsparseDcsrilu02_analysis(prtsparseHandle_t handle, int m, int nnz,
                                                     const prtsparseMatDescr_t descrA, const double* csrSortedValA,
                                                     const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                     prtsparseCsrilu02Info_t info, prtsparseSolvePolicy_t policy,
                                                     void* pBuffer);
// Incomplete LU without fill, in place: L (unit diagonal, not stored) below the diagonal, U on and above it.
inline prtsparseStatus_t prtsparseScsrilu02(prtsparseHandle_t handle, int m, int nnz, const prtsparseMatDescr_t descrA,
                                            float* csrSortedValA_valM, const int* csrSortedRowPtrA,
                                            const int* csrSortedColIndA, prtsparseCsrilu02Info_t info,
                                            prtsparseSolvePolicy_t policy, void* pBuffer);
// Incomplete LU without fill, in place: L (unit diagonal, not stored) below the diagonal, U on and above it.
inline prtsparseStatus_t prtsparseDcsrilu02(prtsparseHandle_t handle, int m, int nnz, const prtsparseMatDescr_t descrA,
                                            double* csrSortedValA_valM, const int* csrSortedRowPtrA,
                                            const int* csrSortedColIndA, prtsparseCsrilu02Info_t info,
                                            prtsparseSolvePolicy_t policy, void* pBuffer);
// PRTSPARSE_STATUS_ZERO_PIVOT with the first row whose pivot is a structural or numerical zero in *position, else
// success with -1 there.
inline prtsparseStatus_t prtsparseXcsrilu02_zeroPivot(prtsparseHandle_t handle, prtsparseCsrilu02Info_t info,
                                                      int* position);

// Shared by every backend: the name of a status value.
inline const char* prtsparseGetErrorName(prtsparseStatus_t status) {
  switch (status) {
    case PRTSPARSE_STATUS_SUCCESS: return "PRTSPARSE_STATUS_SUCCESS";
    case PRTSPARSE_STATUS_NOT_INITIALIZED: return "PRTSPARSE_STATUS_NOT_INITIALIZED";
    case PRTSPARSE_STATUS_ALLOC_FAILED: return "PRTSPARSE_STATUS_ALLOC_FAILED";
    case PRTSPARSE_STATUS_INVALID_VALUE: return "PRTSPARSE_STATUS_INVALID_VALUE";
    case PRTSPARSE_STATUS_ARCH_MISMATCH: return "PRTSPARSE_STATUS_ARCH_MISMATCH";
    case PRTSPARSE_STATUS_MAPPING_ERROR: return "PRTSPARSE_STATUS_MAPPING_ERROR";
    case PRTSPARSE_STATUS_EXECUTION_FAILED: return "PRTSPARSE_STATUS_EXECUTION_FAILED";
    case PRTSPARSE_STATUS_INTERNAL_ERROR: return "PRTSPARSE_STATUS_INTERNAL_ERROR";
    case PRTSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "PRTSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
    case PRTSPARSE_STATUS_ZERO_PIVOT: return "PRTSPARSE_STATUS_ZERO_PIVOT";
    case PRTSPARSE_STATUS_NOT_SUPPORTED: return "PRTSPARSE_STATUS_NOT_SUPPORTED";
    case PRTSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "PRTSPARSE_STATUS_INSUFFICIENT_RESOURCES";
  }
  return "PRTSPARSE_STATUS_UNKNOWN";
}

// Shared by every backend: a status value in words.
inline const char* prtsparseGetErrorString(prtsparseStatus_t status) {
  switch (status) {
    case PRTSPARSE_STATUS_SUCCESS: return "success";
    case PRTSPARSE_STATUS_NOT_INITIALIZED: return "initialization error";
    case PRTSPARSE_STATUS_ALLOC_FAILED: return "out of memory";
    case PRTSPARSE_STATUS_INVALID_VALUE: return "invalid value";
    case PRTSPARSE_STATUS_ARCH_MISMATCH: return "the device does not support this operation";
    case PRTSPARSE_STATUS_MAPPING_ERROR: return "memory mapping error";
    case PRTSPARSE_STATUS_EXECUTION_FAILED: return "execution failed";
    case PRTSPARSE_STATUS_INTERNAL_ERROR: return "internal error";
    case PRTSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "matrix type not supported";
    case PRTSPARSE_STATUS_ZERO_PIVOT: return "zero pivot";
    case PRTSPARSE_STATUS_NOT_SUPPORTED: return "operation not supported";
    case PRTSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "insufficient resources";
  }
  return "unknown error";
}

#if PRT_BACKEND_CPU
#include "prt/cpu/sparse.h"
#else
#include "prt/gpu/sparse.h"
#endif
