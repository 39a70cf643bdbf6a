"""Region splitting of kernels that call __syncthreads: the CPU backend's twin of a kernel, or the reason it keeps fibers."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

import tree_sitter as ts

from . import parse
from .model import Edit, Finding, Rule
from .patterns import gated
from .rules import Catalog


@cache
def _alternation(parts: tuple[str, ...]) -> re.Pattern[bytes]:
    # Gated: every function body of a file with barriers is searched with it.
    return gated("|".join(parts).encode())


def synchronising(catalog: Catalog) -> re.Pattern[bytes]:
    """What makes a kernel's threads wait for each other or exchange values other than through a block barrier
    statement (the `synchronising` list of the catalog's regions rules): a kernel holding one keeps fibers."""
    parts = tuple(dict.fromkeys(
        part for _, rule in sorted(catalog.rules.items()) if rule.match.get("regions")
        for part in rule.match.get("synchronising", ())
    ))
    return _alternation(parts or ("(?!)",))


BARRIER = b"__syncthreads"
LOOPS = ("for_statement", "while_statement", "do_statement", "for_range_loop")
NESTED_FUNCTIONS = ("lambda_expression", "function_definition")
GENERATED = "prt_"  # the prefix of every name the twin adds (its loops, per-thread copies and flags)
EXITED = f"{GENERATED}exited"  # the per-thread flag of a kernel whose threads may return before a barrier
CASTS = frozenset({"static_cast", "reinterpret_cast", "const_cast", "dynamic_cast", "sizeof", "alignof"})
THREAD_DEPENDENT = frozenset({"threadIdx"})


@dataclass(frozen=True)
class Region:
    """Statements every thread of the block runs, one thread after the other, between two barriers."""

    code: str
    binds: tuple[str, ...]
    calls_own: bool  # calls a function of the file, which may read the global threadIdx
    recomputed: tuple[str, ...] = ()  # declarations of values the region recomputes instead of storing
    exited: str = ""  # the per-thread flag of threads that have returned, which the region skips; "" for none
    x_limit: str = ""  # a uniform bound on threadIdx.x past which the region does nothing; "" for none
    x_type: str = ""  # the type of the x index the bound is compared with (the comparison's conversions follow it)


@dataclass(frozen=True)
class BlockCode:
    """A statement the block runs once: a __shared__ declaration or a uniform value its loops need."""

    code: str


@dataclass(frozen=True)
class Loop:
    """A loop whose trip count is the same for every thread, with barriers in its body: run once by the block."""

    header: str
    body: tuple[Item, ...]


@dataclass(frozen=True)
class Branch:
    """An if whose condition is the same for every thread, with barriers in a branch: decided once by the block."""

    header: str
    then: tuple[Item, ...]
    otherwise: tuple[Item, ...] | None


@dataclass(frozen=True)
class Walk:
    """A strided loop run one step of every thread at a time: `start` (the loop's declaration) begins every
    thread's walk, then the block runs `step` (the loop's body) for each thread still walking until none is. The
    loop's variable and whether the thread is done are per-thread copies (`position`, `done`). A counted walk
    (`offset` set; _counted says when) keeps neither: each round declares every thread's variable afresh at its
    start plus `offset`, how far every thread has strided, and ends the row of threads at the first one past the
    end, since the threads after it are past the end too."""

    start: Region
    step: Region
    var: str
    position: str
    done: str
    more: str  # the block's flag: some thread took a step this round
    cond: str
    update: str
    offset: str = ""  # the block's count of how far each thread has strided; "" for the per-thread walk
    offset_type: str = ""  # the loop variable's type, which the offset counts in
    stride: str = ""


Item = Region | BlockCode | Loop | Branch | Walk


@dataclass(frozen=True)
class Lane:
    """A variable that lives across a barrier: one copy per thread of the block."""

    name: str
    type_id: str
    init: str = ""  # what every copy starts as: a parameter the kernel changes starts as the argument


@dataclass(frozen=True)
class Twin:
    """The region-split form of one kernel."""

    prefix: str  # the template header and the kernel's signature, up to its body
    lanes: tuple[Lane, ...]
    items: tuple[Item, ...]
    regions: int


class Unsafe(Exception):
    """The kernel holds something the transform cannot prove it keeps: its message says what and where."""


@dataclass
class _Kernel:
    data: bytes
    body: ts.Node
    params: frozenset[str]
    declared: frozenset[str]
    assigned: frozenset[str]
    own_functions: Mapping[str, bytes]
    synchronising: frozenset[str]
    calls: frozenset[str]
    shared_atomics: Mapping[str, str] = field(default_factory=dict)  # atomic -> its block-local form
    shared: frozenset[str] = frozenset()  # the kernel's __shared__ arrays and dynamic shared pointers
    shared_arrays: frozenset[str] = frozenset()  # those of them whose name is an address: the same in every thread
    uniform_vars: dict[str, ts.Node] = field(default_factory=dict)
    block_vars: set[str] = field(default_factory=set)
    # name -> (end of its declaration, the declaration to repeat, recomputed names it reads, its declarator's start)
    recompute: dict[str, tuple[int, str, frozenset[str], int]] = field(default_factory=dict)
    declared_at: dict[str, int] = field(default_factory=dict)  # lane name -> end of its declaration
    lanes: dict[str, Lane] = field(default_factory=dict)
    split_decls: dict[str, int] = field(default_factory=dict)
    regions: int = 0
    strided: int = 0  # strided loops run step by step across the threads (Walk, names prt_s<N>_...)
    exits: bool = False  # a thread may return before a barrier: every region skips the threads that have returned

    edits: tuple[Edit, ...] = ()

    def span(self, start: int, end: int) -> bytes:
        """The bytes from start to end with the other rules' edits inside them made."""
        out = bytearray(self.data[start:end])
        for edit in sorted(self.edits, key=lambda e: -e.start):
            if edit.end <= start or edit.start >= end or (edit.start == edit.end and not start < edit.start < end):
                continue
            if edit.start < start or edit.end > end:
                raise Unsafe(f"another fix crosses its region boundaries at line {_line(self.data, edit.start)}")
            out[edit.start - start : edit.end - start] = edit.text.encode()
        return bytes(out)

    def text(self, node: ts.Node) -> str:
        return self.span(node.start_byte, node.end_byte).decode("utf-8", "replace")


def _walk(node: ts.Node, skip: tuple[str, ...] = ()) -> Iterable[ts.Node]:
    """`node` and its descendants in source order, not entering descendants whose type is in `skip`."""
    return _subtree(node) if not skip else _descend(node, skip)


@lru_cache(maxsize=4096)
def _subtree(node: ts.Node) -> tuple[ts.Node, ...]:
    # The planner reads the same kernel body and statements many times; making the nodes of a subtree once is
    # most of the cost of reading it. complete() empties the cache after each file, so no tree outlives its scan.
    return tuple(_descend(node, ()))


def _descend(node: ts.Node, skip: tuple[str, ...]) -> Iterable[ts.Node]:
    # A cursor makes each node once; asking every node for its children makes most of them twice.
    cursor = node.walk()
    depth = 0
    while True:
        current = cursor.node
        yield current
        if (depth == 0 or current.type not in skip) and cursor.goto_first_child():
            depth += 1
            continue
        while depth > 0 and not cursor.goto_next_sibling():
            cursor.goto_parent()
            depth -= 1
        if depth == 0:
            return


def _identifiers(node: ts.Node) -> set[str]:
    return {n.text.decode() for n in _walk(node) if n.type == "identifier"}


def _target(node: ts.Node | None) -> set[str]:
    """The variable an assignment changes: `x`, `x.f`, not `p` in `p[i]` or `*p` (those change memory)."""
    while node is not None and node.type in ("parenthesized_expression", "field_expression"):
        if node.type == "field_expression" and node.children and node.children[1].type == "->":
            return set()
        node = node.named_children[0] if node.named_children else None
    return {node.text.decode()} if node is not None and node.type == "identifier" else set()


def _has_barrier(node: ts.Node) -> bool:
    return _calls_in(node, (BARRIER,), _is_barrier_call)


def _calls_in(node: ts.Node, names: Iterable[bytes], test: Callable[[ts.Node], bool]) -> bool:
    """Whether `node` or a node below it is a call expression that passes `test`, where `test` accepts only calls
    whose callee's last name is one of `names`: looked for at each place a name occurs in the node's bytes, not
    by making every node of the subtree (a kernel body holds thousands)."""
    text = node.text or b""
    base = node.start_byte
    for name in names:
        at = text.find(name)
        while at >= 0:
            found: ts.Node | None = node.descendant_for_byte_range(base + at, base + at + len(name))
            # The callee's name, then what holds it (a template, a qualified name), then the call, then outer
            # calls: every call above the name, up to `node`, is asked.
            while found is not None:
                if found.type == "call_expression" and test(found):
                    return True
                if found == node:
                    break
                found = found.parent
            at = text.find(name, at + len(name))
    return False


def _is_barrier_call(node: ts.Node) -> bool:
    if node.type != "call_expression":
        return False
    function = node.child_by_field_name("function")
    return function is not None and function.type == "identifier" and function.text == BARRIER


def _is_barrier(statement: ts.Node) -> bool:
    if statement.type != "expression_statement" or statement.named_child_count != 1:
        return False
    call = statement.named_children[0]
    args = call.child_by_field_name("arguments")
    return _is_barrier_call(call) and args is not None and args.named_child_count == 0


def _declarator_name(declarator: ts.Node) -> ts.Node | None:
    while declarator is not None and declarator.type != "identifier":
        inner = declarator.child_by_field_name("declarator")
        if inner is None:
            return None
        declarator = inner
    return declarator


def _function_name(definition: ts.Node) -> str | None:
    declarator = definition.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    if declarator is None:
        return None
    name = declarator.child_by_field_name("declarator")
    if name is None:
        return None
    if name.type == "qualified_identifier":
        name = name.child_by_field_name("name") or name
    return name.text.decode("utf-8", "replace")


def _callee(call: ts.Node) -> tuple[str, ts.Node] | None:
    """The called name of a call expression (`f`, `f<T>`, `ns::f`), or None for a call through an expression."""
    function = call.child_by_field_name("function")
    if function is None:
        return None
    if function.type == "template_function":
        function = function.child_by_field_name("name") or function
    if function.type == "qualified_identifier":
        text = function.text.decode("utf-8", "replace")
        return text, function
    if function.type in ("identifier", "primitive_type", "type_identifier"):
        return function.text.decode("utf-8", "replace"), function
    return None


def own_functions(root: ts.Node) -> dict[str, bytes]:
    """Bodies of the functions and function-like macros a file defines, by name (overloads joined)."""
    found: dict[str, bytes] = {}
    for node in _walk(root, skip=("function_definition", "preproc_function_def")):
        if node.type == "function_definition":
            name = _function_name(node)
            if name:
                found[name] = found.get(name, b"") + node.text
        elif node.type == "preproc_function_def":
            # A function-like macro expands in place: its body joins the region that uses it, so one that leaves
            # the region (return, goto, break, continue) is not counted as the file's own.
            name, body = node.child_by_field_name("name"), node.child_by_field_name("value")
            text = body.text if body is not None else b""
            if name is not None and not re.search(rb"\b(?:return|goto|break|continue)\b", text):
                found[name.text.decode()] = found.get(name.text.decode(), b"") + text
    return found


def synchronising_functions(functions: Mapping[str, bytes], pattern: re.Pattern[bytes]) -> frozenset[str]:
    """The functions of a file that synchronise (a barrier, or what `pattern` finds), directly or through another
    function of the file."""
    names = set(functions)
    syncing = {n for n, body in functions.items() if BARRIER in body or pattern.search(body)}
    changed = True
    while changed and syncing:
        changed = False
        # One alternation of every synchronising name so far: a body that holds one of them as a word.
        calls = re.compile(rb"\b(?:" + b"|".join(re.escape(other.encode()) for other in sorted(syncing)) + rb")\b")
        for name in sorted(names - syncing):
            if calls.search(functions[name]):
                syncing.add(name)
                changed = True
    return frozenset(syncing)


def plan_twin(kernel: ts.Node, data: bytes, functions: Mapping[str, bytes], syncing: frozenset[str],
              calls: frozenset[str], synchronises: re.Pattern[bytes], edits: tuple[Edit, ...] = (),
              shared_atomics: Mapping[str, str] | None = None) -> Twin:
    """The region-split twin of `kernel` (a __global__ function_definition); raises Unsafe with the reason.
    `synchronises` finds what keeps a kernel on fibers (synchronising()); `shared_atomics` maps an atomic to what a
    region calls instead where it works on the block's __shared__ memory."""
    body = kernel.child_by_field_name("body")
    if body is None or kernel.has_error:
        raise Unsafe("the parser could not read the kernel whole")
    own = _function_name(kernel) or ""
    text = body.text
    hit = synchronises.search(text)
    if hit:
        raise Unsafe(f"it uses {hit.group().decode()}, which the region loops cannot keep")
    if re.search(rb"\bvolatile\b", text):
        raise Unsafe("it uses volatile memory, the mark of warp-synchronous code that relies on lockstep threads")
    parameters = _parameters(kernel)
    params = {ident.text.decode() for _, _, ident in parameters}
    shadow = _shadowed(body, params)
    if shadow:
        raise Unsafe(f"it declares {shadow} again inside the scope of an earlier {shadow}, which the region loops "
                     "would confuse")
    declared: set[str] = set()
    assigned: set[str] = set()
    changed: set[str] = set()  # assigned, incremented or their own address taken (`&x`, `&s.f`; not `&p[i]`)
    if kernel.parent is not None and kernel.parent.type == "template_declaration":
        plist = kernel.parent.child_by_field_name("parameters")
        for p in plist.named_children if plist is not None else ():
            if p.type in ("type_parameter_declaration", "variadic_type_parameter_declaration"):
                calls = calls | {n.text.decode() for n in p.named_children if n.type == "type_identifier"}
    for node in _walk(body):
        if node.type in ("goto_statement", "labeled_statement"):
            raise Unsafe("it uses goto, so its regions have no single entry")
        if node.type in ("init_declarator", "declaration", "parameter_declaration", "optional_parameter_declaration"):
            inner = node.child_by_field_name("declarator")
            if inner is not None:
                name = _declarator_name(inner)
                if name is not None:
                    declared.add(name.text.decode())
        if node.type == "assignment_expression":
            changed |= _target(node.child_by_field_name("left"))
        elif node.type == "update_expression":
            changed |= _target(node.child_by_field_name("argument"))
        elif node.type == "pointer_expression" and node.children and node.children[0].type == "&":
            assigned |= _identifiers(node)
            changed |= _target(node.child_by_field_name("argument"))
        elif node.type == "call_expression":
            callee = _callee(node)
            if _is_barrier_call(node):
                continue
            if callee is None:
                function = node.child_by_field_name("function")
                if function is not None and function.type == "field_expression":
                    raise Unsafe(f"it calls the method {function.text.decode()}, which might synchronise")
                continue
            name, _ = callee
            short = name.split("::")[-1]
            if name in syncing or short in syncing:
                raise Unsafe(f"it calls {name}, which synchronises the block itself")
            if name == own:
                raise Unsafe("it calls itself")
    for node in _walk(body):
        if node.type == "call_expression" and not _is_barrier_call(node):
            callee = _callee(node)
            if callee is None:
                continue
            name = callee[0]
            short = name.split("::")[-1]
            if (name in functions or short in functions or name in calls or short in CASTS or name in declared
                    or name.startswith("std::") or callee[1].type in ("primitive_type", "type_identifier")):
                continue
            raise Unsafe(f"it calls {name}, defined outside this file, which might synchronise")
    assigned |= changed
    k = _Kernel(
        data=data,
        body=body,
        params=frozenset(params),
        declared=frozenset(declared),
        assigned=frozenset(assigned),
        own_functions=functions,
        synchronising=syncing,
        calls=calls,
        shared_atomics=shared_atomics or {},
        edits=edits,
    )
    k.shared = frozenset(_shared_names(body) - params)
    k.shared_arrays = frozenset(_shared_arrays(body) & k.shared)
    _parameter_lanes(k, parameters, frozenset(changed))
    k.block_vars = _block_variables(k, _split_lists(body))
    split = _split(k, _statements(body), (), top=True)
    if k.exits:
        k.lanes[EXITED] = Lane(EXITED, "unsigned char", init="0")
    items = _finish(k, split)
    # A lane is declared before the first region: a macro the body defines further down is not yet defined there.
    macros = {n.child_by_field_name("name").text.decode() for n in _walk(body)
              if n.type in ("preproc_def", "preproc_function_def") and n.child_by_field_name("name") is not None}
    for lane in k.lanes.values():
        late = next((m for m in sorted(macros) if re.search(rf"\b{re.escape(m)}\b", lane.type_id)), None)
        if late:
            raise Unsafe(f"the type of {lane.name} names {late}, a macro its body defines, which the copies of "
                         f"{lane.name} for each thread, declared before its first region, would precede")
    prefix_node = kernel.parent if kernel.parent is not None and kernel.parent.type == "template_declaration" else kernel
    prefix = k.span(prefix_node.start_byte, body.start_byte).decode("utf-8", "replace")
    return Twin(prefix=prefix, lanes=tuple(k.lanes[n] for n in sorted(k.lanes)), items=items, regions=k.regions)


def _statements(compound: ts.Node) -> list[ts.Node]:
    return [c for c in compound.named_children]


def _uniform(k: _Kernel, node: ts.Node, loop_vars: tuple[str, ...]) -> bool:
    """Whether an expression has the same value in every thread of the block whenever the block reaches it."""
    for n in _walk(node):
        if n.type in ("subscript_expression", "assignment_expression", "lambda_expression"):
            return False
        if n.type == "pointer_expression" and n.children and n.children[0].type == "*":
            return False
        if n.type == "update_expression":
            return False
        if n.type == "call_expression":
            callee = _callee(n)
            if callee is None or not (callee[0] in k.calls or callee[0].startswith("std::") or callee[0] in CASTS):
                return False
        if n.type == "identifier":
            name = n.text.decode()
            if name in THREAD_DEPENDENT:
                return False
            if name in loop_vars or name in k.uniform_vars or name in k.shared_arrays:
                continue
            if name in k.params:
                if name in k.assigned:
                    return False
                continue
            if name in k.declared:
                return False
    return True


def _split_lists(body: ts.Node) -> list[ts.Node]:
    """The statement lists that barriers may split: the body, and the braced bodies of loops and ifs around barriers."""
    lists = [body]
    for statement in body.named_children:
        if statement.type in ("for_statement", "while_statement", "if_statement") and _has_barrier(statement):
            for name in ("body", "consequence", "alternative"):
                child = statement.child_by_field_name(name)
                if child is not None and child.type == "else_clause":
                    child = child.named_children[-1] if child.named_children else None
                if child is not None and child.type == "compound_statement":
                    lists += _split_lists(child)
    return lists


def _single_declared(statement: ts.Node) -> str | None:
    """The name a declaration of one plain variable (`int i = 1;`, `unsigned s;`) declares, or None."""
    if statement.type != "declaration" or any(c.type == "storage_class_specifier" for c in statement.children):
        return None
    if _is_shared_declaration(statement):
        return None
    type_node = statement.child_by_field_name("type")
    declarators = statement.children_by_field_name("declarator")
    if type_node is None or type_node.type == "placeholder_type_specifier" or len(declarators) != 1:
        return None
    declarator = declarators[0]
    name = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
    while name is not None and name.type == "pointer_declarator":  # `int* src = buf;`: a pointer is one value too
        if any(c.type == "type_qualifier" for c in name.children):
            return None
        name = name.child_by_field_name("declarator")
    if name is None or name.type != "identifier":
        return None
    if declarator.type == "init_declarator":
        value = declarator.child_by_field_name("value")
        if value is None or value.type in ("initializer_list", "argument_list"):
            return None
    return name.text.decode()


def _block_variables(k: _Kernel, lists: list[ts.Node]) -> set[str]:
    """Variables every thread holds the same value of at every point: declared once at a split level with a uniform
    value, and changed only by whole statements at a split level (or a for header there) to uniform values. The
    block keeps one copy and runs those statements once."""
    level = {s.id for compound in lists for s in compound.named_children}
    headers = {s.id for compound in lists for s in compound.named_children if s.type == "for_statement"}
    declarations: dict[str, list[ts.Node]] = {}
    for n in _walk(k.body):
        if n.type == "declaration":
            for name in _declaration_names(n):
                declarations.setdefault(name, []).append(n)
        elif n.type == "parameter_declaration":
            inner = n.child_by_field_name("declarator")
            ident = _declarator_name(inner) if inner is not None else None
            if ident is not None:
                declarations.setdefault(ident.text.decode(), []).append(n)
    candidates = {
        name for name, decls in declarations.items()
        if len(decls) == 1 and decls[0].id in level and _single_declared(decls[0]) == name and name not in k.params
    }
    changes: dict[str, list[ts.Node]] = {name: [] for name in candidates}
    for n in _walk(k.body):
        if n.type in ("assignment_expression", "update_expression"):
            target = _target(n.child_by_field_name("left") if n.type == "assignment_expression"
                              else n.child_by_field_name("argument"))
            for name in target & candidates:
                changes[name].append(n)
        elif n.type == "pointer_expression" and n.children and n.children[0].type == "&":
            for name in _identifiers(n) & candidates:
                changes[name].append(n)
    chosen = set(candidates)
    while True:
        k.uniform_vars = {name: declarations[name][0] for name in chosen}
        dropped = set()
        for name in chosen:
            decl = declarations[name][0]
            init = decl.children_by_field_name("declarator")[0]
            value = init.child_by_field_name("value") if init.type == "init_declarator" else None
            if value is not None and not _uniform(k, value, ()):
                dropped.add(name)
                continue
            for change in changes[name]:
                parent = change.parent
                whole = parent is not None and parent.type == "expression_statement" and parent.id in level
                header = parent is not None and parent.id in headers and change.id in (
                    getattr(parent.child_by_field_name("initializer"), "id", None),
                    getattr(parent.child_by_field_name("update"), "id", None),
                ) and _same_exit(k, parent)
                if change.type == "pointer_expression" or not (whole or header):
                    dropped.add(name)
                    break
                right = change.child_by_field_name("right") if change.type == "assignment_expression" else None
                if right is not None and not _uniform(k, right, ()):
                    dropped.add(name)
                    break
        if not dropped:
            return chosen
        chosen -= dropped


def _same_exit(k: _Kernel, loop: ts.Node) -> bool:
    """Every thread leaves this for loop after the same iterations: its condition is uniform (with the block
    variables chosen so far) and nothing in its body leaves it early, so the variables its header changes end the
    same in every thread. A condition on the thread's own data, or a break, ends them at different counts."""
    cond = loop.child_by_field_name("condition")
    if cond is not None and not _uniform(k, cond, ()):
        return False
    return not _leaves_early(loop, ("break_statement",))


def _leaves_early(loop: ts.Node, jumps: tuple[str, ...]) -> bool:
    """Whether a loop's body can end the loop, or its current iteration, other than through its condition: a
    return or goto of the kernel, or one of `jumps` (`break_statement`, `continue_statement`) that belongs to it."""
    body = loop.child_by_field_name("body")
    for n in _walk(body, skip=NESTED_FUNCTIONS) if body is not None else ():
        if n.type in ("return_statement", "goto_statement"):
            return True
        if n.type in jumps:
            owner = _owner(n, loop, LOOPS + (("switch_statement",) if n.type == "break_statement" else ()))
            if owner is not None and owner.id == loop.id:
                return True
    return False


def _block_statement(k: _Kernel, statement: ts.Node) -> bool:
    """A declaration or change of a block variable, which the block runs once."""
    if statement.type == "declaration":
        name = _single_declared(statement)
        return name is not None and name in k.block_vars
    if statement.type == "expression_statement" and statement.named_child_count == 1:
        expr = statement.named_children[0]
        if expr.type in ("assignment_expression", "update_expression"):
            target = _target(expr.child_by_field_name("left") if expr.type == "assignment_expression"
                             else expr.child_by_field_name("argument"))
            return bool(target) and target <= k.block_vars
    return False


def _is_shared_declaration(statement: ts.Node) -> bool:
    return statement.type == "declaration" and any(
        c.type == "type_qualifier" and c.text == b"__shared__" for c in statement.children
    )


def _is_dynamic_shared(statement: ts.Node) -> bool:
    if statement.type != "expression_statement" or statement.named_child_count != 1:
        return False
    call = statement.named_children[0]
    callee = _callee(call) if call.type == "call_expression" else None
    return callee is not None and callee[0] == "PRT_DYNAMIC_SHARED"


@dataclass(frozen=True)
class _Pending:
    """A region's statements, made into a Region once every level's per-thread variables are known."""

    statements: tuple[ts.Node, ...]
    loop_vars: tuple[str, ...] = ()  # the uniform loop variables around it


@dataclass(frozen=True)
class _PendingStrided:
    """A strided loop of a region (`for (i = first; i < n; i += stride)`, stride a multiple of the block's or the
    grid's size), to be run one step of every thread at a time (_strided_items)."""

    loop: ts.Node


def _split(k: _Kernel, statements: list[ts.Node], loop_vars: tuple[str, ...], top: bool,
           in_loop: bool = False) -> list:
    """The items of one statement list at a level where barriers split the code (regions still pending); `in_loop`
    for a loop's body, where a uniform `if (c) break;` is the block's own jump."""
    items: list = []
    current: list[ts.Node] = []
    structured: list[ts.Node] = []
    last_barrier = max((i for i, s in enumerate(statements) if _has_barrier(s)), default=-1)

    def close() -> None:
        nonlocal current
        if current and all(s.type == "comment" for s in current):
            items.extend(BlockCode(k.text(s)) for s in current)  # a region of comments alone has nothing to run
        elif current:
            items.append(_Pending(tuple(current), loop_vars))
        current = []

    for index, statement in enumerate(statements):
        if _is_barrier(statement):
            close()
            continue
        if _is_shared_declaration(statement) or _is_dynamic_shared(statement):
            close()
            items.append(BlockCode(k.text(statement)))
            continue
        if _block_statement(k, statement) or (in_loop and _uniform_jump(k, statement, loop_vars)):
            close()
            items.append(BlockCode(k.text(statement)))
            continue
        if not _has_barrier(statement):
            if not top:
                _no_exit(k, statement, "before a barrier")
            elif index < last_barrier and _first_return(statement) is not None:
                k.exits = True
            if _strided(k, statement):
                close()
                structured.append(statement)  # what it reads of this level's regions lives across it
                items.append(_PendingStrided(statement))
                continue
            current.append(statement)
            continue
        close()
        structured.append(statement)
        items.append(_structured(k, statement, loop_vars))
    close()
    # Declarations at this level that another region, or a loop or branch of this level, reads become per-thread
    # copies.
    regions = [item.statements for item in items if isinstance(item, _Pending)]
    by_region = [_region_identifiers(list(r)) for r in regions]
    nested: set[str] = set()
    for statement in structured:
        nested |= _identifiers(statement)
    declared_here: dict[str, int] = {}
    for index, region in enumerate(regions):
        for statement in region:
            for name in _declaration_names(statement):
                if name in k.split_decls or name in declared_here:
                    raise Unsafe(f"two variables named {name} live between its barriers")
                declared_here[name] = index
    for name, index in declared_here.items():
        if name in nested or any(name in ids for j, ids in enumerate(by_region) if j != index):
            recomputed = _recomputable(k, name, list(regions[index]))
            if recomputed is not None:
                k.recompute[name] = recomputed
                continue
            k.lanes[name] = _lane(k, name, list(regions[index]))
            k.declared_at[name] = next(
                s.end_byte for s in regions[index] if name in _declaration_names(s))
    k.split_decls.update(declared_here)
    return items


def _finish(k: _Kernel, items: Iterable) -> tuple[Item, ...]:
    """The plan with every pending region made a Region."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, _Pending):
            out.append(_region(k, list(item.statements), item.loop_vars))
        elif isinstance(item, _PendingStrided):
            out.extend(_strided_items(k, item.loop))
        elif isinstance(item, Loop):
            out.append(replace(item, body=_finish(k, item.body)))
        elif isinstance(item, Branch):
            out.append(replace(item, then=_finish(k, item.then),
                               otherwise=None if item.otherwise is None else _finish(k, item.otherwise)))
        else:
            out.append(item)
    return tuple(out)


def _strided(k: _Kernel, loop: ts.Node) -> bool:
    """A for loop that each thread runs over every stride-th element, the stride the block's or the grid's size
    (`for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)`). Run thread after
    thread, each thread walks the whole array a stride apart, and its neighbour walks it again one element over: on a
    CPU every access misses the cache. Run one step of every thread at a time instead (any order of the threads'
    steps is one the GPU may take: nothing orders threads between barriers), the block walks the array once, in
    order. The loop qualifies when its variable is declared in its header and changed only by `+= stride` with a
    uniform stride, and nothing in its body leaves it (break, continue, return)."""
    if loop.type != "for_statement":
        return False
    init, cond = loop.child_by_field_name("initializer"), loop.child_by_field_name("condition")
    update, body = loop.child_by_field_name("update"), loop.child_by_field_name("body")
    if init is None or cond is None or update is None or body is None:
        return False
    name = _single_declared(init)
    if name is None or name in k.lanes or name in k.block_vars:
        return False
    if update.type != "assignment_expression" or update.child_by_field_name("operator").text != b"+=":
        return False
    left, step = update.child_by_field_name("left"), update.child_by_field_name("right")
    if left is None or left.type != "identifier" or left.text.decode() != name or step is None:
        return False
    if not _uniform(k, step, ()):
        return False
    words = step.text + b"".join(k.uniform_vars[n].text for n in _identifiers(step) if n in k.uniform_vars)
    if b"blockDim" not in words and b"gridDim" not in words:
        return False
    if _leaves_early(loop, ("break_statement", "continue_statement")):
        return False
    for n in _walk(body, skip=NESTED_FUNCTIONS):
        if n.type in ("assignment_expression", "update_expression"):
            target = _target(n.child_by_field_name("left") if n.type == "assignment_expression"
                              else n.child_by_field_name("argument"))
            if name in target:
                return False
    return True


def _strided_items(k: _Kernel, loop: ts.Node) -> list[Item]:
    """A strided loop as a Walk; a loop whose variable hides a per-thread variable of the kernel of the same name,
    which the step would bind beside it, stays one region, thread after thread."""
    init, cond = loop.child_by_field_name("initializer"), loop.child_by_field_name("condition")
    update, body = loop.child_by_field_name("update"), loop.child_by_field_name("body")
    name = _single_declared(init) or ""
    if name in k.lanes or name in k.recompute:
        return [_region(k, [loop])]
    k.strided += 1
    prefix = f"{GENERATED}s{k.strided}"
    type_id = _lane(k, name, [init]).type_id
    if _counted(k, loop, name, type_id):
        whole = _region(k, [loop])
        steps = _region(k, [body])
        return [Walk(
            start=replace(whole, code=k.text(init)),
            step=replace(steps, binds=whole.binds, recomputed=whole.recomputed, calls_own=whole.calls_own),
            var=name, position="", done="", more=f"{prefix}_more", cond=k.text(cond), update=k.text(update),
            offset=f"{prefix}_offset", offset_type=type_id, stride=k.text(update.child_by_field_name("right")),
        )]
    position, done = f"{prefix}_{name}", f"{prefix}_done"
    k.lanes[position] = Lane(position, type_id)
    k.lanes[done] = Lane(done, "unsigned char", init="0")
    whole = _region(k, [loop])  # what the loop reads: the lanes to bind and the values to recompute
    steps = _region(k, [body])  # the body, with the edits a region makes (atomics on the block's shared memory)
    binds = tuple(sorted(set(whole.binds) | {position, done}))
    walk = Walk(
        start=replace(whole, code=k.text(init), binds=binds),
        step=replace(steps, binds=binds, recomputed=whole.recomputed, calls_own=whole.calls_own),
        var=name,
        position=position,
        done=done,
        more=f"{prefix}_more",
        cond=k.text(cond),
        update=k.text(update),
    )
    return [walk]


INTEGRAL = re.compile(
    r"(?:(?:signed|unsigned|short|int|long)(?: (?:signed|unsigned|short|int|long))*"
    r"|(?:std::)?(?:size_t|ptrdiff_t|u?int(?:8|16|32|64)_t))"
)
INDEX_FIELDS = frozenset({"blockIdx", "blockDim", "gridDim"})


def _counted(k: _Kernel, loop: ts.Node, name: str, type_id: str) -> bool:
    """Whether a strided loop can run as a counted walk: its variable an integer that starts at threadIdx.x plus
    terms of the block's and grid's indices and sizes, strides by such terms, and runs while below a bound every
    thread shares (`for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride)`). Then no
    position is ever negative and each round's positions rise by one from each thread to the next, so whether a
    thread is still walking is `i < bound` for its position this round (a thread past the bound stays past it), and
    along a row of threads those still walking come first."""
    if not INTEGRAL.fullmatch(type_id):
        return False
    init, cond = loop.child_by_field_name("initializer"), loop.child_by_field_name("condition")
    update = loop.child_by_field_name("update")
    declarator = init.children_by_field_name("declarator")[0]
    value = declarator.child_by_field_name("value") if declarator.type == "init_declarator" else None
    if value is None or not _index_sum(k, value, thread_terms=1):
        return False
    if not _index_sum(k, update.child_by_field_name("right"), thread_terms=0):
        return False
    while cond.type == "parenthesized_expression" and cond.named_children:
        cond = cond.named_children[0]
    if cond.type != "binary_expression":
        return False
    operator = cond.child_by_field_name("operator").text
    left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
    if operator in (b">", b">="):
        left, right = right, left
    elif operator not in (b"<", b"<="):
        return False
    return left.type == "identifier" and left.text.decode() == name and _uniform(k, right, ())


def _index_sum(k: _Kernel, node: ts.Node, thread_terms: int) -> bool:
    """A sum of `thread_terms` terms threadIdx.x (or a variable declared as it) and of terms that are products of
    the block's and grid's indices and sizes and of integer numbers: a value no thread sees negative."""
    terms: list[ts.Node] = []
    pending = [node]
    while pending:
        n = pending.pop()
        while n.type == "parenthesized_expression" and n.named_children:
            n = n.named_children[0]
        if n.type == "binary_expression" and n.child_by_field_name("operator").text == b"+":
            pending += [n.child_by_field_name("left"), n.child_by_field_name("right")]
        else:
            terms.append(n)
    return sum(_is_thread_x(k, t) for t in terms) == thread_terms and all(
        _is_thread_x(k, t) or _index_product(k, t) for t in terms
    )


def _is_thread_x(k: _Kernel, node: ts.Node) -> bool:
    if node.type == "identifier" and node.text.decode() in k.recompute:
        return re.search(r"=\s*threadIdx\s*\.\s*x\s*;$", k.recompute[node.text.decode()][1]) is not None
    return node.type == "field_expression" and node.text.replace(b" ", b"") == b"threadIdx.x"


def _index_product(k: _Kernel, node: ts.Node) -> bool:
    while node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    if node.type == "binary_expression" and node.child_by_field_name("operator").text in (b"*", b"+"):
        return _index_product(k, node.child_by_field_name("left")) and _index_product(
            k, node.child_by_field_name("right"))
    if node.type == "cast_expression":
        kind = node.child_by_field_name("type")
        return kind is not None and INTEGRAL.fullmatch(kind.text.decode()) is not None and _index_product(
            k, node.child_by_field_name("value"))
    if node.type == "number_literal":
        return re.fullmatch(r"(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*", node.text.decode()) is not None
    if node.type == "field_expression":
        base = node.child_by_field_name("argument")
        return base is not None and base.type == "identifier" and base.text.decode() in INDEX_FIELDS
    if node.type == "identifier" and node.text.decode() in k.uniform_vars:
        decl = k.uniform_vars[node.text.decode()]
        declarator = decl.children_by_field_name("declarator")[0] if decl.type == "declaration" else None
        value = declarator.child_by_field_name("value") if declarator is not None and (
            declarator.type == "init_declarator") else None
        changed = node.text.decode() in k.assigned
        return value is not None and not changed and _index_product(k, value)
    return False


def _shadowed(body: ts.Node, params: set[str]) -> str | None:
    """A name declared, in a scope a barrier splits, inside the scope of an earlier declaration of the same name
    (a barrier loop's `int i` inside the scope of the kernel's own `i`, or of a parameter), else None. Sibling
    scopes (two loops' `int i`) are fine."""
    def scope_of(node: ts.Node) -> ts.Node:
        parent = node.parent
        while parent is not None and parent.type not in ("compound_statement", "for_statement", "for_range_loop"):
            parent = parent.parent
        return parent if parent is not None else body

    seen: dict[str, list[ts.Node]] = {}
    for node in _walk(body, skip=NESTED_FUNCTIONS):
        if node.type not in ("declaration", "for_range_loop"):
            continue
        names = _declaration_names(node) if node.type == "declaration" else []
        if node.type == "for_range_loop":
            declarator = node.child_by_field_name("declarator")
            name = _declarator_name(declarator) if declarator is not None else None
            names = [name.text.decode()] if name is not None else []
        for name in names:
            scope = scope_of(node)
            # Only a scope that a barrier splits into regions mixes the two: a loop with no barrier inside runs
            # whole within one region, thread after thread, with its own variable.
            split = BARRIER in (scope.text or b"")
            if split and name in params:
                return name
            for earlier in seen.get(name, ()):
                if split and earlier.start_byte <= node.start_byte < earlier.end_byte:
                    return name
            seen.setdefault(name, []).append(scope)
    return None


def _declaration_names(statement: ts.Node) -> list[str]:
    if statement.type != "declaration":
        return []
    names = []
    for declarator in statement.children_by_field_name("declarator"):
        name = _declarator_name(declarator)
        if name is not None:
            names.append(name.text.decode())
    return names


def _region_identifiers(region: list[ts.Node]) -> set[str]:
    found: set[str] = set()
    for statement in region:
        found |= _identifiers(statement)
    return found


def _recomputable(k: _Kernel, name: str, region: list[ts.Node]) -> tuple[int, str, frozenset[str], int] | None:
    """A variable never changed after its declaration whose value depends only on the thread's indices and on
    values every thread shares (`int tid = threadIdx.x;`, `int i = blockIdx.x * blockDim.x + tid;`): each later
    region declares it again from the same initialiser, so it needs no per-thread copy, and the region's accesses
    stay affine in the thread index, which the compiler can vectorise."""
    if name in k.assigned:
        return None
    for statement in region:
        if name not in _declaration_names(statement):
            continue
        type_node = statement.child_by_field_name("type")
        if type_node is None or type_node.type == "placeholder_type_specifier" or any(
            c.type in ("storage_class_specifier",) for c in statement.children
        ):
            return None
        declarators = statement.children_by_field_name("declarator")
        for declarator in declarators:
            if declarator.type != "init_declarator":
                continue
            ident = declarator.child_by_field_name("declarator")
            value = declarator.child_by_field_name("value")
            if ident is None or ident.type != "identifier" or ident.text.decode() != name or value is None:
                continue
            if value.type in ("initializer_list", "argument_list"):
                return None
            needs = _thread_pure(k, value)
            if needs is None:
                return None
            prefix = k.span(statement.start_byte, declarators[0].start_byte).decode().strip()
            text = f"{prefix} {k.text(declarator)};"
            return statement.end_byte, text, frozenset(needs), declarator.start_byte
    return None


def _thread_pure(k: _Kernel, node: ts.Node) -> set[str] | None:
    """The recomputed variables an expression reads, when it reads nothing but thread indices, values every thread
    shares and other recomputed variables (no memory, no call that is not a pure function); else None."""
    needs: set[str] = set()
    for n in _walk(node):
        if n.type in ("subscript_expression", "assignment_expression", "update_expression", "lambda_expression"):
            return None
        if n.type == "pointer_expression":
            return None
        if n.type == "call_expression":
            callee = _callee(n)
            if callee is None or callee[0] in k.own_functions or not (
                callee[0] in k.calls or callee[0].startswith("std::") or callee[0] in CASTS
            ):
                return None
        if n.type == "identifier":
            name = n.text.decode()
            if name in k.assigned:  # a block variable or global the kernel changes: the value would move
                return None
            if name in THREAD_DEPENDENT or name in k.uniform_vars:
                continue
            if name in k.recompute:
                needs.add(name)
                continue
            if name in k.params:
                if name in k.assigned:
                    return None
                continue
            if name in k.declared:
                return None
    return needs


def _lane(k: _Kernel, name: str, region: list[ts.Node]) -> Lane:
    for statement in region:
        if name not in _declaration_names(statement):
            continue
        type_node = statement.child_by_field_name("type")
        if type_node is None or type_node.type == "placeholder_type_specifier":
            raise Unsafe(f"the auto variable {name} lives across a barrier, and its type has no name to copy")
        for c in statement.children:
            if c.type == "storage_class_specifier":
                raise Unsafe(f"the {c.text.decode()} variable {name} lives across a barrier")
        first = statement.children_by_field_name("declarator")[0]
        prefix = k.span(statement.start_byte, first.start_byte).decode().strip()
        for declarator in statement.children_by_field_name("declarator"):
            inner = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
            ident = _declarator_name(inner)
            if ident is None or ident.text.decode() != name:
                continue
            if declarator.type == "init_declarator":
                value = declarator.child_by_field_name("value")
                if value is None or value.type in ("initializer_list", "argument_list") or b"=" not in k.data[
                    ident.end_byte : value.start_byte
                ]:
                    raise Unsafe(f"{name} lives across a barrier and is initialised by a list")
            if any(n.type == "reference_declarator" for n in _walk(inner)):
                raise Unsafe(f"the reference {name} lives across a barrier")
            return Lane(name, _lane_type(k, prefix, inner, ident))
    raise Unsafe(f"{name} lives across a barrier and its declaration could not be read")


RESTRICT = re.compile(r"\b(?:__restrict__|__restrict|restrict)\b")


def _lane_type(k: _Kernel, prefix: str, inner: ts.Node, ident: ts.Node) -> str:
    """The type of a per-thread copy of `ident`, declared as `prefix inner`: the declarator less its name, and less
    `__restrict__`, which a template argument may not carry (the copies are separate objects, so the promise it made
    about one pointer does not pass to them)."""
    abstract = (k.span(inner.start_byte, ident.start_byte) + k.span(ident.end_byte, inner.end_byte)).decode()
    return " ".join(RESTRICT.sub(" ", f"{prefix} {abstract.strip()}").split())


def _parameters(kernel: ts.Node) -> list[tuple[ts.Node, ts.Node, ts.Node]]:
    """The kernel's named parameters: (the parameter declaration, its declarator, the name)."""
    declarator = kernel.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    plist = declarator.child_by_field_name("parameters") if declarator is not None else None
    found = []
    for p in plist.named_children if plist is not None else ():
        inner = p.child_by_field_name("declarator")
        ident = _declarator_name(inner) if inner is not None else None
        if ident is not None:
            found.append((p, inner, ident))
    return found


def _parameter_lanes(k: _Kernel, parameters: list[tuple[ts.Node, ts.Node, ts.Node]], changed: frozenset[str]) -> None:
    """A parameter the kernel changes (assigns, increments or takes the address of) is every thread's own variable:
    each thread gets a copy that starts as the argument, since the twin's one parameter is shared by the block's
    threads."""
    for p, inner, ident in parameters:
        name = ident.text.decode()
        if name not in changed:
            continue
        if any(n.type == "reference_declarator" for n in _walk(inner)):
            continue  # a reference names the caller's object, which the threads share as written
        if any(n.type == "array_declarator" for n in _walk(inner)):
            raise Unsafe(f"it changes its array parameter {name}")
        prefix = k.span(p.start_byte, inner.start_byte).decode().strip()
        k.lanes[name] = Lane(name, _lane_type(k, prefix, inner, ident), init=name)


def _first_return(statement: ts.Node) -> ts.Node | None:
    """The first return of the kernel itself in the statement (not of a lambda inside it), or None."""
    return next((n for n in _walk(statement, skip=NESTED_FUNCTIONS)
                 if n.type == "return_statement" and not _inside_function(n, statement)), None)


def _no_exit(k: _Kernel, statement: ts.Node, where: str) -> None:
    found = _first_return(statement)
    if found is not None:
        raise Unsafe(f"it returns {where} (line {found.start_point[0] + 1}), so later barriers would wait for fewer threads")


def _owner(node: ts.Node, stop: ts.Node, kinds: tuple[str, ...]) -> ts.Node | None:
    """The nearest ancestor of `node` that is `stop` or of one of `kinds` (the statement a jump belongs to)."""
    current = node.parent
    while current is not None and current.id != stop.id and current.type not in kinds:
        current = current.parent
    return current


def _inside_function(node: ts.Node, stop: ts.Node) -> bool:
    current = node.parent
    while current is not None and current.id != stop.id:
        if current.type in NESTED_FUNCTIONS:
            return True
        current = current.parent
    return False


def _structured(k: _Kernel, statement: ts.Node, loop_vars: tuple[str, ...]) -> Item:
    """A loop or if with barriers inside, run by the block as a whole, or Unsafe."""
    line = statement.start_point[0] + 1
    if statement.type == "for_statement":
        init = statement.child_by_field_name("initializer")
        cond = statement.child_by_field_name("condition")
        update = statement.child_by_field_name("update")
        body = statement.child_by_field_name("body")
        if init is None or cond is None or update is None or body is None or body.type != "compound_statement":
            raise Unsafe(f"the loop around a barrier at line {line} is not a counted for loop with a braced body")
        if init.type == "assignment_expression" and _target(init.child_by_field_name("left")) <= k.block_vars and \
                _target(init.child_by_field_name("left")):
            # for (i = ...; ...) over a block variable declared before the loop.
            var = next(iter(_target(init.child_by_field_name("left"))))
            value = init.child_by_field_name("right")
        else:
            names = _declaration_names(init)
            if init.type != "declaration" or len(names) != 1:
                raise Unsafe(f"the loop around a barrier at line {line} does not declare one loop variable")
            var = names[0]
            value = init.children_by_field_name("declarator")[0].child_by_field_name("value")
        inner_vars = loop_vars + (var,)
        if value is None or not _uniform(k, value, loop_vars) or not _uniform(k, cond, inner_vars):
            raise Unsafe(f"the loop around a barrier at line {line} has a trip count that may differ between threads")
        for n in _walk(update):
            if n.type == "identifier" and n.text.decode() != var and not _uniform(k, n, inner_vars):
                raise Unsafe(f"the loop around a barrier at line {line} has a step that may differ between threads")
            if n.type in ("assignment_expression", "update_expression"):
                target = n.child_by_field_name("left") or n.child_by_field_name("argument")
                if target is None or target.text.decode() != var:
                    raise Unsafe(f"the loop around a barrier at line {line} changes more than its loop variable")
        for n in _walk(body):
            changed = (_target(n.child_by_field_name("left")) if n.type == "assignment_expression"
                       else _target(n.child_by_field_name("argument")) if n.type == "update_expression"
                       else _identifiers(n) if n.type == "pointer_expression" and n.children[0].type == "&" else set())
            if var in changed:
                raise Unsafe(f"the loop around a barrier at line {line} changes its variable {var} in its body")
        _no_jump(k, body, line, inner_vars)
        header = k.span(statement.start_byte, body.start_byte).decode().rstrip()
        return Loop(header, tuple(_split(k, _statements(body), inner_vars, top=False, in_loop=True)))
    if statement.type == "if_statement":
        cond = statement.child_by_field_name("condition")
        then = statement.child_by_field_name("consequence")
        otherwise = statement.child_by_field_name("alternative")
        if cond is None or then is None or not _uniform(k, cond, loop_vars):
            raise Unsafe(f"a barrier at line {line} sits under a condition that may differ between threads")
        if then.type != "compound_statement":
            raise Unsafe(f"the if around a barrier at line {line} has no braces")
        else_body = None
        if otherwise is not None:
            else_node = otherwise.named_children[-1] if otherwise.type == "else_clause" else otherwise
            if else_node.type != "compound_statement":
                raise Unsafe(f"the else around a barrier at line {line} has no braces")
            _no_jump(k, else_node, line)
            else_body = tuple(_split(k, _statements(else_node), loop_vars, top=False))
        _no_jump(k, then, line)
        header = k.span(statement.start_byte, then.start_byte).decode().rstrip()
        return Branch(header, tuple(_split(k, _statements(then), loop_vars, top=False)), else_body)
    if statement.type == "while_statement":
        cond = statement.child_by_field_name("condition")
        body = statement.child_by_field_name("body")
        if cond is None or not _uniform(k, cond, loop_vars):
            raise Unsafe(f"a barrier at line {line} sits in a while loop whose condition may differ between threads")
        if body is None or body.type != "compound_statement":
            raise Unsafe(f"the while loop around a barrier at line {line} has no braces")
        _no_jump(k, body, line, loop_vars)
        header = k.span(statement.start_byte, body.start_byte).decode().rstrip()
        return Loop(header, tuple(_split(k, _statements(body), loop_vars, top=False, in_loop=True)))
    if statement.type in LOOPS:
        raise Unsafe(f"a barrier at line {line} sits in a {statement.type.split('_')[0]} loop, whose trip count may differ between threads")
    if statement.type == "compound_statement":
        raise Unsafe(f"a barrier at line {line} sits in a nested block")
    if statement.type.startswith("preproc"):
        raise Unsafe(f"a barrier at line {line} sits under a preprocessor conditional")
    if statement.type == "switch_statement":
        raise Unsafe(f"a barrier at line {line} sits in a switch")
    raise Unsafe(f"a barrier at line {line} sits inside a statement ({statement.type}) the block cannot run as one")


def _uniform_jump(k: _Kernel, statement: ts.Node, loop_vars: tuple[str, ...]) -> bool:
    """`if (c) break;` or `if (c) continue;` (braces allowed, no else) on a condition every thread of the block
    holds the same value of: the block takes the jump as one, as block code between its regions."""
    if statement.type != "if_statement" or statement.child_by_field_name("alternative") is not None:
        return False
    cond, then = statement.child_by_field_name("condition"), statement.child_by_field_name("consequence")
    if cond is None or then is None:
        return False
    if then.type == "compound_statement":
        inner = [c for c in then.named_children if c.type != "comment"]
        if len(inner) != 1:
            return False
        then = inner[0]
    return then.type in ("break_statement", "continue_statement") and _uniform(k, cond, loop_vars)


def _no_jump(k: _Kernel, body: ts.Node, line: int, loop_vars: tuple[str, ...] | None = None) -> None:
    """A break or continue of the block-level loop itself, or a return, would need per-thread control flow; in a
    loop's body (`loop_vars` given) a uniform `if (c) break;` directly in the body is the block's own jump."""
    for n in _walk(body, skip=NESTED_FUNCTIONS):
        if n.type == "return_statement" and not _inside_function(n, body):
            raise Unsafe(f"it returns inside the loop or branch around the barrier at line {line}")
        if n.type in ("break_statement", "continue_statement") and not _inside_function(n, body):
            owner = _owner(n, body, LOOPS + (("switch_statement",) if n.type == "break_statement" else ()))
            if owner is None or owner.id == body.id:
                statement = n.parent
                if statement is not None and statement.type == "compound_statement":
                    statement = statement.parent
                if loop_vars is not None and statement is not None and statement.parent is not None and \
                        statement.parent.id == body.id and _uniform_jump(k, statement, loop_vars):
                    continue
                raise Unsafe(f"a {n.type.split('_')[0]} leaves the loop around the barrier at line {line} early")


# A declaration that gives a variable the thread's x index and nothing else: `unsigned tid = threadIdx.x;`.
THREAD_X_DECLARATION = re.compile(
    r"\s*(?:const\s+)?(unsigned(?:\s+int)?|int|uint|size_t|auto)\s+([A-Za-z_]\w*)\s*=\s*threadIdx\.x\s*;\s*")
X_TYPES = {"auto": "unsigned", "uint": "unsigned"}  # what such a declaration's type is (threadIdx.x is unsigned)


def _thread_limit(k: _Kernel, statements: list[ts.Node], loop_vars: tuple[str, ...]) -> tuple[str, str]:
    """E and the type of X when the region is one `if (X < E)` with no else, X the thread's x index (threadIdx.x, or
    a variable declared as it and never changed) and E the same in every thread: the threads from E on do nothing in
    the region, so its loop over the threads can stop there (a tree reduction's halving steps). X's type decides the
    comparison (an unsigned threadIdx.x below a negative int bound holds for every thread). ("", "") otherwise."""
    if len(statements) != 1 or statements[0].type != "if_statement":
        return "", ""
    branch = statements[0]
    clause = branch.child_by_field_name("condition")
    if branch.child_by_field_name("alternative") is not None or clause is None:
        return "", ""
    cond = clause.child_by_field_name("value") or (clause.named_children[0] if clause.named_children else None)
    operator = cond.child_by_field_name("operator") if cond is not None and cond.type == "binary_expression" else None
    if operator is None or operator.type != "<":
        return "", ""
    left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
    if left is None or right is None or not _uniform(k, right, loop_vars):
        return "", ""
    name = left.text.decode("utf-8", "replace")
    if name == "threadIdx.x":
        return k.text(right), "unsigned"
    if left.type == "identifier" and name in k.recompute and name not in k.assigned and (
        m := THREAD_X_DECLARATION.fullmatch(k.recompute[name][1])
    ) is not None and m.group(2) == name:
        return k.text(right), X_TYPES.get(m.group(1), m.group(1))
    return "", ""


def _region(k: _Kernel, statements: list[ts.Node], loop_vars: tuple[str, ...] = ()) -> Region:
    """One region's code: its statements' bytes, declarations of per-thread variables made assignments, a
    return made `continue` (it ends the thread's part of the region; with k.exits it also sets the thread's exit
    flag, which the later regions check). `loop_vars` are the uniform loop variables around it."""
    k.regions += 1
    start, end = statements[0].start_byte, statements[-1].end_byte
    edits: list[tuple[int, int, bytes]] = []
    for statement in statements:
        redeclared = statement.type == "declaration" and any(n in k.lanes for n in _declaration_names(statement))
        if redeclared:
            edits.append((statement.start_byte, statement.end_byte, _lane_declaration(k, statement)))
        for n in _walk(statement, skip=NESTED_FUNCTIONS):
            shared_atomic = None if redeclared else _shared_atomic(k, n)
            if shared_atomic is not None:
                edits.append((shared_atomic.start_byte, shared_atomic.end_byte,
                              k.shared_atomics[shared_atomic.text.decode()].encode()))
            if n.type == "return_statement" and not _inside_function(n, statement):
                if n.named_child_count:
                    raise Unsafe("the kernel returns a value")
                owner = _owner(n, statement.parent, LOOPS)  # `continue` passes through a switch to the thread's loop
                if owner is not None and owner.id != statement.parent.id:
                    raise Unsafe(f"it returns from inside a loop (line {n.start_point[0] + 1})")
                edits.append((n.start_byte, n.end_byte,
                              f"{{ {EXITED} = 1; continue; }}".encode() if k.exits else b"continue;"))
    pieces: list[bytes] = []
    at = start
    for s, e, text in sorted(edits):
        pieces += [k.span(at, s), text]
        at = e
    pieces.append(k.span(at, end))
    code = b"".join(pieces)
    ids = _region_identifiers(statements)
    calls_own = any(
        n.type == "call_expression" and (_callee(n) or ("", None))[0].split("::")[-1] in k.own_functions
        for s in statements for n in _walk(s)
    )
    # A name read before its declaration's end is another variable (or the declaring region itself).
    wanted = {n for n in ids if n in k.recompute and k.recompute[n][0] <= start}
    pending = list(wanted)
    while pending:
        for need in k.recompute[pending.pop()][2]:
            if need not in wanted:
                wanted.add(need)
                pending.append(need)
    recomputed = tuple(k.recompute[n][1] for n in sorted(wanted, key=lambda n: k.recompute[n][3]))
    binds = tuple(sorted(n for n in k.lanes if n in ids and k.declared_at.get(n, 0) <= end))
    exited = EXITED if k.exits else ""  # a thread that has returned takes no part in the regions after it
    if exited:
        binds = tuple(sorted(binds + (EXITED,)))
    limit, x_type = _thread_limit(k, statements, loop_vars)
    return Region(code=code.decode("utf-8", "replace"), binds=binds, calls_own=calls_own, recomputed=recomputed,
                  exited=exited, x_limit=limit, x_type=x_type)


def _shared_names(body: ts.Node) -> set[str]:
    """The kernel's __shared__ arrays and dynamic shared pointers, less any name its body also declares otherwise (a
    local of that name could point at global memory; plan_twin takes the parameters out)."""
    names: set[str] = set()
    others: set[str] = set()
    for n in _walk(body):
        if _is_shared_declaration(n):
            names.update(_declaration_names(n))
        elif n.type == "declaration":
            others.update(_declaration_names(n))
        elif n.type == "parameter_declaration" and n.child_by_field_name("declarator") is not None:
            ident = _declarator_name(n.child_by_field_name("declarator"))  # a lambda's parameter
            others.update([ident.text.decode()] if ident is not None else [])
        elif _is_dynamic_shared(n):
            names.update(_dynamic_shared_name(n))
    return names - others


def _dynamic_shared_name(statement: ts.Node) -> list[str]:
    """The pointer a `PRT_DYNAMIC_SHARED(type, name);` statement declares."""
    args = statement.named_children[0].child_by_field_name("arguments")
    if args is not None and len(args.named_children) == 2 and args.named_children[1].type == "identifier":
        return [args.named_children[1].text.decode()]
    return []


def _shared_arrays(body: ts.Node) -> set[str]:
    """The __shared__ arrays (`__shared__ float s[256];`, `extern __shared__ int buf[];`, `PRT_DYNAMIC_SHARED(int,
    buf)`): a name that is the block's one address, not a value a thread may have changed."""
    names: set[str] = set()
    for n in _walk(body):
        if _is_shared_declaration(n):
            for declarator in n.children_by_field_name("declarator"):
                inner = declarator
                if declarator.type == "init_declarator":
                    inner = declarator.child_by_field_name("declarator")
                if inner is not None and inner.type == "array_declarator":
                    ident = _declarator_name(inner)
                    names.update([ident.text.decode()] if ident is not None else [])
        elif _is_dynamic_shared(n):
            names.update(_dynamic_shared_name(n))
    return names


def _shared_atomic(k: _Kernel, node: ts.Node) -> ts.Node | None:
    """The callee of an atomic on the block's own __shared__ memory (`atomicAdd(&s[i], v)`, `atomicMax(s + i, v)`):
    in the twin one worker runs the whole block and no other block sees that memory, so the region may call the
    rule's plain read-modify-write form (`shared_atomics`), which returns the same values in the same order."""
    if node.type != "call_expression" or not k.shared or not k.shared_atomics:
        return None
    function = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    if function is None or function.type != "identifier" or function.text.decode() not in k.shared_atomics:
        return None
    if args is None or not args.named_children:
        return None
    target = args.named_children[0]
    while target.type == "parenthesized_expression" and target.named_children:
        target = target.named_children[0]
    if target.type == "pointer_expression" and target.children and target.children[0].type == "&":
        target = target.child_by_field_name("argument")
        while target is not None and target.type in ("subscript_expression", "field_expression"):
            if target.type == "field_expression" and target.children[1].type == "->":
                return None
            target = target.child_by_field_name("argument")
    elif target.type == "binary_expression" and target.child_by_field_name("operator") is not None \
            and target.child_by_field_name("operator").type == "+":
        target = target.child_by_field_name("left")
    if target is None or target.type != "identifier" or target.text.decode() not in k.shared:
        return None
    return function


def _lane_declaration(k: _Kernel, statement: ts.Node) -> bytes:
    """A declaration whose per-thread variables become assignments to their copies; the others stay declared."""
    declarators = statement.children_by_field_name("declarator")
    prefix = k.span(statement.start_byte, declarators[0].start_byte)
    kept: list[bytes] = []
    assigns: list[bytes] = []
    for declarator in declarators:
        inner = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
        ident = _declarator_name(inner)
        name = ident.text.decode() if ident is not None else ""
        if name in k.lanes:
            if declarator.type == "init_declarator":
                value = declarator.child_by_field_name("value")
                assigns.append(ident.text + b" = " + k.span(value.start_byte, value.end_byte) + b";")
        else:
            kept.append(k.span(declarator.start_byte, declarator.end_byte))
    parts = []
    if kept:
        parts.append(prefix + b", ".join(kept) + b";")
    parts.extend(assigns)
    return b" ".join(parts) if parts else b";"


def _guarded(node: ts.Node) -> bool:
    """Whether a kernel sits in a branch of a conditional on the backend (a twin written before, or its original)."""
    current = node.parent
    while current is not None:
        if current.type.startswith("preproc_if") or current.type.startswith("preproc_else") or current.type.startswith("preproc_elif"):
            holder = current
            while holder is not None and holder.type not in ("preproc_if", "preproc_ifdef"):
                holder = holder.parent
            if holder is not None and b"PRT_BACKEND" in (holder.child_by_field_name("condition") or holder).text[:200]:
                return True
        current = current.parent
    return False


def device_functions(catalog: Catalog) -> frozenset[str]:
    """The catalogued device functions a region may call: those that do not synchronise the block."""
    pattern = synchronising(catalog)
    return frozenset(
        name for name, entry in catalog.names.items()
        if entry.kind == "function" and entry.family == "device" and not pattern.search(name.encode())
    )


def complete(findings: dict[tuple[str, int, int], Finding], catalog: Catalog, data: bytes,
             device: frozenset[str], tree: ts.Tree | None = None) -> None:
    """Gives each finding of a `regions` rule its twin (edits around the kernel) or its fiber reason, and drops those
    on kernels already inside a backend conditional. The twin is made from the kernel's text with the other
    findings' safe edits inside it applied, so that both copies read as migrated code. `device` is
    device_functions(catalog); `tree` is the file's tree when the caller parsed exactly `data`."""
    try:
        _complete(findings, catalog, data, device, tree)
    finally:
        _subtree.cache_clear()


def _complete(findings: dict[tuple[str, int, int], Finding], catalog: Catalog, data: bytes,
              device: frozenset[str], tree: ts.Tree | None) -> None:
    rules = catalog.rules
    mine = [key for key, f in findings.items() if f.rule_id in rules and rules[f.rule_id].match.get("regions")]
    if not mine:
        return
    inner = [
        e for f in findings.values() if f.edits and f.safety == "safe" and f.rule_id in rules
        and not rules[f.rule_id].match.get("regions") for e in f.edits
    ]
    root = (tree or parse.parse("cuda", data)).root_node
    functions = own_functions(root)
    synchronises = synchronising(catalog)
    syncing = synchronising_functions(functions, synchronises)
    for key in mine:
        finding = findings[key]
        rule = rules[finding.rule_id]
        _, start, end = key
        node = root.descendant_for_byte_range(start, end)
        while node is not None and not (node.type == "function_definition" and node.start_byte <= start and node.end_byte >= end):
            node = node.parent
        if node is None or _guarded(node):
            del findings[key]
            continue
        if node.parent is not None and node.parent.type == "template_declaration":
            start = node.parent.start_byte
        if data[data.rfind(b"\n", 0, start) + 1 : start].strip():
            findings[key] = replace(finding, edits=(), effort="none", message=rule.message.format(
                name=_function_name(node) or "?",
                outcome=rule.advice["fibers"].format(reason="the kernel does not begin its line")))
            continue
        calls = device | frozenset(rule.match.get("calls", ()))
        body = node.child_by_field_name("body")
        if body is None or not _may_synchronise(body.text or b"", syncing) or not _calls_in(
            body, (BARRIER, *(name.encode() for name in sorted(syncing))),
            lambda n: _is_barrier_call(n) or (_callee(n) or ("", None))[0].split("::")[-1] in syncing,
        ):
            del findings[key]  # no barrier: it already runs as a plain loop
            continue
        findings[key] = _outcome(rule, finding, data, node, start, end, inner, functions, syncing, calls,
                                 synchronises)


def _may_synchronise(text: bytes, syncing: frozenset[str]) -> bool:
    """Whether a body's text holds the barrier's name or the name of a synchronising function of the file: a body
    without any of them calls none, and its nodes need not be made to say so."""
    return BARRIER in text or any(name.encode() in text for name in syncing)


def _outcome(rule: Rule, finding: Finding, data: bytes, kernel: ts.Node, start: int, end: int,
             inner: list[Edit], functions: Mapping[str, bytes], syncing: frozenset[str],
             calls: frozenset[str], synchronises: re.Pattern[bytes]) -> Finding:
    name = _kernel_name(kernel)
    try:
        twin = plan_twin(kernel, data, functions, syncing, calls, synchronises,
                         tuple(e for e in inner if start <= e.start and e.end <= end),
                         rule.match.get("shared_atomics", {}))
    except Unsafe as reason:
        outcome = rule.advice["fibers"].format(reason=str(reason))
        return replace(finding, message=rule.message.format(name=name, outcome=outcome), edits=(),
                       effort="none")
    opening, closing = render(twin, rule.match["twin"])
    outcome = rule.advice["regions"].format(regions=twin.regions)
    # The finding covers what its edits wrap: a template kernel from its template header.
    line_start = data.rfind(b"\n", 0, start) + 1
    column = len(data[line_start:start].decode("utf-8", "replace")) + 1
    return replace(finding, message=rule.message.format(name=name, outcome=outcome), line=_line(data, start),
                   column=column, edits=(Edit(start, start, opening), Edit(end, end, closing)))


def _line(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def render(twin: Twin, template: str) -> tuple[str, str]:
    """The text before the original kernel (the guard, the twin, `#else`) and after it (`#endif`)."""
    from .templating import environment

    text = environment().get_template(template).render(twin=twin)
    opening, _, closing = text.partition("@@ORIGINAL@@")
    return opening, closing.rstrip("\n")


def _kernel_name(kernel: ts.Node | None) -> str:
    return (_function_name(kernel) if kernel is not None else None) or "?"
