// prt/gpu/sparse.h: the GPU backend of prt/sparse.h, written once: cuSPARSE's generic API on CUDA (link with
// -lcusparse), hipSPARSE's on HIP (hipSPARSE 5.3 or later, Debian's libhipsparse-dev; link with -lhipsparse), which
// numbers its orders and algorithms its own way and has no Csr2cscEx2 (its typed csr2csc stands in).
#pragma once

#if PRT_BACKEND_CUDA && !__has_include(<cusparse.h>)
#error \
    "prt/sparse.h on the CUDA backend needs cuSPARSE's headers: install the CUDA toolkit's cuSPARSE (or pip install nvidia-cusparse) and put its include folder on the path"
#elif !PRT_BACKEND_CUDA && !__has_include(<hipsparse/hipsparse.h>) && !__has_include(<hipsparse.h>)
#error \
    "prt/sparse.h on the HIP backend needs hipSPARSE: install libhipsparse-dev (Debian) or ROCm's hipsparse-dev and put its include folder on the path"
#else
#if PRT_BACKEND_CUDA
#include <cusparse.h>

// PRT_SPARSE(Name): the vendor's spelling of a cuSPARSE name.
#define PRT_SPARSE(name) cusparse##name
#define PRT_SPARSE_SUCCESS CUSPARSE_STATUS_SUCCESS

namespace prt {
namespace sparse_detail {
inline cusparseHandle_t native(prtsparseHandle_t h) { return reinterpret_cast<cusparseHandle_t>(h); }
inline prtsparseStatus_t status(cusparseStatus_t s) { return static_cast<prtsparseStatus_t>(s); }
inline cusparseSpMatDescr_t sp(prtsparseConstSpMatDescr_t d) {
  return reinterpret_cast<cusparseSpMatDescr_t>(const_cast<prtsparseSpMatDescr*>(d));
}
inline cusparseDnVecDescr_t vec(prtsparseConstDnVecDescr_t d) {
  return reinterpret_cast<cusparseDnVecDescr_t>(const_cast<prtsparseDnVecDescr*>(d));
}
inline cusparseDnMatDescr_t mat(prtsparseConstDnMatDescr_t d) {
  return reinterpret_cast<cusparseDnMatDescr_t>(const_cast<prtsparseDnMatDescr*>(d));
}
inline cusparseOperation_t op(prtsparseOperation_t o) { return static_cast<cusparseOperation_t>(o); }
inline cusparseIndexType_t idx(prtsparseIndexType_t t) { return static_cast<cusparseIndexType_t>(t); }
inline cusparseIndexBase_t base(prtsparseIndexBase_t b) { return static_cast<cusparseIndexBase_t>(b); }
inline cudaDataType type(prtDataType_t t) { return static_cast<cudaDataType>(t); }
inline cusparseOrder_t ord(prtsparseOrder_t o) { return static_cast<cusparseOrder_t>(o); }
inline cusparseSpMVAlg_t mv(prtsparseSpMVAlg_t a) { return static_cast<cusparseSpMVAlg_t>(a); }
inline cusparseSpMMAlg_t mm(prtsparseSpMMAlg_t a) { return static_cast<cusparseSpMMAlg_t>(a); }
inline cusparseSparseToDenseAlg_t s2d(prtsparseSparseToDenseAlg_t a) {
  return static_cast<cusparseSparseToDenseAlg_t>(a);
}
inline cusparseSDDMMAlg_t sddmm(prtsparseSDDMMAlg_t a) { return static_cast<cusparseSDDMMAlg_t>(a); }
inline cusparseSpSMAlg_t spsm(prtsparseSpSMAlg_t a) { return static_cast<cusparseSpSMAlg_t>(a); }
inline cusparseSpMatAttribute_t attr(prtsparseSpMatAttribute_t a) { return static_cast<cusparseSpMatAttribute_t>(a); }
inline cusparseSpSMDescr_t spsm_state(prtsparseSpSMDescr_t d) { return reinterpret_cast<cusparseSpSMDescr_t>(d); }
inline cusparseDenseToSparseAlg_t d2s(prtsparseDenseToSparseAlg_t a) {
  return static_cast<cusparseDenseToSparseAlg_t>(a);
}
inline cusparseSpVecDescr_t spvec(prtsparseConstSpVecDescr_t d) {
  return reinterpret_cast<cusparseSpVecDescr_t>(const_cast<prtsparseSpVecDescr*>(d));
}
inline cusparseMatDescr_t legacy(const prtsparseMatDescr_t d) { return reinterpret_cast<cusparseMatDescr_t>(d); }
inline cusparseSpGEMMDescr_t spgemm_state(prtsparseSpGEMMDescr_t d) {
  return reinterpret_cast<cusparseSpGEMMDescr_t>(d);
}
inline cusparseSpGEMMAlg_t spgemm(prtsparseSpGEMMAlg_t a) { return static_cast<cusparseSpGEMMAlg_t>(a); }
inline cusparseSpSVDescr_t spsv_state(prtsparseSpSVDescr_t d) { return reinterpret_cast<cusparseSpSVDescr_t>(d); }
inline cusparseSpSVAlg_t spsv(prtsparseSpSVAlg_t a) { return static_cast<cusparseSpSVAlg_t>(a); }
inline csrilu02Info_t ilu_state(prtsparseCsrilu02Info_t i) { return reinterpret_cast<csrilu02Info_t>(i); }
inline cusparseSolvePolicy_t policy_of(prtsparseSolvePolicy_t p) { return static_cast<cusparseSolvePolicy_t>(p); }
}  // namespace sparse_detail
}  // namespace prt
#else
#if __has_include(<hipsparse/hipsparse.h>)
#include <hipsparse/hipsparse.h>
#else
#include <hipsparse.h>
#endif

#define PRT_SPARSE(name) hipsparse##name
#include <map>
#include <mutex>
#define PRT_SPARSE_SUCCESS HIPSPARSE_STATUS_SUCCESS

