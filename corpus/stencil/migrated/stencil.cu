// 2-D Jacobi relaxation (5-point stencil) with the tile and its one-cell halo
// staged in shared memory. Border cells are fixed (Dirichlet boundary).
#include <prt/prt.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>


#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        prtError_t err_ = (call);                                              \
        if (err_ != prtSuccess) {                                              \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__,   \
                    __LINE__, prtGetErrorString(err_));                        \
            exit(EXIT_FAILURE);                                                 \
        }                                                                       \
    } while (0)

#define BLOCK_X 32
#define BLOCK_Y 8
#define RADIUS 1

#if PRT_BACKEND_CPU && !defined(PRT_CPU_FIBERS)
// On the CPU backend the threads of a block run as loops between the barriers (prt/cpu/regions.h); CUDA, HIP and
// -DPRT_CPU_FIBERS build the kernel as written, below.
#include <prt/cpu/regions_begin.h>
__global__ void jacobi_step(const float* __restrict__ in, float* __restrict__ out, int width, int height) {
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
    __shared__ float tile[BLOCK_Y + 2 * RADIUS][BLOCK_X + 2 * RADIUS];
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        int gx = blockIdx.x * BLOCK_X + threadIdx.x;
    int gy = blockIdx.y * BLOCK_Y + threadIdx.y;
    int lx = threadIdx.x + RADIUS;
    int ly = threadIdx.y + RADIUS;

    // Clamp reads so the halo of edge blocks stays inside the grid.
    auto at = [&](int x, int y) {
        x = min(max(x, 0), width - 1);
        y = min(max(y, 0), height - 1);
        return in[y * width + x];
    };

    tile[ly][lx] = at(gx, gy);
    if (threadIdx.x < RADIUS) {
        tile[ly][lx - RADIUS] = at(gx - RADIUS, gy);
        tile[ly][lx + BLOCK_X] = at(gx + BLOCK_X, gy);
    }
    if (threadIdx.y < RADIUS) {
        tile[ly - RADIUS][lx] = at(gx, gy - RADIUS);
        tile[ly + BLOCK_Y][lx] = at(gx, gy + BLOCK_Y);
    }
    }
    for (int prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (int prt_y = 0; prt_y < prt_by; ++prt_y)
    for (int prt_x = 0; prt_x < prt_bx; ++prt_x) {
        [[maybe_unused]] const uint3 threadIdx = ::prt::cpu::thread_index(prt_x, prt_y, prt_z);
        int gx = blockIdx.x * BLOCK_X + threadIdx.x;
        int gy = blockIdx.y * BLOCK_Y + threadIdx.y;
        int lx = threadIdx.x + RADIUS;
        int ly = threadIdx.y + RADIUS;
        if (gx < width && gy < height) {
        float v;
        if (gx == 0 || gy == 0 || gx == width - 1 || gy == height - 1) {
            v = tile[ly][lx];
        } else {
            v = 0.25f * (tile[ly][lx - 1] + tile[ly][lx + 1] + tile[ly - 1][lx] + tile[ly + 1][lx]);
        }
        out[gy * width + gx] = v;
    }
    }
}
#include <prt/cpu/regions_end.h>
#else
__global__ void jacobi_step(const float* __restrict__ in, float* __restrict__ out, int width, int height) {
    __shared__ float tile[BLOCK_Y + 2 * RADIUS][BLOCK_X + 2 * RADIUS];

    int gx = blockIdx.x * BLOCK_X + threadIdx.x;
    int gy = blockIdx.y * BLOCK_Y + threadIdx.y;
    int lx = threadIdx.x + RADIUS;
    int ly = threadIdx.y + RADIUS;

    // Clamp reads so the halo of edge blocks stays inside the grid.
    auto at = [&](int x, int y) {
        x = min(max(x, 0), width - 1);
        y = min(max(y, 0), height - 1);
        return in[y * width + x];
    };

    tile[ly][lx] = at(gx, gy);
    if (threadIdx.x < RADIUS) {
        tile[ly][lx - RADIUS] = at(gx - RADIUS, gy);
        tile[ly][lx + BLOCK_X] = at(gx + BLOCK_X, gy);
    }
    if (threadIdx.y < RADIUS) {
        tile[ly - RADIUS][lx] = at(gx, gy - RADIUS);
        tile[ly + BLOCK_Y][lx] = at(gx, gy + BLOCK_Y);
    }
    __syncthreads();

    if (gx < width && gy < height) {
        float v;
        if (gx == 0 || gy == 0 || gx == width - 1 || gy == height - 1) {
            v = tile[ly][lx];
        } else {
            v = 0.25f * (tile[ly][lx - 1] + tile[ly][lx + 1] + tile[ly - 1][lx] + tile[ly + 1][lx]);
        }
        out[gy * width + gx] = v;
    }
}
#endif

