"""The `migrate verify` subcommand: its arguments and its run over the cases."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .spec import SpecError


def add_verify_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add `verify` to the command line's subcommands."""
    verify = commands.add_parser(
        "verify",
        help="check that migrated programs compute the same numbers as the originals",
        description="Build and run the migrated program of each case on every backend present and compare its "
        "outputs with the goldens recorded from the original (and, on a GPU, with the original itself). "
        "Exit 0: all pass; 1: a mismatch; 2: a case could not build or run.",
    )
    add_arguments(verify)
    return verify


def add_arguments(verify: argparse.ArgumentParser) -> None:
    """The options of `migrate verify` (shared with `python -m migrate.verify`)."""
    verify.add_argument(
        "cases", nargs="+", type=Path, help="case folders (holding verify.toml) or trees of them"
    )
    verify.add_argument(
        "--record",
        action="store_true",
        help="run the originals (on an NVIDIA GPU) and store their outputs as goldens",
    )
    verify.add_argument(
        "--kernels",
        choices=("auto", "always", "never"),
        default="auto",
        help="kernel record-and-replay: replay on a mismatch (auto), every time, or never; "
        "with --record, never skips tracing the original's launches",
    )
    verify.add_argument("--format", "-f", choices=("text", "json"), default="text")
    verify.add_argument("--output", "-o", type=Path, help="write the report to this file instead of stdout")
    verify.add_argument("--jobs", "-j", type=int, default=1, help="cases run at the same time (default 1)")
    verify.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="build and run in DIR and leave it there (default: a temporary folder)",
    )


def run_verify(args: argparse.Namespace) -> int:
    """Record or verify every case named; returns the exit code the report implies."""
    from .parity import record_case, verify_case
    from .report import EXIT_BROKEN, exit_code, render_json, render_table
    from .spec import find_cases, load_case
    from .toolchain import detect

    try:
        cases = [load_case(folder) for folder in find_cases(list(args.cases))]
    except SpecError as exc:
        sys.stderr.write(f"migrate: error: {exc}\n")
        return EXIT_BROKEN
    if not cases:
        sys.stderr.write("migrate: error: no verify.toml under the given paths\n")
        return EXIT_BROKEN
    toolchain = detect()
    command = "migrate verify --record " + " ".join(shlex.quote(_shown(p)) for p in args.cases)
    with tempfile.TemporaryDirectory(prefix="migrate-verify-") as temporary:
        scratch = (args.keep or Path(temporary)).resolve()
        scratch.mkdir(parents=True, exist_ok=True)

        def one(case):
            sys.stderr.write(f"{'recording' if args.record else 'verifying'} {case.name}\n")
            if args.record:
                return record_case(case, toolchain, scratch, command, kernels=args.kernels != "never")
            return verify_case(case, toolchain, scratch, kernels=args.kernels)

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            reports = list(pool.map(one, cases))  # in the order given, whatever order they finish in
    if args.format == "json":
        text = render_json(reports)
        if args.output:
            args.output.write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
    elif args.output:
        with args.output.open("w", encoding="utf-8") as stream:
            render_table(reports, stream, color=False)
    else:
        render_table(reports, sys.stdout, color=sys.stdout.isatty() and "NO_COLOR" not in os.environ)
    return exit_code(reports)


def _shown(path: Path) -> str:
    """A path as the report shows it: relative to the working folder when it lies inside it."""
    try:
        return path.resolve().relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()
