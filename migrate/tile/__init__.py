"""Kernels into the tile DSL: SIMT kernels (CUDA C++, CuPy and load_inline strings) become Triton kernels."""

from __future__ import annotations

import functools
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from .. import parse
from ..sources import C_FAMILY
from .cuda_front import INCLUDE, read_module
from .cupy import translate_cupy
from .emit import render_module
from .extension import Outcome, translate_inline, translate_setup
from .lower import lower
from .numba import translate_numba
from .targets import checks_for, compile_errors
from .tileir import Rejected, TileKernel


@dataclass(frozen=True)
class TileFinding:
    """One kernel that stays SIMT, or one that became a tile kernel: where, which rule, and why."""

    rule: str
    path: str
    line: int
    message: str


@dataclass(frozen=True)
class TileResult:
    new_files: dict[str, str] = field(default_factory=dict)
    edits: tuple = ()
    findings: tuple[TileFinding, ...] = ()


@dataclass(frozen=True)
class TreeResult:
    new_files: dict[str, str] = field(default_factory=dict)
    changed: dict[str, bytes] = field(default_factory=dict)
    findings: tuple[TileFinding, ...] = ()


def headers_in(files: dict[str, bytes] | None):
    """The reader of quoted includes (`#include "util.cuh"`) from a program's files, relative to the including
    file's folder, else the one file of the program at that path below some folder (an -I folder); None without
    files."""
    if not files:
        return None

    def header(name: str, including: str) -> tuple[str, bytes] | None:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(including), name))
        data = files.get(path)
        if data is not None:
            return path, data
        # Not beside the includer: a folder the build names with -I (`include/type.h` for `#include "type.h"`),
        # where exactly one of the program's files has that name
        found = suffixed(posixpath.normpath(name))
        return (found[0], files[found[0]]) if len(found) == 1 else None

    @functools.cache
    def suffixed(name: str) -> tuple[str, ...]:
        return tuple(p for p in sorted(files) if p == name or p.endswith("/" + name)) \
            if not name.startswith("../") else ()

    return header


def launchers_in(files: dict[str, bytes] | None):
    """The finder of the program's sources that name a kernel (`name<` or `name(`, `name<<<`): they may launch a
    template kernel that the source defining it does not; None without files."""
    if not files:
        return None

    @functools.lru_cache(maxsize=None)
    def launchers(name: str) -> list[tuple[str, bytes]]:
        named = re.compile(rb"(?<![\w$])" + re.escape(name.encode()) + rb"\s*[<(]")
        return [(path, data) for path, data in sorted(files.items())
                if PurePosixPath(path).suffix in C_FAMILY and named.search(data)]

    return launchers


def includers_in(files: dict[str, bytes] | None):
    """The finder of the program's sources that include a source by a quoted name, each with its bytes before that
    `#include` (what the compiler has read when it reaches the included source); None without files."""
    if not files:
        return None

    def includers(origin: str) -> list[tuple[str, bytes]]:
        found = []
        for path, data in sorted(files.items()):
            if path == origin or PurePosixPath(path).suffix not in C_FAMILY:
                continue
            for match in INCLUDE.finditer(data):
                name = match.group(1).decode("utf-8", "replace")
                if posixpath.normpath(posixpath.join(posixpath.dirname(path), name)) == origin:
                    found.append((path, data[:match.start()]))
                    break
        return found

    return includers


def translate_cuda(data: bytes, origin: str, line_offset: int = 0,
                   files: dict[str, bytes] | None = None) -> tuple[list[TileKernel], list[TileFinding]]:
    """Every kernel of one CUDA source: the tile kernels that compile for every target, and a finding per kernel
    (migrated, or kept SIMT with the reason). Nothing here raises on a kernel: a lowering bug keeps it SIMT.
    `files` (the program's, by path) lets the kernels use what the headers they include define."""
    module = read_module(data, origin, headers_in(files), launchers=launchers_in(files),
                         includers=includers_in(files))
    lowered: list[tuple[TileKernel, int]] = []
    findings: list[TileFinding] = []
    for fn in module.functions.values():
        if not fn.kernel:
            continue
        line = fn.line + line_offset
        try:
            kernel = lower(module, fn)
        except Rejected as exc:
            findings.append(TileFinding("tile-kept-simt", origin, line,
                                        f"kernel {fn.name} stays a SIMT kernel: {exc}"))
            continue
        except Exception as exc:  # noqa: BLE001 - a lowering bug costs this kernel its tile form, never the run
            findings.append(TileFinding("tile-kept-simt", origin, line,
                                        f"kernel {fn.name} stays a SIMT kernel: the lowering failed on it "
                                        f"({type(exc).__name__})"))
            continue
        lowered.append((kernel, line))
    for name, line in module.unread.items():
        findings.append(TileFinding("tile-kept-simt", origin, line + line_offset,
                                    f"kernel {name} stays a SIMT kernel: the parser could not read its definition"))
    kernels, notes = compiled(lowered, origin)
    return kernels, findings + notes


