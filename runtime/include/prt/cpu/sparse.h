// prt/cpu/sparse.h: the CPU backend of prt/sparse.h: loops of its own over the descriptors' arrays, one pass over
// the stored entries per product, on the calling thread.
#pragma once

#include <algorithm>
#include <cstring>
#include <new>
#include <vector>

// A library context: the stream calls are ordered on, and where scalars live (both are host memory here).
struct prtsparseContext {
  prtStream_t stream = nullptr;                               // calls wait for this stream before running
  prtsparsePointerMode_t mode = PRTSPARSE_POINTER_MODE_HOST;  // recorded for GetPointerMode
};

// A sparse matrix: sizes, format, index widths and base, value type, and the caller's arrays.
struct prtsparseSpMatDescr {
  prtsparseFormat_t format;
  int64_t rows, cols, nnz;
  void* rowPtr;  // CSR row offsets (rows + 1) or COO row indices (nnz)
  void* colInd;  // column indices (nnz)
  void* values;  // values (nnz)
  prtsparseIndexType_t rowType, colType;
  prtsparseIndexBase_t base;
  prtDataType_t valueType;
  int batch;                 // matrices in a strided batch (CsrSetStridedBatch), 1 otherwise
  int64_t offsetsStride;     // elements between the row offsets of consecutive matrices
  int64_t valuesStride;      // elements between the columns and values of consecutive matrices
  prtsparseFillMode_t fill;  // the triangle a triangular solve reads
  prtsparseDiagType_t diag;  // whether that solve takes the diagonal as stored
};

// A legacy matrix descriptor: what it declares about the arrays it is passed with.
struct prtsparseMatDescr {
  prtsparseMatrixType_t type;
  prtsparseFillMode_t fill;
  prtsparseDiagType_t diag;
  prtsparseIndexBase_t base;
};

// A sparse-sparse product between its phases: the caller's work areas and what each phase left in them.
struct prtsparseSpGEMMDescr {
  void* counts;      // externalBuffer1: products per row of A then their total (int64_t each), from workEstimation
  void* product;     // externalBuffer2: C's offsets, columns, then values (int64_t, int64_t, the value type)
  int64_t rows;      // C's rows when counted
  int64_t products;  // products counted (an upper bound of C's nnz)
  int64_t nnz;       // C's stored entries, after compute
  bool counted;      // workEstimation has run with a buffer
  bool computed;     // compute has run with a buffer
};

// A triangular solve's state with one right-hand side: nothing to keep, as for SpSM.
struct prtsparseSpSVDescr {
  int unused;
};

// What csrilu02 found: the first row without a stored diagonal (analysis) and the first zero pivot (factorisation).
struct prtsparseCsrilu02Info {
  int structural;  // -1 when every row stores its diagonal
  int numerical;   // -1 when no pivot came out zero
  bool analysed;   // analysis has run (it fills the work area the factorisation reads)
};

// A triangular solve's state: nothing to keep on the CPU, where the solve needs no analysis.
struct prtsparseSpSMDescr {
  int unused;
};

// A sparse vector: size, stored count, index width and base, value type, and the caller's arrays.
struct prtsparseSpVecDescr {
  int64_t size, nnz;
  void* indices;
  void* values;
  prtsparseIndexType_t idxType;
  prtsparseIndexBase_t base;
  prtDataType_t valueType;
};

// A dense vector over the caller's array.
struct prtsparseDnVecDescr {
  int64_t size;
  void* values;
  prtDataType_t valueType;
};

// A dense matrix over the caller's array.
struct prtsparseDnMatDescr {
  int64_t rows, cols, ld;
  void* values;
  prtDataType_t valueType;
  prtsparseOrder_t order;
  int batch;       // matrices in a strided batch (DnMatSetStridedBatch), 1 otherwise
  int64_t stride;  // elements between consecutive matrices
};

