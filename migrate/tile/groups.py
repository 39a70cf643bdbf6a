"""Cooperative groups' thread-block handle and its static tiles read as the block and the warps they name
(rules/tile/maps/builtins.toml [group]).

`cg::thread_block b = cg::this_thread_block();` gives a handle whose `b.sync()` and `cg::sync(b)` are the block's
barrier, `b.thread_rank()` the thread's linear index in the block and `b.size()` its thread count. Where a kernel
uses its handles only that way they are written as what they stand for and the declarations dropped; any other
use (a handle passed on, compared) leaves the kernel as it is, to be named by the lowering.

`cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);` splits the block into tiles of consecutive threads
(32 or a smaller power of two each): `w.thread_rank()` is the block rank modulo the lanes, `w.meta_group_rank()`
the block rank divided by them, `w.shfl_down(v, d)` the warp shuffle within the tile's lanes, and
`cg::reduce(w, v, cg::plus<float>())` the tile's sum in every lane, as xor shuffles halving across the tile
(each lane ends with every lane's value combined, as cg::reduce gives it). A tile used any other way (passed on,
partitioned again, reduced inside a condition) keeps the kernel SIMT with that reason."""

from __future__ import annotations

import dataclasses
import re

from . import ir
from .builtins import builtins
from .tileir import Rejected

FULL_MASK = ir.Num(0xFFFFFFFF, unsigned=True)
TEMPLATE = re.compile(r"(?:\w+\s*::\s*)*(\w+)\s*(?:<\s*([^<>]*?)\s*>)?")


def _rank() -> ir.Expr:
    tid = {a: ir.Builtin("threadIdx", a) for a in "xyz"}
    dim = {a: ir.Builtin("blockDim", a) for a in "xy"}
    return ir.Bin("+", tid["x"], ir.Bin("*", dim["x"], ir.Bin("+", tid["y"], ir.Bin("*", dim["y"], tid["z"]))))


def _size() -> ir.Expr:
    return ir.Bin("*", ir.Builtin("blockDim", "x"), ir.Bin("*", ir.Builtin("blockDim", "y"),
                                                            ir.Builtin("blockDim", "z")))


def block_groups(fn: ir.Function) -> ir.Function:
    """`fn` with its thread-block handles and their tiles written as the barrier, rank, size, shuffles and
    reductions they stand for."""
    table = builtins().group or {}
    fn = _tiles(fn, table)
    types = set(table.get("types", ()))
    # declared as the handle's type, or as `auto` (the type its maker gives)
    handles = {s.name for s in ir.statements_in(fn.body) if isinstance(s, ir.Decl)
               and (s.ctype.split("::")[-1].strip() in types or _auto(s.ctype))
               and isinstance(s.value, ir.Call) and s.value.func == table.get("make") and not s.value.args}
    if not handles:
        return fn
    methods = table.get("methods", {})

    def method(call: ir.Call) -> str | None:
        if len(call.args) == 1 and isinstance(call.args[0], ir.Name) and call.args[0].id in handles:
            name = call.func.lstrip(".")
            if call.func.startswith("."):  # `b.m()`
                return methods.get(name)
            if call.func == table.get("sync"):  # the free `cg::sync(b)`
                return methods.get("sync")
        return None

    def expr(node):
        if isinstance(node, ir.Call):
            kind = method(node)
            if kind == "rank":
                return _rank()
            if kind == "size":
                return _size()
        if isinstance(node, tuple):
            return tuple(expr(n) for n in node)
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            return dataclasses.replace(node, **{f.name: expr(getattr(node, f.name)) for f in dataclasses.fields(node)})
        return node

    def stmts(items: tuple) -> tuple:
        out = []
        for s in items:
            if isinstance(s, ir.Decl) and s.name in handles:
                continue
            if isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Call) and method(s.expr) == "barrier":
                out.append(ir.Sync())
                continue
            for attr in ("then", "orelse", "body", "init", "step"):
                if isinstance(getattr(s, attr, None), tuple):
                    s = dataclasses.replace(s, **{attr: stmts(getattr(s, attr))})
            out.append(expr(s) if not isinstance(s, (ir.If, ir.For, ir.While)) else _heads(s, expr))
        return tuple(out)

    body = stmts(fn.body)
    if _mentions(body, handles):
        return fn  # a use this does not read
    return dataclasses.replace(fn, body=body)


