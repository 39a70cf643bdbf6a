"""Evaluating a kernel's IR as a tile program: thread structure, loads and stores, masks, loops, shared-memory and
warp reductions, inlined device functions. The kernel classes (lower.py, matmul.py) are built on it."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import math
import re
from dataclasses import dataclass, field, replace

from . import ir
from .builtins import (
    bits_table,
    builtins,
    conversions_table,
    limits_table,
    math_table,
    operator_table,
    outputs_table,
)
from .calls import fitting, resolve, written_references
from .groups import FULL_MASK
from .primitives import REDUCE
from .scopes import renamed_declarations
from .targets import C_TO_TRITON, DTYPE_NAMES, dtype_name, triton_type
from .tileir import (
    DYNAMIC_COUNT,
    NULL_FLAG,
    SYMBOL_PREFIX,
    Rejected,
    Scratch,
    TAssign,
    TAtomic,
    TCall,
    TFor,
    TIf,
    TStore,
    TWhile,
)

FLOAT_TYPES = {"float", "double", "half", "__half", "scalar_t", "T", "float32", "float64", "__nv_bfloat16"}
FLT_MAX = 3.4028234663852886e38
IDENTITY = {"sum": ir.Num(0.0, True), "max": ir.Num(-FLT_MAX, True), "min": ir.Num(FLT_MAX, True)}
REDUCE_CALL = {"sum": "tl.sum", "max": "tl.max", "min": "tl.min"}
COMBINE = {"sum": "+", "max": "tl.maximum", "min": "tl.minimum"}
TL_DTYPE = {"float": "tl.float32", "double": "tl.float64", "int": "tl.int32", "int64_t": "tl.int64",
            "index_t": "tl.int64",
            "long": "tl.int64", "unsigned": "tl.uint32", "float32": "tl.float32", "float64": "tl.float64"}
# Integer types a float value may be cast to (`(int64_t)(p / s)`: C truncates toward zero, as Triton's cast does),
# and that typed zeros and literals of locals take: every spelling of int and wider that targets.py's table knows
# (`unsigned long long acc = 0;` is a uint64 from the start, as a loop that adds unsigned values to it needs).
HALF_TYPES = ("half", "__half")  # the C spellings of fp16 a cast converts to
INT_CASTS = {ctype: f"tl.{kind.replace('i', 'int').replace('u', 'uint')}" for ctype, kind in C_TO_TRITON.items()
             if kind in ("i32", "i64", "u32", "u64")}


# -- values ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Val:
    """A value in the tile program. kind: T (thread structure, symbolic), U (one per program), V (a vector over the
    block), P (a partial of a reduction still spread over threads; `expr` already holds the full reduction),
    PTR (a pointer), S (a shared array), A (a per-thread local array: `tag` holds its dimensions, and each element
    is a value of its own in the environment, named by `element_name`), L (the result of a CUB reduction, defined in
    the first thread of what it reduced over only: `tag` holds what that was, block or warp, its extent, and the
    kind the value takes where it is read, U or V)."""

    kind: str
    expr: ir.Expr | None = None
    tag: tuple = ()
    op: str = ""
    scope: str = ""
    is_float: bool = False
    narrow: bool = False  # a pointer to an integer type narrower than int, whose loads C promotes to int
    unsigned: bool = False  # an unsigned int or wider unsigned value, or a pointer to one


@dataclass
class Shared:
    state: str = "empty"  # empty | thread | warp | complete
    value: Val | None = None
    written: ir.Expr | None = None  # thread state: the guard of the lanes written so far (None: every lane)


@dataclass
class Context:
    module: ir.Module
    kernel: ir.Function
    mode: str
    env: dict[str, Val] = field(default_factory=dict)
    shared: dict[str, Shared] = field(default_factory=dict)
    out: list = field(default_factory=list)
    pred: ir.Expr | None = None
    helpers: set[str] = field(default_factory=set)
    faithful: bool = False
    warp_group: bool = False
    bounds: dict[str, ir.Expr] = field(default_factory=dict)
    strided: set[str] = field(default_factory=set)  # axes whose bound a grid-stride loop gave, not a guard
    chunk_bound: ir.Expr | None = None
    rows: ir.Expr | None = None
    prefix: str = ""
    result: Val | None = None
    counter: int = 0
    dims: int = 1
    program_rows: bool = False  # blockIdx.y is a row per program along y (1-D blocks): pid_y
    types: dict[str, str] = field(default_factory=dict)  # local name -> its declared C type
    declared_under: dict[str, ir.Expr | None] = field(default_factory=dict)  # local name -> the guard at its decl
    scratch: dict[str, Scratch] = field(default_factory=dict)  # block class: shared array -> its scratch buffer
    touched: dict[str, set] = field(default_factory=dict)  # block class: scratch accesses since the last barrier
    loops: list[tuple[str, str]] = field(default_factory=list)  # masked loops with a break or continue: (go, active)
    returning: tuple[str, str, str] | None = None  # a device function returning from branches: done, result, type
    lead: frozenset = frozenset()  # what the guards around the statement pin: thread axes at 0, "lane:K" lanes
    warp_lanes: int = 0  # block class: the lanes of the widest logical warp a CUB warp reduction runs over
    copies: dict | None = None  # the kernel's locals that hold one value throughout (_copies)
    alive: ir.Expr | None = None  # the guard made only of the early returns so far: threads outside it have left
    outer: frozenset | None = None  # in a branch one thread runs unmasked (reduction class): the names from before it
    symbols: dict[str, ir.Global] = field(default_factory=dict)  # variables of device memory the kernel uses
    inlining: tuple[str, ...] = ()  # the device functions being inlined, outermost first
    inlined: dict[str, int] = field(default_factory=dict)  # device function -> how many of its calls were inlined
    const_locals: dict[str, int] = field(default_factory=dict)  # `constexpr int n2 = n * n;`: its number
    rtype: str = ""  # the return type of the device function being inlined
    ranged: set[str] = field(default_factory=set)  # the variables of the tile program's counted loops so far
    assigned: set[str] = field(default_factory=set)  # every tile variable the program has assigned so far
    axes: dict[str, frozenset] = field(default_factory=dict)  # 2-D maps: a bound name -> the index axes it varies on
    vectors: set[str] = field(default_factory=set)  # bound names of per-lane values (seen from inlined functions too)
    lanes: bool = False  # reduction class, one lane per thread: lanes past the launch's block (THREADS) sit out
    # what the translation assumes of the launch, which its launcher checks: (a test over block0, the message)
    checks: dict[str, str] = field(default_factory=dict)
    nulls: dict[str, str] = field(default_factory=dict)  # pointer parameters tested for null -> their element type

    @property
    def per_lane(self) -> bool:
        """Whether each thread is a lane of the program's values (element-wise maps, one program per block)."""
        return self.mode in ("elementwise", "block")

    def emit(self, stmt) -> None:
        self.out.append(stmt)
        if isinstance(stmt, TFor):
            self.ranged.add(stmt.var)
            self.assigned.add(stmt.var)
        if isinstance(stmt, TAssign):
            self.assigned.add(stmt.name)
        if isinstance(stmt, TAssign) and self.dims == 2:
            self.axes[stmt.name] = _axes(self, stmt.value)

    def fresh(self, base: str) -> str:
        self.counter += 1
        return f"{base}{self.counter}"


def _and(a: ir.Expr | None, b: ir.Expr | None) -> ir.Expr | None:
    if a is None:
        return b
    if b is None:
        return a
    if _uniform_mask(a) is not None and _uniform_mask(b) is not None:
        return _mask_of(ir.Bin("&", _uniform_mask(a), _uniform_mask(b)))
    return ir.Bin("&", a, b)


def _mask_of(expr: ir.Expr) -> ir.Expr:
    return ir.Call("tl.where", (expr, ir.Text("True"), ir.Text("False")))


def _uniform_mask(expr: ir.Expr) -> ir.Expr | None:
    """The condition of the whole program that `_mask_part` made a boolean tensor, or None."""
    if isinstance(expr, ir.Call) and expr.func == "tl.where" and expr.args[1:] == (ir.Text("True"), ir.Text("False")):
        return expr.args[0]
    return None


def _condition(pred: ir.Expr) -> ir.Expr:
    """A predicate as the condition of a select, where a plain scalar condition serves."""
    inner = _uniform_mask(pred)
    return pred if inner is None else inner


def _mask_part(test: Val, expr: ir.Expr) -> ir.Expr:
    """`expr` (test's condition or its negation) as a part of a load's or store's mask: a condition of the whole
    program becomes a boolean tensor first (and'ed into a block mask as it is, Triton's interpreter reads the result
    as an int32 mask, "mask has unsupported dtype"; compiled Triton takes either)."""
    return _mask_of(expr) if test.kind == "U" and not isinstance(expr, ir.Num) else expr


NEGATED = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}


def _negate(expr: ir.Expr) -> ir.Expr:
    """`not expr`, written as the opposite comparison where there is one (a bitwise not of a mask is not, nor one
    of a comparison of floats, which a NaN makes false both ways)."""
    if isinstance(expr, ir.Bin) and expr.op in NEGATED and not isinstance(expr, ir.FloatOrder):
        return ir.Bin(NEGATED[expr.op], expr.left, expr.right)
    return ir.Un("!", expr)


BOOLEAN_OPS = ("<", "<=", ">", ">=", "==", "!=", "&&", "||")


def truth(val: Val, ctx: Context) -> Val:
    """`val` as C reads it where a condition is meant (`if (x)`, `x && y`, `!x`, `x ? a : b`): nonzero is true.
    Comparisons and their combinations are already truth values; Triton's `&`, `|` and `~` on any other value
    would work bit by bit. A pointer parameter is true where the launch gave it a buffer (null_test)."""
    expr = val.expr
    if val.kind == "PTR":
        return null_test(ctx, val, "!=")
    if val.kind not in ("U", "V") or expr is None:
        return val
    if (isinstance(expr, ir.Bin) and expr.op in BOOLEAN_OPS) or (isinstance(expr, ir.Un) and expr.op == "!"):
        return val
    if isinstance(expr, ir.Num):
        return Val(val.kind, ir.Num(1 if expr.value else 0))
    zero = ir.Num(0.0, True) if val.is_float else ir.Num(0)
    return Val(val.kind, ir.Bin("!=", expr, zero))


def _is_float_type(ctype: str) -> bool:
    base = ctype.replace("const", "").replace("*", "").replace("__restrict__", "").strip()
    return base in FLOAT_TYPES


# Integer types narrower than int: (bits, signed) of the value a variable of the type keeps.
NARROW_CASTS = {"char": (8, True), "signed char": (8, True), "int8_t": (8, True), "unsigned char": (8, False),
                "uchar": (8, False), "uint8_t": (8, False), "short": (16, True), "int16_t": (16, True),
                "unsigned short": (16, False), "uint16_t": (16, False), "ushort": (16, False)}
NARROW_TYPES = frozenset(NARROW_CASTS) | {"bool"}
QUALIFIERS = ("const", "__restrict__", "volatile", "register", "static")


def base_type(ctype: str) -> str:
    """A C type without its qualifiers and pointer stars (`const double* __restrict__` -> `double`)."""
    return " ".join(w for w in ctype.replace("*", " ").split() if w not in QUALIFIERS)


def _is_narrow(ctype: str) -> bool:
    return base_type(ctype) in NARROW_TYPES


def _is_unsigned(ctype: str) -> bool:
    """An unsigned int or wider (targets.py's C-to-Triton table, which knows every spelling)."""
    return triton_type(base_type(ctype), False) in ("u32", "u64")


def _signed_cast(ctype: str) -> str | None:
    """The Triton dtype of a signed int or wider C type, or None."""
    return {"i32": "tl.int32", "i64": "tl.int64"}.get(triton_type(base_type(ctype), False) or "")


def _tag(val: Val) -> tuple:
    return val.tag if val.kind == "T" else ()


# -- expressions -----------------------------------------------------------------------------------------------


