"""A program's own operators on vectors and structures (`float2 operator-(float2 a, float2 b)` of a header), written
as calls of the functions that define them.

C++ applies such an operator where an operand is of the vector or structure type it is defined for: `a[i] - b[i]` of
two float2 is `operator-(a[i], b[i])`, `v += w` is `operator+=(v, w)`, `-v` is `operator-(v)`. Each is rewritten into
the call, which calls.py then writes into the kernel like any device function that takes vectors, so the operator
means what the program defines it to (a header's `operator+(float2, float)` may add to one lane only).

An operator is written as a call only where the types of its operands are known (a parameter, a local, an element of
a buffer or an array, a lane, a call's result, a number) and exactly one definition of its name takes them: a vector
or structure operand its own type, a scalar operand a scalar parameter (of its very type where several would). Any
other use is left as it is, for the vector rewrite to name. A math function a header defines for vectors
(`float4 sqrtf(float4 v)`) is called by the same rule where it is given a vector, and means CUDA's own function
where given a scalar."""

from __future__ import annotations

import dataclasses

from . import ir
from .builtins import builtins, math_table
from .calls import _type_name, by_reference, resolve

ARITHMETIC = ("+", "-", "*", "/", "%", "^", "&", "|")  # the binary operators a program may define

# A type as this pass follows it: (the type's name without qualifiers, how many pointers lead to it).
Type = tuple[str, int]


def operator_calls(module: ir.Module, fn: ir.Function) -> tuple[ir.Module, ir.Function]:
    """`fn` and the module's device functions with each operator the program defines for the vectors or structures it
    is applied to written as a call, the module given the definitions called: each under a name of its own
    (`operator-.2`, the third definition of `operator-`), as the call's operands, not their number, tell the
    definitions of a name apart."""
    compound = set(builtins().vectors or {}) | set(module.records)
    # a header's `sqrtf(float4)` beside CUDA's `sqrtf(float)`: called by name only where given the vector
    shadowing = {n for n, f in module.functions.items() if n in math_table() and not f.kernel and any(
        _type_name(p.ctype) in compound for g in module.overloads.get(n, (f,)) for p in g.params)}
    if not shadowing and not any(n.startswith("operator") for n in module.functions):
        return module, fn
    rewrite = _Operators(module, compound)

    def written(f: ir.Function) -> ir.Function:
        body = rewrite.block(f.body, {p.name: _param_type(p) for p in f.params})
        return f if body == f.body else dataclasses.replace(f, body=body)

    functions = {n: f if f.kernel else written(f) for n, f in module.functions.items()}
    overloads = {n: tuple(written(f) for f in fs) for n, fs in module.overloads.items()}
    fn = written(fn)
    if not rewrite.chosen and not shadowing:
        return module, fn
    for own in rewrite.chosen:
        name, index = own.rsplit(".", 1)
        functions[own] = dataclasses.replace((overloads.get(name) or (functions[name],))[int(index)], name=own)
    for name in shadowing:  # each call given vectors now names its definition; the others are CUDA's function
        functions.pop(name)
        overloads.pop(name, None)
    return dataclasses.replace(module, functions=functions, overloads=overloads), fn


def _param_type(param: ir.Param) -> Type:
    return _type_name(param.ctype), max(param.ctype.count("*"), 1 if param.pointer else 0)


def _decl_type(decl: ir.Decl) -> Type:
    arrays = (decl.local is not None) + (decl.shared is not None)
    return _type_name(decl.ctype), decl.ctype.count("*") + (len(decl.local or decl.shared or ()) if arrays else 0)


