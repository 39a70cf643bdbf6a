"""Running a scan over a tree: rule selection, the content-hash cache, and spreading files over processes."""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from . import __version__, parse
from .match import FileMatcher, Ruleset, Text, compile_rules
from .model import Finding, Rule, ScanResult, SourceFile
from .rewrite import FilePlan
from .rules import RULES_DIR, Catalog, load_catalog
from .sources import DEFAULT_MAX_BYTES, Source, discover, read

PARALLEL_MIN_BYTES = 1_000_000
CHUNK_FILES = 64


class SelectionError(Exception):
    """A --select/--ignore entry that names no rule or family."""


@dataclass(frozen=True)
class ScanOptions:
    """What to scan and how; the CLI and the configuration file fill it."""

    paths: tuple[Path, ...]
    root: Path
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    max_bytes: int = DEFAULT_MAX_BYTES
    cache_dir: Path | None = None
    jobs: int = 0
    respect_gitignore: bool = True
    rules_dir: Path = RULES_DIR


@dataclass(frozen=True)
class FileOutcome:
    """One file's result as a worker returns it."""

    relpath: str
    language: str
    digest: str
    lines: int
    findings: tuple[Finding, ...] = ()
    skipped: str = ""
    cached: bool = False
    stamp: tuple[int, int] = (0, 0)  # size and mtime_ns when read: a cache hit without reading the file again


@dataclass
class Progress:
    """Counts reported to an optional callback as files complete."""

    total: int
    done: int = 0
    callback: Callable[[int, int], None] | None = field(default=None, repr=False)

    def advance(self, count: int) -> None:
        self.done += count
        if self.callback:
            self.callback(self.done, self.total)


def select_rules(catalog: Catalog, select: Sequence[str], ignore: Sequence[str]) -> list[str]:
    """Rule ids chosen by --select/--ignore, each entry a rule id, an alias or a family; unknown ones raise."""

    def expand(entries: Sequence[str], flag: str) -> set[str]:
        chosen: set[str] = set()
        families = {rule.family for rule in catalog.rules.values()}
        for entry in entries:
            if entry in catalog.rules or entry in catalog.aliases:
                chosen.add(catalog.rule(entry).id)
            elif entry in families:
                chosen.update(r.id for r in catalog.rules.values() if r.family == entry)
            elif entry.upper() == "ALL":
                chosen.update(catalog.rules)
            else:
                raise SelectionError(
                    f"{flag} {entry!r} is neither a rule id nor a family; `migrate rules` lists them"
                )
        return chosen

    chosen = expand(select, "--select") if select else set(catalog.rules)
    return sorted(chosen - expand(ignore, "--ignore"))


@cache
def _worker_ruleset(rules_dir: str, cache_dir: str, digest: str, selected: tuple[str, ...]) -> Ruleset:
    return compile_rules(load_catalog(Path(rules_dir), Path(cache_dir) if cache_dir else None), selected)


def _count_lines(data: bytes) -> int:
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def _engine_finding(rule: Rule, relpath: str, message: str, line: int = 1, column: int = 1) -> Finding:
    return Finding(
        rule_id=rule.id,
        path=relpath,
        line=line,
        column=column,
        end_line=line,
        end_column=column,
        severity=rule.severity,
        safety=rule.safety,
        effort=rule.effort,
        message=message,
        family=rule.family,
        origin="engine",
    )


def scan_bytes(ruleset: Ruleset, relpath: str, language: str, data: bytes) -> list[Finding]:
    """Every finding of the selected rules in one file's bytes, a parse-error note included when it applies."""
    matcher = FileMatcher(ruleset, relpath, language, data)
    findings = matcher.run()
    rules = ruleset.catalog.rules
    if matcher.tree is not None and "parse-error" in ruleset.selected:
        error = parse.first_error(matcher.tree.root_node)
        if error is not None:
            line, column = Text(data).position(error.start_byte)
            findings.append(
                _engine_finding(
                    rules["parse-error"],
                    relpath,
                    rules["parse-error"].message.format(line=line, column=column),
                    line,
                    column,
                )
            )
    return findings


