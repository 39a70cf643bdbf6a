"""Rendering lowered kernels through templates/tile/: prepared text values in, module source out."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, fields, is_dataclass
from pathlib import PurePosixPath

from ..templating import render_template
from . import ir
from .builtins import tuning_table
from .host import (
    HAssign,
    HCheck,
    HExpr,
    HIf,
    HLaunch,
    HostOp,
    HReturn,
    HWhile,
    host_table,
    launches,
    template_argument,
)
from .printer import code
from .symbols import declared_as
from .targets import dtype_name
from .tileir import (
    DYNAMIC_COUNT,
    NULL_FLAG,
    SYMBOL_PREFIX,
    TAssign,
    TAtomic,
    TCall,
    TFor,
    TIf,
    TileKernel,
    TStore,
    TWhile,
)
from .values import base_type


@dataclass(frozen=True)
class Prepared:
    kernel: TileKernel
    origin: str


def _statements(stmts: tuple) -> list[dict]:
    out = []
    for s in stmts:
        if isinstance(s, TAssign):
            out.append({"kind": "assign", "target": s.name, "value": code(s.value)})
        elif isinstance(s, TStore):
            out.append({"kind": "store", "pointer": code(s.pointer), "value": code(s.value),
                        "mask": code(s.mask) if s.mask is not None else ""})
        elif isinstance(s, TAtomic):
            out.append({"kind": "atomic", "func": s.func, "pointer": code(s.pointer), "value": code(s.value),
                        "mask": code(s.mask) if s.mask is not None else ""})
        elif isinstance(s, TFor):
            out.append({"kind": "for", "var": s.var, "start": code(s.start), "stop": code(s.stop),
                        "step": code(s.step), "body": _statements(s.body)})
        elif isinstance(s, TIf):
            out.append({"kind": "if", "test": code(s.test), "body": _statements(s.body)})
        elif isinstance(s, TCall):
            out.append({"kind": "call", "call": code(s.call)})
        elif isinstance(s, TWhile):
            out.append({"kind": "while", "test": code(s.test), "body": _statements(s.body)})
    return out


def _scalar(ctype: str, value: str) -> str:
    """A launcher's scalar argument `value` as the Python number a kernel parameter of C type `ctype` takes."""
    base = ctype.replace("const", "").strip()
    if base in ("float", "double", "float32", "float64", "scalar_t", "T"):
        return f"float({value})"
    return f"int({value})"


def _argument(param: ir.Param) -> str:
    """How the launcher passes one original argument on to the tile kernel (a vector by value: its lanes, which
    `_split` names)."""
    if param.pointer:
        return param.name
    if param.lanes:
        return ", ".join(param.lanes)
    return _scalar(param.ctype, param.name)


def _split(param: ir.Param) -> str:
    """The launcher's statement that takes a vector passed by value apart into its lanes: the value is a sequence
    of them in lane order (a tuple, a list, a NumPy structured scalar, a small tensor)."""
    lanes = ", ".join(_scalar(param.ctype, f"{param.name}[{k}]") for k in range(len(param.lanes)))
    return f"{', '.join(param.lanes)} = {lanes}  # {base_type(param.declared)} by value, lane by lane"


def _dynamic(kernel: TileKernel) -> bool:
    return any(s.dynamic for s in kernel.scratch)


def _element_size(kernel: TileKernel) -> int:
    """Bytes of an element of the dynamic shared array: its torch dtype names its bits (float32, uint8, ...)."""
    dtype = next(s.dtype for s in kernel.scratch if s.dynamic)
    return int(re.search(r"\d+$", dtype).group()) // 8


def _tuning_class(kernel: TileKernel) -> str:
    return "elementwise-2d" if kernel.kind == "elementwise" and "BLOCK_Y" in kernel.blocks else kernel.kind


def _meta_names(expr, names: frozenset[str]):
    """`expr` with each tuned width `names` read from the launch's meta-parameters (`meta["BLOCK_X"]`)."""
    if isinstance(expr, ir.Name) and expr.id in names:
        return ir.Text(f'meta["{expr.id}"]')
    if is_dataclass(expr) and not isinstance(expr, type):
        changed = {}
        for f in fields(expr):
            value = getattr(expr, f.name)
            new = tuple(_meta_names(v, names) for v in value) if isinstance(value, tuple) \
                else _meta_names(value, names)
            if new != value:
                changed[f.name] = new
        return type(expr)(**{**{f.name: getattr(expr, f.name) for f in fields(expr)}, **changed}) if changed else expr
    return expr


