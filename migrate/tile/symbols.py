"""Device memory at namespace scope (`__constant__`, `__device__`, `__managed__` variables, and `const` arrays that
kernels read), read from a CUDA source into `ir.Global`s, and the kernel IR's uses of them made plain subscripts.

A tile kernel takes each such variable it uses as one more pointer argument (`_symbol_<name>`) that its launcher
passes and the caller never sees: the generated module holds one `_Symbol` per variable, under the variable's
own name, which makes its tensor on a device at its first use there, holding the original's initializer (each
value converted to the element type exactly as C converts it: a `0.1f` is the float nearest 0.1, a `0.1` in a
float array the double nearest 0.1 then rounded to float) or zeros, as CUDA starts it. Host code that wrote the
variable with cudaMemcpyToSymbol writes that tensor (`name.on(device).copy_(...)`), and reads it where it called
cudaMemcpyFromSymbol; the kernels that store into it store into that tensor, as they stored into the original's
device memory. A scalar (`__managed__ int count;`) is a tensor of one element. A structure whose fields are all one
scalar type, or a one-dimensional array of them without initializer (`__constant__ kdata k[64];`), is the tensor of
those scalars, which holds the same bytes: `k[i].y` is its scalar `3 * i + 1` for a kdata of three floats; a kernel
that takes such a structure whole stays SIMT.

What has no such form keeps the kernels that name it SIMT, with the variable's reason (`Global.why`): an `extern`
declaration (defined in another source), an element type with no Triton type (a structure of several scalar types,
a vector type, half), a size or an initializer the front end cannot fold to numbers, a device pointer variable, a
variable declared two ways under `#if`.

A `__shared__` array at namespace scope is no device memory of the module: it is the shared memory of each block of
every kernel that names it, and such a kernel is read as if it declared the array itself (`with_symbols`)."""

from __future__ import annotations

import dataclasses
import math
import re
import struct
from fractions import Fraction

import tree_sitter as ts

from .. import parse
from . import ir
from .builtins import builtins
from .cuda_front import (
    NUMBER,
    Unreadable,
    _char,
    _declarator_name,
    _define_sites,
    _folded,
    _resolve_type,
    _taken_branch,
    _text,
)
from .scopes import _declared_all
from .targets import triton_type
from .tileir import SYMBOL_PREFIX, Rejected

SPACES = ("__constant__", "__device__", "__managed__", "__shared__")
# names the generated module defines or imports itself, which a variable's name there must not take
MODULE_NAMES = frozenset({"triton", "tl", "torch"})
INTEGER_BITS = {"i8": 8, "u8": 8, "i16": 16, "u16": 16, "i32": 32, "u32": 32, "i64": 64, "u64": 64}


# -- reading ---------------------------------------------------------------------------------------------------


def read_globals(root: ts.Node, constants: dict[str, ir.Expr], aliases: dict[str, str],
                 defined: frozenset[str] = frozenset(),
                 records: dict[str, tuple[str, tuple[str, ...]]] | None = None) -> dict[str, ir.Global]:
    """Every variable of device memory a source defines at namespace scope (in namespaces, `extern "C"` blocks and
    `#if` branches too), by name. The branch of an `#ifdef` the sources decide is the one read (as the type aliases
    are); a name defined two different ways elsewhere is kept with the reason."""
    found: dict[str, ir.Global] = {}
    defines = _define_sites(root)
    spelled = _qualifier_macros(root)

    def visit(children: list[ts.Node], scope: str) -> None:
        for child in children:
            kind = child.type
            if kind == "declaration":
                line = child.start_point[0] + 1
                for one in _declared(_respelled(child, spelled), line, scope, constants, aliases, records or {}):
                    held = found.get(one.name)
                    if held is not None and dataclasses.replace(held, line=one.line) != one:
                        one = dataclasses.replace(held, why=f"the {_what(held)}, which the source declares two ways "
                                                              "(under #if branches)")
                    found[one.name] = one
            elif kind == "namespace_definition":
                name = child.child_by_field_name("name")
                body = child.child_by_field_name("body")
                if body is not None:
                    visit(body.named_children, f"{scope}{_text(name)}::" if name is not None else scope)
            elif kind == "preproc_ifdef":
                visit(_taken_branch(child, defined, defines), scope)
            elif kind in ("linkage_specification", "declaration_list", "preproc_if", "preproc_else",
                          "preproc_elif"):
                visit(child.named_children, scope)

    visit(root.named_children, "")
    return found


