"""Reading CUDA C++ kernels and device functions from a tree-sitter-cuda tree into the kernel IR."""

from __future__ import annotations

import dataclasses
import keyword
import re
from collections.abc import Callable

import tree_sitter as ts

from .. import parse
from . import ir
from .builtins import builtins
from .conditionals import Unknown, decide
from .instances import GENERIC_TPARAMS, base_of, constant_value, launched, size_of
from .macros import expand_source, function_macros
from .scopes import _declared_all
from .switches import dispatch_switches
from .targets import triton_type
from .wrappers import read_as_builtins

QUALIFIERS = {"__global__", "__device__", "__host__", "__forceinline__", "__inline__", "inline", "static"}
TYPE_WORDS = {"float", "double", "int", "unsigned", "unsigned int", "long", "long long", "unsigned long",
              "unsigned long long", "int64_t", "uint64_t", "int32_t", "uint32_t", "short", "char", "size_t", "half",
              "__half"}
# `__global__ ... name(`: kernels found in the bytes, so that one inside a region the parser could not read still
# gets its finding.
KERNEL_HEAD = re.compile(rb"(?<![\w\"])__global__\b[^;{}()\"]*?\b([A-Za-z_]\w*)\s*\(")
INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.MULTILINE)
MAX_REREADS = 4  # readings of a source with variables in parentheses read as casts (nested ones)
NUMBER = re.compile(r"^(0[xX][0-9a-fA-F]+|[0-9.]+(?:[eE][-+]?[0-9]+)?)([uUlLfF]*)$")


class Unreadable(Exception):
    """A construct the IR has no form for; the message names it."""


def _text(node: ts.Node) -> str:
    return node.text.decode("utf-8", "replace")


def _parts(node: ts.Node) -> list[ts.Node]:
    """A node's named children but its comments (`0.433f * (  // sqrt(3) / 4` puts one inside the parentheses)."""
    return [c for c in node.named_children if c.type != "comment"]


# Names the Triton code written for a kernel reads in its body (`for i in range(...)`, `tl.load`): a C identifier
# spelled so would hide them.
# Names the Triton code reads (`range`: bilateral's `float range = ...`) and those of a launcher's own
# (templates/tile/kernels.py.j2: its shape parameters and locals), which a parameter of the same name would shadow
# (convolutionSeparable's `const float* kernel`, handed the JIT function in its place).
PYTHON_NAMES = {"range", "tl", "triton", "grid", "block", "shared", "kernel", "config", "launch", "meta", "grid0",
                "block0", "threads_x", "threads_y"}


def py_name(name: str) -> str:
    """A C identifier as a Python one: keywords such as `in` or `lambda`, and PYTHON_NAMES, get a trailing
    underscore."""
    return name + "_" if keyword.iskeyword(name) or name in PYTHON_NAMES else name


def number(text: str) -> ir.Num:
    text = text.strip()
    if text.startswith("+"):  # tree-sitter reads a signed number (`enum { UP = +1 }`) as one literal
        return number(text[1:])
    if text.startswith("-"):
        value = number(text[1:])
        return ir.Num(-value.value, value.is_float)
    match = NUMBER.match(text)
    if not match:
        raise Unreadable(f"number literal {text}")
    body, suffix = match.groups()
    if body.lower().startswith("0x"):
        value = int(body, 16)
        # C gives a hex literal past int's range an unsigned type (0xdeadbeef is an unsigned int); an `l` suffix
        # makes it 64-bit, which an int64 holds
        return ir.Num(value, unsigned=("u" in suffix.lower() or value > 0x7FFFFFFF) and "l" not in suffix.lower())
    if any(c in body for c in ".eE") and not body.lower().startswith("0x") or "f" in suffix.lower():
        return ir.Num(float(body), True)
    value = int(body)
    return ir.Num(value, unsigned="u" in suffix.lower() and "l" not in suffix.lower())


ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "\\": 92, "'": 39, '"': 34, "a": 7, "b": 8, "f": 12, "v": 11}


def _char(text: str) -> int:
    """The value of a one-character literal (`'A'`, `'\\n'`); wider or prefixed literals are not read."""
    inner = text[1:-1] if len(text) >= 3 and text[0] == text[-1] == "'" else None
    if inner is not None and len(inner) == 1 and inner != "\\":
        return ord(inner)
    if inner is not None and len(inner) == 2 and inner[0] == "\\" and inner[1] in ESCAPES:
        return ESCAPES[inner[1]]
    raise Unreadable(f"character literal {text}")


def expression(node: ts.Node | None) -> ir.Expr:
    if node is None or node.is_missing or node.type == "ERROR":
        raise Unreadable("an expression the parser could not read")
    kind = node.type
    if kind == "parenthesized_expression":
        return expression(_parts(node)[0] if _parts(node) else None)
    if kind == "identifier":
        return ir.Name(py_name(_text(node)))
    if kind in ("true", "false"):
        return ir.Num(1 if kind == "true" else 0)
    if kind == "number_literal":
        return number(_text(node))
    if kind == "char_literal":
        return ir.Num(_char(_text(node)))
    if kind == "null":
        return ir.Num(0)
    if kind == "binary_expression":
        return ir.Bin(
            _text(node.child_by_field_name("operator")),
            expression(node.child_by_field_name("left")),
            expression(node.child_by_field_name("right")),
        )
    if kind == "unary_expression":
        op = _text(node.child_by_field_name("operator"))
        operand = expression(node.child_by_field_name("argument"))
        return operand if op == "+" else ir.Un(op, operand)
    if kind == "pointer_expression":
        operator = _text(node.child_by_field_name("operator"))
        operand = expression(node.child_by_field_name("argument"))
        if operator == "*":  # *p is p[0]: a load or a store through the pointer
            return ir.Index(operand, (ir.Num(0),))
        return ir.Un("&", operand)
    if kind == "conditional_expression":
        return ir.Cond(
            expression(node.child_by_field_name("condition")),
            expression(node.child_by_field_name("consequence")),
            expression(node.child_by_field_name("alternative")),
        )
    if kind == "field_expression":
        obj = node.child_by_field_name("argument")
        field = _text(node.child_by_field_name("field"))
        if obj.type == "identifier" and _text(obj) in builtins().index:
            return ir.Builtin(_text(obj), field)
        if _text(node.child_by_field_name("operator")) != ".":
            return ir.Attr(_pointee_of(expression(obj)), field)
        return ir.Attr(expression(obj), field)
    if kind == "subscript_expression":
        base = expression(node.child_by_field_name("argument"))
        indices = tuple(expression(c) for c in _parts(node.child_by_field_name("indices")))
        if isinstance(base, ir.Index):
            return ir.Index(base.base, base.indices + indices)
        return ir.Index(base, indices)
    if kind == "cast_expression":
        return ir.Cast(_text(node.child_by_field_name("type")), expression(node.child_by_field_name("value")))
    if kind == "call_expression":
        return _call(node)
    if kind == "qualified_identifier":
        if "<" in _text(node):
            # a member of a template's instance (`std::is_same<T, half>::value`): not the bare name's variable
            return ir.Name(" ".join(_text(node).split()))
        return ir.Name(_text(node).split("::")[-1])
    if kind == "initializer_list":  # `d[i] = {ox, oy, oz};`: what it builds is the target's type
        return ir.Call(ir.BRACES, _initializers(node))
    if kind == "sizeof_expression":
        # `sizeof(float4)`: the bytes of a scalar or CUDA vector type, a number as the file's constants read it
        # (`sizeof(T)` parses as a value in parentheses: a type's name the parser does not know)
        named = node.child_by_field_name("type") or node.child_by_field_name("value")
        named = _unparenthesized(named) if named is not None else None
        size = size_of(_text(named)) if named is not None and named.type in (
            "type_descriptor", "identifier", "type_identifier") else None
        if size is None:
            raise Unreadable(f"sizeof {_text(node)[6:].strip()[:40]}, of a type or value whose size is not known here")
        return ir.Num(size)
    if kind == "compound_literal_expression" and not _parts(node.child_by_field_name("value")):
        # `Max{}`: a value of the type made with no arguments, as `Max()` makes it
        return ir.Call(_text(node.child_by_field_name("type")).split("::")[-1])
    raise Unreadable(kind.replace("_", " "))


def _pointee_of(pointer: ir.Expr) -> ir.Expr:
    """What `pointer->` reaches, as an element: `p->x` is `(*p).x`, so `p[0]`; `(p + i)->x` is `p[i]`; `(&a[i])->x`
    is `a[i]` (the pointer on the left of the sum: a sum written the other way round indexes a number, which the
    lowering refuses)."""
    if isinstance(pointer, ir.Un) and pointer.op == "&":
        return pointer.operand
    if isinstance(pointer, ir.Bin) and pointer.op == "+":
        return ir.Index(pointer.left, (pointer.right,))
    return ir.Index(pointer, (ir.Num(0),))


def _call(node: ts.Node) -> ir.Expr:
    func = node.child_by_field_name("function")
    if func.type == "identifier" and _text(func) in builtins().atomics:
        # The first argument is an address: `&a[i]` becomes Un("&", a[i]); other arguments are values.
        args = []
        for child in _parts(node.child_by_field_name("arguments")):
            if child.type == "pointer_expression" and _text(child.child_by_field_name("operator")) == "&":
                args.append(ir.Un("&", expression(child.child_by_field_name("argument"))))
            else:
                args.append(expression(child))
        return ir.Call(_text(func), tuple(args))
    args = tuple(expression(c) for c in _parts(node.child_by_field_name("arguments")))
    if func.type == "identifier" and _text(func) in builtins().loads and len(args) == 1:
        return ir.Index(args[0], (ir.Num(0),))  # `__ldg(&a[i])` reads a[i]
    targs: tuple[str, ...] = ()
    if func.type == "template_function":
        name = _text(func.child_by_field_name("name")).split("::")[-1]
        targs = tuple(_text(c) for c in func.child_by_field_name("arguments").named_children)
    elif func.type == "qualified_identifier" and (member := re.fullmatch(
            r"(?:\w+::)*(\w+)\s*<\s*([^<>]+?)\s*>\s*::\s*(\w+)", _text(func))):
        # `std::numeric_limits<K>::max()`, `Basis<T, 2>::forward(v)`: a member of a class template's instance, named
        # with its class
        name, targs = f"{member.group(1)}::{member.group(3)}", tuple(a.strip() for a in member.group(2).split(","))
    elif func.type in ("identifier", "qualified_identifier"):
        name = _text(func).split("::")[-1]
    elif func.type == "primitive_type":  # functional cast: float(x), T(0)
        return ir.Cast(_text(func), args[0])
    elif func.type == "parenthesized_expression" and (inner := _unparenthesized(func)).type in (
            "identifier", "type_identifier", "qualified_identifier"):
        # `(T)(j + 1)`: the parser cannot tell a cast to a type name it does not know from a call of a name in
        # parentheses; both mean what `T(j + 1)` means, which the type names read later settle (_functional_casts)
        name = _text(inner).split("::")[-1]
    elif (func.type == "field_expression" and _text(func.child_by_field_name("field")) == "size"
          and func.child_by_field_name("argument").type == "identifier" and len(args) == 1):
        return ir.Call(ACCESSOR_SIZE, (ir.Name(py_name(_text(func.child_by_field_name("argument")))), args[0]))
    elif (func.type == "field_expression" and _text(func.child_by_field_name("operator")) == "."
          and func.child_by_field_name("argument").type == "identifier"):
        # `b.sync()`, `w.shfl_down(v, 1)` on a cooperative-groups handle: a method call, its object the first
        # argument, read by migrate/tile/groups.py or named there
        return ir.Call("." + _text(func.child_by_field_name("field")),
                       (ir.Name(py_name(_text(func.child_by_field_name("argument")))),) + args)
    elif (func.type == "field_expression" and _text(func.child_by_field_name("operator")) == "."
          and func.child_by_field_name("argument").type == "call_expression"):
        # `BlockReduce(temp).Sum(v)`: a method of an object made in place, its object the first argument; read by
        # migrate/tile/primitives.py or named there
        return ir.Call("." + _text(func.child_by_field_name("field")),
                       (expression(func.child_by_field_name("argument")),) + args)
    else:
        raise Unreadable(f"call through {func.type.replace('_', ' ')}")
    if name == "reinterpret_cast" and targs and not targs[0].rstrip().endswith(("*", "&")):
        # reinterpret_cast<uintptr_t>(p): a pointer as an integer, an address Triton has no value of
        raise Unreadable(f"reinterpret_cast<{targs[0]}> (a pointer read as an integer)")
    if name in ("static_cast", "reinterpret_cast") and targs:
        # A pointer reinterpreted is the C cast `(float4*) p`; a reference, `reinterpret_cast<int&>(f)`, reads the
        # bits of the variable as the other type (values.py), as the C cast `(int&) f` does.
        return ir.Cast(targs[0], args[0])
    return ir.Call(name, args, targs)


