"""Reading Numba `@cuda.jit` kernels from Python's `ast` into the kernel IR (the CUDA front end's counterpart)."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from . import ir
from .cuda_front import Unreadable

BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "/", ast.Mod: "%",
          ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>"}
COMPARE = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}
MATH = {"exp": "expf", "log": "logf", "sqrt": "sqrtf", "sin": "sinf", "cos": "cosf", "tanh": "tanhf",
        "fabs": "fabsf", "floor": "floorf", "ceil": "ceilf", "erf": "erff"}
CASTS = {"float32": "float", "float64": "double", "int32": "int", "int64": "long", "float": "float", "int": "int"}
ATOMICS = {"add": "atomicAdd", "max": "atomicMax", "min": "atomicMin", "sub": "atomicSub", "exch": "atomicExch",
           "compare_and_swap": "atomicCAS"}


@dataclass(frozen=True)
class NumbaKernel:
    """One `@cuda.jit` function: its IR, the original parameters, and the size arguments the launcher adds
    (name, array, dimension or None for the element count)."""

    function: ir.Function
    originals: tuple[str, ...]
    extras: tuple[tuple[str, str, int | None], ...]
    start: int  # first line (the decorator), 1-based
    end: int


def _is_cuda_jit(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return ast.unparse(target) in ("cuda.jit", "numba.cuda.jit")


def module_constants(tree: ast.Module) -> dict[str, ir.Expr]:
    found = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            if isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, (int, float)):
                value = stmt.value.value
                found[stmt.targets[0].id] = ir.Num(value, isinstance(value, float))
    return found


class Reader:
    def __init__(self, fn: ast.FunctionDef) -> None:
        self.params = [a.arg for a in fn.args.args]
        self.arrays: dict[str, int] = {}
        self.extras: dict[str, tuple[str, int | None]] = {}
        self.declared: set[str] = set(self.params)
        self.ints: set[str] = set()
        for node in ast.walk(fn):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in self.params:
                dims = len(node.slice.elts) if isinstance(node.slice, ast.Tuple) else 1
                self.arrays[node.value.id] = max(self.arrays.get(node.value.id, 0), dims)
                for index in ast.walk(node.slice):
                    if isinstance(index, ast.Name):
                        self.ints.add(index.id)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.attr in ("size", "shape"):
                self.arrays.setdefault(node.value.id, 1)

    def _extra(self, array: str, dim: int | None) -> ir.Name:
        name = f"{array}_size" if dim is None else f"{array}_shape{dim}"
        self.extras[name] = (array, dim)
        return ir.Name(name)

    # -- expressions -------------------------------------------------------------------------------------------

    def expr(self, node: ast.expr) -> ir.Expr:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool):
                return ir.Num(int(node.value))
            if isinstance(node.value, (int, float)):
                return ir.Num(node.value, isinstance(node.value, float))
            raise Unreadable(f"the constant {node.value!r}")
        if isinstance(node, ast.Name):
            return ir.Name(node.id)
        if isinstance(node, ast.BinOp) and type(node.op) in BINOPS:
            return ir.Bin(BINOPS[type(node.op)], self.expr(node.left), self.expr(node.right))
        if isinstance(node, ast.UnaryOp):
            op = {ast.USub: "-", ast.Not: "!", ast.Invert: "~", ast.UAdd: "+"}[type(node.op)]
            inner = self.expr(node.operand)
            return inner if op == "+" else ir.Un(op, inner)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in COMPARE:
            return ir.Bin(COMPARE[type(node.ops[0])], self.expr(node.left), self.expr(node.comparators[0]))
        if isinstance(node, ast.BoolOp):
            op = "&&" if isinstance(node.op, ast.And) else "||"
            out = self.expr(node.values[0])
            for value in node.values[1:]:
                out = ir.Bin(op, out, self.expr(value))
            return out
        if isinstance(node, ast.IfExp):
            return ir.Cond(self.expr(node.test), self.expr(node.body), self.expr(node.orelse))
        if isinstance(node, ast.Attribute):
            return self._attribute(node)
        if isinstance(node, ast.Subscript):
            return self._subscript(node)
        if isinstance(node, ast.Call):
            return self._call(node)
        raise Unreadable(f"the expression {ast.unparse(node)}")

    def _attribute(self, node: ast.Attribute) -> ir.Expr:
        text = ast.unparse(node)
        parts = text.split(".")
        if len(parts) == 3 and parts[0] == "cuda" and parts[1] in ("threadIdx", "blockIdx", "blockDim", "gridDim"):
            return ir.Builtin(parts[1], parts[2])
        if isinstance(node.value, ast.Name) and node.value.id in self.arrays and node.attr == "size":
            return self._extra(node.value.id, None)
        raise Unreadable(f"the attribute {text}")

    def _subscript(self, node: ast.Subscript) -> ir.Expr:
        base = node.value
        indices = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if isinstance(base, ast.Attribute) and base.attr == "shape" and isinstance(base.value, ast.Name):
            if len(indices) == 1 and isinstance(indices[0], ast.Constant):
                return self._extra(base.value.id, indices[0].value)
            raise Unreadable(f"the shape index {ast.unparse(node)}")
        if not isinstance(base, ast.Name):
            raise Unreadable(f"the subscript {ast.unparse(node)}")
        values = [self.expr(i) for i in indices]
        if base.id in self.params and len(values) > 1:
            # A C-ordered array: row-major offset from the trailing dimensions.
            flat = values[0]
            for dim, value in enumerate(values[1:], start=1):
                flat = ir.Bin("+", ir.Bin("*", flat, self._extra(base.id, dim)), value)
            return ir.Index(ir.Name(base.id), (flat,))
        return ir.Index(ir.Name(base.id), tuple(values))

    def _call(self, node: ast.Call) -> ir.Expr:
        func = ast.unparse(node.func)
        args = node.args
        if func in ("cuda.grid", "cuda.gridsize"):
            axes = ["x", "y", "z"][: args[0].value if args and isinstance(args[0], ast.Constant) else 1]
            values = [self._grid(a, func == "cuda.grid") for a in axes]
            return values[0] if len(values) == 1 else ir.Call("(tuple)", tuple(values))
        name = func.split(".")[-1]
        if func.startswith("cuda.atomic."):
            return ir.Call(ATOMICS.get(name, "atomic" + name))
        if name in CASTS and len(args) == 1 and func in (name, f"numba.{name}", f"np.{name}"):
            return ir.Cast(CASTS[name], self.expr(args[0]))
        if func.startswith("math.") and name in MATH:
            return ir.Call(MATH[name], tuple(self.expr(a) for a in args))
        if func in ("min", "max", "abs"):
            return ir.Call(func, tuple(self.expr(a) for a in args))
        raise Unreadable(f"the call {func}()")

    @staticmethod
    def _grid(axis: str, grid: bool) -> ir.Expr:
        if grid:
            return ir.Bin("+", ir.Bin("*", ir.Builtin("blockIdx", axis), ir.Builtin("blockDim", axis)),
                          ir.Builtin("threadIdx", axis))
        return ir.Bin("*", ir.Builtin("blockDim", axis), ir.Builtin("gridDim", axis))

    # -- statements --------------------------------------------------------------------------------------------

    def block(self, stmts: list[ast.stmt]) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        for stmt in stmts:
            try:
                out.extend(self.statement(stmt))
            except Unreadable as exc:
                out.append(ir.Unsupported(str(exc), stmt.lineno))
        return tuple(out)

    def _bind(self, name: str, value: ir.Expr) -> ir.Stmt:
        if name in self.declared:
            return ir.Assign(ir.Name(name), "=", value)
        self.declared.add(name)
        if isinstance(value, ir.Cast) and isinstance(value.operand, ir.Num) and value.ctype in ("float", "double"):
            return ir.Decl(name, value.ctype, ir.Num(float(value.operand.value), True))
        floating = "is_float=True" in repr(value) or "ctype='float'" in repr(value)
        ctype = "int" if name in self.ints or not floating else "float"
        return ir.Decl(name, ctype, value)

    def statement(self, node: ast.stmt) -> list[ir.Stmt]:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            value = node.value
            if isinstance(value, ast.Call) and ast.unparse(value.func) in ("cuda.shared.array", "cuda.local.array"):
                if "local" in ast.unparse(value.func):
                    raise Unreadable("a per-thread local array")
                shape = value.args[0] if value.args else next(k.value for k in value.keywords if k.arg == "shape")
                dims = shape.elts if isinstance(shape, ast.Tuple) else [shape]
                self.declared.add(target.id)
                return [ir.Decl(target.id, "float", None, tuple(self.expr(d) for d in dims))]
            if isinstance(target, ast.Tuple):
                values = self.expr(value)
                if not (isinstance(values, ir.Call) and values.func == "(tuple)"):
                    raise Unreadable(f"the unpacking {ast.unparse(node)}")
                return [self._bind(t.id, v) for t, v in zip(target.elts, values.args)]
            if isinstance(target, ast.Name):
                return [self._bind(target.id, self.expr(value))]
            return [ir.Assign(self.expr(target), "=", self.expr(value))]
        if isinstance(node, ast.AugAssign) and type(node.op) in BINOPS:
            return [ir.Assign(self.expr(node.target), BINOPS[type(node.op)] + "=", self.expr(node.value))]
        if isinstance(node, ast.If):
            return [ir.If(self.expr(node.test), self.block(node.body), self.block(node.orelse))]
        if isinstance(node, ast.While) and not node.orelse:
            return [ir.While(self.expr(node.test), self.block(node.body))]
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name) and isinstance(node.iter, ast.Call) \
                and ast.unparse(node.iter.func) == "range" and not node.orelse:
            args = [self.expr(a) for a in node.iter.args]
            start, stop, step = (ir.Num(0), args[0], ir.Num(1)) if len(args) == 1 else (
                (args[0], args[1], ir.Num(1)) if len(args) == 2 else tuple(args))
            var = node.target.id
            self.declared.add(var)
            return [ir.For((ir.Decl(var, "int", start),), ir.Bin("<", ir.Name(var), stop),
                           (ir.Assign(ir.Name(var), "+=", step),), self.block(node.body))]
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            if ast.unparse(node.value.func) == "cuda.syncthreads":
                return [ir.Sync()]
            return [ir.ExprStmt(self.expr(node.value))]
        if isinstance(node, ast.Return) and node.value is None:
            return [ir.Return()]
        if isinstance(node, ast.Pass):
            return []
        raise Unreadable(f"the statement {ast.unparse(node).splitlines()[0]}")


def read_numba(data: bytes) -> tuple[ir.Module, list[NumbaKernel]]:
    """Every `@cuda.jit` function of a Python source, read into the IR, and the module's numeric constants."""
    tree = ast.parse(data)
    module = ir.Module(constants=module_constants(tree))
    kernels = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not any(_is_cuda_jit(d) for d in node.decorator_list):
            continue
        reader = Reader(node)
        body = reader.block(node.body)
        params = [ir.Param(p, "float" if p in reader.arrays else ("int" if p in reader.ints else "float"),
                           p in reader.arrays) for p in reader.params]
        params += [ir.Param(name, "int", False) for name in sorted(reader.extras)]
        function = ir.Function(f"{node.name}_kernel", tuple(params), body, (), True, node.lineno, node.end_lineno)
        module.functions[function.name] = function
        extras = tuple((name, array, dim) for name, (array, dim) in sorted(reader.extras.items()))
        start = min([d.lineno for d in node.decorator_list] + [node.lineno])
        kernels.append(NumbaKernel(function, tuple(reader.params), extras, start, node.end_lineno))
    return module, kernels