def _const_int(ctx: Context, expr: ir.Expr, given: dict[str, int] | None = None) -> int | None:
    """The integer a constant expression comes to, or None; `given` holds numbers for names (a value template
    parameter's, at one of its instantiations)."""
    if isinstance(expr, ir.Num) and not expr.is_float:
        return int(expr.value)
    if isinstance(expr, ir.Name) and given and expr.id in given:
        return given[expr.id]
    if isinstance(expr, ir.Name) and not given and expr.id in ctx.const_locals:
        return ctx.const_locals[expr.id]
    if isinstance(expr, ir.Name) and expr.id in ctx.module.constants:
        return _const_int(ctx, ctx.module.constants[expr.id], given)
    if isinstance(expr, ir.Name) and expr.id in ctx.env and ctx.env[expr.id].kind == "U":
        inner = ctx.env[expr.id].expr
        if isinstance(inner, ir.Num) and not inner.is_float:
            return int(inner.value)
    if isinstance(expr, ir.Bin) and expr.op in ("+", "-", "*", "/"):
        a, b = _const_int(ctx, expr.left, given), _const_int(ctx, expr.right, given)
        if a is not None and b is not None:
            return {"+": a + b, "-": a - b, "*": a * b, "/": a // b if b else 0}[expr.op]
    if isinstance(expr, ir.Cast) and not expr.ctype.rstrip().endswith("&"):  # a reference cast reads bits
        return _const_int(ctx, expr.operand, given)
    return None


TEMPLATE_COMBINATIONS = 256  # instantiations of value template parameters a shared array's size is folded at


def _largest_size(ctx: Context, expr: ir.Expr) -> int | None:
    """The largest a shared array's dimension comes to over the numbers the kernel's value template parameters are
    launched with (tl.constexprs): each instantiation uses the start of a scratch row of that size. None where one
    instantiation does not fold."""
    names = [name for name, _ in ctx.kernel.tconsts]
    combinations = list(itertools.islice(itertools.product(*(numbers for _, numbers in ctx.kernel.tconsts)),
                                         TEMPLATE_COMBINATIONS + 1))
    if not names or len(combinations) > TEMPLATE_COMBINATIONS:
        return None
    sizes = [_const_int(ctx, expr, dict(zip(names, numbers))) for numbers in combinations]
    return None if None in sizes else max(sizes)


def structural(ctx: Context, a: Val, op: str, b: Val, right: ir.Expr) -> tuple | None:
    """Thread-structure arithmetic: global ids, grid strides, lanes and warps."""
    ta, tb = _tag(a), _tag(b)
    const_b = _const_int(ctx, right)
    if op == "*" and {ta[:1], tb[:1]} == {("bid",), ("bdim",)} and ta[1] == tb[1]:
        return ("bidxdim", ta[1])
    if op == "*" and ta[:1] == ("bid",) and b.kind == "U" and const_b is not None:
        return ("bidxdim", ta[1])
    if op == "*" and tb[:1] == ("bid",) and a.kind == "U" and isinstance(a.expr, ir.Num):
        return ("bidxdim", tb[1])
    if op == "+" and {ta[:1], tb[:1]} == {("bidxdim",), ("tid",)} and ta[1] == tb[1]:
        return ("gid", ta[1])
    if op == "*" and {ta[:1], tb[:1]} == {("bdim",), ("gdim",)}:
        return ("stride", ta[1])
    if op == "*" and ta[:1] == ("bdim",) and b.kind == "U" and const_b == 2:
        return ("bdim2", ta[1])
    if op == "*" and ta[:1] == ("bid",) and tb[:1] == ("bdim2",):
        return ("bidxdim2", ta[1])
    if ta == ("tid", "x") and op in ("&", "%") and const_b is not None and const_b in (31, 32):
        return ("lane",)
    if ta == ("tid", "x") and op in (">>", "/") and const_b is not None and const_b in (5, 32):
        return ("warp",)
    if ta == ("bdim", "x") and op in (">>", "/") and const_b is not None and const_b in (5, 32):
        return ("nwarps",)
    if op == "+" and {ta[:1], tb[:1]} == {("bidxdim",), ("warp",)}:
        return ("grouprow",)
    return None


def materialize(ctx: Context, val: Val) -> Val:
    """A thread-structure value used as data."""
    tag = val.tag
    if ctx.mode == "elementwise":
        if tag[:1] == ("gid",):
            return Val("V", ir.Name(f"offs_{tag[1]}"))
        if tag == ("bid", "y") and ctx.program_rows:
            return Val("U", ir.Name("pid_y"))
        raise Rejected(f"{_tag_text(tag)} used outside the global index")
    if tag == ("bid", "x") and not ctx.warp_group:
        return Val("U", ir.Name("pid"))
    if tag == ("grouprow",):
        ctx.warp_group = True
        return Val("U", ir.Name("pid"))
    if tag == ("gdim", "x"):
        return Val("U", ir.Call("tl.num_programs", (ir.Num(0),)))
    if tag in (("tid", "x"), ("gid", "x"), ("bdim", "x")) and not ctx.warp_group:
        # one lane per thread: BLOCK lanes, the launch's block (THREADS) rounded up to a power of two
        ctx.faithful = True
        arange = ir.Call("tl.arange", (ir.Num(0), ir.Name("BLOCK")))
        if tag == ("tid", "x"):
            return Val("V", arange)
        if tag == ("bdim", "x"):
            return Val("U", ir.Name("THREADS"))
        return Val("V", ir.Bin("+", ir.Bin("*", ir.Name("pid"), ir.Name("THREADS")), arange))
    if tag[:1] == ("bidxdim2",):
        ctx.faithful = True
        return Val("U", ir.Bin("*", ir.Name("pid"), ir.Bin("*", ir.Name("THREADS"), ir.Num(2))))
    if tag[:1] == ("bdim2",):
        ctx.faithful = True
        return Val("U", ir.Bin("*", ir.Name("THREADS"), ir.Num(2)))
    raise Rejected(f"{_tag_text(tag)} used as data")


def _tag_text(tag: tuple) -> str:
    names = {"tid": "threadIdx", "bid": "blockIdx", "bdim": "blockDim", "gdim": "gridDim"}
    if tag[0] in names:
        return f"{names[tag[0]]}.{tag[1]}"
    return {"gid": "the global thread index", "lane": "the lane index", "warp": "the warp index",
            "stride": "the grid stride", "nwarps": "the warp count", "grouprow": "the warp's row"}.get(
        tag[0], "a thread index expression")


def data(ctx: Context, val: Val) -> Val:
    if val.kind == "T":
        return materialize(ctx, val)
    if val.kind == "P":
        raise Rejected("a per-thread partial used before its block reduction")
    if val.kind == "L":
        return _lead_read(ctx, val)
    if val.kind == "S" and ctx.mode == "block" and ctx.scratch[val.tag[0]].dims == (1,):
        return _scratch_read(ctx, val, Val("U", ir.Num(0)))  # a scalar `__shared__ float total;`
    if val.kind == "S" and ctx.mode == "block" and len(ctx.scratch[val.tag[0]].dims) == 1:
        return _scratch_address(ctx, val, ir.Num(0))  # the array as a pointer to its first element
    if val.kind == "S":
        raise Rejected("a shared array used as a value")
    if val.kind == "A":
        raise Rejected("a per-thread local array used as a pointer")
    return val


def _combine_kind(*vals: Val) -> str:
    return "V" if any(v.kind == "V" for v in vals) else "U"


def _full(value: ir.Expr, dtype: str) -> ir.Call:
    """A 0-d tensor of Triton type `dtype` holding `value`: a number typed as C types it, where Triton's own typing
    of a bare Python number would differ."""
    return ir.Call("tl.full", (ir.Text("[]"), value, ir.Text(dtype)))


def _unsigned_literal(literal: Val, other: Val) -> Val:
    """An unsigned int literal (`2u`) beside a signed integer value, typed uint32 as C types it: C converts the other
    operand to unsigned int (`-1 < 2u` is false, `n - 2u` wraps), where Triton types a bare 2 as the other's int32."""
    number = literal.expr
    if isinstance(number, ir.Num) and number.unsigned and not number.is_float and number.value <= 0xFFFFFFFF \
            and other.expr is not None and not isinstance(other.expr, ir.Num) and not other.is_float \
            and not other.unsigned:
        return Val("U", _full(number, "tl.uint32"), unsigned=True)
    return literal


def _wide_literal(val: Val) -> int | None:
    """The integer of a literal past int32 that evaluate() made a typed scalar (_full), or None."""
    expr = val.expr
    if isinstance(expr, ir.Call) and expr.func == "tl.full" and isinstance(expr.args[1], ir.Num) \
            and not expr.args[1].is_float:
        return expr.args[1].value
    return None


def _unsigned_64(value: int) -> Val:
    """An integer literal past int64 (`0xFFFFFFFFFFFFFFFF`, an unsigned long long in C): its bits as a uint64, which
    a plain Python int that large cannot become in Triton."""
    if value >= 1 << 64:
        raise Rejected(f"the literal {value}, wider than 64 bits")
    bits = _full(ir.Num(value - (1 << 64)), "tl.int64")
    return Val("U", ir.Call(".to", (bits, ir.Text("tl.uint64")), kwargs=(("bitcast", ir.Text("True")),)),
               unsigned=True)


def evaluate(ctx: Context, expr: ir.Expr) -> Val:
    if isinstance(expr, ir.Num):
        if not expr.is_float and expr.value >= 1 << 63:
            return _unsigned_64(expr.value)
        if not expr.is_float and expr.value > 0x7FFFFFFF:
            # Past int32 Triton cannot type a bare number beside an int32 value: the literal's C type, made explicit
            # (an unsigned int where it fits one and C types it unsigned, else a 64-bit integer)
            unsigned = expr.unsigned and expr.value <= 0xFFFFFFFF
            dtype = "tl.uint32" if unsigned else "tl.int64"
            return Val("U", _full(ir.Num(expr.value), dtype), unsigned=unsigned)
        return Val("U", expr, is_float=expr.is_float)
    if isinstance(expr, ir.Name):
        if expr.id in ctx.env:
            return ctx.env[expr.id]
        if expr.id in ctx.module.constants:
            return evaluate(ctx, ctx.module.constants[expr.id])
        if expr.id == "warpSize" and ctx.mode == "block":
            return Val("U", ir.Num(WARP))  # the block class runs CUDA's warps, whatever the GPU's own width
        if expr.id in builtins().constants:
            value = builtins().constants[expr.id]
            is_float = isinstance(value, float)
            return Val("U", ir.Num(value, is_float), is_float=is_float)
        symbol = _symbol(ctx, expr.id)
        if symbol is not None:
            return symbol
        raise Rejected(f"the name {expr.id} (not a parameter, local or constant)")
    if isinstance(expr, ir.Builtin) and ctx.mode == "block":
        return block_index(ctx, expr)
    if isinstance(expr, ir.Builtin):
        kinds = builtins().index
        rows = ctx.program_rows and expr.kind == "blockIdx" and expr.axis == "y"
        if expr.axis not in ("x", "y") or (expr.axis == "y" and ctx.dims < 2 and not rows):
            raise Rejected(f"{expr.kind}.{expr.axis} (a thread index on an axis this kernel class does not tile)")
        return Val("T", tag=(kinds[expr.kind], expr.axis))
    if isinstance(expr, ir.Cast) and expr.ctype.rstrip().endswith("&"):
        # `reinterpret_cast<int&>(f)`, `(int&) f`: the variable's bits read as the other type
        return _bits(ctx, evaluate(ctx, expr.operand), _declared(ctx, expr.operand),
                     base_type(expr.ctype.rstrip().removesuffix("&")), f"a reference cast to {expr.ctype.strip()}")
    if isinstance(expr, ir.Cast):
        inner = evaluate(ctx, expr.operand)
        if inner.kind == "PTR" and "*" in expr.ctype:
            inner = _pointer_cast(ctx, expr, inner)
        if inner.kind in ("T", "P", "S", "PTR"):
            return inner
        target = expr.ctype.replace("const", "").strip()
        if isinstance(inner.expr, ir.Num) and target in ("float", "double", "float32", "float64"):
            return Val("U", ir.Num(float(inner.expr.value), True), is_float=True)
        # A uniform value may be a plain Python number under Triton's interpreter (a scalar argument, or arithmetic
        # on one), which has no .to(): tl.cast takes both.
        convert = "tl.cast" if inner.kind == "U" else ".to"
        # to float or double from any value; to float32 or float64 from an integer (a float keeps its own type)
        if target in ("float", "double") or (target in ("float32", "float64") and not inner.is_float):
            return _float_cast(inner, target)
        if target in INT_CASTS and inner.is_float:
            if isinstance(inner.expr, ir.Num):
                return Val("U", ir.Num(int(inner.expr.value), False), is_float=False)
            return Val(inner.kind, ir.Call(convert, (inner.expr, ir.Text(INT_CASTS[target]))), is_float=False)
        if target in INT_CASTS and inner.kind in ("U", "V") and _is_unsigned(target) != inner.unsigned:
            return _signedness_cast(inner, target)
        if target in HALF_TYPES and inner.kind in ("U", "V"):  # rounded to nearest, as CUDA's conversion rounds
            if isinstance(inner.expr, ir.Num):
                return Val("U", _full(ir.Num(float(inner.expr.value), True), "tl.float16"), is_float=True)
            return Val(inner.kind, ir.Call(convert, (inner.expr, ir.Text("tl.float16"))), is_float=True)
        return inner
    if isinstance(expr, ir.Un) and expr.op == "&":
        # &p[i] is the pointer p + i; the address of anything else has no tile form.
        target = expr.operand
        if isinstance(target, ir.Index) and ctx.mode == "block" and evaluate(ctx, target.base).kind == "S":
            base = evaluate(ctx, target.base)
            return _scratch_address(ctx, base, _scratch_index(ctx, base, target).expr)
        if isinstance(target, ir.Index) and len(target.indices) == 1:
            base = evaluate(ctx, target.base)
            if base.kind == "PTR":
                offset = data(ctx, evaluate(ctx, target.indices[0]))
                return replace(base, expr=ir.Bin("+", base.expr, offset.expr))
        raise Rejected("the address of something other than an element of a pointer")
    if isinstance(expr, ir.Un) and expr.op == "!":
        inner = truth(data(ctx, evaluate(ctx, expr.operand)), ctx)
        if isinstance(inner.expr, ir.Num):
            return Val("U", ir.Num(0 if inner.expr.value else 1))
        return Val(inner.kind, _negate(inner.expr))
    if isinstance(expr, ir.Un):
        inner = data(ctx, evaluate(ctx, expr.operand))
        if isinstance(inner.expr, ir.Num) and expr.op == "-":
            return Val("U", ir.Num(-inner.expr.value, inner.expr.is_float), is_float=inner.is_float)
        return Val(inner.kind, ir.Un(expr.op, inner.expr), is_float=inner.is_float)
    if isinstance(expr, ir.Bin):
        return _binary(ctx, expr)
    if isinstance(expr, ir.Cond):
        return _conditional(ctx, expr)
    if isinstance(expr, ir.Call):
        return _call(ctx, expr)
    if isinstance(expr, ir.Index):
        return _index(ctx, expr)
    if isinstance(expr, ir.Attr):
        held = expr.obj.base if isinstance(expr.obj, ir.Index) else expr.obj
        if isinstance(held, ir.Name) and held.id not in ctx.env:
            _symbol(ctx, held.id)  # a structure of device memory, or an array of them: the reason it has no tile form
        param = next((p for p in ctx.kernel.params if expr.obj == ir.Name(p.name) and not p.pointer), None)
        if param is not None:
            raise Rejected(f"the member .{expr.name} of the parameter {param.name} of type {base_type(param.ctype)}, "
                           "a structure whose fields are not all one scalar type (or a type this tree does not "
                           "define)")
        raise Rejected(
            f"the member .{expr.name} of a value not held lane by lane (a vector or structure passed or taken whole, "
            "or a structure whose fields are not all one scalar type)"
        )
    raise Rejected(f"the expression form {type(expr).__name__}")


def _signedness_cast(inner: Val, target: str) -> Val:
    """An integer converted between signed and unsigned (`(unsigned int)MSB >> k`, `(int)u - 1`): C keeps the
    bits (reduced to the target's width) and reads them as the target type, which decides how later shifts,
    divisions and comparisons treat it."""
    dtype, unsigned = INT_CASTS[target], _is_unsigned(target)
    if isinstance(inner.expr, ir.Num) and not inner.expr.is_float:
        bits = 64 if dtype.endswith("64") else 32
        value = inner.expr.value & ((1 << bits) - 1)
        if not unsigned and value >= 1 << (bits - 1):
            value -= 1 << bits
        if -(1 << 31) <= value <= 0x7FFFFFFF:
            return Val("U", ir.Num(value, unsigned=unsigned), unsigned=unsigned)
        if value >= 1 << 63:
            return _unsigned_64(value)
        return Val("U", _full(ir.Num(value), dtype), unsigned=unsigned)
    return Val(inner.kind, ir.Call("tl.cast", (inner.expr, ir.Text(dtype))), unsigned=unsigned)


def _symbol(ctx: Context, name: str) -> Val | None:
    """A variable of device memory at namespace scope, as the pointer the tile kernel takes its tensor by (an array
    names its first element, as C's arrays decay); None for any other name. A scalar is reached only as element 0
    of that pointer (symbols.with_symbols writes its uses so), so its bare name here is one a local hides."""
    held = name.removeprefix(SYMBOL_PREFIX)
    g = ctx.module.globals.get(held)
    if g is None:
        return None
    if g.why:
        raise Rejected(g.why)
    if g.space == "__shared__":  # declared in the kernel by with_symbols, unless a local of its name hides it
        raise Rejected(f"the __shared__ array {held} at namespace scope, named where a local of that name is "
                       "declared too")
    if not g.dims and held == name:
        raise Rejected(f"the variable {name} of device memory, named where a local of that name is declared too")
    ctx.symbols[held] = g
    return Val("PTR", ir.Name(SYMBOL_PREFIX + held), is_float=_is_float_type(g.ctype), narrow=_is_narrow(g.ctype),
               unsigned=_is_unsigned(g.ctype))


def _binary(ctx: Context, expr: ir.Bin) -> Val:
    if expr.op in ("&&", "||"):
        return _logical(ctx, expr)
    a, b = evaluate(ctx, expr.left), evaluate(ctx, expr.right)
    return _operation(ctx, expr, a, b)


def _logical(ctx: Context, expr: ir.Bin) -> Val:
    """`a && b`, `a || b`: the loads of b read only where C evaluates it (a true, for &&; false, for ||), so
    `i > 0 && x[i - 1] != x[i]` never reads x[-1]."""
    a = evaluate(ctx, expr.left)
    if a.kind == "U" and isinstance(a.expr, ir.Num) and bool(a.expr.value) == (expr.op == "||"):
        # decided by its left side, as C decides it: the right side is not evaluated (`p == nullptr || p[i]` of a
        # device function given nullptr)
        return Val("U", ir.Num(1 if expr.op == "||" else 0))
    if a.kind not in ("U", "V", "T") or (a.kind == "U" and isinstance(a.expr, ir.Num)):
        return _operation(ctx, expr, a, evaluate(ctx, expr.right))
    test = truth(data(ctx, a), ctx)
    saved = ctx.pred
    ctx.pred = _and(saved, _mask_part(test, test.expr if expr.op == "&&" else _negate(test.expr)))
    try:
        b = evaluate(ctx, expr.right)
    finally:
        ctx.pred = saved
    return _operation(ctx, expr, a, b)


def null_test(ctx: Context, ptr: Val, op: str) -> Val:
    """`p != NULL` (or `p == NULL`, `op`) of a pointer parameter as the launch gives it: Triton has no null pointer,
    so the launcher says whether it was given a tensor (the constexpr NULL_FLAG + p) and passes a one-element
    stand-in for None, which the kernel reaches only where the test lets it. Any other pointer (one moved, a shared
    array's) keeps the kernel SIMT."""
    name = ptr.expr.id if isinstance(ptr.expr, ir.Name) and not ptr.scope else ""
    param = next((p for p in ctx.kernel.params if p.pointer and p.name == name), None)
    if param is None:
        raise Rejected("a comparison of a pointer other than a parameter as the launch gives it (a Triton pointer "
                       "cannot be null, and only a parameter's test is the launcher's to answer)")
    ctx.nulls[name] = param.ctype
    return Val("U", ir.Bin(op, ir.Name(NULL_FLAG + name), ir.Num(0)))


def _null(val: Val) -> bool:
    """Whether `val` is C's null pointer constant (`NULL`, `nullptr`, `0`)."""
    return val.kind == "U" and isinstance(val.expr, ir.Num) and val.expr.value == 0 and not val.is_float


def _operation(ctx: Context, expr: ir.Bin, a: Val, b: Val) -> Val:
    if ctx.mode == "block":  # a shared array in arithmetic is the address of its first element (`buffer + n`)
        a, b = (data(ctx, v) if v.kind == "S" else v for v in (a, b))
    if a.kind == "T" or b.kind == "T":
        tag = structural(ctx, a, expr.op, b, expr.right)
        if tag is None and expr.op in ("*", "+"):
            tag = structural(ctx, b, expr.op, a, expr.left)
        if tag is not None:
            return Val("T", tag=tag)
    ptr, other = (a, b) if a.kind == "PTR" else (b, a)
    if expr.op in ("==", "!=") and ptr.kind == "PTR" and other.kind != "PTR" and _null(data(ctx, other)):
        return null_test(ctx, ptr, expr.op)
    if expr.op in ("&&", "||"):  # `p && n > 0`: a pointer as a truth value
        a, b = (truth(v, ctx) if v.kind == "PTR" else v for v in (a, b))
    if (a.kind == "PTR" or b.kind == "PTR") and expr.op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||"):
        raise Rejected("a comparison of a pointer other than with null (a Triton pointer has no order or identity "
                       "a comparison could read)")
    if a.kind == "PTR" or b.kind == "PTR":
        ptr, off = (a, b) if a.kind == "PTR" else (b, a)
        return replace(ptr, expr=ir.Bin(expr.op, ptr.expr, data(ctx, off).expr))
    a, b = data(ctx, a), data(ctx, b)
    op = expr.op
    if op in ("&&", "||"):
        a, b = truth(a, ctx), truth(b, ctx)
        if {a.kind, b.kind} == {"U", "V"}:  # a uniform operand as a boolean tensor (see _mask_part)
            a, b = (replace(v, expr=_mask_part(v, v.expr)) for v in (a, b))
    elif op not in ("<<", ">>"):  # a shift takes its left operand's type alone
        a, b = _unsigned_literal(a, b), _unsigned_literal(b, a)
    is_float = a.is_float or b.is_float
    if op == "/" and not is_float:
        op = "//"
    if op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||"):
        is_float = False
    if isinstance(a.expr, ir.Num) and isinstance(b.expr, ir.Num) and op in ("+", "-", "*", "//"):
        x, y = a.expr.value, b.expr.value
        value = {"+": x + y, "-": x - y, "*": x * y, "//": x // y if y else 0}[op]
        return Val("U", ir.Num(value, is_float), is_float=is_float)
    if isinstance(a.expr, ir.Num) and isinstance(b.expr, ir.Num) and op in ("<", "<=", ">", ">=", "==", "!=") \
            and not (a.unsigned or b.unsigned or a.expr.unsigned or b.expr.unsigned):
        # two numbers compared (`nullptr == nullptr` in a device function given nullptr): C's answer, 1 or 0
        x, y = a.expr.value, b.expr.value
        held = {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y, "!=": x != y}[op]
        return Val("U", ir.Num(1 if held else 0))
    folded = _int_bits(a, op, b)
    if folded is not None:
        return folded
    if (a.is_float or b.is_float) and op not in ("&&", "||"):
        a, b = _beside_double(ctx, [a, b])
    if op == "/":
        divided = _float_division(ctx, a, b)
        if divided is not None:
            return Val(_combine_kind(a, b), divided, is_float=True)
    unsigned = (a.unsigned or b.unsigned) and not is_float and op not in ("<", "<=", ">", ">=", "==", "!=")
    if op in ("//", "%") and not is_float and a.unsigned != b.unsigned and not (
            isinstance(a.expr, ir.Num) or isinstance(b.expr, ir.Num)):  # a bare number takes the other's type
        # Triton divides no mix of signed and unsigned: both converted first, as C's usual conversions do
        ctx.helpers.add("int_divmod")
        call = ir.Call("_c_div" if op == "//" else "_c_rem", (a.expr, b.expr))
        return Val(_combine_kind(a, b), call, unsigned=unsigned)
    ordered = op in ("<", "<=", ">", ">=") and (a.is_float or b.is_float)
    return Val(_combine_kind(a, b), (ir.FloatOrder if ordered else ir.Bin)(op, a.expr, b.expr), is_float=is_float,
               unsigned=unsigned)


INT_BITS = {"<<": lambda x, y: x << y, ">>": lambda x, y: x >> y, "&": lambda x, y: x & y,
            "|": lambda x, y: x | y, "^": lambda x, y: x ^ y}


def _int_bits(a: Val, op: str, b: Val) -> Val | None:
    """A shift or bitwise operation of two int literals, computed as C does in int (`1 << 31` is INT_MIN) or
    unsigned int (`1u << 31`); None for any other operands, or a result past 32 bits."""
    x, y = a.expr, b.expr
    if op not in INT_BITS or not isinstance(x, ir.Num) or not isinstance(y, ir.Num) or x.is_float or y.is_float \
            or not all(-(1 << 31) <= n.value <= 0xFFFFFFFF for n in (x, y)):
        return None
    shift = op in ("<<", ">>")
    if shift and not 0 <= y.value < 32:
        return None  # C leaves it undefined
    # a shift has its left operand's type; a bitwise operation both operands' common type
    operands = (x,) if shift else (x, y)
    unsigned = any(n.unsigned or n.value > 0x7FFFFFFF for n in operands)
    if unsigned and any(n.value < 0 for n in operands):
        return None  # a negative number converted to unsigned: left to the general path
    value = INT_BITS[op](x.value, y.value) & 0xFFFFFFFF
    if unsigned:
        return Val("U", _full(ir.Num(value), "tl.uint32"), unsigned=True) if value > 0x7FFFFFFF \
            else Val("U", ir.Num(value, unsigned=True), unsigned=True)
    return Val("U", ir.Num(value - (1 << 32) if value > 0x7FFFFFFF else value))


def _is_double(ctx: Context, expr: ir.Expr) -> bool:
    """Whether `expr` computes in fp64: it reads a double buffer or a double local, or casts to fp64."""
    if isinstance(expr, ir.Name):
        name = expr.id[len(ctx.prefix):] if ctx.prefix and expr.id.startswith(ctx.prefix) else expr.id
        return base_type(ctx.types.get(name, "")) == "double"
    if isinstance(expr, ir.Text):
        return expr.text == "tl.float64"
    if isinstance(expr, ir.Call) and expr.func == "tl.load":
        base = expr.args[0]
        while isinstance(base, ir.Bin):
            base = base.left
        params = {p.name: p for p in ctx.kernel.params}
        return isinstance(base, ir.Name) and base.id in params and params[base.id].pointer \
            and base_type(params[base.id].ctype) == "double"
    if isinstance(expr, ir.Call) and expr.func in (".to", "tl.cast"):  # a conversion: of the type it converts to
        return _is_double(ctx, expr.args[1])
    if isinstance(expr, ir.Call):
        return any(_is_double(ctx, a) for a in expr.args)
    if isinstance(expr, ir.Bin):
        return _is_double(ctx, expr.left) or _is_double(ctx, expr.right)
    if isinstance(expr, ir.Un):
        return _is_double(ctx, expr.operand)
    return False


def _float_cast(val: Val, target: str) -> Val:
    """A value converted to the float type `target` (float, double, float32, float64) as a C cast converts it: through
    tl.cast where it is uniform (a plain Python number under Triton's interpreter, which has no .to()), else .to()."""
    convert = "tl.cast" if val.kind == "U" else ".to"
    return Val(val.kind, ir.Call(convert, (val.expr, ir.Text(TL_DTYPE[target]))), is_float=True)


def _beside_double(ctx: Context, vals: list[Val]) -> list[Val]:
    """Float numbers among `vals` written as fp64 where another of them is fp64: Triton types a bare number fp32,
    so `x - 0.1` on a double x would subtract 0.1 rounded to fp32 (C's 0.1 is a double). So are the numbers that a
    math function of numbers takes, in a constant beside a double (`x / (1.0 / acos(-1.0))` would divide by 1/pi
    to fp32)."""
    if not any(v.expr is not None and not isinstance(v.expr, ir.Num) and _is_double(ctx, v.expr) for v in vals):
        return vals
    return [Val(v.kind, _full(v.expr, "tl.float64"), is_float=True) if isinstance(v.expr, ir.Num) and v.is_float
            else replace(v, expr=_double_constant(v.expr)) if v.is_float and _constant(v.expr) else v for v in vals]


def _math_functions() -> set[str]:
    """The Triton functions math.toml's rows call, with C's float division's helper."""
    return {row.get("tl") or f"_{row['helper']}" for row in (*math_table().values(), *operator_table().values())}


def _constant(expr: ir.Expr | None) -> bool:
    """Whether `expr` is numbers alone, combined by operators and math functions."""
    if isinstance(expr, ir.Num):
        return True
    if isinstance(expr, ir.Bin):
        return _constant(expr.left) and _constant(expr.right)
    if isinstance(expr, ir.Un):
        return _constant(expr.operand)
    return isinstance(expr, ir.Call) and expr.func in _math_functions() and not expr.kwargs \
        and all(_constant(a) for a in expr.args)


def _double_constant(expr: ir.Expr) -> ir.Expr:
    """A constant (_constant) whose math functions take their float numbers as fp64, so that each computes in
    double (Python folds the operators between numbers in double already)."""
    if isinstance(expr, ir.Bin):
        return replace(expr, left=_double_constant(expr.left), right=_double_constant(expr.right))
    if isinstance(expr, ir.Un):
        return replace(expr, operand=_double_constant(expr.operand))
    if isinstance(expr, ir.Call):
        return replace(expr, args=tuple(_full(a, "tl.float64") if isinstance(a, ir.Num) and a.is_float
                                        else _double_constant(a) for a in expr.args))
    return expr


def _float_division(ctx: Context, a: Val, b: Val) -> ir.Expr | None:
    """C's `/` on floats through the helper math.toml's [operators] names (rounded to nearest as nvcc compiles it;
    Triton's `/` on fp32 is the approximate div.full.f32, and a recurrence through it, a Sturm count, drifts). The
    helper takes both operands to their common type, as C does. None (Triton's `/` stays) for two literals, which
    Python folds, or where the table names no helper."""
    row = operator_table().get("/")
    if row is None or (isinstance(a.expr, ir.Num) and isinstance(b.expr, ir.Num)):
        return None
    ctx.helpers.add(row["helper"])
    return ir.Call(f"_{row['helper']}", (a.expr, b.expr))


def _conditional(ctx: Context, expr: ir.Cond) -> Val:
    try:
        test = evaluate(ctx, expr.test)
        test = test if test.kind == "T" else truth(data(ctx, test), ctx)
    except Rejected:
        test = Val("T", tag=("thread-condition",))
    if test.kind == "U" and isinstance(test.expr, ir.Num):
        return evaluate(ctx, expr.body if test.expr.value else expr.orelse)
    if test.kind == "T":
        # (lane < nwarps) ? shared[lane] : identity -- the second stage of a block reduction.
        body = evaluate(ctx, expr.body)
        if body.kind == "P":
            return body
        raise Rejected("a condition on the thread index")
    kinds = _pointee(ctx, expr.body), _pointee(ctx, expr.orelse)
    if None not in kinds:
        # `c ? a : b` of two pointers: each thread's pick, where both point to one element type
        body, orelse = evaluate(ctx, expr.body), evaluate(ctx, expr.orelse)
        if kinds[0] != kinds[1] or body.kind != "PTR" or orelse.kind != "PTR" or body.scope or orelse.scope or (
                body.is_float, body.narrow, body.unsigned) != (orelse.is_float, orelse.narrow, orelse.unsigned):
            raise Rejected("a choice between pointers to unlike elements or to shared memory")
        return replace(body, expr=ir.Call("tl.where", (test.expr, body.expr, orelse.expr)))
    saved = ctx.pred
    ctx.pred = _and(saved, _mask_part(test, test.expr))
    body = data(ctx, evaluate(ctx, expr.body))
    ctx.pred = _and(saved, _mask_part(test, _negate(test.expr)))  # loads of either branch read only where C evaluates them
    orelse = data(ctx, evaluate(ctx, expr.orelse))
    ctx.pred = saved
    return Val(
        _combine_kind(test, body, orelse),
        ir.Call("tl.where", (test.expr, body.expr, orelse.expr)),
        is_float=body.is_float or orelse.is_float,
    )


def _pointer_cast(ctx: Context, expr: ir.Cast, inner: Val) -> Val:
    """The pointer `inner` cast to `expr.ctype`, where the cast keeps the size of the elements the pointer steps
    over: `(const float*) p` of a float buffer is that buffer, `(unsigned int*) p` of an int or float buffer reads
    the same memory as unsigned ints (a bitcast of the pointer). Rejected where the size changes (`(char*) p +
    bytes`, `(float*)` of a double buffer: the arithmetic after it would step otherwise) or the lowering cannot
    tell. CUDA's vector views of a buffer of their scalars (`(float4*) x`) are read lane by lane before this
    (vectors.py)."""
    base = base_type(expr.ctype)
    source = _pointee(ctx, expr.operand)
    if source == base:
        return inner
    if source is not None:
        generic = {source, base} & (set(GENERIC_TYPES) | set(ctx.kernel.tparams))
        kinds = triton_type(source, False), triton_type(base, False)
        widths = [_width(k) for k in kinds]
        if generic or None in widths or widths[0] != widths[1]:
            how = "elements of another size" if None not in widths and not generic else "elements of another type"
            raise Rejected(f"a pointer cast to {expr.ctype.strip()} of a buffer of {source} (its memory read as "
                           f"{how})")
        if kinds[0] == kinds[1]:
            return inner
        retyped = ir.Call(".to", (inner.expr, ir.Text(f"tl.pointer_type(tl.{DTYPE_NAMES[kinds[1]]})")))
        return replace(inner, expr=retyped, is_float=kinds[1][0] in "fb", narrow=_is_narrow(base),
                       unsigned=kinds[1] in ("u32", "u64"))
    vectors = builtins().vectors or {}
    if base in vectors or base in ctx.module.records:
        raise Rejected(f"a pointer cast to {expr.ctype.strip()} whose lanes are not read one by one (a view of a "
                       "pointer this lowering does not follow)")
    if _is_float_type(base) != inner.is_float or _is_narrow(base) != inner.narrow or base in ("void", "char"):
        raise Rejected(f"a pointer cast to {expr.ctype.strip()}")
    return inner


def _pointee(ctx: Context, expr: ir.Expr) -> str | None:
    """The element type a pointer-valued expression was declared with, where the lowering can tell: a pointer
    parameter or local, moved by an offset or taken as `&p[i]`, or a cast to a pointer type."""
    if isinstance(expr, ir.Name):
        ctype = ctx.types.get(expr.id)
        if ctype is None and not ctx.prefix:  # a kernel's parameters, which its device functions do not see
            ctype = next((p.ctype + "*" for p in ctx.kernel.params if p.name == expr.id and p.pointer), None)
        return base_type(ctype) if ctype is not None and "*" in ctype else None
    if isinstance(expr, ir.Bin) and expr.op in ("+", "-"):
        return _pointee(ctx, expr.left) or (_pointee(ctx, expr.right) if expr.op == "+" else None)
    if isinstance(expr, ir.Un) and expr.op == "&" and isinstance(expr.operand, ir.Index) \
            and len(expr.operand.indices) == 1:
        return _pointee(ctx, expr.operand.base)
    if isinstance(expr, ir.Cast) and expr.ctype.count("*") == 1:
        return base_type(expr.ctype)
    return None


def _declared(ctx: Context, expr: ir.Expr) -> str | None:
    """The C type of a variable or an element of a buffer, as declared; None where the lowering cannot tell."""
    if isinstance(expr, ir.Name):
        ctype = ctx.types.get(expr.id)
        if ctype is None and not ctx.prefix:
            ctype = next((p.ctype for p in ctx.kernel.params if expr.id in p.names and not p.pointer), None)
        return base_type(ctype) if ctype is not None and "*" not in ctype else None
    if isinstance(expr, ir.Index) and len(expr.indices) == 1:
        return _pointee(ctx, expr.base)
    return None


INT_KINDS = ("i32", "u32", "i64", "u64")  # C's integer types after the integer promotions, by rank
KIND_CTYPES = {"i32": "int", "u32": "unsigned int", "i64": "long long", "u64": "unsigned long long"}


def _promoted(kind: str | None) -> str | None:
    """An integer kind after C's integer promotions (a char or short computes as an int); None for any other."""
    if kind in INT_KINDS:
        return kind
    return "i32" if kind in ("i1", "i8", "u8", "i16", "u16") else None


def _converted(a: str | None, b: str | None) -> str | None:
    """The type C's usual arithmetic conversions give two integer operands (`unsigned int * unsigned long` is
    unsigned long, `int + unsigned` unsigned, `long + unsigned` long); None unless both are known integers."""
    a, b = _promoted(a), _promoted(b)
    if a is None or b is None:
        return None
    if a == b:
        return a
    wide = max(a, b, key=lambda k: k[1:])
    if a[1:] != b[1:]:
        return wide  # the wider one holds every value of the narrower, signed or not
    return "u" + a[1:]  # one width, one of them unsigned


def _c_kind(ctx: Context, expr: ir.Expr, depth: int = 0) -> str | None:
    """The integer type C gives an expression (i32, u32, i64, u64), where the lowering can tell; None for a float,
    a pointer, or what it cannot follow. A thread index is an int, as the lowering computes with it."""
    if depth > 32:
        return None
    kind = None
    if isinstance(expr, ir.Num):
        if expr.is_float:
            return None
        if expr.value <= 0x7FFFFFFF:
            return "u32" if expr.unsigned else "i32"
        if expr.value <= 0xFFFFFFFF and expr.unsigned:
            return "u32"
        return "u64" if expr.unsigned else "i64"
    if isinstance(expr, ir.Name):
        declared = _declared(ctx, expr)
        if declared is not None:
            kind = triton_type(declared, False)
        elif expr.id in ctx.module.constants and expr.id not in ctx.env:
            return _c_kind(ctx, ctx.module.constants[expr.id], depth + 1)
        elif expr.id in ctx.env and isinstance(ctx.env[expr.id].expr, ir.Num):  # a value template parameter
            return _c_kind(ctx, ctx.env[expr.id].expr, depth + 1)
    elif isinstance(expr, ir.Index) and len(expr.indices) == 1:
        pointee = _pointee(ctx, expr.base)
        kind = triton_type(pointee, False) if pointee else None
    elif isinstance(expr, ir.Builtin):
        return "i32"
    elif isinstance(expr, ir.Cast) and "*" not in expr.ctype and not expr.ctype.rstrip().endswith("&"):
        kind = triton_type(base_type(expr.ctype), False)
    elif isinstance(expr, ir.Bin) and expr.op in ("<<", ">>"):
        return _promoted(_c_kind(ctx, expr.left, depth + 1))
    elif isinstance(expr, ir.Bin) and expr.op in ("+", "-", "*", "/", "%", "&", "|", "^"):
        return _converted(_c_kind(ctx, expr.left, depth + 1), _c_kind(ctx, expr.right, depth + 1))
    elif isinstance(expr, ir.Bin):
        return "i32"  # a comparison or a logical operation
    elif isinstance(expr, ir.Un):
        return "i32" if expr.op == "!" else _promoted(_c_kind(ctx, expr.operand, depth + 1)) \
            if expr.op in ("-", "~", "+") else None
    elif isinstance(expr, ir.Cond):
        return _converted(_c_kind(ctx, expr.body, depth + 1), _c_kind(ctx, expr.orelse, depth + 1))
    elif isinstance(expr, ir.Call):
        fn = resolve(ctx.module, expr)
        if isinstance(fn, ir.Function) and fn.rtype and not fn.tparams:
            kind = triton_type(base_type(fn.rtype), False) if "*" not in fn.rtype else None
    return _promoted(kind)


def _kept(ctx: Context, val: Val, source: ir.Expr, ctype: str) -> Val:
    """`val` (the value of the C expression `source`) as a variable of integer type `ctype` holds it: converted
    where C gives the expression another integer type (`unsigned int idx = inds[i];` of a size_t buffer keeps
    the low 32 bits). Triton's loops also need a variable's type to stay what it was before the loop."""
    kind = triton_type(base_type(ctype), False) if ctype and "*" not in ctype else None
    if kind not in INT_KINDS or val.kind not in ("U", "V") or val.is_float or isinstance(val.expr, ir.Num) \
            or _wide_literal(val) is not None:
        return val
    given = _c_kind(ctx, source)
    if given is None or given == kind or (given[1:] == kind[1:] and val.unsigned == (given[0] == "u")):
        return val  # one width, the sign as C gives it: as_declared converts between signed and unsigned
    # Another width, or a sign the value does not carry (`w &= ~(unsigned)m`: an unsigned int, kept in an int)
    dtype = "tl." + DTYPE_NAMES[kind]
    return Val(val.kind, ir.Call("tl.cast", (val.expr, ir.Text(dtype))), unsigned=kind[0] == "u")


def _width(kind: str | None) -> int | None:
    """The bits of a Triton scalar type (fp32: 32); None for bool and unknown types."""
    digits = re.sub(r"\D", "", kind or "")
    return int(digits) if digits and kind != "i1" else None


def _bits(ctx: Context, val: Val, source: str | None, target: str, what: str) -> Val:
    """`val` converted to C type `source`, its bits read as a `target` of the same width (a bitcast)."""
    if source is None:
        raise Rejected(f"{what} of a value whose declared type the lowering does not follow")
    kinds = [None if t in GENERIC_TYPES or t in ctx.kernel.tparams else triton_type(t, False)
             for t in (source, target)]
    widths = [_width(k) for k in kinds]
    if val.kind not in ("U", "V", "T"):
        raise Rejected(f"{what} of something other than a scalar value")
    if None in widths or widths[0] != widths[1] or widths[0] < 32:
        raise Rejected(f"{what} of a {source}: a reading of its bits as {target} other than between 32- or 64-bit "
                       "scalar types of one width")
    dtypes = [ir.Text("tl." + DTYPE_NAMES[k]) for k in kinds]
    val = data(ctx, val)
    if isinstance(val.expr, ir.Num):
        value = _full(val.expr, dtypes[0].text)
    else:
        value = ir.Call(".to", (val.expr, dtypes[0]))
    if kinds[0] != kinds[1]:
        value = ir.Call(".to", (value, dtypes[1]), kwargs=(("bitcast", ir.Text("True")),))
    return Val("U" if val.kind == "U" else val.kind, value, is_float=kinds[1][0] in "fb",
               unsigned=kinds[1] in ("u32", "u64"))


def _call(ctx: Context, expr: ir.Call) -> Val:
    name = expr.func
    if name == REDUCE:
        return _primitive_reduce(ctx, expr)
    broadcast = _lane_zero(ctx, expr)
    if broadcast is not None:
        return broadcast
    if name in limits_table() and not expr.args:
        return _limit(expr, limits_table()[name])
    if name in conversions_table() and len(expr.args) == 1:
        return evaluate(ctx, ir.Cast(conversions_table()[name], expr.args[0]))
    if name in bits_table() and len(expr.args) == 1:
        source, target = bits_table()[name]
        return _bits(ctx, evaluate(ctx, expr.args[0]), source, target, f"{name}()")
    if name in builtins().votes:
        return _vote(ctx, expr)
    if ctx.mode == "block" and name in builtins().exchanges:
        return _exchange(ctx, expr)
    if name in builtins().shuffles:
        raise Rejected(f"{name} outside a reduction loop")
    if name in builtins().atomics:
        raise Rejected(f"{name} whose old value is used inside an expression (not as the whole value of an "
                       "assignment)")
    if name == ir.BRACES:
        raise Rejected("an initializer list where no vector or structure of one scalar type takes it lane by lane")
    if name in ("grid", "gridsize"):  # Numba cuda.grid(n) / cuda.gridsize(n)
        return Val("T", tag=("gid" if name == "grid" else "stride", "x"))
    callee = _callee(ctx, expr)
    if callee is not None:
        return inline(ctx, callee, expr)
    row = math_table().get(name)
    if row is None and name in ctx.module.macros:
        raise Rejected(f"the macro {name}(), which is not expanded here: defined two ways, #undef'd before this "
                       "use, or with #, ## or a literal string in its body")
    if row is None:
        raise Rejected(f"the call {name}()")
    args = [_constexpr_tensor(ctx, data(ctx, evaluate(ctx, a))) for a in expr.args]
    takes = row.get("takes") or ("float" if name.endswith("f") or name.startswith("__") else "double")
    if takes != "any" and row.get("result") != "int" and args and not any(a.is_float for a in args):
        # a float function of integers: C converts each argument to the function's float type first
        args = [as_declared(a, takes) for a in args]
    if takes != "any" and row.get("result") != "int" and args and all(isinstance(a.expr, ir.Num) for a in args):
        # of numbers alone (`sqrtf(5.f)`): each a scalar of the function's type, which Triton's functions take
        args = [Val("U", _full(ir.Num(float(a.expr.value), True), TL_DTYPE[takes]), is_float=True) for a in args]
    if takes == "float" and row.get("result") != "int":
        # C converts a double argument of a float function (`fmaxf(0.0, z)` of a double z, or of a generic type
        # instantiated at double) to float first, and the function computes and returns a float
        args = [_float_cast(a, "float")
                if a.kind in ("U", "V") and a.is_float and a.expr is not None and not isinstance(a.expr, ir.Num)
                and (_is_double(ctx, a.expr) or _is_generic(ctx, a.expr)) else a for a in args]
    args = _beside_double(ctx, args)
    if row.get("only") == "float" and any(not a.is_float or _is_double(ctx, a.expr) for a in args):
        raise Rejected(f"{name}() of a double (its tile form is exact for float arguments only)")
    if "helper" in row:
        ctx.helpers.add(row["helper"])
        func = f"_{row['helper']}"
    else:
        func = row["tl"]
    is_float = any(a.is_float for a in args) if takes == "any" else row.get("result") != "int"
    return Val(_combine_kind(*args), ir.Call(func, tuple(a.expr for a in args)), is_float=is_float,
               unsigned=takes == "any" and not is_float and all(a.unsigned for a in args))


# The finite float limits of the Triton float types: (largest, smallest normal, epsilon).
FLOAT_LIMITS = {"fp32": (FLT_MAX, 1.1754943508222875e-38, 1.1920928955078125e-07),
                "fp64": (1.7976931348623157e308, 2.2250738585072014e-308, 2.220446049250313e-16)}


def _limit(call: ir.Call, which: str) -> Val:
    """`numeric_limits<T>::max()` and its kin: the number for the type `T` the kernel's instantiation gives."""
    ctype = base_type(call.targs[0]) if len(call.targs) == 1 else ""
    kind = C_TO_TRITON.get(ctype.removeprefix("std::"))
    if ctype in GENERIC_TYPES or kind is None or kind in ("i1", "fp16", "bf16"):
        raise Rejected(f"{call.func}() of {ctype or 'a type'}, whose limits the lowering does not know")
    dtype = f"tl.{DTYPE_NAMES[kind]}"
    if kind in FLOAT_LIMITS:
        largest, smallest, epsilon = FLOAT_LIMITS[kind]
        number = {"max": largest, "lowest": -largest, "min": smallest, "epsilon": epsilon}[which]
        return Val("U", _full(ir.Num(number, True), dtype), is_float=True)
    if which == "epsilon":  # zero for an integer type
        return Val("U", _full(ir.Num(0), dtype), unsigned=kind[0] == "u")
    bits = int(kind[1:])
    low, high = (0, (1 << bits) - 1) if kind[0] == "u" else (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    number = high if which == "max" else low
    if number >= 1 << 63:
        return _unsigned_64(number)
    return Val("U", _full(ir.Num(number), dtype), unsigned=kind[0] == "u")


def _callee(ctx: Context, call: ir.Call) -> ir.Function | None:
    """The device function `call` calls, None where it calls none; overloads of as many parameters are told apart by
    their arguments' types (double, float, integer), each matched exactly, as C++ prefers."""
    callee = resolve(ctx.module, call)
    if isinstance(callee, ir.Function) and call.func in math_table() and _takes_vectors(ctx.module, callee):
        # a header's `sqrtf(float4)` beside CUDA's own: calls.py wrote every call given a vector into the kernel
        # already, so a call left here is given scalars, and means the math function
        return None
    if not isinstance(callee, str):
        return callee
    fits = fitting(ctx.module, call)
    if not fits or len(call.args) == 0:
        raise Rejected(callee)
    saved = _snapshot(ctx)
    try:  # a trial evaluation: the arguments' types, nothing emitted
        vals = [evaluate(ctx, a) for a in call.args]
        kinds = [_type_class(ctx, v) for v in vals]
    except Rejected:
        vals, kinds = [], []
    finally:
        _restore(ctx, saved)
    exact = [f for f in fits if kinds and all(
        _param_class(f, p) in (k, "any") for p, k in zip(f.params, kinds))]
    if len(exact) != 1:
        raise Rejected(callee)
    for position, val in enumerate(vals):
        taken = {_param_class(f, f.params[position]) for f in fits if position < len(f.params)}
        if val.is_float and {"float", "double"} <= taken and _is_generic(ctx, val.expr):
            # the float overload is the one the launch at float takes; the launch at double takes the other
            raise Rejected(f"{callee}, given the kernel's generic element type, whose float and double "
                           "instantiations call different ones")
    return exact[0]


def _generic_types(ctx: Context) -> set[str]:
    """The kernel's generic element type names: its type template parameters and scalar_t, T."""
    return set(ctx.kernel.tparams) | set(GENERIC_TYPES)


def _is_generic(ctx: Context, expr: ir.Expr) -> bool:
    """Whether `expr` computes in the kernel's generic element type: it reads a buffer or a local of that type."""
    generic = _generic_types(ctx)
    if isinstance(expr, ir.Name):
        name = expr.id[len(ctx.prefix):] if ctx.prefix and expr.id.startswith(ctx.prefix) else expr.id
        return base_type(ctx.types.get(name, "")) in generic
    if isinstance(expr, ir.Call) and expr.func == "tl.load":
        base = expr.args[0]
        while isinstance(base, ir.Bin):
            base = base.left
        params = {p.name: p for p in ctx.kernel.params}
        return isinstance(base, ir.Name) and base.id in params and params[base.id].pointer \
            and base_type(params[base.id].ctype) in generic
    if isinstance(expr, ir.Call):
        return any(_is_generic(ctx, a) for a in expr.args)
    if isinstance(expr, ir.Bin):
        return _is_generic(ctx, expr.left) or _is_generic(ctx, expr.right)
    if isinstance(expr, ir.Un):
        return _is_generic(ctx, expr.operand)
    return False


def _takes_vectors(module: ir.Module, fn: ir.Function) -> bool:
    types = set(builtins().vectors or {}) | set(module.records)
    return any(base_type(p.ctype.replace("&", " ")) in types for p in fn.params)


def _type_class(ctx: Context, val: Val) -> str:
    if val.kind not in ("U", "V") or val.expr is None:
        return "other"
    if val.is_float and isinstance(val.expr, ir.Num):
        return "literal"  # C's `2.0` is a double, `2.0f` a float: the IR keeps no suffix
    if val.is_float:
        return "double" if _is_double(ctx, val.expr) else "float"
    return "int"


def _param_class(fn: ir.Function, param: ir.Param) -> str:
    """What a parameter takes, as `_callee` matches it: double, float, int, any (a template type), or other."""
    base = base_type(param.ctype.replace("&", " "))
    if param.pointer or "*" in param.ctype:
        return "other"
    if base in fn.tparams:
        return "any"
    if base in ("double", "float64"):
        return "double"
    if base in ("float", "float32"):
        return "float"
    return "int" if base in INT_CASTS or base in NARROW_TYPES else "other"


def _load(ctx: Context, pointer: ir.Expr, is_float: bool, kind: str) -> Val:
    kwargs: tuple = ()
    mask = _mem_mask(ctx, kind == "V")
    if mask is not None:
        kwargs = (("mask", mask), ("other", ir.Num(0.0, True) if is_float else ir.Num(0)))
    return Val(kind, ir.Call("tl.load", (pointer,), kwargs=kwargs), is_float=is_float)


def _index(ctx: Context, expr: ir.Index) -> Val:
    cast = expr.base
    if isinstance(cast, ir.Cast) and cast.ctype.count("*") == 1 and isinstance(cast.operand, ir.Un) \
            and cast.operand.op == "&" and not isinstance(cast.operand.operand, ir.Index) and expr.indices == (ir.Num(0),):
        # `*(int*) &f`: the variable's bits read as the other type
        variable = cast.operand.operand
        return _bits(ctx, evaluate(ctx, variable), _declared(ctx, variable), base_type(cast.ctype),
                     f"a read through ({cast.ctype.strip()}) of the address of a variable")
    base = evaluate(ctx, expr.base)
    if base.kind == "S" and ctx.mode == "block":
        return _scratch_read(ctx, base, _scratch_index(ctx, base, expr))
    if base.kind == "S":
        return _shared_read(ctx, base, expr)
    if base.kind == "A":
        return _local_read(ctx, base, expr)
    if base.kind != "PTR":
        raise Rejected("indexing something that is not a pointer")
    if len(expr.indices) != 1:
        raise Rejected("a multi-dimensional global index")
    index = evaluate(ctx, expr.indices[0])
    index = data(ctx, index)
    if base.scope in ctx.scratch:
        _touch(ctx, base.scope, "r")
    kind = "V" if _mentions_vector(ctx, base.expr) else _combine_kind(index)
    pred_kind = "V" if ctx.pred is not None and _mentions_vector(ctx, ctx.pred) else kind
    offset = index.expr
    if kind == "U" and pred_kind == "V":
        # One address read by every thread the guard lets through: a block of that address, so the mask fits it.
        offset = _broadcast(ctx, offset)
    loaded = _load(ctx, ir.Bin("+", base.expr, offset), base.is_float, "V" if "V" in (kind, pred_kind) else "U")
    if base.narrow:  # C computes with a char or short promoted to int; Triton would wrap at 8 or 16 bits
        loaded = replace(loaded, expr=ir.Call(".to", (loaded.expr, ir.Text("tl.int32"))))
    elif base.unsigned:
        loaded = replace(loaded, unsigned=True)
    return loaded


AXIS_NAMES = {"offs_x": frozenset("x"), "offs_y": frozenset("y")}


def _axes(ctx: Context, expr: ir.Expr | None) -> frozenset:
    """The index axes a value of a 2-D map varies along (offs_x: x; a block of both: x and y)."""
    text = repr(expr)
    if "tl.zeros" in text and "BLOCK_Y, BLOCK_X" in text:
        return frozenset("xy")
    found = frozenset()
    for name in ir.names_in(expr):
        found |= AXIS_NAMES.get(name) or ctx.axes.get(name, frozenset())
    return found


def _full_2d(ctx: Context, offset: ir.Expr, *others: ir.Expr | None) -> ir.Expr:
    """A 2-D map's store address that varies along one axis, where the mask or the value stored varies along both
    (a column `offs_x == 0` writes): a block of the full shape, as Triton's stores need the value's shape (a load
    broadcasts its pointer and mask together)."""
    if ctx.mode != "elementwise" or ctx.dims != 2:
        return offset
    axes = _axes(ctx, offset)
    if not axes or axes == frozenset("xy") or not any(_axes(ctx, o) - axes for o in others):
        return offset
    return _broadcast(ctx, offset)


def _block_shape(ctx: Context) -> str:
    """The shape of a per-thread value in this kernel's tile program."""
    if ctx.mode == "elementwise":
        return "[BLOCK_Y, BLOCK_X]" if ctx.dims == 2 else "[BLOCK_X]"
    return "[BLOCK]"


def _broadcast(ctx: Context, offset: ir.Expr) -> ir.Expr:
    """One address as a block of it, one per lane, so that a per-lane mask fits it."""
    return ir.Bin("+", offset, ir.Call("tl.zeros", (ir.Text(_block_shape(ctx)), ir.Text("tl.int32"))))


def _mem_mask(ctx: Context, vector: bool) -> ir.Expr | None:
    """The mask of a load or store: the guard, and in the block class the lanes that are threads of the block (its
    lane count is rounded up to a power of two)."""
    if (ctx.mode == "block" or ctx.lanes) and (vector or (ctx.pred is not None and _mentions_vector(ctx, ctx.pred))):
        return _and(ctx.pred, ir.Name(LANES))
    return ctx.pred


def _mentions_vector(ctx: Context, expr: ir.Expr) -> bool:
    text = repr(expr)
    if "tl.arange" in text or "offs_" in text:
        return True
    # a per-lane value by the name the source reads (`b`), by the name the tile program holds it under (`gmul_b`
    # inside an inlined function), or kept per lane by name (ctx.vectors)
    per_lane = ctx.vectors | {n for n, v in ctx.env.items() if v.kind == "V"} | {
        v.expr.id for v in ctx.env.values() if v.kind == "V" and isinstance(v.expr, ir.Name)}
    return not per_lane.isdisjoint(re.findall(r"Name\(id='([^']*)'\)", text))


# -- shared memory and reductions ------------------------------------------------------------------------------


def _shared_read(ctx: Context, base: Val, expr: ir.Index) -> Val:
    state = ctx.shared[base.tag[0]]
    index = evaluate(ctx, expr.indices[0])
    if state.state == "complete" and isinstance(index.expr, ir.Num) and index.expr.value == 0:
        return replace(state.value, kind="U")
    if state.state == "warp" and _tag(index) == ("lane",):
        return replace(state.value, kind="P", scope="warp")
    raise Rejected(f"a shared-memory read outside a recognised reduction ({base.tag[0]})")


def _shared_write(ctx: Context, name: str, index: ir.Expr, value: Val) -> None:
    state = ctx.shared[name]
    tag = _tag(evaluate(ctx, index))
    if tag == ("tid", "x") and value.kind in ("V", "P", "U"):
        if value.kind == "P" and value.scope != "block":
            raise Rejected("a shared-memory store of a partial at the wrong level")
        if ctx.pred is not None and value.kind == "P":
            raise Rejected(f"a shared-memory store of a partial under a condition ({name})")
        if ctx.pred is not None and state.state == "thread" and state.value.kind != "P":
            # `if (i < n) sh[tid] = x[i]; else sh[tid] = 0;`: each lane keeps what its own branch wrote
            merged = ir.Call("tl.where", (_condition(ctx.pred), value.expr, state.value.expr))
            state.value = Val("V", merged, is_float=value.is_float or state.value.is_float,
                              unsigned=value.unsigned and state.value.unsigned)
            state.written = _union(state.written, ctx.pred)
            return
        state.state, state.value, state.written = "thread", value, ctx.pred
        return
    if tag == ("warp",) and value.kind == "P" and value.scope == "crosswarp":
        state.state, state.value = "warp", value
        return
    raise Rejected(f"a shared-memory store outside a recognised reduction ({name})")


def _union(a: ir.Expr | None, b: ir.Expr | None) -> ir.Expr | None:
    """The guard of the lanes either guard lets through: an if's two branches under one outer guard come to it."""
    if a is None or b is None:
        return None
    outer_a, test_a = (a.left, a.right) if isinstance(a, ir.Bin) and a.op == "&" else (None, a)
    outer_b, test_b = (b.left, b.right) if isinstance(b, ir.Bin) and b.op == "&" else (None, b)
    if outer_a == outer_b and _condition(test_b) in (_negate(_condition(test_a)), ir.Un("!", _condition(test_a))):
        return outer_a
    return ir.Bin("|", a, b)


def _reduction_op(target: ir.Expr, op: str, value: ir.Expr) -> tuple[str, ir.Expr] | None:
    """`t += e`, `t = t + e`, `t = fmaxf(t, e)` (either order): the reduction and the new term e."""
    if op == "+=":
        return "sum", value
    if op != "=":
        return None
    if isinstance(value, ir.Bin) and value.op == "+" and value.left == target:
        return "sum", value.right
    if isinstance(value, ir.Call) and len(value.args) == 2 and target in value.args:
        other = value.args[1] if value.args[0] == target else value.args[0]
        row = math_table().get(value.func, {})
        if row.get("tl") == "tl.maximum":
            return "max", other
        if row.get("tl") == "tl.minimum":
            return "min", other
    return None


def _shuffle_loop(ctx: Context, body: tuple) -> bool:
    if len(body) != 1 or not isinstance(body[0], ir.Assign) or not isinstance(body[0].target, ir.Name):
        return False
    stmt = body[0]
    found = _reduction_op(stmt.target, stmt.op, stmt.value)
    if found is None or not isinstance(found[1], ir.Call) or found[1].func not in builtins().shuffles:
        return False
    op = found[0]
    val = evaluate(ctx, stmt.target)
    if val.kind != "P" or val.op != op:
        raise Rejected("a warp shuffle reduction of a value that is not a matching partial")
    next_scope = {"block": "crosswarp", "warp": ""}.get(val.scope)
    if next_scope is None:
        raise Rejected("a warp shuffle across warps")
    ctx.env[stmt.target.id] = replace(val, kind="P" if next_scope else "U", scope=next_scope)
    return True


def _tree_loop(ctx: Context, loop) -> bool:
    """`for (s = start; s > 0; s >>= 1) { if (tid < s) sh[tid] = op(sh[tid], sh[tid + s]); __syncthreads(); }` (or
    a while loop over s with the halving step in its body)."""
    body = loop.body
    guards = [s for s in body if isinstance(s, ir.If)]
    others = [s for s in body if not isinstance(s, (ir.If, ir.Sync, ir.Assign))]
    if len(guards) != 1 or others or len(guards[0].then) != 1 or not isinstance(guards[0].then[0], ir.Assign):
        return False
    stmt = guards[0].then[0]
    if not isinstance(stmt.target, ir.Index) or not isinstance(stmt.target.base, ir.Name):
        return False
    name = stmt.target.base.id
    if name not in ctx.shared:
        return False
    found = _reduction_op(stmt.target, stmt.op, stmt.value)
    if found is None or not (isinstance(found[1], ir.Index) and found[1].base == stmt.target.base):
        raise Rejected(f"a shared-memory loop that is not a tree reduction ({name})")
    op = found[0]
    if len(stmt.target.indices) != 1 or len(found[1].indices) != 1:
        raise Rejected(f"a shared-memory loop that is not a halving tree reduction ({name})")
    start = _halving(ctx, loop, guards[0].test, stmt.target.indices[0], found[1].indices[0], name)
    state = ctx.shared[name]
    if state.state != "thread":
        raise Rejected(f"a tree reduction over shared memory not filled per thread ({name})")
    if state.written is not None and state.written != ctx.alive:
        raise Rejected(f"a tree reduction over shared memory that some threads left unwritten ({name})")
    value = state.value
    if value.kind == "U":  # every thread wrote the same value: one per lane, so that the reduction adds them all
        value = Val("V", ir.Bin("+", value.expr, ir.Call("tl.zeros", (ir.Text(_block_shape(ctx)), ir.Text(
            ("tl.float64" if _is_double(ctx, value.expr) else "tl.float32") if value.is_float else "tl.int32")))),
            is_float=value.is_float)
    if value.kind == "P":
        if value.op != op:
            raise Rejected(f"a {op} tree over {value.op} partials")
        # the partial already holds every thread's share: right only where the tree gathers every thread
        _gathers_block(ctx, start, name)
        reduced = value.expr
    else:
        total = ctx.fresh("total")
        x = value.expr
        if ctx.lanes:  # the lanes past the launch's block hold no thread's element
            x = ir.Call("tl.where", (ir.Name(LANES), x, _reduce_identity(op, value, x)))
        if isinstance(start, int):  # the tree gathers the first 2 * start threads; the rest it leaves out
            below = ir.Bin("<", ir.Call("tl.arange", (ir.Num(0), ir.Name("BLOCK"))), ir.Num(2 * start))
            x = ir.Call("tl.where", (below, x, _reduce_identity(op, value, x)))
        else:
            _gathers_block(ctx, start, name)
        ctx.emit(TAssign(total, ir.Call(REDUCE_CALL[op], (x,), kwargs=(("axis", ir.Num(0)),))))
        reduced = ir.Name(total)
    state.state, state.value = "complete", Val("U", reduced, is_float=value.is_float)
    return True


HALF_BLOCK = "half the block"


def _halving(ctx: Context, loop, guard: ir.Expr, target: ir.Expr, source: ir.Expr, name: str) -> int | str:
    """The first step of a tree reduction's loop over s, which must halve s down to 1 with thread tid adding
    element tid + s to element tid while tid < s: HALF_BLOCK for `blockDim.x / 2`, else a power of two. Any other
    loop (a scan's `tid >= s` and `sh[tid - s]`, a tree stopping at `s > 32` for a warp-synchronous tail, a first
    step of no such value) is no tree this reads."""
    what = f"a shared-memory loop that is not a halving tree reduction ({name})"
    if isinstance(loop, ir.For):
        if len(loop.init) != 1 or len(loop.step) != 1:
            raise Rejected(what)
        init, step = loop.init[0], loop.step[0]
        if isinstance(init, ir.Decl) and init.value is not None:
            var, first = init.name, init.value
        elif isinstance(init, ir.Assign) and init.op == "=" and isinstance(init.target, ir.Name):
            var, first = init.target.id, init.value
        else:
            raise Rejected(what)
        steps = [step]
    elif isinstance(loop, ir.While) and isinstance(loop.test, ir.Bin):
        var = loop.test.left.id if isinstance(loop.test.left, ir.Name) else ""
        first = ir.Name(var)
        steps = [s for s in loop.body if isinstance(s, ir.Assign) and s.target == ir.Name(var)]
    else:
        raise Rejected(what)
    s = ir.Name(var)
    halves = (ir.Assign(s, ">>=", ir.Num(1)), ir.Assign(s, "/=", ir.Num(2)), ir.Assign(s, "=", ir.Bin(">>", s, ir.Num(1))),
              ir.Assign(s, "=", ir.Bin("/", s, ir.Num(2))))
    ends = (ir.Bin(">", s, ir.Num(0)), ir.Bin(">=", s, ir.Num(1)), ir.Bin("!=", s, ir.Num(0)), ir.Bin("<", ir.Num(0), s))
    if not var or len(steps) != 1 or steps[0] not in halves or loop.test not in ends:
        raise Rejected(what)

    def is_tid(expr: ir.Expr) -> bool:
        return _tag(evaluate(ctx, expr)) == ("tid", "x")

    tid_below = isinstance(guard, ir.Bin) and (
        (guard.op == "<" and guard.right == s and is_tid(guard.left))
        or (guard.op == ">" and guard.left == s and is_tid(guard.right)))
    plus_s = isinstance(source, ir.Bin) and source.op == "+" and (
        (source.right == s and is_tid(source.left)) or (source.left == s and is_tid(source.right)))
    if not (tid_below and plus_s and is_tid(target)):
        raise Rejected(what)
    held = first
    if isinstance(first, ir.Name) and first.id in ctx.env and _const_int(ctx, first) is None:
        held = ctx.env[first.id].expr  # `int s = blockDim.x / 2; while (s > 0)`: what s was set to
        if held == first:  # a variable of the tile program: the value its last assignment gave it
            held = next((t.value for t in reversed(ctx.out) if isinstance(t, TAssign) and t.name == first.id), held)
    if isinstance(held, ir.Bin) and (held.op, held.right) in (("/", ir.Num(2)), ("//", ir.Num(2)), (">>", ir.Num(1))) \
            and (_tag(evaluate(ctx, held.left)) == ("bdim", "x") if held is first else held.left == ir.Name("THREADS")):
        return HALF_BLOCK  # as written (blockDim.x), or as the tile program holds it (THREADS, the launch's block)
    number = _const_int(ctx, held)
    if number is None:
        number = _wide_literal(Val("U", held))  # a typed scalar (`tl.full([], 128, tl.int32)`)
    if not isinstance(number, int) or number <= 0 or number & (number - 1):
        raise Rejected(f"a tree reduction over {name} whose first step is neither half the block nor a power of two")
    return number


def _gathers_block(ctx: Context, start: int | str, name: str) -> None:
    """The launch check of a tree that must gather every thread of the block: `blockDim.x / 2` halves to every
    thread only at a power-of-two block (at 192 the tree leaves out the threads its odd steps skip); a first step
    s takes every thread only at a block of at most 2 * s threads (more, and it leaves out those past 2 * s)."""
    if start == HALF_BLOCK:
        ctx.checks["block0 & (block0 - 1) == 0"] = (
            f"the original's tree reduction over {name} halves blockDim.x, which leaves out threads' values at a "
            "block that is not a power of two; this translation reduces them all: launch it with a power-of-two "
            "block (got {block0})")
    else:
        ctx.checks[f"block0 <= {2 * start}"] = (
            f"the original's tree reduction over {name} gathers the first {2 * start} threads of the block and "
            f"leaves out the rest; this translation reduces them all: launch it with at most {2 * start} threads "
            "(got {block0})")


# -- CUB's block and warp reductions (migrate/tile/primitives.py): the aggregate is the first thread's alone -------


def _primitive_reduce(ctx: Context, call: ir.Call) -> Val:
    """A CUB reduction of one value per thread over the block (or each logical warp) of the threads the guard lets
    through (and, given a count, the first that many): one value per program (per warp, held by each of its lanes),
    readable by the first thread (lane) only."""
    op, over, extent = call.targs
    what = "a CUB block reduction" if over == "block" else "a CUB warp reduction"
    if ctx.mode == "elementwise":
        raise Rejected(f"{what} in an element-wise map")
    value = evaluate(ctx, call.args[0])
    count = call.args[1] if len(call.args) > 1 else None
    if value.kind == "A":
        raise Rejected(f"{what} of a per-thread array")
    if value.kind == "P":
        # A strided loop's partial (`for (i = tid; i < n; i += blockDim.x) m = fmaxf(m, x[i]);`): its expression
        # already holds the reduction over every thread of the block (or lane of the warp).
        if value.scope != over or value.op != op or (over == "warp" and extent != str(WARP)):
            raise Rejected(f"{what} ({op}) of a {value.op} partial spread over the {value.scope or 'program'}")
        if count is not None and not _every_thread(ctx, count, over):
            raise Rejected(f"{what} of the first threads only, of a partial spread over the {value.scope}")
        return Val("L", value.expr, tag=(over, extent, "U"), is_float=value.is_float)
    value = data(ctx, value)
    if value.kind not in ("U", "V"):
        raise Rejected(f"{what} of something that is not one value per thread")
    if ctx.mode == "block":
        lane, mask = ir.Name("_lane"), ir.Name(LANES)
    elif over == "warp" or ctx.warp_group:
        raise Rejected(f"{what} in a program whose lanes are not one per thread (the block class runs it)")
    else:
        ctx.faithful = True  # each lane a thread of the block, as the launch gives it
        lane, mask = ir.Call("tl.arange", (ir.Num(0), ir.Name("BLOCK"))), None
    mask = _and(mask, ctx.pred)  # threads that left the kernel take no part (CUDA leaves their share undefined)
    if ctx.lanes:
        mask = _and(mask, ir.Name(LANES))
    if count is not None and not _every_thread(ctx, count, over):
        valid = data(ctx, evaluate(ctx, count))
        within = lane if over == "block" else ir.Bin("%", lane, ir.Num(int(extent)))
        mask = _and(mask, ir.Bin("<", within, valid.expr))
    x = value.expr
    if value.kind == "U":
        x = _broadcast(ctx, x) if not value.is_float else ir.Bin("+", x, ir.Call(
            "tl.zeros", (ir.Text(_block_shape(ctx)), ir.Text("tl.float64" if _is_double(ctx, x) else "tl.float32"))))
    if mask is not None:
        x = ir.Call("tl.where", (mask, x, _reduce_identity(op, value, x)))
    name = ctx.fresh("aggregate")
    if over == "block":
        ctx.emit(TAssign(name, ir.Call(REDUCE_CALL[op], (x,), kwargs=(("axis", ir.Num(0)),))))
        return Val("L", ir.Name(name), tag=(over, extent, "U"), is_float=value.is_float, unsigned=value.unsigned)
    # Each logical warp a row of lanes: reduced along it, its result given back to every lane of the row.
    lanes = int(extent)
    ctx.warp_lanes = max(ctx.warp_lanes, lanes)
    rows = ir.Text(f"[BLOCK // {lanes}, {lanes}]")
    reduced = ir.Call(REDUCE_CALL[op], (ir.Call("tl.reshape", (x, rows)),), kwargs=(("axis", ir.Num(1)),))
    spread = ir.Call("tl.broadcast_to", (ir.Index(reduced, (ir.Slice(), ir.NoneConst())), rows))
    ctx.emit(TAssign(name, ir.Call("tl.reshape", (spread, ir.Text("[BLOCK]")))))
    return Val("L", ir.Name(name), tag=(over, extent, "V"), is_float=value.is_float, unsigned=value.unsigned)


def _reduce_identity(op: str, value: Val, x: ir.Expr) -> ir.Expr:
    """What a masked-out lane holds in a reduction: 0 for a sum, an infinity for a float max or min, and for an
    integer one the smallest (largest) of all lanes, which no lane's share can pass."""
    if op == "sum":
        return ir.Num(0.0, True) if value.is_float else ir.Num(0)
    if value.is_float:
        return ir.Num(float("-inf") if op == "max" else float("inf"), True)
    return ir.Call("tl.min" if op == "max" else "tl.max", (x,), kwargs=(("axis", ir.Num(0)),))


def _every_thread(ctx: Context, count: ir.Expr, over: str) -> bool:
    """Whether a reduction's count of taking part is every thread: blockDim.x (of a 1-D block), or warpSize."""
    if over == "block":
        return count == ir.Builtin("blockDim", "x")
    return count == ir.Name("warpSize") or _const_int(ctx, count) == WARP


def _lead_read(ctx: Context, val: Val) -> Val:
    """A CUB aggregate read where the guards pin the thread that holds it: thread 0 of the block (on each axis the
    primitive's block has), or lane 0 of a warp. Any other read is undefined in CUDA, so the kernel stays SIMT."""
    over, extent, kind = val.tag
    if over == "block":
        held = set("xyz"[: int(extent)]) <= ctx.lead
        reader = "thread 0 of the block"
    else:
        held = any(p.startswith("lane:") and int(p[5:]) % int(extent) == 0 for p in ctx.lead) or (
            "x" in ctx.lead and _one_d(ctx))
        reader = "lane 0 of each warp"
    if not held:
        raise Rejected(f"a value defined in {reader} only (a CUB {over} reduction's result, or what that thread alone "
                       "assigned) read by other threads")
    return Val(kind, val.expr, is_float=val.is_float, unsigned=val.unsigned)


def _one_d(ctx: Context) -> bool:
    """Whether the kernel reads only the x axis of its thread index (a warp's lanes are then its threads' x)."""
    return not re.search(r"kind='(threadIdx|blockDim)', axis='[yz]'", repr(ctx.kernel.body))


def _lane_zero(ctx: Context, call: ir.Call) -> Val | None:
    """`__shfl_sync(mask, agg, 0)` of a CUB warp reduction's result: lane 0's value, which is the warp's aggregate,
    for every lane of the warp (logical warps as wide as the shuffle's segment)."""
    row = builtins().exchanges.get(call.func)
    if row is None or row["form"] != "index":
        return None
    args = call.args[1:] if row["mask"] else call.args
    if len(args) not in (2, 3) or not isinstance(args[0], ir.Name):
        return None
    val = ctx.env.get(args[0].id)
    if val is None or val.kind != "L" or val.tag[0] != "warp":
        return None
    width = _const_int(ctx, args[2]) if len(args) == 3 else WARP
    if _const_int(ctx, args[1]) != 0 or width != int(val.tag[1]):
        return None
    return Val(val.tag[2], val.expr, is_float=val.is_float, unsigned=val.unsigned)


def _pins(ctx: Context, test: ir.Expr) -> frozenset:
    """What a guard pins: each thread axis it holds at 0 ("x" for `threadIdx.x == 0`, also through a local that
    copies it), and "lane:K" for `threadIdx.x % K == 0` (`& (K - 1)`, `% warpSize`); the terms of `&&` together."""
    if isinstance(test, ir.Bin) and test.op == "&&":
        return _pins(ctx, test.left) | _pins(ctx, test.right)
    if isinstance(test, ir.Un) and test.op == "!":
        found = _pin_of(ctx, test.operand)
    elif isinstance(test, ir.Bin) and test.op == "==" and test.right == ir.Num(0):
        found = _pin_of(ctx, test.left)
    elif isinstance(test, ir.Bin) and test.op == "==" and test.left == ir.Num(0):
        found = _pin_of(ctx, test.right)
    else:
        found = None
    return frozenset([found] if found else [])


def _pin_of(ctx: Context, expr: ir.Expr, depth: int = 0) -> str | None:
    while isinstance(expr, ir.Cast):
        expr = expr.operand
    if isinstance(expr, ir.Name) and depth < 8:
        copied = _copies(ctx).get(expr.id)
        return _pin_of(ctx, copied, depth + 1) if copied is not None else None
    if isinstance(expr, ir.Builtin) and expr.kind == "threadIdx":
        return expr.axis
    if isinstance(expr, ir.Bin) and expr.op in ("%", "&") and _pin_of(ctx, expr.left, depth) == "x":
        k = WARP if expr.right == ir.Name("warpSize") else _const_int(ctx, expr.right)
        if k is not None and expr.op == "&":
            k += 1
        if k is not None and k > 0 and not k & (k - 1):
            return f"lane:{k}"
    return None


def _copies(ctx: Context) -> dict[str, ir.Expr]:
    """The kernel's locals that hold one value from their declaration on (declared once, never assigned)."""
    if ctx.copies is None:
        declared: dict[str, list] = {}
        assigned = set()
        for stmt in ir.statements_in(ctx.kernel.body):
            if isinstance(stmt, ir.Decl) and stmt.shared is None and stmt.local is None:
                declared.setdefault(stmt.name, []).append(stmt.value)
            elif isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Name):
                assigned.add(stmt.target.id)
        assigned |= written_references(ctx.module, ctx.kernel.body)
        ctx.copies = {name: values[0] for name, values in declared.items()
                      if len(values) == 1 and values[0] is not None and name not in assigned}
    return ctx.copies


# -- one program per thread block: lanes are the block's threads, shared arrays are per-program scratch --------

LANES = "_lanes"  # the lanes that are threads of the block
# Thread-structure kinds (builtins.toml [index]) as the block class names them, per axis.
BLOCK_INDEX = {("tid", a): ("V", f"_tid_{a}") for a in "xyz"} | {("bid", a): ("U", f"_bid_{a}") for a in "xyz"} \
    | {("bdim", a): ("U", f"BD{a.upper()}") for a in "xyz"}
GRID_AXES = {"x": 0, "y": 1, "z": 2}
GENERIC_TYPES = ("scalar_t", "T")  # template element types the lowering reads


def scratch_dtype(ctype: str) -> str | None:
    """The torch dtype of a shared array's scratch buffer, from the Triton type of its C element type (targets.py's
    table); None for types with no buffer of their own (bool, bfloat16, template types, structures)."""
    name = dtype_name(ctype)
    if name in (None, "bool", "bfloat16") or base_type(ctype) in GENERIC_TYPES:
        return None
    return name


def block_index(ctx: Context, expr: ir.Builtin) -> Val:
    """threadIdx, blockIdx, blockDim and gridDim as the block class holds them: a thread index is one value per
    lane, the others one per program."""
    kind = builtins().index.get(expr.kind)
    if kind == "gdim" and expr.axis in GRID_AXES:
        return Val("U", ir.Call("tl.num_programs", (ir.Num(GRID_AXES[expr.axis]),)))
    found = BLOCK_INDEX.get((kind, expr.axis))
    if found is None:
        raise Rejected(f"{expr.kind}.{expr.axis}")
    return Val(found[0], ir.Name(found[1]))


def block_prologue() -> list:
    """The block class's names: the lanes, each lane's thread index, the block's index and its scratch row."""
    lane = ir.Name("_lane")
    pid = [ir.Call("tl.program_id", (ir.Num(a),)) for a in range(3)]
    count = [ir.Call("tl.num_programs", (ir.Num(a),)) for a in range(3)]
    return [
        TAssign("_lane", ir.Call("tl.arange", (ir.Num(0), ir.Name("BLOCK")))),
        TAssign(LANES, ir.Bin("<", lane, ir.Bin("*", ir.Bin("*", ir.Name("BDX"), ir.Name("BDY")), ir.Name("BDZ")))),
        TAssign("_tid_x", ir.Bin("%", lane, ir.Name("BDX"))),
        TAssign("_tid_y", ir.Bin("%", ir.Bin("//", lane, ir.Name("BDX")), ir.Name("BDY"))),
        TAssign("_tid_z", ir.Bin("//", lane, ir.Bin("*", ir.Name("BDX"), ir.Name("BDY")))),
        TAssign("_bid_x", pid[0]),
        TAssign("_bid_y", pid[1]),
        TAssign("_bid_z", pid[2]),
        # scratch rows are numbered in int64: a grid's blocks times a tile's elements may pass 2**31
        TAssign("_row", ir.Call(".to", (ir.Bin("+", ir.Bin("*", ir.Bin("+", ir.Bin("*", pid[2], count[1]), pid[1]),
                                                          count[0]), pid[0]), ir.Text("tl.int64")))),
    ]


def block_env() -> dict[str, Val]:
    """The prologue's per-lane names, so that what reads them is known to be per-lane."""
    return {n: Val("V", ir.Name(n)) for n in ("_lane", "_tid_x", "_tid_y", "_tid_z", LANES)}


def _scratch_decl(ctx: Context, stmt: ir.Decl) -> None:
    dims = [_const_int(ctx, d) for d in stmt.shared]
    if None in dims and ctx.kernel.tconsts:  # sized by a value template parameter launched with several numbers
        dims = [_largest_size(ctx, d) for d in stmt.shared]
    if dims == [0]:
        _dynamic_decl(ctx, stmt)
        return
    if any(d is None or d <= 0 for d in dims):
        raise Rejected(f"a shared array ({stmt.name}) whose size is not a constant")
    base = base_type(stmt.ctype)
    like = ""
    if base in GENERIC_TYPES:
        # a template's element type: the scratch takes the dtype of a buffer of that type, as the launch gives it
        like = next((p.name for p in ctx.kernel.params if p.pointer and base_type(p.ctype) == base), "")
        if not like:
            raise Rejected(f"a shared array of {base} ({stmt.name}) beside no buffer of {base}")
    elif scratch_dtype(base) is None:
        raise Rejected(f"a shared array of {stmt.ctype.strip() or 'an unnamed type'} ({stmt.name})")
    key = ctx.prefix + stmt.name
    while key in ctx.scratch and ctx.scratch[key].dims != tuple(dims):
        key += "_"
    ctx.scratch[key] = Scratch(f"_shared_{key}", base, tuple(dims), scratch_dtype(base) or "", like)
    ctx.touched.setdefault(key, set())
    ctx.env[stmt.name] = Val("S", tag=(key,), is_float=_is_float_type(base), narrow=_is_narrow(base),
                             unsigned=_is_unsigned(base))


def _dynamic_decl(ctx: Context, stmt: ir.Decl) -> None:
    """`extern __shared__ float s[];`: one row per program of as many elements as the launch's shared bytes hold.
    Every such array of a kernel starts at the same address in CUDA, so all of them are one scratch buffer."""
    base = base_type(stmt.ctype)
    if scratch_dtype(base) is None:
        raise Rejected(f"a dynamic shared array of {stmt.ctype.strip() or 'an unnamed type'} ({stmt.name})")
    key = "_dynamic"
    held = ctx.scratch.get(key)
    if held is not None and held.ctype != base:
        raise Rejected(f"dynamic shared arrays of two types ({held.ctype}, {base}) over the same memory")
    ctx.scratch[key] = Scratch(f"_shared{key}", base, (0,), scratch_dtype(base), dynamic=True)
    ctx.touched.setdefault(key, set())
    ctx.env[stmt.name] = Val("S", tag=(key,), is_float=_is_float_type(base), narrow=_is_narrow(base),
                             unsigned=_is_unsigned(base))


def _row_stride(scratch: Scratch) -> ir.Expr:
    return ir.Name(DYNAMIC_COUNT) if scratch.dynamic else ir.Num(scratch.count)


def _scratch_index(ctx: Context, base: Val, expr: ir.Index) -> Val:
    """The element number of `s[i][j]` in a shared array, row-major as C lays it out."""
    return _row_major(ctx, expr, ctx.scratch[base.tag[0]].dims, "a shared array")


def _scratch_row(ctx: Context, base: Val) -> ir.Expr:
    """The start of this program's row of a shared array's scratch buffer."""
    scratch = ctx.scratch[base.tag[0]]
    return ir.Bin("+", ir.Name(scratch.name), ir.Bin("*", ir.Name("_row"), _row_stride(scratch)))


def _scratch_pointer(ctx: Context, base: Val, offset: ir.Expr) -> ir.Expr:
    return ir.Bin("+", _scratch_row(ctx, base), offset)


def _scratch_address(ctx: Context, base: Val, offset: ir.Expr) -> Val:
    """A pointer into a shared array's scratch row (`&s[i]`, `s` passed to a device function); its accesses are
    tracked as the array's (`scope` names it)."""
    return Val("PTR", _scratch_pointer(ctx, base, offset), is_float=base.is_float, narrow=base.narrow,
               unsigned=base.unsigned, scope=base.tag[0])


def _scratch_read(ctx: Context, base: Val, index: Val) -> Val:
    _touch(ctx, base.tag[0], "r")
    vector = index.kind == "V" or (ctx.pred is not None and _mentions_vector(ctx, ctx.pred))
    offset = index.expr
    if index.kind == "U" and vector:
        offset = _broadcast(ctx, offset)
    loaded = _load(ctx, _scratch_pointer(ctx, base, offset), base.is_float, "V" if vector else "U")
    if base.narrow:
        loaded = replace(loaded, expr=ir.Call(".to", (loaded.expr, ir.Text("tl.int32"))))
    elif base.unsigned:
        loaded = replace(loaded, unsigned=True)
    return loaded


def _scratch_write(ctx: Context, base: Val, target: ir.Index, value: Val) -> None:
    index = _scratch_index(ctx, base, target)
    value = as_declared(data(ctx, value), ctx.scratch[base.tag[0]].ctype)
    _touch(ctx, base.tag[0], "w")
    _store(ctx, _scratch_row(ctx, base), index, value)


# Scratch accesses that may not meet without a barrier between them: r(ead), w(rite), a(tomic update).
CONFLICTS = {"r": {"w", "a"}, "w": {"r", "w", "a"}, "a": {"r", "w"}}


WARP = 32  # lanes of a CUDA warp: the segment the shuffles exchange within, whatever the GPU's own width
EXCHANGE_ROW = 1024  # the most threads a CUDA block has: one scratch element each


def _exchange(ctx: Context, call: ir.Call) -> Val:
    """A warp shuffle in the block class: every lane stores its value into the program's exchange row, then reads
    the value of its source lane within its segment (its own where CUDA gives a lane its own value back)."""
    row = builtins().exchanges[call.func]
    args = call.args[1:] if row["mask"] else call.args
    if len(args) not in (2, 3):
        raise Rejected(f"{call.func} with {len(call.args)} arguments")
    value = data(ctx, evaluate(ctx, args[0]))
    lane_arg = data(ctx, evaluate(ctx, args[1]))
    width = data(ctx, evaluate(ctx, args[2])) if len(args) == 3 else Val("U", ir.Num(WARP))
    if value.kind not in ("U", "V") or lane_arg.is_float or width.is_float:
        raise Rejected(f"{call.func} of something that is not one value per thread")
    ctype = "double" if _is_double(ctx, value.expr) else "float" if value.is_float else "int"
    key = f"_exchange_{ctype}"
    if key not in ctx.scratch:
        ctx.scratch[key] = Scratch(f"_shared{key}", ctype, (EXCHANGE_ROW,), scratch_dtype(ctype))
    base = Val("S", tag=(key,), is_float=value.is_float)
    lane = ir.Name("_lane")
    start = ir.Bin("*", ir.Bin("//", lane, width.expr), width.expr)  # the lane's segment
    within = ir.Bin("-", lane, start)
    form = row["form"]
    if form == "index":
        source = ir.Bin("+", start, ir.Bin("%", lane_arg.expr, width.expr))
    elif form == "xor":
        flipped = ir.Bin("^", within, lane_arg.expr)
        source = ir.Call("tl.where", (ir.Bin("<", flipped, width.expr), ir.Bin("+", start, flipped), lane))
    elif form == "down":
        moved = ir.Bin("+", within, lane_arg.expr)
        source = ir.Call("tl.where", (ir.Bin("<", moved, width.expr), ir.Bin("+", start, moved), lane))
    else:
        source = ir.Call("tl.where", (ir.Bin(">=", within, lane_arg.expr), ir.Bin("-", lane, lane_arg.expr), lane))
    saved = ctx.pred
    ctx.pred = None  # every lane publishes, whichever the guard lets through, as a full warp takes part
    _scratch_write(ctx, base, ir.Index(ir.Name(key), (ir.Name("_lane"),)), value)
    ctx.pred = saved
    # Read now, into a name of its own: a later shuffle of the same statement overwrites the row.
    read = _scratch_read(ctx, base, Val("V", source))
    name = ctx.fresh("_shuffled")
    ctx.emit(TAssign(name, read.expr))
    return Val("V", ir.Name(name), is_float=read.is_float)




def _vote(ctx: Context, call: ir.Call) -> Val:
    """A warp or block vote in the block class: the threads' predicates as 0 or 1, reduced over each warp (a row
    of 32 lanes, its result given back to every lane of the row) or over the block."""
    row = builtins().votes[call.func]
    if ctx.mode != "block":
        raise Rejected(f"{call.func} outside the block class")
    args = call.args[1:] if row["mask"] else call.args
    if len(args) != 1:
        raise Rejected(f"{call.func} with {len(call.args)} arguments")
    if row["mask"] and _const_int(ctx, call.args[0]) not in (FULL_MASK.value, -1):
        raise Rejected(f"{call.func} with a member mask other than the full warp")
    value = data(ctx, evaluate(ctx, args[0]))
    if value.kind not in ("U", "V"):
        raise Rejected(f"{call.func} of something that is not one value per thread")
    holds = ir.Call(".to", (_broadcast(ctx, ir.Bin("!=", value.expr, ir.Num(0))), ir.Text("tl.int32")))
    mask = _and(ir.Name(LANES), ctx.pred)  # threads that left take no part: 1 for all, 0 for any and count
    if row["op"] == "ballot":  # lane k's bit, in 32 bits unsigned
        holds = ir.Bin("<<", ir.Call(".to", (holds, ir.Text("tl.uint32"))),
                       ir.Call(".to", (ir.Bin("%", ir.Name("_lane"), ir.Num(WARP)), ir.Text("tl.uint32"))))
    x = ir.Call("tl.where", (mask, holds, ir.Num(1 if row["op"] == "all" else 0)))
    name = ctx.fresh("_vote")
    if row["over"] == "block":
        _barrier(ctx)  # __syncthreads_and and its kin are barriers too
        ctx.emit(TAssign(name, ir.Call(row["reduce"], (x,), kwargs=(("axis", ir.Num(0)),))))
        return Val("U", ir.Name(name))
    ctx.warp_lanes = max(ctx.warp_lanes, WARP)
    rows = ir.Text(f"[BLOCK // {WARP}, {WARP}]")
    reduced = ir.Call(row["reduce"], (ir.Call("tl.reshape", (x, rows)),), kwargs=(("axis", ir.Num(1)),))
    spread = ir.Call("tl.broadcast_to", (ir.Index(reduced, (ir.Slice(), ir.NoneConst())), rows))
    ctx.emit(TAssign(name, ir.Call("tl.reshape", (spread, ir.Text("[BLOCK]")))))
    return Val("V", ir.Name(name), unsigned=row["op"] == "ballot")


def _touch(ctx: Context, key: str, access: str) -> None:
    """Note a scratch access, with a barrier before it where it may meet another lane's access since the last one:
    a read after a write, a write after anything, an atomic after a plain access (atomics commute). Triton may
    hold a lane's elements in other GPU threads than CUDA's thread of that index, and in other threads from one
    access to the next, so even accesses that CUDA orders within one thread need one."""
    seen = ctx.touched.setdefault(key, set())
    if seen & CONFLICTS[access]:
        _barrier(ctx)
        seen = ctx.touched[key]
    seen.add(access)


BARRIER = TCall(ir.Call("tl.debug_barrier", ()))


def _barrier(ctx: Context) -> None:
    if not ctx.out or ctx.out[-1] != BARRIER:
        ctx.emit(BARRIER)
    for seen in ctx.touched.values():
        seen.clear()


# -- statements ------------------------------------------------------------------------------------------------


def _branch_returns(stmts: tuple, nested: bool = False) -> bool:
    """Whether a function body returns from inside a branch or a loop (not only at its end)."""
    for stmt in stmts:
        if isinstance(stmt, ir.Return) and nested:
            return True
        for attr in ("then", "orelse", "body"):
            inner = getattr(stmt, attr, None)
            if isinstance(inner, tuple) and _branch_returns(inner, True):
                return True
    return False


def _return_dtype(fn: ir.Function) -> str:
    base = base_type(fn.rtype)
    if base in INT_CASTS:
        return INT_CASTS[base]
    if base in ("double", "float64"):
        return "tl.float64"
    if _is_float_type(base):
        return "tl.float32"
    if base == "bool":
        return "tl.int1"
    raise Rejected(f"the device function {fn.name} returns {fn.rtype or 'a type'} from a branch")


def _masked_return(ctx: Context, value: ir.Expr | None) -> None:
    """`return value` in a device function that returns from branches: the lanes the guard lets through take
    `value` as their result (a function that returns nothing has none) and sit out the rest of the function."""
    done, result, ctype = ctx.returning
    if (value is None) != (result is None):
        raise Rejected("a return without a value in a device function that returns one" if value is None
                       else "a return with a value in a device function that returns nothing")
    here = ctx.fresh("_returns")
    if result is not None:
        val = as_declared(data(ctx, evaluate(ctx, value)), ctype)
        if val.kind not in ("U", "V"):
            raise Rejected("a device function returning something that is not one value per thread")
        ctx.emit(TAssign(here, ctx.pred if ctx.pred is not None else ir.Bin("==", ir.Name(done), ir.Name(done))))
        ctx.emit(TAssign(result, ir.Call("tl.where", (ir.Name(here), val.expr, ir.Name(result)))))
    else:
        ctx.emit(TAssign(here, ctx.pred if ctx.pred is not None else ir.Bin("==", ir.Name(done), ir.Name(done))))
    ctx.emit(TAssign(done, ir.Bin("|", ir.Name(done), ir.Name(here))))


INLINE_DEPTH = 32  # device functions inlined one inside another (a template recursing on a number ends sooner)
RETURNS_NOTHING = ("", "void")


def _plain_type(ctype: str) -> str:
    """A parameter's type without its reference (`const int&` -> `const int`): the type of the value it holds."""
    return ctype.replace("&", " ").strip()


def _param_writes(module: ir.Module, fn: ir.Function) -> set[str]:
    """The parameters `fn` assigns: directly, or by passing them on to a reference a call in its body may assign
    through (each parameter taken by value is a local of the function's own: assigning it changes nothing else)."""
    names = {p.name for p in fn.params}
    assigned = {stmt.target.id for stmt in ir.statements_in(fn.body)
                if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Name)}
    return (assigned | written_references(module, fn.body)) & names


def _memory_stores(fn: ir.Function) -> bool:
    """Whether `fn`'s body may write memory: a store through a pointer or an index, an atomic, or a call."""
    for node in ir.nodes(fn.body):
        if isinstance(node, ir.Assign) and not isinstance(node.target, ir.Name):
            return True
        if isinstance(node, ir.Call) and not node.func.startswith("tl.") and node.func not in math_table():
            return True
    return False


def _reference(ctx: Context, fn: ir.Function, param: ir.Param, arg: ir.Expr, bound: set[str]) -> Val:
    """What a reference parameter that `fn` assigns is bound to: the caller's local `arg` names, whose value it
    starts with (the caller takes its final value back after the body)."""
    what = f"the device function {fn.name} assigns its reference parameter {param.name}"
    if not isinstance(arg, ir.Name):
        kind = ("an array element" if isinstance(arg, ir.Index) else "a pointer dereference"
                if isinstance(arg, ir.Un) and arg.op == "*" else "a member" if isinstance(arg, ir.Attr)
                else "a value that is no variable")
        raise Rejected(f"{what}, given {kind}")
    if arg.id in bound:
        raise Rejected(f"{what}, given {arg.id}, which another of its reference parameters is given too")
    if ctx.outer is not None:  # the other threads keep the old value: _store_local's first-thread values
        raise Rejected(f"{what}, called in a branch one thread runs")
    held = ctx.env.get(arg.id)
    if held is None and arg.id in ctx.types and "*" not in ctx.types[arg.id]:
        # declared without a value (`float r1; distances(x, r1);`): C leaves it open until the function assigns it
        held = as_declared(Val("U", ir.Num(0)), ctx.types[arg.id])
    if held is None:
        raise Rejected(f"{what}, given {arg.id}, which is no local variable")
    if held.kind == "A":
        raise Rejected(f"{what}, given the per-thread local array {arg.id}")
    if held.kind not in ("U", "V", "T", "L"):
        raise Rejected(f"{what}, given {arg.id}, which is no local variable of one value per thread")
    return held


def _template_numbers(ctx: Context, fn: ir.Function, call: ir.Call) -> dict[str, int]:
    """The numbers `call` gives `fn`'s template parameters: written as numbers, or as a number's name and one
    operation (`N - 1`); a parameter taken as a type, or deduced, is given 0 (the lowering reads it as a type)."""
    numbers: dict[str, int] = {}
    for position, (name, text) in enumerate(zip(fn.tparams, call.targs)):
        text = text.strip()
        kind = fn.tkinds[position] if position < len(fn.tkinds) else ""
        if kind == "value" and text in _kernel_constexprs(ctx):
            continue  # the kernel's own constexpr, passed on (inline)
        if text in ("true", "false"):
            numbers[name] = int(text == "true")
            continue
        if text.isdigit():
            numbers[name] = int(text)
            continue
        found = re.fullmatch(r"(\w+)(?:\s*([-+*])\s*(\w+))?", text)
        parts = [] if found is None else [_const_int(ctx, ir.Num(int(w)) if w.isdigit() else ir.Name(w))
                                          for w in found.group(1, 3) if w is not None]
        if found is not None and None not in parts:
            numbers[name] = parts[0] if len(parts) == 1 else \
                {"+": parts[0] + parts[1], "-": parts[0] - parts[1], "*": parts[0] * parts[1]}[found.group(2)]
        elif kind == "value":
            raise Rejected(f"the template argument {text} of {fn.name}, which is no number the lowering knows")
        else:
            numbers[name] = 0
    return numbers


def _constexpr_tensor(ctx: Context, val: Val) -> Val:
    """An integer computed from the kernel's constexprs alone (`degree + 1`) as a tensor of its C type: Triton
    folds it to a Python int, which has no `.to` for the conversion to a math function's float type."""
    names = ir.names_in(val.expr) if val.kind == "U" and not val.is_float and val.expr is not None else set()
    if not names or not names <= _kernel_constexprs(ctx):
        return val
    kind = _c_kind(ctx, val.expr) or "i32"
    return replace(val, expr=ir.Call("tl.cast", (val.expr, ir.Text("tl." + DTYPE_NAMES[kind]))))


def _kernel_constexprs(ctx: Context) -> set[str]:
    """The kernel's value template parameters launched with several numbers: tl.constexprs of the tile kernel."""
    return {name for name, _ in ctx.kernel.tconsts}


def _deduced(ctx: Context, fn: ir.Function, call: ir.Call) -> ir.Function:
    """`fn` with each type template parameter the call does not give replaced by the type its argument has (`T` of
    `const T *in` given an int buffer is int), as C++ deduces it. A parameter whose type the lowering cannot tell
    keeps the function SIMT where the body declares or casts with it (the lowering would take it for a float)."""
    mapping: dict[str, str] = {}
    for name in fn.tparams[len(call.targs):]:
        for param, arg in zip(fn.params, call.args):
            if base_type(param.ctype.replace("&", " ")) != name:
                continue
            if param.pointer or "*" in param.ctype:
                held = ctx.env.get(arg.id) if isinstance(arg, ir.Name) else None
                scratch = ctx.scratch.get(held.tag[0]) if held is not None and held.kind == "S" and held.tag else None
                found = scratch.ctype if scratch is not None else _pointee(ctx, arg)
            else:
                found = _declared(ctx, arg) or _float_type(ctx, arg)
            if found:
                mapping[name] = base_type(found)
                break
    mapping = {k: v for k, v in mapping.items() if k != v}
    for name in fn.tparams[len(call.targs):]:
        if name not in mapping and any(re.search(rf"\b{name}\b", node.ctype) for node in ir.nodes(fn.body)
                                       if isinstance(node, (ir.Decl, ir.Cast))):
            raise Rejected(f"the type {name} of the device function {fn.name}, deduced from its arguments, which "
                           "the lowering cannot tell")
    return _retyped(fn, mapping) if mapping else fn


def _float_type(ctx: Context, arg: ir.Expr) -> str | None:
    """The C type of a float or double expression (`a + b` of floats), found by a trial evaluation; None for any
    other (an integer's width is not kept in its value)."""
    saved = _snapshot(ctx)
    try:
        kind = _type_class(ctx, evaluate(ctx, arg))
    except Rejected:
        kind = ""
    finally:
        _restore(ctx, saved)
    return kind if kind in ("float", "double") else None


def _retyped(node, mapping: dict[str, str]):
    """`node` with the type names of `mapping` replaced in every C type it carries."""
    if isinstance(node, tuple):
        return tuple(_retyped(n, mapping) for n in node)
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    changes = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if f.name == "ctype" and isinstance(value, str):
            changes[f.name] = re.sub(r"\w+", lambda m: mapping.get(m.group(0), m.group(0)), value)
        elif isinstance(value, tuple) or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
            changes[f.name] = _retyped(value, mapping)
    return dataclasses.replace(node, **changes)


def inline(ctx: Context, fn: ir.Function, call: ir.Call, statement: bool = False) -> Val | None:
    """`call` of the device function `fn` evaluated in place: its result, or None for a call made as a statement
    of a function that returns nothing. A reference parameter the body assigns is bound to the caller's local it
    is given, which takes the parameter's final value after the body (a lane that returned early, or that a guard
    keeps out, keeps the value it had); any other reference parameter holds the value it is given."""
    if len(ctx.inlining) >= INLINE_DEPTH:
        raise Rejected(f"device functions called {INLINE_DEPTH} deep ({fn.name} among them): a recursion")
    numbers = _template_numbers(ctx, fn, call)
    if len(numbers) < len(call.targs) and any(n.startswith(fn.name + "<") for n in ctx.module.functions):
        raise Rejected(f"the device function {fn.name}, given the kernel's constexpr, which one of its explicit "
                       "specializations may be")
    special = ctx.module.functions.get(f"{fn.name}<{', '.join(str(numbers[t]) for t in fn.tparams)}>") \
        if numbers and len(call.targs) == len(fn.tparams) == len(numbers) and all(t.strip() for t in call.targs) \
        else None
    if special is not None:  # `template <> void f<0>(...)`: the explicit specialization's own body
        fn = replace(special, name=fn.name, tparams=())
        numbers = {}
    fn = _deduced(ctx, fn, call)
    saved_env, saved_prefix, saved_result, saved_types = ctx.env, ctx.prefix, ctx.result, ctx.types
    saved_pred, saved_returning = ctx.pred, ctx.returning
    # A function's locals take another name at each later call: a template may be called at other types, and any
    # function once with values of the block and once with a lane's each (aes's galoisMultiplication, before and
    # inside a loop), while Triton keeps a name's type and shape through a loop that assigns it.
    calls = ctx.inlined[fn.name] = ctx.inlined.get(fn.name, 0) + 1
    prefix = f"{fn.name.replace('::', '_')}{calls if calls > 1 else ''}_"
    # the kernel's pointers, and the shared arrays declared at namespace scope (which device functions name too)
    env = {k: v for k, v in saved_env.items()
           if v.kind == "PTR" or (v.kind == "S" and getattr(ctx.module.globals.get(k), "space", "") == "__shared__")}
    if ctx.mode == "block":  # and the block class's lanes, which its warp shuffles read
        env.update({k: v for k, v in block_env().items() if saved_env.get(k) == v})
    types = {}
    if len(call.args) > len(fn.params):
        raise Rejected(f"a call of {fn.name} with more arguments than it takes")
    writes = _param_writes(ctx.module, fn)
    references: dict[str, str] = {}  # parameter -> the caller's local it stands for
    bound: dict[str, int] = {}
    for position, param in enumerate(fn.params):
        arg = call.args[position] if position < len(call.args) else param.default
        if arg is None:
            raise Rejected(f"a call of {fn.name} without its argument {param.name}")
        if param.ctype.endswith("&") and ir.Un("&", ir.Name(param.name)) in ir.nodes(fn.body):
            raise Rejected(f"the device function {fn.name} takes the address of its reference parameter "
                           f"{param.name}")
        if param.ctype.endswith("&") and isinstance(arg, ir.Name):
            bound[arg.id] = bound.get(arg.id, 0) + 1
        if param.ctype.endswith("&") and param.name in writes:
            value = _reference(ctx, fn, param, arg, set(references.values()))
            references[param.name] = arg.id
            env[param.name] = value
            types[param.name] = saved_types.get(arg.id) or _plain_type(param.ctype)
            continue
        value = evaluate(ctx, arg)
        if value.kind == "A":
            raise Rejected(f"a per-thread local array passed to {fn.name}")
        ctype = _plain_type(param.ctype)
        value = as_declared(value, ctype, widen=True)
        if value.kind in ("U", "V") and "tl.load" in repr(value.expr):
            if param.ctype.endswith("&") and _memory_stores(fn):
                # a reference to memory reads what the body's stores leave there, not what it held at the call
                raise Rejected(f"the device function {fn.name} takes {param.name} by reference to memory it may "
                               "write")
            # a value read from memory is read at the call, as C passes it: the body may store there before it
            # reads its parameter (`ptr[i] = scan(ptr[i], ptr)`, where scan zeroes ptr[i] first)
            held = prefix + param.name
            ctx.emit(TAssign(held, value.expr))
            value = replace(value, expr=ir.Name(held))
        env[param.name] = value
        types[param.name] = ctype
    for name in references.values():
        if bound.get(name, 0) > 1:
            raise Rejected(f"the device function {fn.name} is given {name} for two reference parameters, and "
                           "assigns one")
    for name, number in numbers.items():
        env[name] = Val("U", ir.Num(number))
    for name, text in zip(fn.tparams, call.targs):
        if text.strip() in _kernel_constexprs(ctx) and text.strip() in saved_env:
            env[name] = saved_env[text.strip()]  # a constexpr in the callee as in the kernel: one body per number
    ctx.env, ctx.prefix, ctx.result, ctx.types = env, prefix, None, types
    ctx.returning = None
    saved_rtype, ctx.rtype = ctx.rtype, fn.rtype
    saved_inlining = ctx.inlining
    ctx.inlining = saved_inlining + (fn.name,)
    nothing = fn.rtype.split()[-1:] in ([], ["void"]) if fn.rtype else True
    try:
        if _branch_returns(fn.body):
            if not ctx.per_lane:
                raise Rejected(f"the device function {fn.name} returns from a branch (in a reduction)")
            # Each lane's result is held from its first return; the lanes that have returned sit out the rest.
            done = ctx.fresh(f"_{fn.name.replace('::', '_')}_returned")
            shape = ir.Text(_block_shape(ctx))
            ctx.emit(TAssign(done, ir.Bin("!=", ir.Call("tl.zeros", (shape, ir.Text("tl.int32"))), ir.Num(0))))
            ctx.env[done] = Val("V", ir.Name(done))
            held = None
            if not nothing:
                dtype = _return_dtype(fn)
                held = ctx.fresh(f"_{fn.name.replace('::', '_')}_result")
                ctx.emit(TAssign(held, ir.Call("tl.zeros", (shape, ir.Text(dtype)))))
                ctx.env[held] = Val("V", ir.Name(held), is_float="float" in dtype)
            ctx.returning = (done, held, fn.rtype)
            ctx.pred = _and(saved_pred, _negate(ir.Name(done)))
            walk(ctx, fn.body)
            result = None if held is None else Val("V", ir.Name(held), is_float="float" in dtype)
        else:
            walk(ctx, fn.body)
            result = ctx.result
        finals = {param: ctx.env[param] for param in references}
    finally:
        ctx.env, ctx.prefix, ctx.result, ctx.types = saved_env, saved_prefix, saved_result, saved_types
        ctx.pred, ctx.returning, ctx.inlining = saved_pred, saved_returning, saved_inlining
        ctx.rtype = saved_rtype
    for param, name in references.items():
        _take_back(ctx, name, finals[param])
    if result is None and not (statement and nothing):
        raise Rejected(f"the device function {fn.name} returns no value")
    return result


def _take_back(ctx: Context, name: str, val: Val) -> None:
    """The caller's local `name` given the final value of the reference parameter bound to it, in a variable of
    its own name (the function's names are reused by its next call)."""
    if val == ctx.env.get(name) or val.kind == "T":
        ctx.env[name] = val
        return
    target = ctx.prefix + name
    ctx.emit(TAssign(target, val.expr))
    ctx.env[name] = replace(val, expr=ir.Name(target))


def as_declared(val: Val, ctype: str, widen: bool = False) -> Val:
    """`val` stored in a variable of C type `ctype`, converted as C converts it: an integer into a float or double
    variable becomes one, a float into an integer variable is truncated toward zero; with `widen` (a declaration's
    value, a device function's argument), an integer into a 64-bit variable becomes 64-bit. Generic types (T,
    scalar_t, auto) and values that are not data keep their form."""
    if val.kind == "L":
        held = as_declared(replace(val, kind=val.tag[2], tag=()), ctype, widen)
        return replace(held, kind="L", tag=val.tag)
    if val.kind not in ("U", "V") or val.expr is None:
        return val
    base = base_type(ctype)
    if base == "double" and val.is_float and isinstance(val.expr, ir.Num):
        # A bare number is fp32 to Triton (and rounds through it inside tl.where): a double keeps its precision.
        return Val(val.kind, _full(val.expr, "tl.float64"), is_float=True)
    if base in ("float", "double") and not val.is_float:
        if isinstance(val.expr, ir.Num):
            return as_declared(Val(val.kind, ir.Num(float(val.expr.value), True), is_float=True), base)
        return Val(val.kind, ir.Call(".to", (val.expr, ir.Text(TL_DTYPE[base]))), is_float=True)
    if base in INT_CASTS and val.is_float:
        if isinstance(val.expr, ir.Num):
            return Val(val.kind, ir.Num(int(val.expr.value), False))
        return Val(val.kind, ir.Call(".to", (val.expr, ir.Text(INT_CASTS[base]))))
    wide = _wide_literal(val)
    if base in INT_CASTS and wide is not None and not val.is_float:
        # a literal past int32 (held as a typed scalar) stored in an integer variable takes the variable's type, its
        # value wrapped as C converts it (2147483648 in an unsigned int)
        dtype = INT_CASTS[base]
        bits = int(dtype.rsplit("int", 1)[1])
        value = wide % (1 << bits)
        if not dtype.startswith("tl.uint") and value >= 1 << (bits - 1):
            value -= 1 << bits
        return Val(val.kind, _full(ir.Num(value), dtype), unsigned=dtype.startswith("tl.uint"))
    if widen and INT_CASTS.get(base) in ("tl.int64", "tl.uint64") and not val.is_float \
            and not isinstance(val.expr, ir.Num) and _wide_literal(val) is None:
        # C widens what a 64-bit variable starts with: a uint32 element kept in an unsigned long long shifts past
        # bit 31 there (`ulong upper = hi[i]; upper << 32`). tl.cast also takes a constexpr (an argument equal to 1).
        dtype = INT_CASTS[base]
        converted = isinstance(val.expr, ir.Call) and val.expr.func in (".to", "tl.cast") \
            and val.expr.args[1:2] == (ir.Text(dtype),)
        return Val(val.kind, val.expr if converted else ir.Call("tl.cast", (val.expr, ir.Text(dtype))),
                   unsigned=dtype.startswith("tl.uint"))
    if _signed_cast(base) and val.unsigned and not isinstance(val.expr, ir.Num):
        # An unsigned value kept in a signed variable is signed from then on (comparisons, division, shifts);
        # Triton would go on computing with it unsigned.
        return Val(val.kind, ir.Call(".to", (val.expr, ir.Text(_signed_cast(base)))))
    if INT_CASTS.get(base, "").startswith("tl.uint") and not val.unsigned and not isinstance(val.expr, ir.Num):
        # A signed value kept in an unsigned variable is unsigned from then on: its shifts bring in zeros, its
        # divisions and comparisons are unsigned, and Triton computes with it so only in an unsigned type (tl.cast,
        # which also takes a compile-time int: blockDim.x is one).
        return Val(val.kind, ir.Call("tl.cast", (val.expr, ir.Text(INT_CASTS[base]))), unsigned=True)
    if base in NARROW_CASTS:
        # C keeps the low bits of what a char or short variable is given; it computes with it as an int again.
        if val.is_float:
            val = Val(val.kind, ir.Call(".to", (val.expr, ir.Text("tl.int32"))))
        if isinstance(val.expr, ir.Num):
            bits, signed = NARROW_CASTS[base]
            value = int(val.expr.value) & ((1 << bits) - 1)
            return Val(val.kind, ir.Num(value - (1 << bits) if signed and value >> (bits - 1) else value))
        # tl.cast: the value may be a plain int (a loop's index under the interpreter: `idx_min = i;` into a char)
        narrow = ir.Call("tl.cast", (val.expr, ir.Text(f"tl.{'int' if NARROW_CASTS[base][1] else 'uint'}"
                                                       f"{NARROW_CASTS[base][0]}")))
        return Val(val.kind, ir.Call(".to", (narrow, ir.Text("tl.int32"))))
    return val


def _assign_name(ctx: Context, name: str, val: Val, declared: str = "") -> None:
    if val.kind in ("T", "S", "PTR", "P"):
        ctx.env[name] = val
        return
    if isinstance(val.expr, ir.Name) and (val.expr.id == ctx.prefix + name or (ctx.prefix and val.kind == "U")):
        # Inside an inlined device function a plain rename needs no statement of its own.
        ctx.env[name] = val
        return
    target = ctx.prefix + name
    value = val.expr
    is_float = val.is_float or _is_float_type(declared)
    generic = _generic_dtype(ctx, base_type(declared or ctx.types.get(name, "")))
    if generic and val.kind in ("U", "V") and val.is_float and not isinstance(value, ir.Num):
        # C++ rounds what it stores in a local of the element type (at::BFloat16), and Triton keeps a loop-carried
        # value's type: the value in the instantiation's type
        value = ir.Call(".to", (value, ir.Text(generic)))
    elif base_type(declared) == "float" and val.kind in ("U", "V", "L") and val.is_float \
            and not isinstance(value, ir.Num) and _is_double(ctx, value):
        # C rounds a double stored in a float variable to float, and Triton keeps a loop-carried value's type
        value = _float_cast(replace(val, kind=val.tag[2] if val.kind == "L" else val.kind), "float").expr
    if val.kind == "U" and isinstance(value, ir.Num) and declared:
        kind = base_type(declared)
        dtype = _generic_dtype(ctx, kind) or TL_DTYPE.get(kind) or INT_CASTS.get(kind) or \
            ("tl.float32" if is_float else "tl.int32")
        number = ir.Num(float(value.value), True) if is_float else value
        value = _full(number, dtype)
    ctx.emit(TAssign(target, value))
    unsigned = not is_float and (val.unsigned or _is_unsigned(declared))
    if val.kind == "L":  # still readable by the first thread only
        ctx.env[name] = replace(val, expr=ir.Name(target), is_float=is_float, unsigned=unsigned)
        return
    ctx.env[name] = Val(val.kind, ir.Name(target), is_float=is_float, unsigned=unsigned)


def walk(ctx: Context, stmts: tuple) -> None:
    for position, stmt in enumerate(stmts):
        if ctx.result is not None:
            return
        if _uniform_exit(ctx, stmt):
            # `if (row >= rows) return;` with a uniform test: the rest of the body runs under `if row < rows:`.
            test = truth(data(ctx, evaluate(ctx, stmt.test)), ctx)
            _note_bound(ctx, ir.Un("!", stmt.test))
            saved = ctx.out
            ctx.out = []
            walk(ctx, stmts[position + 1:])
            body, ctx.out = tuple(ctx.out), saved
            ctx.emit(TIf(_negate(test.expr), body))
            return
        statement(ctx, stmt)


def _uniform_exit(ctx: Context, stmt) -> bool:
    if not (isinstance(stmt, ir.If) and len(stmt.then) == 1 and isinstance(stmt.then[0], ir.Return)):
        return False
    if stmt.orelse or ctx.prefix:
        return False
    try:
        test = evaluate(ctx, stmt.test)
        return data(ctx, test).kind == "U"
    except Rejected:
        return False


def _unsequenced(ctx: Context, stmt) -> None:
    """Keep SIMT a statement whose expression reads a variable that a call in it assigns through a reference
    (`step(s) + s`, `s += step(s)`): C++ leaves unsequenced whether the read sees the old value or the new."""
    parts = {ir.Decl: ("value",), ir.Assign: ("value",), ir.If: ("test",), ir.Return: ("value",),
             ir.ExprStmt: ("expr",)}.get(type(stmt), ())
    exprs = tuple(getattr(stmt, part) for part in parts if getattr(stmt, part) is not None)
    if isinstance(stmt, ir.Assign) and stmt.op != "=":
        exprs += (stmt.target,)
    written = written_references(ctx.module, exprs) if exprs else set()
    for name in sorted(written):
        reads = sum(node == ir.Name(name) for node in ir.nodes(exprs))
        passed = sum(arg == ir.Name(name) for node in ir.nodes(exprs) if isinstance(node, ir.Call)
                     for arg in node.args)
        if passed and reads > passed:  # (an element given to a reference is named where the call is inlined)
            raise Rejected(f"a call that assigns {name} through a reference, in an expression that reads {name} "
                           "too (unsequenced in C++)")


def statement(ctx: Context, stmt) -> None:
    if isinstance(stmt, ir.Unsupported):
        raise Rejected(stmt.what)
    _unsequenced(ctx, stmt)
    if isinstance(stmt, ir.Jump):
        _jump(ctx, stmt)
        return
    if isinstance(stmt, ir.Sync):
        if ctx.mode == "block":
            _barrier(ctx)
        return
    if isinstance(stmt, ir.Decl) and stmt.local is not None:
        _local_array(ctx, stmt)
        return
    if isinstance(stmt, (ir.Decl, ir.Assign)) and isinstance(stmt.value, ir.Call) \
            and stmt.value.func in builtins().atomics and getattr(stmt, "op", "=") == "=":
        # `int pos = atomicAdd(&n, 1);`: the atomic runs once, before the statement, whose value is its old value
        stmt = replace(stmt, value=ir.Name(_atomic(ctx, stmt.value, used=True)))
    if isinstance(stmt, ir.Decl):
        if stmt.shared is not None and ctx.mode == "block":
            _scratch_decl(ctx, stmt)
            return
        if stmt.shared is not None:
            ctx.shared[stmt.name] = Shared()
            ctx.env[stmt.name] = Val("S", tag=(stmt.name,))
            return
        if base_type(stmt.ctype) in ("", "auto") and stmt.value is not None and _c_kind(ctx, stmt.value) is not None \
                and not isinstance(stmt.value, ir.Num):
            stmt = replace(stmt, ctype=KIND_CTYPES[_c_kind(ctx, stmt.value)])  # `auto n = size / m;`: C deduces it
        ctx.types[stmt.name] = stmt.ctype
        ctx.declared_under[stmt.name] = ctx.pred
        if stmt.value is None:
            # A new variable with no value yet: a value of another of that name (a sibling block's, or an
            # earlier loop's) is not its old value, and Triton would not find that one defined here.
            if stmt.name in ctx.env and ctx.env[stmt.name].kind in ("U", "V", "L"):
                del ctx.env[stmt.name]
            return
        if stmt.name in _copies(ctx) and "*" not in stmt.ctype:
            number = _const_int(ctx, stmt.value)  # a local of one constant value may size an array (`constexpr`)
            if number is not None:
                ctx.const_locals[stmt.name] = number
        val = evaluate(ctx, stmt.value)
        if val.kind == "PTR":
            ctx.env[stmt.name] = val
            return
        val = _kept(ctx, val, stmt.value, stmt.ctype)
        _assign_name(ctx, stmt.name, as_declared(val, stmt.ctype, widen=True), stmt.ctype)
        return
    if isinstance(stmt, ir.Assign):
        _assignment(ctx, stmt)
        return
    if isinstance(stmt, ir.If):
        _if(ctx, stmt)
        return
    if isinstance(stmt, (ir.For, ir.While)):
        _loop(ctx, stmt)
        return
    if isinstance(stmt, ir.Return) and ctx.returning is not None:
        _masked_return(ctx, stmt.value)
        return
    if isinstance(stmt, ir.Return):
        if stmt.value is None:
            raise Rejected("a return outside an early-exit guard")
        ctx.result = _kept(ctx, evaluate(ctx, stmt.value), stmt.value, ctx.rtype)
        return
    if isinstance(stmt, ir.ExprStmt) and isinstance(stmt.expr, ir.Call) and stmt.expr.func in builtins().atomics:
        _atomic(ctx, stmt.expr)
        return
    if isinstance(stmt, ir.ExprStmt) and isinstance(stmt.expr, ir.Call) and stmt.expr.func in builtins().checks:
        _check(ctx, stmt.expr)
        return
    if isinstance(stmt, ir.ExprStmt) and isinstance(stmt.expr, ir.Call) and stmt.expr.func in outputs_table():
        _outputs(ctx, stmt.expr)
        return
    if isinstance(stmt, ir.ExprStmt) and isinstance(stmt.expr, ir.Call) and resolve(ctx.module, stmt.expr) is not None:
        inline(ctx, _callee(ctx, stmt.expr), stmt.expr, statement=True)  # its effects: stores, and assignments
        return
    if isinstance(stmt, ir.ExprStmt):
        evaluate(ctx, stmt.expr)
        raise Rejected("an expression statement with effects")
    raise Rejected(type(stmt).__name__)


def _jump(ctx: Context, stmt: ir.Jump) -> None:
    """`break` or `continue` in a loop whose threads leave it at different iterations: the lanes that reach it sit
    out the rest of the iteration, and with `break` the rest of the loop."""
    if not ctx.loops:
        raise Rejected(f"{stmt.kind} statement")
    go, active = ctx.loops[-1]
    reached = ctx.fresh("_left")  # held: the guard reads `go`, which the first update changes
    ctx.emit(TAssign(reached, ctx.pred if ctx.pred is not None else ir.Name(go)))
    ctx.emit(TAssign(go, ir.Bin("&", ir.Name(go), _negate(ir.Name(reached)))))
    if stmt.kind == "break":
        ctx.emit(TAssign(active, ir.Bin("&", ir.Name(active), _negate(ir.Name(reached)))))


def _jumps(stmts: tuple) -> bool:
    """Whether statements hold a `break` or `continue` of their own loop (not of a loop nested in them)."""
    for stmt in stmts:
        if isinstance(stmt, ir.Jump):
            return True
        if isinstance(stmt, ir.If) and _jumps(stmt.then + stmt.orelse):
            return True
    return False


def _check(ctx: Context, call: ir.Call) -> None:
    """`assert(cond)`: a device assertion that holds where the threads the guard lets through are concerned."""
    if len(call.args) != 1:
        raise Rejected(f"{call.func} with {len(call.args)} arguments")
    held = truth(data(ctx, evaluate(ctx, call.args[0])), ctx)
    if held.kind not in ("U", "V"):
        raise Rejected(f"{call.func} of something that is not one value per thread")
    test = held.expr if ctx.pred is None else ir.Bin("||", _negate(ctx.pred), held.expr)
    ctx.emit(TCall(ir.Call("tl.device_assert", (test,))))


def _outputs(ctx: Context, call: ir.Call) -> None:
    """`sincosf(x, &s, &c)`: each pointer argument names a local that receives its function of x."""
    functions = outputs_table()[call.func]
    if len(call.args) != len(functions) + 1:
        raise Rejected(f"{call.func} with {len(call.args)} arguments")
    for function, pointer in zip(functions, call.args[1:]):
        if not (isinstance(pointer, ir.Un) and pointer.op == "&" and isinstance(pointer.operand, ir.Name)):
            raise Rejected(f"{call.func} storing through a pointer that is not the address of a local")
        _assignment(ctx, ir.Assign(pointer.operand, "=", ir.Call(function, (call.args[0],))))


def _atomic(ctx: Context, call: ir.Call, used: bool = False) -> str:
    """One Triton atomic per thread, on the thread's own address. Where its old value is `used`, each lane's old
    value is held in a fresh local, whose name is returned (Triton returns one per lane, as CUDA one per thread)."""
    func = builtins().atomics[call.func]
    if not func:
        raise Rejected(f"{call.func} (no Triton atomic in rules/tile/maps/builtins.toml)")
    if not ctx.per_lane and not ctx.faithful:
        raise Rejected(f"{call.func} in a reduction whose threads are not kept one per lane")
    if used and not ctx.per_lane:
        raise Rejected(f"{call.func} whose old value is used, in a reduction")
    address, *operands = call.args
    if len(operands) != (2 if func == "tl.atomic_cas" else 1):
        raise Rejected(f"{call.func} with {len(call.args)} arguments")
    if isinstance(address, ir.Un) and address.op == "&" and isinstance(address.operand, ir.Name) \
            and ctx.mode == "block" and ctx.env.get(address.operand.id, Val("U")).kind == "S":
        address = ir.Un("&", ir.Index(address.operand, (ir.Num(0),)))  # a scalar shared variable
    if isinstance(address, ir.Un) and address.op == "&" and isinstance(address.operand, ir.Index) \
            and ctx.mode == "block" and evaluate(ctx, address.operand.base).kind == "S":
        base = evaluate(ctx, address.operand.base)
        offset = _scratch_index(ctx, base, address.operand)
        _touch(ctx, base.tag[0], "a")
        pointer = Val(offset.kind, _scratch_pointer(ctx, base, offset.expr))
        holder = base
    elif isinstance(address, ir.Un) and address.op == "&" and isinstance(address.operand, ir.Index):
        base = evaluate(ctx, address.operand.base)
        if base.kind != "PTR" or len(address.operand.indices) != 1:
            raise Rejected(f"{call.func} on something other than an element of a pointer")
        offset = data(ctx, evaluate(ctx, address.operand.indices[0]))
        pointer = Val(offset.kind, ir.Bin("+", base.expr, offset.expr))
        holder = base
    else:
        pointer = holder = evaluate(ctx, address)
        if pointer.kind != "PTR":
            raise Rejected(f"{call.func} on an address the lowering cannot follow")
        if pointer.scope in ctx.scratch:
            _touch(ctx, pointer.scope, "a")
        pointer = Val("V" if _mentions_vector(ctx, pointer.expr) else "U", pointer.expr)
    values = [data(ctx, evaluate(ctx, operand)) for operand in operands]
    if any(v.kind not in ("U", "V") for v in values):
        raise Rejected(f"{call.func} of a value that is not one per thread")
    value = values[-1]
    target = pointer.expr
    one_thread = ctx.mode == "reduction" and value.kind == "U" and not (
        ctx.pred is not None and _mentions_vector(ctx, ctx.pred)) and (
        "x" in ctx.lead or (ctx.warp_group and any(p.startswith("lane:") for p in ctx.lead)))
    if pointer.kind == "U" and not one_thread:
        # Every thread updates the same address: a block of that address, one update per lane.
        target = _broadcast(ctx, target)
    mask = _mem_mask(ctx, True) if ctx.mode == "block" else _mem_mask(ctx, target != pointer.expr or
                                                                      pointer.kind == "V")
    if holder.kind == "S":
        source = ctx.scratch[holder.tag[0]].ctype
    elif isinstance(address, ir.Un) and isinstance(address.operand, ir.Index):
        source = _pointee(ctx, address.operand.base)
    else:
        source = _pointee(ctx, address)
    if func == "tl.atomic_cas":
        swap = _compare_and_swap(ctx, call.func, target, values, mask, source)
        old = ctx.fresh("_old") if used else ""
        ctx.emit(TAssign(old, swap) if used else TCall(swap))
    elif not used:
        ctx.emit(TAtomic(func, target, value.expr, mask))
        return ""
    else:
        old = ctx.fresh("_old")
        kwargs = (("mask", mask),) if mask is not None else ()
        ctx.emit(TAssign(old, ir.Call(func, (target, value.expr), kwargs=kwargs)))
    if not used:
        return ""
    if source is not None:
        ctx.types[old] = source
    ctx.env[old] = Val("V", ir.Name(old), is_float=holder.is_float, unsigned=holder.unsigned)
    return old


def _compare_and_swap(ctx: Context, name: str, target: ir.Expr, operands: list[Val], mask: ir.Expr | None,
                      ctype: str | None) -> ir.Expr:
    """`atomicCAS(p, compare, value)` as `tl.atomic_cas`, which takes no mask and converts nothing: both operands are
    made blocks of the element's type, and the lanes the mask leaves out swap on an element of their program's own
    scratch row instead, which nothing reads (so only the block class, whose programs have scratch rows, has it)."""
    kind = None if ctype is None or ctype in GENERIC_TYPES or ctype in ctx.kernel.tparams else triton_type(ctype, False)
    if kind is None or kind[0] not in "iu" or _width(kind) not in (32, 64):
        raise Rejected(f"{name} on an element whose type the lowering does not follow as a 32- or 64-bit integer")
    if ctx.mode != "block" or mask is None:
        raise Rejected(f"{name} outside the block class (Triton's compare-and-swap takes no mask)")
    zeros = ir.Call("tl.zeros", (ir.Text(_block_shape(ctx)), ir.Text("tl.int32")))
    key = f"_spare_{kind}"
    if key not in ctx.scratch:
        ctx.scratch[key] = Scratch(f"_shared{key}", ctype, (1,), scratch_dtype(ctype))
        ctx.touched.setdefault(key, set())
    spare = ir.Bin("+", ir.Bin("+", ir.Name(f"_shared{key}"), ir.Name("_row")), zeros)
    target = ir.Call("tl.where", (mask, target, spare))
    dtype = ir.Text("tl." + DTYPE_NAMES[kind])
    blocks = [ir.Call(".to", (ir.Bin("+", v.expr, zeros), dtype)) for v in operands]
    return ir.Call("tl.atomic_cas", (target, *blocks))


def _assignment(ctx: Context, stmt: ir.Assign) -> None:
    target = stmt.target
    if isinstance(target, ir.Name) and ctx.mode == "block" and target.id in ctx.env \
            and ctx.env[target.id].kind == "S":
        target = ir.Index(target, (ir.Num(0),))  # a scalar shared variable is element 0 of its scratch
        stmt = ir.Assign(target, stmt.op, stmt.value)
    if isinstance(target, ir.Name):
        source = stmt.value if stmt.op == "=" else ir.Bin(stmt.op[:-1], target, stmt.value)
        value = evaluate(ctx, source)
        if value.kind in ("U", "V"):
            value = _kept(ctx, value, source, ctx.types.get(target.id, ""))
        if value.kind == "PTR" and ctx.pred is not None and ctx.declared_under.get(target.id) != ctx.pred:
            ctx.env[target.id] = _chosen_pointer(ctx, target.id, stmt.value if stmt.op == "=" else target, value)
            return
        _store_local(ctx, target.id, value, ctx.pred)
        return
    if not isinstance(target, ir.Index):
        raise Rejected("an assignment to something other than a variable or an element")
    base = evaluate(ctx, target.base)
    value_expr = stmt.value if stmt.op == "=" else ir.Bin(stmt.op[:-1], target, stmt.value)
    if base.kind == "A":
        _local_write(ctx, base, target, evaluate(ctx, value_expr))
        return
    if base.kind == "S" and ctx.mode == "block":
        _scratch_write(ctx, base, target, evaluate(ctx, value_expr))
        return
    if base.kind == "S":
        _shared_write(ctx, base.tag[0], target.indices[0], evaluate(ctx, value_expr))
        return
    if base.kind != "PTR" or len(target.indices) != 1:
        raise Rejected("a store through something other than a pointer")
    index = data(ctx, evaluate(ctx, target.indices[0]))
    value = data(ctx, evaluate(ctx, value_expr))
    if base.scope in ctx.scratch:
        _touch(ctx, base.scope, "w")
    _store(ctx, base.expr, index, value)


def _store(ctx: Context, base: ir.Expr, index: Val, value: Val) -> None:
    """`base[index] = value` for the threads the guard lets through."""
    if value.kind == "PTR":
        raise Rejected("a pointer stored to memory (an array of pointers has no tile form)")
    offset = index.expr
    scalar_address = index.kind == "U" and not _mentions_vector(ctx, base)
    vector = not scalar_address or value.kind == "V" or (ctx.pred is not None and _mentions_vector(ctx, ctx.pred))
    if scalar_address and vector:
        if value.kind == "V" and ctx.mode != "block":
            raise Rejected("a store of per-thread values to one address (the threads race)")
        # In the block class that is CUDA's race too: one of the threads' values is the one kept.
        offset = _broadcast(ctx, offset)
    elif vector:
        offset = _full_2d(ctx, offset, ctx.pred, value.expr)
    ctx.emit(TStore(ir.Bin("+", base, offset), value.expr, _mem_mask(ctx, vector)))


def _chosen_pointer(ctx: Context, name: str, source: ir.Expr, value: Val) -> Val:
    """The pointer variable `name` given `value` (from the C expression `source`) under the guard: where the threads
    the guard keeps out have left the kernel, that pointer; else, for each thread, the one its guard picks between
    it and the pointer the variable held (`if (c) p = a; else p = b;`), both pointers to the element type `name` is
    declared with; a variable declared with no pointer takes `value`, which C leaves open elsewhere."""
    if ctx.pred == ctx.alive:
        return value
    declared, given = _pointee(ctx, ir.Name(name)), _pointee(ctx, source)
    old = ctx.env.get(name)
    if declared is None or given != declared or value.scope or (old is not None and (
            old.kind != "PTR" or old.scope or (old.is_float, old.narrow, old.unsigned) != (
                value.is_float, value.narrow, value.unsigned))):
        raise Rejected(f"{name} (a pointer) assigned under a condition")
    if old is None:
        return value
    return replace(value, expr=ir.Call("tl.where", (_condition(ctx.pred), value.expr, old.expr)))


def _store_local(ctx: Context, name: str, value: Val, pred: ir.Expr | None) -> None:
    """`name = value` for the threads `pred` lets through, in the variable's declared type."""
    if pred is not None and value.kind == "T":
        value = data(ctx, value)  # a thread index kept symbolically would hold for every thread
    if pred is not None and value.kind in ("PTR", "S", "P") and ctx.declared_under.get(name) != pred:
        # One pointer per program: which one a thread holds cannot differ between threads (concat's
        # `if (idx1 < sz1_1) src = inp1; else src = inp2;` took inp2 everywhere).
        raise Rejected(f"{name} ({'a pointer' if value.kind == 'PTR' else 'not a plain value'}) assigned under a "
                       "condition")
    value = as_declared(value, ctx.types.get(name, ""))
    vector = pred is not None and _mentions_vector(ctx, pred)
    held = ctx.env.get(name)
    if pred is not None and pred == ctx.alive and held is not None and held.kind == "L":
        # the threads the guard keeps out have left the kernel: what they held is read no more
        ctx.env[name] = replace(held, kind=held.tag[2], tag=())
    if pred is not None and value.kind == "L" and name in ctx.env:
        # The threads the guard keeps out hold the variable's old value; the first thread's is still the one defined.
        old = data(ctx, ctx.env[name])
        kind = "V" if vector or "V" in (old.kind, value.tag[2]) else "U"
        value = replace(value, expr=ir.Call("tl.where", (pred, value.expr, old.expr)),
                        tag=value.tag[:2] + (kind,))
    if pred is not None and value.kind in ("U", "V") and name in ctx.env:
        # Also where `pred` is one value per program (a row kernel's `if (v < 0) v = 1 / v;`): the assignment is
        # not made where it is false.
        old = data(ctx, ctx.env[name])
        kind = "V" if vector else _combine_kind(value, old)
        value = Val(kind, ir.Call("tl.where", (_condition(pred), value.expr, old.expr)), is_float=value.is_float)
    if ctx.outer is not None and name in ctx.outer and value.kind in ("U", "V"):
        # One thread's assignment, run unmasked: the other threads keep the old value, so the new one is that
        # thread's alone (a read by every thread leaves the kernel to the block class, which masks it).
        value = Val("L", value.expr, tag=("warp" if ctx.warp_group else "block", "32" if ctx.warp_group else "1",
                                          value.kind), is_float=value.is_float, unsigned=value.unsigned)
    _assign_name(ctx, name, value, ctx.types.get(name, ""))


# -- per-thread local arrays: one value per element, held like any local ----------------------------------------

LOCAL_ARRAY_LIMIT = 64  # elements; a larger array would not stay in registers as separate values


def element_name(array: str, k: int) -> str:
    return f"{array}__{k}"


def _local_array(ctx: Context, stmt: ir.Decl) -> None:
    dims = [_const_int(ctx, d) for d in stmt.local]
    if any(d is None or d <= 0 for d in dims):
        raise Rejected(f"a per-thread local array ({stmt.name}) whose size is not a constant")
    count = math.prod(dims)
    if count > LOCAL_ARRAY_LIMIT:
        raise Rejected(f"a per-thread local array of {count} elements (more than {LOCAL_ARRAY_LIMIT})")
    init = stmt.init or ()
    if len(init) > count:
        raise Rejected(f"an initializer list longer than {stmt.name}")
    ctx.env[stmt.name] = Val("A", tag=tuple(dims), is_float=_is_float_type(stmt.ctype))
    for k in range(count):
        # C zero-fills what a short list leaves; an array with no list is indeterminate, so zero is one of its values.
        value = evaluate(ctx, init[k]) if k < len(init) else Val("U", ir.Num(0))
        name = element_name(stmt.name, k)
        ctx.types[name] = stmt.ctype
        _assign_name(ctx, name, as_declared(data(ctx, value), stmt.ctype), stmt.ctype)


def _flat_index(ctx: Context, array: Val, expr: ir.Index) -> Val:
    """The element number of `a[i][j]` in a local array: a number where every index is one, else a value."""
    dims = array.tag
    flat = _row_major(ctx, expr, dims, "a per-thread local array")
    if isinstance(flat.expr, ir.Num) and not 0 <= flat.expr.value < math.prod(dims):
        raise Rejected("an index past the end of a per-thread local array")
    return flat


def _row_major(ctx: Context, expr: ir.Index, dims: tuple, what: str) -> Val:
    """The element number of `a[i][j]` in an array of `dims`, as C lays it out: a number where every index is one."""
    if len(expr.indices) != len(dims):
        raise Rejected(f"a row of {what} used as a pointer")
    flat: Val | None = None
    for index, size in zip(expr.indices, dims):
        part = data(ctx, evaluate(ctx, index))
        if part.kind not in ("U", "V") or part.is_float:
            raise Rejected(f"{what} indexed by something other than an integer")
        if flat is None:
            flat = part
        elif isinstance(flat.expr, ir.Num) and isinstance(part.expr, ir.Num):
            flat = Val("U", ir.Num(flat.expr.value * size + part.expr.value))
        else:
            flat = Val(_combine_kind(flat, part), ir.Bin("+", ir.Bin("*", flat.expr, ir.Num(size)), part.expr))
    return flat


def _local_read(ctx: Context, array: Val, expr: ir.Index) -> Val:
    name = expr.base.id
    flat = _flat_index(ctx, array, expr)
    count = math.prod(array.tag)
    if isinstance(flat.expr, ir.Num):
        return data(ctx, ctx.env[element_name(name, int(flat.expr.value))])
    # An index known only at run time picks its element by comparison, as registers cannot be indexed.
    elements = [data(ctx, ctx.env[element_name(name, k)]) for k in range(count)]
    picked = elements[-1].expr
    for k in range(count - 2, -1, -1):
        picked = ir.Call("tl.where", (ir.Bin("==", flat.expr, ir.Num(k)), elements[k].expr, picked))
    return Val(_combine_kind(flat, *elements), picked, is_float=array.is_float)


def _local_write(ctx: Context, array: Val, target: ir.Index, value: Val) -> None:
    name = target.base.id
    flat = _flat_index(ctx, array, target)
    value = data(ctx, value)
    if isinstance(flat.expr, ir.Num):
        _store_local(ctx, element_name(name, int(flat.expr.value)), value, ctx.pred)
        return
    held_value, held_index = ctx.fresh("_value"), ctx.fresh("_index")
    ctx.emit(TAssign(held_value, value.expr))
    ctx.emit(TAssign(held_index, flat.expr))
    ctx.env[held_index] = Val(flat.kind, ir.Name(held_index))  # so a per-thread index reads as one
    value = replace(value, expr=ir.Name(held_value))
    for k in range(math.prod(array.tag)):
        hit = ir.Bin("==", ir.Name(held_index), ir.Num(k))
        _store_local(ctx, element_name(name, k), value, _and(ctx.pred, hit))
    del ctx.env[held_index]


def _expand_arrays(ctx: Context, names) -> list[str]:
    """`names` with each local array replaced by its elements."""
    out = []
    for name in names:
        val = ctx.env.get(name)
        if val is not None and val.kind == "A":
            out += [element_name(name, k) for k in range(math.prod(val.tag))]
        else:
            out.append(name)
    return out


def _single_thread(ctx: Context, test: ir.Expr) -> bool:
    if isinstance(test, ir.Bin) and test.op == "==":
        left = evaluate(ctx, test.left)
        right = _const_int(ctx, test.right)
        return right == 0 and _tag(left) in (("tid", "x"), ("lane",))
    return False


def _if(ctx: Context, stmt: ir.If) -> None:
    pins = _pins(ctx, stmt.test)
    if _single_thread(ctx, stmt.test):
        if stmt.orelse:
            raise Rejected("an else branch on a single-thread condition")
        saved_outer = ctx.outer
        ctx.outer = frozenset(ctx.env) if saved_outer is None else saved_outer
        try:
            _walk_pinned(ctx, stmt.then, pins)
        finally:
            ctx.outer = saved_outer
        return
    if len(stmt.then) == 1 and isinstance(stmt.then[0], ir.Return) and not stmt.orelse and ctx.returning is None:
        test = truth(data(ctx, evaluate(ctx, stmt.test)), ctx)
        _note_bound(ctx, ir.Un("!", stmt.test))
        test = _held(ctx, test, _assigned(ctx, ctx.kernel.body))
        top = ctx.pred is None or ctx.pred == ctx.alive
        ctx.pred = _and(ctx.pred, _mask_part(test, _negate(test.expr)))
        if top:
            ctx.alive = ctx.pred
        return
    test = evaluate(ctx, stmt.test)
    if test.kind == "U" and isinstance(test.expr, ir.Num):
        _walk_pinned(ctx, stmt.then, pins) if test.expr.value else walk(ctx, stmt.orelse)
        return
    test = truth(data(ctx, test), ctx)
    _note_bound(ctx, stmt.test)
    test = _held(ctx, test, _assigned(ctx, stmt.then + stmt.orelse))
    if test.kind == "U" and _branch_local(ctx, stmt.then + stmt.orelse):
        # One value for the whole program: a branch of the program, not a mask on every load and store under it
        # (a uniform condition and'ed with a block mask also reads as an int32 mask in Triton's interpreter).
        for branch, condition, pinned in ((stmt.then, test.expr, pins), (stmt.orelse, _negate(test.expr), ())):
            saved_out, ctx.out = ctx.out, []
            _walk_pinned(ctx, branch, pinned)
            body, ctx.out = tuple(ctx.out), saved_out
            if body:
                ctx.emit(TIf(condition, body))
        return
    saved = ctx.pred
    ctx.pred = _and(saved, _mask_part(test, test.expr))
    _walk_pinned(ctx, stmt.then, pins)
    if stmt.orelse:
        ctx.pred = _and(saved, _mask_part(test, _negate(test.expr)))
        walk(ctx, stmt.orelse)
    ctx.pred = saved


def _walk_pinned(ctx: Context, stmts: tuple, pins) -> None:
    """`stmts` under a guard that pins what `pins` names (threadIdx.x == 0: "x"), for the reads of CUB aggregates
    in them."""
    saved = ctx.lead
    ctx.lead = saved | frozenset(pins)
    try:
        walk(ctx, stmts)
    finally:
        ctx.lead = saved


def _branch_local(ctx: Context, stmts: tuple) -> bool:
    """Whether statements leave nothing behind but memory: no jump or return, no assignment to a variable they
    do not declare themselves, and no declaration of a name already in use (Triton keeps a name first defined in
    an `if` only inside it, and a name defined before it only with its type unchanged)."""
    declared = {stmt.name for stmt in ir.statements_in(stmts) if isinstance(stmt, ir.Decl)}
    for stmt in ir.statements_in(stmts):
        if isinstance(stmt, (ir.Jump, ir.Return)):
            return False
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Name) and stmt.target.id not in declared:
            return False
    if written_references(ctx.module, stmts) - declared:
        return False
    return not declared & set(ctx.env)


