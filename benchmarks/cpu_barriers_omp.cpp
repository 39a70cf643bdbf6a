// OpenMP counterparts of the corpus barrier kernels, at the corpus programs' sizes, for benchmarks/cpu_barriers.py:
// the loop an OpenMP programmer writes for the same result (a reduction clause, a row-parallel matmul, a
// row-parallel Jacobi sweep, a two-pass blocked scan, per-thread histograms merged). Each prints the corpus
// program's own time key, timed the way the program times its launches (one run of the computation).
#include <omp.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

static double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static uint32_t lcg = 2024u;
static float uniform() {
    lcg = lcg * 1664525u + 1013904223u;
    return (lcg >> 8) * (1.0f / 16777216.0f);
}

int main() {
    double sink = 0;
    {  // reduction: n floats to one sum (corpus/reduction reduce_shared + its second pass)
        const int n = (1 << 22) + 123;
        std::vector<float> x(n);
        for (auto& v : x) v = uniform();
        double t = now_ms();
        float s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static)
        for (int i = 0; i < n; ++i) s += x[i];
        std::printf("reduction time_shared_ms = %.4f\n", now_ms() - t);
        sink += s;
    }
    {  // matmul_tiled: C = A B, 300 x 270 by 270 x 260
        const int M = 300, N = 260, K = 270;
        std::vector<float> A(M * K), B(K * N), C(M * N);
        for (auto& v : A) v = uniform() - 0.5f;
        for (auto& v : B) v = uniform() - 0.5f;
        double t = now_ms();
#pragma omp parallel for schedule(static)
        for (int r = 0; r < M; ++r) {
            float* c = &C[r * N];
            for (int j = 0; j < N; ++j) c[j] = 0.0f;
            for (int k = 0; k < K; ++k) {
                float a = A[r * K + k];
                const float* b = &B[k * N];
                for (int j = 0; j < N; ++j) c[j] += a * b[j];
            }
        }
        std::printf("matmul_tiled time_tiled_ms = %.4f\n", now_ms() - t);
        sink += C[7];
    }
    {  // stencil: 50 Jacobi sweeps of a 500 x 300 grid, edges copied
        const int W = 500, H = 300, iterations = 50;
        std::vector<float> a(W * H), b(W * H);
        for (auto& v : a) v = uniform();
        double t = now_ms();
        for (int it = 0; it < iterations; ++it) {
#pragma omp parallel for schedule(static)
            for (int y = 0; y < H; ++y)
                for (int x = 0; x < W; ++x) {
                    int i = y * W + x;
                    b[i] = (x == 0 || y == 0 || x == W - 1 || y == H - 1)
                               ? a[i]
                               : 0.25f * (a[i - 1] + a[i + 1] + a[i - W] + a[i + W]);
                }
            a.swap(b);
        }
        std::printf("stencil time_ms = %.4f\n", now_ms() - t);
        sink += a[W + 1];
    }
    {  // prefix_sum: inclusive scan of 3,000,000 ints
        const int n = 3000000;
        std::vector<int> in(n), out(n);
        for (auto& v : in) v = int(uniform() * 100) - 20;
        double t = now_ms();
        int threads = omp_get_max_threads();
        std::vector<long long> part(threads + 1, 0);
#pragma omp parallel num_threads(threads)
        {
            int id = omp_get_thread_num(), nt = omp_get_num_threads();
            int lo = int((long long)n * id / nt), hi = int((long long)n * (id + 1) / nt);
            int s = 0;
            for (int i = lo; i < hi; ++i) out[i] = s += in[i];
            part[id + 1] = s;
#pragma omp barrier
#pragma omp single
            for (int i = 1; i <= nt; ++i) part[i] += part[i - 1];
            int add = int(part[id]);
            for (int i = lo; i < hi; ++i) out[i] += add;
        }
        std::printf("prefix_sum time_ms = %.4f\n", now_ms() - t);
        sink += out[n - 1];
    }
    {  // histogram: 2^24 bytes into 256 bins, per-thread bins merged
        const size_t n = size_t(1) << 24;
        std::vector<unsigned char> data(n);
        for (auto& v : data) v = (unsigned char)(uniform() * 256);
        std::vector<unsigned> hist(256, 0);
        double t = now_ms();
#pragma omp parallel
        {
            unsigned local[256] = {0};
#pragma omp for schedule(static)
            for (long long i = 0; i < (long long)n; ++i) ++local[data[i]];
            for (int b = 0; b < 256; ++b)
                if (local[b]) {
#pragma omp atomic
                    hist[b] += local[b];
                }
        }
        std::printf("histogram time_shared_ms = %.4f\n", now_ms() - t);
        sink += hist[3];
    }
    std::printf("checksum %g\n", sink);
    return 0;
}
