"""The `migrate verify` subcommand: its arguments and its run over the cases."""

from __future__ import annotations

import argparse
import dataclasses
import io
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
        "cases",
        nargs="+",
        type=Path,
        help="case folders (holding verify.toml) or trees of them; with --init, program folders",
    )
    verify.add_argument(
        "--init",
        action="store_true",
        help="write a commented verify.toml into each program folder from its Makefile or CMakeLists.txt and its "
        "migrated copy (PATH/migrated), for review",
    )
    verify.add_argument(
        "--args",
        metavar="ARGS",
        help="with --init: the program's arguments (default: those of its Makefile's run target)",
    )
    verify.add_argument("--force", action="store_true", help="with --init: replace an existing verify.toml")
    verify.add_argument(
        "--record",
        action="store_true",
        help="run the originals (on an NVIDIA GPU) and store their outputs as goldens",
    )
    verify.add_argument(
        "--record-side",
        choices=("original", "migrated"),
        default=None,
        help="record the goldens from this side (implies --record); migrated records the migrated program on "
        "its first backend present (the CPU), as a reference for later changes to it",
    )
    verify.add_argument(
        "--profile",
        action="store_true",
        help="time every kernel launch of the original (on a GPU) and of the migrated program on each backend "
        "present, and print launches, total and median time per kernel and the migrated/original ratio",
    )
    verify.add_argument(
        "--backend",
        action="append",
        choices=("cpu", "cuda", "hip"),
        help="run the migrated program on this backend only (repeatable; default: every backend present)",
    )
    verify.add_argument(
        "--kernels",
        choices=("auto", "always", "never"),
        default="auto",
        help="kernel record-and-replay: replay on a mismatch or when the only outputs are verdicts (auto), every "
        "time, or never; with --record, never skips tracing the original's launches",
    )
    verify.add_argument(
        "--timeout",
        type=float,
        metavar="S",
        help="seconds each build-and-run may take, instead of the spec's timeout",
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


def _init(args: argparse.Namespace) -> int:
    from .scaffold import init_case

    try:
        program_args = shlex.split(args.args) if args.args is not None else None
        for folder in args.cases:
            spec = init_case(folder, program_args, force=args.force)
            sys.stdout.write(
                f"wrote {_shown(spec)}: review it, then run: migrate verify {_shown(spec.parent)}\n"
            )
    except (SpecError, ValueError) as exc:
        sys.stderr.write(f"migrate: error: {exc}\n")
        return 2
    return 0


def _write(args: argparse.Namespace, text: str) -> None:
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


def run_verify(args: argparse.Namespace) -> int:
    """Write specs (--init), record, profile or verify every case named; returns the exit code."""
    from .parity import record_case, verify_case
    from .report import EXIT_BROKEN, exit_code, render_json, render_table
    from .spec import find_cases, load_case
    from .toolchain import detect

    if args.init:
        return _init(args)
    if args.args is not None or args.force:
        sys.stderr.write("migrate: error: --args and --force apply to --init only\n")
        return EXIT_BROKEN
    record = args.record or args.record_side is not None

    try:
        cases = [load_case(folder) for folder in find_cases(list(args.cases))]
        if args.timeout is not None:
            cases = [dataclasses.replace(case, timeout=max(1, int(args.timeout))) for case in cases]
    except SpecError as exc:
        sys.stderr.write(f"migrate: error: {exc}\n")
        return EXIT_BROKEN
    if not cases:
        sys.stderr.write("migrate: error: no verify.toml under the given paths\n")
        return EXIT_BROKEN
    toolchain = detect()
    side = args.record_side or "original"
    command = "migrate verify --record " + ("--record-side migrated " if side == "migrated" else "")
    command += " ".join(shlex.quote(_shown(p)) for p in args.cases)
    if args.profile:
        return _profile(args, cases, toolchain)
    with tempfile.TemporaryDirectory(prefix="migrate-verify-") as temporary:
        scratch = (args.keep or Path(temporary)).resolve()
        scratch.mkdir(parents=True, exist_ok=True)

        def one(case):
            sys.stderr.write(f"{'recording' if record else 'verifying'} {case.name}\n")
            if record:
                return record_case(
                    case, toolchain, scratch, command, kernels=args.kernels != "never", side_name=side
                )
            return verify_case(case, toolchain, scratch, kernels=args.kernels, backends=args.backend)

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


def _profile(args: argparse.Namespace, cases: list, toolchain) -> int:
    from .profile import exit_code, profile_case, render_json, render_table

    with tempfile.TemporaryDirectory(prefix="migrate-profile-") as temporary:
        scratch = (args.keep or Path(temporary)).resolve()
        scratch.mkdir(parents=True, exist_ok=True)
        profiles = []
        for case in cases:  # one at a time: runs timed side by side would slow each other down
            sys.stderr.write(f"profiling {case.name}\n")
            profiles.append(profile_case(case, toolchain, scratch, args.backend))
    if args.format == "json":
        _write(args, render_json(profiles))
    else:
        stream = io.StringIO()
        render_table(profiles, stream)
        _write(args, stream.getvalue())
    return exit_code(profiles)


def _shown(path: Path) -> str:
    """A path as the report shows it: relative to the working folder when it lies inside it."""
    try:
        return path.resolve().relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()