def _assigned(ctx: Context, stmts: tuple) -> set[str]:
    """The local names that statements (and the statements nested in them) assign, also through the reference
    parameters of the device functions they call."""
    names = written_references(ctx.module, stmts)
    for stmt in ir.statements_in(stmts):
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Name):
            names.add(stmt.target.id)
        elif isinstance(stmt, ir.Decl):
            names.add(stmt.name)
    return names


def _held(ctx: Context, test: Val, assigned: set[str]) -> Val:
    """A guard that reads a name the guarded code assigns, computed once into a variable of its own: every later
    statement under the guard (and an else branch) must see the condition as it was on entry."""
    read = set(re.findall(r"Name\(id='(\w+)'\)", repr(test.expr)))
    loads = "func='tl.load'" in repr(test.expr)  # memory the guarded stores may change
    if not loads and not read & ({ctx.prefix + n for n in assigned} | assigned):
        return test
    name = ctx.fresh("_cond")
    ctx.emit(TAssign(name, test.expr))
    held = Val(test.kind, ir.Name(name))
    if held.kind == "V":
        ctx.env[name] = held  # so that what the guard masks knows it per-lane (a scalar load under it is broadcast)
        ctx.vectors.add(name)  # also inside a device function inlined under the guard, which has its own names
    return held


