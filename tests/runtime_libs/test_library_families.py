"""The cuBLASLt-style, FFT, dense-solver and sparse areas (prtblasLt, prtfft, prtsolverDn, prtsparse): run on the CPU
backend against NumPy, compile with nvcc and hipcc, and stop with one #error where their library is missing."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import references  # noqa: E402  (the NumPy side, also run by benchmarks/runtime_libs_device.sh)

ROOT = HERE.parents[1]
INCLUDE = ROOT / "runtime" / "include"
PROGRAMS = HERE / "programs"
CXXFLAGS = ["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-pthread", f"-I{INCLUDE}"]
LINK = {"blaslt": ["-lopenblas"], "fft": ["-lfftw3f", "-lfftw3"], "solver": ["-lopenblas"], "sparse": []}
# What each family needs on the CPU, as Debian packages it, and the header that shows it is there.
CPU_LIBRARY = {"blaslt": ("cblas.h", "libopenblas-dev"), "fft": ("fftw3.h", "libfftw3-dev"),
               "solver": ("cblas.h", "libopenblas-dev"), "sparse": None}
CUDA_HEADER = {"blaslt": "cublasLt.h", "fft": "cufft.h", "solver": "cusolverDn.h", "sparse": "cusparse.h"}
HIP_HEADERS = {"blaslt": ("hipblaslt/hipblaslt.h",), "fft": ("hipfft/hipfft.h", "hipfft.h"),
               "solver": ("hipsolver/hipsolver.h", "hipsolver.h"), "sparse": ("hipsparse/hipsparse.h", "hipsparse.h")}
FAMILIES = sorted(LINK)

needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not installed")


def _has_cpu_library(family: str) -> bool:
    need = CPU_LIBRARY[family]
    if need is None:
        return True
    probe = subprocess.run(["g++", "-x", "c++", "-fsyntax-only", "-"], input=f"#include <{need[0]}>\n",
                           capture_output=True, text=True)
    return probe.returncode == 0


def _build(tmp_path: Path, family: str) -> Path:
    exe = tmp_path / f"{family}_test"
    cmd = ["g++", *CXXFLAGS, str(PROGRAMS / f"{family}_test.cpp"), "-o", str(exe), *LINK[family]]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"{' '.join(cmd)}\n{result.stderr}"
    return exe


@needs_gxx
@pytest.mark.parametrize("family", FAMILIES)
def test_cpu_backend_against_numpy(tmp_path: Path, family: str) -> None:
    if not _has_cpu_library(family):
        pytest.skip(f"{CPU_LIBRARY[family][1]} not installed")
    exe = _build(tmp_path, family)
    data = tmp_path / "data"
    references.write_inputs(family, data)
    run = subprocess.run([str(exe), str(data)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and f"PASS {family}" in run.stdout, run.stdout + run.stderr
    errors = references.check_outputs(family, data, cpu=True)
    assert not errors, "\n".join(errors)


def test_references_catch_a_wrong_output(tmp_path: Path) -> None:
    """The NumPy check is not vacuous: one perturbed output element, or a missing output, is reported."""
    data = tmp_path / "data"
    references.write_inputs("fft", data)
    for name, dtype, shape, out_dtype, count, reference in references._fft_cases():
        want = reference(references._fft_input(name, dtype, shape).astype(
            "complex128" if "complex" in str(dtype.__name__) else "float64"))
        (data / f"{name}.out").write_bytes(want.astype(out_dtype).ravel().tobytes())
    assert references.check_outputs("fft", data) == []
    spoiled = bytearray((data / "z2z_2d.out").read_bytes())
    spoiled[8:16] = bytes(8)  # imaginary part of the first element
    (data / "z2z_2d.out").write_bytes(bytes(spoiled))
    (data / "c2c_made.out").unlink()
    errors = references.check_outputs("fft", data)
    assert any(e.startswith("z2z_2d:") for e in errors) and any(e.startswith("c2c_made") for e in errors), errors


def _sysroot_without(tmp_path: Path, hidden: re.Pattern[str]) -> Path:
    """A sysroot of links to this machine's /usr/include, less the headers `hidden` matches."""
    root = tmp_path / "sysroot"

    def mirror(src: Path, dst: Path, depth: int) -> None:
        dst.mkdir(parents=True, exist_ok=True)
        for entry in src.iterdir():
            if hidden.fullmatch(entry.name):
                continue
            if entry.is_dir() and depth < 2 and entry.name in ("x86_64-linux-gnu", "aarch64-linux-gnu"):
                mirror(entry, dst / entry.name, depth + 1)
            else:
                (dst / entry.name).symlink_to(entry)

    mirror(Path("/usr/include"), root / "usr" / "include", 0)
    return root


# The headers to hide for a family's CPU library to be missing, and the package its #error must name.
MISSING = {"fft": (r"fftw3.*", "libfftw3-dev"), "solver": (r"cblas.*|openblas.*", "libopenblas-dev"),
           "blas": (r"cblas.*|openblas.*", "libopenblas-dev"), "blaslt": (r"cblas.*|openblas.*", "libopenblas-dev")}


