"""What a setup.py builds: each extension call's kind, name and sources, read by evaluating the file statically."""

from __future__ import annotations

import fnmatch
import posixpath
from dataclasses import dataclass

import tree_sitter as ts

from . import pysource

CUDA_CALLS = {"CUDAExtension", "cpp_extension.CUDAExtension", "torch.utils.cpp_extension.CUDAExtension"}
CPP_CALLS = {"CppExtension", "cpp_extension.CppExtension", "torch.utils.cpp_extension.CppExtension"}
KERNEL_SUFFIXES = (".cu", ".cuh")
SETUP_DIR = "."  # the folder of setup.py, relative: a build runs there
ABSOLUTE_DIR = "/setup.py-folder"  # the same folder as an absolute path (`os.path.abspath(__file__)`'s folder)


class Unknown(Exception):
    """A value the static evaluation cannot know (an environment variable, a call it does not model)."""


@dataclass(frozen=True)
class Choice:
    """A name bound to one of several values depending on a condition known only at build time."""

    options: tuple


@dataclass(frozen=True)
class Unread:
    """A name bound to a value the evaluation could not know, and why (so a later use can say so)."""

    why: str


@dataclass(frozen=True)
class ExtensionCall:
    """One CUDAExtension/CppExtension call of a setup.py (or of a name bound to either): what it builds."""

    call: ts.Node
    kinds: frozenset[str]  # "cuda", "cpp": the classes the callee may be
    callees: tuple[ts.Node, ...]  # the callee as written, or what the callee's name is bound to (each binding)
    name: str | None
    sources: tuple[str, ...] | None  # every file it may compile, relative to setup.py's folder
    sources_node: ts.Node | None
    why: str  # why name or sources could not be read ("" when they were)


def _join(*parts: str) -> str:
    return posixpath.join(*parts)


