"""CUDA's vector types (float4, int2, uchar4, ...; rules/tile/maps/builtins.toml [vector]) written as their lanes.

A kernel that reads `float4* p` as `p[i].y`, keeps a `float4 v = p[i]`, builds `make_float4(a, b, c, d)` or has a
`__shared__ float4 s[64]` computes on the lanes one by one, so it is rewritten onto the element type before
lowering:

- a buffer of vectors is a buffer of their elements, `lanes` to an entry: `p[i].y` is `p[4 * i + 1]` (a float4 is
  16 bytes, a float3 12: the elements lie back to back, as `sizeof` says), and `(float*) p` is that buffer; the
  parameter keeps its declared type for the harness and the launcher passes the buffer as it is;
- a vector parameter passed by value (`const float3 w`) is one scalar parameter per lane (`w_x`, `w_y`, `w_z`):
  the launcher takes the value as the original does, as a sequence of its lanes (a tuple, a list, a NumPy
  structured scalar or a small tensor, in lane order, as a buffer of vectors holds them), and passes each lane;
- a local vector is one local per lane (`v__x`, `v__y`, ...); a shared array of vectors is a shared array of
  their elements;
- a whole-vector assignment (`p[i] = v`, `v = make_float4(...)`, `p[i] = {x, y, z}`, `v = p[j]`) is one per
  lane, each lane's value computed before any is written (so `p[i] = make_float4(p[i].y, p[i].x, ...)` swaps, as it
  does in C); lanes an initializer list leaves out are zero, as C fills them; `auto v = ...` of a vector is a local
  of its type;
- a view of a buffer of scalars as vectors of the same scalar (`reinterpret_cast<const float4*>(x)[i]`,
  `*reinterpret_cast<float4*>(&y[4 * i])`, `((float2*) (p + off))[0]`) is read and written lane by lane on the
  buffer itself: lane k of element i of the view of `p + off` is `p[off + 4 * i + k]`. These are the elements the
  vector access reads wherever the original's address is aligned for the vector (where it is not, the original
  faults), so the offset need not be known. A view whose lanes are not the buffer's elements (a float buffer read
  as int4, a half buffer as float4), or of a pointer this rewrite does not follow, keeps the kernel SIMT with that
  reason, as does a byte view (`(char*) p`, values.py).

Device functions that take or return vectors are already written into the kernel (calls.py). A kernel that uses a
vector any other way (one passed whole to a call left as it is, vector arithmetic from a header's operators, a
compound assignment of a whole vector, a 2-D array of vectors) would keep its vector parameters' types, which
Triton has none of, so it is rejected with the use that stops it; one whose vectors are all locals is left as it
is, for the lowering to name what it cannot read."""

from __future__ import annotations

import dataclasses
from collections import Counter

from . import ir
from .builtins import builtins
from .calls import _rename
from .targets import triton_type
from .tileir import Rejected
from .values import GENERIC_TYPES

LANE_NAMES = "xyzw"


class _Unchanged(Exception):
    """A use of a vector this rewrite does not read; the message names it."""


def _base(ctype: str) -> str:
    words = [w for w in ctype.replace("*", " ").split() if w not in ("const", "volatile", "__restrict__", "struct")]
    return " ".join(words)


def lanes_of(module: ir.Module, fn: ir.Function) -> ir.Function:
    """`fn` with its vector parameters, buffers, locals and shared arrays written as their lanes, or `fn` unchanged
    (Rejected where a vector parameter stops the rewrite). The module's structures whose fields are all one scalar
    type (`struct kv { float k, v; };`) are read the same way, their fields as lanes (`p[i].v` is `p[2 * i + 1]`)."""
    table = {name: (element, tuple(LANE_NAMES[:lanes])) for name, (element, lanes) in (builtins().vectors or {}).items()}
    table.update({name: (element, fields) for name, (element, fields) in module.records.items() if name not in table})
    if not table:
        return fn
    rewrite = _Rewrite(fn, table)
    try:
        return rewrite.run()
    except _Unchanged as why:
        if rewrite.typed_params or rewrite.views:
            # its vector parameters would keep types Triton has none of; a view, lanes the lowering cannot read
            raise Rejected(str(why)) from None
        return fn