namespace prt {
namespace sparse_detail {
inline hipsparseHandle_t native(prtsparseHandle_t h) { return reinterpret_cast<hipsparseHandle_t>(h); }
inline prtsparseStatus_t status(hipsparseStatus_t s) { return static_cast<prtsparseStatus_t>(s); }  // same values
inline hipsparseSpMatDescr_t sp(prtsparseConstSpMatDescr_t d) { return const_cast<prtsparseSpMatDescr*>(d); }
inline hipsparseDnVecDescr_t vec(prtsparseConstDnVecDescr_t d) { return const_cast<prtsparseDnVecDescr*>(d); }
inline hipsparseDnMatDescr_t mat(prtsparseConstDnMatDescr_t d) { return const_cast<prtsparseDnMatDescr*>(d); }
inline hipsparseOperation_t op(prtsparseOperation_t o) { return static_cast<hipsparseOperation_t>(o); }
inline hipsparseIndexType_t idx(prtsparseIndexType_t t) { return static_cast<hipsparseIndexType_t>(t); }
inline hipsparseIndexBase_t base(prtsparseIndexBase_t b) { return static_cast<hipsparseIndexBase_t>(b); }
inline hipDataType type(prtDataType_t t) { return static_cast<hipDataType>(t); }  // hipDataType keeps CUDA's values
// hipSPARSE: row-major is 0, column-major 1 (its name for 1 changed across releases).
inline hipsparseOrder_t ord(prtsparseOrder_t o) {
  return static_cast<hipsparseOrder_t>(o == PRTSPARSE_ORDER_ROW ? 0 : 1);
}
inline hipsparseSpMVAlg_t mv(prtsparseSpMVAlg_t a) {
  switch (a) {
    case PRTSPARSE_SPMV_COO_ALG1: return HIPSPARSE_SPMV_COO_ALG1;
    case PRTSPARSE_SPMV_COO_ALG2: return HIPSPARSE_SPMV_COO_ALG2;
    case PRTSPARSE_SPMV_CSR_ALG1: return HIPSPARSE_SPMV_CSR_ALG1;
    case PRTSPARSE_SPMV_CSR_ALG2: return HIPSPARSE_SPMV_CSR_ALG2;
    default: return HIPSPARSE_SPMV_ALG_DEFAULT;
  }
}
inline hipsparseSpMMAlg_t mm(prtsparseSpMMAlg_t a) {
  switch (a) {
    case PRTSPARSE_SPMM_COO_ALG1: return HIPSPARSE_SPMM_COO_ALG1;
    case PRTSPARSE_SPMM_COO_ALG2: return HIPSPARSE_SPMM_COO_ALG2;
    case PRTSPARSE_SPMM_COO_ALG3: return HIPSPARSE_SPMM_COO_ALG3;
    case PRTSPARSE_SPMM_COO_ALG4: return HIPSPARSE_SPMM_COO_ALG4;
    case PRTSPARSE_SPMM_CSR_ALG1: return HIPSPARSE_SPMM_CSR_ALG1;
    case PRTSPARSE_SPMM_CSR_ALG2: return HIPSPARSE_SPMM_CSR_ALG2;
    case PRTSPARSE_SPMM_CSR_ALG3: return HIPSPARSE_SPMM_CSR_ALG3;
    default: return HIPSPARSE_SPMM_ALG_DEFAULT;
  }
}
inline hipsparseSparseToDenseAlg_t s2d(prtsparseSparseToDenseAlg_t) { return HIPSPARSE_SPARSETODENSE_ALG_DEFAULT; }
inline hipsparseDenseToSparseAlg_t d2s(prtsparseDenseToSparseAlg_t) { return HIPSPARSE_DENSETOSPARSE_ALG_DEFAULT; }
inline hipsparseSDDMMAlg_t sddmm(prtsparseSDDMMAlg_t) { return HIPSPARSE_SDDMM_ALG_DEFAULT; }
inline hipsparseSpSMAlg_t spsm(prtsparseSpSMAlg_t) { return HIPSPARSE_SPSM_ALG_DEFAULT; }
inline hipsparseSpMatAttribute_t attr(prtsparseSpMatAttribute_t a) { return static_cast<hipsparseSpMatAttribute_t>(a); }
inline hipsparseSpSMDescr_t spsm_state(prtsparseSpSMDescr_t d) { return reinterpret_cast<hipsparseSpSMDescr_t>(d); }
// hipSPARSE's SpSM_solve takes the analysis' work area again, which cuSPARSE's does not: remembered per descriptor.
inline std::mutex& spsm_lock() {
  static std::mutex m;
  return m;
}
inline std::map<prtsparseSpSMDescr_t, void*>& spsm_buffers() {
  static std::map<prtsparseSpSMDescr_t, void*> b;
  return b;
}
inline hipsparseSpVecDescr_t spvec(prtsparseConstSpVecDescr_t d) { return const_cast<prtsparseSpVecDescr*>(d); }
inline hipsparseMatDescr_t legacy(const prtsparseMatDescr_t d) { return d; }  // hipSPARSE's is a void*
inline hipsparseSpGEMMDescr_t spgemm_state(prtsparseSpGEMMDescr_t d) {
  return reinterpret_cast<hipsparseSpGEMMDescr_t>(d);
}
inline hipsparseSpSVDescr_t spsv_state(prtsparseSpSVDescr_t d) { return reinterpret_cast<hipsparseSpSVDescr_t>(d); }
inline hipsparseSpSVAlg_t spsv(prtsparseSpSVAlg_t) { return HIPSPARSE_SPSV_ALG_DEFAULT; }
inline csrilu02Info_t ilu_state(prtsparseCsrilu02Info_t i) { return reinterpret_cast<csrilu02Info_t>(i); }
inline hipsparseSolvePolicy_t policy_of(prtsparseSolvePolicy_t p) { return static_cast<hipsparseSolvePolicy_t>(p); }
// hipSPARSE's SpSV_solve takes the analysis' work area again too: remembered per descriptor, under spsm_lock.
inline std::map<prtsparseSpSVDescr_t, void*>& spsv_buffers() {
  static std::map<prtsparseSpSVDescr_t, void*> b;
  return b;
}
// hipSPARSE numbers its two CSR algorithms the other way round and has no ALG1: that one is its default.
inline hipsparseSpGEMMAlg_t spgemm(prtsparseSpGEMMAlg_t a) {
  switch (a) {
    case PRTSPARSE_SPGEMM_CSR_ALG_DETERMINITIC: return HIPSPARSE_SPGEMM_CSR_ALG_DETERMINISTIC;
    case PRTSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC: return HIPSPARSE_SPGEMM_CSR_ALG_NONDETERMINISTIC;
    default: return HIPSPARSE_SPGEMM_DEFAULT;
  }
}
}  // namespace sparse_detail
}  // namespace prt
#endif

