"""Python sources of a program: finding calls, keywords and literals in the tree, and byte-span edits to them."""

from __future__ import annotations

import ast
from dataclasses import dataclass

import tree_sitter as ts

from .. import parse

MARKER = b"# migrate: manual["


@dataclass(frozen=True)
class Edit:
    start: int
    end: int
    text: str


def tree(data: bytes) -> ts.Node:
    return parse.parse("python", data).root_node


def walk(node: ts.Node):
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def text(node: ts.Node) -> str:
    return node.text.decode("utf-8", "replace")


def calls(root: ts.Node, names: set[str]) -> list[ts.Node]:
    """Call nodes whose callee, written out, is one of `names` (`load_inline`, `cp.ElementwiseKernel`, ...)."""
    return [n for n in walk(root) if n.type == "call" and text(n.child_by_field_name("function")) in names]


def keywords(call: ts.Node) -> dict[str, ts.Node]:
    found = {}
    for arg in call.child_by_field_name("arguments").named_children:
        if arg.type == "keyword_argument":
            found[text(arg.child_by_field_name("name"))] = arg
    return found


def positional(call: ts.Node) -> list[ts.Node]:
    return [a for a in call.child_by_field_name("arguments").named_children
            if a.type not in ("keyword_argument", "comment")]


def literal(node: ts.Node, root: ts.Node | None = None):
    """The Python value of a literal (string, list of strings, number), following a module-level name once."""
    if node.type == "identifier" and root is not None:
        for stmt in root.named_children:
            inner = stmt.named_children[0] if stmt.type == "expression_statement" and stmt.named_children else None
            if inner is not None and inner.type == "assignment" and text(inner.child_by_field_name("left")) == text(
                node
            ):
                return literal(inner.child_by_field_name("right"))
        return None
    try:
        return ast.literal_eval(text(node))
    except (ValueError, SyntaxError):
        return None


def statement_of(node: ts.Node) -> ts.Node:
    """The statement holding `node` (an import, an assignment, an expression statement)."""
    while node.parent is not None and node.parent.type not in ("module", "block"):
        node = node.parent
    return node


def line_span(data: bytes, node: ts.Node) -> tuple[int, int]:
    """Bytes of the whole lines `node` covers, with their newline."""
    start = data.rfind(b"\n", 0, node.start_byte) + 1
    end = data.find(b"\n", node.end_byte)
    return start, (len(data) if end < 0 else end + 1)


def apply_edits(data: bytes, edits: list[Edit]) -> bytes:
    """Apply non-overlapping edits from the end backwards; `# migrate: manual[...]` lines right above an edited
    line go too (the rewrite settles what they asked for)."""
    spans = set(edits)
    for edit in edits:
        line_start = data.rfind(b"\n", 0, edit.start) + 1
        markers = line_start
        while markers > 0:
            previous = data.rfind(b"\n", 0, markers - 1) + 1
            if not data[previous:markers].lstrip().startswith(MARKER):
                break
            markers = previous
        if markers < line_start:
            spans.add(Edit(markers, line_start, ""))
    out = data
    for edit in sorted(spans, key=lambda e: (e.start, e.end), reverse=True):
        out = out[:edit.start] + edit.text.encode() + out[edit.end:]
    return out
