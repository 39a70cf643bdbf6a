"""A program's build and run lines read from its Makefile (`make -n -B`), and nvcc lines translated for a backend."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

SOURCE_SUFFIXES = (".cu", ".cpp", ".cc", ".cxx", ".c", ".C")
OBJECT_SUFFIXES = (".o", ".a", ".so")
COMPILERS = ("nvcc", "g++", "gcc", "c++", "cc", "clang++", "mpicxx")
# nvcc options that take a value and mean nothing to a host compiler (or are named once by the CUDA build).
NVCC_DROP_WITH_VALUE = {
    "-arch", "-gencode", "-ccbin", "-Xptxas", "--ptxas-options", "-maxrregcount", "--maxrregcount", "-Xlinker",
    "--gpu-architecture", "-code", "--generate-code", "-rdc", "--relocatable-device-code", "-t", "--threads",
    "-Xcudafe", "--diag-suppress", "-diag-suppress", "--gpu-code", "-gpu-code",
}  # fmt: skip
# nvcc's mode switches with no value (`-cuda`: write the preprocessed host file), meaningless to a host compiler.
NVCC_DROP_FLAGS = {"-cuda", "--cuda", "-cubin", "--cubin", "-ptx", "--ptx", "-fatbin", "--fatbin"}
# Host compilers of C: a plain C source they (or nvcc, which hands .c files to the host C compiler) build stays C
# on the CPU backend unless the migration made it include the runtime (K&R definitions and implicit declarations
# compile as C, not as C++).
C_COMPILERS = ("gcc", "cc", "clang", "nvcc")
RUNTIME_INCLUDE = re.compile(rb"#\s*include\s*[<\"]prt/")
QUOTED_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.MULTILINE)
NVCC_DROP_PREFIXES = (
    "-arch=", "-gencode=", "--gpu-architecture=", "-code=", "-rdc=", "--relocatable-device-code=", "-Xptxas=",
    "--ptxas-options=", "-maxrregcount=", "--maxrregcount=", "-ccbin=", "--threads=", "-t=", "-diag-suppress=",
    "--gpu-code=", "-gpu-code=",
    "--diag-suppress=", "-Xcudafe=", "--default-stream", "-lcuda", "-lcudart", "-lnvToolsExt", "-lnvtx", "-O",
    "--use_fast_math", "-use_fast_math", "-lineinfo", "--extended-lambda", "--expt-", "-G", "-dc", "-dlink",
    "-Wno-deprecated-gpu-targets", "-res-usage", "--resource-usage", "-Xnvlink", "--keep", "-keep",
)  # fmt: skip
# A program's own timer lines ("Average kernel execution time: 12.5 (us)"): the figure and its unit.
PRINTED_TIME = re.compile(
    r"(?i)(?:average|total|avg)?\s*(?:kernel|device|offload)[^\n:=]*(?:time|duration)[^\n\d]*?"
    r"([\d.]+(?:e[-+]?\d+)?)\s*\(?(s|ms|us)"
)

# Any timer line a program prints ("Average execution time of kernel: 12.5 (us)", "elapsed time = 3 ms"): the first
# number after "time" that stands alone (not the 1 of "cross1" or the 3 of "(3x3)") and has a unit.
TIMER_LINE = re.compile(r"(?i)\btime\b[^\n]*?(?<![\w.])(\d[\d.]*(?:e[-+]?\d+)?)\s*\(?(s|ms|us)\b")


class MakefileError(Exception):
    """A Makefile that `make -n` cannot read, or that has no compile or run line."""


# A line that builds in a subfolder with a plain `make`, which `make -n` prints without running: `cd DIR; make`,
# `cd DIR && make TARGET`, `make -C DIR`. (A `$(MAKE)` line does run under -n and prints "Entering directory".)
SUBMAKE = re.compile(
    r"^(?:cd\s+(?P<cd>[^\s;&]+)\s*(?:;|&&)\s*make|make\s+-C\s*(?P<dir>[^\s;&]+))(?P<rest>(?:\s+[^\s;&|<>]+)*)\s*;?$"
)
ENTERING = re.compile(r"^\S*make(?:\[\d+\])?: (?P<what>Entering|Leaving) directory [\'`\"](?P<path>.*)[\'\"]$")


def make_lines(folder: Path, target: str | None = None, arch: str = "sm_90", depth: int = 0) -> list[str]:
    """The commands `make -n -B` prints for a target, joined across backslash continuations. A command that runs
    in a subfolder (a plain `make` there, or a recursive `$(MAKE)`) comes as `cd SUBFOLDER && COMMAND`."""
    command = ["make", "-n", "-B", f"ARCH={arch}"] + ([target] if target else [])
    try:
        done = subprocess.run(
            command, cwd=folder, capture_output=True, text=True, errors="replace", timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise MakefileError(f"{folder / 'Makefile'}: make -n failed: {exc}") from None
    if done.returncode != 0:
        raise MakefileError(
            f"{folder / 'Makefile'}: " + (done.stderr.strip().splitlines() or ["make -n failed"])[-1]
        )
    text = done.stdout.replace("\\\n", " ")
    lines: list[str] = []
    here: list[Path] = []  # the folders recursive makes entered, innermost last
    for raw in text.splitlines():
        line = raw.strip()
        entering = ENTERING.match(line)
        if entering:
            if entering.group("what") == "Entering":
                here.append(Path(entering.group("path")))
            elif here:
                here.pop()
            continue
        sub = SUBMAKE.match(line)
        if sub and depth < 4:
            name = sub.group("cd") or sub.group("dir")
            inner = (folder / name).resolve()
            rest = [t for t in sub.group("rest").split() if "=" not in t]
            if (inner / "Makefile").is_file() or (inner / "makefile").is_file():
                for nested in make_lines(inner, rest[0] if rest else None, arch, depth + 1):
                    lines.append(_in_folder(folder, inner, nested))
                continue
        if line:
            lines.append(_in_folder(folder, here[-1], line) if here else line)
    return lines


def _in_folder(top: Path, folder: Path, line: str) -> str:
    """`line` as run from `top` when make ran it in `folder`."""
    try:
        relative = folder.resolve().relative_to(top.resolve())
    except ValueError:
        return line
    if str(relative) == ".":
        return line
    if line.startswith("cd ") and " && " in line:  # already in a deeper folder
        first, rest = line[3:].split(" && ", 1)
        return f"cd {shlex.quote(str(relative / first))} && {rest}"
    return f"cd {shlex.quote(str(relative))} && {line}"


def split_folder(tokens: list[str]) -> tuple[str | None, list[str]]:
    """A command's subfolder and its own tokens: `cd DIR && cmd ...` (or `env -C DIR cmd ...`) -> (DIR, cmd ...)."""
    if len(tokens) > 3 and tokens[0] == "cd" and tokens[2] == "&&":
        return tokens[1], tokens[3:]
    if len(tokens) > 3 and tokens[:2] == ["env", "-C"]:
        return tokens[2], tokens[3:]
    return None, tokens


