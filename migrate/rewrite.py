"""Planning one file's migration in memory: choosing edits, includes and markers, byte-exact rewriting, diffs."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .model import Edit, Finding, Rule
from .transcoding import decode_view

BOM = b"\xef\xbb\xbf"
C_LANGUAGES = ("cuda",)
HASH_COMMENT_LANGUAGES = ("python", "cmake", "make", "requirements", "pyproject")
INCLUDE_LINE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"][^\n]*\n?', re.MULTILINE)
MARKER = "migrate: manual[{rule}]"
RUNTIME_INCLUDE = re.compile(rb"^[ \t]*#[ \t]*include[ \t]*<prt/prt\.h>")


@dataclass(frozen=True)
class FilePlan:
    """What apply does to one file: its new bytes, the findings whose edits it made, and why it was left alone."""

    relpath: str
    original: bytes
    migrated: bytes
    applied: tuple[Finding, ...] = ()
    marked: tuple[Finding, ...] = ()
    refused: str = ""

    @property
    def changed(self) -> bool:
        return self.original != self.migrated


@dataclass(frozen=True)
class Encoding:
    """How a file's text is stored, so edits keep it: BOM, codec and newline."""

    bom: bool
    codec: str
    newline: bytes


def detect_encoding(data: bytes) -> Encoding:
    bom = data.startswith(BOM)
    body = data[3:] if bom else data
    try:
        body.decode("utf-8")
        codec = "utf-8"
    except UnicodeDecodeError:
        codec = "latin-1"
    crlf = body.count(b"\r\n")
    newline = b"\r\n" if crlf and crlf * 2 >= body.count(b"\n") else b"\n"
    return Encoding(bom, codec, newline)


def choose_edits(findings: Iterable[Finding], unsafe: bool) -> tuple[list[Edit], list[Finding]]:
    """Edits of the fixable findings (safe ones, and unsafe ones when asked), earliest first, never overlapping."""
    chosen: list[tuple[Edit, int, Finding]] = []
    for order, finding in enumerate(findings):
        if finding.safety == "manual" or (finding.safety == "unsafe" and not unsafe):
            continue
        for edit in finding.edits:
            chosen.append((edit, order, finding))
    chosen.sort(key=lambda item: (item[0].start, item[0].end))
    edits: list[Edit] = []
    applied: dict[int, Finding] = {}  # keyed by position: one lookup per edit, however many findings
    last_end = -1
    for edit, order, finding in chosen:
        if edits and edit == edits[-1]:
            continue
        if edit.start < last_end:
            continue  # overlaps an earlier edit: the earlier (outer or first) one wins, this one waits for a re-run
        edits.append(edit)
        applied.setdefault(order, finding)
        last_end = max(last_end, edit.end)
    return edits, list(applied.values())


def apply_edits(data: bytes, edits: Sequence[Edit], encoding: Encoding) -> bytes:
    """Replace each edit's byte span (edits never overlap); every other byte stays. One pass, linear in the size."""
    pieces: list[bytes] = []
    cursor = 0
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        text = edit.text.replace("\r\n", "\n").encode(encoding.codec)
        if encoding.newline != b"\n":
            text = text.replace(b"\n", encoding.newline)
        pieces.append(data[cursor : edit.start])
        pieces.append(text)
        cursor = max(cursor, edit.end)
    pieces.append(data[cursor:])
    return b"".join(pieces)


def _line_starts(data: bytes) -> list[int]:
    starts = [0]
    for match in re.finditer(rb"\n", data):
        starts.append(match.end())
    return starts


