// prt/cpu/blas.h: the CPU backend of prt/blas.h, on a CBLAS (OpenBLAS's; link with -lopenblas). prt/prt.h brings it
// in only where cblas.h is; included directly without one it stops with one #error naming the package.
#pragma once

#if !__has_include(<cblas.h>)
#error "prt/blas.h on the CPU backend needs a CBLAS: install libopenblas-dev (Debian/Ubuntu) or openblas-devel (Fedora), then link with -lopenblas"
#else
#include <cblas.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <tuple>
#include <vector>

extern "C" {
// LAPACK's LU factorisation (OpenBLAS has it; Debian's ships no LAPACK header, and prt/cpu/solver.h declares the
// same two).
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
// LAPACK's least squares by QR, gfortran's calling convention (the character's length last).
void sgels_(const char* trans, const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b,
            const int* ldb, float* work, const int* lwork, int* info, size_t trans_len);
void dgels_(const char* trans, const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
            const int* ldb, double* work, const int* lwork, int* info, size_t trans_len);
void cgels_(const char* trans, const int* m, const int* n, const int* nrhs, prtFloatComplex* a, const int* lda,
            prtFloatComplex* b, const int* ldb, prtFloatComplex* work, const int* lwork, int* info, size_t trans_len);
void zgels_(const char* trans, const int* m, const int* n, const int* nrhs, prtDoubleComplex* a, const int* lda,
            prtDoubleComplex* b, const int* ldb, prtDoubleComplex* work, const int* lwork, int* info,
            size_t trans_len);
}

// A library context: the stream calls are ordered on, and where scalars live (both are host memory here).
struct prtblasContext {
  prtStream_t stream;         // calls wait for this stream before running
  prtblasPointerMode_t mode;  // recorded for GetPointerMode; host and device pointers are both host memory
  prtblasMath_t math = PRTBLAS_DEFAULT_MATH;  // recorded for GetMathMode; fp32 products stay fp32 here
};

namespace prt {
namespace blas_detail {

inline CBLAS_TRANSPOSE trans(prtblasOperation_t op) { return op == PRTBLAS_OP_N ? CblasNoTrans : CblasTrans; }
inline bool valid_op(prtblasOperation_t op) {
  return op == PRTBLAS_OP_N || op == PRTBLAS_OP_T || op == PRTBLAS_OP_C;
}
inline int max1(int v) { return v > 1 ? v : 1; }

// Checks a handle and drains its stream; returns SUCCESS when the call may run.
inline prtblasStatus_t enter(prtblasHandle_t handle) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  if (prtStreamSynchronize(handle->stream) != 0) return PRTBLAS_STATUS_EXECUTION_FAILED;
  return PRTBLAS_STATUS_SUCCESS;
}

// The argument checks cuBLAS makes for a GEMM.
inline prtblasStatus_t check_gemm(prtblasOperation_t ta, prtblasOperation_t tb, int m, int n, int k, int lda,
                                  int ldb, int ldc) {
  if (!valid_op(ta) || !valid_op(tb) || m < 0 || n < 0 || k < 0) return PRTBLAS_STATUS_INVALID_VALUE;
  if (lda < max1(ta == PRTBLAS_OP_N ? m : k) || ldb < max1(tb == PRTBLAS_OP_N ? k : n) || ldc < max1(m)) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  return PRTBLAS_STATUS_SUCCESS;
}

// IEEE binary16 bits to float (exact).
inline float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1Fu, mant = h & 0x3FFu, bits;
  if (exp == 0x1F) {
    bits = sign | 0x7F800000u | (mant << 13);  // inf or nan
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);  // normal: rebias 15 -> 127
  } else if (mant == 0) {
    bits = sign;  // signed zero
  } else {
    int e = 113;  // subnormal: shift the mantissa up until its leading one is implicit
    while ((mant & 0x400u) == 0) {
      mant <<= 1;
      --e;
    }
    bits = sign | (static_cast<uint32_t>(e) << 23) | ((mant & 0x3FFu) << 13);
  }
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// Float to IEEE binary16 bits, rounding to nearest even.
inline uint16_t float_to_half(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t abs = x & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u) return sign | (abs > 0x7F800000u ? 0x7E00u : 0x7C00u);  // nan, inf
  if (abs >= 0x477FF000u) return sign | 0x7C00u;  // rounds to a value past 65504: inf
  if (abs < 0x38800000u) {  // below 2^-14: a subnormal half (or zero)
    if (abs < 0x33000000u) return sign;  // below half the smallest subnormal: zero
    const uint32_t e = abs >> 23, mant = (abs & 0x7FFFFFu) | 0x800000u;
    const uint32_t shift = 126 - e;  // puts the value in units of 2^-24
    uint32_t q = mant >> shift;
    const uint32_t rest = mant & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (q & 1u))) ++q;
    return sign | static_cast<uint16_t>(q);
  }
  uint32_t r = abs - 0x38000000u;  // rebias 127 -> 15, keeping 13 extra mantissa bits
  const uint32_t rest = r & 0x1FFFu;
  r >>= 13;
  if (rest > 0x1000u || (rest == 0x1000u && (r & 1u))) ++r;  // a carry into the exponent is right too
  return sign | static_cast<uint16_t>(r);
}

