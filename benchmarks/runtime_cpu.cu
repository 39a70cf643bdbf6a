// runtime_cpu.cu: CPU-backend throughput against OpenMP (built and run by benchmarks/runtime_cpu.py).
//   saxpy   an element-wise kernel (loop path: no barrier, so threads run as a plain loop) vs an OpenMP loop
//   reduce  a shared-memory tree reduction (fiber path: __syncthreads) vs an OpenMP reduction
//   switch  the cost of one fiber switch
#include <prt/prt.h>
#include <prt/cpu/fiber.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void reduce(const float* in, float* out, int n) {
    __shared__ float s[256];
    unsigned t = threadIdx.x;
    float acc = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i];
    s[t] = acc;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

template <class F>
static double best_seconds(int reps, F f) {
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        f();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
}

static prt::cpu::Context g_main, g_fiber;
static long g_switches = 0;
static void ping(void*) {
    prt::cpu::Context::on_fiber_entry();
    for (;;) {
        ++g_switches;
        g_fiber.switch_to(g_main);
    }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 24);
    const int reps = argc > 2 ? std::atoi(argv[2]) : 15;
    std::vector<float> hx(n), hy(n);
    for (int i = 0; i < n; ++i) {
        hx[i] = float(i % 1000) * 1e-3f;
        hy[i] = 1.0f;
    }
    float *x, *y;
    prtMalloc(&x, n * sizeof(float));
    prtMalloc(&y, n * sizeof(float));
    prtMemcpy(x, hx.data(), n * sizeof(float), prtMemcpyHostToDevice);
    prtMemcpy(y, hy.data(), n * sizeof(float), prtMemcpyHostToDevice);
    float* oy = hy.data();
    const float* ox = hx.data();

    // Element-wise: same arithmetic, same arrays sizes, each side on its own buffers.
    double t_prt = best_seconds(reps, [&] { prtLaunchKernel(saxpy, dim3((n + 255) / 256), dim3(256), 0, 0, n, 1.0001f, x, y); });
    double t_omp = best_seconds(reps, [&] {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; ++i) oy[i] = 1.0001f * ox[i] + oy[i];
    });
    std::printf("saxpy n=%d prt %.3f ms (%.2f GB/s)  openmp %.3f ms (%.2f GB/s)  ratio %.3f\n", n, t_prt * 1e3,
                12.0 * n / t_prt * 1e-9, t_omp * 1e3, 12.0 * n / t_omp * 1e-9, t_omp / t_prt);
    // The OpenMP loop again, with the kernel's own index arithmetic (unsigned block * 256 + thread, converted to
    // int): what a compiler makes of the same per-element code without the runtime around it.
    const unsigned nb = unsigned((n + 255) / 256);
    double t_omp_idx = best_seconds(reps, [&] {
#pragma omp parallel for schedule(static)
        for (unsigned b = 0; b < nb; ++b)
            for (unsigned t = 0; t < 256u; ++t) {
                int i = b * 256u + t;
                if (i < n) oy[i] = 1.0001f * ox[i] + oy[i];
            }
    });
    std::printf("saxpy-same-index n=%d prt %.3f ms  openmp %.3f ms  ratio %.3f\n", n, t_prt * 1e3, t_omp_idx * 1e3,
                t_omp_idx / t_prt);

    // Reduction: prt with 256-thread blocks and shared memory vs OpenMP reduction.
    const int blocks = 1024;
    float* partial;
    prtMalloc(&partial, blocks * sizeof(float));
    std::vector<float> hp(blocks);
    double sum_prt = 0, sum_omp = 0;
    double r_prt = best_seconds(reps, [&] {
        prtLaunchKernel(reduce, dim3(blocks), dim3(256), 0, 0, x, partial, n);
        prtMemcpy(hp.data(), partial, blocks * sizeof(float), prtMemcpyDeviceToHost);
        double s = 0;
        for (float v : hp) s += v;
        sum_prt = s;
    });
    double r_omp = best_seconds(reps, [&] {
        float s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static)
        for (int i = 0; i < n; ++i) s += ox[i];
        sum_omp = s;
    });
    std::printf("reduce n=%d blocks=%d prt %.3f ms  openmp %.3f ms  ratio %.3f  (sums %.6g %.6g)\n", n, blocks,
                r_prt * 1e3, r_omp * 1e3, r_omp / r_prt, sum_prt, sum_omp);
    // The same kernel with a CPU-sized grid: fewer blocks, so each thread loops longer between barriers.
    const int few = 4 * int(prt::cpu::Pool::get().size());
    double f_prt = best_seconds(reps, [&] {
        prtLaunchKernel(reduce, dim3(few), dim3(256), 0, 0, x, partial, n);
        prtMemcpy(hp.data(), partial, few * sizeof(float), prtMemcpyDeviceToHost);
        double s = 0;
        for (int i = 0; i < few; ++i) s += hp[i];
        sum_prt = s;
    });
    std::printf("reduce n=%d blocks=%d prt %.3f ms  openmp %.3f ms  ratio %.3f  (sums %.6g %.6g)\n", n, few,
                f_prt * 1e3, r_omp * 1e3, r_omp / f_prt, sum_prt, sum_omp);

    // Fiber switch: a ping-pong between this thread's context and one fiber, two switches per round.
    g_main.adopt_current();
    g_fiber.create(&ping, nullptr, 64 * 1024);
    const long rounds = 2000000;
    auto t0 = std::chrono::steady_clock::now();
    for (long r = 0; r < rounds; ++r) g_main.switch_to(g_fiber);
    double ts = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("switch %.1f ns per switch (%s)\n", ts / (2.0 * rounds) * 1e9,
#if defined(PRT_CPU_ASM_SWITCH)
                "hand-written x86-64"
#else
                "ucontext"
#endif
    );
    std::printf("threads prt %u openmp %d\n", prt::cpu::Pool::get().size(), omp_get_max_threads());
    return g_switches == rounds ? 0 : 1;
}
