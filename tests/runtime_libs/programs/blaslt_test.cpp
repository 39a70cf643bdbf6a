// blaslt_test.cpp: prtblasLt* products on the inputs references.py wrote (column-major unless a case says row);
// the outputs go back for NumPy. Sizes are not multiples of anything, except the fp8 case's (the device needs 16).
#include <cstdint>
#include <string>

#include "libs_io.h"
#include "prt/blaslt.h"

using libs_io::read;
using libs_io::write;
using libs_test::download;
using libs_test::upload;

#define LT_OK(call)                                                           \
  do {                                                                        \
    const prtblasStatus_t status_ = (call);                                   \
    CHECK(status_ == PRTBLAS_STATUS_SUCCESS, "%s -> status %d", #call, (int)status_); \
  } while (0)

namespace {

prtblasLtHandle_t handle;
prtStream_t stream;
void* workspace;
const uint64_t kWorkspace = 1 << 22;

struct Case {
  std::string name;
  prtDataType_t ab, cd;  // element types of A and B, of C and D
  prtblasComputeType_t compute;
  prtDataType_t scale;
  int m, n, k;
  bool ta, tb, row;
  uint32_t epilogue;
  int batch;
  bool in_place;  // D is C
};

size_t bytes_of(prtDataType_t t) {
  switch (t) {
    case PRT_R_64F: return 8;
    case PRT_R_32F:
    case PRT_R_32I: return 4;
    case PRT_R_16F:
    case PRT_R_16BF: return 2;
    default: return 1;
  }
}

void set_layout(prtblasLtMatrixLayout_t l, const Case& c, int64_t elements) {
  if (c.row) {
    const int32_t order = PRTBLASLT_ORDER_ROW;
    LT_OK(prtblasLtMatrixLayoutSetAttribute(l, PRTBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof order));
  }
  if (c.batch > 1) {
    LT_OK(prtblasLtMatrixLayoutSetAttribute(l, PRTBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &c.batch, sizeof c.batch));
    LT_OK(prtblasLtMatrixLayoutSetAttribute(l, PRTBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &elements,
                                            sizeof elements));
  }
}

// A layout of rows x cols, leading dimension the stored inner extent.
prtblasLtMatrixLayout_t layout(const Case& c, prtDataType_t t, int rows, int cols) {
  prtblasLtMatrixLayout_t l = nullptr;
  LT_OK(prtblasLtMatrixLayoutCreate(&l, t, rows, cols, c.row ? cols : rows));
  set_layout(l, c, static_cast<int64_t>(rows) * cols);
  return l;
}

// Raw bytes of a file that references.py wrote, on the device.
void* device_bytes(const std::string& name, size_t n) {
  return upload(read<uint8_t>(name, n));
}

void run(const Case& c) {
  const int ar = c.ta ? c.k : c.m, ac = c.ta ? c.m : c.k, br = c.tb ? c.n : c.k, bc = c.tb ? c.k : c.n;
  const size_t a_bytes = bytes_of(c.ab) * ar * ac * c.batch, b_bytes = bytes_of(c.ab) * br * bc * c.batch;
  // fp8 products read C in bf16 (the device's rule for an fp8 D), others in D's type.
  const prtDataType_t c_type = c.ab == PRT_R_8F_E4M3 ? PRT_R_16BF : c.cd;
  const size_t d_bytes = bytes_of(c.cd) * c.m * c.n * c.batch;
  void* A = device_bytes(c.name + "_a.in", a_bytes);
  void* B = device_bytes(c.name + "_b.in", b_bytes);
  void* C = device_bytes(c.name + "_c.in", bytes_of(c_type) * c.m * c.n * c.batch);
  void* D = c.in_place ? C : libs_test::alloc(d_bytes);
  void* bias = (c.epilogue & PRTBLASLT_EPILOGUE_BIAS) ? device_bytes(c.name + "_bias.in", bytes_of(c.cd) * c.m)
                                                       : nullptr;

  prtblasLtMatmulDesc_t desc = nullptr;
  LT_OK(prtblasLtMatmulDescCreate(&desc, c.compute, c.scale));
  const int32_t ta = c.ta ? PRTBLAS_OP_T : PRTBLAS_OP_N, tb = c.tb ? PRTBLAS_OP_T : PRTBLAS_OP_N;
  LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
  LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
  LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_EPILOGUE, &c.epilogue, sizeof c.epilogue));
  if (bias != nullptr) {
    LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias));
  }
  float* scales = nullptr;
  if (c.ab == PRT_R_8F_E4M3) {
    // As real fp8 code sets them: the four scale factors, the amax output and fast accumulation, each scalar in
    // its own 64-byte slot (as separate allocations would give them).
    std::vector<float> slots(5 * 16, 0.0f);
    slots[0] = 0.5f;
    slots[16] = 4.0f;
    slots[32] = 2.0f;
    slots[48] = 1.0f / 32;
    scales = upload(slots);
    const float *sa = scales, *sb = scales + 16, *sc = scales + 32, *sd = scales + 48;
    float* amax = scales + 64;
    const int8_t fast = 1;
    LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_A_SCALE_POINTER, &sa, sizeof sa));
    LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_B_SCALE_POINTER, &sb, sizeof sb));
    LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_C_SCALE_POINTER, &sc, sizeof sc));
    LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_D_SCALE_POINTER, &sd, sizeof sd));
    LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_AMAX_D_POINTER, &amax, sizeof amax));
    LT_OK(prtblasLtMatmulDescSetAttribute(desc, PRTBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof fast));
  }
  int32_t got_ta = -1;
  size_t written = 0;
  LT_OK(prtblasLtMatmulDescGetAttribute(desc, PRTBLASLT_MATMUL_DESC_TRANSA, &got_ta, sizeof got_ta, &written));
  CHECK(got_ta == ta && written == sizeof got_ta, "%s: TRANSA reads back", c.name.c_str());

  prtblasLtMatrixLayout_t la = layout(c, c.ab, ar, ac), lb = layout(c, c.ab, br, bc);
  prtblasLtMatrixLayout_t lc = layout(c, c_type, c.m, c.n), ld = layout(c, c.cd, c.m, c.n);
  prtblasLtMatmulPreference_t pref = nullptr;
  LT_OK(prtblasLtMatmulPreferenceCreate(&pref));
  LT_OK(prtblasLtMatmulPreferenceSetAttribute(pref, PRTBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &kWorkspace,
                                              sizeof kWorkspace));
  prtblasLtMatmulHeuristicResult_t result = {};
  int found = 0;
  LT_OK(prtblasLtMatmulAlgoGetHeuristic(handle, desc, la, lb, lc, ld, pref, 1, &result, &found));
  CHECK(found == 1 && result.state == PRTBLAS_STATUS_SUCCESS, "%s: an algorithm (%d)", c.name.c_str(), found);
  CHECK(result.workspaceSize <= kWorkspace, "%s: workspace within the preference", c.name.c_str());

  // alpha 1.5 and beta 0.5 in the scale type (int8 products: 2 and 1).
  std::vector<uint8_t> alpha(8), beta(8);
  if (c.scale == PRT_R_64F) {
    const double a = 1.5, b = 0.5;
    std::memcpy(alpha.data(), &a, 8);
    std::memcpy(beta.data(), &b, 8);
  } else if (c.scale == PRT_R_32I) {
    const int32_t a = 2, b = 1;
    std::memcpy(alpha.data(), &a, 4);
    std::memcpy(beta.data(), &b, 4);
  } else {
    const float a = 1.5f, b = c.ab == PRT_R_8F_E4M3 ? 0.0f : 0.5f;
    std::memcpy(alpha.data(), &a, 4);
    std::memcpy(beta.data(), &b, 4);
  }
  LT_OK(prtblasLtMatmul(handle, desc, alpha.data(), A, la, B, lb, beta.data(), C, lc, D, ld, &result.algo, workspace,
                        kWorkspace, stream));
  LT_OK(prtStreamSynchronize(stream) == prtSuccess ? PRTBLAS_STATUS_SUCCESS : PRTBLAS_STATUS_EXECUTION_FAILED);
  write(c.name + ".out", download(static_cast<uint8_t*>(D), d_bytes));

  LT_OK(prtblasLtMatmulPreferenceDestroy(pref));
  for (prtblasLtMatrixLayout_t l : {la, lb, lc, ld}) LT_OK(prtblasLtMatrixLayoutDestroy(l));
  LT_OK(prtblasLtMatmulDescDestroy(desc));
  for (void* p : {A, B, C, bias, static_cast<void*>(scales)}) {
    if (p != nullptr) libs_test::release(p);
  }
  if (!c.in_place) libs_test::release(D);
}