class Evaluator:
    """Module-level and function-local bindings of a setup.py, evaluated in order (both arms of an if merged)."""

    def __init__(self, files: set[str], aliases: dict[str, str] | None = None) -> None:
        self.files = files  # the paths of the tree, relative to setup.py's folder
        self.aliases = aliases or {}  # names imported from modules (`from os.path import join`): their full names

    def glob(self, pattern: str, recursive: bool) -> list[str]:
        """Paths matching `pattern`, spelt as it is (absolute patterns give absolute paths, as glob does)."""
        pattern = posixpath.normpath(pattern)
        absolute = pattern.startswith(ABSOLUTE_DIR + "/")
        if absolute:
            return [_join(ABSOLUTE_DIR, p) for p in self.glob(pattern[len(ABSOLUTE_DIR) + 1:], recursive)]
        if pattern.startswith(("/", "..")):
            raise Unknown(f"the glob {pattern} outside the setup.py folder")
        found = []
        for path in sorted(self.files):
            if recursive and "**" in pattern:
                head, _, tail = pattern.partition("**/")
                if path.startswith(head) and fnmatch.fnmatch(posixpath.basename(path), tail or "*"):
                    found.append(path)
            elif fnmatch.fnmatch(path, pattern) and path.count("/") == pattern.count("/"):
                found.append(path)
        return found

    def value(self, node: ts.Node, env: dict):
        kind = node.type
        text = pysource.text(node)
        if kind == "parenthesized_expression":
            return self.value(node.named_children[0], env)
        if kind == "string":
            if any(c.type == "interpolation" for c in node.named_children):
                parts = []
                for child in node.named_children:
                    if child.type == "string_content":
                        parts.append(pysource.text(child))
                    elif child.type == "interpolation":
                        parts.append(str(self.value(child.named_children[0], env)))
                return "".join(parts)
            value = pysource.literal(node)
            if not isinstance(value, str):
                raise Unknown(f"the string {text}")
            return value
        if kind == "concatenated_string":
            return "".join(self.value(c, env) for c in node.named_children)
        if kind in ("list", "tuple"):
            out: list = []
            for child in node.named_children:
                if child.type == "list_splat":
                    out += self.as_list(self.value(child.named_children[0], env))
                else:
                    out.append(self.value(child, env))
            return out
        if kind in ("true", "false", "none", "integer"):
            return pysource.literal(node)
        if kind == "identifier":
            if text == "__file__":
                return _join(ABSOLUTE_DIR, "setup.py")
            if isinstance(env.get(text), Unread):
                raise Unknown(env[text].why)
            if text in env:
                return env[text]
            raise Unknown(f"the name {text}")
        if kind == "attribute":
            if text in ("os.path.curdir", "os.curdir"):
                return SETUP_DIR
            if text in ("os.path.sep", "os.sep"):
                return "/"
            raise Unknown(f"the attribute {text}")
        if kind == "binary_operator":
            left = self.value(node.child_by_field_name("left"), env)
            right = self.value(node.child_by_field_name("right"), env)
            if pysource.text(node.child_by_field_name("operator")) == "+" and type(left) is type(right):
                return left + right
            raise Unknown(f"the expression {text}")
        if kind == "conditional_expression":
            options = [self.value(c, env) for c in node.named_children[:1] + node.named_children[2:3]]
            return Choice(tuple(options))
        if kind == "list_comprehension":
            return self._comprehension(node, env)
        if kind == "call":
            return self._call(node, env)
        raise Unknown(f"the expression {text}")

    def as_list(self, value) -> list:
        if isinstance(value, Unread):
            raise Unknown(value.why)
        if isinstance(value, Choice):  # a list that differs by build: every file either may hold
            merged: list = []
            for option in value.options:
                merged += [v for v in self.as_list(option) if v not in merged]
            return merged
        if not isinstance(value, list):
            raise Unknown("a list")
        return value

    def _comprehension(self, node: ts.Node, env: dict) -> list:
        body = node.named_children[0]
        clauses = node.named_children[1:]
        if not clauses or clauses[0].type != "for_in_clause" or any(c.type != "if_clause" for c in clauses[1:]):
            raise Unknown(f"the comprehension {pysource.text(node)}")
        target = clauses[0].child_by_field_name("left")
        if target.type != "identifier":
            raise Unknown(f"the comprehension {pysource.text(node)}")
        items = self.as_list(self.value(clauses[0].child_by_field_name("right"), env))
        out = []
        for item in items:
            scope = {**env, pysource.text(target): item}
            if all(self.test(c.named_children[0], scope) for c in clauses[1:]):
                out.append(self.value(body, scope))
        return out

    def test(self, node: ts.Node, env: dict) -> bool:
        """A comprehension's filter: `not`, and a string's endswith/startswith (what source filters use)."""
        if node.type == "not_operator":
            return not self.test(node.child_by_field_name("argument"), env)
        if node.type == "parenthesized_expression":
            return self.test(node.named_children[0], env)
        if node.type == "call" and node.child_by_field_name("function").type == "attribute":
            func = node.child_by_field_name("function")
            method = pysource.text(func.child_by_field_name("attribute"))
            subject = self.value(func.child_by_field_name("object"), env)
            args = [self.value(a, env) for a in pysource.positional(node)]
            if method in ("endswith", "startswith") and isinstance(subject, str) and len(args) == 1:
                suffix = tuple(args[0]) if isinstance(args[0], list) else args[0]
                if isinstance(suffix, (str, tuple)):
                    return getattr(subject, method)(suffix)
        raise Unknown(f"the condition {pysource.text(node)}")

    def _call(self, node: ts.Node, env: dict):
        func = pysource.text(node.child_by_field_name("function"))
        func = self.aliases.get(func, func)
        args = [self.value(a, env) for a in pysource.positional(node)]
        kwargs = {k: self.value(v.child_by_field_name("value"), env) for k, v in pysource.keywords(node).items()}
        if func in ("os.path.join", "path.join", "osp.join") and args and all(isinstance(a, str) for a in args):
            return posixpath.normpath(_join(*args))
        if func in ("os.path.dirname", "path.dirname", "osp.dirname") and len(args) == 1:
            return posixpath.dirname(args[0]) or SETUP_DIR
        if func in ("os.path.abspath", "os.path.realpath") and len(args) == 1 and isinstance(args[0], str):
            return posixpath.normpath(_join(ABSOLUTE_DIR, args[0]))
        if func in ("os.path.normpath", "str") and len(args) == 1 and isinstance(args[0], str):
            return posixpath.normpath(args[0])
        if func in ("glob.glob", "glob") and len(args) == 1 and isinstance(args[0], str):
            return self.glob(args[0], bool(kwargs.get("recursive")))
        if func in ("list", "sorted") and len(args) == 1:
            return list(self.as_list(args[0]))
        raise Unknown(f"the call {func}()")

    def run(self, statements: list[ts.Node], env: dict, stop: ts.Node | None = None) -> dict:
        """The bindings after `statements` (up to the one holding `stop`); a name whose value is unknown is left
        out, so that reading it later says so."""
        for stmt in statements:
            if stop is not None and stmt.start_byte <= stop.start_byte < stmt.end_byte:
                if stmt.type in ("if_statement", "with_statement", "block"):
                    inner = stmt.child_by_field_name("consequence") or stmt.child_by_field_name("body")
                    if inner is not None and inner.start_byte <= stop.start_byte:
                        return self.run(inner.named_children, env, stop)
                return env
            env = self.statement(stmt, env)
        return env

    def statement(self, stmt: ts.Node, env: dict) -> dict:
        if stmt.type == "expression_statement" and stmt.named_children:
            inner = stmt.named_children[0]
            if inner.type == "assignment":
                left = inner.child_by_field_name("left")
                right = inner.child_by_field_name("right")
                if left.type == "identifier" and right is not None:
                    env = dict(env)
                    try:
                        env[pysource.text(left)] = self.value(right, env)
                    except Unknown as exc:
                        env[pysource.text(left)] = Unread(str(exc))
                return env
            if inner.type == "augmented_assignment":
                left = inner.child_by_field_name("left")
                name = pysource.text(left)
                env = dict(env)
                try:
                    right = self.value(inner.child_by_field_name("right"), env)
                    env[name] = self.as_list(env[name]) + self.as_list(right)
                except Unknown as exc:
                    env[name] = Unread(str(exc))
                except KeyError:
                    env.pop(name, None)
                return env
            if inner.type == "call" and pysource.text(inner.child_by_field_name("function")).endswith(
                (".append", ".extend")
            ):
                func = inner.child_by_field_name("function")
                name = pysource.text(func.child_by_field_name("object"))
                env = dict(env)
                try:
                    items = [self.value(a, env) for a in pysource.positional(inner)]
                    added = items if pysource.text(func).endswith(".append") else self.as_list(items[0])
                    env[name] = self.as_list(env[name]) + added
                except Unknown as exc:
                    env[name] = Unread(str(exc))
                except (KeyError, IndexError):
                    env.pop(name, None)
                return env
            return env
        if stmt.type == "if_statement":
            try:  # a condition known before the build (a module constant) takes one arm
                known = self.value(stmt.child_by_field_name("condition"), env)
            except Unknown:
                known = None
            alternatives = stmt.children_by_field_name("alternative")
            if isinstance(known, bool) and (known or not any(c.type == "elif_clause" for c in alternatives)):
                if known:
                    return self.run(stmt.child_by_field_name("consequence").named_children, env)
                other = next((c.child_by_field_name("body") for c in alternatives if c.type == "else_clause"), None)
                return self.run(other.named_children, env) if other is not None else env
            arms = [stmt.child_by_field_name("consequence")]
            arms += [c.child_by_field_name("consequence") or c.child_by_field_name("body")
                     for c in stmt.children_by_field_name("alternative")]
            has_else = any(c.type == "else_clause" for c in stmt.children_by_field_name("alternative"))
            results = [self.run(arm.named_children, env) for arm in arms if arm is not None]
            if not has_else:
                results.append(env)
            return _merge(results)
        if stmt.type in ("function_definition", "class_definition", "decorated_definition", "import_statement",
                         "import_from_statement", "pass_statement", "comment"):
            return env
        # a loop, a with or a try may bind anything: what it touches is no longer known
        touched = {pysource.text(n) for n in pysource.walk(stmt) if n.type == "identifier"}
        return {k: v for k, v in env.items() if k not in touched}