def _qualifier_macros(root: ts.Node) -> dict[str, str]:
    """`#define MANAGED __managed__`: object-like macros that stand for memory-space or storage words, which the
    parser cannot read in a declaration's head."""
    found = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "preproc_def":
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            body = re.sub(r"/\*.*?\*/|//.*", "", _text(value), flags=re.DOTALL).split() if value is not None else []
            if name is not None and body and all(w in SPACES + ("static", "extern", "const", "volatile")
                                                 for w in body):
                found[_text(name)] = " ".join(body)
        elif node.type != "function_definition":
            stack.extend(node.named_children)
    return found


def _respelled(node: ts.Node, spelled: dict[str, str]) -> ts.Node:
    """A declaration the parser could not read, read again with its qualifier macros written out (`MANAGED
    __device__ int count;` as `__managed__ __device__ int count;`); the node itself where that does not help."""
    if not node.has_error or not spelled:
        return node
    text = _text(node)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, spelled)) + r")\b")
    if not pattern.search(text):
        return node
    tree = parse.parse("cuda", pattern.sub(lambda m: spelled[m.group(1)], text).encode())
    again = tree.root_node.named_children[0] if tree.root_node.named_children else None
    if again is None or again.type != "declaration" or again.has_error:
        return node
    return again


def _words(node: ts.Node) -> tuple[list[str], list[ts.Node]]:
    """The words before a declaration's first declarator (qualifiers, storage, type), and its declarators."""
    declarators = node.children_by_field_name("declarator")
    if not declarators:
        return [], []
    head = node.text[:declarators[0].start_byte - node.start_byte].decode("utf-8", "replace")
    return re.findall(r"[A-Za-z_]\w*", head), declarators


def _declared(node: ts.Node, line: int, scope: str, constants: dict[str, ir.Expr],
              aliases: dict[str, str], records: dict[str, tuple[str, tuple[str, ...]]]) -> list[ir.Global]:
    words, declarators = _words(node)
    spaces = [w for w in words if w in SPACES]
    const = "const" in words or "constexpr" in words
    if not declarators or any(_has_function(d) for d in declarators):
        return []
    if not spaces:
        # a namespace-scope `const float w[3] = {...};` that a kernel reads (a scalar one is a named constant)
        if not const or "extern" in words or not any(_is_array(d) for d in declarators):
            return []
        spaces = ["const"]
    space = "__shared__" if "__shared__" in spaces else "__managed__" if "__managed__" in spaces else \
        "__constant__" if "__constant__" in spaces else spaces[0]
    try:
        ctype = _resolve_type(" ".join(_text(node.child_by_field_name("type")).split()), aliases)
    except AttributeError:
        ctype = ""
    out = []
    for decl in declarators:
        try:
            name, pointer, dims = _declarator_name(decl)
        except Unreadable:
            continue
        one = ir.Global(name, ctype, (), None, space, line, const=const, qualified=scope + name)
        if ctype in records and space != "__shared__" and not pointer:
            out.append(_record_global(one, decl, dims, words, node, constants, records[ctype]))
            continue
        out.append(dataclasses.replace(one, **_shape(one, decl, pointer, dims, words, node, constants)))
    return out


def _has_function(node: ts.Node) -> bool:
    while node is not None:
        if node.type == "function_declarator":
            return True
        node = node.child_by_field_name("declarator")
    return False


def _is_array(node: ts.Node) -> bool:
    while node is not None:
        if node.type == "array_declarator":
            return True
        node = node.child_by_field_name("declarator")
    return False


def _what(g: ir.Global) -> str:
    """How a finding names a variable: `the __constant__ array lut`, `the __managed__ variable count`."""
    space = "const" if g.space == "const" else g.space + (" const" if g.const else "")
    return f"{space} {'array' if g.dims or g.space == 'const' else 'variable'} {g.name}"


