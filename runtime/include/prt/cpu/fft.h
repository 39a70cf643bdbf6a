// prt/cpu/fft.h: the CPU backend of prt/fft.h, on FFTW 3 (Debian's libfftw3-dev; link with -lfftw3f -lfftw3).
#pragma once

#if !__has_include(<fftw3.h>)
#error \
    "prt/fft.h on the CPU backend needs FFTW 3: install libfftw3-dev (Debian/Ubuntu) or fftw-devel (Fedora), then link with -lfftw3f -lfftw3"
#else
#include <fftw3.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

namespace prt {
namespace fft_detail {

// A plan's shape and layout, as given to cuFFT, and the FFTW plans made for it so far: one per direction,
// in-place-ness and data alignment, since FFTW executes a plan on new arrays only with the alignment it was made for.
struct Plan {
  bool made = false;  // false between prtfftCreate and a prtfftMakePlan*
  prtfftType type = PRTFFT_C2C;
  std::vector<int> n;                 // sizes, slowest first
  bool basic = true;                  // basic layout: dense, strides and dists derived from n
  std::vector<int> inembed, onembed;  // advanced layout only
  int istride = 1, idist = 0, ostride = 1, odist = 0, batch = 1;
  prtStream_t stream = nullptr;
  std::map<std::tuple<int, bool, int, int>, void*> made_plans;  // (sign, in place, in alignment, out alignment)
};

inline std::mutex& lock() {
  static std::mutex m;  // FFTW's planner is not thread-safe; execution is
  return m;
}
inline std::vector<std::unique_ptr<Plan> >& plans() {
  static std::vector<std::unique_ptr<Plan> > p;
  return p;
}

inline bool is_double(prtfftType t) { return t == PRTFFT_D2Z || t == PRTFFT_Z2D || t == PRTFFT_Z2Z; }

inline void forget(Plan& p) {
  for (auto& entry : p.made_plans) {
    if (is_double(p.type)) {
      fftw_destroy_plan(static_cast<fftw_plan>(entry.second));
    } else {
      fftwf_destroy_plan(static_cast<fftwf_plan>(entry.second));
    }
  }
  p.made_plans.clear();
}

// The plan behind a handle, or null (call with the lock held).
inline Plan* find(prtfftHandle h) {
  auto& all = plans();
  if (h < 0 || static_cast<size_t>(h) >= all.size() || !all[h]) return nullptr;
  return all[h].get();
}

inline prtfftResult define(prtfftHandle h, int rank, const int* n, const int* inembed, int istride, int idist,
                           const int* onembed, int ostride, int odist, prtfftType type, int batch, size_t* work) {
  if (rank < 1 || rank > 3 || n == nullptr || batch < 1) return PRTFFT_INVALID_SIZE;
  if (type != PRTFFT_R2C && type != PRTFFT_C2R && type != PRTFFT_C2C && type != PRTFFT_D2Z && type != PRTFFT_Z2D &&
      type != PRTFFT_Z2Z) {
    return PRTFFT_INVALID_TYPE;
  }
  for (int i = 0; i < rank; ++i) {
    if (n[i] < 1) return PRTFFT_INVALID_SIZE;
  }
  std::lock_guard<std::mutex> guard(lock());
  Plan* p = find(h);
  if (p == nullptr) return PRTFFT_INVALID_PLAN;
  forget(*p);
  p->type = type;
  p->n.assign(n, n + rank);
  p->basic = inembed == nullptr || onembed == nullptr;  // cuFFT: either one null means the basic layout
  if (!p->basic) {
    p->inembed.assign(inembed, inembed + rank);
    p->onembed.assign(onembed, onembed + rank);
    p->istride = istride;
    p->idist = idist;
    p->ostride = ostride;
    p->odist = odist;
  }
  p->batch = batch;
  p->made = true;
  if (work != nullptr) *work = 0;
  return PRTFFT_SUCCESS;
}

// The FFTW plan for this call's arrays, made on first use (FFTW_ESTIMATE leaves the arrays untouched); call
// with the lock held.
inline void* fftw_for(Plan& p, int sign, void* in, void* out) {
  const bool inplace = in == out;
  const bool dbl = is_double(p.type);
  const int ain = dbl ? fftw_alignment_of(static_cast<double*>(in)) : fftwf_alignment_of(static_cast<float*>(in));
  const int aout = dbl ? fftw_alignment_of(static_cast<double*>(out)) : fftwf_alignment_of(static_cast<float*>(out));
  const auto key = std::make_tuple(sign, inplace, ain, aout);
  auto found = p.made_plans.find(key);
  if (found != p.made_plans.end()) return found->second;
  const int rank = static_cast<int>(p.n.size());
  const bool r2c = p.type == PRTFFT_R2C || p.type == PRTFFT_D2Z;
  const bool c2r = p.type == PRTFFT_C2R || p.type == PRTFFT_Z2D;
  std::vector<int> inembed = p.inembed, onembed = p.onembed;
  int istride = p.istride, idist = p.idist, ostride = p.ostride, odist = p.odist;
  if (p.basic) {
    // cuFFT's basic layout: dense; the complex side of a real transform holds n/2+1 along the last dimension,
    // and in place the real side is padded to twice that (FFTW's padding, cuFFT's default).
    std::vector<int> real = p.n, cplx = p.n;
    if (r2c || c2r) {
      cplx.back() = p.n.back() / 2 + 1;
      if (inplace) real.back() = 2 * cplx.back();
    }
    inembed = r2c ? real : (c2r ? cplx : p.n);
    onembed = r2c ? cplx : (c2r ? real : p.n);
    istride = ostride = 1;
    idist = odist = 1;
    for (int i = 0; i < rank; ++i) {
      idist *= inembed[i];
      odist *= onembed[i];
    }
  }
  const unsigned flags = FFTW_ESTIMATE;
  void* made = nullptr;
  if (dbl) {
    if (r2c) {
      made = fftw_plan_many_dft_r2c(rank, p.n.data(), p.batch, static_cast<double*>(in), inembed.data(), istride, idist,
                                    static_cast<fftw_complex*>(out), onembed.data(), ostride, odist, flags);
    } else if (c2r) {
      made = fftw_plan_many_dft_c2r(rank, p.n.data(), p.batch, static_cast<fftw_complex*>(in), inembed.data(), istride,
                                    idist, static_cast<double*>(out), onembed.data(), ostride, odist, flags);
    } else {
      made = fftw_plan_many_dft(rank, p.n.data(), p.batch, static_cast<fftw_complex*>(in), inembed.data(), istride,
                                idist, static_cast<fftw_complex*>(out), onembed.data(), ostride, odist, sign, flags);
    }
  } else {
    if (r2c) {
      made = fftwf_plan_many_dft_r2c(rank, p.n.data(), p.batch, static_cast<float*>(in), inembed.data(), istride, idist,
                                     static_cast<fftwf_complex*>(out), onembed.data(), ostride, odist, flags);
    } else if (c2r) {
      made = fftwf_plan_many_dft_c2r(rank, p.n.data(), p.batch, static_cast<fftwf_complex*>(in), inembed.data(),
                                     istride, idist, static_cast<float*>(out), onembed.data(), ostride, odist, flags);
    } else {
      made = fftwf_plan_many_dft(rank, p.n.data(), p.batch, static_cast<fftwf_complex*>(in), inembed.data(), istride,
                                 idist, static_cast<fftwf_complex*>(out), onembed.data(), ostride, odist, sign, flags);
    }
  }
  if (made != nullptr) p.made_plans.emplace(key, made);
  return made;
}

// Checks the plan and the call, finds or makes its FFTW plan, waits for the plan's stream, then runs it.
inline prtfftResult exec(prtfftHandle h, prtfftType want, int sign, void* in, void* out) {
  void* made;
  prtStream_t stream;
  {
    std::lock_guard<std::mutex> guard(lock());
    Plan* p = find(h);
    if (p == nullptr || !p->made) return PRTFFT_INVALID_PLAN;
    if (p->type != want) return PRTFFT_INVALID_TYPE;
    if (in == nullptr || out == nullptr) return PRTFFT_INVALID_VALUE;
    if (sign != FFTW_FORWARD && sign != FFTW_BACKWARD) return PRTFFT_INVALID_VALUE;
    stream = p->stream;
    made = fftw_for(*p, sign, in, out);
  }
  if (made == nullptr) return PRTFFT_INVALID_VALUE;  // FFTW accepts no such layout
  if (prtStreamSynchronize(stream) != 0) return PRTFFT_EXEC_FAILED;
  switch (want) {
    case PRTFFT_C2C:
      fftwf_execute_dft(static_cast<fftwf_plan>(made), static_cast<fftwf_complex*>(in),
                        static_cast<fftwf_complex*>(out));
      break;
    case PRTFFT_R2C:
      fftwf_execute_dft_r2c(static_cast<fftwf_plan>(made), static_cast<float*>(in), static_cast<fftwf_complex*>(out));
      break;
    case PRTFFT_C2R:
      fftwf_execute_dft_c2r(static_cast<fftwf_plan>(made), static_cast<fftwf_complex*>(in), static_cast<float*>(out));
      break;
    case PRTFFT_Z2Z:
      fftw_execute_dft(static_cast<fftw_plan>(made), static_cast<fftw_complex*>(in), static_cast<fftw_complex*>(out));
      break;
    case PRTFFT_D2Z:
      fftw_execute_dft_r2c(static_cast<fftw_plan>(made), static_cast<double*>(in), static_cast<fftw_complex*>(out));
      break;
    case PRTFFT_Z2D:
      fftw_execute_dft_c2r(static_cast<fftw_plan>(made), static_cast<fftw_complex*>(in), static_cast<double*>(out));
      break;
  }
  return PRTFFT_SUCCESS;
}

}  // namespace fft_detail
}  // namespace prt

