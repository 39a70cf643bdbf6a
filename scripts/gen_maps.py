#!/usr/bin/env python3
"""Generate the CUDA API mapping tables (`rules/maps/<table>.toml`) from the CUDA 13 headers.

The toolkit's headers (runtime, driver, device functions) come from `--cuda-home`; the library headers (cuBLAS,
cuFFT, cuRAND, cuSPARSE, cuSOLVER, NCCL, cuDNN) from the `nvidia-*` wheels on PyPI, downloaded into `--wheels-dir`
when they are not there yet. Every declared function, type (typedef, struct, union, enum tag), enum value and public
macro of a table's headers becomes one row; the hand-kept files in `rules/maps/portable/` add the portable names.
The scanner reads only the generated tables, never headers. Output is sorted, so a re-run with the same inputs
changes nothing.

How names are found: comments are removed, preprocessor directives are taken out (their `#define`s kept as
macros, `#if 0` blocks dropped) and both sides of every other conditional are read, so names declared only for
one platform or one API version are still known. The remaining code is tokenised and walked by brace scope:
`extern "C"` blocks are entered, namespaces (cooperative_groups, nvcuda::wmma, cuda::std) are skipped, struct and
function bodies are skipped after their names are taken. Attribute-like macro calls (`__DEPRECATED__(...)`,
`__align__(16)`, all-capitals names followed by parentheses) are removed before a declaration's name is read.

Status: a name listed in `portable/<table>.toml` is `supported` with its portable name; otherwise `deprecated`
when every declaration of it carries a deprecation marker (a token containing `DEPRECATED`, or `deprecated`,
`__deprecated__`), `removed` when a removed-API list names it (CUDA's `generated_cudart_removed_meta.h` and the
hand list `portable/removed.toml`) and no header declares it any more, else `unsupported`.

Effort (overridable per name in a portable file's `[effort]` table): supported -> none; CUDA graphs, textures and
surfaces, driver module/linker/JIT/library loading, IPC and graphics interop (GL, D3D, EGL, VDPAU, NvSci) -> high
for their functions and types; other functions -> medium; other types, enum values and macros -> low.

Duplicates: a name declared by the headers of two tables goes to the table whose portable file lists it, else to
the first table in TABLES order (runtime, driver, device, nccl, cublas, curand, cufft, cusparse, cusolver, cudnn).

Usage: python scripts/gen_maps.py [--cuda-home /usr/local/cuda-13.0] [--wheels-dir ~/.cache/migrate-wheels]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "rules" / "maps"

# The wheels that carry the library headers for CUDA 13; pinned so that a re-run is reproducible.
WHEELS: tuple[str, ...] = (
    "nvidia-cublas==13.10.0.20",
    "nvidia-cufft==12.5.0.14",
    "nvidia-curand==10.4.5.25",
    "nvidia-cusparse==12.9.4.2",
    "nvidia-cusolver==12.4.1.2",
    "nvidia-nccl-cu13==2.32.3",
    "nvidia-cudnn-cu13==9.28.1.4",
)

KINDS = ("function", "type", "enum", "macro")
KIND_RANK = {k: i for i, k in enumerate(KINDS)}  # a name declared as two kinds keeps the first of these


@dataclass(frozen=True)
class TableSpec:
    """One API family: its table name, the family and rule its findings carry, and where its headers are."""

    name: str
    family: str
    rule: str
    origin: str  # "cuda" (the toolkit) or "wheel" (a library wheel)
    headers: tuple[str, ...]  # paths relative to the include directory
    prefixes: tuple[str, ...] = ()  # names kept (empty: every name not starting with "_")
    version: tuple[str, ...] = ()  # header macros that spell the library version (major, minor, patch)
    label: str = ""


DEVICE_HEADERS = (
    "crt/device_functions.h",
    "crt/device_double_functions.h",
    "crt/device_fp128_functions.h",
    "crt/math_functions.h",
    "crt/sm_70_rt.h",
    "crt/sm_80_rt.h",
    "crt/sm_90_rt.h",
    "crt/sm_100_rt.h",
    "device_atomic_functions.h",
    "sm_20_atomic_functions.h",
    "sm_32_atomic_functions.h",
    "sm_35_atomic_functions.h",
    "sm_60_atomic_functions.h",
    "sm_20_intrinsics.h",
    "sm_30_intrinsics.h",
    "sm_32_intrinsics.h",
    "sm_35_intrinsics.h",
    "sm_61_intrinsics.h",
    "cuda_fp16.h",
    "cuda_fp16.hpp",
    "cuda_bf16.h",
    "cuda_bf16.hpp",
    "cuda_fp8.h",
    "cuda_fp6.h",
    "cuda_fp4.h",
    "vector_types.h",
    "vector_functions.h",
    "texture_indirect_functions.h",
    "surface_indirect_functions.h",
    "cuda_pipeline_primitives.h",
    "cuda_awbarrier_primitives.h",
    "math_constants.h",
)

TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "cuda-runtime",
        "runtime",
        "runtime-api",
        "cuda",
        (
            "cuda_runtime_api.h",
            "driver_types.h",
            "library_types.h",
            "cuda_runtime.h",
            "surface_types.h",
            "texture_types.h",
            "device_types.h",
            "driver_functions.h",
            "channel_descriptor.h",
            "cuda_device_runtime_api.h",
            "cuda_profiler_api.h",
            "cuda_gl_interop.h",
            "cuda_egl_interop.h",
            "cuda_vdpau_interop.h",
            "cuda_occupancy.h",
            "cuComplex.h",
        ),
        ("cuda", "CUDA", "cu", "make_cu"),
        label="CUDA",
    ),
    TableSpec(
        "cuda-driver",
        "driver",
        "driver-api",
        "cuda",
        ("cuda.h", "cudaGL.h", "cudaEGL.h", "cudaVDPAU.h", "cudaProfiler.h"),
        ("cu", "CU", "cuda"),
        label="CUDA",
    ),
    TableSpec("cuda-device", "device", "device-api", "cuda", DEVICE_HEADERS, label="CUDA"),
    TableSpec(
        "nccl",
        "nccl",
        "nccl-api",
        "wheel",
        ("nccl.h",),
        ("nccl", "NCCL", "pnccl"),
        ("NCCL_MAJOR", "NCCL_MINOR", "NCCL_PATCH"),
        "NCCL",
    ),
    TableSpec(
        "cublas",
        "cublas",
        "cublas-api",
        "wheel",
        ("cublas_api.h", "cublas_v2.h", "cublas.h", "cublasLt.h", "cublasXt.h"),
        ("cublas", "CUBLAS"),
        ("CUBLAS_VER_MAJOR", "CUBLAS_VER_MINOR", "CUBLAS_VER_PATCH"),
        "cuBLAS",
    ),
    TableSpec(
        "curand",
        "curand",
        "curand-api",
        "wheel",
        (
            "curand.h",
            "curand_kernel.h",
            "curand_discrete.h",
            "curand_discrete2.h",
            "curand_globals.h",
            "curand_lognormal.h",
            "curand_mrg32k3a.h",
            "curand_mtgp32.h",
            "curand_mtgp32_host.h",
            "curand_mtgp32_kernel.h",
            "curand_normal.h",
            "curand_philox4x32_x.h",
            "curand_poisson.h",
            "curand_uniform.h",
        ),
        ("curand", "CURAND", "mtgp32", "MTGP32", "rng"),
        ("CURAND_VER_MAJOR", "CURAND_VER_MINOR", "CURAND_VER_PATCH"),
        "cuRAND",
    ),
    TableSpec(
        "cufft",
        "cufft",
        "cufft-api",
        "wheel",
        ("cufft.h", "cufftXt.h"),
        ("cufft", "CUFFT"),
        ("CUFFT_VER_MAJOR", "CUFFT_VER_MINOR", "CUFFT_VER_PATCH"),
        "cuFFT",
    ),
    TableSpec(
        "cusparse",
        "cusparse",
        "cusparse-api",
        "wheel",
        ("cusparse.h",),
        ("cusparse", "CUSPARSE"),
        ("CUSPARSE_VER_MAJOR", "CUSPARSE_VER_MINOR", "CUSPARSE_VER_PATCH"),
        "cuSPARSE",
    ),
    TableSpec(
        "cusolver",
        "cusolver",
        "cusolver-api",
        "wheel",
        (
            "cusolver_common.h",
            "cusolverDn.h",
            "cusolverSp.h",
            "cusolverSp_LOWLEVEL_PREVIEW.h",
            "cusolverRf.h",
            "cusolverMg.h",
        ),
        ("cusolver", "CUSOLVER", "syevjInfo", "gesvdjInfo", "csrqrInfo", "csrcholInfo", "csrluInfo"),
        ("CUSOLVER_VER_MAJOR", "CUSOLVER_VER_MINOR", "CUSOLVER_VER_PATCH"),
        "cuSOLVER",
    ),
    TableSpec(
        "cudnn",
        "cudnn",
        "cudnn-api",
        "wheel",
        (
            "cudnn.h",
            "cudnn_version.h",
            "cudnn_graph.h",
            "cudnn_ops.h",
            "cudnn_adv.h",
            "cudnn_cnn.h",
            "cudnn_backend.h",
        ),
        ("cudnn", "CUDNN"),
        ("CUDNN_MAJOR", "CUDNN_MINOR", "CUDNN_PATCHLEVEL"),
        "cuDNN",
    ),
)

# Standard C/C++ math (and the few generic helpers) that crt/math_functions.h also declares for device code:
# portable as written, so they are not catalogued.
STD_MATH_BASE = [
    "acos",
    "asin",
    "atan",
    "atan2",
    "cos",
    "sin",
    "tan",
    "acosh",
    "asinh",
    "atanh",
    "cosh",
    "sinh",
    "tanh",
    "exp",
    "exp2",
    "expm1",
    "frexp",
    "ldexp",
    "log",
    "log10",
    "log1p",
    "log2",
    "logb",
    "ilogb",
    "modf",
    "scalbn",
    "scalbln",
    "cbrt",
    "fabs",
    "abs",
    "hypot",
    "pow",
    "sqrt",
    "erf",
    "erfc",
    "lgamma",
    "tgamma",
    "ceil",
    "floor",
    "nearbyint",
    "rint",
    "lrint",
    "llrint",
    "round",
    "lround",
    "llround",
    "trunc",
    "fmod",
    "remainder",
    "remquo",
    "copysign",
    "nan",
    "nextafter",
    "nexttoward",
    "fdim",
    "fmax",
    "fmin",
    "fma",
    "fpclassify",
    "isfinite",
    "isinf",
    "isnan",
    "isnormal",
    "signbit",
    "isgreater",
    "isgreaterequal",
    "isless",
    "islessequal",
    "islessgreater",
    "isunordered",
    "labs",
    "llabs",
    "div",
    "ldiv",
    "lldiv",
    "min",
    "max",
    "j0",
    "j1",
    "jn",
    "y0",
    "y1",
    "yn",
    "sincos",
    "exp10",
]
STD_MATH = frozenset(STD_MATH_BASE + [n + "f" for n in STD_MATH_BASE] + [n + "l" for n in STD_MATH_BASE])

# Deprecated device functions whose names are ordinary words in C++ (`std::any`, a local `all`): matched by
# name they would flag host code; their deprecated `__all`/`__any` spellings are catalogued.
GENERIC_DEVICE_NAMES = frozenset({"all", "any"})

HIGH_EFFORT = re.compile(
    r"Graph|graph|GRAPH"  # CUDA graphs
    r"|Tex|tex[1-3A-Z]|texture|TEXTURE|TEX_|Surf|surf[1-3A-Z]|surface|SURFACE|SURF_"  # textures, surfaces
    r"|^cu(?:Module|Link|Library|Kernel)|^CU(?:module|linkState|library|kernel|jit)|^CU_(?:JIT|LIBRARY|MODULE)"
    r"|Ipc|IPC"  # inter-process handles
    r"|Gl[A-Z]|GL(?!OB|ANCE)|D3D|EGL|Egl|VDPAU|Vdpau|NvSci|NVSCI"  # graphics and other interop
)

DEPRECATION_WORDS = frozenset({"deprecated", "__deprecated__"})
ATTRIBUTE_CALLS = frozenset(
    {
        "__attribute__",
        "__declspec",
        "alignas",
        "decltype",
        "__launch_bounds__",
        "_Pragma",
        "__pragma",
        "static_assert",
        "_Static_assert",
        "__asm__",
        "asm",
    }
)
NOT_NAMES = frozenset(
    {
        "if",
        "while",
        "for",
        "switch",
        "return",
        "sizeof",
        "operator",
        "new",
        "delete",
        "case",
        "do",
        "else",
        "const",
        "volatile",
        "static",
        "inline",
        "extern",
        "struct",
        "union",
        "enum",
        "class",
        "typename",
        "template",
        "void",
        "int",
        "char",
        "short",
        "long",
        "float",
        "double",
        "unsigned",
        "signed",
        "bool",
        "auto",
    }
)
TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|::|->|\S")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.DOTALL)
DEFINE = re.compile(r"#\s*define\s+([A-Za-z_]\w*)(\([^)]*\))?\s*(.*)", re.DOTALL)
IDENT = re.compile(r"[A-Za-z_]\w*")


@dataclass
class Declared:
    """Everything one set of headers declares: per name, its kinds, whether each declaration was deprecated."""

    names: dict[str, dict[str, list[bool]]] = field(default_factory=dict)
    macros: dict[str, str] = field(default_factory=dict)  # object-like and function-like macro bodies
    functions: set[str] = field(default_factory=set)  # every function name, before any filtering

    def add(self, name: str, kind: str, deprecated: bool) -> None:
        self.names.setdefault(name, {}).setdefault(kind, []).append(deprecated)
        if kind == "function":
            self.functions.add(name)


# ---------------------------------------------------------------------------------------------------- reading


def strip_comments(text: str) -> str:
    """Blank comments, keeping string literals and line structure."""

    def repl(m: re.Match[str]) -> str:
        s = m.group(0)
        if s.startswith("/"):
            return "\n" * s.count("\n") if "\n" in s else " "
        return s

    return COMMENT.sub(repl, text)


def split_preprocessor(text: str) -> tuple[str, list[tuple[str, str, str]]]:
    """Return the code without directives, and the `#define`s as (name, params, body); `#if 0` blocks dropped."""
    text = text.replace("\\\r\n", " ").replace("\\\n", " ")
    code: list[str] = []
    defines: list[tuple[str, str, str]] = []
    dead = 0  # depth inside an `#if 0`
    for line in text.split("\n"):
        s = line.strip()
        if not s.startswith("#"):
            code.append("" if dead else line)
            continue
        code.append("")
        word = s[1:].strip().split(None, 1)
        directive = word[0] if word else ""
        rest = word[1].strip() if len(word) > 1 else ""
        if dead:
            if directive.startswith("if"):
                dead += 1
            elif directive == "endif" or (dead == 1 and directive in ("else", "elif")):
                dead -= 1
            continue
        if directive == "if" and rest in ("0", "(0)"):
            dead = 1
        elif directive == "define":
            m = DEFINE.match(s)
            if m:
                defines.append((m.group(1), m.group(2) or "", m.group(3).strip()))
    return "\n".join(code), defines


def matching(tokens: list[str], i: int, open_: str, close: str) -> int:
    """Index just past the bracket that closes tokens[i]."""
    depth = 0
    n = len(tokens)
    while i < n:
        t = tokens[i]
        if t == open_:
            depth += 1
        elif t == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


def is_deprecation(tok: str) -> bool:
    return "DEPRECATED" in tok or tok in DEPRECATION_WORDS


def is_attribute_call(tok: str) -> bool:
    """An identifier that, followed by parentheses, is an attribute or decoration macro, not a declared name."""
    if tok in ATTRIBUTE_CALLS:
        return True
    if len(tok) > 4 and tok.startswith("__") and tok.endswith("__"):
        return True
    return bool(re.fullmatch(r"_*[A-Z][A-Z0-9_]*", tok))


def clean(stmt: list[str]) -> list[str]:
    """Drop attribute-macro calls, `[[...]]` attributes and `template<...>` heads from a declaration."""
    out: list[str] = []
    i, n = 0, len(stmt)
    while i < n:
        t = stmt[i]
        if t == "[" and i + 1 < n and stmt[i + 1] == "[":
            i = matching(stmt, i, "[", "]")
            continue
        if i + 1 < n and stmt[i + 1] == "(" and IDENT.fullmatch(t) and is_attribute_call(t):
            i = matching(stmt, i + 1, "(", ")")
            continue
        if t == "template" and i + 1 < n and stmt[i + 1] == "<":
            i = matching(stmt, i + 1, "<", ">")
            continue
        out.append(t)
        i += 1
    return out


def first_paren(stmt: list[str]) -> int:
    for i, t in enumerate(stmt):
        if t == "(":
            return i
    return -1


class Walker:
    """Walks the tokens of one header by brace scope and records what it declares."""

    def __init__(self, tokens: list[str], out: Declared) -> None:
        self.t = tokens
        self.out = out

    def scope(self, i: int) -> int:
        t, n = self.t, len(self.t)
        stmt: list[str] = []
        while i < n:
            tok = t[i]
            if tok == "}":
                return i + 1
            if tok == ";":
                self.statement(stmt)
                stmt = []
                i += 1
                continue
            if tok != "{":
                stmt.append(tok)
                i += 1
                continue
            end = matching(t, i, "{", "}")
            head = clean(stmt)
            tags = [k for k in ("enum", "struct", "union", "class") if k in head]
            paren = first_paren(head)
            assigned = "=" in (head[:paren] if paren >= 0 else head)  # `x = {...}`, not a default argument
            if head and head[0] == "namespace" or (len(head) >= 2 and head[-2:] == ["namespace", head[-1]]):
                stmt = []  # namespaced C++ APIs are not catalogued by bare name
            elif head[-2:] == ["extern", '"C"'] or head[-2:] == ["extern", '"C++"']:
                self.scope(i + 1)
                stmt = []
            elif tags and "(" not in head[: head.index(tags[0])] and not assigned and not returns_tagged(head, tags[0]):
                self.aggregate(head, tags[0], stmt, i, end)
                stmt = stmt + ["{}"]
            elif assigned:
                stmt = stmt + ["{}"]  # a braced initialiser: the statement goes on
            elif "(" in head:
                self.function(stmt)
                stmt = []
            else:
                stmt = []
            i = end
        return n

    def aggregate(self, head: list[str], tag: str, raw: list[str], start: int, end: int) -> None:
        k = head.index(tag)
        rest = head[k + 1 :]
        for stop in (":", "<"):  # a base or an enum's underlying type; a template specialisation's arguments
            if stop in rest:
                rest = rest[: rest.index(stop)]
        names = [x for x in rest if IDENT.fullmatch(x) and x not in ("class", "struct", "final")]
        deprecated = any(is_deprecation(x) for x in raw)
        if names:
            self.out.add(names[-1], "type", deprecated)
        if tag == "enum":
            self.enumerators(self.t[start + 1 : end - 1])

    def enumerators(self, body: list[str]) -> None:
        item: list[str] = []
        depth = 0
        for tok in body + [","]:
            if tok in "([{":
                depth += 1
            elif tok in ")]}":
                depth -= 1
            if tok == "," and depth == 0:
                names = [x for x in item if IDENT.fullmatch(x)]
                if names:
                    self.out.add(names[0], "enum", any(is_deprecation(x) for x in item[1:]))
                item = []
            else:
                item.append(tok)

    def statement(self, raw: list[str]) -> None:
        if not raw:
            return
        deprecated = any(is_deprecation(x) for x in raw)
        stmt = clean(raw)
        if not stmt:
            return
        if stmt[0] == "using" and len(stmt) > 2 and stmt[2] == "=":
            self.out.add(stmt[1], "type", deprecated)
            return
        if stmt[0] in ("using", "namespace", "friend", "return"):
            return
        if "typedef" in stmt:
            self.typedef(stmt[stmt.index("typedef") + 1 :], deprecated)
            return
        tags = [k for k in ("enum", "struct", "union", "class") if k in stmt]
        p = first_paren(stmt)
        if tags and "{}" not in stmt and (p < 0 or stmt.index(tags[0]) < p):
            k = stmt.index(tags[0])
            if len(stmt) == k + 2 and IDENT.fullmatch(stmt[k + 1]):
                self.out.add(stmt[k + 1], "type", deprecated)  # a forward declaration
            return
        if p >= 0:
            self.function(raw)

    def typedef(self, body: list[str], deprecated: bool) -> None:
        # function pointer: typedef R (CALLCONV *name)(args)
        for i, tok in enumerate(body):
            if tok == "(" and i > 0:
                j = i + 1
                while j < len(body) and IDENT.fullmatch(body[j]):
                    j += 1
                if j + 1 < len(body) and body[j] in ("*", "^", "&") and IDENT.fullmatch(body[j + 1]):
                    self.out.add(body[j + 1], "type", deprecated)
                    return
                break
        if "{}" in body:
            after = body[body.index("{}") + 1 :]
            for name in (x for x in after if IDENT.fullmatch(x)):
                self.out.add(name, "type", deprecated)
            return
        cut = len(body)
        for stop in ("[", "("):
            if stop in body:
                cut = min(cut, body.index(stop))
        names = [x for x in body[:cut] if IDENT.fullmatch(x)]
        if names:
            self.out.add(names[-1], "type", deprecated)

    def function(self, raw: list[str]) -> None:
        deprecated = any(is_deprecation(x) for x in raw)
        stmt = clean(raw)
        p = first_paren(stmt)
        if p < 1 or "=" in stmt[:p]:
            return
        name = stmt[p - 1]
        if (
            not IDENT.fullmatch(name)
            or name in NOT_NAMES
            or (p >= 2 and stmt[p - 2] in ("operator", "~", "::"))
        ):
            return
        if p + 1 < len(stmt) and stmt[p + 1] in ("*", "^", "&"):
            return  # a function pointer variable
        if p < 2 and name not in ("dim3",):
            return  # a bare call, not a declaration
        self.out.add(name, "function", deprecated)


def returns_tagged(head: list[str], tag: str) -> bool:
    """`struct cudaExtent make_cudaExtent(...) {`: a function returning a tagged type, not the type's definition."""
    k = head.index(tag)
    return len(head) > k + 3 and IDENT.fullmatch(head[k + 1]) and IDENT.fullmatch(head[k + 2]) and head[k + 3] == "("


