"""The libclang frontend: CUDA names that only a compiler sees, behind macros, aliases, pointers and templates."""

from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Iterator, Mapping, Sequence
from ctypes import POINTER, byref, c_uint, c_void_p
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .model import Finding, MapEntry

if TYPE_CHECKING:
    from .rules import Catalog

SHIM_DIR = Path(__file__).resolve().parent / "shim"
SHIM_HEADER = "migrate_shim.h"
CATALOG_HEADER = "migrate_catalog.h"
LIBCLANG_ENV = "MIGRATE_LIBCLANG"
LIBCLANG_CANDIDATES = (
    "/usr/lib/llvm-19/lib/libclang-19.so.1",
    "/usr/lib/x86_64-linux-gnu/libclang-19.so.1",
    "/usr/lib/aarch64-linux-gnu/libclang-19.so.1",
)
INSTALL_HINT = (
    "the semantic frontend needs libclang 19 and its Python bindings: on Debian or Ubuntu run\n"
    "  apt-get install libclang1-19 libclang-common-19-dev\n"
    "  pip install 'migrate[semantic]'   (the clang==19.1.7 bindings)\n"
    f"or set {LIBCLANG_ENV} to the path of a libclang shared library whose clang resource headers are installed"
)

CUDA_SUFFIXES = frozenset({".cu", ".cuh"})
SOURCE_SUFFIXES = frozenset({".cu", ".cpp", ".cc", ".cxx", ".c++", ".c", ".C"})
HEADER_SUFFIXES = frozenset({".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl", ".ipp", ".tpp"})

# Compiler flags that change what a file means; everything else (code generation, warnings, nvcc's own
# options) is dropped, so an nvcc or gcc command line from a compilation database parses with clang.
FLAGS_WITH_VALUE = ("-I", "-isystem", "-iquote", "-idirafter", "-D", "-U", "-include")
FLAGS_JOINED = ("-std=", "--std=", "-I", "-D", "-U", "-isystem", "-iquote", "-idirafter")
PATH_FLAGS = ("-I", "-isystem", "-iquote", "-idirafter", "-include")
LONG_FLAGS = {
    "--include-path": "-I",
    "--system-include": "-isystem",
    "--define-macro": "-D",
    "--undefine-macro": "-U",
    "--pre-include": "-include",
}
PARSE_CATEGORIES = frozenset({"Parse Issue", "Lexical or Preprocessor Issue"})
IDENTIFIER = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
DEPENDENT_TYPE = re.compile(r"(?:const |volatile )*typename (\w+)::(\w+)\b")


class SemanticError(Exception):
    """A problem the semantic frontend reports to the user as one line, without a traceback."""


class SemanticUnavailable(SemanticError):
    """libclang (or its resource headers) cannot be loaded; the message says what to install."""


class CompileCommandsError(SemanticError):
    """A compilation database that cannot be read; the message names the file and the entry."""


# --- compilation database -------------------------------------------------------------------------------


def _absolute_flag_paths(args: list[str], directory: Path) -> list[str]:
    """Make the paths of include-like flags absolute against the entry's directory."""
    out: list[str] = []
    pending = False
    for arg in args:
        if pending:
            out.append(str(directory / arg) if not os.path.isabs(arg) else arg)
            pending = False
            continue
        for flag in PATH_FLAGS:
            if arg == flag:
                pending = True
                break
            if arg.startswith(flag) and not arg.startswith(flag + "=") and flag != "-include":
                value = arg[len(flag) :]
                arg = flag + (str(directory / value) if not os.path.isabs(value) else value)
                break
            if arg.startswith(flag + "="):
                value = arg[len(flag) + 1 :]
                arg = flag + "=" + (str(directory / value) if not os.path.isabs(value) else value)
                break
        out.append(arg)
    return out


