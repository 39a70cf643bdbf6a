"""Element-wise comparison of an output with its reference: max absolute and relative error, ULPs, verdict."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .spec import Tolerance


@dataclass(frozen=True)
class Comparison:
    """The verdict on one output; the error figures are None where they do not apply (text, missing values)."""

    passed: bool
    max_abs: float | None = None
    max_rel: float | None = None
    max_ulps: float | None = None
    mismatched: int = 0
    total: int = 0
    reason: str = ""


def _ordered(values: np.ndarray) -> np.ndarray:
    """IEEE floats mapped to integers that count representable values from zero (so +0 and -0 are both 0)."""
    bits = values.view(
        np.int32 if values.dtype == np.float32 else np.int16 if values.dtype == np.float16 else np.int64
    )
    wide = bits.astype(np.int64)
    magnitude_mask = np.int64(np.iinfo(bits.dtype).max)
    return np.where(wide < 0, -(wide & magnitude_mask), wide)


def ulp_distance(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Units in the last place between two float arrays of one dtype, as float64 (exact below 2**53)."""
    a, b = _ordered(actual), _ordered(expected)
    same_sign = (a >= 0) == (b >= 0)
    with np.errstate(over="ignore"):
        exact = np.abs(a - b).astype(np.float64)
    return np.where(same_sign, exact, np.abs(a).astype(np.float64) + np.abs(b).astype(np.float64))


def _index(flat: int, shape: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(i) for i in np.unravel_index(flat, shape)) + "]" if shape else "[]"


def compare_text(actual: str, expected: str) -> Comparison:
    """Printed words that are not numbers must be equal."""
    if actual == expected:
        return Comparison(True, total=1)
    return Comparison(False, mismatched=1, total=1, reason=f"printed {actual!r}, expected {expected!r}")


def compare_arrays(actual: np.ndarray, expected: np.ndarray, tolerance: Tolerance) -> Comparison:
    """Compare element by element; NaN in the actual output never passes, infinities pass only when equal."""
    if actual.size != expected.size:
        return Comparison(
            False,
            total=int(expected.size),
            reason=f"shape {tuple(actual.shape)}, expected {tuple(expected.shape)}",
        )
    shape = tuple(expected.shape)
    floating = np.issubdtype(expected.dtype, np.floating) or np.issubdtype(actual.dtype, np.floating)
    a = actual.reshape(-1)
    b = expected.reshape(-1)
    total = int(b.size)
    if total == 0:
        return Comparison(True, 0.0, 0.0, 0.0 if floating else None, total=0)
    if not floating:
        if a.dtype == np.bool_ or b.dtype == np.bool_:
            a, b = a.astype(np.int64), b.astype(np.int64)
        exact_ints = np.issubdtype(a.dtype, np.integer) and np.issubdtype(b.dtype, np.integer)
        if exact_ints:
            diff = np.abs(
                a.astype(object if a.dtype == np.uint64 else np.int64)
                - b.astype(object if b.dtype == np.uint64 else np.int64)
            ).astype(np.float64)
            a64, b64 = a.astype(np.float64), b.astype(np.float64)
        else:
            a64, b64 = a.astype(np.float64), b.astype(np.float64)
            diff = np.abs(a64 - b64)
        limit = tolerance.atol + tolerance.rtol * np.abs(b64)
        bad = diff > limit
        if tolerance.ulps is not None:
            bad &= diff > tolerance.ulps
        return _verdict(bad, diff, b64, None, shape, a64, b64, tolerance)
    kind = expected.dtype if np.issubdtype(expected.dtype, np.floating) else actual.dtype
    if kind not in (np.float16, np.float32, np.float64):
        kind = np.dtype(np.float64)
    a_f = a.astype(kind)
    b_f = b.astype(kind)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    nan = np.isnan(a64) | np.isnan(b64)
    with np.errstate(invalid="ignore", over="ignore"):
        equal = a64 == b64
        diff = np.where(equal, 0.0, np.abs(a64 - b64))
        ulps = np.where(equal, 0.0, ulp_distance(a_f, b_f))
    diff = np.where(nan, np.inf, diff)
    with np.errstate(invalid="ignore"):
        limit = tolerance.atol + tolerance.rtol * np.abs(b64)
        bad = ~equal & ~(diff <= limit)
        if tolerance.ulps is not None:
            bad &= ~(ulps <= tolerance.ulps)
    bad |= nan
    result = _verdict(bad, diff, b64, np.where(nan, np.inf, ulps), shape, a64, b64, tolerance)
    if nan.any():
        first = int(np.flatnonzero(nan)[0])
        count = int(nan.sum())
        where = "actual" if np.isnan(a64[first]) else "golden"
        return Comparison(
            False,
            result.max_abs,
            result.max_rel,
            result.max_ulps,
            result.mismatched,
            total,
            f"NaN ({where}) at {_index(first, shape)}; {count} NaN element(s); NaN never passes",
        )
    return result


def _verdict(
    bad: np.ndarray,
    diff: np.ndarray,
    b64: np.ndarray,
    ulps: np.ndarray | None,
    shape: tuple[int, ...],
    a64: np.ndarray,
    expected64: np.ndarray,
    tolerance: Tolerance,
) -> Comparison:
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = np.where(diff == 0, 0.0, diff / np.abs(b64))
    max_abs = float(diff.max())
    max_rel = float(rel.max())
    max_ulps = float(ulps.max()) if ulps is not None else None
    count = int(bad.sum())
    total = int(bad.size)
    if count == 0:
        return Comparison(True, max_abs, max_rel, max_ulps, 0, total)
    first = int(np.flatnonzero(bad)[0])
    reason = (
        f"{count} of {total} element(s) outside {tolerance.describe()}; first at {_index(first, shape)}: "
        f"{float(a64[first]):.9g} vs golden {float(expected64[first]):.9g}"
    )
    return Comparison(False, max_abs, max_rel, max_ulps, count, total, reason)