def read_headers(paths: Iterable[Path]) -> Declared:
    out = Declared()
    for path in paths:
        code, defines = split_preprocessor(strip_comments(path.read_text(encoding="utf-8", errors="replace")))
        # `__DEF_IF_HOST` and its kind end a declaration (`;` on the host side, `{ }` in device compilation)
        ends = {n for n, _, body in defines if body.replace(" ", "") in (";", "{}")} | {"__DEF_IF_HOST"}
        tokens = [";" if tok in ends else tok for tok in TOKEN.findall(code)]
        Walker(tokens, out).scope(0)
        for name, params, body in defines:
            out.macros.setdefault(name, body)
            if not keep_macro(name, params, body):
                continue
            out.add(name, "macro", is_deprecation(body) or "deprecated" in body)
    # `#define cuMemAlloc cuMemAlloc_v2`: the target is the exported function the source really calls
    for name, body in sorted(out.macros.items()):
        kinds = out.names.get(name, {})
        if "function" in kinds and IDENT.fullmatch(body) and body not in out.names:
            out.add(body, "function", all(kinds["function"]))
    return out


def keep_macro(name: str, params: str, body: str) -> bool:
    """Public constants and aliases; not include guards, internal `_` names, decorations or empty macros."""
    if name.startswith("_") or not body:
        return False
    if re.search(r"_(H|HPP|H_|HPP_|INCLUDED)_*$", name):
        return False
    return not re.search(r"(API|DEPRECATED\w*|_CB|_DECL\w*|QUALIFIERS)$", name)


