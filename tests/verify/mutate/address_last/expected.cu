// A pointer's initial value is an address: the comparison below is flipped rather than `y + offset`.
__global__ void tail(float* y, int offset, int n) {
    float* p = y + offset;
    if (threadIdx.x >= n) p[threadIdx.x] = 0.0f;
}
void run(float* y) { tail<<<1, 32>>>(y, 4, 8); }
