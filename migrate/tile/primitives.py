"""CUB's block and warp reductions read as the reductions they make (rules/tile/maps/builtins.toml [primitive]).

`typedef cub::BlockReduce<float, 256> BR; __shared__ typename BR::TempStorage temp; ... BR(temp).Sum(v)` reaches the
IR (migrate/tile/cuda_front.py reads the kernel's own alias) as a method call on the storage cast to the primitive's
type. Each such call becomes one call of REDUCE, which the lowering makes a reduction over the block (or over each
warp) whose result only the first thread (or lane) may read, as CUB defines it; the storage declarations go, since
the reduction needs none. A primitive, method or operator this does not read raises Rejected naming it."""

from __future__ import annotations

import dataclasses
import re

from . import ir
from .builtins import builtins
from .tileir import Rejected

# The reduction a primitive's method makes: args (the input, and the count of threads or lanes that take part where
# the method is given one); targs (the reduction: sum, max or min; what it is over: block or warp; the block's
# dimensions, or the lanes of a logical warp).
REDUCE = "(reduce)"

TYPE = re.compile(r"^\s*(?:typename\s+)?(?:(\w+)\s*::\s*)?(\w+)\s*<(.*)>\s*(?:::\s*(\w+)\s*)?$", re.DOTALL)


@dataclasses.dataclass(frozen=True)
class Primitive:
    """One CUB type as a kernel names it: its namespace, name and template arguments (as written)."""

    namespace: str
    name: str
    args: tuple[str, ...]

    @property
    def spelled(self) -> str:
        return f"{self.namespace}::{self.name}" if self.namespace else self.name


def _split(text: str) -> tuple[str, ...]:
    """Template arguments at the top level of their list."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        depth += {"<": 1, "(": 1, ">": -1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(text[start:k].strip())
            start = k + 1
    parts.append(text[start:].strip())
    return tuple(p for p in parts if p)


def _primitive(ctype: str, member: str = "") -> Primitive | None:
    """The CUB primitive a type names (`cub::BlockReduce<float, 256>`; with `member`, its `::TempStorage`), or None
    for any other type. A type of CUB's namespace that this does not read raises Rejected naming it."""
    table = builtins().primitives or {}
    found = TYPE.match(ctype)
    if found is None or (found.group(4) or "") != member:
        return None
    namespace, name = found.group(1) or "", found.group(2)
    known = set(table.get("types", {})) | set(table.get("kept", ()))
    if namespace not in table.get("namespaces", ()) and not (not namespace and name in known):
        return None
    primitive = Primitive(namespace, name, _split(found.group(3)))
    if name not in table.get("types", {}):
        raise Rejected(f"{primitive.spelled} (a CUB primitive the tile lowering does not read)")
    return primitive


def _made(expr: ir.Expr, storage: set[str]) -> Primitive | None:
    """The primitive a method is called on: made over one of the kernel's storages (`BR(temp)`, `WR(temp[warp])`,
    read as a cast) or over its own (`BR()`)."""
    if isinstance(expr, ir.Cast):
        primitive = _primitive(expr.ctype)
        if primitive is None:
            return None
        operand = expr.operand.base if isinstance(expr.operand, ir.Index) else expr.operand
        if not (isinstance(operand, ir.Name) and operand.id in storage):
            raise Rejected(f"{primitive.spelled} made over something other than its __shared__ TempStorage")
        return primitive
    if isinstance(expr, ir.Call) and not expr.args:
        return _primitive(expr.func)
    return None


def _number(text: str, module: ir.Module) -> int | None:
    if re.fullmatch(r"\d+[uUlL]*", text):
        return int(re.match(r"\d+", text).group())
    value = module.constants.get(text)
    return int(value.value) if isinstance(value, ir.Num) and not value.is_float else None


def _extent(primitive: Primitive, row: dict, module: ir.Module) -> str:
    """A block reduction's thread-block dimensions (1 to 3), or a warp reduction's lanes per logical warp."""
    args = primitive.args
    if row["over"] == "block":
        given = [k for k, position in enumerate(row["dims"]) if position < len(args) and args[position] != "1"]
        return str(max(given, default=0) + 1)
    if row["lanes"] >= len(args):
        return "32"
    lanes = _number(args[row["lanes"]], module)
    if lanes is None or lanes < 1 or lanes > 32 or lanes & (lanes - 1):
        raise Rejected(f"{primitive.spelled} over logical warps of {args[row['lanes']]} lanes (not a constant power of "
                       "two up to 32)")
    return str(lanes)


def _reduce(primitive: Primitive, method: str, args: tuple[ir.Expr, ...], module: ir.Module) -> ir.Call:
    table = builtins().primitives
    row = table["types"][primitive.name]
    found = table.get("methods", {}).get(method)
    if found is None:
        raise Rejected(f"{primitive.spelled}::{method}")
    op = found.get("op")
    if "operator" in found:
        position = found["operator"]
        operator = args[position] if position < len(args) else None
        if not (isinstance(operator, ir.Call) and not operator.args and operator.func in table["operators"]):
            raise Rejected(f"{primitive.spelled}::{method} with an operator other than "
                           f"{', '.join(sorted(table['operators']))}")
        op = table["operators"][operator.func]
        args = args[:position] + args[position + 1:]
    valid = found.get("valid", 1) - ("operator" in found)
    if not args or len(args) > valid + 1:
        raise Rejected(f"{primitive.spelled}::{method} with {len(args)} arguments")
    return ir.Call(REDUCE, args, (op, row["over"], _extent(primitive, row, module)))


def block_primitives(module: ir.Module, fn: ir.Function) -> ir.Function:
    """`fn` with each reduction of a CUB primitive one REDUCE call, and the primitives' storages dropped."""
    storage = {s.name for s in ir.statements_in(fn.body) if isinstance(s, ir.Decl) and s.shared is not None
               and _primitive(s.ctype, (builtins().primitives or {}).get("storage", "")) is not None}

    def expr(node):
        if isinstance(node, tuple):
            return tuple(expr(n) for n in node)
        if not dataclasses.is_dataclass(node) or isinstance(node, type):
            return node
        if isinstance(node, ir.Call) and node.func.startswith(".") and node.args:
            primitive = _made(node.args[0], storage)
            if primitive is not None:
                return _reduce(primitive, node.func[1:], expr(node.args[1:]), module)
        if isinstance(node, (ir.Cast, ir.Call)) and _made(node, storage) is not None:
            raise Rejected(f"a {_made(node, storage).spelled} kept rather than used at once")
        return dataclasses.replace(node, **{f.name: expr(getattr(node, f.name)) for f in dataclasses.fields(node)})

    def stmts(items: tuple) -> tuple:
        out = []
        for s in items:
            if isinstance(s, ir.Decl) and s.name in storage:
                continue
            if isinstance(s, ir.Decl) and s.shared is None and _primitive(s.ctype) is not None:
                raise Rejected(f"a {_primitive(s.ctype).spelled} kept in a variable")
            for attr in ("then", "orelse", "body", "init", "step"):
                if isinstance(getattr(s, attr, None), tuple):
                    s = dataclasses.replace(s, **{attr: stmts(getattr(s, attr))})
            out.append(expr(s))
        return tuple(out)

    body = stmts(fn.body)
    used = sorted(ir.names_in(body) & storage)
    if used:
        raise Rejected(f"the CUB storage {used[0]} used other than by its primitive")
    return dataclasses.replace(fn, body=body)

