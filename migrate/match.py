"""Turning one file's bytes into findings: the four matcher kinds of rules/README.md over tree-sitter trees."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

import tree_sitter as ts

from . import parse
from .model import Edit, Finding, MapEntry, Rule
from .rules import Catalog

IDENTIFIER_NODES = {"identifier", "type_identifier", "namespace_identifier"}
SUPPRESSION = re.compile(rb"migrate:\s*ignore(?:\[([^\]]*)\])?")
C_BLANKABLE = re.compile(rb'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
HASH_COMMENT = re.compile(rb"#[^\n]*")
PY_IMPORT_HINT = re.compile(rb"\bimport\b")
BUILD_LANGUAGES = ("cmake", "make", "requirements", "pyproject")


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return ""


@dataclass
class Text:
    """A file's bytes with line arithmetic: byte offsets to 1-based lines and character columns."""

    data: bytes
    starts: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        starts = [0]
        find = self.data.find
        pos = find(b"\n")
        while pos != -1:
            starts.append(pos + 1)
            pos = find(b"\n", pos + 1)
        self.starts = starts

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
    query: ts.Query
    capture: str
    trigger: re.Pattern[bytes] | None
    within: Mapping[str, Any]
    defaults: Mapping[str, str]


@dataclass(frozen=True)
class RegexRule:
    rule: Rule
    languages: tuple[str, ...]
    pattern: re.Pattern[bytes]


@dataclass(frozen=True)
class PythonNameRule:
    rule: Rule
    names: tuple[str, ...]
    argument: Mapping[str, Any]

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
class Ruleset:
    """The selected rules compiled for matching: name lookup, queries, regexes and prefilters per language."""

    catalog: Catalog
    names: Mapping[str, MapEntry]
    name_candidates: re.Pattern[bytes] | None
    queries: tuple[QueryRule, ...]
    combined: Mapping[str, tuple[ts.Query, tuple[QueryRule, ...]]]
    python_names: tuple[PythonNameRule, ...]
    python_roots: frozenset[str]
    regexes: tuple[RegexRule, ...]
    prefilter: Mapping[str, re.Pattern[bytes] | None]
    selected: frozenset[str]


def _prefix_pattern(names: Iterable[str]) -> re.Pattern[bytes] | None:
    """A regex that finds every identifier starting like one of `names` (a cheap superset; exact lookup follows)."""
    prefixes = sorted({name[:3] if len(name) >= 3 else name for name in names})
    if not prefixes:
        return None
    alternatives = "|".join(re.escape(p) for p in prefixes)
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alternatives})[A-Za-z0-9_]*".encode())


