// prt/gpu/fft.h: the GPU backend of prt/fft.h, written once: cuFFT on CUDA (link with -lcufft), hipFFT on HIP
// (link with -lhipfft). hipFFT's plans are pointers while prtfftHandle is cuFFT's int, so on HIP the handles index a
// table of hipFFT plans; on CUDA a handle is the cuFFT plan itself.
#pragma once

#if PRT_BACKEND_CUDA && !__has_include(<cufft.h>)
#error \
    "prt/fft.h on the CUDA backend needs cuFFT's headers: install the CUDA toolkit's cuFFT (or pip install nvidia-cufft) and put its include folder on the path"
#elif !PRT_BACKEND_CUDA && !__has_include(<hipfft/hipfft.h>) && !__has_include(<hipfft.h>)
#error \
    "prt/fft.h on the HIP backend needs hipFFT: install ROCm's hipfft (hipfft-dev) and put its include folder on the path"
#else
#if PRT_BACKEND_CUDA
#include <cufft.h>
// PRT_FFT(Name): the vendor's spelling of a cuFFT name.
#define PRT_FFT(name) cufft##name
#else
#if __has_include(<hipfft/hipfft.h>)
#include <hipfft/hipfft.h>
#else
#include <hipfft.h>
#endif
#define PRT_FFT(name) hipfft##name
#endif

#if !PRT_BACKEND_CUDA
#include <mutex>
#include <vector>
#endif

namespace prt {
namespace fft_detail {
inline prtfftResult status(PRT_FFT(Result) r) { return static_cast<prtfftResult>(r); }  // hipFFT keeps cuFFT's values
inline PRT_FFT(Type) type(prtfftType t) { return static_cast<PRT_FFT(Type)>(t); }
#if PRT_BACKEND_CUDA
inline cufftHandle native(prtfftHandle h) { return h; }
inline cufftHandle release(prtfftHandle h) { return h; }
// Makes a plan with make(&vendor_plan) and stores it in *plan.
template <class Make>
inline prtfftResult make(prtfftHandle* plan, Make make_plan) {
  return status(make_plan(plan));
}
#else
inline std::mutex& lock() {
  static std::mutex m;
  return m;
}
inline std::vector<hipfftHandle>& table() {
  static std::vector<hipfftHandle> t;
  return t;
}
// The hipFFT plan behind a handle, or null.
inline hipfftHandle native(prtfftHandle h) {
  std::lock_guard<std::mutex> guard(lock());
  return h >= 0 && static_cast<size_t>(h) < table().size() ? table()[h] : nullptr;
}
// The hipFFT plan behind a handle, its table entry freed; null for no plan.
inline hipfftHandle release(prtfftHandle h) {
  std::lock_guard<std::mutex> guard(lock());
  if (h < 0 || static_cast<size_t>(h) >= table().size()) return nullptr;
  hipfftHandle p = table()[h];
  table()[h] = nullptr;
  return p;
}
// Makes a plan with make(&vendor_plan) and stores it in the table, *plan getting its index.
template <class Make>
inline prtfftResult make(prtfftHandle* plan, Make make_plan) {
  if (plan == nullptr) return PRTFFT_INVALID_VALUE;
  hipfftHandle p = nullptr;
  const hipfftResult r = make_plan(&p);
  if (r != HIPFFT_SUCCESS) return status(r);
  std::lock_guard<std::mutex> guard(lock());
  auto& t = table();
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == nullptr) {
      t[i] = p;
      *plan = static_cast<prtfftHandle>(i);
      return PRTFFT_SUCCESS;
    }
  }
  t.push_back(p);
  *plan = static_cast<prtfftHandle>(t.size() - 1);
  return PRTFFT_SUCCESS;
}
#endif
}  // namespace fft_detail
}  // namespace prt

