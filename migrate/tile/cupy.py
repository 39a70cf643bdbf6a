"""CuPy programs: ElementwiseKernel, ReductionKernel and RawKernel become Triton kernels; array code moves to torch."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path, PurePosixPath

from ..templating import render_template
from . import pysource
from .emit import render_program
from .extension import Outcome

CUPY_TABLE = Path(__file__).resolve().parent.parent.parent / "rules" / "tile" / "maps" / "cupy.toml"
REDUCE_NAMES = {"a + b": "sum", "b + a": "sum", "max(a, b)": "max", "min(a, b)": "min"}


@cache
def cupy_table() -> dict:
    with CUPY_TABLE.open("rb") as handle:
        return tomllib.load(handle)


def _alias(root) -> str | None:
    for node in pysource.walk(root):
        if node.type == "import_statement":
            for child in node.named_children:
                if child.type == "aliased_import" and pysource.text(child.child_by_field_name("name")) == "cupy":
                    return pysource.text(child.child_by_field_name("alias"))
                if child.type == "dotted_name" and pysource.text(child) == "cupy":
                    return "cupy"
    return None


def _params(spec: str) -> list[dict]:
    """'float32 x, T y' -> [{name, ctype, dtype}]; dtype is the torch dtype expression ('' for a type variable)."""
    out = []
    for part in spec.split(","):
        words = part.split()
        if len(words) != 2 or words[0] not in cupy_table()["types"]:
            raise ValueError(f"the parameter {part.strip()!r}")
        row = cupy_table()["types"][words[0]]
        out.append({"name": words[1], "ctype": row["c"], "dtype": row["torch"]})
    return out


def _elementwise(args: list, kernel_name: str) -> tuple[str, dict]:
    inputs, outputs = _params(args[0]), _params(args[1])
    template = any(p["ctype"] == "T" for p in inputs + outputs)
    for p in outputs:
        p["ctype"] = p["ctype"] if p["ctype"] != "T" else "T"
    source = render_template("tile/cupy_elementwise.cu.j2", kernel=f"{kernel_name}_kernel", template=template,
                             params=inputs + outputs, inputs=inputs, outputs=outputs, body=args[2].strip().rstrip(";"))
    first = next((p["dtype"] for p in inputs if p["dtype"]), "torch.float32")
    params = [{"name": p["name"], "dtype": p["dtype"] or f"{inputs[0]['name']}.dtype" if p in outputs
               else p["dtype"] or first, "output": p in outputs} for p in inputs + outputs]
    for p in params:
        if p["dtype"].endswith(".dtype") and p["output"]:
            p["dtype"] = first
    context = {"name": kernel_name, "kernel": f"{kernel_name}_kernel", "inputs": [p["name"] for p in inputs],
               "outputs": [p["name"] for p in outputs], "params": params}
    return source, context


def _reduction(args: list, kernel_name: str) -> tuple[str, dict]:
    inputs, outputs = _params(args[0]), _params(args[1])
    if len(inputs) != 1 or len(outputs) != 1:
        raise ValueError("a ReductionKernel with more than one input or output")
    reduce_expr = re.sub(r"\s+", " ", args[3].strip())
    if reduce_expr not in REDUCE_NAMES:
        raise ValueError(f"the reduce expression {reduce_expr!r} (sum, max or min of a and b)")
    acc = outputs[0]["ctype"] if outputs[0]["ctype"] != "T" else inputs[0]["ctype"]

    def substitute(a: str, b: str) -> str:
        return re.sub(r"\b[ab]\b", lambda m: a if m.group(0) == "a" else b, reduce_expr)

    source = render_template(
        "tile/cupy_reduction.cu.j2", kernel=f"{kernel_name}_kernel",
        template="T" in (inputs[0]["ctype"], outputs[0]["ctype"]), input=inputs[0], output=outputs[0], acc=acc,
        identity=args[5].strip(), map=args[2].strip(), reduce_loop=substitute("a", "b"),
        reduce_tree=substitute("partial[threadIdx.x]", "partial[threadIdx.x + s]"), post=args[4].strip().rstrip(";"),
    )
    dtype = outputs[0]["dtype"] or f"{inputs[0]['name']}.dtype"
    return source, {"name": kernel_name, "kernel": f"{kernel_name}_kernel", "input": inputs[0]["name"],
                    "dtype": dtype}


def translate_cupy(path: str, data: bytes, outcome: Outcome, translate) -> None:
    """A CuPy program: `<stem>_tile.py` beside it with its kernels, and the program moved onto torch tensors."""
    root = pysource.tree(data)
    alias = _alias(root)
    if alias is None:
        return
    stem = PurePosixPath(path).stem
    mod = f"{stem}_tile"
    kernels, edits = [], []
    cupy_context: dict = {"elementwise": [], "reductions": [], "raw": []}
    handled: set[int] = set()
    for call in pysource.calls(root, {f"{alias}.ElementwiseKernel", f"{alias}.ReductionKernel", f"{alias}.RawKernel"}):
        kind = pysource.text(call.child_by_field_name("function")).split(".")[-1]
        line = call.start_point[0] + 1
        args = [pysource.literal(a, root) for a in pysource.positional(call)]
        kw = pysource.keywords(call)
        if "name" in kw:
            args.append(pysource.literal(kw["name"].child_by_field_name("value"), root))
        handled.add(call.start_byte)
        if not all(isinstance(a, str) for a in args):
            outcome.findings.append(("tile-kept-simt", path, line, f"{kind} stays: its arguments must be literals"))
            continue
        try:
            if kind == "RawKernel":
                found, notes = translate(args[0].encode(), path, _string_line(root, pysource.positional(call)[0]))
                outcome.findings += [(n.rule, n.path, n.line, n.message) for n in notes]
                found = [k for k in found if k.name == args[1]]
                if not found:
                    continue
                kernels += found
                cupy_context["raw"].append({"name": args[1], "dynamic": any(s.dynamic for s in found[0].scratch)})
                replacement = f"{mod}.{args[1]}_raw"
            else:
                builder = _elementwise if kind == "ElementwiseKernel" else _reduction
                name = args[-1] if len(args) > (4 if kind == "ElementwiseKernel" else 7) - 1 else "kernel"
                source, context = builder(args, name)
                found, notes = translate(source.encode(), path, 0)
                if not found:
                    why = "; ".join(n.message for n in notes)
                    outcome.findings.append(("tile-kept-simt", path, line, f"{kind} {name} stays: {why}"))
                    continue
                kernels += found
                cupy_context["elementwise" if kind == "ElementwiseKernel" else "reductions"].append(context)
                replacement = f"{mod}.{name}"
                outcome.findings.append(("tile-kernel", path, line,
                                         f"{kind} {name} becomes a Triton kernel ({found[0].summary})"))
        except ValueError as exc:
            outcome.findings.append(("tile-kept-simt", path, line, f"{kind} stays: {exc}"))
            continue
        edits.append(pysource.Edit(call.start_byte, call.end_byte, replacement))
    edits += _array_code(root, data, alias, mod, handled, path, outcome)
    outcome.new_files[str(PurePosixPath(path).with_name(f"{mod}.py"))] = render_program(
        title=f"Triton kernels and torch helpers for {PurePosixPath(path).name}, migrated from CuPy.",
        description=("ElementwiseKernel and ReductionKernel objects become functions with the same call signature; "
                     "RawKernel launches keep CuPy's (grid, block, args) form. Arrays are torch tensors on DEVICE."),
        origin=PurePosixPath(path).name, kernels=kernels,
        imports=["import torch", "import triton", "import triton.language as tl"], cupy=cupy_context,
    )
    outcome.changed[path] = pysource.apply_edits(data, edits)


def _string_line(root, node) -> int:
    if node.type == "identifier":
        for stmt in pysource.walk(root):
            if stmt.type == "assignment" and pysource.text(stmt.child_by_field_name("left")) == pysource.text(node):
                return stmt.child_by_field_name("right").start_point[0]
    return node.start_point[0]


def _array_code(root, data: bytes, alias: str, mod: str, handled: set[int], path: str,
                outcome: Outcome) -> list[pysource.Edit]:
    """CuPy calls onto torch through the table; `.max(axis=...)` on arrays onto `.amax`; the import onto torch."""
    table = cupy_table()
    edits = []
    arrays: set[str] = set()
    for node in pysource.walk(root):
        if node.type == "import_statement" and _alias(node) == alias:
            has_torch = b"import torch\n" in data
            edits.append(pysource.Edit(node.start_byte, node.end_byte,
                                       ("" if has_torch else "import torch\n") + f"import {mod}"))
        if node.type == "assignment":
            right = node.child_by_field_name("right")
            if right is not None and (f"{alias}." in pysource.text(right) or any(
                re.search(rf"\b{re.escape(a)}\b", pysource.text(right)) for a in arrays
            )) and not pysource.text(right).startswith(("float(", "int(")):
                arrays.add(pysource.text(node.child_by_field_name("left")))
        if node.type != "call" or node.start_byte in handled:
            continue
        func = pysource.text(node.child_by_field_name("function"))
        if func.startswith(alias + "."):
            name = func[len(alias) + 1:]
            row = table["calls"].get(name)
            line = node.start_point[0] + 1
            if row is None and "(" in name:  # a method of a CuPy call's result: the inner call is rewritten
                continue
            if row is None:
                outcome.findings.append(("tile-cupy-kept", path, line, f"cupy.{name} has no torch row; kept"))
                continue
            row = row.replace("{mod}", mod)
            args = node.child_by_field_name("arguments")
            first = pysource.positional(node)[0] if pysource.positional(node) else None
            # Two edits around the arguments, which stay as written, so CuPy calls inside them are rewritten too.
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
            continue
        function = node.child_by_field_name("function")
        if function.type == "attribute":
            method = pysource.text(function.child_by_field_name("attribute"))
            receiver = function.child_by_field_name("object")
            if (method in table["methods"] and "axis" in pysource.keywords(node)
                    and pysource.text(receiver) in arrays):
                attribute = function.child_by_field_name("attribute")
                edits.append(pysource.Edit(attribute.start_byte, attribute.end_byte, table["methods"][method]))
    return edits