ACCESSOR_SIZE = "(size)"  # `x.size(d)` in a kernel: the size of a tensor accessor's dimension d


def _accessor(ctype: str) -> tuple[str, int] | None:
    """(element type, dimensions) of a tensor accessor type (`torch::PackedTensorAccessor32<float, 2, ...>`)."""
    found = re.fullmatch(r"(?:const\s+)?(?:(?:torch|at)::)?(\w+)\s*<\s*(\w+)\s*,\s*(\d+)\b.*>", ctype.strip(), re.DOTALL)
    if found is None or found.group(1) not in builtins().accessors:
        return None
    return found.group(2), int(found.group(3))


def _through_strides(body: tuple, accessors: dict[str, int]) -> tuple:
    """A kernel body with every full subscript of an accessor (`x[i][j]`) an offset through its strides, and every
    `x.size(d)` its size parameter; an accessor used any other way leaves the kernel SIMT."""

    def expr(node):
        if isinstance(node, ir.Index) and isinstance(node.base, ir.Name) and node.base.id in accessors:
            dims = accessors[node.base.id]
            if len(node.indices) != dims:
                raise Unreadable(f"a partial subscript of the accessor {node.base.id}")
            offset = None
            for d, index in enumerate(node.indices):
                term = ir.Bin("*", expr(index), ir.Name(f"{node.base.id}_stride{d}"))
                offset = term if offset is None else ir.Bin("+", offset, term)
            return ir.Index(node.base, (offset,))
        if isinstance(node, ir.Call) and node.func == ACCESSOR_SIZE:
            name, dim = node.args
            if not (isinstance(name, ir.Name) and name.id in accessors and isinstance(dim, ir.Num)):
                raise Unreadable("a .size() call on something other than a tensor accessor")
            return ir.Name(f"{name.id}_size{int(dim.value)}")
        if isinstance(node, ir.Name) and node.id in accessors:
            raise Unreadable(f"the accessor {node.id} used other than by a full subscript or .size()")
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            changes = {}
            for f in dataclasses.fields(node):
                value = getattr(node, f.name)
                if isinstance(value, tuple):
                    changes[f.name] = tuple(expr(v) for v in value)
                elif dataclasses.is_dataclass(value):
                    changes[f.name] = expr(value)
            return dataclasses.replace(node, **changes) if changes else node
        return node

    try:
        return tuple(expr(stmt) for stmt in body)
    except Unreadable as exc:
        return (ir.Unsupported(str(exc), 0),)


def _declarator_name(node: ts.Node) -> tuple[str, bool, tuple[ir.Expr, ...] | None]:
    """Name, whether it is a pointer, and array dimensions (None when not an array)."""
    pointer = False
    dims: list[ir.Expr] = []
    array = False
    while node is not None and node.type in (
        "pointer_declarator", "array_declarator", "reference_declarator", "init_declarator"
    ):
        if node.type == "pointer_declarator":
            pointer = True
        if node.type == "array_declarator":
            array = True
            size = node.child_by_field_name("size")
            dims.insert(0, expression(size) if size is not None else ir.Num(0))
        node = node.child_by_field_name("declarator") or (node.named_children[0] if node.named_children else None)
    if node is None or node.type not in ("identifier", "field_identifier"):
        raise Unreadable("a declarator without a plain name")
    return py_name(_text(node)), pointer, (tuple(dims) if array else None)


def _type_text(node: ts.Node) -> str:
    kind = node.child_by_field_name("type")
    if kind is None:
        raise Unreadable("a declaration without a type")
    return _text(kind)


def statements(node: ts.Node) -> tuple[ir.Stmt, ...]:
    if node.type == "compound_statement":
        out: list[ir.Stmt] = []
        aliases: dict[str, str] = {}
        for child in node.named_children:
            if child.type in ("type_definition", "alias_declaration"):
                found = _local_alias(child)
                if found is None:
                    out.append(ir.Unsupported(child.type.replace("_", " "), child.start_point[0] + 1))
                else:
                    aliases[found[0]] = _resolve_type(found[1], aliases)
                continue
            read = statements(child)
            if child.type == "compound_statement" and any(isinstance(stmt, ir.Decl) for stmt in read):
                # a nested block that declares: kept apart so that its names end with it (scopes.unshadow)
                read = (ir.If(ir.Num(1), read, ()),)
            out.extend(_aliased(read, aliases) if aliases else read)
        return tuple(out)
    return _statement(node)


def _local_alias(node: ts.Node) -> tuple[str, str] | None:
    """(name, type) of a type alias in a function body (`typedef float4 vec;`, `using T = float;`,
    `using BlockReduce = cub::BlockReduce<float, 256>;`); None for one that defines a structure or names a pointer or
    an array type, which its uses cannot be read through."""
    if node.type == "alias_declaration":
        name, value = node.child_by_field_name("name"), node.child_by_field_name("type")
        if name is None or value is None:
            return None
        return _text(name), " ".join(_text(value).split())
    base = node.child_by_field_name("type")
    declarators = node.children_by_field_name("declarator")
    if base is None or base.child_by_field_name("body") is not None or len(declarators) != 1 \
            or declarators[0].type != "type_identifier":
        return None
    return _text(declarators[0]), " ".join(_text(base).split())


def _aliased(stmts: tuple[ir.Stmt, ...], aliases: dict[str, str]) -> tuple[ir.Stmt, ...]:
    """Statements after local type aliases, read through them: each type they carry resolved, and a call of an alias
    on one value (`vec(x)`, `BlockReduce(temp)`, which makes a CUB primitive over its storage) the cast it is; one on
    none (`BlockReduce()`) a call of the resolved type."""
    made = {n: ir.Call(aliases[n.func]) for n in ir.nodes(stmts)
            if isinstance(n, ir.Call) and n.func in aliases and not n.args and not n.targs}
    return _retype(_functional_casts(ir.replaced(stmts, made), set(aliases), set(aliases)), aliases)


def _statement(node: ts.Node) -> tuple[ir.Stmt, ...]:
    line = node.start_point[0] + 1
    try:
        return _statement_unchecked(node)
    except Unreadable as exc:
        return (ir.Unsupported(str(exc), line),)


def _statement_unchecked(node: ts.Node) -> tuple[ir.Stmt, ...]:
    kind = node.type
    if kind in ("comment", "preproc_call", "empty_statement", "static_assert_declaration",
                "namespace_alias_definition"):
        return ()  # checked or resolved by the original's compiler; nothing happens when the kernel runs
    if kind in ("preproc_def", "preproc_function_def"):
        return ()  # read with the module's constants (object-like) or expanded in the text (function-like)
    if kind == "declaration":
        return _declaration(node)
    if kind == "expression_statement":
        if not node.named_children:
            return ()
        declared = _misread_declaration(node.named_children[0])
        if declared is not None:
            return (declared,)
        return _expression_statements(node.named_children[0])
    if kind == "if_statement":
        cond = node.child_by_field_name("condition")
        before, test = _hoisted(cond.child_by_field_name("value") or cond.named_children[0])
        then = statements(node.child_by_field_name("consequence"))
        alt = node.child_by_field_name("alternative")
        # the else clause's statement, after any comment between it and `else` (`else // mode 1`)
        body = next((c for c in alt.named_children if c.type != "comment"), None) if alt is not None else None
        orelse = statements(body) if body is not None else ()
        return before + (ir.If(test, then, orelse),)
    if kind == "for_statement":
        init_node = node.child_by_field_name("initializer")
        init: tuple[ir.Stmt, ...] = ()
        if init_node is not None:
            init = _declaration(init_node) if init_node.type == "declaration" else _expression_statements(init_node)
        cond = node.child_by_field_name("condition")
        update = node.child_by_field_name("update")
        step = _expression_statements(update) if update is not None else ()
        body = statements(node.child_by_field_name("body"))
        return (ir.For(init, expression(cond) if cond is not None else None, step, body),)
    if kind == "while_statement" and (guard := _guarded(node.child_by_field_name("condition").named_children[0])):
        # `while (a && (x = f()) > y) S`: a continue in S tests `a` again, then assigns, as C's loop does
        before, test = _hoisted(guard[1])
        body = statements(node.child_by_field_name("body"))
        return (ir.While(expression(guard[0]), before + (ir.If(ir.Un("!", test), (ir.Jump("break"),)),) + body),)
    if kind == "while_statement":
        cond = node.child_by_field_name("condition")
        before, test = _hoisted(cond.named_children[0])
        body = statements(node.child_by_field_name("body"))
        if before and _jumps(body, "continue"):
            raise Unreadable("a continue in a loop whose condition assigns")
        return before + (ir.While(test, body + before),)
    if kind == "do_statement":
        # `do S while (c);` is S, then `while (c) S`: the body written twice, which a break or continue in it would
        # make leave the wrong statement
        cond = node.child_by_field_name("condition")
        before, test = _hoisted(cond.named_children[0] if cond.type == "parenthesized_expression" else cond)
        body = statements(node.child_by_field_name("body"))
        if _jumps(body, "break") or _jumps(body, "continue"):
            raise Unreadable("a break or continue in a do statement")
        return body + before + (ir.While(test, body + before),)
    if kind == "return_statement":
        return (ir.Return(expression(node.named_children[0]) if node.named_children else None),)
    if kind == "compound_statement":
        return statements(node)
    if kind in ("break_statement", "continue_statement"):
        return (ir.Jump(kind.split("_")[0]),)
    if kind == "switch_statement":
        return _switch(node)
    raise Unreadable(kind.replace("_", " "))


