"""The `migrate` command line: argument parsing, exit codes, and where output and progress go."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .verify.command import add_verify_parser, run_verify

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class UsageError(Exception):
    """A user error: printed as one line on stderr, exit code 2, no traceback."""


def _default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "migrate"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="migrate",
        description="Find CUDA-specific code, rewrite it onto portable code, and check that the numbers still match.",
    )
    parser.add_argument("--version", action="version", version=f"migrate {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    scan = commands.add_parser(
        "scan",
        help="report every CUDA-specific construct in files or trees",
        usage="migrate scan [options] [PATH ...] [-- COMPILER-FLAGS for libclang]",
    )
    scan.add_argument("paths", nargs="*", type=Path, help="files or folders (default: the current folder)")
    scan.add_argument("--format", "-f", default=None, help="text, json, sarif, github, markdown or html")
    scan.add_argument("--output", "-o", type=Path, help="write the report to this file instead of stdout")
    _add_selection(scan)
    scan.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    scan.add_argument("--compile-commands", type=Path, help="compile_commands.json: add libclang's findings")
    scan.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    known = scan.add_mutually_exclusive_group()
    known.add_argument("--baseline", type=Path, metavar="FILE", help="report only findings the baseline lacks")
    known.add_argument("--write-baseline", type=Path, metavar="FILE", help="record every finding here; exit 0")
    scan.add_argument("--since", metavar="REV", help="report only findings on lines changed since this git revision")

    apply = commands.add_parser("apply", help="rewrite CUDA-specific code onto portable code")
    apply.add_argument("paths", nargs="+", type=Path, help="files or folders to migrate")
    mode = apply.add_mutually_exclusive_group()
    mode.add_argument("--diff", action="store_true", help="print a unified diff; write nothing")
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 if anything would change")
    mode.add_argument("--out-dir", type=Path, help="write a migrated copy of the tree here; leave the original")
    apply.add_argument("--unsafe-fixes", action="store_true", help="also apply fixes that may change behaviour")
    apply.add_argument("--no-markers", action="store_true", help="no `migrate: manual[...]` comments")
    apply.add_argument("--tile", action="store_true",
                       help="also rewrite kernels as Triton kernels (extensions, CuPy, Numba): new modules beside them")
    apply.add_argument("--verbose", "-v", action="store_true",
                       help="print each fix made, and where migrate failed on a file")
    _add_selection(apply)

    rules = commands.add_parser("rules", help="list the rules")
    rules.add_argument("--family", action="append", default=[], help="only these families")
    rules.add_argument("--format", choices=("text", "json"), default="text")

    explain = commands.add_parser("explain", help="what a rule finds, why, and what replaces it")
    explain.add_argument("rule", help="rule id")

    runtime = commands.add_parser("runtime", help="where the portable runtime is, and how to build against it")
    group = runtime.add_mutually_exclusive_group(required=True)
    group.add_argument("--include-dir", action="store_true", help="print the runtime's include folder")
    group.add_argument("--cmake-dir", action="store_true", help="print the folder holding prtConfig.cmake")
    group.add_argument("--cflags", action="store_true", help="compiler flags for the CPU backend")
    group.add_argument("--libs", action="store_true", help="linker flags for the CPU backend")
    add_verify_parser(commands)
    tile = commands.add_parser("tile", help="rewrite SIMT kernels as Triton kernels (tile DSL)")
    tile.add_argument("paths", nargs="+", type=Path, help="CUDA sources, Python programs, or folders of them")
    tile.add_argument("--out-dir", type=Path, required=True,
                      help="where the new modules and rewritten sources go (paths relative to each given path)")
    return parser


def _tile(args: argparse.Namespace) -> int:
    # Imported here: the tile package brings in the kernel lowering and its printers, which no other command needs.
    from .tile.command import run_tile

    return run_tile(args)


def _add_selection(command: argparse.ArgumentParser) -> None:
    """The options scan and apply share: which rules, which files, settings, cache and workers."""
    command.add_argument("--select", action="append", default=[], help="rule ids or families (comma-separated)")
    command.add_argument("--ignore", action="append", default=[], help="rule ids or families to leave out")
    command.add_argument("--exclude", action="append", default=[], help="glob of paths to skip")
    command.add_argument("--root", type=Path, help="folder that reported paths are relative to (default: cwd)")
    command.add_argument("--config", type=Path, help="settings file (default: nearest migrate.toml or pyproject.toml)")
    command.add_argument("--no-gitignore", action="store_true", help="include files that .gitignore excludes")
    command.add_argument("--no-cache", action="store_true", help="do not read or write the content-hash cache")
    command.add_argument("--cache-dir", type=Path, help="where the cache lives (default: ~/.cache/migrate)")
    command.add_argument("--jobs", "-j", type=int, default=0, help="worker processes (default: one per core)")


def _split(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


def _progress_callback(enabled: bool):
    if not enabled or not sys.stderr.isatty():
        return None, None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn("scanning"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=Console(stderr=True), transient=True,
    )
    task = bar.add_task("scan", total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    return bar, update


def _options(args: argparse.Namespace, paths: list[Path]):
    """ScanOptions from the command line, with the settings file filling what the flags leave out."""
    from .config import load_settings
    from .engine import ScanOptions

    root = (args.root or Path.cwd()).resolve()
    missing = [p for p in paths if not p.exists() and not p.is_symlink()]
    if missing:
        raise UsageError(f"{missing[0]}: no such file or directory")
    settings = load_settings(paths[0].resolve(), args.config)
    options = ScanOptions(
        paths=tuple(p if p.is_absolute() else (Path.cwd() / p) for p in paths),
        root=root,
        select=_split(args.select) or tuple(settings.get("select", [])),
        ignore=_split(args.ignore) + tuple(settings.get("ignore", [])),
        exclude=tuple(args.exclude) + tuple(settings.get("exclude", [])),
        max_bytes=settings.get("max-file-size", 10 * 1024 * 1024),
        cache_dir=None if args.no_cache else (args.cache_dir or _default_cache_dir()),
        jobs=args.jobs,
        respect_gitignore=not args.no_gitignore and settings.get("respect-gitignore", True),
    )
    return options, settings


def _scan(args: argparse.Namespace) -> int:
    from .collector import paused

    # A scan makes a finding per CUDA construct (165,000 in a dense tree of 200,000 lines), none of them in a cycle.
    # With the collector running, each step between the scan and the written report (the sort, the renderer's
    # data, the writing) set off collections that walked them all and freed nothing: half a CPU second of the
    # serial end of a -j 2 scan of that tree, and 0.7 s at -j 1. It waits until the report is written, when the
    # findings are already freed; forked workers inherit it paused, and what they make goes back to this process.
    # The libclang frontend is left with it running: a translation unit a cycle held would keep its memory.
    if args.compile_commands or args.clang_flags:
        return _scan_report(args)
    with paused():
        return _scan_report(args)


def _scan_report(args: argparse.Namespace) -> int:
    from .engine import KeptReport, load_report, prepare, report_memo, save_report, scan
    from .report import FORMATS, render_bytes

    options, settings = _options(args, list(args.paths) or [Path(".")])
    fmt = args.format or settings.get("format", "text")
    if fmt not in FORMATS:
        raise UsageError(f"--format {fmt!r} is not one of {', '.join(FORMATS)}")
    if args.write_baseline and args.since:
        raise UsageError("--write-baseline records every finding; it does not combine with --since")
    only_new = _only_new(options, args.baseline, args.since)  # a bad baseline or REV fails before the scan
    to_terminal = args.output is None and sys.stdout.isatty()
    color = to_terminal and fmt == "text" and "NO_COLOR" not in os.environ
    flags = list(args.clang_flags)
    # A tree nothing touched since the last scan gets that scan's report back as it was rendered; a scan whose
    # output also depends on a compiler, a baseline or git is not kept.
    keep = not (args.compile_commands or flags or args.write_baseline or args.baseline or args.since)
    # Without a cache there is no kept report to look for: the scan walks the tree itself, while its workers run.
    prepared = prepare(options) if options.cache_dir is not None else None
    memo = report_memo(options, prepared, f"{fmt}\0{color}") if keep and prepared is not None else None
    kept = load_report(memo) if memo is not None else None
    if kept is None:
        bar, update = _progress_callback(not args.no_progress)
        if bar is not None:
            bar.start()
        try:
            result = scan(options, progress=update, prepared=prepared)
        finally:
            if bar is not None:
                bar.stop()
        if args.compile_commands or flags:
            result = _with_semantic(result, options, args.compile_commands, flags)
        if args.write_baseline:
            return _write_baseline(args.write_baseline, result)
        result = only_new(result)
        errors = any(f.origin == "engine" and f.severity == "error" for f in result.findings)
        kept = KeptReport(render_bytes(result, fmt, color=color), bool(result.findings), errors)
        if memo is not None:
            save_report(memo, kept)
    if args.output:
        _write_report(args.output, kept.data)
    else:
        sys.stdout.write(kept.data.decode("utf-8"))
    if kept.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if kept.findings and not args.exit_zero else EXIT_CLEAN


def _write_baseline(path: Path, result) -> int:
    """Record every finding of the scan in a baseline file; the count goes to stderr."""
    from .baseline import BaselineError, write_baseline

    try:
        count = write_baseline(path, result.findings)
    except BaselineError as exc:
        raise UsageError(str(exc)) from None
    sys.stderr.write(f"wrote {count} findings to the baseline {path}\n")
    return EXIT_CLEAN


def _only_new(options, baseline: Path | None, since: str | None):
    """A filter keeping findings the baseline lacks and, with --since, those on lines changed since REV."""
    from .baseline import BaselineError, read_baseline, subtract_baseline
    from .changes import ChangesError, changes_since, restrict_to_changes

    try:
        recorded = read_baseline(baseline) if baseline is not None else None
        if since is not None:
            first = options.paths[0]
            changes = changes_since(since, first if first.is_dir() else first.parent)
    except (BaselineError, ChangesError) as exc:
        raise UsageError(str(exc)) from None

    def keep_new(result):
        if recorded is not None:
            result = subtract_baseline(result, recorded)
        if since is not None:
            result = restrict_to_changes(result, changes, options.root)
        return result

    return keep_new


def _apply(args: argparse.Namespace) -> int:
    """Plan and write through the engine; print the outcome: one line per run, and per file not migrated."""
    from .engine import ApplyError, ApplyOptions, apply_migration
    from .report import format_finding
    from .rewrite import unified_diff

    options, _ = _options(args, list(args.paths))
    dry = args.diff or args.check
    apply = ApplyOptions(unsafe=args.unsafe_fixes, markers=not args.no_markers, tile=args.tile, write=not dry,
                         out_dir=args.out_dir)
    try:
        report = apply_migration(options, apply)
    except ApplyError as exc:
        raise UsageError(str(exc)) from None
    migration = report.migration
    changed = [plan for plan in migration.plans if plan.changed and not plan.refused]
    problems = [f for f in migration.result.findings if f.origin == "engine" and f.severity == "error"]
    for finding in problems:
        sys.stderr.write(f"{finding.path}: not migrated: {finding.message}\n")
        if args.verbose and finding.path in migration.traces:
            sys.stderr.write(migration.traces[finding.path])
    reported = {f.path for f in problems}
    for plan in migration.plans:
        if plan.refused and plan.relpath not in reported:
            sys.stderr.write(f"{plan.relpath}: not migrated: {plan.refused}\n")
    for finding in migration.result.findings:
        if finding.rule_id == "symlink-skipped" and not args.out_dir:
            sys.stderr.write(f"{finding.path}: left alone: {finding.message}\n")
    for relpath, problem in report.left_out + report.failures:
        sys.stderr.write(f"{relpath}: {problem}\n")
    if args.diff:
        for plan in changed:
            sys.stdout.write(unified_diff(plan))
    elif args.check:
        for plan in changed:
            sys.stdout.write(f"{plan.relpath}: would be migrated ({len(plan.applied)} fixes)\n")
    elif args.verbose:
        written = set(report.written)
        for plan in changed:
            if plan.relpath in written:
                for finding in plan.applied:
                    sys.stdout.write(f"fixed: {format_finding(finding)}\n")
    for relpath in migration.tile_files:
        if dry or relpath in report.written:
            sys.stdout.write(f"{'would write' if dry else 'tile'}: {relpath}\n")
    for note in migration.tile_notes:
        sys.stdout.write(f"{note.path}:{note.line}: note[{note.rule}] {note.message}\n")
    sys.stderr.write(_summary(report, changed, dry) + "\n")
    if problems or report.failures or any(plan.refused for plan in migration.plans):
        return EXIT_ERROR
    if dry:
        return EXIT_FINDINGS if changed or migration.tile_files else EXIT_CLEAN
    return EXIT_CLEAN


def _summary(report, changed: list, dry: bool) -> str:
    """The closing line of an apply run."""
    migration = report.migration
    edits = sum(len(plan.applied) for plan in changed)
    markers = sum(len(plan.marked) for plan in changed)
    refused = sum(1 for plan in migration.plans if plan.refused)
    written = set(report.written)
    count = len(changed) if dry else sum(1 for plan in changed if plan.relpath in written)
    line = (f"{'would change' if dry else 'changed'} {count} of {len(migration.plans)} files: {edits} fixes, "
            f"{markers} manual markers")
    if migration.tile_files:
        line += f", {len(migration.tile_files)} tile files"
    if refused or report.failures:
        line += f"; {refused + len(report.failures)} not migrated (see above)"
    if report.removed_temporaries:
        line += f"; removed {report.removed_temporaries} temporary files an interrupted run left"
    return line


def _write_report(path: Path, report: bytes) -> None:
    """Write a report's UTF-8 bytes, its newlines the platform's as a text file's are."""
    try:
        path.write_bytes(report if os.linesep == "\n" else report.replace(b"\n", os.linesep.encode()))
    except OSError as exc:
        raise UsageError(f"{path}: cannot write the report: {exc.strerror}") from None