def compile_rules(catalog: Catalog, selected: Iterable[str]) -> Ruleset:
    """Compile the selected rules (ids) of a catalog; a rule that does not compile raises ValueError naming it."""
    chosen = frozenset(selected)
    names = {
        name: entry
        for name, entry in catalog.names.items()
        if entry.rule in chosen and entry.portable != name
    }
    queries: list[QueryRule] = []
    python_names: list[PythonNameRule] = []
    regexes: list[RegexRule] = []
    triggers: dict[str, list[bytes]] = {"cuda": [], "python": []}
    for rule_id in sorted(chosen):
        rule = catalog.rules[rule_id]
        match = rule.match
        kind = match["kind"]
        try:
            if kind == "query":
                lang = match["language"]
                trigger = match.get("trigger")
                queries.append(
                    QueryRule(
                        rule=rule,
                        language=lang,
                        query=parse.query(lang, match["query"]),
                        capture=match["capture"],
                        trigger=re.compile(trigger.encode()) if trigger else None,
                        within=match.get("within", {}),
                        defaults=match.get("defaults", {}),
                    )
                )
                triggers[lang].append(trigger.encode() if trigger else b"")
            elif kind == "python-name":
                python_names.append(
                    PythonNameRule(rule=rule, names=tuple(match["names"]), argument=match.get("argument", {}))
                )
            elif kind == "regex":
                flags = re.I if match.get("ignore_case") else 0
                languages = match["language"]
                regexes.append(
                    RegexRule(
                        rule=rule,
                        languages=tuple([languages] if isinstance(languages, str) else languages),
                        pattern=re.compile(match["pattern"].encode(), flags | re.M),
                    )
                )
        except (KeyError, re.error, ValueError) as exc:
            raise ValueError(f"{rule.path}: match does not compile: {exc}") from None
    combined: dict[str, tuple[ts.Query, tuple[QueryRule, ...]]] = {}
    for lang in ("cuda", "python"):
        members = [q for q in queries if q.language == lang]
        if members:
            # One query holding every rule's patterns walks the tree once; pattern index -> owning rule.
            owners = tuple(q for q in members for _ in range(q.query.pattern_count))
            source = "\n".join(q.rule.match["query"] for q in members)
            combined[lang] = (parse.query(lang, source), owners)
    roots = frozenset(p.split(".")[0] for r in python_names for p in r.names)
    name_candidates = _prefix_pattern(names)
    prefilter: dict[str, re.Pattern[bytes] | None] = {}
    cuda_parts = [name_candidates.pattern] if name_candidates else []
    cuda_parts += [t for t in triggers["cuda"]]
    prefilter["cuda"] = None if b"" in cuda_parts else re.compile(b"|".join(cuda_parts)) if cuda_parts else None
    py_parts = [re.escape(r).encode() for r in sorted(roots)] + triggers["python"]
    prefilter["python"] = None if b"" in py_parts else re.compile(b"|".join(py_parts)) if py_parts else None
    return Ruleset(
        catalog=catalog,
        names=names,
        name_candidates=name_candidates,
        queries=tuple(queries),
        combined=combined,
        python_names=tuple(python_names),
        python_roots=roots,
        regexes=tuple(regexes),
        prefilter=prefilter,
        selected=chosen,
    )


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
        key = (rule.id, start, end)
        if key in self.findings:
            return
        line, column = self.text.position(start)
        if self.suppressed(rule.id, line):
            return
        end_line, end_column = self.text.position(end)
        snippet = self.text.line_bytes(line).decode("utf-8", "replace").strip()
        self.findings[key] = Finding(
            rule_id=rule.id,
            path=self.relpath,
            line=line,
            column=column,
            end_line=end_line,
            end_column=end_column,
            severity=rule.severity,
            safety=safety or rule.safety,  # type: ignore[arg-type]
            effort=effort or rule.effort,  # type: ignore[arg-type]
            message=message,
            family=rule.family,
            edits=edits,
            snippet=snippet[:200],
        )

    def fix_edits(self, rule: Rule, node: ts.Node, fields: Mapping[str, str]) -> tuple[Edit, ...]:
        """The edits of a rule's `fix` for `node`: none when the rule has no fix or the node holds a parse error."""
        if not rule.fix or rule.safety == "manual" or node.has_error:
            return ()
        if "text" in rule.fix:
            replacement = rule.fix["text"].format_map(_Missing(fields))
        elif "template" in rule.fix:
            from .templating import environment

            replacement = environment().get_template(rule.fix["template"]).render(rule=rule, **fields)
        else:
            return ()
        return (Edit(node.start_byte, node.end_byte, replacement),)

    # -- C, C++ and CUDA ------------------------------------------------------------------------------------

    def scan_cuda(self) -> None:
        data = self.text.data
        prefilter = self.ruleset.prefilter.get("cuda")
        if prefilter is not None and not prefilter.search(data):
            return
        self.tree = parse.parse("cuda", data)
        root = self.tree.root_node
        self._names(root)
        self._queries(root, "cuda")

    def _names(self, root: ts.Node) -> None:
        pattern = self.ruleset.name_candidates
        if pattern is None:
            return
        names = self.ruleset.names
        data = self.text.data
        blanked_args: dict[int, bytes] = {}
        for hit in pattern.finditer(data):
            entry = names.get(hit.group().decode("ascii", "replace"))
            if entry is None:
                continue
            start, end = hit.span()
            node = root.descendant_for_byte_range(start, end)
            if node is None:
                continue
            if node.type == "preproc_arg":
                body = blanked_args.get(node.start_byte)
                if body is None:
                    body = C_BLANKABLE.sub(lambda m: b" " * len(m.group()), node.text or b"")
                    blanked_args[node.start_byte] = body
                if body[start - node.start_byte : end - node.start_byte] != hit.group():
                    continue
            elif node.type not in IDENTIFIER_NODES or node.start_byte != start or node.end_byte != end:
                continue
            elif node.parent is not None and node.parent.type == "qualified_identifier":
                scope = node.parent.child_by_field_name("scope")
                if scope is not None and scope.id != node.id:
                    continue
            self._name_finding(entry, node, start, end)

    def _name_finding(self, entry: MapEntry, node: ts.Node, start: int, end: int) -> None:
        rule = self.ruleset.catalog.rules[entry.rule]
        note = f": {entry.note}" if entry.note else ""
        fields = _Missing(name=entry.name, portable=entry.portable, note=note, status=entry.status)
        advice = rule.advice.get(entry.status, "")
        fields["advice"] = advice.format_map(fields) if advice else entry.note
        message = rule.message.format_map(fields)
        if entry.status in ("supported", "deprecated") and entry.portable and rule.safety != "manual":
            edits = () if node.has_error else (Edit(start, end, entry.portable),)
            self.add(rule, start, end, message, edits=edits, effort=entry.effort)
        else:
            self.add(rule, start, end, message, safety="manual", effort=entry.effort)

    def _queries(self, root: ts.Node, language: str) -> None:
        if language not in self.ruleset.combined:
            return
        data = self.text.data
        query, owners = self.ruleset.combined[language]
        triggered: dict[str, bool] = {}
        for pattern, captures in ts.QueryCursor(query).matches(root):
            qrule = owners[pattern]
            rule = qrule.rule
            if rule.id not in triggered:
                triggered[rule.id] = qrule.trigger is None or bool(qrule.trigger.search(data))
            nodes = captures.get(qrule.capture)
            if not triggered[rule.id] or not nodes:
                continue
            node = nodes[0]
            if qrule.within and _within(node, qrule.within) == bool(qrule.within.get("negate")):
                continue
            fields: dict[str, Any] = _Missing(qrule.defaults)
            for index in range(qrule.query.capture_count):
                fields[f"{qrule.query.capture_name(index)}_all"] = []
            for name, found in captures.items():
                raw = found[0].text.decode("utf-8", "replace")
                fields[name] = _clip(raw)
                fields[f"{name}_raw"] = raw
                fields[f"{name}_all"] = [n.text.decode("utf-8", "replace") for n in found]
                fields[f"{name}_children"] = [
                    c.text.decode("utf-8", "replace") for c in found[0].named_children if c.type != "comment"
                ]
            fields.setdefault("text", fields[qrule.capture])
            self.add(
                rule,
                node.start_byte,
                node.end_byte,
                rule.message.format_map(fields),
                edits=self.fix_edits(rule, node, fields),
            )

    # -- Python ---------------------------------------------------------------------------------------------

    def scan_python(self) -> None:
        data = self.text.data
        prefilter = self.ruleset.prefilter.get("python")
        if prefilter is not None and not prefilter.search(data):
            return
        self.tree = parse.parse("python", data)
        root = self.tree.root_node
        if self.ruleset.python_names and PY_IMPORT_HINT.search(data):
            self._python_names(root)
        self._queries(root, "python")

    def _python_names(self, root: ts.Node) -> None:
        aliases = python_aliases(root, self.ruleset.python_roots)
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
        for node, qualified in imported_names(root, self.ruleset.python_roots):
            self._python_name_finding(node, qualified, None, in_import=True)

    def _python_name_finding(self, node: ts.Node, qualified: str, call: ts.Node | None, in_import: bool = False) -> None:
        best: tuple[int, PythonNameRule] | None = None
        for prule in self.ruleset.python_names:
            score = prule.specificity(qualified)
            if score < 0:
                continue
            if prule.argument and (in_import or call is None or not _argument_matches(call, prule.argument)):
                continue
            if best is None or score > best[0]:
                best = (score, prule)
        if best is None:
            return
        rule = best[1].rule
        fields = _Missing(name=qualified, text=_clip(node.text.decode("utf-8", "replace")))
        edits = () if in_import else self.fix_edits(rule, node, fields)
        self.add(rule, node.start_byte, node.end_byte, rule.message.format_map(fields), edits=edits)

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
                fields = _Missing({k: (v or b"").decode("utf-8", "replace") for k, v in hit.groupdict().items()})
                fields["text"] = _clip(hit.group(group).decode("utf-8", "replace"))
                self.add(rrule.rule, start, end, rrule.rule.message.format_map(fields))

    def run(self) -> list[Finding]:
        if self.language == "cuda":
            self.scan_cuda()
        elif self.language == "python":
            self.scan_python()
        elif self.language in BUILD_LANGUAGES:
            self.scan_regex()
        return sorted(self.findings.values(), key=lambda f: f.sort_key)


