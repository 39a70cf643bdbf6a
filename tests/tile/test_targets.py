"""Every committed tile kernel compiles for NVIDIA sm_90 and AMD gfx942 with no GPU, and the check refuses a kernel
that only the interpreter accepts (a block mask on a scalar load, the form the lowering once wrote)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from migrate.tile.cuda_front import read_module
from migrate.tile import targets
from migrate.tile.lower import lower
from migrate.tile.targets import Check, compile_errors, launch_type, triton_type
from migrate.tile.tileir import DYNAMIC_COUNT, NULL_FLAG, SYMBOL_PREFIX
from migrate.tile.values import GENERIC_TYPES, base_type

# Only the worker process imports Triton: importing it here would fix its mode before the interpreter tests set it.
pytestmark = pytest.mark.skipif(importlib.util.find_spec("triton") is None, reason="Triton is not installed")

FIXTURES = Path(__file__).resolve().parent / "fixtures"
GOLDENS = sorted(p.parent.name for p in FIXTURES.glob("*/expected.py"))
KERNEL = re.compile(r"^def (\w+)_tile\((.*)\):$", re.MULTILINE)


@pytest.mark.parametrize("case", GOLDENS)
def test_committed_kernels_compile_for_both_targets(case: str) -> None:
    """Each `<kernel>_tile` of the golden, with its parameters typed as its launcher passes them (pointers by the
    element type the CUDA source declares)."""
    text = (FIXTURES / case / "expected.py").read_text()
    module = read_module((FIXTURES / case / "input.cu").read_bytes())
    lowered = {}  # each tile kernel by name: a kernel's, or each instantiation's of one launched at unlike types
    for fn in module.functions.values():
        if fn.kernel and f"def {fn.name.replace('::', '_')}" in text:  # `Aig::fill` launched as Aig_fill
            kernel = lower(module, fn)
            lowered.update({one.name: one for one in kernel.instances or (kernel,)})
    checks, doubles, absent = [], [], []
    for name, params in KERNEL.findall(text):
        kernel = lowered[name]
        # as lowered: a float4 buffer is passed as the floats it holds, a float3 by value as its three lanes
        signature = {scalar: launch_type(p.ctype, p.pointer) for p in kernel.params for scalar in p.names}
        constexprs = {}
        for param in (p.strip() for p in params.split(",")):
            if param == DYNAMIC_COUNT:  # the elements in a row of the dynamic shared array
                signature[param] = "i32"
            elif param.startswith("_shared_"):  # a shared array's scratch: its element type is the array's
                scratch = {s.name: s for s in kernel.scratch}[param]
                signature[param] = launch_type(scratch.ctype, True)
            elif param.startswith(SYMBOL_PREFIX):  # a variable of device memory's tensor: its element type's
                symbol = {SYMBOL_PREFIX + g.name: g for g in kernel.symbols}[param]
                signature[param] = launch_type(symbol.ctype, True)
            elif param.endswith("tl.constexpr"):
                pname = param.split(":")[0]
                signature[pname] = "constexpr"
                constexprs[pname] = 1 if pname.startswith(NULL_FLAG) else 32 if pname == "BLOCK_K" else 64
        checks.append(Check(f"{name}_tile", signature, constexprs))
        flags = [p for p in constexprs if p.startswith(NULL_FLAG)]
        if flags:  # a pointer tested for null: also the form a launch given None compiles (its stand-in passed)
            absent.append(Check(f"{name}_tile", signature, constexprs | {f: 0 for f in flags}))
        generic = [p for p in kernel.params if p.pointer and base_type(p.ctype) in GENERIC_TYPES]
        if generic:  # a template element type: AT_DISPATCH_FLOATING_TYPES launches it at double too
            doubles.append(Check(f"{name}_tile", signature | {p.name: "*fp64" for p in generic}, constexprs))
    assert checks, f"{case}: no tile kernel in expected.py"
    assert compile_errors(text, checks) == {c.name: "" for c in checks}
    assert compile_errors(text, doubles) == {c.name: "" for c in doubles}
    assert compile_errors(text, absent) == {c.name: "" for c in absent}


BAD = '''
import triton
import triton.language as tl


@triton.jit
def scalar_mask_tile(x, y, n, BLOCK_X: tl.constexpr):
    offs_x = tl.program_id(0) * BLOCK_X + tl.arange(0, BLOCK_X)
    s = tl.load(x + 0, mask=offs_x < n, other=0.0)
    tl.store(y + offs_x, s, mask=offs_x < n)
'''


def test_a_kernel_only_the_interpreter_accepts_is_refused() -> None:
    check = Check("scalar_mask_tile", {"x": "*fp32", "y": "*fp32", "n": "i32", "BLOCK_X": "constexpr"},
                  {"BLOCK_X": 128})
    error = compile_errors(BAD, [check])["scalar_mask_tile"]
    assert error.startswith("sm_90: ") and "Mask argument cannot be block type" in error


GOOD = '''
@triton.jit
def copy_tile(x, y, n, BLOCK_X: tl.constexpr):
    offs_x = tl.program_id(0) * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(y + offs_x, tl.load(x + offs_x, mask=offs_x < n, other=0.0), mask=offs_x < n)


@triton.jit
def twice_tile(x, y, n, BLOCK_X: tl.constexpr):
    offs_x = tl.program_id(0) * BLOCK_X + tl.arange(0, BLOCK_X)
    tl.store(y + offs_x, 2 * tl.load(x + offs_x, mask=offs_x < n, other=0.0), mask=offs_x < n)
'''


def test_kernels_compiled_by_workers_side_by_side_keep_their_own_results(monkeypatch, tmp_path) -> None:
    """Dealt out to two workers, each kernel's result is still its own: the refused kernel is refused, the others
    compile."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # nothing remembered from another run
    monkeypatch.setattr(targets, "_worker_count", lambda jobs: 2)
    shares = []
    one_worker = targets._run_worker

    def spy(source, checks):
        shares.append([c.name for c in checks])
        return one_worker(source, checks)

    monkeypatch.setattr(targets, "_run_worker", spy)
    signature = {"x": "*fp32", "y": "*fp32", "n": "i32", "BLOCK_X": "constexpr"}
    good = Check("copy_tile", signature, {"BLOCK_X": 128})
    bad = Check("scalar_mask_tile", signature, {"BLOCK_X": 128})
    wide = Check("twice_tile", signature | {"x": "*fp64", "y": "*fp64"}, {"BLOCK_X": 256})
    errors = compile_errors(BAD + GOOD, [good, bad, wide])
    assert sorted(map(sorted, shares)) == [["copy_tile", "twice_tile"], ["scalar_mask_tile"]]
    assert errors["copy_tile"] == errors["twice_tile"] == ""
    assert "Mask argument cannot be block type" in errors["scalar_mask_tile"]