def _unsized(ctx: Context, bound: ir.Expr) -> str:
    """What in an index bound a launcher cannot size its grid from (a local's name, a thread index), or "" when it is
    made of the kernel's parameters and constants."""
    named = set(re.findall(r"Name\(id='(\w+)'\)", repr(bound)))
    # a named constant the launcher can be given the value of (_launch_bound): a number, or one it folds to
    constants = {name for name in named if name in ctx.module.constants and (
        isinstance(ctx.module.constants[name], ir.Num)
        or ir.folded(ctx.module.constants[name], ctx.module.constants) is not None)}
    known = {n for p in ctx.kernel.params for n in p.names} | constants | set(builtins().constants)
    if named - known:
        return f"the local {sorted(named - known)[0]}"
    return "a thread index" if "Builtin(" in repr(bound) else ""


def _note_bound(ctx: Context, test: ir.Expr) -> None:
    """Remember `index < bound` guards on the global index (element-wise) or the row (reductions)."""
    if isinstance(test, ir.Un) and test.op == "!" and isinstance(test.operand, ir.Bin):
        inner = test.operand
        flipped = {">=": "<", ">": "<="}.get(inner.op)
        if flipped:
            _note_bound(ctx, ir.Bin(flipped, inner.left, inner.right))
        return
    if isinstance(test, ir.Bin) and test.op == "&&":
        _note_bound(ctx, test.left)
        _note_bound(ctx, test.right)
        return
    if isinstance(test, ir.Bin) and test.op in ("<", "<="):
        try:
            left = evaluate(ctx, test.left)
        except Rejected:
            return
        bound = _launch_bound(ctx, test.right if test.op == "<" else ir.Bin("+", test.right, ir.Num(1)))
        if _unsized(ctx, bound):
            return  # the launcher sizes the grid from the bound, so it must be made of parameters and constants
        if left.kind == "V" and isinstance(left.expr, ir.Name) and left.expr.id.startswith("offs_"):
            ctx.bounds.setdefault(left.expr.id[5:], bound)
        elif left.kind == "T" and left.tag[:1] == ("gid",) and ctx.mode == "elementwise":
            ctx.bounds.setdefault(left.tag[1], bound)
        elif ctx.mode == "reduction" and (
            (left.kind == "U" and left.expr == ir.Name("pid")) or _tag(left) in (("grouprow",), ("bid", "x"))
        ):
            ctx.rows = bound


