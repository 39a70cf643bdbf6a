// sparse_test.cpp: prtsparse* on the CSR/COO matrices references.py wrote; the outputs go back for NumPy.
#include <cmath>
#include <limits>

#include "libs_io.h"
#include "prt/sparse.h"

using libs_io::read;
using libs_io::write;
using libs_test::download;
using libs_test::upload;

#define SPARSE_OK(call) CHECK((call) == PRTSPARSE_STATUS_SUCCESS, "%s", #call)

// SpMV with its bufferSize call and a work area of that size.
template <class T>
static void spmv(prtsparseHandle_t h, prtsparseOperation_t op, T alpha, prtsparseSpMatDescr_t a,
                 prtsparseDnVecDescr_t x, T beta, prtsparseDnVecDescr_t y, prtDataType_t type) {
  size_t bytes = 0;
  SPARSE_OK(prtsparseSpMV_bufferSize(h, op, &alpha, a, x, &beta, y, type, PRTSPARSE_SPMV_ALG_DEFAULT, &bytes));
  void* buffer = libs_test::alloc(bytes + 1);
  SPARSE_OK(prtsparseSpMV(h, op, &alpha, a, x, &beta, y, type, PRTSPARSE_SPMV_ALG_DEFAULT, buffer));
  libs_test::synchronize();
  libs_test::release(buffer);
}

template <class T>
static void spmm(prtsparseHandle_t h, prtsparseOperation_t opa, prtsparseOperation_t opb, T alpha,
                 prtsparseSpMatDescr_t a, prtsparseDnMatDescr_t b, T beta, prtsparseDnMatDescr_t c,
                 prtDataType_t type) {
  size_t bytes = 0;
  SPARSE_OK(prtsparseSpMM_bufferSize(h, opa, opb, &alpha, a, b, &beta, c, type, PRTSPARSE_SPMM_ALG_DEFAULT, &bytes));
  void* buffer = libs_test::alloc(bytes + 1);
  SPARSE_OK(prtsparseSpMM(h, opa, opb, &alpha, a, b, &beta, c, type, PRTSPARSE_SPMM_ALG_DEFAULT, buffer));
  libs_test::synchronize();
  libs_test::release(buffer);
}

