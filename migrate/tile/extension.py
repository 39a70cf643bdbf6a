"""PyTorch extensions (setup.py CUDAExtension, load_inline) become Python modules of Triton kernels and torch ops."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from ..rules import load_catalog
from ..templating import render_template
from . import pysource
from .dispatch import translate_dispatch
from .emit import render_program
from .host import HostOp, read_host_ops, unserved
from .package import extension_folder_sources, finish_setup, relative_files, translate_package
from .setupfile import CUDA_CALLS, KERNEL_SUFFIXES, read_extensions
from .tileir import TileKernel

OP_IMPORTS = ["import torch", "import triton", "import triton.language as tl",
              "from torch.library import triton_op, wrap_triton"]
INLINE_CALLS = {"load_inline", "cpp_extension.load_inline", "torch.utils.cpp_extension.load_inline"}
# The rule that adds the runtime's include folder to a setup.py's build, whose block goes once nothing builds CUDA.
RUNTIME_INCLUDE = "extension-runtime-include"
BINDING = re.compile(rb'm\.def\(\s*"(\w+)"\s*,\s*&(\w+)')


@dataclass
class Outcome:
    """What one program's translation produced: new modules, edited sources, and findings (rule, path, line,
    message)."""

    new_files: dict[str, str] = field(default_factory=dict)
    changed: dict[str, bytes] = field(default_factory=dict)
    findings: list[tuple[str, str, int, str]] = field(default_factory=list)
    served: set[str] = field(default_factory=set)  # CUDA sources whose ops Triton serves while the build stays


def build_ops(source: bytes, origin: str, line_offset: int, bound: dict[str, str] | None,
              outcome: Outcome, translate) -> tuple[list[TileKernel], list[HostOp]] | None:
    """Kernels and ops of one extension source; None (with findings) when a bound op cannot become Triton."""
    kernels, notes = translate(source, origin, line_offset)
    outcome.findings += [(n.rule, n.path, n.line, n.message) for n in notes]
    names = list(bound.values()) if bound is not None else None
    ops, failures = read_host_ops(source, names)
    for name, line, why in failures:
        outcome.findings.append(("tile-host-kept", origin, line + line_offset,
                                 f"host function {name} stays C++: {why}"))
    by_name = {k.name: k for k in kernels}
    ready = []
    for op in ops:
        missing = unserved(op, by_name)
        if missing:
            outcome.findings.append(("tile-host-kept", origin, op.line + line_offset,
                                     f"host function {op.name} stays C++: {missing[0][1]}"))
            continue
        ready.append(op)
    if failures or len(ready) != len(ops) or not ready:
        return None
    if bound is not None:  # the op takes the name Python code calls it by
        renamed = {cxx: py for py, cxx in bound.items()}
        ready = [dataclasses.replace(op, name=renamed.get(op.name, op.name)) for op in ready]
    return kernels, ready


def _module(name: str, origin: str, kernels, ops) -> str:
    return render_program(
        title=f"The {name} extension as Triton kernels, migrated from {origin}.",
        description=("Each op keeps the original signature and is registered with torch.library (triton_op), so it "
                     f"stays a real torch op: torch.ops.{name}.<op>. The kernels run on any Triton backend and on "
                     "the CPU under TRITON_INTERPRET=1."),
        origin=origin, kernels=kernels, imports=OP_IMPORTS, ops=ops, namespace=name,
    )


def translate_setup(path: str, data: bytes, files: dict[str, bytes], outcome: Outcome,
                    translate) -> tuple[set[str], set[str]]:
    """setup.py's extensions: one built from a single .cu source becomes a `<name>.py` module beside it (and setup()
    lists it instead of the extension); one that mixes C++ and CUDA sources keeps its C++ as a CppExtension and gets
    a Triton module for its CUDA ops (package.py). Returns the CUDA sources the extensions build (a rejected
    extension is left as it was, its kernels only noted) and every CUDA source under setup.py's folder when it
    builds extensions: none of them gets a `_tile.py` of its own (one left after a migration is built by nothing)."""
    root = pysource.tree(data)
    folder = PurePosixPath(path).parent
    edits: list[pysource.Edit] = []
    extensions = read_extensions(data, relative_files(folder, files))
    claimed: set[str] = set()
    modules: list[str] = []
    kept = False  # an extension still builds CUDA sources
    whole = [e for e in extensions if e.sources and len(e.callees) == 1 and _text(e.callees[0]) in CUDA_CALLS
             and all(s.endswith(".cu") for s in e.sources)]
    for ext in extensions:
        line = ext.call.start_point[0] + 1
        if ext.why and ext.kinds == {"cpp"}:
            continue  # a CppExtension: its sources are C++ unless shown otherwise
        if ext.why:
            named = f"extension {ext.name}" if ext.name else "extension"
            outcome.findings.append(("tile-host-kept", path, line, f"{named} stays: {ext.why}"))
            claimed |= set(extension_folder_sources(folder, files))
            kept = True
            continue
        where = [str(folder / s) if str(folder) != "." else s for s in ext.sources]
        cuda = [s for s in where if s.endswith(KERNEL_SUFFIXES)]
        claimed |= set(cuda)
        absent = [s for s in where if s not in files]
        if absent:
            outcome.findings.append(("tile-host-kept", path, line,
                                     f"extension {ext.name} stays: its source {absent[0]} is not in the tree"))
            claimed |= set(extension_folder_sources(folder, files))
            kept = True
            continue
        if not cuda:
            continue  # a CppExtension of C++ alone needs no change
        if ext not in whole:
            kept |= not translate_package(path, data, ext, files, outcome, translate, edits)
            continue
        name = ext.name
        if len(cuda) != 1 or len(where) != 1:
            outcome.findings.append(("tile-host-kept", path, line,
                                     "CUDAExtension stays: its name and a single .cu source must be literals"))
            kept = True
            continue
        source_path = cuda[0]
        source = files.get(source_path)
        if source is None:
            outcome.findings.append(("tile-host-kept", path, line, f"CUDAExtension stays: {source_path} not found"))
            kept = True
            continue
        bound = {m.group(1).decode(): m.group(2).decode() for m in BINDING.finditer(source)}
        built = build_ops(source, source_path, 0, bound or None, outcome, translate)
        if built is None:
            kept = True
            continue
        kernels, ops = built
        module = str(folder / f"{name.split('.')[-1]}.py")
        outcome.new_files[module] = _module(name.split(".")[-1], PurePosixPath(source_path).name, kernels, ops)
        outcome.findings.append(("tile-extension", path, line,
                                 (f"CUDAExtension {name} becomes the Python module {PurePosixPath(module).name} "
                                 f"({len(ops)} ops on Triton kernels); setup.py needs no CUDA")))
        modules.append(name)
    if whole and len(modules) == len(extensions):
        for call in pysource.calls(root, {"setup", "setuptools.setup"}):
            for key, arg in pysource.keywords(call).items():
                value = pysource.text(arg)
                if key == "ext_modules":
                    edits.append(pysource.Edit(arg.start_byte, arg.end_byte,
                                               "py_modules=[" + ", ".join(f'"{m}"' for m in modules) + "]"))
                elif key == "cmdclass" and "BuildExtension" in value:
                    start, end = pysource.line_span(data, arg)
                    if data[start:end].strip().rstrip(b",") == arg.text:
                        edits.append(pysource.Edit(start, end, ""))
        for node in pysource.walk(root):
            if node.type == "import_from_statement" and b"cpp_extension" in node.text:
                names = {pysource.text(n) for n in node.children_by_field_name("name")}
                if names <= {"BuildExtension", "CUDAExtension", "CppExtension"}:
                    start, end = pysource.line_span(data, node)
                    edits.append(pysource.Edit(start, end, ""))
    elif edits:
        finish_setup(data, edits)
    if edits and not kept:  # no CUDA source is built any more: the runtime's headers are not needed either
        block = render_template(load_catalog().rules[RUNTIME_INCLUDE].fix["template"]).encode()
        start = data.find(block)
        if start >= 0:
            edits.append(pysource.Edit(start, start + len(block), ""))
    if edits:
        outcome.changed[path] = pysource.apply_edits(data, edits)
    elif extensions and not modules:  # nothing migrated: ops whose C++ picks the CUDA function may still be served
        outcome.served |= translate_dispatch(path, extensions[0].call.start_point[0] + 1, files, outcome, translate)
    return claimed, set(extension_folder_sources(folder, files)) if extensions else set()


def _text(node) -> str:
    return pysource.text(node)


def translate_inline(path: str, data: bytes, outcome: Outcome, translate) -> None:
    """load_inline(name=..., cuda_sources=...): a `<name>.py` module beside the program, imported in its place."""
    root = pysource.tree(data)
    folder = PurePosixPath(path).parent
    edits: list[pysource.Edit] = []
    for call in pysource.calls(root, INLINE_CALLS):
        kw = pysource.keywords(call)
        line = call.start_point[0] + 1
        name = pysource.literal(kw["name"].child_by_field_name("value")) if "name" in kw else None
        source_node = kw["cuda_sources"].child_by_field_name("value") if "cuda_sources" in kw else None
        source = pysource.literal(source_node, root) if source_node is not None else None
        functions = pysource.literal(kw["functions"].child_by_field_name("value"), root) if "functions" in kw else None
        if isinstance(source, list):
            source = "\n".join(source)
        if isinstance(functions, str):
            functions = [functions]
        if not isinstance(name, str) or not isinstance(source, str) or not isinstance(functions, list):
            outcome.findings.append(("tile-host-kept", path, line,
                                     "load_inline stays: name, cuda_sources and functions must be literals"))
            continue
        offset = _source_line(root, source_node) if source_node is not None else 0
        built = build_ops(source.encode(), path, offset, {f: f for f in functions}, outcome, translate)
        if built is None:
            continue
        kernels, ops = built
        outcome.new_files[str(folder / f"{name}.py")] = _module(name, PurePosixPath(path).name, kernels, ops)
        edits.append(pysource.Edit(call.start_byte, call.end_byte, f'importlib.import_module("{name}")'))
        outcome.findings.append(("tile-extension", path, line,
                                 (f"load_inline {name} becomes the Python module {name}.py ({len(ops)} ops on "
                                 "Triton kernels); nothing is compiled at run time")))
    if not edits:
        return
    for node in pysource.walk(root):
        if node.type == "import_from_statement" and b"cpp_extension" in node.text:
            names = {pysource.text(n) for n in node.children_by_field_name("name")}
            if names == {"load_inline"}:
                edits.append(pysource.Edit(node.start_byte, node.end_byte, "import importlib"))
    outcome.changed[path] = pysource.apply_edits(data, edits)


def _source_line(root, node) -> int:
    """The line (0-based) where the kernel source text starts, so findings point into the Python file."""
    if node.type == "identifier":
        for stmt in pysource.walk(root):
            if stmt.type == "assignment" and pysource.text(stmt.child_by_field_name("left")) == pysource.text(node):
                return stmt.child_by_field_name("right").start_point[0]
    return node.start_point[0]