class _Operators:
    def __init__(self, module: ir.Module, compound: set[str]) -> None:
        self.module = module
        self.compound = compound  # the vector and structure types' names
        self.chosen: dict[str, ir.Function] = {}  # each definition called, under its own name

    # -- statements ------------------------------------------------------------------------------------------

    def block(self, stmts: tuple, scope: dict[str, Type]) -> tuple:
        scope = dict(scope)  # a block's declarations end with it
        return tuple(self.statement(s, scope) for s in stmts)

    def statement(self, stmt, scope: dict[str, Type]):
        if isinstance(stmt, ir.Decl):
            value = self.expr(stmt.value, scope) if stmt.value is not None else None
            scope[stmt.name] = _decl_type(stmt)
            return dataclasses.replace(stmt, value=value)
        if isinstance(stmt, ir.Assign):
            target, value = self.expr(stmt.target, scope), self.expr(stmt.value, scope)
            if stmt.op[:-1] in ARITHMETIC:
                call = self.applied("operator" + stmt.op, (target, value), scope)
                if call is not None:
                    return ir.ExprStmt(call)
            return ir.Assign(target, stmt.op, value)
        if isinstance(stmt, ir.If):
            return ir.If(self.expr(stmt.test, scope), self.block(stmt.then, scope), self.block(stmt.orelse, scope))
        if isinstance(stmt, ir.For):
            inner = dict(scope)
            init = tuple(self.statement(s, inner) for s in stmt.init)
            test = self.expr(stmt.test, inner) if stmt.test is not None else None
            return dataclasses.replace(stmt, init=init, test=test,
                                       step=tuple(self.statement(s, inner) for s in stmt.step),
                                       body=self.block(stmt.body, inner))
        if isinstance(stmt, ir.While):
            return dataclasses.replace(stmt, test=self.expr(stmt.test, scope), body=self.block(stmt.body, scope))
        if isinstance(stmt, ir.Return) and stmt.value is not None:
            return ir.Return(self.expr(stmt.value, scope))
        if isinstance(stmt, ir.ExprStmt):
            return ir.ExprStmt(self.expr(stmt.expr, scope))
        return stmt

    # -- expressions -----------------------------------------------------------------------------------------

    def expr(self, node, scope: dict[str, Type]):
        if isinstance(node, ir.Bin) and node.op in ARITHMETIC:
            node = ir.Bin(node.op, self.expr(node.left, scope), self.expr(node.right, scope))
            return self.applied("operator" + node.op, (node.left, node.right), scope) or node
        if isinstance(node, ir.Un) and node.op == "-":
            node = ir.Un(node.op, self.expr(node.operand, scope))
            return self.applied("operator-", (node.operand,), scope) or node
        if isinstance(node, ir.Call) and node.func in math_table() and node.func in self.module.functions:
            node = dataclasses.replace(node, args=self.expr(node.args, scope))
            return self.applied(node.func, node.args, scope) or node
        if isinstance(node, tuple):
            return tuple(self.expr(n, scope) for n in node)
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            return dataclasses.replace(node, **{f.name: self.expr(getattr(node, f.name), scope)
                                                for f in dataclasses.fields(node)})
        return node

    def applied(self, name: str, args: tuple, scope: dict[str, Type]) -> ir.Call | None:
        """The call of the one definition of operator `name` that takes `args`, where one of them is a vector or a
        structure; None otherwise."""
        types = [self.type_of(a, scope) for a in args]
        if not any(t is not None and t[1] == 0 and t[0] in self.compound for t in types) or None in types:
            return None
        overloads = self.module.overloads.get(name) or (
            (self.module.functions[name],) if name in self.module.functions else ())
        fits = [f for f in overloads if len(f.params) == len(args) and not f.tparams
                and all(self.takes(p, t) for p, t in zip(f.params, types))]
        if len(fits) > 1:  # scalars of several types taken: the definition that takes each of its very type
            fits = [f for f in fits if all(_type_name(p.ctype) == t[0] for p, t in zip(f.params, types))]
        if len(fits) != 1:
            return None
        if any(by_reference(p) and not _assignable(a) for p, a in zip(fits[0].params, args)):
            return None
        own = f"{name}.{overloads.index(fits[0])}"
        self.chosen[own] = dataclasses.replace(fits[0], name=own)
        return ir.Call(own, tuple(args))

    def takes(self, param: ir.Param, given: Type) -> bool:
        if param.pointer:
            return False
        wanted = _type_name(param.ctype)
        if wanted in self.compound or given[0] in self.compound:
            return given == (wanted, 0)
        return given[1] == 0

    def type_of(self, node, scope: dict[str, Type]) -> Type | None:
        """The type of an expression, where this pass follows it; ("?", 0) for a scalar of a type not followed."""
        if isinstance(node, ir.Num):
            return ("?" if node.is_float else "int"), 0  # the IR keeps no `f` suffix: a float literal's type is open
        if isinstance(node, ir.Name):
            if node.id in scope:
                return scope[node.id]
            return ("?", 0) if node.id in self.module.constants else None
        if isinstance(node, ir.Builtin):
            return "unsigned int", 0
        if isinstance(node, ir.Index):
            base = self.type_of(node.base, scope)
            if base is None or base[1] < len(node.indices):
                return None
            return base[0], base[1] - len(node.indices)
        if isinstance(node, ir.Cast):
            return _type_name(node.ctype), node.ctype.count("*")
        if isinstance(node, ir.Attr):
            obj = self.type_of(node.obj, scope)
            if obj is None or obj[1] != 0:
                return None
            vector = (builtins().vectors or {}).get(obj[0])
            if vector is not None:
                return vector[0], 0
            record = self.module.records.get(obj[0])
            return (record[0], 0) if record is not None and node.name in record[1] else None
        if isinstance(node, ir.Call) and node.func.startswith("make_") and node.func[5:] in self.compound:
            return node.func[5:], 0
        if isinstance(node, ir.Call) and node.func in self.chosen:
            rtype = self.chosen[node.func].rtype
            return _type_name(rtype), rtype.count("*")
        if isinstance(node, ir.Call):
            callee = resolve(self.module, node)
            if isinstance(callee, ir.Function) and callee.rtype and not callee.tparams:
                return _type_name(callee.rtype), callee.rtype.count("*")
            return None
        if isinstance(node, ir.Bin) and node.op in ARITHMETIC:
            left, right = self.type_of(node.left, scope), self.type_of(node.right, scope)
            if left is None or right is None or left[0] in self.compound or right[0] in self.compound:
                return None  # an operator on vectors that stayed as it is
            if left[1] or right[1]:
                return left if left[1] else right  # pointer arithmetic
            return left if left == right else ("?", 0)
        if isinstance(node, ir.Un) and node.op in ("-", "+", "~", "!"):
            inner = self.type_of(node.operand, scope)
            return None if inner is None or inner[0] in self.compound else ("?", 0)
        if isinstance(node, ir.Cond):
            return self.type_of(node.body, scope)
        return None


def _assignable(arg: ir.Expr) -> bool:
    """Whether an argument given to a reference parameter is an lvalue calls.py writes through."""
    return isinstance(arg, (ir.Name, ir.Index, ir.Attr))
