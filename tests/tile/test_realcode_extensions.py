"""The op inputs of benchmarks/realcode_extensions.py: numbers and tensors that extensions.toml gives by name reach
their arguments in an op whose schema torch::RegisterOperators inferred from a C++ function (arguments _0, _1, ...),
by the parameter names of the Python function the migration registered for it; a name that reaches no argument is
an error, not a default (a default random_start=true made fps random on both sides)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

ROOT = Path(__file__).resolve().parents[2]
OPS = '''import torch


def fps_cuda(src: torch.Tensor, ptr: torch.Tensor, ratio: torch.Tensor, random_start: bool) -> torch.Tensor:
    """fps."""
    return src


torch.library.register_kernel("demo::fps", "cuda", fps_cuda)
'''
INFERRED = "demo::fps(Tensor _0, Tensor _1, Tensor _2, bool _3) -> Tensor"
NAMED = "demo::fps(Tensor src, Tensor ptr, Tensor ratio, bool random_start) -> Tensor"
SHAPE = [[5, 2], {"segments": [2, 3]}, {"values": 0.5}]


@pytest.fixture(scope="module")
def harness():
    spec = importlib.util.spec_from_file_location("realcode_extensions_under_test",
                                                  ROOT / "benchmarks" / "realcode_extensions.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_registered_parameters_name_the_arguments(harness, tmp_path: Path) -> None:
    original, out = tmp_path / "original" / "demo", tmp_path / "migrated" / "demo"
    original.mkdir(parents=True)
    out.mkdir(parents=True)
    (original / "__init__.py").write_text("")
    (out / "__init__.py").write_text("")
    (out / "_ops_triton.py").write_text(OPS)
    cases = harness._named({"demo::fps": {"scalars": {"random_start": False}}}, out.parent, original.parent)
    assert cases["demo::fps"]["names"] == ["src", "ptr", "ratio", "random_start"]
    schema = torch._C.parse_schema(INFERRED)
    args = harness._inputs(schema, SHAPE, "cpu", 0, positive=("src",), scalars={"random_start": False},
                           names=harness._argument_names(schema, cases["demo::fps"]))
    assert args[3] is False
    assert args[1].tolist() == [0, 2, 5]
    assert bool((args[0] >= 0.5).all())


def test_a_name_that_reaches_no_argument_is_an_error(harness) -> None:
    schema = torch._C.parse_schema(INFERRED)
    with pytest.raises(ValueError, match="random_start name no argument"):
        harness._inputs(schema, SHAPE, "cpu", 0, scalars={"random_start": False},
                        names=harness._argument_names(schema, {}))
    with pytest.raises(ValueError, match="src name no argument"):
        harness._inputs(schema, SHAPE, "cpu", 0, positive=("src",), names=harness._argument_names(schema, {}))


def test_a_schema_that_names_its_arguments_keeps_them(harness) -> None:
    schema = torch._C.parse_schema(NAMED)
    assert harness._argument_names(schema, {"names": ["a", "b", "c", "d"]}) == \
        ["src", "ptr", "ratio", "random_start"]
    assert harness._argument_names(torch._C.parse_schema(INFERRED), {"names": ["a", "b"]}) == \
        ["_0", "_1", "_2", "_3"]


def test_outputs_of_the_two_sides_are_compared_per_op(harness, tmp_path):
    """The GPU script compares what the original and the migrated op returned on the same inputs: the largest
    relative difference per op, or why there is none (an op the migrated side did not run, unlike shapes); a
    non-finite value on one side only is an infinite difference."""
    ones = torch.ones(3, dtype=torch.float64)
    original = {"x::a": [ones, torch.full((2,), 4.0)], "x::b": [ones], "x::c": [ones], "x::d": [ones]}
    migrated = {"x::a": [ones, torch.full((2,), 4.2)], "x::b": [ones.reshape(1, 3)],
                "x::c": [torch.tensor([1.0, float("nan"), 1.0])]}
    torch.save(original, tmp_path / "o.pt")
    torch.save(migrated, tmp_path / "m.pt")
    apart = harness.compare_outputs(tmp_path / "o.pt", tmp_path / "m.pt")
    assert apart["x::a"]["error"] == pytest.approx(0.05)
    assert apart["x::b"] == {"why": "the outputs differ in number or shape"}
    assert apart["x::c"]["error"] == float("inf")
    assert apart["x::d"] == {"why": "the migrated side gave no outputs"}
    assert [t.shape for t in harness._tensors((ones, [ones[:2], 3], None))] == [(3,), (2,)]
