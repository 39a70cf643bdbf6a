"""Extension packages: each case's `input/` tree (a setup.py, C++ and CUDA sources, a package) goes through the tile
step; `expected/` holds every file it writes or changes (absent when the extension must stay as it was) and
`findings.txt` its notes. A migrated case's Triton op then runs under TRITON_INTERPRET=1 against a torch reference."""

from __future__ import annotations

import importlib.util
import math
import os
import shutil
import sys
from pathlib import Path

import pytest

os.environ.setdefault("TRITON_INTERPRET", "1")

from migrate.tile import translate_tree

CASES_DIR = Path(__file__).resolve().parent / "extensions"
CASES = sorted(p.name for p in CASES_DIR.iterdir() if (p / "input").is_dir())


def _tree(case: str) -> dict[str, bytes]:
    root = CASES_DIR / case / "input"
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _outputs(case: str) -> tuple[dict[str, bytes], str]:
    result = translate_tree(_tree(case))
    files = {**{k: v.encode() for k, v in result.new_files.items()}, **result.changed}
    notes = "".join(f"{f.path}:{f.line}: {f.rule}: {f.message}\n" for f in result.findings)
    return files, notes


@pytest.mark.parametrize("case", CASES)
def test_golden(case: str, request: pytest.FixtureRequest) -> None:
    files, notes = _outputs(case)
    expected = CASES_DIR / case / "expected"
    findings = CASES_DIR / case / "findings.txt"
    if request.config.getoption("--update-goldens"):
        shutil.rmtree(expected, ignore_errors=True)
        for name, data in files.items():
            (expected / name).parent.mkdir(parents=True, exist_ok=True)
            (expected / name).write_bytes(data)
        findings.write_text(notes)
    assert notes == findings.read_text()
    committed = {p.relative_to(expected).as_posix(): p.read_bytes() for p in sorted(expected.rglob("*"))
                 if p.is_file()} if expected.is_dir() else {}
    assert files == committed


def test_rejected_extensions_leave_the_tree_and_note_their_kernels() -> None:
    for case in ("cpp_calls_cuda", "cpp_includes_cuda", "header_calls_cuda", "schema_elsewhere", "unread_sources",
                 "catch_all_kept"):
        files, notes = _outputs(case)
        assert files == {}, case
        kernel = "binner/csrc/cuda/bin_cuda.cu:" if case.startswith("catch_all") else "scaler/csrc/cuda/scaler.cu:"
        assert kernel in notes and "would become a Triton kernel" in notes, case


def _load(case: str, schema: str, module: str = "scaler/_C_triton.py"):
    """The case's Triton module, its op defined first as the C++ half of the package would."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("triton")
    name, _, rest = schema.partition("(")
    try:
        torch.library.define(name, "(" + rest)
    except RuntimeError:
        pass  # defined by an earlier test in this process
    path = CASES_DIR / case / "expected" / module
    spec = importlib.util.spec_from_file_location(f"tile_extension_{case}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return torch, module


def test_migrated_op_matches_reference() -> None:
    torch, module = _load("library_ops", "scaler::scale_add(Tensor x, Tensor y, float alpha) -> Tensor")
    g = torch.Generator().manual_seed(0)
    for n in (1, 1000, 4099):
        x, y = torch.randn(n, generator=g), torch.randn(n, generator=g)
        got = module.scale_add_cuda(x, y, 0.37)
        torch.testing.assert_close(got, x * 0.37 + y)


def test_accessor_op_reads_through_strides() -> None:
    torch, module = _load("accessor_ops", "scaler::pair_scale(Tensor x, float alpha) -> (Tensor, Tensor)")
    g = torch.Generator().manual_seed(1)
    for rows, cols in ((1, 1), (3, 257), (5, 1000)):
        x = torch.randn(rows, cols, 2, generator=g).permute(0, 2, 1)  # not contiguous: strides (2 cols, 1, 2)
        y, total = module.pair_scale_cuda(x, 0.37)
        ref = x[:, 0] * 0.37 + x[:, 1]
        torch.testing.assert_close(y, ref)
        torch.testing.assert_close(total, ref.sum(1))


def test_catch_all_op_gets_its_cuda_function_as_triton() -> None:
    torch, module = _load("catch_all_ops", "binner::bin(Tensor pos, Tensor size, Tensor? start) -> Tensor",
                          "binner/_ops_triton.py")
    g = torch.Generator().manual_seed(2)
    for rows, dims, given in ((1, 1, False), (257, 3, True), (1000, 2, False)):
        pos, size = torch.randn(rows, dims, generator=g) * 4, torch.rand(dims, generator=g) + 0.25
        start = torch.randn(dims, generator=g) if given else None
        origin = start if given else pos.min(0).values
        ref = ((pos - origin) / size).trunc().long().sum(1)  # toward zero: points below a given start count too
        torch.testing.assert_close(module.bin_cuda(pos, size, start), ref)


def test_catch_all_block_op_finds_the_nearest_point() -> None:
    """binner::nearest's kernel shares each block's best distances through shared memory and leaves its strided
    loop at a break: it runs as one program per block, its shared arrays as scratch rows."""
    torch, module = _load("catch_all_ops", "binner::nearest(Tensor x, Tensor y) -> Tensor", "binner/_ops_triton.py")
    g = torch.Generator().manual_seed(3)
    for points, candidates in ((1, 1), (2, 700)):  # each program runs a 255-step loop: few points
        x, y = torch.randn(points, generator=g), torch.randn(candidates, generator=g)
        ref = ((x[:, None] - y[None, :]) ** 2).argmin(1)
        torch.testing.assert_close(module.nearest_cuda(x, y), ref)


def _walker():
    """catch_all_host's Triton module, its three ops defined first."""
    torch = pytest.importorskip("torch")
    for schema in ("walker::settle(Tensor rowptr, Tensor col) -> Tensor",
                   "walker::head(Tensor x, Tensor ptr, Tensor ratio, int num_workers) -> Tensor"):
        name, _, rest = schema.partition("(")
        try:
            torch.library.define(name, "(" + rest)
        except RuntimeError:
            pass
    return _load("catch_all_host", "walker::coin(Tensor x, float p) -> Tensor", "walker/_ops_triton.py")


