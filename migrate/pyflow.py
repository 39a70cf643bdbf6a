"""What the names of one Python module are assigned and where they are passed: the data flow Python rules ask about."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import tree_sitter as ts

# How deep a name is followed through other names (`a = b`, `b = int(x)`) before the answer is "unknown".
FOLLOW_DEPTH = 4
# An iterable whose items are batches made for each step (a DataLoader by its usual names).
LOADER = re.compile(r"(?i)^(?:enumerate\()?[\w.]*(?:loader|batches)\b")


@dataclass(frozen=True)
class Flow:
    """One module's assignments by target text (`x`, `self.gpu_id`), its calls by callee's last name, its
    parameters annotated `int`, and the defaults of its argparse options by destination."""

    assigned: Mapping[str, tuple[ts.Node, ...]]
    calls: Mapping[str, tuple[ts.Node, ...]]
    int_parameters: frozenset[str]
    loop_ints: frozenset[str]
    loop_targets: frozenset[str]
    option_defaults: Mapping[str, tuple[ts.Node, ...]]
    # `a, b = f(x)`: a -> ((call, 0),); and the values each function of the module returns, by its name
    unpacked: Mapping[str, tuple[tuple[ts.Node, int], ...]] = field(default_factory=dict)
    returns: Mapping[str, tuple[ts.Node, ...]] = field(default_factory=dict)
    # a parameter's name -> (its function's name, its position) for every function of the module that has it
    parameters: Mapping[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    defined: frozenset[str] = frozenset()  # names of the module's functions and classes


def _text(node: ts.Node | None) -> str:
    return "" if node is None else node.text.decode("utf-8", "replace")


def callee_name(call: ts.Node) -> str:
    """The last name of what a call calls: `init_process_group` for `dist.init_process_group(...)`."""
    function = call.child_by_field_name("function")
    if function is None:
        return ""
    if function.type == "attribute":
        return _text(function.child_by_field_name("attribute"))
    return _text(function) if function.type == "identifier" else ""


def _walk(root: ts.Node) -> Iterable[ts.Node]:
    cursor = root.walk()
    while True:
        yield cursor.node
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return


def read_flow(root: ts.Node) -> Flow:
    """Index a module's tree once: every assignment, call, int-annotated parameter, `range` loop and option."""
    assigned: dict[str, list[ts.Node]] = {}
    calls: dict[str, list[ts.Node]] = {}
    int_parameters: set[str] = set()
    loop_ints: set[str] = set()
    loop_targets: set[str] = set()
    options: dict[str, list[ts.Node]] = {}
    unpacked: dict[str, list[tuple[ts.Node, int]]] = {}
    returns: dict[str, list[ts.Node]] = {}
    parameters: dict[str, list[tuple[str, int]]] = {}
    defined: set[str] = set()
    for node in _walk(root):
        if node.type == "assignment":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is not None and right is not None and left.type in ("identifier", "attribute"):
                assigned.setdefault(_text(left), []).append(right)
            elif left is not None and right is not None and left.type in ("pattern_list", "tuple_pattern"):
                targets = [c for c in left.named_children if c.type != "comment"]
                values = [c for c in right.named_children if c.type != "comment"]
                for index, target in enumerate(targets):
                    if right.type in ("expression_list", "tuple") and len(values) == len(targets):
                        assigned.setdefault(_text(target), []).append(values[index])
                    elif right.type == "call":
                        unpacked.setdefault(_text(target), []).append((right, index))
                    else:
                        assigned.setdefault(_text(target), []).append(right)
        elif node.type == "return_statement":
            owner = _scope(node)
            name = (
                owner.child_by_field_name("name")
                if owner is not None and owner.type == "function_definition"
                else None
            )
            values = [c for c in node.named_children if c.type != "comment"]
            if name is not None and values:
                returns.setdefault(_text(name), []).append(values[0])
        elif node.type == "call":
            name = callee_name(node)
            calls.setdefault(name, []).append(node)
            if name == "add_argument":
                _option_default(node, options)
        elif node.type in ("function_definition", "class_definition"):
            defined.add(_text(node.child_by_field_name("name")))
            if node.type == "function_definition":
                _record_parameters(node, parameters)
        if node.type == "typed_parameter" or node.type == "typed_default_parameter":
            annotation = node.child_by_field_name("type")
            names = [c for c in node.named_children if c.type == "identifier"]
            if names and _text(annotation) == "int":
                int_parameters.add(_text(names[0]))
        elif node.type == "for_statement":
            target, over = node.child_by_field_name("left"), node.child_by_field_name("right")
            if (
                target is not None
                and target.type == "identifier"
                and over is not None
                and over.type == "call"
                and callee_name(over) == "range"
            ):
                loop_ints.add(_text(target))
            if target is not None and over is not None and LOADER.search(_text(over)):
                # each batch a loader yields is a new tensor: nothing else holds it
                loop_targets.update(_text(n) for n in _walk(target) if n.type == "identifier")
    return Flow(
        assigned={k: tuple(v) for k, v in assigned.items()},
        calls={k: tuple(v) for k, v in calls.items()},
        int_parameters=frozenset(int_parameters),
        loop_ints=frozenset(loop_ints),
        loop_targets=frozenset(loop_targets),
        option_defaults={k: tuple(v) for k, v in options.items()},
        unpacked={k: tuple(v) for k, v in unpacked.items()},
        returns={k: tuple(v) for k, v in returns.items()},
        parameters={k: tuple(v) for k, v in parameters.items()},
        defined=frozenset(fn for entries in parameters.values() for fn, _ in entries) | defined,
    )


