// The condition of `?:` picks the stored value and is not part of it: `base + i * W` stays (flipping it changes
// nothing where i is 0), the sum in the chosen arm is flipped.
#define W 16
__global__ void halo(float* dst, const float* src, int base, int n) {
    for (int i = 0; i < 1; i++) dst[threadIdx.x + i * W] = (base + i * W >= 0) ? src[i * W] - 1.0f : 0.0f;
}
void run(float* d, const float* s) { halo<<<1, W>>>(d, s, 0, W); }
