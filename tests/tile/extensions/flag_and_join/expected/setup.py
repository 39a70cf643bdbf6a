from os.path import join

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

CPU_ONLY = False
root = "scaler/csrc"
files = ["scaler.cpp"]


def main():
    if CPU_ONLY:
        Extension = CppExtension
    else:
        Extension = CppExtension
        files.append("cuda/scaler.cu")
    sources = [join(root, name) for name in files]
    setup(
        name="scaler",
        packages=["scaler"],
        ext_modules=[Extension("scaler._C", [source for source in sources if not source.endswith((".cu", ".cuh"))])],
        cmdclass={"build_ext": BuildExtension},
    )


if __name__ == "__main__":
    main()