def _packed(items: list[str], width: int) -> list[str]:
    """`items` joined by spaces into lines of at most `width` characters (an item longer than that has its own)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(item)
    return lines


def _tuning(kernel: TileKernel) -> dict:
    """The launcher's tuning values: the widths it tunes (literal ones its class's rows name), their defaults, the
    search space (rows x warps x stages) and the buffers a tuning trial restores."""
    space = tuning_table().get(_tuning_class(kernel))
    if space is None:
        raise ValueError(f"rules/tile/maps/tuning.toml has no [{_tuning_class(kernel)}] for {kernel.name}")
    named = {name for row in space.widths for name in row}
    tuned = [name for name, value in kernel.blocks.items()
             if name in named and isinstance(value, ir.Num) and isinstance(value.value, int)]
    defaults = {name: kernel.blocks[name].value for name in tuned} | {"num_warps": 4}
    rows = []
    for row in space.widths or ({},):
        cut = {name: value for name, value in row.items() if name in tuned}
        if cut and len(cut) == len(tuned) and cut not in rows:
            rows.append(cut)
    rows = rows or [{name: defaults[name] for name in tuned}]
    configs = []
    for row in rows:
        for warps in space.num_warps:
            for stages in space.num_stages or (None,):
                config = row | {"num_warps": warps} | ({"num_stages": stages} if stages is not None else {})
                if config not in configs:
                    configs.append(config)
    return {
        "tuned": tuned,
        "defaults": defaults,
        "space": _packed([json.dumps(c) + "," for c in configs], 116),
        "class": _tuning_class(kernel),
        # every buffer, not only those stored through by name: a store may go through a pointer computed from one
        "restored": [p.name for p in kernel.params if p.pointer]
                    + [SYMBOL_PREFIX + g.name for g in kernel.symbols if g.writable],
    }


def _param(p) -> str:
    """A kernel parameter (a vector by value: one per lane); a double scalar annotated fp64, since Triton types a
    Python float it is passed fp32 on a GPU (the interpreter keeps it a float64, so only a GPU run would round it)."""
    if not p.pointer and "*" not in p.ctype and base_type(p.ctype) == "double":
        return ", ".join(f"{name}: tl.float64" for name in p.names)
    return ", ".join(p.names)


def _with_defaults(params) -> list[str]:
    """The launcher's parameters: each name, the trailing scalars whose kernel parameter has a default number with
    it (`fc_steps=0`), as C++ lets a launch leave those out."""
    names = [p.name for p in params]
    for position in range(len(params) - 1, -1, -1):
        default = params[position].default
        if default is None or params[position].lanes or params[position].pointer:
            break  # (a pointer's default, a null pointer, has no tensor to stand for it)
        value = default.operand.value if isinstance(default, ir.Un) else default.value
        names[position] = f"{params[position].name}={-value if isinstance(default, ir.Un) else value!r}"
    return names


def _tuple(items: list[str]) -> str:
    """A Python tuple of the expressions `items`."""
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def kernel_contexts(kernel: TileKernel, origin: str) -> list[dict]:
    """The template values of a lowered kernel: its own, or those of each instantiation of a kernel launched at
    unlike element types followed by their dispatching launcher's."""
    if not kernel.instances:
        return [kernel_context(kernel, origin)]
    shared = any(_dynamic(k) for k in kernel.instances)
    instances = [kernel_context(k, origin) | {"shared_arg": shared} for k in kernel.instances]
    by_name = {p.name: p for p in kernel.params}
    params = [p.name for p in kernel.params]
    keywords = [name for name, _ in kernel.template_consts]
    return instances + [{
        "name": kernel.name,
        "signature": ", ".join(["grid", "block"] + _with_defaults(kernel.params) + (["shared=0"] if shared else [])
                               + (["*"] + keywords if keywords else [])),
        "key": _tuple([f"_dtype({b})" for b in kernel.dispatch]),
        "call_args": ["grid", "block"] + params + (["shared=shared"] if shared else [])
                     + [f"{name}={name}" for name in keywords],
        "template": [{"name": name, "numbers": list(numbers)} for name, numbers in kernel.template_consts],
        "dispatch": kernel.dispatch,
        "types": [base_type(by_name[b].ctype) for b in kernel.dispatch],
        "choices": [{"key": _tuple([json.dumps(dtype_name(next(p.ctype for p in k.params if p.name == b)))
                                    for b in kernel.dispatch]), "launcher": k.name} for k in kernel.instances],
    }]