def _misread_declaration(node: ts.Node) -> ir.Decl | None:
    """A declaration of a cooperative-groups tile (`cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);`)
    that the parser, not knowing the template, read as the comparisons `(cg::thread_block_tile < 32) > (w = ...)`;
    None for anything else. Only the tile types of rules/tile/maps/builtins.toml [group] are read so: no kernel
    compares a type's name."""
    if node.type == "assignment_expression" and _text(node.child_by_field_name("operator")) == "=":
        # `((T < 32) > w) = v`, the other reading of the same tokens
        head, value = _unparenthesized(node.child_by_field_name("left")), node.child_by_field_name("right")
        if head.type != "binary_expression" or _text(head.child_by_field_name("operator")) != ">":
            return None
        template, name = head.child_by_field_name("left"), head.child_by_field_name("right")
    elif node.type == "binary_expression" and _text(node.child_by_field_name("operator")) == ">":
        template, assign = node.child_by_field_name("left"), node.child_by_field_name("right")
        if assign.type != "assignment_expression" or _text(assign.child_by_field_name("operator")) != "=":
            return None
        name, value = assign.child_by_field_name("left"), assign.child_by_field_name("right")
    else:
        return None
    if template.type != "binary_expression" or _text(template.child_by_field_name("operator")) != "<" or \
            name.type != "identifier":
        return None
    kind, size = template.child_by_field_name("left"), template.child_by_field_name("right")
    if kind.type not in ("identifier", "qualified_identifier") or size.type != "number_literal" or \
            _text(kind).split("::")[-1] not in (builtins().group or {}).get("tile_types", ()):
        return None
    return ir.Decl(py_name(_text(name)), f"{_text(kind)}<{_text(size)}>", expression(value))


def _switch(node: ts.Node) -> tuple[ir.Stmt, ...]:
    """`switch (v) { case 1: case 2: A; break; default: B; }` as the if / else-if chain it is: `v` held once, each
    group of labels one test, the default group the last else. A case that falls through into the next, or a
    `break` anywhere but at the end of its case, is not read."""
    cond = node.child_by_field_name("condition")
    value = expression(cond.child_by_field_name("value") or cond.named_children[0])
    held = ir.Name(f"_switch_{node.start_point[0] + 1}")
    groups: list[tuple[list, tuple]] = []
    labels: list = []
    cases = [c for c in node.child_by_field_name("body").named_children if c.type != "comment"]
    for position, case in enumerate(cases):
        if case.type != "case_statement":
            raise Unreadable("a switch statement with code outside its cases")
        label = case.child_by_field_name("value")
        labels.append(expression(label) if label is not None else None)
        body: list[ir.Stmt] = []
        for child in case.named_children:
            if child != label and child.type != "comment":
                body.extend(statements(child))
        if not body:
            continue  # its label shares the next case's code
        if isinstance(body[-1], ir.Jump) and body[-1].kind == "break":
            body.pop()
        elif not isinstance(body[-1], ir.Return) and position < len(cases) - 1:
            raise Unreadable("a switch case that falls through into the next")
        if _jumps(body, "break"):
            raise Unreadable("a break inside a switch case")
        groups.append((labels, tuple(body)))
        labels = []
    default: tuple = ()
    chain: list[tuple[ir.Expr, tuple]] = []
    for group_labels, body in groups:
        if None in group_labels:
            default = body
            continue
        test = None
        for label in group_labels:
            one = ir.Bin("==", held, label)
            test = one if test is None else ir.Bin("||", test, one)
        chain.append((test, body))
    out: tuple = default
    for test, body in reversed(chain):
        out = (ir.If(test, body, out),)
    return (ir.Decl(held.id, "", value),) + out


def _jumps(stmts, kind: str) -> bool:
    """Whether a `break` or `continue` (`kind`) among `stmts`, outside the loops they hold, leaves or goes on with
    the switch or loop they are in."""
    for stmt in stmts:
        if isinstance(stmt, ir.Jump) and stmt.kind == kind:
            return True
        if isinstance(stmt, ir.If) and (_jumps(stmt.then, kind) or _jumps(stmt.orelse, kind)):
            return True
    return False


def _expression_statements(node: ts.Node) -> tuple[ir.Stmt, ...]:
    """An expression evaluated for its effects; `a, b` (as in `for (...; ...; i++, j++)`) is `a` then `b`; `a = b = v`
    with `b` a variable is `b = v` then `a = b` (C++17 evaluates an assignment's right side first, and its value is
    what `b` holds)."""
    if node.type == "comma_expression":
        return _expression_statements(node.child_by_field_name("left")) + \
            _expression_statements(node.child_by_field_name("right"))
    taken = _taken_increments(node) if node.type == "assignment_expression" else None
    if taken is not None:
        before, swaps, after = taken
        stmt = ir.Assign(_swapped(node.child_by_field_name("left"), swaps),
                         _text(node.child_by_field_name("operator")), _swapped(node.child_by_field_name("right"), swaps))
        return (*before, stmt, *after)
    if node.type == "assignment_expression":
        inner = _unparenthesized(node.child_by_field_name("right"))
        if inner.type == "assignment_expression":
            first, stored = _assignment_value(inner)
            return first + (ir.Assign(expression(node.child_by_field_name("left")),
                                      _text(node.child_by_field_name("operator")), stored),)
    func = node.child_by_field_name("function") if node.type == "call_expression" else None
    if func is not None and func.type == "identifier" and _text(func) in builtins().stores:
        args = _parts(node.child_by_field_name("arguments"))
        if len(args) == 2:  # `__stcs(o + c, v)` stores v at o[c]
            return (ir.Assign(ir.Index(expression(args[0]), (ir.Num(0),)), "=", expression(args[1])),)
    return (_expression_statement(node),)


def _assignment_value(node: ts.Node) -> tuple[tuple[ir.Stmt, ...], ir.Expr]:
    """The statements an assignment expression makes and the expression of its value: the variable it leaves, or,
    for an element (`b[j] = v` in `a[i] = b[j] = v`), the value stored, held in a local and converted to b's
    element type as C's assignment expression is (reading b[j] back could see another lane's store in Triton)."""
    made = _expression_statements(node)
    last = made[-1]
    if isinstance(last.target, ir.Name):
        return made, last.target
    base = last.target.base if isinstance(last.target, ir.Index) else None
    if last.op != "=" or not isinstance(base, ir.Name):
        raise Unreadable("a chained assignment through memory")
    held = ir.Name(f"_chained{node.start_byte}")
    made = (*made[:-1], ir.Decl(held.id, "", value=last.value), ir.Assign(last.target, "=", held))
    return made, ir.Cast(ELEMENT_OF + base.id, held)


def _assigned_inside(value: ts.Node) -> tuple[tuple[ir.Stmt, ...], ir.Expr] | None:
    """A declaration's value that assigns (`float v = (s[t] = f(x));`, `unsigned n = __popc(m &= e);`) as the
    assignment, then the value reading what it stored; None where it does not assign. Read only where the
    assignment is the one there, outside any `&&`, `||` or `?:` (which may skip it), and beside nothing that
    names what it assigns (whose order C leaves open)."""
    found = [value] if value.type == "assignment_expression" else \
        _effects(value, "assignment_expression", "an assignment inside a declaration's")
    if not found:
        return None
    if len(found) != 1:
        raise Unreadable("a declaration whose value makes several assignments")
    (assign,) = found
    made, stored = _assignment_value(assign)
    rest = value.text[:assign.start_byte - value.start_byte] + value.text[assign.end_byte - value.start_byte:]
    if any(_mentions(n, rest) for n in ir.names_in(made[-1].target)):
        raise Unreadable("a declaration whose value assigns a name it also reads")
    return made, _replaced(value, assign, stored)


def _unparenthesized(node: ts.Node) -> ts.Node:
    while node is not None and node.type == "parenthesized_expression" and _parts(node):
        node = _parts(node)[0]
    return node


def _effects(node: ts.Node, kind: str, what: str) -> list[ts.Node]:
    """The sub-expressions of `node` (itself apart) of tree-sitter type `kind` (assignments, increments), which a
    statement of their own can take out; Unreadable (`what` the operators) where an `&&`, `||` or `?:` may skip one."""
    found: list[ts.Node] = []

    def visit(item: ts.Node, guarded: bool) -> None:
        if item.type == kind and item != node:
            if guarded:
                raise Unreadable(f"{what} && or || or ?:")
            found.append(item)
            return
        short = item.type == "conditional_expression" or (
            item.type == "binary_expression" and _text(item.child_by_field_name("operator")) in ("&&", "||"))
        for child in item.named_children:
            visit(child, guarded or short)

    visit(node, False)
    return found


def _mentions(name: str, text: bytes) -> int:
    """How many times identifier `name` stands in the source `text`."""
    return len(re.findall(rb"(?<![\w$])" + re.escape(name.encode()) + rb"(?![\w$])", text))


def _hoisted(node: ts.Node) -> tuple[tuple[ir.Stmt, ...], ir.Expr]:
    """A condition that assigns (`while (k >>= 1)`, `if ((c = f(x)) != 0)`) as the assignment, then the test of
    what it stored: read only where the assignment is the one there, outside any `&&`, `||` or `?:` (which may
    skip it) and beside nothing that names what it assigns (whose order would then matter)."""
    found = [node] if node.type == "assignment_expression" else \
        _effects(node, "assignment_expression", "an assignment inside a condition's")
    if not found:
        return (), expression(node)
    stmts: tuple[ir.Stmt, ...] = ()
    swaps: dict[tuple[int, int], ir.Expr] = {}
    for assign in found:  # `(x = f(a)) >= (y = g(b))`: each in the order written, none naming another's
        made = _expression_statements(assign)
        target = made[-1].target
        rest = node.text[:assign.start_byte - node.start_byte] + node.text[assign.end_byte - node.start_byte:]
        if any(_mentions(n, rest) for n in ir.names_in(target)):
            raise Unreadable("a condition that assigns a name it also reads")
        stmts += made
        swaps[(assign.start_byte, assign.end_byte)] = target
    return stmts, _swapped(node, swaps)


def _guarded(node: ts.Node) -> tuple[ts.Node, ts.Node] | None:
    """(a, b) of a loop condition `a && b` whose assignments all lie in `b` (`while (n >= 2 && (x = f()) > y)`),
    which the loop reads as `while (a) { x = f(); if (!(x > y)) break; ... }`; None for any other."""
    node = _unparenthesized(node)
    if node.type != "binary_expression" or _text(node.child_by_field_name("operator")) != "&&":
        return None
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if _assigns(left) or not _assigns(right):
        return None
    return left, right


def _assigns(node: ts.Node) -> bool:
    return node.type in ("assignment_expression", "update_expression") or any(_assigns(c) for c in node.named_children)


def _replaced(node: ts.Node, assign: ts.Node, target: ir.Expr) -> ir.Expr:
    """`node` read as an expression with its assignment sub-expression `assign` read as `target`."""
    return _swapped(node, {(assign.start_byte, assign.end_byte): target})


