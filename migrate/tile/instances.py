"""The template arguments a source launches a kernel with, read from its syntax tree.

`name<float, 4><<<g, b>>>(...)` gives its arguments as written; `name<<<g, b>>>(d_out, d_in, 1)` has them deduced
from the arguments' declared types, as C++ deduces them (`T* out` given `float* d_out`: T is float; `S stride`
given `1`: S is int). An argument that names a template parameter of the host function the launch is in (`T` in
`template <typename T> void run()`) takes each value that function is instantiated with (`run<double>()`); one that
names a constant (`const int block = 256;` in the host function, a `#define`, a file-level `constexpr`) takes its
number. A launch whose arguments cannot all be known this way makes the whole set unknown: a kernel specialised
to the instantiations that could be read would be wrong for the one that could not."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import tree_sitter as ts

from . import ir
from .builtins import builtins
from .switches import bindings
from .targets import C_TO_TRITON

HOST_DEPTH = 6  # host function templates followed outwards from a launch
QUALIFIER_WORDS = {"const", "volatile", "__restrict__", "__restrict", "restrict", "struct", "typename"}
SIZEOF = re.compile(r"\bsizeof\s*\(\s*([A-Za-z_][\w\s:]*?)\s*\)")
# Template parameters lowered generically, the element type following the buffers (where no instantiation is read);
# C_TO_TRITON gives these names a type, which a program may define otherwise.
GENERIC_TPARAMS = frozenset({"scalar_t", "T", "index_t"})


def _text(node: ts.Node) -> str:
    return node.text.decode("utf-8", "replace")


def _words(text: str) -> str:
    return " ".join(text.split())


def base_of(ctype: str) -> str:
    """A declared type without qualifiers, pointers or references (`const T* __restrict__` -> `T`)."""
    return _words(" ".join(w for w in re.split(r"[\s*&]+", ctype) if w and w not in QUALIFIER_WORDS))


def size_of(ctype: str) -> int | None:
    """The bytes `sizeof(ctype)` comes to for a scalar or CUDA vector type (a float4 16, a float3 12: the lanes lie
    back to back), or None for a type whose size is not known here (a template parameter, a structure)."""
    name = _words(ctype).removeprefix("std::")
    vector = builtins().vectors.get(name)
    if vector is not None:
        element = size_of(vector[0])
        return element * vector[1] if element is not None else None
    kind = C_TO_TRITON.get(name) if name not in GENERIC_TPARAMS else None
    if kind is None:
        return None
    bits = int(re.sub(r"\D", "", kind))
    return max(bits // 8, 1)


def sizes_folded(text: str) -> str | None:
    """`text` with each `sizeof(type)` written as its number of bytes, or None when one names a type of unknown
    size (`sizeof(T)`, `sizeof(x)`)."""
    unknown = False

    def size(match: re.Match) -> str:
        nonlocal unknown
        found = size_of(match.group(1))
        unknown = unknown or found is None
        return str(found)

    text = SIZEOF.sub(size, text)
    return None if unknown or "sizeof" in text else text


def launched(root: ts.Node, fn: ir.Function, constants: dict[str, ir.Expr], fold,
             elsewhere=None, switches: dict | None = None) -> set[tuple[str, ...]] | str:
    """Every instantiation of kernel `fn` the source launches, calls or names (`k<float, 4>` passed to a function
    that launches it, or kept in a variable), each argument's text or the number it comes to; or the reason one
    cannot be read; an empty set when there is none. `fold(expr, constants)` is the integer a constant expression
    comes to, or None; `elsewhere(name)` gives the syntax trees of the program's other sources that name a host
    function template."""
    short = fn.name.rsplit("::", 1)[-1]
    found: set[tuple[str, ...]] = set()
    declared = _declared(fn.params)
    required = next((i for i, p in enumerate(declared) if p.default is not None), len(declared))
    # a launch giving more or fewer arguments than this kernel takes launches another overload of the same name
    sites: list[tuple[ts.Node, list[str | None] | None]] = [
        (c, _launch_arguments(c, fn)) for c in _calls(root, short)
        if _fits(c, required, len(declared)) or not c.child_by_field_name("arguments")]
    for node, explicit in _named(root, short):
        if explicit is None:
            return (f"it is named without template arguments at line {node.start_point[0] + 1}, so the "
                    "instantiation a function pointer takes is not read")
        sites.append((node, explicit if len(explicit) == len(fn.tparams) else None))
    for node, args in sites:
        if args is None:
            return f"the template arguments of its launch at line {node.start_point[0] + 1} cannot be deduced"
        for resolved in _switched(node, args, switches or {}, constants, fold, elsewhere, fn.tkinds):
            if isinstance(resolved, str):
                return resolved
            found.add(resolved)
    return found


def _switched(call: ts.Node, args: list[str], switches: dict, constants: dict[str, ir.Expr], fold, elsewhere,
              kinds: tuple[str, ...]):
    """`_in_host` once for each case of the dispatch macros around the launch whose constants its arguments name
    (`k<scalar_t, DEGREE>` inside `DISPATCH(degree, ...)` is launched with every DEGREE the macro's cases bind)."""
    bound = {name: values for name, values in bindings(call, switches).items() if _mentions(" ".join(args), [name])}
    for numbers in itertools.product(*bound.values()):
        given = dict(zip(bound, (str(n) for n in numbers)))
        yield from _in_host(call, [_bound(a, given) for a in args], constants, fold, 0, elsewhere, kinds)


def _named(root: ts.Node, name: str):
    """The places function `name` is named other than as a call's callee or in a declaration: each node with its
    explicit template arguments (`k<float, 4>` passed to a launching function, `auto f = k<int, 256>;`, an explicit
    instantiation `template void k<float, 4>(float*, int);`), or with None where it is named bare (`helper(k,
    ...)`: the instantiation comes from a function pointer's type)."""
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind == "template_instantiation":  # `template void k<float, 4>(float*, int);`: an instantiation
            declarator = node.child_by_field_name("declarator")
            while declarator is not None and declarator.type != "function_declarator":
                declarator = declarator.child_by_field_name("declarator")
            head = declarator.child_by_field_name("declarator") if declarator is not None else None
            while head is not None and head.type == "qualified_identifier":
                head = head.child_by_field_name("name")
            named = head.child_by_field_name("name") if head is not None and head.type == "template_function" \
                else head
            if named is not None and _text(named) == name:
                targs = head.child_by_field_name("arguments") if head.type == "template_function" else None
                yield node, [_words(_text(a)) for a in targs.named_children] if targs is not None else None
            continue
        if kind in ("function_declarator", "preproc_def", "preproc_function_def"):
            continue
        parent = node.parent
        if kind == "call_expression":
            callee = node.child_by_field_name("function")
            stack.extend(c for c in reversed(node.named_children) if c != callee)
            if callee is not None and callee.type not in ("identifier", "template_function", "qualified_identifier"):
                stack.append(callee)
            continue
        if kind in ("template_function", "identifier", "qualified_identifier"):
            head = node
            while head is not None and head.type == "qualified_identifier":
                head = head.child_by_field_name("name")
            if head is not None and head.type == "template_function":
                named = head.child_by_field_name("name")
                if named is not None and _text(named) == name:
                    targs = head.child_by_field_name("arguments")
                    yield node, [_words(_text(a)) for a in targs.named_children] if targs is not None else []
                    continue
            elif head is not None and head.type == "identifier" and _text(head) == name and parent is not None \
                    and parent.type != "template_function" and parent.child_by_field_name("declarator") != node \
                    and name not in _scope(node):  # not a local of the same name (`size_t k;`)
                yield node, None
                continue
        stack.extend(reversed(node.named_children))


def _callee(call: ts.Node) -> ts.Node | None:
    """What a call names, namespaces taken off (`impl::k<float><<<g, b>>>(...)` -> `k<float>`)."""
    head = call.child_by_field_name("function")
    while head is not None and head.type == "qualified_identifier":
        head = head.child_by_field_name("name")
    return head


def _calls(root: ts.Node, name: str, plain: bool = False):
    """The launches of kernel `name` and its calls with explicit template arguments (with `plain`, every call)."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            callee = _callee(node)
            explicit = callee is not None and callee.type == "template_function"
            head = callee.child_by_field_name("name") if explicit else callee
            launch = any(c.type == "kernel_call_syntax" for c in node.named_children)
            if head is not None and _text(head).rsplit("::", 1)[-1] == name and (launch or explicit or plain):
                yield node
        stack.extend(reversed(node.named_children))


def _launch_arguments(call: ts.Node, fn: ir.Function) -> list[str | None] | None:
    """The template arguments of one launch: the explicit ones as written, the rest deduced from the call's
    arguments (None where the deduction is ambiguous or unknown: the launch then cannot be read)."""
    head = _callee(call)
    explicit: list[str] = []
    if head.type == "template_function":
        targs = head.child_by_field_name("arguments")
        explicit = [_words(_text(a)) for a in targs.named_children] if targs is not None else []
    declared = _declared(fn.params)
    params = [(p.ctype, p.pointer) for p in declared]
    required = next((i for i, p in enumerate(declared) if p.default is not None), len(declared))
    return _deduced(call, explicit, fn.tparams, fn.tkinds, params, {}, required)


def _declared(params: tuple[ir.Param, ...]) -> list[ir.Param]:
    """A kernel's parameters as its source declares them: a tensor accessor's strides and sizes, which the front
    end adds after it (`a`, `a_stride0`, `a_size0`), left out."""
    out: list[ir.Param] = []
    added: set[str] = set()
    names = {p.name for p in params}
    for param in params:
        if param.name in added:
            continue
        out.append(param)
        rank = 0
        while f"{param.name}_stride{rank}" in names and f"{param.name}_size{rank}" in names:
            rank += 1
        if param.pointer and rank:
            added |= {f"{param.name}_{kind}{d}" for kind in ("stride", "size") for d in range(rank)}
    return out


def _deduced(call: ts.Node, explicit: list[str], tparams, tkinds, params: list[tuple[str, bool]],
             defaults: dict[str, str], required: int) -> list[str] | None:
    """`explicit` completed as C++ deduces the other template arguments of a call from its arguments' declared
    types (`T* out` given `float* d_out`: T is float), or from a parameter's default; None where that is
    ambiguous or unknown. The call gives from `required` (the parameters without a default value) to all of
    `params`."""
    if len(explicit) > len(tparams):
        return None
    args_node = call.child_by_field_name("arguments")
    values = [c for c in args_node.named_children if c.type != "comment"] if args_node is not None else []
    if not required <= len(values) <= len(params):
        return None  # another overload
    scope = _scope(call)
    out: list[str] = list(explicit)
    for position in range(len(explicit), len(tparams)):
        name = tparams[position]
        if position < len(tkinds) and tkinds[position] != "type":
            if name in defaults:
                out.append(defaults[name])
                continue
            return None  # a value parameter is never deduced
        # the types read from the arguments: one that cannot be read here agrees with them where the program
        # compiles, as C++ deduces one type from every argument or none
        deduced = {_type_of(value, scope, pointer) for (ctype, pointer), value in zip(params, values)
                   if base_of(ctype) == name} - {None}
        if not deduced and name in defaults:
            deduced = {defaults[name]}
        if len(deduced) > 1:  # a type and the enclosing template's parameter: that parameter is the type there
            enclosing = _enclosing(call)
            host = _host_template(enclosing) if enclosing is not None else None
            deduced -= set(host.tparams) if host is not None else set()
        if len(deduced) != 1:
            return None
        out.append(deduced.pop())
    return out


def _fits(call: ts.Node, required: int, most: int) -> bool:
    """Whether a call gives as many arguments as a function of `required` to `most` parameters takes."""
    args_node = call.child_by_field_name("arguments")
    count = len([c for c in args_node.named_children if c.type != "comment"]) if args_node is not None else 0
    return required <= count <= most


def _enclosing(node: ts.Node) -> ts.Node | None:
    node = node.parent
    while node is not None and node.type != "function_definition":
        node = node.parent
    return node


def _scope(node: ts.Node) -> dict[str, str]:
    """The declared types of the names the function around `node` declares (its parameters and locals), as
    `type` or `type*` (one star per level)."""
    fn = _enclosing(node)
    found: dict[str, str] = {}
    if fn is None:
        return found
    stack = [fn]
    while stack:
        item = stack.pop()
        if item.type in ("declaration", "parameter_declaration"):
            kind = item.child_by_field_name("type")
            for decl in item.children_by_field_name("declarator"):
                stars = 0
                while decl is not None and decl.type in ("pointer_declarator", "init_declarator",
                                                         "reference_declarator"):
                    stars += decl.type == "pointer_declarator"
                    decl = decl.child_by_field_name("declarator") or (
                        decl.named_children[0] if decl.named_children else None)
                if decl is not None and decl.type == "identifier" and kind is not None:
                    found.setdefault(_text(decl), base_of(_text(kind)) + "*" * stars)
        stack.extend(item.named_children)
    return found


def _type_of(node: ts.Node, scope: dict[str, str], pointer: bool) -> str | None:
    """The type C++ deduces for a template parameter from argument `node`: the pointee type where the parameter
    is a pointer (`T*`), else the argument's own type; None where it cannot be read here."""
    kind = node.type
    if kind == "parenthesized_expression" and node.named_children:
        return _type_of(node.named_children[0], scope, pointer)
    if kind == "number_literal" and not pointer:
        text = _text(node).lower()
        if not text.startswith("0x") and any(c in text for c in ".e"):
            return "float" if text.endswith("f") else "double"
        suffix = re.search(r"[ul]*$", text).group()
        return {"": "int", "u": "unsigned int", "l": "long", "ul": "unsigned long", "lu": "unsigned long",
                "ll": "long long", "ull": "unsigned long long", "llu": "unsigned long long"}.get(suffix)
    if kind in ("true", "false") and not pointer:
        return "bool"
    if kind == "identifier":
        declared = scope.get(_text(node))
        if declared is None:
            return None
        stars = len(declared) - len(declared.rstrip("*"))
        if stars != (1 if pointer else 0):
            return None
        return declared.rstrip("*") or None
    if kind == "cast_expression":
        descriptor = node.child_by_field_name("type")
        text = _text(descriptor) if descriptor is not None else ""
        if text.count("*") != (1 if pointer else 0):
            return None
        return base_of(text) or None
    if kind == "pointer_expression" and pointer and _text(node.child_by_field_name("operator")) == "&":
        target = node.child_by_field_name("argument")  # `&x[i]`: a pointer to an element of pointer x
        if target is not None and target.type == "subscript_expression":
            return _type_of(target.child_by_field_name("argument"), scope, pointer)
        return None
    if kind == "binary_expression" and pointer and _text(node.child_by_field_name("operator")) in ("+", "-"):
        return _type_of(node.child_by_field_name("left"), scope, pointer)
    return None


@dataclass(frozen=True)
class HostTemplate:
    """A host function template a launch sits in: its name, template parameters and function parameters."""

    name: str
    tparams: tuple[str, ...]
    tkinds: tuple[str, ...]
    defaults: dict[str, str]
    params: tuple[tuple[str, bool], ...]  # (declared type, whether a pointer) of each function parameter
    required: int  # how many of them come before the first with a default value (`bool timing = false`)
    variadic: bool = False  # whether the last is a pack (`Args... args`), which takes any number of arguments


def _host_template(fn: ts.Node) -> HostTemplate | None:
    """The function template `fn` is, or None."""
    parent = fn.parent
    if parent is None or parent.type != "template_declaration":
        return None
    names, kinds, defaults = [], [], {}
    for p in parent.child_by_field_name("parameters").named_children:
        decl = p.child_by_field_name("name") or p.child_by_field_name("declarator")
        if decl is None and p.named_children:
            decl = p.named_children[0] if p.type == "optional_type_parameter_declaration" else p.named_children[-1]
        if decl is None:
            return None
        names.append(_text(decl))
        kinds.append("type" if p.type.endswith("type_parameter_declaration") else "value")
        default = p.child_by_field_name("default_type") or p.child_by_field_name("default_value")
        if default is not None:
            defaults[names[-1]] = _words(_text(default))
    declarator = fn.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    head = declarator.child_by_field_name("declarator") if declarator is not None else None
    if head is None:
        return None
    params = []
    required = None
    plist = declarator.child_by_field_name("parameters")
    for param in plist.named_children if plist is not None else ():
        if param.type == "comment":
            continue
        if param.type == "optional_parameter_declaration" and required is None:
            required = len(params)
        kind = param.child_by_field_name("type")
        decl = param.child_by_field_name("declarator")
        stars = 0
        while decl is not None and decl.type in ("pointer_declarator", "reference_declarator", "init_declarator"):
            stars += decl.type == "pointer_declarator"
            decl = decl.child_by_field_name("declarator") or (decl.named_children[0] if decl.named_children else None)
        params.append((_text(kind) if kind is not None else "", stars == 1))
    variadic = plist is not None and any(p.type == "variadic_parameter_declaration" for p in plist.named_children)
    return HostTemplate(_text(head).rsplit("::", 1)[-1], tuple(names), tuple(kinds), defaults, tuple(params),
                        len(params) if required is None else required, variadic)


def _local_constants(fn: ts.Node | None) -> dict[str, ir.Expr]:
    """`const int block = 256;` / `constexpr` locals of a host function: name -> value expression."""
    found: dict[str, ir.Expr] = {}
    if fn is None:
        return found
    stack = [fn]
    while stack:
        item = stack.pop()
        if item.type == "declaration" and any(c.type in ("type_qualifier",) and _text(c) in ("const", "constexpr")
                                              for c in item.children):
            for decl in item.children_by_field_name("declarator"):
                if decl.type == "init_declarator":
                    value = constant_value(_initializer(decl, item))
                    if value is not None:
                        found.setdefault(_text(decl.child_by_field_name("declarator")), value)
        stack.extend(item.named_children)
    return found


def _initializer(decl: ts.Node, declaration: ts.Node) -> ts.Node | None:
    """The value of a constant's init declarator (`= v` or a scalar's `(v)`), or None where it has none."""
    from .cuda_front import Unreadable, _type_text, initializer

    try:
        return initializer(decl, _type_text(declaration))
    except Unreadable:
        return None


def constant_value(node: ts.Node | None) -> ir.Expr | None:
    """The value expression of a named constant's initializer, each `sizeof` of a type of known size read as its
    number of bytes (`sizeof(float4) / sizeof(float)` is 16 / 4), or None when it cannot be read."""
    from .cuda_front import Unreadable, _define_value, expression

    if node is None:
        return None
    try:
        return expression(node)
    except Unreadable:
        pass
    text = sizes_folded(_text(node)) if "sizeof" in _text(node) else None
    return _define_value(text) if text is not None else None


def _local_texts(fn: ts.Node | None) -> dict[str, str]:
    """The initializer text of each `const`/`constexpr` local of a host function."""
    found: dict[str, str] = {}
    stack = [fn] if fn is not None else []
    while stack:
        item = stack.pop()
        if item.type == "declaration" and any(c.type == "type_qualifier" and _text(c) in ("const", "constexpr")
                                              for c in item.children):
            for decl in item.children_by_field_name("declarator"):
                name, value = decl.child_by_field_name("declarator"), decl.child_by_field_name("value")
                if decl.type == "init_declarator" and name is not None and value is not None:
                    found.setdefault(_text(name), _words(_text(value)))
        stack.extend(item.named_children)
    return found


def _mentions(text: str, names) -> bool:
    return any(re.search(rf"(?<![\w:]){re.escape(n)}(?!\w)", text) for n in names)


def _bound(text: str, binding: dict[str, str]) -> str:
    """`text` with each template parameter of `binding` written as its argument (`sizeof(T)` -> `sizeof(float)`)."""
    if text in binding:
        return binding[text]
    for name, value in binding.items():
        text = re.sub(rf"(?<![\w:]){re.escape(name)}(?!\w)", lambda _m, v=value: v, text)
    return text


def _in_host(call: ts.Node, args: list[str], constants: dict[str, ir.Expr], fold, depth: int,
             elsewhere=None, kinds: tuple[str, ...] = ()):
    """`args` with the host function's template parameters replaced by each of its instantiations and named
    constants by their numbers: one tuple per instantiation, or a reason (a string) where one cannot be read. A
    local constant computed from the host function's template parameters (`constexpr int n = sizeof(uint4) /
    sizeof(T);`) is computed for each instantiation; an argument `kinds` says is a type is kept as written.
    `elsewhere(name)` gives the syntax trees of the program's other sources that name a host function, each with
    its type aliases, where it is called from there as well."""
    fn = _enclosing(call)
    locals_ = {**constants, **_local_constants(fn)}
    host = _host_template(fn) if fn is not None else None
    params = host.tparams if host is not None else ()
    texts = _local_texts(fn) if params else {}
    dependent: set[str] = set()  # the locals computed from the template parameters, directly or through others
    for _ in range(4):
        dependent |= {n for n, t in texts.items() if _mentions(t, (*params, *dependent))}
    resolved: list[str] = []
    for position, arg in enumerate(args):
        for _ in range(4):
            if not _mentions(arg, dependent):
                break
            arg = re.sub(r"(?<![\w:])([A-Za-z_]\w*)(?!\w)",
                         lambda m: f"({texts[m.group(1)]})" if m.group(1) in dependent else m.group(1), arg)
        if _mentions(arg, params) or position < len(kinds) and kinds[position] == "type":
            resolved.append(arg)  # (a type is resolved through the aliases where it is given)
            continue
        value = _constant(arg, locals_, fold)
        if value is None:
            yield f"its template argument {arg} is no constant the launch can be read with"
            return
        resolved.append(value)
    if not any(_mentions(a, params) for a in resolved):
        yield tuple(resolved)
        return
    if depth >= HOST_DEPTH:
        yield f"its template arguments come through more than {HOST_DEPTH} host function templates"
        return
    root = fn
    while root.parent is not None:
        root = root.parent
    uses = [c for c in _calls(root, host.name, plain=True) if _enclosing(c) != fn]
    aliases: dict[int, dict[str, str]] = {}  # the type aliases of another source, by its calls' ids
    for other, named in elsewhere(host.name) if elsewhere is not None else ():
        for use in _calls(other, host.name, plain=True):
            uses.append(use)
            aliases[use.id] = named
    for tree in [root, *(other for other, _ in (elsewhere(host.name) if elsewhere is not None else ()))]:
        for node, _ in _named(tree, host.name):  # `auto f = &run<double>;`: an instantiation no call shows
            yield (f"the host function template {host.name} it is launched in is named other than in a call at "
                   f"line {node.start_point[0] + 1}")
            return
    # a call giving more or fewer arguments than this function takes calls another overload of the same name
    uses = [u for u in uses if host.variadic or _fits(u, host.required, len(host.params))]
    if not uses:
        yield f"the host function template {host.name} it is launched in is called nowhere"
        return
    for use in uses:
        callee = _callee(use)
        targs = callee.child_by_field_name("arguments") if callee.type == "template_function" else None
        given = _deduced(use, [_words(_text(a)) for a in targs.named_children] if targs is not None else [],
                         host.tparams, host.tkinds, list(host.params), host.defaults, host.required)
        if given is None:
            yield (f"the template arguments of the host function template {host.name} at line "
                   f"{use.start_point[0] + 1} cannot be deduced")
            return
        named = aliases.get(use.id, {})  # `using offset_t = int;` where the call is: the type it names
        binding = {p: named.get(g, g) if kind == "type" else g for p, kind, g in zip(params, host.tkinds, given)}
        yield from _in_host(use, [_bound(a, binding) for a in resolved], constants, fold, depth + 1, elsewhere,
                            kinds)


def _constant(arg: str, constants: dict[str, ir.Expr], fold) -> str | None:
    """An argument as it is when it is a type or a literal, as its number when it names a constant; None when it
    names something else (a variable, or a parameter no instantiation gives)."""
    if re.fullmatch(r"-?\d+|true|false", arg):
        return arg
    if "sizeof" in arg:
        arg = sizes_folded(arg)
        if arg is None:
            return None
    if re.fullmatch(r"(\w+::)+[A-Za-z_]\w*", arg) and arg.rsplit("::", 1)[-1] in constants:
        arg = arg.rsplit("::", 1)[-1]  # an enumerator (`Op::MUL`), read by its name as kernel bodies read it
    if re.fullmatch(r"[A-Za-z_]\w*", arg) and arg in constants:
        value = fold(constants[arg], constants)
        return str(value) if value is not None else None
    if re.fullmatch(r"[\w\s()+\-*/%<>]+", arg) and re.search(r"[+\-*/%<>]", arg):
        from .cuda_front import _define_value

        value = _define_value(arg)
        number = fold(value, constants) if value is not None else None
        return str(number) if number is not None else None
    return arg