def _merge(envs: list[dict]) -> dict:
    """Bindings after the arms of an if: a name bound alike in every arm keeps its value, otherwise a Choice."""
    names = set().union(*envs)
    merged = {}
    for name in names:
        values = [env.get(name, _MISSING) for env in envs]
        if any(v is _MISSING for v in values):
            continue
        distinct = []
        for v in values:
            for option in (v.options if isinstance(v, Choice) else (v,)):
                if option not in distinct:
                    distinct.append(option)
        merged[name] = distinct[0] if len(distinct) == 1 else Choice(tuple(distinct))
    return merged


_MISSING = object()


def _relative(path: str) -> str:
    """A source path relative to setup.py's folder, however the file spelt it."""
    path = posixpath.normpath(path)
    if path == ABSOLUTE_DIR or path.startswith(ABSOLUTE_DIR + "/"):
        path = posixpath.relpath(path, ABSOLUTE_DIR)
    if path.startswith(("/", "..")):
        raise Unknown(f"the source {path} outside the setup.py folder")
    return path


def _text_of(node: ts.Node | None) -> str:
    return pysource.text(node) if node is not None else ""


def _enclosing_function(node: ts.Node) -> ts.Node | None:
    while node is not None and node.type != "function_definition":
        node = node.parent
    return node


