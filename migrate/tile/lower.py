"""Lowering one kernel of the IR into a tile program: element-wise maps, group reductions, matrix products."""

from __future__ import annotations

import dataclasses
import re

from . import ir
from .calls import expand_calls
from .groups import block_groups
from .instances import GENERIC_TPARAMS, base_of
from .matmul import lower_matmul
from .operators import operator_calls
from .primitives import block_primitives
from .scopes import unshadow
from .symbols import with_symbols
from .tileir import NULL_FLAG, Rejected, TAssign, TAtomic, TFor, TIf, TileKernel, TStore, TWhile
from .values import (
    LANES,
    Context,
    _calls,
    _initial_env,
    _uses,
    block_env,
    block_prologue,
    index_prologue,
    program_rows,
    unsigned_entry,
    walk,
)
from .vectors import lanes_of

__all__ = ["Rejected", "TileKernel", "lower"]



def lower(module: ir.Module, fn: ir.Function) -> TileKernel:
    """Lower `fn` to a tile kernel, or raise Rejected naming the construct that keeps it SIMT."""
    module, fn = with_symbols(module, fn)
    if fn.instances:
        return _python_named(_lower_instances(module, fn))
    kernel = _lower(module, fn)
    if fn.tconsts and kernel.kind == "matmul":
        raise Rejected(f"template parameter {fn.tconsts[0][0]} launched as several numbers in a matrix product")
    entry = unsigned_entry(kernel.params)
    if entry:
        kernel = dataclasses.replace(kernel, body=entry + kernel.body)
    if fn.tconsts:
        kernel = dataclasses.replace(kernel, template_consts=fn.tconsts, template_params=fn.instance_params)
    return _python_named(kernel)


def _python_named(kernel: TileKernel) -> TileKernel:
    """The kernel (and its instantiations) under a Python name: a member defined out of its namespace or class
    (`__global__ void Aig::fill(...)`) as `Aig_fill`."""
    if "::" not in kernel.name:
        return kernel
    return dataclasses.replace(kernel, name=kernel.name.replace("::", "_"), instances=tuple(
        dataclasses.replace(one, name=one.name.replace("::", "_")) for one in kernel.instances))


def _lower_instances(module: ir.Module, fn: ir.Function) -> TileKernel:
    """A template kernel launched at unlike element types: each instantiation lowered as a kernel of its own, named
    for its types (`k_int`, `k_float`), under a launcher of the original's name that picks one by the element
    types of the buffers `fn.dispatch`. One instantiation that stays SIMT keeps them all SIMT, with its reason: a
    launcher that failed at run time for a type the original launches would be worse than none."""
    varying = [base_of(next(p.ctype for p in fn.params if p.name == b)) for b in fn.dispatch]
    kernels: list[TileKernel] = []
    labels: list[str] = []
    for inst in fn.instances:
        given = dict(zip(inst.instance_params, inst.instance))
        types = [given[name] for name in varying]
        label = types[0] if len(types) == 1 else f"({', '.join(types)})"
        try:
            kernel = lower(module, inst)
        except Rejected as exc:
            raise Rejected(f"its instantiation at {_named(varying)} = {label}: {exc}") from exc
        slug = "_".join(re.sub(r"\W+", "_", t).strip("_") for t in types)
        kernels.append(dataclasses.replace(kernel, name=f"{fn.name}_{slug}"))
        labels.append(label)
    consts: dict[str, set[int]] = {}
    for kernel in kernels:
        for name, numbers in kernel.template_consts:
            consts.setdefault(name, set()).update(numbers)
    summary = " / ".join(dict.fromkeys(k.summary for k in kernels)) + \
        f"; one kernel per instantiation, {_named(varying)} = {', '.join(labels)}"
    symbols = {g.name: g for k in kernels for g in k.symbols}
    return TileKernel(fn.name, kernels[0].kind, fn.params, (), frozenset().union(*(k.helpers for k in kernels)), (),
                      (), {}, summary,
                      template_consts=tuple((name, tuple(sorted(n))) for name, n in consts.items()),
                      instances=tuple(kernels), dispatch=fn.dispatch, symbols=tuple(symbols.values()))