inline prtsparseStatus_t prtsparseCreate(prtsparseHandle_t* handle) {
  return prt::sparse_detail::status(PRT_SPARSE(Create)(reinterpret_cast<PRT_SPARSE(Handle_t)*>(handle)));
}
inline prtsparseStatus_t prtsparseDestroy(prtsparseHandle_t handle) {
  return prt::sparse_detail::status(PRT_SPARSE(Destroy)(prt::sparse_detail::native(handle)));
}
inline prtsparseStatus_t prtsparseSetStream(prtsparseHandle_t handle, prtStream_t stream) {
  return prt::sparse_detail::status(
      PRT_SPARSE(SetStream)(prt::sparse_detail::native(handle), (PRT_GPU(Stream_t))stream));
}
inline prtsparseStatus_t prtsparseGetStream(prtsparseHandle_t handle, prtStream_t* stream) {
  PRT_GPU(Stream_t) s = nullptr;
  const auto r = PRT_SPARSE(GetStream)(prt::sparse_detail::native(handle), &s);
  if (r == PRT_SPARSE_SUCCESS && stream != nullptr) *stream = (prtStream_t)s;
  return prt::sparse_detail::status(r);
}
inline prtsparseStatus_t prtsparseSetPointerMode(prtsparseHandle_t handle, prtsparsePointerMode_t mode) {
  return prt::sparse_detail::status(
      PRT_SPARSE(SetPointerMode)(prt::sparse_detail::native(handle), static_cast<PRT_SPARSE(PointerMode_t)>(mode)));
}
inline prtsparseStatus_t prtsparseGetPointerMode(prtsparseHandle_t handle, prtsparsePointerMode_t* mode) {
  PRT_SPARSE(PointerMode_t) m{};
  const auto r = PRT_SPARSE(GetPointerMode)(prt::sparse_detail::native(handle), &m);
  if (r == PRT_SPARSE_SUCCESS && mode != nullptr) *mode = static_cast<prtsparsePointerMode_t>(m);
  return prt::sparse_detail::status(r);
}

