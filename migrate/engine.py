"""Running a scan over a tree: rule selection, the content-hash cache, and spreading files over processes."""

from __future__ import annotations

import bisect
import ctypes
import hashlib
import itertools
import os
import pickle
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import tree_sitter as ts

from . import __version__, parse
from .collector import paused
from .match import SUPPRESSION, FileMatcher, Ruleset, Text, compile_rules, parse_source
from .model import FINDING_ORDER, Edit, Finding, Rule, ScanResult, SourceFile
from .rewrite import FilePlan
from .rules import RULES_DIR, Catalog, RuleError, load_catalog
from .sources import DEFAULT_MAX_BYTES, Content, Skipped, Source, discover, read, walk
from .templating import TEMPLATE_DIR
from .transcoding import TextView, UntranscodableError, decode_view

_PACKAGE = Path(__file__).resolve().parent
PARALLEL_MIN_BYTES = 1_000_000
CHUNK_FILES = 64
# A chunk of a scan fed to the workers while the walk goes on: small enough that the last one leaves no worker
# idle for long, big enough that sending it costs nothing beside scanning it.
STREAM_CHUNK_BYTES = 256 * 1024


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
    skip_dirs: tuple[Path, ...] = ()  # resolved folders the walk leaves out (an output folder inside the tree)


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
    stamp: tuple[int, ...] = (0, 0, 0, 0)  # see _stamp: a cache hit without reading the file again
    rows: tuple[tuple, ...] = ()  # the findings as Finding.as_row tuples, as a scan worker sends them back


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


def _error_nodes(root: ts.Node) -> int:
    """How many ERROR and MISSING nodes a tree holds: what a migration must never raise."""
    if not root.has_error:
        return 0
    count = 0
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            count += 1
        stack.extend(child for child in node.children if child.has_error or child.is_missing)
    return count


def count_syntax_errors(ruleset: Ruleset, language: str, data: bytes) -> int:
    """The error nodes of `data` parsed as the scan parses it (macros blanked for C/C++/CUDA); 0 for other files."""
    if language not in parse.GRAMMARS:
        return 0
    return _error_nodes(parse_source(ruleset, language, data).root_node)


def _clear_pending_error() -> None:
    """Drop an exception a native extension set without raising it, so it cannot surface in the next file."""
    ctypes.pythonapi.PyErr_Clear()


def _failure(exc: BaseException) -> tuple[str, str]:
    """One line naming an internal error and where it was raised (package-relative, the same on every machine),
    and a short trace."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = ""
    for frame in reversed(frames):
        if _PACKAGE in Path(frame.filename).parents:
            where = f" at {Path(frame.filename).relative_to(_PACKAGE.parent).as_posix()}:{frame.lineno}"
            break
    text = " ".join(str(exc).split())[:160]
    trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__, limit=-8))
    return f"{type(exc).__name__}{': ' + text if text else ''}{where}", trace


def describe_failure(rules: Mapping[str, Rule], relpath: str, exc: BaseException) -> tuple[Finding, str]:
    """The `internal-error` finding of a file whose processing raised `exc`, and the trace behind it."""
    problem, trace = _failure(exc)
    rule = rules["internal-error"]
    return _engine_finding(rule, relpath, rule.message.format(problem=problem)), trace


class _LineText(Text):
    """Text whose per-line answers are kept: a file of one very long line asks them once per finding, and each
    answer otherwise costs the whole line."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self._lines: dict[int, bytes] = {}
        self._columns: dict[int, tuple[int, int]] = {}  # line -> the last offset asked and its column
        self._ascii = data.isascii()

    def line_bytes(self, line: int) -> bytes:
        found = self._lines.get(line)
        if found is None:
            # Text.line_bytes with the line starts read once, not through the property three times: a dense file
            # asks for the snippet of nearly every line.
            starts = self._starts if self._starts is not None else self.starts
            end = starts[line] - 1 if line < len(starts) else len(self.data)
            found = self._lines[line] = self.data[starts[line - 1] : end].rstrip(b"\r")
        return found

    def position(self, offset: int) -> tuple[int, int]:
        # The line starts read once a call, not through the property and line_of: each finding asks twice.
        starts = self._starts if self._starts is not None else self.starts
        line = bisect.bisect_right(starts, offset)
        start = starts[line - 1]
        if self._ascii:
            return line, offset - start + 1  # one byte per character: nothing to decode
        last = self._columns.get(line)
        if last is not None and start <= last[0] <= offset:
            start, base = last  # findings come in order along a line: decode only the bytes since the last one
        else:
            base = 1
        column = base + len(self.data[start:offset].decode("utf-8", "replace"))
        self._columns[line] = (offset, column)
        return line, column