CRASH = '''
import os


class _Crash:
    def __getattr__(self, name):  # the compiler reads the kernel: the worker dies there, as a crashing compiler does
        os._exit(3)


crash_tile = _Crash()
'''


def test_a_worker_that_dies_keeps_the_results_of_the_kernels_it_finished(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(targets, "_worker_count", lambda jobs: 1)
    signature = {"x": "*fp32", "y": "*fp32", "n": "i32", "BLOCK_X": "constexpr"}
    first, crash = Check("copy_tile", signature, {"BLOCK_X": 128}), Check("crash_tile", signature, {"BLOCK_X": 128})
    header = "import triton\nimport triton.language as tl\n"
    errors = compile_errors(header + GOOD + CRASH, [first, crash])
    assert errors["copy_tile"] == ""
    assert errors["crash_tile"].startswith("the compiler worker failed")
    again = compile_errors(header + GOOD + CRASH, [first])  # the finished kernel's result was kept, the crash's was not
    assert again == {"copy_tile": ""} and len(list((tmp_path / "migrate" / "tile-targets").iterdir())) == 1


def test_worker_count_is_capped_by_kernels_cpus_and_the_environment(monkeypatch) -> None:
    monkeypatch.setattr(targets.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    monkeypatch.delenv("MIGRATE_TILE_COMPILE_JOBS", raising=False)
    assert targets._worker_count(10) == 4
    assert targets._worker_count(3) == 3
    monkeypatch.setenv("MIGRATE_TILE_COMPILE_JOBS", "1")
    assert targets._worker_count(10) == 1
    monkeypatch.setenv("MIGRATE_TILE_COMPILE_JOBS", "many")
    assert targets._worker_count(10) == 4


def test_types_without_a_triton_form() -> None:
    assert triton_type("const float* __restrict__", True) == "*fp32"
    assert triton_type("unsigned int", False) == "u32"
    assert triton_type("float2", True) is None
    assert triton_type("MyStruct", False) is None


PTX_OPS = r'''
import importlib.util, json, re, sys
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

job = json.loads(sys.stdin.read())
spec = importlib.util.spec_from_file_location("rounded", job["path"])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
out = {}
for name, signature, constexprs in job["kernels"]:
    source = ASTSource(fn=getattr(module, name), signature=signature, constexprs=constexprs)
    ptx = triton.compile(source, target=GPUTarget("cuda", 90, 32)).asm["ptx"]
    out[name] = sorted(set(re.findall(r"\b(div\.\w+\.f32|sqrt\.\w+\.f32)", ptx)))
print(json.dumps(out))
'''


def test_float_division_and_square_root_round_as_nvcc_does(tmp_path: Path) -> None:
    """nvcc compiles `/` and sqrtf on floats rounded to nearest; Triton's `/` and tl.sqrt are the approximate
    div.full.f32 and sqrt.approx.f32, which the interpreter does not show (it divides exactly). Only __fdividef,
    CUDA's own fast division, stays approximate (tl.fdiv, div.approx.f32)."""
    import json
    import os
    import subprocess
    import sys

    case = FIXTURES / "division_rounding"
    module = read_module((case / "input.cu").read_bytes())
    kernels = []
    for name in ("sturm_count", "scaled"):
        signature = {p.name: triton_type(p.ctype, p.pointer) for p in module.functions[name].params}
        kernels.append([f"{name}_tile", {**signature, "BLOCK_X": "constexpr"}, {"BLOCK_X": 128}])
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    done = subprocess.run([sys.executable, "-c", PTX_OPS], input=json.dumps({"path": str(case / "expected.py"),
                          "kernels": kernels}), capture_output=True, text=True, env=env, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    ops = json.loads(done.stdout.strip().splitlines()[-1])
    assert ops["sturm_count_tile"] == ["div.rn.f32"]
    assert ops["scaled_tile"] == ["div.approx.f32", "div.rn.f32", "sqrt.rn.f32"]  # div.approx: __fdividef


def test_the_worker_is_this_module_whatever_the_callers_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compile worker runs targets.py by its path: a `migrate` first on the path it inherits that is another
    package (here one that fails to import) does not replace it, nor does a working folder with none."""
    shadow = tmp_path / "path" / "migrate"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('not the package under test')\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "path"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # nothing remembered: the worker must run
    monkeypatch.chdir(tmp_path)
    check = Check("copy_tile", {"x": "*fp32", "y": "*fp32", "n": "i32", "BLOCK_X": "constexpr"}, {"BLOCK_X": 128})
    assert compile_errors("import triton\nimport triton.language as tl\n" + GOOD, [check]) == {"copy_tile": ""}