@needs_gxx
@pytest.mark.parametrize("family", sorted(MISSING))
def test_missing_cpu_library_is_one_error(tmp_path: Path, family: str) -> None:
    pattern, package = MISSING[family]
    hidden = re.compile(pattern)
    if not Path("/usr/include/x86_64-linux-gnu").is_dir():
        pytest.skip("needs a Debian-style multiarch /usr/include")
    root = _sysroot_without(tmp_path, hidden)
    source = tmp_path / "use.cpp"
    source.write_text(f'#include "prt/{family}.h"\nint main() {{ return 0; }}\n', encoding="utf-8")
    plain = subprocess.run(["g++", "-std=c++17", f"-I{INCLUDE}", "-fsyntax-only", str(source)], capture_output=True,
                           text=True)
    assert plain.returncode == 0, plain.stderr  # the header itself is fine where the library is there
    hidden_run = subprocess.run(["g++", f"--sysroot={root}", "-std=c++17", f"-I{INCLUDE}", "-fsyntax-only",
                                 str(source)], capture_output=True, text=True)
    errors = [line for line in hidden_run.stderr.splitlines() if ": error:" in line]
    assert hidden_run.returncode != 0 and len(errors) == 1, hidden_run.stderr
    assert package in errors[0] and "#error" in errors[0], errors[0]
    # prt/prt.h alone still builds there: it leaves out what it cannot bring in.
    source.write_text('#include "prt/prt.h"\nint main() { return 0; }\n', encoding="utf-8")
    umbrella = subprocess.run(["g++", f"--sysroot={root}", "-std=c++17", f"-I{INCLUDE}", "-fsyntax-only",
                               str(source)], capture_output=True, text=True)
    assert umbrella.returncode == 0, umbrella.stderr


def test_portable_names_are_declared_by_the_runtime() -> None:
    """Every name the cuBLAS(Lt), cuFFT, cuSOLVER and cuSPARSE maps rewrite to is a name the runtime headers declare."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in INCLUDE.rglob("*.h"))
    declared = set(re.findall(r"\b[A-Za-z_]\w*\b", text))
    missing = []
    for table in ("cublas", "cufft", "cusolver", "cusparse"):
        names = tomllib.loads((ROOT / "rules" / "maps" / "portable" / f"{table}.toml").read_text(encoding="utf-8"))
        missing += [f"{table}: {cuda} -> {prt}" for cuda, prt in names["names"].items() if prt not in declared]
    assert not missing, "\n".join(missing)


def _cuda_library_includes() -> list[str]:
    """Include folders of the CUDA library headers: PRT_CUDA_LIB_INCLUDE (os.pathsep-separated), else the nvidia-*
    wheels of this Python, else migrate's wheel cache."""
    if os.environ.get("PRT_CUDA_LIB_INCLUDE"):
        return [p for p in os.environ["PRT_CUDA_LIB_INCLUDE"].split(os.pathsep) if p]
    found: list[str] = []
    for entry in [*sys.path, str(Path.home() / ".cache" / "migrate-wheels" / "extracted")]:
        base = Path(entry) / "nvidia"
        if base.is_dir():
            found += sorted(str(p) for p in base.glob("*/include") if p.is_dir())
    return found


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")
@pytest.mark.parametrize("family", FAMILIES)
def test_compiles_with_nvcc(tmp_path: Path, family: str) -> None:
    includes = _cuda_library_includes()
    if not any((Path(p) / CUDA_HEADER[family]).is_file() for p in includes):
        pytest.skip(f"{CUDA_HEADER[family]} not found (pip download nvidia-cublas / nvidia-cufft / nvidia-cusolver / "
                    "nvidia-cusparse, "
                    "or set PRT_CUDA_LIB_INCLUDE)")
    cmd = ["nvcc", "-std=c++17", "-arch=sm_90", "-x", "cu", f"-I{INCLUDE}", *(f"-I{p}" for p in includes),
           "-Xcompiler", "-Wall", "-c", str(PROGRAMS / f"{family}_test.cpp"), "-o", str(tmp_path / "out.o")]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"{' '.join(cmd)}\n{result.stderr}"


def _rocm_includes() -> list[str]:
    """Folders holding hipFFT/hipSOLVER/hipSPARSE headers: PRT_ROCM_INCLUDE (os.pathsep-separated) and /usr/include."""
    extra = [p for p in os.environ.get("PRT_ROCM_INCLUDE", "").split(os.pathsep) if p]
    return [*extra, "/usr/include", "/opt/rocm/include"]


@pytest.mark.skipif(shutil.which("hipcc") is None, reason="hipcc not installed (Debian: hipcc, libamdhip64-dev)")
@pytest.mark.parametrize("family", FAMILIES)
def test_compiles_with_hipcc(tmp_path: Path, family: str) -> None:
    includes = _rocm_includes()
    if not any((Path(p) / h).is_file() for p in includes for h in HIP_HEADERS[family]):
        pytest.skip(f"no {HIP_HEADERS[family][0]}: Debian 12 packages hipSPARSE (libhipsparse-dev) but not hipFFT or "
                    "hipSOLVER; point PRT_ROCM_INCLUDE at their headers")
    env = {**os.environ, "HIP_PLATFORM": "amd"}
    if shutil.which("nvcc"):
        # With nvcc on the PATH hipcc picks the NVIDIA platform: keep it off.
        env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep)
                                      if not (Path(p) / "nvcc").exists())
    cmd = ["hipcc", "--offload-arch=gfx90a", "-std=c++17", "-DPRT_NO_CCL", "-DPRT_NO_BLAS", "-DPRT_NO_RAND",
           f"-I{INCLUDE}", *(f"-I{p}" for p in includes if p not in ("/usr/include",)), "-c",
           str(PROGRAMS / f"{family}_test.cpp"), "-o", str(tmp_path / "out.o")]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env)
    assert result.returncode == 0, f"{' '.join(cmd)}\n{result.stderr}"
