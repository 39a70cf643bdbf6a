"""Extensions whose C++ op picks its CUDA function itself (`if (x.is_cuda()) return op_cuda(...)`): that function
becomes a Triton kernel registered for cuda tensors with torch.library, and the build stays as it is."""

from __future__ import annotations

import dataclasses
import re
from pathlib import PurePosixPath

import tree_sitter as ts

from .. import parse
from ..templating import render_template
from . import ir, pysource
from .autograd import Route, read_route
from .cuda_front import Unreadable, py_name
from .emit import render_program
from .host import (
    HostOp,
    HReturn,
    block_end,
    definitions,
    function_name,
    host_table,
    launches,
    op_statements,
    parameter_names,
    read_host_ops,
    read_params,
    return_annotation,
    unlowered_launch,
    unserved,
)
from .package import CPP_SUFFIXES, IMPORTS, _host_names
from .switches import switches_in

MODULE = "_ops_triton.py"
# An export macro before a function definition (`CLUSTER_API torch::Tensor grid(...)`), blanked for the parser.
EXPORT_MACRO = re.compile(rb"^([A-Z][A-Z0-9_]*)(?=[ \t]+[\w:]+(?:<[^>;{}]*>)?[\s&*]+\w+\s*\()", re.MULTILINE)


def _registered(data: bytes) -> list[tuple[str, str]]:
    """(qualified op, C++ function) for each op a C++ source registers with a kernel of its own for every device:
    `torch::RegisterOperators().op("ns::op", &fn)` and `m.def("op(...) -> ...", &fn)` in TORCH_LIBRARY(ns, m)."""
    table = host_table()["registration"]
    found = [(m.group(1), m.group(2)) for m in re.finditer(table["catch_all_op"].encode(), data)]
    for block in re.finditer(table["define_block"].encode(), data):
        namespace = block.group(1).decode()
        for m in re.finditer(table["define_call"].encode(), data[block.end():block_end(data, block.end())]):
            found.append((f"{namespace}::{m.group(1).decode()}".encode(), m.group(2)))
    return [(op.decode(), fn.decode().split("::")[-1]) for op, fn in found]


def _cuda_branch(data: bytes, function: str, cuda_names: set[str]) -> tuple[str, int, str, HostOp | None]:
    """(the CUDA function, line, "", wrapper) when a C++ op's body returns that function under its device test
    (`if (x.device().is_cuda())`), given the op's own arguments in order (wrapper None) or some of them (wrapper:
    the op's signature, returning that call); ("", line, why, None) when it does not."""
    data = EXPORT_MACRO.sub(lambda m: b" " * len(m.group(1)), data)
    root = parse.parse("cuda", data).root_node
    node = next((d for d in definitions(root) if function_name(d) == function), None)
    if node is None:
        return "", 1, f"{function} is not defined where the op is registered", None
    params = parameter_names(node)
    line = node.start_point[0] + 1
    tests = host_table()["registration"]["device_tests"]
    stack = [node.child_by_field_name("body")]
    while stack:
        current = stack.pop()
        if current.type == "if_statement" and any(
            re.search(r"\." + t + r"\(\s*\)", current.child_by_field_name("condition").text.decode()) for t in tests
        ):
            branch = current.child_by_field_name("consequence").text.decode()
            for call in re.finditer(r"\breturn\s+(\w+)\s*\(([^;]*)\)\s*;", branch):
                args = [a.strip() for a in call.group(2).split(",") if a.strip()]
                if call.group(1) in cuda_names:
                    if args == params:
                        return call.group(1), line, "", None
                    if not set(args) <= set(params) - {""}:
                        return "", line, f"{function} passes {call.group(1)} other arguments than its own", None
                    try:  # some of its own arguments, by name: a function of the op's signature that passes them
                        typed, _ = read_params(node)
                        returns = return_annotation(node)
                    except Unreadable as exc:
                        return "", line, f"{function} has {exc}", None
                    body = (HReturn(ir.Call(py_name(call.group(1)), tuple(ir.Name(py_name(a)) for a in args))),)
                    return call.group(1), line, "", HostOp(function, tuple(typed), returns, body, line)
            return "", line, "", None  # the CUDA branch only raises: an op for the CPU alone
        stack.extend(current.named_children)
    return "", line, "", None  # an op for the CPU alone


def _cuda_functions(data: bytes, cuda_names: set[str]) -> dict[str, str]:
    """The functions of a C++ source that return a CUDA function under their device test, given their own
    parameters in order: name -> the CUDA function."""
    root = parse.parse("cuda", EXPORT_MACRO.sub(lambda m: b" " * len(m.group(1)), data)).root_node
    found = {}
    for node in definitions(root):
        name = function_name(node)
        cuda, _, why, wrapper = _cuda_branch(data, name, cuda_names) if name else ("", 0, "", None)
        if cuda and not why and wrapper is None:
            found[name] = cuda
    return found