# ---------------------------------------------------------------------------------------------------- inputs


def find_wheel_headers(wheels_dir: Path) -> dict[str, Path]:
    """Map header file name (and relative include path) to its path inside the extracted wheels."""
    found: dict[str, Path] = {}
    root = wheels_dir / "extracted"
    for path in sorted(root.glob("nvidia/*/include/**/*.h")):
        parts = path.relative_to(root).parts
        rel = "/".join(parts[parts.index("include") + 1 :])
        found.setdefault(rel, path)
    return found


def ensure_wheels(wheels_dir: Path) -> None:
    """Download the pinned wheels and unpack their headers, once."""
    wheels_dir.mkdir(parents=True, exist_ok=True)
    missing = [spec for spec in WHEELS if not list(wheels_dir.glob(wheel_glob(spec)))]
    if missing:
        print(f"downloading {', '.join(missing)} into {wheels_dir}", file=sys.stderr)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--quiet",
                "-d",
                str(wheels_dir),
                *missing,
            ],
            check=True,
        )
    dest = wheels_dir / "extracted"
    for spec in WHEELS:
        for whl in sorted(wheels_dir.glob(wheel_glob(spec))):
            stamp = dest / (whl.name + ".done")
            if stamp.exists():
                continue
            with zipfile.ZipFile(whl) as z:
                for member in z.namelist():
                    if "/include/" in member and member.endswith((".h", ".hpp")):
                        z.extract(member, dest)
            stamp.touch()


