"""Preprocessor conditionals of a CUDA source decided as the compiler decides them, for the tile front end's reading.

The kernel reader is given the source with each conditional whose arm is known for certain reduced to that arm: its
directive lines and the arms not taken are blanked (the lines stay, so line numbers are the file's), and the
kernels, constants, aliases and macros it then reads are the compiled ones. A test is known where it depends only on
- the macros the source and the headers it includes by quoted names define at that line, as the preprocessor reads
  them top to bottom: `#define`, `#undef`, a header's macros from its `#include` on, and for a source that another
  includes (`#include "kernels.cu"`), what its includer defined before that line;
- integer constants and arithmetic, comparisons, `defined`, `true` and `false`;
- CUDA's own macros, as nvcc gives them: `__CUDACC__` and `__NVCC__` defined, HIP's (`__HIPCC__`,
  `__HIP_PLATFORM_AMD__`, ...) undefined; `CUDART_VERSION` (nvcc includes cuda_runtime.h into every .cu file),
  `__CUDACC_VER_MAJOR__`/`_MINOR__` and, after `#include <cuda.h>`, `CUDA_VERSION` are those of some CUDA 11 or
  later toolkit;
  `__CUDA_ARCH__` is defined inside the body of a `__global__` or `__device__` function (the device pass, the code
  a kernel runs; a `__host__ __device__` function's host copy never runs in a kernel) as an architecture such a
  toolkit builds for (sm_35 on), and is left elsewhere (both passes read a line outside such a body). A test on a
  version or an architecture is decided only where every such value gives the same arm (`__CUDA_ARCH__ >= 300` is,
  `__CUDA_ARCH__ >= 700` is not: the build's -arch is not given to the tile path).

A macro that no source the reader sees defines may come from the build's -D flags, which the tile path is not given
(`migrate tile`, `migrate apply --tile` and the harness pass the front end a program's files and nothing else): a
test on one is left undecided, as is a test on a macro that an undecided conditional above defines in some arms and
not others, or a `#ifndef X` / `#define X value` default that a -D flag may override. One guess is made: the
include-guard idiom (`#ifndef X`, then `#define X`, around the whole rest of the file) is taken, since a -D flag
naming a header's guard would empty the header.

A conditional whose arms differ only in `#pragma unroll` lines and comments needs no decision: its first arm is
kept. Undecided conditionals stay in the text as they are, each with its reason by line (`undecided`), which names
the macro that left it; the reader keeps a kernel whose body holds one SIMT with that reason."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

# The state of a macro at a line: its definition (parameters, or None for an object-like macro; body), UNDEFINED
# (#undef'd, or known to be absent), Defined (defined, its value not known) or Unknown (either may hold).


@dataclass(frozen=True)
class Unknown:
    why: str  # names the macro and says why it is not known


@dataclass(frozen=True)
class Ranged:
    """One of CUDA's own macros that a header defines (`CUDA_VERSION`, from cuda.h): its values are RANGED's."""


@dataclass(frozen=True)
class Defined:
    why: str  # why the value is not known


UNDEFINED = "undefined"
Definition = tuple["tuple[str, ...] | None", str]
Env = dict[str, "Definition | Defined | Unknown | Ranged | str"]

_FROM_BUILD = ("{name}, which no source the reader sees defines before this line (the build's -D flags may, and the "
               "tile path is given none)")

# CUDA's own macros (nvcc, CUDA 11 or later): the values each may take; a test on one is decided where all agree.
RELEASES = tuple(major * 1000 + minor * 10 for major in range(11, 16) for minor in range(10)) + (99990,)
ARCHES = tuple(range(350, 1510, 10)) + (9990,)
RANGED = {
    "CUDART_VERSION": (RELEASES, "the CUDA release the build uses (CUDA 11 or later)"),
    "__CUDACC_VER_MAJOR__": (tuple(range(11, 16)) + (99,), "the CUDA release the build uses (CUDA 11 or later)"),
    "__CUDACC_VER_MINOR__": (tuple(range(10)), "the CUDA release the build uses (CUDA 11 or later)"),
    "CUDA_VERSION": (RELEASES, "the CUDA release the build uses (CUDA 11 or later)"),  # after #include <cuda.h>
    "__CUDA_ARCH__": (ARCHES, ("the architecture the build compiles for (its -arch, which the tile path is not "
                               "given; sm_35 on)")),
}
PREDEFINED = {"__CUDACC__": 1, "__NVCC__": 1, "__cplusplus": None}  # None: defined, value left (-std)
ABSENT = {"__HIPCC__", "__HIP__", "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__", "__HIP_PLATFORM_NVIDIA__",
          "__HIP_PLATFORM_NVCC__", "__HIP_DEVICE_COMPILE__", "__CUDACC_RTC__", "__SYCL_DEVICE_ONLY__"}
UNROLL = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+(?:unroll|nounroll)\b.*$", re.MULTILINE)
TOKEN = re.compile(r"\s*(?:((?:0[xX][0-9a-fA-F]+|[0-9]+))([uUlL]*)(?![\w.])|([A-Za-z_]\w*)|('(?:\\.|[^'\\\n])+')"
                   r"|(<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%<>&|^!~?:(),]))")
DIRECTIVE = re.compile(r"[ \t]*#[ \t]*([A-Za-z_]\w*)?(.*)", re.DOTALL)
CONDITIONS = {"if", "ifdef", "ifndef"}
ARMS = {"elif", "else", "elifdef", "elifndef"}
MAX_DEPTH = 32
MAX_CASES = 20000


@dataclass
class Decided:
    text: str  # the source with the decided conditionals reduced to their arms
    env: Env  # the macros at its end
    undecided: dict[int, str] = field(default_factory=dict)  # line of each conditional left -> why


# --- lines, comments and the conditionals' structure ---

LEXEME = re.compile(r"//(?:[^\n\\]|\\.)*|/\*.*?(?:\*/|\Z)|\"(?:[^\"\\\n]|\\.)*\"?|'(?:[^'\\\n]|\\.)*'?", re.DOTALL)


def _code(text: str) -> str:
    """`text` with its comments blanked (newlines kept), strings and character literals as they are."""
    return LEXEME.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)) if m.group(0)[0] == "/" else m.group(0), text)


@dataclass
class Item:
    first: int  # its physical lines, 0-based
    last: int
    keyword: str = ""  # a directive's (empty for a run of text)
    rest: str = ""  # a directive's text after its keyword, comments and continuations out


@dataclass
class Arm:
    head: Item  # #if / #ifdef / #ifndef / #elif / #else
    items: list = field(default_factory=list)


@dataclass
class Chain:
    arms: list[Arm]
    end: Item | None = None  # its #endif (None: the text ends inside it)


def _structure(code: str) -> list:
    """The items of a source: runs of text, directives, and conditional chains holding theirs."""
    lines = code.split("\n")
    top: list = []
    stack: list[Chain] = []

    def place(item) -> None:
        (stack[-1].arms[-1].items if stack else top).append(item)

    i = 0
    while i < len(lines):
        first = i
        while lines[i].rstrip("\r").endswith("\\") and i + 1 < len(lines):
            i += 1
        joined = " ".join(line.rstrip("\r")[:-1] if k < i else line for k, line in enumerate(lines[first:i + 1],
                                                                                              first))
        match = DIRECTIVE.fullmatch(joined) if joined.lstrip().startswith("#") else None
        if match is None:
            place(Item(first, i))
        else:
            item = Item(first, i, match.group(1) or "", match.group(2).strip())
            if item.keyword in CONDITIONS:
                chain = Chain([Arm(item)])
                place(chain)
                stack.append(chain)
            elif item.keyword in ARMS and stack:
                stack[-1].arms.append(Arm(item))
            elif item.keyword == "endif" and stack:
                stack.pop().end = item
            else:
                place(item)
        i += 1
    return top


def _lines_of(items: Iterable) -> Iterable[int]:
    for item in items:
        if isinstance(item, Chain):
            for arm in item.arms:
                yield from range(arm.head.first, arm.head.last + 1)
                yield from _lines_of(arm.items)
            if item.end is not None:
                yield from range(item.end.first, item.end.last + 1)
        else:
            yield from range(item.first, item.last + 1)


# --- #if expressions ---

@dataclass(frozen=True)
class _Value:
    value: int
    unsigned: bool = False


class _Unreadable(Exception):
    pass


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise _Unreadable(f"the expression {text.strip()}")
        number, suffix, name, char, op = match.groups()
        if number is not None:
            out.append(("num", number + suffix))
        elif name is not None:
            out.append(("name", name))
        elif char is not None:
            out.append(("char", char))
        else:
            out.append(("op", op))
        pos = match.end()
    return out


def _char_value(text: str) -> int:
    inner = text[1:-1]
    escapes = {"n": 10, "t": 9, "r": 13, "0": 0, "\\": 92, "'": 39, '"': 34, "a": 7, "b": 8, "f": 12, "v": 11}
    if len(inner) == 1:
        return ord(inner)
    if len(inner) == 2 and inner[0] == "\\" and inner[1] in escapes:
        return escapes[inner[1]]
    raise _Unreadable(f"the character literal {text}")


class _Reader:
    """One evaluation of a test: macros expanded from `env` (ranged ones at `fixed`), then the expression read."""

    def __init__(self, env: Env, device: bool, fixed: dict[str, int]):
        self.env, self.device, self.fixed = env, device, fixed
        self.ranged: set[str] = set()

    def state(self, name: str):
        if name in self.env and not isinstance(self.env[name], Ranged):
            return self.env[name]
        if name == "__CUDA_ARCH__" and not self.device:
            return Unknown("__CUDA_ARCH__, which nvcc defines in its device pass only, and a line outside a "
                           "__global__ or __device__ function body is read in both passes")
        if name in RANGED and (name != "CUDA_VERSION" or name in self.env):
            self.ranged.add(name)
            return (None, str(self.fixed[name])) if name in self.fixed else Defined(f"{name}, {RANGED[name][1]}")
        if name in PREDEFINED:
            value = PREDEFINED[name]
            return (None, str(value)) if value is not None else Defined(f"{name}, whose value the build's -std sets")
        if name in ABSENT:
            return UNDEFINED
        if name in ("true", "false"):
            return UNDEFINED  # C++ reads them as 1 and 0 in a test (below), and `defined` sees no macro
        return Unknown(_FROM_BUILD.format(name=name))

    def expand(self, tokens: list, disabled: frozenset[str] = frozenset(), depth: int = 0) -> list:
        """Tokens with `defined` and the macros replaced: ("val", _Value) or ("unknown", why) for each name."""
        if depth > MAX_DEPTH:
            raise _Unreadable("a macro expanded too deep")
        out, i = [], 0
        while i < len(tokens):
            kind, text = tokens[i]
            if kind == "num":
                out.append(("val", self.number(text)))
            elif kind == "char":
                out.append(("val", _Value(_char_value(text))))
            elif kind == "name" and text == "defined":
                if i + 1 < len(tokens) and tokens[i + 1] == ("op", "("):
                    if i + 3 >= len(tokens) or tokens[i + 2][0] != "name" or tokens[i + 3] != ("op", ")"):
                        raise _Unreadable("a defined without a name")
                    name, i = tokens[i + 2][1], i + 4
                elif i + 1 < len(tokens) and tokens[i + 1][0] == "name":
                    name, i = tokens[i + 1][1], i + 2
                else:
                    raise _Unreadable("a defined without a name")
                state = self.state(name)
                out.append(("unknown", state.why) if isinstance(state, Unknown) else
                           ("val", _Value(0 if state == UNDEFINED else 1)))
                continue
            elif kind == "name":
                state = self.state(text) if text not in disabled else UNDEFINED
                if text in ("true", "false") and state == UNDEFINED:
                    out.append(("val", _Value(int(text == "true"))))
                elif state == UNDEFINED:
                    out.append(("val", _Value(0)))  # a name that is no macro reads as 0
                elif isinstance(state, (Unknown, Defined)):
                    out.append(("unknown", state.why))
                elif state[0] is None:
                    out += self.expand(_tokens(state[1]), disabled | {text}, depth + 1) if state[1].strip() else []
                else:
                    args, after = _call_arguments(tokens, i + 1)
                    if args is None:
                        raise _Unreadable(f"the function-like macro {text} without its arguments")
                    params, body = state
                    if params == () and args == [[]]:
                        args = []
                    if len(args) != len(params) or "..." in params or "#" in body:
                        raise _Unreadable(f"the function-like macro {text}")
                    values = dict(zip(params, args))
                    replaced = []
                    for token in _tokens(body):
                        replaced += values.get(token[1], [token]) if token[0] == "name" else [token]
                    out += self.expand(replaced, disabled | {text}, depth + 1)
                    i = after
                    continue
            else:
                out.append((kind, text))
            i += 1
        return out

    @staticmethod
    def number(text: str) -> _Value:
        digits = text.rstrip("uUlL")
        value = int(digits, 16) if digits.lower().startswith("0x") else int(digits, 8) if \
            len(digits) > 1 and digits.startswith("0") else int(digits)
        return _Value(value, "u" in text.lower() or value > 0x7FFFFFFFFFFFFFFF)


def _call_arguments(tokens: list, i: int) -> tuple[list[list] | None, int]:
    if i >= len(tokens) or tokens[i] != ("op", "("):
        return None, i
    depth, args, current = 0, [], []
    for j in range(i, len(tokens)):
        token = tokens[j]
        if token == ("op", "("):
            depth += 1
            if depth == 1:
                continue
        elif token == ("op", ")"):
            depth -= 1
            if depth == 0:
                args.append(current)
                return args, j + 1
        elif token == ("op", ",") and depth == 1:
            args.append(current)
            current = []
            continue
        current.append(token)
    return None, i


BINARY = [("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", ">", "<=", ">="), ("<<", ">>"), ("+", "-"),
          ("*", "/", "%")]


def _parse(tokens: list):
    """The expression tree of expanded tokens: ("val", v), ("unknown", why), ("un", op, a), ("bin", op, a, b),
    ("cond", c, a, b)."""
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take(op=None):
        nonlocal pos
        token = peek()
        if token is None or (op is not None and token != ("op", op)):
            raise _Unreadable("an expression the reader cannot parse")
        pos += 1
        return token

    def conditional():
        test = binary(0)
        if peek() == ("op", "?"):
            take("?")
            a = conditional()
            take(":")
            return ("cond", test, a, conditional())
        return test

    def binary(level):
        if level == len(BINARY):
            return unary()
        left = binary(level + 1)
        while peek() is not None and peek()[0] == "op" and peek()[1] in BINARY[level]:
            op = take()[1]
            left = ("bin", op, left, binary(level + 1))
        return left

    def unary():
        token = take()
        if token[0] in ("val", "unknown"):
            return token
        if token == ("op", "("):
            inner = conditional()
            take(")")
            return inner
        if token[0] == "op" and token[1] in "!~-+":
            return ("un", token[1], unary())
        if token[0] == "name":  # left after expansion: a function-like macro without arguments, or `defined`
            raise _Unreadable(f"the name {token[1]}")
        raise _Unreadable("an expression the reader cannot parse")

    tree = conditional()
    while peek() == ("op", ","):  # the comma operator: the last operand's value
        take(",")
        tree = conditional()
    if pos != len(tokens):
        raise _Unreadable("an expression the reader cannot parse")
    return tree


MASK = (1 << 64) - 1


def _wrap(value: int, unsigned: bool) -> _Value:
    value &= MASK
    if not unsigned and value > 0x7FFFFFFFFFFFFFFF:
        value -= 1 << 64
    return _Value(value, unsigned)


def _evaluate(tree) -> _Value | Unknown:
    """The value of an expression tree, with C's (intmax_t / uintmax_t) arithmetic; Unknown where a name it depends
    on is not known (`0 && X` and `1 || X` are known)."""
    kind = tree[0]
    if kind == "val":
        return tree[1]
    if kind == "unknown":
        return Unknown(tree[1])
    if kind == "cond":
        test = _evaluate(tree[1])
        if isinstance(test, Unknown):
            a, b = _evaluate(tree[2]), _evaluate(tree[3])
            return a if a == b else test
        return _evaluate(tree[2] if test.value else tree[3])
    if kind == "un":
        a = _evaluate(tree[2])
        if isinstance(a, Unknown):
            return a
        op = tree[1]
        return _Value(int(not a.value)) if op == "!" else _wrap(~a.value, a.unsigned) if op == "~" else \
            _wrap(-a.value, a.unsigned) if op == "-" else a
    op, a = tree[1], _evaluate(tree[2])
    if op in ("&&", "||"):
        if not isinstance(a, Unknown) and bool(a.value) == (op == "||"):
            return _Value(int(op == "||"))
        b = _evaluate(tree[3])
        if not isinstance(b, Unknown) and bool(b.value) == (op == "||"):
            return _Value(int(op == "||"))
        if isinstance(a, Unknown):
            return a
        return b if isinstance(b, Unknown) else _Value(int(bool(b.value)))
    b = _evaluate(tree[3])
    if isinstance(a, Unknown):
        return a
    if isinstance(b, Unknown):
        return b
    unsigned = a.unsigned or b.unsigned
    x, y = (a.value & MASK, b.value & MASK) if unsigned else (a.value, b.value)
    if op in ("==", "!=", "<", ">", "<=", ">="):
        return _Value(int({"==": x == y, "!=": x != y, "<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y}[op]))
    if op in ("/", "%"):
        if y == 0:
            raise _Unreadable("a division by zero")
        quotient = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
        return _wrap(quotient if op == "/" else x - quotient * y, unsigned)
    if op in ("<<", ">>"):
        if y < 0 or y >= 64:
            raise _Unreadable("a shift out of range")
        return _wrap(x << y if op == "<<" else x >> y, a.unsigned)
    return _wrap({"+": x + y, "-": x - y, "*": x * y, "&": x & y, "|": x | y, "^": x ^ y}[op], unsigned)


def taken(kind: str, text: str, env: Env, device: bool = False) -> bool | Unknown:
    """Whether the arm of `#<kind> text` is taken where the macros are `env`, or Unknown naming what leaves it open.
    `device`: the line is inside a __global__ or __device__ function's body."""
    if kind in ("ifdef", "ifndef", "elifdef", "elifndef"):
        name = text.split()[0] if text.split() else ""
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            return Unknown(f"#{kind} {text}, which the reader cannot read")
        text = ("!" if kind.endswith("ndef") else "") + f"defined({name})"
    try:
        first = _Reader(env, device, {})
        tokens = _tokens(text)
        got = _evaluate(_parse(first.expand(tokens)))
        ranged = sorted(first.ranged)
        if not ranged:
            return got if isinstance(got, Unknown) else bool(got.value)
        cases = list(itertools.product(*(RANGED[name][0] for name in ranged)))
        if len(cases) > MAX_CASES:
            return Unknown(f"{' and '.join(ranged)}, too many values together to try")
        outcomes = set()
        for values in cases:
            got = _evaluate(_parse(_Reader(env, device, dict(zip(ranged, values))).expand(tokens)))
            if isinstance(got, Unknown):
                return got
            outcomes.add(bool(got.value))
            if len(outcomes) > 1:
                return Unknown(" and ".join(f"{name}, {RANGED[name][1]}," for name in ranged) +
                               " whose values take different arms")
        return outcomes.pop()
    except (_Unreadable, RecursionError, ValueError) as exc:
        return Unknown(f"{text.strip()}, which the reader cannot evaluate ({exc})")