inline prtsparseStatus_t prtsparseCreateCsr(prtsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                            void* csrRowOffsets, void* csrColInd, void* csrValues,
                                            prtsparseIndexType_t csrRowOffsetsType, prtsparseIndexType_t csrColIndType,
                                            prtsparseIndexBase_t idxBase, prtDataType_t valueType) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(CreateCsr)(reinterpret_cast<PRT_SPARSE(SpMatDescr_t)*>(spMatDescr), rows, cols, nnz,
                                      csrRowOffsets, csrColInd, csrValues, idx(csrRowOffsetsType), idx(csrColIndType),
                                      base(idxBase), type(valueType)));
}
inline prtsparseStatus_t prtsparseCreateCoo(prtsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                            void* cooRowInd, void* cooColInd, void* cooValues,
                                            prtsparseIndexType_t cooIdxType, prtsparseIndexBase_t idxBase,
                                            prtDataType_t valueType) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(CreateCoo)(reinterpret_cast<PRT_SPARSE(SpMatDescr_t)*>(spMatDescr), rows, cols, nnz,
                                      cooRowInd, cooColInd, cooValues, idx(cooIdxType), base(idxBase),
                                      type(valueType)));
}
inline prtsparseStatus_t prtsparseDestroySpMat(prtsparseConstSpMatDescr_t spMatDescr) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DestroySpMat)(sp(spMatDescr)));
}
inline prtsparseStatus_t prtsparseSpMatGetSize(prtsparseConstSpMatDescr_t spMatDescr, int64_t* rows, int64_t* cols,
                                               int64_t* nnz) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpMatGetSize)(sp(spMatDescr), rows, cols, nnz));
}
inline prtsparseStatus_t prtsparseCsrSetPointers(prtsparseSpMatDescr_t spMatDescr, void* csrRowOffsets, void* csrColInd,
                                                 void* csrValues) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(CsrSetPointers)(sp(spMatDescr), csrRowOffsets, csrColInd, csrValues));
}
inline prtsparseStatus_t prtsparseCreateDnVec(prtsparseDnVecDescr_t* dnVecDescr, int64_t size, void* values,
                                              prtDataType_t valueType) {
  using namespace prt::sparse_detail;
  return status(
      PRT_SPARSE(CreateDnVec)(reinterpret_cast<PRT_SPARSE(DnVecDescr_t)*>(dnVecDescr), size, values, type(valueType)));
}
inline prtsparseStatus_t prtsparseDestroyDnVec(prtsparseConstDnVecDescr_t dnVecDescr) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DestroyDnVec)(vec(dnVecDescr)));
}
inline prtsparseStatus_t prtsparseDnVecGetValues(prtsparseDnVecDescr_t dnVecDescr, void** values) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DnVecGetValues)(vec(dnVecDescr), values));
}
inline prtsparseStatus_t prtsparseCreateDnMat(prtsparseDnMatDescr_t* dnMatDescr, int64_t rows, int64_t cols, int64_t ld,
                                              void* values, prtDataType_t valueType, prtsparseOrder_t order) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(CreateDnMat)(reinterpret_cast<PRT_SPARSE(DnMatDescr_t)*>(dnMatDescr), rows, cols, ld, values,
                                        type(valueType), ord(order)));
}
inline prtsparseStatus_t prtsparseDestroyDnMat(prtsparseConstDnMatDescr_t dnMatDescr) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DestroyDnMat)(mat(dnMatDescr)));
}
inline prtsparseStatus_t prtsparseDnMatGetValues(prtsparseDnMatDescr_t dnMatDescr, void** values) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DnMatGetValues)(mat(dnMatDescr), values));
}
inline prtsparseStatus_t prtsparseSpMV_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                                  const void* beta, prtsparseDnVecDescr_t vecY,
                                                  prtDataType_t computeType, prtsparseSpMVAlg_t alg,
                                                  size_t* bufferSize) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpMV_bufferSize)(native(handle), op(opA), alpha, sp(matA), vec(vecX), beta, vec(vecY),
                                            type(computeType), mv(alg), bufferSize));
}
inline prtsparseStatus_t prtsparseSpMV(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                       prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                       const void* beta, prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                       prtsparseSpMVAlg_t alg, void* externalBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpMV)(native(handle), op(opA), alpha, sp(matA), vec(vecX), beta, vec(vecY),
                                 type(computeType), mv(alg), externalBuffer));
}
inline prtsparseStatus_t prtsparseSpMM_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                  prtsparseOperation_t opB, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                  const void* beta, prtsparseDnMatDescr_t matC,
                                                  prtDataType_t computeType, prtsparseSpMMAlg_t alg,
                                                  size_t* bufferSize) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpMM_bufferSize)(native(handle), op(opA), op(opB), alpha, sp(matA), mat(matB), beta,
                                            mat(matC), type(computeType), mm(alg), bufferSize));
}
inline prtsparseStatus_t prtsparseSpMM(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                       const void* alpha, prtsparseConstSpMatDescr_t matA,
                                       prtsparseConstDnMatDescr_t matB, const void* beta, prtsparseDnMatDescr_t matC,
                                       prtDataType_t computeType, prtsparseSpMMAlg_t alg, void* externalBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpMM)(native(handle), op(opA), op(opB), alpha, sp(matA), mat(matB), beta, mat(matC),
                                 type(computeType), mm(alg), externalBuffer));
}
inline prtsparseStatus_t prtsparseSparseToDense_bufferSize(prtsparseHandle_t handle, prtsparseConstSpMatDescr_t matA,
                                                           prtsparseDnMatDescr_t matB, prtsparseSparseToDenseAlg_t alg,
                                                           size_t* bufferSize) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SparseToDense_bufferSize)(native(handle), sp(matA), mat(matB), s2d(alg), bufferSize));
}
inline prtsparseStatus_t prtsparseSparseToDense(prtsparseHandle_t handle, prtsparseConstSpMatDescr_t matA,
                                                prtsparseDnMatDescr_t matB, prtsparseSparseToDenseAlg_t alg,
                                                void* externalBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SparseToDense)(native(handle), sp(matA), mat(matB), s2d(alg), externalBuffer));
}
inline prtsparseStatus_t prtsparseDenseToSparse_bufferSize(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t matA,
                                                           prtsparseSpMatDescr_t matB, prtsparseDenseToSparseAlg_t alg,
                                                           size_t* bufferSize) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DenseToSparse_bufferSize)(native(handle), mat(matA), sp(matB), d2s(alg), bufferSize));
}
inline prtsparseStatus_t prtsparseDenseToSparse_analysis(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t matA,
                                                         prtsparseSpMatDescr_t matB, prtsparseDenseToSparseAlg_t alg,
                                                         void* externalBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DenseToSparse_analysis)(native(handle), mat(matA), sp(matB), d2s(alg), externalBuffer));
}
inline prtsparseStatus_t prtsparseDenseToSparse_convert(prtsparseHandle_t handle, prtsparseConstDnMatDescr_t matA,
                                                        prtsparseSpMatDescr_t matB, prtsparseDenseToSparseAlg_t alg,
                                                        void* externalBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DenseToSparse_convert)(native(handle), mat(matA), sp(matB), d2s(alg), externalBuffer));
}
inline prtsparseStatus_t prtsparseCreateSpVec(prtsparseSpVecDescr_t* spVecDescr, int64_t size, int64_t nnz,
                                              void* indices, void* values, prtsparseIndexType_t idxType,
                                              prtsparseIndexBase_t idxBase, prtDataType_t valueType) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(CreateSpVec)(reinterpret_cast<PRT_SPARSE(SpVecDescr_t)*>(spVecDescr), size, nnz, indices,
                                        values, idx(idxType), base(idxBase), type(valueType)));
}
inline prtsparseStatus_t prtsparseDestroySpVec(prtsparseConstSpVecDescr_t spVecDescr) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DestroySpVec)(spvec(spVecDescr)));
}
inline prtsparseStatus_t prtsparseAxpby(prtsparseHandle_t handle, const void* alpha, prtsparseConstSpVecDescr_t vecX,
                                        const void* beta, prtsparseDnVecDescr_t vecY) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Axpby)(native(handle), alpha, spvec(vecX), beta, vec(vecY)));
}
inline prtsparseStatus_t prtsparseCsrSetStridedBatch(prtsparseSpMatDescr_t spMatDescr, int batchCount,
                                                     int64_t offsetsBatchStride, int64_t columnsValuesBatchStride) {
  using namespace prt::sparse_detail;
  return status(
      PRT_SPARSE(CsrSetStridedBatch)(sp(spMatDescr), batchCount, offsetsBatchStride, columnsValuesBatchStride));
}
inline prtsparseStatus_t prtsparseDnMatSetStridedBatch(prtsparseDnMatDescr_t dnMatDescr, int batchCount,
                                                       int64_t batchStride) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(DnMatSetStridedBatch)(mat(dnMatDescr), batchCount, batchStride));
}
inline prtsparseStatus_t prtsparseSDDMM_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                   prtsparseOperation_t opB, const void* alpha,
                                                   prtsparseConstDnMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                   const void* beta, prtsparseSpMatDescr_t matC,
                                                   prtDataType_t computeType, prtsparseSDDMMAlg_t alg,
                                                   size_t* bufferSize) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SDDMM_bufferSize)(native(handle), op(opA), op(opB), alpha, mat(matA), mat(matB), beta,
                                             sp(matC), type(computeType), sddmm(alg), bufferSize));
}
inline prtsparseStatus_t prtsparseSDDMM_preprocess(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                   prtsparseOperation_t opB, const void* alpha,
                                                   prtsparseConstDnMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                   const void* beta, prtsparseSpMatDescr_t matC,
                                                   prtDataType_t computeType, prtsparseSDDMMAlg_t alg,
                                                   void* externalBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SDDMM_preprocess)(native(handle), op(opA), op(opB), alpha, mat(matA), mat(matB), beta,
                                             sp(matC), type(computeType), sddmm(alg), externalBuffer));
}
inline prtsparseStatus_t prtsparseSDDMM(prtsparseHandle_t handle, prtsparseOperation_t opA, prtsparseOperation_t opB,
                                        const void* alpha, prtsparseConstDnMatDescr_t matA,
                                        prtsparseConstDnMatDescr_t matB, const void* beta, prtsparseSpMatDescr_t matC,
                                        prtDataType_t computeType, prtsparseSDDMMAlg_t alg, void* externalBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SDDMM)(native(handle), op(opA), op(opB), alpha, mat(matA), mat(matB), beta, sp(matC),
                                  type(computeType), sddmm(alg), externalBuffer));
}
inline prtsparseStatus_t prtsparseSpMatSetAttribute(prtsparseSpMatDescr_t spMatDescr,
                                                    prtsparseSpMatAttribute_t attribute, void* data, size_t dataSize) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpMatSetAttribute)(sp(spMatDescr), attr(attribute), data, dataSize));
}
inline prtsparseStatus_t prtsparseSpMatGetAttribute(prtsparseConstSpMatDescr_t spMatDescr,
                                                    prtsparseSpMatAttribute_t attribute, void* data, size_t dataSize) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpMatGetAttribute)(sp(spMatDescr), attr(attribute), data, dataSize));
}
inline prtsparseStatus_t prtsparseSpSM_createDescr(prtsparseSpSMDescr_t* descr) {
  return prt::sparse_detail::status(PRT_SPARSE(SpSM_createDescr)(reinterpret_cast<PRT_SPARSE(SpSMDescr_t)*>(descr)));
}
inline prtsparseStatus_t prtsparseSpSM_destroyDescr(prtsparseSpSMDescr_t descr) {
#if !PRT_BACKEND_CUDA
  {
    std::lock_guard<std::mutex> guard(prt::sparse_detail::spsm_lock());
    prt::sparse_detail::spsm_buffers().erase(descr);
  }
#endif
  return prt::sparse_detail::status(PRT_SPARSE(SpSM_destroyDescr)(prt::sparse_detail::spsm_state(descr)));
}
inline prtsparseStatus_t prtsparseSpSM_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                  prtsparseOperation_t opB, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                  prtsparseDnMatDescr_t matC, prtDataType_t computeType,
                                                  prtsparseSpSMAlg_t alg, prtsparseSpSMDescr_t spsmDescr,
                                                  size_t* bufferSize) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpSM_bufferSize)(native(handle), op(opA), op(opB), alpha, sp(matA), mat(matB), mat(matC),
                                            type(computeType), spsm(alg), spsm_state(spsmDescr), bufferSize));
}
inline prtsparseStatus_t prtsparseSpSM_analysis(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                prtsparseOperation_t opB, const void* alpha,
                                                prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                                prtsparseDnMatDescr_t matC, prtDataType_t computeType,
                                                prtsparseSpSMAlg_t alg, prtsparseSpSMDescr_t spsmDescr,
                                                void* externalBuffer) {
  using namespace prt::sparse_detail;
#if !PRT_BACKEND_CUDA
  {
    std::lock_guard<std::mutex> guard(spsm_lock());
    spsm_buffers()[spsmDescr] = externalBuffer;
  }
#endif
  return status(PRT_SPARSE(SpSM_analysis)(native(handle), op(opA), op(opB), alpha, sp(matA), mat(matB), mat(matC),
                                          type(computeType), spsm(alg), spsm_state(spsmDescr), externalBuffer));
}
inline prtsparseStatus_t prtsparseSpSM_solve(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                             prtsparseOperation_t opB, const void* alpha,
                                             prtsparseConstSpMatDescr_t matA, prtsparseConstDnMatDescr_t matB,
                                             prtsparseDnMatDescr_t matC, prtDataType_t computeType,
                                             prtsparseSpSMAlg_t alg, prtsparseSpSMDescr_t spsmDescr) {
  using namespace prt::sparse_detail;
#if PRT_BACKEND_CUDA
  return status(PRT_SPARSE(SpSM_solve)(native(handle), op(opA), op(opB), alpha, sp(matA), mat(matB), mat(matC),
                                       type(computeType), spsm(alg), spsm_state(spsmDescr)));
#else
  void* buffer = nullptr;
  {
    std::lock_guard<std::mutex> guard(spsm_lock());
    auto found = spsm_buffers().find(spsmDescr);
    if (found != spsm_buffers().end()) buffer = found->second;
  }
  return status(PRT_SPARSE(SpSM_solve)(native(handle), op(opA), op(opB), alpha, sp(matA), mat(matB), mat(matC),
                                       type(computeType), spsm(alg), spsm_state(spsmDescr), buffer));
#endif
}
inline prtsparseStatus_t prtsparseCreateMatDescr(prtsparseMatDescr_t* descrA) {
  return prt::sparse_detail::status(PRT_SPARSE(CreateMatDescr)(reinterpret_cast<PRT_SPARSE(MatDescr_t)*>(descrA)));
}
inline prtsparseStatus_t prtsparseDestroyMatDescr(prtsparseMatDescr_t descrA) {
  return prt::sparse_detail::status(PRT_SPARSE(DestroyMatDescr)(prt::sparse_detail::legacy(descrA)));
}
inline prtsparseStatus_t prtsparseSetMatType(prtsparseMatDescr_t descrA, prtsparseMatrixType_t type) {
  return prt::sparse_detail::status(
      PRT_SPARSE(SetMatType)(prt::sparse_detail::legacy(descrA), static_cast<PRT_SPARSE(MatrixType_t)>(type)));
}
inline prtsparseMatrixType_t prtsparseGetMatType(const prtsparseMatDescr_t descrA) {
  return static_cast<prtsparseMatrixType_t>(PRT_SPARSE(GetMatType)(prt::sparse_detail::legacy(descrA)));
}
inline prtsparseStatus_t prtsparseSetMatFillMode(prtsparseMatDescr_t descrA, prtsparseFillMode_t fillMode) {
  return prt::sparse_detail::status(
      PRT_SPARSE(SetMatFillMode)(prt::sparse_detail::legacy(descrA), static_cast<PRT_SPARSE(FillMode_t)>(fillMode)));
}
inline prtsparseFillMode_t prtsparseGetMatFillMode(const prtsparseMatDescr_t descrA) {
  return static_cast<prtsparseFillMode_t>(PRT_SPARSE(GetMatFillMode)(prt::sparse_detail::legacy(descrA)));
}
inline prtsparseStatus_t prtsparseSetMatDiagType(prtsparseMatDescr_t descrA, prtsparseDiagType_t diagType) {
  return prt::sparse_detail::status(
      PRT_SPARSE(SetMatDiagType)(prt::sparse_detail::legacy(descrA), static_cast<PRT_SPARSE(DiagType_t)>(diagType)));
}
inline prtsparseDiagType_t prtsparseGetMatDiagType(const prtsparseMatDescr_t descrA) {
  return static_cast<prtsparseDiagType_t>(PRT_SPARSE(GetMatDiagType)(prt::sparse_detail::legacy(descrA)));
}
inline prtsparseStatus_t prtsparseSetMatIndexBase(prtsparseMatDescr_t descrA, prtsparseIndexBase_t base) {
  return prt::sparse_detail::status(
      PRT_SPARSE(SetMatIndexBase)(prt::sparse_detail::legacy(descrA), prt::sparse_detail::base(base)));
}
inline prtsparseIndexBase_t prtsparseGetMatIndexBase(const prtsparseMatDescr_t descrA) {
  return static_cast<prtsparseIndexBase_t>(PRT_SPARSE(GetMatIndexBase)(prt::sparse_detail::legacy(descrA)));
}
inline prtsparseStatus_t prtsparseSnnz(prtsparseHandle_t handle, prtsparseDirection_t dirA, int m, int n,
                                       const prtsparseMatDescr_t descrA, const float* A, int lda, int* nnzPerRowCol,
                                       int* nnzTotalDevHostPtr) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Snnz)(native(handle), static_cast<PRT_SPARSE(Direction_t)>(dirA), m, n, legacy(descrA), A,
                                 lda, nnzPerRowCol, nnzTotalDevHostPtr));
}
inline prtsparseStatus_t prtsparseDnnz(prtsparseHandle_t handle, prtsparseDirection_t dirA, int m, int n,
                                       const prtsparseMatDescr_t descrA, const double* A, int lda, int* nnzPerRowCol,
                                       int* nnzTotalDevHostPtr) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Dnnz)(native(handle), static_cast<PRT_SPARSE(Direction_t)>(dirA), m, n, legacy(descrA), A,
                                 lda, nnzPerRowCol, nnzTotalDevHostPtr));
}
inline prtsparseStatus_t prtsparseCsr2cscEx2_bufferSize(prtsparseHandle_t handle, int m, int n, int nnz,
                                                        const void* csrVal, const int* csrRowPtr, const int* csrColInd,
                                                        void* cscVal, int* cscColPtr, int* cscRowInd,
                                                        prtDataType_t valType, prtsparseAction_t copyValues,
                                                        prtsparseIndexBase_t idxBase, prtsparseCsr2CscAlg_t alg,
                                                        size_t* bufferSize) {
  using namespace prt::sparse_detail;
#if PRT_BACKEND_CUDA
  return status(cusparseCsr2cscEx2_bufferSize(native(handle), m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal,
                                              cscColPtr, cscRowInd, type(valType),
                                              static_cast<cusparseAction_t>(copyValues), base(idxBase),
                                              static_cast<cusparseCsr2CscAlg_t>(alg), bufferSize));
#else
  // hipSPARSE 5 has no Csr2cscEx2: its typed csr2csc takes no work area of the caller's.
  (void)csrVal, (void)csrRowPtr, (void)csrColInd, (void)cscVal, (void)cscColPtr, (void)cscRowInd, (void)idxBase;
  if (handle == nullptr) return PRTSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0 || bufferSize == nullptr || alg != PRTSPARSE_CSR2CSC_ALG1) {
    return PRTSPARSE_STATUS_INVALID_VALUE;
  }
  if (copyValues == PRTSPARSE_ACTION_NUMERIC && valType != PRT_R_32F && valType != PRT_R_64F) {
    return PRTSPARSE_STATUS_NOT_SUPPORTED;
  }
  *bufferSize = 0;
  return PRTSPARSE_STATUS_SUCCESS;
