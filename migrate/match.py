"""Turning one file's bytes into findings: the four matcher kinds of rules/README.md over tree-sitter trees."""

from __future__ import annotations

import bisect
import fnmatch
import itertools
import re
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import tree_sitter as ts

from . import parse, pyflow, regions
from .model import FINDING_ORDER, Edit, Finding, MapEntry, PythonMapEntry, Rule
from .patterns import LineStart, Screened, any_of, each_of, gated, line_start, screened
from .rules import Catalog

IDENTIFIER_NODES = {"identifier", "type_identifier", "namespace_identifier"}
# A run of identifier bytes: a catalogued name is found where one whole run equals it.
WORD = re.compile(rb"[A-Za-z0-9_]+")
_IDENTIFIER_BYTES = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"
# Every byte outside identifiers made a space: split() of the result gives WORD.findall's runs, in order.
_WORD_SPLIT = bytes(b if b in _IDENTIFIER_BYTES else 0x20 for b in range(256))
SUPPRESSION = re.compile(rb"migrate:\s*ignore(?:\[([^\]]*)\])?")
C_BLANKABLE = re.compile(rb'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.DOTALL)
HASH_COMMENT = re.compile(rb"#[^\n]*")
NEWLINE = re.compile(rb"\n")
PY_IMPORT_HINT = re.compile(rb"\bimport\b")
BUILD_LANGUAGES = ("cmake", "make", "requirements", "pyproject")


def word_runs(data: bytes) -> list[bytes]:
    """`WORD.findall(data)`: the runs of identifier bytes, in order, at twice the speed of the regex (a translate
    and a split in C, where findall makes a match per run)."""
    return data.translate(_WORD_SPLIT).split()


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return ""


@dataclass
class Text:
    """A file's bytes with line arithmetic: byte offsets to 1-based lines and character columns."""

    data: bytes
    _starts: list[int] | None = field(default=None, init=False, repr=False)

    @property
    def starts(self) -> list[int]:
        """The offset of each line's first byte, found when first asked: most files give no finding."""
        if self._starts is None:
            self._starts = [0, *(hit.end() for hit in NEWLINE.finditer(self.data))]
        return self._starts

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def position(self, offset: int) -> tuple[int, int]:
        line = self.line_of(offset)
        start = self.starts[line - 1]
        return line, len(self.data[start:offset].decode("utf-8", "replace")) + 1

    def line_bytes(self, line: int) -> bytes:
        start = self.starts[line - 1]
        end = self.starts[line] - 1 if line < len(self.starts) else len(self.data)
        return self.data[start:end].rstrip(b"\r")


@dataclass(frozen=True)
class QueryRule:
    rule: Rule
    language: str
    source: str
    capture: str
    trigger: Screened | None
    within: Mapping[str, Any]
    defaults: Mapping[str, str]
    paths: tuple[str, ...] = ()
    absent: tuple[Screened, ...] = ()  # `match.absent`, one pattern per alternative (see patterns.each_of)
    code: re.Pattern[bytes] | None = None
    reads: frozenset[str] | None = None  # the fields its message and fix read (see _fields_read); None: all

    @property
    def query(self) -> ts.Query:
        """The rule's own query, compiled when first asked for: scans run every rule through one combined query."""
        return parse.query(self.language, self.source)

    @property
    def capture_names(self) -> tuple[str, ...]:
        """The names the rule's query captures, read from its source (compiling the query per rule would cost
        each worker process a third of a second)."""
        return _capture_names(self.source)

    def applies(self, relpath: str, data: bytes, code: Callable[[], bytes] | None = None) -> bool:
        """Whether the file is one this rule reads: its name matches `match.paths`, its bytes hit the trigger and
        miss `match.absent`, and its code (comments and strings blanked; `code` gives it when the caller keeps
        it) hits `match.code`."""
        if self.paths and not any(fnmatch.fnmatchcase(relpath.rsplit("/", 1)[-1], p) for p in self.paths):
            return False
        if self.trigger is not None and not self.trigger.search(data):
            return False
        if self.absent and any(p.search(data) for p in self.absent):
            return False
        return self.code is None or bool(self.code.search(code() if code is not None else blank_code(data)))


def blank_code(data: bytes) -> bytes:
    """`data` with its comments and string and character literals turned into spaces (offsets hold)."""
    return C_BLANKABLE.sub(lambda m: b" " * len(m.group()), data)


@dataclass(frozen=True)
class RegexRule:
    rule: Rule
    languages: tuple[str, ...]
    pattern: re.Pattern[bytes]


@dataclass(frozen=True)
class PythonNameRule:
    rule: Rule
    names: tuple[str, ...]
    arguments: tuple[Mapping[str, Any], ...]
    table: Mapping[str, PythonMapEntry] | None = None

    def specificity(self, qualified: str) -> int:
        """How closely this rule names `qualified` (longer patterns win); -1 when it does not match."""
        best = -1
        for pattern in self.names:
            if pattern.endswith(".*"):
                prefix = pattern[:-2]
                if qualified == prefix or qualified.startswith(prefix + "."):
                    best = max(best, len(prefix))
            elif qualified == pattern:
                best = max(best, len(pattern) + 1000)
        return best


@dataclass(frozen=True)
class NameSet:
    """Names to find as whole identifiers: those made of identifier bytes by set lookup over a file's word runs
    (one C-level pass, no alternation to compile), any other by a regex."""

    words: frozenset[bytes]
    others: re.Pattern[bytes] | None = None

    @staticmethod
    def of(names: Iterable[str]) -> NameSet:
        words = {name.encode() for name in names}
        others = {word for word in words if not WORD.fullmatch(word)}
        return NameSet(frozenset(words - others), _prefix_pattern(o.decode() for o in others))

    def __bool__(self) -> bool:
        return bool(self.words or self.others)

    def found(self, data: bytes, words: list[bytes] | None = None) -> bool:
        """Whether `data` (its word runs `words`, when already found) holds one of the names."""
        if self.words and not self.words.isdisjoint(word_runs(data) if words is None else words):
            return True
        return self.others is not None and self.others.search(data) is not None

    def spans(self, data: bytes, words: list[bytes] | None = None) -> list[tuple[int, int]]:
        """Every whole-identifier occurrence of a name in `data`, in order: what a search for all of them as one
        regex finds, each hit's start and end."""
        spans: list[tuple[int, int]] = []
        for name in self.words.intersection(word_runs(data) if words is None else words):
            size = len(name)
            at = data.find(name)
            while at >= 0:
                end = at + size
                if (not at or data[at - 1 : at] not in _WORD_BYTES) and data[end : end + 1] not in _WORD_BYTES:
                    spans.append((at, end))
                at = data.find(name, end)
        if self.others is not None:
            spans += [hit.span() for hit in self.others.finditer(data)]
        spans.sort()
        return spans


_WORD_BYTES = frozenset(bytes([b]) for b in _IDENTIFIER_BYTES)


@dataclass(frozen=True)
class Ruleset:
    """The selected rules compiled for matching: name lookup, queries, regexes and prefilters per language."""

    catalog: Catalog
    names: Mapping[str, MapEntry]
    name_words: NameSet
    queries: tuple[QueryRule, ...]
    combined: Mapping[str, tuple[ts.Query, tuple[QueryRule, ...]]]
    python_names: tuple[PythonNameRule, ...]
    python_roots: frozenset[str]
    regexes: tuple[RegexRule, ...]
    prefilter: Mapping[str, tuple[Screened, ...] | None]
    blank: Mapping[str, re.Pattern[bytes]]
    selected: frozenset[str]
    # Per language: `#define NAME` followed only by declaration keywords (rules/parse.toml `qualifiers`), an
    # attribute-like macro such as `#define DI __device__ __forceinline__`.
    qualifier_macros: Mapping[str, LineStart] = field(default_factory=dict)
    # Per rule with `match.unless`: the names of those rules that have no portable form, whether or not those rules
    # are selected, so a fix is withheld from what the file still needs.
    guards: Mapping[str, NameSet] = field(default_factory=dict)
    hidden: frozenset[str] = frozenset()  # rules run only for other rules' `match.unless`, never reported
    device_functions: frozenset[str] = frozenset()  # regions.device_functions of the catalog, read once


def _trie_pattern(words: list[str]) -> str:
    """A regex alternation of `words` factored as a trie, so matching costs one pass and no backtracking."""
    trie: dict[str, dict] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        ends = "" in node
        branches = [re.escape(char) + emit(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if ends else body

    return emit(trie)


# A capture in a query's source: `@name` outside a string literal (strings are skipped whole).
QUERY_CAPTURE = re.compile(r'"(?:\\.|[^"\\])*"|;[^\n]*|@([A-Za-z_][A-Za-z0-9_.-]*)')


@cache
def _capture_names(source: str) -> tuple[str, ...]:
    """The distinct capture names of a query source, in their first order."""
    return tuple(dict.fromkeys(m.group(1) for m in QUERY_CAPTURE.finditer(source) if m.group(1)))


def _prefix_pattern(names: Iterable[str]) -> re.Pattern[bytes] | None:
    """A regex that finds exactly the catalogued names as whole identifiers."""
    words = sorted(set(names))
    if not words:
        return None
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{_trie_pattern(words)})(?![A-Za-z0-9_])".encode())


def compile_rules(catalog: Catalog, selected: Iterable[str]) -> Ruleset:
    """Compile the selected rules (ids) of a catalog; a rule that does not compile raises ValueError naming it."""
    chosen = frozenset(selected)
    # Query rules that a chosen rule's `match.unless` names but the selection leaves out run all the same, their
    # findings unreported: whether a fix is withheld must not depend on which rules were selected.
    hidden = frozenset(
        other
        for rule_id in chosen
        for other in catalog.rules[rule_id].match.get("unless", ())
        if other not in chosen and other in catalog.rules and catalog.rules[other].match["kind"] == "query"
    )
    names = {
        name: entry
        for name, entry in catalog.names.items()
        if entry.rule in chosen and entry.portable != name
    }
    queries: list[QueryRule] = []
    python_names: list[PythonNameRule] = []
    regexes: list[RegexRule] = []
    triggers: dict[str, list[bytes]] = {"cuda": [], "python": []}
    screens: dict[str, list[Screened]] = {"cuda": [], "python": []}  # triggers that need a `within` token too
    for rule_id in sorted(chosen | hidden):
        rule = catalog.rules[rule_id]
        match = rule.match
        kind = match["kind"]
        try:
            if kind == "query":
                lang = match["language"]
                trigger = match.get("trigger")
                if match.get("within", {}).get("mentions") is not None:
                    _mentions(match["within"]["mentions"])  # a bad regex fails here, named with its rule
                tokens = _within_tokens(match)
                screen = screened(trigger.encode()) if trigger else None
                if trigger and tokens:
                    # It reports only inside a node that has one of the tokens as a child: a file without their
                    # bytes gives it nothing (a `]]` in host code is not a kernel's permutation).
                    screen = Screened(gated(trigger.encode()), tokens)
                queries.append(
                    QueryRule(
                        rule=rule,
                        language=lang,
                        source=str(match["query"]),
                        capture=match["capture"],
                        trigger=screen,
                        within=match.get("within", {}),
                        defaults=match.get("defaults", {}),
                        paths=tuple(match.get("paths", ())),
                        absent=each_of(match["absent"].encode(), re.MULTILINE) if match.get("absent") else (),
                        code=re.compile(match["code"].encode()) if match.get("code") else None,
                        reads=_fields_read(rule),
                    )
                )
                if screen is not None and screen.literals and tokens:
                    screens[lang].append(screen)
                else:
                    triggers[lang].append(trigger.encode() if trigger else b"")
            elif kind == "python-name":
                argument = match.get("argument", ())
                table = match.get("table")
                python_names.append(
                    PythonNameRule(
                        rule=rule,
                        names=tuple(match["names"]),
                        arguments=(argument,) if isinstance(argument, Mapping) else tuple(argument),
                        table=catalog.python_tables[table] if table else None,
                    )
                )
            elif kind == "regex":
                flags = re.IGNORECASE if match.get("ignore_case") else 0
                languages = match["language"]
                regexes.append(
                    RegexRule(
                        rule=rule,
                        languages=tuple([languages] if isinstance(languages, str) else languages),
                        pattern=re.compile(match["pattern"].encode(), flags | re.MULTILINE),
                    )
                )
        except (KeyError, re.error, ValueError) as exc:
            raise ValueError(f"{rule.path}: match does not compile: {exc}") from None
    combined: dict[str, tuple[ts.Query, tuple[QueryRule, ...]]] = {}
    for lang in ("cuda", "python"):
        members = [q for q in queries if q.language == lang]
        if members:
            # One query holding every rule's patterns walks the tree once; pattern index -> owning rule, by where
            # the pattern starts in the combined source.
            source = "\n".join(q.source for q in members)
            try:
                query = parse.query(lang, source)
            except ValueError:
                for q in members:  # name the rule whose query is at fault
                    try:
                        parse.query(q.language, q.source)
                    except ValueError as exc:
                        raise ValueError(f"{q.rule.path}: match does not compile: {exc}") from None
                raise
            ends = list(itertools.accumulate(len(q.source.encode()) + 1 for q in members))
            owners = tuple(
                members[bisect.bisect_right(ends, query.start_byte_for_pattern(i))]
                for i in range(query.pattern_count)
            )
            combined[lang] = (query, owners)
    roots = frozenset(p.split(".")[0] for r in python_names for p in r.names)
    name_words = NameSet.of(names)
    # A C/C++/CUDA file that neither the triggers' pattern hits nor holds a catalogued name is not parsed. The
    # triggers go first: a CUDA file hits one in its first lines, while the names need a pass over every word.
    prefilter: dict[str, tuple[Screened, ...] | None] = {}
    cuda_patterns = any_of(triggers["cuda"]) + tuple(screens["cuda"])
    # A rule without a trigger reads every file: then nothing is filtered.
    prefilter["cuda"] = None if b"" in triggers["cuda"] or not (cuda_patterns or name_words) else cuda_patterns
    py_parts = [re.escape(r).encode() for r in sorted(roots)] + triggers["python"]
    py_patterns = (any_of(py_parts) if py_parts else ()) + tuple(screens["python"])
    prefilter["python"] = None if b"" in py_parts else py_patterns or None
    guards: dict[str, frozenset[str]] = {}
    for rule_id in sorted(chosen):
        unless = catalog.rules[rule_id].match.get("unless")
        if unless:
            kept = frozenset(
                name for name, entry in catalog.names.items()
                if entry.rule in unless and not (entry.status in ("supported", "deprecated") and entry.portable)
            )
            if kept:
                guards[rule_id] = NameSet.of(kept)
    qualifier_macros = {
        lang: line_start(
            rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+((?:(?:"
            + b"|".join(re.escape(w.encode()) for w in words)
            + rb")[ \t]*)+)(?://[^\n]*)?\r?$"
        )
        for lang, words in catalog.qualifiers.items()
        if words
    }
    return Ruleset(
        qualifier_macros=qualifier_macros,
        guards=guards,
        hidden=hidden,
        device_functions=regions.device_functions(catalog),
        catalog=catalog,
        names=names,
        name_words=name_words,
        queries=tuple(queries),
        combined=combined,
        python_names=tuple(python_names),
        python_roots=roots,
        regexes=tuple(regexes),
        prefilter=prefilter,
        blank={
            lang: re.compile(b"|".join(p.encode() for p in patterns))
            for lang, patterns in catalog.blank.items()
            if patterns
        },
        selected=chosen,
    )


def _within_tokens(match: Mapping[str, Any]) -> tuple[bytes, ...]:
    """The tokens of `match.within.has`, of which a file must hold one for the rule to report anything in it; ()
    when there is no such need (no `has`, or the test negated)."""
    within = match.get("within", {})
    if within.get("negate") or not within.get("has"):
        return ()
    return tuple(sorted(str(token).encode() for token in within["has"]))


def _fields_read(rule: Rule) -> frozenset[str] | None:
    """The fields a query rule's message, fix text or fix template and `match.fields` read, or None when that is
    not known (a template that includes another)."""
    names: set[str] = set()
    for text in (rule.message, (rule.fix or {}).get("text")):
        if isinstance(text, str):
            try:
                parsed = list(string.Formatter().parse(text))
            except ValueError:
                return None
            names.update(re.split(r"[.\[]", field)[0] for _, field, _, _ in parsed if field)
    template = (rule.fix or {}).get("template")
    if isinstance(template, str):
        from .templating import variables

        found = variables(template)
        if found is None:
            return None
        names |= found
    names.update(f"{name}_raw" for name in rule.match.get("fields", {}))
    return frozenset(names)


def _clip(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class FileMatcher:
    """Collects the findings of one file; owns its text, tree and suppression comments."""

    def __init__(self, ruleset: Ruleset, relpath: str, language: str, data: bytes) -> None:
        self.ruleset = ruleset
        self.relpath = relpath
        self.language = language
        self.text = Text(data)
        self.findings: dict[tuple[str, int, int], Finding] = {}
        self.tree: ts.Tree | None = None
        self.parsed_as_is = False  # whether self.tree was parsed from the file's bytes unchanged
        self._mentioned: dict[tuple[int, str], bool] = {}  # _within's answers for this file's tree
        self.python_aliases: dict[str, str] = {}
        self._definitions: dict[str, frozenset[str]] | None = None
        self._words: list[bytes] | None = None  # the file's word runs, when the prefilter found them
        self._flow: pyflow.Flow | None = None
        self._name_messages: dict[str, str] = {}  # a catalogued name's message: a file repeats its names
        self._snippets: dict[int, str] = {}  # line -> its snippet, for the findings on it
        self._code: bytes | None = None  # blank_code of the file, made when first asked for

    def code(self) -> bytes:
        """The file's bytes with comments and literals blanked, made once for the rules that read code only."""
        if self._code is None:
            self._code = blank_code(self.text.data)
        return self._code

    # -- findings -------------------------------------------------------------------------------------------

    def suppressed(self, rule_id: str, line: int) -> bool:
        found = SUPPRESSION.search(self.text.line_bytes(line))
        if not found:
            return False
        if found.group(1) is None:
            return True
        listed = {part.strip() for part in found.group(1).decode("utf-8", "replace").split(",")}
        rule = self.ruleset.catalog.rules.get(rule_id)
        return rule_id in listed or (rule is not None and (rule.family in listed or bool(listed & set(rule.aliases))))

    def add(
        self,
        rule: Rule,
        start: int,
        end: int,
        message: str,
        *,
        edits: tuple[Edit, ...] = (),
        safety: str | None = None,
        effort: str | None = None,
    ) -> None:
        if len(edits) == 1:
            # A finding covers the bytes its edits change (an added argument, a whole statement or line).
            start, end = min(start, edits[0].start), max(end, edits[0].end)
        elif edits:
            start = min(start, min(edit.start for edit in edits))
            end = max(end, max(edit.end for edit in edits))
        key = (rule.id, start, end)
        if key in self.findings:
            return
        line, column = self.text.position(start)
        if self.suppressed(rule.id, line):
            return
        end_line, end_column = self.text.position(end)
        snippet = self._snippets.get(line)
        if snippet is None:
            snippet = self._snippets[line] = self.text.line_bytes(line).decode("utf-8", "replace").strip()[:200]
        safety = safety or rule.safety
        effort = effort or rule.effort
        # What a person must port is never "no effort", whatever the table row says.
        if safety == "manual" and effort == "none":
            effort = "low"
        self.findings[key] = Finding.unchecked(
            rule.id, self.relpath, line, column, end_line, end_column, rule.severity, safety, effort, message,
            rule.family, edits, "tree-sitter", snippet,
        )

    def fix_edits(
        self, rule: Rule, node: ts.Node, fields: Mapping[str, Any], span: tuple[ts.Node, ts.Node] | None = None
    ) -> tuple[Edit, ...]:
        """The edits of a rule's `fix` for `node` (or for the bytes from `span[0]` to `span[1]`): none when the
        rule has no fix or the replaced bytes hold a parse error."""
        if not rule.fix or rule.safety == "manual":
            return ()
        if rule.fix.get("insert") == "top":
            # A line added above the file's code, below its leading comments: nothing of the tree is replaced, so
            # an error region elsewhere in the file does not matter.
            replacement = _render_fix(rule, rule.fix, fields)
            return () if replacement is None else (Edit(_code_start(self.text.data), _code_start(self.text.data), replacement),)
        if node.has_error:
            return ()
        if rule.fix.get("insert") == "after":
            # Lines added below the line where the node ends: the node and everything on its lines stay, so a
            # marker another rule puts above one of those lines stays where it belongs.
            replacement = _render_fix(rule, rule.fix, fields)
            line_end = self.text.data.find(b"\n", node.end_byte)
            at = len(self.text.data) if line_end == -1 else line_end + 1
            return () if replacement is None else (Edit(at, at, replacement),)
        first, last = span or (node, node)
        if first.has_error or last.has_error or last.end_byte < first.start_byte:
            return ()
        replacement = _render_fix(rule, rule.fix, fields)
        if replacement is None:
            return ()
        start, end = first.start_byte, last.end_byte
        if rule.fix.get("whole_line") and not replacement:
            # Deleting a statement that stands alone on its line takes the line with it.
            data = self.text.data
            line_start = data.rfind(b"\n", 0, start) + 1
            line_end = data.find(b"\n", end)
            line_end = len(data) if line_end == -1 else line_end + 1
            if not data[line_start:start].strip() and not data[end:line_end].strip():
                # From the statement to the next line's first character: the same bytes go as with the whole
                # line, and a byte diff of the result lines up with this span.
                next_code = line_end + len(data[line_end:]) - len(data[line_end:].lstrip(b" \t"))
                end = next_code
        return (Edit(start, end, replacement),)

    # -- C, C++ and CUDA ------------------------------------------------------------------------------------

    def scan_cuda(self) -> None:
        data = self.text.data
        prefilter = self.ruleset.prefilter.get("cuda")
        if prefilter is not None and not any(p.search(data) for p in prefilter):
            self._words = word_runs(data)
            if not self.ruleset.name_words.found(data, self._words):
                return
        copy = scan_copy(self.ruleset, "cuda", data)
        self.tree = parse.parse("cuda", copy)
        self.parsed_as_is = copy == data
        root = self.tree.root_node
        self._names(root)
        self._queries(root, "cuda")
        if DEFINED_LAUNCH.search(data):
            self._macro_launches(root)

    def _macro_launches(self, root: ts.Node) -> None:
        """Launches written inside `#define` bodies: each body that holds one is parsed as a function body of
        its own, and its findings and edits are placed back at the body's offsets."""
        if "cuda" not in self.ruleset.combined:
            return
        for nodes in ts.QueryCursor(parse.query("cuda", MACRO_BODIES_QUERY)).captures(root).values():
            for body in nodes:
                if body.text and (b"<<<" in body.text or SPACED_CHEVRONS.search(body.text)):
                    # Line continuations become spaces (same length), so offsets in the body hold.
                    text = re.sub(rb"\\\r?\n", lambda m: b" " * len(m.group()), body.text)
                    snippet = MACRO_PREFIX + _spaced_chevrons(text) + MACRO_SUFFIX
                    tree = parse.parse("cuda", snippet)
                    self._queries(tree.root_node, "cuda", shift=body.start_byte - len(MACRO_PREFIX),
                                  only=("kernel-launch",))

    def _names(self, root: ts.Node) -> None:
        if not self.ruleset.name_words:
            return
        names = self.ruleset.names
        data = self.text.data
        blanked_args: dict[int, bytes] = {}
        # Each occurrence's node, and the names the file declares itself at one of them (a variable `norm`, its own
        # `#define __shfl`): a catalogued name declared here is the program's own, not CUDA's. A name can only be
        # declared where it occurs, so its occurrences answer without walking the whole tree.
        # Each site with its node's type and parent, asked once: a node's parent is found by a walk down from the
        # root, and a dense file has a site on every line.
        sites: list[tuple[int, int, bytes, MapEntry, ts.Node, str, ts.Node | None]] = []
        declared: set[bytes] = set()
        for start, end in self.ruleset.name_words.spans(data, self._words):
            word = data[start:end]
            entry = names.get(word.decode("ascii", "replace"))
            if entry is None:
                continue
            node = root.descendant_for_byte_range(start, end)
            if node is None:
                continue
            node_type = node.type
            parent = node.parent if node_type in IDENTIFIER_NODES else None
            sites.append((start, end, word, entry, node, node_type, parent))
            if word not in declared and node_type == "identifier" and _declares(node, parent):
                declared.add(word)
        for start, end, word, entry, node, node_type, parent in sites:
            if word in declared:
                continue  # the program declares this name itself
            if node_type == "preproc_arg":
                body = blanked_args.get(node.start_byte)
                if body is None:
                    body = C_BLANKABLE.sub(lambda m: b" " * len(m.group()), node.text or b"")
                    blanked_args[node.start_byte] = body
                if body[start - node.start_byte : end - node.start_byte] != word:
                    continue
            elif node_type not in IDENTIFIER_NODES or node.start_byte != start or node.end_byte != end:
                continue
            elif (qualified := _qualified_use(node, parent)) is not None:
                if not _in_scopes(data[qualified.start_byte : node.start_byte], entry.scopes):
                    continue  # `ns::cudaMalloc`: the project's own name, in its own namespace
                start = qualified.start_byte  # the fix replaces the whole qualified name
            elif entry.scopes and "" not in entry.scopes:
                continue  # a name that is this API's only when qualified (`DeviceType::CUDA`)
            elif parent is not None and parent.type == "function_declarator" and _in_namespace(node):
                continue  # the project's own function of that name, in its own namespace
            self._name_finding(entry, node, start, end)

    def _name_finding(self, entry: MapEntry, node: ts.Node, start: int, end: int) -> None:
        rule = self.ruleset.catalog.rules[entry.rule]
        message = self._name_messages.get(entry.name)
        if message is None:
            note = f": {entry.note}" if entry.note else ""
            fields = _Missing(name=entry.name, portable=entry.portable, note=note, status=entry.status)
            advice = rule.advice.get(entry.status, "")
            fields["advice"] = advice.format_map(fields) if advice else entry.note
            message = self._name_messages[entry.name] = rule.message.format_map(fields)
        if entry.status in ("supported", "deprecated") and entry.portable and rule.safety != "manual":
            if node.has_error:
                message = message.split(" (safe fix)")[0] + "; left as it is: the parser could not read it whole"
                self.add(rule, start, end, message, safety="manual", effort=entry.effort)
            else:
                self.add(rule, start, end, message, edits=(Edit.unchecked(start, end, entry.portable),),
                         effort=entry.effort)
        else:
            self.add(rule, start, end, message, safety="manual", effort=entry.effort)

    def _queries(self, root: ts.Node, language: str, shift: int = 0, only: tuple[str, ...] = ()) -> None:
        """Every query rule's matches in `root`; `shift` maps the tree's offsets to the file's (a macro body parsed
        on its own), and `only` limits the rules."""
        if language not in self.ruleset.combined:
            return
        data = self.text.data
        query, owners = self.ruleset.combined[language]
        triggered: dict[str, bool] = {}
        seen = self._mentioned if not shift and not only else {}  # the file's own tree, not a macro body's
        for pattern, captures in ts.QueryCursor(query).matches(root):
            qrule = owners[pattern]
            rule = qrule.rule
            if rule.id not in triggered:
                triggered[rule.id] = qrule.applies(self.relpath, data, self.code)
            nodes = captures.get(qrule.capture)
            if not triggered[rule.id] or not nodes:
                continue
            node = nodes[0]
            if only and rule.id not in only:
                continue
            if qrule.within and _within(node, qrule.within, seen) == bool(qrule.within.get("negate")):
                continue
            fields: dict[str, Any] = _Missing(qrule.defaults)
            reads = qrule.reads
            for capture in qrule.capture_names:
                fields[f"{capture}_all"] = []
            for name, found in captures.items():
                raw = found[0].text.decode("utf-8", "replace")
                fields[name] = _clip(raw)
                fields[f"{name}_raw"] = raw
                # The lists are made only for a rule that reads them: a launch has seven captures, and most
                # rules read one or two of their forms.
                if reads is None or f"{name}_all" in reads:
                    fields[f"{name}_all"] = [n.text.decode("utf-8", "replace") for n in found]
                if reads is None or f"{name}_children" in reads:
                    fields[f"{name}_children"] = [
                        c.text.decode("utf-8", "replace") for c in found[0].named_children if c.type != "comment"
                    ]
                if found[0].type == "argument_list" and (
                    reads is None or f"{name}_positional" in reads or f"{name}_kwargs" in reads
                ):
                    fields[f"{name}_positional"], fields[f"{name}_kwargs"] = _call_arguments(found[0])
            for name, pattern in rule.match.get("fields", {}).items():
                parts = re.fullmatch(pattern, fields.get(f"{name}_raw", ""))
                fields.update({k: v for k, v in (parts.groupdict() if parts else {}).items() if v is not None})
            fields.setdefault("text", fields[qrule.capture])
            if rule.match.get("flow") and self.tree is not None:
                # A data-flow condition (rules/README.md `flow`): where the matched value goes, what a name holds.
                flowed = pyflow.fields(rule.match["flow"], captures, self.flow())
                if flowed is None:
                    continue
                fields.update(flowed)
            if rule.match.get("definitions"):
                fields.update(self.definitions())
            span_names = (rule.fix or {}).get("span")
            span = None
            if span_names:
                if not all(captures.get(n) for n in span_names):
                    continue
                span = (captures[span_names[0]][0], captures[span_names[-1]][0])
            edits = self.fix_edits(rule, node, fields, span)
            start, end = node.start_byte, node.end_byte
            if not edits and (rule.fix or {}).get("branches") and not shift:
                edits = self.branch_edits(rule, node)
                if edits:
                    start, end = edits[0].start, edits[0].end  # the statement, directives included
            if shift:
                edits = tuple(Edit(e.start + shift, e.end + shift, e.text) for e in edits)
            message = rule.message.format_map(fields)
            unfixed = not edits and rule.safety != "manual" and rule.fix and ("text" in rule.fix or "template" in rule.fix)
            if unfixed:
                # The fix needs the whole construct and the parser could not read it (a launch whose arguments an
                # #ifdef splits, say): the code stays, with a marker saying so.
                message = message.split(" (safe fix)")[0] + "; left as it is: the parser could not read it whole"
            self.add(
                rule,
                start + shift,
                end + shift,
                message,
                edits=edits,
                safety="manual" if unfixed else None,
            )

    def branch_edits(self, rule: Rule, node: ts.Node) -> tuple[Edit, ...]:
        """The fix of a statement whose argument list one `#if` group splits (`k<<<g, b>>>(x` / `#ifdef A` /
        `, y` / `#endif` / `);`): the statement is written once per branch of the group, each copy migrated as a
        file of its own would be, under the group's own directives (an `#else` added where it had none). () for
        any other shape, or when a copy does not migrate whole."""
        statement, args = node.parent, node.child_by_field_name("arguments")
        if statement is None or statement.type != "expression_statement" or args is None:
            return ()
        data = self.text.data
        line_start = data.rfind(b"\n", 0, statement.start_byte) + 1
        line_end = data.find(b"\n", statement.end_byte)
        line_end = len(data) if line_end == -1 else line_end
        indent = data[line_start : statement.start_byte]
        if indent.strip() or data[statement.end_byte : line_end].strip():
            return ()
        branches = _directive_branches(args.text or b"")
        if branches is None:
            return ()
        newline = b"\r\n" if b"\r\n" in data[line_start:line_end] or b"\r\n" in (args.text or b"") else b"\n"
        head = data[statement.start_byte : args.start_byte]
        tail = data[args.end_byte : statement.end_byte]
        out = b""
        for directive, arguments, _ in branches:
            body = head + arguments + tail
            snippet = MACRO_PREFIX + body + MACRO_SUFFIX
            copy = FileMatcher(self.ruleset, self.relpath, self.language, snippet)
            copy.tree = parse_source(self.ruleset, self.language, snippet)
            copy._definitions = self.definitions()  # the kernels this file declares, not the snippet's none
            copy._queries(copy.tree.root_node, self.language, only=(rule.id,))
            found = [f for f in copy.findings.values() if f.rule_id == rule.id]
            if len(found) != 1 or not found[0].edits or copy.tree.root_node.has_error:
                return ()
            (edit,) = found[0].edits
            if edit.start < len(MACRO_PREFIX) or edit.end > len(MACRO_PREFIX) + len(body):
                return ()
            rewritten = snippet[: edit.start] + edit.text.encode() + snippet[edit.end :]
            out += directive + newline + indent + rewritten[len(MACRO_PREFIX) : len(rewritten) - len(MACRO_SUFFIX)] + newline
        endif = branches[-1][2]
        replacement = (out + endif).decode("utf-8", "surrogateescape")
        return (Edit(line_start, statement.end_byte, replacement),)

    def flow(self) -> pyflow.Flow:
        """The Python module's assignments and calls, read once per file."""
        if self._flow is None:
            assert self.tree is not None
            self._flow = pyflow.read_flow(self.tree.root_node)
        return self._flow

    def definitions(self) -> dict[str, frozenset[str]]:
        """Names of the functions this file defines, as fields for fixes that must know how a name resolves:
        `template_functions` (function templates, kernels or not), `host_functions` (functions that are not
        `__global__`, so a kernel of the same name is overloaded) and `kernel_functions` (`__global__` functions
        declared or defined here that are not templates: a launch of any other name cannot be resolved from
        this file alone), and `template_arity`, the template parameters of each function template (a launch
        that names fewer, `k<4>` of `template <int N, class F>`, deduces the rest from its arguments). A kernel
        defined twice is overloaded: it counts as a host function's namesake, so its
        launches resolve by a call too; so do a kernel's whose declaration or definition gives a parameter a
        default value (`float alpha = 1.f`), since a launch may leave it out and only a call fills it in."""
        if self._definitions is None:
            templates: set[str] = set()
            host: set[str] = set()
            kernels: set[str] = set()
            defined: set[str] = set()
            arity: dict[str, int] = {}  # template kernels: the fewest template parameters of one name
            stack = [self.tree.root_node] if self.tree is not None else []
            while stack:
                node = stack.pop()
                if node.type == "declaration" and any(child.type == "__global__" for child in node.children):
                    declarator = node.child_by_field_name("declarator")
                    name = declarator.child_by_field_name("declarator") if declarator is not None else None
                    if (
                        declarator is not None and declarator.type == "function_declarator"
                        and name is not None and name.type == "identifier"
                        and (node.parent is None or node.parent.type != "template_declaration")
                    ):
                        kernels.add(name.text.decode("utf-8", "replace"))
                        if _has_default_argument(declarator):
                            host.add(name.text.decode("utf-8", "replace"))
                    continue
                if node.type == "function_definition":
                    declarator = node.child_by_field_name("declarator")
                    while declarator is not None and declarator.type not in ("function_declarator",):
                        declarator = declarator.child_by_field_name("declarator")
                    name = declarator.child_by_field_name("declarator") if declarator is not None else None
                    if name is not None and name.type == "identifier":
                        text = name.text.decode("utf-8", "replace")
                        if node.parent is not None and node.parent.type == "template_declaration":
                            templates.add(text)
                            parameters = node.parent.child_by_field_name("parameters")
                            count = parameters.named_child_count if parameters is not None else 0
                            arity[text] = min(count, arity.get(text, count))
                        if not any(child.type == "__global__" for child in node.children):
                            host.add(text)
                        elif node.parent is None or node.parent.type != "template_declaration":
                            kernels.add(text)
                            if text in defined or _has_default_argument(declarator):
                                host.add(text)  # overloaded kernels or default arguments: a call resolves it
                            defined.add(text)
                    continue
                stack.extend(node.children)
            self._definitions = {
                "template_functions": frozenset(templates),
                "host_functions": frozenset(host),
                "kernel_functions": frozenset(kernels),
                "template_arity": arity,
            }
        return self._definitions

    # -- Python ---------------------------------------------------------------------------------------------

    def scan_python(self) -> None:
        data = self.text.data
        prefilter = self.ruleset.prefilter.get("python")
        if prefilter is not None and not any(p.search(data) for p in prefilter):
            return
        self.tree = parse.parse("python", data)
        root = self.tree.root_node
        if self.ruleset.python_names and PY_IMPORT_HINT.search(data):
            self._python_names(root)
        self._queries(root, "python")

    def _python_names(self, root: ts.Node) -> None:
        aliases = python_aliases(root, self.ruleset.python_roots)
        self.python_aliases = aliases
        for node, qualified in imported_names(root, self.ruleset.python_roots):
            self._python_name_finding(node, qualified, None, in_import=True)
        if not aliases:
            return
        data = self.text.data
        pattern = re.compile(rb"(?<![A-Za-z0-9_.])(?:" + b"|".join(re.escape(a.encode()) for a in sorted(aliases)) + rb")\b")
        done: set[int] = set()
        for hit in pattern.finditer(data):
            node = root.descendant_for_byte_range(hit.start(), hit.end())
            if node is None or node.type != "identifier" or node.start_byte != hit.start():
                continue
            chain = node
            while chain.parent is not None and chain.parent.type == "attribute" and chain.parent.child_by_field_name("object") == chain:
                chain = chain.parent
            if chain.id in done:
                continue
            done.add(chain.id)
            if chain.parent is not None and chain.parent.type in ("aliased_import", "dotted_name"):
                continue
            qualified = resolve_chain(chain, aliases)
            if qualified is None:
                continue
            call = chain.parent if chain.parent is not None and chain.parent.type == "call" else None
            self._python_name_finding(chain, qualified, call)

    def _python_name_finding(self, node: ts.Node, qualified: str, call: ts.Node | None, in_import: bool = False) -> None:
        best: tuple[int, PythonNameRule, list[ts.Node]] | None = None
        for prule in self.ruleset.python_names:
            score = prule.specificity(qualified)
            if score < 0:
                continue
            matched: list[ts.Node] = []
            if prule.arguments:
                if in_import or call is None:
                    continue
                matched = _matching_arguments(call, prule.arguments)
                if not matched:
                    continue
            if best is None or score > best[0]:
                best = (score, prule, matched)
        if best is None:
            return
        _, prule, matched = best
        rule = prule.rule
        fields = _Missing(name=qualified, text=_clip(node.text.decode("utf-8", "replace")))
        if prule.table is not None:
            self._python_table_finding(rule, prule.table.get(qualified), node, call, in_import, fields)
            return
        if in_import:
            edits: tuple[Edit, ...] = ()
        elif matched and (rule.fix or {}).get("target") == "argument":
            edits = tuple(
                edit
                for argument in matched
                for edit in self.fix_edits(rule, argument, {**fields, "argument": argument.text.decode("utf-8", "replace")})
            )
        else:
            edits = self.fix_edits(rule, node, fields)
        self.add(rule, node.start_byte, node.end_byte, rule.message.format_map(fields), edits=edits)

    def _python_table_finding(
        self,
        rule: Rule,
        row: PythonMapEntry | None,
        node: ts.Node,
        call: ts.Node | None,
        in_import: bool,
        fields: dict[str, Any],
    ) -> None:
        """A finding for a name of a Python table: its row says what replaces it and how the call changes."""
        if row is not None and row.portable == row.name:
            return  # portable as it is: the same call works on every device
        status = row.status if row is not None else "unknown"
        fields.update(portable=row.portable if row else "", note=f": {row.note}" if row and row.note else "", status=status)
        advice = rule.advice.get(status, "")
        fields["advice"] = advice.format_map(fields) if advice else (row.note if row else "")
        message = rule.message.format_map(fields)
        effort = row.effort if row is not None else None
        if row is None or status not in ("supported", "deprecated") or not row.portable or rule.safety == "manual":
            self.add(rule, node.start_byte, node.end_byte, message, safety="manual", effort=effort)
            return
        edits, reason = ((), "") if in_import else self._python_row_edits(rule, row, node, call)
        if reason:
            self.add(rule, node.start_byte, node.end_byte, f"{message}; {reason}", safety="manual", effort="low")
            return
        self.add(rule, node.start_byte, node.end_byte, message, edits=edits, safety=row.safety or rule.safety, effort=effort)

    def _python_row_edits(
        self, rule: Rule, row: PythonMapEntry, node: ts.Node, call: ts.Node | None
    ) -> tuple[tuple[Edit, ...], str]:
        """The edits a table row asks for at `node`, or a reason why it cannot be fixed here."""
        if node.has_error:
            return (), "the parser could not read this statement"
        portable = self.local_name(row.portable)
        parent = node.parent
        if row.assign:
            left = parent.child_by_field_name("left") if parent is not None and parent.type == "assignment" else None
            right = parent.child_by_field_name("right") if left is not None else None
            if left is None or left.id != node.id or right is None or right.type == "assignment":
                return (), "it is read here, not set; no automatic fix"
            if parent.parent is None or parent.parent.type != "expression_statement" or parent.has_error:
                return (), "it is set inside a larger expression; no automatic fix"
            value = right.text.decode("utf-8", "replace")
            text = _render_fix(rule, {"template": row.assign} if row.assign.endswith(".j2") else {"text": row.assign},
                               {"portable": portable, "value": value})
            return (Edit(parent.start_byte, parent.end_byte, text or ""),), ""
        edits = [Edit(node.start_byte, node.end_byte, portable)]
        if not (row.first_argument or row.last_argument):
            return tuple(edits), ""
        if rule.match.get("flow") and self.tree is not None:
            # The row's arguments name fields the rule's flow check sets (the device type the script configured).
            flowed = _Missing(pyflow.fields(rule.match["flow"], {"call": [call or node]}, self.flow()) or {})
            row = replace(row, first_argument=row.first_argument.format_map(flowed),
                          last_argument=row.last_argument.format_map(flowed))
        if call is None:
            if row.decorator and parent is not None and parent.type == "decorator":
                edits[0] = Edit(node.start_byte, node.end_byte, f"{portable}({row.first_argument or row.last_argument})")
                return tuple(edits), ""
            if parent is not None and parent.type == "type":
                return tuple(edits), ""  # an annotation names the class; no call to complete
            return (), "it is not called here, so the device argument cannot be added; no automatic fix"
        args = call.child_by_field_name("arguments")
        if args is None or args.type != "argument_list" or args.has_error:
            return (), "its arguments cannot be read; no automatic fix"
        items = [c for c in args.named_children if c.type != "comment"]
        positional = [c for c in items if c.type not in ("keyword_argument", "dictionary_splat")]
        if positional and not row.positional:
            return (), "its positional arguments mean something else in the portable call; pass them by keyword"
        if row.first_argument:
            edits.append(Edit(args.start_byte + 1, args.start_byte + 1, row.first_argument + (", " if items else "")))
        if row.last_argument:
            at = items[-1].end_byte if items else args.start_byte + 1
            edits.append(Edit(at, at, (", " if items else "") + row.last_argument))
        return tuple(edits), ""

    def local_name(self, qualified: str) -> str:
        """`qualified` spelled through this file's imports (`torch.x` is `th.x` after `import torch as th`)."""
        best_local, best_target = "", ""
        for local, target in self.python_aliases.items():
            if qualified != target and not qualified.startswith(target + "."):
                continue
            if len(target) > len(best_target) or (len(target) == len(best_target) and local == target):
                best_local, best_target = local, target
        return best_local + qualified[len(best_target):] if best_local else qualified

    # -- build and dependency files -------------------------------------------------------------------------

    def scan_regex(self) -> None:
        data = self.text.data
        blanked = HASH_COMMENT.sub(lambda m: b" " * len(m.group()), data)
        for rrule in self.ruleset.regexes:
            if self.language not in rrule.languages:
                continue
            for hit in rrule.pattern.finditer(blanked):
                group = "m" if "m" in rrule.pattern.groupindex and hit.group("m") is not None else 0
                start, end = hit.span(group)
                fields = _Missing(
                    {k: data[slice(*hit.span(k))].decode("utf-8", "replace") if v is not None else "" for k, v in hit.groupdict().items()}
                )
                fields["text"] = _clip(hit.group(group).decode("utf-8", "replace"))
                rule = rrule.rule
                edits: tuple[Edit, ...] = ()
                if rule.fix and rule.safety != "manual":
                    replaced = rule.fix.get("group", 0)
                    replacement = _render_fix(rule, rule.fix, fields)
                    if replacement is not None and hit.group(replaced) is not None:
                        edits = (Edit(*hit.span(replaced), replacement),)
                self.add(rule, start, end, rule.message.format_map(fields), edits=edits)

    def run(self) -> list[Finding]:
        if self.language == "cuda":
            self.scan_cuda()
        elif self.language == "python":
            self.scan_python()
        elif self.language in BUILD_LANGUAGES:
            self.scan_regex()
        self._keep_needed()
        for key in [k for k in self.findings if k[0] in self.ruleset.hidden]:
            del self.findings[key]
        if self.language == "cuda":
            regions.complete(self.findings, self.ruleset.catalog, self.text.data, self.ruleset.device_functions,
                             self.tree if self.parsed_as_is else None)
        return sorted(self.findings.values(), key=FINDING_ORDER)

    def _keep_needed(self) -> None:
        """A fix whose rule says `match.unless = [rule ids]` is withheld when the file keeps a finding of one of
        those rules unfixed: an include stays while the file still uses what it declares."""
        rules = self.ruleset.catalog.rules
        data = self.text.data
        # The rules of this file's findings that either step reads: a dense file has a finding on every line, of
        # a few rules, and most rules have neither key.
        present = {rule_id for rule_id, _, _ in self.findings}
        grouped = {r for r in present if r in rules and rules[r].match.get("all_or_none")}
        guarded = {r for r in present if r in rules and rules[r].match.get("unless")}
        missing: dict[str, str] = {}  # rule id -> the first of its names in this file with no portable form
        for (rule_id, start, end), finding in self.findings.items() if grouped else ():
            if rule_id in grouped and finding.safety == "manual" and rule_id not in missing:
                missing[rule_id] = data[start:end].decode("utf-8", "replace")
        for key, finding in list(self.findings.items()) if missing else ():
            rule = rules.get(finding.rule_id)
            if rule is not None and rule.match.get("all_or_none") and finding.edits and rule.id in missing:
                # A library's names travel together (a handle made by one call is passed to the next): when the
                # runtime lacks one of them, the file keeps the whole library on CUDA.
                name = data[finding.edits[0].start : finding.edits[0].end].decode("utf-8", "replace")
                message = (f"{name} stays on CUDA with the rest of its library in this file: {missing[rule.id]} "
                           "has no portable form yet")
                self.findings[key] = replace(finding, safety="manual", effort="medium", edits=(), message=message)
        if not guarded:
            return
        kept = {f.rule_id for f in self.findings.values() if f.safety == "manual" or not f.edits}
        for key, finding in list(self.findings.items()):
            if finding.rule_id not in guarded:
                continue
            unless = rules[finding.rule_id].match.get("unless")
            if not unless or not finding.edits:
                continue
            if not kept.intersection(unless):
                names = self.ruleset.guards.get(finding.rule_id)
                if names is None:
                    continue
                if not names.found(self.code()):
                    continue
            rule = rules[finding.rule_id]
            message = rule.advice.get("unless", "{text}").format_map(_Missing(text=finding.snippet))
            self.findings[key] = replace(finding, safety="manual", effort="low", edits=(), message=message)


# Where an identifier declares a name of the file's own (C syntax, not any API): each shape is the path from the
# identifier up, one (parent type, the identifier's field in it, or "" for any child) a step.
DECLARATION_SHAPES: tuple[tuple[tuple[str, str], ...], ...] = (
    (("init_declarator", "declarator"),),
    (("pointer_declarator", "declarator"), ("init_declarator", "declarator")),
    (("array_declarator", "declarator"), ("init_declarator", "declarator")),
    (("declaration", "declarator"),),
    (("pointer_declarator", "declarator"), ("declaration", "declarator")),
    (("array_declarator", "declarator"), ("declaration", "declarator")),
    (("parameter_declaration", "declarator"),),
    (("pointer_declarator", "declarator"), ("parameter_declaration", "declarator")),
    (("reference_declarator", ""), ("parameter_declaration", "declarator")),
    (("function_declarator", "declarator"), ("function_definition", "declarator")),
    (("function_declarator", "declarator"), ("pointer_declarator", "declarator"), ("function_definition", "declarator")),
    (("preproc_def", "name"),),
    (("preproc_function_def", "name"),),
)
_DECLARING_PARENTS = frozenset(shape[0][0] for shape in DECLARATION_SHAPES)


def _has_default_argument(declarator: ts.Node | None) -> bool:
    """Whether a function declarator gives one of its parameters a default value."""
    parameters = declarator.child_by_field_name("parameters") if declarator is not None else None
    return parameters is not None and any(p.type == "optional_parameter_declaration" for p in parameters.children)


def _declares(identifier: ts.Node, parent: ts.Node | None) -> bool:
    """Whether an identifier node (its parent `parent`) is the name a declaration, a parameter, a function or a
    macro of the file declares (one of DECLARATION_SHAPES)."""
    if parent is None or parent.type not in _DECLARING_PARENTS:
        return False
    for shape in DECLARATION_SHAPES:
        node: ts.Node | None = identifier
        for parent_type, field_name in shape:
            above = node.parent if node is not None else None
            if above is None or above.type != parent_type or (
                field_name and node not in above.children_by_field_name(field_name)
            ):
                break
            node = above
        else:
            return True
    return False


DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b")


def _directive_branches(text: bytes) -> list[tuple[bytes, bytes, bytes]] | None:
    """The branches of the one `#if` group inside `text` (an argument list): per branch its directive line and
    the text with the group's other lines and every directive line removed, and last the group's `#endif` line;
    an `#else` branch is added where the group has none. None unless `text` holds exactly one group, not nested."""
    lines = text.split(b"\n")
    kinds = [(i, m.group(1)) for i, line in enumerate(lines) if (m := DIRECTIVE.match(line))]
    if len(kinds) < 2 or kinds[0][1] not in (b"if", b"ifdef", b"ifndef") or kinds[-1][1] != b"endif":
        return None
    if any(kind in (b"if", b"ifdef", b"ifndef", b"endif") for _, kind in kinds[1:-1]):
        return None
    if any(kind == b"else" for _, kind in kinds[1:-2]):
        return None  # an #elif after #else
    first, last = kinds[0][0], kinds[-1][0]
    segments = [(kinds[k][0], kinds[k + 1][0]) for k in range(len(kinds) - 1)]
    if kinds[-2][1] != b"else":
        segments.append((last, last))  # the branch where no condition holds
    branches: list[tuple[bytes, bytes, bytes]] = []
    for start, stop in segments:
        kept = lines[:first] + lines[start + 1 : stop] + lines[last + 1 :]
        directive = lines[start].rstrip(b"\r") if start != last else b"#else"
        branches.append((directive, b"\n".join(kept), lines[last].rstrip(b"\r")))
    return branches


# `k << <grid, block >> > (args)`, as some editors format a launch: the same launch, with its chevrons apart.
SPACED_CHEVRONS = re.compile(rb"<<[ \t]*<(?!<)([^;<>\n]*(?:<[^;<>\n]*>[^;<>\n]*)*)>>[ \t]*>")
# A `#define` whose body (continued lines included) holds a launch: only then are macro bodies parsed on their own.
DEFINED_LAUNCH = line_start(rb"^[ \t]*#[ \t]*define(?:[^\n\\]|\\\r?\n|\\)*?<<[ \t]*<")
MACRO_BODIES_QUERY = "(preproc_def value: (_) @body) (preproc_function_def value: (_) @body)"
MACRO_PREFIX = b"void migrate_macro_body() { "
MACRO_SUFFIX = b"; }"


def _spaced_chevrons(data: bytes) -> bytes:
    """`<< <` and `>> >` of a launch as `<<<` and `>>>`, the spaces moved after them, so offsets hold."""
    if b"<<" not in data:
        return data

    def close(match: re.Match[bytes]) -> bytes:
        opening, closing = match.start(1) - match.start(), match.end() - match.end(1)
        return b"<<<" + b" " * (opening - 3) + match.group(1) + b">>>" + b" " * (closing - 3)

    return SPACED_CHEVRONS.sub(close, data)


# A line holding one upper-case name and nothing else: a statement-like macro used without `;` (`CUERR`).
BARE_MACRO_LINE = line_start(rb"^[ \t]*[A-Z_][A-Z0-9_]{2,}[ \t]*(?://[^\n]*)?\r?$")
STATEMENT_END = re.compile(rb"[;{}][ \t]*(?://[^\n]*)?\r?$|^[ \t]*(?:#|//)|^[ \t]*\r?$")


# A line holding one upper-case macro call and nothing after it: `CHECK_CUDA( cudaMalloc(&p, n) )` without `;`.
MACRO_LINE_START = line_start(rb"^[ \t]*[A-Z_][A-Z0-9_]{2,}[ \t]*(?:\(|//|\r?$)")
CALL_MACRO_START = line_start(rb"^[ \t]*[A-Z_][A-Z0-9_]{2,}[ \t]*\(")
CALL_MACRO_LINE = re.compile(rb"^[ \t]*[A-Z_][A-Z0-9_]{2,}[ \t]*\(.*\)[ \t]*(?://[^\n]*)?\r?$")
def _balanced(line: bytes) -> bool:
    depth = 0
    for char in C_BLANKABLE.sub(b"", line):
        depth += (char == 40) - (char == 41)
        if depth < 0:
            return False
    return depth == 0


def _statement_macros(data: bytes, qualifier_macros: LineStart | None = None) -> bytes:
    """`data` with statement-like macro calls that lack a `;` blanked to spaces (for the parser only: offsets
    hold), so one `CUERR` line does not turn the statements around it into an error region. A line counts when
    it follows the end of a statement, a block, a directive or a blank line, and the next line starts a new one."""
    qualifiers = {m.group(1) for m in qualifier_macros.finditer(data)} if qualifier_macros is not None else set()
    if qualifiers:
        names = rb"(?<![A-Za-z0-9_#])(?:" + b"|".join(re.escape(n) for n in sorted(qualifiers)) + rb")(?![A-Za-z0-9_])"
        uses = re.compile(names)
        # Blank the uses, not the definitions: `DI void f()` parses as `void f()`.
        out = bytearray(data)
        for match in uses.finditer(data):
            line_start = data.rfind(b"\n", 0, match.start()) + 1
            if not re.match(rb"[ \t]*#", data[line_start : match.start()]):
                out[match.start() : match.end()] = b" " * (match.end() - match.start())
        data = bytes(out)
    if not (BARE_MACRO_LINE.search(data) or CALL_MACRO_START.search(data)):
        return data
    lines = data.split(b"\n")
    ends = [b"\n"] * (len(lines) - 1) + [b""]  # what follows each line; a `;` may take a newline's place
    changed = False
    # Only lines that begin with a macro-like name can change; the line each is read after is the last non-blank
    # line before it, as that line reads once the changes above it are made.
    after: dict[int, bytes] = {}  # a changed or blanked line -> what the line after it is read after
    offset_line = 0
    counted = 0
    for hit in MACRO_LINE_START.finditer(data):
        offset_line += data.count(b"\n", counted, hit.start())
        counted = hit.start()
        index = offset_line
        line = lines[index]
        if line.rstrip().endswith(b";") and b"//" not in line:
            continue  # a statement already (`CHECK(cudaFree(p));`): neither a bare nor a call macro line ends so
        before = index - 1
        while before >= 0 and not lines[before].strip():
            before -= 1
        previous = b"" if before < 0 else after.get(before, lines[before])
        if not STATEMENT_END.search(previous):
            continue
        following = lines[index + 1].lstrip() if index + 1 < len(lines) else b""
        starts_new = not following[:1] or following[:1] not in b")],.?:+-*/%&|^=<>"
        if starts_new and BARE_MACRO_LINE.pattern.fullmatch(line):
            lines[index] = re.sub(rb"[^\r]", b" ", line)
            after[index] = previous  # now blank: the next line is read after what this one was
            changed = True
            continue
        if (starts_new and index + 1 < len(lines) and following and not following.startswith((b"#", b"//"))
                and CALL_MACRO_LINE.fullmatch(line) and _balanced(line) and not line.rstrip().endswith(b"\\")
                and b"//" not in line):
            # The line's newline becomes the `;` the statement lacks: same length, and the next line is code.
            ends[index] = b";"
            after[index] = line + b";"
            changed = True
    if not changed:
        return data
    return b"".join(part for pair in zip(lines, ends) for part in pair)


LEADING_COMMENTS = re.compile(rb"(?:[ \t\r\n]*(?://[^\n]*|/\*.*?\*/))*[ \t]*\r?\n?", re.DOTALL)


def _code_start(data: bytes) -> int:
    """The offset of the first line that is not part of the file's leading comments (licence headers), never
    before a byte-order mark."""
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    end = LEADING_COMMENTS.match(data, bom).end()
    # Back to the start of that line, so the added line never splits one.
    if end > bom and data[end - 1 : end] != b"\n":
        end = max(bom, data.rfind(b"\n", bom, end) + 1)
    return end


def parse_source(ruleset: Ruleset, language: str, data: bytes) -> ts.Tree:
    """The tree the scan reads, parsed from scan_copy(data)."""
    return parse.parse(language, scan_copy(ruleset, language, data))


def scan_copy(ruleset: Ruleset, language: str, data: bytes) -> bytes:
    """The bytes the scan parses: for C/C++/CUDA, a copy with the same offsets in which attribute-like macros are
    blanked, spaced launch chevrons closed up and statement macros without `;` made statements."""
    if language != "cuda":
        return data
    blanked = _blanked(data, ruleset.blank.get("cuda"))
    return _statement_macros(_spaced_chevrons(blanked), ruleset.qualifier_macros.get("cuda"))


def _blanked(data: bytes, pattern: re.Pattern[bytes] | None) -> bytes:
    """`data` with every match of `pattern` turned into spaces (newlines kept), so offsets and lines hold."""
    if pattern is None:
        return data
    return pattern.sub(lambda m: re.sub(rb"[^\n]", b" ", m.group()), data)


def _qualified_use(node: ts.Node, parent: ts.Node | None) -> ts.Node | None:
    """The outermost qualified name that `node` (its parent `parent`) is the last part of (`at::cuda::X` for X),
    else None."""
    if parent is None or parent.type != "qualified_identifier":
        return None
    scope = parent.child_by_field_name("scope")
    if scope is None or scope.id == node.id:
        return None
    top = parent
    while top.parent is not None and top.parent.type == "qualified_identifier":
        name = top.parent.child_by_field_name("name")
        if name is None or name.id != top.id:
            break
        top = top.parent
    return top


def _in_scopes(qualifier: bytes, scopes: tuple[str, ...]) -> bool:
    """Whether a qualifier as written (`at::cuda::`, `::c10::DeviceType::`) is one of a name's scopes, or ends
    with one."""
    text = re.sub(rb"\s+", b"", qualifier).strip(b":").decode("ascii", "replace")
    return any(scope and (text == scope or text.endswith("::" + scope)) for scope in scopes)


def _in_namespace(node: ts.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type == "namespace_definition":
            return True
        parent = parent.parent
    return False


def _within(node: ts.Node, within: Mapping[str, Any], seen: dict[tuple[int, str], bool]) -> bool:
    """Whether an ancestor of `node` has type `within.type`, one of the tokens `within.has` as a direct child and,
    when `within.mentions` is given, text that regex finds. `seen` keeps the answers for `mentions` by ancestor:
    one function is asked once for each of its matches."""
    wanted_type = within.get("type")
    tokens = within.get("has", ())
    mentions = within.get("mentions")
    parent = node.parent
    while parent is not None:
        if parent.type == wanted_type and (not tokens or any(c.type in tokens for c in parent.children)):
            if mentions is None:
                return True
            key = (parent.id, mentions)
            if key not in seen:
                seen[key] = _mentions(mentions).search(parent.text) is not None
            return seen[key]
        parent = parent.parent
    return False


@cache
def _mentions(pattern: str) -> re.Pattern[bytes]:
    return re.compile(pattern.encode())


def _import_bindings(root: ts.Node, roots: frozenset[str]) -> Iterable[tuple[ts.Node, str, str, str]]:
    """Every import of a watched top-level module: (the imported name's node, the qualified name it imports, the
    local name it binds or "" for a wildcard, what that local name refers to)."""
    for node in _import_statements(root):
        if node.type == "import_statement":
            for child in node.named_children:
                name = child if child.type == "dotted_name" else child.child_by_field_name("name")
                if name is None or name.text.decode().split(".")[0] not in roots:
                    continue
                full = name.text.decode()
                if child.type == "aliased_import":
                    yield name, full, child.child_by_field_name("alias").text.decode(), full
                else:
                    top = full.split(".")[0]  # `import a.b.c` binds `a`
                    yield name, full, top, top
        else:
            module = node.child_by_field_name("module_name")
            if module is None or module.type != "dotted_name":
                continue
            base = module.text.decode()
            if base.split(".")[0] not in roots:
                continue
            if any(child.type == "wildcard_import" for child in node.named_children):
                yield module, base, "", base  # `from torch.cuda import *`: the names it binds are unknown
            for child in node.children_by_field_name("name"):
                name = child if child.type == "dotted_name" else child.child_by_field_name("name")
                if name is None:
                    continue
                qualified = f"{base}.{name.text.decode()}"
                local = child.child_by_field_name("alias") if child.type == "aliased_import" else name
                yield name, qualified, local.text.decode(), qualified


def python_aliases(root: ts.Node, roots: frozenset[str]) -> dict[str, str]:
    """Local names bound by imports of the watched top-level modules, mapped to what they name."""
    return {local: target for _, _, local, target in _import_bindings(root, roots) if local}


def imported_names(root: ts.Node, roots: frozenset[str]) -> Iterable[tuple[ts.Node, str]]:
    """`from a.b import c` and `import a.b.c` sites of watched modules, each with the qualified name it imports."""
    for node, qualified, _, _ in _import_bindings(root, roots):
        yield node, qualified


def _import_statements(root: ts.Node) -> Iterable[ts.Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in ("import_statement", "import_from_statement"):
            yield node
            continue
        if node.type in ("string", "comment", "expression_statement", "call"):
            continue
        stack.extend(node.named_children)


def resolve_chain(chain: ts.Node, aliases: Mapping[str, str]) -> str | None:
    """The qualified name of an identifier or attribute chain whose root is an import alias, else None."""
    parts: list[str] = []
    node = chain
    while node.type == "attribute":
        attr = node.child_by_field_name("attribute")
        parts.append(attr.text.decode())
        node = node.child_by_field_name("object")
    if node.type != "identifier":
        return None
    base = aliases.get(node.text.decode())
    if base is None:
        return None
    return ".".join([base] + list(reversed(parts)))


def _string_value(node: ts.Node) -> str | None:
    """The text of a plain string literal (no interpolation), else None."""
    if node.type != "string" or any(c.type == "interpolation" for c in node.named_children):
        return None
    return "".join(c.text.decode("utf-8", "replace") for c in node.named_children if c.type == "string_content")


def _matching_arguments(call: ts.Node, specs: Iterable[Mapping[str, Any]]) -> list[ts.Node]:
    """The argument values of a call that the `argument` specs describe (by position or keyword; `pattern`: a
    regex the string value must match; `skip`: a regex over the source text that rules a value out)."""
    args = call.child_by_field_name("arguments")
    if args is None:
        return []
    positional = [a for a in args.named_children if a.type not in ("keyword_argument", "comment", "list_splat", "dictionary_splat")]
    found: list[ts.Node] = []
    for argument in specs:
        candidates: list[ts.Node] = []
        position = argument.get("position")
        if position is not None and position < len(positional):
            candidates.append(positional[position])
        keyword = argument.get("keyword")
        if keyword is not None:
            for kwarg in args.named_children:
                if kwarg.type == "keyword_argument" and kwarg.child_by_field_name("name").text.decode() == keyword:
                    candidates.append(kwarg.child_by_field_name("value"))
        pattern = argument.get("pattern")
        skip = argument.get("skip")
        for candidate in candidates:
            if skip is not None and re.fullmatch(skip, candidate.text.decode("utf-8", "replace"), re.DOTALL):
                continue
            value = _string_value(candidate) if pattern is not None else None
            if pattern is None or (value is not None and re.fullmatch(pattern, value)):
                found.append(candidate)
    return found


def _call_arguments(args: ts.Node) -> tuple[list[str], dict[str, str]]:
    """The source text of a call's positional arguments, and of its keyword arguments by name."""
    positional: list[str] = []
    keywords: dict[str, str] = {}
    for child in args.named_children:
        if child.type == "comment":
            continue
        if child.type == "keyword_argument":
            keywords[child.child_by_field_name("name").text.decode()] = child.child_by_field_name("value").text.decode(
                "utf-8", "replace"
            )
        else:
            positional.append(child.text.decode("utf-8", "replace"))
    return positional, keywords


def _render_fix(rule: Rule, fix: Mapping[str, Any], fields: Mapping[str, Any]) -> str | None:
    """A fix's replacement text: `text` with `{field}` filled in, or `template` rendered with the fields."""
    if "text" in fix:
        return fix["text"].format_map(_Missing(fields))
    if "template" in fix:
        from .templating import environment, variables

        names = variables(fix["template"])
        if names is not None:
            # A launch's fields name every capture five ways; the template reads a few of them, and Jinja copies
            # every variable it is given into each render's context (a third of a launch fix's time).
            fields = {name: value for name, value in fields.items() if name in names}
        return environment().get_template(fix["template"]).render(rule=rule, **fields)
    return None