class _Rewrite:
    def __init__(self, fn: ir.Function, table: dict[str, tuple[str, tuple[str, ...]]]) -> None:
        self.fn = fn
        self.table = table  # type name -> (element type, lane names)
        self.buffers: dict[str, tuple[str, tuple[str, ...]]] = {}  # pointer parameters and shared arrays
        self.locals: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.arrays: dict[str, tuple[str, tuple[str, ...]]] = {}  # per-thread local arrays of vectors
        self.ranks: dict[str, int] = {}  # each such array -> its number of dimensions
        self.types: dict[str, str] = {}  # each vector buffer, local and parameter -> its type's name (float3)
        self.scalars: dict[str, tuple[str, ...]] = {}  # a vector parameter by value -> its lanes' parameters
        self.typed_params = False  # whether a parameter is a vector or a buffer of them
        self.views = False  # whether a buffer of scalars is read or written as vectors
        self.pointees: dict[str, str] = {}  # pointer parameters and locals, shared arrays of scalars -> element type
        self.counter = 0
        self.named: dict[str, str] = {}  # the kernel's buffers and arrays of vectors -> their type (_aliases)

    def run(self) -> ir.Function:
        params = []
        taken = ir.names_in(self.fn.body) | {p.name for p in self.fn.params}
        for p in self.fn.params:
            vector = self.table.get(_base(p.ctype))
            if vector is None:
                if p.pointer and p.ctype.count("*") <= 1:
                    self.pointees[p.name] = _base(p.ctype)
                params.append(p)
                continue
            self.typed_params = True
            self.types[p.name] = _base(p.ctype)
            if not p.pointer:
                names = _lane_names(p.name, vector[1], taken)
                self.locals[p.name] = vector
                self.scalars[p.name] = names
                params.append(dataclasses.replace(p, ctype=vector[0], declared=p.ctype, lanes=names))
                continue
            self.buffers[p.name] = vector
            params.append(dataclasses.replace(p, ctype=vector[0],
                                              declared=p.ctype + ("*" if "*" not in p.ctype else "")))
        self.views = any(self._view_type(n) is not None for n in ir.nodes(self.fn.body))
        body = self._apart(self.fn.body, taken)
        self.named = {name: self.types[name] for name in self.buffers} | {
            d.name: _base(d.ctype) for d in ir.statements_in(body) if isinstance(d, ir.Decl) and "*" not in d.ctype
            and _base(d.ctype) in self.table and (d.local is not None or d.shared is not None)}
        body = self._aliases(body)
        self._find_locals(body)
        if not self.buffers and not self.locals and not self.arrays and not self.views:
            return self.fn
        body = self._stmts(_offsets_inside(body, set(self.buffers)))
        whole = sorted(ir.names_in(body) & (set(self.locals) | set(self.arrays)))
        if whole:
            raise _Unchanged(f"{self._describe(ir.Name(whole[0]))} used whole where it is not read lane by lane")
        return dataclasses.replace(self.fn, params=tuple(params), body=body)

    def _apart(self, body: tuple, taken: set[str]) -> tuple:
        """`body` with each local vector whose name another declaration in the kernel also takes (`float4 v` in
        one block, `float v` in a later one) renamed through its block, so that each name is one variable."""
        counts = Counter(stmt.name for stmt in ir.statements_in(body) if isinstance(stmt, ir.Decl))
        twice = {name for name, count in counts.items() if count > 1}
        taken |= set(counts)

        def block(stmts: tuple) -> tuple:
            out: list = []
            for at, stmt in enumerate(stmts):
                if isinstance(stmt, ir.Decl) and stmt.name in twice and _base(stmt.ctype) in self.table \
                        and "*" not in stmt.ctype and stmt.shared is None and stmt.local is None:
                    k = 1
                    while f"{stmt.name}_{k}" in taken:
                        k += 1
                    taken.add(f"{stmt.name}_{k}")
                    rest = _rename(stmts[at:], {stmt.name: ir.Name(f"{stmt.name}_{k}")})
                    return tuple(out) + (rest[0],) + block(rest[1:])
                out.append(_inner(stmt, block))
            return tuple(out)

        return block(body) if twice else body

    def _aliases(self, stmts: tuple) -> tuple:
        """`stmts` with each local pointer to vectors that names vectors it does not move (`const float4* v =
        reinterpret_cast<const float4*>(x);`, `float4* s = ss + j;` of an array of vectors) replaced by what it
        points at, where nothing its value reads is assigned while the pointer is in scope: `v[i]` is then the
        view's element i, `s->x` lane x of `ss[j]`."""
        out: list = []
        for at, stmt in enumerate(stmts):
            target = self._alias_target(stmt) if isinstance(stmt, ir.Decl) else None
            if target is not None:
                rest = stmts[at + 1:]
                changed = {s.target.id for s in ir.statements_in(rest) if isinstance(s, ir.Assign)
                           and isinstance(s.target, ir.Name)} | {s.name for s in ir.statements_in(rest)
                                                                  if isinstance(s, ir.Decl)}
                taken = any(isinstance(n, ir.Un) and n.op == "&" and n.operand == ir.Name(stmt.name)
                            for n in ir.nodes(rest))
                if not changed & (ir.names_in(stmt.value) | {stmt.name}) and not taken:
                    return tuple(out) + self._aliases(_pointing(rest, stmt.name, *target))
            out.append(_inner(stmt, self._aliases))
        return tuple(out)

    def _alias_target(self, stmt: ir.Decl) -> tuple[ir.Expr, ir.Expr | None] | None:
        """(what a local pointer to vectors points at, its offset in whole vectors or None): a view of a buffer of
        scalars, or a buffer or array of vectors of its type, moved by an integer or not; None for any other."""
        vector = _base(stmt.ctype)
        if stmt.value is None or stmt.ctype.count("*") != 1 or vector not in self.table or stmt.local is not None \
                or stmt.shared is not None:
            return None

        def points(expr) -> bool:
            return self._view_type(expr) == vector or isinstance(expr, ir.Name) and self.named.get(expr.id) == vector

        value = stmt.value
        if isinstance(value, ir.Bin) and value.op == "+" and points(value.left) and not points(value.right):
            return value.left, value.right
        return (value, None) if points(value) else None

    def _find_locals(self, stmts: tuple) -> None:
        declared = Counter(stmt.name for stmt in ir.statements_in(stmts) if isinstance(stmt, ir.Decl))
        for stmt in ir.statements_in(stmts):
            if not isinstance(stmt, ir.Decl):
                continue
            vector = self.table.get(_base(stmt.ctype))
            if vector is None and _base(stmt.ctype) in ("", "auto") and stmt.value is not None \
                    and stmt.local is None and stmt.shared is None:
                vector = self._vector(stmt.value)  # `auto a = *reinterpret_cast<const float4*>(p)`: a float4
                if vector is not None:
                    self.types[stmt.name] = self._type_of(stmt.value)
                    self.locals[stmt.name] = vector
                elif self._moved(stmt.value)[0] is not None:  # `auto q = p + off`: a pointer to p's elements
                    self.pointees[stmt.name] = self.pointees[self._moved(stmt.value)[0].id]
                continue
            if vector is None:
                pointer = stmt.ctype.count("*") == 1 and stmt.local is None and stmt.shared is None
                if pointer or (stmt.shared is not None and "*" not in stmt.ctype):
                    self.pointees[stmt.name] = _base(stmt.ctype)
                continue
            self.types[stmt.name] = _base(stmt.ctype)
            if "*" in stmt.ctype:
                raise _Unchanged(f"the local {stmt.name}, a pointer to {_base(stmt.ctype)}")
            if stmt.local is not None:
                # one per-thread array per lane (`v__x[NRX]`), each element's lanes read and written one by one
                if stmt.init is not None:
                    raise _Unchanged(f"the local array {stmt.name} of {_base(stmt.ctype)} with an initializer list")
                if declared[stmt.name] > 1:
                    raise _Unchanged(f"the local array {stmt.name} of {_base(stmt.ctype)}, its name declared more "
                                     "than once in the kernel")
                self.arrays[stmt.name] = vector
                self.ranks[stmt.name] = len(stmt.local)
                continue
            if stmt.shared is not None:
                if len(stmt.shared) != 1:
                    raise _Unchanged(f"the shared array {stmt.name} of {_base(stmt.ctype)} in "
                                     f"{len(stmt.shared)} dimensions")
                self.buffers[stmt.name] = vector
            else:
                self.locals[stmt.name] = vector

    # -- the lanes of a vector-valued expression -------------------------------------------------------------

    def _vector(self, expr: ir.Expr) -> tuple[str, tuple[str, ...]] | None:
        if isinstance(expr, ir.Name) and expr.id in self.locals:
            return self.locals[expr.id]
        if isinstance(expr, ir.Index) and isinstance(expr.base, ir.Name) and expr.base.id in self.buffers:
            return self.buffers[expr.base.id]
        if isinstance(expr, ir.Index) and isinstance(expr.base, ir.Name) and expr.base.id in self.arrays:
            return self.arrays[expr.base.id]
        if isinstance(expr, ir.Index) and self._view_type(expr.base) is not None:
            return self.table[self._view_type(expr.base)]
        if isinstance(expr, ir.Call) and expr.func.startswith("make_") and expr.func[5:] in (builtins().vectors or {}):
            return self.table[expr.func[5:]]
        return None

    def _type_of(self, expr: ir.Expr) -> str:
        """The name of the vector type of a vector-valued expression (float4)."""
        if isinstance(expr, ir.Name):
            return self.types.get(expr.id, "vector")
        if isinstance(expr, ir.Index) and isinstance(expr.base, ir.Name):
            return self.types.get(expr.base.id, "vector")
        if isinstance(expr, ir.Index) and self._view_type(expr.base) is not None:
            return self._view_type(expr.base)
        if isinstance(expr, ir.Call) and expr.func.startswith("make_"):
            return expr.func[5:]
        return "vector"

    def _view_type(self, expr: ir.Expr) -> str | None:
        """The vector type a pointer cast views memory as (`(float4*) x`, `reinterpret_cast<const float4*>(x)`)."""
        if isinstance(expr, ir.Cast) and expr.ctype.count("*") == 1 and _base(expr.ctype) in self.table:
            return _base(expr.ctype)
        return None

    def _view(self, view: ir.Cast) -> tuple[ir.Name, ir.Expr | None]:
        """The buffer of scalars a vector view reads and the offset into it where the view starts, in elements;
        _Unchanged where its lanes are not that buffer's elements or the pointer is not one this rewrite follows."""
        vector = self._view_type(view)
        element = self.table[vector][0]
        pointer, offset = self._moved(view.operand)
        if pointer is None:
            raise _Unchanged(f"a view as {vector} of a pointer other than a buffer of scalars, moved by an offset "
                             "(the lanes of its elements are not followed)")
        source = self.pointees[pointer.id]
        if not _same_scalar(source, element, self.fn.tparams):
            raise _Unchanged(f"a view of the {source or 'untyped'} buffer {pointer.id} as {vector}, whose lanes are "
                             f"{element} (not the buffer's elements)")
        return pointer, offset

    def _moved(self, expr: ir.Expr) -> tuple[ir.Name | None, ir.Expr | None]:
        """A pointer expression as a buffer of scalars and an offset into it in elements (None: none): `p`,
        `p + a + b`, `a + p`, `p - a`, `&p[a]`; (None, None) for any other."""
        if isinstance(expr, ir.Name) and expr.id in self.pointees:
            return expr, None
        if isinstance(expr, ir.Un) and expr.op == "&" and isinstance(expr.operand, ir.Index) \
                and len(expr.operand.indices) == 1:
            pointer, offset = self._moved(expr.operand.base)
            return pointer, _plus(offset, expr.operand.indices[0])
        if isinstance(expr, ir.Bin) and expr.op in ("+", "-"):
            pointer, offset = self._moved(expr.left)
            if pointer is not None:
                return pointer, _plus(offset, expr.right if expr.op == "+" else ir.Un("-", expr.right))
        if isinstance(expr, ir.Bin) and expr.op == "+":
            pointer, offset = self._moved(expr.right)
            if pointer is not None:
                return pointer, _plus(expr.left, offset)
        return None, None

    def _fits(self, value: ir.Expr, vector: tuple[str, tuple[str, ...]]) -> bool:
        """Whether `value` can be stored whole into a `vector`: one of the same type, or an initializer list of no
        more values than it has lanes."""
        if isinstance(value, ir.Call) and value.func == ir.BRACES:
            return len(value.args) <= len(vector[1])
        return self._vector(value) == vector

    def _describe(self, expr: ir.Expr) -> str:
        """A vector-valued expression as a reason names it."""
        if isinstance(expr, ir.Name):
            kind = "parameter" if expr.id in self.scalars else "local"
            return f"the {self.types.get(expr.id, 'vector')} {kind} {expr.id}"
        if isinstance(expr, ir.Index) and isinstance(expr.base, ir.Name) and expr.base.id in self.arrays:
            return f"an element of the {self.types.get(expr.base.id, 'vector')} local array {expr.base.id}"
        if isinstance(expr, ir.Index) and isinstance(expr.base, ir.Name):
            return f"an element of the {self.types.get(expr.base.id, 'vector')} array {expr.base.id}"
        if isinstance(expr, ir.Index) and self._view_type(expr.base) is not None:
            pointer = self._view(expr.base)[0]
            return f"an element of the {self._view_type(expr.base)} view of {pointer.id}"
        if isinstance(expr, ir.Call):
            return "an initializer list" if expr.func == ir.BRACES else f"{expr.func}()"
        return "a vector"

    def _lane(self, expr: ir.Expr, k: int, element: str = "") -> ir.Expr:
        """Lane k of a vector-valued expression (an lvalue where the expression is one); `element`: the lanes'
        type, which an initializer list's missing lanes are a zero of."""
        if isinstance(expr, ir.Name):
            if expr.id in self.scalars:
                return ir.Name(self.scalars[expr.id][k])
            return ir.Name(f"{expr.id}__{self.locals[expr.id][1][k]}")
        if isinstance(expr, ir.Index) and isinstance(expr.base, ir.Name) and expr.base.id in self.arrays:
            if len(expr.indices) != self.ranks[expr.base.id]:
                raise _Unchanged(f"a row of the {self.types[expr.base.id]} local array {expr.base.id} used whole")
            lane = self.arrays[expr.base.id][1][k]
            return ir.Index(ir.Name(f"{expr.base.id}__{lane}"), tuple(self._expr(i) for i in expr.indices))
        if isinstance(expr, ir.Index) and self._view_type(expr.base) is not None:
            pointer, offset = self._view(expr.base)
            lanes = len(self.table[self._view_type(expr.base)][1])
            if len(expr.indices) != 1:
                raise _Unchanged(f"{self._describe(expr)} indexed in {len(expr.indices)} dimensions")
            index = ir.Bin("+", ir.Bin("*", ir.Num(lanes), self._expr(expr.indices[0])), ir.Num(k))
            if offset is not None:
                index = ir.Bin("+", self._expr(offset), index)
            return ir.Index(pointer, (index,))
        if isinstance(expr, ir.Index):
            if len(expr.indices) != 1:
                raise _Unchanged(f"the {self.types.get(expr.base.id, 'vector')} array {expr.base.id} indexed in "
                                 f"{len(expr.indices)} dimensions")
            lanes = len(self.buffers[expr.base.id][1])
            index = self._expr(expr.indices[0])
            return ir.Index(expr.base, (ir.Bin("+", ir.Bin("*", ir.Num(lanes), index), ir.Num(k)),))
        if isinstance(expr, ir.Call) and expr.func == ir.BRACES:
            if k < len(expr.args):
                return self._expr(expr.args[k])
            return ir.Num(0.0, True) if (triton_type(element, False) or "").startswith(("fp", "bf")) else ir.Num(0)
        if isinstance(expr, ir.Call):
            if len(expr.args) != len(self.table[expr.func[5:]][1]):
                raise _Unchanged(f"{expr.func}() given {len(expr.args)} values for its "
                                 f"{len(self.table[expr.func[5:]][1])} lanes")
            return self._expr(expr.args[k])
        raise _Unchanged(f"{self._describe(expr)} read lane by lane")

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
            if not self._fits(stmt.value, (element, lanes)):
                raise _Unchanged(f"{self._describe(ir.Name(stmt.name))} declared from {self._source(stmt.value)}")
            held = self._held(stmt.value, element, lanes)
            return held[0] + [ir.Decl(f"{stmt.name}__{lane}", element, held[1][k]) for k, lane in enumerate(lanes)]
        if isinstance(stmt, ir.Decl) and stmt.name in self.arrays and stmt.local is not None:
            element, lanes = self.arrays[stmt.name]
            return [ir.Decl(f"{stmt.name}__{lane}", element, local=self._expr(stmt.local)) for lane in lanes]
        if isinstance(stmt, ir.Decl) and stmt.name in self.buffers and stmt.shared is not None:
            element, lanes = self.buffers[stmt.name]
            return [dataclasses.replace(stmt, ctype=element,
                                        shared=(ir.Bin("*", ir.Num(len(lanes)), self._expr(stmt.shared[0])),))]
        if isinstance(stmt, ir.Assign) and self._vector(stmt.target) is not None:
            element, lanes = self._vector(stmt.target)
            if stmt.op != "=":
                raise _Unchanged(f"a compound assignment ({stmt.op}) of a whole vector to "
                                 f"{self._describe(stmt.target)}")
            if not self._fits(stmt.value, (element, lanes)):
                raise _Unchanged(f"{self._describe(stmt.target)} assigned {self._source(stmt.value)}")
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

    def _source(self, value: ir.Expr) -> str:
        """What a vector was given that this rewrite does not read, as a reason names it."""
        if isinstance(value, ir.Call) and value.func == ir.BRACES:
            return f"an initializer list of {len(value.args)} values"
        if isinstance(value, ir.Call):
            return f"the result of {value.func}()"
        if isinstance(value, (ir.Bin, ir.Un)):
            return f"the result of {value.op} on whole vectors (a header's vector operators)"
        if self._vector(value) is not None:
            return f"{self._describe(value)}, of another type"
        return "a value not read lane by lane"

    def _held(self, value: ir.Expr, element: str, lanes: tuple[str, ...]) -> tuple[list, list]:
        """Each lane of `value` computed into a local of its own first, unless it is a plain local lane."""
        if isinstance(value, ir.Name):
            return [], [self._lane(value, k) for k in range(len(lanes))]
        self.counter += 1
        names = [f"_lanes{self.counter}__{lane}" for lane in lanes]
        decls = [ir.Decl(names[k], element, self._lane(value, k, element)) for k in range(len(lanes))]
        return decls, [ir.Name(n) for n in names]

    # -- expressions -----------------------------------------------------------------------------------------

    def _expr(self, node):
        if isinstance(node, ir.Attr) and self._vector(node.obj) is not None:
            lanes = self._vector(node.obj)[1]
            if node.name not in lanes:
                raise _Unchanged(f"the member .{node.name} of {self._describe(node.obj)}, which has none")
            return self._lane(node.obj, lanes.index(node.name))
        whole = next((a for a in _operands(node) if self._vector(a) is not None), None)
        if whole is not None and isinstance(node, ir.Call):
            raise _Unchanged(f"{self._describe(whole)} passed whole to {node.func}()")
        if whole is not None:
            raise _Unchanged(f"{self._describe(whole)} used whole as an operand of {node.op} (vector arithmetic, "
                             "from a header's operators)")
        if self._vector(node) is not None:
            raise _Unchanged(f"{self._describe(node)} used whole where a scalar is read")
        if self._view_type(node) is not None:
            raise _Unchanged(f"a view of memory as {self._view_type(node)} used other than by its elements (a "
                             "pointer to vectors kept, moved or passed on)")
        if isinstance(node, ir.Cast) and isinstance(node.operand, ir.Name) and node.operand.id in self.buffers \
                and node.ctype.count("*") == 1 and _base(node.ctype) == self.buffers[node.operand.id][0]:
            return node.operand  # `(float*) v2` of a float2 buffer: the buffer of its elements it now is
        if isinstance(node, ir.Name) and node.id in self.arrays:
            raise _Unchanged(f"the {self.types.get(node.id, 'vector')} local array {node.id} used other than by its "
                             "elements")
        if isinstance(node, ir.Name) and node.id in self.buffers:
            # moved or passed on: its steps are whole vectors
            raise _Unchanged(f"the {self.types.get(node.id, 'vector')} array {node.id} used other than by its "
                             "elements")
        if isinstance(node, tuple):
            return tuple(self._expr(n) for n in node)
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            return dataclasses.replace(node, **{f.name: self._expr(getattr(node, f.name))
                                                for f in dataclasses.fields(node)})
        return node