class _Matcher(FileMatcher):
    """FileMatcher with the per-line lookups kept (see _LineText): linear in findings on a one-line file."""

    def __init__(self, ruleset: Ruleset, relpath: str, language: str, data: bytes) -> None:
        super().__init__(ruleset, relpath, language, data)
        self.text = _LineText(data)
        self._suppression: dict[int, bool] = {}
        # Most files hold no suppression comment at all: one search of the file answers for every line.
        self._any_suppression = SUPPRESSION.search(data) is not None

    def suppressed(self, rule_id: str, line: int) -> bool:
        if not self._any_suppression:
            return False
        if line not in self._suppression:
            self._suppression[line] = bool(SUPPRESSION.search(self.text.line_bytes(line)))
        return self._suppression[line] and super().suppressed(rule_id, line)


def scan_view(ruleset: Ruleset, relpath: str, language: str, view: TextView) -> tuple[list[Finding], int]:
    """Every finding of the selected rules in a file's text view (edits in view offsets), a parse-error note
    included when it applies, and the number of error nodes of its tree."""
    try:
        matcher = _Matcher(ruleset, relpath, language, view.data)
        findings = matcher.run()
    finally:
        _clear_pending_error()
    rules = ruleset.catalog.rules
    errors = 0
    if matcher.tree is not None:
        root = matcher.tree.root_node
        errors = _error_nodes(root)
        error = parse.first_error(root) if errors and "parse-error" in ruleset.selected else None
        if error is not None:
            line, column = Text(view.data).position(error.start_byte)
            findings.append(
                _engine_finding(
                    rules["parse-error"],
                    relpath,
                    rules["parse-error"].message.format(line=line, column=column),
                    line,
                    column,
                )
            )
    return findings, errors


def scan_bytes(ruleset: Ruleset, relpath: str, language: str, data: bytes) -> list[Finding]:
    """Every finding of the selected rules in one file's bytes, edits in byte offsets of `data`; a rule that
    raises makes an `internal-error` finding instead."""
    view = decode_view(data)
    try:
        findings, _ = scan_view(ruleset, relpath, language, view)
    except Exception as exc:  # a bug on one file must not stop the run: it becomes that file's finding
        return [describe_failure(ruleset.catalog.rules, relpath, exc)[0]]
    if not view.transcoded:
        return findings
    return [
        replace(f, edits=tuple(Edit(view.to_original(e.start), view.to_original(e.end), e.text) for e in f.edits))
        for f in findings
    ]


def _unreadable(rules: Mapping[str, Rule], selected: frozenset[str], relpath: str, language: str,
                content: Content) -> FileOutcome:
    """The outcome of a file read() gave no bytes for: an io-error finding, or a plain skip."""
    findings: tuple[Finding, ...] = ()
    if content.kind == "io-error" and "io-error" in selected:
        message = rules["io-error"].message.format(problem=content.problem)
        findings = (_engine_finding(rules["io-error"], relpath, message),)
    return FileOutcome(relpath, language, "", 0, findings, skipped=content.problem)


def _scan_chunk(
    rules_dir: str, cache_dir: str, digest: str, selected: tuple[str, ...], max_bytes: int,
    tasks: Sequence[tuple[str, str, str, str]], *, rows: bool = True,
) -> list[FileOutcome]:
    """The outcomes of a chunk of files, their findings as rows for a worker to send back (`rows`), or as the
    Findings themselves for a chunk scanned in the process that reports them."""
    ruleset = _worker_ruleset(rules_dir, cache_dir, digest, selected)
    # A file's scan makes thousands of short-lived objects (nodes, fields, findings) that go with the file, nearly
    # none in a cycle (400 HeCBench files leave 863 objects to the collector): collections set off by their count
    # find next to nothing, and cost a dense tree 5-10% of its time. A chunk's few cycles wait for its end.
    with paused():
        return _scan_tasks(ruleset, max_bytes, tasks, rows=rows)


def _scan_here(*args: Any) -> list[FileOutcome]:
    """_scan_chunk for a chunk scanned in this process: a finding made into a row and back costs a dense tree's
    165,085 findings half a CPU second, and the findings never leave the process."""
    return _scan_chunk(*args, rows=False)


