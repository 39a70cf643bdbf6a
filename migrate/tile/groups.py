"""Cooperative groups' thread-block handle read as the block it names (rules/tile/maps/builtins.toml [group]).

`cg::thread_block b = cg::this_thread_block();` gives a handle whose `b.sync()` and `cg::sync(b)` are the block's
barrier, `b.thread_rank()` the thread's linear index in the block and `b.size()` its thread count. Where a kernel
uses its handles only that way they are written as what they stand for and the declarations dropped; any other
use (a handle passed on, partitioned into tiles, compared) leaves the kernel as it is, to be named by the lowering."""

from __future__ import annotations

import dataclasses

from . import ir
from .builtins import builtins


def _rank() -> ir.Expr:
    tid = {a: ir.Builtin("threadIdx", a) for a in "xyz"}
    dim = {a: ir.Builtin("blockDim", a) for a in "xy"}
    return ir.Bin("+", tid["x"], ir.Bin("*", dim["x"], ir.Bin("+", tid["y"], ir.Bin("*", dim["y"], tid["z"]))))


def _size() -> ir.Expr:
    return ir.Bin("*", ir.Builtin("blockDim", "x"), ir.Bin("*", ir.Builtin("blockDim", "y"),
                                                            ir.Builtin("blockDim", "z")))


def block_groups(fn: ir.Function) -> ir.Function:
    """`fn` with its thread-block handles written as the barrier, rank and size they stand for."""
    table = builtins().group or {}
    types = set(table.get("types", ()))
    handles = {s.name for s in ir.statements_in(fn.body) if isinstance(s, ir.Decl) and s.ctype.split("::")[-1].strip() in types
               and isinstance(s.value, ir.Call) and s.value.func == table.get("make") and not s.value.args}
    if not handles:
        return fn
    methods = table.get("methods", {})

    def method(call: ir.Call) -> str | None:
        if len(call.args) == 1 and isinstance(call.args[0], ir.Name) and call.args[0].id in handles:
            name = call.func.lstrip(".")
            if call.func.startswith(".") or name == "sync":  # `b.m()`, or the free `cg::sync(b)`
                return methods.get(name)
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