def _launch_bound(ctx: Context, bound: ir.Expr) -> ir.Expr:
    """A bound as the launcher computes the grid from it: the program's named constants (`const int DIM = 30;` in
    a header, `const int n = 1 << (LOG + 1);`) written as their values, which the launcher's module does not
    define."""
    params = {n for p in ctx.kernel.params for n in p.names}
    numbers = {}
    for name in ir.names_in(bound) - params:
        value = ctx.module.constants.get(name)
        number = ir.folded(value, ctx.module.constants) if value is not None else None
        if isinstance(value, ir.Num) or number is not None:
            numbers[name] = value if isinstance(value, ir.Num) else ir.Num(number)
    return _floor_divisions(ctx, ir.substituted(bound, numbers))


def _floor_divisions(ctx: Context, bound: ir.Expr) -> ir.Expr:
    """A launch bound with C's `/` of two integers written `//`, as the launcher's Python ints need (`n / 4` would
    be a float there); the grid is sized from a bound that is not negative, where the two agree."""
    if isinstance(bound, ir.Bin):
        left, right = _floor_divisions(ctx, bound.left), _floor_divisions(ctx, bound.right)
        op = "//" if bound.op == "/" and _integer(ctx, bound.left) and _integer(ctx, bound.right) else bound.op
        return ir.Bin(op, left, right)
    return bound


