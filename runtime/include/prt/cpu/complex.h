// prt/cpu/complex.h: prt/complex.h on the CPU backend: float2 and double2 with cuComplex.h's arithmetic
// (division scaled by |re| + |im| of the divisor, as CUDA does; absolute value through hypot).
#pragma once

#include <cmath>

#include "prt/cpu/vector.h"

typedef float2 prtFloatComplex;    // single precision complex: real part in x, imaginary in y
typedef double2 prtDoubleComplex;  // double precision complex: real part in x, imaginary in y
typedef prtFloatComplex prtComplex;  // alias of prtFloatComplex

namespace prt::cpu::complex {

template <class C, class R>
inline C div(C x, C y) {
    R s = std::fabs(y.x) + std::fabs(y.y), oos = R(1) / s;
    R ars = x.x * oos, ais = x.y * oos, brs = y.x * oos, bis = y.y * oos;
    oos = R(1) / (brs * brs + bis * bis);
    return C{(ars * brs + ais * bis) * oos, (ais * brs - ars * bis) * oos};
}

}  // namespace prt::cpu::complex

inline prtFloatComplex make_prtFloatComplex(float r, float i) { return prtFloatComplex{r, i}; }        // r + i*j
inline prtDoubleComplex make_prtDoubleComplex(double r, double i) { return prtDoubleComplex{r, i}; }  // r + i*j
inline prtComplex make_prtComplex(float r, float i) { return prtComplex{r, i}; }                      // r + i*j

inline float prtCrealf(prtFloatComplex x) { return x.x; }                                   // real part
inline float prtCimagf(prtFloatComplex x) { return x.y; }                                   // imaginary part
inline prtFloatComplex prtConjf(prtFloatComplex x) { return {x.x, -x.y}; }                  // conjugate
inline prtFloatComplex prtCaddf(prtFloatComplex x, prtFloatComplex y) { return {x.x + y.x, x.y + y.y}; }  // x + y
inline prtFloatComplex prtCsubf(prtFloatComplex x, prtFloatComplex y) { return {x.x - y.x, x.y - y.y}; }  // x - y
inline prtFloatComplex prtCmulf(prtFloatComplex x, prtFloatComplex y) {                     // x * y
    return {x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x};
}
inline prtFloatComplex prtCdivf(prtFloatComplex x, prtFloatComplex y) {                     // x / y
    return prt::cpu::complex::div<prtFloatComplex, float>(x, y);
}
inline float prtCabsf(prtFloatComplex x) { return std::hypot(x.x, x.y); }                   // |x|
inline prtFloatComplex prtCfmaf(prtFloatComplex x, prtFloatComplex y, prtFloatComplex d) {  // x * y + d
    return {x.x * y.x - x.y * y.y + d.x, x.x * y.y + x.y * y.x + d.y};
}

inline double prtCreal(prtDoubleComplex x) { return x.x; }                                  // real part
inline double prtCimag(prtDoubleComplex x) { return x.y; }                                  // imaginary part
inline prtDoubleComplex prtConj(prtDoubleComplex x) { return {x.x, -x.y}; }                 // conjugate
inline prtDoubleComplex prtCadd(prtDoubleComplex x, prtDoubleComplex y) { return {x.x + y.x, x.y + y.y}; }  // x + y
inline prtDoubleComplex prtCsub(prtDoubleComplex x, prtDoubleComplex y) { return {x.x - y.x, x.y - y.y}; }  // x - y
inline prtDoubleComplex prtCmul(prtDoubleComplex x, prtDoubleComplex y) {                   // x * y
    return {x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x};
}
inline prtDoubleComplex prtCdiv(prtDoubleComplex x, prtDoubleComplex y) {                   // x / y
    return prt::cpu::complex::div<prtDoubleComplex, double>(x, y);
}
inline double prtCabs(prtDoubleComplex x) { return std::hypot(x.x, x.y); }                  // |x|
inline prtDoubleComplex prtCfma(prtDoubleComplex x, prtDoubleComplex y, prtDoubleComplex d) {  // x * y + d
    return {x.x * y.x - x.y * y.y + d.x, x.x * y.y + x.y * y.x + d.y};
}

inline prtDoubleComplex prtComplexFloatToDouble(prtFloatComplex c) { return {double(c.x), double(c.y)}; }  // widen
inline prtFloatComplex prtComplexDoubleToFloat(prtDoubleComplex c) { return {float(c.x), float(c.y)}; }    // narrow
