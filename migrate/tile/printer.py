"""Printing IR expressions as Python source: Triton kernel code and launcher code. The only place code text is made."""

from __future__ import annotations

from . import ir

# Python binding strength, loosest first; every operator the IR carries after lowering.
_PRECEDENCE = {
    "<": 1, "<=": 1, ">": 1, ">=": 1, "==": 1, "!=": 1,
    "|": 2, "^": 3, "&": 4,
    "<<": 5, ">>": 5,
    "+": 6, "-": 6,
    "*": 7, "/": 7, "//": 7, "%": 7,
}
_UNARY = 8
_ATOM = 10
C_TO_PY = {"&&": "&", "||": "|"}


def _prec(expr: ir.Expr) -> int:
    if isinstance(expr, ir.Bin):
        return _PRECEDENCE[C_TO_PY.get(expr.op, expr.op)]
    if isinstance(expr, ir.Un):
        return _UNARY
    if isinstance(expr, ir.Num) and (expr.value < 0):
        return _UNARY
    return _ATOM


def _wrap(expr: ir.Expr, minimum: int) -> str:
    text = code(expr)
    return f"({text})" if _prec(expr) < minimum else text


def _number(expr: ir.Num) -> str:
    if expr.is_float:
        value = float(expr.value)
        if value != value or value in (float("inf"), float("-inf")):
            return f'float("{value}")'
        return repr(value)
    return str(int(expr.value))


def code(expr: ir.Expr) -> str:
    """`expr` as Python source, with only the parentheses precedence needs."""
    if isinstance(expr, ir.Num):
        return _number(expr)
    if isinstance(expr, ir.Name):
        return expr.id
    if isinstance(expr, ir.Text):
        return expr.text
    if isinstance(expr, ir.Slice):
        return ":"
    if isinstance(expr, ir.NoneConst):
        return "None"
    if isinstance(expr, ir.Bin):
        op = C_TO_PY.get(expr.op, expr.op)
        mine = _PRECEDENCE[op]
        left_min = mine + 1 if mine == 1 else mine
        # Comparisons never chain; the right operand of a left-associative operator binds tighter.
        return f"{_wrap(expr.left, left_min)} {op} {_wrap(expr.right, mine + 1)}"
    if isinstance(expr, ir.Un):
        op = {"!": "~", "-": "-", "~": "~"}[expr.op]
        return f"{op}{_wrap(expr.operand, _UNARY)}"
    if isinstance(expr, ir.Call):
        args = [code(a) for a in expr.args] + [f"{k}={code(v)}" for k, v in expr.kwargs]
        if expr.func in ("(has_value)", "(is_none)"):  # an optional tensor of host code
            return f"{_wrap(expr.args[0], _ATOM)} is {'not ' if expr.func == '(has_value)' else ''}None"
        if expr.func == "(not)":  # host code's `!` of a bool
            return f"(not {args[0]})"
        if expr.func == "(tuple)":
            return f"({args[0]},)" if len(args) == 1 else f"({', '.join(args)})"
        if expr.func.startswith("."):
            receiver, rest = args[0], args[1:]
            wrapped = f"({receiver})" if isinstance(expr.args[0], ir.Num) else _wrap(expr.args[0], _ATOM)
            return f"{wrapped}{expr.func}({', '.join(rest)})" if receiver else ""
        return f"{expr.func}({', '.join(args)})"
    if isinstance(expr, ir.Index):
        return f"{_wrap(expr.base, _ATOM)}[{', '.join(code(i) for i in expr.indices)}]"
    if isinstance(expr, ir.Attr):
        return f"{_wrap(expr.obj, _ATOM)}.{expr.name}"
    if isinstance(expr, ir.Cond):
        return f"({code(expr.body)} if {code(expr.test)} else {code(expr.orelse)})"
    raise TypeError(f"cannot print {type(expr).__name__}")
