"""The case spec (`verify.toml`): loading, validation with errors that name the file and key, command templates."""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import tomllib
except ImportError:  # Python 3.10 (as on some GPU images): pip's vendored copy of the same parser
    from pip._vendor import tomli as tomllib  # type: ignore[no-redef]

SPEC_NAME = "verify.toml"
BACKENDS: tuple[str, ...] = ("cpu", "cuda", "hip")
KINDS: tuple[str, ...] = ("bin", "npy", "txt", "stdout", "torch", "verdict")
FILE_KINDS: tuple[str, ...] = ("bin", "npy", "txt", "torch")
DTYPES: tuple[str, ...] = (
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "int8",
    "uint8",
    "int16",
    "uint16",
    "int32",
    "uint32",
    "int64",
    "uint64",
    "bool",
)

TOP_KEYS = ("description", "timeout", "env", "original", "migrated", "output", "kernels")
SIDE_KEYS = ("sources", "build", "run", "backends", "env", "copy")
OUTPUT_KEYS = (
    "name",
    "names",
    "kind",
    "file",
    "dtype",
    "shape",
    "key",
    "rtol",
    "atol",
    "ulps",
    "sample",
    "pass",
    "fail",
)
KERNEL_KEYS = ("sources", "rtol", "atol", "ulps", "max_launches", "max_bytes", "max_trace_bytes")

# Variables a build or run command may use; path values are shell-quoted when inserted, flag lists are not.
PATH_VARIABLES = ("case", "src", "workdir", "outdir", "out", "include_dir", "cxx", "nvcc", "python")
FLAG_VARIABLES = ("backend", "arch", "cflags", "libs", "cuda_cppflags", "cuda_ldflags")
VARIABLES = PATH_VARIABLES + FLAG_VARIABLES
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")
DEFAULT_SAMPLE = 262_144  # elements a golden keeps per output: about 1 MB of float32, so goldens fit in git


class SpecError(Exception):
    """A spec that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Tolerance:
    """An element passes when |a - b| <= atol + rtol * |b|, or when it lies within `ulps` units in the last place."""

    rtol: float = 0.0
    atol: float = 0.0
    ulps: int | None = None

    def describe(self) -> str:
        parts = [f"rtol={self.rtol:g}", f"atol={self.atol:g}"]
        if self.ulps is not None:
            parts.append(f"ulps={self.ulps}")
        return " ".join(parts)


@dataclass(frozen=True)
class Output:
    """One value to compare: a file the program writes, or a `name = value` line it prints."""

    name: str
    kind: str
    tolerance: Tolerance
    file: str | None = None
    dtype: str | None = None
    shape: tuple[int, ...] | None = None
    key: str | None = None
    sample: int = DEFAULT_SAMPLE
    passes: str = ""  # kind = "verdict": a regex the output must match for a pass ("" : exit 0 alone passes)
    fails: str = ""  # kind = "verdict": a regex that means failure wherever it matches ("" : none)

    @property
    def expected_bytes(self) -> int | None:
        """The size a raw `.bin` output must have, when its dtype and shape say so."""
        if self.kind != "bin" or self.dtype is None or self.shape is None:
            return None
        size = 1
        for extent in self.shape:
            size *= extent
        return size * _itemsize(self.dtype)


@dataclass(frozen=True)
class Side:
    """How to build and run one side (original or migrated): per-backend commands over a copy of its sources."""

    name: str
    sources: str
    build: Mapping[str, str]
    run: Mapping[str, str]
    backends: tuple[str, ...]
    env: Mapping[str, str] = field(default_factory=dict)
    copy: bool = True

    def command(self, which: str, backend: str) -> str | None:
        table = self.build if which == "build" else self.run
        return table.get(backend, table.get("*"))


@dataclass(frozen=True)
class Kernels:
    """Kernel record-and-replay: which source files of the original get instrumented, and the buffer tolerance."""

    sources: tuple[str, ...]
    tolerance: Tolerance
    max_launches: int = 64
    max_bytes: int = 1 << 30  # the largest allocation traced
    max_trace_bytes: int = 4 << 30  # what one recording may write in all


@dataclass(frozen=True)
class Case:
    """A parity case: the folder holding `verify.toml`, its two sides and its outputs."""

    path: Path
    name: str
    description: str
    timeout: int
    env: Mapping[str, str]
    original: Side
    migrated: Side
    outputs: tuple[Output, ...]
    kernels: Kernels | None

    @property
    def spec_path(self) -> Path:
        return self.path / SPEC_NAME

    @property
    def goldens(self) -> Path:
        return self.path / "goldens"

    @property
    def verdict(self) -> Output | None:
        """The program's own verdict output, when the spec has one."""
        return next((o for o in self.outputs if o.kind == "verdict"), None)

    @property
    def main_file(self) -> Output | None:
        """The first file output: the one `{out}` and `$CORPUS_OUT` name."""
        return next((o for o in self.outputs if o.kind in FILE_KINDS), None)


