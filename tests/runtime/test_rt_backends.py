"""Every test program also compiles for the CUDA backend (nvcc, sm_90) and the HIP backend (hipcc, gfx90a):
the same source, the backend picked by the compiler. Skipped where the compiler is absent."""

import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import ALL, INCLUDE, PROGRAMS

# The collective, BLAS and RNG areas need NCCL/cuBLAS/cuRAND headers, which a bare toolkit lacks.
NO_LIBS = ["-DPRT_NO_CCL", "-DPRT_NO_BLAS", "-DPRT_NO_RAND"]


# Programs that need a library the HIP machine may lack: hipCUB for prt/cub.h, rocThrust for prt/thrust.h.
HIP_LIBRARIES = {"cub": "hipcub/hipcub.hpp", "thrust": "thrust/system/hip/execution_policy.h"}
# Programs that use what Debian 12's HIP (ROCm 5) does not have: its cooperative groups lack a tile's
# meta_group_rank/size and cg::reduce with its operators, and their grid helpers do not compile (they name
# hipBlockDim_x and its kin, which that HIP no longer declares); its surface reads exist only in the form that
# writes through a pointer, and take no boundary mode (as in later ROCm releases too).
HIP_GAPS = {"cooperative_groups", "grid_sync", "texture"}


def _hip_has(header: str) -> bool:
    return any(os.path.isfile(os.path.join(root, header)) for root in ("/usr/include", "/opt/rocm/include"))


def _compile_all(cmd_for, tmp_path, skip=()):
    def one(name):
        cmd = cmd_for(PROGRAMS / f"{name}.cu", tmp_path / f"{name}.o")
        proc = subprocess.run(cmd, capture_output=True, text=True)
        return name, proc.returncode, " ".join(cmd) + "\n" + proc.stdout + proc.stderr

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(one, [name for name in ALL if name not in skip]))
    failed = [f"{name}:\n{log}" for name, rc, log in results if rc != 0]
    assert not failed, "\n".join(failed)


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not found")
def test_programs_compile_with_nvcc(tmp_path):
    _compile_all(
        lambda src, obj: ["nvcc", "-arch=sm_90", "-std=c++17", "-Werror", "all-warnings", *NO_LIBS, f"-I{INCLUDE}",
                          "-c", str(src), "-o", str(obj)],
        tmp_path,
    )


@pytest.mark.skipif(shutil.which("hipcc") is None, reason="hipcc not found")
def test_programs_compile_with_hipcc(tmp_path):
    env_cmd = ["env", "HIP_PLATFORM=amd", "hipcc", "--offload-arch=gfx90a", "-std=c++17", "-Wno-unused-result"]
    missing = {name for name, header in HIP_LIBRARIES.items() if not _hip_has(header)}
    _compile_all(
        lambda src, obj: [*env_cmd, *NO_LIBS, f"-I{INCLUDE}", "-x", "hip", "-c", str(src), "-o", str(obj)],
        tmp_path,
        skip=missing | HIP_GAPS,
    )
    for name in sorted(missing):  # without its library, the header stops with one error naming the package
        proc = subprocess.run([*env_cmd, *NO_LIBS, f"-I{INCLUDE}", "-x", "hip", "-fsyntax-only",
                               str(PROGRAMS / f"{name}.cu")], capture_output=True, text=True)
        assert proc.returncode != 0
        assert "is not installed" in proc.stderr and "apt install" in proc.stderr, proc.stderr


def test_nvcc_can_force_the_cpu_backend(tmp_path):
    """-DPRT_BACKEND_CPU with a plain C++ compile gives the CPU backend whatever the compiler."""
    src = tmp_path / "p.cu"
    src.write_text('#include <prt/prt.h>\nstatic_assert(PRT_BACKEND_CPU && !PRT_BACKEND_CUDA, "cpu");\nint main() {}\n')
    proc = subprocess.run(["g++", "-x", "c++", "-std=c++17", "-DPRT_BACKEND_CPU", f"-I{INCLUDE}", "-fsyntax-only",
                           str(src)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


NAMES = sorted((PROGRAMS / "names").glob("*.cu"))


@pytest.mark.parametrize("src", NAMES, ids=lambda p: p.stem)
@pytest.mark.parametrize("compiler", ["g++", "nvcc", "hipcc"])
def test_name_tables_compile(tmp_path, src, compiler):
    """The names the portable tables list exist on each backend."""
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} not found")
    cmd = {
        "g++": ["g++", "-x", "c++", "-std=c++17"],
        "nvcc": ["nvcc", "-arch=sm_90", "-std=c++17"],
        "hipcc": ["env", "HIP_PLATFORM=amd", "hipcc", "--offload-arch=gfx90a", "-std=c++17", "-x", "hip"],
    }[compiler]
    proc = subprocess.run([*cmd, *NO_LIBS, f"-I{INCLUDE}", "-c", str(src), "-o", str(tmp_path / "o.o")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