inline prtfftResult prtfftCreate(prtfftHandle* plan) {
  if (plan == nullptr) return PRTFFT_INVALID_VALUE;
  std::lock_guard<std::mutex> guard(prt::fft_detail::lock());
  auto& all = prt::fft_detail::plans();
  for (size_t i = 0; i < all.size(); ++i) {
    if (!all[i]) {
      all[i] = std::make_unique<prt::fft_detail::Plan>();
      *plan = static_cast<prtfftHandle>(i);
      return PRTFFT_SUCCESS;
    }
  }
  all.push_back(std::make_unique<prt::fft_detail::Plan>());
  *plan = static_cast<prtfftHandle>(all.size() - 1);
  return PRTFFT_SUCCESS;
}
inline prtfftResult prtfftDestroy(prtfftHandle plan) {
  if (plan == PRTFFT_PLAN_NULL) return PRTFFT_SUCCESS;
  std::lock_guard<std::mutex> guard(prt::fft_detail::lock());
  prt::fft_detail::Plan* p = prt::fft_detail::find(plan);
  if (p == nullptr) return PRTFFT_INVALID_PLAN;
  prt::fft_detail::forget(*p);
  prt::fft_detail::plans()[plan].reset();
  return PRTFFT_SUCCESS;
}
inline prtfftResult prtfftMakePlanMany(prtfftHandle plan, int rank, int* n, int* inembed, int istride, int idist,
                                       int* onembed, int ostride, int odist, prtfftType type, int batch,
                                       size_t* workSize) {
  return prt::fft_detail::define(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                 workSize);
}
inline prtfftResult prtfftMakePlan1d(prtfftHandle plan, int nx, prtfftType type, int batch, size_t* workSize) {
  return prt::fft_detail::define(plan, 1, &nx, nullptr, 1, 0, nullptr, 1, 0, type, batch, workSize);
}
inline prtfftResult prtfftMakePlan2d(prtfftHandle plan, int nx, int ny, prtfftType type, size_t* workSize) {
  const int n[2] = {nx, ny};
  return prt::fft_detail::define(plan, 2, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, workSize);
}
inline prtfftResult prtfftMakePlan3d(prtfftHandle plan, int nx, int ny, int nz, prtfftType type, size_t* workSize) {
  const int n[3] = {nx, ny, nz};
  return prt::fft_detail::define(plan, 3, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, workSize);
}

