"""NumPy references for the FFT, dense-solver and sparse test programs: writes their inputs, checks their outputs."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

SEED = 20261201
F32 = dict(rtol=2e-4, atol=2e-4)  # single precision, transforms and factorisations of a few dozen elements
F64 = dict(rtol=1e-9, atol=1e-9)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng([SEED, sum(name.encode())])


def _complex(rng: np.random.Generator, shape: tuple[int, ...], dtype: type) -> np.ndarray:
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


def _save(folder: Path, name: str, array: np.ndarray) -> None:
    (folder / name).write_bytes(np.ascontiguousarray(array).tobytes())


def _load(folder: Path, name: str, dtype: type, count: int) -> np.ndarray:
    path = folder / name
    if not path.is_file():
        raise AssertionError(f"{name}: the program wrote no output")
    data = np.frombuffer(path.read_bytes(), dtype=dtype)
    if data.size != count:
        raise AssertionError(f"{name}: {data.size} elements, expected {count}")
    return data


def _close(name: str, got: np.ndarray, want: np.ndarray, tol: dict) -> list[str]:
    if not np.all(np.isfinite(got)):
        return [f"{name}: non-finite values in the output"]
    scale = max(1.0, float(np.max(np.abs(want))))
    if not np.allclose(got, want, rtol=tol["rtol"], atol=tol["atol"] * scale):
        return [f"{name}: max error {float(np.max(np.abs(got - want))):.3g} (scale {scale:.3g})"]
    return []


# -- FFT: (name, input dtype, input shape, output dtype, output count, reference of the input) -------------------

def _fft_cases() -> list[tuple]:
    return [
        ("c2c_1d", np.complex64, (3, 64), np.complex64, 192, lambda x: np.fft.fft(x, axis=-1)),
        ("c2c_1d_inverse", np.complex64, (3, 64), np.complex64, 192, lambda x: np.fft.ifft(x, axis=-1) * 64),
        ("z2z_2d", np.complex128, (8, 12), np.complex128, 96, np.fft.fft2),
        ("r2c_1d", np.float32, (2, 50), np.complex64, 52, lambda x: np.fft.rfft(x, axis=-1)),
        ("c2r_1d", np.complex64, (2, 26), np.float32, 100, lambda x: np.fft.irfft(x, n=50, axis=-1) * 50),
        ("r2c_in_place", np.float32, (2, 32), np.complex64, 32, lambda x: np.fft.rfft(x[:, :30], axis=-1)),
        ("d2z_3d", np.float64, (4, 6, 8), np.complex128, 120, np.fft.rfftn),
        ("z2d_2d", np.complex128, (6, 6), np.float64, 60, lambda x: np.fft.irfft2(x, s=(6, 10)) * 60),
        ("c2c_strided", np.complex64, (3, 40), np.complex64, 48, lambda x: np.fft.fft(x[:, 0:32:2], axis=-1)),
        ("c2c_made", np.complex64, (20,), np.complex64, 20, np.fft.fft),
    ]


def _fft_input(name: str, dtype: type, shape: tuple[int, ...]) -> np.ndarray:
    rng = _rng(name)
    if name in ("c2r_1d", "z2d_2d"):
        # The spectrum of a real signal, so that the inverse is real.
        real = rng.standard_normal((2, 50) if name == "c2r_1d" else (6, 10))
        spectrum = np.fft.rfft(real, axis=-1) if name == "c2r_1d" else np.fft.rfft2(real)
        return spectrum.astype(dtype)
    if np.issubdtype(dtype, np.complexfloating):
        return _complex(rng, shape, dtype)
    x = rng.standard_normal(shape).astype(dtype)
    if name == "r2c_in_place":
        x[:, 30:] = 0  # the padding of each row
    return x


# -- dense solver (column-major: arrays are written transposed) ----------------------------------------------------

def _solver_inputs() -> dict[str, np.ndarray]:
    rng = _rng("solver")
    a7 = rng.standard_normal((7, 7)) + 7 * np.eye(7)
    a6 = rng.standard_normal((6, 6)) + 3 * np.eye(6)
    m5 = rng.standard_normal((5, 5))
    spd = m5 @ m5.T + 5 * np.eye(5)
    sym = rng.standard_normal((5, 5))
    return {
        "getrs_a": a7.astype(np.float32), "getrs_b": rng.standard_normal((7, 2)).astype(np.float32),
        "getrf_a": a6, "getrs_t_b": rng.standard_normal((6, 1)),
        "potrf_a": spd.astype(np.float32), "potrs_b": rng.standard_normal((5, 3)).astype(np.float32),
        "potrf_u_a": spd,
        "gesvd_a": rng.standard_normal((6, 4)),
        "syevd_a": (sym + sym.T).astype(np.float32),
    }


def _col(a: np.ndarray) -> np.ndarray:
    return np.asfortranarray(a).T.ravel()  # column-major element order


def _from_col(data: np.ndarray, rows: int, cols: int) -> np.ndarray:
    return data.reshape(cols, rows).T


def _check_solver(folder: Path) -> list[str]:
    x = _solver_inputs()
    errors: list[str] = []
    # LU solve in fp32.
    got = _from_col(_load(folder, "getrs_x.out", np.float32, 14), 7, 2)
    errors += _close("getrs_x", got, np.linalg.solve(x["getrs_a"].astype(np.float64), x["getrs_b"]), F32)
    # LU factors in fp64: P L U = A rebuilt from LAPACK's 1-based row interchanges.
    lu = _from_col(_load(folder, "getrf_lu.out", np.float64, 36), 6, 6)
    ipiv = _load(folder, "getrf_ipiv.out", np.int32, 6)
    low, up = np.tril(lu, -1) + np.eye(6), np.triu(lu)
    rebuilt = low @ up
    for i in reversed(range(6)):
        j = int(ipiv[i]) - 1
        rebuilt[[i, j]] = rebuilt[[j, i]]
    errors += _close("getrf_lu", rebuilt, x["getrf_a"], F64)
    errors += [] if np.all((ipiv >= 1) & (ipiv <= 6)) else [f"getrf_ipiv: out of range {ipiv}"]
    got = _from_col(_load(folder, "getrs_t_x.out", np.float64, 6), 6, 1)
    errors += _close("getrs_t_x", got, np.linalg.solve(x["getrf_a"].T, x["getrs_t_b"]), F64)
    # Cholesky, lower in fp32 (only the lower triangle is the factor) and upper in fp64.
    got = np.tril(_from_col(_load(folder, "potrf_l.out", np.float32, 25), 5, 5))
    errors += _close("potrf_l", got, np.linalg.cholesky(x["potrf_a"].astype(np.float64)), F32)
    got = _from_col(_load(folder, "potrs_x.out", np.float32, 15), 5, 3)
    errors += _close("potrs_x", got, np.linalg.solve(x["potrf_a"].astype(np.float64), x["potrs_b"]), F32)
    got = np.triu(_from_col(_load(folder, "potrf_u.out", np.float64, 25), 5, 5))
    errors += _close("potrf_u", got, np.linalg.cholesky(x["potrf_u_a"]).T, F64)
    # SVD in fp64: singular values against NumPy's, and U S VT rebuilds A with orthogonal U and VT.
    s = _load(folder, "gesvd_s.out", np.float64, 4)
    u = _from_col(_load(folder, "gesvd_u.out", np.float64, 36), 6, 6)
    vt = _from_col(_load(folder, "gesvd_vt.out", np.float64, 16), 4, 4)
    errors += _close("gesvd_s", s, np.linalg.svd(x["gesvd_a"], compute_uv=False), F64)
    errors += _close("gesvd_usvt", u[:, :4] @ np.diag(s) @ vt, x["gesvd_a"], F64)
    errors += _close("gesvd_u_orthogonal", u.T @ u, np.eye(6), F64)
    # Symmetric eigenproblem in fp32: eigenvalues against NumPy's, A V = V diag(W).
    w = _load(folder, "syevd_w.out", np.float32, 5).astype(np.float64)
    v = _from_col(_load(folder, "syevd_v.out", np.float32, 25), 5, 5).astype(np.float64)
    a = x["syevd_a"].astype(np.float64)
    errors += _close("syevd_w", w, np.linalg.eigvalsh(a), F32)
    errors += _close("syevd_av", a @ v, v * w, F32)
    return errors


# -- sparse: matrices written as CSR or COO arrays; references computed from the dense matrix ----------------------

def _sparse_matrix(name: str, rows: int, cols: int, density: float) -> np.ndarray:
    rng = _rng(name)
    dense = rng.standard_normal((rows, cols)) * (rng.random((rows, cols)) < density)
    dense[rows // 2, :] = 0  # an empty row
    return dense


def _csr(dense: np.ndarray, base: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows, cols = np.nonzero(dense)
    offsets = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=dense.shape[0]))]) + base
    return offsets, cols + base, dense[rows, cols]




def _sparse_data() -> dict[str, np.ndarray]:
    rng = _rng("sparse")
    a = _sparse_matrix("a", 9, 7, 0.35)
    b = _sparse_matrix("b", 9, 7, 0.3)
    d: dict[str, np.ndarray] = {"a": a, "b": b}
    off, col, val = _csr(a, 0)
    d |= {"a_off": off.astype(np.int32), "a_col": col.astype(np.int32), "a_val32": val.astype(np.float32)}
    off1, col1, val1 = _csr(b, 1)
    # What cuSPARSE takes: one index width for offsets and columns, COO sorted by row (np.nonzero's order).
    d |= {"b_off": off1.astype(np.int64), "b_col": col1.astype(np.int64), "b_val": val1}
    r, c = np.nonzero(a)
    d |= {"c_row": r.astype(np.int32), "c_col": c.astype(np.int32), "c_val": a[r, c].astype(np.float32)}
    d |= {"x7": rng.standard_normal(7).astype(np.float32), "y9": rng.standard_normal(9).astype(np.float32),
          "x9": rng.standard_normal(9), "dense_b": rng.standard_normal((7, 4)).astype(np.float32),
          "dense_c": rng.standard_normal((9, 4)).astype(np.float32), "dense_bt": rng.standard_normal((4, 9)).astype(np.float32)}
    d |= {"spvec_idx": np.array([0, 3, 4, 8], dtype=np.int64), "spvec_val": rng.standard_normal(4).astype(np.float32)}
    d |= {"sddmm_a": rng.standard_normal((2, 9, 5)).astype(np.float32),
          "sddmm_b": rng.standard_normal((2, 5, 7)).astype(np.float32)}
    lower = np.tril(rng.standard_normal((9, 9)) * (rng.random((9, 9)) < 0.5), -1) + np.diag(3 + rng.random(9))
    upper = np.triu(rng.standard_normal((9, 9)) * (rng.random((9, 9)) < 0.5), 1) + np.diag(5 + rng.random(9))
    d |= {"lower": lower.astype(np.float32).astype(np.float64), "upper": upper,
          "tri_b": rng.standard_normal((9, 3)).astype(np.float32).astype(np.float64)}
    return d


def _write_sparse(folder: Path) -> None:
    d = _sparse_data()
    for key in ("a_off", "a_col", "a_val32", "b_off", "b_col", "b_val", "c_row", "c_col", "c_val", "x7", "y9", "x9"):
        _save(folder, f"{key}.in", d[key])
    _save(folder, "nnz.in", np.array([len(d["a_val32"]), len(d["b_val"])], dtype=np.int64))
    _save(folder, "dense_b.in", _col(d["dense_b"]))  # column-major, ld 7
    _save(folder, "dense_c.in", _col(d["dense_c"]))  # column-major, ld 9
    _save(folder, "dense_bt.in", _col(d["dense_bt"]))  # column-major 4 x 9, ld 4 (B of the transposed product)
    _save(folder, "spvec_idx.in", d["spvec_idx"])
    _save(folder, "spvec_val.in", d["spvec_val"])
    _save(folder, "dense_bd.in", d["b"])  # row-major, ld 7
    _save(folder, "sddmm_a.in", d["sddmm_a"])  # 2 row-major 9 x 5 matrices
    _save(folder, "sddmm_b.in", d["sddmm_b"])  # 2 row-major 5 x 7 matrices
    for name, tri, dtype in (("l", d["lower"], np.float32), ("u", d["upper"], np.float64)):
        off, col, val = _csr(tri, 0)
        _save(folder, f"{name}_off.in", off.astype(np.int32))
        _save(folder, f"{name}_col.in", col.astype(np.int32))
        _save(folder, f"{name}_val.in", val.astype(dtype))
        _save(folder, f"{name}_nnz.in", np.array([len(val)], dtype=np.int64))
    _save(folder, "tri_b32.in", _col(d["tri_b"]).astype(np.float32))
    _save(folder, "tri_b64.in", _col(d["tri_b"]))


def _check_sparse(folder: Path, cpu: bool) -> list[str]:
    d = _sparse_data()
    a, b = d["a"], d["b"]
    a32 = a.astype(np.float32).astype(np.float64)
    errors: list[str] = []
    got = _load(folder, "csr_spmv.out", np.float32, 9)
    errors += _close("csr_spmv", got, 1.5 * a32 @ d["x7"] + 0.5 * d["y9"], F32)
    got = _load(folder, "csr_spmv_t.out", np.float64, 7)
    errors += _close("csr_spmv_t", got, 2.0 * b.T @ d["x9"], F64)
    got = _load(folder, "coo_spmv.out", np.float32, 9)
    errors += _close("coo_spmv", got, a32 @ d["x7"] + d["y9"], F32)
    got = _from_col(_load(folder, "csr_spmm.out", np.float32, 36), 9, 4)
    errors += _close("csr_spmm", got, 2.0 * a32 @ d["dense_b"] - 1.0 * d["dense_c"], F32)
    got = _from_col(_load(folder, "coo_spmm.out", np.float32, 36), 9, 4)
    errors += _close("coo_spmm", got, a32 @ d["dense_b"], F32)
    got = _load(folder, "csr_to_dense.out", np.float64, 63).reshape(9, 7)
    errors += _close("csr_to_dense", got, b, F64)
    x = np.zeros(9)
    x[d["spvec_idx"]] = d["spvec_val"]
    got = _load(folder, "axpby.out", np.float32, 9)
    errors += _close("axpby", got, 2.0 * x + 0.5 * d["y9"], F32)
    off, col, val = _csr(b, 0)
    for name, dtype, want in (("d2s_off", np.int64, off), ("d2s_col", np.int64, col), ("d2s_val", np.float64, val)):
        got = _load(folder, f"{name}.out", dtype, len(want))
        errors += [] if np.array_equal(got, want) else [f"{name}: differs from the CSR form of the dense matrix"]
    rows, cols = np.nonzero(a)
    want = np.concatenate([1.5 * (d["sddmm_a"][k].astype(np.float64) @ d["sddmm_b"][k])[rows, cols] + 0.5 * a32[rows, cols]
                           for k in range(2)])
    errors += _close("sddmm", _load(folder, "sddmm.out", np.float32, 2 * len(rows)), want, F32)
    got = _from_col(_load(folder, "spsm_lower.out", np.float32, 27), 9, 3)
    errors += _close("spsm_lower", got, np.linalg.solve(d["lower"], 2.0 * d["tri_b"]), F32)
    unit = np.triu(d["upper"], 1) + np.eye(9)  # the stored diagonal is not read
    got = _from_col(_load(folder, "spsm_upper_unit.out", np.float64, 27), 9, 3)
    errors += _close("spsm_upper_unit", got, np.linalg.solve(unit, d["tri_b"]), F64)
    if cpu:
        # The CPU backend's own reach: op(A) transposed, op(B) transposed, B column-major and C row-major.
        got = _load(folder, "csr_spmm_mixed.out", np.float32, 28).reshape(7, 4)
        errors += _close("csr_spmm_mixed", got, a32.T @ d["dense_bt"].T, F32)
    return errors


def write_inputs(family: str, folder: Path) -> None:
    """Write the inputs of one family's test program into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    if family == "fft":
        for name, dtype, shape, *_ in _fft_cases():
            _save(folder, f"{name}.in", _fft_input(name, dtype, shape))
    elif family == "solver":
        for key, value in _solver_inputs().items():
            _save(folder, f"{key}.in", _col(value))
    elif family == "sparse":
        _write_sparse(folder)
    else:
        raise ValueError(f"unknown family {family!r} (fft, solver, sparse)")


