"""Reading PyTorch C++ host functions (the ops an extension binds) into launcher statements over the kernel IR."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import tree_sitter as ts

from .. import parse
from . import ir
from .cuda_front import Unreadable, number, py_name

HOST_TABLE = Path(__file__).resolve().parent.parent.parent / "rules" / "tile" / "maps" / "host.toml"
PARAM_TYPES = {"torch::Tensor": "torch.Tensor", "at::Tensor": "torch.Tensor", "int64_t": "int", "int": "int",
               "long": "int", "double": "float", "float": "float", "bool": "bool"}
RETURN_TYPES = {"torch::Tensor": "torch.Tensor", "at::Tensor": "torch.Tensor", "void": "None", "bool": "bool",
                "std::vector<torch::Tensor>": "list[torch.Tensor]", "std::vector<at::Tensor>": "list[torch.Tensor]"}
INT_TYPES = {"int", "int64_t", "long", "unsigned", "size_t", "int32_t", "uint32_t", "dim3"}
# An optional tensor parameter (`std::optional<torch::Tensor>`, `c10::optional<at::Tensor>`): None or a tensor.
OPTIONAL_TENSOR = re.compile(r"(?:const\s+)?(?:std|c10|at|torch)::optional<\s*(?:torch|at)::Tensor\s*>")
# `#define NAME body` and `#define NAME(a, b) body` of a source: what host code spells through macros.
DEFINE = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+(\w+)(\([\w\s,]*\))?[ \t]+((?:[^\n\\]|\\\n)+)$", re.MULTILINE)


@cache
def host_table() -> dict:
    with HOST_TABLE.open("rb") as handle:
        return tomllib.load(handle)


@dataclass(frozen=True)
class HAssign:
    name: str
    value: ir.Expr


@dataclass(frozen=True)
class HCheck:
    test: ir.Expr
    message: str


@dataclass(frozen=True)
class HLaunch:
    kernel: str
    grid: ir.Expr
    block: ir.Expr
    args: tuple[ir.Expr, ...]
    shared: ir.Expr | None = None  # the launch's bytes of dynamic shared memory
    targs: tuple[ir.Expr | None, ...] = ()  # its template arguments, each value read (None for a type)


@dataclass(frozen=True)
class HIf:
    test: ir.Expr
    body: tuple
    orelse: tuple


@dataclass(frozen=True)
class HReturn:
    value: ir.Expr | None


@dataclass(frozen=True)
class HWhile:
    test: ir.Expr
    body: tuple


@dataclass(frozen=True)
class HExpr:
    """A call made for its effect: a host function of the same source (`propose(out, ...)`)."""

    value: ir.Expr


@dataclass(frozen=True)
class HostOp:
    """One host function: its Python signature and the statements of its body."""

    name: str
    params: tuple[tuple[str, str], ...]  # (name, Python annotation)
    returns: str
    body: tuple
    line: int
    # the host functions of the same source it calls, each once, those they call in turn too: Python functions of
    # the module beside it
    calls: tuple[HostOp, ...] = ()
    # (variable of device memory, C type of the local it is read into) for each cudaMemcpyFromSymbol it makes
    symbols: tuple[tuple[str, str], ...] = ()


def op_statements(op: HostOp) -> tuple:
    """The statements of an op and of every host function it calls: where its launches are."""
    return op.body + tuple(s for fn in op.calls for s in fn.body)


UNREAD = ir.Call("(unread)", ())  # a launch's shared-memory size the host code gives in a form not read


def unserved(op: HostOp, kernels: dict) -> list[tuple[str, str]]:
    """(kernel, why) for each launch of an op (and of the host functions it calls) that no Triton kernel of `kernels`
    (name -> TileKernel) can serve: its kernel stays SIMT, or takes the dynamic shared memory the launch sizes in a
    form not read; ("", why) for a variable of device memory it reads that its kernels do not hold as one element of
    the local's type."""
    out = []
    stmts = op_statements(op)
    launched = [kernels[s.kernel] for s in launches(stmts) if s.kernel in kernels]
    held = {g.name: g for k in launched for one in (k, *k.instances) for g in one.symbols}
    for symbol, ctype in {fn_symbol for fn in (op, *op.calls) for fn_symbol in fn.symbols}:
        g = held.get(symbol)
        if g is None:
            out.append(("", f"it reads {symbol} with cudaMemcpyFromSymbol, which no kernel it launches uses"))
        elif g.count != 1 or g.record is not None or g.ctype != ctype:
            why = f"it reads {symbol} ({g.ctype}, {g.count} elements) into one {ctype} with cudaMemcpyFromSymbol"
            out.append(("", why))
    for s in launches(stmts):
        if s.kernel not in kernels:
            out.append((s.kernel, f"it launches {s.kernel}, which stays SIMT"))
            continue
        unread = [name for name, _ in kernels[s.kernel].template_consts if template_argument(s, kernels[s.kernel], name)
                  is None]
        if unread:
            out.append((s.kernel, f"it launches {s.kernel} with its template argument {unread[0]} in a form not read"))
        elif s.shared is UNREAD and any(c.dynamic for c in kernels[s.kernel].scratch):
            out.append((s.kernel, f"it launches {s.kernel} with dynamic shared memory of a size not read"))
    return out


