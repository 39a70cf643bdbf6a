// A PyTorch CUDA extension: an element-wise fused bias + GELU (tanh form) and
// a row-wise sum of squares (one block per row), bound with pybind11.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) CHECK_CUDA(x); CHECK_CONTIGUOUS(x)

template <typename scalar_t>
__global__ void bias_gelu_kernel(const scalar_t* __restrict__ x, const scalar_t* __restrict__ bias,
                                 scalar_t* __restrict__ y, int64_t n, int64_t cols) {
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)blockDim.x * gridDim.x) {
        float v = static_cast<float>(x[i]) + static_cast<float>(bias[i % cols]);
        float inner = 0.7978845608f * (v + 0.044715f * v * v * v);
        y[i] = static_cast<scalar_t>(0.5f * v * (1.0f + tanhf(inner)));
    }
}

template <typename scalar_t>
__global__ void row_sumsq_kernel(const scalar_t* __restrict__ x, float* __restrict__ out, int64_t cols) {
    extern __shared__ float partial[];
    const scalar_t* row = x + blockIdx.x * cols;
    float acc = 0.0f;
    for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
        float v = static_cast<float>(row[c]);
        acc += v * v;
    }
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

torch::Tensor bias_gelu(torch::Tensor x, torch::Tensor bias) {
    CHECK_INPUT(x);
    CHECK_INPUT(bias);
    TORCH_CHECK(x.size(-1) == bias.numel(), "bias must match the last dimension");
    const at::cuda::OptionalCUDAGuard guard(device_of(x));
    auto y = torch::empty_like(x);
    const int64_t n = x.numel();
    const int threads = 256;
    const int blocks = static_cast<int>(std::min<int64_t>((n + threads - 1) / threads, 4096));
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "bias_gelu", [&] {
        bias_gelu_kernel<scalar_t><<<blocks, threads, 0, stream>>>(
            x.data_ptr<scalar_t>(), bias.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(), n, bias.numel());
    });
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return y;
}

torch::Tensor row_sumsq(torch::Tensor x) {
    CHECK_INPUT(x);
    TORCH_CHECK(x.dim() == 2, "x must be 2-D");
    const at::cuda::OptionalCUDAGuard guard(device_of(x));
    auto out = torch::empty({x.size(0)}, x.options().dtype(torch::kFloat32));
    const int threads = 256;
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "row_sumsq", [&] {
        row_sumsq_kernel<scalar_t><<<x.size(0), threads, threads * sizeof(float), stream>>>(
            x.data_ptr<scalar_t>(), out.data_ptr<float>(), x.size(1));
    });
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("bias_gelu", &bias_gelu, "y = gelu(x + bias), tanh approximation (CUDA)");
    m.def("row_sumsq", &row_sumsq, "sum of squares of each row (CUDA)");
}
