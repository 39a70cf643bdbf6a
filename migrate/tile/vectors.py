"""CUDA's vector types (float4, int2, uchar4, ...; rules/tile/maps/builtins.toml [vector]) written as their lanes.

A kernel that reads `float4* p` as `p[i].y`, keeps a `float4 v = p[i]`, builds `make_float4(a, b, c, d)` or has a
`__shared__ float4 s[64]` computes on the lanes one by one, so it is rewritten onto the element type before
lowering:

- a buffer of vectors is a buffer of their elements, `lanes` to an entry: `p[i].y` is `p[4 * i + 1]` (a float4 is
  16 bytes, a float3 12: the elements lie back to back, as `sizeof` says), and `(float*) p` is that buffer; the
  parameter keeps its declared type for the harness and the launcher passes the buffer as it is;
- a local vector is one local per lane (`v__x`, `v__y`, ...); a shared array of vectors is a shared array of
  their elements;
- a whole-vector assignment (`p[i] = v`, `v = make_float4(...)`, `v = p[j]`) is one per lane, each lane's value
  computed before any is written (so `p[i] = make_float4(p[i].y, p[i].x, ...)` swaps, as it does in C).

A kernel that uses a vector any other way (a vector parameter by value, one passed to a function, vector
arithmetic from a header's operators, a compound assignment of a whole vector, a 2-D array of vectors) is left as
it is, for the lowering to name."""

from __future__ import annotations

import dataclasses

from . import ir
from .builtins import builtins

LANE_NAMES = "xyzw"


class _Unchanged(Exception):
    """A use of a vector this rewrite does not read: the kernel is left as it is."""


def _base(ctype: str) -> str:
    words = [w for w in ctype.replace("*", " ").split() if w not in ("const", "volatile", "__restrict__", "struct")]
    return " ".join(words)


def lanes_of(module: ir.Module, fn: ir.Function) -> ir.Function:
    """`fn` with its vector buffers, locals and shared arrays written as their lanes, or `fn` unchanged. The
    module's structures whose fields are all one scalar type (`struct kv { float k, v; };`) are read the same way,
    their fields as lanes (`p[i].v` is `p[2 * i + 1]`)."""
    table = {name: (element, tuple(LANE_NAMES[:lanes])) for name, (element, lanes) in (builtins().vectors or {}).items()}
    table.update({name: (element, fields) for name, (element, fields) in module.records.items() if name not in table})
    if not table:
        return fn
    try:
        return _Rewrite(fn, table).run()
    except _Unchanged:
        return fn


