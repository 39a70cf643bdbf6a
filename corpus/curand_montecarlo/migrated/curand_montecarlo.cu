// Monte Carlo with cuRAND, both APIs:
//  - host API: a Philox generator fills a buffer with uniforms; a kernel
//    counts the points inside the unit quarter circle to estimate pi;
//  - device API: each thread owns a Philox state (curand_init) and prices a
//    European call option with curand_normal, against Black-Scholes.
#include <prt/prt.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <prt/rand_device.h>

#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        prtError_t err_ = (call);                                              \
        if (err_ != prtSuccess) {                                              \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__,   \
                    __LINE__, prtGetErrorString(err_));                        \
            exit(EXIT_FAILURE);                                                 \
        }                                                                       \
    } while (0)

#define CURAND_CHECK(call)                                                      \
    do {                                                                        \
        prtrandStatus_t st_ = (call);                                            \
        if (st_ != PRTRAND_STATUS_SUCCESS) {                                     \
            fprintf(stderr, "cuRAND error %d at %s:%d\n", (int)st_, __FILE__,  \
                    __LINE__);                                                  \
            exit(EXIT_FAILURE);                                                 \
        }                                                                       \
    } while (0)

// xy holds n x-coordinates followed by n y-coordinates.
#if PRT_BACKEND_CPU && !defined(PRT_CPU_FIBERS)
// On the CPU backend the threads of a block run as loops between the barriers (prt/cpu/regions.h); CUDA, HIP and
// -DPRT_CPU_FIBERS build the kernel as written, below.
#include <prt/cpu/regions_begin.h>
__global__ void count_inside(const float* __restrict__ xy, int n, unsigned long long* count) {
    if (threadIdx.x | threadIdx.y | threadIdx.z) return;  // the block's first thread runs all of them
    ::prt::cpu::RegionBlock prt_block;
    // Local copies of the block's extents and indices: the compiler can then keep them in registers and vectorise
    // the loops over the threads (stores through the kernel's pointers might alias the globals). The loops count
    // in int (a block has at most 1024 threads), so that `int tid = threadIdx.x` is the loop's own counter, which
    // cannot wrap: its accesses are affine and need no sign extension in each iteration.
    const int prt_bx = prt_block.x, prt_by = prt_block.y, prt_bz = prt_block.z;
    [[maybe_unused]] const dim3 blockDim = ::blockDim;
    [[maybe_unused]] const uint3 blockIdx = ::blockIdx;
    [[maybe_unused]] const dim3 gridDim = ::gridDim;
    ::prt::cpu::Lanes<unsigned int> prt_lane_local(prt_block);
    __shared__ unsigned int block_count;
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        if (threadIdx.x == 0) block_count = 0;
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
        auto& local = prt_lane_local[prt_t];
        local = 0;
    }
    int prt_s1_offset = 0;  // how far every thread has strided
    for (bool prt_s1_more = true; prt_s1_more;) {
        prt_s1_more = false;
        for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
        for (int prt_y = 0; prt_y < prt_by; ++prt_y)
        for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
            [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
            const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
            auto& local = prt_lane_local[prt_t];
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            i += prt_s1_offset;
            if (!(i < n)) break;  // the threads after it are past the end too
            prt_s1_more = true;
            {
        float x = xy[i], y = xy[n + i];
        if (x * x + y * y <= 1.0f) ++local;
    }
        }
        if (prt_s1_more) prt_s1_offset += blockDim.x * gridDim.x;
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        const int prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
        auto& local = prt_lane_local[prt_t];
        ::prt::cpu::block_atomicAdd(&block_count, local);
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        if (threadIdx.x == 0) atomicAdd(count, (unsigned long long)block_count);
    }
}
#include <prt/cpu/regions_end.h>
#else
__global__ void count_inside(const float* __restrict__ xy, int n, unsigned long long* count) {
    __shared__ unsigned int block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    unsigned int local = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float x = xy[i], y = xy[n + i];
        if (x * x + y * y <= 1.0f) ++local;
    }
    atomicAdd(&block_count, local);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(count, (unsigned long long)block_count);
}
#endif

__global__ void setup_states(prtrandStatePhilox4_32_10_t* states, unsigned long long seed) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    prtrand_init(seed, id, 0, &states[id]);
}

struct OptionParams {
    float s0, strike, rate, sigma, maturity;
};

__global__ void price_call(prtrandStatePhilox4_32_10_t* states, OptionParams p, int paths_per_thread,
                           float* __restrict__ sum_payoff, float* __restrict__ sum_payoff_sq,
                           float* __restrict__ first_uniform) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    prtrandStatePhilox4_32_10_t state = states[id];
    first_uniform[id] = prtrand_uniform(&state);

    const float drift = (p.rate - 0.5f * p.sigma * p.sigma) * p.maturity;
    const float vol = p.sigma * sqrtf(p.maturity);
    float acc = 0.0f, acc_sq = 0.0f;
    for (int k = 0; k < paths_per_thread; ++k) {
        float z = prtrand_normal(&state);
        float st = p.s0 * expf(drift + vol * z);
        float payoff = fmaxf(st - p.strike, 0.0f);
        acc += payoff;
        acc_sq += payoff * payoff;
    }
    states[id] = state;
    sum_payoff[id] = acc;
    sum_payoff_sq[id] = acc_sq;
}

static double norm_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

