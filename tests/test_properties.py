"""Properties over every corpus file and fixture input: determinism, edits inside their findings, silence on noise."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from migrate.engine import ScanOptions, scan, scan_bytes, select_rules
from migrate.match import compile_rules
from migrate.model import Edit, Finding
from migrate.report import render
from migrate.rules import load_catalog
from migrate.sources import language_of

REPO = Path(__file__).resolve().parent.parent
CATALOG = load_catalog()
ALL_RULES = compile_rules(CATALOG, select_rules(CATALOG, [], []))
NO_RULES = compile_rules(CATALOG, [])


def _language(path: Path) -> str:
    if path.name.startswith("input") and path.suffix == ".txt":
        return "requirements"
    return language_of(path) or "cuda"


def _inputs() -> list[Path]:
    corpus = [p for p in (REPO / "corpus").rglob("*") if p.is_file() and language_of(p) and "__pycache__" not in p.parts]
    fixtures = [
        p
        for case in (REPO / "tests" / "fixtures").glob("*/*")
        if case.is_dir()
        for p in case.iterdir()
        if p.is_file() and (p.name.startswith("input") or p.name in ("CMakeLists.txt", "Makefile"))
    ]
    return sorted(corpus + fixtures)


INPUTS = _inputs()


def _id(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def _line_starts(data: bytes) -> list[int]:
    starts = [0]
    pos = data.find(b"\n")
    while pos != -1:
        starts.append(pos + 1)
        pos = data.find(b"\n", pos + 1)
    return starts


def _offset(data: bytes, starts: list[int], line: int, column: int) -> int:
    """The byte offset of a 1-based line and character column."""
    start = starts[line - 1]
    end = starts[line] if line < len(starts) else len(data)
    text = data[start:end].decode("utf-8", "surrogateescape")
    return start + len(text[: column - 1].encode("utf-8", "surrogateescape"))


def _apply(data: bytes, edits: tuple[Edit, ...]) -> bytes:
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        data = data[: edit.start] + edit.text.encode("utf-8") + data[edit.end :]
    return data


def _findings(path: Path) -> tuple[bytes, list[Finding]]:
    data = path.read_bytes()
    return data, scan_bytes(ALL_RULES, _id(path), _language(path), data)


def test_there_is_something_to_check() -> None:
    assert len(INPUTS) > 50
    assert any(p.suffix == ".cu" for p in INPUTS) and any(p.suffix == ".py" for p in INPUTS)


def test_two_scans_give_identical_json(tmp_path: Path) -> None:
    """The whole corpus and every fixture, twice, one process and two: byte-identical JSON and SARIF."""
    base = dict(paths=tuple(INPUTS), root=REPO, cache_dir=None)
    first = scan(ScanOptions(**base, jobs=1))
    second = scan(ScanOptions(**base, jobs=1))
    parallel = scan(ScanOptions(**base, jobs=2))
    assert first.findings
    assert list(first.findings) == sorted(first.findings, key=lambda f: f.sort_key)
    for fmt in ("json", "sarif"):
        assert render(first, fmt) == render(second, fmt) == render(parallel, fmt)


def test_cache_round_trip_gives_identical_json(tmp_path: Path) -> None:
    options = ScanOptions(paths=tuple(INPUTS), root=REPO, cache_dir=tmp_path, jobs=1)
    cold = render(scan(options), "json")
    warm = render(scan(options), "json")
    assert cold == warm


@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_edits_lie_inside_their_findings(path: Path) -> None:
    data, findings = _findings(path)
    starts = _line_starts(data)
    for finding in findings:
        where = f"{finding.path}:{finding.line}:{finding.column} [{finding.rule_id}]"
        span_start = _offset(data, starts, finding.line, finding.column)
        span_end = _offset(data, starts, finding.end_line, finding.end_column)
        assert 0 <= span_start <= span_end <= len(data), where
        edits = sorted(finding.edits, key=lambda e: (e.start, e.end))
        for edit in edits:
            assert 0 <= edit.start <= edit.end <= len(data), f"{where}: edit {edit} outside the file"
        for before, after in zip(edits, edits[1:]):
            assert before.end <= after.start, f"{where}: edits {before} and {after} overlap"
        if not edits:
            continue
        changed = _apply(data, finding.edits)
        tail = len(data) - span_end
        assert changed[:span_start] == data[:span_start], f"{where}: an edit changes bytes before the finding"
        assert changed[len(changed) - tail :] == data[span_end:], f"{where}: an edit changes bytes after the finding"


@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_findings_lie_inside_the_file(path: Path) -> None:
    data, findings = _findings(path)
    lines = len(_line_starts(data))
    for finding in findings:
        assert 1 <= finding.line <= finding.end_line <= lines
        assert finding.column >= 1 and finding.end_column >= 1
        if finding.line == finding.end_line:
            assert finding.end_column >= finding.column


@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_no_rule_selected_finds_nothing(path: Path) -> None:
    data = path.read_bytes()
    assert scan_bytes(NO_RULES, _id(path), _language(path), data) == []


# -- names in comments and strings never fire ---------------------------------------------------------------------

CUDA_WORDS = (
    "cudaMalloc", "cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice)", "__global__ void k()", "__syncthreads()",
    "kernel<<<grid, block>>>(x)", "__shfl_down_sync(0xffffffff, v, 16)", "ncclAllReduce", "cublasSgemm",
    "curand_init", "__shared__ float tile[32]", "threadIdx.x % 32", "#include <cuda_runtime.h>", "cudaStream_t",
    "torch.cuda.synchronize()", ".cuda()", "thrust::sort", "cub::DeviceReduce", "asm(\"mov.u32 %0, %%laneid;\")",
)

CLEAN_CPP = [
    "#include <vector>",
    "#include <string>",
    "",
    "namespace app {",
    "",
    "struct Stats {",
    "    double mean = 0.0;",
    "    int count = 0;",
    "};",
    "",
    "static int clamp_index(int i, int n)",
    "{",
    "    if (i < 0) return 0;",
    "    return i >= n ? n - 1 : i;",
    "}",
    "",
    "Stats summarize(const std::vector<double>& values)",
    "{",
    "    Stats s;",
    "    for (double v : values) {",
    "        s.mean += v;",
    "        s.count += 1;",
    "    }",
    "    if (s.count > 0) s.mean /= s.count;",
    "    return s;",
    "}",
    "",
    "}  // namespace app",
]
# Lines after which a declaration may follow at namespace or block scope.
DECLARATION_SLOTS = [i for i, line in enumerate(CLEAN_CPP) if line in ("", "{", "    Stats s;")]


def _cpp_comment(word: str, style: int) -> str:
    clean = word.replace("*/", "* /")
    return (f"// {word}", f"/* {clean} */", f"/// see {word} for details")[style]


def _cpp_string(word: str, index: int) -> str:
    escaped = word.replace("\\", "\\\\").replace('"', '\\"')
    return f'static const char* kNote{index} = "{escaped}";'


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    insertions=st.lists(
        st.tuples(
            st.sampled_from(CUDA_WORDS),
            st.integers(min_value=0, max_value=len(CLEAN_CPP) - 1),
            st.sampled_from(("comment-end", "comment-line", "block-comment", "string")),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_cuda_names_in_cpp_comments_and_strings_never_fire(insertions: list[tuple[str, int, str]]) -> None:
    lines = list(CLEAN_CPP)
    additions: dict[int, list[str]] = {}
    for index, (word, at, how) in enumerate(insertions):
        if how == "comment-end":
            lines[at] = f"{lines[at]}  {_cpp_comment(word, 0)}"
        elif how == "comment-line":
            additions.setdefault(at, []).append(_cpp_comment(word, index % 3))
        elif how == "block-comment":
            additions.setdefault(at, []).append("/*\n * " + word.replace("*/", "* /") + "\n */")
        else:
            slot = DECLARATION_SLOTS[at % len(DECLARATION_SLOTS)]
            additions.setdefault(slot, []).append(_cpp_string(word, index))
    out: list[str] = []
    for number, line in enumerate(lines):
        out.append(line)
        out.extend(additions.get(number, []))
    data = ("\n".join(out) + "\n").encode()
    findings = scan_bytes(ALL_RULES, "clean.cpp", "cuda", data)
    assert findings == [], "\n" + data.decode() + "\n" + "\n".join(f"{f.line}:{f.column} {f.rule_id}" for f in findings)


CLEAN_PY = [
    '"""Summaries of run logs."""',
    "",
    "import json",
    "import statistics",
    "",
    "",
    "def load(path):",
    '    with open(path, encoding="utf-8") as handle:',
    "        return json.load(handle)",
    "",
    "",
    "def summarize(values):",
    "    if not values:",
    "        return 0.0",
    "    return statistics.fmean(values)",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    insertions=st.lists(
        st.tuples(
            st.sampled_from(CUDA_WORDS),
            st.integers(min_value=0, max_value=len(CLEAN_PY) - 1),
            st.booleans(),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_cuda_names_in_python_comments_and_strings_never_fire(insertions: list[tuple[str, int, bool]]) -> None:
    lines = list(CLEAN_PY)
    for index, (word, at, as_string) in enumerate(insertions):
        if as_string:
            # A module-level constant after the imports: a string that mentions CUDA is not CUDA code.
            lines.insert(5, f"NOTE_{index} = {word!r}")
        else:
            lines[at] = f"{lines[at]}  # {word}" if lines[at].strip() else f"# {word}"
    data = ("\n".join(lines) + "\n").encode()
    findings = scan_bytes(ALL_RULES, "clean.py", "python", data)
    assert findings == [], "\n" + data.decode() + "\n" + "\n".join(f"{f.line}:{f.column} {f.rule_id}" for f in findings)
