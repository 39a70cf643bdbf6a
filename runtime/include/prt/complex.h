// prt/complex.h: complex numbers with the functions of CUDA's cuComplex.h, prt-prefixed, on every backend:
// prtFloatComplex (and its alias prtComplex) and prtDoubleComplex, laid out as float2 and double2 (real part in
// x, imaginary in y); make_prtFloatComplex, make_prtComplex, make_prtDoubleComplex; prtCrealf, prtCimagf,
// prtCaddf, prtCsubf, prtCmulf, prtCdivf, prtCabsf, prtConjf, prtCfmaf (x * y + d) and their double forms
// prtCreal, prtCimag, prtCadd, prtCsub, prtCmul, prtCdiv, prtCabs, prtConj, prtCfma; prtComplexFloatToDouble,
// prtComplexDoubleToFloat. Host and device functions alike.
#pragma once

#include "prt/vector.h"

#if PRT_BACKEND_CUDA
#include <cuComplex.h>

#include "prt/detail/complex_forward.h"
PRT_COMPLEX_FORWARD(cu)  // the prt names as CUDA's cuComplex.h
#elif PRT_BACKEND_HIP
#include <hip/hip_complex.h>

#include "prt/detail/complex_forward.h"
PRT_COMPLEX_FORWARD(hip)  // the prt names as HIP's hip_complex.h
#else
#include "prt/cpu/complex.h"
#endif
