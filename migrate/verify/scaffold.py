"""`migrate verify --init`: a first verify.toml for a program, from its Makefile or CMakeLists and its migrated copy."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from .makefile import MakefileError, build_commands, run_command
from .spec import SPEC_NAME, Kernels, SpecError, load_case

MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
SOURCE_SUFFIXES = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh")
# Verdict words as self-checking programs print them (PASS, Test PASSED, Result = PASS, pass, SUCCESS, FAIL...).
PASS_WORDS = ("PASSED", "PASS", "Passed", "Pass", "passed", "pass", "SUCCESS")
FAIL_WORDS = ("FAILED", "FAILURE", "FAIL", "Failed", "Fail", "failed", "fail")
_CONVERSION = re.compile(r"%(?!%)[-+ #0-9.*]*(?:hh|h|ll|l|L|z|j|t)?[diouxXeEfFgGaAcsp]")
_NUMBER_LINE = re.compile(
    r"^\s*([A-Za-z_][A-Za-z0-9_.\-]*)\s*=\s*%[-+ #0-9.]*(?:hh|h|ll|l|L|z|j|t)?([diouxXeEfFgGaA])\s*(?:\\n)?\s*$"
)
# Printed figures that measure time or speed, not results: never compared.
_TIMING = re.compile(
    r"(?i)time|elapsed|^dt$|_ms$|^ms$|_us$|sec|bandwidth|gbps|gb/s|throughput|speed|flops|perf|rate"
)
_FOPEN = re.compile(rb'\bfopen\s*\(\s*"([^"\\\n]+)"\s*,\s*"([^"]*)"')
_ADD_EXECUTABLE = re.compile(r"add_executable\s*\(\s*([A-Za-z0-9_.+-]+)([^)]*)\)", re.DOTALL)
_BARE = re.compile(r"[-\w=]*\{[a-z_]+\}")  # `{cflags}`, `-arch={arch}`, `-I{include_dir}`: filled by the spec


class InitError(SpecError):
    """A program folder `--init` cannot describe; the message names the folder or file and what to do."""


@dataclass(frozen=True)
class Verdict:
    """The verdict patterns found in a program's sources, and the literals they came from."""

    passes: str
    fails: str
    note: str


@dataclass(frozen=True)
class Number:
    name: str
    rtol: str


def _toml(text: str) -> str:
    """A TOML string: a literal string where it can be one (commands read as typed), else a basic string."""
    if "'" not in text and "\n" not in text and all(ord(c) >= 32 for c in text):
        return f"'{text}'"
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _shell(tokens: list[str]) -> str:
    """Tokens as a shell command; placeholders stay bare, since the spec fills and quotes them itself."""
    return " ".join(t if _BARE.fullmatch(t) else shlex.quote(t) for t in tokens)


def _sources(folder: Path) -> list[Path]:
    skip = {"migrated", "goldens", "build", ".git"}
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix in SOURCE_SUFFIXES and not skip & set(p.relative_to(folder).parts)
    )


def _literals(paths: list[Path]) -> list[str]:
    """Every string literal of the sources, in file order (parsed, so comments and look-alikes do not count)."""
    from ..parse import parse

    found: list[str] = []
    for path in paths:
        try:
            tree = parse("cuda", path.read_bytes())
        except (OSError, ValueError):
            continue
        stack = [tree.root_node]
        while stack:
            node = stack.pop()
            if node.type == "string_literal":
                found.append(
                    "".join(
                        (c.text or b"").decode("utf-8", "replace")
                        for c in node.named_children
                        if c.type in ("string_content", "escape_sequence")
                    )
                )
                continue
            stack.extend(reversed(node.children))
    return found


def _alternation(words: list[str]) -> str:
    ordered = sorted(set(words), key=lambda w: (-len(w), w))
    return r"\b(?:" + "|".join(ordered) + r")\b" if ordered else ""