def _record_global(g: ir.Global, decl: ts.Node, dims: tuple[ir.Expr, ...] | None, words: list[str], node: ts.Node,
                   constants: dict[str, ir.Expr], record: tuple[str, tuple[str, ...]]) -> ir.Global:
    """A variable of structures whose fields are all one scalar type, as the buffer of those scalars that holds
    the same bytes (each element's fields back to back, as one type's alignment lays them out): a structure or a
    one-dimensional array of them, with no initializer (the host writes it, or CUDA starts it zeroed)."""
    element, fields = record
    what = ("array " if dims is not None else "variable ") + g.name
    space = g.space + (" const" if g.const and g.space != "const" else "")
    if dims is not None and len(dims) != 1:
        return dataclasses.replace(g, why=f"the {space} {what} of structures {g.ctype}, in {len(dims)} dimensions")
    if decl.type == "init_declarator":
        return dataclasses.replace(g, why=f"the {space} {what} of structures {g.ctype}, with an initializer")
    scalar = dataclasses.replace(g, ctype=element)
    shape = _shape(scalar, decl, False, dims, words, node, constants)
    if "why" in shape:
        return dataclasses.replace(g, **shape)
    count = shape["dims"][0] if shape["dims"] else None
    return dataclasses.replace(scalar, dims=((count or 1) * len(fields),), values=None,
                               record=(g.ctype, fields, count))