def _integer(ctx: Context, expr: ir.Expr) -> bool:
    """Whether an expression of the kernel's parameters and numbers is an integer in C."""
    if isinstance(expr, ir.Num):
        return not expr.is_float
    if isinstance(expr, ir.Name):
        ctype = next((p.ctype for p in ctx.kernel.params if expr.id in p.names and not p.pointer), None)
        return ctype is not None and triton_type(base_type(ctype), False) in ("i32", "i64", "u32", "u64", "i16",
                                                                              "u16", "i8", "u8")
    if isinstance(expr, ir.Bin) and expr.op in ("+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"):
        return _integer(ctx, expr.left) and _integer(ctx, expr.right)
    if isinstance(expr, ir.Cast):
        return triton_type(base_type(expr.ctype), False) in ("i32", "i64", "u32", "u64")
    return False


def _loop_parts(ctx: Context, stmt) -> tuple[str, ir.Expr, ir.Expr, ir.Expr] | None:
    """var, start, bound, step of `for (v = start; v < bound; v += step)`."""
    if not isinstance(stmt, ir.For) or len(stmt.init) != 1 or len(stmt.step) != 1:
        return None
    init, step = stmt.init[0], stmt.step[0]
    if isinstance(init, ir.Decl):
        var, start = init.name, init.value
    elif isinstance(init, ir.Assign) and isinstance(init.target, ir.Name):
        var, start = init.target.id, init.value
    else:
        return None
    test = stmt.test
    if not (isinstance(test, ir.Bin) and test.left == ir.Name(var) and test.op in ("<", "<=")):
        return None
    bound = test.right if test.op == "<" else ir.Bin("+", test.right, ir.Num(1))
    if not (isinstance(step, ir.Assign) and step.target == ir.Name(var) and step.op == "+="):
        return None
    return var, start, bound, step.value