def is_compiler(tokens: list[str]) -> bool:
    tokens = split_folder(tokens)[1]
    return bool(tokens) and os.path.basename(tokens[0]) in COMPILERS


def translate(
    tokens: list[str], runtime_cflags: list[str], runtime_libs: list[str], backend: str, folder: Path | None = None
) -> list[str]:
    """An nvcc (or host compiler) command of the Makefile as a command for the chosen backend: g++ with the
    runtime's flags for the CPU (gcc for C sources that do not include the runtime, read from `folder`), nvcc for
    sm_90 for CUDA."""
    flags: list[str] = []
    sources: list[str] = []
    objects: list[str] = []
    libs: list[str] = []
    out: list[str] = []
    compile_only = False
    std = None
    it = iter(tokens[1:])
    for token in it:
        if backend == "cpu" and token in NVCC_DROP_FLAGS:
            continue
        if token in NVCC_DROP_WITH_VALUE:
            next(it, None)
            continue
        if token in ("--default-stream", "-default-stream"):
            value = next(it, "")
            if backend == "cuda":
                flags += [token, value]
            continue
        if token in ("-x", "--x") and backend == "cpu":
            next(
                it, None
            )  # `-x cu`: every source is compiled as CUDA; the CPU build says `-x c++` for all of them
            continue
        if token in ("-dc", "--device-c"):
            compile_only = True  # relocatable device code: still one object per source
            if backend == "cuda":
                flags.append(token)
            continue
        if backend == "cuda" and token.startswith(("-arch=", "--gpu-architecture=", "-gencode")):
            continue  # the build below names the architecture once
        if (token == "-Xcompiler" or token == "--compiler-options") and backend == "cuda":
            flags += [token, next(it, "")]
            continue
        if token == "-Xcompiler" or token == "--compiler-options":
            value = next(it, "")
            flags += [v for v in value.split(",") if v and not v.startswith("-O") and v != "-Werror"]
            continue
        if token.startswith(("-Xcompiler=", "--compiler-options=")) and backend == "cpu":
            flags += [v for v in token.split("=", 1)[1].split(",") if v and not v.startswith("-O")]
            continue
        if backend == "cpu" and token.startswith(NVCC_DROP_PREFIXES):
            continue
        if token == "-o":
            out = ["-o", next(it, "a.out")]
        elif token == "-c":
            compile_only = True
        elif token.startswith("-std="):
            std = token
        elif token in ("-I", "-D", "-L", "-include", "-isystem"):
            flags += [token, next(it, "")]
        elif token.startswith(("-l", "-L")):
            libs.append(token)
        elif token.endswith(SOURCE_SUFFIXES):
            sources.append(token)
        elif token.endswith(OBJECT_SUFFIXES):
            objects.append(token)
        elif token.startswith("-"):
            flags.append(token)
    std_flag = (
        std if std and std[-2:] not in ("98", "03", "11", "14") else "-std=c++17"
    )  # the runtime's C++17
    if backend == "cpu" and _plain_c(tokens[0], sources, folder):
        c_flags = [f for f in runtime_cflags if not f.startswith("-std=")]  # the runtime's C++17 is not for C
        cmd = ["gcc", "-O2", "-fno-strict-aliasing", "-w", *c_flags, *flags, *sources, *objects]
    elif backend == "cpu":
        lang = ["-x", "c++"] if sources else []
        cmd = ["g++", std_flag, "-O2", "-fno-strict-aliasing", "-w", *runtime_cflags, *flags, *lang, *sources]
        if objects:
            # Back to judging inputs by suffix; only after a `-x c++`, since g++ given `-x none` alone does not
            # link libstdc++.
            cmd += (["-x", "none"] if sources else []) + objects
    else:
        cmd = ["nvcc", std_flag, "-O3", "-arch=sm_90", *runtime_cflags, *flags, *sources, *objects]
    cmd += (["-c"] if compile_only else []) + out
    if not compile_only:
        cmd += libs + (runtime_libs + ["-lm"] if backend == "cpu" else [])
    return cmd


