"""Extensions that keep a C++ half: their CUDA sources become a Triton module that registers each CUDA op's kernel
with torch.library, and setup.py builds the rest as a CppExtension that needs no CUDA toolkit."""

from __future__ import annotations

import posixpath
import re
from pathlib import PurePosixPath

import tree_sitter as ts

from .. import parse
from ..templating import render_template
from . import pysource
from .emit import render_program
from .host import (
    definitions,
    function_name,
    host_table,
    read_host_ops,
    read_registrations,
    unserved,
)
from .setupfile import CPP_CALLS, CUDA_CALLS, KERNEL_SUFFIXES, ExtensionCall

IMPORTS = ["import torch", "import triton", "import triton.language as tl"]
CPP_SUFFIXES = (".cpp", ".cc", ".cxx", ".c")
# What a C++ source of the extension may not include once the CUDA sources are gone: it would need the toolkit.
CUDA_INCLUDE = re.compile(rb'^\s*#\s*include\s*[<"](cuda\w*\.h|ATen/cuda/|c10/cuda/|thrust/|cub/|cublas|curand)',
                          re.MULTILINE)
BINDINGS = re.compile(rb"\bPYBIND11_MODULE\b|\bm\.def\(")
LOCAL_INCLUDE = re.compile(rb'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)


def _text(node: ts.Node) -> str:
    return pysource.text(node)


def _triton_module(name: str, folder: PurePosixPath, files: dict[str, bytes]) -> str | None:
    """Where the Triton module of extension `pkg.sub._C` goes: `pkg/sub/_C_triton.py`, inside its package."""
    parts = name.split(".")
    if len(parts) < 2:
        return None
    package = folder.joinpath(*parts[:-1])
    if str(package / "__init__.py") not in files:
        return None
    return str(package / f"{parts[-1]}_triton.py")


def _importer(name: str, folder: PurePosixPath, files: dict[str, bytes]) -> tuple[str, ts.Node] | None:
    """The first import statement of the extension module (`from . import _C`, `import pkg._C`, ...) in the
    package's Python files, its own `__init__.py` first."""
    parts = name.split(".")
    package = folder.joinpath(*parts[:-1])
    candidates = [str(package / "__init__.py")] + sorted(
        p for p in files if p.endswith(".py") and PurePosixPath(p).parent == package and not p.endswith("__init__.py"))
    parent = ".".join(parts[:-1])
    for path in candidates:
        root = pysource.tree(files[path])
        for node in root.named_children:
            if node.type == "import_from_statement":
                module = _text(node.child_by_field_name("module_name"))
                names = {_text(n).split(" as ")[0] for n in node.children_by_field_name("name")}
                if module in (".", parent) and parts[-1] in names or module in (name, "." + parts[-1]):
                    return path, node
            elif node.type == "import_statement":
                names = {_text(n).split(" as ")[0] for n in node.children_by_field_name("name")}
                if name in names:
                    return path, node
    return None


def _host_names(source: bytes) -> list[str]:
    """Names of the non-kernel functions a CUDA source defines (what C++ elsewhere might call)."""
    root = parse.parse("cuda", source).root_node
    names = []
    for node in definitions(root):
        head = source[node.start_byte:node.child_by_field_name("body").start_byte].decode("utf-8", "replace")
        if re.search(r"__(global|device)__", head) or node.child_by_field_name("type") is None:
            continue
        if name := function_name(node):
            names.append(name)
    return names


def _with_headers(sources: list[str], files: dict[str, bytes]) -> list[str]:
    """The C++ sources and the tree's headers they include with quotes, transitively: what the C++ build compiles."""
    found, todo = [], list(sources)
    while todo:
        path = todo.pop(0)
        if path in found:
            continue
        found.append(path)
        for include in LOCAL_INCLUDE.findall(files.get(path, b"")):
            header = posixpath.normpath(posixpath.join(posixpath.dirname(path), include.decode()))
            if header in files and header not in found:
                todo.append(header)
    return found


def _blocker(cuda: list[str], cxx: list[str], files: dict[str, bytes]) -> str:
    """Why the CUDA sources cannot leave the build while the C++ ones stay ("" when they can)."""
    for path in cuda:
        if path not in files:
            return f"{path} is not in the tree"
        source = files[path]
        if BINDINGS.search(source) or re.search(host_table()["registration"]["define_block"].encode(), source):
            return f"{path} defines or binds ops itself (TORCH_LIBRARY, PYBIND11_MODULE)"
        keys = set(read_registrations(source)) - set(host_table()["registration"]["devices"])
        if keys:
            return f"{path} registers ops for {min(keys)}, which no Triton kernel serves"
    defined = {name for path in cuda for name in _host_names(files[path])}
    for path in _with_headers(cxx, files):
        if path not in files:
            return f"{path} is not in the tree"
        found = CUDA_INCLUDE.search(files[path])
        if found:
            return f"{path} includes {found.group(1).decode()}, which needs the CUDA toolkit"
        for name in sorted(defined):
            if re.search(rb"\b" + re.escape(name.encode()) + rb"\b", files[path]):
                return f"{path} uses {name}, which {cuda[0]} defines"
    if not any(re.search(host_table()["registration"]["define_block"].encode(), files[p]) for p in cxx):
        return "no C++ source defines the ops with TORCH_LIBRARY"
    return ""


def translate_package(path: str, data: bytes, ext: ExtensionCall, files: dict[str, bytes], outcome, translate,
                      edits: list[pysource.Edit]) -> bool:
    """One extension of C++ and CUDA sources whose ops are TORCH_LIBRARY ops: the Triton module, the import that
    loads it, and the setup.py edits that build the C++ alone. False (with a finding) when it stays as it is."""
    folder = PurePosixPath(path).parent
    line = ext.call.start_point[0] + 1
    where = [str(folder / s) if str(folder) != "." else s for s in ext.sources]
    cuda = [p for p in where if p.endswith(KERNEL_SUFFIXES)]
    cxx = [p for p in where if not p.endswith(KERNEL_SUFFIXES)]

    def keep(why: str) -> bool:
        outcome.findings.append(("tile-host-kept", path, line, f"extension {ext.name} stays: {why}"))
        return False

    why = _blocker(cuda, cxx, files)
    if why:
        return keep(why)
    module = _triton_module(ext.name, folder, files)
    importer = _importer(ext.name, folder, files)
    if module is None:
        return keep(f"{ext.name} is not a module of a package in the tree, so its Triton module has no home")
    if importer is None:
        return keep(f"no Python module of its package imports {ext.name}, so nothing would load the Triton kernels")
    devices = host_table()["registration"]["devices"]
    kernels, ops, registers = [], [], {}
    for source_path in [p for p in cuda if p.endswith(".cu")]:
        source = files[source_path]
        bound = {op: cxx_name for key, table in read_registrations(source).items() for op, cxx_name in table.items()
                 if key in devices}
        found, notes = translate(source, source_path, 0)
        outcome.findings += [(n.rule, n.path, n.line, n.message) for n in notes]
        read, failures = read_host_ops(source, list(bound.values()))
        for name, fline, reason in failures:
            outcome.findings.append(("tile-host-kept", source_path, fline, f"host function {name} stays C++: {reason}"))
        by_name = {k.name: k for k in found}
        for op in read:
            missing = unserved(op, by_name)
            if missing:
                why = f"host function {op.name} stays C++: {missing[0][1]}"
                outcome.findings.append(("tile-host-kept", source_path, op.line, why))
        if failures or any(unserved(op, by_name) for op in read):
            return keep(f"not every CUDA op of {source_path} becomes Triton (see its notes)")
        if {op.name for op in read} != set(bound.values()):
            return keep(f"{source_path} registers a function it does not define")
        schemas = b"".join(files[p] for p in cxx)
        for qualified in bound:
            short = qualified.split("::")[-1].split(".")[0]
            if not re.search(rb'\.def\(\s*"' + re.escape(short.encode()) + rb"\(", schemas):
                return keep(f"no C++ source defines the schema of {qualified}, which {source_path} registers")
        keys = {key for key in read_registrations(source)}
        for qualified, cxx_name in bound.items():
            registers[cxx_name] = (qualified, next(devices[k] for k in keys if qualified in
                                                   read_registrations(source)[k]))
        kernels += found
        ops += read
    if not ops:
        return keep("its CUDA sources register no op for a GPU dispatch key (TORCH_LIBRARY_IMPL)")
    names = [PurePosixPath(p).name for p in cuda if p.endswith(".cu")]
    outcome.new_files[module] = render_program(
        title=f"The CUDA ops of the {ext.name} extension as Triton kernels, migrated from {', '.join(names)}.",
        description=(f"{ext.name} still defines the ops and serves CPU tensors from C++; each function here is the "
                     "op's kernel for GPU tensors, registered with torch.library.register_kernel. The kernels run "
                     "on any Triton backend, and on the CPU under TRITON_INTERPRET=1 when called directly."),
        origin=", ".join(names), kernels=kernels, imports=IMPORTS, ops=ops, registers=registers, wrap=False,
    )
    _edit_setup(data, ext, edits)
    importer_path, statement = importer
    source = files[importer_path] if importer_path not in outcome.changed else outcome.changed[importer_path]
    end = pysource.line_span(source, statement)[1]
    relative = importer_path.rsplit("/", 1)[0] == module.rsplit("/", 1)[0]
    stem = PurePosixPath(module).stem
    text = render_template("tile/package_import.py.j2", module=stem, package=".".join(ext.name.split(".")[:-1]),
                           relative=relative)
    outcome.changed[importer_path] = source[:end] + text.encode() + source[end:]
    count = f"{len(ops)} CUDA ops become" if len(ops) != 1 else "1 CUDA op becomes"
    devices_used = ", ".join(sorted({d for _, d in registers.values()}))
    message = (f"extension {ext.name} builds its C++ sources alone (a CppExtension, no CUDA toolkit); its {count} "
               f"Triton kernels in {PurePosixPath(module).name}, registered for {devices_used} tensors")
    outcome.findings.append(("tile-extension", path, line, message))
    return True


def _edit_setup(data: bytes, ext: ExtensionCall, edits: list[pysource.Edit]) -> None:
    """The extension call builds a CppExtension of its non-CUDA sources."""
    for callee in ext.callees:
        if callee.type == "conditional_expression" or _text(callee) in CUDA_CALLS:
            spelling = next((c for c in CPP_CALLS if c.rsplit(".", 1)[0] == _text(callee).rsplit(".", 1)[0]),
                            "CppExtension") if "." in _text(callee) else "CppExtension"
            edits.append(pysource.Edit(callee.start_byte, callee.end_byte, spelling))
    node = ext.sources_node
    items = node.named_children if node.type == "list" else []
    if items and all(c.type == "string" for c in items):
        kept = [_text(c) for c in items if not str(pysource.literal(c)).endswith(KERNEL_SUFFIXES)]
        text = "[" + ", ".join(kept) + "]"
    else:
        text = render_template("tile/package_sources.py.j2", sources=_text(node), suffixes=KERNEL_SUFFIXES).strip()
    edits.append(pysource.Edit(node.start_byte, node.end_byte, text))


def finish_setup(data: bytes, edits: list[pysource.Edit]) -> None:
    """Imports for the edited setup.py: CppExtension where it is now called, CUDAExtension gone once unused."""
    root = pysource.tree(data)
    spans = [(e.start, e.end) for e in edits]
    used = [n for n in pysource.walk(root) if n.type == "identifier" and _text(n) == "CUDAExtension"
            and not any(s <= n.start_byte < e for s, e in spans)]
    imports = [n for n in pysource.walk(root) if n.type == "import_from_statement" and b"cpp_extension" in n.text]
    named = {_text(n): n for stmt in imports for n in stmt.children_by_field_name("name")}
    needs_cpp = any(e.text == "CppExtension" for e in edits) and "CppExtension" not in named
    in_imports = [n for n in used if n.parent is not None and n.parent.type == "dotted_name"
                  and n.parent.parent is not None and n.parent.parent.type == "import_from_statement"]
    unused = "CUDAExtension" in named and len(used) == len(in_imports)
    if needs_cpp and "CUDAExtension" in named:
        node = named["CUDAExtension"]
        if unused:
            edits.append(pysource.Edit(node.start_byte, node.end_byte, "CppExtension"))
        else:
            edits.append(pysource.Edit(node.end_byte, node.end_byte, ", CppExtension"))
        return
    if unused:
        node = named["CUDAExtension"]
        start, end = node.start_byte, node.end_byte
        line_start = data.rfind(b"\n", 0, start) + 1
        line_end = data.find(b"\n", end)
        rest = data[end:line_end].strip()
        if not data[line_start:start].strip() and rest in (b",", b""):
            edits.append(pysource.Edit(line_start, line_end + 1, ""))  # the name alone on its line
        elif data[end:end + 2] == b", ":
            edits.append(pysource.Edit(start, end + 2, ""))
        elif data[start - 2:start] == b", ":
            edits.append(pysource.Edit(start - 2, end, ""))


def extension_folder_sources(folder: PurePosixPath, files: dict[str, bytes]) -> list[str]:
    """Every CUDA source under a setup.py's folder: the extension sources of a setup.py that could not be read."""
    prefix = "" if str(folder) == "." else str(folder) + "/"
    return sorted(p for p in files if p.startswith(prefix) and p.endswith(KERNEL_SUFFIXES))


def relative_files(folder: PurePosixPath, files: dict[str, bytes]) -> set[str]:
    prefix = "" if str(folder) == "." else str(folder) + "/"
    return {posixpath.relpath(p, prefix or ".") for p in files if p.startswith(prefix)}