def _scan_tasks(
    ruleset: Ruleset, max_bytes: int, tasks: Sequence[tuple[str, str, str, str]], *, rows: bool = True
) -> list[FileOutcome]:
    outcomes = []
    for path, relpath, language, known_digest in tasks:
        content = read(Path(path), max_bytes)
        if content.kind:
            outcome = _unreadable(ruleset.catalog.rules, ruleset.selected, relpath, language, content)
            if rows:
                outcome = replace(outcome, findings=(), rows=tuple(f.as_row() for f in outcome.findings))
            outcomes.append(outcome)
            continue
        file_digest = _digest(content.data)
        lines = _count_lines(content.data)
        stamp = _stamp(path)
        if file_digest == known_digest:
            outcomes.append(FileOutcome(relpath, language, file_digest, lines, cached=True))
            continue
        findings = scan_bytes(ruleset, relpath, language, content.data)
        if rows:
            outcomes.append(FileOutcome(relpath, language, file_digest, lines, stamp=stamp,
                                        rows=tuple(f.as_row() for f in findings)))
        else:
            outcomes.append(FileOutcome(relpath, language, file_digest, lines, tuple(findings), stamp=stamp))
    return outcomes


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _stamp(path: str) -> tuple[int, ...]:
    """Size, mtime, ctime and inode: `cp -p` and `rsync -a` copy the mtime of other bytes, but no tool sets ctime."""
    try:
        stat = os.stat(path)
    except OSError:
        return (0, 0, 0, 0)
    return _stat_stamp(stat)


def _stat_stamp(stat: os.stat_result) -> tuple[int, ...]:
    return (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)


def _cache_file(options: ScanOptions, key: str) -> Path | None:
    if options.cache_dir is None:
        return None
    root_key = hashlib.sha256(str(options.root.resolve()).encode()).hexdigest()[:16]
    return options.cache_dir / f"scan-{root_key}-{key}.pickle"


def _load_cache(path: Path | None) -> dict[str, tuple]:
    """Per file: its digest, line count, findings as Finding.as_row tuples (read back in a tenth of the time of
    the objects), and stat stamp."""
    if path is None or not path.is_file():
        return {}
    try:
        with path.open("rb") as handle, paused():
            data = pickle.load(handle)
        return data if isinstance(data, dict) else {}
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return {}


def _save_cache(path: Path | None, entries: dict[str, tuple]) -> None:
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
    sources: Sequence[Source], cached: dict[str, tuple], max_bytes: int
) -> tuple[list[FileOutcome], list[tuple[str, str, str, str]], list[int]]:
    """Files whose bytes hash to their cache entry (hashed here, so a warm scan starts no workers), and the rest
    with their sizes."""
    hits: list[FileOutcome] = []
    tasks: list[tuple[str, str, str, str]] = []
    sizes: list[int] = []
    for source in sources:
        entry = cached.get(source.relpath)
        if entry is not None:
            try:
                stat = os.stat(source.path)
            except OSError:
                stat = None
            if stat is not None and entry[3:] == _stat_stamp(stat):
                hits.append(FileOutcome(source.relpath, source.language, entry[0], entry[1], cached=True, stamp=entry[3:]))
                continue
            content = read(source.path, max_bytes)
            if not content.kind and _digest(content.data) == entry[0]:
                hits.append(FileOutcome(source.relpath, source.language, entry[0], entry[1], cached=True, stamp=_stamp(str(source.path))))
                continue
        tasks.append((str(source.path), source.relpath, source.language, ""))
        sizes.append(_stamp(str(source.path))[0])
    return hits, tasks, sizes


@dataclass(frozen=True)
class _Setup:
    """What scan and apply share before reading a file: the rules chosen, the files found, the cache."""

    catalog: Catalog
    selected: tuple[str, ...]
    sources: list[Source]
    walk_skips: list[Skipped]
    cache_path: Path | None
    cached: dict[str, tuple]


def check_templates(catalog: Catalog, selected: Iterable[str]) -> None:
    """Raise RuleError naming the rule file of a selected rule whose fix names a template that cannot load."""
    from .templating import check_template

    for rule_id in selected:
        rule = catalog.rules[rule_id]
        fix = rule.fix or {}
        for key in ("template", "prelude"):
            name = fix.get(key)
            problem = check_template(name) if isinstance(name, str) and name.endswith(".j2") else ""
            if problem:
                raise RuleError(f"{rule.path}: fix.{key}: {problem}")