def _shape(g: ir.Global, decl: ts.Node, pointer: bool, dims: tuple[ir.Expr, ...] | None, words: list[str],
           node: ts.Node, constants: dict[str, ir.Expr]) -> dict:
    """The dims, values and reason of one declarator's variable."""
    what = ("array " if dims is not None else "variable ") + g.name
    space = g.space + (" const" if g.const and g.space != "const" else "")
    if g.space == "__shared__":
        # shared memory of each block of every kernel that names it: the kernel's own array (with_symbols)
        if dims is None or pointer or node.has_error or triton_type(g.ctype, False) is None:
            return {"why": f"the {space} {what} at namespace scope, of a form no shared array of a kernel has"}
        if "extern" in words or dims == (ir.Num(0),):
            return {"dims": (0,)}  # `extern __shared__ float s[];`: the launch's dynamic shared memory
        sizes = [_folded(size, constants) for size in dims]
        if any(d is None or d <= 0 for d in sizes):
            return {"why": f"the {space} {what} at namespace scope, whose size the front end cannot fold"}
        return {"dims": tuple(sizes)}
    if "extern" in words:
        return {"why": f"the {space} {what}, declared extern here (another source defines it)"}
    if node.has_error or not g.ctype:
        return {"why": f"the {space} {what}, whose declaration the parser could not read"}
    if pointer:
        return {"why": f"the {space} pointer {g.name} (a device address the host stores in it)"}
    kind = triton_type(g.ctype, False)
    if kind is None or kind in ("fp16", "bf16"):
        return {"why": f"the {space} {what} of type {g.ctype}, which has no Triton element type here"}
    if g.name in MODULE_NAMES or g.name.startswith("_"):
        return {"why": f"the {space} {what}, whose name the generated module uses for its own"}
    init = decl.child_by_field_name("value") if decl.type == "init_declarator" else None
    sizes: list[int] = []
    for position, size in enumerate(dims or ()):
        number = _folded(size, constants)
        if number == 0 and position == 0 and size == ir.Num(0) and init is not None:
            number = -1  # `T x[] = {...}`: the initializer's length
        if number is None or number == 0 or number < -1:
            return {"why": f"the {space} {what}, whose size the front end cannot fold to a number"}
        sizes.append(number)
    try:
        values = _values(init, kind, sizes, constants) if init is not None else None
    except Unreadable as exc:
        return {"why": f"the {space} {what}, whose initializer the front end cannot fold to numbers ({exc})"}
    if sizes and sizes[0] == -1:
        inner = 1
        for d in sizes[1:]:
            inner *= d
        sizes[0] = max(1, -(-len(values) // inner))
        values = values + (0,) * (sizes[0] * inner - len(values))
    return {"dims": tuple(sizes), "values": values}


# -- values, as C converts them --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Value:
    """A constant as C computes it: an int (exact), a float (an `f` literal or arithmetic on them, exactly one
    single-precision value) or a double."""

    number: int | float
    kind: str  # int | float | double


def _values(init: ts.Node, kind: str, sizes: list[int], constants: dict[str, ir.Expr]) -> tuple[int | float, ...]:
    """An initializer's values in C's element order, each converted to Triton element type `kind`, padded with zeros
    to the variable's size (a short row of a nested list padded to its row's length, as C pads it)."""
    count = 1
    for d in sizes:
        count *= d if d > 0 else 1
    if not sizes:  # a scalar: `= v` or `= {v}`
        items = [init] if init.type != "initializer_list" else _items(init)
        if len(items) != 1:
            raise Unreadable("a scalar's initializer list of several values")
        return (_converted(_fold(items[0], constants), kind),)
    flat = _flattened(init, sizes, constants)
    if sizes[0] > 0 and len(flat) > count:
        raise Unreadable("more values than elements")
    values = tuple(_converted(v, kind) for v in flat)
    return values + (0,) * (count - len(values)) if sizes[0] > 0 else values


def _items(node: ts.Node) -> list[ts.Node]:
    return [c for c in node.named_children if c.type != "comment"]


def _flattened(init: ts.Node, sizes: list[int], constants: dict[str, ir.Expr]) -> list[_Value]:
    if init.type != "initializer_list":
        raise Unreadable("an array initialized by something other than a list (a string)")
    items = _items(init)
    if any(i.type == "initializer_pair" for i in items):
        raise Unreadable("a designated initializer")
    nested = [i.type == "initializer_list" for i in items]
    if len(sizes) == 1 or not any(nested):
        if any(nested):
            raise Unreadable("braces around a scalar element")
        return [_fold(i, constants) for i in items]  # one flat list fills the elements in order
    if not all(nested):
        raise Unreadable("an initializer list mixing rows and values")
    row = 1
    for d in sizes[1:]:
        row *= d
    out: list[_Value] = []
    for item in items:
        values = _flattened(item, sizes[1:], constants)
        if len(values) > row:
            raise Unreadable("a row with more values than elements")
        out += values + [_Value(0, "int")] * (row - len(values))
    return out


def _fold(node: ts.Node, constants: dict[str, ir.Expr], depth: int = 0) -> _Value:
    """The value of a constant expression of an initializer, as C computes it."""
    if depth > 32:
        raise Unreadable("an expression nested too deep")
    kind = node.type
    if kind == "number_literal":
        return _literal(_text(node))
    if kind == "char_literal":
        return _Value(_char(_text(node)), "int")
    if kind in ("true", "false"):
        return _Value(1 if kind == "true" else 0, "int")
    if kind == "parenthesized_expression":
        return _fold(_items(node)[0], constants, depth + 1)
    if kind == "unary_expression":
        operand = _fold(node.child_by_field_name("argument"), constants, depth + 1)
        return _unary(_text(node.child_by_field_name("operator")), operand)
    if kind == "binary_expression":
        return _binary(_text(node.child_by_field_name("operator")),
                       _fold(node.child_by_field_name("left"), constants, depth + 1),
                       _fold(node.child_by_field_name("right"), constants, depth + 1))
    if kind == "cast_expression":
        target = triton_type(_text(node.child_by_field_name("type")), False)
        value = _fold(node.child_by_field_name("value"), constants, depth + 1)
        return _cast(value, target)
    if kind in ("identifier", "qualified_identifier"):
        name = _text(node).split("::")[-1]
        if name in constants:
            return _fold_ir(constants[name], constants, depth + 1)
        if name in builtins().constants:
            number = builtins().constants[name]
            return _Value(number, "double" if isinstance(number, float) else "int")
        raise Unreadable(f"the name {name}")
    raise Unreadable(kind.replace("_", " "))


def _fold_ir(expr: ir.Expr, constants: dict[str, ir.Expr], depth: int) -> _Value:
    """A named constant's value (held as IR, whose float literals are doubles)."""
    if depth > 32:
        raise Unreadable("constants nested too deep")
    if isinstance(expr, ir.Num):
        return _Value(expr.value, "double" if expr.is_float else "int")
    if isinstance(expr, ir.Name):
        if expr.id in constants:
            return _fold_ir(constants[expr.id], constants, depth + 1)
        if expr.id in builtins().constants:
            number = builtins().constants[expr.id]
            return _Value(number, "double" if isinstance(number, float) else "int")
        raise Unreadable(f"the name {expr.id}")
    if isinstance(expr, ir.Un):
        return _unary(expr.op, _fold_ir(expr.operand, constants, depth + 1))
    if isinstance(expr, ir.Bin):
        return _binary(expr.op, _fold_ir(expr.left, constants, depth + 1), _fold_ir(expr.right, constants, depth + 1))
    if isinstance(expr, ir.Cast):
        return _cast(_fold_ir(expr.operand, constants, depth + 1), triton_type(expr.ctype, False))
    raise Unreadable("a named constant that is not a number")


def _literal(text: str) -> _Value:
    text = text.strip()
    sign = 1
    while text.startswith(("-", "+")):
        sign = -sign if text[0] == "-" else sign
        text = text[1:].strip()
    text = text.replace("'", "")  # C++14 digit separators
    match = NUMBER.match(text)
    hexfloat = re.fullmatch(r"(0[xX][0-9a-fA-F]*\.?[0-9a-fA-F]*[pP][-+]?\d+)([fFlL]?)", text)
    if hexfloat:
        number = float.fromhex(hexfloat.group(1))
        if hexfloat.group(2).lower() == "f":
            return _Value(sign * _single(Fraction(number)), "float")
        return _Value(sign * number, "double")
    if not match:
        raise Unreadable(f"the literal {text}")
    body, suffix = match.groups()
    if body.lower().startswith("0x"):
        return _Value(sign * int(body, 16), "int")
    if "f" in suffix.lower():
        return _Value(sign * _single(Fraction(body)), "float")
    if any(c in body for c in ".eE"):
        return _Value(sign * float(body), "double")
    if len(body) > 1 and body.startswith("0"):
        return _Value(sign * int(body, 8), "int")  # C's octal literal
    return _Value(sign * int(body), "int")


def _single(q: Fraction) -> float:
    """The single-precision value nearest `q` (ties to even), as a Python float: C rounds a decimal `f` literal to
    it directly, which rounding through the nearest double can miss by one unit."""
    try:
        near = struct.unpack("<f", struct.pack("<f", float(q)))[0]
    except OverflowError:
        return float("inf") if q > 0 else float("-inf")
    bits = struct.unpack("<I", struct.pack("<f", near))[0]
    best = (abs(Fraction(near) - q), bits & 1, near)
    for step in (-1, 1):
        other_bits = bits + step
        if not 0 <= other_bits <= 0xFFFFFFFF:
            continue
        other = struct.unpack("<f", struct.pack("<I", other_bits))[0]
        if not math.isfinite(other):
            continue
        best = min(best, (abs(Fraction(other) - q), other_bits & 1, other))
    return best[2]


def _to_kind(value: _Value, kind: str) -> _Value:
    """`value` in the arithmetic type `kind` (int, float, double) as C converts it."""
    if value.kind == kind:
        return value
    if kind == "int":
        return _Value(int(value.number), "int")
    if kind == "float":
        return _Value(_single(Fraction(value.number)), "float")
    return _Value(float(value.number), "double")


RANK = {"int": 0, "float": 1, "double": 2}


def _unary(op: str, value: _Value) -> _Value:
    if op == "-":
        return _Value(-value.number, value.kind)
    if op == "+":
        return value
    if op == "!":
        return _Value(0 if value.number else 1, "int")
    if op == "~" and value.kind == "int":
        return _Value(~value.number, "int")
    raise Unreadable(f"the operator {op}")


def _binary(op: str, a: _Value, b: _Value) -> _Value:
    kind = max(a.kind, b.kind, key=RANK.__getitem__)
    if op in ("<", "<=", ">", ">=", "==", "!="):
        x, y = _to_kind(a, kind).number, _to_kind(b, kind).number
        return _Value(int({"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y, "!=": x != y}[op]),
                      "int")
    a, b = _to_kind(a, kind), _to_kind(b, kind)
    x, y = a.number, b.number
    if kind == "int":
        if op in ("/", "%") and y == 0:
            raise Unreadable("a division by zero")
        ops = {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y,
               "/": lambda: abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1),  # C truncates toward zero
               "%": lambda: x - (abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)) * y,
               "<<": lambda: x << y, ">>": lambda: x >> y, "&": lambda: x & y, "|": lambda: x | y,
               "^": lambda: x ^ y}
        if op not in ops:
            raise Unreadable(f"the operator {op}")
        return _Value(ops[op](), "int")
    if op not in ("+", "-", "*", "/"):
        raise Unreadable(f"the operator {op} on floating-point values")
    if op == "/" and y == 0:
        raise Unreadable("a division by zero")
    # A double operation is Python's; a float one is the double result rounded to single, which is exact for + - * /
    # of two singles (a double holds more than twice their precision).
    number = {"+": x + y, "-": x - y, "*": x * y, "/": x / y}[op]
    return _Value(_single(Fraction(number)) if kind == "float" else number, kind)


def _cast(value: _Value, target: str | None) -> _Value:
    if target is None:
        raise Unreadable("a cast to a type with no Triton type")
    if target == "fp32":
        return _to_kind(value, "float")
    if target == "fp64":
        return _to_kind(value, "double")
    if target in INTEGER_BITS or target == "i1":
        return _Value(_converted(value, target), "int")
    raise Unreadable(f"a cast to {target}")


def _converted(value: _Value, kind: str) -> int | float:
    """`value` stored in an element of Triton type `kind`, as C converts it."""
    if kind == "fp32":
        return _to_kind(value, "float").number
    if kind == "fp64":
        return _to_kind(value, "double").number
    if kind == "i1":
        return 1 if value.number else 0
    bits = INTEGER_BITS[kind]
    number = int(value.number) % (1 << bits)  # C truncates a floating value toward zero, and wraps an integer
    if kind.startswith("i") and number >= 1 << (bits - 1):
        number -= 1 << bits
    return number


# -- lowering --------------------------------------------------------------------------------------------------


def with_symbols(module: ir.Module, fn: ir.Function) -> tuple[ir.Module, ir.Function]:
    """`module` and kernel `fn` with the uses of each scalar variable and multi-dimensional array of device memory
    made subscripts of its tile argument: a scalar `count` is `_symbol_count[0]` (so `count += 1` and
    `atomicAdd(&count, 1)` reach its one element); `w[i][j]` of a `[R][C]` array is `w[i * C + j]`, and a row
    `w[i]` is the address `&w[i * C]`. A function (kernel or device function) that declares a local or parameter
    of a variable's name keeps its uses of that name, which are its own.

    A `__shared__` array at namespace scope is shared memory of each block of every kernel that names it (itself
    or through the device functions it calls): such a kernel gets the array's declaration as its first statement,
    which its device functions see as they see the kernel's pointers (values.inline). Unchanged where no such
    variable exists."""
    shaped = {name: g for name, g in module.globals.items()
              if (len(g.dims) != 1 or g.space == "__shared__" or g.record is not None) and not g.why}
    if not shaped:
        return module, fn
    shared = {name: g for name, g in shaped.items() if g.space == "__shared__"}
    shaped = {name: g for name, g in shaped.items() if g.space != "__shared__"}
    functions = {name: other if other.kernel else _rewritten(other, shaped)
                 for name, other in module.functions.items()}
    module = dataclasses.replace(module, functions=functions)
    fn = _rewritten(fn, shaped)
    for one in (fn, *_callees(module, fn)):
        mine = {p.name for p in one.params} | _declared_all(one.body)
        whole = sorted(ir.names_in(one.body) - mine & {n for n, g in shaped.items() if g.record is not None})
        if whole:  # `kdata v = k[i];`, `f(k)`: a structure taken whole, which its buffer of scalars does not hold
            g = shaped[whole[0]]
            raise Rejected(f"the {_what(g)} of structures {g.record[0]}, used other than by its fields")
    own = {p.name for p in fn.params} | _declared_all(fn.body)
    named = ir.names_in(fn.body)
    for callee in _callees(module, fn):
        named |= ir.names_in(callee.body)
    declared = tuple(ir.Decl(name, g.ctype, None, tuple(ir.Num(d) for d in g.dims))
                     for name, g in sorted(shared.items(), key=lambda item: item[1].line)
                     if name in named and name not in own)
    return module, dataclasses.replace(fn, body=declared + fn.body) if declared else fn


def _callees(module: ir.Module, fn: ir.Function) -> list[ir.Function]:
    """The device functions `fn` calls, and theirs."""
    found: dict[str, ir.Function] = {}
    stack = [fn]
    while stack:
        text = repr(stack.pop().body)
        for name, other in module.functions.items():
            if not other.kernel and name not in found and f"func='{name}'" in text:
                found[name] = other
                stack.append(other)
    return list(found.values())


def _rewritten(fn: ir.Function, shaped: dict[str, ir.Global]) -> ir.Function:
    own = {p.name for p in fn.params} | _declared_all(fn.body)
    here = {name: g for name, g in shaped.items() if name not in own}
    if not here or not (ir.names_in(fn.body) & set(here)):
        return fn
    body = _rewrite(fn.body, here)
    return fn if body == fn.body else dataclasses.replace(fn, body=body)


def _rewrite(node, shaped: dict[str, ir.Global]):
    if isinstance(node, tuple):
        return tuple(_rewrite(n, shaped) for n in node)
    if isinstance(node, ir.Attr) and _record_name(node.obj, shaped) is not None:
        # `k[i].y` of structures of one scalar type: scalar `fields * i + 1` of its buffer
        g = shaped[_record_name(node.obj, shaped)]
        fields = g.record[1]
        if node.name not in fields:
            return node
        index = _rewrite(node.obj.indices[0], shaped) if isinstance(node.obj, ir.Index) else ir.Num(0)
        flat = ir.Bin("+", ir.Bin("*", index, ir.Num(len(fields))), ir.Num(fields.index(node.name)))
        return ir.Index(ir.Name(SYMBOL_PREFIX + g.name), (flat,))
    if isinstance(node, (ir.Name, ir.Index)) and _record_name(node, shaped) is not None:
        return node  # taken whole: left for _rewritten to name
    if isinstance(node, ir.Name) and node.id in shaped and not shaped[node.id].dims:
        return ir.Index(ir.Name(SYMBOL_PREFIX + node.id), (ir.Num(0),))
    if isinstance(node, ir.Index) and isinstance(node.base, ir.Name) and node.base.id in shaped \
            and shaped[node.base.id].dims:
        dims = shaped[node.base.id].dims
        indices = tuple(_rewrite(i, shaped) for i in node.indices)
        if len(indices) > len(dims):
            return node
        flat = None
        for position, index in enumerate(indices):
            stride = 1
            for d in dims[position + 1:]:
                stride *= d
            term = index if stride == 1 else ir.Bin("*", index, ir.Num(stride))
            flat = term if flat is None else ir.Bin("+", flat, term)
        element = ir.Index(ir.Name(SYMBOL_PREFIX + node.base.id), (flat,))  # written once: a second pass keeps it
        return element if len(indices) == len(dims) else ir.Un("&", element)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {}
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if isinstance(value, (tuple, ir.Name, ir.Index)) or (dataclasses.is_dataclass(value)
                                                                 and not isinstance(value, type)):
                new = _rewrite(value, shaped)
                if new != value:
                    changes[f.name] = new
        return dataclasses.replace(node, **changes) if changes else node
    return node


def _record_name(expr: ir.Expr, shaped: dict[str, ir.Global]) -> str | None:
    """The name of a variable of structures that `expr` is one structure of (`p`, `k[i]`), or None."""
    if isinstance(expr, ir.Index) and len(expr.indices) == 1:
        expr = expr.base
    if isinstance(expr, ir.Name) and expr.id in shaped and shaped[expr.id].record is not None:
        return expr.id
    return None


def declared_as(g: ir.Global) -> str:
    """The variable's declaration, as a comment in the generated module names it."""
    space = g.space if g.space != "const" else "const"
    qualifier = " const" if g.const and g.space not in ("const",) else ""
    if g.record is not None:  # its scalars, the fields of each structure in turn
        length = f"[{g.record[2]}]" if g.record[2] is not None else ""
        return f"{space}{qualifier} {g.record[0]} {g.qualified or g.name}{length} ({g.count} {g.ctype})"
    return f"{space}{qualifier} {g.ctype} {g.qualified or g.name}" + "".join(f"[{d}]" for d in g.dims)