def _itemsize(dtype: str) -> int:
    return {
        "float16": 2,
        "bfloat16": 2,
        "float32": 4,
        "float64": 8,
        "int8": 1,
        "uint8": 1,
        "int16": 2,
        "uint16": 2,
        "int32": 4,
        "uint32": 4,
        "int64": 8,
        "uint64": 8,
        "bool": 1,
    }[dtype]


class _Reader:
    """Typed access to a TOML table that reports the file and the dotted key on every error."""

    def __init__(self, path: Path, where: str, data: Mapping[str, Any], allowed: tuple[str, ...]):
        self.path, self.where, self.data = path, where, data
        if not isinstance(data, Mapping):
            self.fail("", "must be a table")
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            self.fail(unknown[0], f"is not a known key; allowed: {', '.join(allowed)}")

    def key(self, name: str) -> str:
        return f"{self.where}.{name}" if self.where else name

    def fail(self, name: str, problem: str) -> None:
        label = self.key(name) if name else (self.where or "top level")
        raise SpecError(f"{self.path}: {label}: {problem}")

    def get(
        self, name: str, kind: type | tuple[type, ...], default: Any = None, required: bool = False
    ) -> Any:
        if name not in self.data:
            if required:
                self.fail(name, "is required")
            return default
        value = self.data[name]
        if isinstance(value, bool) and kind in (int, float, (int, float)):
            self.fail(name, f"must be a number, not {value!r}")
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            self.fail(name, f"must be of type {names}, not {type(value).__name__}")
        return value

    def number(self, name: str, default: float, minimum: float = 0.0) -> float:
        value = float(self.get(name, (int, float), default))
        if value < minimum:
            self.fail(name, f"must be at least {minimum:g}")
        return value

    def strings(self, name: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        value = self.get(name, list, list(default))
        if not all(isinstance(v, str) for v in value):
            self.fail(name, "must be a list of strings")
        return tuple(value)

    def env(self, name: str) -> dict[str, str]:
        value = self.get(name, dict, {})
        for key, item in value.items():
            if not isinstance(item, str):
                self.fail(f"{name}.{key}", "must be a string")
        return dict(value)


def _inside(reader: _Reader, name: str, value: str, folder: Path, what: str) -> str:
    """`value` as a path relative to `folder` that stays inside it (links resolved); anything else is a spec error."""
    if not value or Path(value).is_absolute() or ".." in Path(value).parts:
        reader.fail(name, f"{value!r} must be a relative path inside {what}, without `..`")
    base = folder.resolve()
    resolved = (base / value).resolve()
    if resolved != base and base not in resolved.parents:
        reader.fail(name, f"{value!r} leads outside {what} (through a symbolic link)")
    return value


def _template_check(reader: _Reader, name: str, text: str) -> str:
    for match in _PLACEHOLDER.finditer(text):
        if match.group(1) not in VARIABLES:
            reader.fail(name, f"unknown placeholder {{{match.group(1)}}}; known: {', '.join(VARIABLES)}")
    return text


def _commands(reader: _Reader, name: str, backends: tuple[str, ...], required: bool) -> dict[str, str]:
    value = reader.get(name, (str, dict), None, required=required)
    if value is None:
        return {}
    if isinstance(value, str):
        return {"*": _template_check(reader, name, value)}
    table: dict[str, str] = {}
    for backend, command in value.items():
        key = f"{name}.{backend}"
        if backend not in BACKENDS:
            reader.fail(key, f"is not a backend; known: {', '.join(BACKENDS)}")
        if not isinstance(command, str):
            reader.fail(key, "must be a string")
        table[backend] = _template_check(reader, key, command)
    missing = [b for b in backends if b not in table]
    if missing and required:
        reader.fail(name, f"has no command for backend {missing[0]!r}")
    return table


def _side(path: Path, name: str, data: Any, default_sources: str, default_backends: tuple[str, ...]) -> Side:
    reader = _Reader(path, name, data, SIDE_KEYS)
    backends = reader.strings("backends", default_backends)
    for backend in backends:
        if backend not in BACKENDS:
            reader.fail("backends", f"{backend!r} is not a backend; known: {', '.join(BACKENDS)}")
    if not backends:
        reader.fail("backends", "must name at least one backend")
    return Side(
        name=name,
        sources=_inside(reader, "sources", reader.get("sources", str, default_sources), path.parent, "the case folder"),
        build=_commands(reader, "build", backends, required=False),
        run=_commands(reader, "run", backends, required=True),
        backends=backends,
        env=reader.env("env"),
        copy=reader.get("copy", bool, True),
    )


def _tolerance(reader: _Reader, default: Tolerance = Tolerance()) -> Tolerance:
    ulps = reader.get("ulps", int, default.ulps)
    if ulps is not None and ulps < 0:
        reader.fail("ulps", "must be at least 0")
    return Tolerance(
        rtol=reader.number("rtol", default.rtol), atol=reader.number("atol", default.atol), ulps=ulps
    )


def _pattern(reader: _Reader, name: str) -> str:
    """A verdict pattern: a Python regular expression, checked here so a typo is a spec error, not a crash."""
    text = reader.get(name, str, "")
    try:
        re.compile(text)
    except re.error as exc:
        reader.fail(name, f"is not a valid regular expression: {exc}")
    return text


def _outputs(path: Path, items: Any) -> tuple[Output, ...]:
    if not isinstance(items, list) or not items:
        raise SpecError(f"{path}: output: must be a non-empty array of tables ([[output]])")
    outputs: list[Output] = []
    for index, item in enumerate(items):
        reader = _Reader(path, f"output[{index}]", item, OUTPUT_KEYS)
        kind = reader.get("kind", str, required=True)
        if kind not in KINDS:
            reader.fail("kind", f"{kind!r} is not one of {', '.join(KINDS)}")
        tolerance = _tolerance(reader)
        sample = int(reader.number("sample", DEFAULT_SAMPLE))
        dtype = reader.get("dtype", str)
        if dtype is not None and dtype not in DTYPES:
            reader.fail("dtype", f"{dtype!r} is not one of {', '.join(DTYPES)}")
        shape_list = reader.get("shape", list)
        shape = None
        if shape_list is not None:
            if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in shape_list):
                reader.fail("shape", "must be a list of non-negative integers")
            shape = tuple(shape_list)
        if kind != "verdict":
            for key in ("pass", "fail"):
                if key in item:
                    reader.fail(key, 'applies to kind = "verdict" only')
        if kind == "verdict":
            for key in ("file", "dtype", "shape", "names", "key", "rtol", "atol", "ulps"):
                if key in item:
                    reader.fail(key, 'does not apply to kind = "verdict"')
            outputs.append(
                Output(
                    name=reader.get("name", str, "verdict"),
                    kind=kind,
                    tolerance=tolerance,
                    passes=_pattern(reader, "pass"),
                    fails=_pattern(reader, "fail"),
                )
            )
            continue
        if kind == "stdout":
            for key in ("file", "dtype", "shape"):
                if key in item:
                    reader.fail(key, 'does not apply to kind = "stdout"')
            names = reader.strings("names")
            single = reader.get("name", str)
            if bool(names) == bool(single):
                reader.fail("name", 'give exactly one of name or names for kind = "stdout"')
            if names and "key" in item:
                reader.fail("key", "applies to a single name only")
            for name in names or (single,):
                outputs.append(
                    Output(
                        name=name,
                        kind=kind,
                        tolerance=tolerance,
                        key=reader.get("key", str, name),
                        sample=sample,
                    )
                )
            continue
        name = reader.get("name", str, required=True)
        if "names" in item:
            reader.fail("names", 'applies to kind = "stdout" only')
        file = reader.get("file", str, required=True)
        if Path(file).is_absolute() or ".." in Path(file).parts:
            reader.fail("file", "must be a relative path inside the output folder")
        if kind == "bin" and (dtype is None or shape is None):
            reader.fail("dtype" if dtype is None else "shape", 'is required for kind = "bin"')
        outputs.append(
            Output(
                name=name,
                kind=kind,
                tolerance=tolerance,
                file=file,
                dtype=dtype,
                shape=shape,
                key=reader.get("key", str),
                sample=sample,
            )
        )
    seen: set[str] = set()
    for output in outputs:
        if not _NAME.match(output.name):
            raise SpecError(f"{path}: output: name {output.name!r} must be letters, digits, _ . -")
        if output.name in seen:
            raise SpecError(f"{path}: output: name {output.name!r} appears twice")
        seen.add(output.name)
    return tuple(outputs)


