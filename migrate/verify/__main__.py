"""`python -m migrate.verify`: the verify subcommand alone, for machines that lack the scanner's dependencies."""

from __future__ import annotations

import argparse
import sys

from .command import add_arguments, run_verify

if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        prog="python -m migrate.verify", description="migrate verify, standalone"
    )
    add_arguments(parser)
    sys.exit(run_verify(parser.parse_args()))