def _pointing(node, alias: str, base: ir.Expr, offset: ir.Expr | None):
    """`node` with the local pointer `alias` replaced by `base` moved by `offset` whole vectors: its elements
    (`alias[i]`, `*alias`, `alias->x`) the elements of `base` from `offset` on, any other use the moved pointer."""
    if isinstance(node, ir.Index) and node.base == ir.Name(alias) and len(node.indices) == 1:
        index = _pointing(node.indices[0], alias, base, offset)
        return ir.Index(base, (index if offset is None else ir.Bin("+", offset, index),))
    if node == ir.Name(alias):
        return base if offset is None else ir.Bin("+", base, offset)
    if isinstance(node, tuple):
        return tuple(_pointing(n, alias, base, offset) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return dataclasses.replace(node, **{f.name: _pointing(getattr(node, f.name), alias, base, offset)
                                            for f in dataclasses.fields(node)})
    return node


def _lane_names(name: str, lanes: tuple[str, ...], taken: set[str]) -> tuple[str, ...]:
    """The scalar parameters a vector passed by value becomes (`w_x`, `w_y`), named apart from the kernel's own."""
    for separator in ("_", "__", "_lane_"):
        names = tuple(f"{name}{separator}{lane}" for lane in lanes)
        if not taken & set(names):
            return names
    raise _Unchanged(f"the vector parameter {name}, whose lanes' names the kernel already uses")


def _inner(stmt, block):
    """`stmt` with `block` applied to each block of statements inside it (a loop's own init and step are not one)."""
    changes = {attr: block(getattr(stmt, attr)) for attr in ("then", "orelse", "body")
               if isinstance(getattr(stmt, attr, None), tuple)}
    return dataclasses.replace(stmt, **changes) if changes else stmt


def _plus(a: ir.Expr | None, b: ir.Expr | None) -> ir.Expr | None:
    """`a + b` of two offsets, either of which may be none."""
    return b if a is None else a if b is None else ir.Bin("+", a, b)


def _same_scalar(source: str, element: str, tparams: tuple[str, ...]) -> bool:
    """Whether a buffer of C type `source` holds `element`s: the same type, or spellings of one Triton type (char and
    signed char, unsigned and uint32_t); a template's element type is none but itself."""
    if source == element:
        return True
    if source in GENERIC_TYPES or source in tparams or element in GENERIC_TYPES or element in tparams:
        return False
    kind = triton_type(source, False)
    return kind is not None and kind == triton_type(element, False)



def _operands(node) -> tuple:
    """The operands of an operator or the arguments of a call that is not a vector's constructor."""
    if isinstance(node, ir.Bin):
        return (node.left, node.right)
    if isinstance(node, ir.Un):
        return (node.operand,)
    if isinstance(node, ir.Call) and not node.func.startswith("make_") and node.func != ir.BRACES:
        return node.args
    return ()



def _offsets_inside(node, buffers: set[str]):
    """`node` with each element of a moved buffer of vectors (`(p + k)[j]`, as a device function given `p + k`
    indexes it) the element of the buffer itself (`p[k + j]`), as C's pointer arithmetic counts whole vectors."""
    if isinstance(node, ir.Index) and len(node.indices) == 1:
        moved = _moved(node.base, buffers)
        if moved is not None and moved[1] is not None:
            index = _offsets_inside(node.indices[0], buffers)
            return ir.Index(ir.Name(moved[0]), (ir.Bin("+", _offsets_inside(moved[1], buffers), index),))
    if isinstance(node, tuple):
        return tuple(_offsets_inside(n, buffers) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return dataclasses.replace(node, **{f.name: _offsets_inside(getattr(node, f.name), buffers)
                                            for f in dataclasses.fields(node)})
    return node


def _moved(node, buffers: set[str]) -> tuple[str, ir.Expr | None] | None:
    """(buffer, offset in whole vectors) of a buffer of vectors or a sum or difference of one and an integer
    (offset None for the buffer itself); None for anything else."""
    if isinstance(node, ir.Name):
        return (node.id, None) if node.id in buffers else None
    if not isinstance(node, ir.Bin) or node.op not in ("+", "-"):
        return None
    left = _moved(node.left, buffers)
    right = _moved(node.right, buffers) if node.op == "+" else None
    if (left is None) == (right is None):
        return None  # no buffer, or two (a difference of pointers)
    buffer, offset = left if left is not None else right
    step = node.right if left is not None else node.left
    if node.op == "-":
        step = ir.Un("-", step)
    return buffer, step if offset is None else ir.Bin("+", offset, step)
