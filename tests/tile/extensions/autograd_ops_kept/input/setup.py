import glob
import os.path as osp

import torch
from setuptools import find_packages, setup
from torch.utils.cpp_extension import CUDA_HOME, BuildExtension, CppExtension, CUDAExtension

WITH_CUDA = torch.cuda.is_available() and CUDA_HOME is not None
suffices = ["cpu", "cuda"] if WITH_CUDA else ["cpu"]


def get_extensions():
    extensions = []
    for main in glob.glob(osp.join("smoother", "csrc", "*.cpp")):
        for suffix in suffices:
            name = osp.basename(main)[:-4]
            sources = [main, osp.join("smoother", "csrc", "cpu", f"{name}_cpu.cpp")]
            define_macros = []
            if suffix == "cuda":
                define_macros += [("WITH_CUDA", None)]
                sources += [osp.join("smoother", "csrc", "cuda", f"{name}_cuda.cu")]
            Extension = CppExtension if suffix == "cpu" else CUDAExtension
            extensions.append(Extension(f"smoother._{name}_{suffix}", sources, define_macros=define_macros))
    return extensions


setup(name="smoother", packages=find_packages(), ext_modules=get_extensions(), cmdclass={"build_ext": BuildExtension})
