"""A Makefile's nvcc and host-compiler lines translated for the CPU backend (migrate/verify/makefile.py): reduced
forms of what public CUDA projects' Makefiles hold."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from migrate import runtime_info
from migrate.verify.makefile import MakefileError, build_commands, translate

CFLAGS = ["-I/runtime/include", "-std=c++17", "-pthread"]
LIBS = ["-pthread"]


def _write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def test_a_plain_c_source_stays_c(tmp_path: Path) -> None:
    _write(tmp_path, {"knr.c": "int add(a, b) int a; int b; { return a + b; }\n"})
    command = translate(["gcc", "-O3", "-c", "knr.c", "-o", "knr.o"], CFLAGS, LIBS, "cpu", tmp_path)
    assert command[0] == "gcc" and "-x" not in command and "-std=c++17" not in command
    assert command[-3:] == ["-c", "-o", "knr.o"]
    # nvcc hands a .c file to the host C compiler too.
    assert translate(["nvcc", "-c", "knr.c"], CFLAGS, LIBS, "cpu", tmp_path)[0] == "gcc"


def test_a_c_source_that_reaches_the_runtime_is_cxx(tmp_path: Path) -> None:
    _write(tmp_path, {
        "direct.c": "#include <prt/prt.h>\nint main(void) { return 0; }\n",
        "via.c": '#include "common.h"\nint main(void) { return 0; }\n',
        "common.h": '#include "inner.h"\n',
        "inner.h": "#include <prt/prt.h>\n",
    })  # fmt: skip
    for source in ("direct.c", "via.c"):
        command = translate(["gcc", "-c", source], CFLAGS, LIBS, "cpu", tmp_path)
        assert command[0] == "g++" and command[command.index("-x") + 1] == "c++", source
    # A C++ source, or a C one compiled by a C++ compiler, is C++ as before.
    _write(tmp_path, {"plain.c": "int f(void) { return 1; }\n", "k.cu": "int g() { return 2; }\n"})
    assert translate(["g++", "-c", "plain.c"], CFLAGS, LIBS, "cpu", tmp_path)[0] == "g++"
    assert translate(["nvcc", "-c", "k.cu"], CFLAGS, LIBS, "cpu", tmp_path)[0] == "g++"


def test_nvcc_only_options_are_dropped() -> None:
    command = translate(
        ["nvcc", "-cuda", "--gpu-code=compute_20", "--gpu-code", "sm_90", "-O2", "-DX=1", "main.cu", "-o", "main"],
        CFLAGS, LIBS, "cpu",
    )  # fmt: skip
    assert not [t for t in command if "gpu-code" in t or t in ("-cuda", "compute_20", "sm_90")]
    assert "-DX=1" in command and command[command.index("-o") + 1] == "main"


@pytest.mark.skipif(shutil.which("make") is None or shutil.which("gcc") is None, reason="make and gcc are needed")
def test_a_mixed_c_and_cuda_program_builds_and_runs(tmp_path: Path) -> None:
    _write(tmp_path, {
        "knr.c": "int twice(x) int x; { return 2 * x; }\n",
        "main.cu": (
            "#include <prt/prt.h>\n#include <cstdio>\n"
            'extern "C" int twice(int);\n'
            "__global__ void k(int* out) { out[threadIdx.x] = threadIdx.x; }\n"
            "int main() {\n  int* d; prtMalloc(&d, 4 * sizeof(int));\n"
            "  prtLaunchKernel(k, dim3(1), dim3(4), 0, 0, d);\n"
            "  int h[4]; prtMemcpy(h, d, sizeof h, prtMemcpyDeviceToHost);\n"
            '  std::printf("%d\\n", twice(h[3]));\n  return 0;\n}\n'
        ),
        "Makefile": (
            "main: main.o knr.o\n\tnvcc -arch=sm_60 main.o knr.o -o main\n"
            "main.o: main.cu\n\tnvcc -arch=sm_60 -O3 -c main.cu -o main.o\n"
            "knr.o: knr.c\n\tgcc -O2 -c knr.c -o knr.o\n"
        ),
    })  # fmt: skip
    commands = build_commands(tmp_path, "cpu", runtime_info.cflags().split(), runtime_info.libs().split())
    assert [c[0] for c in commands] == ["g++", "gcc", "g++"]
    for command in commands:
        built = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert built.returncode == 0, f"{command}\n{built.stderr[-2000:]}"
    ran = subprocess.run([str(tmp_path / "main")], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0 and ran.stdout.strip() == "6"


@pytest.mark.skipif(shutil.which("make") is None or shutil.which("env") is None, reason="make and env are needed")
def test_builds_in_subfolders_are_followed(tmp_path: Path) -> None:
    # `cd DIR; make` (printed, not run, by make -n) and `$(MAKE) -C DIR` (run by make -n) both lead to the
    # subfolder's own compile lines, run there.
    for sub in ("plain", "recursive"):
        (tmp_path / sub).mkdir()
        _write(tmp_path / sub, {
            f"{sub}.cu": "int main() { return 0; }\n",
            "Makefile": f"{sub}: {sub}.cu\n\tnvcc -O3 {sub}.cu -o {sub}\n",
        })  # fmt: skip
    _write(tmp_path, {"Makefile": "all:\n\tcd plain; make\n\t$(MAKE) -C recursive\n"})
    commands = build_commands(tmp_path, "cpu", CFLAGS, LIBS)
    assert [c[:4] for c in commands] == [["env", "-C", "plain", "g++"], ["env", "-C", "recursive", "g++"]]
    for command in commands:
        built = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert built.returncode == 0, f"{command}\n{built.stderr[-2000:]}"
    assert (tmp_path / "plain" / "plain").is_file() and (tmp_path / "recursive" / "recursive").is_file()
    # A Makefile whose only line is a plain `cd` elsewhere still has no compile line.
    other = tmp_path / "none"
    other.mkdir()
    _write(other, {"Makefile": "all:\n\techo nothing\n"})
    with pytest.raises(MakefileError):
        build_commands(other, "cpu", CFLAGS, LIBS)