// bfloat16 bits to float (exact).
inline float bf16_to_float(uint16_t b) {
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// Float to bfloat16 bits, rounding to nearest even.
inline uint16_t float_to_bf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  if ((x & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);  // quiet nan
  x += 0x7FFFu + ((x >> 16) & 1u);
  return static_cast<uint16_t>(x >> 16);
}

// Reads element i of a buffer of type t as float.
inline float load(const void* p, prtDataType_t t, size_t i) {
  switch (t) {
    case PRT_R_16F: return half_to_float(static_cast<const uint16_t*>(p)[i]);
    case PRT_R_16BF: return bf16_to_float(static_cast<const uint16_t*>(p)[i]);
    case PRT_R_64F: return static_cast<float>(static_cast<const double*>(p)[i]);
    default: return static_cast<const float*>(p)[i];
  }
}

// Writes v as element i of a buffer of type t.
inline void store(void* p, prtDataType_t t, size_t i, float v) {
  switch (t) {
    case PRT_R_16F: static_cast<uint16_t*>(p)[i] = float_to_half(v); break;
    case PRT_R_16BF: static_cast<uint16_t*>(p)[i] = float_to_bf16(v); break;
    case PRT_R_64F: static_cast<double*>(p)[i] = v; break;
    default: static_cast<float*>(p)[i] = v; break;
  }
}

// Copies a rows x cols column-major matrix (leading dimension ld) into a packed float matrix.
inline void widen(const void* src, prtDataType_t t, int rows, int cols, int ld, std::vector<float>& dst) {
  dst.resize(static_cast<size_t>(rows) * cols);
  for (int j = 0; j < cols; ++j) {
    for (int i = 0; i < rows; ++i) dst[static_cast<size_t>(j) * rows + i] = load(src, t, static_cast<size_t>(j) * ld + i);
  }
}

// Reads a scalar of the compute type as float (alpha and beta of a 16F or 32F GEMM).
inline float scalar(const void* p, prtblasComputeType_t compute) {
  return compute == PRTBLAS_COMPUTE_16F ? half_to_float(*static_cast<const uint16_t*>(p))
                                        : *static_cast<const float*>(p);
}

// One typed GEMM (no argument checks): fp64 by dgemm, fp32 by sgemm, 16-bit buffers through fp32 copies.
inline prtblasStatus_t gemm_ex(prtblasOperation_t ta, prtblasOperation_t tb, int m, int n, int k, const void* alpha,
                               const void* A, prtDataType_t at, int lda, const void* B, prtDataType_t bt, int ldb,
                               const void* beta, void* C, prtDataType_t ct, int ldc, prtblasComputeType_t compute) {
  if (compute == PRTBLAS_COMPUTE_64F) {
    if (at != PRT_R_64F || bt != PRT_R_64F || ct != PRT_R_64F) return PRTBLAS_STATUS_NOT_SUPPORTED;
    cblas_dgemm(CblasColMajor, trans(ta), trans(tb), m, n, k, *static_cast<const double*>(alpha),
                static_cast<const double*>(A), lda, static_cast<const double*>(B), ldb,
                *static_cast<const double*>(beta), static_cast<double*>(C), ldc);
    return PRTBLAS_STATUS_SUCCESS;
  }
  if (compute == PRTBLAS_COMPUTE_32I || compute == PRTBLAS_COMPUTE_32I_PEDANTIC) {
    // int8 products summed in int32 (as the device's integer units do), int32 alpha and beta.
    if (at != PRT_R_8I || bt != PRT_R_8I || ct != PRT_R_32I) return PRTBLAS_STATUS_NOT_SUPPORTED;
    const int64_t a = *static_cast<const int32_t*>(alpha), b = *static_cast<const int32_t*>(beta);
    const int8_t* pa = static_cast<const int8_t*>(A);
    const int8_t* pb = static_cast<const int8_t*>(B);
    int32_t* pc = static_cast<int32_t*>(C);
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < m; ++i) {
        int64_t sum = 0;
        for (int l = 0; l < k; ++l) {
          const int64_t x = ta == PRTBLAS_OP_N ? pa[static_cast<size_t>(l) * lda + i] : pa[static_cast<size_t>(i) * lda + l];
          const int64_t y = tb == PRTBLAS_OP_N ? pb[static_cast<size_t>(j) * ldb + l] : pb[static_cast<size_t>(l) * ldb + j];
          sum += x * y;
        }
        int32_t& out = pc[static_cast<size_t>(j) * ldc + i];
        out = static_cast<int32_t>(static_cast<uint32_t>(a * sum + (b != 0 ? b * out : 0)));  // wraps as int32 does
      }
    }
    return PRTBLAS_STATUS_SUCCESS;
  }
  const bool half_compute = compute == PRTBLAS_COMPUTE_16F;
  const bool float_compute = compute == PRTBLAS_COMPUTE_32F || compute == PRTBLAS_COMPUTE_32F_PEDANTIC ||
                             compute == PRTBLAS_COMPUTE_32F_FAST_16F || compute == PRTBLAS_COMPUTE_32F_FAST_16BF ||
                             compute == PRTBLAS_COMPUTE_32F_FAST_TF32;
  // The type combinations cuBLAS accepts for these compute types.
  if (half_compute) {
    if (at != PRT_R_16F || bt != PRT_R_16F || ct != PRT_R_16F) return PRTBLAS_STATUS_NOT_SUPPORTED;
  } else if (float_compute) {
    const bool all32 = at == PRT_R_32F && bt == PRT_R_32F && ct == PRT_R_32F;
    const bool low = (at == PRT_R_16F || at == PRT_R_16BF) && bt == at && (ct == at || ct == PRT_R_32F);
    if (!all32 && !low) return PRTBLAS_STATUS_NOT_SUPPORTED;
  } else {
    return PRTBLAS_STATUS_NOT_SUPPORTED;
  }
  const float a = scalar(alpha, compute), b = scalar(beta, compute);
  if (at == PRT_R_32F && ct == PRT_R_32F) {
    cblas_sgemm(CblasColMajor, trans(ta), trans(tb), m, n, k, a, static_cast<const float*>(A), lda,
                static_cast<const float*>(B), ldb, b, static_cast<float*>(C), ldc);
    return PRTBLAS_STATUS_SUCCESS;
  }
  std::vector<float> wa, wb, wc;
  const int ar = ta == PRTBLAS_OP_N ? m : k, ac = ta == PRTBLAS_OP_N ? k : m;
  const int br = tb == PRTBLAS_OP_N ? k : n, bc = tb == PRTBLAS_OP_N ? n : k;
  widen(A, at, ar, ac, lda, wa);
  widen(B, bt, br, bc, ldb, wb);
  if (b == 0.0f) {
    wc.assign(static_cast<size_t>(m) * n, 0.0f);  // beta == 0: C is not read, as in cuBLAS
  } else {
    widen(C, ct, m, n, ldc, wc);
  }
  if (m > 0 && n > 0) {
    cblas_sgemm(CblasColMajor, trans(ta), trans(tb), m, n, k, a, wa.data(), max1(ar), wb.data(), max1(br), b,
                wc.data(), max1(m));
  }
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) store(C, ct, static_cast<size_t>(j) * ldc + i, wc[static_cast<size_t>(j) * m + i]);
  }
  return PRTBLAS_STATUS_SUCCESS;
}

// Size in bytes of one element of type t.
inline size_t element_size(prtDataType_t t) {
  switch (t) {
    case PRT_R_64F: return 8;
    case PRT_R_32F:
    case PRT_R_32I: return 4;
    case PRT_R_16F:
    case PRT_R_16BF: return 2;
    default: return 1;
  }
}

// Copies n elements of size bytes from every incx-th of x to every incy-th of y (Set/GetVector and the
// Set/GetMatrix columns).
inline void strided_copy(int n, int size, const void* x, int incx, void* y, int incy) {
  const char* src = static_cast<const char*>(x);
  char* dst = static_cast<char*>(y);
  if (incx == 1 && incy == 1) {
    std::memmove(dst, src, static_cast<size_t>(n) * size);
    return;
  }
  for (int i = 0; i < n; ++i) {
    std::memmove(dst + static_cast<size_t>(i) * incy * size, src + static_cast<size_t>(i) * incx * size, size);
  }
}