def load_compile_commands(path: Path) -> dict[Path, list[str]]:
    """Read clang's JSON compilation database: absolute source path -> the compiler's arguments.

    Both entry forms are read ("arguments" as a list, "command" as one shell-quoted string); a relative "file"
    or include path is taken relative to the entry's "directory". The compiler itself, the source file, `-c`
    and `-o FILE` are removed; other flags are kept as written and filtered when a file is parsed.
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CompileCommandsError(f"{path}: cannot read: {exc.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CompileCommandsError(f"{path}: not a JSON compilation database: {exc}") from None
    if not isinstance(data, list):
        raise CompileCommandsError(f"{path}: a compilation database is a JSON list of entries")
    commands: dict[Path, list[str]] = {}
    for index, entry in enumerate(data):
        where = f"{path}: entry {index}"
        if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
            raise CompileCommandsError(f'{where}: needs a "file" string')
        directory = Path(entry.get("directory") or path.parent)
        if not directory.is_absolute():
            directory = (path.parent / directory).resolve()
        if isinstance(entry.get("arguments"), list):
            argv = [str(arg) for arg in entry["arguments"]]
        elif isinstance(entry.get("command"), str):
            try:
                argv = shlex.split(entry["command"])
            except ValueError as exc:
                raise CompileCommandsError(
                    f'{where}: "command" is not a valid shell command: {exc}'
                ) from None
        else:
            raise CompileCommandsError(f'{where}: needs "arguments" (a list) or "command" (a string)')
        source = Path(os.path.normpath(directory / entry["file"]))
        args: list[str] = []
        skip = False
        for arg in argv[1:]:
            if skip:
                skip = False
                continue
            if arg in ("-o", "--output-file"):
                skip = True
                continue
            if arg in ("-c", "--compile") or arg.startswith("-o"):
                continue
            if not arg.startswith("-") and Path(os.path.normpath(directory / arg)) == source:
                continue
            args.append(arg)
        commands[source] = _absolute_flag_paths(args, directory)
    return commands


def _semantic_flags(args: Sequence[str]) -> list[str]:
    """The flags of a compiler command that change the meaning of the source, in clang's spelling."""
    out: list[str] = []
    pending: str | None = None
    for raw in args:
        if pending is not None:
            out += [pending, raw]
            pending = None
            continue
        arg = raw
        for long, short in LONG_FLAGS.items():
            if arg == long:
                arg = short
            elif arg.startswith(long + "="):
                arg = short + ("=" if short == "-include" else "") + arg[len(long) + 1 :]
        if arg in FLAGS_WITH_VALUE:
            pending = arg
            continue
        if arg.startswith("-include="):
            out += ["-include", arg[len("-include=") :]]
        elif arg.startswith("-isystem="):
            out += ["-isystem", arg[len("-isystem=") :]]
        elif arg.startswith(FLAGS_JOINED):
            out.append(arg.replace("--std=", "-std=", 1))
    return out


def _is_cuda_include_dir(path: str) -> bool:
    return os.path.isfile(os.path.join(path, "cuda_runtime_api.h")) and not os.path.samefile(path, SHIM_DIR)


def _without_toolkit_dirs(flags: list[str]) -> list[str]:
    """Drop include directories that hold a real CUDA toolkit's headers: the shim stands in for them."""
    out: list[str] = []
    index = 0
    while index < len(flags):
        flag = flags[index]
        if flag in ("-isystem", "-idirafter", "-iquote", "-I") and index + 1 < len(flags):
            if not _is_cuda_include_dir(flags[index + 1]):
                out += [flag, flags[index + 1]]
            index += 2
            continue
        if flag.startswith("-I") and _is_cuda_include_dir(flag[2:]):
            index += 1
            continue
        out.append(flag)
        index += 1
    return out


def clang_arguments(path: Path, user_flags: Sequence[str]) -> list[str]:
    """The full libclang argument list for one file: language, the shim first, then the user's own flags."""
    flags = _without_toolkit_dirs(_semantic_flags(user_flags))
    cuda = path.suffix in CUDA_SUFFIXES
    if path.suffix in HEADER_SUFFIXES:
        language = ["-x", "cuda" if cuda else "c++-header"]
    else:
        language = ["-x", "cuda" if cuda else "c++"]
    args = [*language, "-I", str(SHIM_DIR), "-w", "-ferror-limit=50"]
    if cuda:
        # Host-side parse with clang's CUDA front end; no toolkit, no GPU library, the shim in place of
        # nvcc's implicit cuda_runtime.h.
        args += [
            "--cuda-host-only",
            "-nocudainc",
            "-nocudalib",
            f"--cuda-path={SHIM_DIR}",
            "-include",
            SHIM_HEADER,
        ]
    if not any(flag.startswith("-std=") for flag in flags):
        args.append("-std=c++17")
    return args + flags


# --- libclang loading -------------------------------------------------------------------------------------


def _cindex() -> Any:
    """Import the clang bindings and point them at a libclang 19 library; SemanticUnavailable if impossible."""
    try:
        from clang import cindex
    except ImportError:
        raise SemanticUnavailable(f"the clang Python bindings are not installed; {INSTALL_HINT}") from None
    config = cindex.Config
    if not config.loaded and config.library_file is None and config.library_path is None:
        chosen = os.environ.get(LIBCLANG_ENV) or next(
            (p for p in LIBCLANG_CANDIDATES if os.path.exists(p)), None
        )
        if chosen:
            config.set_library_file(chosen)
    try:
        config().lib  # noqa: B018 - loading the library is the point
    except Exception as exc:  # noqa: BLE001 - cindex raises LibclangError (a bare Exception) or OSError
        raise SemanticUnavailable(f"libclang could not be loaded ({exc}); {INSTALL_HINT}") from None
    return cindex