def _heads(stmt, expr):
    """A compound statement with its own expressions (tests) rewritten; its bodies already are."""
    if isinstance(stmt, (ir.If, ir.While)):
        return dataclasses.replace(stmt, test=expr(stmt.test))
    return dataclasses.replace(stmt, test=expr(stmt.test) if stmt.test is not None else None)


def _mentions(value, names: set[str]) -> bool:
    if isinstance(value, ir.Name):
        return value.id in names
    if isinstance(value, ir.Decl) and value.name in names:
        return True
    if isinstance(value, tuple):
        return any(_mentions(v, names) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_mentions(getattr(value, f.name), names) for f in dataclasses.fields(value))
    return False



def _auto(ctype: str) -> bool:
    """Whether a declaration's type is `auto` (`auto`, `const auto`, which the front end leaves empty): the type of
    the value it is given."""
    return ctype.replace("const", " ").split() in ([], ["auto"])


def _template(text: str, targs: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """(name, template argument) of `cg::name<arg>` or of a call's name and template arguments; None for others."""
    found = TEMPLATE.fullmatch(text.strip())
    if found is None:
        return None
    arg = found.group(2) if found.group(2) is not None else (targs[0] if len(targs) == 1 else "")
    return found.group(1), " ".join(arg.split())


def _tiles(fn: ir.Function, table: dict) -> ir.Function:
    """`fn` with its static tiles of the block written as the thread structure and shuffles they stand for."""
    types, make = set(table.get("tile_types", ())), table.get("tile_make")
    blocks = {s.name for s in ir.statements_in(fn.body) if isinstance(s, ir.Decl) and isinstance(s.value, ir.Call)
              and s.value.func == table.get("make") and not s.value.args}
    lanes: dict[str, int] = {}
    for s in ir.statements_in(fn.body):
        if not isinstance(s, ir.Decl) or not isinstance(s.value, ir.Call):
            continue
        made, declared = _template(s.value.func, s.value.targs), _template(s.ctype.replace("const", " "))
        if made is None or made[0] != make:
            continue
        if s.ctype and not _auto(s.ctype) and (declared is None or declared[0] not in types or declared[1] != made[1]):
            raise Rejected(f"the cooperative-groups tile {s.name} declared as {s.ctype}")
        size = int(made[1]) if made[1].isdigit() else 0
        parent = s.value.args[0] if len(s.value.args) == 1 else None
        if size not in (1, 2, 4, 8, 16, 32) or not (
                isinstance(parent, ir.Name) and parent.id in blocks
                or isinstance(parent, ir.Call) and parent.func == table.get("make") and not parent.args):
            raise Rejected(f"the cooperative-groups tile {s.name} of {made[1] or 'a dynamic size'} lanes of "
                           f"something other than the thread block (tiles of 32 or a power of two fewer are read)")
        lanes[s.name] = size
    if not lanes:
        return fn
    methods, operators = table.get("tile_methods", {}), table.get("operators", {})
    count = [0]

    def tile(node) -> int | None:
        return lanes.get(node.id) if isinstance(node, ir.Name) else None

    def method(call: ir.Call) -> tuple[str, int] | None:
        """(what the call stands for, the tile's lanes) of a tile's method, or of the free `cg::sync(w)`."""
        n = tile(call.args[0]) if call.args else None
        if n is None:
            return None
        if call.func.startswith("."):
            kind = methods.get(call.func[1:])
            return (kind, n) if kind is not None else None
        return ("barrier", n) if call.func == table.get("sync") and len(call.args) == 1 else None

    def expr(node):
        if isinstance(node, ir.Call) and (found := method(node)) is not None:
            kind, n = found
            rest = tuple(expr(a) for a in node.args[1:])
            if kind == "rank" and not rest:
                return ir.Bin("%", _rank(), ir.Num(n))
            if kind == "size" and not rest:
                return ir.Num(n)
            if kind == "group_rank" and not rest:
                return ir.Bin("/", _rank(), ir.Num(n))
            if kind == "group_count" and not rest:
                return ir.Bin("/", ir.Bin("+", _size(), ir.Num(n - 1)), ir.Num(n))
            if (builtins().exchanges or {}).get(kind, {}).get("mask") and len(rest) == 2:  # `g.shfl(v, k)`
                return ir.Call(kind, (FULL_MASK, *rest, ir.Num(n)))
            return node  # named below, as a use not read
        if isinstance(node, tuple):
            return tuple(expr(n) for n in node)
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            return dataclasses.replace(node, **{f.name: expr(getattr(node, f.name)) for f in dataclasses.fields(node)})
        return node

    def reduced(stmt) -> tuple[list, object]:
        """The statements that reduce each `cg::reduce` of a tile in `stmt`, and `stmt` reading their results."""
        before: list = []

        def visit(node, guarded: bool):
            if isinstance(node, ir.Call) and node.func == table.get("reduce") and node.args and \
                    tile(node.args[0]) is not None:
                if guarded:
                    raise Rejected("a cooperative-groups reduction under && or || or ?:")
                steps, result = _reduction(node, tile(node.args[0]), operators, table["reduce_shuffle"], count, expr)
                before.extend(steps)
                return result
            short = isinstance(node, ir.Cond) or isinstance(node, ir.Bin) and node.op in ("&&", "||")
            if isinstance(node, tuple):
                return tuple(visit(n, guarded) for n in node)
            if dataclasses.is_dataclass(node) and not isinstance(node, type):
                return dataclasses.replace(node, **{f.name: visit(getattr(node, f.name), guarded or short)
                                                    for f in dataclasses.fields(node)})
            return node

        return before, visit(stmt, False)

    def stmts(items: tuple) -> tuple:
        out = []
        for s in items:
            if isinstance(s, ir.Decl) and s.name in lanes:
                continue
            if isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Call) and (method(s.expr) or ("",))[0] == "barrier":
                out.append(ir.Sync())
                continue
            for attr in ("then", "orelse", "body", "init", "step"):
                if isinstance(getattr(s, attr, None), tuple):
                    s = dataclasses.replace(s, **{attr: stmts(getattr(s, attr))})
            if isinstance(s, (ir.If, ir.For, ir.While)):
                out.append(_heads(s, expr))
                continue
            before, s = reduced(s)
            out.extend(before)
            out.append(expr(s))
        return tuple(out)

    body = stmts(fn.body)
    used = sorted(n for n in lanes if _mentions(body, {n}))
    if used:
        raise Rejected(f"the cooperative-groups tile {used[0]} used other than by its rank, size, shuffles, sync "
                       f"and reduce")
    return dataclasses.replace(fn, body=body)