@cache
def _code_digest() -> str:
    """The engine's own code and templates, by name, size and mtime: findings cached by one version of them are
    never served to another (an upgrade, or an edited checkout, changes what a rule finds or how a fix reads)."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for root in (package, TEMPLATE_DIR):
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".j2") and path.is_file():
                stat = path.stat()
                digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


def _setup(options: ScanOptions, *, load: bool = True) -> _Setup:
    """The rules chosen (their templates checked), the files found and the cache of per-file findings; with
    `load` false, neither the check nor the cache (a kept report of an unchanged tree needs neither: the
    report was rendered only after both)."""
    catalog = load_catalog(options.rules_dir, options.cache_dir)
    selected = tuple(select_rules(catalog, options.select, options.ignore))
    if load:
        check_templates(catalog, selected)
    sources, walk_skips = discover(
        options.paths, options.root, options.exclude, options.respect_gitignore, options.skip_dirs
    )
    cache_key = hashlib.sha256(
        f"{__version__}\0{_code_digest()}\0{catalog.digest}\0{selected}\0{options.max_bytes}".encode()
    ).hexdigest()[:16]
    cache_path = _cache_file(options, cache_key)
    return _Setup(catalog, selected, sources, walk_skips, cache_path, _load_cache(cache_path) if load else {})


# -- the rendered report of an unchanged tree --------------------------------------------------------------


@dataclass(frozen=True)
class ReportMemo:
    """Where the last rendered report of a scan is kept, and the key it is valid for: the tool and its code, the
    rules chosen, the options, how the report is rendered, and every file's path, language and stat stamp (size,
    mtime, ctime, inode), so that a re-scan of a tree nothing touched writes the kept report without reading a
    file or a finding."""

    path: Path
    key: str


@dataclass(frozen=True)
class KeptReport:
    """A kept report (its UTF-8 bytes, as written to a file) and what the exit status needs from its scan."""

    data: bytes
    findings: bool  # the scan had findings
    errors: bool  # an engine finding of severity error (a file that could not be read)


def report_memo(options: ScanOptions, setup: _Setup, view: str) -> ReportMemo | None:
    """The memo of this scan's report rendered as `view` says (a format and anything else that shapes it); None
    without a cache folder."""
    if options.cache_dir is None or setup.cache_path is None:
        return None
    digest = hashlib.sha256(f"{setup.cache_path.name}\0{view}\0{options.root.resolve()}\0".encode())
    for path in options.paths:
        digest.update(f"{path}\0".encode())
    for skip in setup.walk_skips:
        digest.update(f"skip\0{skip.relpath}\0{skip.reason}\0{skip.rule}\n".encode())
    for source in setup.sources:
        digest.update(f"{source.relpath}\0{source.language}\0{_stamp(str(source.path))}\n".encode())
    name = hashlib.sha256(f"{setup.cache_path.name}\0{view}".encode()).hexdigest()[:16]
    return ReportMemo(setup.cache_path.with_name(f"report-{name}.txt"), digest.hexdigest())


def load_report(memo: ReportMemo) -> KeptReport | None:
    """The kept report when its key is this scan's, else None."""
    try:
        with memo.path.open("rb") as handle:
            head = handle.readline().rstrip(b"\n").split(b" ")
            if len(head) != 3 or head[0] != memo.key.encode():
                return None
            # Bytes as they were written: the report goes to its file without being decoded and encoded again.
            return KeptReport(handle.read(), head[1] == b"1", head[2] == b"1")
    except OSError:
        return None


def save_report(memo: ReportMemo, report: KeptReport) -> None:
    """Keep `report` under the memo's key (written whole, then moved into place)."""
    try:
        memo.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = memo.path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as handle:
            handle.write(f"{memo.key} {int(report.findings)} {int(report.errors)}\n".encode())
            handle.write(report.data)
        tmp.replace(memo.path)
    except OSError:
        pass


