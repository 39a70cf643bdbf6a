"""The tile path never raises on a CUDA source: whole programs (HeCBench's, where a checkout is present), every file
cut short inside each kernel, and the repository's own kernels; a kernel it cannot lower gets a finding saying why."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import migrate.tile as tile
from migrate.tile import translate_cuda, translate_tree

ROOT = Path(__file__).resolve().parents[2]
HECBENCH = Path(os.environ.get("MIGRATE_HECBENCH_SRC", "/work/scratch/hecbench/src"))
OWN = sorted(p for p in [*ROOT.glob("tests/tile/fixtures/*/input.cu"), *ROOT.glob("corpus/**/*.cu")] if p.is_file())


def _variants(data: bytes) -> list[bytes]:
    """The source, and copies cut short or with a few bytes deleted at points inside each of its first kernels."""
    out = [data]
    for start in [m.start() for m in re.finditer(rb"__global__", data)][:6]:
        end = data.find(b"\n}", start)
        for fraction in (0.3, 0.6, 0.9):
            cut = start + int((end - start) * fraction)
            out += [data[:cut] + b"\n}\n", data[:cut] + data[cut + 7:]]
    return out


def _kernels(data: bytes) -> int:
    return len(re.findall(rb"__global__\s+(?:void|static\s+void)", data))


@pytest.fixture
def no_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mutated sources give new kernel texts; compiling each would cost minutes and test nothing more here."""
    monkeypatch.setattr(tile, "compile_errors", lambda source, checks: {c.name: "" for c in checks})


@pytest.mark.parametrize("path", OWN, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_own_kernels_and_their_mutations(path: Path, no_compile: None) -> None:
    for variant in _variants(path.read_bytes()):
        kernels, findings = translate_cuda(variant, path.name)
        assert len(findings) >= len(kernels)
        assert all(f.rule in ("tile-kernel", "tile-kept-simt") and f.message for f in findings)


def test_unnamed_parameter_through_the_command_line(tmp_path: Path) -> None:
    """The reported crash: a kernel with an unnamed parameter."""
    source = tmp_path / "t.cu"
    source.write_text("__global__ void k(float* a, int) { a[threadIdx.x] = 1.0f; }\n")
    done = subprocess.run([sys.executable, "-m", "migrate.cli", "tile", str(source), "--out-dir", str(tmp_path / "o")],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "note[tile-kernel] kernel k becomes a Triton kernel" in done.stdout
    assert (tmp_path / "o" / "t_tile.py").is_file()


@pytest.mark.skipif(not HECBENCH.is_dir(), reason=f"no HeCBench checkout at {HECBENCH}")
def test_every_hecbench_program() -> None:
    programs = sorted(p for p in HECBENCH.glob("*-cuda") if p.is_dir())
    assert programs
    silent = []
    for program in programs:
        files = {p.relative_to(program).as_posix(): p.read_bytes() for p in sorted(program.rglob("*"))
                 if p.suffix in (".cu", ".cuh", ".py") and p.is_file()}
        result = translate_tree(files)  # must not raise
        for name, data in files.items():
            if name.endswith(".cu") and _kernels(data) and not any(f.path == name for f in result.findings):
                silent.append(f"{program.name}/{name}")
    assert not silent, f"files with kernels and no finding: {silent[:5]}"


@pytest.mark.skipif(not HECBENCH.is_dir(), reason=f"no HeCBench checkout at {HECBENCH}")
def test_every_hecbench_file_cut_short(no_compile: None) -> None:
    for path in sorted(HECBENCH.glob("*-cuda/**/*.cu")):
        for variant in _variants(path.read_bytes())[1:]:
            translate_cuda(variant, path.name)  # must not raise