def compiled(lowered: list[tuple[TileKernel, int]], origin: str) -> tuple[list[TileKernel], list[TileFinding]]:
    """The lowered kernels that render and compile for sm_90 and gfx942, and a finding for each kernel."""
    kernels: list[TileKernel] = []
    findings: list[TileFinding] = []
    checks: dict[str, list] = {}
    renderable: list[tuple[TileKernel, int]] = []
    for kernel, line in lowered:
        try:
            render_module([kernel], origin)
        except Exception as exc:  # noqa: BLE001 - a kernel the printer has no text for
            findings.append(TileFinding("tile-kept-simt", origin, line, f"kernel {kernel.name} stays a SIMT kernel: "
                                        f"its Triton form cannot be written ({type(exc).__name__})"))
            continue
        check = checks_for(kernel)  # one per instantiation of a kernel launched at unlike element types
        if isinstance(check, str):
            findings.append(TileFinding("tile-kept-simt", origin, line,
                                        f"kernel {kernel.name} stays a SIMT kernel: {check}"))
            continue
        checks[kernel.name] = check
        renderable.append((kernel, line))
    errors = compile_errors(render_module([k for k, _ in renderable], origin),
                            [c for found in checks.values() for c in found]) if renderable else {}
    for kernel, line in renderable:
        error = next((f"{c.name}: {errors[c.name]}" if kernel.instances else errors[c.name]
                      for c in checks[kernel.name] if errors.get(c.name)), "")
        if error:
            findings.append(TileFinding("tile-kept-simt", origin, line, f"kernel {kernel.name} stays a SIMT kernel: "
                                        f"its Triton form does not compile ({error})"))
            continue
        kernels.append(kernel)
        findings.append(TileFinding("tile-kernel", origin, line,
                                    f"kernel {kernel.name} becomes a Triton kernel ({kernel.summary})"))
    return kernels, findings


def _python_kernel_strings(data: bytes) -> list[tuple[bytes, int]]:
    """String literals of a Python file that hold CUDA kernels (load_inline sources, CuPy RawKernel code)."""
    tree = parse.parse("python", data)
    found = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "string":
            content = b"".join(c.text for c in node.named_children if c.type == "string_content")
            if b"__global__" in content:
                found.append((content, node.start_point[0]))
            continue
        stack.extend(node.children)
    return sorted(found, key=lambda item: item[1])


def translate_file(path: str, data: bytes, language: str, files: dict[str, bytes] | None = None) -> TileResult:
    """Tile kernels for one file: `<stem>_tile.py` beside it, holding every kernel that could be migrated; `files`
    are the program's, for the headers it includes."""
    kernels: list[TileKernel] = []
    findings: list[TileFinding] = []
    if language == "cuda":
        kernels, findings = translate_cuda(data, path, files=files)
    elif language == "python":
        for source, line in _python_kernel_strings(data):
            found, notes = translate_cuda(source, path, line, files=files)
            kernels += found
            findings += notes
    new_files = {}
    if kernels:
        target = PurePosixPath(path)
        new_files[str(target.with_name(f"{target.stem}_tile.py"))] = render_module(kernels, target.name)
    return TileResult(new_files=new_files, findings=tuple(sorted(findings, key=lambda f: (f.path, f.line))))


def translate_tree(files: dict[str, bytes]) -> TreeResult:
    """A program's files (relative POSIX path -> text): new Triton modules, edited sources, and findings.

    Extensions (setup.py CUDAExtension, load_inline) become op modules; CuPy and Numba programs get a kernel module
    and their array code moves to torch; other CUDA sources and kernel strings get `<stem>_tile.py` beside them."""
    outcome = Outcome()
    claimed: set[str] = set()
    translate = functools.partial(translate_cuda, files=files)
    for path in sorted(files):
        data = files[path]
        if not path.endswith(".py"):
            continue
        if b"CUDAExtension" in data or b"CppExtension" in data:
            before = set(outcome.new_files)
            sources, beside = translate_setup(path, data, files, outcome, translate)
            noted = {f[1] for f in outcome.findings}
            for source in sorted(sources - noted):  # a rejected extension's kernels are still examined
                if source in files:
                    outcome.findings += [(f.rule, f.path, f.line, f.message)
                                         for f in translate(files[source], source)[1]]
            if path not in outcome.changed:  # it stays as it was: its kernels are only noted
                outcome.findings = [_kept_with_extension(f) if f[1] in sources - outcome.served else f
                                    for f in outcome.findings]
            claimed |= sources | beside
            claimed |= set(outcome.new_files) - before
        elif b"load_inline" in data:
            translate_inline(path, data, outcome, translate)
            claimed.add(path)
        elif b"@cuda.jit" in data:
            translate_numba(path, data, outcome)
            claimed.add(path)
        elif re.search(rb"^import cupy\b", data, re.MULTILINE):
            translate_cupy(path, data, outcome, translate)
            claimed.add(path)
    for path in sorted(files):
        if path in claimed or path in outcome.changed:
            continue
        language = "cuda" if path.endswith((".cu", ".cuh")) else "python" if path.endswith(".py") else None
        if language is None:
            continue
        result = translate_file(path, files[path], language, files)
        outcome.new_files.update(result.new_files)
        outcome.findings += [(f.rule, f.path, f.line, f.message) for f in result.findings]
    findings = tuple(sorted({TileFinding(*f) for f in outcome.findings}, key=lambda f: (f.path, f.line, f.rule)))
    return TreeResult(dict(sorted(outcome.new_files.items())), dict(sorted(outcome.changed.items())), findings)


def _kept_with_extension(finding: tuple[str, str, int, str]) -> tuple[str, str, int, str]:
    """A kernel note of an extension that stays CUDA: the kernel would lower, but nothing is written."""
    rule, path, line, message = finding
    if rule != "tile-kernel":
        return finding
    return rule, path, line, message.replace(" becomes a Triton kernel ", " would become a Triton kernel ") + \
        ", but its extension stays as it was"