# --- the shim's generated part ----------------------------------------------------------------------------


def _hand_declared() -> frozenset[str]:
    names: set[str] = set()
    for header in SHIM_DIR.glob("*.h"):
        if header.name != CATALOG_HEADER:
            names.update(m.decode() for m in IDENTIFIER.findall(header.read_bytes()))
    return frozenset(names)


@lru_cache(maxsize=4)
def catalog_declarations(entries: tuple[tuple[str, str], ...]) -> str:
    """C++ declarations for catalogued (name, kind) pairs that the hand-written shim does not declare.

    Signatures are not in the catalog, so a function takes any arguments and returns a value that converts to
    anything; a type is an opaque handle; an enum value converts to any enum. Macros are left alone: they are
    matched by name and defining one could switch a code path.
    """
    hand = _hand_declared()
    lines = [
        "/* Generated at parse time from the catalog; see migrate/semantic.py. */",
        "#pragma once",
        "struct __migrate_any {",
        "  template <class T> __host__ __device__ constexpr operator T() const { return T(); }",
        "};",
    ]
    for name, kind in entries:
        if name in hand or not name.isidentifier():
            continue
        if kind == "function":
            lines.append(f"template <class... A> __host__ __device__ __migrate_any {name}(A &&...);")
        elif kind == "type":
            lines.append(f"typedef struct __migrate_opaque_{name} *{name};")
        elif kind == "enum":
            lines.append(f"constexpr __migrate_any {name}{{}};")
    return "\n".join(lines) + "\n"


def _catalog_entries(catalog: Catalog) -> tuple[tuple[str, str], ...]:
    # Names the runtime keeps as they are (threadIdx, __syncthreads, dim3...) are the kernel language itself,
    # which the shim declares with their real kinds; declaring them again would clash.
    return tuple(sorted((name, entry.kind) for name, entry in catalog.names.items() if entry.portable != name))


# --- walking one translation unit -------------------------------------------------------------------------


@dataclass(frozen=True)
class Site:
    """A reference whose catalogued target is not spelled where it stands."""

    path: Path
    offset: int
    length: int
    target: str
    how: str


@dataclass
class _Unit:
    """What one walk of a translation unit collects before resolution."""

    refs: list[Any] = field(default_factory=list)
    dependent: list[Any] = field(default_factory=list)
    instantiations: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)
    specializations: dict[str, list[tuple[tuple[str, ...], Any]]] = field(default_factory=dict)
    macro_heads: dict[str, str] = field(default_factory=dict)
    dependent_types: list[tuple[Any, str]] = field(default_factory=list)


