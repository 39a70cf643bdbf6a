// prt/detail/complex_forward.h: prt/complex.h on the GPU backends, whose vendor headers spell the same API
// with their own prefix (cuCaddf, hipCaddf): PRT_COMPLEX_FORWARD(prefix) makes each prt name that function.
#pragma once

#include "prt/detail/hd.h"

#define PRT_COMPLEX_FORWARD(P)                                                                                     \
    typedef P##FloatComplex prtFloatComplex;    /* single precision complex (float2) */                            \
    typedef P##DoubleComplex prtDoubleComplex;  /* double precision complex (double2) */                           \
    typedef P##FloatComplex prtComplex;         /* alias of prtFloatComplex */                                     \
    PRT_HD inline prtFloatComplex make_prtFloatComplex(float r, float i) { return make_##P##FloatComplex(r, i); }  \
    PRT_HD inline prtDoubleComplex make_prtDoubleComplex(double r, double i) { return make_##P##DoubleComplex(r, i); } \
    PRT_HD inline prtComplex make_prtComplex(float r, float i) { return make_##P##Complex(r, i); }                 \
    PRT_HD inline float prtCrealf(prtFloatComplex x) { return P##Crealf(x); }                                      \
    PRT_HD inline float prtCimagf(prtFloatComplex x) { return P##Cimagf(x); }                                      \
    PRT_HD inline prtFloatComplex prtConjf(prtFloatComplex x) { return P##Conjf(x); }                              \
    PRT_HD inline prtFloatComplex prtCaddf(prtFloatComplex x, prtFloatComplex y) { return P##Caddf(x, y); }        \
    PRT_HD inline prtFloatComplex prtCsubf(prtFloatComplex x, prtFloatComplex y) { return P##Csubf(x, y); }        \
    PRT_HD inline prtFloatComplex prtCmulf(prtFloatComplex x, prtFloatComplex y) { return P##Cmulf(x, y); }        \
    PRT_HD inline prtFloatComplex prtCdivf(prtFloatComplex x, prtFloatComplex y) { return P##Cdivf(x, y); }        \
    PRT_HD inline float prtCabsf(prtFloatComplex x) { return P##Cabsf(x); }                                        \
    PRT_HD inline prtFloatComplex prtCfmaf(prtFloatComplex x, prtFloatComplex y, prtFloatComplex d) {              \
        return P##Cfmaf(x, y, d);                                                                                  \
    }                                                                                                              \
    PRT_HD inline double prtCreal(prtDoubleComplex x) { return P##Creal(x); }                                      \
    PRT_HD inline double prtCimag(prtDoubleComplex x) { return P##Cimag(x); }                                      \
    PRT_HD inline prtDoubleComplex prtConj(prtDoubleComplex x) { return P##Conj(x); }                              \
    PRT_HD inline prtDoubleComplex prtCadd(prtDoubleComplex x, prtDoubleComplex y) { return P##Cadd(x, y); }       \
    PRT_HD inline prtDoubleComplex prtCsub(prtDoubleComplex x, prtDoubleComplex y) { return P##Csub(x, y); }       \
    PRT_HD inline prtDoubleComplex prtCmul(prtDoubleComplex x, prtDoubleComplex y) { return P##Cmul(x, y); }       \
    PRT_HD inline prtDoubleComplex prtCdiv(prtDoubleComplex x, prtDoubleComplex y) { return P##Cdiv(x, y); }       \
    PRT_HD inline double prtCabs(prtDoubleComplex x) { return P##Cabs(x); }                                        \
    PRT_HD inline prtDoubleComplex prtCfma(prtDoubleComplex x, prtDoubleComplex y, prtDoubleComplex d) {           \
        return P##Cfma(x, y, d);                                                                                   \
    }                                                                                                              \
    PRT_HD inline prtDoubleComplex prtComplexFloatToDouble(prtFloatComplex c) {                                    \
        return P##ComplexFloatToDouble(c);                                                                         \
    }                                                                                                              \
    PRT_HD inline prtFloatComplex prtComplexDoubleToFloat(prtDoubleComplex c) {                                    \
        return P##ComplexDoubleToFloat(c);                                                                         \
    }