def _balanced_chunks(sizes: Sequence[int], jobs: int) -> list[list[int]]:
    """Task indices in chunks for `jobs` workers, the largest files first and the chunks shrinking towards the
    end (each at most CHUNK_FILES files and about 1/(8 jobs) of the bytes), so that no worker is left with a big
    file while the others have finished."""
    budget = max(1, sum(sizes) // (jobs * 8))
    chunks: list[list[int]] = []
    current: list[int] = []
    held = 0
    for index in sorted(range(len(sizes)), key=lambda i: -sizes[i]):
        if current and (held + sizes[index] > budget or len(current) >= CHUNK_FILES):
            chunks.append(current)
            current, held = [], 0
        current.append(index)
        held += sizes[index]
    if current:
        chunks.append(current)
    return chunks


def _run_chunks(
    options: ScanOptions, worker: Callable[..., list], args: tuple, tasks: Sequence, sizes: Sequence[int],
    tracker: Progress, here: Callable[..., list] | None = None,
) -> list:
    """Run `worker(*args, chunk)` over the tasks (`sizes`: each task's file size), in processes when the work is
    big enough to pay for them, else in this one through `here` when given; the results come back in the order of
    the tasks."""
    results: list = []
    jobs = _jobs(options)
    if jobs > 1 and sum(sizes) >= PARALLEL_MIN_BYTES and len(tasks) > CHUNK_FILES:
        from concurrent.futures import ProcessPoolExecutor

        placed: list = [None] * len(tasks)
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            chunks = _balanced_chunks(sizes, jobs)
            futures = [pool.submit(worker, *args, [tasks[i] for i in chunk]) for chunk in chunks]
            # The workers are started: what comes back is tens of thousands of findings, unpickled here with
            # nothing to collect.
            with paused():
                for chunk, future in zip(chunks, futures):
                    done = future.result()
                    for index, outcome in zip(chunk, done):
                        placed[index] = outcome
                    tracker.advance(len(done))
        results = placed
    else:
        for chunk in _chunks(tasks, CHUNK_FILES):
            done = (here or worker)(*args, chunk)
            results.extend(done)
            tracker.advance(len(done))
    return results


def _jobs(options: ScanOptions) -> int:
    return options.jobs or (os.cpu_count() or 1)


def _fresh_sources(found: Iterable[Source | Skipped], skips: list[Skipped]) -> Iterator[Source]:
    """The sources of a walk, each relative path once; the skips go to `skips`."""
    seen: set[str] = set()
    for item in found:
        if isinstance(item, Skipped):
            skips.append(item)
        elif item.relpath not in seen:
            seen.add(item.relpath)
            yield item


def _stream_chunks(
    head: Sequence[tuple[Source, int]], rest: Iterator[Source], tracker: Progress
) -> Iterator[list[tuple[str, str, str, str]]]:
    """The tasks of `head` and then of the rest of the walk, as it finds them, in chunks of about
    STREAM_CHUNK_BYTES (at most CHUNK_FILES files); `tracker` learns each file found."""
    chunk: list[tuple[str, str, str, str]] = []
    held = 0
    for count, (source, size) in enumerate(itertools.chain(head, ((s, _stamp(str(s.path))[0]) for s in rest)), 1):
        tracker.total = max(tracker.total, count)
        chunk.append((str(source.path), source.relpath, source.language, ""))
        held += size
        if held >= STREAM_CHUNK_BYTES or len(chunk) >= CHUNK_FILES:
            yield chunk
            chunk, held = [], 0
    if chunk:
        yield chunk


def _scan_streamed(options: ScanOptions, progress: Callable[[int, int], None] | None) -> ScanResult:
    """A scan with no cache to consult: the rules compiled, then the worker processes forked, and the files fed to
    them as the walk finds them, so that the walk, the workers' start and the scanning overlap. A tree too small
    to pay for workers is scanned in this process."""
    catalog = load_catalog(options.rules_dir, options.cache_dir)
    selected = tuple(select_rules(catalog, options.select, options.ignore))
    check_templates(catalog, selected)
    skips: list[Skipped] = []
    setup = _Setup(catalog, selected, [], skips, None, {})
    args = _rule_args(options, setup)
    tracker = Progress(total=0, callback=progress)
    found = _fresh_sources(
        walk(options.paths, options.root, options.exclude, options.respect_gitignore, options.skip_dirs), skips
    )
    head: list[tuple[Source, int]] = []
    held = 0
    for source in found:
        size = _stamp(str(source.path))[0]
        head.append((source, size))
        held += size
        if held >= PARALLEL_MIN_BYTES and len(head) > CHUNK_FILES:
            break
    outcomes: list[FileOutcome] = []
    findings: list[Finding] = []
    if held >= PARALLEL_MIN_BYTES and len(head) > CHUNK_FILES:
        import multiprocessing
        from functools import partial

        tracker.total = len(head)
        # Forked, so the workers inherit the compiled rules (their tree-sitter queries cannot be pickled).
        with multiprocessing.get_context("fork").Pool(_jobs(options)) as pool, paused():
            for done in pool.imap_unordered(partial(_scan_chunk, *args), _stream_chunks(head, found, tracker)):
                outcomes += done
                # Made here while the workers go on, not after the last of them: on a tree dense with findings,
                # a second or so that would otherwise be the scan's serial tail.
                findings.extend(Finding.from_row(row) for outcome in done for row in outcome.rows)
                tracker.advance(len(done))
    else:
        tracker.total = len(head)
        for chunk in _chunks([(str(s.path), s.relpath, s.language, "") for s, _ in head], CHUNK_FILES):
            done = _scan_here(*args, chunk)
            outcomes += done
            findings.extend(finding for outcome in done for finding in outcome.findings)
            tracker.advance(len(done))
    files = [SourceFile(o.relpath, o.language, o.lines, o.skipped) for o in outcomes]
    return _result(options, replace(setup, walk_skips=sorted(set(skips), key=lambda s: s.relpath)), findings, files)


def _skip_findings(catalog: Catalog, selected: Iterable[str], skips: Iterable[Skipped]) -> list[Finding]:
    """A finding for each skipped path whose reason names a rule (a link out of the tree)."""
    chosen = set(selected)
    return [
        _engine_finding(catalog.rules[skip.rule], skip.relpath, catalog.rules[skip.rule].message.format(problem=skip.reason))
        for skip in skips
        if skip.rule and skip.rule in chosen and skip.rule in catalog.rules
    ]


def _result(options: ScanOptions, setup: _Setup, findings: list[Finding], files: list[SourceFile]) -> ScanResult:
    findings = findings + _skip_findings(setup.catalog, setup.selected, setup.walk_skips)
    files = files + [SourceFile(skip.relpath, "", 0, skip.reason) for skip in setup.walk_skips]
    findings.sort(key=FINDING_ORDER)
    files.sort(key=lambda f: f.path)
    return ScanResult(
        root=options.root.as_posix(),
        findings=tuple(findings),
        files=tuple(files),
        rules={rule_id: setup.catalog.rules[rule_id] for rule_id in setup.selected},
        tool_version=__version__,
    )


def _rule_args(options: ScanOptions, setup: _Setup) -> tuple:
    # Compiled once here, so a broken rule is reported from the main process with its file named, and forked
    # workers inherit it.
    _worker_ruleset(str(options.rules_dir), str(options.cache_dir or ""), setup.catalog.digest, setup.selected)
    return (str(options.rules_dir), str(options.cache_dir or ""), setup.catalog.digest, setup.selected, options.max_bytes)


def prepare(options: ScanOptions) -> _Setup:
    """What a scan starts from, without the template check and the per-file cache: to look for a kept report
    before scanning."""
    return _setup(options, load=False)


def scan(
    options: ScanOptions, progress: Callable[[int, int], None] | None = None, prepared: _Setup | None = None
) -> ScanResult:
    """Scan the option's paths and return every finding, sorted, with the files considered (`prepared`: the
    setup `prepare` made, so the tree is walked once)."""
    if prepared is None and options.cache_dir is None and _jobs(options) > 1:
        return _scan_streamed(options, progress)
    if prepared is None:
        setup = _setup(options)
    else:  # `prepare` left out what only a scan needs: the template check and the per-file cache
        check_templates(prepared.catalog, prepared.selected)
        setup = replace(prepared, cached=_load_cache(prepared.cache_path))
    cached = setup.cached
    tracker = Progress(total=len(setup.sources), callback=progress)
    outcomes, tasks, sizes = _unchanged(setup.sources, cached, options.max_bytes)
    tracker.advance(len(outcomes))
    if tasks:  # a scan that finds every file in its cache never compiles the rules
        outcomes += _run_chunks(options, _scan_chunk, _rule_args(options, setup), tasks, sizes, tracker, _scan_here)
    findings: list[Finding] = []
    files: list[SourceFile] = []
    new_cache: dict[str, tuple] = {}
    for outcome in outcomes:
        rows = cached[outcome.relpath][2] if outcome.cached else outcome.rows  # a worker sends rows alone
        if outcome.findings:  # scanned in this process (_scan_here): rows only for the cache
            findings.extend(outcome.findings)
            rows = tuple(f.as_row() for f in outcome.findings) if setup.cache_path is not None else ()
        else:
            findings.extend(Finding.from_row(row) for row in rows)
        if outcome.digest and setup.cache_path is not None:  # without a cache, the rows are not kept twice
            new_cache[outcome.relpath] = (outcome.digest, outcome.lines, rows, *outcome.stamp)
        files.append(SourceFile(outcome.relpath, outcome.language, outcome.lines, outcome.skipped))
    if any(not outcome.cached for outcome in outcomes) or new_cache.keys() != cached.keys():
        _save_cache(setup.cache_path, new_cache)
    return _result(options, setup, findings, files)


# -- apply: plan every file from the bytes it rewrites, then write ------------------------------------------


@dataclass(frozen=True)
class PlannedFile:
    """One file's outcome in an apply run: its findings, its plan (None when it has no bytes), a failure trace."""

    outcome: FileOutcome
    plan: FilePlan | None
    trace: str = ""


def plan_source(
    ruleset: Ruleset, relpath: str, language: str, data: bytes, *, unsafe: bool = False, markers: bool = True,
    cached: tuple | None = None,
) -> PlannedFile:
    """Scan and plan one file from exactly `data`: findings come from the cache only when its digest is these
    bytes'; the migrated bytes (their edits, without the marker comments) must parse with no more error nodes than
    the original, else the file is refused."""
    from .rewrite import plan_file

    rules = ruleset.catalog.rules
    digest = _digest(data)
    lines = _count_lines(data)
    view = decode_view(data)
    try:
        if cached is not None and cached[0] == digest and not view.transcoded:
            findings, errors = [Finding.from_row(row) for row in cached[2]], None
        else:
            findings, errors = scan_view(ruleset, relpath, language, view)
        plan = plan_file(relpath, language, view.data, findings, rules, unsafe=unsafe, markers=markers)
        if plan.changed:
            if errors is None:
                errors = count_syntax_errors(ruleset, language, view.data)
            after = count_syntax_errors(ruleset, language, plan.migrated)
            if after > errors and markers:
                # Markers are whole comment lines, never inside a continued line, so they cannot change what the
                # code means; but between statement macros written without a semicolon (CHECK(call) on its own
                # line) they move where the parser's error recovery resynchronises. The edits are judged without
                # them.
                bare = plan_file(relpath, language, view.data, findings, rules, unsafe=unsafe, markers=False)
                after = count_syntax_errors(ruleset, language, bare.migrated)
            if after > errors:
                plan = replace(plan, migrated=plan.original, refused=(
                    f"the migrated file would not parse ({after} syntax error{'s' if after != 1 else ''} "
                    f"where the original has {errors}); it is left untouched"))
            else:
                try:
                    plan = replace(plan, migrated=view.restore(plan.migrated))
                except UntranscodableError as exc:
                    plan = replace(plan, migrated=plan.original, refused=(
                        f"{exc}; it is left untouched (save it as UTF-8 to migrate it)"))
        plan = replace(plan, original=data, migrated=data if not plan.changed or plan.refused else plan.migrated)
    except Exception as exc:  # a bug on one file must not stop the run: it becomes that file's finding
        finding, trace = describe_failure(rules, relpath, exc)
        outcome = FileOutcome(relpath, language, digest, lines, (finding,))
        return PlannedFile(outcome, FilePlan(relpath, data, data, refused=finding.message), trace)
    return PlannedFile(FileOutcome(relpath, language, digest, lines, tuple(findings)), plan)


def _plan_chunk(
    rules_dir: str, cache_dir: str, digest: str, selected: tuple[str, ...], max_bytes: int, unsafe: bool,
    markers: bool, tasks: Sequence[tuple[str, str, str, tuple | None]],
) -> list[PlannedFile]:
    ruleset = _worker_ruleset(rules_dir, cache_dir, digest, selected)
    planned = []
    for path, relpath, language, cached in tasks:
        content = read(Path(path), max_bytes)
        if content.kind:
            planned.append(PlannedFile(_unreadable(ruleset.catalog.rules, ruleset.selected, relpath, language, content), None))
            continue
        planned.append(plan_source(ruleset, relpath, language, content.data, unsafe=unsafe, markers=markers, cached=cached))
    return planned


@dataclass(frozen=True)
class ApplyOptions:
    """How apply plans and where it writes: fix safety, markers, the tile step, and write, diff/check or copy."""

    unsafe: bool = False
    markers: bool = True
    tile: bool = False
    write: bool = True
    out_dir: Path | None = None


@dataclass(frozen=True)
class Output:
    """One file the run writes, relative to the root (or the output folder), and what it must hold until then."""

    relpath: str
    data: bytes
    expected: bytes | None  # the bytes it was planned from; None for a file the run creates
    path: Path  # where it is: `relpath` is how reports name it, which for a non-UTF-8 name is not the name


@dataclass(frozen=True)
class Migration:
    """A whole apply run planned in memory: findings, every file's plan, the tile step, and what to write."""

    result: ScanResult
    plans: tuple[FilePlan, ...]
    outputs: tuple[Output, ...]
    tile_files: tuple[str, ...] = ()
    tile_notes: tuple = ()
    traces: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ApplyReport:
    """What an apply run did: its plan, the files written, and each file it could not write or copy, and why."""

    migration: Migration
    written: tuple[str, ...] = ()
    failures: tuple[tuple[str, str], ...] = ()
    removed_temporaries: int = 0
    left_out: tuple[tuple[str, str], ...] = ()  # links the copy for --out-dir leaves out on purpose


class ApplyError(Exception):
    """An apply run that cannot start (an output folder that is the tree itself, a tree another run holds)."""


def plan_apply(options: ScanOptions, apply: ApplyOptions, progress: Callable[[int, int], None] | None = None) -> Migration:
    """Plan every file (C/C++/CUDA, Python, build files, and with `tile` the tile modules) without writing."""
    setup = _setup(options)
    tracker = Progress(total=len(setup.sources), callback=progress)
    tasks = [(str(s.path), s.relpath, s.language, setup.cached.get(s.relpath)) for s in setup.sources]
    sizes = [_stamp(str(s.path))[0] for s in setup.sources]
    args = (*_rule_args(options, setup), apply.unsafe, apply.markers) if tasks else ()
    planned: list[PlannedFile] = _run_chunks(options, _plan_chunk, args, tasks, sizes, tracker) if tasks else []
    plans = {p.plan.relpath: p.plan for p in planned if p.plan is not None}
    findings = [f for p in planned for f in p.outcome.findings]
    files = [SourceFile(p.outcome.relpath, p.outcome.language, p.outcome.lines, p.outcome.skipped) for p in planned]
    traces = {p.outcome.relpath: p.trace for p in planned if p.trace}
    where = {s.relpath: s.path for s in setup.sources}
    outputs = {
        relpath: Output(relpath, plan.migrated, plan.original, where[relpath])
        for relpath, plan in plans.items()
        if plan.changed and not plan.refused
    }
    tile_files: list[str] = []
    notes: tuple = ()
    if apply.tile:
        from .tiling import plan_tile

        tile = plan_tile(options, apply, plans, setup.catalog.rules)
        for relpath, (finding, trace) in tile.failures.items():
            findings.append(finding)
            traces[relpath] = trace
            outputs.pop(relpath, None)
            if relpath in plans:
                plans[relpath] = replace(plans[relpath], migrated=plans[relpath].original, refused=finding.message)
        for relpath, (data, expected) in tile.outputs.items():
            if relpath in plans and plans[relpath].refused:
                continue  # a file apply refused stays as it is, whatever the tile step would make of it
            if data == expected:
                continue  # already what the tile step writes: a second run changes nothing
            outputs[relpath] = Output(relpath, data, expected, where.get(relpath, options.root / relpath))
            tile_files.append(relpath)
        notes = tile.notes
    return Migration(
        result=_result(options, setup, findings, files),
        plans=tuple(plans[k] for k in sorted(plans)),
        outputs=tuple(outputs[k] for k in sorted(outputs)),
        tile_files=tuple(sorted(tile_files)),
        tile_notes=notes,
        traces=traces,
    )


def plan_migration(
    options: ScanOptions, *, unsafe: bool = False, markers: bool = True
) -> tuple[ScanResult, list[FilePlan]]:
    """Every file's findings and migrated bytes, planned from one read of each file, without writing anything."""
    migration = plan_apply(options, ApplyOptions(unsafe=unsafe, markers=markers, write=False))
    return migration.result, list(migration.plans)


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _out_targets(options: ScanOptions, out: Path) -> list[tuple[Path, Path]]:
    """Each given folder and its copy under `out`; raises ApplyError for paths the copy cannot hold."""
    root = options.root.resolve()
    pairs = []
    for given in options.paths:
        real = given.resolve()
        if not _within(real, root):
            raise ApplyError(f"{given}: outside the root {root}; with --out-dir, pass --root a folder holding every path")
        target = out / real.relative_to(root)
        if _within(real, target):
            raise ApplyError(f"{out}: the output folder would hold the copy of {given} over {given} itself")
        pairs.append((real, target))
    return pairs


def apply_migration(
    options: ScanOptions, apply: ApplyOptions, progress: Callable[[int, int], None] | None = None
) -> ApplyReport:
    """Plan the whole run in memory, then write: in place, or into a copy of the tree under `out_dir`.

    Nothing is written until every file is planned. Each write re-reads its target and renames a finished
    temporary over it only if the target still holds the planned-from bytes; a file that cannot be written is
    reported and the run goes on. While it writes, the run holds a lock on the folder it writes into, so a second
    run on the same tree stops at once; it first removes the temporaries an interrupted run left there."""
    if not apply.write:
        return ApplyReport(plan_apply(options, apply, progress))
    out = apply.out_dir.resolve() if apply.out_dir is not None else None
    pairs = _out_targets(options, out) if out is not None else []
    if out is not None:
        options = replace(options, skip_dirs=(*options.skip_dirs, out))
        out.mkdir(parents=True, exist_ok=True)
    from .writeplan import TreeLockedError, copy_tree, lock_tree, remove_stale_temporaries

    base = out if out is not None else options.root.resolve()
    try:
        with lock_tree(base):
            removed = remove_stale_temporaries([out] if out is not None else list(options.paths))
            migration = plan_apply(options, apply, progress)
            problems = []
            for source, target in pairs:
                if source.is_dir():
                    prefix = source.relative_to(options.root.resolve()).as_posix()
                    problems += [
                        (f"{prefix}/{p.relpath}" if prefix != "." else p.relpath, p.problem, p.error)
                        for p in copy_tree(source, target, skip=[out])
                    ]
            written, write_failures = _write_outputs(migration.outputs, options.root.resolve(), out)
    except TreeLockedError as exc:
        raise ApplyError(str(exc)) from None
    failures = tuple((rel, problem) for rel, problem, error in problems if error) + tuple(write_failures)
    left_out = tuple((rel, problem) for rel, problem, error in problems if not error)
    return ApplyReport(migration, written, failures, len(removed), left_out)


def _write_outputs(
    outputs: Sequence[Output], root: Path, out: Path | None
) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    """Write each output in place (checked against the bytes it was planned from) or to its place under `out`."""
    from .writeplan import StaleFileError, write_checked

    written: list[str] = []
    failures: list[tuple[str, str]] = []
    for output in outputs:
        target = output.path
        if out is not None:
            target = out / (target.parent.resolve() / target.name).relative_to(root)
        try:
            write_checked(target, output.data, output.expected if out is None else None)
        except StaleFileError as exc:
            failures.append((output.relpath, str(exc)))
        except OSError as exc:
            failures.append((output.relpath, f"cannot write: {exc.strerror or exc}"))
        else:
            written.append(output.relpath)
    return tuple(written), failures
