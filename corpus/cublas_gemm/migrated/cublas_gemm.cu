// GEMM through cuBLAS: cublasSgemm on float and cublasGemmEx on half inputs
// with float accumulation, both on row-major data (computed as the transposed
// column-major product), checked against a CPU reference.
#include <prt/prt.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

#define CUBLAS_CHECK(call)                                                      \
    do {                                                                        \
        prtblasStatus_t st_ = (call);                                            \
        if (st_ != PRTBLAS_STATUS_SUCCESS) {                                     \
            fprintf(stderr, "cuBLAS error %s at %s:%d: %s\n", #call, __FILE__, \
                    __LINE__, prtblasGetStatusString(st_));                      \
            exit(EXIT_FAILURE);                                                 \
        }                                                                       \
    } while (0)

__global__ void float_to_half(const float* in, __half* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __float2half_rn(in[i]);
}

static void fill(std::vector<float>& v, uint32_t seed) {
    uint32_t s = seed;
    for (auto& x : v) {
        s = s * 1664525u + 1013904223u;
        x = (s >> 8) * (1.0f / 16777216.0f) - 0.5f;
    }
}

// Row-major reference: C = alpha * A(MxK) * B(KxN) + beta * C.
static void gemm_ref(int M, int N, int K, float alpha, const std::vector<float>& A, const std::vector<float>& B,
                     float beta, const std::vector<float>& C0, std::vector<double>& C) {
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
            double acc = 0.0;
            for (int k = 0; k < K; ++k) acc += (double)A[i * K + k] * B[k * N + j];
            C[i * N + j] = alpha * acc + beta * (double)C0[i * N + j];
        }
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    const int M = 256, N = 192, K = 320;
    const float alpha = 1.25f, beta = -0.5f;
    std::vector<float> hA(M * K), hB(K * N), hC0(M * N), hC(M * N), hCex(M * N);
    fill(hA, 101u);
    fill(hB, 202u);
    fill(hC0, 303u);

    float *dA, *dB, *dC, *dCex;
    __half *dA16, *dB16;
    CUDA_CHECK(prtMalloc(&dA, M * K * sizeof(float)));
    CUDA_CHECK(prtMalloc(&dB, K * N * sizeof(float)));
    CUDA_CHECK(prtMalloc(&dC, M * N * sizeof(float)));
    CUDA_CHECK(prtMalloc(&dCex, M * N * sizeof(float)));
    CUDA_CHECK(prtMalloc(&dA16, M * K * sizeof(__half)));
    CUDA_CHECK(prtMalloc(&dB16, K * N * sizeof(__half)));
    CUDA_CHECK(prtMemcpy(dA, hA.data(), M * K * sizeof(float), prtMemcpyHostToDevice));
    CUDA_CHECK(prtMemcpy(dB, hB.data(), K * N * sizeof(float), prtMemcpyHostToDevice));
    CUDA_CHECK(prtMemcpy(dC, hC0.data(), M * N * sizeof(float), prtMemcpyHostToDevice));
    CUDA_CHECK(prtMemcpy(dCex, hC0.data(), M * N * sizeof(float), prtMemcpyHostToDevice));

    prtLaunchKernel(float_to_half, (M * K + 255) / 256, 256, 0, 0, dA, dA16, M * K);
    CUDA_CHECK(prtGetLastError());
    prtLaunchKernel(float_to_half, (K * N + 255) / 256, 256, 0, 0, dB, dB16, K * N);
    CUDA_CHECK(prtGetLastError());

    prtblasHandle_t handle;
    CUBLAS_CHECK(prtblasCreate(&handle));
    prtStream_t stream;
    CUDA_CHECK(prtStreamCreate(&stream));
    CUBLAS_CHECK(prtblasSetStream(handle, stream));
    CUBLAS_CHECK(prtblasSetMathMode(handle, PRTBLAS_DEFAULT_MATH));
    CUDA_CHECK(prtDeviceSynchronize());

    prtEvent_t start, stop;
    CUDA_CHECK(prtEventCreate(&start));
    CUDA_CHECK(prtEventCreate(&stop));

    // Row-major C = A * B is column-major C^T = B^T * A^T: swap the operands.
    CUDA_CHECK(prtEventRecord(start, stream));
    CUBLAS_CHECK(prtblasSgemm(handle, PRTBLAS_OP_N, PRTBLAS_OP_N, N, M, K, &alpha, dB, N, dA, K, &beta, dC, N));
    CUDA_CHECK(prtEventRecord(stop, stream));
    CUDA_CHECK(prtEventSynchronize(stop));
    float ms_sgemm = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_sgemm, start, stop));

    CUDA_CHECK(prtEventRecord(start, stream));
    CUBLAS_CHECK(prtblasGemmEx(handle, PRTBLAS_OP_N, PRTBLAS_OP_N, N, M, K, &alpha, dB16, PRT_R_16F, N, dA16,
                              PRT_R_16F, K, &beta, dCex, PRT_R_32F, N, PRTBLAS_COMPUTE_32F, PRTBLAS_GEMM_DEFAULT));
    CUDA_CHECK(prtEventRecord(stop, stream));
    CUDA_CHECK(prtStreamSynchronize(stream));
    float ms_gemmex = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_gemmex, start, stop));

    CUDA_CHECK(prtMemcpy(hC.data(), dC, M * N * sizeof(float), prtMemcpyDeviceToHost));
    CUDA_CHECK(prtMemcpy(hCex.data(), dCex, M * N * sizeof(float), prtMemcpyDeviceToHost));

    // References: float inputs, and the same inputs rounded to half.
    std::vector<double> ref(M * N), ref16(M * N);
    gemm_ref(M, N, K, alpha, hA, hB, beta, hC0, ref);
    std::vector<float> hA16(hA), hB16(hB);
    for (auto& x : hA16) x = __half2float(__float2half_rn(x));
    for (auto& x : hB16) x = __half2float(__float2half_rn(x));
    gemm_ref(M, N, K, alpha, hA16, hB16, beta, hC0, ref16);

    double err_sgemm = 0.0, err_gemmex = 0.0, checksum = 0.0, checksum_ex = 0.0;
    for (int i = 0; i < M * N; ++i) {
        err_sgemm = fmax(err_sgemm, fabs(hC[i] - ref[i]));
        err_gemmex = fmax(err_gemmex, fabs(hCex[i] - ref16[i]));
        checksum += hC[i];
        checksum_ex += hCex[i];
    }
    printf("M = %d\nN = %d\nK = %d\n", M, N, K);
    printf("checksum_sgemm = %.10e\n", checksum);
    printf("checksum_gemmex = %.10e\n", checksum_ex);
    printf("max_err_sgemm = %.6e\n", err_sgemm);
    printf("max_err_gemmex = %.6e\n", err_gemmex);
    printf("time_sgemm_ms = %.4f\n", ms_sgemm);
    printf("time_gemmex_ms = %.4f\n", ms_gemmex);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(hC.data(), sizeof(float), hC.size(), f);
        fclose(f);
    }

    CUBLAS_CHECK(prtblasDestroy(handle));
    CUDA_CHECK(prtStreamDestroy(stream));
    prtFree(dA); prtFree(dB); prtFree(dC); prtFree(dCex); prtFree(dA16); prtFree(dB16);

    bool ok = err_sgemm < 1e-4 && err_gemmex < 1e-3;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
