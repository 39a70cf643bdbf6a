"""prt/thrust.h: Thrust on the CPU backend's device system, and prtthrust::par, the portable thrust::cuda::par."""

import subprocess

import pytest


def _have_thrust() -> bool:
    probe = subprocess.run(["g++", "-x", "c++", "-fsyntax-only", "-"], input="#include <thrust/version.h>\n",
                           capture_output=True, text=True, check=False)
    return probe.returncode == 0


def test_thrust(run):
    if not _have_thrust():
        pytest.skip("Thrust is not installed (Debian: libthrust-dev)")
    run("thrust")