def _kinds(callee_text: str) -> frozenset[str]:
    return frozenset({"cuda"} if callee_text in CUDA_CALLS else {"cpp"} if callee_text in CPP_CALLS else set())


def _bound_classes(name: str, scope: list[ts.Node], before: int) -> list[ts.Node]:
    """The right sides of every `name = ...` before byte `before` in `scope` (each arm of an if binds one)."""
    found = []
    for stmt in scope:
        if stmt.start_byte >= before:
            break
        for node in pysource.walk(stmt):
            if node.type == "assignment" and pysource.text(node.child_by_field_name("left")) == name:
                found.append(node.child_by_field_name("right"))
    return found


def _class_kinds(node: ts.Node) -> frozenset[str]:
    """The extension classes an expression names (`CUDAExtension`, `A if flag else B`); empty if any is another."""
    if node.type == "conditional_expression":
        arms = [_class_kinds(node.named_children[0]), _class_kinds(node.named_children[2])]
        return frozenset().union(*arms) if all(arms) else frozenset()
    return _kinds(pysource.text(node))


def read_extensions(data: bytes, files: set[str]) -> list[ExtensionCall]:
    """Every extension call of a setup.py, given the tree's paths relative to its folder."""
    root = pysource.tree(data)
    aliases = {}
    for node in root.named_children:
        if node.type == "import_from_statement" and _text_of(node.child_by_field_name("module_name")) in (
            "os.path", "os", "glob"
        ):
            module = _text_of(node.child_by_field_name("module_name"))
            for name in node.children_by_field_name("name"):
                aliases[_text_of(name)] = f"{module}.{_text_of(name)}"
    evaluator = Evaluator({posixpath.normpath(f) for f in files}, aliases)
    module_env = evaluator.run([c for c in root.named_children], {})
    found: list[ExtensionCall] = []
    for call in (n for n in pysource.walk(root) if n.type == "call"):
        callee = call.child_by_field_name("function")
        kinds = _kinds(pysource.text(callee))
        bound = (callee,)
        function = _enclosing_function(call)
        scope = function.child_by_field_name("body").named_children if function is not None else root.named_children
        if not kinds and callee.type == "identifier":
            rights = _bound_classes(pysource.text(callee), scope, call.start_byte)
            each = [_class_kinds(r) for r in rights]
            if rights and all(each):
                kinds = frozenset().union(*each)
                bound = tuple(rights)
        if not kinds:
            continue
        env = evaluator.run(scope, dict(module_env), stop=call) if function is not None else module_env
        kw = pysource.keywords(call)
        args = pysource.positional(call)
        name_node = kw["name"].child_by_field_name("value") if "name" in kw else (args[0] if args else None)
        sources_node = kw["sources"].child_by_field_name("value") if "sources" in kw else (
            args[1] if len(args) > 1 else None)
        name, sources, why = None, None, ""
        try:
            name = evaluator.value(name_node, env) if name_node is not None else None
            if not isinstance(name, str):
                raise Unknown("the extension's name")
            if sources_node is None:
                raise Unknown("the extension's sources")
            listed = evaluator.as_list(evaluator.value(sources_node, env))
            if not all(isinstance(s, str) for s in listed):
                raise Unknown("the extension's sources")
            sources = tuple(_relative(s) for s in listed)
        except Unknown as exc:
            why = f"{exc} cannot be read without running setup.py"
        found.append(ExtensionCall(call, kinds, bound, name if isinstance(name, str) else None, sources,
                                   sources_node, why))
    return found