def _hides(ctx: Context, stmt) -> None:
    """A `for (int i = ...)` whose i hides a variable of the same name: the tile program has one name for both."""
    for init in getattr(stmt, "init", ()):
        if isinstance(init, ir.Decl) and init.name in ctx.env:
            raise Rejected(f"a loop variable {init.name} that hides a variable of the same name")


def _loop(ctx: Context, stmt) -> None:
    _hides(ctx, stmt)
    _loop_body(ctx, stmt)
    for init in getattr(stmt, "init", ()):
        if isinstance(init, ir.Decl):
            ctx.env.pop(init.name, None)  # its scope ends with the loop


def _loop_body(ctx: Context, stmt) -> None:
    if isinstance(stmt, ir.For) and ctx.mode == "reduction" and _shuffle_loop(ctx, stmt.body):
        return
    if ctx.mode == "reduction" and _tree_loop(ctx, stmt):
        return
    if isinstance(stmt, ir.While):
        if not ctx.per_lane:
            raise Rejected("a data-dependent loop bound (while loop)")
        _masked_loop(ctx, (), stmt.test, (), stmt.body)
        return
    if _jumps(stmt.body) and ctx.per_lane:
        # each lane leaves at its own break: the loop runs while any lane is in it
        _masked_loop(ctx, stmt.init, stmt.test if stmt.test is not None else ir.Num(1), stmt.step, stmt.body)
        return
    parts = _loop_parts(ctx, stmt)
    if parts is None:
        if ctx.per_lane and isinstance(stmt, ir.For) and stmt.test is not None:
            _masked_loop(ctx, stmt.init, stmt.test, stmt.step, stmt.body)
            return
        raise Rejected("a loop that is not a counted `for (i = a; i < b; i += c)` loop")
    var, start_expr, bound_expr, step_expr = parts
    start, step = evaluate(ctx, start_expr), evaluate(ctx, step_expr)
    bound = data(ctx, evaluate(ctx, bound_expr))
    if bound.kind != "U" and not ctx.per_lane:
        raise Rejected("a data-dependent loop bound")
    step_tag = _tag(step)
    start_tag = _tag(start)
    if ctx.per_lane:
        if start_tag[:1] == ("gid",) and step_tag[:1] == ("stride",):
            carried = sorted(n for n in _assigned(ctx, stmt.body) if n in ctx.env and n != var)
            if carried:
                # One program per element runs one iteration: a value summed over a thread's iterations has no form.
                raise Rejected(f"a grid-stride loop that carries {carried[0]} across its iterations")
            unsized = _unsized(ctx, bound_expr)
            if unsized:  # the launcher sizes the grid from the bound
                raise Rejected(f"a grid-stride loop bounded by {unsized}, which the launcher cannot size its grid from")
            ctx.env[var] = Val("V", ir.Name(f"offs_{start_tag[1]}"))
            if start_tag[1] not in ctx.bounds:
                ctx.strided.add(start_tag[1])
            ctx.bounds.setdefault(start_tag[1], _launch_bound(ctx, bound_expr))
            saved = ctx.pred
            ctx.pred = _and(saved, ir.Bin("<", ir.Name(f"offs_{start_tag[1]}"), bound.expr))
            walk(ctx, stmt.body)
            ctx.pred = saved
            return
        if start.kind == "U" and step.kind == "U" and bound.kind == "U":
            _counted_loop(ctx, var, start, bound, step, stmt.body)
            return
        if start.kind == "T" or step.kind == "T":
            raise Rejected("a loop over thread indices in an element-wise kernel")
        _masked_loop(ctx, stmt.init, stmt.test, stmt.step, stmt.body)
        return
    # Reductions: a loop whose threads split the range between them collapses into chunks of BLOCK.
    lane_loop = start_tag == ("lane",) and _const_int(ctx, step_expr) == 32
    block_loop = start_tag == ("tid", "x") and step_tag == ("bdim", "x")
    grid_loop = start_tag == ("gid", "x") and step_tag == ("stride", "x")
    if lane_loop or block_loop or grid_loop:
        declared = next((d.ctype for d in getattr(stmt, "init", ()) if isinstance(d, ir.Decl) and d.name == var),
                        ctx.types.get(var, ""))
        _chunk_loop(ctx, var, bound, stmt.body, lane_loop, grid_loop, _kept(ctx, Val("V", ir.Name(
            ctx.prefix + var + "_start")), bound_expr, declared).expr)
        return
    if start.kind == "U" and step.kind == "U":
        _counted_loop(ctx, var, start, bound, step, stmt.body)
        return
    raise Rejected("a loop over thread indices that is not a block-stride or warp-stride loop")


