"""Fuzzed inputs through scan and apply: no exception, exit codes 0/1/2, untouched bytes kept, a second apply a no-op."""

from __future__ import annotations

import io
import json
import os
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from migrate.cli import main
from migrate.engine import plan_source
from migrate.rewrite import BOM
from migrate.sources import is_binary
from migrate.transcoding import TextView, decode_view

from .mutations import NAMES, SUFFIX, mutated
from .trees import RULESET

EXAMPLES = int(os.environ.get("MIGRATE_FUZZ_EXAMPLES", "200"))
CLI_EXAMPLES = max(EXAMPLES // 8, 10)


def _view_as(data: bytes, view: TextView) -> bytes:
    """`data` read the way `view` was made: the same codec, so two versions of one file compare."""
    if view.transcoded:
        data = data[len(view.bom) :].decode(view.codec).encode("utf-8")
    return data.replace(b"\r", b"\n") if view.cr_only else data


def check_plan(language: str, data: bytes) -> None:
    """The properties of one input's plan; raises AssertionError naming the one that fails."""
    if is_binary(data):
        return  # read() skips it: apply never plans it
    planned = plan_source(RULESET, f"f{SUFFIX[language]}", language, data, markers=False)
    plan = planned.plan
    assert plan is not None and plan.original == data
    assert not [f for f in planned.outcome.findings if f.rule_id == "internal-error"], planned.trace
    if not plan.changed:
        return
    # Every byte outside the applied edits is kept, in order (compared in the text view the edits are made in).
    view = decode_view(data)
    before, after = view.data, _view_as(plan.migrated, view)
    position = 0
    cursor = 0
    segments = []
    for start, end in sorted((e.start, e.end) for f in plan.applied for e in f.edits):
        segments.append(before[cursor:start])
        cursor = max(cursor, end)
    segments.append(before[cursor:])
    if before.startswith(BOM) and after.startswith(BOM):
        # The runtime include goes right after the mark: compare what follows it.
        segments[0], after = segments[0][len(BOM) :], after[len(BOM) :]
    for segment in segments:
        for line in segment.splitlines(keepends=True):
            if line.lstrip().startswith(b"#include"):
                continue  # a repeated include of the runtime header is folded into one
            found = after.find(line, position)
            assert found != -1, f"untouched bytes {line[:60]!r} are missing or out of order"
            position = found + len(line)


def _imports(data: bytes) -> set[bytes]:
    return {line for line in decode_view(data).data.splitlines() if line.startswith((b"import ", b"from "))}


def check_second_apply(language: str, data: bytes) -> None:
    """A second apply changes nothing; except that when the first added an import the file lacked, names it
    could not resolve before now resolve, and the run after that must change nothing."""
    name = f"f{SUFFIX[language]}"
    if is_binary(data):
        return
    first = plan_source(RULESET, name, language, data).plan
    assert first is not None
    if first.refused or not first.changed:
        return
    second = plan_source(RULESET, name, language, first.migrated).plan
    assert second is not None
    if second.migrated == first.migrated:
        return
    assert _imports(first.migrated) - _imports(data), "a second apply changed the file again"
    third = plan_source(RULESET, name, language, second.migrated).plan
    assert third is not None and third.migrated == second.migrated, "a third apply changed the file again"


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(mutated())
def test_fuzzed_input_plans_without_error_and_keeps_untouched_bytes(case: tuple[str, bytes]) -> None:
    language, data = case
    check_plan(language, data)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(mutated())
def test_fuzzed_input_second_apply_changes_nothing(case: tuple[str, bytes]) -> None:
    check_second_apply(*case)


CACHE = Path(tempfile.mkdtemp(prefix="migrate-fuzz-cache-"))  # the catalog is read once, not parsed per run


def run_cli(folder: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*args, "--cache-dir", str(CACHE), "--root", str(folder), str(folder)])
    return code, out.getvalue(), err.getvalue()


def check_cli(language: str, data: bytes, name: bytes) -> None:
    """scan (JSON and SARIF) and apply over a folder holding the input under an odd name."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / ".git").mkdir()
        path = folder / os.fsdecode(name + SUFFIX[language].encode())
        path.write_bytes(data)
        for fmt in ("json", "sarif"):
            code, out, _ = run_cli(folder, "scan", "--format", fmt)
            assert code in (0, 1, 2)
            json.loads(out)
        code, _, err = run_cli(folder, "apply")
        assert code in (0, 2) and "Traceback" not in err
        first = path.read_bytes()
        if code == 0:
            code, _, _ = run_cli(folder, "apply", "--check")
            assert path.read_bytes() == first


@settings(max_examples=CLI_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(mutated(), NAMES)
def test_fuzzed_input_through_the_command_line(case: tuple[str, bytes], name: bytes) -> None:
    check_cli(*case, name)