def template_argument(launch: HLaunch, kernel, name: str) -> ir.Expr | None:
    """The value a launch gives the kernel's template parameter `name` (a constexpr of the tile kernel), or None."""
    params = kernel.template_params
    position = params.index(name) if name in params else len(launch.targs)
    return launch.targs[position] if position < len(launch.targs) else None


def launches(stmts: tuple):
    """Every kernel launch of host statements, those inside ifs too."""
    for s in stmts:
        if isinstance(s, HLaunch):
            yield s
        elif isinstance(s, HIf):
            yield from launches(s.body)
            yield from launches(s.orelse)
        elif isinstance(s, HWhile):
            yield from launches(s.body)


class HostReader:
    """Host statements of one function; `kinds` says which locals are tensors, integers or floats."""

    def __init__(self, macros: dict[str, tuple[tuple[str, ...] | None, str]] | None = None,
                 functions: dict[str, str] | None = None, switches: dict | None = None) -> None:
        self.kinds: dict[str, str] = {}
        self.macros = macros or {}  # name: (parameters, or None for an object-like macro; body)
        self.switches = switches or {}  # dispatch macros over a value (migrate/tile/switches.py): name -> Switch
        self.expanding: tuple[str, ...] = ()
        self.functions = functions or {}  # host functions of the same source: name -> C return type
        self.called: list[str] = []  # those this function calls, in order
        self.symbols: list[tuple[str, str]] = []  # (variable of device memory, local's C type) it reads
        self.buffers: dict[str, str] = {}  # host buffers from malloc: name -> element C type
        self.ctypes: dict[str, str] = {}  # the C type each local is declared with

    def _expand(self, name: str, args: list[ts.Node]) -> ir.Expr:
        """A macro's body read as an expression, its parameters replaced by the argument texts."""
        params, body = self.macros[name]
        if name in self.expanding:
            raise Unreadable(f"the recursive macro {name}")
        if params is not None:
            if len(params) != len(args):
                raise Unreadable(f"the macro call {name}()")
            values = dict(zip(params, (f"({a.text.decode()})" for a in args)))
            body = re.sub(r"\b\w+\b", lambda m: values.get(m.group(0), m.group(0)), body)
        tree = parse.parse("cuda", f"int migrate_macro_value = ({body});".encode()).root_node
        decl = tree.named_children[0] if tree.named_children else None
        value = decl.child_by_field_name("declarator") if decl is not None and decl.type == "declaration" else None
        value = value.child_by_field_name("value") if value is not None else None
        if value is None or tree.has_error:
            raise Unreadable(f"the macro {name}")
        self.expanding += (name,)
        try:
            return self.expr(value)
        finally:
            self.expanding = self.expanding[:-1]

    # -- expressions -------------------------------------------------------------------------------------------

    def expr(self, node: ts.Node) -> ir.Expr:
        kind = node.type
        text = node.text.decode()
        if kind == "parenthesized_expression":
            return self.expr(node.named_children[0])
        if kind == "identifier" and self.macros.get(text, (0,))[0] is None:
            return self._expand(text, [])
        if kind == "identifier":
            return ir.Name(py_name(text))
        if kind == "number_literal":
            return number(text)
        if kind in ("true", "false"):
            return ir.Text("True" if kind == "true" else "False")
        if kind == "string_literal":
            return ir.Text(repr(b"".join(c.text for c in node.named_children).decode()))
        if kind in ("qualified_identifier", "template_function") and text in host_table()["dtypes"]:
            return ir.Text(host_table()["dtypes"][text])
        if kind == "binary_expression":
            op = node.child_by_field_name("operator").text.decode()
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if op == "&&":
                parts = [p for p in (self._check_part(left), self._check_part(right)) if p is not None]
                if not parts:
                    return ir.Text("True")
                return parts[0] if len(parts) == 1 else ir.Bin("&", parts[0], parts[1])
            a, b = self.expr(left), self.expr(right)
            if op == "/" and self.kind(a) == "int" and self.kind(b) == "int":
                op = "//"
            return ir.Bin(op, a, b)
        if kind == "unary_expression":
            op = node.child_by_field_name("operator").text.decode()
            argument = self.expr(node.child_by_field_name("argument"))
            if op == "!" and isinstance(argument, ir.Call) and argument.func == "(has_value)":
                return ir.Call("(is_none)", argument.args)
            if op == "!" and self.kind(argument) == "bool":  # Python's ~ of a bool is an int, never False
                return ir.Call("(not)", (argument,))
            return ir.Un(op, argument)
        if kind == "subscript_expression":
            base = self.expr(node.child_by_field_name("argument"))
            if self.kind(base) not in ("tensor", "buffer"):
                raise Unreadable(f"the subscript {text}")
            indices = [c for c in node.child_by_field_name("indices").named_children if c.type != "comment"]
            if len(indices) != 1:
                raise Unreadable(f"the subscript {text}")
            return ir.Index(base, (self.expr(indices[0]),))  # a tensor's select along dim 0, or a host element
        if kind == "conditional_expression":
            return ir.Cond(self.expr(node.child_by_field_name("condition")),
                           self.expr(node.child_by_field_name("consequence")),
                           self.expr(node.child_by_field_name("alternative")))
        if kind == "cast_expression":
            return self._cast(node.child_by_field_name("type").text.decode(),
                              self.expr(node.child_by_field_name("value")))
        if kind == "call_expression":
            return self._call(node)
        if kind == "initializer_list":
            return ir.Call("(tuple)", tuple(self.expr(c) for c in node.named_children))
        if kind == "field_expression" and node.child_by_field_name("field").text.decode() in ("x", "y", "z"):
            raise Unreadable(f"the dim3 member access {text}")
        raise Unreadable(f"the host expression {text}")

    def _check_part(self, node: ts.Node) -> ir.Expr | None:
        """A TORCH_CHECK conjunct, or None for one that only asks for a CUDA tensor (`x.is_cuda()`,
        `x.device().type() == at::DeviceType::CUDA`)."""
        dropped = host_table()["dropped"]
        if node.type == "call_expression" and node.child_by_field_name("function").type == "field_expression":
            method = node.child_by_field_name("function").child_by_field_name("field").text.decode()
            if method in dropped["checks"]:
                return None
        if node.type == "binary_expression" and node.child_by_field_name("operator").text.decode() == "==":
            sides = (node.child_by_field_name("left"), node.child_by_field_name("right"))
            if any(side.text.decode() in dropped["devices"] for side in sides):
                return None
        return self.expr(node)

    def _cast(self, ctype: str, value: ir.Expr) -> ir.Expr:
        ctype = ctype.replace("const", "").strip()
        if ctype in INT_TYPES:
            return ir.Call("int", (value,))
        if ctype in ("float", "double"):
            return ir.Call("float", (value,))
        return value

    def _call(self, node: ts.Node) -> ir.Expr:
        func = node.child_by_field_name("function")
        args = [c for c in node.child_by_field_name("arguments").named_children if c.type != "comment"]
        if func.type == "field_expression":
            receiver = self.expr(func.child_by_field_name("argument"))
            field = func.child_by_field_name("field")
            method = (field.child_by_field_name("name") or field).text.decode()
            if field.type == "template_method":
                method = field.named_children[0].text.decode()
            if method == "options" and not args:
                return ir.Call("(options)", (receiver,))
            if method in ("has_value", "value") and not args and self.kind(receiver) == "optional":
                return ir.Call("(has_value)", (receiver,)) if method == "has_value" else receiver
            if method == "dtype" and isinstance(receiver, ir.Call) and receiver.func == "(options)":
                return ir.Call("(options)", (receiver.args[0], self.expr(args[0])))
            row = host_table()["methods"].get(method)
            if row is None:
                raise Unreadable(f"the Tensor method {method}()")
            if row == "":
                return receiver
            if row.startswith("torch."):  # a method with no Python spelling: the aten function, tensor first
                return ir.Call(row, (receiver, *[self.expr(a) for a in args]))
            if not row.startswith("."):
                return ir.Attr(receiver, row)
            return ir.Call(row, (receiver, *[self.expr(a) for a in args]))
        name = func.text.decode()
        if func.type == "template_function":
            name = func.child_by_field_name("name").text.decode()
            targs = func.child_by_field_name("arguments").named_children
            if name in ("static_cast", "std::static_cast") and targs:
                return self._cast(targs[0].text.decode(), self.expr(args[0]))
        if func.type == "primitive_type":
            return self._cast(name, self.expr(args[0]))
        element = re.fullmatch(r"std::get\s*<\s*(\d+)\s*>", name)
        if element and len(args) == 1:  # std::get<0>(t.min(0)): an element of a tuple
            return ir.Index(self.expr(args[0]), (ir.Num(int(element.group(1))),))
        name = re.sub(r"<.*>$", "", name)  # std::min<int64_t>: Python's min needs no type argument
        if self.macros.get(name, (None,))[0] is not None:
            return self._expand(name, args)
        if name in self.functions:  # a host function of the same source: a Python function beside the op
            if name not in self.called:
                self.called.append(name)
            return ir.Call(py_name(name), tuple(self.expr(a) for a in args))
        target = host_table()["calls"].get(name)
        if target is None:
            raise Unreadable(f"the host call {name}()")
        values = [self.expr(a) for a in args]
        factory = host_table()["factories"].get(target)
        positional = factory["arguments"] if factory is not None else None
        if positional is not None and len(values) >= positional:
            shape = values[0]
            if factory["sized"] and self.kind(shape) == "int":  # one size: Python's factories take a sequence
                shape = ir.Call("(tuple)", (shape,))
            kwargs = self._options(values[positional]) if len(values) > positional else ()
            if len(values) > positional + 1:
                raise Unreadable(f"the host call {name}() with {len(values)} arguments")
            return ir.Call(target, (shape, *values[1:positional]), kwargs=kwargs)
        if target.endswith("_like") and len(values) == 2:
            return ir.Call(target, (values[0],), kwargs=self._options(values[1]))
        return ir.Call(target, tuple(values))

    def _options(self, value: ir.Expr) -> tuple:
        if not (isinstance(value, ir.Call) and value.func == "(options)"):
            return (("dtype", value),)
        tensor = value.args[0]
        dtype = value.args[1] if len(value.args) > 1 else ir.Attr(tensor, "dtype")
        return (("dtype", dtype), ("device", ir.Attr(tensor, "device")))

    def kind(self, expr: ir.Expr) -> str:
        if isinstance(expr, ir.Call) and expr.func in ("(has_value)", "(is_none)", "(not)"):
            return "bool"
        if isinstance(expr, ir.Call) and expr.func in {py_name(f) for f in self.functions}:
            returns = next(t for f, t in self.functions.items() if py_name(f) == expr.func)
            return "bool" if returns == "bool" else "int" if returns in INT_TYPES else \
                "tensor" if RETURN_TYPES.get(returns) == "torch.Tensor" else ""
        if isinstance(expr, ir.Index) and isinstance(expr.base, ir.Name) and expr.base.id in self.buffers:
            ctype = self.buffers[expr.base.id]
            return "int" if ctype in INT_TYPES else "float" if ctype in ("float", "double") else ""
        if isinstance(expr, ir.Index) and self.kind(expr.base) == "tensor":
            return "tensor"
        if isinstance(expr, ir.Call) and expr.func.startswith("torch."):  # a factory or an aten function
            return "tensor"
        if isinstance(expr, ir.Call) and expr.func.startswith(".") and expr.args and \
                self.kind(expr.args[0]) == "tensor" and expr.func in host_table()["kinds"]["tensor_methods"]:
            return "tensor"
        if isinstance(expr, ir.Bin) and expr.op in ("+", "-", "*", "/") and "tensor" in (
                self.kind(expr.left), self.kind(expr.right)):
            return "tensor"
        if isinstance(expr, ir.Num):
            return "float" if expr.is_float else "int"
        if isinstance(expr, ir.Name):
            return self.kinds.get(expr.id, "")
        if isinstance(expr, ir.Call) and expr.func in (".numel", ".dim", "int"):
            return "int"
        if isinstance(expr, ir.Call) and expr.func in (".size", ".stride"):
            return "int" if len(expr.args) == 2 else "shape"  # x.sizes(): every size
        if isinstance(expr, ir.Call) and expr.func in ("min", "max"):
            kinds = {self.kind(a) for a in expr.args}
            return "int" if kinds == {"int"} else ""
        if isinstance(expr, ir.Bin) and expr.op in ("+", "-", "*", "//", "%"):
            return "int" if self.kind(expr.left) == self.kind(expr.right) == "int" else ""
        return ""

    # -- statements --------------------------------------------------------------------------------------------

    def statements(self, node: ts.Node) -> list:
        out: list = []
        for child in node.named_children:
            out.extend(self.statement(child))
        return out

    def statement(self, node: ts.Node) -> list:
        kind = node.type
        table = host_table()["dropped"]
        if kind in ("comment", "empty_statement"):
            return []
        if kind == "compound_statement":
            return self.statements(node)
        if kind == "declaration":
            ctype = node.child_by_field_name("type").text.decode()
            if ctype in table["types"]:
                return []
            out = []
            for decl in node.children_by_field_name("declarator"):
                if decl.type == "identifier":  # `bool done;`, `torch::Tensor start;`: set before it is read
                    out += self._uninitialized(py_name(decl.text.decode()), ctype, node)
                    continue
                if decl.type != "init_declarator":
                    raise Unreadable(f"the declaration {node.text.decode()}")
                target = decl.child_by_field_name("declarator")
                pointer = target.type == "pointer_declarator"
                while target.type in ("pointer_declarator", "reference_declarator"):
                    target = target.named_children[-1]
                if target.type != "identifier":
                    raise Unreadable(f"the declaration {node.text.decode()}")
                name = py_name(target.text.decode())
                value = decl.child_by_field_name("value")
                if value.type == "argument_list" and ctype.replace("const", "").strip() == "dim3":
                    shape = tuple(self.expr(c) for c in value.named_children if c.type != "comment")
                    out.append(HAssign(name, ir.Call("(tuple)", shape)))  # a launch shape: (x, y, z)
                    self.kinds[name] = "shape"
                    continue
                if value.type == "argument_list":
                    raise Unreadable(f"the constructor call {node.text.decode()}")
                if value.type == "call_expression" and value.child_by_field_name(
                    "function"
                ).text.decode() in table["calls"]:
                    continue  # `auto stream = at::cuda::getCurrentCUDAStream();`: only a launch used it
                buffer = self._malloc(value, ctype if pointer else "")
                if buffer is not None:  # a host buffer: a Python list of its elements
                    element, count = buffer
                    self.buffers[name] = element
                    self.kinds[name] = "buffer"
                    out.append(HAssign(name, ir.Bin("*", ir.Text("[0]"), count)))
                    continue
                expr = self.expr(value)
                base = ctype.replace("const", "").strip()
                self.ctypes[name] = base
                # A pointer local is a tensor's data (`x.data_ptr<float>()`): the tensor itself in Python.
                self.kinds[name] = ("tensor" if pointer or "Tensor" in base else "int" if base in INT_TYPES
                                    else "float" if base in ("float", "double") else self.kind(expr))
                out.append(HAssign(name, expr))
            return out
        if kind == "return_statement":
            return [HReturn(self.expr(node.named_children[0]) if node.named_children else None)]
        if kind == "if_statement":
            condition = node.child_by_field_name("condition")
            if condition.type == "condition_clause":
                if condition.child_by_field_name("initializer") is not None:
                    raise Unreadable("an if with an initializer")
                condition = condition.child_by_field_name("value")
            other = node.child_by_field_name("alternative")
            if other is not None and other.type == "else_clause":
                other = other.named_children[0] if other.named_children else None
            body = tuple(self.statement(node.child_by_field_name("consequence")))
            orelse = tuple(self.statement(other)) if other is not None else ()
            if not body and not orelse:
                return []
            return [HIf(self.expr(condition), body, orelse)]
        if kind == "while_statement":
            condition = node.child_by_field_name("condition")
            if condition.type == "condition_clause":
                condition = condition.child_by_field_name("value")
            test = self.expr(condition)
            return [HWhile(test, tuple(self.statement(node.child_by_field_name("body"))) or ())]
        if kind != "expression_statement" or not node.named_children:
            raise Unreadable(f"the host statement {kind.replace('_', ' ')}")
        inner = node.named_children[0]
        if inner.type == "assignment_expression" and inner.child_by_field_name("operator").text.decode() == "=":
            left = inner.child_by_field_name("left")
            if left.type == "identifier":
                return [HAssign(py_name(left.text.decode()), self.expr(inner.child_by_field_name("right")))]
        if inner.type != "call_expression":
            raise Unreadable(f"the host statement {node.text.decode()}")
        if inner.child_by_field_name("arguments").type == "argument_list" and any(
            c.type == "kernel_call_syntax" for c in inner.children
        ):
            return [self._launch(inner)]
        name = inner.child_by_field_name("function").text.decode()
        args = inner.child_by_field_name("arguments").named_children
        if name in table["calls"]:
            return []
        if name in self.functions:
            return [HExpr(self.expr(inner))]
        copies = host_table()["copies"]
        if name == copies["from_symbol"]:
            return [self._from_symbol(inner, args)]
        if name == copies["to_host"]:
            return self._to_host(inner, args)
        if name == copies["free"] and len(args) == 1 and args[0].text.decode() in self.buffers:
            return []  # the list goes when nothing names it
        if name in host_table()["checks"]["macros"] and args:
            test = self._check_part(args[0])
            if test is None:
                return []
            message = " ".join(b"".join(c.text for c in a.named_children).decode() for a in args[1:]
                               if a.type == "string_literal")
            return [HCheck(test, message or f"{args[0].text.decode()} failed")]
        body = args[-1] if args else None
        while body is not None and body.type == "parenthesized_expression" and body.named_children:
            body = body.named_children[0]  # AT_DISPATCH_...(t, "name", ([&] { ... }))
        if name in table["dispatch"] and body is not None and body.type == "lambda_expression":
            return self.statements(body.child_by_field_name("body"))
        switch = self.switches.get(name)
        if switch is not None and len(args) == switch.position + 2 and body is not None \
                and body.type == "lambda_expression":
            # one case per value, each binding the constant to it: the value itself, once it is one of them
            value = self.expr(args[switch.position])
            tests = [ir.Bin("==", value, ir.Num(v)) for v in switch.values]
            test = tests[0]
            for more in tests[1:]:
                test = ir.Bin("|", test, more)
            self.kinds[py_name(switch.name)] = "int"
            return [HCheck(test, switch.message), HAssign(py_name(switch.name), value),
                    *self.statements(body.child_by_field_name("body"))]
        raise Unreadable(f"the host call {name}()")

    def _uninitialized(self, name: str, ctype: str, node: ts.Node) -> list:
        """A local declared without a value: a tensor starts undefined (None); a number has no statement."""
        base = ctype.replace("const", "").strip()
        self.ctypes[name] = base
        if RETURN_TYPES.get(base) == "torch.Tensor":
            self.kinds[name] = "tensor"
            return [HAssign(name, ir.NoneConst())]
        if base in INT_TYPES or base in ("float", "double", "bool"):
            self.kinds[name] = "int" if base in INT_TYPES else "bool" if base == "bool" else "float"
            return []
        raise Unreadable(f"the declaration {node.text.decode()}")

    def _sizeof(self, node: ts.Node) -> str | None:
        """The C type `sizeof(T)` or `sizeof(local)` measures (None for another expression)."""
        if node.type != "sizeof_expression":
            return None
        inner = node.child_by_field_name("type") or node.child_by_field_name("value")
        while inner is not None and inner.type == "parenthesized_expression" and inner.named_children:
            inner = inner.named_children[0]
        if inner is None:
            return None
        text = inner.text.decode().strip()
        return self.ctypes.get(py_name(text), text) if inner.type == "identifier" else text

    def _malloc(self, value: ts.Node, declared: str) -> tuple[str, ir.Expr] | None:
        """(element C type, element count) of `(T *)malloc(n * sizeof(T))`; None for another value."""
        element = declared.replace("const", "").strip()
        if value.type == "cast_expression":
            element = value.child_by_field_name("type").text.decode().replace("const", "").strip()
            if not element.endswith("*"):
                return None
            element = element[:-1].strip()
            value = value.child_by_field_name("value")
        if value.type != "call_expression" or value.child_by_field_name("function").text.decode() not in (
                host_table()["copies"]["malloc"]):
            return None
        args = value.child_by_field_name("arguments").named_children
        size = args[0] if len(args) == 1 else None
        if size is not None and self._sizeof(size) == element:
            return element, ir.Num(1)
        if size is not None and size.type == "binary_expression" and size.child_by_field_name(
                "operator").text.decode() == "*":
            left, right = size.child_by_field_name("left"), size.child_by_field_name("right")
            for measure, count in ((left, right), (right, left)):
                if self._sizeof(measure) == element and self.kind(self.expr(count)) == "int":
                    return element, self.expr(count)
        raise Unreadable(f"the allocation {value.text.decode()}")

    def _from_symbol(self, node: ts.Node, args: list[ts.Node]) -> HAssign:
        """`cudaMemcpyFromSymbol(&local, symbol, sizeof(local)[, 0[, cudaMemcpyDeviceToHost]])`: the local takes
        the one element of the symbol's tensor on the current device (the kernels' copy there)."""
        copies = host_table()["copies"]
        why = Unreadable(f"the copy {node.text.decode()}")
        if not 3 <= len(args) <= 5 or args[0].type != "pointer_expression" or args[1].type != "identifier":
            raise why
        local = args[0].child_by_field_name("argument")
        name = py_name(local.text.decode()) if local.type == "identifier" else ""
        ctype = self.ctypes.get(name, "")
        symbol = args[1].text.decode()
        if (not ctype or self._sizeof(args[2]) != ctype or symbol in self.kinds
                or len(args) > 3 and args[3].text.decode() != "0"
                or len(args) > 4 and args[4].text.decode() != copies["device_to_host"]):
            raise why
        convert = "bool" if ctype == "bool" else "int" if ctype in INT_TYPES else             "float" if ctype in ("float", "double") else ""
        if not convert:
            raise why
        self.symbols.append((symbol, ctype))
        element = ir.Index(ir.Call(".on", (ir.Name(symbol), ir.NoneConst())), (ir.Num(0),))
        return HAssign(name, ir.Call(convert, (ir.Call(".item", (element,)),)))

    def _to_host(self, node: ts.Node, args: list[ts.Node]) -> list:
        """`cudaMemcpy(buffer, t.data_ptr<T>(), sizeof(T), cudaMemcpyDeviceToHost)` into a host buffer of T: its
        first element takes the tensor's first element (data_ptr<T> asks for a tensor of T first)."""
        why = Unreadable(f"the copy {node.text.decode()}")
        if len(args) != 4 or args[0].type != "identifier" or args[3].text.decode() != host_table()["copies"][
                "device_to_host"]:
            raise why
        buffer = py_name(args[0].text.decode())
        element = self.buffers.get(buffer)
        source = args[1]
        func = source.child_by_field_name("function") if source.type == "call_expression" else None
        field = func.child_by_field_name("field") if func is not None and func.type == "field_expression" else None
        if (element is None or field is None or field.type != "template_method"
                or field.named_children[0].text.decode() != "data_ptr"
                or field.child_by_field_name("arguments").text.decode().strip("<> ") != element
                or self._sizeof(args[2]) != element or element not in host_table()["ctypes"]):
            raise why
        tensor = self.expr(func.child_by_field_name("argument"))
        dtype = ir.Text(host_table()["ctypes"][element])
        first = ir.Call(".item", (ir.Index(ir.Call(".flatten", (tensor,)), (ir.Num(0),)),))
        return [HCheck(ir.Bin("==", ir.Attr(tensor, "dtype"), dtype), f"expected a tensor of {element}"),
                HAssign(f"{buffer}[0]", first)]

    def _launch(self, node: ts.Node) -> HLaunch:
        func = node.child_by_field_name("function")
        name = (func.child_by_field_name("name") if func.type == "template_function" else func).text.decode()
        config = next(c for c in node.children if c.type == "kernel_call_syntax").named_children
        args: list[ir.Expr] = []
        for a in node.child_by_field_name("arguments").named_children:
            if a.type == "comment":
                continue
            accessor = self._accessor(a)
            if accessor is None:
                args.append(self.expr(a))
                continue
            tensor, dims = accessor  # the kernel takes the data, then a stride and a size per dimension
            args.append(tensor)
            args += [ir.Call(".stride", (tensor, ir.Num(d))) for d in range(dims)]
            args += [ir.Call(".size", (tensor, ir.Num(d))) for d in range(dims)]
        shared = None  # bytes of dynamic shared memory
        if len(config) > 2:
            try:
                shared = self.expr(config[2])
            except Unreadable:
                shared = UNREAD  # only a kernel with a dynamic shared array needs it read

        targs: list[ir.Expr | None] = []
        if func.type == "template_function":
            for targ in func.child_by_field_name("arguments").named_children:
                # a type argument has no value (the launcher tells element types by its buffers); a name the parser
                # takes for a type (`k<scalar_t, DEGREE>`) is a value where it is a local of the host code
                text = targ.text.decode().strip()
                if targ.type == "type_descriptor":
                    targs.append(ir.Name(py_name(text)) if py_name(text) in self.kinds else None)
                    continue
                try:
                    targs.append(self.expr(targ))
                except Unreadable:
                    targs.append(None)
        return HLaunch(name, self.expr(config[0]), self.expr(config[1]), tuple(args), shared, tuple(targs))

    def _accessor(self, node: ts.Node) -> tuple[ir.Expr, int] | None:
        """(tensor, dimensions) of a `t.packed_accessor32<scalar_t, 2, ...>()` launch argument, else None."""
        func = node.child_by_field_name("function") if node.type == "call_expression" else None
        if func is None or func.type != "field_expression":
            return None
        field = func.child_by_field_name("field")
        if field.type != "template_method" or field.named_children[0].text.decode() not in host_table()[
            "accessors"
        ]["methods"]:
            return None
        targs = field.child_by_field_name("arguments").named_children
        if len(targs) < 2 or not targs[1].text.decode().isdigit():
            raise Unreadable(f"the accessor {node.text.decode()}")
        return self.expr(func.child_by_field_name("argument")), int(targs[1].text.decode())


