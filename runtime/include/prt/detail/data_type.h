// prt/detail/data_type.h: the element type the library areas (prt/blas.h, prt/sparse.h) take for typed buffers.
#pragma once

// Element type of a library call's buffers (CUDA's cudaDataType_t from library_types.h; same values).
typedef enum prtDataType {
  PRT_R_32F = 0,   // float
  PRT_R_64F = 1,   // double
  PRT_R_16F = 2,   // __half
  PRT_R_16BF = 14  // __nv_bfloat16
} prtDataType_t;
