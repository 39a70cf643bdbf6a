// prt/cpu/blaslt.h: the CPU backend of prt/blaslt.h, on the CBLAS that prt/cpu/blas.h includes (link with
// -lopenblas). Descriptors live in their caller's storage, copied in and out of it; a product runs sgemm or dgemm
// on the matrices as stored where it can, on packed copies otherwise (other orders, 16-bit and fp8 types), and
// int8 products in int32 loops. Then one pass adds beta * C and the bias, applies the epilogue and the fp8 scales,
// and rounds into D's type.
#pragma once

// Without a CBLAS, prt/cpu/blas.h has already stopped with its one #error naming the package.
#if __has_include(<cblas.h>)
#include <cmath>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <vector>

struct prtblasLtContext {
  int unused;  // a context holds nothing on the CPU; calls take their stream as an argument
};

namespace prt {
namespace blaslt_detail {

// A matrix layout as its storage holds it.
struct Layout {
  prtDataType_t type;
  int32_t order;
  uint64_t rows, cols;
  int64_t ld;
  int32_t batch;
  int64_t stride;  // elements between the matrices of a batch
};

// A matmul descriptor as its storage holds it.
struct Desc {
  prtblasComputeType_t compute;
  prtDataType_t scale;
  int32_t pointer_mode;
  int32_t transa, transb, transc;
  uint32_t epilogue;
  const void* bias;
  int64_t bias_stride;
  int32_t bias_type;  // -1: D's type
  const void* a_scale;
  const void* b_scale;
  const void* c_scale;
  const void* d_scale;
  void* amax;
  int8_t fast_accum;
};

// A heuristic preference as its storage holds it.
struct Pref {
  uint32_t search;
  uint64_t workspace;
};

static_assert(std::is_trivially_copyable<Layout>::value && sizeof(Layout) <= sizeof(prtblasLtMatrixLayoutOpaque_t),
              "a layout fits its storage");
static_assert(std::is_trivially_copyable<Desc>::value && sizeof(Desc) <= sizeof(prtblasLtMatmulDescOpaque_t),
              "a descriptor fits its storage");
static_assert(std::is_trivially_copyable<Pref>::value && sizeof(Pref) <= sizeof(prtblasLtMatmulPreferenceOpaque_t),
              "a preference fits its storage");

template <class T, class Storage>
T get(const Storage* s) {
  T value;
  std::memcpy(&value, s->data, sizeof value);
  return value;
}

template <class T, class Storage>
void put(Storage* s, const T& value) {
  std::memcpy(s->data, &value, sizeof value);
}

// Copies an attribute value of exactly sizeof(T) bytes; false for any other size, as cuBLASLt answers.
template <class T>
bool take(const void* buf, size_t size, T& out) {
  if (buf == nullptr || size != sizeof(T)) return false;
  std::memcpy(&out, buf, sizeof(T));
  return true;
}

// Writes an attribute value for a GetAttribute call (a size query when size is 0 and buf null).
template <class T>
prtblasStatus_t give(const T& value, void* buf, size_t size, size_t* written) {
  if (size == 0 && buf == nullptr) {
    if (written == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
    *written = sizeof(T);
    return PRTBLAS_STATUS_SUCCESS;
  }
  if (buf == nullptr || size < sizeof(T)) return PRTBLAS_STATUS_INVALID_VALUE;
  std::memcpy(buf, &value, sizeof(T));
  if (written != nullptr) *written = sizeof(T);
  return PRTBLAS_STATUS_SUCCESS;
}

// fp8 bits to float (exact). E4M3 has no infinities (S.1111.111 is NaN); E5M2 is IEEE-like.
inline float fp8_to_float(uint8_t v, bool e4m3) {
  const int mbits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15, ebits = e4m3 ? 4 : 5;
  const int exp = (v >> mbits) & ((1 << ebits) - 1), mant = v & ((1 << mbits) - 1);
  const float sign = (v & 0x80u) ? -1.0f : 1.0f;
  if (e4m3 && exp == 15 && mant == 7) return std::nanf("");
  if (!e4m3 && exp == 31) return mant ? std::nanf("") : sign * INFINITY;
  if (exp == 0) return sign * std::ldexp(static_cast<float>(mant), 1 - bias - mbits);
  return sign * std::ldexp(1.0f + static_cast<float>(mant) / (1 << mbits), exp - bias);
}

// Float to fp8 bits, rounding to nearest even and saturating to the largest finite value (as cuBLASLt writes).
inline uint8_t float_to_fp8(float f, bool e4m3) {
  const int mbits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
  const uint8_t max_code = e4m3 ? 0x7E : 0x7B;  // 448 and 57344
  if (std::isnan(f)) return e4m3 ? 0x7F : 0x7E;
  const uint8_t sign = std::signbit(f) ? 0x80 : 0;
  const float a = std::fabs(f);
  int code;
  if (a < std::ldexp(1.0f, 1 - bias)) {  // subnormal range: units of the smallest subnormal
    code = static_cast<int>(std::nearbyint(std::ldexp(a, bias - 1 + mbits)));
  } else {
    int e;
    const float fraction = std::frexp(a, &e);  // a = fraction * 2^e, fraction in [0.5, 1)
    int q = static_cast<int>(std::nearbyint((2.0f * fraction - 1.0f) * (1 << mbits)));
    int exponent = e - 1;
    if (q == (1 << mbits)) {
      q = 0;
      ++exponent;
    }
    const long long biased = static_cast<long long>(exponent) + bias;
    code = biased > 31 ? 0xFF : static_cast<int>((biased << mbits) | q);
  }
  return static_cast<uint8_t>(sign | (code > max_code ? max_code : code));
}

inline bool is_fp8(prtDataType_t t) { return t == PRT_R_8F_E4M3 || t == PRT_R_8F_E5M2; }

using blas_detail::element_size;

// Element i of a buffer of type t, as double (exact for every type here).
inline double load(const void* p, prtDataType_t t, size_t i) {
  switch (t) {
    case PRT_R_64F: return static_cast<const double*>(p)[i];
    case PRT_R_32F: return static_cast<const float*>(p)[i];
    case PRT_R_16F: return blas_detail::half_to_float(static_cast<const uint16_t*>(p)[i]);
    case PRT_R_16BF: return blas_detail::bf16_to_float(static_cast<const uint16_t*>(p)[i]);
    case PRT_R_8I: return static_cast<const int8_t*>(p)[i];
    case PRT_R_32I: return static_cast<const int32_t*>(p)[i];
    case PRT_R_8F_E4M3: return fp8_to_float(static_cast<const uint8_t*>(p)[i], true);
    case PRT_R_8F_E5M2: return fp8_to_float(static_cast<const uint8_t*>(p)[i], false);
  }
  return 0.0;
}

// Writes v as element i of a buffer of type t (integers saturate, as cuBLASLt's int32 to int8 output does).
inline void store(void* p, prtDataType_t t, size_t i, double v) {
  switch (t) {
    case PRT_R_64F: static_cast<double*>(p)[i] = v; break;
    case PRT_R_32F: static_cast<float*>(p)[i] = static_cast<float>(v); break;
    case PRT_R_16F: static_cast<uint16_t*>(p)[i] = blas_detail::float_to_half(static_cast<float>(v)); break;
    case PRT_R_16BF: static_cast<uint16_t*>(p)[i] = blas_detail::float_to_bf16(static_cast<float>(v)); break;
    case PRT_R_8I: {
      const double r = std::nearbyint(v);
      static_cast<int8_t*>(p)[i] = static_cast<int8_t>(r > 127 ? 127 : r < -128 ? -128 : r);
      break;
    }
    case PRT_R_32I: {
      const double r = std::nearbyint(v);
      const double clamped = r > 2147483647.0 ? 2147483647.0 : r < -2147483648.0 ? -2147483648.0 : r;
      static_cast<int32_t*>(p)[i] = static_cast<int32_t>(clamped);
      break;
    }
    case PRT_R_8F_E4M3: static_cast<uint8_t*>(p)[i] = float_to_fp8(static_cast<float>(v), true); break;
    case PRT_R_8F_E5M2: static_cast<uint8_t*>(p)[i] = float_to_fp8(static_cast<float>(v), false); break;
  }
}

// The offset of element (r, c) of one matrix of a layout.
inline size_t offset(const Layout& l, uint64_t r, uint64_t c) {
  return l.order == PRTBLASLT_ORDER_ROW ? r * static_cast<uint64_t>(l.ld) + c : c * static_cast<uint64_t>(l.ld) + r;
}

// A scalar (alpha, beta) of the scale type, as double.
inline double scalar(const void* p, prtDataType_t scale) { return load(p, scale, 0); }

// The element types and options this backend computes; SUCCESS or NOT_SUPPORTED / INVALID_VALUE.
inline prtblasStatus_t checked_product(const Desc& d, const Layout& a, const Layout& b, const Layout& c, const Layout& o) {
  const bool op_ok = (d.transa == PRTBLAS_OP_N || d.transa == PRTBLAS_OP_T || d.transa == PRTBLAS_OP_C) &&
                     (d.transb == PRTBLAS_OP_N || d.transb == PRTBLAS_OP_T || d.transb == PRTBLAS_OP_C);
  if (!op_ok) return PRTBLAS_STATUS_INVALID_VALUE;
  const uint64_t m = o.rows, n = o.cols;
  const uint64_t am = d.transa == PRTBLAS_OP_N ? a.rows : a.cols, k = d.transa == PRTBLAS_OP_N ? a.cols : a.rows;
  const uint64_t bk = d.transb == PRTBLAS_OP_N ? b.rows : b.cols, bn = d.transb == PRTBLAS_OP_N ? b.cols : b.rows;
  if (am != m || bk != k || bn != n || c.rows != m || c.cols != n) return PRTBLAS_STATUS_INVALID_VALUE;
  for (const Layout* l : {&a, &b, &c, &o}) {
    const uint64_t inner = l->order == PRTBLASLT_ORDER_ROW ? l->cols : l->rows;
    if (l->order != PRTBLASLT_ORDER_COL && l->order != PRTBLASLT_ORDER_ROW) return PRTBLAS_STATUS_NOT_SUPPORTED;
    if (l->ld < 0 || static_cast<uint64_t>(l->ld) < (inner > 1 ? inner : 1) || l->batch < 1) {
      return PRTBLAS_STATUS_INVALID_VALUE;
    }
    if (l != &o && l->batch != o.batch && l->batch != 1) return PRTBLAS_STATUS_INVALID_VALUE;
  }
  if (d.transc != PRTBLAS_OP_N || (d.pointer_mode != PRTBLASLT_POINTER_MODE_HOST &&
                                   d.pointer_mode != PRTBLASLT_POINTER_MODE_DEVICE)) {
    return PRTBLAS_STATUS_NOT_SUPPORTED;
  }
  switch (d.epilogue) {
    case PRTBLASLT_EPILOGUE_DEFAULT:
    case PRTBLASLT_EPILOGUE_RELU:
    case PRTBLASLT_EPILOGUE_BIAS:
    case PRTBLASLT_EPILOGUE_RELU_BIAS:
    case PRTBLASLT_EPILOGUE_GELU:
    case PRTBLASLT_EPILOGUE_GELU_BIAS: break;
    default: return PRTBLAS_STATUS_NOT_SUPPORTED;
  }
  const auto in = [](prtDataType_t t, std::initializer_list<prtDataType_t> set) {
    for (prtDataType_t s : set) {
      if (t == s) return true;
    }
    return false;
  };
  const bool same_ab = a.type == b.type;
  switch (d.compute) {
    case PRTBLAS_COMPUTE_64F:
    case PRTBLAS_COMPUTE_64F_PEDANTIC:
      if (a.type == PRT_R_64F && same_ab && c.type == PRT_R_64F && o.type == PRT_R_64F && d.scale == PRT_R_64F) {
        return PRTBLAS_STATUS_SUCCESS;
      }
      break;
    case PRTBLAS_COMPUTE_16F:
    case PRTBLAS_COMPUTE_16F_PEDANTIC:
      if (a.type == PRT_R_16F && same_ab && c.type == PRT_R_16F && o.type == PRT_R_16F &&
          in(d.scale, {PRT_R_16F, PRT_R_32F})) {
        return PRTBLAS_STATUS_SUCCESS;
      }
      break;
    case PRTBLAS_COMPUTE_32I:
    case PRTBLAS_COMPUTE_32I_PEDANTIC:
      if (a.type == PRT_R_8I && same_ab && c.type == o.type && in(o.type, {PRT_R_32I, PRT_R_8I}) &&
          in(d.scale, {PRT_R_32I, PRT_R_32F})) {
        return PRTBLAS_STATUS_SUCCESS;
      }
      break;
    case PRTBLAS_COMPUTE_32F:
    case PRTBLAS_COMPUTE_32F_PEDANTIC:
    case PRTBLAS_COMPUTE_32F_FAST_16F:
    case PRTBLAS_COMPUTE_32F_FAST_16BF:
    case PRTBLAS_COMPUTE_32F_FAST_TF32:
      if (d.scale != PRT_R_32F) break;
      if (a.type == PRT_R_32F && same_ab && c.type == PRT_R_32F && o.type == PRT_R_32F) return PRTBLAS_STATUS_SUCCESS;
      if (in(a.type, {PRT_R_16F, PRT_R_16BF}) && same_ab && c.type == o.type && in(o.type, {a.type, PRT_R_32F})) {
        return PRTBLAS_STATUS_SUCCESS;
      }
      if (is_fp8(a.type) && is_fp8(b.type) && !(a.type == PRT_R_8F_E5M2 && b.type == PRT_R_8F_E5M2) &&
          d.transa != PRTBLAS_OP_N && d.transb == PRTBLAS_OP_N &&
          in(o.type, {PRT_R_32F, PRT_R_16F, PRT_R_16BF, PRT_R_8F_E4M3, PRT_R_8F_E5M2}) &&
          (c.type == o.type || (is_fp8(o.type) && in(c.type, {PRT_R_16F, PRT_R_16BF})))) {
        return PRTBLAS_STATUS_SUCCESS;  // cuBLASLt's fp8 products take A transposed ("TN")
      }
      break;
    default: break;
  }
  return PRTBLAS_STATUS_NOT_SUPPORTED;
}

// Packs op(M) of one matrix (rows x cols after the transpose) into a column-major buffer of T.
template <class T>
void pack(const void* base, const Layout& l, bool transpose, uint64_t rows, uint64_t cols, std::vector<T>& out) {
  out.resize(rows * cols);
  for (uint64_t j = 0; j < cols; ++j) {
    for (uint64_t i = 0; i < rows; ++i) {
      const size_t at = transpose ? offset(l, j, i) : offset(l, i, j);
      out[j * rows + i] = static_cast<T>(load(base, l.type, at));
    }
  }
}

inline const char* batch_at(const void* base, const Layout& l, int index) {
  return static_cast<const char*>(base) + (l.batch == 1 ? 0 : static_cast<int64_t>(index) * l.stride) *
                                              static_cast<int64_t>(element_size(l.type));
}

inline double activate(uint32_t epilogue, double v) {
  if (epilogue == PRTBLASLT_EPILOGUE_RELU || epilogue == PRTBLASLT_EPILOGUE_RELU_BIAS) return v > 0 ? v : 0;
  if (epilogue == PRTBLASLT_EPILOGUE_GELU || epilogue == PRTBLASLT_EPILOGUE_GELU_BIAS) {
    const double x = static_cast<float>(v);
    return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
  }
  return v;
}

inline bool plain(const Layout& l, prtDataType_t t) { return l.type == t && l.order == PRTBLASLT_ORDER_COL; }

// One matrix of the batch: D = epilogue(alpha * op(A) op(B) + beta * C).
inline void matmul_one(const Desc& d, double alpha, double beta, const void* A, const Layout& a, const void* B,
                       const Layout& b, const void* C, const Layout& c, void* D, const Layout& o, const void* bias,
                       prtDataType_t bias_type) {
  const uint64_t m = o.rows, n = o.cols, k = d.transa == PRTBLAS_OP_N ? a.cols : a.rows;
  const bool ta = d.transa != PRTBLAS_OP_N, tb = d.transb != PRTBLAS_OP_N;
  const bool fp8 = is_fp8(a.type);
  const double scale_ab = fp8 ? (d.a_scale ? *static_cast<const float*>(d.a_scale) : 1.0) *
                                    (d.b_scale ? *static_cast<const float*>(d.b_scale) : 1.0)
                              : 1.0;
  const double scale_c = fp8 && d.c_scale ? *static_cast<const float*>(d.c_scale) : 1.0;
  const double scale_d = is_fp8(o.type) && d.d_scale ? *static_cast<const float*>(d.d_scale) : 1.0;
  const bool epilogue_pass = d.epilogue != PRTBLASLT_EPILOGUE_DEFAULT;
  const int lda = static_cast<int>(a.ld), ldb = static_cast<int>(b.ld), ldd = static_cast<int>(o.ld);
  const CBLAS_TRANSPOSE cta = ta ? CblasTrans : CblasNoTrans, ctb = tb ? CblasTrans : CblasNoTrans;
  const bool same_cd = C == D && c.ld == o.ld && c.order == o.order;
  // Products on the stored matrices: fp32 and fp64, column-major, no fp8 scales. D gets beta * C first.
  const bool direct32 = plain(a, PRT_R_32F) && plain(b, PRT_R_32F) && plain(c, PRT_R_32F) && plain(o, PRT_R_32F);
  const bool direct64 = plain(a, PRT_R_64F) && plain(b, PRT_R_64F) && plain(c, PRT_R_64F) && plain(o, PRT_R_64F);
  if ((direct32 || direct64) && m > 0 && n > 0) {
    if (beta != 0 && !same_cd) {
      for (uint64_t j = 0; j < n; ++j) {
        for (uint64_t i = 0; i < m; ++i) store(D, o.type, offset(o, i, j), load(C, c.type, offset(c, i, j)));
      }
    }
    const double effective_beta = beta != 0 ? beta : 0.0;
    if (direct32) {
      cblas_sgemm(CblasColMajor, cta, ctb, static_cast<int>(m), static_cast<int>(n), static_cast<int>(k),
                  static_cast<float>(alpha), static_cast<const float*>(A), lda, static_cast<const float*>(B), ldb,
                  static_cast<float>(effective_beta), static_cast<float*>(D), ldd);
    } else {
      cblas_dgemm(CblasColMajor, cta, ctb, static_cast<int>(m), static_cast<int>(n), static_cast<int>(k), alpha,
                  static_cast<const double*>(A), lda, static_cast<const double*>(B), ldb, effective_beta,
                  static_cast<double*>(D), ldd);
    }
    if (!epilogue_pass) return;
    for (uint64_t j = 0; j < n; ++j) {
      for (uint64_t i = 0; i < m; ++i) {
        const size_t at = offset(o, i, j);
        double v = load(D, o.type, at);
        if (d.epilogue & PRTBLASLT_EPILOGUE_BIAS) v += load(bias, bias_type, i);
        store(D, o.type, at, activate(d.epilogue, v));
      }
    }
    return;
  }
  // Other types and orders: the product of packed copies, in double for fp64, int64 for int8, float otherwise.
  std::vector<double> product(m * n, 0.0);
  if (m > 0 && n > 0 && k > 0) {
    if (a.type == PRT_R_8I) {
      std::vector<int32_t> pa, pb;
      pack(A, a, ta, m, k, pa);
      pack(B, b, tb, k, n, pb);
      for (uint64_t j = 0; j < n; ++j) {
        for (uint64_t l = 0; l < k; ++l) {
          const int64_t bv = pb[j * k + l];
          if (bv == 0) continue;
          for (uint64_t i = 0; i < m; ++i) product[j * m + i] += static_cast<double>(pa[l * m + i] * bv);
        }
      }
    } else if (a.type == PRT_R_64F) {
      std::vector<double> pa, pb;
      pack(A, a, ta, m, k, pa);
      pack(B, b, tb, k, n, pb);
      cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(m), static_cast<int>(n),
                  static_cast<int>(k), 1.0, pa.data(), static_cast<int>(m), pb.data(), static_cast<int>(k), 0.0,
                  product.data(), static_cast<int>(m));
    } else {
      std::vector<float> pa, pb, pc(m * n);
      pack(A, a, ta, m, k, pa);
      pack(B, b, tb, k, n, pb);
      cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(m), static_cast<int>(n),
                  static_cast<int>(k), 1.0f, pa.data(), static_cast<int>(m), pb.data(), static_cast<int>(k), 0.0f,
                  pc.data(), static_cast<int>(m));
      for (size_t i = 0; i < pc.size(); ++i) product[i] = pc[i];
    }
  }
  double amax = 0.0;
  const bool float_result = o.type != PRT_R_64F && o.type != PRT_R_32I && o.type != PRT_R_8I;
  for (uint64_t j = 0; j < n; ++j) {
    for (uint64_t i = 0; i < m; ++i) {
      double v = alpha * scale_ab * product[j * m + i];
      if (beta != 0) v += beta * scale_c * load(C, c.type, offset(c, i, j));
      if (float_result) v = static_cast<float>(v);  // fp32 arithmetic, as the device's epilogue runs it
      if (d.epilogue & PRTBLASLT_EPILOGUE_BIAS) v += load(bias, bias_type, i);
      v = activate(d.epilogue, v);
      if (std::fabs(v) > amax) amax = std::fabs(v);
      store(D, o.type, offset(o, i, j), v * scale_d);
    }
  }
  if (is_fp8(o.type) && d.amax != nullptr) {
    float* out = static_cast<float*>(d.amax);
    if (static_cast<float>(amax) > *out) *out = static_cast<float>(amax);
  }
}

}  // namespace blaslt_detail
}  // namespace prt

