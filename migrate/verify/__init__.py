"""Numerical parity: case specs, goldens, program runs and kernel record-and-replay behind `migrate verify`."""