class _Walker:
    """Resolves references in one parsed translation unit to catalogued CUDA names."""

    def __init__(
        self, cindex: Any, tu: Any, wanted: Mapping[Path, str], names: Mapping[str, MapEntry]
    ) -> None:
        self.ci = cindex
        self.kinds = cindex.CursorKind
        self.types = cindex.TypeKind
        self.tu = tu
        self.wanted = wanted
        self.names = names
        self.paths: dict[str, Path | None] = {}
        self.files: dict[int, tuple[bool, Path | None]] = {}
        self.texts: dict[Path, bytes] = {}
        lib = cindex.conf.lib
        self._file_location = lib.clang_getFileLocation
        self._specialized = lib.clang_getSpecializedCursorTemplate
        self._file_location.argtypes = [
            cindex.SourceLocation,
            POINTER(cindex.c_object_p),
            POINTER(c_uint),
            POINTER(c_uint),
            POINTER(c_uint),
        ]
        self._file_location.restype = None
        self._expansion = lib.clang_getExpansionLocation
        self._expansion.argtypes = [cindex.SourceLocation, POINTER(c_void_p), c_void_p, c_void_p, c_void_p]
        self._expansion.restype = None
        self._file_name = lib.clang_getFileName
        self.unit = _Unit()

    # paths and locations

    def wanted_path(self, name: str | None) -> Path | None:
        if not name:
            return None
        if name not in self.paths:
            path = Path(os.path.normpath(os.path.abspath(name)))
            self.paths[name] = path if path in self.wanted else None
        return self.paths[name]

    def file_of(self, location: Any) -> tuple[bool, Path | None]:
        """Whether a location (where it is expanded) is in user code, and the wanted file it is in, if any.

        Keyed by libclang's file handle: a translation unit has tens of thousands of top-level cursors (system
        headers, the shim), and asking each for its file name would cost more than the parse.
        """
        handle = c_void_p()
        self._expansion(location, byref(handle), None, None, None)
        key = handle.value or 0
        known = self.files.get(key)
        if known is None:
            if not key:
                known = (False, None)
            else:
                name = location.file.name
                user = not location.is_in_system_header and not Path(name).resolve().is_relative_to(SHIM_DIR)
                known = (user, self.wanted_path(name) if user else None)
            self.files[key] = known
        return known

    def file_location(self, location: Any) -> tuple[Path, int] | None:
        """Where a location's text is written: a macro argument's own spelling, else the macro's use site."""
        handle, line, column, offset = self.ci.c_object_p(), c_uint(), c_uint(), c_uint()
        self._file_location(location, byref(handle), byref(line), byref(column), byref(offset))
        if not handle:
            return None
        path = self.wanted_path(self.ci.File(handle).name)
        return (path, offset.value) if path else None

    def identifier_at(self, path: Path, offset: int) -> str:
        data = self.texts.get(path)
        if data is None:
            try:
                data = self.texts[path] = path.read_bytes()
            except OSError:
                data = self.texts[path] = b""
        match = IDENTIFIER.match(data, offset)
        return match.group().decode("ascii") if match else ""

    # the walk

    def walk(self) -> None:
        ck = self.kinds
        stack = []
        for cursor in self.tu.cursor.get_children():
            if not self._in_user_code(cursor):
                continue
            if cursor.kind == ck.MACRO_DEFINITION:
                self._note_macro(cursor)
            elif cursor.kind not in (ck.MACRO_INSTANTIATION, ck.INCLUSION_DIRECTIVE):
                stack.append(cursor)
        stack.reverse()
        while stack:
            cursor = stack.pop()
            kind = cursor.kind
            if self.file_of(cursor.location)[1] is not None:
                if kind in (ck.DECL_REF_EXPR, ck.MEMBER_REF_EXPR, ck.TYPE_REF):
                    self.unit.refs.append(cursor)
                    if kind == ck.DECL_REF_EXPR and not cursor.spelling:
                        self.unit.dependent.append(cursor)
                    elif kind == ck.DECL_REF_EXPR:
                        self._note_function_instantiation(cursor)
                elif kind in (ck.VAR_DECL, ck.FIELD_DECL, ck.PARM_DECL, ck.CALL_EXPR):
                    self._note_class_instantiation(cursor.type)
                    if kind != ck.CALL_EXPR:
                        self._note_dependent_type(cursor)
            if kind in (ck.STRUCT_DECL, ck.CLASS_DECL) and self._specialized(cursor) is not None:
                self._note_specialization(cursor)
            children = list(cursor.get_children())
            children.reverse()
            stack.extend(children)

    def _in_user_code(self, cursor: Any) -> bool:
        return self.file_of(cursor.location)[0]

    def _note_dependent_type(self, decl: Any) -> None:
        """`typename P::member x;` in a template, P a template parameter: resolved per instantiation later."""
        match = DEPENDENT_TYPE.match(decl.type.spelling)
        if match is None:
            return
        for child in decl.get_children():
            ref = child.referenced
            if child.kind == self.kinds.TYPE_REF and ref is not None and ref.spelling == match.group(1):
                if ref.kind == self.kinds.TEMPLATE_TYPE_PARAMETER:
                    self.unit.dependent_types.append((child, match.group(2)))
                return

    def _note_macro(self, cursor: Any) -> None:
        """Remember the first identifier of a macro's body: the name the macro stands for, if it stands for one."""
        tokens = list(cursor.get_tokens())
        body = 1
        if (
            len(tokens) > 1
            and tokens[1].spelling == "("
            and tokens[1].extent.start.offset == tokens[0].extent.end.offset
        ):
            body = next((i + 1 for i, t in enumerate(tokens) if t.spelling == ")"), len(tokens))
        while body < len(tokens) and tokens[body].spelling in ("(", "::", "&"):
            body += 1
        if body < len(tokens) and tokens[body].spelling.isidentifier():
            self.unit.macro_heads[cursor.spelling] = tokens[body].spelling

    def stands_for(self, macro: str, name: str) -> bool:
        """Whether a macro's body begins with `name`, directly or through other such macros."""
        for _ in range(8):
            head = self.unit.macro_heads.get(macro)
            if head is None:
                return False
            if head == name:
                return True
            macro = head
        return False

    def _template_of(self, decl: Any) -> Any | None:
        template = self._specialized(decl)
        if template is None or template.kind not in (self.kinds.FUNCTION_TEMPLATE, self.kinds.CLASS_TEMPLATE):
            return None
        return template

    def _note_function_instantiation(self, cursor: Any) -> None:
        decl = cursor.referenced
        if decl is None or decl.kind not in (self.kinds.FUNCTION_DECL, self.kinds.CXX_METHOD):
            return
        template = self._template_of(decl)
        count = decl.get_num_template_arguments()
        if template is None or count <= 0:
            return
        args = tuple(decl.get_template_argument_type(i) for i in range(count))
        self._add_instantiation(template, args)

    def _note_class_instantiation(self, type_: Any) -> None:
        type_ = self._strip(type_)
        count = type_.get_num_template_arguments()
        if count <= 0:
            return
        template = self._template_of(type_.get_declaration())
        if template is not None:
            self._add_instantiation(
                template, tuple(type_.get_template_argument_type(i) for i in range(count))
            )

    def _add_instantiation(self, template: Any, args: tuple[Any, ...]) -> None:
        known = self.unit.instantiations.setdefault(template.get_usr(), [])
        spelled = tuple(a.get_canonical().spelling for a in args)
        if all(tuple(a.get_canonical().spelling for a in other) != spelled for other in known):
            known.append(args)

    def _note_specialization(self, cursor: Any) -> None:
        template = self._template_of(cursor)
        count = cursor.type.get_num_template_arguments()
        if template is None or count <= 0:
            return
        spelled = tuple(
            cursor.type.get_template_argument_type(i).get_canonical().spelling for i in range(count)
        )
        self.unit.specializations.setdefault(template.get_usr(), []).append((spelled, cursor))

    # resolution

    def _strip(self, type_: Any) -> Any:
        tk = self.types
        for _ in range(8):
            if type_.kind == tk.ELABORATED:
                type_ = type_.get_named_type()
            elif type_.kind in (tk.POINTER, tk.LVALUEREFERENCE, tk.RVALUEREFERENCE):
                type_ = type_.get_pointee()
            elif type_.kind in (tk.CONSTANTARRAY, tk.INCOMPLETEARRAY, tk.VARIABLEARRAY):
                type_ = type_.element_type
            else:
                break
        return type_

    def _catalogued(self, decl: Any) -> bool:
        entry = self.names.get(decl.spelling)
        return entry is not None and entry.portable != entry.name and not self._in_user_code(decl)

    def type_target(self, type_: Any, depth: int = 0) -> tuple[str, list[str]] | None:
        """The catalogued type a type names, and the aliases passed on the way."""
        if depth > 8:
            return None
        type_ = self._strip(type_)
        decl = type_.get_declaration()
        if decl is None or decl.kind == self.kinds.NO_DECL_FOUND:
            return None
        if self._catalogued(decl):
            return decl.spelling, []
        if decl.kind in (self.kinds.TYPEDEF_DECL, self.kinds.TYPE_ALIAS_DECL):
            found = self.type_target(decl.underlying_typedef_type, depth + 1)
            if found:
                word = "alias" if decl.kind == self.kinds.TYPE_ALIAS_DECL else "typedef"
                return found[0], [*found[1], f"{word} {self._qualified(decl)}"]
        return None

    def decl_target(self, decl: Any, depth: int = 0) -> tuple[str, list[str]] | None:
        """The catalogued function, value or type a declaration stands for, and the aliases on the way."""
        if decl is None or depth > 8:
            return None
        ck = self.kinds
        if self._catalogued(decl):
            return decl.spelling, []
        if decl.kind in (ck.TYPEDEF_DECL, ck.TYPE_ALIAS_DECL):
            return self.type_target(decl.type, depth + 1)
        if decl.kind in (ck.VAR_DECL, ck.FIELD_DECL) and self._is_function_pointer(decl.type):
            init = self._initializer(decl)
            if init is not None:
                found = self.decl_target(init.referenced, depth + 1)
                if found:
                    name = self._qualified(decl)
                    return found[0], [*found[1], name if "::" in name else f"function pointer {name}"]
        return None

    def _is_function_pointer(self, type_: Any) -> bool:
        tk = self.types
        canonical = type_.get_canonical()
        if canonical.kind in (tk.POINTER, tk.LVALUEREFERENCE, tk.RVALUEREFERENCE):
            canonical = canonical.get_pointee().get_canonical()
        return canonical.kind in (tk.FUNCTIONPROTO, tk.FUNCTIONNOPROTO)

    def _initializer(self, decl: Any) -> Any | None:
        """The declaration a variable is initialised with, when its initialiser is a plain (address of a) name."""
        ck = self.kinds
        for child in decl.get_children():
            node = child
            for _ in range(6):
                if node.kind == ck.DECL_REF_EXPR:
                    return node
                if node.kind not in (
                    ck.UNEXPOSED_EXPR,
                    ck.PAREN_EXPR,
                    ck.UNARY_OPERATOR,
                    ck.CSTYLE_CAST_EXPR,
                    ck.CXX_STATIC_CAST_EXPR,
                    ck.CXX_REINTERPRET_CAST_EXPR,
                    ck.INIT_LIST_EXPR,
                ):
                    break
                inner = list(node.get_children())
                if len(inner) != 1:
                    break
                node = inner[0]
        return None

    def _qualified(self, decl: Any) -> str:
        parent = decl.semantic_parent
        if parent is not None and parent.kind in (
            self.kinds.STRUCT_DECL,
            self.kinds.CLASS_DECL,
            self.kinds.CLASS_TEMPLATE,
        ):
            return (
                f"{parent.type.spelling if parent.kind != self.kinds.CLASS_TEMPLATE else parent.spelling}"
                f"::{decl.spelling}"
            )
        return decl.spelling

    def sites(self) -> Iterator[Site]:
        """Every reference that reaches a catalogued name which is not written where the reference stands."""
        for cursor in self.unit.refs:
            found = self.decl_target(cursor.referenced) if cursor.referenced is not None else None
            if found is None:
                continue
            target, via = found
            place = self.file_location(cursor.location)
            if place is None:
                continue
            path, offset = place
            spelled = self.identifier_at(path, offset)
            if not spelled or spelled == target:
                continue
            steps = list(reversed(via))
            if spelled != cursor.referenced.spelling:
                # A macro use. Only a macro that stands for the name (`#define ALLOC cudaMalloc`) hides it; one
                # that merely contains it (`#define CHECK(x) ...cudaSuccess...`) shows it in its definition.
                if not self.stands_for(spelled, cursor.referenced.spelling):
                    continue
                steps.insert(0, f"macro {spelled}")
            yield Site(path, offset, len(spelled), target, "through " + ", ".join(steps) if steps else "")
        yield from self._dependent_sites()

    def _dependent_sites(self) -> Iterator[Site]:
        ck = self.kinds
        for cursor in self.unit.dependent:
            children = list(cursor.get_children())
            if not children:
                continue
            member = self._member_name(cursor)
            place = self.file_location(cursor.location)
            if member is None or place is None:
                continue
            head = children[0]
            head_ref = head.referenced
            if (
                head.kind == ck.TYPE_REF
                and head_ref is not None
                and head_ref.kind == ck.TEMPLATE_TYPE_PARAMETER
            ):
                resolved = self._through_parameter(head_ref, member)
            elif head.kind == ck.TEMPLATE_REF and head_ref is not None:
                resolved = self._through_class_template(head_ref, children[1:], member)
            else:
                continue
            path, offset = place
            end = self.file_location(cursor.extent.end)
            length = end[1] - offset if end is not None and end[0] == path and end[1] > offset else 0
            for target, how in resolved:
                yield Site(path, offset, length, target, how)

        for type_ref, member in self.unit.dependent_types:
            place = self.file_location(type_ref.location)
            if place is None:
                continue
            path, offset = place
            self.identifier_at(path, offset)
            data = self.texts[path]
            found = re.compile(rb"\s*::\s*" + member.encode() + rb"\b").match(
                data, offset + len(type_ref.spelling)
            )
            length = found.end() - offset if found else len(type_ref.spelling)
            for target, how in self._through_parameter(type_ref.referenced, member):
                yield Site(path, offset, length, target, how)

    def _member_name(self, cursor: Any) -> str | None:
        tokens = [t.spelling for t in cursor.get_tokens()]
        for token in reversed(tokens):
            if token.isidentifier():
                return token
        return None

    def _parameter_index(self, param: Any) -> tuple[Any, int] | None:
        owner = param.semantic_parent
        if owner is None:
            return None
        ck = self.kinds
        params = [
            c
            for c in owner.get_children()
            if c.kind
            in (ck.TEMPLATE_TYPE_PARAMETER, ck.TEMPLATE_NON_TYPE_PARAMETER, ck.TEMPLATE_TEMPLATE_PARAMETER)
        ]
        for index, candidate in enumerate(params):
            if candidate == param:
                return owner, index
        return None

    def _member(self, record: Any, name: str) -> Any | None:
        ck = self.kinds
        for child in record.get_children():
            if child.spelling == name and child.kind in (
                ck.VAR_DECL,
                ck.FIELD_DECL,
                ck.TYPEDEF_DECL,
                ck.TYPE_ALIAS_DECL,
                ck.CXX_METHOD,
            ):
                return child
        return None

    def _through_parameter(self, param: Any, member: str) -> list[tuple[str, str]]:
        located = self._parameter_index(param)
        if located is None:
            return []
        owner, index = located
        out: dict[str, list[str]] = {}
        for args in self.unit.instantiations.get(owner.get_usr(), []):
            if index >= len(args):
                continue
            record = args[index].get_canonical().get_declaration()
            decl = self._member(record, member) if record is not None else None
            found = self.decl_target(decl) if decl is not None else None
            if found:
                label = f"{self._qualified(decl)}, in {self._instance(owner, args)}"
                out.setdefault(found[0], []).append(label)
        return [
            (target, "through " + "; ".join(sorted(set(labels)))) for target, labels in sorted(out.items())
        ]

    def _instance(self, template: Any, args: tuple[Any, ...]) -> str:
        return f"{template.spelling}<{', '.join(a.spelling for a in args)}>"

    def _through_class_template(
        self, template: Any, qualifiers: list[Any], member: str
    ) -> list[tuple[str, str]]:
        """`X<T>::member` inside a template: every instantiation's T, looked up in X's explicit specializations."""
        ck = self.kinds
        params = [q.referenced for q in qualifiers if q.kind == ck.TYPE_REF and q.referenced is not None]
        if not params or any(p.kind != ck.TEMPLATE_TYPE_PARAMETER for p in params):
            return []
        located = [self._parameter_index(p) for p in params]
        if any(loc is None for loc in located):
            return []
        owner = located[0][0]
        out: dict[str, list[str]] = {}
        for args in self.unit.instantiations.get(owner.get_usr(), []):
            if any(loc[0] != owner or loc[1] >= len(args) for loc in located):
                continue
            wanted = tuple(args[loc[1]].get_canonical().spelling for loc in located)
            for spelled, record in self.unit.specializations.get(template.get_usr(), []):
                if spelled != wanted:
                    continue
                decl = self._member(record, member)
                found = self.decl_target(decl) if decl is not None else None
                if found:
                    label = f"{template.spelling}<{', '.join(wanted)}>::{member}, in {self._instance(owner, args)}"
                    out.setdefault(found[0], []).append(label)
        return [
            (target, "through " + "; ".join(sorted(set(labels)))) for target, labels in sorted(out.items())
        ]

    def parse_problems(self) -> dict[Path, tuple[int, int, str]]:
        """Per wanted file: the first syntax or preprocessor error (offset), their count, and its text."""
        problems: dict[Path, tuple[int, int, str]] = {}
        for diagnostic in self.tu.diagnostics:
            if diagnostic.severity < 3 or diagnostic.category_name not in PARSE_CATEGORIES:
                continue
            location = diagnostic.location
            path = self.wanted_path(location.file.name) if location.file is not None else None
            if path is None:
                continue
            first = problems.get(path)
            if first is None:
                problems[path] = (location.offset, 1, diagnostic.spelling)
            else:
                problems[path] = (first[0], first[1] + 1, first[2])
        return problems


