"""The figures every report shows, computed once from a ScanResult: counts by family, effort and file."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import attrgetter
from pathlib import PurePosixPath

from migrate.model import EFFORTS, FINDING_ORDER, SEVERITIES, Finding, ScanResult, SourceFile

# Findings of this family are problems of the scan itself (io-error, parse-error), not CUDA-specific sites.
ENGINE_FAMILY = "engine"


@dataclass(frozen=True)
class Tally:
    """How many findings fall under one name (a family, an effort, a directory) and how many have a fix."""

    name: str
    findings: int
    fixable: int


@dataclass(frozen=True)
class FileStats:
    """One file as the reports list it: its findings counted by effort, and whether the scan skipped it."""

    path: str
    language: str
    lines: int
    skipped: str
    findings: int
    fixable: int
    by_effort: tuple[int, ...]

    @property
    def top_effort(self) -> str:
        """The highest effort any finding of the file needs, or "" without findings."""
        for name, count in zip(reversed(EFFORTS), reversed(self.by_effort)):
            if count:
                return name
        return ""


@dataclass(frozen=True)
class Summary:
    """What a reader decides from: sizes, counts by family/effort/severity, and the share fixed automatically."""

    findings: int
    sites: int
    fixable: int
    problems: int
    files_scanned: int
    lines: int
    skipped: tuple[SourceFile, ...]
    by_severity: tuple[Tally, ...]
    by_family: tuple[Tally, ...]
    by_effort: tuple[Tally, ...]
    by_directory: tuple[tuple[str, tuple[int, ...]], ...]
    files: tuple[FileStats, ...]

    @property
    def skipped_count(self) -> int:
        return len(self.skipped)

    @property
    def fixable_share(self) -> float:
        """Fixable CUDA-specific sites over all of them; 0.0 when there are none."""
        return self.fixable / self.sites if self.sites else 0.0


def is_site(finding: Finding) -> bool:
    """True for a CUDA-specific site, False for a problem of the scan itself (unreadable or unparsable file)."""
    return finding.family != ENGINE_FAMILY


def fix_label(finding: Finding) -> str:
    """How a finding gets fixed, in the words the Markdown and HTML reports show."""
    if not finding.fixable:
        return "manual"
    return "automatic" if finding.safety == "safe" else "automatic (unsafe)"


def percent(part: int, whole: int) -> str:
    """`part` of `whole` as a percentage with one decimal, "0.0%" for an empty whole."""
    return f"{100.0 * part / whole:.1f}%" if whole else "0.0%"


def plural(count: int, noun: str) -> str:
    """`count noun`, with an `s` unless the count is one."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@lru_cache(maxsize=65536)
def top_directory(path: str) -> str:
    """The first component of a relative path, or "." for a file at the root."""
    parts = PurePosixPath(path).parts
    return parts[0] if len(parts) > 1 else "."




def sorted_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Findings in the reports' order (Finding.sort_key)."""
    return sorted(findings, key=FINDING_ORDER)


def _tallies(findings: Sequence[Finding], fixable: Sequence[bool], key: str,
             order: tuple[str, ...] = ()) -> tuple[Tally, ...]:
    """Count findings and fixable findings by the attribute `key`, in `order` first and by name after."""
    names_of = list(map(attrgetter(key), findings))
    counts = Counter(names_of)
    fixed = Counter(compress(names_of, fixable))
    names = [n for n in order if counts[n]] + sorted(n for n in counts if n not in order)
    return tuple(Tally(n, counts[n], fixed[n]) for n in names)


def summarize(result: ScanResult) -> Summary:
    """Compute every figure the reports show; all orderings are fixed so reports are deterministic."""
    # Counted, not listed: no figure depends on the findings' order (165,000 of a dense tree are not sorted again).
    findings = result.findings
    fixable = [bool(f.edits) and f.safety != "manual" for f in findings]  # Finding.fixable, without its call
    effort_index = {e: i for i, e in enumerate(EFFORTS)}
    # One pass: per path, its finding count, fixable count and counts by effort.
    per_path: dict[str, list[int]] = {}
    sites = site_fixable = 0
    for finding, fix in zip(findings, fixable):
        row = per_path.get(finding.path)
        if row is None:
            row = per_path[finding.path] = [0, 0] + [0] * len(EFFORTS)
        row[0] += 1
        row[1] += fix
        index = effort_index.get(finding.effort)
        if index is not None:
            row[2 + index] += 1
        if finding.family != ENGINE_FAMILY:  # is_site, without a call per finding
            sites += 1
            site_fixable += fix
    known = {f.path: f for f in result.files}
    empty = [0, 0] + [0] * len(EFFORTS)
    files = []
    for path in sorted(set(known) | set(per_path)):
        row = per_path.get(path, empty)
        source = known.get(path)
        files.append(FileStats(
            path=path,
            language=source.language if source else "",
            lines=source.lines if source else 0,
            skipped=source.skipped if source else "",
            findings=row[0],
            fixable=row[1],
            by_effort=tuple(row[2:]),
        ))
    directories: dict[str, list[int]] = {}
    for path, row in per_path.items():  # a folder's counts are its files' (by_effort sums to the findings)
        total = directories.setdefault(top_directory(path), [0] * (1 + len(EFFORTS)))
        total[0] += row[0]
        for i, count in enumerate(row[2:], 1):
            total[i] += count
    by_directory = tuple(
        (name, tuple(total[1:]))
        for name, total in sorted(directories.items(), key=lambda kv: (-kv[1][0], kv[0]))
    )
    return Summary(
        findings=len(findings),
        sites=sites,
        fixable=site_fixable,
        problems=len(findings) - sites,
        files_scanned=sum(1 for f in result.files if not f.skipped),
        lines=result.lines,
        skipped=tuple(sorted((f for f in result.files if f.skipped), key=lambda f: f.path)),
        by_severity=_tallies(findings, fixable, "severity", SEVERITIES),
        by_family=_tallies(findings, fixable, "family"),
        by_effort=_tallies(findings, fixable, "effort", EFFORTS),
        by_directory=by_directory,
        files=tuple(files),
    )