static double black_scholes_call(const OptionParams& p) {
    double d1 = (log(p.s0 / p.strike) + (p.rate + 0.5 * p.sigma * p.sigma) * p.maturity) /
                (p.sigma * sqrt(p.maturity));
    double d2 = d1 - p.sigma * sqrt(p.maturity);
    return p.s0 * norm_cdf(d1) - p.strike * exp(-p.rate * p.maturity) * norm_cdf(d2);
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    // Part 1: host API.
    const int n_points = 1 << 20;
    float* d_xy;
    unsigned long long* d_count;
    CUDA_CHECK(prtMalloc(&d_xy, 2 * n_points * sizeof(float)));
    CUDA_CHECK(prtMalloc(&d_count, sizeof(unsigned long long)));
    CUDA_CHECK(prtMemset(d_count, 0, sizeof(unsigned long long)));

    prtrandGenerator_t gen;
    CURAND_CHECK(prtrandCreateGenerator(&gen, PRTRAND_RNG_PSEUDO_PHILOX4_32_10));
    CURAND_CHECK(prtrandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
    CURAND_CHECK(prtrandSetGeneratorOffset(gen, 0ULL));
    CURAND_CHECK(prtrandGenerateUniform(gen, d_xy, 2 * n_points));

    prtEvent_t start, stop;
    CUDA_CHECK(prtEventCreate(&start));
    CUDA_CHECK(prtEventCreate(&stop));
    CUDA_CHECK(prtEventRecord(start));
    prtLaunchKernel(count_inside, 256, 256, 0, 0, d_xy, n_points, d_count);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(stop));
    CUDA_CHECK(prtEventSynchronize(stop));
    float ms_pi = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_pi, start, stop));

    unsigned long long inside = 0;
    CUDA_CHECK(prtMemcpy(&inside, d_count, sizeof(inside), prtMemcpyDeviceToHost));
    std::vector<float> h_xy(2 * n_points);
    CUDA_CHECK(prtMemcpy(h_xy.data(), d_xy, h_xy.size() * sizeof(float), prtMemcpyDeviceToHost));

    unsigned long long inside_ref = 0;
    bool uniforms_in_range = true;
    for (int i = 0; i < n_points; ++i) {
        float x = h_xy[i], y = h_xy[n_points + i];
        if (!(x > 0.0f && x <= 1.0f && y > 0.0f && y <= 1.0f)) uniforms_in_range = false;
        if (x * x + y * y <= 1.0f) ++inside_ref;
    }
    double pi_est = 4.0 * (double)inside / n_points;

    // Part 2: device API.
    const int threads = 128, blocks = 64, total = threads * blocks, paths_per_thread = 512;
    OptionParams p{100.0f, 105.0f, 0.03f, 0.2f, 1.0f};
    prtrandStatePhilox4_32_10_t* d_states;
    float *d_sum, *d_sum_sq, *d_first;
    CUDA_CHECK(prtMalloc(&d_states, total * sizeof(prtrandStatePhilox4_32_10_t)));
    CUDA_CHECK(prtMalloc(&d_sum, total * sizeof(float)));
    CUDA_CHECK(prtMalloc(&d_sum_sq, total * sizeof(float)));
    CUDA_CHECK(prtMalloc(&d_first, total * sizeof(float)));

    CUDA_CHECK(prtEventRecord(start));
    prtLaunchKernel(setup_states, blocks, threads, 0, 0, d_states, 2025ULL);
    CUDA_CHECK(prtGetLastError());
    prtLaunchKernel(price_call, blocks, threads, 0, 0, d_states, p, paths_per_thread, d_sum, d_sum_sq, d_first);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtEventRecord(stop));
    CUDA_CHECK(prtDeviceSynchronize());
    float ms_option = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_option, start, stop));

    std::vector<float> h_sum(total), h_sum_sq(total), h_first(total);
    CUDA_CHECK(prtMemcpy(h_sum.data(), d_sum, total * sizeof(float), prtMemcpyDeviceToHost));
    CUDA_CHECK(prtMemcpy(h_sum_sq.data(), d_sum_sq, total * sizeof(float), prtMemcpyDeviceToHost));
    CUDA_CHECK(prtMemcpy(h_first.data(), d_first, total * sizeof(float), prtMemcpyDeviceToHost));

    double s = 0.0, s2 = 0.0, first_sum = 0.0;
    for (int i = 0; i < total; ++i) { s += h_sum[i]; s2 += h_sum_sq[i]; first_sum += h_first[i]; }
    const double npaths = (double)total * paths_per_thread;
    const double mean = s / npaths;
    const double var = s2 / npaths - mean * mean;
    const double discount = exp(-(double)p.rate * p.maturity);
    const double price = discount * mean;
    const double std_err = discount * sqrt(var / npaths);
    const double price_ref = black_scholes_call(p);

    printf("points = %d\n", n_points);
    printf("inside = %llu\n", inside);
    printf("inside_ref = %llu\n", inside_ref);
    printf("pi_estimate = %.10f\n", pi_est);
    printf("pi_abs_err = %.6e\n", fabs(pi_est - M_PI));
    printf("uniform_checksum = %.10e\n", first_sum);
    printf("paths = %.0f\n", npaths);
    printf("option_price = %.10f\n", price);
    printf("option_price_ref = %.10f\n", price_ref);
    printf("option_std_err = %.6e\n", std_err);
    printf("time_pi_ms = %.4f\n", ms_pi);
    printf("time_option_ms = %.4f\n", ms_option);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(h_xy.data(), sizeof(float), h_xy.size(), f);
        fclose(f);
    }

    CURAND_CHECK(prtrandDestroyGenerator(gen));
    prtFree(d_xy); prtFree(d_count); prtFree(d_states); prtFree(d_sum); prtFree(d_sum_sq); prtFree(d_first);

    // Counting is exact; the estimates must sit within a few standard errors.
    double pi_sigma = 4.0 * sqrt((M_PI / 4) * (1 - M_PI / 4) / n_points);
    bool ok = uniforms_in_range && inside == inside_ref && fabs(pi_est - M_PI) < 5 * pi_sigma &&
              fabs(price - price_ref) < 5 * std_err;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
