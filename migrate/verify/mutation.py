"""One operator flipped inside a launched kernel's body: the bug a spec's checks must catch (a spec's strength test)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import tree_sitter as ts

from ..parse import parse
from ..regions import GENERATED

# Each operator and the one it becomes: arithmetic to its opposite, comparisons to their negation.
FLIPS: dict[bytes, bytes] = {
    b"+": b"-",
    b"-": b"+",
    b"*": b"+",
    b"/": b"*",
    b"<": b">=",
    b">": b"<=",
    b"<=": b">",
    b">=": b"<",
    b"==": b"!=",
    b"!=": b"==",
    b"+=": b"-=",
    b"-=": b"+=",
    b"*=": b"+=",
}
ARITHMETIC = (b"+", b"-", b"*", b"/")
SOURCE_SUFFIXES = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".h", ".hpp", ".hh", ".inl")
LAUNCHERS = (b"prtLaunchKernel", b"prtLaunchDeduced")


@dataclass(frozen=True)
class Mutation:
    """Where the operator was flipped: file (relative), line, the kernel, and the expression before and after."""

    path: str
    line: int
    kernel: str
    before: str
    after: str
    copies: int = 0  # other copies of the statement flipped alike (a twin repeats a declaration per region)

    def describe(self) -> str:
        also = f" (and its {self.copies} cop{'y' if self.copies == 1 else 'ies'})" if self.copies else ""
        return f"{self.path}:{self.line} in {self.kernel}: `{self.before}` -> `{self.after}`{also}"


def _kernels(tree: ts.Tree) -> list[tuple[str, ts.Node]]:
    """(name, body) of every __global__ function definition, in source order."""
    found: list[tuple[str, ts.Node]] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "function_definition":
            body = node.child_by_field_name("body")
            head = (node.text or b"")[: (body.start_byte - node.start_byte) if body else None]
            if body is not None and b"__global__" in head:
                declarator = node.child_by_field_name("declarator")
                while declarator is not None and declarator.type not in ("identifier", "field_identifier"):
                    inner = declarator.child_by_field_name("declarator")
                    if inner is None:
                        break
                    declarator = inner
                name = (declarator.text or b"").decode() if declarator is not None else ""
                found.append((name, body))
                continue
        stack.extend(reversed(node.children))
    return found


def _launched(paths: list[Path]) -> set[str]:
    """Kernel names the sources launch (the first argument of prtLaunchKernel / prtLaunchDeduced, or a chevron)."""
    names: set[str] = set()
    for path in paths:
        tree = parse("cuda", path.read_bytes())
        stack = [tree.root_node]
        while stack:
            node = stack.pop()
            stack.extend(node.children)
            if node.type != "call_expression":
                continue
            function = node.child_by_field_name("function")
            arguments = node.child_by_field_name("arguments")
            if function is None:
                continue
            if function.text in LAUNCHERS and arguments is not None and arguments.named_children:
                first = (arguments.named_children[0].text or b"").decode().strip("() ")
                names.add(first.split("<")[0].strip())
            elif any(c.type == "kernel_call_syntax" for c in node.children):
                names.add((function.text or b"").decode().split("<")[0].strip())
    return names


def _inside_index(node: ts.Node, body: ts.Node) -> bool:
    """Within a subscript's index (an address, not a value) or a for loop's header (the iteration, not the work)."""
    child, parent = node, node.parent
    while parent is not None and parent.id != body.id:
        if parent.type == "subscript_argument_list":
            return True
        if parent.type == "for_statement" and parent.child_by_field_name("body") != child:
            return True
        child, parent = parent, parent.parent
    return False


_THREAD_INDEX = (b"threadIdx", b"blockIdx", b"blockDim", b"gridDim")


def _store(node: ts.Node, body: ts.Node) -> ts.Node | None:
    """The assignment or initialisation whose value `node` is part of, if any."""
    parent = node.parent
    while parent is not None and parent.id != body.id:
        if parent.type in ("assignment_expression", "init_declarator", "return_statement"):
            return parent
        parent = parent.parent
    return None


def _in_decision(node: ts.Node, store: ts.Node) -> bool:
    """Within the condition of a `c ? a : b` inside the stored value: it picks the value, it is not part of it."""
    child, parent = node, node.parent
    while parent is not None and parent.id != store.id:
        if parent.type == "conditional_expression" and parent.child_by_field_name("condition") == child:
            return True
        child, parent = parent, parent.parent
    return False


def _scaffolding(node: ts.Node) -> bool:
    """Code the barrier transform wrote around the kernel's own (`prt_x + prt_bx * prt_y`, `prt_lane_v[prt_t]`),
    not code of the program: flipping it tests the transform, and for a 1-D block it changes nothing."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "identifier" and (n.text or b"").startswith(GENERATED.encode()):
            return True
        stack.extend(n.children)
    return False


