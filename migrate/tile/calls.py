"""Device-function calls the lowering cannot evaluate as values, written into the kernel body as statements.

A call of a function that returns nothing (`swap(a, b);`, `store(out, i, v);`) or that takes a parameter by
reference (`float u = xorshift32(state);`) has effects on its caller: its stores, and its assignments to the
caller's variables through the references. A call of a function that takes or returns a vector or a structure
(`dot3(w, p)`, `cross(a, b)`) gives or gets a value the lowering holds lane by lane only as a variable of the
kernel (vectors.py). Such a call becomes the callee's body in place:

- a reference parameter is replaced by the lvalue it was given (`state`, `a[i]`), as a C++ reference aliases it;
- a parameter taken by value becomes a local of its own, given the argument, unless the argument is a plain value
  (names, numbers and arithmetic on them, no memory read) the body never assigns, which is used as it is;
- the callee's locals are renamed so that they cannot meet the caller's;
- a call inside an expression is taken out before its statement into a local of the callee's return type, when
  that statement evaluates it once and unconditionally (not under `&&`, `||` or `?:`, nor in a loop's test).

A call is left as it is (and the lowering names it) where this could change what the code does: a callee that
returns before its end, a reference given something that is not an lvalue, a reference whose lvalue's index the
callee can change through another reference, a template callee whose arguments are not numbers, recursion."""

from __future__ import annotations

import dataclasses
import itertools
import re

from . import ir
from .builtins import builtins

DEPTH_LIMIT = 8  # nested calls written out; a deeper chain is left to the lowering (and named there)


def by_reference(param: ir.Param) -> bool:
    return param.ctype.rstrip().endswith("&")


def resolve(module: ir.Module, call: ir.Call) -> ir.Function | str | None:
    """The device function `call` calls (the one overload of its name whose parameters its arguments fit in
    number), why none can be told apart (a str), or None where it calls no device function of the module."""
    fn = module.functions.get(call.func)
    if fn is None or fn.kernel:
        return None
    overloads = module.overloads.get(call.func)
    if not overloads:
        return fn
    fits = fitting(module, call)
    if len(fits) > 1:
        # numbers given (`make_float4(0.0f)` of a header that also defines it of a float3 and an int4): C++ takes the
        # one definition whose parameters are all scalars, as no number converts to a vector or a structure
        fits = [f for f in fits if _scalars(module, f, call)] or fits
    if len(fits) == 1:
        return fits[0]
    if not fits:
        return f"the call of {call.func} with {len(call.args)} arguments, which none of its {len(overloads)} " \
               "definitions takes"
    return f"the device function {call.func}, defined {len(fits)} ways that take {len(call.args)} arguments " \
           "(overloads, or `#ifdef` branches)"


def fitting(module: ir.Module, call: ir.Call) -> list[ir.Function]:
    """The definitions of the name `call` calls whose parameters its arguments fit in number, and whose template
    parameters its template arguments fit: those it does not give must be deducible, named by a parameter's type."""
    overloads = module.overloads.get(call.func) or (module.functions[call.func],)
    return [f for f in overloads if sum(p.default is None for p in f.params) <= len(call.args) <= len(f.params)
            and _deducible(f, call)]


def _scalars(module: ir.Module, fn: ir.Function, call: ir.Call) -> bool:
    """Whether every argument of `call` is a number and every parameter of `fn` it is given is a scalar by value."""
    types = set(builtins().vectors or {}) | set(module.records)
    numbers = all(isinstance(a, ir.Num) or (isinstance(a, ir.Un) and a.op == "-" and isinstance(a.operand, ir.Num))
                  for a in call.args)
    return numbers and not fn.tparams and all(
        not p.pointer and not by_reference(p) and _type_name(p.ctype) not in types for p in fn.params)


def _deducible(fn: ir.Function, call: ir.Call) -> bool:
    if len(call.targs) > len(fn.tparams) or (call.targs and not fn.tparams):
        return False
    named = {w for p in fn.params for w in re.findall(r"\w+", p.ctype)}
    return all(t in named for t in fn.tparams[len(call.targs):])


def written_references(module: ir.Module, stmts) -> set[str]:
    """The variables that calls in `stmts` may assign through references: each name given to a reference parameter
    that is not const, in any definition of the callee's name."""
    names: set[str] = set()
    for node in ir.nodes(stmts):
        if not isinstance(node, ir.Call) or node.func not in module.functions:
            continue
        for callee in module.overloads.get(node.func) or (module.functions[node.func],):
            for param, arg in zip(callee.params, node.args):
                if by_reference(param) and not constant(param) and _root(arg) is not None:
                    names.add(_root(arg))
    return names