def _record_parameters(function: ts.Node, parameters: dict[str, list[tuple[str, int]]]) -> None:
    """Each parameter of a function under the name its callers use (a class's name for its __init__) and its
    position as they pass it (a method's self not counted)."""
    name, params = function.child_by_field_name("name"), function.child_by_field_name("parameters")
    if name is None or params is None:
        return
    called = _text(name)
    items = [c for c in params.named_children if c.type != "comment"]
    owner = function.parent.parent if function.parent is not None else None
    if owner is not None and owner.type == "class_definition":
        items = items[1:]  # self or cls
        if called == "__init__":
            called = _text(owner.child_by_field_name("name"))
    for index, param in enumerate(items):
        ident = (
            param
            if param.type == "identifier"
            else next((c for c in param.named_children if c.type == "identifier"), None)
        )
        if ident is not None:
            parameters.setdefault(_text(ident), []).append((called, index))


def _option_default(call: ts.Node, options: dict[str, list[ts.Node]]) -> None:
    """`parser.add_argument("--dist-backend", default="nccl")`: the default, under its destination `dist_backend`."""
    args = call.child_by_field_name("arguments")
    if args is None:
        return
    dest, default = "", None
    for item in args.named_children:
        if item.type == "string" and not dest:
            flag = _string(item) or ""
            if flag.startswith("--") or not flag.startswith("-"):
                dest = flag.lstrip("-").replace("-", "_")
        elif item.type == "keyword_argument":
            key = _text(item.child_by_field_name("name"))
            value = item.child_by_field_name("value")
            if key == "default":
                default = value
            elif key == "dest" and value is not None:
                dest = _string(value) or dest
    if dest and default is not None:
        options.setdefault(dest, []).append(default)


def _string(node: ts.Node) -> str | None:
    """The value of a plain string literal; None for f-strings, concatenations and anything else."""
    if node.type != "string":
        return None
    parts = [c for c in node.named_children]
    if any(c.type == "interpolation" for c in parts):
        return None
    return "".join(_text(c) for c in parts if c.type == "string_content")


def call_argument(call: ts.Node, keyword: str | None, position: int | None) -> ts.Node | None:
    """The argument a call passes as `keyword=` or at `position`."""
    args = call.child_by_field_name("arguments")
    if args is None or args.type != "argument_list":
        return None
    items = [c for c in args.named_children if c.type != "comment"]
    for item in items:
        if item.type == "keyword_argument" and keyword and _text(item.child_by_field_name("name")) == keyword:
            return item.child_by_field_name("value")
    positional = [c for c in items if c.type not in ("keyword_argument", "dictionary_splat", "list_splat")]
    if position is not None and position < len(positional):
        return positional[position]
    return None


def _sink_texts(flow: Flow, sinks: Sequence[Mapping[str, Any]]) -> set[str]:
    """The texts of every expression passed where a sink takes its value (`backend=` of init_process_group, say)."""
    texts: set[str] = set()
    for sink in sinks:
        calls = (
            flow.calls.get(sink["call"], ())
            if "call" in sink
            else [c for cs in flow.calls.values() for c in cs]
        )
        for call in calls:
            argument = call_argument(call, sink.get("keyword"), sink.get("position"))
            if argument is not None:
                texts.add(_text(argument))
    return texts