def _swapped(node: ts.Node, swaps: dict[tuple[int, int], ir.Expr]) -> ir.Expr:
    """`node` read as an expression with each sub-expression whose byte span is a key of `swaps` read as its value
    (an assignment or an increment taken out into a statement of its own, read as the variable it leaves)."""
    span = (node.start_byte, node.end_byte)
    if span in swaps:
        return swaps[span]
    if not any(node.start_byte <= a < node.end_byte for a, _ in swaps):
        return expression(node)
    kind = node.type
    if kind == "parenthesized_expression":
        return _swapped(_parts(node)[0], swaps)
    if kind == "binary_expression":
        return ir.Bin(_text(node.child_by_field_name("operator")),
                      _swapped(node.child_by_field_name("left"), swaps),
                      _swapped(node.child_by_field_name("right"), swaps))
    if kind == "unary_expression" and _text(node.child_by_field_name("operator")) != "+":
        return ir.Un(_text(node.child_by_field_name("operator")), _swapped(node.child_by_field_name("argument"), swaps))
    if kind == "pointer_expression":
        operand = _swapped(node.child_by_field_name("argument"), swaps)
        return ir.Index(operand, (ir.Num(0),)) if _text(node.child_by_field_name("operator")) == "*" else \
            ir.Un("&", operand)
    if kind == "subscript_expression":
        base = _swapped(node.child_by_field_name("argument"), swaps)
        indices = tuple(_swapped(c, swaps) for c in _parts(node.child_by_field_name("indices")))
        return ir.Index(base.base, base.indices + indices) if isinstance(base, ir.Index) else ir.Index(base, indices)
    if kind == "cast_expression":
        return ir.Cast(_text(node.child_by_field_name("type")), _swapped(node.child_by_field_name("value"), swaps))
    func = node.child_by_field_name("function") if kind == "call_expression" else None
    if func is not None and func.type == "identifier" and _text(func) not in builtins().atomics and \
            _text(func) not in builtins().loads:
        # `__popc(m &= e)`: a plain function's arguments (a builtin that reads an address is read by _call alone)
        return ir.Call(_text(func), tuple(_swapped(c, swaps) for c in _parts(node.child_by_field_name("arguments"))))
    raise Unreadable(kind.replace("_", " "))


def _taken_increments(node: ts.Node) -> tuple[list[ir.Stmt], dict[tuple[int, int], ir.Expr], list[ir.Stmt]] | None:
    """The `i++`, `--i` and their kin inside a statement's expression (`v = *k++;`, `a[n++] = x;`) as the
    increments made before it (prefix), each increment's span read as its variable, and the increments made after
    it (postfix); None where there are none. Read only where each incremented variable is named once in the
    statement and no increment sits under `&&`, `||` or `?:` (which may skip it)."""
    found = _effects(node, "update_expression", "an increment inside")
    if not found:
        return None
    before: list[ir.Stmt] = []
    after: list[ir.Stmt] = []
    swaps: dict[tuple[int, int], ir.Expr] = {}
    for update in found:
        argument = update.child_by_field_name("argument")
        if argument.type != "identifier":
            raise Unreadable("an increment of something other than a variable")
        name = _text(argument)
        if _mentions(name, node.text) != 1:
            raise Unreadable(f"an increment of {name}, which the statement also reads")
        step = ir.Assign(ir.Name(py_name(name)), "+=" if b"++" in update.text else "-=", ir.Num(1))
        (before if update.text.lstrip()[:2] in (b"++", b"--") else after).append(step)
        swaps[(update.start_byte, update.end_byte)] = ir.Name(py_name(name))
    return before, swaps, after


def _expression_statement(node: ts.Node) -> ir.Stmt:
    if node.type == "assignment_expression":
        return ir.Assign(
            expression(node.child_by_field_name("left")),
            _text(node.child_by_field_name("operator")),
            expression(node.child_by_field_name("right")),
        )
    if node.type == "update_expression":
        op = "+=" if "++" in _text(node) else "-="
        return ir.Assign(expression(node.child_by_field_name("argument")), op, ir.Num(1))
    if node.type == "call_expression":
        call = expression(node)
        if isinstance(call, ir.Call) and call.func in builtins().barriers:
            return ir.Sync()
        return ir.ExprStmt(call)
    if node.type == "comma_expression":
        raise Unreadable("comma expression")
    return ir.ExprStmt(expression(node))


def _declaration(node: ts.Node) -> tuple[ir.Stmt, ...]:
    ctype = _type_text(node)
    modifiers = {_text(c) for c in node.children if c.type in ("storage_class_specifier", "type_qualifier")}
    shared = "__shared__" in _text(node).split("(")[0].split("=")[0]
    if ctype == "auto" and not all(d.type == "init_declarator" and _auto_name(d.child_by_field_name("declarator"))
                                   for d in node.children_by_field_name("declarator")):
        raise Unreadable("auto declaration")
    if ctype == "auto":
        ctype = ""  # the value's own type, as C++ deduces it
    out: list[ir.Stmt] = []
    for decl in node.children_by_field_name("declarator"):
        value = None
        init = None
        after: list[ir.Stmt] = []
        vexing = _vexing(decl, ctype)
        if vexing is not None:
            out.append(ir.Decl(py_name(vexing[0]), ctype + ("*" if vexing[1] else ""), expression(vexing[2])))
            continue
        if decl.type == "init_declarator":
            value_node = initializer(decl, ctype)
            taken = _taken_increments(value_node) if value_node.type != "initializer_list" else None
            assigned = _assigned_inside(value_node) if value_node.type != "initializer_list" and taken is None \
                else None
            if value_node.type == "initializer_list":
                init = _initializers(value_node)
            elif taken is not None:  # `float v = *k++;`
                before, swaps, after = taken
                out.extend(before)
                value = _swapped(value_node, swaps)
            elif assigned is not None:
                out.extend(assigned[0])
                value = assigned[1]
            else:
                value = expression(value_node)
        name, pointer, dims = _declarator_name(decl)
        if init is not None and dims is None and not shared and not pointer:
            # `float3 p = {x, y, z};` the lowering reads by its type; `int k{0};` is its one value
            scalar = len(init) == 1 and triton_type(ctype, False) is not None
            value, init = init[0] if scalar else ir.Call(ir.BRACES, init), None
        if init is not None and (dims is None or shared or pointer):
            raise Unreadable("initializer list")
        if shared or (dims is not None and "extern" not in modifiers):
            if not shared:
                if pointer:
                    raise Unreadable("per-thread local array of pointers")
                out.append(ir.Decl(name, ctype, None, local=dims, init=init))
                continue
            out.append(ir.Decl(name, ctype, None, dims if dims is not None else (ir.Num(1),)))
            continue
        out.append(ir.Decl(name, ctype + ("*" if pointer else ""), value))
        out.extend(after)
    return tuple(out)


def initializer(decl: ts.Node, ctype: str) -> ts.Node:
    """The value of an init declarator: what follows `=`, or the one argument of a scalar's or a pointer's direct
    initialization (`float x(a * d);`, which C++ reads as `float x = a * d;`). A class made by its constructor
    (`RNG r(seed);`) has no value the IR holds."""
    value = decl.child_by_field_name("value")
    if value is None or value.type != "argument_list":
        return value
    pointer = decl.child_by_field_name("declarator") is not None and \
        decl.child_by_field_name("declarator").type == "pointer_declarator"
    if len(_parts(value)) == 1 and (pointer or _copied(ctype)):
        return _parts(value)[0]
    raise Unreadable(f"a {' '.join(ctype.split())} made by its constructor ({_text(value)[:40]})")


def _copied(ctype: str) -> bool:
    """Whether `T x(v);` of type `ctype` is `T x = v;`: a scalar converts `v` as `=` does; a CUDA vector has no
    constructor of one argument but its copy."""
    words = [w for w in ctype.split() if w not in ("const", "constexpr", "volatile", "static")]
    return triton_type(" ".join(words), False) is not None or " ".join(words) in (builtins().vectors or {})


def _vexing(decl: ts.Node, ctype: str) -> tuple[str, bool, ts.Node] | None:
    """(name, whether it is a pointer, value) of `unsigned int m(v);` or `float s(a * b);` that the parser, not knowing `v` or `a` is no
    type, read as the declaration of a function: its parentheses read again as the expression they are. None where
    the declarator is no such one; Unreadable where the parentheses hold no expression (a function declared)."""
    pointer = decl.type == "pointer_declarator"  # `const float* row(in + k);`
    if pointer:
        decl = decl.child_by_field_name("declarator")
    name, params = decl.child_by_field_name("declarator"), decl.child_by_field_name("parameters")
    if decl.type != "function_declarator" or name is None or name.type != "identifier" or params is None:
        return None
    if not pointer and not _copied(ctype):
        raise Unreadable(f"a {' '.join(ctype.split())} made by its constructor ({_text(params)[:40]})")
    tree = parse.parse("cuda", b"void f() { _ = " + params.text + b"; }")
    body = tree.root_node.named_children[0].child_by_field_name("body") if tree.root_node.named_children else None
    statement = body.named_children[0] if body is not None and body.named_children else None
    assign = statement.named_children[0] if statement is not None and statement.named_children else None
    value = assign.child_by_field_name("right") if assign is not None and \
        assign.type == "assignment_expression" else None
    if parse.first_error(tree.root_node) is not None or value is None or value.type != "parenthesized_expression" \
            or len(_parts(value)) != 1 or _parts(value)[0].type == "comma_expression":
        raise Unreadable(f"a function declared in a function body ({_text(decl)[:40]})")
    return _text(name), pointer, _parts(value)[0]