def test_host_loop_reads_a_device_flag_until_labels_settle() -> None:
    """walker::settle loops in its host code over a host function that launches kernels and reads a __device__ flag
    back with cudaMemcpyFromSymbol: each node ends with the smallest node of its component."""
    torch, module = _walker()
    g = torch.Generator().manual_seed(4)
    for n in (1, 9, 300):
        a = torch.rand(n, n, generator=g) < 2.0 / n
        a = (a | a.t()) & ~torch.eye(n, dtype=torch.bool)
        row, col = a.nonzero().t()
        rowptr = torch.zeros(n + 1, dtype=torch.long)
        rowptr[1:] = torch.bincount(row, minlength=n).cumsum(0)
        reach = a | torch.eye(n, dtype=torch.bool)
        for _ in range(n.bit_length()):
            reach = (reach.float() @ reach.float()) > 0
        ref = torch.stack([r.nonzero().min() for r in reach]).flatten()
        torch.testing.assert_close(module.settle_cuda(rowptr, col), ref)


def test_host_sizes_from_a_device_copy_and_a_wrapper_of_fewer_arguments() -> None:
    """walker::head sizes its output from the last element of a cumulative sum copied to a host buffer, and its C++
    op passes head_cuda three of its four arguments: the registered function takes all four."""
    torch, module = _walker()
    g = torch.Generator().manual_seed(5)
    for sizes, ratio in (((1,), 0.5), ((7, 0, 300), 0.3), ((40,) * 9, 1.0)):
        ptr = torch.tensor([0, *torch.tensor(sizes).cumsum(0).tolist()])
        x = torch.randn(int(ptr[-1]), generator=g)
        got = module.head(x, ptr, torch.tensor(ratio), 4)
        ref = torch.cat([x[int(ptr[b]):int(ptr[b]) + math.ceil(sizes[b] * ratio)] for b in range(len(sizes))])
        torch.testing.assert_close(got, ref)


def test_host_draws_from_torch_generators() -> None:
    """walker::coin draws with Tensor::bernoulli and torch::rand on the tensor's device: heads probability 0 keeps
    nothing, 1 keeps everything."""
    torch, module = _walker()
    x = torch.randn(1000, generator=torch.Generator().manual_seed(6))
    torch.testing.assert_close(module.coin_cuda(x, 0.0), torch.zeros_like(x))
    torch.testing.assert_close(module.coin_cuda(x, 1.0), x)


def test_autograd_function_op_runs_forward_and_backward() -> None:
    """smoother::blend applies a C++ autograd Function: its Python class calls the Triton forms of the CUDA functions
    in forward and backward, each launched at the order the dispatch macro's case binds (1 to 3; others raise)."""
    torch, module = _load("autograd_ops", "smoother::blend(Tensor x, Tensor w, int order) -> Tensor",
                          "smoother/_ops_triton.py")
    g = torch.Generator().manual_seed(7)
    for n, order in ((1, 1), (300, 2), (1025, 3)):
        x = torch.randn(n, generator=g, requires_grad=True)
        w = torch.randn(n, generator=g)
        out = module.blend(x, w, order)
        torch.testing.assert_close(out, w * x.detach() ** order)
        seed = torch.randn(n, generator=g)  # contiguous, as the kernels read it (the C++ reads its data too)
        (grad,) = torch.autograd.grad(out, x, seed)
        torch.testing.assert_close(grad, seed * w * order * x.detach() ** (order - 1))
    with pytest.raises(RuntimeError, match="order not implemented"):
        module.blend(torch.ones(3), torch.ones(3), 4)


@pytest.mark.parametrize(("case", "builds_cuda"), [("accessor_ops", False), ("cpp_calls_cuda", True)])
def test_the_runtime_include_goes_once_nothing_builds_cuda(case: str, builds_cuda: bool) -> None:
    """apply's extension-runtime-include block (below the cpp_extension import) stays while an extension still
    builds CUDA sources, which include the runtime once migrated, and goes when the extension builds C++ alone."""
    from migrate.engine import scan_bytes
    from migrate.match import compile_rules
    from migrate.rewrite import plan_file
    from migrate.rules import load_catalog

    catalog = load_catalog()
    tree = _tree(case)
    ruleset = compile_rules(catalog, ["extension-runtime-include"])
    findings = scan_bytes(ruleset, "setup.py", "python", tree["setup.py"])
    tree["setup.py"] = plan_file("setup.py", "python", tree["setup.py"], findings, catalog.rules).migrated
    assert b"migrate.runtime_info" in tree["setup.py"]
    result = translate_tree(tree)
    setup = result.changed.get("setup.py", tree["setup.py"])
    assert (b"migrate.runtime_info" in setup) == builds_cuda
    if not builds_cuda:  # the rest of the file as the tile step writes it without the block
        plain = translate_tree(_tree(case)).changed["setup.py"]
        assert setup == plain