def _statement(node: ts.Node, body: ts.Node) -> ts.Node:
    """The statement of the kernel's body that holds `node`: the child of a block, or of a for header."""
    while node.parent is not None and node.parent.id != body.id and node.parent.type != "compound_statement":
        node = node.parent
    return node


def _copies(statement: ts.Node, body: ts.Node) -> list[ts.Node]:
    """Other statements of the kernel with the same text: where the barrier transform repeats a declaration in
    each region that reads it, a bug in the program's statement is in every copy."""
    found = []
    stack = [body]
    while stack:
        n = stack.pop()
        stack.extend(n.children)
        if n.id != statement.id and n.type == statement.type and n.text == statement.text:
            found.append(n)
    return found


def _candidates(body: ts.Node) -> list[tuple[int, ts.Node, ts.Node]]:
    """Operators to flip, best first, each kind in source order: (0) arithmetic in a value stored to memory
    (`y[i] = a * x[i]`), (1) arithmetic in another value that is not a thread index, (2) a compound assignment,
    (3) a comparison or arithmetic in the condition of a `?:` (a decision, not the value), (4) arithmetic in a thread index or a pointer's initial value (an address). Returns (rank, expression, operator node)."""
    found: list[tuple[int, ts.Node, ts.Node]] = []
    stack = [body]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.children))
        operator = node.child_by_field_name("operator")
        if operator is None or operator.text not in FLIPS or _inside_index(node, body):
            continue
        if _scaffolding(node):
            continue
        if node.type == "binary_expression" and operator.text in ARITHMETIC:
            store = _store(node, body)
            if store is None:
                continue
            target = store.child_by_field_name("left")
            declarator = store.child_by_field_name("declarator")
            stored = store.child_by_field_name("right") or store.child_by_field_name("value") or store
            value = stored.text or b""  # the value only: `y[threadIdx.x] = a * x` is not a thread index
            address = declarator is not None and declarator.type == "pointer_declarator"
            if address or any(word in value for word in _THREAD_INDEX):
                found.append((4, node, operator))
            elif _in_decision(node, store):
                found.append((3, node, operator))
            elif target is not None and target.type in ("subscript_expression", "pointer_expression"):
                found.append((0, node, operator))
            else:
                found.append((1, node, operator))
        elif node.type == "assignment_expression":
            found.append((2, node, operator))
        elif node.type == "binary_expression":
            found.append((3, node, operator))
    found.sort(key=lambda c: (c[0], c[1].start_byte))
    return found


def mutate(folder: Path) -> Mutation | None:
    """Flip one operator in the first launched kernel (files in name order) that has one, writing the file in
    place; None when no kernel has an operator to flip."""
    paths = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in SOURCE_SUFFIXES)
    launched = _launched(paths)
    for path in paths:
        data = path.read_bytes()
        tree = parse("cuda", data)
        for name, body in _kernels(tree):
            if name not in launched:
                continue
            candidates = _candidates(body)
            if not candidates:
                continue
            _, expression, operator = candidates[0]
            flipped = FLIPS[operator.text or b""]
            statement = _statement(expression, body)
            copies = _copies(statement, body)
            offset = operator.start_byte - statement.start_byte
            new = data
            for start_byte in sorted([statement.start_byte] + [c.start_byte for c in copies], reverse=True):
                at = start_byte + offset
                new = new[:at] + flipped + new[at + len(operator.text or b"") :]
            before = (expression.text or b"").decode(errors="replace")
            text, at = expression.text or b"", operator.start_byte - expression.start_byte
            after = (text[:at] + flipped + text[at + len(operator.text or b"") :]).decode(errors="replace")
            path.write_bytes(new)
            return Mutation(
                path.relative_to(folder).as_posix(),
                operator.start_point[0] + 1,
                name,
                " ".join(before.split())[:80],
                " ".join(after.split())[:80],
                len(copies),
            )
    return None
