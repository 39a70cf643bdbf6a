// fft_test.cpp: prtfft* on the inputs references.py wrote; the outputs go back for NumPy to check.
#include "libs_io.h"
#include "prt/fft.h"

using libs_io::read;
using libs_io::write;
using libs_test::download;
using libs_test::upload;

#define FFT_OK(call) CHECK((call) == PRTFFT_SUCCESS, "%s", #call)

// Runs a single-precision complex transform of `count` elements in and `out` out.
template <class In, class Out, class Exec>
static void run(const char* name, size_t in_count, size_t out_count, Exec exec, bool in_place = false) {
  std::vector<In> host = read<In>(std::string(name) + ".in", in_count);
  In* din = upload(host);
  Out* dout = in_place ? reinterpret_cast<Out*>(din) : static_cast<Out*>(libs_test::alloc(out_count * sizeof(Out)));
  exec(din, dout);
  libs_test::synchronize();
  write(std::string(name) + ".out", download(dout, out_count));
  if (!in_place) libs_test::release(dout);
  libs_test::release(din);
}

int main(int argc, char** argv) {
  libs_io::start(argc, argv);
  prtfftHandle plan;

  // 1-D C2C, 3 transforms of 64, forward out of place, then inverse in place on the same plan.
  FFT_OK(prtfftPlan1d(&plan, 64, PRTFFT_C2C, 3));
  run<prtfftComplex, prtfftComplex>("c2c_1d", 192, 192, [&](prtfftComplex* i, prtfftComplex* o) {
    FFT_OK(prtfftExecC2C(plan, i, o, PRTFFT_FORWARD));
  });
  run<prtfftComplex, prtfftComplex>("c2c_1d_inverse", 192, 192, [&](prtfftComplex* i, prtfftComplex* o) {
    FFT_OK(prtfftExecC2C(plan, i, o, PRTFFT_INVERSE));
  }, true);
  FFT_OK(prtfftDestroy(plan));

  // 2-D Z2Z 8 x 12 forward in place.
  FFT_OK(prtfftPlan2d(&plan, 8, 12, PRTFFT_Z2Z));
  run<prtfftDoubleComplex, prtfftDoubleComplex>("z2z_2d", 96, 96, [&](prtfftDoubleComplex* i, prtfftDoubleComplex* o) {
    FFT_OK(prtfftExecZ2Z(plan, i, o, PRTFFT_FORWARD));
  }, true);
  FFT_OK(prtfftDestroy(plan));

  // 1-D R2C, 2 transforms of 50 (26 outputs each), out of place; then C2R back from 26 to 50.
  FFT_OK(prtfftPlan1d(&plan, 50, PRTFFT_R2C, 2));
  run<prtfftReal, prtfftComplex>("r2c_1d", 100, 52, [&](prtfftReal* i, prtfftComplex* o) {
    FFT_OK(prtfftExecR2C(plan, i, o));
  });
  FFT_OK(prtfftDestroy(plan));
  FFT_OK(prtfftPlan1d(&plan, 50, PRTFFT_C2R, 2));
  run<prtfftComplex, prtfftReal>("c2r_1d", 52, 100, [&](prtfftComplex* i, prtfftReal* o) {
    FFT_OK(prtfftExecC2R(plan, i, o));
  });
  FFT_OK(prtfftDestroy(plan));

  // 1-D R2C in place: 2 rows of 30 reals, each padded to 2 * 16 floats; 16 complex outputs per row.
  FFT_OK(prtfftPlan1d(&plan, 30, PRTFFT_R2C, 2));
  run<prtfftReal, prtfftComplex>("r2c_in_place", 64, 32, [&](prtfftReal* i, prtfftComplex* o) {
    FFT_OK(prtfftExecR2C(plan, i, o));
  }, true);
  FFT_OK(prtfftDestroy(plan));

  // 3-D D2Z 4 x 6 x 8 (8 / 2 + 1 = 5 along the last) and 2-D Z2D 6 x 10 from 6 x 6.
  FFT_OK(prtfftPlan3d(&plan, 4, 6, 8, PRTFFT_D2Z));
  run<prtfftDoubleReal, prtfftDoubleComplex>("d2z_3d", 192, 120, [&](prtfftDoubleReal* i, prtfftDoubleComplex* o) {
    FFT_OK(prtfftExecD2Z(plan, i, o));
  });
  FFT_OK(prtfftDestroy(plan));
  FFT_OK(prtfftPlan2d(&plan, 6, 10, PRTFFT_Z2D));
  run<prtfftDoubleComplex, prtfftDoubleReal>("z2d_2d", 36, 60, [&](prtfftDoubleComplex* i, prtfftDoubleReal* o) {
    FFT_OK(prtfftExecZ2D(plan, i, o));
  });
  FFT_OK(prtfftDestroy(plan));

  // Advanced layout: 3 transforms of 16 reading every second element of rows 40 apart, written densely.
  {
    int n[1] = {16}, inembed[1] = {40}, onembed[1] = {16};
    FFT_OK(prtfftPlanMany(&plan, 1, n, inembed, 2, 40, onembed, 1, 16, PRTFFT_C2C, 3));
    run<prtfftComplex, prtfftComplex>("c2c_strided", 120, 48, [&](prtfftComplex* i, prtfftComplex* o) {
      FFT_OK(prtfftExecC2C(plan, i, o, PRTFFT_FORWARD));
    });
    FFT_OK(prtfftDestroy(plan));
  }

  // Two-step plan on a stream: Create, MakePlan1d, GetSize, SetStream.
  {
    prtStream_t stream;
    CHECK(prtStreamCreate(&stream) == prtSuccess, "stream");
    size_t work = 1234;
    FFT_OK(prtfftCreate(&plan));
    FFT_OK(prtfftMakePlan1d(plan, 20, PRTFFT_C2C, 1, &work));
    FFT_OK(prtfftGetSize(plan, &work));
    FFT_OK(prtfftSetStream(plan, stream));
    run<prtfftComplex, prtfftComplex>("c2c_made", 20, 20, [&](prtfftComplex* i, prtfftComplex* o) {
      FFT_OK(prtfftExecC2C(plan, i, o, PRTFFT_FORWARD));
      CHECK(prtStreamSynchronize(stream) == prtSuccess, "sync");
    });
    FFT_OK(prtfftDestroy(plan));
    prtStreamDestroy(stream);
  }

  // What cuFFT promises on every backend.
  FFT_OK(prtfftDestroy(PRTFFT_PLAN_NULL));
  int version = 0;
  FFT_OK(prtfftGetVersion(&version));
  CHECK(version > 0, "version %d", version);
  CHECK(prtfftPlan1d(&plan, 0, PRTFFT_C2C, 1) != PRTFFT_SUCCESS, "a zero-length plan is refused");
#if PRT_BACKEND_CPU
  // The CPU backend's own checks: a transform of the wrong type, a destroyed plan.
  FFT_OK(prtfftPlan1d(&plan, 8, PRTFFT_C2C, 1));
  std::vector<prtfftReal> r(16);
  std::vector<prtfftComplex> c(8);
  CHECK(prtfftExecR2C(plan, r.data(), c.data()) == PRTFFT_INVALID_TYPE, "R2C on a C2C plan");
  CHECK(prtfftExecC2C(plan, c.data(), c.data(), 0) == PRTFFT_INVALID_VALUE, "direction 0");
  FFT_OK(prtfftDestroy(plan));
  CHECK(prtfftExecC2C(plan, c.data(), c.data(), PRTFFT_FORWARD) == PRTFFT_INVALID_PLAN, "a destroyed plan");
#endif
  return libs_test::finish("fft");
}