def wheel_glob(spec: str) -> str:
    name, _, version = spec.partition("==")
    return f"{name.replace('-', '_')}-{version or '*'}-*.whl"


def header_paths(spec: TableSpec, cuda_include: Path, wheel_headers: dict[str, Path]) -> list[Path]:
    paths: list[Path] = []
    for rel in spec.headers:
        path = cuda_include / rel if spec.origin == "cuda" else wheel_headers.get(rel)
        if path is None or not path.exists():
            raise SystemExit(f"gen_maps: header {rel} for table {spec.name} not found")
        paths.append(path)
    return paths


def cuda_version(cuda_include: Path) -> str:
    m = re.search(r"#define\s+CUDA_VERSION\s+(\d+)", (cuda_include / "cuda.h").read_text())
    if not m:
        raise SystemExit("gen_maps: CUDA_VERSION not found in cuda.h")
    v = int(m.group(1))
    return f"{v // 1000}.{v % 1000 // 10}"


def macro_int(macros: dict[str, str], name: str) -> str:
    body = macros.get(name, "")
    m = re.search(r"\d+", body)
    return m.group(0) if m else "?"


def load_portable(table: str) -> dict[str, dict[str, str]]:
    path = MAPS / "portable" / f"{table}.toml"
    if not path.exists():
        return {"names": {}, "effort": {}, "note": {}}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    unknown = set(data) - {"names", "effort", "note"}
    if unknown:
        raise SystemExit(
            f"gen_maps: {path}: unknown table(s) {sorted(unknown)}; allowed: names, effort, note"
        )
    return {k: dict(data.get(k, {})) for k in ("names", "effort", "note")}