def flows_to_sink(flow: Flow, target: ts.Node, sinks: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the name or attribute `target` is assigned (or, for an option, stored) and then passed to a sink;
    followed through plain copies (`b = a`) up to FOLLOW_DEPTH names."""
    texts = _sink_texts(flow, sinks)
    wanted = {_text(target)}
    for _ in range(FOLLOW_DEPTH):
        if wanted & texts:
            return True
        # a name copied into another: `b = a` sends a's value wherever b goes
        wanted |= {left for left, rights in flow.assigned.items() for r in rights if _text(r) in wanted}
    return bool(wanted & texts)


def option_flows_to_sink(flow: Flow, default: ts.Node, sinks: Sequence[Mapping[str, Any]]) -> bool:
    """Whether an argparse option whose default is `default` is read (`args.<dest>`) where a sink takes it."""
    dests = [dest for dest, values in flow.option_defaults.items() if any(v.id == default.id for v in values)]
    texts = _sink_texts(flow, sinks)
    return any(text.rsplit(".", 1)[-1] == dest and "." in text for dest in dests for text in texts)


def is_int(flow: Flow, node: ts.Node, int_calls: frozenset[str], depth: int = 0) -> bool:
    """Whether an expression always holds an int: a literal, `int(...)`, a call named in `int_calls`
    (`get_rank`), arithmetic on ints, a `range` loop variable, a parameter annotated `int`, or a name every
    assignment of which is one of these."""
    if depth > FOLLOW_DEPTH:
        return False
    kind = node.type
    if kind == "integer":
        return True
    if kind == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        return len(inner) == 1 and is_int(flow, inner[0], int_calls, depth + 1)
    if kind == "call":
        name = callee_name(node)
        return name == "int" or name in int_calls
    if kind == "binary_operator":
        operator = _text(node.child_by_field_name("operator"))
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if operator not in ("+", "-", "*", "//", "%") or left is None or right is None:
            return False
        return is_int(flow, left, int_calls, depth + 1) and is_int(flow, right, int_calls, depth + 1)
    if kind in ("identifier", "attribute"):
        text = _text(node)
        if text in flow.int_parameters or text in flow.loop_ints:
            return text not in flow.assigned
        rights = flow.assigned.get(text, ())
        if not rights and text in flow.parameters:
            # a parameter: an int where every call of its function in the module passes one there
            passed = [a for fn, index in flow.parameters[text] for a in _passed(flow, fn, index, text)]
            return bool(passed) and all(
                a is not None and is_int(flow, a, int_calls, depth + 1) for a in passed
            )
        return bool(rights) and all(is_int(flow, r, int_calls, depth + 1) for r in rights)
    return False


def _passed(flow: Flow, function: str, index: int, name: str) -> list[ts.Node | None]:
    """What each call of `function` in the module passes for its parameter `name` at `index`; None where a call
    passes it through *args or **kwargs, or not at all (its default)."""
    found: list[ts.Node | None] = []
    for call in flow.calls.get(function, ()):
        args = call.child_by_field_name("arguments")
        items = [c for c in (args.named_children if args is not None else ()) if c.type != "comment"]
        if any(c.type in ("list_splat", "dictionary_splat") for c in items):
            found.append(None)
            continue
        found.append(call_argument(call, name, index))
    return found


def receiver_kind(flow: Flow, call: ts.Node, spec: Mapping[str, Any]) -> str:
    """What `<receiver>.cuda()` moves, as far as the module shows: "fresh" when `.to(device)` shares no memory the
    original did not share (the result is dropped, so a module moved in place or nothing at all; the receiver is a
    new object: a constructor, a factory, arithmetic, a batch from a loader; or a module by its name), "tensor" for a tensor that shares memory with something else (`torch.from_numpy`), and
    "unknown" otherwise."""
    parent = call.parent
    if parent is not None and parent.type == "expression_statement":
        return "fresh"
    function = call.child_by_field_name("function")
    receiver = function.child_by_field_name("object") if function is not None else None
    if receiver is None:
        return "unknown"
    return _receiver(flow, receiver, spec, 0)


def _receiver(
    flow: Flow, node: ts.Node, spec: Mapping[str, Any], depth: int, seen: frozenset[str] = frozenset()
) -> str:
    """receiver_kind of an expression; "cycle" for a name already being followed (it adds nothing)."""
    if depth > FOLLOW_DEPTH:
        return "unknown"
    if node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        return _receiver(flow, inner[0], spec, depth + 1, seen) if len(inner) == 1 else "unknown"
    if node.type in ("binary_operator", "unary_operator"):
        return "fresh"  # arithmetic makes a new tensor
    if node.type == "call":
        name = callee_name(node)
        if name in spec.get("shared_calls", ()):
            return "tensor"
        return "fresh" if name in spec.get("fresh_calls", ()) or name[:1].isupper() else "unknown"
    if node.type in ("identifier", "attribute"):
        text = _text(node)
        if text in seen:
            return "cycle"
        seen = seen | {text}
        if re.search(spec.get("module_names", "(?!)"), text.rsplit(".", 1)[-1]):
            return "fresh"
        if text in flow.loop_targets:
            return "fresh"
        # `x = x.cuda()` rebinds x to the moved value: what x held before is what the other assignments say
        rights = [r for r in flow.assigned.get(text, ()) if not _moves(r, text)]
        for call, index in flow.unpacked.get(text, ()):
            # `a, b = make(x)` with `make` defined here: what its return statements put at that place
            values = flow.returns.get(callee_name(call), ())
            parts = [[c for c in v.named_children if c.type != "comment"] for v in values]
            if not values or any(
                v.type not in ("expression_list", "tuple") or index >= len(p) for v, p in zip(values, parts)
            ):
                return "unknown"
            rights += [p[index] for p in parts]
        kinds = {_receiver(flow, r, spec, depth + 1, seen) for r in rights} - {"cycle"}
        return kinds.pop() if len(kinds) == 1 else "unknown"
    return "unknown"


def _moves(node: ts.Node, name: str) -> bool:
    """Whether `node` is `name.cuda(...)` or `name.to(...)`."""
    if node.type != "call" or callee_name(node) not in ("cuda", "to"):
        return False
    function = node.child_by_field_name("function")
    receiver = function.child_by_field_name("object") if function is not None else None
    return receiver is not None and _text(receiver) == name


def bound_before(flow: Flow, name: str, node: ts.Node) -> bool:
    """Whether `name` is assigned at module level before `node`, or earlier in the function that holds `node`."""
    scope = _scope(node)
    for right in flow.assigned.get(name, ()):
        assignment = right.parent
        if assignment is None or assignment.start_byte >= node.start_byte:
            continue
        owner = _scope(assignment)
        if owner is None or (scope is not None and owner.id == scope.id):
            return True
    return False


def _scope(node: ts.Node) -> ts.Node | None:
    parent = node.parent
    while parent is not None:
        if parent.type in ("function_definition", "lambda"):
            return parent
        parent = parent.parent
    return None


def fields(
    spec: Mapping[str, Any] | Sequence[Mapping[str, Any]],
    captures: Mapping[str, Sequence[ts.Node]],
    flow: Flow,
) -> dict[str, str] | None:
    """A rule's `match.flow` checks (one table or a list) on one match: None when one does not hold (the value does
    not reach a sink, say); else the fields they set (`set = { field, true, false }`), empty when they set none."""
    if not isinstance(spec, Mapping):
        found: dict[str, str] = {}
        for one in spec:
            result = fields(one, captures, flow)
            if result is None:
                return None
            found.update(result)
        return found
    nodes = captures.get(spec.get("capture", ""), ())
    if not nodes:
        return {}  # a pattern of the rule without that capture: the check is not this pattern's
    node = nodes[0]
    check = spec["check"]
    if check == "sink":
        held = flows_to_sink(flow, node, spec["sinks"])
    elif check == "option-sink":
        held = option_flows_to_sink(flow, node, spec["sinks"])
    elif check == "int":
        held = is_int(flow, node, frozenset(spec.get("int_calls", ())))
    elif check == "receiver":
        kind = receiver_kind(flow, node, spec)
        if kind not in spec.get("accept", ("fresh", "tensor", "unknown")):
            return None
        setting = spec.get("set")
        return {setting["field"]: setting.get(kind, "")} if setting else {}
    elif check == "foreign-call":
        held = callee_name(node) not in flow.defined
    elif check == "bound":
        held = bound_before(flow, spec["name"], node)
    else:
        raise ValueError(
            f"match.flow.check {check!r} is not one of sink, option-sink, int, receiver, foreign-call, bound"
        )
    setting = spec.get("set")
    if setting is None:
        return {} if held else None
    return {setting["field"]: setting["true" if held else "false"]}
