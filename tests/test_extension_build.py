"""A migrated setup.py builds sources that include the portable runtime: its extension-runtime-include block puts the
runtime's include folder on the compilers' path (a real torch BuildExtension build with the C++ compiler)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from migrate.engine import scan_bytes
from migrate.match import compile_rules
from migrate.rewrite import plan_file
from migrate.rules import load_catalog

pytestmark = pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="PyTorch is not installed")

ROOT = Path(__file__).resolve().parent.parent
SETUP = b'''from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension, CUDAExtension

Extension = CUDAExtension if False else CppExtension  # the CUDA build where a toolkit is, as real setup.py files do
setup(name="prt_probe", ext_modules=[Extension("prt_probe", ["probe.cpp"])], cmdclass={"build_ext": BuildExtension})
'''
# A C++ source as migrate apply leaves it: the runtime's API, no torch.
PROBE = '''#include <Python.h>
#include <prt/prt.h>

static PyObject* device_count(PyObject*, PyObject*) {
    int count = 0;
    if (prtGetDeviceCount(&count) != prtSuccess) return nullptr;
    return PyLong_FromLong(count);
}
static PyMethodDef methods[] = {{"device_count", device_count, METH_NOARGS, ""}, {nullptr, nullptr, 0, nullptr}};
static PyModuleDef module = {PyModuleDef_HEAD_INIT, "prt_probe", nullptr, -1, methods};
PyMODINIT_FUNC PyInit_prt_probe() { return PyModule_Create(&module); }
'''


def _migrated(data: bytes) -> bytes:
    catalog = load_catalog()
    ruleset = compile_rules(catalog, ["extension-runtime-include"])
    findings = scan_bytes(ruleset, "setup.py", "python", data)
    return plan_file("setup.py", "python", data, findings, catalog.rules).migrated


def _build(folder: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("CPATH", "NVCC_APPEND_FLAGS", "CPLUS_INCLUDE_PATH")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))  # migrate importable
    env["MAX_JOBS"] = "1"
    return subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=1800, check=False)


def test_the_migrated_setup_builds_a_source_that_includes_the_runtime(tmp_path: Path) -> None:
    before, after = tmp_path / "before", tmp_path / "after"
    for folder, setup in ((before, SETUP), (after, _migrated(SETUP))):
        folder.mkdir()
        (folder / "setup.py").write_bytes(setup)
        (folder / "probe.cpp").write_text(PROBE)
    assert b"migrate.runtime_info" in (after / "setup.py").read_bytes()
    failed = _build(before)
    assert failed.returncode != 0 and "prt/prt.h" in failed.stdout + failed.stderr
    built = _build(after)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    count = subprocess.run([sys.executable, "-c", "import prt_probe; print(prt_probe.device_count())"], cwd=after,
                           capture_output=True, text=True, timeout=600, check=True)
    assert count.stdout.strip() == "1"  # the CPU backend's one device