def _records(root: ts.Node, aliases: dict[str, str]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Structures (`struct kv { float k, v; };`, `typedef struct { double re, im; } cplx;`) whose fields are all
    one scalar type, with no arrays, pointers or bit-fields among them: name -> (that type, the field names in
    order). Their fields lie back to back, as one type's alignment lays them out."""
    found: dict[str, tuple[str, tuple[str, ...]] | None] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type != "struct_specifier" or node.child_by_field_name("body") is None:
            continue
        names = [_text(node.child_by_field_name("name"))] if node.child_by_field_name("name") is not None else []
        if node.parent is not None and node.parent.type == "type_definition":
            names += [_text(d) for d in node.parent.children_by_field_name("declarator") if d.type == "type_identifier"]
        types, fields = set(), []
        for decl in node.child_by_field_name("body").named_children:
            if decl.type == "comment":
                continue
            kind = decl.child_by_field_name("type")
            declarators = decl.children_by_field_name("declarator")
            if decl.type != "field_declaration" or kind is None or not declarators or \
                    any(d.type != "field_identifier" for d in declarators) or "bitfield_clause" in \
                    {c.type for c in decl.named_children}:
                types.add(None)
                break
            types.add(_resolve_type(" ".join(_text(kind).split()), aliases))
            fields += [_text(d) for d in declarators]
        scalar = len(types) == 1 and None not in types and triton_type(next(iter(types)), False) is not None
        for name in names:
            value = (next(iter(types)), tuple(fields)) if scalar and fields else None
            found[name] = value if found.get(name, value) == value else None
    return {name: value for name, value in found.items() if value is not None}


def _auto_name(node: ts.Node) -> bool:
    """Whether an `auto` declarator names one variable or one pointer (`auto x`, `auto* p`, `const auto* p`)."""
    if node.type == "pointer_declarator":
        inner = node.child_by_field_name("declarator")
        return inner is not None and inner.type == "identifier"
    return node.type == "identifier"


def _initializers(node: ts.Node) -> tuple[ir.Expr, ...]:
    """The values of a (nested) initializer list in the order C lays them out. Rows of a nested list must be full
    and alike (a short row is padded by C, which a flat list would not show); designators are not read."""
    out: list[ir.Expr] = []
    rows: list[int] = []
    for child in node.named_children:
        if child.type == "comment":
            continue
        if child.type == "initializer_pair":
            raise Unreadable("designated initializer")
        if child.type == "initializer_list":
            row = _initializers(child)
            rows.append(len(row))
            out.extend(row)
        else:
            out.append(expression(child))
    if rows and (len(set(rows)) > 1 or sum(rows) != len(out)):
        raise Unreadable("a nested initializer list with rows of different lengths")
    return tuple(out)


TYPE_QUALIFIERS = {"const", "volatile", "__restrict__", "__restrict", "restrict"}
ELEMENT_OF = "element of "  # a cast to the element type of the array or pointer named after it (chained stores)


def _element_casts(body: tuple[ir.Stmt, ...], params: list[ir.Param]) -> tuple[ir.Stmt, ...]:
    """`body` with each cast to the element type of a named array or pointer (`ELEMENT_OF`) made a cast to that
    type, from the parameter or declaration that names it; Unsupported where no one declaration does."""
    marked = {n for n in ir.nodes(body) if isinstance(n, ir.Cast) and n.ctype.startswith(ELEMENT_OF)}
    if not marked:
        return body
    declared: dict[str, set[str]] = {}
    for param in params:
        if param.pointer:
            declared.setdefault(param.name, set()).add(param.ctype)
    for decl in ir.nodes(body):
        if isinstance(decl, ir.Decl) and (decl.shared is not None or decl.local is not None):
            declared.setdefault(decl.name, set()).add(decl.ctype)
        elif isinstance(decl, ir.Decl) and decl.ctype.rstrip().endswith("*"):
            declared.setdefault(decl.name, set()).add(decl.ctype.rstrip()[:-1])
    mapping: dict[ir.Cast, ir.Cast] = {}
    for cast in marked:
        name = cast.ctype[len(ELEMENT_OF):]
        types = {" ".join(w for w in t.replace("*", " * ").split() if w not in TYPE_QUALIFIERS)
                 for t in declared.get(name, ())}
        if len(types) != 1 or "*" in next(iter(types)):
            return (ir.Unsupported(f"a chained assignment through {name}, whose element type is not declared once"),)
        mapping[cast] = ir.Cast(next(iter(types)), cast.operand)
    return ir.replaced(body, mapping)


def _static_members(node: ts.Node, module: ir.Module, tparams: tuple[str, ...]) -> None:
    """The static device functions of a structure (`template <typename T, int K> struct Basis { static __device__
    T forward(T v) {...} };`), each as the function `Basis::forward` of the structure's template parameters, which a
    call `Basis<float, 2>::forward(v)` gives. Members that are not static read the object they are called on, and are
    not read."""
    struct = _text(node.child_by_field_name("name"))
    for member in node.child_by_field_name("body").named_children:
        if member.type != "function_definition" or not any(
                c.type == "storage_class_specifier" and _text(c) == "static" for c in member.children):
            continue
        try:
            fn = _function(member, tparams, module.aliases)
        except Unreadable:
            continue
        if fn is not None and not fn.kernel:
            _define(module, dataclasses.replace(fn, name=f"{struct}::{fn.name}"))


def _function(node: ts.Node, tparams: tuple[str, ...], aliases: dict[str, str] | None = None) -> ir.Function | None:
    head = [c for c in node.children if c.type not in ("compound_statement",)]
    words = {_text(c) for c in head if c.type not in ("function_declarator",)}
    words |= set(re.findall(r"__\w+__", " ".join(_text(c) for c in head)))
    kernel = "__global__" in words
    if not kernel and "__device__" not in words:
        return None
    declarator = node.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    if declarator is None:
        return None
    name_node = declarator.child_by_field_name("declarator")
    if name_node is None:
        return None
    name = _text(name_node)
    line = node.start_point[0] + 1
    params = []
    accessors: dict[str, int] = {}
    body: tuple[ir.Stmt, ...] = ()
    for position, p in enumerate(declarator.child_by_field_name("parameters").named_children):
        if p.type == "comment":
            continue
        try:
            if p.type == "optional_parameter_declaration" and not kernel:
                pname, pointer, dims = _declarator_name(p.child_by_field_name("declarator"))
                default = expression(p.child_by_field_name("default_value"))
                params.append(ir.Param(pname, _type_text(p), pointer or dims is not None, default))
                continue
            if p.type == "optional_parameter_declaration":  # a kernel's: the launcher takes a number's default
                pname, pointer, dims = _declarator_name(p.child_by_field_name("declarator"))
                default = expression(p.child_by_field_name("default_value"))
                if not isinstance(default, ir.Num) and not (isinstance(default, ir.Un) and default.op == "-"
                                                           and isinstance(default.operand, ir.Num)):
                    raise Unreadable(f"the default value of parameter {pname}, which is no number")
                params.append(ir.Param(pname, _type_text(p), pointer or dims is not None, default))
                continue
            if p.type != "parameter_declaration":
                raise Unreadable(f"a parameter the parser could not read ({_text(p)[:40]})")
            if p.child_by_field_name("declarator") is None:  # unnamed: the launcher still passes it
                params.append(ir.Param(f"unnamed{position}", _type_text(p), False))
                continue
            pname, pointer, dims = _declarator_name(p.child_by_field_name("declarator"))
            accessor = _accessor(_resolve_type(_type_text(p), aliases or {}))
            if accessor is not None and not pointer and dims is None:
                accessors[pname] = accessor[1]
                params.append(ir.Param(pname, accessor[0] + "*", True))
                params += [ir.Param(f"{pname}_stride{d}", "int64_t", False) for d in range(accessor[1])]
                params += [ir.Param(f"{pname}_size{d}", "int64_t", False) for d in range(accessor[1])]
                continue
            by_reference = p.child_by_field_name("declarator").type == "reference_declarator"
            params.append(ir.Param(pname, _type_text(p) + ("&" if by_reference else ""), pointer or dims is not None))
        except Unreadable as exc:
            body = (ir.Unsupported(str(exc), line),)
    body = body or statements(node.child_by_field_name("body"))
    body = _element_casts(body, params)
    if accessors:
        body = _through_strides(body, accessors)
    return ir.Function(
        name, tuple(params), body, tparams, kernel, node.start_point[0] + 1, node.end_point[0] + 1,
        "" if kernel else _type_text(node),
    )


def _define(module: ir.Module, fn: ir.Function, replacing: ir.Function | None = None) -> None:
    """`fn` as the function of its name; a device function defined before under that name (an overload, or the other
    branch of an `#ifdef`) is kept beside it in `module.overloads`. With `replacing`, `fn` takes that definition's
    place (the same function, its template parameters' kinds added)."""
    earlier = module.overloads.get(fn.name) or ((module.functions[fn.name],) if fn.name in module.functions else ())
    if replacing is not None:
        earlier = tuple(f for f in earlier if f is not replacing)
    module.functions[fn.name] = fn
    earlier = tuple(f for f in earlier if not f.kernel and f != fn)
    if earlier and not fn.kernel:
        module.overloads[fn.name] = earlier + (fn,)


def _collect(node: ts.Node, module: ir.Module, tparams: tuple[str, ...] = (),
             branches: tuple[frozenset[str], dict[str, int]] | None = None, taken: bool = True,
             children: list[ts.Node] | None = None) -> None:
    """Every function and named constant under `node` (or among `children`). With `branches` (the headers' macros
    and the source's `#define` sites), the named constants of an `#ifdef`/`#ifndef` branch the sources decide
    against are left out (`const int n = 4;` under `#ifdef USE_TEST_MATRIX`, which nothing defines), as the compiler
    leaves them; `taken` is False inside such a branch. Functions are read in every branch."""
    for child in node.named_children if children is None else children:
        kind = child.type
        if kind == "preproc_ifdef" and branches is not None:
            chosen = _taken_branch(child, *branches)
            for part in child.named_children:
                for one in part.named_children if part.type == "preproc_else" else [part]:
                    _collect(child, module, tparams, branches, taken and one in chosen, [one])
            continue
        if kind == "function_definition":
            try:
                fn = _function(child, tparams, module.aliases)
            except Unreadable:
                continue  # a head the parser could not read names no kernel
            if fn is not None:
                _define(module, fn)
        elif kind == "template_declaration":
            names, kinds = [], []
            for p in child.child_by_field_name("parameters").named_children:
                decl = p.child_by_field_name("name") or p.child_by_field_name("declarator")
                if decl is None and p.named_children:
                    decl = p.named_children[-1]
                if decl is not None:
                    names.append(_text(decl))
                    kinds.append("type" if p.type in ("type_parameter_declaration",
                                                      "optional_type_parameter_declaration") else
                                 "value" if p.type in ("parameter_declaration", "optional_parameter_declaration")
                                 else "other")
            before = dict(module.functions)
            _collect(child, module, tuple(names), branches, taken)
            for name, fn in list(module.functions.items()):
                if before.get(name) is not fn:
                    _define(module, dataclasses.replace(fn, tkinds=tuple(kinds)), fn)
        elif kind in ("linkage_specification", "declaration_list", "preproc_ifdef", "preproc_if", "preproc_else",
                      "namespace_definition"):
            _collect(child, module, tparams, branches, taken)
        elif kind in ("struct_specifier", "class_specifier") and child.child_by_field_name("body") is not None \
                and child.child_by_field_name("name") is not None:
            _static_members(child, module, tparams)
        elif not taken:
            continue  # a named constant of a branch the compiler does not read
        elif kind == "preproc_def":
            value = child.child_by_field_name("value")
            if value is not None:
                found = _define_value(_text(value))
                if found is not None:
                    module.constants[_text(child.child_by_field_name("name"))] = found
        elif kind == "declaration" and "constexpr" in _text(child).split("=")[0] or (
            kind == "declaration" and "const " in _text(child).split("=")[0] and "__" not in _text(child)
        ):
            for decl in child.children_by_field_name("declarator"):
                try:
                    vexing = _vexing(decl, _type_text(child))
                except Unreadable:
                    continue
                if vexing is not None:
                    value = constant_value(vexing[2])
                    if value is not None:
                        module.constants[vexing[0]] = value
                elif decl.type == "init_declarator":
                    try:
                        value = constant_value(initializer(decl, _type_text(child)))
                    except Unreadable:
                        value = None
                    if value is not None:
                        module.constants[_text(decl.child_by_field_name("declarator"))] = value


# A header the source includes by a quoted name: (its path, its bytes), or None when it is not in the tree.
Header = Callable[[str, str], "tuple[str, bytes] | None"]
# The program's sources that name a kernel (its name without namespaces): (path, bytes) each.
Launchers = Callable[[str], "list[tuple[str, bytes]]"]
# The program's sources that include a source by a quoted name: (their path, their bytes before that include) each.
Includers = Callable[[str], "list[tuple[str, bytes]]"]


def read_module(data: bytes, origin: str = "", header: Header | None = None,
                _read: dict[str, ir.Module | None] | None = None, launchers: Launchers | None = None,
                includers: Includers | None = None) -> ir.Module:
    """Every `__global__` and `__device__` function and every numeric `#define`/`constexpr` of a CUDA source; type
    aliases (`typedef float real;`, `using real = float;`, `#define REAL float`) are resolved in their types.

    With `header(name, including_path)`, the headers the source includes by quoted names (`#include "util.cuh"`),
    and theirs, lend it their device functions, constants, type aliases and function-like macros (the source's own
    come first);
    their kernels stay theirs. Function-like macros are expanded in the text the kernels are read from
    (migrate/tile/macros.py). With `launchers(name)`, a template kernel is specialised to the instantiations the
    program's other sources launch as well as this one's (a kernel in a header is launched by its includers). With
    `includers(origin)`, a source that another includes (`#include "kernels.cu"` in main.cu, after the headers the
    kernels need) is lent what the includer has read before that line, as the compiler sees it."""
    read = {} if _read is None else _read
    macros: dict[str, tuple[tuple[str, ...], str] | None] = {}
    lent: list[ir.Module] = []
    included: dict[str, dict] = {}  # the macros each header included by a quoted name leaves
    if header is not None:
        for name in INCLUDE.findall(data):
            found = header(name.decode("utf-8", "replace"), origin)
            if found is None:
                continue
            path, text = found
            if path not in read:
                read[path] = None  # being read: an include cycle stops here
                read[path] = read_module(text, path, header, read)
            if read[path] is not None:
                lent.append(read[path])
                macros.update(read[path].macros)
                included[name.decode("utf-8", "replace")] = read[path].preprocessor
    start: list[dict] = []  # the macros each includer has defined where it includes this source
    for path, before in includers(origin) if includers is not None and origin else ():
        key = f"{path} before {origin}"
        if key not in read:
            read[key] = None  # being read: an include cycle stops here
            read[key] = read_module(before, path, header, read, includers=includers)
        if read[key] is not None:
            lent.append(read[key])
            start.append(read[key].preprocessor)
            for name, macro in read[key].macros.items():
                macros.setdefault(name, macro)
    # the conditionals whose arms are known, reduced to them (lines kept): the reader sees the compiled text
    decided = decide(data.decode("utf-8", "replace"), _common(start), included.get,
                     _device_lines(parse.parse("cuda", data).root_node) if b"__CUDA_ARCH__" in data else None)
    data = decided.text.encode("utf-8")
    defined = set(macros)  # the headers' macros are in force from the top
    macros.update(function_macros(data))
    if any(m is not None for m in macros.values()) or b"#define" in data or b"# define" in data:
        data = expand_source(data.decode("utf-8", "replace"), macros, defined).encode("utf-8")
    module = ir.Module(macros=macros, preprocessor=decided.env)
    for other in lent:
        module.switches.update(other.switches)
    module.switches.update(dispatch_switches(data))
    root = parse.parse("cuda", data).root_node
    globals_named = {name for other in lent for name in other.constants}
    for _ in range(MAX_REREADS):
        spans = _parenthesised_variables(root, globals_named)
        if not spans:
            break
        # `((i) + (j) * N)`, the expansion of `IDX(i, j)`: tree-sitter, which knows no declarations, may read
        # `(i) + (j)` as a cast of `+(j)` to a type `i`; where `i` is a variable, its parentheses go (as spaces,
        # so every offset and line stays) and the text is read again.
        buffer = bytearray(data)
        for at in spans:
            buffer[at] = ord(" ")
        data = bytes(buffer)
        root = parse.parse("cuda", data).root_node
    module.aliases.update(_accessor_aliases(root))  # read with the parameters
    lent_defines = frozenset(d for other in lent for d in other.defines)
    _collect(root, module, branches=(lent_defines, _define_sites(root)))
    for name, value in _defined_twice(root, lent_defines).items():
        if value is None:
            module.constants.pop(name, None)
        else:
            module.constants[name] = value
    if decided.undecided:
        _name_undecided(module, decided.undecided)
    for match in KERNEL_HEAD.finditer(data):
        name = match.group(1).decode("utf-8", "replace")
        line_start = data.rfind(b"\n", 0, match.start()) + 1
        if b"//" in data[line_start:match.start()] or data.rfind(b"/*", 0, match.start()) > data.rfind(
            b"*/", 0, match.start()
        ):
            continue  # in a comment
        if name not in module.functions and name not in module.unread \
                and not any(f.endswith("::" + name) for f in module.functions):  # declared in its namespace
            module.unread[name] = data.count(b"\n", 0, match.start()) + 1
    for name, value in _defines_in_bodies(root).items():
        module.constants.setdefault(name, value)
    for name, number in _enumerators(root, module.constants, (lent_defines, _define_sites(root))).items():
        module.constants.setdefault(name, ir.Num(number))
    module.defines.update({d for other in lent for d in other.defines} | set(_define_sites(root)))
    aliases = {**{k: v for other in lent for k, v in other.aliases.items()}, **_aliases(root, lent_defines)}
    module.aliases.update(aliases)
    for name, value in list(module.constants.items()):  # `#define ONE Real_t(1.0)`: a cast, in resolved types
        value = _functional_casts(value, TYPE_WORDS | set(aliases), set(aliases))
        module.constants[name] = _retype(value, aliases) if aliases else value
    module.records.update({k: v for other in lent for k, v in other.records.items()} | _records(root, aliases))
    for other in lent:  # the headers' constants, which the launches' template arguments may name
        for name, value in other.constants.items():
            module.constants.setdefault(name, value)
    for name, fns in list(module.overloads.items()):
        module.overloads[name] = tuple(_retype(f, aliases) if aliases else f for f in (
            _functional_casts(f, TYPE_WORDS | set(aliases) | set(f.tparams), _type_names(f, aliases)) for f in fns))
    for name, fn in list(module.functions.items()):
        fn = _functional_casts(fn, TYPE_WORDS | set(aliases) | set(fn.tparams), _type_names(fn, aliases))
        fn = _retype(fn, aliases) if aliases else fn
        if fn.kernel and "<" in name:  # `template <> __global__ void k<double>(...)`
            fn = dataclasses.replace(fn, unlowered=f"an explicit specialization (`template <>`) of the kernel "
                                     f"template {name.split('<')[0]}")
        elif fn.kernel and fn.tparams:
            hosts = _host_callers(origin, launchers)
            instances = launched(root, fn, module.constants, _folded, hosts, module.switches)
            if not isinstance(instances, str) and launchers is not None:
                elsewhere = _launched_elsewhere(fn, origin, header, read, launchers, hosts)
                instances = elsewhere if isinstance(elsewhere, str) else instances | elsewhere
            generic = set(fn.tparams) <= GENERIC_TPARAMS  # lowered generically where no instantiation is known
            special = _explicitly_specialised(fn, instances, module.functions, aliases)
            if special:
                fn = dataclasses.replace(fn, unlowered=f"its instantiation at {special} is an explicit specialization "
                                         "(`template <>`) with a body of its own")
            elif isinstance(instances, str) and not generic:
                fn = dataclasses.replace(fn, unlowered=f"template parameters {', '.join(fn.tparams)}: {instances}")
            elif not instances and not generic:
                fn = dataclasses.replace(fn, unlowered=f"template parameters {', '.join(fn.tparams)}: no launch of "
                                         "it is read, so no instantiation is known")
            elif instances and not isinstance(instances, str):
                fn = _specialised(fn, instances, aliases, module)
        module.functions[name] = fn
    for other in lent:
        for name, fn in other.functions.items():
            if not fn.kernel:
                module.functions.setdefault(name, fn)
            if name in other.overloads and module.functions[name] is fn:
                module.overloads.setdefault(name, other.overloads[name])
    from .symbols import read_globals  # (it reads declarations with this module's helpers)

    for name, one in read_globals(root, module.constants, aliases, lent_defines, module.records).items():
        if not one.dims and one.const and one.values is not None and not one.why and name not in module.constants:
            # `__device__ const float scale = 0.5f;`: a named constant, of the value C stores in it
            value = one.values[0]
            module.constants[name] = ir.Num(value, isinstance(value, float))
            continue
        module.globals[name] = dataclasses.replace(one, path=origin)
    for other in lent:
        for name, one in other.globals.items():
            module.globals.setdefault(name, one)
    read_as_builtins(module)
    return module





def _variables_declared(node: ts.Node, kinds: tuple[str, ...] = (
        "parameter_declaration", "optional_parameter_declaration", "declaration")) -> set[str]:
    """The names `node` declares as variables (by declarations of `kinds`): parameters and locals of a function,
    or a file's globals."""
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if item.type in kinds:
            for decl in item.children_by_field_name("declarator"):
                try:
                    found.add(_declarator_name(decl)[0])
                except Unreadable:
                    pass
        if item.type != "function_definition" or item is node:
            stack.extend(item.named_children)
    return found


def _parenthesised_variables(root: ts.Node, names: set[str]) -> list[int]:
    """The offsets of the parentheses of each variable in parentheses that tree-sitter read as a cast of what
    follows (`(i) + (j)` as `(i)(+(j))`): the variables are those the enclosing function declares, the file's
    globals and numeric `#define`s, and `names` (the included headers' constants)."""
    file_names = set(names) | _variables_declared_at_top(root)
    spans: list[int] = []
    stack = [(root, file_names)]
    while stack:
        node, known = stack.pop()
        if node.type == "function_definition":
            known = file_names | _variables_declared(node)
        if node.type == "cast_expression":
            kind, value = node.child_by_field_name("type"), node.child_by_field_name("value")
            close = next((c for c in node.children if c.type == ")"), None)
            operator = value.child_by_field_name("operator") if value is not None else None
            if kind is not None and close is not None and operator is not None \
                    and [c.type for c in kind.children] == ["type_identifier"] and _text(kind) in known \
                    and value.type in ("unary_expression", "pointer_expression") \
                    and _text(operator) in ("+", "-", "*", "&"):
                spans += [node.start_byte, close.start_byte]
        stack.extend((child, known) for child in node.named_children)
    return spans


def _variables_declared_at_top(root: ts.Node) -> set[str]:
    """A file's global variables and numeric object-like `#define`s (`#define N 2048`), outside its functions."""
    found = _variables_declared(root, ("declaration",))  # not a prototype's parameters
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "preproc_def":
            value = node.child_by_field_name("value")
            if value is not None and _define_value(_text(value)) is not None:
                found.add(_text(node.child_by_field_name("name")))
        elif node.type != "function_definition":
            stack.extend(node.named_children)
    return found


def _common(envs: list[dict]) -> dict:
    """The macros a source starts from where several sources include it: those they all leave alike."""
    if len(envs) <= 1:
        return dict(envs[0]) if envs else {}
    out = {}
    for name in set().union(*envs):
        states = [env.get(name) for env in envs]
        out[name] = states[0] if all(s == states[0] for s in states) else \
            Unknown(f"{name}, which the sources that include this one define differently")
    return out


def _device_lines(root: ts.Node) -> Callable[[int], bool]:
    """Whether a (0-based) line is inside the body of a __global__ or __device__ function: code nvcc's device pass
    compiles, where `__CUDA_ARCH__` is defined."""
    spans = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "function_definition":
            body = node.child_by_field_name("body")
            if body is not None and re.search(rb"\b__(global|device)__\b", node.text[:body.start_byte - node.start_byte]):
                spans.append((body.start_point[0], body.end_point[0]))
            continue
        stack.extend(node.named_children)
    return lambda line: any(first < line < last for first, last in spans)


def _name_undecided(module: ir.Module, undecided: dict[int, str]) -> None:
    """The conditionals left in the functions' bodies, as statements the reader could not read, named with the
    macro that left each (migrate/tile/conditionals.py)."""
    for name, fn in module.functions.items():
        mapping = {stmt: ir.Unsupported(undecided[stmt.line], stmt.line) for stmt in ir.statements_in(fn.body)
                   if isinstance(stmt, ir.Unsupported) and stmt.what.startswith("preproc") and stmt.line in undecided}
        if mapping:
            module.functions[name] = dataclasses.replace(fn, body=ir.replaced(fn.body, mapping))


def _host_callers(origin: str, launchers: Launchers | None) -> Callable[[str], list[tuple[ts.Node, dict]]] | None:
    """The finder of the syntax trees of the program's sources other than `origin` that name a host function (they
    may call the host function template a kernel is launched in), each with its type aliases; None without the
    program's sources."""
    if launchers is None:
        return None

    def callers(name: str) -> list[tuple[ts.Node, dict]]:
        roots = [parse.parse("cuda", data).root_node for path, data in launchers(name) if path != origin]
        return [(root, _aliases(root)) for root in roots]

    return callers


def _launched_elsewhere(fn: ir.Function, origin: str, header: Header | None, read: dict[str, ir.Module | None],
                        launchers: Launchers, hosts=None) -> set[tuple[str, ...]] | str:
    """The instantiations of `fn` the program's other sources launch (each read with its own constants and those
    of its headers), or the reason one launch cannot be read."""
    found: set[tuple[str, ...]] = set()
    for path, data in launchers(fn.name.rsplit("::", 1)[-1]):
        if path == origin:
            continue
        if path not in read:
            read[path] = None  # being read: an include cycle stops here
            read[path] = read_module(data, path, header, read)
        constants = read[path].constants if read[path] is not None else {}
        got = launched(parse.parse("cuda", data).root_node, fn, constants, _folded, hosts)
        if isinstance(got, str):
            return got
        found |= got
    return found


def _specialised(fn: ir.Function, instances: set[tuple[str, ...]], aliases: dict[str, str],
                 module: ir.Module) -> ir.Function:
    """A template kernel specialised to the instantiations its source launches (migrate/tile/instances.py reads
    them): a parameter every launch gives the same type is retyped to it, one given the same number bound to it; a
    type parameter launched as float in some and double in others (or as the generic `scalar_t` an extension's
    dispatch defines) is lowered as the generic element type (`T`: its values follow the buffers, and the launch at
    float is the one checked); a value parameter launched with several numbers becomes a constexpr of the tile
    kernel (one compiled kernel per number, as C++ instantiates one per number; the smallest is the one checked).
    A type parameter launched at unlike types any other way (int and float, char and short) gives one kernel per
    instantiation (`_instantiations`). Where the launches give a type the lowering has no form for, the kernel
    keeps the reason (`unlowered`). Unchanged where the source launches it nowhere or in a way that cannot be
    read."""
    if not instances or len(fn.tkinds) != len(fn.tparams) or any(len(a) != len(fn.tparams) for a in instances):
        return fn
    generic_types = {"float", "double", "scalar_t", "T"}
    types: dict[str, str] = {}
    values: list[tuple[str, ir.Expr]] = []
    consts: list[tuple[str, tuple[int, ...]]] = []
    chosen: list[str] = []
    generic: list[str] = []  # the one parameter lowered as the generic element type
    for position, (name, kind) in enumerate(zip(fn.tparams, fn.tkinds)):
        given = {args[position] for args in instances}

        def kept_simt(what: str, name: str = name) -> ir.Function:
            return dataclasses.replace(fn, unlowered=f"template parameter {name} {what}")

        if kind == "type":
            given = {_resolve_type(arg, aliases) for arg in given}
            unknown = sorted(a for a in given if a not in TYPE_WORDS and triton_type(a, False) is None)
            if unknown:
                return kept_simt(f"launched as {unknown[0]}")
            if len(given) == 1 and not given <= {"scalar_t", "T"}:
                (types[name],) = given
                chosen.append(types[name])
            elif given <= generic_types and not generic and (name in ("T", "scalar_t") or "T" not in fn.tparams):
                generic.append(name)
                if name not in ("T", "scalar_t"):
                    types[name] = "T"
                chosen.append("float")
            else:
                return _instantiations(fn, instances, aliases, module)
        elif kind == "value":
            numbers = {_folded(_define_value(arg), module.constants) for arg in given}
            if None in numbers:
                unknown = sorted(a for a in given if _folded(_define_value(a), module.constants) is None)
                return kept_simt(f"launched as {unknown[0]}, which is no constant this source gives a number")
            if len(numbers) != 1:
                # one kernel for every number, each a compile-time constant there as in each C++ instantiation
                consts.append((name, tuple(sorted(numbers))))
                chosen.append(str(min(numbers)))
                continue
            (number,) = numbers
            values.append((name, ir.Num(number)))
            chosen.append(str(number))
        else:
            return fn
    kept = tuple(types.get(g, g) for g in generic)
    retyped = {k: v for k, v in types.items() if k != v}
    fn = _retype(fn, retyped) if retyped else fn
    return dataclasses.replace(fn, tparams=kept, tkinds=("type",) * len(kept), tvalues=tuple(values),
                               tconsts=tuple(consts), instance=tuple(chosen), instance_params=tuple(fn.tparams))


def _instantiations(fn: ir.Function, instances: set[tuple[str, ...]], aliases: dict[str, str],
                    module: ir.Module) -> ir.Function:
    """A template kernel launched at unlike element types, as one specialised kernel per instantiation of its type
    parameters (`instances`), each as `_specialised` makes a kernel launched at those types alone (its value
    parameters bound, or constexprs where they take several numbers), in the order of their types' names. The
    launcher tells them apart by the element types of its buffers: a type parameter that varies and is no buffer's
    element type (only a scalar's or a local's) keeps the kernel SIMT, and so does an instantiation kept SIMT.
    Instantiations whose types are the same Triton types (long and long long) are one kernel."""
    positions = [i for i, kind in enumerate(fn.tkinds) if kind == "type"]
    groups: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
    for args in instances:
        groups.setdefault(tuple(_resolve_type(args[i], aliases) for i in positions), set()).add(args)
    varying = [j for j in range(len(positions)) if len({key[j] for key in groups}) > 1]
    dispatch = []
    for j in varying:
        name = fn.tparams[positions[j]]
        buffer = next((p.name for p in fn.params if p.pointer and base_of(p.ctype) == name), None)
        if buffer is None:
            given = " and as ".join(sorted({key[j] for key in groups}))
            return dataclasses.replace(fn, unlowered=f"template parameter {name} launched as {given}, and no buffer "
                                       "has it as its element type, so a launcher cannot tell the instantiations "
                                       "apart")
        dispatch.append(buffer)
    kept: dict[tuple[str | None, ...], ir.Function] = {}
    for key in sorted(groups):
        one = _specialised(fn, groups[key], aliases, module)
        if one.unlowered:
            return dataclasses.replace(fn, unlowered=one.unlowered)
        kept.setdefault(tuple(triton_type(key[j], False) for j in varying), one)
    consts = [{name for name, _ in one.tconsts} for one in kept.values()]
    uneven = sorted(set().union(*consts) - set.intersection(*consts))
    if uneven:  # the launcher passes its keywords to every instantiation alike
        return dataclasses.replace(fn, unlowered=f"template parameter {uneven[0]} launched with several numbers at "
                                   "some types and with one at others")
    return dataclasses.replace(fn, instances=tuple(kept.values()), dispatch=tuple(dispatch))


def _explicitly_specialised(fn: ir.Function, instances, functions: dict[str, ir.Function],
                            aliases: dict[str, str]) -> str:
    """The template arguments of a launched instantiation that an explicit specialization of the kernel defines
    (`template <> __global__ void k<__half, __half>(...)`, read as the function `k<__half, __half>`), written as the
    specialization writes them, or "": the generic body is not what that launch runs."""
    if isinstance(instances, str):
        return ""
    launched = {tuple(_resolve_type(a, aliases) for a in args) for args in instances}
    for name in functions:
        if name.startswith(fn.name + "<") and name.endswith(">"):
            written = name[len(fn.name) + 1:-1]
            args = tuple(_resolve_type(" ".join(a.split()), aliases) for a in _top_level_commas(written))
            if args in launched:
                return written
    return ""


def _top_level_commas(text: str) -> list[str]:
    """`text` split at the commas outside any brackets (`a<b, c>, d` gives two parts)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    return parts + [text[start:].strip()]


_folded = ir.folded  # (named so here since instances.py and symbols.py take it from this module)


def _enumerators(root: ts.Node, constants: dict[str, ir.Expr],
                 branches: tuple[frozenset[str], dict[str, int]] | None = None) -> dict[str, int]:
    """The number of each enumerator the source's enumerations declare outside functions (`enum class Op { ADD,
    MUL = 4, SUB };`: ADD 0, MUL 4, SUB 5), by its name alone, as kernel bodies read `Op::MUL`. A name two
    enumerations give unlike numbers, or whose number cannot be read, is left out. With `branches` (as `_collect`
    takes them), an `#ifdef`/`#ifndef` branch the sources decide against is not read (`#ifdef NU_VALUE enum { NU =
    NU_VALUE }; #else enum { NU = 4 }; #endif` with NU_VALUE defined nowhere: NU is 4)."""
    found: dict[str, int | None] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "function_definition":
            continue
        if node.type == "preproc_ifdef" and branches is not None:
            for part in _taken_branch(node, *branches):
                stack.extend(part.named_children if part.type == "preproc_else" else [part])
            continue
        if node.type != "enumerator_list":
            stack.extend(node.named_children)
            continue
        number: int | None = -1
        for item in node.named_children:
            name, value = item.child_by_field_name("name"), item.child_by_field_name("value")
            if item.type != "enumerator" or name is None:
                continue
            if value is not None:
                try:
                    number = _folded(expression(value), {**constants, **{k: ir.Num(v) for k, v in found.items()
                                                                        if v is not None}})
                except Unreadable:
                    number = None
            else:
                number = number + 1 if number is not None else None
            key = _text(name)
            found[key] = number if found.get(key, number) == number else None
    return {name: number for name, number in found.items() if number is not None}


