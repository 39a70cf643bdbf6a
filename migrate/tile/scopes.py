"""Loop variables that hide a variable of the same name (`for (int i = 0; ...)` where an outer `i` exists), renamed.

A tile program has one name per variable, so `for (int i ...)` inside a kernel whose `i` is the thread's index
would give both one name. The loop's own variable is renamed through the loop (its test, step and body), which
is what C's scoping already means: the outer variable is untouched and visible again after the loop."""

from __future__ import annotations

import dataclasses

from . import ir
from .calls import _rename


def unshadow(fn: ir.Function) -> ir.Function:
    """`fn` with each loop variable that hides an earlier name renamed to a fresh one."""
    taken = ir.names_in(fn.body) | {p.name for p in fn.params} | _declared_all(fn.body)
    seen = {p.name for p in fn.params}
    body = _walk(fn.body, seen, taken)
    return fn if body == fn.body else dataclasses.replace(fn, body=body)


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


def _walk(stmts: tuple, seen: set[str], taken: set[str]) -> tuple:
    out = []
    for stmt in stmts:
        if isinstance(stmt, ir.For):
            hiding = {d.name for d in stmt.init if isinstance(d, ir.Decl) and d.name in seen}
            if hiding:
                mapping = {}
                for name in sorted(hiding):
                    k = 1
                    while f"{name}_{k}" in taken:
                        k += 1
                    taken.add(f"{name}_{k}")
                    mapping[name] = ir.Name(f"{name}_{k}")
                stmt = _rename(stmt, mapping)
            inner = set(seen) | {d.name for d in stmt.init if isinstance(d, ir.Decl)}
            stmt = dataclasses.replace(stmt, body=_walk(stmt.body, inner, taken))
            out.append(stmt)
            continue
        if isinstance(stmt, ir.Decl):
            seen.add(stmt.name)
        if isinstance(stmt, ir.If):
            stmt = dataclasses.replace(stmt, then=_walk(stmt.then, seen, taken), orelse=_walk(stmt.orelse, seen, taken))
        elif isinstance(stmt, ir.While):
            stmt = dataclasses.replace(stmt, body=_walk(stmt.body, seen, taken))
        out.append(stmt)
    return tuple(out)