// The checks and the copy of Set/GetMatrix: rows x cols elements, column by column.
inline prtblasStatus_t matrix_copy(int rows, int cols, int size, const void* A, int lda, void* B, int ldb) {
  if (rows < 0 || cols < 0 || size <= 0 || lda <= 0 || ldb <= 0) return PRTBLAS_STATUS_INVALID_VALUE;
  if (rows == 0 || cols == 0) return PRTBLAS_STATUS_SUCCESS;
  if (prtStreamSynchronize(nullptr) != 0) return PRTBLAS_STATUS_MAPPING_ERROR;  // ordered as on the default stream
  const char* src = static_cast<const char*>(A);
  char* dst = static_cast<char*>(B);
  for (int j = 0; j < cols; ++j) {
    strided_copy(rows, size, src + static_cast<size_t>(j) * lda * size, 1, dst + static_cast<size_t>(j) * ldb * size,
                 1);
  }
  return PRTBLAS_STATUS_SUCCESS;
}

// The checks and the copy of Set/GetVector.
inline prtblasStatus_t vector_copy(int n, int size, const void* x, int incx, void* y, int incy) {
  if (incx <= 0 || incy <= 0 || size <= 0) return PRTBLAS_STATUS_INVALID_VALUE;
  if (n <= 0) return PRTBLAS_STATUS_SUCCESS;
  if (prtStreamSynchronize(nullptr) != 0) return PRTBLAS_STATUS_MAPPING_ERROR;  // ordered as on the default stream
  strided_copy(n, size, x, incx, y, incy);
  return PRTBLAS_STATUS_SUCCESS;
}

// I?amax/I?amin: cuBLAS's 1-based index from CBLAS's 0-based one, 0 for an empty vector or a stride <= 0.
template <class T, class F>
inline prtblasStatus_t index_of(prtblasHandle_t handle, int n, const T* x, int incx, int* result, F cblas_index) {
  if (prtblasStatus_t s = enter(handle)) return s;
  if (result == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *result = n > 0 && incx > 0 ? static_cast<int>(cblas_index(n, x, incx)) + 1 : 0;
  return PRTBLAS_STATUS_SUCCESS;
}

// C = alpha * op(A) + beta * op(B), column-major, with cuBLAS's checks: op(A), op(B) and C are m x n; C may be A
// (lda == ldc, A not transposed) or B (likewise), and no other overlap is allowed; A is not read when alpha is 0,
// B not when beta is 0.
template <class T>
inline prtblasStatus_t geam(prtblasHandle_t handle, prtblasOperation_t ta, prtblasOperation_t tb, int m, int n,
                            const T* alpha, const T* A, int lda, const T* beta, const T* B, int ldb, T* C, int ldc) {
  if (prtblasStatus_t s = enter(handle)) return s;
  if (!valid_op(ta) || !valid_op(tb) || m < 0 || n < 0 || alpha == nullptr || beta == nullptr) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  if (lda < max1(ta == PRTBLAS_OP_N ? m : n) || ldb < max1(tb == PRTBLAS_OP_N ? m : n) || ldc < max1(m)) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  if ((C == A && (ta != PRTBLAS_OP_N || lda != ldc)) || (C == B && (tb != PRTBLAS_OP_N || ldb != ldc))) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  const T a = *alpha, b = *beta;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      T v = 0;
      if (a != T(0)) {
        v = a * (ta == PRTBLAS_OP_N ? A[static_cast<size_t>(j) * lda + i] : A[static_cast<size_t>(i) * lda + j]);
      }
      if (b != T(0)) {
        v += b * (tb == PRTBLAS_OP_N ? B[static_cast<size_t>(j) * ldb + i] : B[static_cast<size_t>(i) * ldb + j]);
      }
      C[static_cast<size_t>(j) * ldc + i] = v;
    }
  }
  return PRTBLAS_STATUS_SUCCESS;
}

// LU without pivoting (getrfBatched with a null pivot array), column by column as LAPACK's getf2 does: a zero
// pivot leaves its column unscaled and sets info to the first such 1-based k.
template <class T>
inline void lu_no_pivot(int n, T* a, int lda, int* info) {
  *info = 0;
  for (int k = 0; k < n; ++k) {
    T* col = a + static_cast<size_t>(k) * lda;
    if (col[k] != T(0)) {
      for (int i = k + 1; i < n; ++i) col[i] /= col[k];
    } else if (*info == 0) {
      *info = k + 1;
    }
    for (int j = k + 1; j < n; ++j) {
      T* cj = a + static_cast<size_t>(j) * lda;
      const T f = cj[k];
      if (f == T(0)) continue;
      for (int i = k + 1; i < n; ++i) cj[i] -= col[i] * f;
    }
  }
}

// getrfBatched: LAPACK's getrf on each matrix; matrix i's pivots go to P + i * n, its info to info[i].
template <class T, class F>
inline prtblasStatus_t getrf_batched(prtblasHandle_t handle, int n, T* const A[], int lda, int* P, int* info,
                                     int batch, F getrf) {
  if (prtblasStatus_t s = enter(handle)) return s;
  if (n < 0 || lda < max1(n) || batch < 0 || (batch > 0 && (A == nullptr || info == nullptr))) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  for (int b = 0; b < batch; ++b) {
    if (n == 0) {
      info[b] = 0;
    } else if (P == nullptr) {
      lu_no_pivot(n, A[b], lda, &info[b]);
    } else {
      getrf(&n, &n, A[b], &lda, P + static_cast<size_t>(b) * n, &info[b]);
    }
  }
  return PRTBLAS_STATUS_SUCCESS;
}

// The workspace size a LAPACK query returns in its first work element (the real part for complex types).
inline double workspace_size(float v) { return v; }
inline double workspace_size(double v) { return v; }
inline double workspace_size(prtFloatComplex v) { return v.x; }
inline double workspace_size(prtDoubleComplex v) { return v.x; }

