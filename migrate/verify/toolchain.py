"""The machine's compilers and devices: which backends are present, the values commands are filled with, provenance."""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
CXX_DIR = Path(__file__).resolve().parent / "cxx"


@dataclass(frozen=True)
class Toolchain:
    """What this machine offers; every field comes from the environment or a probe, never from a guess."""

    cxx: str
    nvcc: str | None
    gpu: str | None
    driver: str | None
    python: str
    include_dir: Path
    cflags: str
    libs: str
    arch: str
    cuda_cppflags: str
    cuda_ldflags: str

    @property
    def backends(self) -> tuple[str, ...]:
        """Backends this machine can build and run: the CPU always, CUDA with a GPU and nvcc."""
        present = ["cpu"]
        if self.gpu and self.nvcc:
            present.append("cuda")
        return tuple(present)


def _probe(command: list[str]) -> str | None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _runtime_flags() -> tuple[Path, str, str]:
    """The runtime's include folder and CPU-backend flags: $MIGRATE_RUNTIME_INCLUDE when set (another copy of the
    runtime's include folder), else migrate.runtime_info's when it is there."""
    other = os.environ.get("MIGRATE_RUNTIME_INCLUDE")
    if other:
        include = Path(other).resolve()
        return include, f"-I{include} -std=c++17 -fno-strict-aliasing -pthread", "-pthread"
    try:
        from .. import runtime_info  # type: ignore[attr-defined]

        include = Path(runtime_info.include_dir())
        return include, runtime_info.cflags(), runtime_info.libs()
    except (ImportError, AttributeError):
        include = REPO_ROOT / "runtime" / "include"
        return include, f"-std=c++17 -I{include}", "-pthread"


def _cuda_library_flags() -> tuple[str, str]:
    """Include and link flags for CUDA libraries outside the toolkit (the `nvidia-*` pip packages on the H200 image):
    set by whoever knows where they are, as corpus/record_goldens.sh does."""
    return os.environ.get("MIGRATE_VERIFY_CUDA_CPPFLAGS", ""), os.environ.get(
        "MIGRATE_VERIFY_CUDA_LDFLAGS", ""
    )


@cache
def detect() -> Toolchain:
    """Probe once per process: compilers from $CXX/$NVCC or PATH, the GPU from nvidia-smi."""
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++") or "c++"
    nvcc = os.environ.get("NVCC") or shutil.which("nvcc")
    gpu = driver = None
    if shutil.which("nvidia-smi") and os.environ.get("MIGRATE_VERIFY_NO_GPU") is None:
        line = _probe(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"])
        if line:
            first = line.splitlines()[0]
            gpu, _, driver = (part.strip() for part in first.partition(","))
    include, cflags, libs = _runtime_flags()
    python = os.environ.get("PYTHON") or sys.executable
    cppflags, ldflags = _cuda_library_flags()
    return Toolchain(
        cxx=cxx,
        nvcc=nvcc,
        gpu=gpu or None,
        driver=driver or None,
        python=python,
        include_dir=include,
        cflags=cflags,
        libs=libs,
        arch=os.environ.get("ARCH", "sm_90"),
        cuda_cppflags=cppflags,
        cuda_ldflags=ldflags,
    )


def toolkit_version(toolchain: Toolchain) -> str | None:
    """nvcc's release line, e.g. `Cuda compilation tools, release 13.0, V13.0.88`."""
    if not toolchain.nvcc:
        return None
    text = _probe([toolchain.nvcc, "--version"])
    lines = [line for line in (text or "").splitlines() if "release" in line]
    return lines[-1].strip() if lines else None


def provenance(toolchain: Toolchain, backend: str, command: str) -> dict[str, str | None]:
    """Where goldens came from: device, driver, toolkit, host compiler, date and the command that recorded them."""
    from .. import __version__

    compiler = (_probe([toolchain.cxx, "--version"]) or "").splitlines()
    return {
        "backend": backend,
        "gpu": toolchain.gpu if backend == "cuda" else None,
        "driver": toolchain.driver if backend == "cuda" else None,
        "toolkit": toolkit_version(toolchain) if backend == "cuda" else None,
        "host_compiler": compiler[0] if compiler else None,
        "platform": f"{platform.system()} {platform.machine()}",
        "migrate": __version__,
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": command,
    }
