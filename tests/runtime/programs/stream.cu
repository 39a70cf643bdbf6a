// Streams and events: per-stream order, cross-stream order through events, host functions in stream order,
// timing, flags and priorities, and the errors CUDA reports for misuse.
#include <vector>

#include "check.h"

__global__ void axpb(float* v, float a, float b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = a * v[i] + b;
}

__global__ void add_from(float* dst, const float* src, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] += src[i];
}

static void mark(void* p) { *static_cast<int*>(p) += 1; }

int main() {
    const int n = 4096;
    std::vector<float> h(n);
    for (int i = 0; i < n; ++i) h[i] = float(i % 100);
    float *a, *b;
    CHECK_OK(prtMalloc(&a, n * sizeof(float)));
    CHECK_OK(prtMalloc(&b, n * sizeof(float)));
    prtStream_t s1, s2;
    CHECK_OK(prtStreamCreateWithFlags(&s1, prtStreamNonBlocking));
    CHECK_OK(prtStreamCreate(&s2));
    unsigned flags = 99;
    CHECK_OK(prtStreamGetFlags(s1, &flags));
    CHECK(flags == prtStreamNonBlocking);
    CHECK_OK(prtStreamGetFlags(s2, &flags));
    CHECK(flags == prtStreamDefault);
    prtEvent_t done1, start, stop;
    CHECK_OK(prtEventCreateWithFlags(&done1, prtEventDisableTiming));
    CHECK_OK(prtEventCreate(&start));
    CHECK_OK(prtEventCreate(&stop));

    // s1: upload, then ((x*2)+1)*3-4 in order.
    CHECK_OK(prtEventRecord(start, s1));
    CHECK_OK(prtMemcpyAsync(a, h.data(), n * sizeof(float), prtMemcpyHostToDevice, s1));
    CHECK_OK(prtLaunchKernel(axpb, dim3(n / 256), dim3(256), 0, s1, a, 2.0f, 1.0f, n));
    CHECK_OK(prtLaunchKernel(axpb, dim3(n / 256), dim3(256), 0, s1, a, 3.0f, -4.0f, n));
    CHECK_OK(prtEventRecord(done1, s1));
    // s2 waits for s1's work, then adds a into b.
    CHECK_OK(prtMemsetAsync(b, 0, n * sizeof(float), s2));
    CHECK_OK(prtStreamWaitEvent(s2, done1, 0));
    CHECK_OK(prtLaunchKernel(add_from, dim3(n / 256), dim3(256), 0, s2, b, a, n));
    int calls = 0;
    CHECK_OK(prtLaunchHostFunc(s2, mark, &calls));
    CHECK_OK(prtEventRecord(stop, s2));
    CHECK_OK(prtEventSynchronize(stop));
    CHECK(prtEventQuery(stop) == prtSuccess);
    CHECK(calls == 1);
    CHECK_OK(prtStreamSynchronize(s2));
    CHECK(prtStreamQuery(s2) == prtSuccess);
    std::vector<float> got(n);
    CHECK_OK(prtMemcpy(got.data(), b, n * sizeof(float), prtMemcpyDeviceToHost));
    bool order_ok = true;
    for (int i = 0; i < n; ++i) order_ok = order_ok && got[i] == (h[i] * 2 + 1) * 3 - 4;
    CHECK(order_ok);
    float ms = -1;
    CHECK_OK(prtEventElapsedTime(&ms, start, stop));
    CHECK(ms >= 0);
    CHECK_ERR(prtEventElapsedTime(&ms, start, done1), prtErrorInvalidResourceHandle);
    prtGetLastError();

    // The legacy default stream orders with blocking streams.
    CHECK_OK(prtLaunchKernel(axpb, dim3(n / 256), dim3(256), 0, s2, b, 0.0f, 5.0f, n));
    CHECK_OK(prtLaunchKernel(axpb, dim3(n / 256), dim3(256), 0, 0, b, 2.0f, 0.0f, n));
    CHECK_OK(prtMemcpy(got.data(), b, n * sizeof(float), prtMemcpyDeviceToHost));
    bool legacy_ok = true;
    for (int i = 0; i < n; ++i) legacy_ok = legacy_ok && got[i] == 10.0f;
    CHECK(legacy_ok);

    int least = 0, greatest = 0, prio = 1;
    CHECK_OK(prtDeviceGetStreamPriorityRange(&least, &greatest));
    CHECK(greatest <= least);
    prtStream_t hi;
    CHECK_OK(prtStreamCreateWithPriority(&hi, prtStreamNonBlocking, greatest));
    CHECK_OK(prtStreamGetPriority(hi, &prio));
    CHECK(prio == greatest);
    CHECK_OK(prtLaunchKernel(axpb, dim3(n / 256), dim3(256), 0, hi, b, 1.0f, 1.0f, n));
    CHECK_OK(prtLaunchKernel(axpb, dim3(n / 256), dim3(256), 0, prtStreamPerThread, b, 1.0f, 1.0f, n));
    CHECK_OK(prtStreamSynchronize(hi));
    CHECK_OK(prtStreamSynchronize(prtStreamPerThread));
    CHECK_OK(prtDeviceSynchronize());
    CHECK_OK(prtMemcpy(got.data(), b, sizeof(float), prtMemcpyDeviceToHost));
    CHECK(got[0] == 12.0f);
    value("stream_result", got[0]);

    CHECK_OK(prtStreamDestroy(hi));
    CHECK_OK(prtStreamDestroy(s1));
    CHECK_OK(prtStreamDestroy(s2));
    CHECK_OK(prtEventDestroy(done1));
    CHECK_OK(prtEventDestroy(start));
    CHECK_OK(prtEventDestroy(stop));
    CHECK_OK(prtFree(a));
    CHECK_OK(prtFree(b));
    return finish();
}