def load_removed() -> dict[str, dict[str, str]]:
    """`portable/removed.toml`: per table, names CUDA removed, each with its kind."""
    path = MAPS / "portable" / "removed.toml"
    if not path.exists():
        return {}
    return {k: dict(v) for k, v in tomllib.loads(path.read_text(encoding="utf-8")).items()}


def removed_runtime(cuda_include: Path) -> set[str]:
    """Runtime functions CUDA lists in its removed-API trace header."""
    path = cuda_include / "generated_cudart_removed_meta.h"
    if not path.exists():
        return set()
    names = re.findall(r"typedef struct (\w+?)_params_st", path.read_text())
    return {re.sub(r"(_v\d+)?(_pt[sd][sz])?(_v\d+)?$", "", n) for n in names}


# ---------------------------------------------------------------------------------------------------- rows


def wanted(spec: TableSpec, name: str, kind: str) -> bool:
    if spec.name == "cuda-device":
        if name.startswith("__internal") or name.startswith("_") and not name.startswith("__"):
            return False
        if kind == "macro" and name.startswith("__"):
            return False
        return name not in STD_MATH and name not in GENERIC_DEVICE_NAMES
    if name.startswith("_"):
        return False
    return not spec.prefixes or name.startswith(spec.prefixes)


def effort_for(name: str, kind: str, status: str) -> str:
    if status == "supported":
        return "none"
    if kind in ("function", "type") and HIGH_EFFORT.search(name):
        return "high"  # an enum value or macro of these areas (a texture size limit, say) is only named
    return "medium" if kind == "function" else "low"