# --- the walk ---

def _definition(rest: str) -> tuple[str, Definition] | None:
    match = re.match(r"([A-Za-z_]\w*)(\(([^)]*)\))?(.*)", rest, re.DOTALL)
    if match is None:
        return None
    name, params, body = match.group(1), match.group(3), match.group(4).strip()
    if match.group(2) is not None:
        return name, (tuple(p.strip() for p in params.split(",")) if params.strip() else (), body)
    return name, (None, body)


def _merged(envs: list[Env], line: int, keyword: str) -> Env:
    """The macros after a conditional the reader could not decide, from those at the end of each way through it:
    one a way leaves differently from another is not known there (defined in each: its value is not)."""
    out: Env = {}
    for name in set().union(*envs):
        states = [env.get(name) for env in envs]
        if all(s == states[0] for s in states):
            if states[0] is not None:
                out[name] = states[0]
            continue
        unknown = next((s for s in states if isinstance(s, Unknown)), None)
        why = f"{name}, which the #{keyword} at line {line + 1} defines in some ways through it and not in others"
        if unknown is not None:
            out[name] = unknown
        elif all(s is not None and s != UNDEFINED for s in states):
            out[name] = Defined(f"{name}, whose value depends on the #{keyword} at line {line + 1}, which the reader "
                                "cannot decide")
        else:
            out[name] = Unknown(why)
    return out


