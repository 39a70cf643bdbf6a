"""Names that hide a variable of the same name, renamed: loop variables (`for (int i = 0; ...)` where an outer `i`
exists) and locals declared in a nested block (`if (c) { float x = ...; }` under an outer `x`).

A tile program has one name per variable, so `for (int i ...)` inside a kernel whose `i` is the thread's index
would give both one name. The inner variable is renamed through its scope (a loop's test, step and body; the rest
of a block), which is what C's scoping already means: the outer variable is untouched and visible again after."""

from __future__ import annotations

import dataclasses

from . import ir
from .calls import _rename
from .tileir import Rejected


def unshadow(fn: ir.Function) -> ir.Function:
    """`fn` with each variable that hides an earlier name renamed to a fresh one."""
    taken = ir.names_in(fn.body) | {p.name for p in fn.params} | _declared_all(fn.body)
    params = frozenset(p.name for p in fn.params)
    body = _walk(fn.body, params, set(params), taken)
    return fn if body == fn.body else dataclasses.replace(fn, body=body)


def renamed_declarations(stmts: tuple, names: set[str], taken: set[str]) -> tuple:
    """`stmts` (a loop's body) with each variable they declare by one of `names` renamed through its scope: the
    tile program still has a variable of that name from before the loop (a loop variable of an earlier loop), which
    Triton would carry through the loop as if it were the same."""
    names = names & _declared_all(stmts)
    if not names:
        return stmts
    return _walk(stmts, frozenset(names), set(names), taken | names)


def _declared_all(stmts) -> set[str]:
    found = set()
    for stmt in stmts:
        if isinstance(stmt, ir.Decl):
            found.add(stmt.name)
        for attr in ("then", "orelse", "body", "init", "step"):
            inner = getattr(stmt, attr, None)
            if isinstance(inner, tuple):
                found |= _declared_all(inner)
    return found


def _fresh(name: str, taken: set[str]) -> ir.Name:
    k = 1
    while f"{name}_{k}" in taken:
        k += 1
    taken.add(f"{name}_{k}")
    return ir.Name(f"{name}_{k}")


def _walk(stmts: tuple, outer: frozenset[str], seen: set[str], taken: set[str]) -> tuple:
    """`stmts`, a block whose enclosing scopes declare `outer`; `seen` holds every name the lowering has bound on
    reaching it (a local declared in a branch or a loop's body stays bound after it; a loop's own variable not)."""
    stmts = list(stmts)
    local: set[str] = set()
    out = []
    for j in range(len(stmts)):
        stmt = stmts[j]
        if isinstance(stmt, ir.Decl) and stmt.name in outer:
            if ir.Name(stmt.name) in set(ir.nodes((stmt.value, stmt.init))):
                # C reads the new variable there, which has no value yet, not the outer one
                raise Rejected(f"a local {stmt.name} that hides another and is initialised from its own name")
            # a declaration in a nested block that hides an outer variable: renamed to the end of its block
            stmts[j:] = _rename(tuple(stmts[j:]), {stmt.name: _fresh(stmt.name, taken)})
            stmt = stmts[j]
        visible = outer | local
        if isinstance(stmt, ir.For):
            hiding = {d.name for d in stmt.init if isinstance(d, ir.Decl) and d.name in seen}
            if hiding:
                stmt = _rename(stmt, {name: _fresh(name, taken) for name in sorted(hiding)})
            own = {d.name for d in stmt.init if isinstance(d, ir.Decl)}
            seen |= own
            stmt = dataclasses.replace(stmt, body=_walk(stmt.body, visible | own, seen, taken))
            seen -= own
            out.append(stmt)
            continue
        if isinstance(stmt, ir.Decl):
            seen.add(stmt.name)
            local.add(stmt.name)
        if isinstance(stmt, ir.If) and stmt.test == ir.Num(1) and not stmt.orelse:
            # a nested `{ ... }` block (cuda_front keeps one that declares apart): its names renamed, it is
            # spliced back into its block
            out.extend(_walk(stmt.then, visible, seen, taken))
            continue
        if isinstance(stmt, ir.If):
            stmt = dataclasses.replace(stmt, then=_walk(stmt.then, visible, seen, taken),
                                       orelse=_walk(stmt.orelse, visible, seen, taken))
        elif isinstance(stmt, ir.While):
            stmt = dataclasses.replace(stmt, body=_walk(stmt.body, visible, seen, taken))
        out.append(stmt)
    return tuple(out)
