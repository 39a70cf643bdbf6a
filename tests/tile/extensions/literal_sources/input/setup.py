from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="scaler",
    packages=["scaler"],
    ext_modules=[CUDAExtension("scaler._C", ["scaler/csrc/scaler.cpp", "scaler/csrc/cuda/scaler.cu"])],
    cmdclass={"build_ext": BuildExtension},
)
