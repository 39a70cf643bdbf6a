// Several host threads launching at once: each thread's launches use shared memory, barriers and warp
// shuffles, and run on the shared pool concurrently with the others'.
#include <thread>
#include <vector>

#include "check.h"

__global__ void scan_block(const int* in, int* out, int n) {
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    int v = i < n ? in[i] : 0;
    for (int o = 1; o < 32; o <<= 1) {
        int u = __shfl_up_sync(0xffffffffu, v, o);
        if (int(t % 32) >= o) v += u;
    }
    if (t % 32 == 31) s[t / 32] = v;
    __syncthreads();
    if (t < 32) {
        int w = t < blockDim.x / 32 ? s[t] : 0;
        for (int o = 1; o < 32; o <<= 1) {
            int u = __shfl_up_sync(0xffffffffu, w, o);
            if (int(t) >= o) w += u;
        }
        s[t] = w;
    }
    __syncthreads();
    if (t >= 32) v += s[t / 32 - 1];
    if (i < n) out[i] = v;
}

constexpr int n = 3000;

int main() {
    const int nthreads = 4, rounds = 10;
    std::vector<int> failures(nthreads, 0);
    std::vector<std::thread> pool;
    for (int k = 0; k < nthreads; ++k)
        pool.emplace_back([k, &failures] {
            std::vector<int> in(n), out(n);
            for (int i = 0; i < n; ++i) in[i] = (i * (k + 3)) % 17 - 8;
            int *din, *dout;
            prtStream_t s;
            if (prtStreamCreateWithFlags(&s, prtStreamNonBlocking) != prtSuccess) ++failures[k];
            if (prtMalloc(&din, n * sizeof(int)) != prtSuccess || prtMalloc(&dout, n * sizeof(int)) != prtSuccess) {
                ++failures[k];
                return;
            }
            for (int r = 0; r < rounds; ++r) {
                prtMemcpyAsync(din, in.data(), n * sizeof(int), prtMemcpyHostToDevice, s);
                if (prtLaunchKernel(scan_block, dim3((n + 255) / 256), dim3(256), 0, s, din, dout, n) != prtSuccess)
                    ++failures[k];
                prtMemcpyAsync(out.data(), dout, n * sizeof(int), prtMemcpyDeviceToHost, s);
                prtStreamSynchronize(s);
                for (int b = 0; b < n; b += 256) {
                    int acc = 0;
                    for (int i = b; i < n && i < b + 256; ++i) {
                        acc += in[i];
                        if (out[i] != acc) {
                            ++failures[k];
                            break;
                        }
                    }
                }
            }
            prtFree(din);
            prtFree(dout);
            prtStreamDestroy(s);
        });
    for (auto& t : pool) t.join();
    for (int k = 0; k < nthreads; ++k) CHECK(failures[k] == 0);
    return finish();
}