def _launch_dims(context: dict) -> str:
    """The launcher's first line: the x sizes of the launch shape it reads (`grid0`, `block0`), and only those, so
    a migrated module has no variable a linter reports as unused."""
    text = repr({k: v for k, v in context.items() if k not in ("body", "summary", "origin")})
    used = [(name, shape) for name, shape in (("grid0", "grid"), ("block0", "block"))
            if re.search(rf"\b{name}\b", text)]
    if not used:
        return ""
    return ", ".join(n for n, _ in used) + " = " + ", ".join(f"_dim({s})" for _, s in used)


def kernel_context(kernel: TileKernel, origin: str) -> dict:
    params = _with_defaults(kernel.params)
    constexprs = [f"{name}: tl.constexpr" for name, _ in kernel.template_consts] + \
        [f"{name}: tl.constexpr" for name in kernel.constexprs]
    tuning = _tuning(kernel)
    tuned = frozenset(tuning["tuned"])
    scratch = [s.name for s in kernel.scratch] + ([DYNAMIC_COUNT] if _dynamic(kernel) else [])
    symbols = [SYMBOL_PREFIX + g.name for g in kernel.symbols]
    buffer = next((p.name for p in kernel.params if p.pointer), "")
    beside = buffer or (symbols[0] if symbols else "")
    context = {
        "name": kernel.name,
        "summary": kernel.summary,
        "origin": origin,
        "signature": ", ".join([_param(p) for p in kernel.params] + scratch + symbols + constexprs),
        # each variable of device memory the kernel uses: its tensor on the device of the first buffer (or on the
        # device kernels run on, where the kernel takes none)
        "symbols": [{"name": SYMBOL_PREFIX + g.name, "symbol": g.name, "where": buffer or "None"}
                    for g in kernel.symbols],
        "scratch": [{"name": s.name, "count": DYNAMIC_COUNT if s.dynamic else s.count,
                     "dtype": repr(s.dtype) if s.dtype else "None", "beside": s.like or beside}
                    for s in kernel.scratch],
        # `extern __shared__` arrays: the launch's shared bytes (CUDA's third launch parameter) size their rows
        "dynamic": _dynamic(kernel) and {"count": DYNAMIC_COUNT, "size": _element_size(kernel)},
        "shared_arg": _dynamic(kernel),  # the launcher takes `shared` (for a sibling instantiation's, if unused)
        "dispatch": (),
        "params": params,
        "template": [{"name": name, "numbers": list(numbers)} for name, numbers in kernel.template_consts],
        "call_args": [_argument(p) for p in kernel.params],
        "split": [_split(p) for p in kernel.params if p.lanes],
        "body": _statements(kernel.body),
        "blocks": [(name, code(value)) for name, value in kernel.blocks.items() if name not in tuned],
        "grid": [code(_meta_names(g, tuned)) for g in kernel.grid],
        "tuning": tuning,
        "checks": [{"test": test, "message": repr(f"{kernel.name}: {message}")} for test, message in kernel.checks],
        "caps": [{"axis": axis, "index": "xy".index(axis), "bound": code(bound)} for axis, bound in kernel.caps],
        # pointer parameters the kernel tests for null: None stands in as a one-element tensor beside the others
        "nulls": [{"name": name, "flag": NULL_FLAG + name,
                   "dtype": repr(dtype_name(ctype)) if dtype_name(ctype) else "None",
                   "others": [p.name for p in kernel.params if p.pointer and p.name != name]}
                  for name, ctype in kernel.nulls],
    }
    return context | {"dims": _launch_dims(context)}


def _number(value: float) -> str:
    """A value of a variable's initializer as Python reads it back exactly (repr gives a float's shortest exact
    spelling; infinities and NaN have none of their own)."""
    if isinstance(value, float) and not math.isfinite(value):
        return f'float("{value}")'
    return repr(value)