namespace prt {
namespace sparse_detail {

inline prtsparseStatus_t enter(prtsparseHandle_t handle) {
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (prtStreamSynchronize(handle->stream) != 0) return PRTSPARSE_STATUS_EXECUTION_FAILED;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline bool real_type(prtDataType_t t) { return t == PRT_R_32F || t == PRT_R_64F; }
inline bool index_type(prtsparseIndexType_t t) { return t == PRTSPARSE_INDEX_32I || t == PRTSPARSE_INDEX_64I; }
inline bool valid_op(prtsparseOperation_t op) {
  return op == PRTSPARSE_OPERATION_NON_TRANSPOSE || op == PRTSPARSE_OPERATION_TRANSPOSE ||
         op == PRTSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

// Calls f(row, col, value) for every stored entry, zero-based, row by row for CSR and in stored order for COO.
template <class T, class R, class C, class F>
inline void each_entry(const prtsparseSpMatDescr& a, F&& f) {
  const R* rp = static_cast<const R*>(a.rowPtr);
  const C* ci = static_cast<const C*>(a.colInd);
  const T* v = static_cast<const T*>(a.values);
  const int64_t base = a.base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  if (a.format == PRTSPARSE_FORMAT_CSR) {
    for (int64_t i = 0; i < a.rows; ++i) {
      const int64_t end = static_cast<int64_t>(rp[i + 1]) - base;
      for (int64_t k = static_cast<int64_t>(rp[i]) - base; k < end; ++k) {
        f(i, static_cast<int64_t>(ci[k]) - base, v[k]);
      }
    }
  } else {
    for (int64_t k = 0; k < a.nnz; ++k) {
      f(static_cast<int64_t>(rp[k]) - base, static_cast<int64_t>(ci[k]) - base, v[k]);
    }
  }
}

// Dispatches on the value type and the two index widths.
template <class F>
inline prtsparseStatus_t typed(const prtsparseSpMatDescr& a, F&& f) {
  const bool r64 = a.rowType == PRTSPARSE_INDEX_64I, c64 = a.colType == PRTSPARSE_INDEX_64I;
  if (a.valueType == PRT_R_32F) {
    if (r64) return c64 ? f(float{}, int64_t{}, int64_t{}) : f(float{}, int64_t{}, int32_t{});
    return c64 ? f(float{}, int32_t{}, int64_t{}) : f(float{}, int32_t{}, int32_t{});
  }
  if (r64) return c64 ? f(double{}, int64_t{}, int64_t{}) : f(double{}, int64_t{}, int32_t{});
  return c64 ? f(double{}, int32_t{}, int64_t{}) : f(double{}, int32_t{}, int32_t{});
}

// y = alpha op(A) x + beta y over one value type; a zero beta overwrites y (NaNs in it do not survive).
template <class T, class R, class C>
inline void spmv(const prtsparseSpMatDescr& a, bool trans, T alpha, const T* x, T beta, T* y) {
  const int64_t ny = trans ? a.cols : a.rows;
  if (!trans && a.format == PRTSPARSE_FORMAT_CSR) {
    const R* rp = static_cast<const R*>(a.rowPtr);
    const C* ci = static_cast<const C*>(a.colInd);
    const T* v = static_cast<const T*>(a.values);
    const int64_t base = a.base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
    for (int64_t i = 0; i < a.rows; ++i) {
      T sum = 0;
      const int64_t end = static_cast<int64_t>(rp[i + 1]) - base;
      for (int64_t k = static_cast<int64_t>(rp[i]) - base; k < end; ++k)
        sum += v[k] * x[static_cast<int64_t>(ci[k]) - base];
      y[i] = beta == T(0) ? alpha * sum : alpha * sum + beta * y[i];
    }
    return;
  }
  for (int64_t i = 0; i < ny; ++i) y[i] = beta == T(0) ? T(0) : beta * y[i];
  if (trans) {
    each_entry<T, R, C>(a, [&](int64_t i, int64_t j, T v) { y[j] += alpha * v * x[i]; });
  } else {
    each_entry<T, R, C>(a, [&](int64_t i, int64_t j, T v) { y[i] += alpha * v * x[j]; });
  }
}

// Element (r, c) of a dense matrix.
template <class T>
inline T& dense_at(const prtsparseDnMatDescr& m, int64_t r, int64_t c) {
  T* v = static_cast<T*>(m.values);
  return m.order == PRTSPARSE_ORDER_COL ? v[r + c * m.ld] : v[r * m.ld + c];
}

// C = alpha op(A) op(B) + beta C over one value type.
template <class T, class R, class C>
inline void spmm(const prtsparseSpMatDescr& a, bool transA, const prtsparseDnMatDescr& b, bool transB, T alpha, T beta,
                 const prtsparseDnMatDescr& c) {
  for (int64_t i = 0; i < c.rows; ++i) {
    for (int64_t j = 0; j < c.cols; ++j) {
      T& e = dense_at<T>(c, i, j);
      e = beta == T(0) ? T(0) : beta * e;
    }
  }
  const int64_t n = c.cols;
  each_entry<T, R, C>(a, [&](int64_t i, int64_t k, T v) {
    const int64_t row = transA ? k : i, inner = transA ? i : k;
    const T s = alpha * v;
    for (int64_t j = 0; j < n; ++j) dense_at<T>(c, row, j) += s * (transB ? dense_at<T>(b, j, inner) : dense_at<T>(b, inner, j));
  });
}

// A new sparse matrix descriptor: one matrix (no batch), lower triangle and stored diagonal for triangular solves.
inline prtsparseStatus_t make_spmat(prtsparseSpMatDescr_t* out, prtsparseFormat_t format, int64_t rows, int64_t cols,
                                    int64_t nnz, void* rowPtr, void* colInd, void* values, prtsparseIndexType_t rowType,
                                    prtsparseIndexType_t colType, prtsparseIndexBase_t base, prtDataType_t valueType) {
  prtsparseSpMatDescr* d = new (std::nothrow) prtsparseSpMatDescr();
  if (d == nullptr) return PRTSPARSE_STATUS_ALLOC_FAILED;
  d->format = format;
  d->rows = rows;
  d->cols = cols;
  d->nnz = nnz;
  d->rowPtr = rowPtr;
  d->colInd = colInd;
  d->values = values;
  d->rowType = rowType;
  d->colType = colType;
  d->base = base;
  d->valueType = valueType;
  d->batch = 1;
  d->fill = PRTSPARSE_FILL_MODE_LOWER;
  d->diag = PRTSPARSE_DIAG_TYPE_NON_UNIT;
  *out = d;
  return PRTSPARSE_STATUS_SUCCESS;
}

// The scalar alpha or beta points at, read out of line: the value-type dispatch compiles every type's branch, and
// inlined into a caller whose scalar is a float the double branch would look like an overread to the compiler.
template <class T>
#if defined(__GNUC__)
__attribute__((noinline))
#endif
T scalar(const void* p) {
  return *static_cast<const T*>(p);
}

inline bool dense_ok(const prtsparseDnMatDescr& m) {
  return m.ld >= (m.order == PRTSPARSE_ORDER_COL ? (m.rows > 1 ? m.rows : 1) : (m.cols > 1 ? m.cols : 1));
}

}  // namespace sparse_detail
}  // namespace prt

inline prtsparseStatus_t prtsparseCreate(prtsparseHandle_t* handle) {
  if (handle == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *handle = new (std::nothrow) prtsparseContext();
  return *handle != nullptr ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ALLOC_FAILED;
}
inline prtsparseStatus_t prtsparseDestroy(prtsparseHandle_t handle) {
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  delete handle;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSetStream(prtsparseHandle_t handle, prtStream_t stream) {
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  handle->stream = stream;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseGetStream(prtsparseHandle_t handle, prtStream_t* stream) {
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (stream != nullptr) *stream = handle->stream;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSetPointerMode(prtsparseHandle_t handle, prtsparsePointerMode_t mode) {
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (mode != PRTSPARSE_POINTER_MODE_HOST && mode != PRTSPARSE_POINTER_MODE_DEVICE) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  handle->mode = mode;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseGetPointerMode(prtsparseHandle_t handle, prtsparsePointerMode_t* mode) {
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (mode != nullptr) *mode = handle->mode;
  return PRTSPARSE_STATUS_SUCCESS;
}

inline prtsparseStatus_t prtsparseCreateCsr(prtsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                            void* csrRowOffsets, void* csrColInd, void* csrValues,
                                            prtsparseIndexType_t csrRowOffsetsType, prtsparseIndexType_t csrColIndType,
                                            prtsparseIndexBase_t idxBase, prtDataType_t valueType) {
  using namespace prt::sparse_detail;
  if (spMatDescr == nullptr || rows < 0 || cols < 0 || nnz < 0) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (!index_type(csrRowOffsetsType) || !index_type(csrColIndType) || !real_type(valueType)) {
    return PRTSPARSE_STATUS_NOT_SUPPORTED;
  }
  if (idxBase != PRTSPARSE_INDEX_BASE_ZERO && idxBase != PRTSPARSE_INDEX_BASE_ONE)
    return PRTSPARSE_STATUS_INVALID_VALUE;
  return make_spmat(spMatDescr, PRTSPARSE_FORMAT_CSR, rows, cols, nnz, csrRowOffsets, csrColInd, csrValues,
                    csrRowOffsetsType, csrColIndType, idxBase, valueType);
}
inline prtsparseStatus_t prtsparseCreateCoo(prtsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                            void* cooRowInd, void* cooColInd, void* cooValues,
                                            prtsparseIndexType_t cooIdxType, prtsparseIndexBase_t idxBase,
                                            prtDataType_t valueType) {
  using namespace prt::sparse_detail;
  if (spMatDescr == nullptr || rows < 0 || cols < 0 || nnz < 0) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (!index_type(cooIdxType) || !real_type(valueType)) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  if (idxBase != PRTSPARSE_INDEX_BASE_ZERO && idxBase != PRTSPARSE_INDEX_BASE_ONE)
    return PRTSPARSE_STATUS_INVALID_VALUE;
  return make_spmat(spMatDescr, PRTSPARSE_FORMAT_COO, rows, cols, nnz, cooRowInd, cooColInd, cooValues, cooIdxType,
                    cooIdxType, idxBase, valueType);
}
inline prtsparseStatus_t prtsparseDestroySpMat(prtsparseConstSpMatDescr_t spMatDescr) {
  delete spMatDescr;  // cuSPARSE accepts a null descriptor here too
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSpMatGetSize(prtsparseConstSpMatDescr_t spMatDescr, int64_t* rows, int64_t* cols,
                                               int64_t* nnz) {
  if (spMatDescr == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (rows != nullptr) *rows = spMatDescr->rows;
  if (cols != nullptr) *cols = spMatDescr->cols;
  if (nnz != nullptr) *nnz = spMatDescr->nnz;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseCsrSetPointers(prtsparseSpMatDescr_t spMatDescr, void* csrRowOffsets, void* csrColInd,
                                                 void* csrValues) {
  if (spMatDescr == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (spMatDescr->format != PRTSPARSE_FORMAT_CSR) return PRTSPARSE_STATUS_INVALID_VALUE;
  spMatDescr->rowPtr = csrRowOffsets;
  spMatDescr->colInd = csrColInd;
  spMatDescr->values = csrValues;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseCreateDnVec(prtsparseDnVecDescr_t* dnVecDescr, int64_t size, void* values,
                                              prtDataType_t valueType) {
  if (dnVecDescr == nullptr || size < 0) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (!prt::sparse_detail::real_type(valueType)) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  *dnVecDescr = new (std::nothrow) prtsparseDnVecDescr{size, values, valueType};
  return *dnVecDescr != nullptr ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ALLOC_FAILED;
}
inline prtsparseStatus_t prtsparseDestroyDnVec(prtsparseConstDnVecDescr_t dnVecDescr) {
  delete dnVecDescr;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseDnVecGetValues(prtsparseDnVecDescr_t dnVecDescr, void** values) {
  if (dnVecDescr == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (values != nullptr) *values = dnVecDescr->values;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseCreateDnMat(prtsparseDnMatDescr_t* dnMatDescr, int64_t rows, int64_t cols, int64_t ld,
                                              void* values, prtDataType_t valueType, prtsparseOrder_t order) {
  if (dnMatDescr == nullptr || rows < 0 || cols < 0) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (order != PRTSPARSE_ORDER_COL && order != PRTSPARSE_ORDER_ROW) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (!prt::sparse_detail::real_type(valueType)) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  prtsparseDnMatDescr m{rows, cols, ld, values, valueType, order, 1, 0};
  if (!prt::sparse_detail::dense_ok(m)) return PRTSPARSE_STATUS_INVALID_VALUE;
  *dnMatDescr = new (std::nothrow) prtsparseDnMatDescr(m);
  return *dnMatDescr != nullptr ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ALLOC_FAILED;
}
inline prtsparseStatus_t prtsparseDestroyDnMat(prtsparseConstDnMatDescr_t dnMatDescr) {
  delete dnMatDescr;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseDnMatGetValues(prtsparseDnMatDescr_t dnMatDescr, void** values) {
  if (dnMatDescr == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (values != nullptr) *values = dnMatDescr->values;
  return PRTSPARSE_STATUS_SUCCESS;
}

namespace prt {
namespace sparse_detail {
inline prtsparseStatus_t check_spmv(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                    prtsparseConstSpMatDescr_t a, prtsparseConstDnVecDescr_t x, const void* beta,
                                    prtsparseDnVecDescr_t y, prtDataType_t computeType) {
  if (handle == nullptr || a == nullptr || x == nullptr || y == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (!valid_op(opA) || alpha == nullptr || beta == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (a->batch != 1) return PRTSPARSE_STATUS_NOT_SUPPORTED;  // batched SpMV: not on the CPU backend
  const bool trans = opA != PRTSPARSE_OPERATION_NON_TRANSPOSE;
  if (x->size != (trans ? a->rows : a->cols) || y->size != (trans ? a->cols : a->rows)) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  if (x->valueType != a->valueType || y->valueType != a->valueType || computeType != a->valueType) {
    return PRTSPARSE_STATUS_NOT_SUPPORTED;
  }
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t check_spmm(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                    const void* alpha, prtsparseConstSpMatDescr_t a, prtsparseConstDnMatDescr_t b,
                                    const void* beta, prtsparseDnMatDescr_t c, prtDataType_t computeType) {
  if (handle == nullptr || a == nullptr || b == nullptr || c == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (!valid_op(opA) || !valid_op(opB) || alpha == nullptr || beta == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (a->batch != 1 || b->batch != 1 || c->batch != 1) return PRTSPARSE_STATUS_NOT_SUPPORTED;  // batched SpMM
  const bool ta = opA != PRTSPARSE_OPERATION_NON_TRANSPOSE, tb = opB != PRTSPARSE_OPERATION_NON_TRANSPOSE;
  const int64_t m = ta ? a->cols : a->rows, k = ta ? a->rows : a->cols;
  const int64_t bk = tb ? b->cols : b->rows, bn = tb ? b->rows : b->cols;
  if (bk != k || c->rows != m || c->cols != bn) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (b->valueType != a->valueType || c->valueType != a->valueType || computeType != a->valueType) {
    return PRTSPARSE_STATUS_NOT_SUPPORTED;
  }
  return PRTSPARSE_STATUS_SUCCESS;
}
}  // namespace sparse_detail
}  // namespace prt

inline prtsparseStatus_t prtsparseSpMV_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                                  const void* beta, prtsparseDnVecDescr_t vecY,
                                                  prtDataType_t computeType, prtsparseSpMVAlg_t, size_t* bufferSize) {
  const auto s = prt::sparse_detail::check_spmv(handle, opA, alpha, matA, vecX, beta, vecY, computeType);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (bufferSize == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *bufferSize = 0;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSpMV(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                       prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                       const void* beta, prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                       prtsparseSpMVAlg_t, void*) {
  using namespace prt::sparse_detail;
  auto s = check_spmv(handle, opA, alpha, matA, vecX, beta, vecY, computeType);
  if (s != PRTSPARSE_STATUS_SUCCESS || (s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  const bool trans = opA != PRTSPARSE_OPERATION_NON_TRANSPOSE;
  return typed(*matA, [&](auto t, auto r, auto c) {
    using T = decltype(t);
    spmv<T, decltype(r), decltype(c)>(*matA, trans, scalar<T>(alpha), static_cast<const T*>(vecX->values),
                                      scalar<T>(beta), static_cast<T*>(vecY->values));
    return PRTSPARSE_STATUS_SUCCESS;
  });
}
inline prtsparseStatus_t prtsparseSpMM_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                  prtsparseOperation_t opB, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                  const void* beta, prtsparseDnMatDescr_t matC,
                                                  prtDataType_t computeType, prtsparseSpMMAlg_t, size_t* bufferSize) {
  const auto s = prt::sparse_detail::check_spmm(handle, opA, opB, alpha, matA, matB, beta, matC, computeType);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (bufferSize == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *bufferSize = 0;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSpMM(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                       const void* alpha, prtsparseConstSpMatDescr_t matA,
                                       prtsparseConstDnMatDescr_t matB, const void* beta, prtsparseDnMatDescr_t matC,
                                       prtDataType_t computeType, prtsparseSpMMAlg_t, void*) {
  using namespace prt::sparse_detail;
  auto s = check_spmm(handle, opA, opB, alpha, matA, matB, beta, matC, computeType);
  if (s != PRTSPARSE_STATUS_SUCCESS || (s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  const bool ta = opA != PRTSPARSE_OPERATION_NON_TRANSPOSE, tb = opB != PRTSPARSE_OPERATION_NON_TRANSPOSE;
  return typed(*matA, [&](auto t, auto r, auto c) {
    using T = decltype(t);
    spmm<T, decltype(r), decltype(c)>(*matA, ta, *matB, tb, scalar<T>(alpha), scalar<T>(beta), *matC);
    return PRTSPARSE_STATUS_SUCCESS;
  });
}
inline prtsparseStatus_t prtsparseSparseToDense_bufferSize(prtsparseHandle_t handle, prtsparseConstSpMatDescr_t matA,
                                                           prtsparseDnMatDescr_t matB, prtsparseSparseToDenseAlg_t,
                                                           size_t* bufferSize) {
  if (handle == nullptr || matA == nullptr || matB == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (bufferSize == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *bufferSize = 0;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSparseToDense(prtsparseHandle_t handle, prtsparseConstSpMatDescr_t matA,
                                                prtsparseDnMatDescr_t matB, prtsparseSparseToDenseAlg_t, void*) {
  using namespace prt::sparse_detail;
  if (handle == nullptr || matA == nullptr || matB == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (matB->rows != matA->rows || matB->cols != matA->cols) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (matB->valueType != matA->valueType || matA->batch != 1 || matB->batch != 1) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  if (const auto s = enter(handle)) return s;
  return typed(*matA, [&](auto t, auto r, auto c) {
    using T = decltype(t);
    for (int64_t i = 0; i < matB->rows; ++i) {
      for (int64_t j = 0; j < matB->cols; ++j) dense_at<T>(*matB, i, j) = T(0);
    }
    each_entry<T, decltype(r), decltype(c)>(*matA, [&](int64_t i, int64_t j, T v) { dense_at<T>(*matB, i, j) += v; });
    return PRTSPARSE_STATUS_SUCCESS;
  });
}

namespace prt {
namespace sparse_detail {
// Walks a dense matrix row by row, calling f(row, col, value) for each non-zero; dispatches on its value type.
template <class T, class F>
inline void each_nonzero(const prtsparseDnMatDescr& a, F&& f) {
  for (int64_t i = 0; i < a.rows; ++i) {
    for (int64_t j = 0; j < a.cols; ++j) {
      const T v = dense_at<T>(a, i, j);
      if (v != T(0)) f(i, j, v);
    }
  }
}
template <class I>
inline void store_index(void* base, int64_t k, int64_t v) {
  static_cast<I*>(base)[k] = static_cast<I>(v);
}
inline void put_index(void* base, prtsparseIndexType_t t, int64_t k, int64_t v) {
  if (t == PRTSPARSE_INDEX_64I) {
    store_index<int64_t>(base, k, v);
  } else {
    store_index<int32_t>(base, k, v);
  }
}
inline prtsparseStatus_t check_d2s(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t a, prtsparseSpMatDescr_t b) {
  if (handle == nullptr || a == nullptr || b == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (a->rows != b->rows || a->cols != b->cols) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (a->valueType != b->valueType || a->batch != 1 || b->batch != 1) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  return PRTSPARSE_STATUS_SUCCESS;
}
}  // namespace sparse_detail
}  // namespace prt

inline prtsparseStatus_t prtsparseDenseToSparse_bufferSize(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t matA,
                                                           prtsparseSpMatDescr_t matB, prtsparseDenseToSparseAlg_t,
                                                           size_t* bufferSize) {
  const auto s = prt::sparse_detail::check_d2s(handle, matA, matB);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (bufferSize == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *bufferSize = 0;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseDenseToSparse_analysis(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t matA,
                                                         prtsparseSpMatDescr_t matB, prtsparseDenseToSparseAlg_t,
                                                         void*) {
  using namespace prt::sparse_detail;
  auto s = check_d2s(handle, matA, matB);
  if (s != PRTSPARSE_STATUS_SUCCESS || (s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  const int64_t base = matB->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  const bool csr = matB->format == PRTSPARSE_FORMAT_CSR && matB->rowPtr != nullptr;
  int64_t count = 0, row = 0;
  if (csr) put_index(matB->rowPtr, matB->rowType, 0, base);
  auto counted = [&](int64_t i, int64_t, auto) {
    for (; csr && row < i; ++row) put_index(matB->rowPtr, matB->rowType, row + 1, count + base);
    ++count;
  };
  if (matA->valueType == PRT_R_32F) {
    each_nonzero<float>(*matA, counted);
  } else {
    each_nonzero<double>(*matA, counted);
  }
  for (; csr && row < matA->rows; ++row) put_index(matB->rowPtr, matB->rowType, row + 1, count + base);
  matB->nnz = count;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseDenseToSparse_convert(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t matA,
                                                        prtsparseSpMatDescr_t matB, prtsparseDenseToSparseAlg_t,
                                                        void*) {
  using namespace prt::sparse_detail;
  auto s = check_d2s(handle, matA, matB);
  if (s != PRTSPARSE_STATUS_SUCCESS || (s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  if (matB->colInd == nullptr || matB->values == nullptr || matB->rowPtr == nullptr) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  const int64_t base = matB->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  const bool csr = matB->format == PRTSPARSE_FORMAT_CSR;
  int64_t k = 0, row = 0;
  if (csr) put_index(matB->rowPtr, matB->rowType, 0, base);
  auto stored = [&](int64_t i, int64_t j, auto v) {
    using T = decltype(v);
    if (k >= matB->nnz) return;  // more non-zeros than analysis counted: the matrix changed in between
    if (csr) {
      for (; row < i; ++row) put_index(matB->rowPtr, matB->rowType, row + 1, k + base);
    } else {
      put_index(matB->rowPtr, matB->rowType, k, i + base);
    }
    put_index(matB->colInd, matB->colType, k, j + base);
    static_cast<T*>(matB->values)[k] = v;
    ++k;
  };
  if (matA->valueType == PRT_R_32F) {
    each_nonzero<float>(*matA, stored);
  } else {
    each_nonzero<double>(*matA, stored);
  }
  for (; csr && row < matA->rows; ++row) put_index(matB->rowPtr, matB->rowType, row + 1, k + base);
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseCreateSpVec(prtsparseSpVecDescr_t* spVecDescr, int64_t size, int64_t nnz,
                                              void* indices, void* values, prtsparseIndexType_t idxType,
                                              prtsparseIndexBase_t idxBase, prtDataType_t valueType) {
  using namespace prt::sparse_detail;
  if (spVecDescr == nullptr || size < 0 || nnz < 0 || nnz > size) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (!index_type(idxType) || !real_type(valueType)) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  if (idxBase != PRTSPARSE_INDEX_BASE_ZERO && idxBase != PRTSPARSE_INDEX_BASE_ONE)
    return PRTSPARSE_STATUS_INVALID_VALUE;
  *spVecDescr = new (std::nothrow) prtsparseSpVecDescr{size, nnz, indices, values, idxType, idxBase, valueType};
  return *spVecDescr != nullptr ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ALLOC_FAILED;
}
inline prtsparseStatus_t prtsparseDestroySpVec(prtsparseConstSpVecDescr_t spVecDescr) {
  delete spVecDescr;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseAxpby(prtsparseHandle_t handle, const void* alpha, prtsparseConstSpVecDescr_t vecX,
                                        const void* beta, prtsparseDnVecDescr_t vecY) {
  using namespace prt::sparse_detail;
  if (handle == nullptr || vecX == nullptr || vecY == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (alpha == nullptr || beta == nullptr || vecX->size != vecY->size) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (vecX->valueType != vecY->valueType) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  if (const auto s = enter(handle)) return s;
  const int64_t base = vecX->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  auto run = [&](auto t) {
    using T = decltype(t);
    const T a = scalar<T>(alpha), b = scalar<T>(beta);
    T* y = static_cast<T*>(vecY->values);
    const T* x = static_cast<const T*>(vecX->values);
    for (int64_t i = 0; i < vecY->size; ++i) y[i] = b == T(0) ? T(0) : b * y[i];
    for (int64_t k = 0; k < vecX->nnz; ++k) {
      const int64_t i = vecX->idxType == PRTSPARSE_INDEX_64I ? static_cast<const int64_t*>(vecX->indices)[k]
                                                             : static_cast<const int32_t*>(vecX->indices)[k];
      y[i - base] += a * x[k];
    }
  };
  if (vecX->valueType == PRT_R_32F) {
    run(float{});
  } else {
    run(double{});
  }
  return PRTSPARSE_STATUS_SUCCESS;
}

inline prtsparseStatus_t prtsparseCsrSetStridedBatch(prtsparseSpMatDescr_t spMatDescr, int batchCount,
                                                     int64_t offsetsBatchStride, int64_t columnsValuesBatchStride) {
  if (spMatDescr == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (spMatDescr->format != PRTSPARSE_FORMAT_CSR || batchCount < 1 || offsetsBatchStride < 0 ||
      columnsValuesBatchStride < 0) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  spMatDescr->batch = batchCount;
  spMatDescr->offsetsStride = offsetsBatchStride;
  spMatDescr->valuesStride = columnsValuesBatchStride;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseDnMatSetStridedBatch(prtsparseDnMatDescr_t dnMatDescr, int batchCount,
                                                       int64_t batchStride) {
  if (dnMatDescr == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (batchCount < 1 || batchStride < 0) return PRTSPARSE_STATUS_INVALID_VALUE;
  dnMatDescr->batch = batchCount;
  dnMatDescr->stride = batchStride;
  return PRTSPARSE_STATUS_SUCCESS;
}

namespace prt {
namespace sparse_detail {
inline size_t index_bytes(prtsparseIndexType_t t) { return t == PRTSPARSE_INDEX_64I ? 8 : 4; }
inline size_t value_bytes(prtDataType_t t) { return t == PRT_R_64F ? 8 : 4; }
inline void* advance(void* p, int64_t elements, size_t bytes) {
  return p == nullptr ? p : static_cast<char*>(p) + elements * static_cast<int64_t>(bytes);
}
inline prtsparseStatus_t check_sddmm(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                     const void* alpha, prtsparseConstDnMatDescr_t a, prtsparseConstDnMatDescr_t b,
                                     const void* beta, prtsparseSpMatDescr_t c, prtDataType_t computeType) {
  if (handle == nullptr || a == nullptr || b == nullptr || c == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (!valid_op(opA) || !valid_op(opB) || alpha == nullptr || beta == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (c->format != PRTSPARSE_FORMAT_CSR) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  const bool ta = opA != PRTSPARSE_OPERATION_NON_TRANSPOSE, tb = opB != PRTSPARSE_OPERATION_NON_TRANSPOSE;
  const int64_t m = ta ? a->cols : a->rows, k = ta ? a->rows : a->cols;
  const int64_t bk = tb ? b->cols : b->rows, n = tb ? b->rows : b->cols;
  if (bk != k || c->rows != m || c->cols != n) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (a->batch != c->batch || b->batch != c->batch) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (a->valueType != c->valueType || b->valueType != c->valueType || computeType != c->valueType) {
    return PRTSPARSE_STATUS_NOT_SUPPORTED;
  }
  return PRTSPARSE_STATUS_SUCCESS;
}
}  // namespace sparse_detail
}  // namespace prt

inline prtsparseStatus_t prtsparseSDDMM_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                   prtsparseOperation_t opB, const void* alpha,
                                                   prtsparseConstDnMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                   const void* beta, prtsparseSpMatDescr_t matC,
                                                   prtDataType_t computeType, prtsparseSDDMMAlg_t, size_t* bufferSize) {
  const auto s = prt::sparse_detail::check_sddmm(handle, opA, opB, alpha, matA, matB, beta, matC, computeType);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (bufferSize == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *bufferSize = 0;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSDDMM_preprocess(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                   prtsparseOperation_t opB, const void* alpha,
                                                   prtsparseConstDnMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                   const void* beta, prtsparseSpMatDescr_t matC,
                                                   prtDataType_t computeType, prtsparseSDDMMAlg_t, void*) {
  return prt::sparse_detail::check_sddmm(handle, opA, opB, alpha, matA, matB, beta, matC, computeType);
}
inline prtsparseStatus_t prtsparseSDDMM(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                        const void* alpha, prtsparseConstDnMatDescr_t matA,
                                        prtsparseConstDnMatDescr_t matB, const void* beta, prtsparseSpMatDescr_t matC,
                                        prtDataType_t computeType, prtsparseSDDMMAlg_t, void*) {
  using namespace prt::sparse_detail;
  auto s = check_sddmm(handle, opA, opB, alpha, matA, matB, beta, matC, computeType);
  if (s != PRTSPARSE_STATUS_SUCCESS || (s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  const bool ta = opA != PRTSPARSE_OPERATION_NON_TRANSPOSE, tb = opB != PRTSPARSE_OPERATION_NON_TRANSPOSE;
  const int64_t k = ta ? matA->rows : matA->cols;
  const size_t vb = value_bytes(matC->valueType);
  for (int batch = 0; batch < matC->batch; ++batch) {
    prtsparseSpMatDescr c = *matC;
    c.rowPtr = advance(c.rowPtr, batch * matC->offsetsStride, index_bytes(c.rowType));
    c.colInd = advance(c.colInd, batch * matC->valuesStride, index_bytes(c.colType));
    c.values = advance(c.values, batch * matC->valuesStride, vb);
    prtsparseDnMatDescr a = *matA, b = *matB;
    a.values = advance(a.values, batch * matA->stride, vb);
    b.values = advance(b.values, batch * matB->stride, vb);
    typed(c, [&](auto t, auto r, auto col) {
      using T = decltype(t);
      using R = decltype(r);
      using C = decltype(col);
      const T al = scalar<T>(alpha), be = scalar<T>(beta);
      const R* rp = static_cast<const R*>(c.rowPtr);
      const C* ci = static_cast<const C*>(c.colInd);
      T* v = static_cast<T*>(c.values);
      const int64_t base = c.base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
      for (int64_t i = 0; i < c.rows; ++i) {
        for (int64_t e = static_cast<int64_t>(rp[i]) - base; e < static_cast<int64_t>(rp[i + 1]) - base; ++e) {
          const int64_t j = static_cast<int64_t>(ci[e]) - base;
          T sum = 0;
          for (int64_t q = 0; q < k; ++q)
            sum += (ta ? dense_at<T>(a, q, i) : dense_at<T>(a, i, q)) * (tb ? dense_at<T>(b, j, q) : dense_at<T>(b, q, j));
          v[e] = be == T(0) ? al * sum : al * sum + be * v[e];
        }
      }
      return PRTSPARSE_STATUS_SUCCESS;
    });
  }
  return PRTSPARSE_STATUS_SUCCESS;
}

inline prtsparseStatus_t prtsparseSpMatSetAttribute(prtsparseSpMatDescr_t spMatDescr,
                                                    prtsparseSpMatAttribute_t attribute, void* data, size_t dataSize) {
  if (spMatDescr == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (data == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (attribute == PRTSPARSE_SPMAT_FILL_MODE && dataSize == sizeof(prtsparseFillMode_t)) {
    const auto v = *static_cast<const prtsparseFillMode_t*>(data);
    if (v != PRTSPARSE_FILL_MODE_LOWER && v != PRTSPARSE_FILL_MODE_UPPER) return PRTSPARSE_STATUS_INVALID_VALUE;
    spMatDescr->fill = v;
    return PRTSPARSE_STATUS_SUCCESS;
  }
  if (attribute == PRTSPARSE_SPMAT_DIAG_TYPE && dataSize == sizeof(prtsparseDiagType_t)) {
    const auto v = *static_cast<const prtsparseDiagType_t*>(data);
    if (v != PRTSPARSE_DIAG_TYPE_NON_UNIT && v != PRTSPARSE_DIAG_TYPE_UNIT) return PRTSPARSE_STATUS_INVALID_VALUE;
    spMatDescr->diag = v;
    return PRTSPARSE_STATUS_SUCCESS;
  }
  return PRTSPARSE_STATUS_INVALID_VALUE;
}
inline prtsparseStatus_t prtsparseSpMatGetAttribute(prtsparseConstSpMatDescr_t spMatDescr,
                                                    prtsparseSpMatAttribute_t attribute, void* data, size_t dataSize) {
  if (spMatDescr == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (data == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (attribute == PRTSPARSE_SPMAT_FILL_MODE && dataSize == sizeof(prtsparseFillMode_t)) {
    *static_cast<prtsparseFillMode_t*>(data) = spMatDescr->fill;
    return PRTSPARSE_STATUS_SUCCESS;
  }
  if (attribute == PRTSPARSE_SPMAT_DIAG_TYPE && dataSize == sizeof(prtsparseDiagType_t)) {
    *static_cast<prtsparseDiagType_t*>(data) = spMatDescr->diag;
    return PRTSPARSE_STATUS_SUCCESS;
  }
  return PRTSPARSE_STATUS_INVALID_VALUE;
}
inline prtsparseStatus_t prtsparseSpSM_createDescr(prtsparseSpSMDescr_t* descr) {
  if (descr == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *descr = new (std::nothrow) prtsparseSpSMDescr{0};
  return *descr != nullptr ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ALLOC_FAILED;
}
inline prtsparseStatus_t prtsparseSpSM_destroyDescr(prtsparseSpSMDescr_t descr) {
  delete descr;
  return PRTSPARSE_STATUS_SUCCESS;
}

namespace prt {
namespace sparse_detail {
inline prtsparseStatus_t check_spsm(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                    const void* alpha, prtsparseConstSpMatDescr_t a, prtsparseConstDnMatDescr_t b,
                                    prtsparseDnMatDescr_t c, prtDataType_t computeType, prtsparseSpSMDescr_t d) {
  if (handle == nullptr || a == nullptr || b == nullptr || c == nullptr || d == nullptr) {
    return PRTSPARSE_STATUS_NOT_INITIALIZED;
  }
  if (!valid_op(opA) || !valid_op(opB) || alpha == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (opA != PRTSPARSE_OPERATION_NON_TRANSPOSE || a->format != PRTSPARSE_FORMAT_CSR || a->batch != 1 || b->batch != 1 ||
      c->batch != 1) {
    return PRTSPARSE_STATUS_NOT_SUPPORTED;  // the CPU solves with A itself, stored as CSR
  }
  const bool tb = opB != PRTSPARSE_OPERATION_NON_TRANSPOSE;
  if (a->rows != a->cols || (tb ? b->cols : b->rows) != a->rows || c->rows != a->rows ||
      (tb ? b->rows : b->cols) != c->cols) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  if (b->valueType != a->valueType || c->valueType != a->valueType || computeType != a->valueType) {
    return PRTSPARSE_STATUS_NOT_SUPPORTED;
  }
  return PRTSPARSE_STATUS_SUCCESS;
}
}  // namespace sparse_detail
}  // namespace prt

inline prtsparseStatus_t prtsparseSpSM_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                  prtsparseOperation_t opB, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                  prtsparseDnMatDescr_t matC, prtDataType_t computeType,
                                                  prtsparseSpSMAlg_t, prtsparseSpSMDescr_t spsmDescr,
                                                  size_t* bufferSize) {
  const auto s = prt::sparse_detail::check_spsm(handle, opA, opB, alpha, matA, matB, matC, computeType, spsmDescr);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (bufferSize == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *bufferSize = 0;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSpSM_analysis(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                prtsparseOperation_t opB, const void* alpha,
                                                prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                prtsparseDnMatDescr_t matC, prtDataType_t computeType,
                                                prtsparseSpSMAlg_t, prtsparseSpSMDescr_t spsmDescr, void*) {
  return prt::sparse_detail::check_spsm(handle, opA, opB, alpha, matA, matB, matC, computeType, spsmDescr);
}
inline prtsparseStatus_t prtsparseSpSM_solve(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                             prtsparseOperation_t opB, const void* alpha,
                                             prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                             prtsparseDnMatDescr_t matC, prtDataType_t computeType, prtsparseSpSMAlg_t,
                                             prtsparseSpSMDescr_t spsmDescr) {
  using namespace prt::sparse_detail;
  auto s = check_spsm(handle, opA, opB, alpha, matA, matB, matC, computeType, spsmDescr);
  if (s != PRTSPARSE_STATUS_SUCCESS || (s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  const bool tb = opB != PRTSPARSE_OPERATION_NON_TRANSPOSE, lower = matA->fill == PRTSPARSE_FILL_MODE_LOWER;
  const bool unit = matA->diag == PRTSPARSE_DIAG_TYPE_UNIT;
  return typed(*matA, [&](auto t, auto r, auto col) {
    using T = decltype(t);
    using R = decltype(r);
    using C = decltype(col);
    const T al = scalar<T>(alpha);
    const R* rp = static_cast<const R*>(matA->rowPtr);
    const C* ci = static_cast<const C*>(matA->colInd);
    const T* v = static_cast<const T*>(matA->values);
    const int64_t base = matA->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0, n = matA->rows;
    std::vector<T> x(static_cast<size_t>(n));
    for (int64_t j = 0; j < matC->cols; ++j) {
      for (int64_t i = 0; i < n; ++i) x[i] = al * (tb ? dense_at<T>(*matB, j, i) : dense_at<T>(*matB, i, j));
      for (int64_t step = 0; step < n; ++step) {
        const int64_t i = lower ? step : n - 1 - step;
        T sum = x[i], d = unit ? T(1) : T(0);  // a diagonal entry not stored is a zero, as a structural zero is
        for (int64_t e = static_cast<int64_t>(rp[i]) - base; e < static_cast<int64_t>(rp[i + 1]) - base; ++e) {
          const int64_t k = static_cast<int64_t>(ci[e]) - base;
          if (k == i) {
            if (!unit) d = v[e];
          } else if (lower ? k < i : k > i) {
            sum -= v[e] * x[k];  // entries of the other triangle are not read, as in cuSPARSE
          }
        }
        x[i] = sum / d;
      }
      for (int64_t i = 0; i < n; ++i) dense_at<T>(*matC, i, j) = x[i];
    }
    return PRTSPARSE_STATUS_SUCCESS;
  });
}

inline prtsparseStatus_t prtsparseCreateMatDescr(prtsparseMatDescr_t* descrA) {
  if (descrA == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *descrA = new (std::nothrow) prtsparseMatDescr{PRTSPARSE_MATRIX_TYPE_GENERAL, PRTSPARSE_FILL_MODE_LOWER,
                                                 PRTSPARSE_DIAG_TYPE_NON_UNIT, PRTSPARSE_INDEX_BASE_ZERO};
  return *descrA != nullptr ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ALLOC_FAILED;
}
inline prtsparseStatus_t prtsparseDestroyMatDescr(prtsparseMatDescr_t descrA) {
  delete descrA;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSetMatType(prtsparseMatDescr_t descrA, prtsparseMatrixType_t type) {
  if (descrA == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (type < PRTSPARSE_MATRIX_TYPE_GENERAL || type > PRTSPARSE_MATRIX_TYPE_TRIANGULAR) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  descrA->type = type;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseMatrixType_t prtsparseGetMatType(const prtsparseMatDescr_t descrA) {
  return descrA != nullptr ? descrA->type : PRTSPARSE_MATRIX_TYPE_GENERAL;
}
inline prtsparseStatus_t prtsparseSetMatFillMode(prtsparseMatDescr_t descrA, prtsparseFillMode_t fillMode) {
  if (descrA == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (fillMode != PRTSPARSE_FILL_MODE_LOWER && fillMode != PRTSPARSE_FILL_MODE_UPPER) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  descrA->fill = fillMode;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseFillMode_t prtsparseGetMatFillMode(const prtsparseMatDescr_t descrA) {
  return descrA != nullptr ? descrA->fill : PRTSPARSE_FILL_MODE_LOWER;
}
inline prtsparseStatus_t prtsparseSetMatDiagType(prtsparseMatDescr_t descrA, prtsparseDiagType_t diagType) {
  if (descrA == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (diagType != PRTSPARSE_DIAG_TYPE_NON_UNIT && diagType != PRTSPARSE_DIAG_TYPE_UNIT) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  descrA->diag = diagType;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseDiagType_t prtsparseGetMatDiagType(const prtsparseMatDescr_t descrA) {
  return descrA != nullptr ? descrA->diag : PRTSPARSE_DIAG_TYPE_NON_UNIT;
}
inline prtsparseStatus_t prtsparseSetMatIndexBase(prtsparseMatDescr_t descrA, prtsparseIndexBase_t base) {
  if (descrA == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (base != PRTSPARSE_INDEX_BASE_ZERO && base != PRTSPARSE_INDEX_BASE_ONE) return PRTSPARSE_STATUS_INVALID_VALUE;
  descrA->base = base;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseIndexBase_t prtsparseGetMatIndexBase(const prtsparseMatDescr_t descrA) {
  return descrA != nullptr ? descrA->base : PRTSPARSE_INDEX_BASE_ZERO;
}

namespace prt {
namespace sparse_detail {
// Counts the non-zeros of a column-major m x n matrix per row or column; NaN counts, as it compares unequal to 0.
template <class T>
inline prtsparseStatus_t count_nonzeros(prtsparseHandle_t handle, prtsparseDirection_t dir, int m, int n,
                                        const prtsparseMatDescr_t descr, const T* a, int lda, int* per, int* total) {
  if (handle == nullptr || descr == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || lda < (m > 1 ? m : 1) || total == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (dir != PRTSPARSE_DIRECTION_ROW && dir != PRTSPARSE_DIRECTION_COLUMN) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (m > 0 && n > 0 && (a == nullptr || per == nullptr)) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (descr->type != PRTSPARSE_MATRIX_TYPE_GENERAL) return PRTSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  if (const auto s = enter(handle)) return s;
  const bool rows = dir == PRTSPARSE_DIRECTION_ROW;
  if (rows) std::fill(per, per + m, 0);
  int sum = 0;
  for (int j = 0; j < n; ++j) {
    const T* column = a + static_cast<int64_t>(j) * lda;
    int in_column = 0;
    for (int i = 0; i < m; ++i) {
      if (column[i] != T(0)) {
        ++in_column;
        if (rows) ++per[i];
      }
    }
    if (!rows) per[j] = in_column;
    sum += in_column;
  }
  *total = sum;
  return PRTSPARSE_STATUS_SUCCESS;
}
// Bytes per value of a data type, 0 for one the CPU backend does not know.
inline size_t element_bytes(prtDataType_t t) {
  switch (t) {
    case PRT_R_64F: return 8;
    case PRT_R_32F:
    case PRT_R_32I: return 4;
    case PRT_R_16F:
    case PRT_R_16BF: return 2;
    case PRT_R_8I:
    case PRT_R_8F_E4M3:
    case PRT_R_8F_E5M2: return 1;
  }
  return 0;
}
inline prtsparseStatus_t check_csr2csc(prtsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
                                       const int* csrRowPtr, const int* csrColInd, const void* cscVal,
                                       const int* cscColPtr, const int* cscRowInd, prtDataType_t valType,
                                       prtsparseAction_t copyValues, prtsparseIndexBase_t idxBase,
                                       prtsparseCsr2CscAlg_t alg) {
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0 || alg != PRTSPARSE_CSR2CSC_ALG1) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (idxBase != PRTSPARSE_INDEX_BASE_ZERO && idxBase != PRTSPARSE_INDEX_BASE_ONE) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  if (copyValues != PRTSPARSE_ACTION_SYMBOLIC && copyValues != PRTSPARSE_ACTION_NUMERIC) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  if (copyValues == PRTSPARSE_ACTION_NUMERIC && element_bytes(valType) == 0) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  if (csrRowPtr == nullptr || cscColPtr == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (nnz > 0 && (csrColInd == nullptr || cscRowInd == nullptr)) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (nnz > 0 && copyValues == PRTSPARSE_ACTION_NUMERIC && (csrVal == nullptr || cscVal == nullptr)) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  return PRTSPARSE_STATUS_SUCCESS;
}
// One entry of a row being sorted: its column, its place in the row (the tie-break), and its permutation value.
struct sort_entry {
  int col, pos, p;
};
// The index at position k of an array of 32- or 64-bit indices.
inline int64_t index_at(const void* a, prtsparseIndexType_t t, int64_t k) {
  return t == PRTSPARSE_INDEX_64I ? static_cast<const int64_t*>(a)[k] : static_cast<const int32_t*>(a)[k];
}
}  // namespace sparse_detail
}  // namespace prt

inline prtsparseStatus_t prtsparseSnnz(prtsparseHandle_t handle, prtsparseDirection_t dirA, int m, int n,
                                       const prtsparseMatDescr_t descrA, const float* A, int lda, int* nnzPerRowCol,
                                       int* nnzTotalDevHostPtr) {
  return prt::sparse_detail::count_nonzeros(handle, dirA, m, n, descrA, A, lda, nnzPerRowCol, nnzTotalDevHostPtr);
}
inline prtsparseStatus_t prtsparseDnnz(prtsparseHandle_t handle, prtsparseDirection_t dirA, int m, int n,
                                       const prtsparseMatDescr_t descrA, const double* A, int lda, int* nnzPerRowCol,
                                       int* nnzTotalDevHostPtr) {
  return prt::sparse_detail::count_nonzeros(handle, dirA, m, n, descrA, A, lda, nnzPerRowCol, nnzTotalDevHostPtr);
}
inline prtsparseStatus_t prtsparseCsr2cscEx2_bufferSize(prtsparseHandle_t handle, int m, int n, int nnz,
                                                        const void* csrVal, const int* csrRowPtr, const int* csrColInd,
                                                        void* cscVal, int* cscColPtr, int* cscRowInd,
                                                        prtDataType_t valType, prtsparseAction_t copyValues,
                                                        prtsparseIndexBase_t idxBase, prtsparseCsr2CscAlg_t alg,
                                                        size_t* bufferSize) {
  const auto s = prt::sparse_detail::check_csr2csc(handle, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscColPtr,
                                                   cscRowInd, valType, copyValues, idxBase, alg);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (bufferSize == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *bufferSize = 0;  // the column offsets being written are the cursors
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseCsr2cscEx2(prtsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
                                             const int* csrRowPtr, const int* csrColInd, void* cscVal, int* cscColPtr,
                                             int* cscRowInd, prtDataType_t valType, prtsparseAction_t copyValues,
                                             prtsparseIndexBase_t idxBase, prtsparseCsr2CscAlg_t alg, void*) {
  using namespace prt::sparse_detail;
  auto s = check_csr2csc(handle, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscColPtr, cscRowInd, valType,
                         copyValues, idxBase, alg);
  if (s != PRTSPARSE_STATUS_SUCCESS || (s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  const int base = idxBase == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  if (csrRowPtr[0] - base != 0 || csrRowPtr[m] - base != nnz) return PRTSPARSE_STATUS_INVALID_VALUE;
  // Entries per column into cscColPtr[j + 1], their running sum; then each entry goes to its column's cursor
  // cscColPtr[j], which ends at the next column's start, so the offsets are shifted back by one place at the end.
  std::fill(cscColPtr, cscColPtr + n + 1, 0);
  for (int k = 0; k < nnz; ++k) {
    const int j = csrColInd[k] - base;
    if (j < 0 || j >= n) return PRTSPARSE_STATUS_INVALID_VALUE;
    ++cscColPtr[j + 1];
  }
  for (int j = 0; j < n; ++j) cscColPtr[j + 1] += cscColPtr[j];
  const bool numeric = copyValues == PRTSPARSE_ACTION_NUMERIC;
  const size_t bytes = element_bytes(valType);
  for (int i = 0; i < m; ++i) {
    for (int k = csrRowPtr[i] - base; k < csrRowPtr[i + 1] - base; ++k) {
      const int to = cscColPtr[csrColInd[k] - base]++;
      cscRowInd[to] = i + base;
      if (numeric) {
        std::memcpy(static_cast<char*>(cscVal) + to * bytes, static_cast<const char*>(csrVal) + k * bytes, bytes);
      }
    }
  }
  for (int j = n; j > 0; --j) cscColPtr[j] = cscColPtr[j - 1] + base;
  cscColPtr[0] = base;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseCreateIdentityPermutation(prtsparseHandle_t handle, int n, int* p) {
  using namespace prt::sparse_detail;
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (n < 0 || (n > 0 && p == nullptr)) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (const auto s = enter(handle)) return s;
  for (int i = 0; i < n; ++i) p[i] = i;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseXcsrsort_bufferSizeExt(prtsparseHandle_t handle, int m, int n, int nnz, const int*,
                                                         const int*, size_t* pBufferSizeInBytes) {
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0 || pBufferSizeInBytes == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *pBufferSizeInBytes = sizeof(prt::sparse_detail::sort_entry) * static_cast<size_t>(nnz);  // one row at a time
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseXcsrsort(prtsparseHandle_t handle, int m, int n, int nnz,
                                           const prtsparseMatDescr_t descrA, const int* csrRowPtrA, int* csrColIndA,
                                           int* P, void* pBuffer) {
  using namespace prt::sparse_detail;
  if (handle == nullptr || descrA == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0 || csrRowPtrA == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (nnz > 0 && (csrColIndA == nullptr || pBuffer == nullptr)) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (const auto s = enter(handle)) return s;
  const int base = descrA->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  if (csrRowPtrA[0] - base != 0 || csrRowPtrA[m] - base != nnz) return PRTSPARSE_STATUS_INVALID_VALUE;
  sort_entry* row = static_cast<sort_entry*>(pBuffer);
  for (int i = 0; i < m; ++i) {
    const int start = csrRowPtrA[i] - base, count = csrRowPtrA[i + 1] - base - start;
    if (count < 0 || start + count > nnz) return PRTSPARSE_STATUS_INVALID_VALUE;
    for (int k = 0; k < count; ++k) row[k] = {csrColIndA[start + k], k, P != nullptr ? P[start + k] : 0};
    std::sort(row, row + count, [](const sort_entry& a, const sort_entry& b) {
      return a.col != b.col ? a.col < b.col : a.pos < b.pos;  // equal columns keep their order
    });
    for (int k = 0; k < count; ++k) {
      csrColIndA[start + k] = row[k].col;
      if (P != nullptr) P[start + k] = row[k].p;
    }
  }
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseGather(prtsparseHandle_t handle, prtsparseConstDnVecDescr_t vecY,
                                         prtsparseSpVecDescr_t vecX) {
  using namespace prt::sparse_detail;
  if (handle == nullptr || vecY == nullptr || vecX == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (vecX->size != vecY->size) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (vecX->valueType != vecY->valueType) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  if (const auto s = enter(handle)) return s;
  const int64_t base = vecX->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  const size_t bytes = element_bytes(vecX->valueType);
  for (int64_t k = 0; k < vecX->nnz; ++k) {
    const int64_t i = index_at(vecX->indices, vecX->idxType, k) - base;
    if (i < 0 || i >= vecY->size) return PRTSPARSE_STATUS_INVALID_VALUE;
    std::memcpy(static_cast<char*>(vecX->values) + k * bytes, static_cast<const char*>(vecY->values) + i * bytes,
                bytes);
  }
  return PRTSPARSE_STATUS_SUCCESS;
}

inline prtsparseStatus_t prtsparseSpGEMM_createDescr(prtsparseSpGEMMDescr_t* descr) {
  if (descr == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *descr = new (std::nothrow) prtsparseSpGEMMDescr{nullptr, nullptr, 0, 0, 0, false, false};
  return *descr != nullptr ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ALLOC_FAILED;
}
inline prtsparseStatus_t prtsparseSpGEMM_destroyDescr(prtsparseSpGEMMDescr_t descr) {
  delete descr;
  return PRTSPARSE_STATUS_SUCCESS;
}

namespace prt {
namespace sparse_detail {
inline prtsparseStatus_t check_spgemm(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                      const void* alpha, prtsparseConstSpMatDescr_t a, prtsparseConstSpMatDescr_t b,
                                      const void* beta, prtsparseConstSpMatDescr_t c, prtDataType_t computeType,
                                      prtsparseSpGEMMAlg_t alg, prtsparseSpGEMMDescr_t d) {
  if (handle == nullptr || a == nullptr || b == nullptr || c == nullptr || d == nullptr) {
    return PRTSPARSE_STATUS_NOT_INITIALIZED;
  }
  if (!valid_op(opA) || !valid_op(opB) || alpha == nullptr || beta == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (opA != PRTSPARSE_OPERATION_NON_TRANSPOSE || opB != PRTSPARSE_OPERATION_NON_TRANSPOSE ||
      a->format != PRTSPARSE_FORMAT_CSR || b->format != PRTSPARSE_FORMAT_CSR || c->format != PRTSPARSE_FORMAT_CSR ||
      a->batch != 1 || b->batch != 1 || c->batch != 1) {
    return PRTSPARSE_STATUS_NOT_SUPPORTED;  // as in cuSPARSE: A and B as stored, all three CSR
  }
  if (alg < PRTSPARSE_SPGEMM_DEFAULT || alg > PRTSPARSE_SPGEMM_ALG1) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  if (a->cols != b->rows || c->rows != a->rows || c->cols != b->cols) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (b->valueType != a->valueType || c->valueType != a->valueType || computeType != a->valueType) {
    return PRTSPARSE_STATUS_NOT_SUPPORTED;
  }
  const bool zero = a->valueType == PRT_R_32F ? scalar<float>(beta) == 0.0f : scalar<double>(beta) == 0.0;
  return zero ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_NOT_SUPPORTED;  // beta other than 0: not on the CPU
}
// Where compute puts C in externalBuffer2 for `products` counted products and B's `cols` columns: offsets, columns
// and a per-column marker (int64_t each), then C's values and a per-column sum (the value type).
struct product_layout {
  size_t offsets, columns, marker, values, sums, bytes;
};
inline product_layout layout(int64_t rows, int64_t products, int64_t cols, size_t value) {
  product_layout l{};
  l.offsets = 0;
  l.columns = l.offsets + sizeof(int64_t) * static_cast<size_t>(rows + 1);
  l.marker = l.columns + sizeof(int64_t) * static_cast<size_t>(products);
  l.values = l.marker + sizeof(int64_t) * static_cast<size_t>(cols);
  l.sums = l.values + value * static_cast<size_t>(products);
  l.bytes = l.sums + value * static_cast<size_t>(cols);
  return l;
}
template <class T>
inline T* at_offset(void* buffer, size_t offset) {
  return reinterpret_cast<T*>(static_cast<char*>(buffer) + offset);
}
// C = alpha A B row by row (Gustavson): each row's sums gather in a dense per-column array, its columns sorted.
template <class T>
inline void multiply(const prtsparseSpMatDescr& a, const prtsparseSpMatDescr& b, T alpha, void* buffer,
                     const product_layout& l, int64_t* nnz) {
  int64_t* off = at_offset<int64_t>(buffer, l.offsets);
  int64_t* col = at_offset<int64_t>(buffer, l.columns);
  int64_t* marker = at_offset<int64_t>(buffer, l.marker);
  T* val = at_offset<T>(buffer, l.values);
  T* sum = at_offset<T>(buffer, l.sums);
  const T* av = static_cast<const T*>(a.values);
  const T* bv = static_cast<const T*>(b.values);
  const int64_t abase = a.base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0, bbase = b.base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  std::fill(marker, marker + b.cols, int64_t(-1));
  int64_t count = 0;
  off[0] = 0;
  for (int64_t i = 0; i < a.rows; ++i) {
    const int64_t start = count;
    const int64_t end = index_at(a.rowPtr, a.rowType, i + 1) - abase;
    for (int64_t k = index_at(a.rowPtr, a.rowType, i) - abase; k < end; ++k) {
      const int64_t r = index_at(a.colInd, a.colType, k) - abase;
      const int64_t rend = index_at(b.rowPtr, b.rowType, r + 1) - bbase;
      for (int64_t e = index_at(b.rowPtr, b.rowType, r) - bbase; e < rend; ++e) {
        const int64_t j = index_at(b.colInd, b.colType, e) - bbase;
        if (marker[j] < start) {
          marker[j] = count;
          col[count++] = j;
          sum[j] = av[k] * bv[e];
        } else {
          sum[j] += av[k] * bv[e];
        }
      }
    }
    std::sort(col + start, col + count);
    for (int64_t t = start; t < count; ++t) val[t] = alpha * sum[col[t]];
    off[i + 1] = count;
  }
  *nnz = count;
}
}  // namespace sparse_detail
}  // namespace prt

inline prtsparseStatus_t prtsparseSpGEMM_workEstimation(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                        prtsparseOperation_t opB, const void* alpha,
                                                        prtsparseConstSpMatDescr_t matA,
                                                        prtsparseConstSpMatDescr_t matB, const void* beta,
                                                        prtsparseSpMatDescr_t matC, prtDataType_t computeType,
                                                        prtsparseSpGEMMAlg_t alg, prtsparseSpGEMMDescr_t spgemmDescr,
                                                        size_t* bufferSize1, void* externalBuffer1) {
  using namespace prt::sparse_detail;
  auto s = check_spgemm(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, spgemmDescr);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (bufferSize1 == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  const size_t need = sizeof(int64_t) * static_cast<size_t>(matA->rows + 1);
  if (externalBuffer1 == nullptr) {
    *bufferSize1 = need;
    return PRTSPARSE_STATUS_SUCCESS;
  }
  if (*bufferSize1 < need) return PRTSPARSE_STATUS_INSUFFICIENT_RESOURCES;
  if ((s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  int64_t* counts = static_cast<int64_t*>(externalBuffer1);
  const int64_t abase = matA->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  int64_t total = 0;
  for (int64_t i = 0; i < matA->rows; ++i) {
    int64_t row = 0;
    const int64_t end = index_at(matA->rowPtr, matA->rowType, i + 1) - abase;
    for (int64_t k = index_at(matA->rowPtr, matA->rowType, i) - abase; k < end; ++k) {
      const int64_t r = index_at(matA->colInd, matA->colType, k) - abase;
      if (r < 0 || r >= matB->rows) return PRTSPARSE_STATUS_INVALID_VALUE;
      row += index_at(matB->rowPtr, matB->rowType, r + 1) - index_at(matB->rowPtr, matB->rowType, r);
    }
    counts[i] = row;
    total += row;
  }
  counts[matA->rows] = total;
  spgemmDescr->counts = externalBuffer1;
  spgemmDescr->rows = matA->rows;
  spgemmDescr->products = total;
  spgemmDescr->counted = true;
  spgemmDescr->computed = false;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSpGEMM_compute(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                 prtsparseOperation_t opB, const void* alpha,
                                                 prtsparseConstSpMatDescr_t matA, prtsparseConstSpMatDescr_t matB,
                                                 const void* beta, prtsparseSpMatDescr_t matC,
                                                 prtDataType_t computeType, prtsparseSpGEMMAlg_t alg,
                                                 prtsparseSpGEMMDescr_t spgemmDescr, size_t* bufferSize2,
                                                 void* externalBuffer2) {
  using namespace prt::sparse_detail;
  auto s = check_spgemm(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, spgemmDescr);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (bufferSize2 == nullptr || !spgemmDescr->counted || spgemmDescr->rows != matA->rows) {
    return PRTSPARSE_STATUS_INVALID_VALUE;  // workEstimation comes first, with a buffer
  }
  const product_layout l = layout(matA->rows, spgemmDescr->products, matB->cols, value_bytes(matA->valueType));
  if (externalBuffer2 == nullptr) {
    *bufferSize2 = l.bytes;
    return PRTSPARSE_STATUS_SUCCESS;
  }
  if (*bufferSize2 < l.bytes) return PRTSPARSE_STATUS_INSUFFICIENT_RESOURCES;
  if ((s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  int64_t nnz = 0;
  if (matA->valueType == PRT_R_32F) {
    multiply<float>(*matA, *matB, scalar<float>(alpha), externalBuffer2, l, &nnz);
  } else {
    multiply<double>(*matA, *matB, scalar<double>(alpha), externalBuffer2, l, &nnz);
  }
  spgemmDescr->product = externalBuffer2;
  spgemmDescr->nnz = nnz;
  spgemmDescr->computed = true;
  matC->nnz = nnz;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseSpGEMM_copy(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                              prtsparseOperation_t opB, const void* alpha,
                                              prtsparseConstSpMatDescr_t matA, prtsparseConstSpMatDescr_t matB,
                                              const void* beta, prtsparseSpMatDescr_t matC, prtDataType_t computeType,
                                              prtsparseSpGEMMAlg_t alg, prtsparseSpGEMMDescr_t spgemmDescr) {
  using namespace prt::sparse_detail;
  auto s = check_spgemm(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, spgemmDescr);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (!spgemmDescr->computed || spgemmDescr->rows != matA->rows) return PRTSPARSE_STATUS_INVALID_VALUE;
  const int64_t nnz = spgemmDescr->nnz;
  if (matC->rowPtr == nullptr || (nnz > 0 && (matC->colInd == nullptr || matC->values == nullptr))) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  if ((s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  const size_t vb = value_bytes(matC->valueType);
  const product_layout l = layout(matA->rows, spgemmDescr->products, matB->cols, vb);
  const int64_t* off = at_offset<int64_t>(spgemmDescr->product, l.offsets);
  const int64_t* col = at_offset<int64_t>(spgemmDescr->product, l.columns);
  const int64_t base = matC->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  for (int64_t i = 0; i <= matC->rows; ++i) put_index(matC->rowPtr, matC->rowType, i, off[i] + base);
  for (int64_t k = 0; k < nnz; ++k) put_index(matC->colInd, matC->colType, k, col[k] + base);
  if (nnz > 0) {
    std::memcpy(matC->values, at_offset<char>(spgemmDescr->product, l.values), vb * static_cast<size_t>(nnz));
  }
  matC->nnz = nnz;
  return PRTSPARSE_STATUS_SUCCESS;
}

inline prtsparseStatus_t prtsparseSpSV_createDescr(prtsparseSpSVDescr_t* descr) {
  if (descr == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *descr = new (std::nothrow) prtsparseSpSVDescr{0};
  return *descr != nullptr ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ALLOC_FAILED;
}
inline prtsparseStatus_t prtsparseSpSV_destroyDescr(prtsparseSpSVDescr_t descr) {
  delete descr;
  return PRTSPARSE_STATUS_SUCCESS;
}

namespace prt {
namespace sparse_detail {
// SpSV as SpSM with one column: x and y become size x 1 column-major matrices over the same arrays.
template <class F>
inline prtsparseStatus_t as_spsm(prtsparseHandle_t handle, prtsparseConstDnVecDescr_t x, prtsparseDnVecDescr_t y,
                                 prtsparseSpSVDescr_t d, F&& f) {
  if (handle == nullptr || x == nullptr || y == nullptr || d == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  prtsparseDnMatDescr b{x->size, 1, x->size > 1 ? x->size : 1, x->values, x->valueType, PRTSPARSE_ORDER_COL, 1, 0};
  prtsparseDnMatDescr c{y->size, 1, y->size > 1 ? y->size : 1, y->values, y->valueType, PRTSPARSE_ORDER_COL, 1, 0};
  prtsparseSpSMDescr state{0};
  return f(&b, &c, &state);
}
}  // namespace sparse_detail
}  // namespace prt

inline prtsparseStatus_t prtsparseSpSV_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                                  prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                                  prtsparseSpSVAlg_t, prtsparseSpSVDescr_t spsvDescr,
                                                  size_t* bufferSize) {
  return prt::sparse_detail::as_spsm(handle, vecX, vecY, spsvDescr, [&](auto b, auto c, auto state) {
    return prtsparseSpSM_bufferSize(handle, opA, PRTSPARSE_OPERATION_NON_TRANSPOSE, alpha, matA, b, c, computeType,
                                    PRTSPARSE_SPSM_ALG_DEFAULT, state, bufferSize);
  });
}
inline prtsparseStatus_t prtsparseSpSV_analysis(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                                prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                                prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                                prtsparseSpSVAlg_t, prtsparseSpSVDescr_t spsvDescr,
                                                void* externalBuffer) {
  return prt::sparse_detail::as_spsm(handle, vecX, vecY, spsvDescr, [&](auto b, auto c, auto state) {
    return prtsparseSpSM_analysis(handle, opA, PRTSPARSE_OPERATION_NON_TRANSPOSE, alpha, matA, b, c, computeType,
                                  PRTSPARSE_SPSM_ALG_DEFAULT, state, externalBuffer);
  });
}
inline prtsparseStatus_t prtsparseSpSV_solve(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                             prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                             prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                             prtsparseSpSVAlg_t, prtsparseSpSVDescr_t spsvDescr) {
  return prt::sparse_detail::as_spsm(handle, vecX, vecY, spsvDescr, [&](auto b, auto c, auto state) {
    return prtsparseSpSM_solve(handle, opA, PRTSPARSE_OPERATION_NON_TRANSPOSE, alpha, matA, b, c, computeType,
                               PRTSPARSE_SPSM_ALG_DEFAULT, state);
  });
}

inline prtsparseStatus_t prtsparseCreateCsrilu02Info(prtsparseCsrilu02Info_t* info) {
  if (info == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *info = new (std::nothrow) prtsparseCsrilu02Info{-1, -1, false};
  return *info != nullptr ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ALLOC_FAILED;
}
inline prtsparseStatus_t prtsparseDestroyCsrilu02Info(prtsparseCsrilu02Info_t info) {
  delete info;
  return PRTSPARSE_STATUS_SUCCESS;
}

namespace prt {
namespace sparse_detail {
// The work area of csrilu02: each row's diagonal position (-1 where none is stored), then, per column, where row i
// stores it (-1 elsewhere) while row i is being eliminated.
inline size_t ilu_bytes(int m) { return 2 * sizeof(int) * static_cast<size_t>(m > 0 ? m : 0); }
inline prtsparseStatus_t check_ilu(prtsparseHandle_t handle, int m, int nnz, const prtsparseMatDescr_t descr,
                                   const int* rowPtr, const int* colInd, prtsparseCsrilu02Info_t info) {
  if (handle == nullptr || descr == nullptr || info == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || nnz < 0 || rowPtr == nullptr || (nnz > 0 && colInd == nullptr)) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (descr->type != PRTSPARSE_MATRIX_TYPE_GENERAL) return PRTSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t ilu_analysis(prtsparseHandle_t handle, int m, int nnz, const prtsparseMatDescr_t descr,
                                      const int* rowPtr, const int* colInd, prtsparseCsrilu02Info_t info,
                                      prtsparseSolvePolicy_t policy, void* buffer) {
  auto s = check_ilu(handle, m, nnz, descr, rowPtr, colInd, info);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (policy != PRTSPARSE_SOLVE_POLICY_NO_LEVEL && policy != PRTSPARSE_SOLVE_POLICY_USE_LEVEL) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  if (m > 0 && buffer == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if ((s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  const int base = descr->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  if (rowPtr[0] - base != 0 || rowPtr[m] - base != nnz) return PRTSPARSE_STATUS_INVALID_VALUE;
  int* diag = static_cast<int*>(buffer);
  info->structural = -1;
  info->numerical = -1;
  for (int i = 0; i < m; ++i) {
    diag[i] = -1;
    for (int e = rowPtr[i] - base; e < rowPtr[i + 1] - base; ++e) {
      const int j = colInd[e] - base;
      if (j < 0 || j >= m) return PRTSPARSE_STATUS_INVALID_VALUE;
      if (j == i) diag[i] = e;
    }
    if (diag[i] < 0 && info->structural < 0) info->structural = i;
  }
  info->analysed = true;
  return PRTSPARSE_STATUS_SUCCESS;
}
// Row by row (IKJ): each entry left of the diagonal is divided by its column's pivot, and that multiple of the
// pivot's row is taken from the entries the row stores right of it; a pivot not stored is a zero.
template <class T>
inline prtsparseStatus_t ilu(prtsparseHandle_t handle, int m, int nnz, const prtsparseMatDescr_t descr, T* val,
                             const int* rowPtr, const int* colInd, prtsparseCsrilu02Info_t info,
                             prtsparseSolvePolicy_t policy, void* buffer) {
  auto s = check_ilu(handle, m, nnz, descr, rowPtr, colInd, info);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (policy != PRTSPARSE_SOLVE_POLICY_NO_LEVEL && policy != PRTSPARSE_SOLVE_POLICY_USE_LEVEL) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  if (!info->analysed || (m > 0 && buffer == nullptr) || (nnz > 0 && val == nullptr)) {
    return PRTSPARSE_STATUS_INVALID_VALUE;  // analysis comes first, with the same work area
  }
  if ((s = enter(handle)) != PRTSPARSE_STATUS_SUCCESS) return s;
  const int base = descr->base == PRTSPARSE_INDEX_BASE_ONE ? 1 : 0;
  const int* diag = static_cast<const int*>(buffer);
  int* where = static_cast<int*>(buffer) + m;
  std::fill(where, where + m, -1);
  info->numerical = -1;
  for (int i = 0; i < m; ++i) {
    const int begin = rowPtr[i] - base, end = rowPtr[i + 1] - base;
    for (int e = begin; e < end; ++e) where[colInd[e] - base] = e;
    for (int e = begin; e < end; ++e) {
      const int k = colInd[e] - base;
      if (k >= i) continue;
      const T pivot = diag[k] >= 0 ? val[diag[k]] : T(0);
      val[e] /= pivot;
      for (int f = rowPtr[k] - base; f < rowPtr[k + 1] - base; ++f) {
        const int j = colInd[f] - base;
        if (j > k && where[j] >= 0) val[where[j]] -= val[e] * val[f];
      }
    }
    for (int e = begin; e < end; ++e) where[colInd[e] - base] = -1;
    if (info->numerical < 0 && (diag[i] < 0 || val[diag[i]] == T(0))) info->numerical = i;
  }
  return PRTSPARSE_STATUS_SUCCESS;
}
}  // namespace sparse_detail
}  // namespace prt

inline prtsparseStatus_t prtsparseScsrilu02_bufferSize(prtsparseHandle_t handle, int m, int nnz,
                                                       const prtsparseMatDescr_t descrA, float*,
                                                       const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                       prtsparseCsrilu02Info_t info, int* pBufferSizeInBytes) {
  const auto s = prt::sparse_detail::check_ilu(handle, m, nnz, descrA, csrSortedRowPtrA, csrSortedColIndA, info);
  if (s != PRTSPARSE_STATUS_SUCCESS) return s;
  if (pBufferSizeInBytes == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  *pBufferSizeInBytes = static_cast<int>(prt::sparse_detail::ilu_bytes(m));
  return PRTSPARSE_STATUS_SUCCESS;
}
inline prtsparseStatus_t prtsparseDcsrilu02_bufferSize(prtsparseHandle_t handle, int m, int nnz,
                                                       const prtsparseMatDescr_t descrA, double*,
                                                       const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                       prtsparseCsrilu02Info_t info, int* pBufferSizeInBytes) {
  return prtsparseScsrilu02_bufferSize(handle, m, nnz, descrA, nullptr, csrSortedRowPtrA, csrSortedColIndA, info,
                                       pBufferSizeInBytes);
}
inline prtsparseStatus_t prtsparseScsrilu02_analysis(prtsparseHandle_t handle, int m, int nnz,
                                                     const prtsparseMatDescr_t descrA, const float*,
                                                     const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                     prtsparseCsrilu02Info_t info, prtsparseSolvePolicy_t policy,
                                                     void* pBuffer) {
  return prt::sparse_detail::ilu_analysis(handle, m, nnz, descrA, csrSortedRowPtrA, csrSortedColIndA, info, policy,
                                          pBuffer);
}
inline prtsparseStatus_t prtsparseDcsrilu02_analysis(prtsparseHandle_t handle, int m, int nnz,
                                                     const prtsparseMatDescr_t descrA, const double*,
                                                     const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                     prtsparseCsrilu02Info_t info, prtsparseSolvePolicy_t policy,
                                                     void* pBuffer) {
  return prt::sparse_detail::ilu_analysis(handle, m, nnz, descrA, csrSortedRowPtrA, csrSortedColIndA, info, policy,
                                          pBuffer);
}
inline prtsparseStatus_t prtsparseScsrilu02(prtsparseHandle_t handle, int m, int nnz, const prtsparseMatDescr_t descrA,
                                            float* csrSortedValA_valM, const int* csrSortedRowPtrA,
                                            const int* csrSortedColIndA, prtsparseCsrilu02Info_t info,
                                            prtsparseSolvePolicy_t policy, void* pBuffer) {
  return prt::sparse_detail::ilu(handle, m, nnz, descrA, csrSortedValA_valM, csrSortedRowPtrA, csrSortedColIndA, info,
                                 policy, pBuffer);
}
inline prtsparseStatus_t prtsparseDcsrilu02(prtsparseHandle_t handle, int m, int nnz, const prtsparseMatDescr_t descrA,
                                            double* csrSortedValA_valM, const int* csrSortedRowPtrA,
                                            const int* csrSortedColIndA, prtsparseCsrilu02Info_t info,
                                            prtsparseSolvePolicy_t policy, void* pBuffer) {
  return prt::sparse_detail::ilu(handle, m, nnz, descrA, csrSortedValA_valM, csrSortedRowPtrA, csrSortedColIndA, info,
                                 policy, pBuffer);
}
inline prtsparseStatus_t prtsparseXcsrilu02_zeroPivot(prtsparseHandle_t handle, prtsparseCsrilu02Info_t info,
                                                      int* position) {
  using namespace prt::sparse_detail;
  if (handle == nullptr || info == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (position == nullptr) return PRTSPARSE_STATUS_INVALID_VALUE;
  if (const auto s = enter(handle)) return s;
  const int a = info->structural, b = info->numerical;
  *position = a < 0 ? b : b < 0 ? a : std::min(a, b);
  return *position < 0 ? PRTSPARSE_STATUS_SUCCESS : PRTSPARSE_STATUS_ZERO_PIVOT;
}