def _declarator(node: ts.Node) -> ts.Node | None:
    while node is not None and node.type != "function_declarator":
        node = node.child_by_field_name("declarator")
    return node


def function_name(definition: ts.Node) -> str:
    """A function definition's name without its qualification ("" when it has no function declarator)."""
    declarator = _declarator(definition.child_by_field_name("declarator"))
    return declarator.child_by_field_name("declarator").text.decode().split("::")[-1] if declarator else ""


def parameter_names(definition: ts.Node) -> list[str]:
    """A function definition's parameter names in order ("" for an unnamed one)."""
    declarator = _declarator(definition.child_by_field_name("declarator"))
    names = []
    for p in declarator.child_by_field_name("parameters").named_children if declarator is not None else ():
        name = p.child_by_field_name("declarator")
        while name is not None and name.type in ("reference_declarator", "pointer_declarator"):
            name = name.named_children[-1]
        names.append(name.text.decode() if name is not None else "")
    return names


def block_end(data: bytes, start: int) -> int:
    """The offset just past the `}` that closes a block whose `{` ends just before `start`."""
    depth, end = 1, start
    while depth and end < len(data):
        depth += {ord("{"): 1, ord("}"): -1}.get(data[end], 0)
        end += 1
    return end


def definitions(node: ts.Node):
    """Function definitions at file scope and inside namespaces (`namespace ext { ... }`)."""
    for child in node.named_children:
        if child.type == "function_definition":
            yield child
        elif child.type in ("namespace_definition", "linkage_specification") and child.child_by_field_name(
            "body"
        ) is not None:
            yield from definitions(child.child_by_field_name("body"))