def _named(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"({', '.join(names)})"


def _lower(module: ir.Module, fn: ir.Function) -> TileKernel:
    if fn.unlowered:
        raise Rejected(fn.unlowered)
    if fn.tparams and any(t not in GENERIC_TPARAMS for t in fn.tparams):
        raise Rejected(f"template parameters {', '.join(fn.tparams)}")
    module, fn = operator_calls(module, fn)
    fn = lanes_of(module, unshadow(block_primitives(module, block_groups(expand_calls(module, fn)))))
    shared, shuffles, two_d = _uses(module, fn)
    rows = two_d and not shared and not shuffles and program_rows(module, fn)
    kinds = ["matmul"] if two_d else []
    kinds += ["reduction"] if shared or shuffles else ["elementwise", "reduction"]
    for kind in ["rows"] if rows else kinds:
        try:
            if kind == "rows":
                return _lower_as(module, fn, "elementwise", False, rows=True)
            return _lower_as(module, fn, kind, two_d)
        except Rejected:
            pass
    # The most general class last: it keeps every thread of a block as a lane, so what stops it stops them all,
    # and its reason is the one a finding names.
    return _lower_block(module, fn)


# The y extent of the original launch grid, in the launcher (1 for a 1-D grid).
GRID_Y = ir.Text("_dim(grid[1]) if isinstance(grid, (tuple, list)) and len(grid) > 1 else 1")


def _lower_as(module: ir.Module, fn: ir.Function, kind: str, two_d: bool, rows: bool = False) -> TileKernel:
    if kind == "matmul":
        return lower_matmul(module, fn)
    ctx = Context(module, fn, kind, env=_initial_env(fn))
    ctx.dims = 2 if two_d else 1
    ctx.program_rows = rows
    if two_d and kind == "reduction":
        raise Rejected("a reduction over 2-D thread blocks")
    walk(ctx, fn.body)
    if kind == "reduction" and ctx.faithful:
        # One lane per thread of the launch's block: walked again with the lanes past it (the block rounded up to
        # a power of two, as tl.arange needs) kept out of every load, store and reduction.
        ctx = Context(module, fn, kind, env=_initial_env(fn), lanes=True)
        walk(ctx, fn.body)
    if ctx.result is not None:
        raise Rejected("a kernel that returns a value")
    if kind == "elementwise":
        axes = ["x", "y"][: ctx.dims]
        missing = [a for a in axes if a not in ctx.bounds]
        if missing:
            raise Rejected(f"no bounds guard on the global index ({missing[0]})")
        if any(s.mask is None for s in _effects(ctx.out)):
            # `slack[i] -= m; if (i < k) flags[i] = 0;`: the grid sized from the guard would leave out the threads
            # past k, whose unguarded store the original makes
            raise Rejected("a store outside the bounds guard that would size the grid")
        prologue = index_prologue(axes)
        blocks = {"BLOCK_X": ir.Num(1024)} if ctx.dims == 1 else {"BLOCK_X": ir.Num(64), "BLOCK_Y": ir.Num(16)}
        # A guard's bound covers only the elements of threads the launch runs: a launch of fewer threads than the
        # bound leaves the rest alone (a grid-stride loop's bound covers every element, whatever the grid).
        caps = tuple((a, ctx.bounds[a]) for a in axes if a not in ctx.strided)
        grid = tuple(
            ir.Call("triton.cdiv", (
                ctx.bounds[a] if a in ctx.strided else ir.Call("min", (ctx.bounds[a], ir.Name(f"threads_{a}"))),
                ir.Name(f"BLOCK_{a.upper()}"),
            ))
            for a in axes
        )
        if rows:
            prologue.append(TAssign("pid_y", ir.Call("tl.program_id", (ir.Num(1),))))
            grid += (GRID_Y,)
        return _null_flags(ctx, TileKernel(fn.name, "elementwise", fn.params, tuple(prologue) + tuple(ctx.out),
                                           frozenset(ctx.helpers), tuple(blocks), grid, blocks,
                                           f"element-wise map over {ctx.dims}-D indices",
                                           symbols=tuple(ctx.symbols.values()), caps=caps))
    prologue = (TAssign("pid", ir.Call("tl.program_id", (ir.Num(0),))),)
    if ctx.lanes:
        prologue += (TAssign(LANES, ir.Bin("<", ir.Call("tl.arange", (ir.Num(0), ir.Name("BLOCK"))),
                                           ir.Name("THREADS"))),)
    if ctx.warp_group:
        grid = (ctx.rows if ctx.rows is not None else ir.Bin("*", ir.Name("grid0"), ir.Name("block0 // 32")),)
    elif ctx.faithful:
        grid = (ir.Name("grid0"),)
    else:
        grid = (ctx.rows if ctx.rows is not None else ir.Name("grid0"),)
    if ctx.faithful:
        block = ir.Name("block0")
    elif ctx.chunk_bound is not None:
        block = ir.Call("_block_for", (ctx.chunk_bound,))
    else:
        block = ir.Num(1024)
    blocks = {"BLOCK": block}
    if ctx.lanes:
        blocks = {"BLOCK": ir.Text("triton.next_power_of_2(block0)"), "THREADS": block}
    return _null_flags(ctx, TileKernel(
        fn.name, "reduction", fn.params, prologue + tuple(ctx.out), frozenset(ctx.helpers), tuple(blocks), grid,
        blocks, "block reduction per program" if ctx.faithful else "row reduction, one program per row",
        symbols=tuple(ctx.symbols.values()), sample=(("BLOCK", 256), ("THREADS", 256)) if ctx.lanes else (),
        checks=tuple(ctx.checks.items())))


def _null_flags(ctx, kernel: TileKernel) -> TileKernel:
    """`kernel` with a constexpr for each pointer parameter it tests for null (values.null_test): the launcher
    gives it `int(p is not None)`, and a compile check 1, the form that reads the buffer."""
    if not ctx.nulls:
        return kernel
    flags = {NULL_FLAG + name: ir.Text(f"int({name} is not None)") for name in ctx.nulls}
    return dataclasses.replace(kernel, constexprs=kernel.constexprs + tuple(flags), blocks=kernel.blocks | flags,
                               sample=kernel.sample + tuple((flag, 1) for flag in flags),
                               nulls=tuple(ctx.nulls.items()))


def _effects(stmts: tuple):
    """The stores and atomics among tile statements, those inside loops and ifs too."""
    for stmt in stmts:
        if isinstance(stmt, (TStore, TAtomic)):
            yield stmt
        elif isinstance(stmt, (TFor, TIf, TWhile)):
            yield from _effects(stmt.body)


def _lower_block(module: ir.Module, fn: ir.Function) -> TileKernel:
    """One program per thread block of the original launch, each of its threads a lane: shared arrays become rows of
    per-program scratch buffers and barriers `tl.debug_barrier()`, so the kernel keeps its own algorithm."""
    ctx = Context(module, fn, "block", env=_initial_env(fn) | block_env())
    walk(ctx, fn.body)
    if ctx.result is not None:
        raise Rejected("a kernel that returns a value")
    if ctx.scratch and not any(p.pointer for p in fn.params) and not ctx.symbols:
        raise Rejected("shared arrays in a kernel with no buffer argument to place their scratch beside")
    text = repr([fn.body] + [module.functions[n].body for n in sorted(_calls(module, fn))])
    dims = 3 if "axis='z'" in text else 2 if "axis='y'" in text else 1
    lanes = "triton.next_power_of_2(BDX * BDY * BDZ)"
    if ctx.warp_lanes:  # whole logical warps, each a row of the lanes
        lanes = f"max({ctx.warp_lanes}, {lanes})"
    blocks = {"BDX": ir.Text("_dims(block)[0]"), "BDY": ir.Text("_dims(block)[1]"),
              "BDZ": ir.Text("_dims(block)[2]"), "BLOCK": ir.Text(lanes)}
    grid = tuple(ir.Text(f"_dims(grid)[{axis}]") for axis in range(3))
    sample = (("BDX", 16), ("BDY", 16), ("BDZ", 1), ("BLOCK", 256)) if dims > 1 else \
        (("BDX", 256), ("BDY", 1), ("BDZ", 1), ("BLOCK", 256))
    scratch = sorted(ctx.scratch.values(), key=lambda s: s.dynamic)  # the dynamic one, whose count follows, last
    return _null_flags(ctx, TileKernel(
        fn.name, "block", fn.params, tuple(block_prologue()) + tuple(ctx.out), frozenset(ctx.helpers), tuple(blocks),
        grid, blocks, f"one program per thread block ({dims}-D blocks)", scratch=tuple(scratch), sample=sample,
        symbols=tuple(ctx.symbols.values())))