def _reduction(call: ir.Call, lanes: int, operators: dict, shuffle: str, count: list[int],
               expr) -> tuple[list[ir.Stmt], ir.Name]:
    """`cg::reduce(w, v, op)` as statements leaving the tile's reduction of `v` in every lane, and the local they
    leave it in: the running value combined with the value of the lane `k` apart, `k` halving from half the tile
    (each lane then holds all)."""
    if len(call.args) != 3 or not isinstance(call.args[2], ir.Call) or \
            (op := _template(call.args[2].func, call.args[2].targs)) is None or op[0] not in operators:
        raise Rejected("a cooperative-groups reduction by an operator other than " + ", ".join(sorted(operators)))
    name, ctype = op
    combine = operators[name]
    count[0] += 1
    held = ir.Name(f"_tile_reduced{count[0]}")
    value = expr(call.args[1])
    out: list[ir.Stmt] = [ir.Decl(held.id, ctype, ir.Cast(ctype, value) if ctype else value)]
    k = lanes // 2
    while k >= 1:
        other = ir.Name(f"{held.id}_{k}")
        out.append(ir.Decl(other.id, ctype, ir.Call(shuffle, (FULL_MASK, held, ir.Num(k), ir.Num(lanes)))))
        if combine == "min":  # cg::less: `b < a ? b : a`
            joined: ir.Expr = ir.Cond(ir.Bin("<", other, held), other, held)
        elif combine == "max":  # cg::greater: `a < b ? b : a`
            joined = ir.Cond(ir.Bin("<", held, other), other, held)
        else:
            joined = ir.Bin(combine, held, other)
        out.append(ir.Assign(held, "=", joined))
        k //= 2
    return out, held
