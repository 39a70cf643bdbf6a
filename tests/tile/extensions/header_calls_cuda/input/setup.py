import glob
import os

from setuptools import find_packages, setup
from torch.utils.cpp_extension import BuildExtension, CppExtension, CUDAExtension

package = "scaler"


def extensions():
    use_cuda = os.getenv("USE_CUDA", "1") == "1"
    extension = CUDAExtension if use_cuda else CppExtension
    csrc = os.path.join(os.path.dirname(__file__), package, "csrc")
    sources = sorted(glob.glob(os.path.join(csrc, "*.cpp")))
    if use_cuda:
        sources += glob.glob(os.path.join(csrc, "cuda", "*.cu"))
    return [extension(f"{package}._C", sources, extra_compile_args={"cxx": ["-O2"], "nvcc": ["-O2"]})]


setup(name=package, packages=find_packages(), ext_modules=extensions(), cmdclass={"build_ext": BuildExtension})