// The Opaque_t + Init forms, as programs written against cuBLASLt 11 use them: one fp32 product with a ReLU.
void run_init_forms() {
  const int m = 13, n = 9, k = 6;
  float* A = upload(read<float>("init_a.in", m * k));
  float* B = upload(read<float>("init_b.in", k * n));
  float* D = static_cast<float*>(libs_test::alloc(sizeof(float) * m * n));
  prtblasLtMatmulDescOpaque_t desc = {};
  prtblasLtMatrixLayoutOpaque_t la = {}, lb = {}, ld = {};
  prtblasLtMatmulPreferenceOpaque_t pref = {};
  LT_OK(prtblasLtMatmulDescInit(&desc, PRTBLAS_COMPUTE_32F, PRT_R_32F));
  const uint32_t relu = PRTBLASLT_EPILOGUE_RELU;
  LT_OK(prtblasLtMatmulDescSetAttribute(&desc, PRTBLASLT_MATMUL_DESC_EPILOGUE, &relu, sizeof relu));
  LT_OK(prtblasLtMatrixLayoutInit(&la, PRT_R_32F, m, k, m));
  LT_OK(prtblasLtMatrixLayoutInit(&lb, PRT_R_32F, k, n, k));
  LT_OK(prtblasLtMatrixLayoutInit(&ld, PRT_R_32F, m, n, m));
  LT_OK(prtblasLtMatmulPreferenceInit(&pref));
  prtblasLtMatmulHeuristicResult_t result = {};
  int found = 0;
  LT_OK(prtblasLtMatmulAlgoGetHeuristic(handle, &desc, &la, &lb, &ld, &ld, &pref, 1, &result, &found));
  CHECK(found == 1, "init forms: an algorithm");
  const float alpha = 1.0f, beta = 0.0f;
  LT_OK(prtblasLtMatmul(handle, &desc, &alpha, A, &la, B, &lb, &beta, D, &ld, D, &ld, &result.algo, nullptr, 0,
                        stream));
  LT_OK(prtStreamSynchronize(stream) == prtSuccess ? PRTBLAS_STATUS_SUCCESS : PRTBLAS_STATUS_EXECUTION_FAILED);
  write("init.out", download(D, m * n));
  for (void* p : {static_cast<void*>(A), static_cast<void*>(B), static_cast<void*>(D)}) libs_test::release(p);
}