def _plain_c(compiler: str, sources: list[str], folder: Path | None) -> bool:
    """A compile of C sources only, by a C compiler (or nvcc), none of which includes the runtime."""
    if os.path.basename(compiler) not in C_COMPILERS or not sources or not all(s.endswith(".c") for s in sources):
        return False
    pending = [Path(source) if folder is None else folder / source for source in sources]
    seen: set[Path] = set()
    while pending:  # the sources and the project headers they include with quotes, transitively
        path = pending.pop()
        if path in seen:
            continue
        seen.add(path)
        try:
            data = path.read_bytes()
        except OSError:
            if path.suffix == ".c":
                return False  # a source not there to read: the C++ build, as before
            continue  # a header found elsewhere on the include path: not the project's
        if RUNTIME_INCLUDE.search(data):
            return False
        pending += [path.parent / m.decode(errors="replace") for m in QUOTED_INCLUDE.findall(data)]
    return True


def build_commands(
    folder: Path, backend: str, runtime_cflags: list[str], runtime_libs: list[str]
) -> list[list[str]]:
    """The Makefile's build as commands for a backend: its `mkdir -p` lines (object folders the compile lines
    write into) and every compile and link line translated, each once, in the order make runs them."""
    commands: list[list[str]] = []
    seen: set[tuple[str, ...]] = set()
    for line in make_lines(folder):
        try:
            where, tokens = split_folder(shlex.split(line))
        except ValueError:
            continue
        if tokens[:2] == ["mkdir", "-p"]:
            command = tokens
        elif is_compiler(tokens):
            command = translate(tokens, runtime_cflags, runtime_libs, backend, folder / where if where else folder)
        else:
            continue
        if where:  # run in its subfolder: `env -C` keeps the command one argument list
            command = ["env", "-C", where, *command]
        if tuple(command) not in seen:
            seen.add(tuple(command))
            commands.append(command)
    if not any(is_compiler(c) for c in commands):
        raise MakefileError(f"{folder / 'Makefile'}: no compiler command in the default target")
    return commands


def run_command(folder: Path, args: list[str] | None) -> list[str]:
    """The program and its arguments from the Makefile's `run` target (the last line that runs `./...`); `args`
    replaces the arguments when given."""
    runs: list[list[str]] = []
    for line in make_lines(folder, "run"):
        try:
            tokens = shlex.split(line)
        except ValueError:
            continue
        if "./" in line and not is_compiler(tokens):
            runs.append(tokens)
    if not runs:
        raise MakefileError(f"{folder / 'Makefile'}: no run command in the Makefile's run target")
    command = runs[-1]
    program = next((i for i, t in enumerate(command) if t.startswith("./")), 0)
    command = command[program:]
    return command[:1] + args if args is not None else command


def printed_times(output: str, pattern: re.Pattern[str] = PRINTED_TIME) -> list[tuple[str, float]]:
    """A program's own timer lines (kernel timers by default) and their figures in ms, in the order printed."""
    found: list[tuple[str, float]] = []
    for line in output.splitlines():
        match = pattern.search(line)
        if match:
            try:
                value = float(match.group(1))
            except ValueError:
                continue
            found.append(
                (line.strip(), value * {"s": 1000.0, "ms": 1.0, "us": 0.001}[match.group(2).lower()])
            )
    return found
