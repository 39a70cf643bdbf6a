// A grid-wide barrier under a cooperative launch: every thread writes, the grid syncs, every thread reads what a
// thread of another block wrote; then each block sums its part, the grid syncs again, and one thread adds the
// blocks' partial sums. A grid larger than the device holds at once is refused.
#include <vector>

#include <prt/cooperative_groups.h>

#include "check.h"

namespace cg = cooperative_groups;

constexpr int B = 64;

__global__ void phases(int* a, int* b, long long* partial, long long* total, unsigned long long* shape, int n) {
    cg::grid_group grid = cg::this_grid();
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = 3 * i + 1;
    grid.sync();
    b[i] = a[(i + blockDim.x) % n];  // a thread of the next block wrote it
    __shared__ long long sums[B];
    sums[threadIdx.x] = b[i];
    __syncthreads();
    if (threadIdx.x == 0) {
        long long s = 0;
        for (int t = 0; t < B; ++t) s += sums[t];
        partial[blockIdx.x] = s;
    }
    cg::sync(grid);
    if (grid.thread_rank() == 0) {
        long long s = 0;
        for (unsigned long long k = 0; k < grid.num_blocks(); ++k) s += partial[k];
        *total = s;
        shape[0] = grid.num_threads();
        shape[1] = grid.num_blocks();
        shape[2] = grid.is_valid() ? 1 : 0;
    }
    if (i == n - 1) shape[3] = grid.thread_rank() * 1000 + grid.block_rank();
}

int main() {
    int per_sm = 0, sms = 0;
    CHECK_OK(prtOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, phases, B, 0));
    CHECK_OK(prtDeviceGetAttribute(&sms, prtDevAttrMultiProcessorCount, 0));
    const int blocks = std::min(per_sm * sms, 6);
    CHECK(blocks >= 2);
    const int n = blocks * B;
    int *a = nullptr, *b = nullptr;
    long long *partial = nullptr, *total = nullptr;
    unsigned long long* shape = nullptr;
    CHECK_OK(prtMalloc(&a, sizeof(int) * n));
    CHECK_OK(prtMalloc(&b, sizeof(int) * n));
    CHECK_OK(prtMalloc(&partial, sizeof(long long) * blocks));
    CHECK_OK(prtMalloc(&total, sizeof(long long)));
    CHECK_OK(prtMalloc(&shape, sizeof(unsigned long long) * 4));
    int count = n;
    void* args[] = {&a, &b, &partial, &total, &shape, &count};
    CHECK_OK(prtLaunchCooperativeKernel(phases, dim3(blocks), dim3(B), args, 0, 0));
    CHECK_OK(prtDeviceSynchronize());
    std::vector<int> hb(n);
    long long sum = 0;
    unsigned long long got[4] = {};
    CHECK_OK(prtMemcpy(hb.data(), b, sizeof(int) * n, prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(&sum, total, sizeof sum, prtMemcpyDeviceToHost));
    CHECK_OK(prtMemcpy(got, shape, sizeof got, prtMemcpyDeviceToHost));
    long long want = 0;
    for (int i = 0; i < n; ++i) {
        CHECK(hb[i] == 3 * ((i + B) % n) + 1);
        want += 3 * i + 1;
    }
    CHECK(sum == want);
    CHECK(got[0] == (unsigned long long)n && got[1] == (unsigned long long)blocks && got[2] == 1);
    CHECK(got[3] == (unsigned long long)(n - 1) * 1000 + (blocks - 1));
    value("grid_sum", double(sum));

    // One block more than the device holds at once.
    CHECK_ERR(prtLaunchCooperativeKernel(phases, dim3(per_sm * sms + 1), dim3(B), args, 0, 0),
              prtErrorCooperativeLaunchTooLarge);
    (void)prtGetLastError();
    CHECK_OK(prtFree(a));
    CHECK_OK(prtFree(b));
    CHECK_OK(prtFree(partial));
    CHECK_OK(prtFree(total));
    CHECK_OK(prtFree(shape));
    return finish();
}
