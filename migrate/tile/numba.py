"""Numba programs: `@cuda.jit` kernels become Triton kernels launched as before; array code moves to torch."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path, PurePosixPath

from . import pysource
from .emit import render_module, render_program
from .extension import Outcome
from .lower import lower
from .numba_front import read_numba
from .targets import check_for, compile_errors
from .tileir import Rejected

NUMBA_TABLE = Path(__file__).resolve().parent.parent.parent / "rules" / "tile" / "maps" / "numba.toml"


@cache
def numba_table() -> dict:
    with NUMBA_TABLE.open("rb") as handle:
        return tomllib.load(handle)


def _check_targets(lowered: dict, origin: str) -> None:
    """Replace each lowered kernel that does not compile for sm_90 and gfx942 by the reason (arrays as float32)."""
    checks = {}
    for name, tile in lowered.items():
        if isinstance(tile, str):
            continue
        check = check_for(tile)
        if isinstance(check, str):
            lowered[name] = check
        else:
            checks[name] = check
    if not checks:
        return
    errors = compile_errors(render_module([lowered[n] for n in checks], origin), list(checks.values()))
    for name, check in checks.items():
        if errors.get(check.name):
            lowered[name] = f"its Triton form does not compile ({errors[check.name]})"


def _extra_value(array: str, dim: int | None) -> str:
    return f"{array}.numel()" if dim is None else f"{array}.shape[{dim}]"


def translate_numba(path: str, data: bytes, outcome: Outcome) -> None:
    """A Numba CUDA program: `<stem>_tile.py` beside it, and the program rewritten onto it and torch tensors."""
    module, kernels = read_numba(data)
    if not kernels:
        return
    mod = f"{PurePosixPath(path).stem}_tile"
    lines = data.split(b"\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    tiles, contexts, kept, edits = [], [], [], []
    lowered: dict[str, object] = {}
    for kernel in kernels:
        try:
            lowered[kernel.function.name] = lower(module, kernel.function)
        except Rejected as exc:
            lowered[kernel.function.name] = str(exc)
        except Exception as exc:  # noqa: BLE001 - a lowering bug keeps the kernel on Numba, never stops the run
            lowered[kernel.function.name] = f"the lowering failed on it ({type(exc).__name__})"
    _check_targets(lowered, path)
    for kernel in kernels:
        fn = kernel.function
        name = fn.name.removesuffix("_kernel")
        tile = lowered[fn.name]
        if isinstance(tile, str):
            outcome.findings.append(("tile-kept-simt", path, kernel.start,
                                     (f"kernel {name} stays a SIMT kernel: {tile}; it runs through numba.cuda on "
                                     "NVIDIA and Numba's simulator elsewhere")))
            kept.append(name)
            decorator = offsets[kernel.start - 1]
            edits.append(pysource.Edit(decorator, decorator + len(lines[kernel.start - 1]), f"@{mod}.simt_kernel"))
            continue
        tiles.append(tile)
        outcome.findings.append(("tile-kernel", path, kernel.start,
                                 f"kernel {name} becomes a Triton kernel ({tile.summary})"))
        extras = {extra: _extra_value(array, dim) for extra, array, dim in kernel.extras}
        contexts.append({"name": name, "kernel": fn.name, "params": list(kernel.originals),
                         "args": [extras.get(p.name, p.name) for p in fn.params]})
        edits.append(pysource.Edit(offsets[kernel.start - 1], offsets[kernel.end] - 1, f"{name} = {mod}.{name}"))
    outcome.new_files[str(PurePosixPath(path).with_name(f"{mod}.py"))] = render_program(
        title=f"Triton kernels and torch helpers for {PurePosixPath(path).name}, migrated from Numba CUDA.",
        description=("Each migrated kernel keeps Numba's launch form, `kernel[grid, block](*args)`, on torch tensors; "
                     "array sizes the kernel read from `.size`/`.shape` are passed to the Triton kernel."),
        origin=PurePosixPath(path).name, kernels=tiles,
        imports=["import os", "", "import numpy", "import torch", "import triton", "import triton.language as tl"],
        numba={"kernels": contexts, "kept": kept},
    )
    edits += _array_code(data, mod, kept, path, outcome)
    outcome.changed[path] = pysource.apply_edits(data, edits)


def _array_code(data: bytes, mod: str, kept: list[str], path: str, outcome: Outcome) -> list[pysource.Edit]:
    table = numba_table()
    root = pysource.tree(data)
    edits = []
    for node in pysource.walk(root):
        if node.type == "import_from_statement" and pysource.text(node.child_by_field_name("module_name")) == "numba":
            prefix = "" if b"import torch\n" in data else "import torch\n"
            keep = "\n" + pysource.text(node) if kept else ""
            edits.append(pysource.Edit(node.start_byte, node.end_byte, f"{prefix}import {mod}{keep}"))
        if node.type != "call":
            continue
        func = node.child_by_field_name("function")
        text = pysource.text(func)
        args = node.child_by_field_name("arguments")
        if text.startswith("cuda.") and text[5:] in table["calls"]:
            row = table["calls"][text[5:]].replace("{mod}", mod)
            first = pysource.positional(node)[0] if pysource.positional(node) else None
            if "{args}" in row:
                head, tail = row.split("{args}")
                edits.append(pysource.Edit(node.start_byte, args.start_byte + 1, head))
                edits.append(pysource.Edit(args.end_byte - 1, node.end_byte, tail))
            elif "{0}" in row and first is not None:
                head, tail = row.split("{0}")
                edits.append(pysource.Edit(node.start_byte, first.start_byte, head))
                edits.append(pysource.Edit(first.end_byte, node.end_byte, tail))
            else:
                edits.append(pysource.Edit(node.start_byte, node.end_byte, row))
        elif func.type == "attribute" and pysource.text(func.child_by_field_name("attribute")) in table["methods"]:
            attribute = func.child_by_field_name("attribute")
            edits.append(pysource.Edit(func.child_by_field_name("object").end_byte, node.end_byte,
                                       table["methods"][pysource.text(attribute)]))
    return edits