#endif
}
inline prtsparseStatus_t prtsparseCsr2cscEx2(prtsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
                                             const int* csrRowPtr, const int* csrColInd, void* cscVal, int* cscColPtr,
                                             int* cscRowInd, prtDataType_t valType, prtsparseAction_t copyValues,
                                             prtsparseIndexBase_t idxBase, prtsparseCsr2CscAlg_t alg, void* buffer) {
  using namespace prt::sparse_detail;
#if PRT_BACKEND_CUDA
  return status(cusparseCsr2cscEx2(native(handle), m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscColPtr,
                                   cscRowInd, type(valType), static_cast<cusparseAction_t>(copyValues), base(idxBase),
                                   static_cast<cusparseCsr2CscAlg_t>(alg), buffer));
#else
  // hipSPARSE 5's typed csr2csc, which takes the row indices before the column offsets.
  (void)buffer;
  if (alg != PRTSPARSE_CSR2CSC_ALG1) return PRTSPARSE_STATUS_INVALID_VALUE;
  const auto action = static_cast<hipsparseAction_t>(copyValues);
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
  if (valType == PRT_R_64F) {
    return status(hipsparseDcsr2csc(native(handle), m, n, nnz, static_cast<const double*>(csrVal), csrRowPtr,
                                    csrColInd, static_cast<double*>(cscVal), cscRowInd, cscColPtr, action,
                                    base(idxBase)));
  }
  if (valType != PRT_R_32F && copyValues == PRTSPARSE_ACTION_NUMERIC) return PRTSPARSE_STATUS_NOT_SUPPORTED;
  return status(hipsparseScsr2csc(native(handle), m, n, nnz, static_cast<const float*>(csrVal), csrRowPtr, csrColInd,
                                  static_cast<float*>(cscVal), cscRowInd, cscColPtr, action, base(idxBase)));
#pragma clang diagnostic pop
#endif
}
inline prtsparseStatus_t prtsparseCreateIdentityPermutation(prtsparseHandle_t handle, int n, int* p) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(CreateIdentityPermutation)(native(handle), n, p));
}
inline prtsparseStatus_t prtsparseXcsrsort_bufferSizeExt(prtsparseHandle_t handle, int m, int n, int nnz,
                                                         const int* csrRowPtrA, const int* csrColIndA,
                                                         size_t* pBufferSizeInBytes) {
  using namespace prt::sparse_detail;
  return status(
      PRT_SPARSE(Xcsrsort_bufferSizeExt)(native(handle), m, n, nnz, csrRowPtrA, csrColIndA, pBufferSizeInBytes));
}
inline prtsparseStatus_t prtsparseXcsrsort(prtsparseHandle_t handle, int m, int n, int nnz,
                                           const prtsparseMatDescr_t descrA, const int* csrRowPtrA, int* csrColIndA,
                                           int* P, void* pBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Xcsrsort)(native(handle), m, n, nnz, legacy(descrA), csrRowPtrA, csrColIndA, P, pBuffer));
}
inline prtsparseStatus_t prtsparseGather(prtsparseHandle_t handle, prtsparseConstDnVecDescr_t vecY,
                                         prtsparseSpVecDescr_t vecX) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Gather)(native(handle), vec(vecY), spvec(vecX)));
}
inline prtsparseStatus_t prtsparseSpGEMM_createDescr(prtsparseSpGEMMDescr_t* descr) {
  return prt::sparse_detail::status(
      PRT_SPARSE(SpGEMM_createDescr)(reinterpret_cast<PRT_SPARSE(SpGEMMDescr_t)*>(descr)));
}
inline prtsparseStatus_t prtsparseSpGEMM_destroyDescr(prtsparseSpGEMMDescr_t descr) {
  return prt::sparse_detail::status(PRT_SPARSE(SpGEMM_destroyDescr)(prt::sparse_detail::spgemm_state(descr)));
}
inline prtsparseStatus_t prtsparseSpGEMM_workEstimation(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                        prtsparseOperation_t opB, const void* alpha,
                                                        prtsparseConstSpMatDescr_t matA,
                                                        prtsparseConstSpMatDescr_t matB, const void* beta,
                                                        prtsparseSpMatDescr_t matC, prtDataType_t computeType,
                                                        prtsparseSpGEMMAlg_t alg, prtsparseSpGEMMDescr_t spgemmDescr,
                                                        size_t* bufferSize1, void* externalBuffer1) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpGEMM_workEstimation)(native(handle), op(opA), op(opB), alpha, sp(matA), sp(matB), beta,
                                                  sp(matC), type(computeType), spgemm(alg), spgemm_state(spgemmDescr),
                                                  bufferSize1, externalBuffer1));
}
inline prtsparseStatus_t prtsparseSpGEMM_compute(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                                 prtsparseOperation_t opB, const void* alpha,
                                                 prtsparseConstSpMatDescr_t matA, prtsparseConstSpMatDescr_t matB,
                                                 const void* beta, prtsparseSpMatDescr_t matC,
                                                 prtDataType_t computeType, prtsparseSpGEMMAlg_t alg,
                                                 prtsparseSpGEMMDescr_t spgemmDescr, size_t* bufferSize2,
                                                 void* externalBuffer2) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpGEMM_compute)(native(handle), op(opA), op(opB), alpha, sp(matA), sp(matB), beta, sp(matC),
                                           type(computeType), spgemm(alg), spgemm_state(spgemmDescr), bufferSize2,
                                           externalBuffer2));
}
inline prtsparseStatus_t prtsparseSpGEMM_copy(prtsparseHandle_t handle, prtsparseOperation_t opA,
                                              prtsparseOperation_t opB, const void* alpha,
                                              prtsparseConstSpMatDescr_t matA, prtsparseConstSpMatDescr_t matB,
                                              const void* beta, prtsparseSpMatDescr_t matC, prtDataType_t computeType,
                                              prtsparseSpGEMMAlg_t alg, prtsparseSpGEMMDescr_t spgemmDescr) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpGEMM_copy)(native(handle), op(opA), op(opB), alpha, sp(matA), sp(matB), beta, sp(matC),
                                        type(computeType), spgemm(alg), spgemm_state(spgemmDescr)));
}
inline prtsparseStatus_t prtsparseSpSV_createDescr(prtsparseSpSVDescr_t* descr) {
  return prt::sparse_detail::status(PRT_SPARSE(SpSV_createDescr)(reinterpret_cast<PRT_SPARSE(SpSVDescr_t)*>(descr)));
}
inline prtsparseStatus_t prtsparseSpSV_destroyDescr(prtsparseSpSVDescr_t descr) {
#if !PRT_BACKEND_CUDA
  {
    std::lock_guard<std::mutex> guard(prt::sparse_detail::spsm_lock());
    prt::sparse_detail::spsv_buffers().erase(descr);
  }
#endif
  return prt::sparse_detail::status(PRT_SPARSE(SpSV_destroyDescr)(prt::sparse_detail::spsv_state(descr)));
}
inline prtsparseStatus_t prtsparseSpSV_bufferSize(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                                  prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                                  prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                                  prtsparseSpSVAlg_t alg, prtsparseSpSVDescr_t spsvDescr,
                                                  size_t* bufferSize) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(SpSV_bufferSize)(native(handle), op(opA), alpha, sp(matA), vec(vecX), vec(vecY),
                                            type(computeType), spsv(alg), spsv_state(spsvDescr), bufferSize));
}
inline prtsparseStatus_t prtsparseSpSV_analysis(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                                prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                                prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                                prtsparseSpSVAlg_t alg, prtsparseSpSVDescr_t spsvDescr,
                                                void* externalBuffer) {
  using namespace prt::sparse_detail;
#if !PRT_BACKEND_CUDA
  {
    std::lock_guard<std::mutex> guard(spsm_lock());
    spsv_buffers()[spsvDescr] = externalBuffer;
  }
#endif
  return status(PRT_SPARSE(SpSV_analysis)(native(handle), op(opA), alpha, sp(matA), vec(vecX), vec(vecY),
                                          type(computeType), spsv(alg), spsv_state(spsvDescr), externalBuffer));
}
inline prtsparseStatus_t prtsparseSpSV_solve(prtsparseHandle_t handle, prtsparseOperation_t opA, const void* alpha,
                                             prtsparseConstSpMatDescr_t matA, prtsparseConstDnVecDescr_t vecX,
                                             prtsparseDnVecDescr_t vecY, prtDataType_t computeType,
                                             prtsparseSpSVAlg_t alg, prtsparseSpSVDescr_t spsvDescr) {
  using namespace prt::sparse_detail;
#if PRT_BACKEND_CUDA
  return status(PRT_SPARSE(SpSV_solve)(native(handle), op(opA), alpha, sp(matA), vec(vecX), vec(vecY),
                                       type(computeType), spsv(alg), spsv_state(spsvDescr)));
#else
  void* buffer = nullptr;
  {
    std::lock_guard<std::mutex> guard(spsm_lock());
    auto found = spsv_buffers().find(spsvDescr);
    if (found != spsv_buffers().end()) buffer = found->second;
  }
  return status(PRT_SPARSE(SpSV_solve)(native(handle), op(opA), alpha, sp(matA), vec(vecX), vec(vecY),
                                       type(computeType), spsv(alg), spsv_state(spsvDescr), buffer));
#endif
}
inline prtsparseStatus_t prtsparseCreateCsrilu02Info(prtsparseCsrilu02Info_t* info) {
  return prt::sparse_detail::status(PRT_SPARSE(CreateCsrilu02Info)(reinterpret_cast<csrilu02Info_t*>(info)));
}
inline prtsparseStatus_t prtsparseDestroyCsrilu02Info(prtsparseCsrilu02Info_t info) {
  return prt::sparse_detail::status(PRT_SPARSE(DestroyCsrilu02Info)(prt::sparse_detail::ilu_state(info)));
}
inline prtsparseStatus_t prtsparseScsrilu02_bufferSize(prtsparseHandle_t handle, int m, int nnz,
                                                       const prtsparseMatDescr_t descrA, float* csrSortedValA,
                                                       const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                       prtsparseCsrilu02Info_t info, int* pBufferSizeInBytes) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Scsrilu02_bufferSize)(native(handle), m, nnz, legacy(descrA), csrSortedValA,
                                                 csrSortedRowPtrA, csrSortedColIndA, ilu_state(info),
                                                 pBufferSizeInBytes));
}
inline prtsparseStatus_t prtsparseDcsrilu02_bufferSize(prtsparseHandle_t handle, int m, int nnz,
                                                       const prtsparseMatDescr_t descrA, double* csrSortedValA,
                                                       const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                       prtsparseCsrilu02Info_t info, int* pBufferSizeInBytes) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Dcsrilu02_bufferSize)(native(handle), m, nnz, legacy(descrA), csrSortedValA,
                                                 csrSortedRowPtrA, csrSortedColIndA, ilu_state(info),
                                                 pBufferSizeInBytes));
}
inline prtsparseStatus_t prtsparseScsrilu02_analysis(prtsparseHandle_t handle, int m, int nnz,
                                                     const prtsparseMatDescr_t descrA, const float* csrSortedValA,
                                                     const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                     prtsparseCsrilu02Info_t info, prtsparseSolvePolicy_t policy,
                                                     void* pBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Scsrilu02_analysis)(native(handle), m, nnz, legacy(descrA), csrSortedValA,
                                               csrSortedRowPtrA, csrSortedColIndA, ilu_state(info), policy_of(policy),
                                               pBuffer));
}
inline prtsparseStatus_t prtsparseDcsrilu02_analysis(prtsparseHandle_t handle, int m, int nnz,
                                                     const prtsparseMatDescr_t descrA, const double* csrSortedValA,
                                                     const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                                     prtsparseCsrilu02Info_t info, prtsparseSolvePolicy_t policy,
                                                     void* pBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Dcsrilu02_analysis)(native(handle), m, nnz, legacy(descrA), csrSortedValA,
                                               csrSortedRowPtrA, csrSortedColIndA, ilu_state(info), policy_of(policy),
                                               pBuffer));
}
inline prtsparseStatus_t prtsparseScsrilu02(prtsparseHandle_t handle, int m, int nnz, const prtsparseMatDescr_t descrA,
                                            float* csrSortedValA_valM, const int* csrSortedRowPtrA,
                                            const int* csrSortedColIndA, prtsparseCsrilu02Info_t info,
                                            prtsparseSolvePolicy_t policy, void* pBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Scsrilu02)(native(handle), m, nnz, legacy(descrA), csrSortedValA_valM, csrSortedRowPtrA,
                                      csrSortedColIndA, ilu_state(info), policy_of(policy), pBuffer));
}
inline prtsparseStatus_t prtsparseDcsrilu02(prtsparseHandle_t handle, int m, int nnz, const prtsparseMatDescr_t descrA,
                                            double* csrSortedValA_valM, const int* csrSortedRowPtrA,
                                            const int* csrSortedColIndA, prtsparseCsrilu02Info_t info,
                                            prtsparseSolvePolicy_t policy, void* pBuffer) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Dcsrilu02)(native(handle), m, nnz, legacy(descrA), csrSortedValA_valM, csrSortedRowPtrA,
                                      csrSortedColIndA, ilu_state(info), policy_of(policy), pBuffer));
}
inline prtsparseStatus_t prtsparseXcsrilu02_zeroPivot(prtsparseHandle_t handle, prtsparseCsrilu02Info_t info,
                                                      int* position) {
  using namespace prt::sparse_detail;
  return status(PRT_SPARSE(Xcsrilu02_zeroPivot)(native(handle), ilu_state(info), position));
}
#endif
