"""The kernel IR: expressions and statements of one SIMT kernel, shared by the CUDA and Numba front ends."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Num:
    value: int | float
    is_float: bool = False
    unsigned: bool = False  # an integer literal C types unsigned (a `u` suffix, or hex past int's range)


@dataclass(frozen=True)
class Name:
    id: str


@dataclass(frozen=True)
class Builtin:
    """threadIdx / blockIdx / blockDim / gridDim and one axis."""

    kind: str
    axis: str


@dataclass(frozen=True)
class Bin:
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class FloatOrder(Bin):
    """`<`, `<=`, `>` or `>=` of floating-point values: false where an operand is NaN, so its negation is no
    opposite comparison (`!(x > 0)` holds for a NaN x, `x <= 0` does not)."""


@dataclass(frozen=True)
class Un:
    op: str
    operand: Expr


@dataclass(frozen=True)
class Cond:
    test: Expr
    body: Expr
    orelse: Expr


@dataclass(frozen=True)
class Call:
    func: str
    args: tuple[Expr, ...] = ()
    targs: tuple[str, ...] = ()
    kwargs: tuple[tuple[str, Expr], ...] = ()


@dataclass(frozen=True)
class Index:
    base: Expr
    indices: tuple[Expr, ...]


@dataclass(frozen=True)
class Cast:
    ctype: str
    operand: Expr


@dataclass(frozen=True)
class Attr:
    obj: Expr
    name: str


@dataclass(frozen=True)
class Slice:
    """`:` inside a subscript (only in printed Triton code)."""


@dataclass(frozen=True)
class NoneConst:
    """`None` inside a subscript (only in printed Triton code)."""


@dataclass(frozen=True)
class Text:
    """A literal fragment of target code: a dtype or a keyword value the printer writes as it is."""

    text: str


Expr = Union[Num, Name, Builtin, Bin, Un, Cond, Call, Index, Cast, Attr, Slice, NoneConst, Text]

# The function of a Call that is a C initializer list (`d[i] = {ox, oy, oz};`): what it builds is the type of what
# it is stored into, which the lowering knows.
BRACES = "{}"


@dataclass(frozen=True)
class Decl:
    name: str
    ctype: str
    value: Expr | None = None
    shared: tuple[Expr, ...] | None = None
    local: tuple[Expr, ...] | None = None  # the dimensions of a per-thread array
    init: tuple[Expr, ...] | None = None  # a per-thread array's initializer list, flattened


@dataclass(frozen=True)
class Assign:
    target: Expr
    op: str
    value: Expr


@dataclass(frozen=True)
class If:
    test: Expr
    then: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...] = ()


@dataclass(frozen=True)
class For:
    init: tuple[Stmt, ...]
    test: Expr | None
    step: tuple[Stmt, ...]
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class While:
    test: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Return:
    value: Expr | None = None


@dataclass(frozen=True)
class Sync:
    pass


@dataclass(frozen=True)
class Jump:
    """`break` or `continue` (`kind`) of the innermost loop."""

    kind: str


@dataclass(frozen=True)
class ExprStmt:
    expr: Expr


@dataclass(frozen=True)
class Unsupported:
    """A statement the front end could not read; `what` names the construct."""

    what: str
    line: int = 0


Stmt = Union[Decl, Assign, If, For, While, Return, Sync, ExprStmt, Unsupported]


@dataclass(frozen=True)
class Param:
    name: str
    ctype: str
    pointer: bool
    default: Expr | None = None  # a device function's default argument (`scalar_t alpha = 1.0`)
    declared: str = ""  # the type the source declares, where the lowering reads the parameter as another (float4)
    # a vector or structure passed by value: the scalars the tile kernel takes it as, one per lane (w_x, w_y, w_z),
    # each of type `ctype`; the launcher still takes the whole value
    lanes: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The names the tile kernel takes this parameter as: its lanes, or its own."""
        return self.lanes or (self.name,)


