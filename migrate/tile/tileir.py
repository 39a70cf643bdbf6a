"""The tile program a kernel is lowered to: its statements, the lowered kernel, and the rejection that names why not."""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import ir


class Rejected(Exception):
    """The kernel is outside the tile classes; the message names the construct that stopped it."""


@dataclass(frozen=True)
class TAssign:
    name: str
    value: ir.Expr


@dataclass(frozen=True)
class TStore:
    pointer: ir.Expr
    value: ir.Expr
    mask: ir.Expr | None


@dataclass(frozen=True)
class TAtomic:
    """`tl.atomic_add(pointer, value, mask=...)` and its kin: `func` is the Triton atomic."""

    func: str
    pointer: ir.Expr
    value: ir.Expr
    mask: ir.Expr | None


@dataclass(frozen=True)
class TCall:
    """A call made for its effect (`tl.device_assert(...)`)."""

    call: ir.Expr


@dataclass(frozen=True)
class TFor:
    var: str
    start: ir.Expr
    stop: ir.Expr
    step: ir.Expr
    body: tuple


@dataclass(frozen=True)
class TWhile:
    """`while test:` with a scalar test (a loop whose threads leave it at different iterations runs while any
    lane is still in it, each lane under its own mask)."""

    test: ir.Expr
    body: tuple


@dataclass(frozen=True)
class TIf:
    test: ir.Expr
    body: tuple


@dataclass(frozen=True)
class Scratch:
    """A shared array of the block class: one row of `count` elements per program, in a buffer the launcher makes."""

    name: str  # the kernel parameter that points at the buffer
    ctype: str  # the element's C type
    dims: tuple[int, ...]
    dtype: str  # the buffer's torch dtype ("": that of the buffer `like`)
    like: str = ""  # a template element type's scratch: the kernel parameter whose dtype it takes
    dynamic: bool = False  # `extern __shared__ T s[];`: its row holds the launch's shared bytes (DYNAMIC_COUNT)

    @property
    def count(self) -> int:
        return math.prod(self.dims)


DYNAMIC_COUNT = "_shared_count"  # the kernel argument: elements in a row of the dynamic shared array
# The kernel argument that points at the tensor holding a variable of device memory at namespace scope (symbols.py):
# `_symbol_<name>`, which its launcher passes.
SYMBOL_PREFIX = "_symbol_"
# The constexpr that says whether a pointer parameter the kernel tests for null was given a tensor: `_has_<name>`.
NULL_FLAG = "_has_"


@dataclass(frozen=True)
class TileKernel:
    """A lowered kernel: its class, body statements, and what the launcher needs to size the grid."""

    name: str
    kind: str  # elementwise | reduction | matmul | block
    params: tuple[ir.Param, ...]
    body: tuple
    helpers: frozenset[str]
    constexprs: tuple[str, ...]
    grid: tuple[ir.Expr, ...]  # over kernel parameters; Name('grid0') is the original grid's x size
    blocks: dict[str, ir.Expr]  # constexpr name -> value expression for the launcher
    summary: str
    scratch: tuple[Scratch, ...] = ()  # block class: its shared arrays (a dynamic one last)
    sample: tuple[tuple[str, int], ...] = ()  # constexpr values a compile check without a launch uses
    # value template parameters launched with several numbers: constexprs the launcher takes by keyword, each with
    # the numbers the original source launches it with
    template_consts: tuple[tuple[str, tuple[int, ...]], ...] = ()
    template_params: tuple[str, ...] = ()  # and every template parameter, in the order a launch gives arguments
    # a template kernel launched at unlike element types: one lowered kernel per instantiation, each named for its
    # types, and the buffers whose element types choose one; this kernel is then only their launcher, which
    # dispatches on those buffers (its body, grid and widths are empty)
    instances: tuple[TileKernel, ...] = ()
    dispatch: tuple[str, ...] = ()
    # the variables of device memory at namespace scope it reads or writes (`__constant__ float w[9]`), each one
    # more pointer argument (SYMBOL_PREFIX + name) its launcher passes after the scratch buffers
    symbols: tuple[ir.Global, ...] = ()
    # what the translation assumes of the launch, which the launcher checks before it runs the kernel: (a Python
    # test over block0, the message of the ValueError it raises otherwise, with `{block0}` for the block)
    checks: tuple[tuple[str, str], ...] = ()
    # element-wise axes sized from a guard (`if (i < n)`), each with its bound: the launcher runs the elements of
    # the threads the original launch runs (`threads_x`), those below the bound, and no more
    caps: tuple[tuple[str, ir.Expr], ...] = ()
    # pointer parameters the kernel tests for null (`if (p != NULL)`), each with its element's C type: the launcher
    # passes `NULL_FLAG + name`, whether it was given a tensor, and a one-element stand-in for None, which the
    # kernel then never reads or writes
    nulls: tuple[tuple[str, str], ...] = ()