def guess_kind(name: str) -> str:
    if re.fullmatch(r"[A-Z0-9_]+", name):
        return "enum"
    if name.endswith("_t") or re.fullmatch(
        r"(u?(char|short|int|long|longlong)|float|double)[1-4]|dim3", name
    ):
        return "type"
    return "function"


def toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(spec: TableSpec, source: str, rows: dict[str, dict[str, str]]) -> str:
    lines = [
        f"# Generated by scripts/gen_maps.py from the headers below and rules/maps/portable/{spec.name}.toml.",
        "# Do not edit: change the portable file or the script and re-run it.",
        "",
        "[table]",
        f"family = {toml_str(spec.family)}",
        f"rule = {toml_str(spec.rule)}",
        f"source = {toml_str(source)}",
        "",
        "[names]",
    ]
    for name in sorted(rows):
        row = rows[name]
        fields = ", ".join(
            f"{k} = {toml_str(row[k])}"
            for k in ("kind", "status", "portable", "effort", "note")
            if row.get(k)
        )
        lines.append(f"{name} = {{ {fields} }}")
    return "\n".join(lines) + "\n"


def build(cuda_home: Path, wheels_dir: Path) -> dict[str, tuple[str, dict[str, dict[str, str]], set[str]]]:
    cuda_include = cuda_home / "include"
    if not (cuda_include / "cuda_runtime_api.h").exists():
        raise SystemExit(f"gen_maps: no CUDA headers under {cuda_include} (use --cuda-home)")
    ensure_wheels(wheels_dir)
    wheel_headers = find_wheel_headers(wheels_dir)
    cuda_ver = cuda_version(cuda_include)
    removed_hand = load_removed()
    portable = {spec.name: load_portable(spec.name) for spec in TABLES}

    declared: dict[str, Declared] = {}
    sources: dict[str, str] = {}
    for spec in TABLES:
        paths = header_paths(spec, cuda_include, wheel_headers)
        declared[spec.name] = read_headers(paths)
        files = ", ".join(spec.headers)
        if spec.version:
            ver = ".".join(macro_int(declared[spec.name].macros, m) for m in spec.version)
            sources[spec.name] = f"{files} ({spec.label} {ver}, for CUDA {cuda_ver})"
        else:
            sources[spec.name] = f"{files} (CUDA {cuda_ver})"

    # one owner per name: the table whose portable file lists it, else the first table that declares it
    owner: dict[str, str] = {}
    for spec in TABLES:
        for name in portable[spec.name]["names"]:
            owner.setdefault(name, spec.name)
    for spec in TABLES:
        for name, kinds in declared[spec.name].names.items():
            kind = min(kinds, key=KIND_RANK.__getitem__)
            if wanted(spec, name, kind):
                owner.setdefault(name, spec.name)

    removed_lists: dict[str, dict[str, str]] = {
        spec.name: dict(removed_hand.get(spec.name, {})) for spec in TABLES
    }
    for name in removed_runtime(cuda_include):
        removed_lists["cuda-runtime"].setdefault(name, "function")

    result: dict[str, tuple[str, dict[str, dict[str, str]], set[str]]] = {}
    for spec in TABLES:
        decl = declared[spec.name]
        port = portable[spec.name]
        rows: dict[str, dict[str, str]] = {}
        candidates = {n for n, t in owner.items() if t == spec.name}
        for name, kind in removed_lists[spec.name].items():
            if all(name not in declared[s.name].names for s in TABLES):
                owner.setdefault(name, spec.name)
                if owner[name] == spec.name:
                    candidates.add(name)
        unknown_portable = []
        for name in sorted(candidates):
            kinds = decl.names.get(name)
            if port["names"].get(name) == name and not wanted(spec, name, guess_kind(name)):
                continue  # kept as it is and standard (min, max, expf...): portable code, not a CUDA name
            note = ""
            if kinds:
                kind = min(kinds, key=KIND_RANK.__getitem__)
                status = "deprecated" if all(kinds[kind]) else "unsupported"
            elif name in removed_lists[spec.name]:
                kind, status = removed_lists[spec.name][name], "removed"
            else:
                kind, status = guess_kind(name), "unsupported"
                unknown_portable.append(name)
            row = {"kind": kind, "status": status}
            if name in port["names"]:
                if status == "deprecated":
                    note = "deprecated in the CUDA headers"
                elif status == "removed":
                    note = "removed from CUDA"
                row["status"] = status = "supported"
                row["portable"] = str(port["names"][name])
            row["effort"] = str(port["effort"].get(name, effort_for(name, kind, status)))
            note = str(port["note"].get(name, note))
            if note:
                row["note"] = note
            rows[name] = row
        if unknown_portable:
            print(
                f"gen_maps: {spec.name}: {len(unknown_portable)} portable name(s) no header declares: "
                f"{', '.join(unknown_portable[:10])}",
                file=sys.stderr,
            )
        result[spec.name] = (sources[spec.name], rows, decl.functions)
    return result


