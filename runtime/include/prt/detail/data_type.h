// prt/detail/data_type.h: the element type the library areas (prt/blas.h, prt/sparse.h) take for typed buffers.
#pragma once

// Element type of a library call's buffers (CUDA's cudaDataType_t from library_types.h; same values).
typedef enum prtDataType {
  PRT_R_32F = 0,       // float
  PRT_R_64F = 1,       // double
  PRT_R_16F = 2,       // __half
  PRT_R_8I = 3,        // int8_t
  PRT_R_32I = 10,      // int32_t
  PRT_R_16BF = 14,     // __nv_bfloat16
  PRT_R_8F_E4M3 = 28,  // fp8: sign, 4 exponent bits, 3 mantissa bits (no infinities)
  PRT_R_8F_E5M2 = 29   // fp8: sign, 5 exponent bits, 2 mantissa bits
} prtDataType_t;