// gelsBatched: LAPACK's gels on each system, with cuBLAS's checks (m >= n, trans N only; *info is minus the
// position of the first invalid argument) and its per-system info (the first zero diagonal element of R).
template <class T, class F>
inline prtblasStatus_t gels_batched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                    T* const A[], int lda, T* const C[], int ldc, int* info, int* dev_info, int batch,
                                    F gels) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  if (info == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  int bad = 0;
  if (trans != PRTBLAS_OP_N) bad = 2;
  else if (m < 0) bad = 3;
  else if (n < 0 || n > m) bad = 4;
  else if (nrhs < 0) bad = 5;
  else if (batch > 0 && A == nullptr) bad = 6;
  else if (lda < max1(m)) bad = 7;
  else if (batch > 0 && C == nullptr) bad = 8;
  else if (ldc < max1(m)) bad = 9;
  else if (batch < 0) bad = 12;
  *info = -bad;
  if (bad != 0) return PRTBLAS_STATUS_INVALID_VALUE;
  if (prtblasStatus_t s = enter(handle)) return s;
  const char t = 'N';
  for (int b = 0; b < batch; ++b) {
    int result = 0, query = -1;
    T size{};
    gels(&t, &m, &n, &nrhs, A[b], &lda, C[b], &ldc, &size, &query, &result, 1);  // workspace query
    const int lwork = max1(static_cast<int>(workspace_size(size)));
    std::vector<T> work(static_cast<size_t>(lwork));
    gels(&t, &m, &n, &nrhs, A[b], &lda, C[b], &ldc, work.data(), &lwork, &result, 1);
    if (dev_info != nullptr) dev_info[b] = result > 0 ? result : 0;
  }
  return PRTBLAS_STATUS_SUCCESS;
}

// How a complex matrix enters a product: op C conjugates as it transposes.
inline CBLAS_TRANSPOSE complex_trans(prtblasOperation_t op) {
  return op == PRTBLAS_OP_N ? CblasNoTrans : (op == PRTBLAS_OP_T ? CblasTrans : CblasConjTrans);
}

// Products of one element type (complex ones through prt/complex.h: float2 and double2 have no complex product).
inline float product(float a, float b) { return a * b; }
inline double product(double a, double b) { return a * b; }
inline prtFloatComplex product(prtFloatComplex a, prtFloatComplex b) { return prtCmulf(a, b); }
inline prtDoubleComplex product(prtDoubleComplex a, prtDoubleComplex b) { return prtCmul(a, b); }

// C = diag(x) * A (side left) or A * diag(x) (side right), with cuBLAS's checks: A and C are m x n, C may be A when
// ldc == lda; x has m (left) or n (right) elements every |incx|-th, walked from the far end when incx < 0.
template <class T>
inline prtblasStatus_t dgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n, const T* A, int lda,
                            const T* x, int incx, T* C, int ldc) {
  if (prtblasStatus_t s = enter(handle)) return s;
  if ((mode != PRTBLAS_SIDE_LEFT && mode != PRTBLAS_SIDE_RIGHT) || m < 0 || n < 0 || lda < max1(m) ||
      ldc < max1(m) || (C == A && lda != ldc)) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  const bool left = mode == PRTBLAS_SIDE_LEFT;
  const ptrdiff_t count = left ? m : n, step = incx < 0 ? -static_cast<ptrdiff_t>(incx) : incx;
  auto diagonal = [&](ptrdiff_t i) { return x[(incx < 0 ? count - 1 - i : i) * step]; };
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      const T a = A[static_cast<size_t>(j) * lda + i];
      C[static_cast<size_t>(j) * ldc + i] = product(left ? diagonal(i) : a, left ? a : diagonal(j));
    }
  }
  return PRTBLAS_STATUS_SUCCESS;
}

// The 64-bit-integer calls (prtblas*_64) on this LP64 BLAS: an int64_t argument narrowed to the library's int (ok
// cleared when it does not fit); any other argument as it is.
template <class T>
inline T narrow_arg(T v, bool&) {
  return v;
}
inline blasint narrow_arg(int64_t v, bool& ok) {
  ok = ok && v >= std::numeric_limits<blasint>::min() && v <= std::numeric_limits<blasint>::max();
  return static_cast<blasint>(v);
}

// Calls the 32-bit prtblas function f with every int64_t argument narrowed, or answers NOT_SUPPORTED when one does
// not fit: a size is never truncated.
template <class F, class... A>
inline prtblasStatus_t narrowed(F f, prtblasHandle_t handle, A... args) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  bool ok = true;
  const auto narrow = std::make_tuple(handle, narrow_arg(args, ok)...);
  if (!ok) return PRTBLAS_STATUS_NOT_SUPPORTED;
  return std::apply(f, narrow);
}

// I?amax/I?amin with 64-bit integers: the 32-bit call's index widened into *result.
template <class F, class T>
inline prtblasStatus_t narrowed_index(F f, prtblasHandle_t handle, int64_t n, const T* x, int64_t incx,
                                      int64_t* result) {
  if (result == nullptr) return narrowed(f, handle, n, x, incx, static_cast<int*>(nullptr));
  int index = 0;
  const prtblasStatus_t s = narrowed(f, handle, n, x, incx, &index);
  if (s == PRTBLAS_STATUS_SUCCESS) *result = index;
  return s;
}

}  // namespace blas_detail
}  // namespace prt

inline prtblasStatus_t prtblasCreate(prtblasHandle_t* handle) {
  if (handle == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *handle = new (std::nothrow) prtblasContext{nullptr, PRTBLAS_POINTER_MODE_HOST};
  return *handle ? PRTBLAS_STATUS_SUCCESS : PRTBLAS_STATUS_ALLOC_FAILED;
}

inline prtblasStatus_t prtblasDestroy(prtblasHandle_t handle) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  delete handle;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSetStream(prtblasHandle_t handle, prtStream_t stream) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  handle->stream = stream;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasGetStream(prtblasHandle_t handle, prtStream_t* stream) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  if (stream == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *stream = handle->stream;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSetMathMode(prtblasHandle_t handle, prtblasMath_t mode) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  handle->math = mode;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasGetMathMode(prtblasHandle_t handle, prtblasMath_t* mode) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *mode = handle->math;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t mode) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  if (mode != PRTBLAS_POINTER_MODE_HOST && mode != PRTBLAS_POINTER_MODE_DEVICE) return PRTBLAS_STATUS_INVALID_VALUE;
  handle->mode = mode;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasGetPointerMode(prtblasHandle_t handle, prtblasPointerMode_t* mode) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *mode = handle->mode;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const float* alpha, const float* A, int lda, const float* B,
                                    int ldb, const float* beta, float* C, int ldc) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  cblas_sgemm(CblasColMajor, trans(transa), trans(transb), m, n, k, *alpha, A, lda, B, ldb, *beta, C, ldc);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const double* alpha, const double* A, int lda,
                                    const double* B, int ldb, const double* beta, double* C, int ldc) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  cblas_dgemm(CblasColMajor, trans(transa), trans(transb), m, n, k, *alpha, A, lda, B, ldb, *beta, C, ldc);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasHgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const __half* alpha, const __half* A, int lda,
                                    const __half* B, int ldb, const __half* beta, __half* C, int ldc) {
  static_assert(sizeof(__half) == 2, "__half holds the fp16 bits");
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  return gemm_ex(transa, transb, m, n, k, alpha, A, PRT_R_16F, lda, B, PRT_R_16F, ldb, beta, C, PRT_R_16F, ldc,
                 PRTBLAS_COMPUTE_16F);
}

