"""Dispatch macros that switch over a runtime value and name it as a constant in each case, read as the set of
numbers the code they wrap is compiled at.

`#define DISPATCH(v, ...) [&] { switch (v) { case 1: { const int64_t K = 1; return __VA_ARGS__(); } ... default:
ERROR("..."); } }()` runs the lambda it is given with `K` a compile-time constant equal to the case's label, one
instantiation per case; any other value takes the default, which raises. A template argument `K` of a launch inside
such a call is launched with every label. A macro of any other shape (a case that binds another number, a fall
through, no raising default) is not a dispatch switch, and its name stays unknown to the reader."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

import tree_sitter as ts

from .. import parse

DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)((?:[^\n\\]|\\\r?\n)*)$", re.MULTILINE)
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.MULTILINE)
LAMBDA = "migrate_switch_body"  # what `__VA_ARGS__` is written as for the parser


@dataclass(frozen=True)
class Switch:
    """A dispatch macro: the parameter it switches over (its position), the constant each case binds, the labels
    in order, and the message its default raises."""

    position: int
    name: str
    values: tuple[int, ...]
    message: str


def dispatch_switches(data: bytes) -> dict[str, Switch]:
    """The dispatch macros a source defines: name -> Switch."""
    found: dict[str, Switch] = {}
    for match in DEFINE.finditer(data.decode("utf-8", "replace")):
        params = [p.strip() for p in match.group(2).split(",")]
        if len(params) < 2 or params[-1] != "...":
            continue
        body = match.group(3).replace("\\\r\n", " ").replace("\\\n", " ")
        switch = _read(body.replace("__VA_ARGS__", LAMBDA), params[:-1])
        if switch is not None:
            found[match.group(1)] = switch
    return found


def switches_in(path: str, files: dict[str, bytes]) -> dict[str, Switch]:
    """The dispatch macros a source of `files` defines and those of the headers it includes by quoted names (beside
    it), transitively."""
    found: dict[str, Switch] = {}
    todo, seen = [path], set()
    while todo:
        current = todo.pop()
        if current in seen or current not in files:
            continue
        seen.add(current)
        for name in INCLUDE.findall(files[current].decode("utf-8", "replace")):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(current), name)))
        for name, switch in dispatch_switches(files[current]).items():
            found.setdefault(name, switch)
    return found


def _read(body: str, params: list[str]) -> Switch | None:
    root = parse.parse("cuda", f"void migrate_switch() {{ {body}; }}".encode()).root_node
    if root.has_error:
        return None
    switches = [n for n in _walk(root) if n.type == "switch_statement"]
    if len(switches) != 1:
        return None
    switch = switches[0]
    subject = switch.child_by_field_name("condition").text.decode().strip("() ")
    if subject not in params:
        return None
    name, values, message = "", [], None
    for case in switch.child_by_field_name("body").named_children:
        if case.type != "case_statement":
            return None
        label = case.child_by_field_name("value")
        stmts = [c for c in case.named_children if c != label and c.type != "comment"]
        if len(stmts) == 1 and stmts[0].type == "compound_statement":
            stmts = [c for c in stmts[0].named_children if c.type != "comment"]
        if label is None:  # default: one call that raises, its message the string it is given
            strings = [n for n in _walk(stmts[0]) if n.type == "string_content"] if len(stmts) == 1 else []
            if len(stmts) != 1 or stmts[0].type != "expression_statement" or len(strings) != 1:
                return None
            message = strings[0].text.decode()
            continue
        if label.type != "number_literal" or not label.text.decode().isdigit() or len(stmts) != 2:
            return None
        bound = _constant(stmts[0])
        if bound is None or bound[1] != int(label.text.decode()) or name and bound[0] != name:
            return None
        if re.sub(r"\s", "", stmts[1].text.decode()) != f"return{LAMBDA}();":
            return None
        name = bound[0]
        values.append(bound[1])
    if not values or message is None or len(set(values)) != len(values):
        return None
    return Switch(params.index(subject), name, tuple(values), message)


def _constant(node: ts.Node) -> tuple[str, int] | None:
    """(name, number) of `const int64_t K = 3;`."""
    if node.type != "declaration" or not any(c.type == "type_qualifier" and c.text in (b"const", b"constexpr")
                                             for c in node.children):
        return None
    decls = node.children_by_field_name("declarator")
    if len(decls) != 1 or decls[0].type != "init_declarator":
        return None
    target, value = decls[0].child_by_field_name("declarator"), decls[0].child_by_field_name("value")
    if target is None or target.type != "identifier" or value is None or not value.text.decode().isdigit():
        return None
    return target.text.decode(), int(value.text.decode())


def _walk(node: ts.Node):
    yield node
    for child in node.named_children:
        yield from _walk(child)


def bindings(node: ts.Node, switches: dict[str, Switch]) -> dict[str, tuple[int, ...]]:
    """The constants the dispatch-macro calls around `node` bind (`K` -> every label), innermost first."""
    found: dict[str, tuple[int, ...]] = {}
    current = node
    while current.parent is not None:
        parent = current.parent
        if parent.type == "argument_list" and parent.parent is not None and parent.parent.type == "call_expression":
            callee = parent.parent.child_by_field_name("function")
            switch = switches.get(callee.text.decode()) if callee is not None else None
            args = [c for c in parent.named_children if c.type != "comment"]
            if switch is not None and current in args and args.index(current) > switch.position:
                found.setdefault(switch.name, switch.values)
        current = parent
    return found
