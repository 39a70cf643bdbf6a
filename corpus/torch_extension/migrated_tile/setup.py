from setuptools import setup

setup(
    name="rowops_cuda",
    py_modules=["rowops_cuda"],
)
