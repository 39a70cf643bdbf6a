// prt/detail/complex_forward.h: prt/complex.h on the GPU backends, whose vendor headers spell the same API
// with their own prefix (cuCaddf, hipCaddf): PRT_COMPLEX_FORWARD(prefix) makes each prt name that function.
#pragma once

#define PRT_COMPLEX_FORWARD(P)                                                                                 \
    typedef P##FloatComplex prtFloatComplex;    /* single precision complex (float2) */                        \
    typedef P##DoubleComplex prtDoubleComplex;  /* double precision complex (double2) */                       \
    typedef P##FloatComplex prtComplex;         /* alias of prtFloatComplex */                                 \
    __host__ __device__ inline prtFloatComplex make_prtFloatComplex(float r, float i) { return make_##P##FloatComplex(r, i); } \
    __host__ __device__ inline prtDoubleComplex make_prtDoubleComplex(double r, double i) { return make_##P##DoubleComplex(r, i); } \
    __host__ __device__ inline prtComplex make_prtComplex(float r, float i) { return make_##P##Complex(r, i); }              \
    __host__ __device__ inline float prtCrealf(prtFloatComplex x) { return P##Crealf(x); }                                  \
    __host__ __device__ inline float prtCimagf(prtFloatComplex x) { return P##Cimagf(x); }                                  \
    __host__ __device__ inline prtFloatComplex prtConjf(prtFloatComplex x) { return P##Conjf(x); }                          \
    __host__ __device__ inline prtFloatComplex prtCaddf(prtFloatComplex x, prtFloatComplex y) { return P##Caddf(x, y); }    \
    __host__ __device__ inline prtFloatComplex prtCsubf(prtFloatComplex x, prtFloatComplex y) { return P##Csubf(x, y); }    \
    __host__ __device__ inline prtFloatComplex prtCmulf(prtFloatComplex x, prtFloatComplex y) { return P##Cmulf(x, y); }    \
    __host__ __device__ inline prtFloatComplex prtCdivf(prtFloatComplex x, prtFloatComplex y) { return P##Cdivf(x, y); }    \
    __host__ __device__ inline float prtCabsf(prtFloatComplex x) { return P##Cabsf(x); }                                    \
    __host__ __device__ inline prtFloatComplex prtCfmaf(prtFloatComplex x, prtFloatComplex y, prtFloatComplex d) {          \
        return P##Cfmaf(x, y, d);                                                                                          \
    }                                                                                                                      \
    __host__ __device__ inline double prtCreal(prtDoubleComplex x) { return P##Creal(x); }                                  \
    __host__ __device__ inline double prtCimag(prtDoubleComplex x) { return P##Cimag(x); }                                  \
    __host__ __device__ inline prtDoubleComplex prtConj(prtDoubleComplex x) { return P##Conj(x); }                          \
    __host__ __device__ inline prtDoubleComplex prtCadd(prtDoubleComplex x, prtDoubleComplex y) { return P##Cadd(x, y); }   \
    __host__ __device__ inline prtDoubleComplex prtCsub(prtDoubleComplex x, prtDoubleComplex y) { return P##Csub(x, y); }   \
    __host__ __device__ inline prtDoubleComplex prtCmul(prtDoubleComplex x, prtDoubleComplex y) { return P##Cmul(x, y); }   \
    __host__ __device__ inline prtDoubleComplex prtCdiv(prtDoubleComplex x, prtDoubleComplex y) { return P##Cdiv(x, y); }   \
    __host__ __device__ inline double prtCabs(prtDoubleComplex x) { return P##Cabs(x); }                                    \
    __host__ __device__ inline prtDoubleComplex prtCfma(prtDoubleComplex x, prtDoubleComplex y, prtDoubleComplex d) {       \
        return P##Cfma(x, y, d);                                                                                           \
    }                                                                                                                      \
    __host__ __device__ inline prtDoubleComplex prtComplexFloatToDouble(prtFloatComplex c) {                               \
        return P##ComplexFloatToDouble(c);                                                                                 \
    }                                                                                                                      \
    __host__ __device__ inline prtFloatComplex prtComplexDoubleToFloat(prtDoubleComplex c) {                               \
        return P##ComplexDoubleToFloat(c);                                                                                 \
    }