def _within(node: ts.Node, within: Mapping[str, Any]) -> bool:
    """Whether an ancestor of `node` has type `within.type` and one of the tokens `within.has` as a direct child."""
    wanted_type = within.get("type")
    tokens = set(within.get("has", ()))
    parent = node.parent
    while parent is not None:
        if parent.type == wanted_type and (not tokens or any(c.type in tokens for c in parent.children)):
            return True
        parent = parent.parent
    return False


def python_aliases(root: ts.Node, roots: frozenset[str]) -> dict[str, str]:
    """Local names bound by imports of the watched top-level modules, mapped to what they name."""
    aliases: dict[str, str] = {}
    for node in _import_statements(root):
        if node.type == "import_statement":
            for child in node.named_children:
                if child.type == "dotted_name":
                    full = child.text.decode()
                    if full.split(".")[0] in roots:
                        aliases[full.split(".")[0]] = full.split(".")[0]
                elif child.type == "aliased_import":
                    full = child.child_by_field_name("name").text.decode()
                    alias = child.child_by_field_name("alias").text.decode()
                    if full.split(".")[0] in roots:
                        aliases[alias] = full
        else:
            module = node.child_by_field_name("module_name")
            if module is None or module.type != "dotted_name":
                continue
            base = module.text.decode()
            if base.split(".")[0] not in roots:
                continue
            for child in node.children_by_field_name("name"):
                if child.type == "dotted_name":
                    aliases[child.text.decode()] = f"{base}.{child.text.decode()}"
                elif child.type == "aliased_import":
                    name = child.child_by_field_name("name").text.decode()
                    alias = child.child_by_field_name("alias").text.decode()
                    aliases[alias] = f"{base}.{name}"
    return aliases


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


