// The order a grid's blocks run in. With PRT_CPU_BLOCK_ORDER=reverse the CPU backend runs them one at a time, last
// to first (a check for blocks that race: a result that depends on the order comes out unlike the usual order's);
// otherwise every block runs once, in whatever order the pool takes them.
#include "check.h"

#include <cstring>
#include <vector>

// Each block, after a barrier (so its threads run on fibers), appends its index to `order`.
__global__ void record(unsigned* order, unsigned* next) {
    __shared__ unsigned seen;
    if (threadIdx.x == 0) seen = blockIdx.x;
    __syncthreads();
    if (threadIdx.x == blockDim.x - 1) order[atomicAdd(next, 1u)] = seen;
}

int main() {
    const unsigned blocks = 37, threads = 64;
    unsigned *d_order = nullptr, *d_next = nullptr;
    CHECK_OK(prtMalloc(&d_order, sizeof(unsigned) * blocks));
    CHECK_OK(prtMalloc(&d_next, sizeof(unsigned)));
    CHECK_OK(prtMemset(d_next, 0, sizeof(unsigned)));
    CHECK_OK(prtLaunchKernel(record, dim3(blocks), dim3(threads), 0, 0, d_order, d_next));
    std::vector<unsigned> order(blocks);
    CHECK_OK(prtMemcpy(order.data(), d_order, sizeof(unsigned) * blocks, prtMemcpyDeviceToHost));
    std::vector<int> times(blocks, 0);
    for (unsigned b : order) CHECK(b < blocks && ++times[b] == 1);
    const char* wanted = std::getenv("PRT_CPU_BLOCK_ORDER");
    if (wanted != nullptr && std::strcmp(wanted, "reverse") == 0) {
        for (unsigned i = 0; i < blocks; ++i) CHECK(order[i] == blocks - 1 - i);
    }
    std::printf("VALUE first_block %u\n", order[0]);
    CHECK_OK(prtFree(d_order));
    CHECK_OK(prtFree(d_next));
    std::printf(g_failures ? "FAILED\n" : "PASSED\n");
    return g_failures ? 1 : 0;
}
