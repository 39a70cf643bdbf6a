"""NumPy references for the cuBLASLt-style, FFT, dense-solver and sparse test programs: writes their inputs, checks
their outputs."""

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
        "cgesvd_a": _complex(rng, (7, 4), np.complex64),
        "zgesvd_a": _complex(rng, (5, 3), np.complex128),
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
    # Complex SVD: economy-size in single complex (jobs 'S'), full in double complex (jobs 'A'); singular values
    # against NumPy's, U S VH rebuilds A, U's columns are orthonormal.
    for name, dtype, real, rows, cols, ucols, tol in (("cgesvd", np.complex64, np.float32, 7, 4, 4, F32),
                                                      ("zgesvd", np.complex128, np.float64, 5, 3, 5, F64)):
        a = x[f"{name}_a"].astype(np.complex128)
        s = _load(folder, f"{name}_s.out", real, cols).astype(np.float64)
        u = _from_col(_load(folder, f"{name}_u.out", dtype, rows * ucols), rows, ucols).astype(np.complex128)
        vh = _from_col(_load(folder, f"{name}_vt.out", dtype, cols * cols), cols, cols).astype(np.complex128)
        errors += _close(f"{name}_s", s, np.linalg.svd(a, compute_uv=False), tol)
        errors += _close(f"{name}_usvh", u[:, :cols] @ np.diag(s) @ vh, a, tol)
        errors += _close(f"{name}_u_orthonormal", u.conj().T @ u, np.eye(ucols), tol)
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
    # The legacy calls: a dense 11 x 6 matrix stored column-major with ld 13 (an empty row, an empty column, a full
    # column); A's CSR with its columns shuffled in each row and one-based (for the sort); G, 7 x 11, for A G.
    dense = rng.standard_normal((11, 6)) * (rng.random((11, 6)) < 0.4)
    dense[4, :] = 0
    dense[:, 2] = 0
    dense[:, 5] = rng.standard_normal(11) + 3
    d["nnz_dense"] = dense.astype(np.float32).astype(np.float64)
    perm = np.arange(len(d["a_col"]))
    for i in range(9):
        lo, hi = d["a_off"][i], d["a_off"][i + 1]
        perm[lo:hi] = lo + rng.permutation(hi - lo)
    d |= {"unsorted_col": (d["a_col"][perm] + 1).astype(np.int32), "unsorted_val": d["a_val32"][perm],
          "unsorted_from": perm}
    d["g"] = _sparse_matrix("g", 7, 11, 0.4)
    g_off, g_col, g_val = _csr(d["g"], 0)
    d |= {"g_off": g_off.astype(np.int32), "g_col": g_col.astype(np.int32), "g_val": g_val.astype(np.float32)}
    # csrilu02: a 9 x 9 matrix with its whole diagonal stored and dominant.
    d["ilu"] = rng.standard_normal((9, 9)) * (rng.random((9, 9)) < 0.35) + np.diag(4 + rng.random(9))
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
    padded = np.zeros((13, 6))
    padded[:11] = d["nnz_dense"]
    padded[11:] = 7.0  # below the matrix, inside the leading dimension: not counted
    _save(folder, "nnz_dense32.in", _col(padded).astype(np.float32))
    _save(folder, "nnz_dense64.in", _col(padded))
    off1, col1, _ = _csr(d["b"], 1)
    _save(folder, "b_off32.in", off1.astype(np.int32))
    _save(folder, "b_col32.in", col1.astype(np.int32))
    _save(folder, "a_off1.in", (d["a_off"] + 1).astype(np.int32))
    for key in ("unsorted_col", "unsorted_val", "g_off", "g_col", "g_val"):
        _save(folder, f"{key}.in", d[key])
    _save(folder, "g_nnz.in", np.array([len(d["g_val"])], dtype=np.int64))
    ilu_off, ilu_col, ilu_val = _csr(d["ilu"], 0)
    _save(folder, "ilu_off.in", ilu_off.astype(np.int32))
    _save(folder, "ilu_col.in", ilu_col.astype(np.int32))
    _save(folder, "ilu_val.in", ilu_val)
    _save(folder, "ilu_nnz.in", np.array([len(ilu_val)], dtype=np.int64))


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
    # nnz counts of the dense matrix: per row and per column, each followed by the total.
    nz = d["nnz_dense"] != 0
    for name, dtype, want in (("snnz_row", np.int32, nz.sum(axis=1)), ("snnz_col", np.int32, nz.sum(axis=0)),
                              ("dnnz_col", np.int32, nz.sum(axis=0))):
        want = np.concatenate([want, [nz.sum()]])
        got = _load(folder, f"{name}.out", dtype, len(want))
        errors += [] if np.array_equal(got, want) else [f"{name}: {got.tolist()} != {want.tolist()}"]
    # Csr2cscEx2: A with values (zero-based), B's pattern only (one-based): the CSR arrays of the transpose.
    t_off, t_row, t_val = _csr(a.T, 0)
    exact = [("csc_off", np.int32, t_off), ("csc_row", np.int32, t_row), ("csc_val", np.float32, t_val.astype(np.float32))]
    t_off, t_row, _ = _csr(b.T, 1)
    exact += [("csc_pattern_off", np.int32, t_off), ("csc_pattern_row", np.int32, t_row)]
    # Xcsrsort of the shuffled one-based columns, the permutation it returns, and Gather through it.
    inverse = np.empty_like(d["unsorted_from"])
    inverse[d["unsorted_from"]] = np.arange(len(inverse))
    exact += [("sorted_col", np.int32, d["a_col"] + 1), ("sort_perm", np.int32, inverse),
              ("gather", np.float32, d["a_val32"])]
    # SpGEMM: C = 1.5 A G, C's pattern every product A's and G's patterns give (a sum that cancels is still stored).
    pattern = ((a != 0).astype(int) @ (d["g"] != 0).astype(int)) > 0
    rows, cols = np.nonzero(pattern)
    product = 1.5 * (a32 @ d["g"].astype(np.float32).astype(np.float64))
    offsets = np.concatenate([[0], np.cumsum(pattern.sum(axis=1))])
    exact += [("spgemm_nnz", np.int64, np.array([len(rows)])), ("spgemm_off", np.int32, offsets),
              ("spgemm_col", np.int32, cols)]
    for name, dtype, want in exact:
        got = _load(folder, f"{name}.out", dtype, len(want))
        errors += [] if np.array_equal(got, want) else [f"{name}: differs from NumPy's"]
    errors += _close("spgemm_val", _load(folder, "spgemm_val.out", np.float32, len(rows)), product[rows, cols], F32)
    # SpSV: L y = 1.5 x with L the lower triangular matrix of the SpSM cases and x its first right-hand side.
    got = _load(folder, "spsv_lower.out", np.float32, 9)
    errors += _close("spsv_lower", got, np.linalg.solve(d["lower"], 1.5 * d["tri_b"][:, 0]), F32)
    # csrilu02: the factors L (unit diagonal) and U, stored in A's pattern, multiply back to A on that pattern.
    rows, cols = np.nonzero(d["ilu"])
    factors = np.zeros((9, 9))
    factors[rows, cols] = _load(folder, "ilu.out", np.float64, len(rows))
    lu = (np.tril(factors, -1) + np.eye(9)) @ np.triu(factors)
    errors += _close("ilu", lu[rows, cols], d["ilu"][rows, cols], F64)
    got = _load(folder, "ilu_pivot.out", np.int32, 2)
    errors += [] if got.tolist() == [-1, -1] else [f"ilu_pivot: zeroPivot reported {got.tolist()} on a matrix without one"]
    if cpu:
        # The CPU backend's own reach: op(A) transposed, op(B) transposed, B column-major and C row-major.
        got = _load(folder, "csr_spmm_mixed.out", np.float32, 28).reshape(7, 4)
        errors += _close("csr_spmm_mixed", got, a32.T @ d["dense_bt"].T, F32)
    return errors