inline prtfftResult prtfftPlan1d(prtfftHandle* plan, int nx, prtfftType type, int batch) {
  return prt::fft_detail::make(
      plan, [&](PRT_FFT(Handle)* p) { return PRT_FFT(Plan1d)(p, nx, prt::fft_detail::type(type), batch); });
}
inline prtfftResult prtfftPlan2d(prtfftHandle* plan, int nx, int ny, prtfftType type) {
  return prt::fft_detail::make(
      plan, [&](PRT_FFT(Handle)* p) { return PRT_FFT(Plan2d)(p, nx, ny, prt::fft_detail::type(type)); });
}
inline prtfftResult prtfftPlan3d(prtfftHandle* plan, int nx, int ny, int nz, prtfftType type) {
  return prt::fft_detail::make(
      plan, [&](PRT_FFT(Handle)* p) { return PRT_FFT(Plan3d)(p, nx, ny, nz, prt::fft_detail::type(type)); });
}
inline prtfftResult prtfftPlanMany(prtfftHandle* plan, int rank, int* n, int* inembed, int istride, int idist,
                                   int* onembed, int ostride, int odist, prtfftType type, int batch) {
  return prt::fft_detail::make(plan, [&](PRT_FFT(Handle)* p) {
    return PRT_FFT(PlanMany)(p, rank, n, inembed, istride, idist, onembed, ostride, odist, prt::fft_detail::type(type),
                             batch);
  });
}
inline prtfftResult prtfftCreate(prtfftHandle* plan) {
  return prt::fft_detail::make(plan, [](PRT_FFT(Handle)* p) { return PRT_FFT(Create)(p); });
}
inline prtfftResult prtfftMakePlan1d(prtfftHandle plan, int nx, prtfftType type, int batch, size_t* workSize) {
  return prt::fft_detail::status(
      PRT_FFT(MakePlan1d)(prt::fft_detail::native(plan), nx, prt::fft_detail::type(type), batch, workSize));
}
inline prtfftResult prtfftMakePlan2d(prtfftHandle plan, int nx, int ny, prtfftType type, size_t* workSize) {
  return prt::fft_detail::status(
      PRT_FFT(MakePlan2d)(prt::fft_detail::native(plan), nx, ny, prt::fft_detail::type(type), workSize));
}
inline prtfftResult prtfftMakePlan3d(prtfftHandle plan, int nx, int ny, int nz, prtfftType type, size_t* workSize) {
  return prt::fft_detail::status(
      PRT_FFT(MakePlan3d)(prt::fft_detail::native(plan), nx, ny, nz, prt::fft_detail::type(type), workSize));
}
inline prtfftResult prtfftMakePlanMany(prtfftHandle plan, int rank, int* n, int* inembed, int istride, int idist,
                                       int* onembed, int ostride, int odist, prtfftType type, int batch,
                                       size_t* workSize) {
  return prt::fft_detail::status(PRT_FFT(MakePlanMany)(prt::fft_detail::native(plan), rank, n, inembed, istride, idist,
                                                       onembed, ostride, odist, prt::fft_detail::type(type), batch,
                                                       workSize));
}
inline prtfftResult prtfftGetSize(prtfftHandle plan, size_t* workSize) {
  return prt::fft_detail::status(PRT_FFT(GetSize)(prt::fft_detail::native(plan), workSize));
}
inline prtfftResult prtfftSetWorkArea(prtfftHandle plan, void* workArea) {
  return prt::fft_detail::status(PRT_FFT(SetWorkArea)(prt::fft_detail::native(plan), workArea));
}
inline prtfftResult prtfftSetAutoAllocation(prtfftHandle plan, int autoAllocate) {
  return prt::fft_detail::status(PRT_FFT(SetAutoAllocation)(prt::fft_detail::native(plan), autoAllocate));
}
inline prtfftResult prtfftSetStream(prtfftHandle plan, prtStream_t stream) {
  return prt::fft_detail::status(PRT_FFT(SetStream)(prt::fft_detail::native(plan), (PRT_GPU(Stream_t))stream));
}
inline prtfftResult prtfftDestroy(prtfftHandle plan) {
  if (plan == PRTFFT_PLAN_NULL) return PRTFFT_SUCCESS;  // cuFFT's promise, kept on HIP too
  return prt::fft_detail::status(PRT_FFT(Destroy)(prt::fft_detail::release(plan)));
}
inline prtfftResult prtfftGetVersion(int* version) { return prt::fft_detail::status(PRT_FFT(GetVersion)(version)); }
inline prtfftResult prtfftExecC2C(prtfftHandle plan, prtfftComplex* idata, prtfftComplex* odata, int direction) {
  return prt::fft_detail::status(PRT_FFT(ExecC2C)(prt::fft_detail::native(plan),
                                                  reinterpret_cast<PRT_FFT(Complex)*>(idata),
                                                  reinterpret_cast<PRT_FFT(Complex)*>(odata), direction));
}
inline prtfftResult prtfftExecR2C(prtfftHandle plan, prtfftReal* idata, prtfftComplex* odata) {
  return prt::fft_detail::status(
      PRT_FFT(ExecR2C)(prt::fft_detail::native(plan), idata, reinterpret_cast<PRT_FFT(Complex)*>(odata)));
}
inline prtfftResult prtfftExecC2R(prtfftHandle plan, prtfftComplex* idata, prtfftReal* odata) {
  return prt::fft_detail::status(
      PRT_FFT(ExecC2R)(prt::fft_detail::native(plan), reinterpret_cast<PRT_FFT(Complex)*>(idata), odata));
}
inline prtfftResult prtfftExecZ2Z(prtfftHandle plan, prtfftDoubleComplex* idata, prtfftDoubleComplex* odata,
                                  int direction) {
  return prt::fft_detail::status(PRT_FFT(ExecZ2Z)(prt::fft_detail::native(plan),
                                                  reinterpret_cast<PRT_FFT(DoubleComplex)*>(idata),
                                                  reinterpret_cast<PRT_FFT(DoubleComplex)*>(odata), direction));
}
inline prtfftResult prtfftExecD2Z(prtfftHandle plan, prtfftDoubleReal* idata, prtfftDoubleComplex* odata) {
  return prt::fft_detail::status(
      PRT_FFT(ExecD2Z)(prt::fft_detail::native(plan), idata, reinterpret_cast<PRT_FFT(DoubleComplex)*>(odata)));
}
inline prtfftResult prtfftExecZ2D(prtfftHandle plan, prtfftDoubleComplex* idata, prtfftDoubleReal* odata) {
  return prt::fft_detail::status(
      PRT_FFT(ExecZ2D)(prt::fft_detail::native(plan), reinterpret_cast<PRT_FFT(DoubleComplex)*>(idata), odata));
}
#endif