def symbol_contexts(kernels: list[TileKernel], origin: str) -> list[dict]:
    """The template values of the variables of device memory the kernels use, each once, in the source's order."""
    found = {g.name: g for k in kernels for one in (k, *k.instances) for g in one.symbols}
    out = []
    for g in sorted(found.values(), key=lambda g: (g.line, g.name)):
        values = None if g.values is None else _packed([_number(v) + "," for v in g.values], 112)
        out.append({"name": g.name, "declared": declared_as(g), "line": g.line,
                    "origin": PurePosixPath(g.path).name if g.path else origin,
                    "dtype": repr(dtype_name(g.ctype)), "count": g.count, "initial": values,
                    "writes": "the kernels write it" if g.writable else "the kernels only read it"})
    return out


def _launch_helpers(kernels: list[TileKernel]) -> dict[str, bool]:
    """Which of templates/tile/launch.py.j2's optional helpers a module's launchers call."""
    each = [one for k in kernels for one in k.instances or (k,)]
    return {"block_class": any(one.kind == "block" for one in each), "dispatch": any(k.instances for k in kernels),
            "capped": any(one.caps for one in each), "nulls": any(one.nulls for one in each)}


def render_module(kernels: list[TileKernel], origin: str) -> str:
    """A Python module holding every tile kernel of one source and its launchers."""
    helpers = sorted({h for k in kernels for h in k.helpers})
    return render_template(
        "tile/module.py.j2",
        origin=origin,
        symbols=symbol_contexts(kernels, origin),
        helpers=helpers,
        kernels=[c for k in kernels for c in kernel_contexts(k, origin)],
        **_launch_helpers(kernels),
        wrap=False,
    )


def _host_statements(stmts: tuple, kernels: dict[str, TileKernel], pad: str = "") -> list[dict]:
    """The launcher's statements, flat, each with the indentation (`pad`) its nesting in ifs gives it; `kernels`:
    the tile kernels they launch, by name (those that take the launch's bytes of dynamic shared memory get them, and
    their template constexprs are passed by keyword)."""
    dynamic = {name: any(_dynamic(one) for one in k.instances or (k,)) for name, k in kernels.items()}
    out = []
    for s in stmts:
        if isinstance(s, HAssign):
            out.append({"kind": "assign", "pad": pad, "target": s.name, "value": code(s.value)})
        elif isinstance(s, HCheck):
            out.append({"kind": "check", "pad": pad, "test": code(s.test), "message": repr(s.message)})
        elif isinstance(s, HLaunch):
            shared = [f"shared={code(s.shared)}"] if s.shared is not None and dynamic.get(s.kernel) else []
            kernel = kernels.get(s.kernel)
            consts = [f"{name}={code(template_argument(s, kernel, name))}" for name, _ in kernel.template_consts] \
                if kernel is not None else []
            out.append({"kind": "launch", "pad": pad, "kernel": s.kernel, "grid": code(s.grid),
                        "block": code(s.block), "args": [code(a) for a in s.args] + shared + consts})
        elif isinstance(s, HExpr):
            out.append({"kind": "expr", "pad": pad, "value": code(s.value)})
        elif isinstance(s, HWhile):
            out.append({"kind": "while", "pad": pad, "test": code(s.test)})
            out += _host_statements(s.body, kernels, pad + "    ") or [{"kind": "pass", "pad": pad + "    "}]
        elif isinstance(s, HReturn):
            out.append({"kind": "return", "pad": pad, "value": code(s.value) if s.value is not None else ""})
        elif isinstance(s, HIf):
            out.append({"kind": "if", "pad": pad, "test": code(s.test)})
            out += _host_statements(s.body, kernels, pad + "    ") or [{"kind": "pass", "pad": pad + "    "}]
            if s.orelse:
                out.append({"kind": "else", "pad": pad})
                out += _host_statements(s.orelse, kernels, pad + "    ")
    return out


def _stores(stmts: tuple):
    for s in stmts:
        if isinstance(s, (TStore, TAtomic)):
            yield s
        elif isinstance(s, (TFor, TIf, TWhile)):
            yield from _stores(s.body)


