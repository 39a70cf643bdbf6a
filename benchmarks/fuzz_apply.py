"""A longer fuzz campaign over scan and apply: N mutated inputs, figures printed (crashes, property failures, time)."""

from __future__ import annotations

import argparse
import collections
import sys
import time
import traceback
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.safety.mutations import NAMES, mutated
from tests.safety.test_fuzz import check_cli, check_plan, check_second_apply


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("examples", type=int, help="how many inputs to generate")
    parser.add_argument("--progress", type=int, default=0, help="print running figures every N inputs")
    parser.add_argument(
        "--cli-every", type=int, default=50, help="also run the command line on every Nth input"
    )
    parser.add_argument(
        "--samples", type=Path, help="write one input of each crash or failure kind into this folder"
    )
    args = parser.parse_args()
    crashes: collections.Counter[str] = collections.Counter()
    failures: collections.Counter[str] = collections.Counter()
    samples: dict[str, bytes] = {}
    slowest = [0.0, b""]
    count = [0]

    @settings(
        max_examples=args.examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(mutated(), NAMES)
    def campaign(case: tuple[str, bytes], name: bytes) -> None:
        language, data = case
        count[0] += 1
        if args.progress and count[0] % args.progress == 0:
            print(f"... {count[0]} inputs, {sum(crashes.values())} crashes, {sum(failures.values())} property "
                  f"failures, slowest {slowest[0]:.2f} s", flush=True)
        checks = [check_plan, check_second_apply]
        if count[0] % args.cli_every == 0:
            checks.append(lambda lang, d: check_cli(lang, d, name))
        for check in checks:
            start = time.perf_counter()
            try:
                check(language, data)
            except AssertionError as exc:
                key = f"{getattr(check, '__name__', 'check_cli')}: {str(exc).splitlines()[0][:100]}"
                failures[key] += 1
                samples.setdefault(key, data)
            except Exception as exc:  # a crash: what the campaign exists to find
                frame = traceback.extract_tb(exc.__traceback__)[-1]
                key = f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}"
                crashes[key] += 1
                samples.setdefault(key, data)
            elapsed = time.perf_counter() - start
            if elapsed > slowest[0]:
                slowest[:] = [elapsed, data[:80]]

    start = time.perf_counter()
    campaign()
    total = time.perf_counter() - start
    print(
        f"inputs: {count[0]}, {total:.0f} s ({count[0] / total:.0f} inputs/s), command-line runs: "
        f"{count[0] // args.cli_every}"
    )
    print(f"crashes: {sum(crashes.values())} ({len(crashes)} kinds)")
    for key, times in crashes.most_common():
        print(f"  {times:>6}  {key}  e.g. {samples[key][:60]!r}")
    print(f"property failures: {sum(failures.values())} ({len(failures)} kinds)")
    for key, times in failures.most_common():
        print(f"  {times:>6}  {key}  e.g. {samples[key][:60]!r}")
    print(f"slowest check: {slowest[0]:.2f} s on {slowest[1]!r}")
    if args.samples:
        args.samples.mkdir(parents=True, exist_ok=True)
        for index, key in enumerate(sorted(samples)):
            (args.samples / f"{index:03}.bin").write_bytes(samples[key])
            print(f"  {args.samples / f'{index:03}.bin'}: {key}")


if __name__ == "__main__":
    main()