def _scan_chunk(
    rules_dir: str, cache_dir: str, digest: str, selected: tuple[str, ...], max_bytes: int,
    tasks: Sequence[tuple[str, str, str, str]],
) -> list[FileOutcome]:
    ruleset = _worker_ruleset(rules_dir, cache_dir, digest, selected)
    rules = ruleset.catalog.rules
    outcomes = []
    for path, relpath, language, known_digest in tasks:
        content = read(Path(path), max_bytes)
        if content.kind == "io-error":
            findings: tuple[Finding, ...] = ()
            if "io-error" in ruleset.selected:
                message = rules["io-error"].message.format(problem=content.problem)
                findings = (_engine_finding(rules["io-error"], relpath, message),)
            outcomes.append(FileOutcome(relpath, language, "", 0, findings, skipped=content.problem))
            continue
        if content.kind == "skip":
            outcomes.append(FileOutcome(relpath, language, "", 0, skipped=content.problem))
            continue
        file_digest = hashlib.blake2b(content.data, digest_size=16).hexdigest()
        lines = _count_lines(content.data)
        stamp = _stamp(path)
        if file_digest == known_digest:
            outcomes.append(FileOutcome(relpath, language, file_digest, lines, cached=True))
            continue
        findings = tuple(scan_bytes(ruleset, relpath, language, content.data))
        outcomes.append(FileOutcome(relpath, language, file_digest, lines, findings, stamp=stamp))
    return outcomes


def _stamp(path: str) -> tuple[int, int]:
    try:
        stat = os.stat(path)
    except OSError:
        return (0, 0)
    return (stat.st_size, stat.st_mtime_ns)


def _cache_file(options: ScanOptions, key: str) -> Path | None:
    if options.cache_dir is None:
        return None
    root_key = hashlib.sha256(str(options.root.resolve()).encode()).hexdigest()[:16]
    return options.cache_dir / f"scan-{root_key}-{key}.pickle"


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Unpickling tens of thousands of findings would otherwise set off full collections over everything alive."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _load_cache(path: Path | None) -> dict[str, tuple[str, int, tuple[Finding, ...]]]:
    if path is None or not path.is_file():
        return {}
    try:
        with path.open("rb") as handle, _collector_paused():
            data = pickle.load(handle)
        return data if isinstance(data, dict) else {}
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return {}


