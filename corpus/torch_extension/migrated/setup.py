from setuptools import setup
# migrate: manual[cuda-extension] torch.utils.cpp_extension.CUDAExtension builds CUDA sources with nvcc; its kernels can become tile-DSL (Triton) kernels so the package needs no CUDA
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

try:  # the portable runtime's headers, which the migrated CUDA and C++ sources include, come with migrate
    from migrate.runtime_info import include_dir as _prt_include_dir
except ImportError:  # a build of C++ sources alone does not need them
    pass
else:
    import os as _prt_os

    _prt_env = _prt_os.environ
    _prt_env["CPATH"] = _prt_os.pathsep.join(filter(None, [_prt_include_dir(), _prt_env.get("CPATH")]))
    _prt_env["NVCC_APPEND_FLAGS"] = " ".join(filter(None, [_prt_env.get("NVCC_APPEND_FLAGS"),
                                                           "-I" + _prt_include_dir()]))


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