// A product whose types do not go together: no algorithm, and Matmul refuses it.
void run_refused() {
  prtblasLtMatmulDesc_t desc = nullptr;
  LT_OK(prtblasLtMatmulDescCreate(&desc, PRTBLAS_COMPUTE_64F, PRT_R_64F));
  prtblasLtMatrixLayout_t la = nullptr, lb = nullptr, lc = nullptr;
  LT_OK(prtblasLtMatrixLayoutCreate(&la, PRT_R_32F, 4, 4, 4));
  LT_OK(prtblasLtMatrixLayoutCreate(&lb, PRT_R_64F, 4, 4, 4));
  LT_OK(prtblasLtMatrixLayoutCreate(&lc, PRT_R_64F, 4, 4, 4));
  prtblasLtMatmulPreference_t pref = nullptr;
  LT_OK(prtblasLtMatmulPreferenceCreate(&pref));
  prtblasLtMatmulHeuristicResult_t result = {};
  int found = -1;
  const prtblasStatus_t s = prtblasLtMatmulAlgoGetHeuristic(handle, desc, la, lb, lc, lc, pref, 1, &result, &found);
  CHECK(s != PRTBLAS_STATUS_SUCCESS || found == 0, "fp32 A with fp64 B: no algorithm (status %d, %d found)", s, found);
  LT_OK(prtblasLtMatmulPreferenceDestroy(pref));
  for (prtblasLtMatrixLayout_t l : {la, lb, lc}) LT_OK(prtblasLtMatrixLayoutDestroy(l));
  LT_OK(prtblasLtMatmulDescDestroy(desc));
}

}  // namespace