README = """\
# CUDA API catalog

Generated by `scripts/gen_maps.py` (this file too): one table per API family, one row per CUDA name (function,
type, enum value, macro) with its status, its portable name when it has one, and the effort left to a person. The
row format is in `rules/README.md`. `migrate` reads only these tables, never CUDA headers.

| table | rule | names | functions | types | enum values | macros | supported | unsupported | deprecated | removed |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
{rows}

Sources (each table's `[table].source` says the same):

{sources}

## Files

- `<table>.toml`: the generated tables. Never edit them by hand.
- `portable/<table>.toml`: hand-kept. `[names]` maps a CUDA name to its portable name (`cudaMalloc = "prtMalloc"`;
  a name mapped to itself is a kernel builtin the runtime keeps as is); optional `[effort]` and `[note]` tables,
  keyed by name, override the computed effort and add a note.
- `portable/removed.toml`: names that CUDA or a library removed and no header declares any more, per table
  (`name = "kind"`); the runtime list is completed from CUDA's `generated_cudart_removed_meta.h`.
- `headers/<table>.txt`: every function name the table's headers declare, one per line: the list
  `tests/test_catalog.py` checks the tables' coverage against.

## How rows are made

- Names come from the headers above: comments removed, `#define`s kept as macros, both sides of every `#if`
  read (so per-platform and per-version names are known), `#if 0` dropped; declarations are read by brace scope.
  Namespaced C++ APIs (cooperative groups, `nvcuda::wmma`, NCCL's device API) are not catalogued by bare name.
  The device table leaves out the standard C/C++ math functions (`expf`, `sqrtf`, `min`...) that CUDA also
  declares for device code: they are portable as written. Include guards, empty macros, `_`-prefixed internal
  names and API decorations (`CUDARTAPI`, `*_DEPRECATED`) are skipped.
- An alias `#define cuMemAlloc cuMemAlloc_v2` adds its target as a function too, so both spellings are known.
- Status: listed in `portable/` -> `supported`; every declaration marked deprecated (`__CUDA_DEPRECATED`,
  `CUDART_DEPRECATED`, `__DEPRECATED__`, `[[deprecated]]`, a library's `*_DEPRECATED`) -> `deprecated`; named by a
  removed list and declared nowhere -> `removed`; otherwise `unsupported`.
- Effort: supported -> `none`; CUDA graphs, textures and surfaces, driver module/linker/JIT/library loading, IPC
  and graphics interop (GL, D3D, EGL, VDPAU, NvSci) -> `high` for their functions and types; other functions ->
  `medium`; other types, enum values and macros -> `low`. A portable file's `[effort]` overrides it.
- A name declared by two tables' headers goes to the table whose portable file lists it, else to the first in
  this order: cuda-runtime, cuda-driver, cuda-device, nccl, cublas, curand, cufft, cusparse, cusolver, cudnn.

## Regenerate

```
python scripts/gen_maps.py --cuda-home /usr/local/cuda-13.0 --wheels-dir ~/.cache/migrate-wheels
python -m pytest tests/test_catalog.py
```

`--wheels-dir` is where the library wheels (pinned in `WHEELS` in the script) are downloaded with
`pip download --no-deps` when missing and their headers unpacked. For a new CUDA release, point `--cuda-home` at
it, bump the pins and re-run; the output is sorted, so the diff shows exactly what changed.
"""


