"""The kernel builtins and device math the tile lowering knows, read from rules/tile/maps/ (builtins.toml, math.toml)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

MAPS = Path(__file__).resolve().parent.parent.parent / "rules" / "tile" / "maps"


@dataclass(frozen=True)
class Builtins:
    """Index builtins (name -> thread-structure kind), barriers, reduction shuffles, atomics (name -> Triton atomic,
    "" where there is none) and named constants."""

    index: dict[str, str]
    barriers: frozenset[str]
    shuffles: frozenset[str]
    atomics: dict[str, str]
    constants: dict[str, int | float]
    accessors: frozenset[str] = frozenset()  # tensor accessor class names (torch:: or at:: prefix dropped)
    checks: frozenset[str] = frozenset()  # device-side assertions
    exchanges: dict[str, dict] = None  # warp shuffles the block class runs through scratch: name -> form, mask
    group: dict = None  # cooperative groups' thread-block handle: types, make, methods (method -> what it stands for)
    vectors: dict[str, tuple[str, int]] = None  # vector types: name -> (element type, lanes)
    loads: frozenset[str] = frozenset()  # loads through a pointer with a cache hint: `__ldg(p)` is `*p`
    stores: frozenset[str] = frozenset()  # stores through a pointer with a cache hint: `__stcs(p, v)` is `*p = v`
    primitives: dict = None  # CUB's block and warp reductions: namespaces, storage, operators, kept, types, methods
    votes: dict[str, dict] = None  # warp and block votes: name -> over, op, mask


def _load(name: str) -> dict:
    path = MAPS / name
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RuntimeError(f"{path}: {exc}") from exc


@cache
def builtins() -> Builtins:
    table = _load("builtins.toml")
    allowed = {"index", "barrier", "shuffle", "exchange", "atomic", "constants", "accessor", "check", "group", "vector",
               "load", "store", "primitive", "vote"}
    unknown = set(table) - allowed
    if unknown:
        raise RuntimeError(f"{MAPS / 'builtins.toml'}: unknown table {min(unknown)}; allowed: "
                           f"{', '.join(sorted(allowed))}")
    return Builtins(
        index=dict(table["index"]),
        barriers=frozenset(table["barrier"]["names"]),
        shuffles=frozenset(table["shuffle"]["names"]),
        atomics={name: row.get("tl", "") for name, row in table["atomic"].items()},
        constants=dict(table["constants"]),
        accessors=frozenset(table.get("accessor", {}).get("types", [])),
        checks=frozenset(table.get("check", {}).get("names", [])),
        exchanges={name: dict(row) for name, row in table.get("exchange", {}).items()},
        group=dict(table.get("group", {"types": [], "make": "", "methods": {}})),
        vectors={name: (row["element"], int(row["lanes"])) for name, row in table.get("vector", {}).items()},
        loads=frozenset(table.get("load", {}).get("names", [])),
        stores=frozenset(table.get("store", {}).get("names", [])),
        primitives=dict(table.get("primitive", {})),
        votes={name: dict(row) for name, row in table.get("vote", {}).items()},
    )


@cache
def math_table() -> dict[str, dict[str, str]]:
    return _load("math.toml")["math"]


@cache
def outputs_table() -> dict[str, list[str]]:
    """Math calls that write their results through pointers (math.toml [outputs]): name -> the function of the first
    argument that each later argument receives."""
    return _load("math.toml").get("outputs", {})


@cache
def bits_table() -> dict[str, tuple[str, str]]:
    """Functions that read a value's bits as another type of the same width (math.toml [bits]): name -> (the C type
    the argument is converted to, the C type its bits are read as)."""
    return {name: (row["from"], row["to"]) for name, row in _load("math.toml").get("bits", {}).items()}


@cache
def conversions_table() -> dict[str, str]:
    """Functions that are C's conversion of their argument to a type (math.toml [conversions]): name -> the C type."""
    return dict(_load("math.toml").get("conversions", {}))


@cache
def limits_table() -> dict[str, str]:
    """A type's limits (math.toml [limits]): the qualified call -> which number of the type it is (max, min, lowest,
    epsilon)."""
    return dict(_load("math.toml").get("limits", {}))


@cache
def operator_table() -> dict[str, dict[str, str]]:
    """C operators on floats that lower to a helper rather than to Triton's own operator (math.toml [operators])."""
    return _load("math.toml").get("operators", {})


@dataclass(frozen=True)
class Tuning:
    """One kernel class's search space: its warp counts, pipeline depths (empty: Triton's default) and tile-width
    rows."""

    num_warps: tuple[int, ...]
    num_stages: tuple[int, ...]
    widths: tuple[dict[str, int], ...]


@cache
def tuning_table() -> dict[str, Tuning]:
    """rules/tile/maps/tuning.toml: kernel class -> the launch configurations its kernels are tuned over."""
    table = _load("tuning.toml")
    spaces = {}
    for kind, row in table.items():
        unknown = set(row) - {"num_warps", "num_stages", "widths"}
        numbers = [*row.get("num_warps", ()), *row.get("num_stages", ()),
                   *(v for w in row.get("widths", ()) for v in w.values())]
        if unknown or not row.get("num_warps") or not all(isinstance(n, int) and n > 0 for n in numbers):
            raise RuntimeError(f"{MAPS / 'tuning.toml'}: [{kind}] needs num_warps and positive integers only"
                               + (f" (unknown key {min(unknown)})" if unknown else ""))
        spaces[kind] = Tuning(tuple(row["num_warps"]), tuple(row.get("num_stages", ())),
                              tuple(dict(w) for w in row.get("widths", ())))
    return spaces