UNROLL_LIMIT = 64  # iterations of a counted loop over a local array that are written out one by one


def _counted_loop(ctx: Context, var: str, start: Val, bound: Val, step: Val, body: tuple) -> None:
    trips = _constant_trips(start, bound, step)
    arrays = {n for n, v in ctx.env.items() if v.kind == "A"}
    if trips is not None and var not in _assigned(ctx, body) and arrays & set(
        re.findall(r"Name\(id='(\w+)'\)", repr(body))
    ):
        # Indices into a local array are numbers in each copy of the body, so each element stays a value of its own.
        for value in trips:
            ctx.env[var] = Val("U", ir.Num(value))
            walk(ctx, body)
        ctx.env[var] = Val("U", ir.Num(trips[-1] + step.expr.value if trips else start.expr.value))
        return
    # A variable of an earlier loop (or block) stays bound after it in the tile program; one the body declares
    # anew under that name is another variable in C, which Triton would carry through this loop from the old one
    # (of another shape: a column per thread before, a count for the block inside). unshadow has renamed every
    # declaration that hides a variable C still sees, so a name left bound here is one whose scope has ended.
    left = {n.removeprefix(ctx.prefix) for n in ctx.assigned if n.startswith(ctx.prefix)} - {var}
    body = _declared_anew(ctx, body, left)
    _bind_declared(ctx, body)
    _carried_names(ctx, var, body)
    for name in sorted(_widened(ctx, var, body)):
        _widen(ctx, name, ctx.env[name])
    saved_out = ctx.out
    ctx.out = []
    ctx.env[var] = Val("U", ir.Name(ctx.prefix + var))
    entry = {k: set(v) for k, v in ctx.touched.items()}
    _enter_loop_body(ctx, body, {var: ctx.env[var]})  # the body's first access follows the previous iteration's last
    walk(ctx, body)
    inner, ctx.out = tuple(ctx.out), saved_out
    _leave_loop(ctx, entry)
    ctx.emit(TFor(ctx.prefix + var, start.expr, bound.expr, step.expr, inner))


def _declared_anew(ctx: Context, body: tuple, bound: set[str], step: tuple = ()) -> tuple:
    """A loop's `body` with each variable it declares under a name of `bound` (one the tile program still holds from
    before the loop) renamed through its scope, so that Triton does not carry the old variable through the loop."""
    if not bound:
        return body
    taken = ir.names_in(ctx.kernel.body) | ir.names_in(body + step) | set(ctx.env) | set(ctx.types)
    return renamed_declarations(body, bound, taken)


def _carried_names(ctx: Context, var: str, body: tuple) -> None:
    """Before a counted loop: each local its body assigns held in a variable of its own name, since the body is
    emitted once and must read what the previous iteration left (a thread index kept symbolically, or a value
    named by another variable, would be read afresh each time: flip's `cur = cur / stride` in a loop over
    dimensions). A pointer the body moves keeps the kernel SIMT: the lowering holds one pointer expression."""
    for name in sorted(_assigned(ctx, body)):
        if name == var or name not in ctx.env:
            continue
        old = ctx.env[name]
        if old.kind in ("PTR", "S", "P"):
            raise Rejected(f"{name} ({'a pointer' if old.kind == 'PTR' else 'not a plain value'}) changed in a "
                           "loop")
        if old.kind not in ("U", "V", "T"):
            continue
        if old.kind != "T" and isinstance(old.expr, ir.Name) and old.expr.id == ctx.prefix + name:
            continue
        value = data(ctx, old)
        expr = value.expr
        wide = INT_CASTS.get(base_type(ctx.types.get(name, "")))
        if not value.is_float and wide in ("tl.int64", "tl.uint64"):
            expr = ir.Call(".to", (expr, ir.Text(wide)))  # the type the loop's assignments give it
        ctx.emit(TAssign(ctx.prefix + name, expr))
        ctx.env[name] = replace(value, expr=ir.Name(ctx.prefix + name))


def _masked_loop(ctx: Context, init: tuple, test: ir.Expr, step: tuple, body: tuple) -> None:
    """A loop whose threads may leave it at different iterations (`while (lo < hi)`, `for (j = start[i]; j <
    end[i]; ++j)`): it runs while any lane is still in it, each lane under its own mask, which the test narrows
    after every iteration; every value the loop changes is one per lane from its start."""
    if any(isinstance(stmt, ir.Return) for stmt in ir.statements_in(body)):
        raise Rejected("a return inside a loop whose threads leave it at different iterations")
    for stmt in init:
        statement(ctx, stmt)
    # A counted loop's variable, or any variable whose scope has ended (tsp's `int tmp` of an earlier branch, then
    # the swap macro's `float tmp` here), stays bound after it in the tile program: one of the same name declared
    # in this loop would be carried from it.
    held = ctx.ranged | ctx.assigned
    body = _declared_anew(ctx, body, {n for n in ir.names_in(body) if ctx.prefix + n in held}, step)
    _bind_declared(ctx, body + step)
    stored = {stmt.target.base.id for stmt in ir.statements_in(body + step) if isinstance(stmt, ir.Assign)
              and isinstance(stmt.target, ir.Index) and isinstance(stmt.target.base, ir.Name)}
    arrays = {n for n in stored if n in ctx.env and ctx.env[n].kind == "A"}
    carried = sorted(_expand_arrays(ctx, {n for n in _assigned(ctx, body + step) if n in ctx.env} | arrays))
    for name in carried:
        old = ctx.env[name]
        if old.kind not in ("U", "V", "T"):
            raise Rejected(f"{name} ({'a pointer' if old.kind == 'PTR' else 'not a plain value'}) changed in a "
                           "loop whose threads leave it at different iterations")
        old = data(ctx, old)
        if old.kind == "U" or not isinstance(old.expr, ir.Name):
            _widen(ctx, name, old)
    active = ctx.fresh("_active")
    everyone = ir.Bin("==", ir.Call("tl.zeros", (ir.Text(_block_shape(ctx)), ir.Text("tl.int32"))), ir.Num(0))
    if ctx.mode == "block":
        everyone = ir.Name(LANES)

    def narrowed(mask: ir.Expr) -> ir.Expr:
        entry = truth(data(ctx, evaluate(ctx, test)), ctx)
        if entry.kind not in ("U", "V"):
            raise Rejected("a loop test that is not one value per thread")
        return ir.Bin("&&", mask, entry.expr)

    saved = ctx.pred
    ctx.emit(TAssign(active, narrowed(everyone if saved is None else _and(everyone, saved))))
    outer, ctx.out = ctx.out, []
    ctx.env[active] = Val("V", ir.Name(active))
    ctx.vectors.add(active)
    go = active
    if _jumps(body):
        # `go`: the lanes still in this iteration; a continue takes lanes out of it, a break out of `active` too
        go = ctx.fresh("_go")
        ctx.emit(TAssign(go, ir.Name(active)))
        ctx.env[go] = Val("V", ir.Name(go))
        ctx.vectors.add(go)
        ctx.loops.append((go, active))
    ctx.pred = ir.Name(go)
    entry = {k: set(v) for k, v in ctx.touched.items()}
    _enter_loop_body(ctx, body + step, {active: ctx.env[active], go: ctx.env[go]})
    walk(ctx, body)
    ctx.pred = ir.Name(active)  # a continue goes on to the step; a break does not
    for stmt in step:
        statement(ctx, stmt)
    ctx.emit(TAssign(active, narrowed(ir.Name(active))))
    inner, ctx.out = tuple(ctx.out), outer
    _leave_loop(ctx, entry)
    if go != active:
        ctx.loops.pop()
        del ctx.env[go]
    del ctx.env[active]
    ctx.pred = saved
    for name in carried:
        now = ctx.env[name]
        if now != Val("V", ir.Name(ctx.prefix + name), is_float=now.is_float, unsigned=now.unsigned):
            raise Rejected(f"{name} changes form in a loop whose threads leave it at different iterations")
    any_active = ir.Call("tl.max", (ir.Call(".to", (ir.Name(active), ir.Text("tl.int32"))),))
    ctx.emit(TWhile(ir.Bin(">", any_active, ir.Num(0)), inner))


def _constant_trips(start: Val, bound: Val, step: Val) -> list[int] | None:
    """The values a counted loop's variable takes when its start, bound and step are integer numbers and it takes at
    most UNROLL_LIMIT of them; else None."""
    parts = [v.expr.value if isinstance(v.expr, ir.Num) and not v.is_float else None for v in (start, bound, step)]
    if None in parts or parts[2] <= 0:
        return None
    trips = range(int(parts[0]), int(parts[1]), int(parts[2]))
    return list(trips) if len(trips) <= UNROLL_LIMIT else None


def _snapshot(ctx: Context) -> dict:
    return {k: copy.copy(v) if not isinstance(v, (dict, list, set)) else copy.deepcopy(v)
            for k, v in vars(ctx).items() if k not in ("module", "kernel")}


def _restore(ctx: Context, saved: dict) -> None:
    for key, value in saved.items():
        setattr(ctx, key, value)


def _enter_loop_body(ctx: Context, body: tuple, names: dict[str, Val]) -> None:
    """Before walking a loop body (its variables bound in `names`): the scratch accesses its previous iteration
    left after its last barrier join those before the loop, found by a trial walk of the body."""
    if ctx.mode != "block":
        return
    saved = _snapshot(ctx)
    try:
        ctx.out = []
        ctx.env.update(names)
        walk(ctx, body)
        left = {k: set(v) for k, v in ctx.touched.items()}
    except Rejected:
        left = {k: set("rwa") for k in ctx.touched}
    finally:
        _restore(ctx, saved)
    for key, seen in left.items():
        ctx.touched.setdefault(key, set()).update(seen)


def _leave_loop(ctx: Context, entry: dict[str, set]) -> None:
    """After a loop: its body's accesses since its last barrier, or, where it ran no iteration, those before it."""
    for key, seen in entry.items():
        ctx.touched.setdefault(key, set()).update(seen)


def _bind_declared(ctx: Context, body: tuple) -> None:
    """Locals declared without a value (`int k;`) that a loop body assigns, given zero before the loop: Triton
    carries a value through a loop only if it has one on entry, and C leaves such a local's value open. A loop
    nested in the body that declares its own variable (`for (int d = ...)`) assigns that one, not a local outside."""
    inner = {d.name for s in ir.statements_in(body) if isinstance(s, ir.For) for d in s.init if isinstance(d, ir.Decl)}
    for name in sorted(_assigned(ctx, body) - inner):
        if name not in ctx.env and name in ctx.types and "*" not in ctx.types[name]:
            _assign_name(ctx, name, as_declared(Val("U", ir.Num(0)), ctx.types[name]), ctx.types[name])


def _generic_dtype(ctx: Context, ctype: str) -> str | None:
    """The Triton type of a local of the kernel's generic element type (`scalar_t v = 0;`): that of the elements of
    its first buffer of that type, as the launch gives it (float32, float64, bfloat16), so that the local computes
    in the instantiation's type and a loop that assigns it keeps its type; None for other types, or where no buffer
    has the type."""
    if ctype not in _generic_types(ctx):
        return None
    buffer = next((p.name for p in ctx.kernel.params if p.pointer and base_type(p.ctype) == ctype), None)
    return f"{buffer}.dtype.element_ty" if buffer else None


def _widen(ctx: Context, name: str, old: Val) -> None:
    """`name` made one value per lane before a loop: Triton keeps a loop-carried value's type, so a scalar the loop
    makes per-thread is a block from the start."""
    declared = base_type(ctx.types.get(name, ""))
    double = declared == "double" or (old.expr is not None and _is_double(ctx, old.expr))
    # An integer local keeps its declared width: a size_t the loop assigns 64-bit values to is 64-bit on entry.
    dtype = "tl.float64" if double else (_generic_dtype(ctx, declared) or "tl.float32") if old.is_float else \
        INT_CASTS.get(declared, "tl.int32")
    zeros = ir.Call("tl.zeros", (ir.Text(_block_shape(ctx)), ir.Text(dtype)))
    ctx.emit(TAssign(ctx.prefix + name, ir.Bin("+", old.expr, zeros)))
    ctx.env[name] = Val("V", ir.Name(ctx.prefix + name), is_float=old.is_float,
                        unsigned=not old.is_float and (old.unsigned or _is_unsigned(declared)))


def _widened(ctx: Context, var: str, body: tuple) -> set[str]:
    """Names bound to one value per program before the loop that its body makes per-thread (a trial walk)."""
    saved = _snapshot(ctx)
    before = dict(ctx.env)
    ctx.out = []
    ctx.env[var] = Val("U", ir.Name(ctx.prefix + var))
    try:
        walk(ctx, body)
        after = dict(ctx.env)
    finally:
        _restore(ctx, saved)
    return {n for n, v in before.items() if v.kind == "U" and n in after and after[n].kind == "V"
            and isinstance(v.expr, ir.Name)}


def _chunk_loop(ctx: Context, var: str, bound: Val, body: tuple, lane_loop: bool, grid_loop: bool,
                start_of: ir.Expr | None = None) -> None:
    """A loop whose threads split the range between them, in chunks of BLOCK; `start_of` is a chunk's first index
    in the variable's declared type (Triton gives the loop's index the type of its bound: `int i < size_t n`)."""
    if lane_loop:
        ctx.warp_group = True
    scope = "warp" if lane_loop else "block"
    if grid_loop:
        ctx.faithful = True
        start = ir.Bin("*", ir.Name("pid"), ir.Name("THREADS"))
        step = ir.Bin("*", ir.Name("THREADS"), ir.Call("tl.num_programs", (ir.Num(0),)))
    else:
        start, step = ir.Num(0), ir.Name("BLOCK")
        if ctx.chunk_bound is None:
            ctx.chunk_bound = bound.expr
    base = ctx.prefix + var + "_start"
    name = ctx.prefix + var
    saved_out, saved_pred, saved_env = ctx.out, ctx.pred, dict(ctx.env)
    ctx.out = [TAssign(name, ir.Bin("+", start_of or ir.Name(base), ir.Call("tl.arange", (ir.Num(0), ir.Name("BLOCK")))))]
    mask = ir.Bin("<", ir.Name(name), bound.expr)
    ctx.pred = _and(saved_pred, mask)
    ctx.env[var] = Val("V", ir.Name(name))
    accumulators: dict[str, str] = {}
    for stmt in body:
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Name) and stmt.target.id in saved_env:
            found = _reduction_op(stmt.target, stmt.op, stmt.value)
            if found is None:
                raise Rejected(f"a loop-carried value {stmt.target.id} that is not a sum, max or min")
            op, term = found
            acc = data(ctx, saved_env[stmt.target.id])
            if accumulators.get(stmt.target.id, op) != op:
                raise Rejected(f"{stmt.target.id} reduced with two different operations")
            accumulators[stmt.target.id] = op
            value = data(ctx, evaluate(ctx, term))
            # an integer sum adds integer zeros (a float zero would make the accumulator a float); an integer max
            # or min fills the masked lanes with the accumulator itself, which leaves the result as it is
            identity = IDENTITY[op] if value.is_float or acc.is_float else ir.Num(0) if op == "sum" else acc.expr
            # the lanes past the launch's block overlap the next program's chunk: they add nothing here
            lanes = _and(ctx.pred, ir.Name(LANES)) if grid_loop and ctx.lanes else ctx.pred
            masked = ir.Call("tl.where", (lanes, value.expr, identity))
            reduced = ir.Call(REDUCE_CALL[op], (masked,), kwargs=(("axis", ir.Num(0)),))
            new = ir.Bin("+", acc.expr, reduced) if op == "sum" else ir.Call(COMBINE[op], (acc.expr, reduced))
            ctx.emit(TAssign(acc.expr.id, new))
            continue
        statement(ctx, stmt)
    inner = tuple(ctx.out)
    env_after = ctx.env
    ctx.out, ctx.pred = saved_out, saved_pred
    ctx.env = saved_env
    for name_, val in env_after.items():
        if name_ in saved_env and name_ not in accumulators and val != saved_env[name_] and val.kind != "T":
            raise Rejected(f"{name_} carried across a block-stride loop without a reduction")
    for acc_name, op in accumulators.items():
        old = saved_env[acc_name]
        ctx.env[acc_name] = Val("P", old.expr, op=op, scope=scope, is_float=old.is_float or _is_float_type(
            ctx.types.get(acc_name, "float")), unsigned=old.unsigned)
    stop = bound.expr
    ctx.emit(TFor(base, start, stop, step, inner))


# -- classes ---------------------------------------------------------------------------------------------------



def _calls(module: ir.Module, fn: ir.Function, seen: set[str] | None = None) -> set[str]:
    text = repr(fn.body)
    names = set()
    seen = seen or {fn.name}
    for other in module.functions.values():
        if not other.kernel and f"func='{other.name}'" in text and other.name not in seen:
            seen.add(other.name)
            names.add(other.name)
            names |= _calls(module, other, seen)
    return names


def program_rows(module: ir.Module, fn: ir.Function) -> bool:
    """Whether blockIdx.y is the kernel's only use of the y axis (with its device functions): each program along y
    is one row, as in a 1-D block launched over a (columns, rows) grid."""
    text = repr([fn.body] + [module.functions[n].body for n in sorted(_calls(module, fn))])
    return "kind='blockIdx', axis='y'" in text and not re.search(r"kind='(threadIdx|blockDim|gridDim)', axis='y'", text)


def _uses(module: ir.Module, fn: ir.Function) -> tuple[bool, bool, bool]:
    """Whether the kernel (with the device functions it calls) uses shared memory, shuffles, and 2-D indices."""
    bodies = [fn.body] + [module.functions[n].body for n in sorted(_calls(module, fn))]
    shared = shuffles = two_d = False
    for body in bodies:
        for stmt in ir.statements_in(body):
            if isinstance(stmt, ir.Decl) and stmt.shared is not None:
                shared = True
        text = repr(body)
        shuffles |= any(f"func='{s}'" in text for s in builtins().shuffles)
        two_d |= "axis='y'" in text
    return shared, shuffles, two_d


def _initial_env(fn: ir.Function) -> dict[str, Val]:
    env = {}
    for p in fn.params:
        if p.pointer:
            env[p.name] = Val("PTR", ir.Name(p.name), is_float=_is_float_type(p.ctype), narrow=_is_narrow(p.ctype),
                              unsigned=_is_unsigned(p.ctype))
        else:  # a vector by value: each of its lanes a scalar parameter of the lanes' type
            for name in p.names:
                env[name] = Val("U", ir.Name(name), is_float=_is_float_type(p.ctype), unsigned=_is_unsigned(p.ctype))
    for name, value in fn.tvalues:  # the value template parameters of the one instantiation launched
        env[name] = Val("U", value)
    for name, _numbers in fn.tconsts:  # those launched with several numbers: constexprs of the kernel
        env[name] = Val("U", ir.Name(name))
    return env


def unsigned_entry(params: tuple[ir.Param, ...]) -> tuple:
    """Each unsigned int or wider scalar parameter (or lane of a vector by value) converted to its C type as the
    kernel starts: the launcher passes a Python int, which Triton types as a signed int32 or int64, so division,
    comparison and wraparound would be signed, and Triton refuses to divide an unsigned element by it.
    `tl.cast` also takes the constexpr Triton makes of an argument equal to 1."""
    entry = []
    for p in params:
        if p.pointer or "*" in p.ctype or not _is_unsigned(p.ctype):
            continue
        dtype = "tl.uint64" if triton_type(base_type(p.ctype), False) == "u64" else "tl.uint32"
        entry += [TAssign(name, ir.Call("tl.cast", (ir.Name(name), ir.Text(dtype)))) for name in p.names]
    return tuple(entry)


def index_prologue(axes: list[str]) -> list:
    """pid_x/offs_x (and pid_y/offs_y, as a column and a row of a 2-D block) for the program's indices."""
    prologue = []
    for i, axis in enumerate(axes):
        block = f"BLOCK_{axis.upper()}"
        arange = ir.Call("tl.arange", (ir.Num(0), ir.Name(block)))
        if len(axes) == 2:
            arange = ir.Index(arange, (ir.Slice(), ir.NoneConst()) if axis == "y" else (ir.NoneConst(), ir.Slice()))
        prologue.append(TAssign(f"pid_{axis}", ir.Call("tl.program_id", (ir.Num(i),))))
        prologue.append(
            TAssign(f"offs_{axis}", ir.Bin("+", ir.Bin("*", ir.Name(f"pid_{axis}"), ir.Name(block)), arange))
        )
    return prologue