def find_verdict(literals: list[str]) -> Verdict:
    """The words the program prints as its verdict: literals holding a verdict word and no conversion (a
    `"FAIL"` or `"Test PASSED\\n"`, not a `"failed %d times"` counter that prints on success too)."""
    passes: list[str] = []
    fails: list[str] = []
    for text in literals:
        if _CONVERSION.search(text):
            continue
        passes += [w for w in PASS_WORDS if re.search(rf"\b{w}\b", text)]
        fails += [w for w in FAIL_WORDS if re.search(rf"\b{w}\b", text)]
    if passes and fails:
        note = f"Its sources print {', '.join(sorted(set(passes)))} and {', '.join(sorted(set(fails)))}."
    elif passes:
        note = f"Its sources print {', '.join(sorted(set(passes)))} and no failure word: a missing line is a failure."
    elif fails:
        note = f"Its sources print {', '.join(sorted(set(fails)))} only: silence with exit 0 is a pass."
    else:
        note = (
            "Its sources print no verdict word: a silent run that exits 0 is a pass (add numbers or files)."
        )
    return Verdict(_alternation(passes), _alternation(fails), note)


def find_numbers(literals: list[str]) -> list[Number]:
    """`name = %f`-style lines the program prints whole, less timings; floats get a relative tolerance."""
    numbers: dict[str, Number] = {}
    for text in literals:
        match = _NUMBER_LINE.match(text)
        if not match or _TIMING.search(match.group(1)):
            continue
        name = match.group(1)
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.\-]*", name) and name not in numbers:
            numbers[name] = Number(name, "" if match.group(2) in "diouxX" else "1e-4")
    return list(numbers.values())


def find_files(paths: list[Path]) -> list[str]:
    """Files the sources open for writing by a literal name."""
    found: dict[str, None] = {}
    for path in paths:
        try:
            data = path.read_bytes()
        except OSError:
            continue
        for name, mode in _FOPEN.findall(data):
            if b"w" in mode or b"a" in mode:
                found.setdefault(name.decode("utf-8", "replace"), None)
    return list(found)


def _makefile(folder: Path) -> Path | None:
    return next((folder / n for n in MAKEFILES if (folder / n).is_file()), None)


def _from_makefile(folder: Path, migrated: Path, makefile: Path, args: list[str] | None) -> dict[str, object]:
    try:
        run_tokens = run_command(folder, args)
        cpu = build_commands(migrated, "cpu", ["{cflags}"], ["{libs}"])
        cuda = build_commands(migrated, "cuda", ["-I{include_dir}"], [])
    except MakefileError as exc:
        raise InitError(str(exc)) from None
    for tokens in cpu:
        at = 3 if tokens[:2] == ["env", "-C"] else 0  # a command run in a subfolder
        if tokens[at] == "g++":
            tokens[at] = "{cxx}"
    for tokens in cuda:
        at = 3 if tokens[:2] == ["env", "-C"] else 0
        if tokens[at] == "nvcc":
            tokens[at] = "{nvcc}"
        tokens[:] = ["-arch={arch}" if t == "-arch=sm_90" else t for t in tokens]
    text = makefile.read_text(encoding="utf-8", errors="replace")
    arch = " ARCH={arch}" if re.search(r"^\s*ARCH\s*[:?+]?=", text, re.MULTILINE) else ""
    return {
        "build_file": makefile.name,
        "original_build": _toml(f"make -B{arch}"),
        "original_build_note": "Its own Makefile"
        + (", for the GPU of this machine ({arch}, default sm_90)." if arch else "."),
        "run": _toml(_shell(run_tokens)),
        "run_origin": "command line given to --init" if args is not None else f"{makefile.name}'s run target",
        "migrated_builds": [
            ("cpu", _toml(" && ".join(_shell(t) for t in cpu))),
            ("cuda", _toml(" && ".join(_shell(t) for t in cuda))),
        ],
        "migrated_notes": {
            "cpu": f"The {makefile.name}'s compile and link lines (make -n), for g++ with the runtime's CPU flags.",
            "cuda": "The same lines for nvcc, on the runtime's CUDA backend.",
        },
    }