@dataclass(frozen=True)
class Function:
    """A kernel or a device function."""

    name: str
    params: tuple[Param, ...]
    body: tuple[Stmt, ...]
    tparams: tuple[str, ...] = ()
    kernel: bool = True
    line: int = 1
    end_line: int = 1
    rtype: str = ""  # a device function's return type
    tkinds: tuple[str, ...] = ()  # per template parameter: "type" or "value"
    # a kernel specialised to the one instantiation its source launches: its value parameters' numbers
    tvalues: tuple[tuple[str, Expr], ...] = ()
    instance: tuple[str, ...] = ()  # that instantiation's template arguments, as written (in the original order)
    instance_params: tuple[str, ...] = ()  # and the template parameters they were given to
    # value template parameters launched with several numbers: each a constexpr of the tile kernel, with the numbers
    tconsts: tuple[tuple[str, tuple[int, ...]], ...] = ()
    unlowered: str = ""  # why the front end keeps this kernel SIMT (its launches' template arguments), if it does
    # a template kernel launched at unlike element types (int and float): each instantiation specialised as a kernel
    # launched at its types alone, and the buffers whose element types tell them apart (one per such parameter)
    instances: tuple[Function, ...] = ()
    dispatch: tuple[str, ...] = ()


@dataclass(frozen=True)
class Global:
    """A variable of device memory defined at namespace scope (`__constant__ float w[9] = {...};`, `__device__ const
    double D[512] = {...};`, `__device__ int flags[32];`, `__managed__ int count;`): kernels read it, and may write it,
    by its name. `values` holds its initializer in C's element order, converted to its element type as C converts it
    and padded with zeros to its size; None where it has none (CUDA starts it zeroed). `why` says why the kernels
    that name it stay SIMT ("" where it has a tile form)."""

    name: str
    ctype: str  # its element type (aliases resolved)
    dims: tuple[int, ...]  # () for a scalar
    values: tuple[int | float, ...] | None
    space: str  # __constant__ | __device__ | __managed__ | const (a namespace-scope const or constexpr array)
    line: int
    const: bool = False  # declared const (or constexpr): nothing writes it
    qualified: str = ""  # its name with the namespaces it is declared in (`ns::table`), as host code outside names it
    # a structure whose fields are all one scalar type (`__constant__ kdata k[64];`, kdata three floats): its name, its
    # fields and the array's length (None for one structure); `ctype` is then that scalar type and `dims` counts the
    # scalars, the fields of each element in turn
    record: tuple[str, tuple[str, ...], int | None] | None = None
    path: str = ""  # the source that declares it (the kernel's own, or a header it includes)
    why: str = ""

    @property
    def count(self) -> int:
        """Its number of elements."""
        total = 1
        for d in self.dims:
            total *= d
        return total

    @property
    def writable(self) -> bool:
        """Whether a kernel may store into it (the host alone writes `__constant__` data; nothing writes `const`)."""
        return self.space in ("__device__", "__managed__") and not self.const

    @property
    def symbol(self) -> bool:
        """Whether it is a device symbol the host reaches (cudaMemcpyToSymbol, cudaMemcpyFromSymbol); a namespace-scope
        `const` array without `__device__` or `__constant__` is not."""
        return self.space != "const"


@dataclass(frozen=True)
class Module:
    """Every kernel and device function of one source, and its named constants."""

    functions: dict[str, Function] = field(default_factory=dict)
    constants: dict[str, Expr] = field(default_factory=dict)
    unread: dict[str, int] = field(default_factory=dict)  # kernels the parser could not read: name -> line
    # function-like macros of the source and its headers: name -> (parameters, body), None where not expandable
    macros: dict[str, tuple[tuple[str, ...], str] | None] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # type names defined as other types (typedef, using)
    defines: set[str] = field(default_factory=set)  # every macro the source and its headers #define
    # the macros at the source's end, as migrate/tile/conditionals.py reads them (for its includers and includes)
    preprocessor: dict = field(default_factory=dict)
    # structures whose fields are all one scalar type (`struct kv { float k, v; };`): name -> (type, field names)
    records: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    # variables of device memory at namespace scope, the source's own and its headers': name -> Global
    globals: dict[str, Global] = field(default_factory=dict)
    # device functions defined more than once under one name (overloads, or one per `#ifdef` branch): name -> every
    # definition in the order read; `functions` holds the last
    overloads: dict[str, tuple[Function, ...]] = field(default_factory=dict)
    # dispatch macros of the source and its headers that switch over a value (migrate/tile/switches.py): name -> Switch
    switches: dict = field(default_factory=dict)