def _defines_in_bodies(root: ts.Node) -> dict[str, ir.Expr]:
    """Numeric `#define`s written inside function bodies (in force from there on, as the file's own are); a name
    defined twice with different values is left out."""
    found: dict[str, ir.Expr | None] = {}
    stack = [c for c in root.named_children if c.type == "function_definition"]
    while stack:
        node = stack.pop()
        if node.type == "preproc_def":
            value = node.child_by_field_name("value")
            name = _text(node.child_by_field_name("name"))
            number = _define_value(_text(value)) if value is not None else None
            found[name] = number if found.get(name, number) == number else None
            continue
        stack.extend(node.named_children)
    return {name: value for name, value in found.items() if value is not None}


def _define_value(text: str) -> ir.Expr | None:
    """A `#define` body that is a constant expression (`256`, `(16 * 16)`, `(1 << 10)`, `N * 2`, `(float)0x10`,
    `(1.0f / acosf(-1.f))`), its comments left out, or None. A call in it is read as written: whether the lowering
    knows the function is decided where the name is used."""
    text = _strip_comments(text).strip()
    try:
        return number(text)
    except Unreadable:
        pass
    if not re.fullmatch(r"[\w\s().+\-*/%<>&|^~,]+", text) or "\n" in text.strip():
        return None
    tree = parse.parse("cuda", f"int migrate_define_value = {text};".encode())
    decl = tree.root_node.named_children[0] if tree.root_node.named_children else None
    if decl is None or decl.type != "declaration" or tree.root_node.has_error:
        return None
    init = decl.child_by_field_name("declarator")
    try:
        value = expression(init.child_by_field_name("value")) if init is not None else None
    except Unreadable:
        return None
    allowed = (ir.Num, ir.Name, ir.Bin, ir.Un, ir.Builtin, ir.Cast, ir.Call, ir.Cond)
    stack = [value]
    while stack:
        node = stack.pop()
        if not isinstance(node, allowed) or isinstance(node, ir.Call) and (node.targs or node.kwargs):
            return None
        stack += [getattr(node, f) for f in ("left", "right", "operand", "test", "body", "orelse") if hasattr(node, f)]
        stack += list(node.args) if isinstance(node, ir.Call) else []
    return value