# -- cuBLASLt-style products: blaslt_test.cpp's cases, by name (the same rows as its table) -------------------------

# name, A/B type, C/D type, m, n, k, A transposed, B transposed, row-major, epilogue, batch, D is C
BLASLT_CASES = [
    ("f32_nn", "f32", "f32", 37, 23, 19, False, False, False, "none", 1, False),
    ("f32_tn_relu_bias", "f32", "f32", 29, 17, 11, True, False, False, "relu_bias", 1, False),
    ("f32_row", "f32", "f32", 21, 14, 9, False, True, True, "none", 1, False),
    ("f32_gelu_bias", "f32", "f32", 21, 14, 9, False, True, False, "gelu_bias", 1, False),
    ("f32_batched", "f32", "f32", 10, 7, 5, False, False, False, "bias", 3, False),
    ("f64_nt_in_place", "f64", "f64", 15, 12, 8, False, True, False, "none", 1, True),
    ("f16_in_f32_out", "f16", "f32", 24, 18, 14, True, False, False, "none", 1, False),
    ("bf16", "bf16", "bf16", 19, 22, 13, False, False, False, "relu", 1, False),
    ("i8_i32", "i8", "i32", 32, 16, 32, True, False, False, "none", 1, False),
    ("e4m3", "e4m3", "e4m3", 32, 16, 32, True, False, False, "none", 1, False),  # C in bf16, scale factors
]
# Relative tolerance of each case against float64 (the device may round fp32 inputs to TF32 where asked to).
BLASLT_TOLERANCE = {"f32_batched": 5e-3, "f32_gelu_bias": 1e-3, "bf16": 1e-2, "e4m3": 7e-2, "i8_i32": 0.0}
# The fp8 case's scale factors, as blaslt_test.cpp sets them: A, B, C, D.
E4M3_SCALES = (0.5, 4.0, 2.0, 1.0 / 32)