def _with_semantic(result, options, compile_commands: Path | None, flags: list[str]):
    """Add the libclang frontend's findings to a tree-sitter scan, dropping those it already has."""
    from dataclasses import replace

    from . import semantic
    from .rules import load_catalog

    catalog = load_catalog(options.rules_dir, options.cache_dir)
    if compile_commands is not None:
        if not compile_commands.is_file():
            raise UsageError(f"{compile_commands}: no such compilation database")
        per_file = semantic.load_compile_commands(compile_commands)
        files = [(path, _relative(path, options.root)) for path in sorted(per_file)]
        extra = semantic.semantic_findings(files, per_file, catalog)
    else:
        files = [
            (options.root / f.path, f.path) for f in result.files if f.language == "cuda" and not f.skipped
        ]
        extra = semantic.semantic_findings(files, flags, catalog)
    seen = {(f.path, f.line, f.column, f.rule_id) for f in result.findings}
    added = [f for f in extra if (f.path, f.line, f.column, f.rule_id) not in seen and f.rule_id in result.rules]
    findings = tuple(sorted(result.findings + tuple(added), key=lambda f: f.sort_key))
    return replace(result, findings=findings)


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _rules(args: argparse.Namespace) -> int:
    import json

    from .rules import load_catalog

    catalog = load_catalog()
    chosen = [r for r in sorted(catalog.rules.values(), key=lambda r: (r.family, r.id))]
    if args.family:
        families = set(_split(args.family))
        unknown = families - {r.family for r in chosen}
        if unknown:
            raise UsageError(f"--family {sorted(unknown)[0]!r} is not a rule family; known: "
                             f"{', '.join(sorted({r.family for r in chosen}))}")
        chosen = [r for r in chosen if r.family in families]
    if args.format == "json":
        rows = [
            {"id": r.id, "family": r.family, "severity": r.severity, "safety": r.safety, "effort": r.effort,
             "summary": r.summary}
            for r in chosen
        ]
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        return EXIT_CLEAN
    width = max(len(r.id) for r in chosen) if chosen else 0
    for rule in chosen:
        sys.stdout.write(f"{rule.id:<{width}}  {rule.family:<8}  {rule.safety:<6}  {rule.summary}\n")
    return EXIT_CLEAN