def _defined_twice(root: ts.Node, defined: frozenset[str] = frozenset()) -> dict[str, ir.Expr | None]:
    """Object-like macros a source #defines more than one way outside function bodies: the value of the one in
    the arms the compiler reads where the sources decide them (as `_aliases` reads type names), else None (which
    one holds at a kernel depends on where it stands, or on a -D flag)."""
    bodies: dict[str, set[str]] = {}
    taken: dict[str, set[str]] = {}
    defines = _define_sites(root)
    for walk, into in ((False, bodies), (True, taken)):
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type == "preproc_def" and node.child_by_field_name("value") is not None:
                name = _text(node.child_by_field_name("name"))
                into.setdefault(name, set()).add(" ".join(_strip_comments(_text(node.child_by_field_name("value"))).split()))
            elif node.type == "preproc_ifdef" and walk:
                stack.extend(_taken_branch(node, defined, defines))
            elif node.type != "function_definition":
                stack.extend(node.named_children)
    twice = {name for name, values in bodies.items() if len(values) > 1}
    return {name: _define_value(next(iter(taken[name]))) if len(taken.get(name, ())) == 1 else None
            for name in twice}


def _aliases(root: ts.Node, defined: frozenset[str] = frozenset()) -> dict[str, str]:
    """Type names defined as another type; a name defined twice in different ways is left, unless the two are in
    the branches of an `#ifdef`/`#ifndef` whose macro the sources decide (`#define DOUBLE` above it, or in
    `defined`, the headers' macros: that branch is the one compiled; a macro no source defines is undefined, as the
    compiler sees it without a -D flag)."""
    found: dict[str, str | None] = {}
    defines = _define_sites(root)

    def note(name: str, value: str) -> None:
        value = " ".join(value.split())
        found[name] = value if found.get(name, value) == value else None

    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind == "enum_specifier" and node.child_by_field_name("body") is not None:
            # an enumeration is held as its underlying type: int, unless it names one (`enum class Op : uint8_t`)
            name, held = node.child_by_field_name("name"), node.child_by_field_name("base")
            if name is not None:
                note(_text(name), _text(held) if held is not None else "int")
            continue
        if kind == "type_definition":
            base = node.child_by_field_name("type")
            if base is not None and base.type in ("struct_specifier", "union_specifier") and \
                    base.child_by_field_name("body") is not None:
                continue  # `typedef struct { ... } name;` names a structure of its own (records)
            if base is not None and base.type == "enum_specifier" and base.child_by_field_name("body") is not None:
                held = base.child_by_field_name("base")  # `typedef enum { A, B } mode_t;`: its underlying type
                for decl in node.children_by_field_name("declarator"):
                    if decl.type == "type_identifier":
                        note(_text(decl), _text(held) if held is not None else "int")
                stack.append(base)
                continue
            for decl in node.children_by_field_name("declarator"):
                if base is not None and decl.type == "type_identifier":
                    note(_text(decl), _text(base))
        elif kind == "alias_declaration":
            name, value = node.child_by_field_name("name"), node.child_by_field_name("type")
            if name is not None and value is not None:
                note(_text(name), _text(value))
        elif kind == "preproc_def":
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            body = _strip_comments(_text(value)) if value is not None else ""
            if name is not None and body in TYPE_WORDS:
                note(_text(name), body)
        elif kind == "preproc_ifdef":
            stack.extend(_taken_branch(node, defined, defines))
        elif kind not in ("function_definition",):
            stack.extend(node.named_children)
    return {k: v for k, v in found.items() if v is not None and k != v}


