"""C++ autograd Functions of an extension's ops (`class F : public torch::autograd::Function<F>` with static forward
and backward) read as Python torch.autograd.Function classes over the Triton forms of the CUDA functions they reach.

An op registered for every device whose body calls `F::apply(...)` reaches its CUDA functions through F: F's
forward and backward call functions of the same C++ source that pick the CUDA function under a device test
(`if (x.device().is_cuda()) return f_cuda(...)`). On cuda tensors that branch is the one taken, so the Python class
calls the Triton form of each CUDA function in its place; the op's own body becomes a Python function calling
`F.apply`, registered for cuda tensors and for their autograd key (the dispatcher's CompositeImplicitAutograd
kernel, the C++ op, keeps serving every other device). What the reader does not know (another ctx method, a
function of the source with no CUDA branch) keeps the op on its CUDA function, with the reason."""

from __future__ import annotations

import re
from dataclasses import dataclass

import tree_sitter as ts

from .. import parse
from . import ir
from .cuda_front import Unreadable, py_name
from .host import (
    PARAM_TYPES,
    HAssign,
    HExpr,
    HostOp,
    HostReader,
    definitions,
    function_name,
    host_table,
    read_params,
    return_annotation,
)

VARIABLE_TYPES = {"Variable", "torch::autograd::Variable", "torch::Tensor", "at::Tensor"}
LIST_TYPES = {"variable_list", "torch::autograd::variable_list"}
CONTEXT_TYPES = {"AutogradContext", "torch::autograd::AutogradContext"}


@dataclass(frozen=True)
class AutogradClass:
    """One autograd Function: its forward and backward as host functions (their first parameter is `ctx`)."""

    name: str
    forward: HostOp
    backward: HostOp
    line: int


@dataclass(frozen=True)
class Route:
    """An op that reaches its CUDA functions through autograd Functions: the op's body, the classes, and the CUDA
    functions (by name) their calls stand for."""

    op: HostOp
    classes: tuple[AutogradClass, ...]
    cuda: tuple[str, ...]


def _classes(root: ts.Node) -> dict[str, ts.Node]:
    """The autograd Function classes of a C++ source, by name."""
    base = re.escape(host_table()["registration"]["autograd_base"])
    found = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in ("class_specifier", "struct_specifier") and node.child_by_field_name("name") is not None:
            name = node.child_by_field_name("name").text.decode()
            clause = next((c for c in node.named_children if c.type == "base_class_clause"), None)
            if clause is not None and re.search(rf"{base}\s*<\s*{re.escape(name)}\s*>", clause.text.decode()):
                found[name] = node
                continue
        stack.extend(node.named_children)
    return found


