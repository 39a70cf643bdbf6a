"""The figures every report shows, computed once from a ScanResult: counts by family, effort and file."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath

from migrate.model import EFFORTS, SEVERITIES, Finding, ScanResult, SourceFile

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


def _tallies(findings: tuple[Finding, ...], key: str, order: tuple[str, ...] = ()) -> tuple[Tally, ...]:
    """Count findings and fixable findings by the attribute `key`, in `order` first and by name after."""
    counts = Counter(getattr(f, key) for f in findings)
    fixable = Counter(getattr(f, key) for f in findings if f.fixable)
    names = [n for n in order if counts[n]] + sorted(n for n in counts if n not in order)
    return tuple(Tally(n, counts[n], fixable[n]) for n in names)


def _effort_counts(findings: list[Finding]) -> tuple[int, ...]:
    counts = Counter(f.effort for f in findings)
    return tuple(counts[e] for e in EFFORTS)


def summarize(result: ScanResult) -> Summary:
    """Compute every figure the reports show; all orderings are fixed so reports are deterministic."""
    findings = tuple(sorted(result.findings, key=lambda f: f.sort_key))
    sites = [f for f in findings if is_site(f)]
    by_path: dict[str, list[Finding]] = {}
    for finding in findings:
        by_path.setdefault(finding.path, []).append(finding)
    known = {f.path: f for f in result.files}
    paths = sorted(set(known) | set(by_path))
    files = tuple(
        FileStats(
            path=path,
            language=known[path].language if path in known else "",
            lines=known[path].lines if path in known else 0,
            skipped=known[path].skipped if path in known else "",
            findings=len(by_path.get(path, [])),
            fixable=sum(1 for f in by_path.get(path, []) if f.fixable),
            by_effort=_effort_counts(by_path.get(path, [])),
        )
        for path in paths
    )
    directories: dict[str, list[Finding]] = {}
    for finding in findings:
        directories.setdefault(top_directory(finding.path), []).append(finding)
    by_directory = tuple(
        (name, _effort_counts(items))
        for name, items in sorted(directories.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    )
    return Summary(
        findings=len(findings),
        sites=len(sites),
        fixable=sum(1 for f in sites if f.fixable),
        problems=len(findings) - len(sites),
        files_scanned=sum(1 for f in result.files if not f.skipped),
        lines=result.lines,
        skipped=tuple(sorted((f for f in result.files if f.skipped), key=lambda f: f.path)),
        by_severity=_tallies(findings, "severity", SEVERITIES),
        by_family=_tallies(findings, "family"),
        by_effort=_tallies(findings, "effort", EFFORTS),
        by_directory=by_directory,
        files=files,
    )