def read_registrations(data: bytes) -> dict[str, dict[str, str]]:
    """Ops registered per dispatch key in TORCH_LIBRARY_IMPL blocks: {key: {"ns::op": C++ function}}."""
    table = host_table()["registration"]
    found: dict[str, dict[str, str]] = {}
    for block in re.finditer(table["impl_block"].encode(), data):
        namespace, key = block.group(1).decode(), block.group(2).decode()
        for impl in re.finditer(table["impl_call"].encode(), data[block.end():block_end(data, block.end())]):
            op = impl.group(1).decode()
            qualified = op if "::" in op else f"{namespace}::{op}"
            found.setdefault(key, {})[qualified] = impl.group(2).decode().split("::")[-1]
    return found


def _read_function(node: ts.Node, data: bytes, macros: dict, functions: dict[str, str],
                   helper: bool, switches: dict | None = None) -> HostOp:
    """One host function definition as a HostOp (its `calls` left empty); Unreadable names what it cannot read."""
    declarator = _declarator(node.child_by_field_name("declarator"))
    name = declarator.child_by_field_name("declarator").text.decode()
    params, by_reference = read_params(node)
    annotation = return_annotation(node)
    reader = HostReader(macros, functions, switches)
    reader.kinds = {n: ("tensor" if a == "torch.Tensor" else "optional" if a.endswith("| None") else a)
                    for n, a in params}
    body = tuple(reader.statements(node.child_by_field_name("body")))
    if helper:  # a parameter by reference that the function sets would set the caller's variable in C++ alone
        assigned = sorted({s.name for s in _all_statements(body) if isinstance(s, HAssign)} & set(by_reference))
        if assigned:
            raise Unreadable(f"the parameter {assigned[0]}, taken by reference and set")
    return HostOp(name, tuple(params), annotation, body, node.start_point[0] + 1,
                  calls=tuple(HostOp(c, (), "", (), 0) for c in reader.called), symbols=tuple(reader.symbols))