inline prtblasStatus_t prtblasGemmEx(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                     int m, int n, int k, const void* alpha, const void* A, prtDataType_t Atype,
                                     int lda, const void* B, prtDataType_t Btype, int ldb, const void* beta, void* C,
                                     prtDataType_t Ctype, int ldc, prtblasComputeType_t computeType,
                                     prtblasGemmAlgo_t) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  return gemm_ex(transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C, Ctype, ldc, computeType);
}

inline prtblasStatus_t prtblasGemmStridedBatchedEx(prtblasHandle_t handle, prtblasOperation_t transa,
                                                   prtblasOperation_t transb, int m, int n, int k, const void* alpha,
                                                   const void* A, prtDataType_t Atype, int lda, long long strideA,
                                                   const void* B, prtDataType_t Btype, int ldb, long long strideB,
                                                   const void* beta, void* C, prtDataType_t Ctype, int ldc,
                                                   long long strideC, int batchCount,
                                                   prtblasComputeType_t computeType, prtblasGemmAlgo_t) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  if (batchCount < 0) return PRTBLAS_STATUS_INVALID_VALUE;
  const size_t as = element_size(Atype), bs = element_size(Btype), cs = element_size(Ctype);
  for (int i = 0; i < batchCount; ++i) {
    const prtblasStatus_t s =
        gemm_ex(transa, transb, m, n, k, alpha, static_cast<const char*>(A) + i * strideA * as, Atype, lda,
                static_cast<const char*>(B) + i * strideB * bs, Btype, ldb, beta,
                static_cast<char*>(C) + i * strideC * cs, Ctype, ldc, computeType);
    if (s != PRTBLAS_STATUS_SUCCESS) return s;
  }
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const float* alpha,
                                                  const float* A, int lda, long long strideA, const float* B, int ldb,
                                                  long long strideB, const float* beta, float* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  if (batchCount < 0) return PRTBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < batchCount; ++i) {
    cblas_sgemm(CblasColMajor, trans(transa), trans(transb), m, n, k, *alpha, A + i * strideA, lda, B + i * strideB,
                ldb, *beta, C + i * strideC, ldc);
  }
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const double* alpha,
                                                  const double* A, int lda, long long strideA, const double* B,
                                                  int ldb, long long strideB, const double* beta, double* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  if (batchCount < 0) return PRTBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < batchCount; ++i) {
    cblas_dgemm(CblasColMajor, trans(transa), trans(transb), m, n, k, *alpha, A + i * strideA, lda, B + i * strideB,
                ldb, *beta, C + i * strideC, ldc);
  }
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const float* alpha, const float* A, int lda, const float* x, int incx,
                                    const float* beta, float* y, int incy) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (!valid_op(trans) || m < 0 || n < 0 || lda < max1(m) || incx == 0 || incy == 0) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  cblas_sgemv(CblasColMajor, prt::blas_detail::trans(trans), m, n, *alpha, A, lda, x, incx, *beta, y, incy);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDgemv(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n,
                                    const double* alpha, const double* A, int lda, const double* x, int incx,
                                    const double* beta, double* y, int incy) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (!valid_op(trans) || m < 0 || n < 0 || lda < max1(m) || incx == 0 || incy == 0) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  cblas_dgemv(CblasColMajor, prt::blas_detail::trans(trans), m, n, *alpha, A, lda, x, incx, *beta, y, incy);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSaxpy(prtblasHandle_t handle, int n, const float* alpha, const float* x, int incx,
                                    float* y, int incy) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (n > 0) cblas_saxpy(n, *alpha, x, incx, y, incy);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDaxpy(prtblasHandle_t handle, int n, const double* alpha, const double* x, int incx,
                                    double* y, int incy) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (n > 0) cblas_daxpy(n, *alpha, x, incx, y, incy);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSdot(prtblasHandle_t handle, int n, const float* x, int incx, const float* y, int incy,
                                   float* result) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (result == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  // Summed in double and rounded once (BLAS's dsdot): a GPU's tree of partial sums does not drift with n, while a
  // long fp32 sum does (HeCBench blas-dot, 2^20 equal products: 8 units off in 65,504 with sdot).
  *result = n > 0 ? static_cast<float>(cblas_dsdot(n, x, incx, y, incy)) : 0.0f;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDdot(prtblasHandle_t handle, int n, const double* x, int incx, const double* y,
                                   int incy, double* result) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (result == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *result = n > 0 ? cblas_ddot(n, x, incx, y, incy) : 0.0;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDotEx(prtblasHandle_t handle, int n, const void* x, prtDataType_t xType, int incx,
                                    const void* y, prtDataType_t yType, int incy, void* result,
                                    prtDataType_t resultType, prtDataType_t executionType) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (result == nullptr || (n > 0 && (x == nullptr || y == nullptr))) return PRTBLAS_STATUS_INVALID_VALUE;
  // The combinations cuBLAS takes: one element type throughout, summed in fp32 (fp64 for fp64 vectors).
  const bool low = xType == PRT_R_16F || xType == PRT_R_16BF;
  const bool ok = xType == yType && xType == resultType &&
                  ((xType == PRT_R_64F && executionType == PRT_R_64F) ||
                   ((xType == PRT_R_32F || low) && executionType == PRT_R_32F));
  if (!ok) return PRTBLAS_STATUS_NOT_SUPPORTED;
  if (xType == PRT_R_64F) {
    *static_cast<double*>(result) =
        n > 0 ? cblas_ddot(n, static_cast<const double*>(x), incx, static_cast<const double*>(y), incy) : 0.0;
    return PRTBLAS_STATUS_SUCCESS;
  }
  if (xType == PRT_R_32F) {  // in double, rounded once, as prtblasSdot
    *static_cast<float*>(result) =
        n > 0 ? static_cast<float>(cblas_dsdot(n, static_cast<const float*>(x), incx, static_cast<const float*>(y),
                                               incy))
              : 0.0f;
    return PRTBLAS_STATUS_SUCCESS;
  }
  // 16-bit vectors: widened one element at a time (a negative stride walks from the far end, as BLAS does); the
  // products are exact in fp32, summed in double for the reason prtblasSdot gives, then stored through fp32.
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    const size_t xi = static_cast<size_t>(incx >= 0 ? i * incx : (i - n + 1) * incx);
    const size_t yi = static_cast<size_t>(incy >= 0 ? i * incy : (i - n + 1) * incy);
    sum += load(x, xType, xi) * load(y, yType, yi);
  }
  store(result, resultType, 0, static_cast<float>(sum));
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSnrm2(prtblasHandle_t handle, int n, const float* x, int incx, float* result) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (result == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *result = n > 0 && incx > 0 ? cblas_snrm2(n, x, incx) : 0.0f;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDnrm2(prtblasHandle_t handle, int n, const double* x, int incx, double* result) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (result == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *result = n > 0 && incx > 0 ? cblas_dnrm2(n, x, incx) : 0.0;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSscal(prtblasHandle_t handle, int n, const float* alpha, float* x, int incx) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (n > 0 && incx > 0) cblas_sscal(n, *alpha, x, incx);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDscal(prtblasHandle_t handle, int n, const double* alpha, double* x, int incx) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (n > 0 && incx > 0) cblas_dscal(n, *alpha, x, incx);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasScopy(prtblasHandle_t handle, int n, const float* x, int incx, float* y, int incy) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (n > 0) cblas_scopy(n, x, incx, y, incy);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDcopy(prtblasHandle_t handle, int n, const double* x, int incx, double* y, int incy) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (n > 0) cblas_dcopy(n, x, incx, y, incy);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSetVector(int n, int elemSize, const void* x, int incx, void* y, int incy) {
  return prt::blas_detail::vector_copy(n, elemSize, x, incx, y, incy);
}

inline prtblasStatus_t prtblasGetVector(int n, int elemSize, const void* x, int incx, void* y, int incy) {
  return prt::blas_detail::vector_copy(n, elemSize, x, incx, y, incy);
}

inline prtblasStatus_t prtblasSetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb) {
  return prt::blas_detail::matrix_copy(rows, cols, elemSize, A, lda, B, ldb);
}

inline prtblasStatus_t prtblasGetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb) {
  return prt::blas_detail::matrix_copy(rows, cols, elemSize, A, lda, B, ldb);
}

inline prtblasStatus_t prtblasIsamax(prtblasHandle_t handle, int n, const float* x, int incx, int* result) {
  return prt::blas_detail::index_of(handle, n, x, incx, result, cblas_isamax);
}

inline prtblasStatus_t prtblasIdamax(prtblasHandle_t handle, int n, const double* x, int incx, int* result) {
  return prt::blas_detail::index_of(handle, n, x, incx, result, cblas_idamax);
}

inline prtblasStatus_t prtblasIsamin(prtblasHandle_t handle, int n, const float* x, int incx, int* result) {
  return prt::blas_detail::index_of(handle, n, x, incx, result, cblas_isamin);
}

inline prtblasStatus_t prtblasIdamin(prtblasHandle_t handle, int n, const double* x, int incx, int* result) {
  return prt::blas_detail::index_of(handle, n, x, incx, result, cblas_idamin);
}

inline prtblasStatus_t prtblasSgeam(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, const float* alpha, const float* A, int lda, const float* beta,
                                    const float* B, int ldb, float* C, int ldc) {
  return prt::blas_detail::geam(handle, transa, transb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
}

inline prtblasStatus_t prtblasDgeam(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, const double* alpha, const double* A, int lda, const double* beta,
                                    const double* B, int ldb, double* C, int ldc) {
  return prt::blas_detail::geam(handle, transa, transb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
}

namespace prt::blas_detail {
// One cblas_?gemm per entry of pointer-array batches (S and D gemmBatched).
template <class T, class Gemm>
inline prtblasStatus_t gemm_batched(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const T* alpha, const T* const Aarray[], int lda,
                                    const T* const Barray[], int ldb, const T* beta, T* const Carray[], int ldc,
                                    int batchCount, Gemm gemm) {
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  if (batchCount < 0) return PRTBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < batchCount; ++i) {
    gemm(CblasColMajor, trans(transa), trans(transb), m, n, k, *alpha, Aarray[i], lda, Barray[i], ldb, *beta,
         Carray[i], ldc);
  }
  return PRTBLAS_STATUS_SUCCESS;
}
}  // namespace prt::blas_detail

inline prtblasStatus_t prtblasHgemmBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                           prtblasOperation_t transb, int m, int n, int k, const __half* alpha,
                                           const __half* const Aarray[], int lda, const __half* const Barray[],
                                           int ldb, const __half* beta, __half* const Carray[], int ldc,
                                           int batchCount) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  if (batchCount < 0) return PRTBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < batchCount; ++i) {
    const prtblasStatus_t s = gemm_ex(transa, transb, m, n, k, alpha, Aarray[i], PRT_R_16F, lda, Barray[i], PRT_R_16F,
                                      ldb, beta, Carray[i], PRT_R_16F, ldc, PRTBLAS_COMPUTE_16F);
    if (s != PRTBLAS_STATUS_SUCCESS) return s;
  }
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSgemmBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                           prtblasOperation_t transb, int m, int n, int k, const float* alpha,
                                           const float* const Aarray[], int lda, const float* const Barray[],
                                           int ldb, const float* beta, float* const Carray[], int ldc,
                                           int batchCount) {
  return prt::blas_detail::gemm_batched(handle, transa, transb, m, n, k, alpha, Aarray, lda, Barray, ldb, beta, Carray,
                                       ldc, batchCount, cblas_sgemm);
}