def _define_sites(root: ts.Node) -> dict[str, int]:
    """Each macro a source #defines, with the first byte where a #define of it stands."""
    sites: dict[str, int] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in ("preproc_def", "preproc_function_def"):
            name = node.child_by_field_name("name")
            if name is not None:
                sites[_text(name)] = min(sites.get(_text(name), node.start_byte), node.start_byte)
        elif node.type != "function_definition":
            stack.extend(node.named_children)
    return sites


def _strip_comments(text: str) -> str:
    return re.sub(r"/\*.*?\*/|//.*", "", text, flags=re.DOTALL).strip()


def _taken_branch(node: ts.Node, defined: frozenset[str], defines: dict[str, int]) -> list[ts.Node]:
    """The children of an `#ifdef X`/`#ifndef X` that the compiler reads, when the sources decide X; every child
    (both branches) when they do not (an `#elif`, or X defined only below the test)."""
    name = node.child_by_field_name("name")
    alternative = node.child_by_field_name("alternative")
    body = [c for c in node.named_children if c != name and c != alternative]
    if name is None or (alternative is not None and alternative.type != "preproc_else"):
        return list(node.named_children)
    macro = _text(name)
    if macro in defines and defines[macro] > node.start_byte and macro not in defined:
        return list(node.named_children)
    is_defined = macro in defined or macro in defines
    wanted = is_defined if node.children[0].type == "#ifdef" else not is_defined
    if wanted:
        return body
    return list(alternative.named_children) if alternative is not None else []


def _accessor_aliases(root: ts.Node) -> dict[str, str]:
    """`#define TensorAcc4R PackedTensorAccessor32<scalar_t,4,RestrictPtrTraits>`: object-like macros that name a
    tensor accessor type, so that a parameter declared with one is read as the accessor."""
    found = {}
    for node in root.named_children:
        if node.type == "preproc_def":
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if name is not None and value is not None and _accessor(_text(value).strip()) is not None:
                found[_text(name)] = " ".join(_text(value).split())
    return found


def _resolve_type(ctype: str, aliases: dict[str, str]) -> str:
    for _ in range(4):  # chains of aliases, a few deep
        words = re.split(r"(\W+)", ctype)
        # a name after `::` is a member of a namespace or class, not the alias (`typedef cub::BlockReduce<...>
        # BlockReduce;`)
        resolved = "".join(w if k and words[k - 1].endswith("::") else aliases.get(w, w) for k, w in enumerate(words))
        if resolved == ctype:
            break
        ctype = resolved
    return ctype


def _type_names(fn: ir.Function, aliases: dict[str, str]) -> set[str]:
    """The names that are surely types in a function: the aliases and its template's type parameters, less any
    name it declares a variable of (the built-in words that are not keywords, `half`, may name variables too)."""
    kinds = fn.tkinds if len(fn.tkinds) == len(fn.tparams) else ()
    variables = {p.name for p in fn.params} | _declared_all(fn.body)
    return (set(aliases) | {t for t, k in zip(fn.tparams, kinds) if k == "type"}) - variables


def _functional_casts(node, types: set[str], named_types: frozenset[str] | set[str] = frozenset()):
    """`node` with each call of a type name on one value (`Real_t(0.5)`, `scalar_t(x)`, where Real_t is an alias and
    scalar_t a template parameter) read as the cast it is, and each `(T)-x` of a type name in `named_types` (types
    alone: a template's value parameter N makes `N - 1` a difference) read as the cast of -x."""
    if isinstance(node, tuple):
        items = tuple(_functional_casts(n, types, named_types) for n in node)
        return items if any(a is not b for a, b in zip(items, node)) else node
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    changes = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        new = _functional_casts(value, types, named_types)
        if new is not value:
            changes[f.name] = new
    node = dataclasses.replace(node, **changes) if changes else node
    if isinstance(node, ir.Call) and node.func in types and len(node.args) == 1 and not node.targs:
        return ir.Cast(node.func, node.args[0])
    if (isinstance(node, ir.Bin) and node.op in ("+", "-") and isinstance(node.left, ir.Name)
            and node.left.id in named_types and not isinstance(node.right, (ir.Bin, ir.Cond))):
        # `(scalar_t)-1.` reads as a difference where the type name is not known to the parser: the cast of -1.
        # (an operand that is itself a sum or product stays as read: `(T)-a*b` casts -a alone)
        return ir.Cast(node.left.id, ir.Un("-", node.right) if node.op == "-" else node.right)
    return node


def _retype(node, aliases: dict[str, str]):
    """`node` (an IR function, statement or expression) with every type name it carries resolved."""
    if isinstance(node, tuple):
        items = tuple(_retype(n, aliases) for n in node)
        return items if any(a is not b for a, b in zip(items, node)) else node
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    changes = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if f.name == "targs" and isinstance(node, ir.Call):  # `numeric_limits<K>::max()` at the kernel's K
            value = tuple(_resolve_type(t, aliases) for t in value)
            if value != node.targs:
                changes[f.name] = value
            continue
        typed = f.name in ("ctype", "rtype") and isinstance(value, str)  # a declared or a function's return type
        new = _resolve_type(value, aliases) if typed else _retype(value, aliases)
        if new is not value and new != value:
            changes[f.name] = new
    return dataclasses.replace(node, **changes) if changes else node