def _bf16_bits(x: np.ndarray) -> np.ndarray:
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def _bf16_value(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def _e4m3_value(codes: np.ndarray) -> np.ndarray:
    codes = codes.astype(np.int64)
    sign = np.where(codes & 0x80, -1.0, 1.0)
    exp, mant = (codes >> 3) & 0xF, codes & 0x7
    value = np.where(exp == 0, mant / 8.0 * 2.0**-6, (1 + mant / 8.0) * 2.0 ** (exp - 7))
    return sign * value


def _blaslt_encode(kind: str, values: np.ndarray) -> bytes:
    """Bytes of `values` (already representable) as `kind`."""
    if kind == "f32":
        return values.astype(np.float32).tobytes()
    if kind == "f64":
        return values.astype(np.float64).tobytes()
    if kind == "f16":
        return values.astype(np.float16).tobytes()
    if kind == "bf16":
        return _bf16_bits(values).tobytes()
    if kind == "i8":
        return values.astype(np.int8).tobytes()
    if kind == "i32":
        return values.astype(np.int32).tobytes()
    raise ValueError(kind)


def _blaslt_decode(kind: str, data: bytes) -> np.ndarray:
    if kind == "e4m3":
        return _e4m3_value(np.frombuffer(data, dtype=np.uint8))
    if kind == "bf16":
        return _bf16_value(np.frombuffer(data, dtype=np.uint16))
    dtype = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "i32": np.int32}[kind]
    return np.frombuffer(data, dtype=dtype).astype(np.float64)


def _blaslt_matrix(rng: np.random.Generator, kind: str, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray | None]:
    """A random matrix exactly representable in `kind`, and for fp8 its codes."""
    if kind == "i8":
        return rng.integers(-8, 8, size=(rows, cols)).astype(np.float64), None
    if kind == "e4m3":
        codes = rng.integers(0, 0x58, size=(rows, cols)) | (rng.integers(0, 2, size=(rows, cols)) << 7)  # |x| < 8
        return _e4m3_value(codes), codes.astype(np.uint8)
    x = rng.standard_normal((rows, cols))
    if kind == "f16":
        return x.astype(np.float16).astype(np.float64), None
    if kind == "bf16":
        return _bf16_value(_bf16_bits(x)), None
    return x.astype(np.float32).astype(np.float64), None


def _stored(matrix: np.ndarray, row: bool) -> np.ndarray:
    return matrix.ravel() if row else matrix.T.ravel()


