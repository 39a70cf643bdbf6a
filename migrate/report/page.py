"""The HTML report: one self-contained page (inline CSS, JS and SVG) for deciding whether and how to migrate."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from migrate.model import EFFORTS, Finding, ScanResult
from migrate.report.summary import FileStats, Summary, fix_label, percent, plural, summarize
from migrate.templating import render_template

TEMPLATE = "reports/report.html.j2"

# Sources larger than this are not read for excerpts; the finding's snippet stands in.
MAX_SOURCE_BYTES = 4 * 1024 * 1024
MAX_SITE_LINES = 5
CHART_DIRECTORIES = 12
CHART_LABEL_WIDTH = 180
CHART_BAR_WIDTH = 520
CHART_ROW_HEIGHT = 26
CHART_BAR_HEIGHT = 18
CHART_COUNT_WIDTH = 60


@dataclass(frozen=True)
class Segment:
    """One effort's share of a directory's bar, in SVG user units."""

    effort: str
    count: int
    x: float
    width: float


@dataclass(frozen=True)
class Bar:
    """One directory's row of the overview chart."""

    label: str
    total: int
    y: int
    text_y: int
    count_x: float
    segments: tuple[Segment, ...]


@dataclass(frozen=True)
class Chart:
    """The overview chart: findings by top-level directory, stacked by effort."""

    width: int
    height: int
    label_x: int
    bar_height: int
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class ExcerptLine:
    """One source line of an excerpt; `target` marks the finding's own line."""

    number: int
    text: str
    target: bool


@dataclass(frozen=True)
class Entry:
    """One finding as the per-file section shows it."""

    position: str
    severity: str
    rule_id: str
    summary: str
    message: str
    fix: str
    effort: str
    excerpt: tuple[ExcerptLine, ...]


@dataclass(frozen=True)
class FileRow:
    """One row of the sortable file table, and the anchor of its section."""

    anchor: str
    stats: FileStats
    effort_rank: int


@dataclass(frozen=True)
class Section:
    """The findings of one file, with their code excerpts."""

    anchor: str
    path: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class RuleInfo:
    """A rule that fired, explained for the reader."""

    id: str
    summary: str
    why: str
    safety: str
    effort: str
    fix_safety: str
    count: int


def chart(summary: Summary) -> Chart:
    """Lay out the bars; the largest directories first, the rest folded into one "other" bar."""
    rows = list(summary.by_directory)
    if len(rows) > CHART_DIRECTORIES:
        rest = rows[CHART_DIRECTORIES - 1 :]
        folded = tuple(sum(counts[i] for _, counts in rest) for i in range(len(EFFORTS)))
        rows = rows[: CHART_DIRECTORIES - 1] + [(f"({plural(len(rest), 'other directory')})", folded)]
    largest = max((sum(counts) for _, counts in rows), default=0)
    scale = CHART_BAR_WIDTH / largest if largest else 0.0
    bars = []
    for i, (label, counts) in enumerate(rows):
        y = i * CHART_ROW_HEIGHT + 4
        x = float(CHART_LABEL_WIDTH)
        segments = []
        for effort, count in zip(EFFORTS, counts):
            if count:
                width = round(count * scale, 1)
                segments.append(Segment(effort, count, round(x, 1), width))
                x += width
        bars.append(
            Bar(
                label=label if label != "." else "(top level)",
                total=sum(counts),
                y=y,
                text_y=y + CHART_BAR_HEIGHT - 5,
                count_x=round(x + 6, 1),
                segments=tuple(segments),
            )
        )
    return Chart(
        width=CHART_LABEL_WIDTH + CHART_BAR_WIDTH + CHART_COUNT_WIDTH,
        height=len(bars) * CHART_ROW_HEIGHT + 8,
        label_x=CHART_LABEL_WIDTH - 8,
        bar_height=CHART_BAR_HEIGHT,
        bars=tuple(bars),
    )


def source_lines(root: str, path: str) -> tuple[str, ...] | None:
    """The lines of `root/path` decoded as UTF-8 (bad bytes replaced), or None when it cannot be read."""
    relative = PurePosixPath(path)
    if relative.is_absolute() or ".." in relative.parts:
        return None
    try:
        source = Path(root) / path
        if source.stat().st_size > MAX_SOURCE_BYTES:
            return None
        return tuple(source.read_bytes().decode("utf-8", errors="replace").splitlines())
    except (OSError, ValueError):
        return None


def excerpt(finding: Finding, lines: tuple[str, ...] | None) -> tuple[ExcerptLine, ...]:
    """The finding's lines (at most MAX_SITE_LINES) with one line of context each side.

    Without a readable source, or when the file changed since the scan, the snippet stands alone.
    """
    if finding.line < 1:
        return ()
    if lines is None or finding.line > len(lines):
        return (ExcerptLine(finding.line, finding.snippet, True),) if finding.snippet else ()
    site_end = min(max(finding.end_line, finding.line), finding.line + MAX_SITE_LINES - 1)
    first, last = max(finding.line - 1, 1), min(site_end + 1, len(lines))
    return tuple(ExcerptLine(n, lines[n - 1], finding.line <= n <= site_end) for n in range(first, last + 1))


def render_html(result: ScanResult, *, color: bool = False) -> str:
    """Render the HTML page; `color` is accepted for a uniform signature and ignored."""
    summary = summarize(result)
    findings = sorted(result.findings, key=lambda f: f.sort_key)
    rules = result.rules
    anchors = {stats.path: f"file-{i + 1}" for i, stats in enumerate(summary.files)}
    grouped: dict[str, list[Finding]] = {}
    for finding in findings:
        grouped.setdefault(finding.path, []).append(finding)
    sections = []
    for path, items in grouped.items():
        lines = source_lines(result.root, path)
        entries = tuple(
            Entry(
                position=f"{f.line}:{f.column}",
                severity=f.severity,
                rule_id=f.rule_id,
                summary=rules[f.rule_id].summary if f.rule_id in rules else "",
                message=f.message,
                fix=fix_label(f),
                effort=f.effort,
                excerpt=excerpt(f, lines),
            )
            for f in items
        )
        sections.append(Section(anchors[path], path, entries))
    counts = Counter(f.rule_id for f in findings)
    rule_infos = tuple(
        RuleInfo(r.id, r.summary, r.why.strip(), r.safety, r.effort, r.fix_safety.strip(), counts[r.id])
        for r in (rules[rule_id] for rule_id in sorted(counts) if rule_id in rules)
    )
    file_rows = tuple(
        FileRow(anchors[s.path], s, EFFORTS.index(s.top_effort) + 1 if s.top_effort else 0)
        for s in summary.files
        if s.findings
    )
    return render_template(
        TEMPLATE,
        title=f"migrate scan of {result.root}",
        root=result.root,
        version=result.tool_version,
        summary=summary,
        share=percent(summary.fixable, summary.sites),
        share_width=round(100 * summary.fixable_share, 1),
        files_with_findings=len(file_rows),
        efforts=EFFORTS,
        chart=chart(summary),
        by_effort=tuple((t, percent(t.fixable, t.findings)) for t in summary.by_effort),
        by_family=tuple((t, percent(t.fixable, t.findings)) for t in summary.by_family),
        file_rows=file_rows,
        sections=tuple(sections),
        rules=rule_infos,
        skipped=summary.skipped,
    )
