// prt/detail/blas_enums.h: the cuBLAS enums that prt/blas.h and prt/solver.h both take (cuSOLVER's dense calls
// use cuBLAS's operation and fill mode).
#pragma once

// How a matrix argument enters the product; values equal cuBLAS's.
typedef enum prtblasOperation {
  PRTBLAS_OP_N = 0,  // as stored
  PRTBLAS_OP_T = 1,  // transposed
  PRTBLAS_OP_C = 2   // conjugate-transposed (the same as transposed for real types)
} prtblasOperation_t;

// Which triangle of a symmetric or triangular matrix is stored; values equal cuBLAS's.
typedef enum prtblasFillMode {
  PRTBLAS_FILL_MODE_LOWER = 0,  // the lower triangle
  PRTBLAS_FILL_MODE_UPPER = 1,  // the upper triangle
  PRTBLAS_FILL_MODE_FULL = 2    // the whole matrix
} prtblasFillMode_t;