int main(int argc, char** argv) {
  libs_io::start(argc, argv);
  LT_OK(prtblasLtCreate(&handle));
  CHECK(prtStreamCreate(&stream) == prtSuccess, "stream");
  workspace = libs_test::alloc(kWorkspace);
  const uint32_t none = PRTBLASLT_EPILOGUE_DEFAULT;
  // The cases references.py knows, by name (its _blaslt_cases has the same rows).
  const Case cases[] = {
      {"f32_nn", PRT_R_32F, PRT_R_32F, PRTBLAS_COMPUTE_32F, PRT_R_32F, 37, 23, 19, false, false, false, none, 1, false},
      {"f32_tn_relu_bias", PRT_R_32F, PRT_R_32F, PRTBLAS_COMPUTE_32F, PRT_R_32F, 29, 17, 11, true, false, false,
       PRTBLASLT_EPILOGUE_RELU_BIAS, 1, false},
      {"f32_row", PRT_R_32F, PRT_R_32F, PRTBLAS_COMPUTE_32F, PRT_R_32F, 21, 14, 9, false, true, true, none, 1, false},
      {"f32_gelu_bias", PRT_R_32F, PRT_R_32F, PRTBLAS_COMPUTE_32F, PRT_R_32F, 21, 14, 9, false, true, false,
       PRTBLASLT_EPILOGUE_GELU_BIAS, 1, false},
      {"f32_batched", PRT_R_32F, PRT_R_32F, PRTBLAS_COMPUTE_32F_FAST_TF32, PRT_R_32F, 10, 7, 5, false, false, false,
       PRTBLASLT_EPILOGUE_BIAS, 3, false},
      {"f64_nt_in_place", PRT_R_64F, PRT_R_64F, PRTBLAS_COMPUTE_64F, PRT_R_64F, 15, 12, 8, false, true, false, none, 1,
       true},
      {"f16_in_f32_out", PRT_R_16F, PRT_R_32F, PRTBLAS_COMPUTE_32F, PRT_R_32F, 24, 18, 14, true, false, false, none,
       1, false},
      {"bf16", PRT_R_16BF, PRT_R_16BF, PRTBLAS_COMPUTE_32F, PRT_R_32F, 19, 22, 13, false, false, false,
       PRTBLASLT_EPILOGUE_RELU, 1, false},
      {"i8_i32", PRT_R_8I, PRT_R_32I, PRTBLAS_COMPUTE_32I, PRT_R_32I, 32, 16, 32, true, false, false, none, 1, false},
      {"e4m3", PRT_R_8F_E4M3, PRT_R_8F_E4M3, PRTBLAS_COMPUTE_32F, PRT_R_32F, 32, 16, 32, true, false, false, none, 1,
       false},
  };
  for (const Case& c : cases) run(c);
  run_init_forms();
  run_refused();
  libs_test::release(workspace);
  CHECK(prtStreamDestroy(stream) == prtSuccess, "stream destroy");
  LT_OK(prtblasLtDestroy(handle));
  return libs_test::finish("blaslt");
}
