"""Mutated CUDA and Python inputs for fuzzing scan and apply: real constructs, then flips, cuts and odd encodings."""

from __future__ import annotations

from hypothesis import strategies as st

CUDA_SEEDS = (
    b"#include <cuda_runtime.h>\n__global__ void k(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x;"
    b" if (i < n) x[i] *= 2.0f; }\nint main() { float* d; cudaMalloc(&d, 4 * sizeof(float)); k<<<1, 4>>>(d, 4);"
    b" cudaDeviceSynchronize(); cudaFree(d); return 0; }\n",
    b'#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) printf("%s", cudaGetErrorString(e)); } while (0)\n'
    b"void f(float* p, cudaStream_t s) { CHECK(cudaMemsetAsync(p, 0, 16, s)); CHECK(cudaStreamSynchronize(s)); }\n",
    b"template <typename T> __device__ T warp_sum(T v) { for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);"
    b" return v; }\n__global__ void r(const float* a, float* out) { __shared__ float s[32]; s[threadIdx.x] = warp_sum(a[threadIdx.x]);"
    b" __syncthreads(); if (threadIdx.x == 0) atomicAdd(out, s[0]); }\n",
    b'#include <cublas_v2.h>\nvoid g(cublasHandle_t h, const float* a, float* b) { cublasCreate(&h); const char* m = "cudaMalloc";'
    b" /* cudaFree */ cublasSaxpy(h, 4, nullptr, a, 1, b, 1); cublasDestroy(h); }\n",
)
PYTHON_SEEDS = (
    b'import torch\nmodel = torch.nn.Linear(4, 4).cuda()\nx = torch.zeros(2, device="cuda")\ntorch.cuda.synchronize()\n'
    b"if torch.cuda.is_available():\n    print(torch.cuda.get_device_name(0))\n",
    b"import torch as th\nfrom torch.cuda.amp import autocast, GradScaler\nscaler = GradScaler()\nwith autocast():\n"
    b"    y = th.ones(3).to('cuda:0')\n",
    b"from torch.utils.cpp_extension import load_inline\nsrc = '''\n__global__ void add(float* a) { a[threadIdx.x] += 1; }\n'''\n"
    b"m = load_inline(name='m', cpp_sources='', cuda_sources=src, functions=['add'])\n",
    b"import torch.distributed as dist\ndist.init_process_group(backend='nccl')\nimport cupy\nx = cupy.zeros(4)\n",
)
BUILD_SEEDS = (
    b"cmake_minimum_required(VERSION 3.24)\nproject(demo LANGUAGES CXX CUDA)\nfind_package(CUDAToolkit REQUIRED)\n"
    b"add_executable(k k.cu)\nset_target_properties(k PROPERTIES CUDA_ARCHITECTURES 80)\n",
    b"NVCC ?= nvcc\nall: k\nk: k.cu\n\t$(NVCC) -O2 -arch=sm_80 -o $@ $<\n",
)
SEEDS = {"cuda": CUDA_SEEDS, "python": PYTHON_SEEDS, "cmake": BUILD_SEEDS[:1], "make": BUILD_SEEDS[1:]}
SUFFIX = {"cuda": ".cu", "python": ".py", "cmake": ".cmake", "make": ".mk"}


def _flip(data: bytes, at: int, value: int) -> bytes:
    if not data:
        return bytes([value])
    at %= len(data)
    return data[:at] + bytes([value]) + data[at + 1 :]


def _latin1(data: bytes) -> bytes:
    return data.replace(b"//", "// caf\xe9 ".encode("latin-1"), 1).replace(
        b"# ", "# na\xefve ".encode("latin-1"), 1
    )


def _utf16(data: bytes) -> bytes:
    return data.decode("utf-8", "replace").encode("utf-16")


MUTATIONS = (
    "flip",
    "truncate",
    "splice",
    "insert",
    "crlf",
    "cr",
    "bom",
    "latin1",
    "utf16",
    "nest",
    "nul",
    "none",
)


@st.composite
def mutated(draw) -> tuple[str, bytes]:
    """(language, bytes): a seed construct after one to three mutations."""
    language = draw(st.sampled_from(sorted(SEEDS)))
    data = draw(st.sampled_from(SEEDS[language]))
    for kind in draw(st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3)):
        at = draw(st.integers(min_value=0, max_value=max(len(data), 1)))
        if kind == "flip":
            data = _flip(data, at, draw(st.integers(0, 255)))
        elif kind == "truncate":
            data = data[:at]
        elif kind == "splice":
            other = draw(st.sampled_from(SEEDS[draw(st.sampled_from(sorted(SEEDS)))]))
            cut = draw(st.integers(0, len(other)))
            data = data[:at] + other[cut : cut + draw(st.integers(1, 80))] + data[at:]
        elif kind == "insert":
            data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
        elif kind == "crlf":
            data = data.replace(b"\n", b"\r\n")
        elif kind == "cr":
            data = data.replace(b"\n", b"\r")
        elif kind == "bom":
            data = b"\xef\xbb\xbf" + data
        elif kind == "latin1":
            data = _latin1(data)
        elif kind == "utf16":
            data = _utf16(data)
        elif kind == "nest":
            depth = draw(st.sampled_from((100, 1000, 10000)))
            opener, closer = draw(st.sampled_from(((b"{", b"}"), (b"(", b")"), (b"[", b"]"), (b"<", b">"))))
            data = data[:at] + opener * depth + b"cudaFree(p);" + closer * depth + data[at:]
        elif kind == "nul":
            data = data[:at] + b"\0" + data[at:]
    return language, data


NAMES = st.sampled_from(("k", "kernel", "k\xff", "caf\xe9", "x y", "-k", "\u00fc")).map(
    lambda name: name.encode("utf-8") if "\xff" not in name else name.encode("latin-1")
)