def statements_in(stmts: tuple):
    """Every statement of `stmts`, those nested in branches and loops after the one that holds them."""
    for stmt in stmts:
        yield stmt
        for attr in ("then", "orelse", "body", "init", "step"):
            inner = getattr(stmt, attr, None)
            if isinstance(inner, tuple):
                yield from statements_in(inner)


def nodes(node):
    """`node` and every expression and statement inside it."""
    yield node
    if isinstance(node, tuple):
        for item in node:
            yield from nodes(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if isinstance(value, tuple) or dataclasses.is_dataclass(value):
                yield from nodes(value)


def names_in(value) -> set[str]:
    """Every name an expression, statement or tuple of them reads or writes."""
    if isinstance(value, Name):
        return {value.id}
    if isinstance(value, tuple):
        return set().union(*(names_in(v) for v in value)) if value else set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(names_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    return set()


def substituted(expr: Expr, names: dict[str, Expr]) -> Expr:
    """`expr` with each name in `names` replaced by its expression (itself substituted in turn)."""
    if isinstance(expr, Name):
        return substituted(names[expr.id], names) if expr.id in names else expr
    if isinstance(expr, Bin):
        return Bin(expr.op, substituted(expr.left, names), substituted(expr.right, names))
    if isinstance(expr, Un):
        return Un(expr.op, substituted(expr.operand, names))
    if isinstance(expr, Cond):
        return Cond(substituted(expr.test, names), substituted(expr.body, names), substituted(expr.orelse, names))
    if isinstance(expr, Cast):
        return Cast(expr.ctype, substituted(expr.operand, names))
    if isinstance(expr, Call):
        return dataclasses.replace(expr, args=tuple(substituted(a, names) for a in expr.args))
    if isinstance(expr, Index):
        return Index(substituted(expr.base, names), tuple(substituted(i, names) for i in expr.indices))
    return expr


def replaced(node, mapping: dict):
    """`node` (a statement, an expression, or a tuple of them) with every part found in `mapping` replaced by its
    value; a replacement is not searched again."""
    try:
        if node in mapping:
            return mapping[node]
    except TypeError:  # an unhashable field (a list of a template's numbers): nothing to replace in it
        return node
    if isinstance(node, tuple):
        return tuple(replaced(v, mapping) for v in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return dataclasses.replace(node, **{f.name: replaced(getattr(node, f.name), mapping)
                                            for f in dataclasses.fields(node)})
    return node


def folded(expr: Expr | None, constants: dict[str, Expr], depth: int = 0) -> int | None:
    """The integer a constant expression of numbers and named constants comes to, or None."""
    if expr is None or depth > 64:
        return None
    if isinstance(expr, Num):
        return expr.value if isinstance(expr.value, int) and not isinstance(expr.value, bool) else None
    if isinstance(expr, Name):
        return folded(constants.get(expr.id), constants, depth + 1)
    if isinstance(expr, Un) and expr.op == "-":
        inner = folded(expr.operand, constants, depth + 1)
        return None if inner is None else -inner
    if isinstance(expr, Bin):
        a, b = folded(expr.left, constants, depth + 1), folded(expr.right, constants, depth + 1)
        if a is None or b is None:
            return None
        ops = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "<<": lambda: a << b,
               ">>": lambda: a >> b, "/": lambda: int(a / b) if b else None, "%": lambda: a % b if b else None,
               "<": lambda: int(a < b), "<=": lambda: int(a <= b), ">": lambda: int(a > b),
               ">=": lambda: int(a >= b), "==": lambda: int(a == b), "!=": lambda: int(a != b)}
        return ops[expr.op]() if expr.op in ops else None
    if isinstance(expr, Cond):  # `((n<8)?2:((n<16)?3:...))`, as a log2 macro writes it
        test = folded(expr.test, constants, depth + 1)
        return None if test is None else folded(expr.body if test else expr.orelse, constants, depth + 1)
    return None