def _from_cmake(folder: Path, migrated: Path, args: list[str] | None) -> dict[str, object]:
    text = (folder / "CMakeLists.txt").read_text(encoding="utf-8", errors="replace")
    match = _ADD_EXECUTABLE.search(text)
    if match is None:
        raise InitError(
            f"{folder / 'CMakeLists.txt'}: no add_executable() to take the program and its sources from"
        )
    target = match.group(1)
    sources = [s for s in match.group(2).split() if s.endswith((".cu", ".cpp", ".cc", ".cxx", ".c"))]
    if not sources or any("$" in s for s in sources):
        raise InitError(
            f"{folder / 'CMakeLists.txt'}: add_executable({target} ...) lists no plain source file"
        )
    files = " ".join(shlex.quote(s) for s in sources)
    run = _shell([f"./{target}", *(args or [])])
    return {
        "build_file": "CMakeLists.txt",
        "original_build": _toml(
            "cmake -S . -B _build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 && "
            f"cmake --build _build -j && cp _build/{target} ."
        ),
        "original_build_note": "Its CMakeLists.txt (add_executable " + target + ").",
        "run": _toml(run),
        "run_origin": "command line given to --init"
        if args is not None
        else "add_executable target, with no arguments",
        "migrated_builds": [
            ("cpu", _toml(f"{{cxx}} -x c++ {{cflags}} -O2 -o {target} {files} -x none {{libs}}")),
            ("cuda", _toml(f"{{nvcc}} -std=c++17 -O3 -arch={{arch}} -I{{include_dir}} -o {target} {files}")),
        ],
        "migrated_notes": {
            "cpu": "The sources of add_executable(" + target + "), for g++ with the runtime's CPU flags.",
            "cuda": "The same sources for nvcc, on the runtime's CUDA backend.",
        },
    }


def init_case(folder: Path, args: list[str] | None = None, force: bool = False) -> Path:
    """Write `folder/verify.toml` for the program in `folder` and its migrated copy in `folder/migrated`; returns
    the spec's path. The spec is loaded back before this returns, so what it writes is valid."""
    from ..templating import render_template

    folder = folder.resolve()
    if not folder.is_dir():
        raise InitError(f"{folder}: no such folder (give the program's folder, holding its Makefile)")
    spec = folder / SPEC_NAME
    if spec.exists() and not force:
        raise InitError(f"{spec}: already exists; review and edit it, or pass --force to write it again")
    migrated = folder / "migrated"
    if not migrated.is_dir():
        raise InitError(
            f"{migrated}: no migrated copy; write it first: migrate apply {folder} --out-dir {migrated} --root {folder}"
        )
    makefile = _makefile(folder)
    if makefile is not None:
        commands = _from_makefile(folder, migrated, makefile, args)
    elif (folder / "CMakeLists.txt").is_file():
        commands = _from_cmake(folder, migrated, args)
    else:
        raise InitError(f"{folder}: no Makefile or CMakeLists.txt to read the build and the run from")
    paths = _sources(folder)
    literals = _literals(paths)
    verdict = find_verdict(literals)
    numbers = find_numbers(literals)
    files = find_files(paths)
    launching = [p.relative_to(folder).as_posix() for p in paths if b"<<<" in p.read_bytes()]
    text = render_template(
        "verify/verify.toml.j2",
        program=folder.name,
        description=_toml(f"{folder.name}: the original and its migration, as --init found them"),
        timeout=300,
        migrated_backends='"cpu", "cuda"',
        verdict=True,
        verdict_pass=_toml(verdict.passes),
        verdict_fail=_toml(verdict.fails),
        verdict_note=verdict.note,
        numbers=[{"name": _toml(n.name), "rtol": n.rtol} for n in numbers],
        launch_files=", ".join(_toml(name) for name in launching),
        max_trace_bytes=Kernels.max_trace_bytes,
        max_trace_text=f"{Kernels.max_trace_bytes / (1 << 30):g} GiB",
        files=[
            {"name": _toml(re.sub(r"[^A-Za-z0-9_.-]", "_", Path(f).stem) or "file"), "path": _toml(f)}
            for f in files
        ],
        **commands,
    )
    spec.write_text(text, encoding="utf-8")
    try:
        load_case(folder)
    except SpecError as exc:
        raise InitError(f"{spec}: the spec written does not load ({exc}); please report this") from None
    return spec
