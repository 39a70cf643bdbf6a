"""Kernel traces: reading recorded and replayed launches and comparing them buffer by buffer, in launch order."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..parse import parse
from .comparison import Comparison, compare_arrays
from .spec import Tolerance


@dataclass(frozen=True)
class Argument:
    """One launch argument as the trace describes it."""

    index: int
    kind: str  # buffer, scalar, pointer (untracked or too large), value (a struct)
    dtype: str
    item: int = 1
    offset: int = 0
    size: int = 0
    bits: str = ""


@dataclass(frozen=True)
class Launch:
    """One recorded or replayed kernel launch."""

    index: int
    kernel: str
    grid: str
    block: str
    shmem: str
    status: str
    arguments: tuple[Argument, ...]
    notes: tuple[str, ...]
    folder: Path


@dataclass(frozen=True)
class LaunchCheck:
    """The verdict on one buffer of one launch (or on the launch itself when `argument` is None)."""

    index: int
    kernel: str
    argument: int | None
    label: str
    passed: bool
    comparison: Comparison | None
    detail: str


def read_launch(folder: Path) -> Launch:
    """Parse `<folder>/launch.txt`."""
    fields: dict[str, str] = {}
    arguments: list[Argument] = []
    notes: list[str] = []
    for line in (folder / "launch.txt").read_text(encoding="utf-8", errors="replace").splitlines():
        key, _, rest = line.partition(" ")
        if key == "arg":
            parts = rest.split()
            index, kind, dtype = int(parts[0]), parts[1], parts[2]
            if kind == "buffer":
                arguments.append(Argument(index, kind, dtype, int(parts[3]), int(parts[4]), int(parts[5])))
            elif kind == "scalar":
                arguments.append(Argument(index, kind, dtype, bits=parts[3]))
            else:
                arguments.append(Argument(index, kind, dtype, bits=" ".join(parts[3:])))
        elif key == "input":
            notes.append(f"arg {rest.split()[0]}: the recorded input is missing or of another size")
        else:
            fields[key] = rest
    return Launch(
        int(folder.name),
        fields.get("kernel", "?"),
        fields.get("grid", ""),
        fields.get("block", ""),
        fields.get("shmem", ""),
        fields.get("status", "?"),
        tuple(arguments),
        tuple(notes),
        folder,
    )


def skipped_launches(folder: Path) -> list[int]:
    """The launches a recording ran untraced because they would have taken it over its byte budget."""
    path = folder / "skipped.txt"
    if not path.is_file():
        return []
    first = (line.split(maxsplit=1)[0] for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
             if line.strip())
    return [int(field) for field in first if field.isdigit()]


def read_trace(folder: Path) -> list[Launch]:
    """Every launch of a trace folder, in launch order."""
    if not folder.is_dir():
        return []
    return [read_launch(p) for p in sorted(folder.iterdir()) if p.is_dir() and (p / "launch.txt").is_file()]


def _bare(kernel: str) -> str:
    """A kernel's spelling without blanks and without the parentheses a launch macro may need around it."""
    text = re.sub(r"\s+", "", kernel)
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    return text


def _same_name(a: str, b: str) -> bool:
    return _bare(a) == _bare(b)


def parameter_names(sources: list[Path]) -> dict[str, tuple[str, ...]]:
    """Parameter names of every __global__ function in the sources, by function name, for readable reports."""
    names: dict[str, tuple[str, ...]] = {}
    for path in sources:
        try:
            tree = parse("cuda", path.read_bytes())
        except OSError:
            continue
        stack = [tree.root_node]
        while stack:
            node = stack.pop()
            stack.extend(node.children)
            if node.type != "function_definition" or b"__global__" not in (node.text or b"").split(b"{")[0]:
                continue
            declarator = node.child_by_field_name("declarator")
            while declarator is not None and declarator.type != "function_declarator":
                declarator = declarator.child_by_field_name("declarator")
            if declarator is None:
                continue
            name = declarator.child_by_field_name("declarator")
            params = declarator.child_by_field_name("parameters")
            if name is None or params is None:
                continue
            found: list[str] = []
            for param in params.named_children:
                identifiers = [n for n in _walk(param) if n.type == "identifier"]
                found.append(identifiers[-1].text.decode() if identifiers else f"arg{len(found)}")
            names[name.text.decode().split("<")[0].split("::")[-1]] = tuple(found)
    return names


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


