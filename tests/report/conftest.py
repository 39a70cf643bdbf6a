"""Fixtures for the report tests: hand-built scan results and golden-file comparison (--update-goldens)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from migrate.model import Edit, Finding, Rule, ScanResult, SourceFile

GOLDEN_DIR = Path(__file__).parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    # Other test folders may register the same option; one registration serves them all.
    try:
        parser.addoption("--update-goldens", action="store_true", help="rewrite golden files from the output")
    except ValueError:
        pass


def _rule(rule_id: str, family: str, summary: str, **overrides: str) -> Rule:
    fields = {
        "message": f"{summary}; use the portable form",
        "severity": "warning",
        "safety": "safe",
        "effort": "none",
        "why": f"{summary} exists only on NVIDIA GPUs.\nThe portable form runs on every backend.",
    }
    fields.update(overrides)
    return Rule(
        id=rule_id,
        family=family,
        summary=summary,
        match={"kind": "names"},
        path=f"rules/{family}/{rule_id}.toml",
        **fields,
    )


RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        _rule(
            "runtime-api", "runtime", "CUDA runtime API name", message="{name} is CUDA-only; use {portable}"
        ),
        _rule(
            "kernel-launch",
            "launch",
            "Triple-chevron kernel launch",
            safety="unsafe",
            effort="low",
            fix_safety="A launch inside a macro body is rewritten only where the macro is defined.",
        ),
        _rule(
            "warp-shuffle",
            "kernel",
            "Warp shuffle with a 32-lane mask",
            severity="warning",
            safety="manual",
            effort="medium",
        ),
        _rule("torch-cuda-call", "torch", "Tensor.cuda() call"),
        _rule(
            "cmake-cuda-language",
            "build",
            "CUDA enabled as a CMake language",
            severity="note",
            safety="manual",
            effort="low",
        ),
        _rule(
            "parse-error",
            "engine",
            "File could not be parsed",
            severity="error",
            safety="manual",
            effort="high",
        ),
    )
}


def _finding(
    rule_id: str,
    path: str,
    line: int,
    column: int,
    end_column: int,
    message: str,
    *,
    snippet: str = "",
    edits: tuple[Edit, ...] = (),
    end_line: int = 0,
    **overrides: str,
) -> Finding:
    rule = RULES.get(rule_id)
    fields = {
        "severity": rule.severity if rule else "error",
        "safety": rule.safety if rule else "manual",
        "effort": rule.effort if rule else "high",
        "family": rule.family if rule else "engine",
    }
    fields.update(overrides)
    return Finding(
        rule_id=rule_id,
        path=path,
        line=line,
        column=column,
        end_line=end_line or line,
        end_column=end_column,
        message=message,
        edits=edits,
        snippet=snippet,
        **fields,
    )


FINDINGS: tuple[Finding, ...] = (
    _finding(
        "runtime-api",
        "src/vector_add.cu",
        14,
        5,
        15,
        "cudaMalloc is CUDA-only; use prtMalloc (safe fix)",
        snippet="    cudaMalloc(&d_a, bytes);",
        edits=(Edit(301, 311, "prtMalloc"),),
    ),
    _finding(
        "runtime-api",
        "src/vector_add.cu",
        16,
        5,
        15,
        "cudaMemcpy is CUDA-only; use prtMemcpy (safe fix)",
        snippet="    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);",
        edits=(Edit(380, 390, "prtMemcpy"), Edit(405, 427, "prtMemcpyHostToDevice")),
    ),
    _finding(
        "kernel-launch",
        "src/vector_add.cu",
        18,
        5,
        39,
        "kernel launch <<<grid, block>>> is CUDA-only; use prtLaunchKernel (unsafe fix)",
        snippet="    add<<<grid, block>>>(d_a, d_b, n);",
        edits=(Edit(460, 494, "prtLaunchKernel(add, grid, block, 0, 0, d_a, d_b, n)"),),
    ),
    _finding(
        "warp-shuffle",
        "src/kernels/reduce.cu",
        7,
        13,
        9,
        "__shfl_down_sync with mask 0xffffffff assumes a warp of 32 lanes & needs review",
        snippet="        v += __shfl_down_sync(0xffffffff, v, o);",
        end_line=8,
    ),
    _finding(
        "torch-cuda-call",
        "train.py",
        21,
        13,
        19,
        "x.cuda() is CUDA-only; use x.to(device) | 100% portable (safe fix)",
        snippet="    x = batch.cuda()",
        edits=(Edit(612, 619, ".to(device)"),),
    ),
    _finding(
        "cmake-cuda-language",
        "CMakeLists.txt",
        2,
        1,
        26,
        "enable_language(CUDA) needs nvcc, a portable build uses the prt package",
        snippet="enable_language(CUDA)",
    ),
    _finding(
        "parse-error", "src/broken.cu", 3, 1, 2, "syntax error near `template <typename T>`", origin="engine"
    ),
    _finding(
        "io-error",
        "src/unreadable kernels/stale.cu",
        0,
        0,
        0,
        "cannot read: permission denied",
        origin="engine",
    ),
)

FILES: tuple[SourceFile, ...] = (
    SourceFile("CMakeLists.txt", "cmake", 12),
    SourceFile("README.md", "", 0, "not a source file"),
    SourceFile("data/weights.bin", "", 0, "binary"),
    SourceFile("src/broken.cu", "cuda", 9),
    SourceFile("src/kernels/reduce.cu", "cuda", 30),
    SourceFile("src/unreadable kernels/stale.cu", "cuda", 0),
    SourceFile("src/vector_add.cu", "cuda", 40),
    SourceFile("train.py", "python", 50),
    SourceFile("utils.py", "python", 20),
)


def sample_result(root: str = "project", findings: tuple[Finding, ...] = FINDINGS) -> ScanResult:
    """A small scan of a mixed tree: fixable and manual sites, an unsafe fix, a parse error, an io error."""
    return ScanResult(root=root, findings=findings, files=FILES, rules=RULES, tool_version="0.1.0")


@pytest.fixture
def mixed() -> ScanResult:
    return sample_result()


@pytest.fixture
def clean() -> ScanResult:
    files = (SourceFile("main.cpp", "cpp", 10), SourceFile("model.py", "python", 25))
    return ScanResult(root="clean", findings=(), files=files, rules=RULES, tool_version="0.1.0")


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Callable[[str, str], None]:
    """Compare `text` with golden/<name>, or rewrite the file under --update-goldens."""
    update = bool(request.config.getoption("--update-goldens", default=False))

    def check(name: str, text: str) -> None:
        path = GOLDEN_DIR / name
        if update:
            path.write_text(text, encoding="utf-8", newline="")
            return
        assert path.exists(), f"{path} is missing; run pytest with --update-goldens and review it"
        assert text == path.read_text(encoding="utf-8"), (
            f"{name} differs; rerun with --update-goldens and diff"
        )

    return check


@pytest.fixture
def make_result() -> Callable[..., ScanResult]:
    """The mixed scan with another root or findings."""
    return sample_result
