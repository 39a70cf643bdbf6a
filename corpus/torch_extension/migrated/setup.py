from setuptools import setup
# migrate: manual[cuda-extension] torch.utils.cpp_extension.CUDAExtension builds CUDA sources with nvcc; its kernels can become tile-DSL (Triton) kernels so the package needs no CUDA
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="rowops_cuda",
    ext_modules=[
        # migrate: manual[cuda-extension] torch.utils.cpp_extension.CUDAExtension builds CUDA sources with nvcc; its kernels can become tile-DSL (Triton) kernels so the package needs no CUDA
        CUDAExtension(
            name="rowops_cuda",
            sources=["rowops_kernel.cu"],
            extra_compile_args={
                "cxx": ["-O3"],
                "nvcc": ["-O3", "-lineinfo", "-gencode=arch=compute_90,code=sm_90"],
            },
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
