// Complex numbers (prt/complex.h): every function, in a kernel and on the host, against std::complex.
#include <complex>
#include <vector>

#include "check.h"

constexpr int kOut = 8;  // results per input pair

__global__ void cfloat(const prtFloatComplex* x, const prtFloatComplex* y, prtFloatComplex* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    prtFloatComplex a = x[i], b = y[i], *o = out + i * kOut;
    o[0] = prtCaddf(a, b);
    o[1] = prtCsubf(a, b);
    o[2] = prtCmulf(a, b);
    o[3] = prtCdivf(a, b);
    o[4] = prtConjf(a);
    o[5] = make_prtFloatComplex(prtCabsf(a), prtCrealf(a) + prtCimagf(b));
    o[6] = prtCfmaf(a, b, make_prtComplex(1.0f, -1.0f));
    o[7] = prtComplexDoubleToFloat(prtCmul(prtComplexFloatToDouble(a), prtComplexFloatToDouble(b)));
}

__global__ void cdouble(const prtDoubleComplex* x, const prtDoubleComplex* y, prtDoubleComplex* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    prtDoubleComplex a = x[i], b = y[i], *o = out + i * kOut;
    o[0] = prtCadd(a, b);
    o[1] = prtCsub(a, b);
    o[2] = prtCmul(a, b);
    o[3] = prtCdiv(a, b);
    o[4] = prtConj(a);
    o[5] = make_prtDoubleComplex(prtCabs(a), prtCreal(a) + prtCimag(b));
    o[6] = prtCfma(a, b, make_prtDoubleComplex(1.0, -1.0));
}

template <class C, class R>
static bool close(C got, std::complex<R> want, double rel) {
    double scale = std::abs(want) + 1e-30;
    return std::abs(std::complex<double>(got.x, got.y) - std::complex<double>(want)) <= rel * scale;
}

int main() {
    static_assert(sizeof(prtFloatComplex) == 2 * sizeof(float) && alignof(prtFloatComplex) == 8, "float2 layout");
    static_assert(sizeof(prtDoubleComplex) == 2 * sizeof(double) && alignof(prtDoubleComplex) == 16,
                  "double2 layout");
    const int n = 256;
    std::vector<prtFloatComplex> fx(n), fy(n), fo(n * kOut);
    std::vector<prtDoubleComplex> dx(n), dy(n), dout(n * kOut);
    for (int i = 0; i < n; ++i) {
        float a = float((i * 37) % 29 - 14) * 0.37f, b = float((i * 11) % 23 - 11) * 1.3f;
        float c = float((i * 7) % 17 + 1) * (i % 2 ? -0.61f : 0.61f), d = float((i * 5) % 13 - 6) * 2.1f;
        if (i == 1) c *= 1e-30f, d = 1e-30f;  // tiny divisor: the scaled division keeps its quotient finite
        fx[i] = make_prtFloatComplex(a, b);
        fy[i] = make_prtFloatComplex(c, d);
        dx[i] = make_prtDoubleComplex(a, b);
        dy[i] = make_prtDoubleComplex(c, d);
    }
    prtFloatComplex *dfx, *dfy, *dfo;
    prtDoubleComplex *ddx, *ddy, *ddo;
    CHECK_OK(prtMalloc(&dfx, n * sizeof(prtFloatComplex)));
    CHECK_OK(prtMalloc(&dfy, n * sizeof(prtFloatComplex)));
    CHECK_OK(prtMalloc(&dfo, n * kOut * sizeof(prtFloatComplex)));
    CHECK_OK(prtMalloc(&ddx, n * sizeof(prtDoubleComplex)));
    CHECK_OK(prtMalloc(&ddy, n * sizeof(prtDoubleComplex)));
    CHECK_OK(prtMalloc(&ddo, n * kOut * sizeof(prtDoubleComplex)));
    CHECK_OK(prtMemcpy(dfx, fx.data(), n * sizeof(prtFloatComplex), prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpy(dfy, fy.data(), n * sizeof(prtFloatComplex), prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpy(ddx, dx.data(), n * sizeof(prtDoubleComplex), prtMemcpyHostToDevice));
    CHECK_OK(prtMemcpy(ddy, dy.data(), n * sizeof(prtDoubleComplex), prtMemcpyHostToDevice));
    CHECK_OK(prtLaunchKernel(cfloat, dim3(n / 64), dim3(64), 0, 0, dfx, dfy, dfo, n));
    CHECK_OK(prtLaunchKernel(cdouble, dim3(n / 64), dim3(64), 0, 0, ddx, ddy, ddo, n));
    CHECK_OK(prtMemcpy(fo.data(), dfo, fo.size() * sizeof(prtFloatComplex), prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(dout.data(), ddo, dout.size() * sizeof(prtDoubleComplex), prtMemcpyDeviceToHost));

    int fbad[kOut] = {}, dbad[kOut] = {};
    for (int i = 0; i < n; ++i) {
        std::complex<double> a(dx[i].x, dx[i].y), b(dy[i].x, dy[i].y), one(1.0, -1.0);
        std::complex<double> want[7] = {a + b, a - b, a * b, a / b, std::conj(a),
                                        {std::abs(a), a.real() + b.imag()}, a * b + one};
        for (int k = 0; k < 7; ++k) {
            fbad[k] += !close(fo[i * kOut + k], want[k], 1e-5);
            dbad[k] += !close(dout[i * kOut + k], want[k], 1e-12);
        }
        fbad[7] += !close(fo[i * kOut + 7], want[2], 1e-6);
    }
    for (int k = 0; k < kOut; ++k) {
        if (fbad[k] || dbad[k]) std::printf("complex case %d: %d float, %d double wrong\n", k, fbad[k], dbad[k]);
        CHECK(fbad[k] == 0 && dbad[k] == 0);
    }

    // The same functions on the host.
    prtFloatComplex h = prtCmulf(make_prtFloatComplex(1.0f, 2.0f), make_prtFloatComplex(3.0f, -1.0f));
    CHECK(prtCrealf(h) == 5.0f && prtCimagf(h) == 5.0f);
    prtDoubleComplex q = prtCdiv(make_prtDoubleComplex(5.0, 5.0), make_prtDoubleComplex(3.0, -1.0));
    CHECK(near(prtCreal(q), 1.0) && near(prtCimag(q), 2.0));
    CHECK(prtCabs(make_prtDoubleComplex(3.0, 4.0)) == 5.0);
    value("complex_abs", prtCabsf(make_prtComplex(3.0f, 4.0f)));
    return finish();
}
