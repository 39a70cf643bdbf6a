// The realcode_tile harness's own fixture: kernels whose originals its CPU reference must build, run or explain
// (tests/tile/test_realcode_reference.py). Written for the test; no program of HeCBench's.
#include <cassert>
#include <cstdint>
#include <cuda.h>

#define TILE 8
#define COMPILED_IN 3000  // a size the kernel takes from the program, not from its arguments

__global__ void no_parameters() {}

// Two kernels of one name: a launch picks the overload by its arguments.
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}
__global__ void scale(float* x, int n, float by) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= by;
}
// A kernel and the host function that launches it share a name: a call picks the host function by its arguments.
__global__ void halve(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 0.5f;
}
void halve(float* x, int n, int times) {
  for (int t = 0; t < times; ++t) halve<<<1, 64>>>(x, n);
}

namespace fixture::gpu {
__global__ void negate(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = -x[i];
}
}  // namespace fixture::gpu

__global__ void count_true(const bool* flags, int* count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && flags[i]) atomicAdd(count, 1);
}

// A static shared array sized for blocks of TILE threads: any larger block writes past its end.
__global__ void tile_sum(const float* x, float* y, int n) {
  __shared__ float part[TILE];
  part[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int k = 0; k < TILE; k++) s += part[k];
    y[blockIdx.x] = s;
  }
}

// Dynamic shared memory of n floats (its program launches it with n * 4 bytes), more than 8 bytes a thread.
__global__ void reverse_rows(const float* x, float* y, int n) {
  extern __shared__ float row[];
  for (int k = threadIdx.x; k < n; k += blockDim.x) row[k] = x[blockIdx.x * n + k];
  __syncthreads();
  for (int k = threadIdx.x; k < n; k += blockDim.x) y[blockIdx.x * n + k] = row[n - 1 - k];
}

// Reads at a size compiled into the program, past short buffers (a read only: a write there would corrupt the heap,
// and whether the run then crashes would depend on its layout).
__global__ void far_copy(const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) y[0] = x[COMPILED_IN];
}

// A device assert that the harness's inputs fail.
__global__ void checked(const int* x, int* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    assert(x[i] < 0);
    y[i] = x[i];
  }
}

// Each thread writes the element the one before it reads: the result depends on the order the threads run in.
__global__ void shift_down(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) x[i] = x[i + 1];
}

// A shift by n, past an int's width for n >= 32: undefined in C.
__global__ void shift_by(int* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] << n;
}

// Dynamic shared memory each thread uses alone.
__global__ void own_slot(const float* x, float* y, int n) {
  extern __shared__ float slot[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    slot[threadIdx.x] = x[i];
    y[i] = 2.0f * slot[threadIdx.x];
  }
}

// Device memory at namespace scope: a table the host fills and a count the kernel adds to.
__constant__ float weights[4];
__device__ unsigned int hits;

__global__ void weigh(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = weights[i % 4] * x[i];
    atomicAdd(&hits, 1u);
  }
}

// Reads as far as the host's `reach` says: past short buffers once the host sets it (a read only, as far_copy).
__constant__ int reach;

__global__ void reach_copy(const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) y[0] = x[reach];
}

int main() {
  float* x;
  cudaMalloc(&x, 64 * sizeof(float));
  no_parameters<<<1, 1>>>();
  scale<<<1, 64>>>(x, 64);
  scale<<<1, 64>>>(x, 64, 3.0f);
  halve(x, 64, 2);
  fixture::gpu::negate<<<1, 64>>>(x, 64);
  shift_down<<<(64 + 63) / 64, 64>>>(x, 64);
  cudaFree(x);
  return 0;
}
