// A kernel as the barrier transform writes it for the CPU: its index arithmetic (prt_t) is the transform's, and
// the declaration of idx is repeated in the second region, which reads it. The flip goes to the program's own
// statement, in both copies; flipping only the first would change a value nothing reads.
__global__ void shift(const float* x, float* y, int n, int offset) {
    if (threadIdx.x | threadIdx.y | threadIdx.z) return;
    ::prt::cpu::RegionBlock prt_block;
    const unsigned prt_bx = prt_block.x, prt_by = prt_block.y, prt_bz = prt_block.z;
    __shared__ float cache[256];
    for (unsigned prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (unsigned prt_y = 0; prt_y < prt_by; ++prt_y)
    for (unsigned prt_x = 0; prt_x < prt_bx; ++prt_x) {
        const uint3 threadIdx{prt_x, prt_y, prt_z};
        const unsigned prt_t = prt_x + prt_bx * (prt_y + prt_by * prt_z);
        int lid = threadIdx.x;
        int idx = offset + lid;
        cache[prt_t] = x[idx];
    }
    for (unsigned prt_z = 0; prt_z < prt_bz; ++prt_z)
    for (unsigned prt_y = 0; prt_y < prt_by; ++prt_y)
    for (unsigned prt_x = 0; prt_x < prt_bx; ++prt_x) {
        const uint3 threadIdx{prt_x, prt_y, prt_z};
        int lid = threadIdx.x;
        int idx = offset + lid;
        y[idx] = cache[(threadIdx.x + 1) % blockDim.x];
    }
}
void run(const float* x, float* y, int n) { prtLaunchKernel(shift, dim3((n + 255) / 256), dim3(256), 0, 0, x, y, n, 0); }
