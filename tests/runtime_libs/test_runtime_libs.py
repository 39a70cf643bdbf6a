"""Builds and runs the runtime's library test programs (prtccl, prtblas, prtrand) on the CPU backend."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INCLUDE = ROOT / "runtime" / "include"
PROGRAMS = Path(__file__).resolve().parent / "programs"
CXXFLAGS = ["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-pthread", f"-I{INCLUDE}"]
# Open MPI as root in a container: allow it, and skip the cross-memory-attach copy that such containers forbid.
MPI_ENV = {"OMPI_MCA_btl_vader_single_copy_mechanism": "none", "OMPI_ALLOW_RUN_AS_ROOT": "1",
           "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}


def _have_cblas() -> bool:
    """OpenBLAS's CBLAS header and library, as Debian's libopenblas-dev installs them."""
    probe = subprocess.run(["g++", "-x", "c++", "-", "-o", os.devnull, "-lopenblas"],
                           input="#include <cblas.h>\nint main() { return (int)cblas_sdot(0, 0, 1, 0, 1); }\n",
                           capture_output=True, text=True)
    return probe.returncode == 0


def _build(tmp_path: Path, source: str, compiler: str = "g++", extra: list[str] | None = None) -> Path:
    exe = tmp_path / Path(source).stem
    cmd = [compiler, *CXXFLAGS, str(PROGRAMS / source), "-o", str(exe), *(extra or [])]
    result = subprocess.run(cmd, capture_output=True, text=True)
    assert result.returncode == 0, f"{' '.join(cmd)}\n{result.stderr}"
    return exe


def _run(cmd: list[str], env: dict[str, str] | None = None, timeout: int = 120) -> str:
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                            env={**os.environ, **(env or {})})
    assert result.returncode == 0, f"{' '.join(cmd)} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    assert "PASS" in result.stdout, result.stdout + result.stderr
    return result.stdout


needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not installed")


@needs_gxx
def test_rand(tmp_path: Path) -> None:
    _run([str(_build(tmp_path, "rand_test.cpp"))])


@needs_gxx
def test_blas(tmp_path: Path) -> None:
    if not _have_cblas():
        pytest.skip("OpenBLAS (libopenblas-dev) not installed")
    _run([str(_build(tmp_path, "blas_test.cpp", extra=["-lopenblas"]))])


@needs_gxx
def test_ccl_in_process(tmp_path: Path) -> None:
    _run([str(_build(tmp_path, "ccl_test.cpp"))])


@needs_gxx
def test_ccl_threads_init_rank(tmp_path: Path) -> None:
    exe = _build(tmp_path, "ccl_ranks.cpp")
    out = _run([str(exe), "3"])
    assert "allreduce ranks=3" in out


@pytest.mark.skipif(shutil.which("mpicxx") is None or shutil.which("mpirun") is None,
                    reason="Open MPI (openmpi-bin, libopenmpi-dev) not installed")
def test_ccl_mpi(tmp_path: Path) -> None:
    exe = _build(tmp_path, "ccl_ranks.cpp", compiler="mpicxx", extra=["-DPRT_WITH_MPI"])
    out = _run(["mpirun", "--oversubscribe", "--allow-run-as-root", "-np", "2", str(exe)], env=MPI_ENV)
    assert out.count("PASS") == 2, out
    # The same sums as the threaded run of the same source.
    (tmp_path / "threads").mkdir()
    threads = _run([str(_build(tmp_path / "threads", "ccl_ranks.cpp")), "2"])
    digest = [line for line in out.splitlines() if line.startswith("allreduce")]
    assert digest and digest[0] in threads, (out, threads)


def _cuda_library_includes() -> list[str]:
    """Include folders of the NCCL, cuBLAS and cuRAND headers: PRT_CUDA_LIB_INCLUDE (os.pathsep-separated), else
    the nvidia-* wheels of this Python."""
    if os.environ.get("PRT_CUDA_LIB_INCLUDE"):
        return [p for p in os.environ["PRT_CUDA_LIB_INCLUDE"].split(os.pathsep) if p]
    found: list[str] = []
    for entry in sys.path:
        base = Path(entry) / "nvidia"
        if base.is_dir():
            found += sorted(str(p) for p in base.glob("*/include") if p.is_dir())
    return found


def _has_header(includes: list[str], name: str) -> bool:
    return any((Path(p) / name).is_file() for p in includes)


PROGRAM_HEADERS = {"rand_test.cpp": "curand_kernel.h", "blas_test.cpp": "cublas_v2.h", "ccl_test.cpp": "nccl.h",
                   "ccl_ranks.cpp": "nccl.h"}


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")
@pytest.mark.parametrize("source", sorted(PROGRAM_HEADERS))
def test_compiles_with_nvcc(tmp_path: Path, source: str) -> None:
    includes = _cuda_library_includes()
    if not _has_header(includes, PROGRAM_HEADERS[source]):
        pytest.skip(f"{PROGRAM_HEADERS[source]} not found (pip install nvidia-nccl-cu13 nvidia-cublas nvidia-curand, "
                    "or set PRT_CUDA_LIB_INCLUDE)")
    cmd = ["nvcc", "-std=c++17", "-arch=sm_90", "-x", "cu", f"-I{INCLUDE}", *(f"-I{p}" for p in includes), "-c",
           str(PROGRAMS / source), "-o", str(tmp_path / "out.o")]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{' '.join(cmd)}\n{result.stderr}"


# The CUDA libraries whose APIs the runtime carries, and what each one's -l name links on the CPU backend.
CPU_LINK_SHIMS = {"cublas": "openblas", "cublasLt": "openblas", "cufft": "fftw3", "cusolver": "openblas",
                  "cusparse": None, "curand": None}


@needs_gxx
@pytest.mark.parametrize("library", sorted(CPU_LINK_SHIMS))
def test_a_migrated_makefile_links_each_cuda_library_name_on_the_cpu(tmp_path: Path, library: str) -> None:
    """A migrated build keeps its Makefile's -lcublasLt and the like: on the CPU backend each resolves to the library
    that backend runs on (or to nothing), through the runtime's link folder."""
    from migrate.runtime_info import lib_dir

    assert (Path(lib_dir()) / f"lib{library}.so").is_file(), f"no CPU link shim for -l{library}"
    backing = CPU_LINK_SHIMS[library]
    if backing is not None:
        probe = subprocess.run(["g++", "-x", "c++", "-", "-o", os.devnull, f"-l{backing}"], input="int main() {}\n",
                               capture_output=True, text=True, check=False)
        if probe.returncode != 0:
            pytest.skip(f"lib{backing} is not installed")
    source = tmp_path / "main.cpp"
    source.write_text("int main() { return 0; }\n", encoding="utf-8")
    cmd = ["g++", str(source), "-o", str(tmp_path / "main"), f"-L{lib_dir()}", f"-l{library}"]
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{' '.join(cmd)}\n{result.stderr}"