inline prtblasStatus_t prtblasDgemmBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                           prtblasOperation_t transb, int m, int n, int k, const double* alpha,
                                           const double* const Aarray[], int lda, const double* const Barray[],
                                           int ldb, const double* beta, double* const Carray[], int ldc,
                                           int batchCount) {
  return prt::blas_detail::gemm_batched(handle, transa, transb, m, n, k, alpha, Aarray, lda, Barray, ldb, beta, Carray,
                                       ldc, batchCount, cblas_dgemm);
}

inline prtblasStatus_t prtblasHgemmStridedBatched(prtblasHandle_t handle, prtblasOperation_t transa,
                                                  prtblasOperation_t transb, int m, int n, int k, const __half* alpha,
                                                  const __half* A, int lda, long long strideA, const __half* B,
                                                  int ldb, long long strideB, const __half* beta, __half* C, int ldc,
                                                  long long strideC, int batchCount) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  if (batchCount < 0) return PRTBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < batchCount; ++i) {
    const prtblasStatus_t s = gemm_ex(transa, transb, m, n, k, alpha, A + i * strideA, PRT_R_16F, lda, B + i * strideB,
                                      PRT_R_16F, ldb, beta, C + i * strideC, PRT_R_16F, ldc, PRTBLAS_COMPUTE_16F);
    if (s != PRTBLAS_STATUS_SUCCESS) return s;
  }
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSgetrfBatched(prtblasHandle_t handle, int n, float* const A[], int lda, int* P,
                                            int* info, int batchSize) {
  return prt::blas_detail::getrf_batched(handle, n, A, lda, P, info, batchSize, sgetrf_);
}

inline prtblasStatus_t prtblasDgetrfBatched(prtblasHandle_t handle, int n, double* const A[], int lda, int* P,
                                            int* info, int batchSize) {
  return prt::blas_detail::getrf_batched(handle, n, A, lda, P, info, batchSize, dgetrf_);
}