static void jacobi_cpu(const std::vector<float>& in, std::vector<float>& out, int w, int h) {
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
                out[y * w + x] = in[y * w + x];
            } else {
                out[y * w + x] = 0.25f * (in[y * w + x - 1] + in[y * w + x + 1] +
                                          in[(y - 1) * w + x] + in[(y + 1) * w + x]);
            }
        }
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    const int width = 500, height = 300, iterations = 50;
    const size_t count = (size_t)width * height;
    std::vector<float> h_grid(count);
    uint32_t s = 99u;
    for (size_t i = 0; i < count; ++i) {
        s = s * 1664525u + 1013904223u;
        h_grid[i] = (s >> 8) * (1.0f / 16777216.0f);
    }
    // Hot left edge, cold right edge.
    for (int y = 0; y < height; ++y) {
        h_grid[y * width] = 1.0f;
        h_grid[y * width + width - 1] = 0.0f;
    }

    float *d_a, *d_b;
    CUDA_CHECK(prtMalloc(&d_a, count * sizeof(float)));
    CUDA_CHECK(prtMalloc(&d_b, count * sizeof(float)));
    CUDA_CHECK(prtMemcpy(d_a, h_grid.data(), count * sizeof(float), prtMemcpyHostToDevice));

    dim3 block(BLOCK_X, BLOCK_Y);
    dim3 grid((width + BLOCK_X - 1) / BLOCK_X, (height + BLOCK_Y - 1) / BLOCK_Y);

    prtEvent_t start, stop;
    CUDA_CHECK(prtEventCreate(&start));
    CUDA_CHECK(prtEventCreate(&stop));
    CUDA_CHECK(prtEventRecord(start));
    for (int it = 0; it < iterations; ++it) {
        prtLaunchKernel(jacobi_step, grid, block, 0, 0, d_a, d_b, width, height);
        CUDA_CHECK(prtGetLastError());
        std::swap(d_a, d_b);
    }
    CUDA_CHECK(prtEventRecord(stop));
    CUDA_CHECK(prtEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms, start, stop));

    std::vector<float> h_out(count);
    CUDA_CHECK(prtMemcpy(h_out.data(), d_a, count * sizeof(float), prtMemcpyDeviceToHost));

    std::vector<float> ref = h_grid, tmp(count);
    for (int it = 0; it < iterations; ++it) {
        jacobi_cpu(ref, tmp, width, height);
        ref.swap(tmp);
    }

    double max_err = 0.0, checksum = 0.0;
    for (size_t i = 0; i < count; ++i) {
        max_err = fmax(max_err, fabs((double)h_out[i] - ref[i]));
        checksum += h_out[i];
    }
    printf("width = %d\nheight = %d\niterations = %d\n", width, height, iterations);
    printf("checksum = %.10e\n", checksum);
    printf("center = %.9e\n", (double)h_out[(height / 2) * width + width / 2]);
    printf("max_err = %.6e\n", max_err);
    printf("time_ms = %.4f\n", ms);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(h_out.data(), sizeof(float), count, f);
        fclose(f);
    }

    CUDA_CHECK(prtFree(d_a));
    CUDA_CHECK(prtFree(d_b));
    bool ok = max_err < 1e-6;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