def _explain(args: argparse.Namespace) -> int:
    from .explain import explain_rule
    from .rules import load_catalog

    catalog = load_catalog()
    if args.rule not in catalog.rules and args.rule not in catalog.aliases:
        raise UsageError(f"no rule {args.rule!r}; `migrate rules` lists them")
    sys.stdout.write(explain_rule(catalog.rule(args.rule), catalog))
    return EXIT_CLEAN


def _runtime(args: argparse.Namespace) -> int:
    from . import runtime_info

    if args.include_dir:
        value = str(runtime_info.include_dir())
    elif args.cmake_dir:
        value = str(runtime_info.cmake_dir())
    elif args.cflags:
        value = runtime_info.cflags()
    else:
        value = runtime_info.libs()
    sys.stdout.write(value + "\n")
    return EXIT_CLEAN


def main(argv: Sequence[str] | None = None) -> int:
    from .config import ConfigError
    from .engine import SelectionError
    from .rules import RuleError

    parser = _parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    clang_flags: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, clang_flags = argv[:cut], argv[cut + 1 :]
    args = parser.parse_args(argv)
    args.clang_flags = clang_flags
    handlers = {"scan": _scan, "apply": _apply, "rules": _rules, "explain": _explain, "runtime": _runtime,
                "verify": run_verify, "tile": _tile}
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    try:
        return handlers[args.command](args)
    except (UsageError, ConfigError, SelectionError, RuleError, ValueError) as exc:
        sys.stderr.write(f"migrate: error: {exc}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        sys.stderr.write("migrate: interrupted\n")
        return 130
    except BrokenPipeError:
        return EXIT_CLEAN


if __name__ == "__main__":
    sys.exit(main())