class _Rewrite:
    def __init__(self, fn: ir.Function, table: dict[str, tuple[str, tuple[str, ...]]]) -> None:
        self.fn = fn
        self.table = table  # type name -> (element type, lane names)
        self.buffers: dict[str, tuple[str, tuple[str, ...]]] = {}  # pointer parameters and shared arrays
        self.locals: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.counter = 0

    def run(self) -> ir.Function:
        params = []
        for p in self.fn.params:
            vector = self.table.get(_base(p.ctype))
            if vector is None:
                params.append(p)
                continue
            if not p.pointer:
                raise _Unchanged  # by value: the launcher would be given a vector
            self.buffers[p.name] = vector
            params.append(dataclasses.replace(p, ctype=vector[0],
                                              declared=p.ctype + ("*" if "*" not in p.ctype else "")))
        self._find_locals(self.fn.body)
        if not self.buffers and not self.locals:
            return self.fn
        body = self._stmts(self.fn.body)
        if _mentions(body, set(self.locals)):
            raise _Unchanged  # a local vector used whole somewhere this does not read
        return dataclasses.replace(self.fn, params=tuple(params), body=body)

    def _find_locals(self, stmts: tuple) -> None:
        for stmt in _all(stmts):
            if not isinstance(stmt, ir.Decl):
                continue
            vector = self.table.get(_base(stmt.ctype))
            if vector is None:
                continue
            if "*" in stmt.ctype or stmt.local is not None:
                raise _Unchanged  # a pointer to vectors in a local, or a local array of them
            if stmt.shared is not None:
                if len(stmt.shared) != 1:
                    raise _Unchanged
                self.buffers[stmt.name] = vector
            else:
                self.locals[stmt.name] = vector

    # -- the lanes of a vector-valued expression -------------------------------------------------------------

    def _vector(self, expr: ir.Expr) -> tuple[str, tuple[str, ...]] | None:
        if isinstance(expr, ir.Name) and expr.id in self.locals:
            return self.locals[expr.id]
        if isinstance(expr, ir.Index) and isinstance(expr.base, ir.Name) and expr.base.id in self.buffers:
            return self.buffers[expr.base.id]
        if isinstance(expr, ir.Call) and expr.func.startswith("make_") and expr.func[5:] in (builtins().vectors or {}):
            return self.table[expr.func[5:]]
        return None

    def _lane(self, expr: ir.Expr, k: int) -> ir.Expr:
        """Lane k of a vector-valued expression (an lvalue where the expression is one)."""
        if isinstance(expr, ir.Name):
            return ir.Name(f"{expr.id}__{self.locals[expr.id][1][k]}")
        if isinstance(expr, ir.Index):
            if len(expr.indices) != 1:
                raise _Unchanged
            lanes = len(self.buffers[expr.base.id][1])
            index = self._expr(expr.indices[0])
            return ir.Index(expr.base, (ir.Bin("+", ir.Bin("*", ir.Num(lanes), index), ir.Num(k)),))
        if isinstance(expr, ir.Call):
            if len(expr.args) != len(self.table[expr.func[5:]][1]):
                raise _Unchanged
            return self._expr(expr.args[k])
        raise _Unchanged

    # -- statements ------------------------------------------------------------------------------------------

    def _stmts(self, stmts: tuple) -> tuple:
        out: list = []
        for stmt in stmts:
            out.extend(self._stmt(stmt))
        return tuple(out)

    def _stmt(self, stmt) -> list:
        if isinstance(stmt, ir.Decl) and stmt.name in self.locals:
            element, lanes = self.locals[stmt.name]
            if stmt.value is None:
                return [ir.Decl(f"{stmt.name}__{lane}", element) for lane in lanes]
            if self._vector(stmt.value) != (element, lanes):
                raise _Unchanged
            held = self._held(stmt.value, element, lanes)
            return held[0] + [ir.Decl(f"{stmt.name}__{lane}", element, held[1][k]) for k, lane in enumerate(lanes)]
        if isinstance(stmt, ir.Decl) and stmt.name in self.buffers and stmt.shared is not None:
            element, lanes = self.buffers[stmt.name]
            return [dataclasses.replace(stmt, ctype=element,
                                        shared=(ir.Bin("*", ir.Num(len(lanes)), self._expr(stmt.shared[0])),))]
        if isinstance(stmt, ir.Assign) and self._vector(stmt.target) is not None:
            element, lanes = self._vector(stmt.target)
            if stmt.op != "=" or self._vector(stmt.value) != (element, lanes):
                raise _Unchanged
            held, values = self._held(stmt.value, element, lanes)
            return held + [ir.Assign(self._lane(stmt.target, k), "=", values[k]) for k in range(len(lanes))]
        if isinstance(stmt, ir.Assign):
            return [ir.Assign(self._expr(stmt.target), stmt.op, self._expr(stmt.value))]
        if isinstance(stmt, ir.Decl):
            return [dataclasses.replace(stmt, value=self._expr(stmt.value) if stmt.value is not None else None,
                                        shared=self._expr(stmt.shared) if stmt.shared is not None else None,
                                        local=self._expr(stmt.local) if stmt.local is not None else None,
                                        init=self._expr(stmt.init) if stmt.init is not None else None)]
        if isinstance(stmt, ir.If):
            return [ir.If(self._expr(stmt.test), self._stmts(stmt.then), self._stmts(stmt.orelse))]
        if isinstance(stmt, ir.For):
            return [ir.For(self._stmts(stmt.init), self._expr(stmt.test) if stmt.test is not None else None,
                           self._stmts(stmt.step), self._stmts(stmt.body))]
        if isinstance(stmt, ir.While):
            return [ir.While(self._expr(stmt.test), self._stmts(stmt.body))]
        if isinstance(stmt, ir.Return):
            return [ir.Return(self._expr(stmt.value) if stmt.value is not None else None)]
        if isinstance(stmt, ir.ExprStmt):
            return [ir.ExprStmt(self._expr(stmt.expr))]
        return [stmt]

    def _held(self, value: ir.Expr, element: str, lanes: tuple[str, ...]) -> tuple[list, list]:
        """Each lane of `value` computed into a local of its own first, unless it is a plain local lane."""
        if isinstance(value, ir.Name):
            return [], [self._lane(value, k) for k in range(len(lanes))]
        self.counter += 1
        names = [f"_lanes{self.counter}__{lane}" for lane in lanes]
        decls = [ir.Decl(names[k], element, self._lane(value, k)) for k in range(len(lanes))]
        return decls, [ir.Name(n) for n in names]

    # -- expressions -----------------------------------------------------------------------------------------

    def _expr(self, node):
        if isinstance(node, ir.Attr) and self._vector(node.obj) is not None:
            lanes = self._vector(node.obj)[1]
            if node.name not in lanes:
                raise _Unchanged
            return self._lane(node.obj, lanes.index(node.name))
        if self._vector(node) is not None:
            raise _Unchanged  # a whole vector in a scalar place (an argument, an operator)
        if isinstance(node, ir.Cast) and isinstance(node.operand, ir.Name) and node.operand.id in self.buffers \
                and node.ctype.count("*") == 1 and _base(node.ctype) == self.buffers[node.operand.id][0]:
            return node.operand  # `(float*) v2` of a float2 buffer: the buffer of its elements it now is
        if isinstance(node, ir.Name) and node.id in self.buffers:
            raise _Unchanged  # a vector buffer not indexed (moved, passed on): its steps are whole vectors
        if isinstance(node, tuple):
            return tuple(self._expr(n) for n in node)
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            return dataclasses.replace(node, **{f.name: self._expr(getattr(node, f.name))
                                                for f in dataclasses.fields(node)})
        return node


def _mentions(value, names: set[str]) -> bool:
    if isinstance(value, ir.Name):
        return value.id in names
    if isinstance(value, tuple):
        return any(_mentions(v, names) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_mentions(getattr(value, f.name), names) for f in dataclasses.fields(value))
    return False


def _all(stmts: tuple):
    for stmt in stmts:
        yield stmt
        for attr in ("then", "orelse", "body", "init", "step"):
            inner = getattr(stmt, attr, None)
            if isinstance(inner, tuple):
                yield from _all(inner)