def constant(param: ir.Param) -> bool:
    """Whether a parameter is declared const (a reference the function cannot assign through)."""
    return "const" in param.ctype.replace("&", " ").replace("*", " ").split()


def expand_calls(module: ir.Module, fn: ir.Function) -> ir.Function:
    """`fn` with every call of a device function that returns nothing, or takes a reference, written in place."""
    names = itertools.count()
    body = _statements(module, fn.body, names, 0, frozenset({fn.name}))
    return fn if body == fn.body else dataclasses.replace(fn, body=body)


def _target(module: ir.Module, call: ir.Call, statement: bool) -> tuple[ir.Function, ir.Call] | None:
    """The device function `call` calls and the call, when it is written in place: a call that returns nothing,
    or one that takes a reference (a pointer given `&x` and read only as `*p` is one: see _pointed)."""
    callee = resolve(module, call)
    if not isinstance(callee, ir.Function) or not callee.body:
        return None
    callee, call = _pointed(callee, call)
    if statement or any(by_reference(p) for p in callee.params) or _vectors(module, callee):
        return callee, call
    return None


def _vectors(module: ir.Module, callee: ir.Function) -> bool:
    """Whether `callee` takes a vector or a structure of one scalar type (by value or through a pointer), or
    returns one: lanes the lowering reads only as its kernel's own variables."""
    types = set(builtins().vectors or {}) | set(module.records)
    return any(_type_name(t) in types for t in [p.ctype for p in callee.params] + [callee.rtype])


def _type_name(ctype: str) -> str:
    return " ".join(w for w in ctype.replace("*", " ").replace("&", " ").split()
                    if w not in ("const", "volatile", "__restrict__", "struct", "static", "inline", "__inline__",
                                 "__forceinline__", "__device__", "__host__"))


def _pointed(callee: ir.Function, call: ir.Call) -> tuple[ir.Function, ir.Call]:
    """`callee` and `call` with each pointer parameter that is given the address of a variable or element
    (`next(&seed)`) and used in the body only as `*p` turned into a reference to it, as a C++ reference
    aliases it: `*p` reads and assigns the caller's `seed`. Unchanged where no parameter is of that kind."""
    params = list(callee.params)
    args = list(call.args)
    body = callee.body
    for position, (param, arg) in enumerate(zip(callee.params, call.args)):
        if not (param.pointer and isinstance(arg, ir.Un) and arg.op == "&" and _lvalue(arg.operand)):
            continue
        deref = ir.Index(ir.Name(param.name), (ir.Num(0),))
        if _count(body, deref) != _count(body, ir.Name(param.name)):
            continue  # the pointer itself is used: moved, compared or passed on
        body = ir.replaced(body, {deref: ir.Name(param.name)})
        ctype = param.ctype.replace("*", "", 1).strip() + " &"
        params[position] = dataclasses.replace(param, ctype=ctype, pointer=False)
        args[position] = arg.operand
    if body is callee.body:
        return callee, call
    return (dataclasses.replace(callee, params=tuple(params), body=body),
            dataclasses.replace(call, args=tuple(args)))


