"""Regular expressions made faster without changing what they find: an alternation gated by the bytes its matches
can begin with."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any


def first_bytes(pattern: bytes) -> frozenset[int] | None:
    """The bytes a match of `pattern` can begin with, or None when that is not known (any byte, an empty match, a
    construct this reading does not follow). Zero-width assertions are read through: a superset is enough."""
    try:
        import re._parser as sre  # the standard library's own reading of a pattern
    except ImportError:
        return None
    words = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
    classes = {sre.CATEGORY_DIGIT: frozenset(b"0123456789"), sre.CATEGORY_SPACE: frozenset(b" \t\n\r\f\v"),
               sre.CATEGORY_WORD: words}

    def sequence(items: Any) -> tuple[frozenset[int], bool] | None:
        found: frozenset[int] = frozenset()
        for op, arg in items:
            if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
                continue  # zero width
            if op is sre.LITERAL:
                return found | {arg}, False
            if op is sre.IN:
                chars: set[int] = set()
                for kind, value in arg:
                    if kind is sre.LITERAL:
                        chars.add(value)
                    elif kind is sre.RANGE:
                        chars.update(range(value[0], value[1] + 1))
                    elif kind is sre.CATEGORY and value in classes:
                        chars.update(classes[value])
                    else:
                        return None  # a negated or unusual class
                return found | chars, False
            if op is sre.SUBPATTERN:
                if arg[1] & re.IGNORECASE:
                    return None
                inner = sequence(arg[3])
            elif op is sre.BRANCH:
                parts = [sequence(alt) for alt in arg[1]]
                if any(part is None for part in parts):
                    return None
                inner = frozenset().union(*(part[0] for part in parts)), any(part[1] for part in parts)
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
                inner = sequence(arg[2])
                if inner is not None and arg[0] == 0:
                    inner = inner[0], True
            else:
                return None
            if inner is None:
                return None
            found |= inner[0]
            if not inner[1]:
                return found, False
        return found, True  # every item may match empty

    try:
        parsed = sre.parse(pattern)
    except (re.error, RecursionError, OverflowError, ValueError):  # costs only the speed-up
        return None
    if parsed.state.flags & re.IGNORECASE:
        return None
    result = sequence(list(parsed))
    return None if result is None or result[1] else result[0]


def scans_ahead(pattern: bytes) -> bool:
    """Whether the regex engine itself skips to where a match can begin: the pattern starts with a literal
    (`#\\s*include`, `__half|__nv_bfloat16`) or one of a set of bytes, which it looks for in C before trying the rest."""
    try:
        import re._compiler as compiler  # the standard library's own reading, as re.compile does it
        import re._parser as sre

        parsed = sre.parse(pattern)
        prefix = compiler._get_literal_prefix(parsed, parsed.state.flags)[0]
        return bool(prefix) or compiler._get_charset_prefix(parsed, parsed.state.flags) is not None
    except (ImportError, AttributeError, TypeError, IndexError, re.error, RecursionError, OverflowError, ValueError):
        return False  # costs only the speed-up


def gated(pattern: bytes, flags: int = 0) -> re.Pattern[bytes]:
    """`pattern` behind a look-ahead for the bytes its matches begin with, where the engine would otherwise try it
    at every byte. It then tries the alternatives only where one can start: a search for 27 triggers over 16 MB of
    C++ that holds none took 2.4 times longer without it. A pattern the engine scans ahead for itself is left as
    it is: a look-ahead in front hides its literal start, and `<<[ \\t]*<` searched 20 times slower behind one."""
    if scans_ahead(pattern):
        return re.compile(pattern, flags)
    first = first_bytes(pattern)
    if not first:
        return re.compile(pattern, flags)
    gate = b"".join(re.escape(bytes([byte])) for byte in sorted(first))
    return re.compile(b"(?=[" + gate + b"])(?:" + pattern + b")", flags)


# What splitting an alternation apart could change: a back-reference (its group numbers move) or inline flags
# (at the start they apply to every alternative).
_UNSPLITTABLE = re.compile(rb"\\[1-9]|\(\?P=|\(\?\(|\(\?[aiLmsux]+[:)]")


def alternatives(pattern: bytes) -> list[bytes]:
    """The top-level alternatives of `pattern`: split at each `|` outside groups and character classes."""
    parts: list[bytes] = []
    depth, start, index, in_class = 0, 0, 0, False
    while index < len(pattern):
        char = pattern[index : index + 1]
        if char == b"\\":
            index += 2
            continue
        if in_class:
            in_class = char != b"]"
        elif char == b"[":
            in_class = True
            if pattern[index + 1 : index + 2] == b"^":
                index += 1
            if pattern[index + 1 : index + 2] == b"]":  # a `]` first in a class is a literal
                index += 1
        elif char == b"(":
            depth += 1
        elif char == b")":
            depth -= 1
        elif char == b"|" and depth == 0:
            parts.append(pattern[start:index])
            start = index + 1
        index += 1
    parts.append(pattern[start:])
    return parts


def any_of(patterns: Iterable[bytes]) -> tuple[Screened, ...]:
    """Patterns of which one finds a match wherever one alternation of all `patterns` does, for
    `any(p.search(data) for p in ...)`: first the alternatives the regex engine scans ahead for itself, then the
    others behind their gate. A file that holds none of them is read twice, but neither read tries every
    alternative at every byte (the trigger prefilter over HeCBench's files: 0.48 s as one alternation, 0.33 s so),
    and the others only in bytes that hold one of the literals they need (see screened)."""
    patterns = list(dict.fromkeys(patterns))
    whole = (screened(b"|".join(patterns)),) if patterns else ()
    if any(_UNSPLITTABLE.search(p) for p in patterns):
        return whole
    parts = list(dict.fromkeys(part for p in patterns for part in alternatives(p)))
    try:
        for part in parts:
            re.compile(part)
    except re.error:
        return whole  # the split went wrong somewhere: one alternation finds the same
    ahead = [part for part in parts if scans_ahead(part)]
    others = [part for part in parts if not scans_ahead(part)]
    return tuple(screened(b"|".join(group)) for group in (ahead, others) if group)


def each_of(pattern: bytes, flags: int = 0) -> tuple[Screened, ...]:
    """Patterns of which one finds a match wherever `pattern` (compiled with `flags`) does, for
    `any(p.search(data) for p in ...)`: one per top-level alternative, each behind the screen of its own literals
    (see screened). An alternative anchored at the start (`\\A...`) is then tried once, not at every byte where the
    whole alternation is tried: the `absent` test of implicit-runtime-include over HeCBench's .cu files took 0.22 s
    as one alternation, 0.01 s so."""
    whole = (screened(pattern, flags),)
    if _UNSPLITTABLE.search(pattern):
        return whole
    parts = alternatives(pattern)
    try:
        for part in parts:
            re.compile(part, flags)
    except re.error:
        return whole  # the split went wrong somewhere: the whole alternation finds the same
    return tuple(screened(part, flags) for part in parts)


# A screen of literals shorter than this is found in nearly every file: it would cost a pass and save none.
MIN_SCREEN = 3


def required_literals(pattern: bytes) -> tuple[bytes, ...] | None:
    """Literals of which every match of `pattern` holds at least one (the longest such set this reading finds), or
    None when it finds none: `\\bcub\\b` needs `cub`, `\\b(asm|__asm__)\\b` needs `asm` or `__asm__`."""
    try:
        import re._parser as sre  # the standard library's own reading of a pattern
    except ImportError:
        return None

    def best(options: list[frozenset[bytes]]) -> frozenset[bytes] | None:
        options = [o for o in options if o and all(o)]
        return max(options, key=lambda o: (min(map(len, o)), -len(o)), default=None)

    def sequence(items: Any) -> frozenset[bytes] | None:
        options: list[frozenset[bytes]] = []
        run = bytearray()
        for op, arg in items:
            if op is sre.LITERAL:
                run.append(arg)
                continue
            if op is sre.AT:
                continue  # zero width: the literals on either side stay adjacent in every match
            if run:
                options.append(frozenset({bytes(run)}))
                run = bytearray()
            if op is sre.SUBPATTERN and not arg[1] & re.IGNORECASE:
                inner = sequence(arg[3])
            elif op is sre.BRANCH:
                parts = [sequence(alt) for alt in arg[1]]
                inner = None if any(p is None for p in parts) else frozenset().union(*parts)  # type: ignore[arg-type]
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT) and arg[0] >= 1:
                inner = sequence(arg[2])
            else:
                inner = None
            if inner is not None:
                options.append(inner)
        if run:
            options.append(frozenset({bytes(run)}))
        return best(options)

    try:
        parsed = sre.parse(pattern)
    except (re.error, RecursionError, OverflowError, ValueError):  # costs only the speed-up
        return None
    if parsed.state.flags & re.IGNORECASE:
        return None
    found = sequence(list(parsed))
    if not found:
        return None
    # A literal that holds another of the set is found wherever the other is: the shorter one is enough.
    return tuple(sorted(a for a in found if not any(b != a and b in a for b in found)))


@dataclass(frozen=True)
class Screened:
    """A compiled pattern searched only in bytes that hold one of its required literals: a `bytes in` test runs
    at memory speed, while a pattern that opens with `\\b` (`\\bthrust\\b`) is tried at every byte."""

    pattern: re.Pattern[bytes]
    literals: tuple[bytes, ...] = ()

    def search(self, data: bytes) -> re.Match[bytes] | None:
        if self.literals and not any(literal in data for literal in self.literals):
            return None
        return self.pattern.search(data)


def screened(pattern: bytes, flags: int = 0) -> Screened:
    """`pattern`, gated (see gated), behind a screen of the literals its matches need, where they are long enough
    to be rare; a pattern the engine scans ahead for needs no screen, nor one whose case `flags` ignore."""
    compiled = gated(pattern, flags)
    if scans_ahead(pattern) or flags & re.IGNORECASE:
        return Screened(compiled)
    literals = required_literals(pattern)
    if literals is None or min(map(len, literals)) < MIN_SCREEN:
        return Screened(compiled)
    return Screened(compiled, literals)


@dataclass(frozen=True)
class LineStart:
    """A pattern that begins at line starts (`^...` with re.MULTILINE), tried at line starts alone. The regex engine
    tries a `^` pattern at every byte of a file; a newline followed by the rest it scans ahead for, one try a line
    (over HeCBench's parsed files: 0.10 s at every byte, 0.02-0.03 s so). Matches are the pattern's own."""

    pattern: re.Pattern[bytes]
    after_newline: re.Pattern[bytes]  # "\n" and the pattern without its "^": where to try the pattern next

    def finditer(self, data: bytes) -> Iterator[re.Match[bytes]]:
        """What pattern.finditer(data) yields, for a pattern whose matches are never empty."""
        found = self.pattern.match(data, 0)
        start = 0  # where to look for the newline before the next line start to try
        while True:
            if found is not None:
                yield found
                # The next match may begin on the line where this one ends (and never at this one's start).
                start = max(found.end() - 1, found.start())
            hit = self.after_newline.search(data, start)
            if hit is None:
                return
            found = self.pattern.match(data, hit.start() + 1)
            start = hit.start() + 1

    def search(self, data: bytes) -> re.Match[bytes] | None:
        return next(self.finditer(data), None)


def line_start(pattern: bytes, flags: int = 0) -> LineStart:
    """`pattern` (it must begin with `^`) compiled to be tried at line starts only, re.MULTILINE added."""
    if not pattern.startswith(b"^"):
        raise ValueError(f"a line-start pattern begins with ^: {pattern!r}")
    flags |= re.MULTILINE
    return LineStart(re.compile(pattern, flags), re.compile(b"\n(?:" + pattern[1:] + b")", flags))