inline prtblasStatus_t prtblasSgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           float* const Aarray[], int lda, float* const Carray[], int ldc, int* info,
                                           int* devInfoArray, int batchSize) {
  return prt::blas_detail::gels_batched(handle, trans, m, n, nrhs, Aarray, lda, Carray, ldc, info, devInfoArray,
                                        batchSize, sgels_);
}

inline prtblasStatus_t prtblasDgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           double* const Aarray[], int lda, double* const Carray[], int ldc, int* info,
                                           int* devInfoArray, int batchSize) {
  return prt::blas_detail::gels_batched(handle, trans, m, n, nrhs, Aarray, lda, Carray, ldc, info, devInfoArray,
                                        batchSize, dgels_);
}

inline prtblasStatus_t prtblasCgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           prtFloatComplex* const Aarray[], int lda, prtFloatComplex* const Carray[],
                                           int ldc, int* info, int* devInfoArray, int batchSize) {
  return prt::blas_detail::gels_batched(handle, trans, m, n, nrhs, Aarray, lda, Carray, ldc, info, devInfoArray,
                                        batchSize, cgels_);
}

inline prtblasStatus_t prtblasZgelsBatched(prtblasHandle_t handle, prtblasOperation_t trans, int m, int n, int nrhs,
                                           prtDoubleComplex* const Aarray[], int lda, prtDoubleComplex* const Carray[],
                                           int ldc, int* info, int* devInfoArray, int batchSize) {
  return prt::blas_detail::gels_batched(handle, trans, m, n, nrhs, Aarray, lda, Carray, ldc, info, devInfoArray,
                                        batchSize, zgels_);
}

inline prtblasStatus_t prtblasCgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const prtFloatComplex* alpha, const prtFloatComplex* A,
                                    int lda, const prtFloatComplex* B, int ldb, const prtFloatComplex* beta,
                                    prtFloatComplex* C, int ldc) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  cblas_cgemm(CblasColMajor, complex_trans(transa), complex_trans(transb), m, n, k, alpha, A, lda, B, ldb, beta, C,
              ldc);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasZgemm(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                    int m, int n, int k, const prtDoubleComplex* alpha, const prtDoubleComplex* A,
                                    int lda, const prtDoubleComplex* B, int ldb, const prtDoubleComplex* beta,
                                    prtDoubleComplex* C, int ldc) {
  using namespace prt::blas_detail;
  if (prtblasStatus_t s = enter(handle)) return s;
  if (prtblasStatus_t s = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return s;
  cblas_zgemm(CblasColMajor, complex_trans(transa), complex_trans(transb), m, n, k, alpha, A, lda, B, ldb, beta, C,
              ldc);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasSdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n, const float* A,
                                    int lda, const float* x, int incx, float* C, int ldc) {
  return prt::blas_detail::dgmm(handle, mode, m, n, A, lda, x, incx, C, ldc);
}

inline prtblasStatus_t prtblasDdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n, const double* A,
                                    int lda, const double* x, int incx, double* C, int ldc) {
  return prt::blas_detail::dgmm(handle, mode, m, n, A, lda, x, incx, C, ldc);
}

inline prtblasStatus_t prtblasCdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n,
                                    const prtFloatComplex* A, int lda, const prtFloatComplex* x, int incx,
                                    prtFloatComplex* C, int ldc) {
  return prt::blas_detail::dgmm(handle, mode, m, n, A, lda, x, incx, C, ldc);
}

inline prtblasStatus_t prtblasZdgmm(prtblasHandle_t handle, prtblasSideMode_t mode, int m, int n,
                                    const prtDoubleComplex* A, int lda, const prtDoubleComplex* x, int incx,
                                    prtDoubleComplex* C, int ldc) {
  return prt::blas_detail::dgmm(handle, mode, m, n, A, lda, x, incx, C, ldc);
}