def _route_unserved(route: Route, hosted: dict[str, tuple[HostOp, dict, str]]) -> str:
    """Why an op's route cannot be served by Triton kernels ("" when it can): a CUDA function it reaches whose
    host code was not read, or whose launches a Triton kernel cannot serve."""
    for cuda in route.cuda:
        if cuda not in hosted:
            return f"the CUDA function {cuda} it reaches stays CUDA"
        read, by_name, _ = hosted[cuda]
        missing = unserved(read, by_name)
        if missing:
            return f"the CUDA function {cuda} it reaches: {missing[0][1]}"
    return ""


def _loader(init: bytes) -> ts.Node | None:
    """The last top-level statement of a package's `__init__.py` that calls torch.ops.load_library (it may be a loop
    over the package's libraries): the Triton kernels are registered after it."""
    found = None
    for node in pysource.tree(init).named_children:
        if re.search(rb"\btorch\.ops\.load_library\(", node.text):
            found = node
    return found


def translate_dispatch(path: str, line: int, files: dict[str, bytes], outcome, translate) -> set[str]:
    """The ops of the C++ sources under setup.py's folder whose CUDA branch a Triton kernel can serve: a module of
    them in the package named as the ops' namespace, imported after its ops load. Returns the CUDA sources that now
    serve through Triton (empty, with findings, when none does)."""
    folder = PurePosixPath(path).parent
    prefix = "" if str(folder) == "." else str(folder) + "/"
    under = sorted(p for p in files if p.startswith(prefix))
    cuda = [p for p in under if p.endswith(".cu")]
    defined = {name: p for p in cuda for name in _host_names(files[p])}
    wanted: dict[str, list[tuple[str, str, int]]] = {}  # .cu: (op, CUDA function, line of the C++ op)
    wrappers: dict[str, HostOp] = {}  # CUDA function: the op's signature around it, where it takes fewer arguments
    routes: list[tuple[str, Route, str]] = []  # (op, its route through autograd Functions, the C++ source)
    namespaces = set()
    for cxx in (p for p in under if p.endswith(CPP_SUFFIXES)):
        for op, function in _registered(files[cxx]):
            name, where, why, wrapper = _cuda_branch(files[cxx], function, set(defined))
            if why:
                outcome.findings.append(("tile-host-kept", cxx, where, f"op {op} stays: {why}"))
            if name:
                wanted.setdefault(defined[name], []).append((op, name, where))
                if wrapper is not None:
                    wrappers[name] = wrapper
            elif not why:  # no device test of its own: it may reach CUDA functions through autograd Functions
                route = read_route(files[cxx], function, _cuda_functions(files[cxx], set(defined)))
                if isinstance(route, str):
                    outcome.findings.append(("tile-host-kept", cxx, where, f"op {op} stays: {route}"))
                elif route is not None:
                    routes.append((op, route, cxx))
            namespaces.add(op.split("::")[0])
    if not wanted and not routes:
        return set()
    if len(namespaces) != 1:
        why = (f"ops of {len(namespaces)} namespaces ({', '.join(sorted(namespaces))}) stay: one Triton module "
               "serves one package")
        outcome.findings.append(("tile-host-kept", path, line, why))
        return set()
    namespace = namespaces.pop()
    package = folder / namespace
    init = str(package / "__init__.py")
    if init not in files:
        outcome.findings.append(("tile-host-kept", path, line,
                                 f"the ops of {namespace} stay: no package {namespace} beside setup.py holds them"))
        return set()
    module = str(package / MODULE)
    if module in files:  # migrated before: the functions it registers serve, and nothing is written again
        registered = set(re.findall(r'register_kernel\("[\w:.]+", "\w+", (\w+)\)', files[module].decode()))
        return {cu for cu, rows in wanted.items()
                if any(name in registered or name in wrappers and wrappers[name].name in registered
                       for _, name, _ in rows)}
    loader = _loader(files[init])
    if loader is None:
        why = (f"the ops of {namespace} stay: {init} loads them with no torch.ops.load_library call, so nothing "
               "would register the Triton kernels after them")
        outcome.findings.append(("tile-host-kept", path, line, why))
        return set()
    kernels, ops, registers, served, names = [], [], {}, set(), set()
    ops_calls: list = []  # the host functions the ops call, each once
    hosted: dict[str, tuple[HostOp, dict, str]] = {}  # CUDA function: (read, its source's kernels, its source)
    reached = {defined[c] for _, route, _ in routes for c in route.cuda}  # the sources of the routes' functions
    for source_path in sorted(set(wanted) | set(reached)):
        source = files[source_path]
        found, notes = translate(source, source_path, 0)
        outcome.findings += [(n.rule, n.path, n.line, n.message) for n in notes]
        by_name = {k.name: k for k in found}
        asked = [name for _, name, _ in wanted.get(source_path, [])]
        asked += [c for _, route, _ in routes for c in route.cuda if defined[c] == source_path and c not in asked]
        read, failures = read_host_ops(source, asked, switches_in(source_path, files))
        for name, fline, reason in failures:
            kernel = unlowered_launch(source, name, by_name)
            if kernel:  # the launch of a SIMT kernel keeps it whatever else its host code does
                reason = f"it launches {kernel}, which stays SIMT; its host code also has {reason}"
            outcome.findings.append(("tile-host-kept", source_path, fline, f"host function {name} stays CUDA: {reason}"))
        taken = {op.name: op for op in read}
        hosted.update({op.name: (op, by_name, source_path) for op in read})
        for qualified, name, _ in wanted.get(source_path, []):
            op = taken.get(name)
            if op is None:
                continue
            missing = unserved(op, by_name)
            used = [by_name[s.kernel] for s in launches(op_statements(op)) if s.kernel in by_name]
            if missing:
                why = f"op {qualified} stays on its CUDA function {name}: {missing[0][1]}"
                outcome.findings.append(("tile-host-kept", source_path, op.line, why))
                continue
            own = {k.name for k in used} | {name} | {fn.name for fn in op.calls if fn not in ops_calls}
            clash = sorted(own & names)
            if clash:
                why = f"op {qualified} stays on its CUDA function {name}: the name {clash[0]} is taken in {MODULE}"
                outcome.findings.append(("tile-host-kept", source_path, op.line, why))
                continue
            if name in wrappers:  # the op's own signature, calling the CUDA function with the arguments it takes
                op = dataclasses.replace(wrappers[name], calls=(op, *op.calls))
                if op.name in names | own:
                    why = f"op {qualified} stays on its CUDA function {name}: the name {op.name} is taken in {MODULE}"
                    outcome.findings.append(("tile-host-kept", source_path, op.calls[0].line, why))
                    continue
                own |= {op.name}
            names |= own
            ops_calls += [fn for fn in op.calls if fn not in ops_calls]
            kernels += [k for k in used if k not in kernels]
            ops.append(op)
            registers[op.name] = (qualified, next(iter(host_table()["registration"]["devices"].values())))
            served.add(source_path)
    classes: dict[str, tuple] = {}  # op function: the autograd Functions it applies
    for qualified, route, cxx in routes:
        why = _route_unserved(route, hosted)
        own = {route.op.name, *(c.name for c in route.classes), *route.cuda}
        own |= {fn.name for c in route.cuda if c in hosted for fn in hosted[c][0].calls}
        if not why and own & names:
            why = f"the name {min(own & names)} is taken in {MODULE}"
        if why:
            outcome.findings.append(("tile-host-kept", cxx, route.op.line,
                                     f"op {qualified} stays on its CUDA functions: {why}"))
            continue
        calls: list[HostOp] = []
        for c in route.cuda:
            read, by_name, source_path = hosted[c]
            calls += [fn for fn in (*read.calls, read) if fn not in calls]
            kernels += [by_name[s.kernel] for s in launches(op_statements(read)) if by_name[s.kernel] not in kernels]
            served.add(source_path)
        names |= own
        ops.append(dataclasses.replace(route.op, calls=tuple(calls)))
        classes[route.op.name] = route.classes
        registers[route.op.name] = (qualified, next(iter(host_table()["registration"]["devices"].values())))
    if not ops:
        return set()
    origins = ", ".join(PurePosixPath(p).name for p in sorted(served))
    outcome.new_files[module] = render_program(
        title=f"CUDA functions of the {namespace} ops as Triton kernels, migrated from {origins}.",
        description=(f"The C++ ops of {namespace} keep their own kernel for every device (the CPU code, and the CUDA "
                     "functions where a CUDA toolkit built them); each function here is registered with "
                     "torch.library.register_kernel for cuda tensors, which the dispatcher prefers to the op's own "
                     "kernel. The kernels run on any Triton backend, and on the CPU under TRITON_INTERPRET=1 when "
                     "called directly."),
        origin=origins, kernels=kernels, imports=IMPORTS, ops=ops, registers=registers, wrap=False,
        classes=classes,
    )
    source = outcome.changed.get(init, files[init])
    end = pysource.line_span(source, loader)[1]
    text = render_template("tile/package_import.py.j2", module=PurePosixPath(MODULE).stem, package=namespace,
                           relative=True)
    if loader.type not in ("expression_statement", "import_statement", "import_from_statement"):
        text = "\n" + text  # after a loop or a block, as after any compound statement
    outcome.changed[init] = source[:end] + text.encode() + source[end:]
    listed = ", ".join(q for q, _ in sorted(registers.values()))
    what = f"the op {listed} gets a Triton kernel" if len(registers) == 1 else f"the ops {listed} get Triton kernels"
    outcome.findings.append(("tile-extension", path, line, (
        f"{what} for cuda tensors in {MODULE}, registered with torch.library ahead of the C++ op's own kernel; the "
        "build stays as it was (its CUDA sources still build where a toolkit is)")))
    return served