namespace prt {
namespace fft_detail {
// Create then make, destroying the plan again when making fails (as cuFFT's one-step calls leave nothing behind).
template <class Make>
inline prtfftResult create_and(prtfftHandle* plan, Make make) {
  if (plan == nullptr) return PRTFFT_INVALID_VALUE;
  const prtfftResult created = prtfftCreate(plan);
  if (created != PRTFFT_SUCCESS) return created;
  const prtfftResult made = make(*plan);
  if (made != PRTFFT_SUCCESS) {
    prtfftDestroy(*plan);
    *plan = PRTFFT_PLAN_NULL;
  }
  return made;
}
}  // namespace fft_detail
}  // namespace prt

inline prtfftResult prtfftPlan1d(prtfftHandle* plan, int nx, prtfftType type, int batch) {
  return prt::fft_detail::create_and(plan,
                                     [&](prtfftHandle h) { return prtfftMakePlan1d(h, nx, type, batch, nullptr); });
}
inline prtfftResult prtfftPlan2d(prtfftHandle* plan, int nx, int ny, prtfftType type) {
  return prt::fft_detail::create_and(plan, [&](prtfftHandle h) { return prtfftMakePlan2d(h, nx, ny, type, nullptr); });
}
inline prtfftResult prtfftPlan3d(prtfftHandle* plan, int nx, int ny, int nz, prtfftType type) {
  return prt::fft_detail::create_and(plan,
                                     [&](prtfftHandle h) { return prtfftMakePlan3d(h, nx, ny, nz, type, nullptr); });
}
inline prtfftResult prtfftPlanMany(prtfftHandle* plan, int rank, int* n, int* inembed, int istride, int idist,
                                   int* onembed, int ostride, int odist, prtfftType type, int batch) {
  return prt::fft_detail::create_and(plan, [&](prtfftHandle h) {
    return prtfftMakePlanMany(h, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, nullptr);
  });
}
inline prtfftResult prtfftGetSize(prtfftHandle plan, size_t* workSize) {
  std::lock_guard<std::mutex> guard(prt::fft_detail::lock());
  if (prt::fft_detail::find(plan) == nullptr) return PRTFFT_INVALID_PLAN;
  if (workSize != nullptr) *workSize = 0;
  return PRTFFT_SUCCESS;
}
inline prtfftResult prtfftSetWorkArea(prtfftHandle plan, void*) {
  std::lock_guard<std::mutex> guard(prt::fft_detail::lock());
  return prt::fft_detail::find(plan) == nullptr ? PRTFFT_INVALID_PLAN : PRTFFT_SUCCESS;
}
inline prtfftResult prtfftSetAutoAllocation(prtfftHandle plan, int) {
  std::lock_guard<std::mutex> guard(prt::fft_detail::lock());
  return prt::fft_detail::find(plan) == nullptr ? PRTFFT_INVALID_PLAN : PRTFFT_SUCCESS;
}
inline prtfftResult prtfftSetStream(prtfftHandle plan, prtStream_t stream) {
  std::lock_guard<std::mutex> guard(prt::fft_detail::lock());
  prt::fft_detail::Plan* p = prt::fft_detail::find(plan);
  if (p == nullptr) return PRTFFT_INVALID_PLAN;
  p->stream = stream;
  return PRTFFT_SUCCESS;
}
inline prtfftResult prtfftGetVersion(int* version) {
  if (version == nullptr) return PRTFFT_INVALID_VALUE;
  int major = 0, minor = 0, patch = 0;  // fftw_version reads "fftw-3.3.10-sse2-avx"
  const char* v = fftw_version;
  while (*v != '\0' && (*v < '0' || *v > '9')) ++v;
  for (int* part : {&major, &minor, &patch}) {
    while (*v >= '0' && *v <= '9') *part = *part * 10 + (*v++ - '0');
    if (*v == '.') ++v;
  }
  *version = major * 10000 + minor * 100 + patch;
  return PRTFFT_SUCCESS;
}
inline prtfftResult prtfftExecC2C(prtfftHandle plan, prtfftComplex* idata, prtfftComplex* odata, int direction) {
  return prt::fft_detail::exec(plan, PRTFFT_C2C, direction, idata, odata);
}
inline prtfftResult prtfftExecR2C(prtfftHandle plan, prtfftReal* idata, prtfftComplex* odata) {
  return prt::fft_detail::exec(plan, PRTFFT_R2C, FFTW_FORWARD, idata, odata);
}
inline prtfftResult prtfftExecC2R(prtfftHandle plan, prtfftComplex* idata, prtfftReal* odata) {
  return prt::fft_detail::exec(plan, PRTFFT_C2R, FFTW_BACKWARD, idata, odata);
}
inline prtfftResult prtfftExecZ2Z(prtfftHandle plan, prtfftDoubleComplex* idata, prtfftDoubleComplex* odata,
                                  int direction) {
  return prt::fft_detail::exec(plan, PRTFFT_Z2Z, direction, idata, odata);
}
inline prtfftResult prtfftExecD2Z(prtfftHandle plan, prtfftDoubleReal* idata, prtfftDoubleComplex* odata) {
  return prt::fft_detail::exec(plan, PRTFFT_D2Z, FFTW_FORWARD, idata, odata);
}
inline prtfftResult prtfftExecZ2D(prtfftHandle plan, prtfftDoubleComplex* idata, prtfftDoubleReal* odata) {
  return prt::fft_detail::exec(plan, PRTFFT_Z2D, FFTW_BACKWARD, idata, odata);
}
#endif