inline prtblasStatus_t prtblasScnrm2(prtblasHandle_t handle, int n, const prtFloatComplex* x, int incx,
                                     float* result) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (result == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *result = n > 0 && incx > 0 ? cblas_scnrm2(n, x, incx) : 0.0f;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasDznrm2(prtblasHandle_t handle, int n, const prtDoubleComplex* x, int incx,
                                     double* result) {
  if (prtblasStatus_t s = prt::blas_detail::enter(handle)) return s;
  if (result == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *result = n > 0 && incx > 0 ? cblas_dznrm2(n, x, incx) : 0.0;
  return PRTBLAS_STATUS_SUCCESS;
}

// OpenBLAS's complex I?amax/I?amin compare |re| + |im|, as cuBLAS does.
inline prtblasStatus_t prtblasIcamax(prtblasHandle_t handle, int n, const prtFloatComplex* x, int incx, int* result) {
  return prt::blas_detail::index_of(handle, n, x, incx, result, cblas_icamax);
}

inline prtblasStatus_t prtblasIzamax(prtblasHandle_t handle, int n, const prtDoubleComplex* x, int incx,
                                     int* result) {
  return prt::blas_detail::index_of(handle, n, x, incx, result, cblas_izamax);
}

inline prtblasStatus_t prtblasIcamin(prtblasHandle_t handle, int n, const prtFloatComplex* x, int incx, int* result) {
  return prt::blas_detail::index_of(handle, n, x, incx, result, cblas_icamin);
}

inline prtblasStatus_t prtblasIzamin(prtblasHandle_t handle, int n, const prtDoubleComplex* x, int incx,
                                     int* result) {
  return prt::blas_detail::index_of(handle, n, x, incx, result, cblas_izamin);
}

// The 64-bit-integer API: each int64_t checked to fit the 32-bit call (prt::blas_detail::narrowed).
inline prtblasStatus_t prtblasSnrm2_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx,
                                       float* result) {
  return prt::blas_detail::narrowed(prtblasSnrm2, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasDnrm2_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                       double* result) {
  return prt::blas_detail::narrowed(prtblasDnrm2, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasScnrm2_64(prtblasHandle_t handle, int64_t n, const prtFloatComplex* x, int64_t incx,
                                        float* result) {
  return prt::blas_detail::narrowed(prtblasScnrm2, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasDznrm2_64(prtblasHandle_t handle, int64_t n, const prtDoubleComplex* x, int64_t incx,
                                        double* result) {
  return prt::blas_detail::narrowed(prtblasDznrm2, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasSdot_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx, const float* y,
                                      int64_t incy, float* result) {
  return prt::blas_detail::narrowed(prtblasSdot, handle, n, x, incx, y, incy, result);
}
inline prtblasStatus_t prtblasDdot_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                      const double* y, int64_t incy, double* result) {
  return prt::blas_detail::narrowed(prtblasDdot, handle, n, x, incx, y, incy, result);
}
inline prtblasStatus_t prtblasSaxpy_64(prtblasHandle_t handle, int64_t n, const float* alpha, const float* x,
                                       int64_t incx, float* y, int64_t incy) {
  return prt::blas_detail::narrowed(prtblasSaxpy, handle, n, alpha, x, incx, y, incy);
}
inline prtblasStatus_t prtblasDaxpy_64(prtblasHandle_t handle, int64_t n, const double* alpha, const double* x,
                                       int64_t incx, double* y, int64_t incy) {
  return prt::blas_detail::narrowed(prtblasDaxpy, handle, n, alpha, x, incx, y, incy);
}
inline prtblasStatus_t prtblasSscal_64(prtblasHandle_t handle, int64_t n, const float* alpha, float* x, int64_t incx) {
  return prt::blas_detail::narrowed(prtblasSscal, handle, n, alpha, x, incx);
}
inline prtblasStatus_t prtblasDscal_64(prtblasHandle_t handle, int64_t n, const double* alpha, double* x,
                                       int64_t incx) {
  return prt::blas_detail::narrowed(prtblasDscal, handle, n, alpha, x, incx);
}
inline prtblasStatus_t prtblasScopy_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx, float* y,
                                       int64_t incy) {
  return prt::blas_detail::narrowed(prtblasScopy, handle, n, x, incx, y, incy);
}
inline prtblasStatus_t prtblasDcopy_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx, double* y,
                                       int64_t incy) {
  return prt::blas_detail::narrowed(prtblasDcopy, handle, n, x, incx, y, incy);
}
inline prtblasStatus_t prtblasIsamax_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx,
                                        int64_t* result) {
  return prt::blas_detail::narrowed_index(prtblasIsamax, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasIdamax_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                        int64_t* result) {
  return prt::blas_detail::narrowed_index(prtblasIdamax, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasIcamax_64(prtblasHandle_t handle, int64_t n, const prtFloatComplex* x, int64_t incx,
                                        int64_t* result) {
  return prt::blas_detail::narrowed_index(prtblasIcamax, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasIzamax_64(prtblasHandle_t handle, int64_t n, const prtDoubleComplex* x, int64_t incx,
                                        int64_t* result) {
  return prt::blas_detail::narrowed_index(prtblasIzamax, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasIsamin_64(prtblasHandle_t handle, int64_t n, const float* x, int64_t incx,
                                        int64_t* result) {
  return prt::blas_detail::narrowed_index(prtblasIsamin, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasIdamin_64(prtblasHandle_t handle, int64_t n, const double* x, int64_t incx,
                                        int64_t* result) {
  return prt::blas_detail::narrowed_index(prtblasIdamin, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasIcamin_64(prtblasHandle_t handle, int64_t n, const prtFloatComplex* x, int64_t incx,
                                        int64_t* result) {
  return prt::blas_detail::narrowed_index(prtblasIcamin, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasIzamin_64(prtblasHandle_t handle, int64_t n, const prtDoubleComplex* x, int64_t incx,
                                        int64_t* result) {
  return prt::blas_detail::narrowed_index(prtblasIzamin, handle, n, x, incx, result);
}
inline prtblasStatus_t prtblasSgemv_64(prtblasHandle_t handle, prtblasOperation_t trans, int64_t m, int64_t n,
                                       const float* alpha, const float* A, int64_t lda, const float* x, int64_t incx,
                                       const float* beta, float* y, int64_t incy) {
  return prt::blas_detail::narrowed(prtblasSgemv, handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
inline prtblasStatus_t prtblasDgemv_64(prtblasHandle_t handle, prtblasOperation_t trans, int64_t m, int64_t n,
                                       const double* alpha, const double* A, int64_t lda, const double* x,
                                       int64_t incx, const double* beta, double* y, int64_t incy) {
  return prt::blas_detail::narrowed(prtblasDgemv, handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
inline prtblasStatus_t prtblasSgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const float* alpha, const float* A,
                                       int64_t lda, const float* B, int64_t ldb, const float* beta, float* C,
                                       int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasSgemm, handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                    ldc);
}
inline prtblasStatus_t prtblasDgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const double* alpha, const double* A,
                                       int64_t lda, const double* B, int64_t ldb, const double* beta, double* C,
                                       int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasDgemm, handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                    ldc);
}
inline prtblasStatus_t prtblasCgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const prtFloatComplex* alpha,
                                       const prtFloatComplex* A, int64_t lda, const prtFloatComplex* B, int64_t ldb,
                                       const prtFloatComplex* beta, prtFloatComplex* C, int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasCgemm, handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                    ldc);
}
inline prtblasStatus_t prtblasZgemm_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, int64_t k, const prtDoubleComplex* alpha,
                                       const prtDoubleComplex* A, int64_t lda, const prtDoubleComplex* B, int64_t ldb,
                                       const prtDoubleComplex* beta, prtDoubleComplex* C, int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasZgemm, handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                    ldc);
}
inline prtblasStatus_t prtblasSgeam_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, const float* alpha, const float* A, int64_t lda,
                                       const float* beta, const float* B, int64_t ldb, float* C, int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasSgeam, handle, transa, transb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
}
inline prtblasStatus_t prtblasDgeam_64(prtblasHandle_t handle, prtblasOperation_t transa, prtblasOperation_t transb,
                                       int64_t m, int64_t n, const double* alpha, const double* A, int64_t lda,
                                       const double* beta, const double* B, int64_t ldb, double* C, int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasDgeam, handle, transa, transb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
}
inline prtblasStatus_t prtblasSdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const float* A, int64_t lda, const float* x, int64_t incx, float* C,
                                       int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasSdgmm, handle, mode, m, n, A, lda, x, incx, C, ldc);
}
inline prtblasStatus_t prtblasDdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const double* A, int64_t lda, const double* x, int64_t incx, double* C,
                                       int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasDdgmm, handle, mode, m, n, A, lda, x, incx, C, ldc);
}
inline prtblasStatus_t prtblasCdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const prtFloatComplex* A, int64_t lda, const prtFloatComplex* x, int64_t incx,
                                       prtFloatComplex* C, int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasCdgmm, handle, mode, m, n, A, lda, x, incx, C, ldc);
}
inline prtblasStatus_t prtblasZdgmm_64(prtblasHandle_t handle, prtblasSideMode_t mode, int64_t m, int64_t n,
                                       const prtDoubleComplex* A, int64_t lda, const prtDoubleComplex* x,
                                       int64_t incx, prtDoubleComplex* C, int64_t ldc) {
  return prt::blas_detail::narrowed(prtblasZdgmm, handle, mode, m, n, A, lda, x, incx, C, ldc);
}
#endif
