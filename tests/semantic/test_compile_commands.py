"""Reading compilation databases and turning compiler command lines into libclang arguments (no libclang needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from migrate.semantic import SHIM_DIR, CompileCommandsError, clang_arguments, load_compile_commands


def _write(tmp_path: Path, entries: object) -> Path:
    path = tmp_path / "compile_commands.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    return path


def test_arguments_and_command_forms(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        [
            {
                "directory": "/src/build",
                "arguments": ["clang++", "-I../inc", "-DX=1", "-c", "../a.cpp", "-o", "a.o"],
                "file": "../a.cpp",
            },
            {
                "directory": "/src/build",
                "command": 'nvcc -isystem /opt/x -DY="a b" -c /src/k.cu -oK.o',
                "file": "/src/k.cu",
            },
        ],
    )
    commands = load_compile_commands(path)
    assert commands == {
        Path("/src/a.cpp"): ["-I/src/build/../inc", "-DX=1"],
        Path("/src/k.cu"): ["-isystem", "/opt/x", "-DY=a b"],
    }


def test_relative_directory_is_taken_from_the_database(tmp_path: Path) -> None:
    path = _write(tmp_path, [{"directory": "build", "arguments": ["cc", "-I", "inc", "x.c"], "file": "x.c"}])
    commands = load_compile_commands(path)
    assert commands == {tmp_path / "build" / "x.c": ["-I", str(tmp_path / "build" / "inc")]}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not a JSON compilation database"),
        ("{}", "a JSON list of entries"),
        ('[{"directory": "/"}]', 'entry 0: needs a "file" string'),
        ('[{"directory": "/", "file": "a.c"}]', 'needs "arguments" (a list) or "command" (a string)'),
    ],
)
def test_bad_databases_name_the_problem(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "compile_commands.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CompileCommandsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_compile_commands(path)


def test_missing_database(tmp_path: Path) -> None:
    with pytest.raises(CompileCommandsError, match="cannot read"):
        load_compile_commands(tmp_path / "nope.json")


def test_nvcc_flags_are_dropped_and_meaning_flags_kept() -> None:
    flags = [
        "-forward-unknown-to-host-compiler",
        "--generate-code=arch=compute_90,code=sm_90",
        "-Xcompiler=-fPIC",
        "-O3",
        "--use_fast_math",
        "-x",
        "cu",
        "-DN=4",
        "-I/inc",
        "--std=c++20",
        "-include",
        "pre.h",
        "--expt-relaxed-constexpr",
    ]
    args = clang_arguments(Path("/src/k.cu"), flags)
    assert args[:2] == ["-x", "cuda"]
    assert args[args.index("-I") + 1] == str(SHIM_DIR)
    assert "--cuda-host-only" in args and "-nocudainc" in args
    tail = args[args.index("-DN=4") :]
    assert tail == ["-DN=4", "-I/inc", "-std=c++20", "-include", "pre.h"]
    assert "-std=c++17" not in args


def test_cpp_files_parse_as_cpp() -> None:
    args = clang_arguments(Path("/src/a.cpp"), [])
    assert args[:2] == ["-x", "c++"] and "--cuda-host-only" not in args and "-std=c++17" in args
