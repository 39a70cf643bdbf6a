"""Building a migrated program against the runtime: the compiler flags from migrate.runtime_info, and the CMake
package through find_package(prt) and add_subdirectory, both turning a .cu source into a CPU-backend binary."""

import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from migrate import runtime_info

PROGRAMS = Path(__file__).resolve().parent / "programs"


def test_paths_exist():
    assert (Path(runtime_info.include_dir()) / "prt" / "prt.h").is_file()
    assert (Path(runtime_info.cmake_dir()) / "prtConfig.cmake").is_file()
    assert (Path(runtime_info.runtime_dir()) / "CMakeLists.txt").is_file()


def test_flags_are_pkg_config_style():
    flags = shlex.split(runtime_info.cflags())
    assert f"-I{runtime_info.include_dir()}" in flags
    assert "-std=c++17" in flags
    assert "-pthread" in shlex.split(runtime_info.libs())


def test_gxx_with_cflags_and_libs(tmp_path):
    exe = tmp_path / "vector"
    cmd = ["g++", "-x", "c++", *shlex.split(runtime_info.cflags()), str(PROGRAMS / "vector.cu"), "-x", "none",
           *shlex.split(runtime_info.libs()), "-o", str(exe)]
    subprocess.run(cmd, check=True, capture_output=True)
    assert "PASSED" in subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout


def _cmake_project(tmp_path: Path, how: str, program: str) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    runtime = Path(runtime_info.runtime_dir()).as_posix()
    find = "find_package(prt REQUIRED)" if how == "find_package" else f'add_subdirectory("{runtime}" prt)'
    (src / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.21)\n"
        "project(demo LANGUAGES CXX)\n"
        f"{find}\n"
        "add_executable(demo)\n"
        f'prt_add_sources(demo "{(PROGRAMS / program).as_posix()}")\n'
    )
    build = tmp_path / "build"
    configure = ["cmake", "-S", str(src), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release"]
    if how == "find_package":
        configure.append(f"-Dprt_DIR={runtime_info.cmake_dir()}")
    subprocess.run(configure, check=True, capture_output=True)
    subprocess.run(["cmake", "--build", str(build)], check=True, capture_output=True)
    return build / "demo"


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake not found")
@pytest.mark.parametrize("how,program", [("find_package", "shared.cu"), ("add_subdirectory", "warp.cu")])
def test_cmake_package(tmp_path, how, program):
    exe = _cmake_project(tmp_path, how, program)
    assert "PASSED" in subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