def _save_cache(path: Path | None, entries: dict[str, tuple[str, int, tuple[Finding, ...]]]) -> None:
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as handle:
            pickle.dump(entries, handle, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(path)
    except OSError:
        pass


def _chunks(items: Sequence[Source], size: int) -> Iterable[Sequence[Source]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _unchanged(
    sources: Sequence[Source], cached: dict[str, tuple[str, int, tuple[Finding, ...]]], max_bytes: int
) -> tuple[list[FileOutcome], list[tuple[str, str, str, str]], int]:
    """Files whose bytes hash to their cache entry (hashed here, so a warm scan starts no workers), and the rest."""
    hits: list[FileOutcome] = []
    tasks: list[tuple[str, str, str, str]] = []
    pending_bytes = 0
    for source in sources:
        entry = cached.get(source.relpath)
        if entry is not None:
            try:
                stat = os.stat(source.path)
            except OSError:
                stat = None
            if stat is not None and entry[3:] == (stat.st_size, stat.st_mtime_ns):
                hits.append(FileOutcome(source.relpath, source.language, entry[0], entry[1], cached=True, stamp=entry[3:]))
                continue
            content = read(source.path, max_bytes)
            if not content.kind and hashlib.blake2b(content.data, digest_size=16).hexdigest() == entry[0]:
                hits.append(FileOutcome(source.relpath, source.language, entry[0], entry[1], cached=True, stamp=_stamp(str(source.path))))
                continue
        try:
            pending_bytes += source.path.stat().st_size
        except OSError:
            pass
        tasks.append((str(source.path), source.relpath, source.language, ""))
    return hits, tasks, pending_bytes


def scan(options: ScanOptions, progress: Callable[[int, int], None] | None = None) -> ScanResult:
    """Scan the option's paths and return every finding, sorted, with the files considered."""
    catalog = load_catalog(options.rules_dir, options.cache_dir)
    selected = tuple(select_rules(catalog, options.select, options.ignore))
    sources, walk_skips = discover(options.paths, options.root, options.exclude, options.respect_gitignore)
    cache_key = hashlib.sha256(f"{__version__}\0{catalog.digest}\0{selected}\0{options.max_bytes}".encode()).hexdigest()[:16]
    cache_path = _cache_file(options, cache_key)
    cached = _load_cache(cache_path)
    tracker = Progress(total=len(sources), callback=progress)
    outcomes, tasks, total_bytes = _unchanged(sources, cached, options.max_bytes)
    tracker.advance(len(outcomes))
    if tasks:
        # Compiled once here, so a broken rule is reported from the main process with its file named, and forked
        # workers inherit it; a scan that finds every file in its cache never needs it.
        _worker_ruleset(str(options.rules_dir), str(options.cache_dir or ""), catalog.digest, selected)
    jobs = options.jobs or (os.cpu_count() or 1)
    args = (str(options.rules_dir), str(options.cache_dir or ""), catalog.digest, selected, options.max_bytes)
    if jobs > 1 and total_bytes >= PARALLEL_MIN_BYTES and len(tasks) > CHUNK_FILES:
        size = max(8, min(CHUNK_FILES, len(tasks) // (jobs * 4) or 1))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_scan_chunk, *args, chunk) for chunk in _chunks(tasks, size)]
            for future in futures:
                chunk_outcomes = future.result()
                outcomes.extend(chunk_outcomes)
                tracker.advance(len(chunk_outcomes))
    else:
        for chunk in _chunks(tasks, CHUNK_FILES):
            chunk_outcomes = _scan_chunk(*args, chunk)
            outcomes.extend(chunk_outcomes)
            tracker.advance(len(chunk_outcomes))
    findings: list[Finding] = []
    files: list[SourceFile] = []
    new_cache: dict[str, tuple[str, int, tuple[Finding, ...]]] = {}
    for outcome in outcomes:
        file_findings = cached[outcome.relpath][2] if outcome.cached else outcome.findings
        if outcome.digest:
            new_cache[outcome.relpath] = (outcome.digest, outcome.lines, file_findings, *outcome.stamp)
        findings.extend(file_findings)
        files.append(SourceFile(outcome.relpath, outcome.language, outcome.lines, outcome.skipped))
    for skip in walk_skips:
        files.append(SourceFile(skip.relpath, "", 0, skip.reason))
    if any(not outcome.cached for outcome in outcomes) or new_cache.keys() != cached.keys():
        _save_cache(cache_path, new_cache)
    findings.sort(key=lambda f: f.sort_key)
    files.sort(key=lambda f: f.path)
    return ScanResult(
        root=options.root.as_posix(),
        findings=tuple(findings),
        files=tuple(files),
        rules={rule_id: catalog.rules[rule_id] for rule_id in selected},
        tool_version=__version__,
    )


def plan_migration(
    options: ScanOptions, *, unsafe: bool = False, markers: bool = True
) -> tuple[ScanResult, list[FilePlan]]:
    """Scan, then compute every file's migrated bytes without writing anything."""
    from .rewrite import plan_file

    result = scan(options)
    by_file: dict[str, list[Finding]] = {}
    for finding in result.findings:
        by_file.setdefault(finding.path, []).append(finding)
    languages = {f.path: f.language for f in result.files}
    plans: list[FilePlan] = []
    for relpath, findings in sorted(by_file.items()):
        if any(f.rule_id == "io-error" for f in findings):
            continue
        path = _absolute(options, relpath)
        content = read(path, options.max_bytes)
        if content.kind:
            continue
        parse_error = any(f.rule_id == "parse-error" for f in findings)
        plans.append(
            plan_file(
                relpath,
                languages.get(relpath, "cuda"),
                content.data,
                findings,
                result.rules,
                unsafe=unsafe,
                markers=markers,
                parse_error=parse_error,
            )
        )
    return result, plans


def _absolute(options: ScanOptions, relpath: str) -> Path:
    path = Path(relpath)
    return path if path.is_absolute() else options.root / path
