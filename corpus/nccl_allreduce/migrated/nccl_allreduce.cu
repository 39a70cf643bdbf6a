// Single-process, multi-GPU all-reduce: one NCCL communicator per visible GPU
// (ncclCommInitAll), a sum and a max all-reduce inside group calls, results
// checked on every rank. Works with one GPU as well.
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

#define NCCL_CHECK(call)                                                        \
    do {                                                                        \
        prtcclResult_t res_ = (call);                                             \
        if (res_ != prtcclSuccess) {                                              \
            fprintf(stderr, "NCCL error %s at %s:%d: %s\n", #call, __FILE__,   \
                    __LINE__, prtcclGetErrorString(res_));                        \
            exit(EXIT_FAILURE);                                                 \
        }                                                                       \
    } while (0)

// Small integers, so sums are exact in float whatever order NCCL adds them in.
__global__ void fill_rank(float* buf, size_t n, int rank) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) {
        buf[i] = (float)((i * 7 + rank * 13) % 31) - 15.0f;
    }
}

static float host_value(size_t i, int rank) { return (float)((i * 7 + rank * 13) % 31) - 15.0f; }

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    int nranks = 0;
    CUDA_CHECK(prtGetDeviceCount(&nranks));
    if (nranks < 1) {
        fprintf(stderr, "no CUDA device\n");
        printf("FAIL\n");
        return 1;
    }
    const size_t count = 1 << 20;

    int version = 0;
    NCCL_CHECK(prtcclGetVersion(&version));
    printf("nccl_version = %d\n", version);
    printf("nranks = %d\n", nranks);

    std::vector<int> devs(nranks);
    for (int r = 0; r < nranks; ++r) devs[r] = r;
    std::vector<prtcclComm_t> comms(nranks);
    NCCL_CHECK(prtcclCommInitAll(comms.data(), nranks, devs.data()));

    std::vector<float*> sendbuf(nranks), recvbuf(nranks), maxbuf(nranks);
    std::vector<prtStream_t> streams(nranks);
    std::vector<prtEvent_t> starts(nranks), stops(nranks);
    for (int r = 0; r < nranks; ++r) {
        CUDA_CHECK(prtSetDevice(devs[r]));
        CUDA_CHECK(prtMalloc(&sendbuf[r], count * sizeof(float)));
        CUDA_CHECK(prtMalloc(&recvbuf[r], count * sizeof(float)));
        CUDA_CHECK(prtMalloc(&maxbuf[r], count * sizeof(float)));
        CUDA_CHECK(prtStreamCreate(&streams[r]));
        CUDA_CHECK(prtEventCreate(&starts[r]));
        CUDA_CHECK(prtEventCreate(&stops[r]));
        prtLaunchKernel(fill_rank, 256, 256, 0, streams[r], sendbuf[r], count, r);
        CUDA_CHECK(prtGetLastError());
    }

    NCCL_CHECK(prtcclGroupStart());
    for (int r = 0; r < nranks; ++r) {
        CUDA_CHECK(prtSetDevice(devs[r]));
        CUDA_CHECK(prtEventRecord(starts[r], streams[r]));
        NCCL_CHECK(prtcclAllReduce(sendbuf[r], recvbuf[r], count, prtcclFloat, prtcclSum, comms[r], streams[r]));
        NCCL_CHECK(prtcclAllReduce(sendbuf[r], maxbuf[r], count, prtcclFloat32, prtcclMax, comms[r], streams[r]));
    }
    NCCL_CHECK(prtcclGroupEnd());
    for (int r = 0; r < nranks; ++r) {
        CUDA_CHECK(prtSetDevice(devs[r]));
        CUDA_CHECK(prtEventRecord(stops[r], streams[r]));
    }
    for (int r = 0; r < nranks; ++r) {
        CUDA_CHECK(prtSetDevice(devs[r]));
        CUDA_CHECK(prtStreamSynchronize(streams[r]));
    }

    float ms0 = 0.0f;
    CUDA_CHECK(prtSetDevice(devs[0]));
    CUDA_CHECK(prtEventElapsedTime(&ms0, starts[0], stops[0]));

    // CPU reference.
    std::vector<float> ref_sum(count), ref_max(count);
    for (size_t i = 0; i < count; ++i) {
        float s = 0.0f, m = -INFINITY;
        for (int r = 0; r < nranks; ++r) {
            float v = host_value(i, r);
            s += v;
            m = fmaxf(m, v);
        }
        ref_sum[i] = s;
        ref_max[i] = m;
    }

    int bad_ranks = 0;
    std::vector<float> h_sum(count), h_max(count), rank0(count);
    double checksum = 0.0, max_checksum = 0.0;
    for (int r = 0; r < nranks; ++r) {
        CUDA_CHECK(prtSetDevice(devs[r]));
        CUDA_CHECK(prtMemcpy(h_sum.data(), recvbuf[r], count * sizeof(float), prtMemcpyDeviceToHost));
        CUDA_CHECK(prtMemcpy(h_max.data(), maxbuf[r], count * sizeof(float), prtMemcpyDeviceToHost));
        size_t bad = 0;
        for (size_t i = 0; i < count; ++i)
            if (h_sum[i] != ref_sum[i] || h_max[i] != ref_max[i]) ++bad;
        if (bad) {
            fprintf(stderr, "rank %d: %zu wrong elements\n", r, bad);
            ++bad_ranks;
        }
        if (r == 0) {
            rank0 = h_sum;
            for (size_t i = 0; i < count; ++i) { checksum += h_sum[i]; max_checksum += h_max[i]; }
        }
    }
    printf("count = %zu\n", count);
    printf("checksum_sum = %.10e\n", checksum);
    printf("checksum_max = %.10e\n", max_checksum);
    printf("bad_ranks = %d\n", bad_ranks);
    printf("time_rank0_ms = %.4f\n", ms0);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(rank0.data(), sizeof(float), count, f);
        fclose(f);
    }

    for (int r = 0; r < nranks; ++r) {
        CUDA_CHECK(prtSetDevice(devs[r]));
        CUDA_CHECK(prtFree(sendbuf[r]));
        CUDA_CHECK(prtFree(recvbuf[r]));
        CUDA_CHECK(prtFree(maxbuf[r]));
        CUDA_CHECK(prtStreamDestroy(streams[r]));
        CUDA_CHECK(prtEventDestroy(starts[r]));
        CUDA_CHECK(prtEventDestroy(stops[r]));
        NCCL_CHECK(prtcclCommDestroy(comms[r]));
    }
    bool ok = bad_ranks == 0;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