def _marker_edits(
    data: bytes, language: str, findings: Sequence[Finding], encoding: Encoding
) -> tuple[list[Edit], list[Finding]]:
    """Comment lines above manual findings: `// migrate: manual[rule-id] what to do`, once per line and rule."""
    if language in C_LANGUAGES:
        lead = "//"
    elif language in HASH_COMMENT_LANGUAGES:
        lead = "#"
    else:
        return [], []
    starts = _line_starts(data)
    lines = data.split(b"\n")
    edits: list[Edit] = []
    marked: list[Finding] = []
    seen: set[tuple[int, str]] = set()
    for finding in findings:
        if finding.safety != "manual" or finding.origin == "engine":
            continue
        line = finding.line
        # A line continued from the one before (a macro body, a backslash join) takes its marker above the first.
        while line > 1 and lines[line - 2].rstrip(b"\r").endswith(b"\\"):
            line -= 1
        if (line, finding.rule_id) in seen:
            continue
        seen.add((line, finding.rule_id))
        marker = MARKER.format(rule=finding.rule_id).encode()
        above = line - 1
        while above >= 1 and RUNTIME_INCLUDE.match(lines[above - 1]):
            above -= 1  # the runtime's include, added by an earlier run between a marker and its line
        present = False
        while above >= 1 and b"migrate: manual[" in lines[above - 1]:
            present |= marker in lines[above - 1]
            above -= 1
        if present:
            continue
        current = lines[line - 1].decode(encoding.codec, "replace")
        indent = current[: len(current) - len(current.lstrip(" \t"))]
        message = " ".join(finding.message.split())  # one line, or the next run would not see the marker whole
        text = f"{indent}{lead} {marker.decode()} {message}\n"
        edits.append(Edit(starts[line - 1], starts[line - 1], text))
        marked.append(finding)
    return edits, marked


def _ensure_include(data: bytes, header: str, encoding: Encoding) -> bytes:
    """Make `header` included exactly once: keep the first include of it, drop repeats, add one if none."""
    if data.startswith(BOM):  # only the first mark is one; a second is text of the file
        return BOM + _include_once(data[len(BOM) :], header, encoding)
    return _include_once(data, header, encoding)


def _include_once(data: bytes, header: str, encoding: Encoding) -> bytes:
    target = header.encode()
    found = [m for m in INCLUDE_LINE.finditer(data) if m.group(1) == target]
    if found:
        out = data
        for match in reversed(found[1:]):
            out = out[: match.start()] + out[match.end() :]
        return out
    includes = list(INCLUDE_LINE.finditer(data))
    line = f"#include <{header}>".encode() + encoding.newline
    if includes:
        at = includes[0].start()
        # Above the markers of that include too, so each marker stays right above the line it is about.
        while at > 0:
            above = data.rfind(b"\n", 0, at - 1) + 1
            if b"migrate: manual[" not in data[above:at]:
                break
            at = above
        return data[:at] + line + data[at:]
    lead = re.match(rb"(?:[ \t]*(?://[^\n]*|#[ \t]*pragma[ \t]+once[^\n]*)?\r?\n)*", data)
    at = lead.end() if lead else 0
    return data[:at] + line + data[at:]


def _import_block_end(data: bytes) -> tuple[int, bool]:
    """Where a Python module's leading imports end (after its docstring, comments and `import`/`from` lines), and
    whether it has any."""
    lines = data.splitlines(keepends=True)
    offset, end, found, started, index = 0, 0, False, False, 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if not stripped or stripped.startswith(b"#"):
            offset += len(line)
            index += 1
            continue
        quote = re.match(rb'[rRuU]?("""|\'\'\'|"|\')', stripped)
        if quote and not started:
            # The module docstring: skip to the line that closes it.
            mark = quote.group(1)
            rest = stripped[quote.end():]
            while mark not in rest and index + 1 < len(lines):
                offset += len(line)
                index += 1
                line = lines[index]
                rest = line
            offset += len(line)
            index += 1
            end, started = offset, True
            continue
        if not re.match(rb"(?:import|from)[ \t]", line):
            break
        # One import statement, with its parenthesised or backslash-continued lines.
        depth = 0
        while True:
            code = re.sub(rb"#[^\n]*", b"", line)
            depth += code.count(b"(") - code.count(b")")
            offset += len(line)
            index += 1
            if (depth <= 0 and not code.rstrip().endswith(b"\\")) or index >= len(lines):
                break
            line = lines[index]
        end, found, started = offset, True, True
    return end, found


def _binds(data: bytes, module: str) -> bool:
    """Whether the module binds the name `module` at the top of a name (`import m`, `import m.sub`, `from x import m`)."""
    name = re.escape(module.encode())
    plain = rb"^[ \t]*import[ \t]+(?:[\w.]+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*" + name + rb"(?:\.[\w.]+)?[ \t]*(?:,|#|$)"
    imported = rb"^[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t(]+(?:[^\n]*[ ,(])?" + name + rb"[ \t]*(?:,|\)|#|$)"
    return bool(re.search(plain, data, re.MULTILINE) or re.search(imported, data, re.MULTILINE))