def imported_names(root: ts.Node, roots: frozenset[str]) -> Iterable[tuple[ts.Node, str]]:
    """`from a.b import c` and `import a.b.c` sites of watched modules, each with the qualified name it imports."""
    for node in _import_statements(root):
        if node.type == "import_statement":
            for child in node.named_children:
                name = child if child.type == "dotted_name" else child.child_by_field_name("name")
                if name is not None and name.text.decode().split(".")[0] in roots:
                    yield name, name.text.decode()
        else:
            module = node.child_by_field_name("module_name")
            if module is None or module.type != "dotted_name":
                continue
            base = module.text.decode()
            if base.split(".")[0] not in roots:
                continue
            for child in node.children_by_field_name("name"):
                name = child if child.type == "dotted_name" else child.child_by_field_name("name")
                if name is not None:
                    yield name, f"{base}.{name.text.decode()}"


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


def _argument_matches(call: ts.Node, argument: Mapping[str, Any]) -> bool:
    """Whether a call passes the argument that `argument` describes (by position or keyword, optional regex)."""
    args = call.child_by_field_name("arguments")
    if args is None:
        return False
    positional = [a for a in args.named_children if a.type not in ("keyword_argument", "comment", "list_splat", "dictionary_splat")]
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
    for candidate in candidates:
        if pattern is None:
            return True
        value = _string_value(candidate)
        if value is not None and re.fullmatch(pattern, value):
            return True
    return False