inline prtblasStatus_t prtblasLtCreate(prtblasLtHandle_t* handle) {
  if (handle == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *handle = new (std::nothrow) prtblasLtContext{0};
  return *handle ? PRTBLAS_STATUS_SUCCESS : PRTBLAS_STATUS_ALLOC_FAILED;
}

inline prtblasStatus_t prtblasLtDestroy(prtblasLtHandle_t handle) {
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  delete handle;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatrixLayoutInit(prtblasLtMatrixLayout_t layout, prtDataType_t type, uint64_t rows,
                                                 uint64_t cols, int64_t ld) {
  if (layout == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *layout = prtblasLtMatrixLayoutOpaque_t{};
  prt::blaslt_detail::put(layout, prt::blaslt_detail::Layout{type, PRTBLASLT_ORDER_COL, rows, cols, ld, 1, 0});
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatrixLayoutCreate(prtblasLtMatrixLayout_t* layout, prtDataType_t type,
                                                   uint64_t rows, uint64_t cols, int64_t ld) {
  return prt::blaslt_detail::make(layout, [&](prtblasLtMatrixLayout_t l) {
    return prtblasLtMatrixLayoutInit(l, type, rows, cols, ld);
  });
}

inline prtblasStatus_t prtblasLtMatrixLayoutDestroy(prtblasLtMatrixLayout_t layout) {
  delete layout;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatrixLayoutSetAttribute(prtblasLtMatrixLayout_t layout,
                                                         prtblasLtMatrixLayoutAttribute_t attr, const void* buf,
                                                         size_t size) {
  using namespace prt::blaslt_detail;
  if (layout == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  Layout l = get<Layout>(layout);
  bool ok = false;
  switch (attr) {
    case PRTBLASLT_MATRIX_LAYOUT_TYPE: {
      uint32_t t;
      ok = take(buf, size, t);
      l.type = static_cast<prtDataType_t>(t);
      break;
    }
    case PRTBLASLT_MATRIX_LAYOUT_ORDER: ok = take(buf, size, l.order); break;
    case PRTBLASLT_MATRIX_LAYOUT_ROWS: ok = take(buf, size, l.rows); break;
    case PRTBLASLT_MATRIX_LAYOUT_COLS: ok = take(buf, size, l.cols); break;
    case PRTBLASLT_MATRIX_LAYOUT_LD: ok = take(buf, size, l.ld); break;
    case PRTBLASLT_MATRIX_LAYOUT_BATCH_COUNT: ok = take(buf, size, l.batch); break;
    case PRTBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET: ok = take(buf, size, l.stride); break;
  }
  if (!ok) return PRTBLAS_STATUS_INVALID_VALUE;
  put(layout, l);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatrixLayoutGetAttribute(prtblasLtMatrixLayout_t layout,
                                                         prtblasLtMatrixLayoutAttribute_t attr, void* buf,
                                                         size_t size, size_t* written) {
  using namespace prt::blaslt_detail;
  if (layout == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  const Layout l = get<Layout>(layout);
  switch (attr) {
    case PRTBLASLT_MATRIX_LAYOUT_TYPE: return give(static_cast<uint32_t>(l.type), buf, size, written);
    case PRTBLASLT_MATRIX_LAYOUT_ORDER: return give(l.order, buf, size, written);
    case PRTBLASLT_MATRIX_LAYOUT_ROWS: return give(l.rows, buf, size, written);
    case PRTBLASLT_MATRIX_LAYOUT_COLS: return give(l.cols, buf, size, written);
    case PRTBLASLT_MATRIX_LAYOUT_LD: return give(l.ld, buf, size, written);
    case PRTBLASLT_MATRIX_LAYOUT_BATCH_COUNT: return give(l.batch, buf, size, written);
    case PRTBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET: return give(l.stride, buf, size, written);
  }
  return PRTBLAS_STATUS_INVALID_VALUE;
}

inline prtblasStatus_t prtblasLtMatmulDescInit(prtblasLtMatmulDesc_t desc, prtblasComputeType_t computeType,
                                               prtDataType_t scaleType) {
  if (desc == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *desc = prtblasLtMatmulDescOpaque_t{};
  prt::blaslt_detail::Desc d{};
  d.compute = computeType;
  d.scale = scaleType;
  d.pointer_mode = PRTBLASLT_POINTER_MODE_HOST;
  d.transa = d.transb = d.transc = PRTBLAS_OP_N;
  d.epilogue = PRTBLASLT_EPILOGUE_DEFAULT;
  d.bias_type = -1;
  prt::blaslt_detail::put(desc, d);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatmulDescCreate(prtblasLtMatmulDesc_t* desc, prtblasComputeType_t computeType,
                                                 prtDataType_t scaleType) {
  return prt::blaslt_detail::make(
      desc, [&](prtblasLtMatmulDesc_t d) { return prtblasLtMatmulDescInit(d, computeType, scaleType); });
}

inline prtblasStatus_t prtblasLtMatmulDescDestroy(prtblasLtMatmulDesc_t desc) {
  delete desc;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatmulDescSetAttribute(prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatmulDescAttributes_t attr, const void* buf,
                                                       size_t size) {
  using namespace prt::blaslt_detail;
  if (desc == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  Desc d = get<Desc>(desc);
  bool ok = false;
  int32_t value = 0;
  switch (attr) {
    case PRTBLASLT_MATMUL_DESC_COMPUTE_TYPE:
      ok = take(buf, size, value);
      d.compute = static_cast<prtblasComputeType_t>(value);
      break;
    case PRTBLASLT_MATMUL_DESC_SCALE_TYPE:
      ok = take(buf, size, value);
      d.scale = static_cast<prtDataType_t>(value);
      break;
    case PRTBLASLT_MATMUL_DESC_POINTER_MODE: ok = take(buf, size, d.pointer_mode); break;
    case PRTBLASLT_MATMUL_DESC_TRANSA: ok = take(buf, size, d.transa); break;
    case PRTBLASLT_MATMUL_DESC_TRANSB: ok = take(buf, size, d.transb); break;
    case PRTBLASLT_MATMUL_DESC_TRANSC: ok = take(buf, size, d.transc); break;
    case PRTBLASLT_MATMUL_DESC_EPILOGUE: ok = take(buf, size, d.epilogue); break;
    case PRTBLASLT_MATMUL_DESC_BIAS_POINTER: ok = take(buf, size, d.bias); break;
    case PRTBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE: ok = take(buf, size, d.bias_stride); break;
    case PRTBLASLT_MATMUL_DESC_A_SCALE_POINTER: ok = take(buf, size, d.a_scale); break;
    case PRTBLASLT_MATMUL_DESC_B_SCALE_POINTER: ok = take(buf, size, d.b_scale); break;
    case PRTBLASLT_MATMUL_DESC_C_SCALE_POINTER: ok = take(buf, size, d.c_scale); break;
    case PRTBLASLT_MATMUL_DESC_D_SCALE_POINTER: ok = take(buf, size, d.d_scale); break;
    case PRTBLASLT_MATMUL_DESC_AMAX_D_POINTER: ok = take(buf, size, d.amax); break;
    case PRTBLASLT_MATMUL_DESC_FAST_ACCUM: ok = take(buf, size, d.fast_accum); break;
    case PRTBLASLT_MATMUL_DESC_BIAS_DATA_TYPE: ok = take(buf, size, d.bias_type); break;
  }
  if (!ok) return PRTBLAS_STATUS_INVALID_VALUE;
  put(desc, d);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatmulDescGetAttribute(prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatmulDescAttributes_t attr, void* buf, size_t size,
                                                       size_t* written) {
  using namespace prt::blaslt_detail;
  if (desc == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  const Desc d = get<Desc>(desc);
  switch (attr) {
    case PRTBLASLT_MATMUL_DESC_COMPUTE_TYPE: return give(static_cast<int32_t>(d.compute), buf, size, written);
    case PRTBLASLT_MATMUL_DESC_SCALE_TYPE: return give(static_cast<int32_t>(d.scale), buf, size, written);
    case PRTBLASLT_MATMUL_DESC_POINTER_MODE: return give(d.pointer_mode, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_TRANSA: return give(d.transa, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_TRANSB: return give(d.transb, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_TRANSC: return give(d.transc, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_EPILOGUE: return give(d.epilogue, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_BIAS_POINTER: return give(d.bias, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE: return give(d.bias_stride, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_A_SCALE_POINTER: return give(d.a_scale, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_B_SCALE_POINTER: return give(d.b_scale, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_C_SCALE_POINTER: return give(d.c_scale, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_D_SCALE_POINTER: return give(d.d_scale, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_AMAX_D_POINTER: return give(d.amax, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_FAST_ACCUM: return give(d.fast_accum, buf, size, written);
    case PRTBLASLT_MATMUL_DESC_BIAS_DATA_TYPE: return give(d.bias_type, buf, size, written);
  }
  return PRTBLAS_STATUS_INVALID_VALUE;
}

inline prtblasStatus_t prtblasLtMatmulPreferenceInit(prtblasLtMatmulPreference_t pref) {
  if (pref == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  *pref = prtblasLtMatmulPreferenceOpaque_t{};
  prt::blaslt_detail::put(pref, prt::blaslt_detail::Pref{0, 0});
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatmulPreferenceCreate(prtblasLtMatmulPreference_t* pref) {
  return prt::blaslt_detail::make(pref, [](prtblasLtMatmulPreference_t p) { return prtblasLtMatmulPreferenceInit(p); });
}

inline prtblasStatus_t prtblasLtMatmulPreferenceDestroy(prtblasLtMatmulPreference_t pref) {
  delete pref;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatmulPreferenceSetAttribute(prtblasLtMatmulPreference_t pref,
                                                             prtblasLtMatmulPreferenceAttributes_t attr,
                                                             const void* buf, size_t size) {
  using namespace prt::blaslt_detail;
  if (pref == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  Pref p = get<Pref>(pref);
  bool ok = false;
  switch (attr) {
    case PRTBLASLT_MATMUL_PREF_SEARCH_MODE: ok = take(buf, size, p.search); break;
    case PRTBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES: ok = take(buf, size, p.workspace); break;
  }
  if (!ok) return PRTBLAS_STATUS_INVALID_VALUE;
  put(pref, p);
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatmulAlgoGetHeuristic(prtblasLtHandle_t handle, prtblasLtMatmulDesc_t desc,
                                                       prtblasLtMatrixLayout_t Adesc, prtblasLtMatrixLayout_t Bdesc,
                                                       prtblasLtMatrixLayout_t Cdesc, prtblasLtMatrixLayout_t Ddesc,
                                                       prtblasLtMatmulPreference_t pref, int requested,
                                                       prtblasLtMatmulHeuristicResult_t results[], int* returned) {
  using namespace prt::blaslt_detail;
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  if (desc == nullptr || Adesc == nullptr || Bdesc == nullptr || Cdesc == nullptr || Ddesc == nullptr ||
      pref == nullptr || requested < 1 || results == nullptr || returned == nullptr) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  *returned = 0;
  const prtblasStatus_t s =
      checked_product(get<Desc>(desc), get<Layout>(Adesc), get<Layout>(Bdesc), get<Layout>(Cdesc), get<Layout>(Ddesc));
  if (s != PRTBLAS_STATUS_SUCCESS) return s;
  results[0] = prtblasLtMatmulHeuristicResult_t{};
  results[0].state = PRTBLAS_STATUS_SUCCESS;
  results[0].wavesCount = 1.0f;
  *returned = 1;
  return PRTBLAS_STATUS_SUCCESS;
}

inline prtblasStatus_t prtblasLtMatmul(prtblasLtHandle_t handle, prtblasLtMatmulDesc_t desc, const void* alpha,
                                       const void* A, prtblasLtMatrixLayout_t Adesc, const void* B,
                                       prtblasLtMatrixLayout_t Bdesc, const void* beta, const void* C,
                                       prtblasLtMatrixLayout_t Cdesc, void* D, prtblasLtMatrixLayout_t Ddesc,
                                       const prtblasLtMatmulAlgo_t* algo, void* workspace, size_t workspaceSize,
                                       prtStream_t stream) {
  using namespace prt::blaslt_detail;
  (void)algo;
  (void)workspace;
  (void)workspaceSize;
  if (handle == nullptr) return PRTBLAS_STATUS_NOT_INITIALIZED;
  if (desc == nullptr || Adesc == nullptr || Bdesc == nullptr || Cdesc == nullptr || Ddesc == nullptr ||
      alpha == nullptr || beta == nullptr) {
    return PRTBLAS_STATUS_INVALID_VALUE;
  }
  const Desc d = get<Desc>(desc);
  const Layout a = get<Layout>(Adesc), b = get<Layout>(Bdesc), c = get<Layout>(Cdesc), o = get<Layout>(Ddesc);
  if (prtblasStatus_t s = checked_product(d, a, b, c, o)) return s;
  if ((d.epilogue & PRTBLASLT_EPILOGUE_BIAS) && d.bias == nullptr) return PRTBLAS_STATUS_INVALID_VALUE;
  if (prtStreamSynchronize(stream) != 0) return PRTBLAS_STATUS_EXECUTION_FAILED;
  const double alpha_v = scalar(alpha, d.scale), beta_v = scalar(beta, d.scale);
  if (is_fp8(o.type) && d.amax != nullptr) *static_cast<float*>(d.amax) = 0.0f;
  // The bias's type: as set, else D's (bf16 for an fp8 D, as cuBLASLt takes it).
  const prtDataType_t bias_type =
      d.bias_type >= 0 ? static_cast<prtDataType_t>(d.bias_type) : (is_fp8(o.type) ? PRT_R_16BF : o.type);
  for (int i = 0; i < o.batch; ++i) {
    const void* bias = d.bias == nullptr ? nullptr
                                         : static_cast<const char*>(d.bias) +
                                               i * d.bias_stride * static_cast<int64_t>(element_size(bias_type));
    matmul_one(d, alpha_v, beta_v, batch_at(A, a, i), a, batch_at(B, b, i), b, batch_at(C, c, i), c,
               const_cast<char*>(batch_at(D, o, i)), o, bias, bias_type);
  }
  return PRTBLAS_STATUS_SUCCESS;
}

#endif  // __has_include(<cblas.h>)
