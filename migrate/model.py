"""The shared vocabulary: Finding, Edit, Rule and the closed value sets they use. Imports nothing of the package."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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
