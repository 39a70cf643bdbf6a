"""Function-like macros of a CUDA source, expanded as the C preprocessor does, for the tile front end's reading.

Only the kernel reader sees the expanded text (the source itself is never rewritten), and every expansion keeps
the lines where they were, so the kernels' line numbers stay those of the file. A macro is expanded only where its
meaning is plain: from its `#define` to its `#undef` or its next `#define` (under an `#if`, whose arm is not known
here, only a macro defined one way alone), with named parameters (no `...`), and a body with no `#` or `##` operator and no literal string or
character. Anything else stays a call,
and the kernel that uses it is kept with that reason."""

from __future__ import annotations

import re

DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)(.*)$")
UNDEF = re.compile(r"^[ \t]*#[ \t]*undef[ \t]+([A-Za-z_]\w*)")
NAMED = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(")
OBJECT = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?![\w(])[ \t]*(.*)$")
NUMBER = re.compile(r"[-+]?(0[xX][0-9a-fA-F]+|[0-9.]+(?:[eE][-+]?[0-9]+)?)[uUlLfF]*")
BRACE_OR_LITERAL = re.compile(r"[{}/\"']")
DIRECTIVE = re.compile(r"^[ \t]*#(?:[^\n]*\\\r?\n)*[^\n]*", re.MULTILINE)
IDENT = re.compile(r"[A-Za-z_]\w*")
MAX_DEPTH = 16

Macro = tuple["tuple[str, ...] | None", str]  # parameter names (None: an object-like macro), body


def _logical_lines(text: str) -> list[str]:
    """Lines with their backslash continuations joined (each joined line stands for the physical ones)."""
    return text.replace("\\\r\n", " ").replace("\\\n", " ").splitlines()


def _strip_comments(body: str) -> str:
    body = re.sub(r"/\*.*?\*/", " ", body)
    return body.split("//", 1)[0]


def _plain(match: re.Match) -> Macro | None:
    """The (parameters, body) of a `#define NAME(...) body` line, or None where it must not be expanded."""
    params, body = match.group(2), _strip_comments(match.group(3)).strip()
    names = tuple(p.strip() for p in params.split(",")) if params.strip() else ()
    plain = body and not set(body) & set("#\"'") and all(IDENT.fullmatch(p) for p in names) \
        and len(set(names)) == len(names)
    return (names, body) if plain else None


def function_macros(data: bytes) -> dict[str, Macro | None]:
    """name -> (parameters, body) of each function-like `#define`; None for one that must not be expanded (or that is
    defined more than one way, which only the position of a use can settle)."""
    text = data.decode("utf-8", "replace")
    found: dict[str, Macro | None] = {}
    for line in _logical_lines(text):
        match = DEFINE.match(line)
        if match is None:
            continue
        name, macro = match.group(1), _plain(match)
        if name in found and found[name] != macro:
            macro = None  # two definitions: which one holds depends on where it is used
        found[name] = macro
    return found


def expand_source(text: str, macros: dict[str, Macro | None], defined: set[str] | frozenset[str] = frozenset()) -> str:
    """`text` with its macros expanded where each is defined, as the preprocessor reads them top to bottom: a
    `#define` holds from its line to the next `#define` of that name (a redefinition, which compilers take with a
    warning) or its `#undef` (`defined` holds those in force from the start, the headers' own). Under an `#if`, a
    `#define` holds only where the file defines that macro one way alone, and an `#undef` ends it: which arm holds
    is not known here."""
    current = {name: macros.get(name) for name in defined}
    depth = braces = 0
    out, pos = [], 0

    def chunk(part: str) -> str:
        nonlocal braces
        braces += _brace_depth(part)
        return expand(part, {name: m for name, m in current.items() if m is not None})

    for match in DIRECTIVE.finditer(text):
        out.append(chunk(text[pos:match.start()]))
        line = match.group(0)
        joined = line.replace("\\\r\n", " ").replace("\\\n", " ")
        keyword = re.match(r"[ \t]*#[ \t]*(\w*)", joined).group(1)
        named, undone = DEFINE.match(joined), UNDEF.match(joined)
        if keyword in ("if", "ifdef", "ifndef"):
            depth += 1
        elif keyword == "endif":
            depth = max(0, depth - 1)
        elif named is not None and NAMED.match(joined):
            # under an #if arm: only a macro the file defines one way alone is known to mean that
            current[named.group(1)] = _plain(named) if depth == 0 else macros.get(named.group(1))
        elif braces > 0 and (obj := OBJECT.match(joined)) is not None:
            # an object-like macro defined inside a function body names an expression of that body's locals
            # (`#define row (blockIdx.y * n + threadIdx.y)`): written in where it is used; a number stays a constant
            body = _strip_comments(obj.group(2)).strip()
            plain = body and not NUMBER.fullmatch(body) and not set(body) & set("#\"'")
            current[obj.group(1)] = (None, body) if plain and depth == 0 else None
        elif undone is not None:
            if depth == 0:
                current.pop(undone.group(1), None)
            else:
                current[undone.group(1)] = None
        out.append(line)
        pos = match.end()
    out.append(chunk(text[pos:]))
    return "".join(out)


def _skip(text: str, i: int) -> int:
    """The end of the comment, string or character literal starting at `i`, or `i` if none starts there."""
    if text.startswith("//", i):
        end = text.find("\n", i)
        return len(text) if end < 0 else end
    if text.startswith("/*", i):
        end = text.find("*/", i + 2)
        return len(text) if end < 0 else end + 2
    if text[i] in "\"'":
        quote, j = text[i], i + 1
        while j < len(text) and text[j] != quote and text[j] != "\n":
            j += 2 if text[j] == "\\" else 1
        return j + 1
    return i


def _brace_depth(text: str) -> int:
    """The `{` of `text` less its `}`, comments, strings and character literals left out."""
    depth, i = 0, 0
    while (match := BRACE_OR_LITERAL.search(text, i)) is not None:
        start = match.start()
        end = _skip(text, start)
        if end == start:
            depth += {"{": 1, "}": -1}.get(text[start], 0)
            end = start + 1
        i = end
    return depth


def _arguments(text: str, i: int) -> tuple[list[str], int] | None:
    """The top-level arguments of the call whose `(` is at `i`, and the index after its `)`."""
    depth, start, args, j = 0, i + 1, [], i
    while j < len(text):
        skipped = _skip(text, j)
        if skipped != j:
            j = skipped
            continue
        c = text[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append(text[start:j])
                return args, j + 1
        elif c == "," and depth == 1:
            args.append(text[start:j])
            start = j + 1
        j += 1
    return None


def expand(text: str, macros: dict[str, Macro | None], disabled: frozenset[str] = frozenset(),
           depth: int = 0) -> str:
    """`text` with every call of an expandable macro replaced by its body, arguments expanded first and the result
    rescanned (a macro is never expanded inside its own expansion). Preprocessor lines are left as they are, and a
    call that spans lines keeps its line breaks after the expansion."""
    usable = {name: m for name, m in macros.items() if m is not None and name not in disabled}
    if not usable or depth > MAX_DEPTH:
        return text
    out, i, line_start = [], 0, True
    while i < len(text):
        c = text[i]
        if line_start and c in " \t":
            out.append(c)
            i += 1
            continue
        if line_start and c == "#":  # a preprocessor line, with its continuations
            end = i
            while True:
                end = text.find("\n", end)
                if end < 0 or not text[:end].rstrip("\r").endswith("\\"):
                    break
                end += 1
            end = len(text) if end < 0 else end
            out.append(text[i:end])
            i = end
            continue
        line_start = c == "\n"
        skipped = _skip(text, i)
        if skipped != i:
            out.append(text[i:skipped])
            i = skipped
            continue
        match = IDENT.match(text, i) if (c.isalpha() or c == "_") else None
        if match is None:
            out.append(c)
            i += 1
            continue
        name, end = match.group(0), match.end()
        after = end
        while after < len(text) and text[after] in " \t":
            after += 1
        if name in usable and usable[name][0] is None:  # object-like
            replaced = expand(usable[name][1], macros, disabled | {name}, depth + 1)
            out.append(" ".join(replaced.split()))
            i = end
            continue
        call = _arguments(text, after) if name in usable and after < len(text) and text[after] == "(" else None
        params, body = usable.get(name) or ((), "")
        args = call[0] if call is not None else None
        if args is not None and not params and [a.strip() for a in args] == [""]:
            args = []
        if args is None or len(args) != len(params):
            out.append(name)
            i = end
            continue
        values = {p: expand(a, macros, disabled, depth + 1).strip() for p, a in zip(params, args)}
        replaced = IDENT.sub(lambda m, values=values: values.get(m.group(0), m.group(0)), body)
        replaced = expand(replaced, macros, disabled | {name}, depth + 1)
        breaks = text.count("\n", i, call[1])
        out.append(" ".join(replaced.split()) + "\n" * breaks)
        i = call[1]
    return "".join(out)