def read_params(node: ts.Node) -> tuple[list[tuple[str, str]], list[str]]:
    """A function definition's parameters as (name, Python annotation), and the names of those taken by non-const
    reference; Unreadable names a parameter type with no Python form."""
    declarator = _declarator(node.child_by_field_name("declarator"))
    params, by_reference = [], []
    for p in declarator.child_by_field_name("parameters").named_children:
        ptype = p.child_by_field_name("type").text.decode()
        pname = p.child_by_field_name("declarator")
        reference = pname is not None and pname.type == "reference_declarator"
        while pname.type in ("reference_declarator", "pointer_declarator"):
            pname = pname.named_children[0]
        annotation = PARAM_TYPES.get(ptype)
        if annotation is None and OPTIONAL_TENSOR.fullmatch(ptype):
            annotation = "torch.Tensor | None"
        if annotation is None:
            raise Unreadable(f"the parameter type {ptype}")
        params.append((py_name(pname.text.decode()), annotation))
        if reference and "const" not in p.text.decode().split(pname.text.decode())[0]:
            by_reference.append(py_name(pname.text.decode()))
    return params, by_reference


def return_annotation(node: ts.Node) -> str:
    """The Python annotation of a function definition's return type; Unreadable when it has none."""
    returns = node.child_by_field_name("type").text.decode()
    annotation = RETURN_TYPES.get(returns)
    if annotation is None and re.fullmatch(r"std::(tuple|vector)<\s*((torch|at)::Tensor\s*,?\s*)+>", returns):
        annotation = "tuple[torch.Tensor, ...]"
    if annotation is None:
        raise Unreadable(f"the return type {returns}")
    return annotation


