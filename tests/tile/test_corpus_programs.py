"""The extension, load_inline, CuPy and Numba corpus programs under `migrate apply --tile`: the committed
corpus/<program>/migrated_tile/ is what it writes, and each migrated program runs on the CPU build of torch under
TRITON_INTERPRET=1 and prints PASS against its own references (the programs' own tolerances)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from migrate.engine import ScanOptions, plan_migration
from migrate.tile.command import apply_tile

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
# program -> its migrated script (in corpus/<program>/migrated_tile), run with `--out PATH`.
PROGRAMS = {
    "torch_extension": "test_rowops.py",
    "load_inline_ext": "load_inline_ext.py",
    "cupy_kernels": "cupy_kernels.py",
    "numba_kernels": "numba_kernels.py",
}


def _migrated(program: str) -> dict[str, bytes]:
    """The Python files `migrate apply --tile` writes for a program: rewritten sources and new tile modules."""
    folder = CORPUS / program
    _, plans = plan_migration(ScanOptions(paths=(folder,), root=folder))
    texts = {plan.relpath: plan.migrated for plan in plans if plan.changed and "/" not in plan.relpath}
    outputs, _ = apply_tile(folder, [folder], texts, None, write=False)
    files = {path: data for path, data in texts.items() if path.endswith(".py")}
    files.update(outputs)
    return dict(sorted(files.items()))


# C++ programs whose kernels the tile path turns into a module of their own, committed as an example of its output.
KERNEL_MODULES = ("layernorm", "matmul_tiled", "reduction", "softmax", "vector_add")


@pytest.mark.parametrize("program", KERNEL_MODULES)
def test_committed_kernel_module_is_what_tile_writes(program: str, request: pytest.FixtureRequest) -> None:
    """corpus/<program>/migrated_tile/<program>_tile.py is `migrate tile <program>.cu`'s module, byte for byte."""
    from migrate.tile import translate_tree

    source = f"{program}.cu"
    written = translate_tree({source: (CORPUS / program / source).read_bytes()}).new_files[f"{program}_tile.py"]
    committed = CORPUS / program / "migrated_tile" / f"{program}_tile.py"
    if request.config.getoption("--update-goldens"):
        committed.write_text(written, encoding="utf-8")
    assert committed.read_text(encoding="utf-8") == written, f"{program}/migrated_tile differs from migrate tile"


@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_committed_is_what_apply_tile_writes(program: str, request: pytest.FixtureRequest) -> None:
    committed = CORPUS / program / "migrated_tile"
    files = _migrated(program)
    if request.config.getoption("--update-goldens"):
        committed.mkdir(exist_ok=True)
        for stale in committed.glob("*.py"):
            if stale.name not in files:
                stale.unlink()
        for name, data in files.items():
            (committed / name).write_bytes(data)
    assert sorted(p.name for p in committed.glob("*.py")) == sorted(files)
    for name, data in files.items():
        assert (committed / name).read_bytes() == data, f"{program}/migrated_tile/{name} differs from apply --tile"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "runtime" / "python"), env.get("PYTHONPATH", "")])
    env.update(TRITON_INTERPRET="1", CUDA_VISIBLE_DEVICES="", OMP_NUM_THREADS="1", PYTHONDONTWRITEBYTECODE="1")
    env.pop("CORPUS_OUT", None)
    return env


@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_migrated_program_passes_on_cpu(program: str, tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    pytest.importorskip("triton")
    if program == "numba_kernels":
        pytest.importorskip("numba")
    if torch.accelerator.is_available():
        pytest.skip("these runs show the CPU build; an accelerator is present")
    folder = CORPUS / program / "migrated_tile"
    out = tmp_path / "out.bin"
    if (folder / "setup.py").is_file():  # it needs no CUDA now: building only copies the module
        build = subprocess.run([sys.executable, "setup.py", "-q", "build", "--build-base", str(tmp_path / "build")],
                               cwd=folder, env=_env(), capture_output=True, text=True, timeout=300, check=False)
        assert build.returncode == 0, build.stdout + build.stderr
        assert "nvcc" not in build.stdout + build.stderr
    run = subprocess.run([sys.executable, PROGRAMS[program], "--out", str(out)], cwd=folder, env=_env(),
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.rstrip().endswith("PASS"), run.stdout
    assert out.stat().st_size > 0
