// The stored value's arithmetic is flipped, not the thread index nor the bound check before it.
__global__ void saxpy(float* y, const float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] - y[i];
}
void run(float* y, const float* x, int n) { prtLaunchKernel(saxpy, (n + 255) / 256, 256, 0, 0, y, x, 2.0f, n); }
