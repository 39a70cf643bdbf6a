"""Rendering lowered kernels through templates/tile/: prepared text values in, module source out."""

from __future__ import annotations

from dataclasses import dataclass

from ..templating import render_template
from . import ir
from .lower import TAssign, TFor, TIf, TileKernel, TStore
from .printer import code


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
        elif isinstance(s, TFor):
            out.append({"kind": "for", "var": s.var, "start": code(s.start), "stop": code(s.stop),
                        "step": code(s.step), "body": _statements(s.body)})
        elif isinstance(s, TIf):
            out.append({"kind": "if", "test": code(s.test), "body": _statements(s.body)})
    return out


def _argument(param: ir.Param) -> str:
    """How the launcher passes one original argument on to the tile kernel."""
    if param.pointer:
        return param.name
    base = param.ctype.replace("const", "").strip()
    if base in ("float", "double", "float32", "float64", "scalar_t", "T"):
        return f"float({param.name})"
    return f"int({param.name})"


def kernel_context(kernel: TileKernel, origin: str) -> dict:
    params = [p.name for p in kernel.params]
    constexprs = [f"{name}: tl.constexpr" for name in kernel.constexprs]
    return {
        "name": kernel.name,
        "summary": kernel.summary,
        "origin": origin,
        "signature": ", ".join(params + constexprs),
        "params": params,
        "call_args": [_argument(p) for p in kernel.params],
        "body": _statements(kernel.body),
        "blocks": [(name, code(value)) for name, value in kernel.blocks.items()],
        "grid": [code(g) for g in kernel.grid],
    }


def render_module(kernels: list[TileKernel], origin: str) -> str:
    """A Python module holding every tile kernel of one source and its launchers."""
    helpers = sorted({h for k in kernels for h in k.helpers})
    return render_template(
        "tile/module.py.j2",
        origin=origin,
        helpers=helpers,
        kernels=[kernel_context(k, origin) for k in kernels],
    )
