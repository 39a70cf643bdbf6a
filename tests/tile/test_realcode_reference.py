"""The CPU reference of benchmarks/realcode_tile.py: the driver it writes around an original kernel builds for kernels
without parameters, of an overloaded name, in a namespace, with bool buffers or tensor accessors, and in a source that
includes its CUDA header only under nvcc; an original that indexes past what the harness gives it is checked again
with more, and one undefined for the harness's inputs is said to be, with what it did and where. The kernels are the
fixture program tests/tile/realcode/harness-cuda."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = Path(__file__).resolve().parent / "realcode" / "harness-cuda"
SMALL = 4096  # elements of each buffer: small, so that a compiled-in index past it shows

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not installed")


@pytest.fixture(scope="module")
def harness():
    spec = importlib.util.spec_from_file_location("realcode_tile_under_test", ROOT / "benchmarks" / "realcode_tile.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def setting(harness, tmp_path_factory):
    """(work folder, compiler flags): one migrated copy of the fixture program for every test here."""
    cflags = subprocess.run([sys.executable, "-m", "migrate.cli", "runtime", "--cflags"], capture_output=True,
                            text=True, cwd=ROOT, check=True).stdout.split()
    return tmp_path_factory.mktemp("realcode"), cflags


def _kernel(relfile: str, name: str):
    from migrate.tile.cuda_front import read_module

    module = read_module((PROGRAM / relfile).read_bytes(), relfile)
    return module.functions[name]


def _signature(fn) -> dict[str, str]:
    from migrate.tile.targets import C_TO_TRITON

    kinds = {}
    for p in fn.params:
        base = p.ctype.replace("const", "").replace("*", "").strip()
        kinds[p.name] = ("*" if p.pointer else "") + C_TO_TRITON.get(base, "i32")
    return kinds


def _reference(harness, setting, relfile: str, name: str, block=(64,), grid=(2,), shared=None, buffer=SMALL,
               sanitize=False):
    work, cflags = setting
    fn = _kernel(relfile, name)
    signature = _signature(fn)
    inputs = harness._inputs(signature, fn.params, 7, size=64, buffer=buffer)
    return harness._reference(PROGRAM, relfile, fn, fn, signature, inputs, grid, block, work, cflags, size=64,
                              shared=shared, sanitize=sanitize), inputs


def test_kernel_without_parameters_builds_and_runs(harness, setting):
    ref, _ = _reference(harness, setting, "main.cu", "no_parameters")
    assert ref == []


def test_overloaded_kernel_is_launched_by_its_arguments(harness, setting):
    fn = _kernel("main.cu", "scale")
    ref, inputs = _reference(harness, setting, "main.cu", "scale")
    assert isinstance(ref, list), ref
    assert (ref[0][:64] == inputs[0][:64] * (2.0 if len(fn.params) == 2 else 0.75)).all()


def test_kernel_in_a_namespace_is_named_with_it(harness, setting):
    assert harness._scope(PROGRAM, "main.cu", _kernel("main.cu", "negate")) == "fixture::gpu::"
    ref, inputs = _reference(harness, setting, "main.cu", "negate")
    assert isinstance(ref, list), ref
    assert (ref[0][:64] == -inputs[0][:64]).all()


def test_bool_buffer(harness, setting):
    ref, inputs = _reference(harness, setting, "main.cu", "count_true")
    assert isinstance(ref, list), ref
    assert ref[1][0] == inputs[1][0] + inputs[0][:64].sum()


def test_source_including_its_cuda_header_only_under_nvcc(harness, setting):
    ref, inputs = _reference(harness, setting, "guarded.cu", "plus_one")
    assert isinstance(ref, list), ref
    assert (ref[0][:64] == inputs[0][:64] + 1).all()


def test_past_dynamic_shared_memory_asks_for_more(harness, setting):
    """reverse_rows indexes n = 64 floats of dynamic shared memory; 8 bytes for each of 16 threads are 128."""
    grown, _ = _reference(harness, setting, "main.cu", "reverse_rows", block=(16,), shared=128)
    assert isinstance(grown, harness.Grow), grown
    assert grown.shared == harness.SHARED_MAX and "past the end of the launch's 128 bytes of dynamic shared" in grown.why
    ref, inputs = _reference(harness, setting, "main.cu", "reverse_rows", block=(16,), shared=grown.shared)
    assert isinstance(ref, list), ref
    assert (ref[1][:64] == inputs[0][:64][::-1]).all()


def test_past_a_buffer_asks_for_longer_ones(harness, setting):
    """far_copy reads x[3000], 224 bytes past 2944 floats (the runtime rounds an allocation up to 256 bytes): no crash
    (the heap holds other memory there), which the sanitizers' build (--sanitize) catches."""
    assert isinstance(_reference(harness, setting, "main.cu", "far_copy", buffer=2944)[0], list)
    grown, _ = _reference(harness, setting, "main.cu", "far_copy", buffer=2944, sanitize=True)
    assert isinstance(grown, harness.Grow), grown
    assert grown.buffer == 2944 * harness.BUFFER_GROWTH and "past the end of the buffer x" in grown.why, grown
    ref, inputs = _reference(harness, setting, "main.cu", "far_copy", buffer=grown.buffer, sanitize=True)
    assert isinstance(ref, list), ref
    assert ref[1][3000] == inputs[0][3000]


def test_past_a_shared_array_is_undefined_for_the_launch(harness, setting):
    """tile_sum's shared array holds 8 floats; the harness's blocks of 64 threads write past it."""
    why, _ = _reference(harness, setting, "main.cu", "tile_sum")
    assert isinstance(why, str) and why.startswith(harness.UNDEFINED), why
    assert "index 8 out of bounds for type 'float [8]'" in why and "(`part[threadIdx.x] = " in why, why


def test_failing_device_assert_is_undefined_for_the_inputs(harness, setting):
    why, _ = _reference(harness, setting, "main.cu", "checked")
    assert isinstance(why, str) and why.startswith(harness.UNDEFINED), why
    assert re.search(r"device assert `x\[i\] < 0` fails at main\.cu:\d+$", why), why