# --- findings ---------------------------------------------------------------------------------------------


class _Fields(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _position(data: bytes, offset: int) -> tuple[int, int]:
    line_start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", "replace")) + 1
    return line, column


def _name_finding(site: Site, relpath: str, data: bytes, catalog: Catalog) -> Finding | None:
    entry = catalog.names.get(site.target)
    if entry is None or entry.rule not in catalog.rules and entry.rule not in catalog.aliases:
        return None
    rule = catalog.rule(entry.rule)
    note = f": {entry.note}" if entry.note else ""
    shown = f"{site.target} ({site.how})" if site.how else site.target
    fields = _Fields(name=shown, portable=entry.portable, note=note, status=entry.status)
    advice = rule.advice.get(entry.status, "")
    fields["advice"] = advice.format_map(fields) if advice else entry.note
    message = f"{rule.message.format_map(fields)} [libclang]"
    line, column = _position(data, site.offset)
    end_line, end_column = _position(data, site.offset + site.length)
    return Finding(
        rule_id=rule.id,
        path=relpath,
        line=line,
        column=column,
        end_line=end_line,
        end_column=end_column,
        severity=rule.severity,
        safety=rule.safety if entry.status in ("supported", "deprecated") and entry.portable else "manual",
        effort=entry.effort,
        message=message,
        family=rule.family,
        origin="libclang",
        snippet=data[data.rfind(b"\n", 0, site.offset) + 1 :].split(b"\n", 1)[0].decode("utf-8", "replace"),
    )


def _parse_finding(relpath: str, data: bytes, offset: int, text: str, catalog: Catalog) -> Finding:
    line, column = _position(data, min(offset, len(data)))
    rule_id = "parse-error"
    rule = catalog.rules.get(rule_id)
    return Finding(
        rule_id=rule_id,
        path=relpath,
        line=line,
        column=column,
        end_line=line,
        end_column=column,
        severity=rule.severity if rule else "note",
        safety="manual",
        effort=rule.effort if rule else "low",
        message=f"libclang could not parse this file ({text}); semantic findings for it may be incomplete",
        family=rule.family if rule else "engine",
        origin="libclang",
    )


def _flags_for(path: Path, flags: Mapping[Path, list[str]] | Sequence[str]) -> list[str]:
    if not isinstance(flags, Mapping):
        return list(flags)
    if path in flags:
        return list(flags[path])
    # A file the database does not list (a header, a new file): borrow a neighbour's flags, as clangd does.
    for directory in (path.parent, *path.parents):
        for other, args in sorted(flags.items()):
            if other.parent == directory:
                return list(args)
    return []


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _check_shim(cindex: Any, index: Any, unsaved: list[tuple[str, str]]) -> None:
    """Parse an empty CUDA file against the shim once, so a missing resource directory is one clear error."""
    probe = SHIM_DIR / "__probe__.cu"
    try:
        tu = index.parse(
            str(probe), args=clang_arguments(probe, []), unsaved_files=[(str(probe), ""), *unsaved]
        )
    except cindex.TranslationUnitLoadError as exc:
        raise SemanticUnavailable(f"libclang failed on an empty file ({exc}); {INSTALL_HINT}") from None
    errors = [d for d in tu.diagnostics if d.severity >= 3]
    if errors:
        raise SemanticUnavailable(
            f"libclang cannot parse the CUDA shim ({errors[0].spelling}); its clang resource headers are "
            f"probably missing; {INSTALL_HINT}"
        )


def semantic_findings(
    files: Sequence[tuple[Path, str]],
    flags: Mapping[Path, list[str]] | Sequence[str],
    catalog: Catalog,
) -> list[Finding]:
    """Findings that only libclang can make in these C/C++/CUDA files: (absolute path, path shown) pairs.

    `flags` is one compiler command line for every file, or a compilation database (load_compile_commands).
    Each source file is parsed as a translation unit; a header is reported through the sources that include
    it, and parsed on its own only when none does. Only names the tree-sitter scan cannot see are reported:
    a catalogued CUDA name reached through a macro, a typedef or alias, a function pointer, or a template
    instantiation. A file libclang cannot parse gives a `parse-error` finding. Raises SemanticUnavailable when
    libclang cannot be loaded.
    """
    cindex = _cindex()
    wanted: dict[Path, str] = {}
    for path, relpath in files:
        if path.suffix in SOURCE_SUFFIXES or path.suffix in HEADER_SUFFIXES:
            wanted[Path(os.path.normpath(os.path.abspath(path)))] = relpath
    if not wanted:
        return []
    index = cindex.Index.create()
    unsaved = [(str(SHIM_DIR / CATALOG_HEADER), catalog_declarations(_catalog_entries(catalog)))]
    _check_shim(cindex, index, unsaved)
    sources = sorted(p for p in wanted if p.suffix in SOURCE_SUFFIXES)
    headers = sorted(p for p in wanted if p.suffix not in SOURCE_SUFFIXES)
    seen: set[Path] = set()
    sites: set[Site] = set()
    problems: dict[Path, tuple[int, int, str]] = {}
    for path in sources + headers:
        if path in seen:
            continue
        seen.add(path)
        try:
            tu = index.parse(
                str(path),
                args=clang_arguments(path, _flags_for(path, flags)),
                unsaved_files=unsaved,
                options=cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD,
            )
        except cindex.TranslationUnitLoadError:
            problems.setdefault(path, (0, 1, "libclang returned no translation unit"))
            continue
        for include in tu.get_includes():
            included = Path(os.path.normpath(os.path.abspath(include.include.name)))
            if included in wanted:
                seen.add(included)
        walker = _Walker(cindex, tu, wanted, catalog.names)
        walker.walk()
        sites.update(walker.sites())
        for problem_path, problem in walker.parse_problems().items():
            problems.setdefault(problem_path, problem)
    findings: list[Finding] = []
    texts: dict[Path, bytes] = {}
    for site in sites:
        data = texts.setdefault(site.path, _read(site.path))
        finding = _name_finding(site, wanted[site.path], data, catalog)
        if finding is not None:
            findings.append(finding)
    for path, (offset, count, text) in problems.items():
        data = texts.setdefault(path, _read(path))
        more = f", and {count - 1} more" if count > 1 else ""
        findings.append(_parse_finding(wanted[path], data, offset, f"{text}{more}", catalog))
    return sorted(set(findings), key=lambda f: f.sort_key)