class AutogradReader(HostReader):
    """Host statements of an autograd Function's methods and of the op that applies it: `ctx` operations become
    the Python ctx's, calls of the source's device-test functions the Triton forms of their CUDA functions."""

    def __init__(self, classes: set[str], cuda_of: dict[str, str], ctx: str = "") -> None:
        super().__init__()
        self.classes = classes
        self.cuda_of = cuda_of  # C++ function -> the CUDA function its device test returns, given its parameters
        self.ctx = ctx
        self.reached: list[str] = []  # the CUDA functions called, in order
        self.saved_data = False  # whether the method writes ctx->saved_data

    def _ctx_member(self, node: ts.Node) -> str | None:
        """`saved_data` of `ctx->saved_data`, where ctx is this method's context."""
        if node.type == "field_expression" and self.ctx and node.child_by_field_name("argument").text.decode() == \
                self.ctx and node.child_by_field_name("operator").text.decode() == "->":
            return node.child_by_field_name("field").text.decode()
        return None

    def _saved_key(self, node: ts.Node) -> str | None:
        """The key of `ctx->saved_data["key"]`."""
        if node.type != "subscript_expression":
            return None
        if self._ctx_member(node.child_by_field_name("argument")) != "saved_data":
            return None
        indices = node.child_by_field_name("indices").named_children
        if len(indices) != 1 or indices[0].type != "string_literal":
            raise Unreadable(f"the saved data key {node.text.decode()}")
        return b"".join(c.text for c in indices[0].named_children).decode()

    def statement(self, node: ts.Node) -> list:
        inner = node.named_children[0] if node.type == "expression_statement" and node.named_children else None
        if inner is not None and inner.type == "assignment_expression" and \
                inner.child_by_field_name("operator").text.decode() == "=":
            key = self._saved_key(inner.child_by_field_name("left"))
            if key is not None:
                self.saved_data = True
                return [HAssign(f"{self.ctx}.saved_data[{key!r}]", self.expr(inner.child_by_field_name("right")))]
        if inner is not None and inner.type == "call_expression":
            member = self._ctx_member(inner.child_by_field_name("function"))
            methods = host_table()["autograd"]["context"]
            if member is not None:
                if member not in methods:
                    raise Unreadable(f"the autograd context call {member}()")
                args = [a for a in inner.child_by_field_name("arguments").named_children if a.type != "comment"]
                values = [v for a in args for v in self._listed(a)]
                return [HExpr(ir.Call(f"{self.ctx}.{methods[member]}", tuple(values)))]
        return super().statement(node)

    def _listed(self, node: ts.Node) -> list[ir.Expr]:
        """The variables of `{a, b}` (a braced list), or of one variable."""
        if node.type == "initializer_list":
            return [self.expr(c) for c in node.named_children if c.type != "comment"]
        return [self.expr(node)]

    def expr(self, node: ts.Node) -> ir.Expr:
        if node.type == "subscript_expression":
            base = node.child_by_field_name("argument")
            key = self._saved_key(node)
            if key is not None:
                return ir.Index(ir.Text(f"{self.ctx}.saved_data"), (ir.Text(repr(key)),))
            value = self.expr(base)
            if self.kind(value) == "list":
                indices = [c for c in node.child_by_field_name("indices").named_children if c.type != "comment"]
                if len(indices) != 1:
                    raise Unreadable(f"the subscript {node.text.decode()}")
                return ir.Index(value, (self.expr(indices[0]),))
        return super().expr(node)

    def kind(self, expr: ir.Expr) -> str:
        if isinstance(expr, ir.Call) and expr.func.endswith(".apply") and expr.func[:-len(".apply")] in self.classes:
            return "list"
        if isinstance(expr, ir.Text) and expr.text == f"{self.ctx}.saved_tensors":
            return "list"
        if isinstance(expr, ir.Index) and self.kind(expr.base) == "list":
            return "tensor"
        return super().kind(expr)

    def _call(self, node: ts.Node) -> ir.Expr:
        func = node.child_by_field_name("function")
        args = [c for c in node.child_by_field_name("arguments").named_children if c.type != "comment"]
        table = host_table()["autograd"]
        member = self._ctx_member(func)
        if member is not None:
            if member not in table["context_values"] or args:
                raise Unreadable(f"the autograd context call {member}()")
            return ir.Text(f"{self.ctx}.{table['context_values'][member]}")
        if func.type == "field_expression":  # `ctx->saved_data["degree"].toInt()`: the value as a Python number
            method = func.child_by_field_name("field").text.decode()
            receiver = func.child_by_field_name("argument")
            if method in table["ivalue"] and not args and self._saved_key(receiver) is not None:
                return ir.Call(table["ivalue"][method], (self.expr(receiver),))
        name = func.text.decode()
        if func.type == "qualified_identifier" and name.endswith("::apply") and name[:-len("::apply")] in self.classes:
            return ir.Call(f"{name[:-len('::apply')]}.apply", tuple(self.expr(a) for a in args))
        if name in table["undefined"] and not args:
            return ir.NoneConst()
        if name in table["requires_grad"] and len(args) == 1:
            listed = self._listed(args[0])
            if not all(isinstance(v, ir.Name) for v in listed):
                raise Unreadable(f"the call {node.text.decode()}")
            names = ", ".join(v.id for v in listed)
            return ir.Text(f"any(v is not None and v.requires_grad for v in ({names},))")
        if name in self.cuda_of:  # its CUDA branch passes on its own parameters, in order
            cuda = self.cuda_of[name]
            if cuda not in self.reached:
                self.reached.append(cuda)
            return ir.Call(py_name(cuda), tuple(self.expr(a) for a in args))
        return super()._call(node)


