from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

setup(
    name="scaler",
    packages=["scaler"],
    ext_modules=[CppExtension("scaler._C", ["scaler/csrc/scaler.cpp"])],
    cmdclass={"build_ext": BuildExtension},
)