def _python_requirements(
    data: bytes, edits: Sequence[Edit], applied: Sequence[Finding], rules: Mapping[str, Rule], encoding: Encoding
) -> bytes:
    """Add the imports and module preludes (`fix.imports`, `fix.prelude`) that the applied edits use, once each,
    after the module's leading imports; what is already there is not added again."""
    from .templating import render_template

    preludes: list[str] = []
    modules: list[str] = []
    for rule_id in sorted({f.rule_id for f in applied}):
        fix = rules[rule_id].fix or {}
        if fix.get("prelude"):
            text = render_template(fix["prelude"], rule=rules[rule_id])
            if text not in preludes:
                preludes.append(text)
        modules += [m for m in fix.get("imports", ()) if m not in modules]
    for module in modules:
        # A prelude names modules plainly; spell them through the file's alias (`import torch as th`) if it has one.
        alias = re.search(rb"^[ \t]*import[ \t]+" + re.escape(module.encode()) + rb"[ \t]+as[ \t]+(\w+)[ \t]*(?:#|$)", data, re.MULTILINE)
        if alias and not _binds(data, module):
            local = alias.group(1).decode()
            preludes = [re.sub(rf"(?<![\w.]){re.escape(module)}\.", f"{local}.", p) for p in preludes]
    used = "\n".join(edit.text for edit in edits)
    wanted = [
        p for p in preludes if any(re.search(rf"\b{re.escape(name)}\b", used) for name in re.findall(r"(?m)^(\w+)\s*=", p))
    ]
    body = used + "\n".join(wanted)
    imports = [
        m for m in modules if re.search(rf"(?<![\w.]){re.escape(m)}\.", body) and not _binds(data, m)
    ]
    wanted = [p for p in wanted if p.strip().splitlines()[-1].encode(encoding.codec) not in data]
    if not imports and not wanted:
        return data
    newline = encoding.newline.decode()
    at, has_imports = _import_block_end(data)
    text = "".join(f"import {module}{newline}" for module in imports)
    if wanted:
        lead = newline if has_imports or text or at else ""
        text += lead + newline.join(p.strip("\n").replace("\n", newline) for p in wanted) + newline
        if at < len(data) and not data[at:].startswith(encoding.newline) and data[at:].strip():
            text += newline
    if at and not data[:at].endswith(b"\n"):
        text = newline + text
    return data[:at] + text.encode(encoding.codec) + data[at:]


def plan_file(
    relpath: str,
    language: str,
    data: bytes,
    findings: Sequence[Finding],
    rules: Mapping[str, Rule],
    *,
    unsafe: bool = False,
    markers: bool = True,
) -> FilePlan:
    """Everything apply would do to one file, computed without touching it.

    A file with a parse error somewhere still gets the edits the matcher made on intact nodes; whether the
    result reads no worse than the original is the engine's check after planning."""
    encoding = detect_encoding(data)
    edits, applied = choose_edits(findings, unsafe)
    marker_edits, marked = _marker_edits(data, language, findings, encoding) if markers else ([], [])
    # Markers last: insertions at one offset come out in list order, so a marker stays right above its line.
    migrated = apply_edits(data, edits + marker_edits, encoding)
    if language in C_LANGUAGES and applied:
        headers = sorted({h for f in applied for h in (rules[f.rule_id].fix or {}).get("includes", ())})
        for header in headers:
            migrated = _ensure_include(migrated, header, encoding)
    if language == "python" and applied:
        migrated = _python_requirements(migrated, edits, applied, rules, encoding)
    return FilePlan(relpath, data, migrated, tuple(applied), tuple(marked))


def unified_diff(plan: FilePlan) -> str:
    """A unified diff of one file's migration (a/ and b/ prefixes, as git prints them)."""
    before = decode_view(plan.original).data.decode("utf-8", "replace").splitlines(keepends=True)
    after = decode_view(plan.migrated).data.decode("utf-8", "replace").splitlines(keepends=True)
    lines = difflib.unified_diff(before, after, f"a/{plan.relpath}", f"b/{plan.relpath}")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)