def _all_statements(stmts: tuple):
    for s in stmts:
        yield s
        if isinstance(s, HIf):
            yield from _all_statements(s.body)
            yield from _all_statements(s.orelse)
        elif isinstance(s, HWhile):
            yield from _all_statements(s.body)


LAUNCH = re.compile(r"\b(\w+)\s*(?:<[^<>;]*>)?\s*<<<")


def unlowered_launch(data: bytes, name: str, kernels: dict) -> str:
    """The first kernel that host function `name` of a source launches and that has no Triton form ("" when every
    one has): what keeps the function on CUDA whatever else it does."""
    root = parse.parse("cuda", data).root_node
    node = next((d for d in definitions(root) if function_name(d) == name), None)
    body = node.child_by_field_name("body").text.decode() if node is not None else ""
    return next((k for k in LAUNCH.findall(body) if k not in kernels), "")


def read_host_ops(data: bytes, names: list[str] | None = None,
                  switches: dict | None = None) -> tuple[list[HostOp], list[tuple[str, int, str]]]:
    """The host functions of a CUDA source that return tensors (or those named): ops, each with the host functions
    of the source it calls, and (name, line, why) for each one that could not be read (or calls one that could
    not). `switches` are the dispatch macros over a value its headers define (migrate/tile/switches.py)."""
    root = parse.parse("cuda", data).root_node
    macros = {m.group(1).decode(): (tuple(a.strip() for a in m.group(2)[1:-1].decode().split(",") if a.strip())
                                    if m.group(2) else None, m.group(3).decode().replace("\\\n", " ").strip())
              for m in DEFINE.finditer(data)}
    nodes: dict[str, ts.Node] = {}
    for node in definitions(root):
        head = data[node.start_byte:node.child_by_field_name("body").start_byte].decode()
        if re.search(r"__(global|device)__", head) or node.child_by_field_name("type") is None:
            continue
        declarator = _declarator(node.child_by_field_name("declarator"))
        if declarator is not None:
            nodes.setdefault(declarator.child_by_field_name("declarator").text.decode(), node)
    functions = {n: node.child_by_field_name("type").text.decode() for n, node in nodes.items()}
    read: dict[str, HostOp | str] = {}  # every function read: its HostOp, or why it could not be

    def function(name: str, helper: bool) -> HostOp | str:
        if name not in read:
            try:
                read[name] = _read_function(nodes[name], data, macros, functions, helper, switches)
            except Unreadable as exc:
                read[name] = str(exc)
        return read[name]

    ops, failures = [], []
    for name, node in nodes.items():
        returns = functions[name]
        if names is not None and name not in names:
            continue
        if names is None and returns not in RETURN_TYPES or returns in ("void", "bool") and names is None:
            continue
        op = function(name, False)
        if isinstance(op, str):
            failures.append((name, node.start_point[0] + 1, op))
            continue
        calls, todo, why = [], [c.name for c in op.calls], ""
        while todo and not why:
            callee = todo.pop(0)
            if callee == name or any(c.name == callee for c in calls):
                continue
            found = function(callee, True)
            if isinstance(found, str):
                why = f"the host function {callee}() it calls: {found}"
                continue
            calls.append(found)
            todo += [c.name for c in found.calls]
        if why:
            failures.append((name, node.start_point[0] + 1, why))
            continue
        ops.append(HostOp(op.name, op.params, op.returns, op.body, op.line, tuple(calls), op.symbols))
    return ops, failures
