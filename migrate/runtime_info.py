"""Where the portable runtime lives and how to compile against it (for `migrate runtime --include-dir` and friends).

The runtime is header-only. migrate/data/runtime links to runtime/ in a checkout (migrate/ and runtime/ are siblings)
and holds a copy of its headers, link shims and CMake package in an installed wheel. The flag functions return what
pkg-config would print for the CPU backend.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent / "data" / "runtime"
_RUNTIME = _PACKAGED.resolve() if _PACKAGED.is_dir() else Path(__file__).resolve().parent.parent / "runtime"


def runtime_dir() -> str:
    """The runtime's root directory."""
    return str(_RUNTIME)


def include_dir() -> str:
    """The directory to put on the include path (it holds prt/prt.h)."""
    return str(_RUNTIME / "include")


def cmake_dir() -> str:
    """The directory holding prtConfig.cmake, for prt_DIR or CMAKE_PREFIX_PATH."""
    return str(_RUNTIME / "cmake")


def cflags() -> str:
    """Compile flags for the CPU backend, as `pkg-config --cflags` prints them. Strict aliasing is off because
    kernels written for nvcc store through reinterpret_cast'ed vector pointers, which GCC at -O2 may reorder."""
    return f"-I{include_dir()} -std=c++17 -fno-strict-aliasing -pthread"


def lib_dir() -> str:
    """The directory of the CPU backend's link shims: linker scripts named after the CUDA libraries, so that a
    migrated build's -lcufft, -lcusolver, -lcublas link FFTW and OpenBLAS there, and -lcusparse, -lcurand nothing."""
    return str(_RUNTIME / "lib" / "cpu")


def libs() -> str:
    """Link flags for the CPU backend, as `pkg-config --libs` prints them."""
    return f"-pthread -L{lib_dir()}"
