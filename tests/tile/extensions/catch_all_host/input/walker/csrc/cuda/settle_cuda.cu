// Connected components by label propagation: every node takes the smallest label among itself and its neighbours
// until no label changes; a device flag says whether one did.
#include "settle_cuda.h"

#define THREADS 256
#define BLOCKS(N) (N + THREADS - 1) / THREADS

__device__ bool settled_d;

__global__ void reset_kernel() { settled_d = true; }

__global__ void spread_kernel(int64_t *label, const int64_t *rowptr, const int64_t *col, int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int64_t best = label[i];
    for (int64_t e = rowptr[i]; e < rowptr[i + 1]; e++) {
      if (label[col[e]] < best)
        best = label[col[e]];
    }
    if (best < label[i]) {
      label[i] = best;
      settled_d = false;
    }
  }
}

__global__ void index_kernel(int64_t *label, int64_t n) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    label[i] = i;
}

bool spread(torch::Tensor label, torch::Tensor rowptr, torch::Tensor col) {
  reset_kernel<<<1, 1>>>();
  auto n = label.numel();
  spread_kernel<<<BLOCKS(n), THREADS>>>(label.data_ptr<int64_t>(), rowptr.data_ptr<int64_t>(),
                                        col.data_ptr<int64_t>(), n);
  bool settled;
  cudaMemcpyFromSymbol(&settled, settled_d, sizeof(settled), 0, cudaMemcpyDeviceToHost);
  return settled;
}

torch::Tensor settle_cuda(torch::Tensor rowptr, torch::Tensor col) {
  int64_t n = rowptr.numel() - 1;
  auto label = torch::full(n, -1, rowptr.options());
  index_kernel<<<BLOCKS(n), THREADS>>>(label.data_ptr<int64_t>(), n);
  while (!spread(label, rowptr, col)) {
  }
  return label;
}