def _kernels(path: Path, data: Any) -> Kernels:
    reader = _Reader(path, "kernels", data, KERNEL_KEYS)
    sources = reader.strings("sources")
    if not sources:
        reader.fail("sources", "must name at least one source file of the original")
    for source in sources:
        # Checked against the case folder here; the staged copy that is instrumented is checked again there.
        _inside(reader, "sources", source, path.parent, "the case's sources")
    return Kernels(
        sources=sources,
        tolerance=_tolerance(reader),
        max_launches=int(reader.number("max_launches", Kernels.max_launches, 1)),
        max_bytes=int(reader.number("max_bytes", Kernels.max_bytes, 1)),
        max_trace_bytes=int(reader.number("max_trace_bytes", Kernels.max_trace_bytes, 1)),
    )


def load_case(folder: Path) -> Case:
    """Read and validate `folder/verify.toml` (or the spec file itself)."""
    path = folder if folder.is_file() else folder / SPEC_NAME
    folder = path.parent
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise SpecError(f"{path}: no such spec (a case is a folder holding {SPEC_NAME})") from None
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise SpecError(f"{path}: cannot read: {exc.strerror}") from None
    top = _Reader(path, "", data, TOP_KEYS)
    timeout = int(top.number("timeout", 300, 1))
    original = _side(path, "original", top.get("original", dict, required=True), ".", ("cuda",))
    migrated = _side(path, "migrated", top.get("migrated", dict, required=True), "migrated", ("cpu",))
    kernels = _kernels(path, data["kernels"]) if "kernels" in data else None
    return Case(
        path=folder.resolve(),
        name=folder.resolve().name,
        description=top.get("description", str, ""),
        timeout=timeout,
        env=top.env("env"),
        original=original,
        migrated=migrated,
        outputs=_outputs(path, data.get("output")),
        kernels=kernels,
    )


def find_cases(paths: list[Path]) -> list[Path]:
    """Case folders under the given paths: a path holding verify.toml is a case; otherwise its subfolders are searched."""
    found: list[Path] = []
    for path in paths:
        if path.is_file() and path.name == SPEC_NAME:
            found.append(path.parent)
        elif (path / SPEC_NAME).is_file():
            found.append(path)
        elif path.is_dir():
            found.extend(sorted(spec.parent for spec in path.rglob(SPEC_NAME) if "goldens" not in spec.parts))
        else:
            raise SpecError(f"{path}: no such case (a case is a folder holding {SPEC_NAME})")
    unique: dict[Path, None] = {}
    for case in found:
        unique.setdefault(case.resolve(), None)
    return list(unique)


def render_command(template: str, values: Mapping[str, str]) -> str:
    """Fill `{name}` placeholders; path values are shell-quoted, flag values go in as they are."""

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        value = values[name]
        return shlex.quote(value) if name in PATH_VARIABLES and value else value

    return _PLACEHOLDER.sub(fill, template)