def _count(node, part) -> int:
    """How many times `part` occurs in `node` (statements, expressions or tuples of them)."""
    if node == part:
        return 1
    if isinstance(node, tuple):
        return sum(_count(v, part) for v in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return sum(_count(getattr(node, f.name), part) for f in dataclasses.fields(node))
    return 0


def _statements(module, stmts: tuple, names, depth: int, active: frozenset) -> tuple:
    out: list = []
    for stmt in stmts:
        out.extend(_statement(module, stmt, names, depth, active))
    return tuple(out)


def _statement(module, stmt, names, depth: int, active: frozenset) -> list:
    if isinstance(stmt, ir.If):
        before, test = _hoisted(module, stmt.test, names, depth, active)
        return before + [ir.If(test, _statements(module, stmt.then, names, depth, active),
                               _statements(module, stmt.orelse, names, depth, active))]
    if isinstance(stmt, ir.For):
        return [dataclasses.replace(stmt, init=_statements(module, stmt.init, names, depth, active),
                                    step=_statements(module, stmt.step, names, depth, active),
                                    body=_statements(module, stmt.body, names, depth, active))]
    if isinstance(stmt, ir.While):
        return [dataclasses.replace(stmt, body=_statements(module, stmt.body, names, depth, active))]
    if isinstance(stmt, ir.ExprStmt) and isinstance(stmt.expr, ir.Call):
        target = _target(module, stmt.expr, True)
        if target is not None:
            written = _written(module, *target, names, depth, active)
            if written is not None:
                return list(written[0])
        return [stmt]
    if isinstance(stmt, ir.Decl) and stmt.value is not None:
        before, value = _hoisted(module, stmt.value, names, depth, active)
        return before + [dataclasses.replace(stmt, value=value)]
    if isinstance(stmt, ir.Assign):
        before, value = _hoisted(module, stmt.value, names, depth, active)
        return before + [dataclasses.replace(stmt, value=value)]
    if isinstance(stmt, ir.Return) and stmt.value is not None:
        before, value = _hoisted(module, stmt.value, names, depth, active)
        return before + [ir.Return(value)]
    return [stmt]


def _hoisted(module, expr: ir.Expr, names, depth: int, active: frozenset) -> tuple[list, ir.Expr]:
    """The statements that compute the calls of `expr` that take references, and `expr` reading their results.
    Nothing is taken out where the rest of `expr` reads a variable such a call changes: C++ leaves unsequenced
    whether that read sees the old value or the new (`step(s) + s`)."""
    before: list = []
    changed: set[str] = set()

    def visit(node):
        if isinstance(node, ir.Bin) and node.op in ("&&", "||"):
            return dataclasses.replace(node, left=visit(node.left))  # the right side may not run
        if isinstance(node, ir.Cond):
            return dataclasses.replace(node, test=visit(node.test))
        if isinstance(node, ir.Call):
            node = dataclasses.replace(node, args=tuple(visit(a) for a in node.args))
            target = _target(module, node, False)
            if target is not None and target[0].rtype.strip() not in ("", "void"):
                callee, call = target
                written = _written(module, callee, call, names, depth, active)
                if written is not None:
                    stmts, result = written
                    changed.update(_changes(callee, call))
                    held = f"_{_ident(callee.name)}_{next(names)}"
                    before.extend(stmts)
                    before.append(ir.Decl(held, _plain(callee.rtype), result))
                    return ir.Name(held)
            return node
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            parts = {f.name: visit_field(getattr(node, f.name)) for f in dataclasses.fields(node)}
            return dataclasses.replace(node, **parts)
        return node

    def visit_field(value):
        if isinstance(value, tuple):
            return tuple(visit_field(v) for v in value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return visit(value)
        return value

    result = visit(expr)
    if ir.names_in(result) & changed:
        return [], expr
    return before, result


def _ident(name: str) -> str:
    """A function's name as part of a local's (`operator-` gives `operator_`)."""
    return re.sub(r"\W", "_", name)


def _plain(ctype: str) -> str:
    """A return type as a local's type: without `static`, `inline` or `__forceinline__`."""
    words = [w for w in ctype.split() if w not in ("static", "inline", "__inline__", "__forceinline__",
                                                   "__device__", "__host__")]
    return " ".join(words)


def _written(module, callee: ir.Function, call: ir.Call, names, depth: int,
             active: frozenset) -> tuple[tuple, ir.Expr | None] | None:
    """(the statements that do what `call` does, the expression of its value), or None where it must stay."""
    if depth >= DEPTH_LIMIT or callee.name in active or len(call.args) > len(callee.params):
        return None
    body = callee.body
    result = None
    if body and isinstance(body[-1], ir.Return):
        result, body = body[-1].value, body[:-1]
    if any(isinstance(s, ir.Return) for s in ir.statements_in(body)):
        return None  # returns before its end: the rest of the body would need a mask
    if callee.rtype.strip() not in ("", "void") and result is None:
        return None
    mapping: dict[str, ir.Expr] = {}
    if callee.tparams:
        if len(call.targs) != len(callee.tparams):
            return None
        for name, text in zip(callee.tparams, call.targs):
            text = text.strip()
            if text in ("true", "false"):
                mapping[name] = ir.Num(int(text == "true"))
            elif text.lstrip("-").isdigit():
                mapping[name] = ir.Num(int(text))
            else:
                return None
    tag = f"_{_ident(callee.name)}_{next(names)}_"
    assigned = _assigned_names(body)
    prologue: list = []
    references: dict[str, ir.Expr] = {}
    args: list[ir.Expr] = []
    for position, param in enumerate(callee.params):
        arg = call.args[position] if position < len(call.args) else param.default
        if arg is None:
            return None
        args.append(arg)
        if by_reference(param):
            if not _lvalue(arg):
                return None
            references[param.name] = arg
            mapping[param.name] = arg
    # What the callee changes through its references: a reference's lvalue must mean the same element all through
    # the body, and an argument used in place must keep its value, so neither may read such a name.
    changed = {_root(arg) for name, arg in references.items() if name in assigned}
    for arg in references.values():
        if isinstance(arg, ir.Index) and ir.names_in(arg.indices) & changed:
            return None
    for param, arg in zip(callee.params, args):
        if by_reference(param):
            continue
        if param.name not in assigned and _plain_value(arg) and not ir.names_in(arg) & changed:
            mapping[param.name] = arg
        else:
            local = tag + param.name
            ctype = param.ctype + (" *" if param.pointer and "*" not in param.ctype else "")
            prologue.append(ir.Decl(local, ctype, arg))
            mapping[param.name] = ir.Name(local)
    for name in _declared(body):
        if name in mapping:
            return None  # a local hiding a parameter
        mapping[name] = ir.Name(tag + name)
    renamed = tuple(_rename(s, mapping) for s in body)
    inner = _statements(module, renamed, names, depth + 1, active | {callee.name})
    value = _rename(result, mapping) if result is not None else None
    if value is not None:
        hoist, value = _hoisted(module, value, names, depth + 1, active | {callee.name})
        inner = inner + tuple(hoist)
    # an argument's own calls are written before the local it is given to, as C evaluates them before the call
    prologue = list(_statements(module, tuple(prologue), names, depth + 1, active | {callee.name}))
    return tuple(prologue) + inner, value


def _changes(callee: ir.Function, call: ir.Call) -> set[str]:
    """The caller's variables `call` assigns through the references `callee` takes."""
    assigned = _assigned_names(callee.body)
    return {_root(arg) for param, arg in zip(callee.params, call.args)
            if by_reference(param) and param.name in assigned} - {None}


def _assigned_names(stmts: tuple) -> set[str]:
    return {_root(s.target) for s in ir.statements_in(stmts) if isinstance(s, ir.Assign) and isinstance(s.target, ir.Name)}


def _declared(stmts: tuple) -> list[str]:
    return sorted({s.name for s in ir.statements_in(stmts) if isinstance(s, ir.Decl)})


def _root(expr: ir.Expr) -> str | None:
    while isinstance(expr, ir.Index):
        expr = expr.base
    return expr.id if isinstance(expr, ir.Name) else None


def _lvalue(expr: ir.Expr) -> bool:
    """A variable, or an element of one whose indices read no memory and call nothing."""
    if isinstance(expr, ir.Name):
        return True
    if isinstance(expr, ir.Index):
        return _lvalue(expr.base) and all(_plain_value(i) for i in expr.indices)
    return False


def _plain_value(expr: ir.Expr) -> bool:
    """Names, numbers, thread indices and arithmetic, casts and conditionals over them: no memory read, no call."""
    if isinstance(expr, (ir.Name, ir.Num, ir.Builtin)):
        return True
    if isinstance(expr, ir.Bin):
        return _plain_value(expr.left) and _plain_value(expr.right)
    if isinstance(expr, ir.Un):
        return expr.op not in ("*", "&", "++", "--") and _plain_value(expr.operand)
    if isinstance(expr, ir.Cast):
        return _plain_value(expr.operand)
    if isinstance(expr, ir.Cond):
        return _plain_value(expr.test) and _plain_value(expr.body) and _plain_value(expr.orelse)
    return False


def _rename(node, mapping: dict[str, ir.Expr]):
    """`node` with each name of `mapping` replaced, in expressions, assignment targets and declarations."""
    if isinstance(node, ir.Name):
        return mapping.get(node.id, node)
    if isinstance(node, ir.Decl):
        new = mapping.get(node.name)
        node = dataclasses.replace(node, name=new.id if isinstance(new, ir.Name) else node.name)
        return dataclasses.replace(node, **{f: _rename(getattr(node, f), mapping)
                                            for f in ("value", "shared", "local", "init")})
    if isinstance(node, tuple):
        return tuple(_rename(v, mapping) for v in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return dataclasses.replace(node, **{f.name: _rename(getattr(node, f.name), mapping)
                                            for f in dataclasses.fields(node)})
    return node