def _mutated(op: HostOp, kernels: dict[str, TileKernel], functions: dict[str, HostOp] | None = None,
             seen: frozenset[str] = frozenset()) -> list[str]:
    """Tensor parameters of the op that its kernels store into, those of the host functions it calls with them
    too (torch.library must know them)."""
    functions = {fn.name: fn for fn in op.calls} if functions is None else functions
    names = {name for name, annotation in op.params if annotation in ("torch.Tensor", "torch.Tensor | None")}
    mutated = set()
    for s in launches(op.body):
        if s.kernel in kernels:
            kernel = kernels[s.kernel]
            written = " ".join(repr(store.pointer) for one in kernel.instances or (kernel,)
                               for store in _stores(one.body))
            for param, arg in zip(kernel.params, s.args):
                if isinstance(arg, ir.Name) and arg.id in names and f"Name(id='{param.name}')" in written:
                    mutated.add(arg.id)
    for call in _calls(op.body):
        callee = functions.get(call.func)
        if callee is None or callee.name in seen:
            continue
        written = set(_mutated(callee, kernels, functions, seen | {op.name}))
        for (param, _), arg in zip(callee.params, call.args):
            if param in written and isinstance(arg, ir.Name) and arg.id in names:
                mutated.add(arg.id)
    return sorted(mutated)


def _calls(node):
    """Every call of an IR expression or host statements, nested ones too."""
    if isinstance(node, ir.Call):
        yield node
    if isinstance(node, tuple):
        for item in node:
            yield from _calls(item)
    elif is_dataclass(node) and not isinstance(node, type):
        for f in fields(node):
            yield from _calls(getattr(node, f.name))


def class_context(cls, kernels: dict[str, TileKernel]) -> dict:
    """An autograd Function's template values (migrate/tile/autograd.py): its forward and backward."""
    return {"name": cls.name, "methods": [
        {"name": m.name, "signature": ", ".join(f"{n}: {a}" if a else n for n, a in m.params),
         "body": _host_statements(m.body, kernels)} for m in (cls.forward, cls.backward)]}


def op_context(op: HostOp, kernels: dict[str, TileKernel], registers: tuple[str, str] | None = None,
               helper: bool = False, classes: tuple = ()) -> dict:
    """An op's template values; `registers` (qualified op name, device type) makes it the Triton kernel of an op
    defined elsewhere (in C++), registered for that device with torch.library.register_kernel; `helper` makes it a
    plain function that ops call; `classes` are the autograd Functions it applies (then it is registered for that
    device's autograd key as well)."""
    autograd = host_table()["registration"]["autograd_keys"].get(registers[1], "") if registers and classes else ""
    return {
        "classes": [class_context(c, kernels) for c in classes],
        "autograd_key": autograd,
        "op_name": registers[0].split("::")[-1] if registers else "",
        "op_namespace": registers[0].split("::")[0] if registers else "",
        "helper": helper,
        "registers": registers[0] if registers else "",
        "device": registers[1] if registers else "",
        "name": op.name,
        "signature": ", ".join(f"{name}: {annotation}" for name, annotation in op.params),
        "returns": op.returns,
        "mutates": _mutated(op, kernels),
        "body": _host_statements(op.body, kernels),
    }


def render_program(title: str, description: str, origin: str, kernels: list[TileKernel], imports: list[str],
                   ops: list[HostOp] = (), namespace: str = "", cupy: dict | None = None,
                   numba: dict | None = None, registers: dict[str, tuple[str, str]] | None = None,
                   wrap: bool = True, classes: dict[str, tuple] | None = None) -> str:
    """A Python module for a program: its tile kernels, and the ops, CuPy or Numba entry points around them.
    `registers` maps an op's function name to the (C++-defined op, device type) it implements; `wrap` launches
    through wrap_triton, as a triton_op must; `classes` maps an op's function name to the autograd Functions it
    applies."""
    by_name = {k.name: k for k in kernels}
    return render_template(
        "tile/program.py.j2",
        title=title,
        description=description,
        origin=origin,
        imports=imports,
        symbols=symbol_contexts(kernels, origin),
        helpers=sorted({h for k in kernels for h in k.helpers}),
        kernels=[c for k in kernels for c in kernel_contexts(k, origin)],
        **_launch_helpers(kernels),
        wrap=bool(ops) and wrap,
        ops=[op_context(fn, by_name, helper=True) for fn in dict.fromkeys(fn for op in ops for fn in op.calls)]
        + [op_context(op, by_name, (registers or {}).get(op.name), classes=(classes or {}).get(op.name, ()))
           for op in ops],
        namespace=namespace,
        cupy=cupy or {},
        numba=numba or {},
    )
