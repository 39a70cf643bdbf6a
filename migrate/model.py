"""The shared vocabulary: Finding, Edit, Rule and the closed value sets they use. Imports nothing of the package."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Literal

Severity = Literal["error", "warning", "note"]
Safety = Literal["safe", "unsafe", "manual"]
Effort = Literal["none", "low", "medium", "high"]
Status = Literal["supported", "unsupported", "deprecated", "removed"]
Origin = Literal["tree-sitter", "libclang", "engine"]

SEVERITIES: tuple[str, ...] = ("error", "warning", "note")
SAFETIES: tuple[str, ...] = ("safe", "unsafe", "manual")
EFFORTS: tuple[str, ...] = ("none", "low", "medium", "high")
STATUSES: tuple[str, ...] = ("supported", "unsupported", "deprecated", "removed")


@dataclass(frozen=True, order=True)
class Edit:
    """Replace bytes [start, end) of a file with `text` (UTF-8 encoded on write)."""

    start: int
    end: int
    text: str

    @classmethod
    def unchecked(cls, start: int, end: int, text: str) -> Edit:
        """An Edit of values already of their types, set directly: the frozen __init__ sets each through
        object.__setattr__, and a dense tree makes one per line."""
        edit = object.__new__(cls)
        fields = edit.__dict__
        fields["start"], fields["end"], fields["text"] = start, end, text
        return edit


@dataclass(frozen=True)
class Finding:
    """One CUDA-specific site (or one file-level problem) and, when a fix is known, the edits that make it portable.

    Lines and columns are 1-based; columns count characters of the line. `end_*` point just past the site.
    `path` is relative to the scan root, POSIX separators. `origin` says which frontend found it.
    """

    rule_id: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    severity: Severity
    safety: Safety
    effort: Effort
    message: str
    family: str
    edits: tuple[Edit, ...] = ()
    origin: Origin = "tree-sitter"
    snippet: str = ""

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.rule_id, self.message)

    @property
    def fixable(self) -> bool:
        return bool(self.edits) and self.safety != "manual"

    def as_row(self) -> tuple[Any, ...]:
        """The fields as one plain tuple, edits as (start, end, text): what a worker process sends back, pickled in
        a fifth of the time and bytes of the object (165,000 findings: 0.2 s, not 1.1 s, and 0.1 s, not 1.8 s, to
        read back)."""
        return (self.rule_id, self.path, self.line, self.column, self.end_line, self.end_column, self.severity,
                self.safety, self.effort, self.message, self.family,
                tuple((e.start, e.end, e.text) for e in self.edits), self.origin, self.snippet)

    @classmethod
    def unchecked(cls, *values: Any) -> Finding:
        """A Finding of every field's value in field order, each already of its type (a matcher's finding, a row
        read back), set directly: the frozen __init__ sets each one through object.__setattr__, seven times the
        cost, and a dense tree makes one per line."""
        finding = object.__new__(cls)
        fields = finding.__dict__
        # One unpacking into the instance's dict, in field order: half the time of updating it from a zip.
        (fields["rule_id"], fields["path"], fields["line"], fields["column"], fields["end_line"],
         fields["end_column"], fields["severity"], fields["safety"], fields["effort"], fields["message"],
         fields["family"], fields["edits"], fields["origin"], fields["snippet"]) = values
        return finding

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> Finding:
        """The Finding of an as_row tuple."""
        finding = cls.unchecked(*row)
        if row[11]:
            edit = Edit.unchecked
            finding.__dict__["edits"] = tuple([edit(start, end, text) for start, end, text in row[11]])
        return finding


# Finding.sort_key read in C: the key to sort a hundred thousand findings by, without a Python call for each.
FINDING_ORDER = attrgetter("path", "line", "column", "rule_id", "message")


@dataclass(frozen=True)
class Rule:
    """A rule as loaded from `rules/<family>/<id>.toml`; see rules/README.md for the keys."""

    id: str
    family: str
    summary: str
    message: str
    severity: Severity
    safety: Safety
    effort: Effort
    why: str
    match: Mapping[str, Any]
    path: str
    fix: Mapping[str, Any] | None = None
    fix_safety: str = ""
    advice: Mapping[str, str] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class MapEntry:
    """One CUDA name from a mapping table in `rules/maps/`."""

    name: str
    kind: str
    status: Status
    effort: Effort
    table: str
    family: str
    rule: str
    portable: str = ""
    note: str = ""
    # C++ scopes under which a qualified use is this name (`at::cuda` for `at::cuda::getCurrentCUDAStream`; a
    # scope also matches as the tail of a longer one); "" admits the bare name too. Empty: the bare name only.
    scopes: tuple[str, ...] = ()


@dataclass(frozen=True)
class PythonMapEntry:
    """One dotted Python name from a table in `rules/maps/python/`: what replaces it and how the call changes."""

    name: str
    status: Status
    effort: Effort
    table: str
    portable: str = ""
    note: str = ""
    safety: str = ""
    first_argument: str = ""
    last_argument: str = ""
    positional: bool = True
    decorator: bool = False
    assign: str = ""


@dataclass(frozen=True)
class SourceFile:
    """A file the scan looked at: its language, size in lines, and why it was skipped when it was."""

    path: str
    language: str
    lines: int
    skipped: str = ""


@dataclass(frozen=True)
class ScanResult:
    """What one scan produced: the findings (sorted) and every file it considered. Every report renders this."""

    root: str
    findings: tuple[Finding, ...]
    files: tuple[SourceFile, ...]
    rules: Mapping[str, Rule]
    tool_version: str

    @property
    def lines(self) -> int:
        return sum(f.lines for f in self.files)