def _method(node: ts.Node, name: str) -> ts.Node:
    body = node.child_by_field_name("body")
    for member in body.named_children if body is not None else ():
        if member.type == "function_definition" and function_name(member) == name:
            return member
    raise Unreadable(f"an autograd Function without a static {name}")


def _params(node: ts.Node) -> tuple[str, list[tuple[str, str]]]:
    """(the context parameter's name, the others as (name, Python annotation)); a variable_list is `*name`."""
    declarator = node.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    ctx, params = "", []
    for p in declarator.child_by_field_name("parameters").named_children:
        ptype = p.child_by_field_name("type").text.decode()
        pname = p.child_by_field_name("declarator")
        while pname is not None and pname.type in ("pointer_declarator", "reference_declarator"):
            pname = pname.named_children[-1]
        name = py_name(pname.text.decode()) if pname is not None else ""
        if ptype in CONTEXT_TYPES and not ctx:
            ctx = name
        elif ptype in VARIABLE_TYPES:
            params.append((name, "torch.Tensor"))
        elif ptype in LIST_TYPES:
            params.append((f"*{name}", ""))
        elif ptype in PARAM_TYPES:
            params.append((name, PARAM_TYPES[ptype]))
        else:
            raise Unreadable(f"the parameter type {ptype}")
    if not ctx:
        raise Unreadable("an autograd method without its context parameter")
    return ctx, params


def _read_method(node: ts.Node, name: str, classes: set[str], cuda_of) -> tuple[HostOp, list[str]]:
    member = _method(node, name)
    ctx, params = _params(member)
    reader = AutogradReader(classes, cuda_of, ctx)
    reader.kinds = {n.lstrip("*"): "list" if n.startswith("*") else "tensor" if a == "torch.Tensor" else a
                    for n, a in params}
    body = tuple(reader.statements(member.child_by_field_name("body")))
    if reader.saved_data:  # Python's ctx has no saved_data of its own
        body = (HAssign(f"{ctx}.saved_data", ir.Text("{}")),) + body
    signature = ((ctx, ""),) + tuple(params)
    return HostOp(name, signature, "", body, member.start_point[0] + 1), reader.reached


def read_route(data: bytes, function: str, cuda_of: dict[str, str]) -> Route | str | None:
    """The route from op function `function` of a C++ source through the autograd Functions it applies to CUDA
    functions (`cuda_of`: the source's functions that return a CUDA function under their device test, given their
    own parameters in order); None where it applies none, or why it cannot be read."""
    root = parse.parse("cuda", data).root_node
    node = next((d for d in definitions(root) if function_name(d) == function), None)
    classes = _classes(root)
    if node is None or not classes or not any(f"{c}::apply" in node.text.decode() for c in classes):
        return None
    try:
        reader = AutogradReader(set(classes), cuda_of)
        params, _ = read_params(node)
        reader.kinds = {n: "tensor" if a == "torch.Tensor" else a for n, a in params}
        body = tuple(reader.statements(node.child_by_field_name("body")))
        op = HostOp(function, tuple(params), return_annotation(node), body, node.start_point[0] + 1)
        applied = [c for c in classes if f"{c}::apply" in node.text.decode()]
        read, reached = [], list(reader.reached)
        for name in applied:
            forward, first = _read_method(classes[name], "forward", set(classes), cuda_of)
            backward, second = _read_method(classes[name], "backward", set(classes), cuda_of)
            read.append(AutogradClass(name, forward, backward, classes[name].start_point[0] + 1))
            reached += [c for c in first + second if c not in reached]
    except Unreadable as exc:
        return f"{function} applies an autograd Function whose code has {exc}"
    if not reached:
        return f"{function} applies an autograd Function that calls no CUDA function"
    return Route(op, tuple(read), tuple(reached))
