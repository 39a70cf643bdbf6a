"""The inverse trigonometric and cube-root helpers of generated tile modules, run under TRITON_INTERPRET=1 on a fixed
set of random and edge inputs: within one unit in the last place of the true value in float and in double (the
reference is NumPy's long double, 64 bits of mantissa), with C's special values (signed zeros, infinities, NaN,
atan2's quadrants) exact."""

from __future__ import annotations

import importlib.util
import os
import sys

import pytest

os.environ.setdefault("TRITON_INTERPRET", "1")

np = pytest.importorskip("numpy")
torch = pytest.importorskip("torch")
pytest.importorskip("triton")

from migrate.templating import render_template

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy's, on the interpreter's inf and NaN lanes

# The largest errors measured over these inputs: 0.50 ulp in float, 0.60 in double (atan2); CUDA's own functions
# are within 2.
BOUND_ULP = 1.0
UNARY = {"atan": np.arctan, "asin": np.arcsin, "acos": np.arccos, "cbrt": np.cbrt}
KERNELS = '''

@triton.jit
def unary_kernel(x, y, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x + o, mask=o < n, other=0.0)
    if OP == 0:
        r = _atan(v)
    elif OP == 1:
        r = _asin(v)
    elif OP == 2:
        r = _acos(v)
    else:
        r = _cbrt(v)
    tl.store(y + o, r, mask=o < n)


@triton.jit
def atan2_kernel(a, b, y, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y + o, _atan2(tl.load(a + o, mask=o < n, other=0.0), tl.load(b + o, mask=o < n, other=0.0)), mask=o < n)
'''
EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 0.25, 0.75, 4.0 / 3.0, 2.0, 4.0, 1e-30, -1e-30, 1e30, 1.0000001,
         -1.0000001, 0.9999999, float("inf"), float("-inf"), float("nan")]
SPECIAL = [0.0, -0.0, 1.0, -1.0, float("inf"), float("-inf"), float("nan")]


@pytest.fixture(scope="module")
def helpers(tmp_path_factory: pytest.TempPathFactory):
    """The helpers as a generated module holds them, with kernels that apply each to a buffer."""
    body = render_template("tile/helpers.py.j2", helpers=["atan", "atan2", "asin", "acos", "cbrt"])
    path = tmp_path_factory.mktemp("math") / "math_helpers_module.py"
    path.write_text("import triton\nimport triton.language as tl\n" + body + KERNELS)
    spec = importlib.util.spec_from_file_location("math_helpers_module", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _inputs(name: str, dtype, rng) -> np.ndarray:
    n = 1500
    if name in ("asin", "acos"):  # the domain, and its ends approached geometrically
        parts = [rng.uniform(-1, 1, n), 1 - np.exp(rng.uniform(-30, 0, n)), np.exp(rng.uniform(-30, 0, n)) - 1]
    else:
        parts = [rng.standard_normal(n), rng.uniform(-4.5, 4.5, n),
                 np.exp(rng.uniform(-40, 40, n)) * rng.choice([-1.0, 1.0], n)]
        if dtype == np.float64 and name == "cbrt":
            parts.append(np.exp(rng.uniform(-700, 700, n)))
    return np.concatenate(parts + [np.array(EDGES)]).astype(dtype)


def _ulps(got: np.ndarray, ref: np.ndarray, dtype) -> np.ndarray:
    """|got - ref| in units in the last place of the reference rounded to dtype; 0 where both are NaN or the same
    infinity, and infinite where they differ in NaN-ness or in the sign of a zero."""
    exact = ref.astype(dtype)
    with np.errstate(invalid="ignore"):
        err = np.abs(got.astype(np.longdouble) - ref) / np.spacing(np.abs(exact)).astype(np.longdouble)
    err = np.where((np.isinf(exact) & (got == exact)) | (np.isnan(got) & np.isnan(exact)), 0.0, err)
    wrong = (np.isnan(got) != np.isnan(exact)) | ((got == 0) & (exact == 0) & (np.signbit(got) != np.signbit(exact)))
    return np.where(wrong, np.inf, err)


needs_long_double = pytest.mark.skipif(np.finfo(np.longdouble).nmant < 63,
                                       reason="NumPy's long double has no more bits than a double here")


@needs_long_double
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", list(UNARY))
def test_unary_within_one_ulp(helpers, name: str, dtype: str) -> None:
    dt = np.dtype(dtype).type
    x = _inputs(name, dt, np.random.default_rng(7))
    y = torch.empty(len(x), dtype=getattr(torch, dtype))
    helpers.unary_kernel[((len(x) + 1023) // 1024,)](torch.from_numpy(x), y, len(x), OP=list(UNARY).index(name),
                                                     BLOCK=1024)
    with np.errstate(invalid="ignore", divide="ignore"):
        ref = UNARY[name](x.astype(np.longdouble))
    err = _ulps(y.numpy(), ref, dt)
    worst = int(np.argmax(err))
    assert err[worst] <= BOUND_ULP, f"{name}({x[worst]!r}) = {y.numpy()[worst]!r}: {err[worst]:.3f} ulp"


@needs_long_double
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_atan2_within_one_ulp_and_special_values(helpers, dtype: str) -> None:
    dt = np.dtype(dtype).type
    rng = np.random.default_rng(11)
    a, b = _inputs("atan", dt, rng), _inputs("atan", dt, rng)[::-1]
    # every pair of special values: the quadrants, signed zeros, infinities and NaN
    a = np.concatenate([a, np.repeat(np.array(SPECIAL, dt), len(SPECIAL))])
    b = np.concatenate([b, np.tile(np.array(SPECIAL, dt), len(SPECIAL))])
    y = torch.empty(len(a), dtype=getattr(torch, dtype))
    helpers.atan2_kernel[((len(a) + 1023) // 1024,)](torch.from_numpy(a), torch.from_numpy(b.copy()), y, len(a),
                                                     BLOCK=1024)
    ref = np.arctan2(a.astype(np.longdouble), b.astype(np.longdouble))
    err = _ulps(y.numpy(), ref, dt)
    worst = int(np.argmax(err))
    assert err[worst] <= BOUND_ULP, f"atan2({a[worst]!r}, {b[worst]!r}) = {y.numpy()[worst]!r}: {err[worst]:.3f} ulp"
    got, exact = y.numpy()[-len(SPECIAL) ** 2:], ref[-len(SPECIAL) ** 2:].astype(dt)
    same = (got == exact) & (np.signbit(got) == np.signbit(exact)) | np.isnan(got) & np.isnan(exact)
    assert same.all(), "a special value of atan2 is not C's"