def _refined(env: Env, head: Item, taken: bool) -> Env:
    """`env` on the way through an arm (taken) or past it (not taken) of an `#ifdef X` / `#ifndef X` that the reader
    could not decide: X is known to be defined or not there."""
    if head.keyword not in ("ifdef", "ifndef") or not head.rest.split():
        return env
    name = head.rest.split()[0]
    if not isinstance(env.get(name, Unknown("")), Unknown) or name in RANGED or name in PREDEFINED or name in ABSENT:
        return env  # known already, or CUDA's own (`__CUDA_ARCH__` differs between the passes)
    defined = taken == (head.keyword == "ifdef")
    return {**env, name: Defined(f"{name}, which the build's -D flags may define") if defined else UNDEFINED}


def _defines(chain: Chain, name: str) -> bool:
    """Whether an arm of `chain` (or a conditional inside one) defines or undefines `name`."""
    stack = [item for arm in chain.arms for item in arm.items]
    while stack:
        item = stack.pop()
        if isinstance(item, Chain):
            stack += [inner for arm in item.arms for inner in arm.items]
        elif item.keyword in ("define", "undef") and (_definition(item.rest) or ("",))[0] == name:
            return True
        elif item.keyword == "include":
            return True  # a header may
    return False


class _Walk:
    def __init__(self, code: str, includes: Callable[[str], Env | None], device: Callable[[int], bool]):
        self.code_lines = code.split("\n")
        self.includes, self.device = includes, device
        self.keep = [True] * len(self.code_lines)
        self.undecided: dict[int, str] = {}

    def blank(self, items: Iterable) -> None:
        for line in _lines_of(items):
            self.keep[line] = False

    def block(self, items: list, env: Env, top: bool = False) -> Env:
        """The macros after `items`, from `env` before them (changed in place, or replaced)."""
        last = max((k for k, item in enumerate(items) if self.content(item)), default=-1) if top else -2
        for position, item in enumerate(items):
            if isinstance(item, Chain):
                env = self.chain(item, env, guard=position == last)
            elif item.keyword:
                env = self.directive(item, env)
        return env

    def content(self, item) -> bool:
        if isinstance(item, Chain) or item.keyword:
            return True
        return any(self.code_lines[k].strip() for k in range(item.first, item.last + 1))

    def directive(self, item: Item, env: Env) -> Env:
        """`env` (changed in place) after a directive that is no conditional."""
        if item.keyword == "define":
            found = _definition(item.rest)
            if found is not None:
                env[found[0]] = found[1]
        elif item.keyword == "undef" and item.rest.split():
            env[item.rest.split()[0]] = UNDEFINED
        elif item.keyword == "include":
            quoted = re.match(r'"([^"]+)"', item.rest)
            lent = self.includes(quoted.group(1)) if quoted else None
            env.update(lent or {})
            if re.match(r"<\s*cuda\.h\s*>", item.rest) and "CUDA_VERSION" not in env:
                env["CUDA_VERSION"] = Ranged()
        return env

    def chain(self, chain: Chain, env: Env, guard: bool) -> Env:
        chosen = None  # the arm the compiler takes; len(arms): none
        why = None
        for index, arm in enumerate(chain.arms):
            head = arm.head
            if head.keyword == "else":
                chosen = index
                break
            result = taken(head.keyword, head.rest, env, self.device(head.first))
            if isinstance(result, Unknown):
                if index == 0 and guard and self.is_guard(chain, env):
                    chosen = 0
                    break
                why = result.why
                break
            if result:
                chosen = index
                break
        else:
            chosen = len(chain.arms)
        if why is not None and self.same_arms(chain):
            chosen, why = 0, None
        if why is None:
            self.blank([head for head in (a.head for a in chain.arms)])
            if chain.end is not None:
                self.blank([chain.end])
            for index, arm in enumerate(chain.arms):
                if index != chosen:
                    self.blank(arm.items)
            return self.block(chain.arms[chosen].items, env) if chosen < len(chain.arms) else env
        first = chain.arms[0].head
        self.undecided[first.first + 1] = f"an #{first.keyword} on {why}"
        ends = []
        for index, arm in enumerate(chain.arms):
            ends.append(self.block(arm.items, dict(_refined(env, first, index == 0))))
        if chain.end is None:
            return ends[-1]  # the text ends in its last arm: a source included from there is read in that arm
        if chain.arms[-1].head.keyword != "else":
            ends.append(_refined(env, first, False))
        merged = _merged(ends, first.first, first.keyword)
        tested = first.rest.split()[0] if first.keyword in ("ifdef", "ifndef") and first.rest.split() else None
        if tested is not None and not _defines(chain, tested):  # known in the arms only: as it was after them
            merged.pop(tested, None)
            if tested in env:
                merged[tested] = env[tested]
        return merged

    def is_guard(self, chain: Chain, env: Env) -> bool:
        """`#ifndef X` (or `#if !defined(X)`) whose first directive defines X, around the rest of the file."""
        head = chain.arms[0].head
        match = re.fullmatch(r"!\s*defined\s*\(?\s*([A-Za-z_]\w*)\s*\)?", head.rest) if head.keyword == "if" \
            else re.fullmatch(r"([A-Za-z_]\w*)", head.rest) if head.keyword == "ifndef" else None
        if match is None or len(chain.arms) != 1 or match.group(1) in env:
            return False
        first = next((i for i in chain.arms[0].items if isinstance(i, Chain) or i.keyword), None)
        return isinstance(first, Item) and first.keyword == "define" and \
            (_definition(first.rest) or ("",))[0] == match.group(1)

    def same_arms(self, chain: Chain) -> bool:
        """Whether every arm (and the way past them all, without an #else) holds the same code, but for `#pragma
        unroll` lines."""
        def text(items) -> str:
            lines = [self.code_lines[k] for k in sorted(set(_lines_of(items)))]
            return " ".join(UNROLL.sub("", "\n".join(lines)).split())

        arms = {text(arm.items) for arm in chain.arms}
        if chain.arms[-1].head.keyword != "else":
            arms.add("")
        return len(arms) == 1


def decide(text: str, env: Env | None = None, includes: Callable[[str], Env | None] | None = None,
           device: Callable[[int], bool] | None = None) -> Decided:
    """`text` with each conditional the reader can decide reduced to its arm (lines kept), the macros at its end, and
    why each conditional left stays (by its 1-based line). `env`: the macros at its top (a source another includes
    starts from its includer's); `includes(name)`: the macros a header included as `#include "name"` leaves;
    `device(line)`: whether a 0-based line is inside a __global__ or __device__ function's body."""
    if "#" not in text:
        return Decided(text, dict(env or {}))
    code = _code(text)
    walk = _Walk(code, includes or (lambda name: None), device or (lambda line: False))
    end = walk.block(_structure(code), dict(env or {}), top=True)
    if all(walk.keep):
        return Decided(text, end, walk.undecided)
    lines = text.split("\n")
    kept = [line if keep else ("\r" if line.endswith("\r") else "") for line, keep in zip(lines, walk.keep)]
    return Decided("\n".join(kept), end, walk.undecided)