def render_readme(tables: dict[str, tuple[str, dict[str, dict[str, str]], set[str]]]) -> str:
    rows: list[str] = []
    totals = [0] * 9
    for spec in TABLES:
        _source, table_rows, _ = tables[spec.name]
        values = [len(table_rows)]
        values += [sum(1 for r in table_rows.values() if r["kind"] == k) for k in KINDS]
        values += [
            sum(1 for r in table_rows.values() if r["status"] == s)
            for s in ("supported", "unsupported", "deprecated", "removed")
        ]
        totals = [a + b for a, b in zip(totals, values)]
        rows.append(f"| `{spec.name}` | `{spec.rule}` | " + " | ".join(map(str, values)) + " |")
    rows.append(
        "| **total** | | " + " | ".join(f"**{v}**" if i == 0 else str(v) for i, v in enumerate(totals)) + " |"
    )
    sources = "\n".join(f"- `{spec.name}`: {tables[spec.name][0]}" for spec in TABLES)
    return README.format(rows="\n".join(rows), sources=sources)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cuda-home", type=Path, default=Path("/usr/local/cuda-13.0"))
    ap.add_argument("--wheels-dir", type=Path, default=Path.home() / ".cache" / "migrate-wheels")
    ap.add_argument("--out", type=Path, default=MAPS, help="where the tables go (default: rules/maps)")
    args = ap.parse_args(argv)

    tables = build(args.cuda_home, args.wheels_dir)
    (args.out / "headers").mkdir(parents=True, exist_ok=True)
    total = 0
    for spec in TABLES:
        source, rows, functions = tables[spec.name]
        (args.out / f"{spec.name}.toml").write_text(render(spec, source, rows), encoding="utf-8")
        snapshot = sorted(n for n in functions if not n.startswith("_") or spec.name == "cuda-device")
        (args.out / "headers" / f"{spec.name}.txt").write_text("\n".join(snapshot) + "\n", encoding="utf-8")
        counts = {
            s: sum(1 for r in rows.values() if r["status"] == s)
            for s in ("supported", "unsupported", "deprecated", "removed")
        }
        total += len(rows)
        print(f"{spec.name:13} {len(rows):6} names  " + "  ".join(f"{k} {v}" for k, v in counts.items()))
    (args.out / "README.md").write_text(render_readme(tables), encoding="utf-8")
    print(f"{'total':13} {total:6} names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