def _blaslt_data(case: tuple) -> dict:
    """Inputs of one case, per batch, and the reference output (float64, one m x n matrix per batch)."""
    name, ab, cd, m, n, k, ta, tb, row, epilogue, batch, _ = case
    rng = _rng(name)
    shape_a, shape_b = ((k, m) if ta else (m, k)), ((n, k) if tb else (k, n))
    out: dict = {"a": [], "b": [], "c": [], "want": []}
    alpha, beta = (2.0, 1.0) if ab == "i8" else (1.5, 0.0 if ab == "e4m3" else 0.5)
    scale = E4M3_SCALES[0] * E4M3_SCALES[1] if ab == "e4m3" else 1.0
    c_kind = "bf16" if ab == "e4m3" else cd  # an fp8 D is read with a bf16 C
    bias = _blaslt_matrix(rng, cd, m, 1)[0][:, 0] if "bias" in epilogue else np.zeros(m)
    out["bias"] = bias
    for _ in range(batch):
        a, a_codes = _blaslt_matrix(rng, ab, *shape_a)
        b, b_codes = _blaslt_matrix(rng, ab, *shape_b)
        c = _blaslt_matrix(rng, c_kind, m, n)[0] if ab != "i8" else rng.integers(-50, 50, size=(m, n)).astype(np.float64)
        for part, values, codes in (("a", a, a_codes), ("b", b, b_codes)):
            out[part].append(_stored(codes, row).tobytes() if codes is not None else _blaslt_encode(ab, _stored(values, row)))
        out["c"].append(_blaslt_encode(c_kind, _stored(c, row)))
        value = alpha * scale * ((a.T if ta else a) @ (b.T if tb else b)) + beta * c + bias[:, None]
        if "relu" in epilogue:
            value = np.maximum(value, 0.0)
        if "gelu" in epilogue:
            value = 0.5 * value * (1 + np.tanh(0.7978845608028654 * (value + 0.044715 * value**3)))
        if ab == "e4m3":
            value = np.clip(value * E4M3_SCALES[3], -448.0, 448.0)  # D's scale, then fp8's saturation
        out["want"].append(value)
    return out


def _write_blaslt(folder: Path) -> None:
    for case in BLASLT_CASES:
        name, _, cd = case[:3]
        data = _blaslt_data(case)
        for part in ("a", "b", "c"):
            (folder / f"{name}_{part}.in").write_bytes(b"".join(data[part]))
        if "bias" in case[9]:
            (folder / f"{name}_bias.in").write_bytes(_blaslt_encode(cd, data["bias"]))
    rng = _rng("init")
    _save(folder, "init_a.in", rng.standard_normal((6, 13)).astype(np.float32))  # column-major 13 x 6
    _save(folder, "init_b.in", rng.standard_normal((9, 6)).astype(np.float32))  # column-major 6 x 9


def _check_blaslt(folder: Path) -> list[str]:
    errors: list[str] = []
    for case in BLASLT_CASES:
        name, _, cd, m, n, *_ = case
        row, batch = case[8], case[10]
        path = folder / f"{name}.out"
        if not path.is_file():
            errors.append(f"{name}: the program wrote no output")
            continue
        got = _blaslt_decode(cd, path.read_bytes())
        if got.size != m * n * batch:
            errors.append(f"{name}: {got.size} elements, expected {m * n * batch}")
            continue
        for index, want in enumerate(_blaslt_data(case)["want"]):
            part = got[index * m * n : (index + 1) * m * n]
            matrix = part.reshape(m, n) if row else part.reshape(n, m).T
            tol = BLASLT_TOLERANCE.get(name, 2e-4)
            errors += _close(f"{name}[{index}]", matrix, want, {"rtol": tol, "atol": tol})
    rng = _rng("init")
    a = rng.standard_normal((6, 13)).astype(np.float32).astype(np.float64).T
    b = rng.standard_normal((9, 6)).astype(np.float32).astype(np.float64).T
    try:
        got = _load(folder, "init.out", np.float32, 13 * 9).astype(np.float64).reshape(9, 13).T
        errors += _close("init", got, np.maximum(a @ b, 0.0), F32)
    except AssertionError as exc:
        errors.append(str(exc))
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
    elif family == "blaslt":
        _write_blaslt(folder)
    else:
        raise ValueError(f"unknown family {family!r} (blaslt, fft, solver, sparse)")


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
    if family == "blaslt":
        return _check_blaslt(folder)
    raise ValueError(f"unknown family {family!r} (blaslt, fft, solver, sparse)")


def main(argv: list[str]) -> int:
    """`references.py write|check FAMILY FOLDER [--gpu]`: the GPU script's entry point."""
    if len(argv) < 3 or argv[0] not in ("write", "check"):
        print("usage: references.py write|check blaslt|fft|solver|sparse FOLDER [--gpu]", file=sys.stderr)
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
