"""Matrix products: a naive or shared-memory tiled SIMT product becomes a tl.dot accumulation over K blocks."""

from __future__ import annotations


from . import ir
from .tileir import Rejected, TAssign, TFor, TileKernel
from .values import (
    Context,
    Val,
    _and,
    _const_int,
    _initial_env,
    _note_bound,
    data,
    evaluate,
    index_prologue,
    statement,
)


def _product(value: ir.Expr) -> tuple[ir.Expr, ir.Expr] | None:
    if isinstance(value, ir.Bin) and value.op == "*":
        return value.left, value.right
    return None


def _conjuncts(expr: ir.Expr | None) -> list[ir.Expr]:
    if expr is None:
        return []
    if isinstance(expr, ir.Bin) and expr.op in ("&&", "&"):
        return _conjuncts(expr.left) + _conjuncts(expr.right)
    return [expr]


def lower_matmul(module: ir.Module, fn: ir.Function) -> TileKernel:
    """C[row, col] = f(sum_k X(row, k) * Y(k, col)) with row/col the 2-D global indices."""
    defs: dict[str, ir.Expr] = {}
    shared_stores: dict[str, tuple[tuple[ir.Expr, ...], ir.Expr]] = {}
    acc_name = None
    acc_init = None
    operands = None
    epilogue: list = []
    guard = None

    def visit(stmts: tuple, loops: list) -> None:
        nonlocal acc_name, acc_init, operands, guard
        for stmt in stmts:
            if isinstance(stmt, ir.Sync):
                continue
            if isinstance(stmt, ir.Decl):
                if stmt.shared is not None:
                    continue
                if stmt.value is None:
                    raise Rejected(f"{stmt.name} declared without a value")
                if acc_name is None and isinstance(stmt.value, ir.Num) and not loops:
                    if "float" in stmt.ctype or stmt.value.is_float:
                        acc_name, acc_init = stmt.name, stmt.value
                        continue
                defs[stmt.name] = stmt.value
                continue
            if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Name) and stmt.target.id == acc_name:
                if not loops or stmt.op != "+=" or _product(stmt.value) is None:
                    raise Rejected("an accumulator that is not a sum of products")
                if operands is not None:
                    raise Rejected("two products into one accumulator")
                operands = (_product(stmt.value), list(loops))
                continue
            if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Index) and isinstance(
                stmt.target.base, ir.Name
            ) and stmt.target.base.id not in [p.name for p in fn.params]:
                shared_stores[stmt.target.base.id] = (stmt.target.indices, stmt.value)
                continue
            if isinstance(stmt, ir.For):
                parts = _parts(stmt)
                visit(stmt.body, loops + [parts])
                continue
            if isinstance(stmt, ir.If) and not loops and operands is None and guard is None and not stmt.orelse:
                guard = stmt.test
                visit(stmt.then, loops)
                continue
            if isinstance(stmt, ir.Assign) and not loops and operands is not None:
                epilogue.append(stmt)
                continue
            if isinstance(stmt, ir.If) and not loops and operands is not None:
                guard = stmt.test
                epilogue.extend(stmt.then)
                continue
            if isinstance(stmt, (ir.Assign, ir.If)) and not loops and operands is not None:
                epilogue.append(stmt)
                continue
            raise Rejected("a statement outside the matrix-product pattern")

    def _parts(stmt: ir.For):
        if len(stmt.init) != 1 or not isinstance(stmt.init[0], ir.Decl) or not isinstance(stmt.test, ir.Bin):
            raise Rejected("a loop that is not a counted loop")
        var = stmt.init[0].name
        if stmt.test.op != "<" or stmt.test.left != ir.Name(var):
            raise Rejected("a loop that is not a counted loop")
        return var, stmt.init[0].value, stmt.test.right

    visit(fn.body, [])
    if operands is None or acc_name is None:
        raise Rejected("no sum-of-products accumulator")
    (left, right), loops = operands
    inner_var = loops[-1][0]

    def resolve(operand: ir.Expr) -> ir.Expr:
        # A read of a shared tile is the value the owning thread stored: substitute the store's indices.
        if isinstance(operand, ir.Index) and isinstance(operand.base, ir.Name) and operand.base.id in shared_stores:
            indices, value = shared_stores[operand.base.id]
            mapping = {}
            for store_index, read_index in zip(indices, operand.indices):
                store_index = ir.substituted(store_index, defs)
                if not isinstance(store_index, ir.Builtin):
                    raise Rejected("a shared tile stored at a computed index")
                mapping[store_index] = ir.substituted(read_index, defs)
            return ir.replaced(ir.substituted(value, defs), mapping)
        return ir.substituted(operand, defs)

    x_expr, y_expr = resolve(left), resolve(right)
    ctx = Context(module, fn, "elementwise", env=_initial_env(fn))
    ctx.dims = 2
    for name, value in defs.items():
        try:
            val = evaluate(ctx, ir.substituted(value, defs))
        except Rejected:
            continue
        if val.kind == "T":
            ctx.env[name] = val
    if guard is not None:
        _note_bound(ctx, ir.substituted(guard, defs))
    if "x" not in ctx.bounds or "y" not in ctx.bounds:
        raise Rejected("no bounds guard on the output row and column")
    out: list = index_prologue(["x", "y"])
    out.append(TAssign("acc", ir.Call("tl.zeros", (ir.Text("[BLOCK_Y, BLOCK_X]"), ir.Text("tl.float32")))))
    guard_parts = _conjuncts(ir.substituted(guard, defs)) if guard is not None else []

    def operand(expr: ir.Expr, k_value: ir.Expr, k_bound: ir.Expr | None, skip: str) -> ir.Expr:
        ctx.env[inner_var] = Val("V", k_value)
        pred = None
        for part in guard_parts:
            val = data(ctx, evaluate(ctx, part))
            if f"offs_{skip}" not in repr(val.expr):
                pred = _and(pred, val.expr)
        if k_bound is not None:
            pred = _and(pred, ir.Bin("<", k_value, k_bound))
        ctx.pred = pred
        val = data(ctx, evaluate(ctx, expr))
        ctx.pred = None
        return val.expr

    inner_start, inner_bound = loops[-1][1], loops[-1][2]
    const_inner = isinstance(inner_start, ir.Num) and inner_start.value == 0 and _const(ctx, inner_bound)
    body: list = []
    if const_inner:
        block_k = ir.Num(_const(ctx, inner_bound))
        krow = ir.Index(ir.Call("tl.arange", (ir.Num(0), block_k)), (ir.NoneConst(), ir.Slice()))
        kcol = ir.Index(ir.Call("tl.arange", (ir.Num(0), block_k)), (ir.Slice(), ir.NoneConst()))
        k_bound = None
    else:
        block_k = ir.Name("BLOCK_K")
        kstart = ir.Name("k_start")
        krow = ir.Bin("+", kstart, ir.Index(ir.Call("tl.arange", (ir.Num(0), block_k)), (ir.NoneConst(), ir.Slice())))
        kcol = ir.Bin("+", kstart, ir.Index(ir.Call("tl.arange", (ir.Num(0), block_k)), (ir.Slice(), ir.NoneConst())))
        k_bound = data(ctx, evaluate(ctx, inner_bound)).expr
    outer = loops[:-1]
    for var, _, _ in outer:
        ctx.env[var] = Val("U", ir.Name(var))
    # Operand tiles named apart from the kernel's parameters (Numba kernels often call their matrices a and b).
    taken = {n for p in fn.params for n in p.names}
    left_name = next(n for n in ("a", "tile_a", "a_blk") if n not in taken)
    right_name = next(n for n in ("b", "tile_b", "b_blk") if n not in taken)
    body.append(TAssign(left_name, operand(x_expr, krow, k_bound, "x")))
    body.append(TAssign(right_name, operand(y_expr, kcol, k_bound, "y")))
    dot = ir.Call("tl.dot", (ir.Name(left_name), ir.Name(right_name)), kwargs=(("input_precision", ir.Text('"ieee"')),))
    body.append(TAssign("acc", ir.Bin("+", ir.Name("acc"), dot)))
    inner_stmt: tuple = tuple(body)
    if not const_inner:
        inner_stmt = (TFor("k_start", ir.Num(0), k_bound, block_k, inner_stmt),)
    for var, start, bound in reversed(outer):
        start_v = data(ctx, evaluate(ctx, start)).expr
        bound_v = data(ctx, evaluate(ctx, ir.substituted(bound, defs))).expr
        inner_stmt = (TFor(var, start_v, bound_v, ir.Num(1), inner_stmt),)
    out.extend(inner_stmt)
    if acc_init is not None and float(acc_init.value) != 0.0:
        out.append(TAssign("acc", ir.Bin("+", ir.Name("acc"), acc_init)))
    ctx.env.pop(inner_var, None)
    ctx.env[acc_name] = Val("V", ir.Name("acc"), is_float=True)
    ctx.pred = data(ctx, evaluate(ctx, ir.substituted(guard, defs))).expr if guard is not None else None
    ctx.out = []
    for stmt in epilogue:
        statement(ctx, stmt)
    out.extend(ctx.out)
    blocks = {"BLOCK_X": ir.Num(64), "BLOCK_Y": ir.Num(64)}
    if not const_inner:
        blocks["BLOCK_K"] = ir.Num(32)
    grid = (
        ir.Call("triton.cdiv", (ctx.bounds["x"], ir.Name("BLOCK_X"))),
        ir.Call("triton.cdiv", (ctx.bounds["y"], ir.Name("BLOCK_Y"))),
    )
    if ctx.nulls:
        raise Rejected(f"a matrix product that tests {next(iter(ctx.nulls))} for null")
    what = "shared-memory tiled" if shared_stores else "naive"
    return TileKernel(fn.name, "matmul", fn.params, tuple(out), frozenset(ctx.helpers), tuple(blocks), grid,
                      blocks, f"matrix product ({what}) onto tl.dot", symbols=tuple(ctx.symbols.values()))


def _const(ctx: Context, expr: ir.Expr) -> int | None:
    return _const_int(ctx, expr)
