"""Complex numbers (prt/complex.h): float and double arithmetic in kernels and on the host, against std::complex."""

import pytest


@pytest.mark.parametrize("variant", ["cpu", "asan"])
def test_complex(run, variant):
    run("complex", variant)
