// Overlapping copies and compute: the input is split into chunks, and each
// chunk's H2D copy, kernel and D2H copy go to one of several streams, from
// pinned host memory. Compared with the same work on the default stream.
#include <prt/prt.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>


#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        prtError_t err_ = (call);                                              \
        if (err_ != prtSuccess) {                                              \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__,   \
                    __LINE__, prtGetErrorString(err_));                        \
            exit(EXIT_FAILURE);                                                 \
        }                                                                       \
    } while (0)

#define NUM_STREAMS 4

__host__ __device__ inline float work(float x) {
    float v = x;
    for (int k = 0; k < 8; ++k) {
        v = v * 0.75f + 0.25f * sqrtf(fabsf(v) + 1.0f);
    }
    return v;
}

__global__ void process(const float* __restrict__ in, float* __restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = work(in[i]);
}

static const char* out_path(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return getenv("CORPUS_OUT");
}

int main(int argc, char** argv) {
    const int n = 1 << 23;
    const int chunk = n / (NUM_STREAMS * 4);  // 16 chunks round-robin over 4 streams
    const size_t bytes = n * sizeof(float);

    float *h_in, *h_out, *h_out_seq;
    CUDA_CHECK(prtMallocHost(&h_in, bytes));
    CUDA_CHECK(prtMallocHost(&h_out, bytes));
    CUDA_CHECK(prtHostAlloc(&h_out_seq, bytes, prtHostAllocDefault));
    uint32_t s = 4242u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        h_in[i] = (s >> 8) * (1.0f / 16777216.0f) * 8.0f - 4.0f;
    }

    float *d_in, *d_out;
    CUDA_CHECK(prtMalloc(&d_in, bytes));
    CUDA_CHECK(prtMalloc(&d_out, bytes));

    prtStream_t streams[NUM_STREAMS];
    for (int i = 0; i < NUM_STREAMS; ++i) CUDA_CHECK(prtStreamCreateWithFlags(&streams[i], prtStreamNonBlocking));
    prtEvent_t start, stop;
    CUDA_CHECK(prtEventCreate(&start));
    CUDA_CHECK(prtEventCreate(&stop));

    const int threads = 256;

    // Sequential baseline on the default stream.
    CUDA_CHECK(prtEventRecord(start, 0));
    CUDA_CHECK(prtMemcpy(d_in, h_in, bytes, prtMemcpyHostToDevice));
    prtLaunchKernel(process, (n + threads - 1) / threads, threads, 0, 0, d_in, d_out, n);
    CUDA_CHECK(prtGetLastError());
    CUDA_CHECK(prtMemcpy(h_out_seq, d_out, bytes, prtMemcpyDeviceToHost));
    CUDA_CHECK(prtEventRecord(stop, 0));
    CUDA_CHECK(prtEventSynchronize(stop));
    float ms_seq = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_seq, start, stop));

    CUDA_CHECK(prtMemset(d_out, 0, bytes));
    CUDA_CHECK(prtDeviceSynchronize());

    // Chunked version: the same work spread over the streams.
    prtEvent_t chunk_done[NUM_STREAMS];
    for (int i = 0; i < NUM_STREAMS; ++i) CUDA_CHECK(prtEventCreateWithFlags(&chunk_done[i], prtEventDisableTiming));
    CUDA_CHECK(prtEventRecord(start, 0));
    int num_chunks = (n + chunk - 1) / chunk;
    for (int c = 0; c < num_chunks; ++c) {
        prtStream_t st = streams[c % NUM_STREAMS];
        int offset = c * chunk;
        int len = (offset + chunk <= n) ? chunk : n - offset;
        CUDA_CHECK(prtMemcpyAsync(d_in + offset, h_in + offset, len * sizeof(float), prtMemcpyHostToDevice, st));
        prtLaunchKernel(process, (len + threads - 1) / threads, threads, 0, st, d_in + offset, d_out + offset, len);
        CUDA_CHECK(prtGetLastError());
        CUDA_CHECK(prtMemcpyAsync(h_out + offset, d_out + offset, len * sizeof(float), prtMemcpyDeviceToHost, st));
    }
    for (int i = 0; i < NUM_STREAMS; ++i) {
        CUDA_CHECK(prtEventRecord(chunk_done[i], streams[i]));
        CUDA_CHECK(prtStreamWaitEvent(0, chunk_done[i], 0));
    }
    CUDA_CHECK(prtEventRecord(stop, 0));
    CUDA_CHECK(prtEventSynchronize(stop));
    for (int i = 0; i < NUM_STREAMS; ++i) CUDA_CHECK(prtStreamSynchronize(streams[i]));
    float ms_streams = 0.0f;
    CUDA_CHECK(prtEventElapsedTime(&ms_streams, start, stop));

    double max_err = 0.0, max_diff_seq = 0.0, checksum = 0.0;
    for (int i = 0; i < n; ++i) {
        float ref = work(h_in[i]);
        max_err = fmax(max_err, fabs((double)h_out[i] - ref));
        max_diff_seq = fmax(max_diff_seq, fabs((double)h_out[i] - h_out_seq[i]));
        checksum += h_out[i];
    }
    printf("n = %d\nstreams = %d\nchunks = %d\n", n, NUM_STREAMS, num_chunks);
    printf("checksum = %.10e\n", checksum);
    printf("max_err = %.6e\n", max_err);
    printf("max_diff_seq = %.6e\n", max_diff_seq);
    printf("time_sequential_ms = %.4f\n", ms_seq);
    printf("time_streams_ms = %.4f\n", ms_streams);

    const char* path = out_path(argc, argv);
    if (path) {
        FILE* f = fopen(path, "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", path); return 1; }
        fwrite(h_out, sizeof(float), n, f);
        fclose(f);
    }

    for (int i = 0; i < NUM_STREAMS; ++i) {
        CUDA_CHECK(prtEventDestroy(chunk_done[i]));
        CUDA_CHECK(prtStreamDestroy(streams[i]));
    }
    CUDA_CHECK(prtEventDestroy(start));
    CUDA_CHECK(prtEventDestroy(stop));
    CUDA_CHECK(prtFree(d_in));
    CUDA_CHECK(prtFree(d_out));
    CUDA_CHECK(prtFreeHost(h_in));
    CUDA_CHECK(prtFreeHost(h_out));
    CUDA_CHECK(prtFreeHost(h_out_seq));

    bool ok = max_err < 1e-5 && max_diff_seq == 0.0;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