def _label(kernel: str, index: int, argument: int | None, params: dict[str, tuple[str, ...]]) -> str:
    base = f"kernel {kernel} (launch #{index})"
    if argument is None:
        return base
    names = params.get(_bare(kernel).split("<")[0].split("::")[-1], ())
    name = names[argument] if argument < len(names) else f"arg {argument}"
    return f"{base} {name}"


def _buffer(path: Path, dtype: str) -> np.ndarray:
    data = path.read_bytes()
    if dtype in ("bytes", "bool"):
        return np.frombuffer(data, dtype=np.uint8)
    kind = np.dtype(dtype).newbyteorder("<")
    usable = len(data) - len(data) % kind.itemsize
    return np.frombuffer(data[:usable], dtype=kind)


def compare_traces(
    recorded: Path,
    replayed: Path,
    tolerance: Tolerance,
    params: dict[str, tuple[str, ...]] | None = None,
) -> list[LaunchCheck]:
    """Check each recorded launch against its replay: same kernel in the same place, and every buffer the original
    launch left behind reproduced within tolerance. Launch order is kept, so the first failure is the first
    kernel that diverges."""
    params = params or {}
    replays = {launch.index: launch for launch in read_trace(replayed)}
    checks: list[LaunchCheck] = []
    for original in read_trace(recorded):
        label = _label(original.kernel, original.index, None, params)
        replay = replays.get(original.index)
        if replay is None:
            checks.append(
                LaunchCheck(
                    original.index,
                    original.kernel,
                    None,
                    label,
                    False,
                    None,
                    "the migrated program made no such launch",
                )
            )
            continue
        if not _same_name(original.kernel, replay.kernel):
            checks.append(
                LaunchCheck(
                    original.index,
                    original.kernel,
                    None,
                    label,
                    False,
                    None,
                    f"launch order differs: the original launched {original.kernel}, "
                    f"the migrated program {replay.kernel}",
                )
            )
            continue
        notes = list(replay.notes)
        if (original.grid, original.block) != (replay.grid, replay.block):
            notes.append(
                f"configuration differs: grid {original.grid} block {original.block} in the original, "
                f"grid {replay.grid} block {replay.block} migrated"
            )
        replayed_args = {a.index: a for a in replay.arguments}
        for arg in original.arguments:
            mine = replayed_args.get(arg.index)
            if arg.kind == "scalar" and mine is not None and mine.bits != arg.bits:
                notes.append(f"arg {arg.index}: scalar differs ({mine.bits} vs {arg.bits} recorded)")
        if replay.status != "ok":
            checks.append(
                LaunchCheck(
                    original.index,
                    original.kernel,
                    None,
                    label,
                    False,
                    None,
                    f"the migrated launch failed: {replay.status}",
                )
            )
            continue
        for arg in original.arguments:
            if arg.kind != "buffer":
                continue
            arg_label = _label(original.kernel, original.index, arg.index, params)
            mine = replayed_args.get(arg.index)
            if mine is None or mine.kind != "buffer":
                checks.append(
                    LaunchCheck(
                        original.index,
                        original.kernel,
                        arg.index,
                        arg_label,
                        False,
                        None,
                        "the migrated launch has no buffer in this place",
                    )
                )
                continue
            if mine.size != arg.size:
                notes.append(f"arg {arg.index}: allocation of {mine.size} bytes, {arg.size} recorded")
            expected = _buffer(original.folder / f"{arg.index}.after", arg.dtype)
            actual = _buffer(replay.folder / f"{arg.index}.after", arg.dtype)
            size = min(actual.size, expected.size)
            comparison = compare_arrays(actual[:size], expected[:size], tolerance)
            if actual.size != expected.size and comparison.passed:
                comparison = Comparison(
                    False,
                    comparison.max_abs,
                    comparison.max_rel,
                    comparison.max_ulps,
                    0,
                    expected.size,
                    f"{actual.size} elements, {expected.size} recorded",
                )
            checks.append(
                LaunchCheck(
                    original.index,
                    original.kernel,
                    arg.index,
                    arg_label,
                    comparison.passed,
                    comparison,
                    "; ".join(notes + ([comparison.reason] if comparison.reason else [])),
                )
            )
    return checks
