"""The runtime API beyond kernels: pitched and 3-D memory, arrays, managed memory, pools, graphs and capture,
device settings, kernel objects, texture objects; and every CUDA runtime function the catalog marks supported is
called by a test program on the CPU backend."""

import re
import tomllib
from pathlib import Path

import pytest

from conftest import PROGRAMS, ROOT

MAPS = ROOT / "rules" / "maps"


@pytest.mark.parametrize("variant", ["cpu", "asan"])
@pytest.mark.parametrize("name", ["memory3d", "graph", "runtime_api"])
def test_program(run, name, variant):
    run(name, variant)


def test_pitched_volume_values(run):
    """The pitched kernel writes x + 10 y + 100 z; the last element of a 37 x 5 x 3 volume is 36 + 40 + 200."""
    out = run("memory3d")
    assert "VALUE pitched_sum_corner 276" in out


def test_captured_graph_replays_in_order(run):
    """Two host calls captured as +1 then *2 and launched twice give ((0 + 1) * 2 + 1) * 2."""
    out = run("graph")
    assert "VALUE graph_calls 6" in out


def _supported_runtime_functions() -> dict[str, str]:
    table = tomllib.loads((MAPS / "cuda-runtime.toml").read_text(encoding="utf-8"))["names"]
    declared = (MAPS / "headers" / "cuda-runtime.txt").read_text(encoding="utf-8").split()
    return {n: table[n]["portable"] for n in declared if n in table and table[n]["status"] == "supported"
            and table[n]["kind"] == "function"}


def test_every_supported_runtime_function_is_called():
    """A portable name counts as a call when a program calls it, names it as a template, or takes it as a value."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(PROGRAMS.glob("*.cu")))
    uncalled = sorted(
        cuda for cuda, portable in _supported_runtime_functions().items()
        if not re.search(rf"\b{re.escape(portable)}\s*[(<]", text)
    )
    assert not uncalled, f"{len(uncalled)} supported functions no test program calls: {', '.join(uncalled)}"