def check_outputs(family: str, folder: Path, cpu: bool = True) -> list[str]:
    """What is wrong with the outputs the program wrote into `folder`: one line per failed comparison."""
    if family == "fft":
        errors: list[str] = []
        for name, dtype, shape, out_dtype, count, reference in _fft_cases():
            try:
                got = _load(folder, f"{name}.out", out_dtype, count)
            except AssertionError as exc:
                errors.append(str(exc))
                continue
            want = np.asarray(reference(_fft_input(name, dtype, shape).astype(np.complex128 if np.issubdtype(dtype, np.complexfloating) else np.float64))).ravel()
            errors += _close(name, got, want, F64 if out_dtype in (np.float64, np.complex128) else F32)
        return errors
    if family == "solver":
        return _check_solver(folder)
    if family == "sparse":
        return _check_sparse(folder, cpu)
    raise ValueError(f"unknown family {family!r} (fft, solver, sparse)")


def main(argv: list[str]) -> int:
    """`references.py write|check FAMILY FOLDER [--gpu]`: the GPU script's entry point."""
    if len(argv) < 3 or argv[0] not in ("write", "check"):
        print("usage: references.py write|check fft|solver|sparse FOLDER [--gpu]", file=sys.stderr)
        return 2
    folder = Path(argv[2])
    if argv[0] == "write":
        write_inputs(argv[1], folder)
        return 0
    errors = check_outputs(argv[1], folder, cpu="--gpu" not in argv)
    for line in errors:
        print(f"{argv[1]}: {line}")
    print(f"{argv[1]}: {'PASS' if not errors else 'FAIL'} against NumPy")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