int main(int argc, char** argv) {
  libs_io::start(argc, argv);
  const std::vector<int64_t> nnz = read<int64_t>("nnz.in", 2);
  prtsparseHandle_t h = nullptr;
  SPARSE_OK(prtsparseCreate(&h));
  prtStream_t stream;
  CHECK(prtStreamCreate(&stream) == prtSuccess, "stream");
  SPARSE_OK(prtsparseSetStream(h, stream));

  // A: 9 x 7 CSR, 32-bit offsets and columns, zero-based, fp32. B: 9 x 7 CSR, 64-bit offsets and columns,
  // one-based, fp64. A again as COO with 32-bit indices, sorted by row (as cuSPARSE requires).
  int32_t* a_off = upload(read<int32_t>("a_off.in", 10));
  int32_t* a_col = upload(read<int32_t>("a_col.in", nnz[0]));
  float* a_val = upload(read<float>("a_val32.in", nnz[0]));
  int64_t* b_off = upload(read<int64_t>("b_off.in", 10));
  int64_t* b_col = upload(read<int64_t>("b_col.in", nnz[1]));
  double* b_val = upload(read<double>("b_val.in", nnz[1]));
  int32_t* c_row = upload(read<int32_t>("c_row.in", nnz[0]));
  int32_t* c_col = upload(read<int32_t>("c_col.in", nnz[0]));
  float* c_val = upload(read<float>("c_val.in", nnz[0]));
  prtsparseSpMatDescr_t A = nullptr, B = nullptr, C = nullptr;
  SPARSE_OK(prtsparseCreateCsr(&A, 9, 7, nnz[0], a_off, a_col, a_val, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_32I,
                               PRTSPARSE_INDEX_BASE_ZERO, PRT_R_32F));
  SPARSE_OK(prtsparseCreateCsr(&B, 9, 7, nnz[1], b_off, b_col, b_val, PRTSPARSE_INDEX_64I, PRTSPARSE_INDEX_64I,
                               PRTSPARSE_INDEX_BASE_ONE, PRT_R_64F));
  SPARSE_OK(prtsparseCreateCoo(&C, 9, 7, nnz[0], c_row, c_col, c_val, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_BASE_ZERO,
                               PRT_R_32F));
  int64_t rows = 0, cols = 0, count = 0;
  SPARSE_OK(prtsparseSpMatGetSize(A, &rows, &cols, &count));
  CHECK(rows == 9 && cols == 7 && count == nnz[0], "SpMatGetSize %lld %lld %lld", (long long)rows, (long long)cols,
        (long long)count);

  // y = 1.5 A x + 0.5 y (CSR), y = A x + y (COO), y = 2 B^T x (CSR, one-based, y starts as NaN on the CPU).
  {
    float* x = upload(read<float>("x7.in", 7));
    float* y = upload(read<float>("y9.in", 9));
    prtsparseDnVecDescr_t vx = nullptr, vy = nullptr;
    SPARSE_OK(prtsparseCreateDnVec(&vx, 7, x, PRT_R_32F));
    SPARSE_OK(prtsparseCreateDnVec(&vy, 9, y, PRT_R_32F));
    void* values = nullptr;
    SPARSE_OK(prtsparseDnVecGetValues(vy, &values));
    CHECK(values == y, "DnVecGetValues");
    spmv(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, 1.5f, A, vx, 0.5f, vy, PRT_R_32F);
    write("csr_spmv.out", download(y, 9));
    libs_test::to_device(y, read<float>("y9.in", 9).data(), 9 * sizeof(float));
    spmv(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, 1.0f, C, vx, 1.0f, vy, PRT_R_32F);
    write("coo_spmv.out", download(y, 9));
    SPARSE_OK(prtsparseDestroyDnVec(vx));
    SPARSE_OK(prtsparseDestroyDnVec(vy));
    libs_test::release(x);
    libs_test::release(y);
  }
  {
    double* x = upload(read<double>("x9.in", 9));
#if PRT_BACKEND_CPU
    std::vector<double> start(7, std::numeric_limits<double>::quiet_NaN());  // beta 0: y is not read
#else
    std::vector<double> start(7, 0.0);
#endif
    double* y = upload(start);
    prtsparseDnVecDescr_t vx = nullptr, vy = nullptr;
    SPARSE_OK(prtsparseCreateDnVec(&vx, 9, x, PRT_R_64F));
    SPARSE_OK(prtsparseCreateDnVec(&vy, 7, y, PRT_R_64F));
    spmv(h, PRTSPARSE_OPERATION_TRANSPOSE, 2.0, B, vx, 0.0, vy, PRT_R_64F);
    write("csr_spmv_t.out", download(y, 7));
    SPARSE_OK(prtsparseDestroyDnVec(vx));
    SPARSE_OK(prtsparseDestroyDnVec(vy));
    libs_test::release(x);
    libs_test::release(y);
  }
  // C = 2 A B - C with B (7 x 4) and C (9 x 4) column-major; C = A B with A as COO.
  {
    float* b = upload(read<float>("dense_b.in", 28));
    float* c = upload(read<float>("dense_c.in", 36));
    prtsparseDnMatDescr_t mb = nullptr, mc = nullptr;
    SPARSE_OK(prtsparseCreateDnMat(&mb, 7, 4, 7, b, PRT_R_32F, PRTSPARSE_ORDER_COL));
    SPARSE_OK(prtsparseCreateDnMat(&mc, 9, 4, 9, c, PRT_R_32F, PRTSPARSE_ORDER_COL));
    spmm(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, PRTSPARSE_OPERATION_NON_TRANSPOSE, 2.0f, A, mb, -1.0f, mc, PRT_R_32F);
    write("csr_spmm.out", download(c, 36));
    SPARSE_OK(prtsparseDestroyDnMat(mb));
    SPARSE_OK(prtsparseDestroyDnMat(mc));
    libs_test::release(b);
    libs_test::release(c);
  }
  {
    float* b = upload(read<float>("dense_b.in", 28));
    float* c = upload(std::vector<float>(36, 0.0f));
    prtsparseDnMatDescr_t mb = nullptr, mc = nullptr;
    SPARSE_OK(prtsparseCreateDnMat(&mb, 7, 4, 7, b, PRT_R_32F, PRTSPARSE_ORDER_COL));
    SPARSE_OK(prtsparseCreateDnMat(&mc, 9, 4, 9, c, PRT_R_32F, PRTSPARSE_ORDER_COL));
    spmm(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, PRTSPARSE_OPERATION_NON_TRANSPOSE, 1.0f, C, mb, 0.0f, mc, PRT_R_32F);
    write("coo_spmm.out", download(c, 36));
    SPARSE_OK(prtsparseDestroyDnMat(mb));
    SPARSE_OK(prtsparseDestroyDnMat(mc));
    libs_test::release(b);
    libs_test::release(c);
  }
  // B as a dense 9 x 7 row-major matrix.
  {
    double* d = upload(std::vector<double>(63, -1.0));
    prtsparseDnMatDescr_t md = nullptr;
    SPARSE_OK(prtsparseCreateDnMat(&md, 9, 7, 7, d, PRT_R_64F, PRTSPARSE_ORDER_ROW));
    size_t bytes = 0;
    SPARSE_OK(prtsparseSparseToDense_bufferSize(h, B, md, PRTSPARSE_SPARSETODENSE_ALG_DEFAULT, &bytes));
    void* buffer = libs_test::alloc(bytes + 1);
    SPARSE_OK(prtsparseSparseToDense(h, B, md, PRTSPARSE_SPARSETODENSE_ALG_DEFAULT, buffer));
    libs_test::synchronize();
    write("csr_to_dense.out", download(d, 63));
    SPARSE_OK(prtsparseDestroyDnMat(md));
    libs_test::release(buffer);
    libs_test::release(d);
  }
  // y = 2 x + 0.5 y with x a sparse vector (64-bit indices) of 9 elements, 4 stored.
  {
    int64_t* idx = upload(read<int64_t>("spvec_idx.in", 4));
    float* val = upload(read<float>("spvec_val.in", 4));
    float* y = upload(read<float>("y9.in", 9));
    prtsparseSpVecDescr_t vx = nullptr;
    prtsparseDnVecDescr_t vy = nullptr;
    SPARSE_OK(prtsparseCreateSpVec(&vx, 9, 4, idx, val, PRTSPARSE_INDEX_64I, PRTSPARSE_INDEX_BASE_ZERO, PRT_R_32F));
    SPARSE_OK(prtsparseCreateDnVec(&vy, 9, y, PRT_R_32F));
    const float alpha = 2.0f, beta = 0.5f;
    SPARSE_OK(prtsparseAxpby(h, &alpha, vx, &beta, vy));
    libs_test::synchronize();
    write("axpby.out", download(y, 9));
    SPARSE_OK(prtsparseDestroySpVec(vx));
    SPARSE_OK(prtsparseDestroyDnVec(vy));
    libs_test::release(idx);
    libs_test::release(val);
    libs_test::release(y);
  }
  // B from its dense row-major form: analysis counts, the caller allocates, CsrSetPointers, convert fills.
  {
    double* dense = upload(read<double>("dense_bd.in", 63));
    int64_t* off = static_cast<int64_t*>(libs_test::alloc(10 * sizeof(int64_t)));
    prtsparseDnMatDescr_t md = nullptr;
    prtsparseSpMatDescr_t ms = nullptr;
    SPARSE_OK(prtsparseCreateDnMat(&md, 9, 7, 7, dense, PRT_R_64F, PRTSPARSE_ORDER_ROW));
    SPARSE_OK(prtsparseCreateCsr(&ms, 9, 7, 0, off, nullptr, nullptr, PRTSPARSE_INDEX_64I, PRTSPARSE_INDEX_64I,
                                 PRTSPARSE_INDEX_BASE_ZERO, PRT_R_64F));
    size_t bytes = 0;
    SPARSE_OK(prtsparseDenseToSparse_bufferSize(h, md, ms, PRTSPARSE_DENSETOSPARSE_ALG_DEFAULT, &bytes));
    void* buffer = libs_test::alloc(bytes + 1);
    SPARSE_OK(prtsparseDenseToSparse_analysis(h, md, ms, PRTSPARSE_DENSETOSPARSE_ALG_DEFAULT, buffer));
    int64_t r = 0, c = 0, found = 0;
    SPARSE_OK(prtsparseSpMatGetSize(ms, &r, &c, &found));
    CHECK(found == nnz[1], "DenseToSparse_analysis counted %lld non-zeros, expected %lld", (long long)found,
          (long long)nnz[1]);
    int64_t* col = static_cast<int64_t*>(libs_test::alloc(sizeof(int64_t) * (found + 1)));
    double* val = static_cast<double*>(libs_test::alloc(sizeof(double) * (found + 1)));
    SPARSE_OK(prtsparseCsrSetPointers(ms, off, col, val));
    SPARSE_OK(prtsparseDenseToSparse_convert(h, md, ms, PRTSPARSE_DENSETOSPARSE_ALG_DEFAULT, buffer));
    libs_test::synchronize();
    write("d2s_off.out", download(off, 10));
    write("d2s_col.out", download(col, static_cast<size_t>(found)));
    write("d2s_val.out", download(val, static_cast<size_t>(found)));
    SPARSE_OK(prtsparseDestroyDnMat(md));
    SPARSE_OK(prtsparseDestroySpMat(ms));
    for (void* q : {static_cast<void*>(dense), static_cast<void*>(off), static_cast<void*>(col),
                    static_cast<void*>(val), buffer}) {
      libs_test::release(q);
    }
  }
  // SDDMM over a batch of 2: C_b = 1.5 (A_b B_b) at A's pattern + 0.5 C_b, A_b 9 x 5 and B_b 5 x 7 row-major.
  {
    std::vector<int32_t> off2 = read<int32_t>("a_off.in", 10), col2 = read<int32_t>("a_col.in", nnz[0]);
    std::vector<float> val2 = read<float>("a_val32.in", nnz[0]);
    off2.insert(off2.end(), off2.begin(), off2.end());
    col2.insert(col2.end(), col2.begin(), col2.end());
    val2.insert(val2.end(), val2.begin(), val2.end());
    int32_t* off = upload(off2);
    int32_t* col = upload(col2);
    float* val = upload(val2);
    float* a = upload(read<float>("sddmm_a.in", 90));
    float* b = upload(read<float>("sddmm_b.in", 70));
    prtsparseSpMatDescr_t mc = nullptr;
    prtsparseDnMatDescr_t ma = nullptr, mb = nullptr;
    SPARSE_OK(prtsparseCreateCsr(&mc, 9, 7, nnz[0], off, col, val, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_32I,
                                 PRTSPARSE_INDEX_BASE_ZERO, PRT_R_32F));
    SPARSE_OK(prtsparseCsrSetStridedBatch(mc, 2, 10, nnz[0]));
    SPARSE_OK(prtsparseCreateDnMat(&ma, 9, 5, 5, a, PRT_R_32F, PRTSPARSE_ORDER_ROW));
    SPARSE_OK(prtsparseDnMatSetStridedBatch(ma, 2, 45));
    SPARSE_OK(prtsparseCreateDnMat(&mb, 5, 7, 7, b, PRT_R_32F, PRTSPARSE_ORDER_ROW));
    SPARSE_OK(prtsparseDnMatSetStridedBatch(mb, 2, 35));
    const float alpha = 1.5f, beta = 0.5f;
    size_t bytes = 0;
    SPARSE_OK(prtsparseSDDMM_bufferSize(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, PRTSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                                        ma, mb, &beta, mc, PRT_R_32F, PRTSPARSE_SDDMM_ALG_DEFAULT, &bytes));
    void* buffer = libs_test::alloc(bytes + 1);
    SPARSE_OK(prtsparseSDDMM_preprocess(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, PRTSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                                        ma, mb, &beta, mc, PRT_R_32F, PRTSPARSE_SDDMM_ALG_DEFAULT, buffer));
    SPARSE_OK(prtsparseSDDMM(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, PRTSPARSE_OPERATION_NON_TRANSPOSE, &alpha, ma, mb,
                             &beta, mc, PRT_R_32F, PRTSPARSE_SDDMM_ALG_DEFAULT, buffer));
    libs_test::synchronize();
    write("sddmm.out", download(val, val2.size()));
    SPARSE_OK(prtsparseDestroySpMat(mc));
    SPARSE_OK(prtsparseDestroyDnMat(ma));
    SPARSE_OK(prtsparseDestroyDnMat(mb));
    for (void* q : {static_cast<void*>(off), static_cast<void*>(col), static_cast<void*>(val), static_cast<void*>(a),
                    static_cast<void*>(b), buffer}) {
      libs_test::release(q);
    }
  }
  // Triangular solves with 3 right-hand sides: L C = 2 B (fp32, lower, stored diagonal) and U C = B (fp64, upper,
  // unit diagonal: the stored one is not read).
  for (int which = 0; which < 2; ++which) {
    const bool lower = which == 0;
    const std::vector<int64_t> tn = read<int64_t>(lower ? "l_nnz.in" : "u_nnz.in", 1);
    int32_t* off = upload(read<int32_t>(lower ? "l_off.in" : "u_off.in", 10));
    int32_t* col = upload(read<int32_t>(lower ? "l_col.in" : "u_col.in", tn[0]));
    void* val = lower ? static_cast<void*>(upload(read<float>("l_val.in", tn[0])))
                      : static_cast<void*>(upload(read<double>("u_val.in", tn[0])));
    const prtDataType_t type = lower ? PRT_R_32F : PRT_R_64F;
    void* b = lower ? static_cast<void*>(upload(read<float>("tri_b32.in", 27)))
                    : static_cast<void*>(upload(read<double>("tri_b64.in", 27)));
    void* c = libs_test::alloc(27 * sizeof(double));
    prtsparseSpMatDescr_t ma = nullptr;
    prtsparseDnMatDescr_t mb = nullptr, mc = nullptr;
    SPARSE_OK(prtsparseCreateCsr(&ma, 9, 9, tn[0], off, col, val, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_32I,
                                 PRTSPARSE_INDEX_BASE_ZERO, type));
    prtsparseFillMode_t fill = lower ? PRTSPARSE_FILL_MODE_LOWER : PRTSPARSE_FILL_MODE_UPPER;
    prtsparseDiagType_t diag = lower ? PRTSPARSE_DIAG_TYPE_NON_UNIT : PRTSPARSE_DIAG_TYPE_UNIT;
    SPARSE_OK(prtsparseSpMatSetAttribute(ma, PRTSPARSE_SPMAT_FILL_MODE, &fill, sizeof fill));
    SPARSE_OK(prtsparseSpMatSetAttribute(ma, PRTSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof diag));
    prtsparseDiagType_t back = PRTSPARSE_DIAG_TYPE_NON_UNIT;
    SPARSE_OK(prtsparseSpMatGetAttribute(ma, PRTSPARSE_SPMAT_DIAG_TYPE, &back, sizeof back));
    CHECK(back == diag, "SpMatGetAttribute returns the diagonal type set");
    SPARSE_OK(prtsparseCreateDnMat(&mb, 9, 3, 9, b, type, PRTSPARSE_ORDER_COL));
    SPARSE_OK(prtsparseCreateDnMat(&mc, 9, 3, 9, c, type, PRTSPARSE_ORDER_COL));
    prtsparseSpSMDescr_t state = nullptr;
    SPARSE_OK(prtsparseSpSM_createDescr(&state));
    const float a32 = 2.0f;
    const double a64 = 1.0;
    const void* alpha = lower ? static_cast<const void*>(&a32) : static_cast<const void*>(&a64);
    size_t bytes = 0;
    SPARSE_OK(prtsparseSpSM_bufferSize(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, PRTSPARSE_OPERATION_NON_TRANSPOSE, alpha,
                                       ma, mb, mc, type, PRTSPARSE_SPSM_ALG_DEFAULT, state, &bytes));
    void* buffer = libs_test::alloc(bytes + 1);
    SPARSE_OK(prtsparseSpSM_analysis(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, PRTSPARSE_OPERATION_NON_TRANSPOSE, alpha,
                                     ma, mb, mc, type, PRTSPARSE_SPSM_ALG_DEFAULT, state, buffer));
    SPARSE_OK(prtsparseSpSM_solve(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, PRTSPARSE_OPERATION_NON_TRANSPOSE, alpha, ma,
                                  mb, mc, type, PRTSPARSE_SPSM_ALG_DEFAULT, state));
    libs_test::synchronize();
    if (lower) {
      write("spsm_lower.out", download(static_cast<float*>(c), 27));
    } else {
      write("spsm_upper_unit.out", download(static_cast<double*>(c), 27));
    }
    SPARSE_OK(prtsparseSpSM_destroyDescr(state));
    SPARSE_OK(prtsparseDestroySpMat(ma));
    SPARSE_OK(prtsparseDestroyDnMat(mb));
    SPARSE_OK(prtsparseDestroyDnMat(mc));
    for (void* q : {static_cast<void*>(off), static_cast<void*>(col), val, b, c, buffer}) libs_test::release(q);
  }
  // Legacy nnz counts of a dense 11 x 6 column-major matrix with leading dimension 13: fp32 per row and per column,
  // fp64 per column; each count array is written with the total after it.
  {
    prtsparseMatDescr_t descr = nullptr;
    SPARSE_OK(prtsparseCreateMatDescr(&descr));
    CHECK(prtsparseGetMatType(descr) == PRTSPARSE_MATRIX_TYPE_GENERAL &&
              prtsparseGetMatIndexBase(descr) == PRTSPARSE_INDEX_BASE_ZERO,
          "a new matrix descriptor is general and zero-based");
    SPARSE_OK(prtsparseSetMatType(descr, PRTSPARSE_MATRIX_TYPE_GENERAL));
    SPARSE_OK(prtsparseSetMatIndexBase(descr, PRTSPARSE_INDEX_BASE_ZERO));
    float* d32 = upload(read<float>("nnz_dense32.in", 78));
    double* d64 = upload(read<double>("nnz_dense64.in", 78));
    int* per = static_cast<int*>(libs_test::alloc(11 * sizeof(int)));
    const struct {
      const char* name;
      prtsparseDirection_t dir;
      bool fp64;
      int count;
    } cases[] = {{"snnz_row.out", PRTSPARSE_DIRECTION_ROW, false, 11},
                 {"snnz_col.out", PRTSPARSE_DIRECTION_COLUMN, false, 6},
                 {"dnnz_col.out", PRTSPARSE_DIRECTION_COLUMN, true, 6}};
    for (const auto& c : cases) {
      int total = -1;
      if (c.fp64) {
        SPARSE_OK(prtsparseDnnz(h, c.dir, 11, 6, descr, d64, 13, per, &total));
      } else {
        SPARSE_OK(prtsparseSnnz(h, c.dir, 11, 6, descr, d32, 13, per, &total));
      }
      libs_test::synchronize();
      std::vector<int> out = download(per, static_cast<size_t>(c.count));
      out.push_back(total);
      write(c.name, out);
    }
    SPARSE_OK(prtsparseDestroyMatDescr(descr));
    for (void* q : {static_cast<void*>(d32), static_cast<void*>(d64), static_cast<void*>(per)}) libs_test::release(q);
  }
  // Csr2cscEx2: A (9 x 7) with its values, zero-based; B's pattern only, one-based (its value arrays stay null).
  {
    int* off = static_cast<int*>(libs_test::alloc(8 * sizeof(int)));
    int* row = static_cast<int*>(libs_test::alloc(sizeof(int) * (nnz[0] + 1)));
    float* val = static_cast<float*>(libs_test::alloc(sizeof(float) * (nnz[0] + 1)));
    size_t bytes = 0;
    SPARSE_OK(prtsparseCsr2cscEx2_bufferSize(h, 9, 7, static_cast<int>(nnz[0]), a_val, a_off, a_col, val, off, row,
                                             PRT_R_32F, PRTSPARSE_ACTION_NUMERIC, PRTSPARSE_INDEX_BASE_ZERO,
                                             PRTSPARSE_CSR2CSC_ALG1, &bytes));
    void* buffer = libs_test::alloc(bytes + 1);
    SPARSE_OK(prtsparseCsr2cscEx2(h, 9, 7, static_cast<int>(nnz[0]), a_val, a_off, a_col, val, off, row, PRT_R_32F,
                                  PRTSPARSE_ACTION_NUMERIC, PRTSPARSE_INDEX_BASE_ZERO, PRTSPARSE_CSR2CSC_ALG1, buffer));
    libs_test::synchronize();
    write("csc_off.out", download(off, 8));
    write("csc_row.out", download(row, static_cast<size_t>(nnz[0])));
    write("csc_val.out", download(val, static_cast<size_t>(nnz[0])));
    libs_test::release(buffer);
    int* b_off32 = upload(read<int32_t>("b_off32.in", 10));
    int* b_col32 = upload(read<int32_t>("b_col32.in", nnz[1]));
    int* row1 = static_cast<int*>(libs_test::alloc(sizeof(int) * (nnz[1] + 1)));
    SPARSE_OK(prtsparseCsr2cscEx2_bufferSize(h, 9, 7, static_cast<int>(nnz[1]), nullptr, b_off32, b_col32, nullptr,
                                             off, row1, PRT_R_64F, PRTSPARSE_ACTION_SYMBOLIC, PRTSPARSE_INDEX_BASE_ONE,
                                             PRTSPARSE_CSR2CSC_ALG_DEFAULT, &bytes));
    buffer = libs_test::alloc(bytes + 1);
    SPARSE_OK(prtsparseCsr2cscEx2(h, 9, 7, static_cast<int>(nnz[1]), nullptr, b_off32, b_col32, nullptr, off, row1,
                                  PRT_R_64F, PRTSPARSE_ACTION_SYMBOLIC, PRTSPARSE_INDEX_BASE_ONE,
                                  PRTSPARSE_CSR2CSC_ALG_DEFAULT, buffer));
    libs_test::synchronize();
    write("csc_pattern_off.out", download(off, 8));
    write("csc_pattern_row.out", download(row1, static_cast<size_t>(nnz[1])));
    for (void* q : {static_cast<void*>(off), static_cast<void*>(row), static_cast<void*>(val),
                    static_cast<void*>(b_off32), static_cast<void*>(b_col32), static_cast<void*>(row1), buffer}) {
      libs_test::release(q);
    }
  }
  // Xcsrsort of A's columns shuffled in each row (one-based, through the descriptor) from the identity permutation,
  // then Gather of the shuffled values through the permutation it returns.
  {
    int* off = upload(read<int32_t>("a_off1.in", 10));
    int* col = upload(read<int32_t>("unsorted_col.in", nnz[0]));
    float* shuffled = upload(read<float>("unsorted_val.in", nnz[0]));
    int* perm = static_cast<int*>(libs_test::alloc(sizeof(int) * (nnz[0] + 1)));
    float* sorted = static_cast<float*>(libs_test::alloc(sizeof(float) * (nnz[0] + 1)));
    const int n = static_cast<int>(nnz[0]);
    prtsparseMatDescr_t descr = nullptr;
    SPARSE_OK(prtsparseCreateMatDescr(&descr));
    SPARSE_OK(prtsparseSetMatIndexBase(descr, PRTSPARSE_INDEX_BASE_ONE));
    CHECK(prtsparseGetMatIndexBase(descr) == PRTSPARSE_INDEX_BASE_ONE, "GetMatIndexBase returns the base set");
    size_t bytes = 0;
    SPARSE_OK(prtsparseXcsrsort_bufferSizeExt(h, 9, 7, n, off, col, &bytes));
    void* buffer = libs_test::alloc(bytes + 1);
    SPARSE_OK(prtsparseCreateIdentityPermutation(h, n, perm));
    SPARSE_OK(prtsparseXcsrsort(h, 9, 7, n, descr, off, col, perm, buffer));
    prtsparseSpVecDescr_t vp = nullptr;
    prtsparseDnVecDescr_t vv = nullptr;
    SPARSE_OK(prtsparseCreateSpVec(&vp, n, n, perm, sorted, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_BASE_ZERO, PRT_R_32F));
    SPARSE_OK(prtsparseCreateDnVec(&vv, n, shuffled, PRT_R_32F));
    SPARSE_OK(prtsparseGather(h, vv, vp));
    libs_test::synchronize();
    write("sorted_col.out", download(col, static_cast<size_t>(n)));
    write("sort_perm.out", download(perm, static_cast<size_t>(n)));
    write("gather.out", download(sorted, static_cast<size_t>(n)));
    SPARSE_OK(prtsparseDestroySpVec(vp));
    SPARSE_OK(prtsparseDestroyDnVec(vv));
    SPARSE_OK(prtsparseDestroyMatDescr(descr));
    for (void* q : {static_cast<void*>(off), static_cast<void*>(col), static_cast<void*>(shuffled),
                    static_cast<void*>(perm), static_cast<void*>(sorted), buffer}) {
      libs_test::release(q);
    }
  }
  // SpGEMM, C = 1.5 A G with G 7 x 11: work estimation and compute each asked for their work area's size first,
  // C's arrays allocated once compute has given its nnz, then the copy.
  {
    const std::vector<int64_t> gn = read<int64_t>("g_nnz.in", 1);
    int* g_off = upload(read<int32_t>("g_off.in", 8));
    int* g_col = upload(read<int32_t>("g_col.in", gn[0]));
    float* g_val = upload(read<float>("g_val.in", gn[0]));
    int* c_off = static_cast<int*>(libs_test::alloc(10 * sizeof(int)));
    prtsparseSpMatDescr_t G = nullptr, P = nullptr;
    SPARSE_OK(prtsparseCreateCsr(&G, 7, 11, gn[0], g_off, g_col, g_val, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_32I,
                                 PRTSPARSE_INDEX_BASE_ZERO, PRT_R_32F));
    SPARSE_OK(prtsparseCreateCsr(&P, 9, 11, 0, nullptr, nullptr, nullptr, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_32I,
                                 PRTSPARSE_INDEX_BASE_ZERO, PRT_R_32F));
    prtsparseSpGEMMDescr_t state = nullptr;
    SPARSE_OK(prtsparseSpGEMM_createDescr(&state));
    const float alpha = 1.5f, beta = 0.0f;
    const auto nn = PRTSPARSE_OPERATION_NON_TRANSPOSE;
    size_t size1 = 0, size2 = 0;
    SPARSE_OK(prtsparseSpGEMM_workEstimation(h, nn, nn, &alpha, A, G, &beta, P, PRT_R_32F, PRTSPARSE_SPGEMM_DEFAULT,
                                             state, &size1, nullptr));
    void* buffer1 = libs_test::alloc(size1 + 1);
    SPARSE_OK(prtsparseSpGEMM_workEstimation(h, nn, nn, &alpha, A, G, &beta, P, PRT_R_32F, PRTSPARSE_SPGEMM_DEFAULT,
                                             state, &size1, buffer1));
    SPARSE_OK(prtsparseSpGEMM_compute(h, nn, nn, &alpha, A, G, &beta, P, PRT_R_32F, PRTSPARSE_SPGEMM_DEFAULT, state,
                                      &size2, nullptr));
    void* buffer2 = libs_test::alloc(size2 + 1);
#if PRT_BACKEND_CPU
    size_t short2 = size2 - 1;
    CHECK(prtsparseSpGEMM_compute(h, nn, nn, &alpha, A, G, &beta, P, PRT_R_32F, PRTSPARSE_SPGEMM_DEFAULT, state,
                                  &short2, buffer2) == PRTSPARSE_STATUS_INSUFFICIENT_RESOURCES,
          "a work area smaller than compute asked for");
    const float half = 0.5f;
    CHECK(prtsparseSpGEMM_compute(h, nn, nn, &alpha, A, G, &half, P, PRT_R_32F, PRTSPARSE_SPGEMM_DEFAULT, state,
                                  &size2, buffer2) == PRTSPARSE_STATUS_NOT_SUPPORTED,
          "beta other than 0 on the CPU");
#endif
    SPARSE_OK(prtsparseSpGEMM_compute(h, nn, nn, &alpha, A, G, &beta, P, PRT_R_32F, PRTSPARSE_SPGEMM_DEFAULT, state,
                                      &size2, buffer2));
    int64_t r = 0, c = 0, found = 0;
    SPARSE_OK(prtsparseSpMatGetSize(P, &r, &c, &found));
    int* c_col = static_cast<int*>(libs_test::alloc(sizeof(int) * (found + 1)));
    float* c_val = static_cast<float*>(libs_test::alloc(sizeof(float) * (found + 1)));
    SPARSE_OK(prtsparseCsrSetPointers(P, c_off, c_col, c_val));
    SPARSE_OK(prtsparseSpGEMM_copy(h, nn, nn, &alpha, A, G, &beta, P, PRT_R_32F, PRTSPARSE_SPGEMM_DEFAULT, state));
    libs_test::synchronize();
    write("spgemm_nnz.out", std::vector<int64_t>{found});
    write("spgemm_off.out", download(c_off, 10));
    write("spgemm_col.out", download(c_col, static_cast<size_t>(found)));
    write("spgemm_val.out", download(c_val, static_cast<size_t>(found)));
    SPARSE_OK(prtsparseSpGEMM_destroyDescr(state));
    SPARSE_OK(prtsparseDestroySpMat(G));
    SPARSE_OK(prtsparseDestroySpMat(P));
    for (void* q : {static_cast<void*>(g_off), static_cast<void*>(g_col), static_cast<void*>(g_val),
                    static_cast<void*>(c_off), static_cast<void*>(c_col), static_cast<void*>(c_val), buffer1,
                    buffer2}) {
      libs_test::release(q);
    }
  }
  // SpSV: L y = 1.5 x, L the fp32 lower triangle of the SpSM case (stored diagonal), x its first right-hand side.
  {
    const std::vector<int64_t> tn = read<int64_t>("l_nnz.in", 1);
    int32_t* off = upload(read<int32_t>("l_off.in", 10));
    int32_t* col = upload(read<int32_t>("l_col.in", tn[0]));
    float* val = upload(read<float>("l_val.in", tn[0]));
    std::vector<float> b = read<float>("tri_b32.in", 27);
    float* x = upload(std::vector<float>(b.begin(), b.begin() + 9));
    float* y = upload(std::vector<float>(9, 0.0f));
    prtsparseSpMatDescr_t ma = nullptr;
    prtsparseDnVecDescr_t vx = nullptr, vy = nullptr;
    SPARSE_OK(prtsparseCreateCsr(&ma, 9, 9, tn[0], off, col, val, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_32I,
                                 PRTSPARSE_INDEX_BASE_ZERO, PRT_R_32F));
    prtsparseFillMode_t fill = PRTSPARSE_FILL_MODE_LOWER;
    prtsparseDiagType_t diag = PRTSPARSE_DIAG_TYPE_NON_UNIT;
    SPARSE_OK(prtsparseSpMatSetAttribute(ma, PRTSPARSE_SPMAT_FILL_MODE, &fill, sizeof fill));
    SPARSE_OK(prtsparseSpMatSetAttribute(ma, PRTSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof diag));
    SPARSE_OK(prtsparseCreateDnVec(&vx, 9, x, PRT_R_32F));
    SPARSE_OK(prtsparseCreateDnVec(&vy, 9, y, PRT_R_32F));
    prtsparseSpSVDescr_t state = nullptr;
    SPARSE_OK(prtsparseSpSV_createDescr(&state));
    const float alpha = 1.5f;
    size_t bytes = 0;
    SPARSE_OK(prtsparseSpSV_bufferSize(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, &alpha, ma, vx, vy, PRT_R_32F,
                                       PRTSPARSE_SPSV_ALG_DEFAULT, state, &bytes));
    void* buffer = libs_test::alloc(bytes + 1);
    SPARSE_OK(prtsparseSpSV_analysis(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, &alpha, ma, vx, vy, PRT_R_32F,
                                     PRTSPARSE_SPSV_ALG_DEFAULT, state, buffer));
    SPARSE_OK(prtsparseSpSV_solve(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, &alpha, ma, vx, vy, PRT_R_32F,
                                  PRTSPARSE_SPSV_ALG_DEFAULT, state));
    libs_test::synchronize();
    write("spsv_lower.out", download(y, 9));
    SPARSE_OK(prtsparseSpSV_destroyDescr(state));
    SPARSE_OK(prtsparseDestroySpMat(ma));
    SPARSE_OK(prtsparseDestroyDnVec(vx));
    SPARSE_OK(prtsparseDestroyDnVec(vy));
    for (void* q : {static_cast<void*>(off), static_cast<void*>(col), static_cast<void*>(val), static_cast<void*>(x),
                    static_cast<void*>(y), buffer}) {
      libs_test::release(q);
    }
  }
  // csrilu02 of a 9 x 9 fp64 matrix in place: bufferSize, analysis, zeroPivot, the factorisation, zeroPivot.
  {
    const std::vector<int64_t> in = read<int64_t>("ilu_nnz.in", 1);
    const int n = static_cast<int>(in[0]);
    int* off = upload(read<int32_t>("ilu_off.in", 10));
    int* col = upload(read<int32_t>("ilu_col.in", in[0]));
    double* val = upload(read<double>("ilu_val.in", in[0]));
    prtsparseMatDescr_t descr = nullptr;
    SPARSE_OK(prtsparseCreateMatDescr(&descr));
    SPARSE_OK(prtsparseSetMatType(descr, PRTSPARSE_MATRIX_TYPE_GENERAL));
    SPARSE_OK(prtsparseSetMatIndexBase(descr, PRTSPARSE_INDEX_BASE_ZERO));
    prtsparseCsrilu02Info_t info = nullptr;
    SPARSE_OK(prtsparseCreateCsrilu02Info(&info));
    int bytes = 0;
    SPARSE_OK(prtsparseDcsrilu02_bufferSize(h, 9, n, descr, val, off, col, info, &bytes));
    void* buffer = libs_test::alloc(static_cast<size_t>(bytes) + 1);
    SPARSE_OK(prtsparseDcsrilu02_analysis(h, 9, n, descr, val, off, col, info, PRTSPARSE_SOLVE_POLICY_USE_LEVEL,
                                          buffer));
    std::vector<int> pivots(2, -2);
    SPARSE_OK(prtsparseXcsrilu02_zeroPivot(h, info, &pivots[0]));
    SPARSE_OK(prtsparseDcsrilu02(h, 9, n, descr, val, off, col, info, PRTSPARSE_SOLVE_POLICY_USE_LEVEL, buffer));
    SPARSE_OK(prtsparseXcsrilu02_zeroPivot(h, info, &pivots[1]));
    libs_test::synchronize();
    write("ilu.out", download(val, static_cast<size_t>(n)));
    write("ilu_pivot.out", pivots);
#if PRT_BACKEND_CPU
    // A 3 x 3 matrix whose last row stores no diagonal: analysis finds the structural zero, zeroPivot its row.
    {
      const int o[] = {0, 1, 3, 4}, c[] = {0, 0, 1, 1};
      double v[] = {2.0, 1.0, 3.0, 1.0};
      prtsparseCsrilu02Info_t gap = nullptr;
      SPARSE_OK(prtsparseCreateCsrilu02Info(&gap));
      SPARSE_OK(prtsparseDcsrilu02_analysis(h, 3, 4, descr, v, o, c, gap, PRTSPARSE_SOLVE_POLICY_NO_LEVEL, buffer));
      int position = -1;
      CHECK(prtsparseXcsrilu02_zeroPivot(h, gap, &position) == PRTSPARSE_STATUS_ZERO_PIVOT && position == 2,
            "zeroPivot reports row 2's missing diagonal (got %d)", position);
      SPARSE_OK(prtsparseDestroyCsrilu02Info(gap));
    }
#endif
    SPARSE_OK(prtsparseDestroyCsrilu02Info(info));
    SPARSE_OK(prtsparseDestroyMatDescr(descr));
    for (void* q : {static_cast<void*>(off), static_cast<void*>(col), static_cast<void*>(val), buffer}) {
      libs_test::release(q);
    }
  }
#if PRT_BACKEND_CPU
  // The CPU backend's own reach and checks: op(A) and op(B) transposed with mixed orders; a short x; fp16 values.
  {
    float* b = upload(read<float>("dense_bt.in", 36));
    float* c = upload(std::vector<float>(28, 0.0f));
    prtsparseDnMatDescr_t mb = nullptr, mc = nullptr;
    SPARSE_OK(prtsparseCreateDnMat(&mb, 4, 9, 4, b, PRT_R_32F, PRTSPARSE_ORDER_COL));
    SPARSE_OK(prtsparseCreateDnMat(&mc, 7, 4, 4, c, PRT_R_32F, PRTSPARSE_ORDER_ROW));
    spmm(h, PRTSPARSE_OPERATION_TRANSPOSE, PRTSPARSE_OPERATION_TRANSPOSE, 1.0f, A, mb, 0.0f, mc, PRT_R_32F);
    write("csr_spmm_mixed.out", download(c, 28));
    SPARSE_OK(prtsparseDestroyDnMat(mb));
    SPARSE_OK(prtsparseDestroyDnMat(mc));
    std::vector<float> x(6), y(9);
    prtsparseDnVecDescr_t vx = nullptr, vy = nullptr;
    SPARSE_OK(prtsparseCreateDnVec(&vx, 6, x.data(), PRT_R_32F));
    SPARSE_OK(prtsparseCreateDnVec(&vy, 9, y.data(), PRT_R_32F));
    const float one = 1.0f;
    CHECK(prtsparseSpMV(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &one, vy, PRT_R_32F,
                        PRTSPARSE_SPMV_ALG_DEFAULT, nullptr) == PRTSPARSE_STATUS_INVALID_VALUE,
          "x shorter than A's columns");
    const double one64 = 1.0;
    CHECK(prtsparseSpMV(h, PRTSPARSE_OPERATION_NON_TRANSPOSE, &one64, A, vx, &one64, vy, PRT_R_64F,
                        PRTSPARSE_SPMV_ALG_DEFAULT, nullptr) != PRTSPARSE_STATUS_SUCCESS,
          "compute type other than the value type");
    prtsparseSpMatDescr_t half = nullptr;
    CHECK(prtsparseCreateCsr(&half, 9, 7, nnz[0], a_off, a_col, a_val, PRTSPARSE_INDEX_32I, PRTSPARSE_INDEX_32I,
                             PRTSPARSE_INDEX_BASE_ZERO, PRT_R_16F) == PRTSPARSE_STATUS_NOT_SUPPORTED,
          "fp16 values");
    SPARSE_OK(prtsparseDestroyDnVec(vx));
    SPARSE_OK(prtsparseDestroyDnVec(vy));
    libs_test::release(b);
    libs_test::release(c);
  }
#endif
  CHECK(std::string(prtsparseGetErrorName(PRTSPARSE_STATUS_INVALID_VALUE)) == "PRTSPARSE_STATUS_INVALID_VALUE", "name");
  SPARSE_OK(prtsparseDestroySpMat(A));
  SPARSE_OK(prtsparseDestroySpMat(B));
  SPARSE_OK(prtsparseDestroySpMat(C));
  for (void* p : {static_cast<void*>(a_off), static_cast<void*>(a_col), static_cast<void*>(a_val),
                  static_cast<void*>(b_off), static_cast<void*>(b_col), static_cast<void*>(b_val),
                  static_cast<void*>(c_row), static_cast<void*>(c_col), static_cast<void*>(c_val)}) {
    libs_test::release(p);
  }
  SPARSE_OK(prtsparseDestroy(h));
  prtStreamDestroy(stream);
  return libs_test::finish("sparse");
}
