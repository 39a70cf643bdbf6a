"""Source instrumentation for kernel record-and-replay and per-kernel timing: launches rewritten into calls of the
trace headers, or wrapped in the runtime's profile marks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from string import Template

import tree_sitter as ts

from ..parse import parse, query
from ..rules import RULES_DIR
from .spec import tomllib
from .toolchain import CXX_DIR

LAUNCH_RULE = RULES_DIR / "launch" / "kernel-launch.toml"
RECORD_HEADER = CXX_DIR / "mverify" / "record.h"
REPLAY_HEADER = CXX_DIR / "mverify" / "replay.h"

_CALL = Template("::mverify::launch($name, $kernel, $grid, $block, $shmem, $stream$args)")
_PRELUDE = Template('$define#include "$header"\n#line 1\n')
# A mark constructed before the launch and destroyed at the end of the full expression, after it (prt/profile.h).
_MARK = Template("(::prt::profile::Mark($name, $stream, __PRETTY_FUNCTION__), $launch)")
_PORTABLE_LAUNCHERS = (b"prtLaunchKernel", b"prtLaunchDeduced")
# Before a plain CUDA source: the CUDA vendor layer and the profile header, by absolute path (the original's build
# knows nothing of the runtime); a device reset reads back the timings first, while its events still exist.
_CUDA_PROFILE_PRELUDE = Template(
    '#define PRT_PROFILE 1\n#define PRT_PROFILE_GPU 1\n#include "$vendor"\n#include "$profile"\n'
    "#define cudaDeviceReset() (::prt::profile::flush_pending(), ::cudaDeviceReset())\n#line 1\n"
)
_PORTABLE_PROFILE_PRELUDE = "#define PRT_PROFILE 1\n#line 1\n"


def _launch_query() -> ts.Query:
    """The launch query of the kernel-launch rule: one source for what a launch looks like."""
    with LAUNCH_RULE.open("rb") as handle:
        rule = tomllib.load(handle)
    return query("cuda", rule["match"]["query"])


def _launches(root: ts.Node) -> Iterator[dict[str, list[ts.Node]]]:
    """The launch query's captures, one match per launch. With three configuration arguments the query matches
    twice, the third as `shmem` and as `stream`; the one with `shmem`, as CUDA reads it, is kept."""
    found: dict[tuple[int, int], dict[str, list[ts.Node]]] = {}
    for _, captures in ts.QueryCursor(_launch_query()).matches(root):
        launch = captures["launch"][0]
        span = (launch.start_byte, launch.end_byte)
        if span not in found or ("shmem" in captures and "shmem" not in found[span]):
            found[span] = captures
    yield from found.values()


def _inside_kernel(node: ts.Node) -> bool:
    """A launch inside a __global__ function is dynamic parallelism: the recorder cannot wrap it."""
    parent = node.parent
    while parent is not None:
        if parent.type == "function_definition":
            body = parent.child_by_field_name("body")
            head = parent.text[: (body.start_byte - parent.start_byte) if body else None] or b""
            if b"__global__" in head:
                return True
        parent = parent.parent
    return False


def _text(node: ts.Node | None, default: str) -> str:
    return node.text.decode() if node is not None and node.text is not None else default


def rewrite_launches(data: bytes) -> tuple[bytes, int]:
    """Every host-side `k<<<g, b, s, st>>>(args)` as `::mverify::launch("k", k, g, b, s, st, args)`; edits applied
    from the end so earlier offsets hold. Returns the new source and the number of launches rewritten."""
    tree = parse("cuda", data)
    edits: list[tuple[int, int, bytes]] = []
    for captures in _launches(tree.root_node):
        launch = captures["launch"][0]
        if _inside_kernel(launch):
            continue
        kernel = _text(captures["kernel"][0], "")
        arguments = captures["args"][0]
        inner = data[arguments.start_byte + 1 : arguments.end_byte - 1].decode()
        call = _CALL.substitute(
            name=json.dumps(" ".join(kernel.split())),
            kernel=kernel,
            grid=_text(captures["grid"][0], ""),
            block=_text(captures["block"][0], ""),
            shmem=_text(captures.get("shmem", [None])[0], "0"),
            stream=_text(captures.get("stream", [None])[0], "0"),
            args=f", {inner}" if inner.strip() else "",
        )
        edits.append((launch.start_byte, launch.end_byte, call.encode()))
    unique = sorted(set(edits), reverse=True)
    for start, end, text in unique:
        data = data[:start] + text + data[end:]
    return data, len(unique)


def _kernel_name(text: str) -> str:
    """A launch's kernel as the profile names it: whitespace folded, the parentheses of `(k<A, B>)` dropped."""
    name = " ".join(text.split())
    while name.startswith("(") and name.endswith(")"):
        name = name[1:-1].strip()
    return name


def wrap_launches(data: bytes) -> tuple[bytes, int]:
    """Every host-side launch, `k<<<g, b, s, st>>>(args)` or `prtLaunchKernel(k, g, b, s, st, args)` (and
    prtLaunchDeduced), as `(::prt::profile::Mark("k", st, __PRETTY_FUNCTION__), <the launch>)`: the enclosing
    function's signature tells the instantiations of a launch inside a template apart. Returns the source and the
    count."""
    tree = parse("cuda", data)
    edits: list[tuple[int, int, bytes]] = []
    for captures in _launches(tree.root_node):
        launch = captures["launch"][0]
        if _inside_kernel(launch):
            continue
        mark = _MARK.substitute(
            name=json.dumps(_kernel_name(_text(captures["kernel"][0], ""))),
            stream=_text(captures.get("stream", [None])[0], "0"),
            launch=_text(launch, ""),
        )
        edits.append((launch.start_byte, launch.end_byte, mark.encode()))
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type != "call_expression":
            continue
        function = node.child_by_field_name("function")
        if function is None or function.type != "identifier" or function.text not in _PORTABLE_LAUNCHERS:
            continue
        arguments = node.child_by_field_name("arguments")
        values = [c for c in arguments.named_children if c.type != "comment"] if arguments else []
        if len(values) < 5 or _inside_kernel(node):
            continue
        mark = _MARK.substitute(
            name=json.dumps(_kernel_name(_text(values[0], ""))),
            stream=_text(values[4], "0"),
            launch=_text(node, ""),
        )
        edits.append((node.start_byte, node.end_byte, mark.encode()))
    unique = sorted(set(edits), reverse=True)
    for start, end, text in unique:
        data = data[:start] + text + data[end:]
    return data, len(unique)


def instrument_for_profile(data: bytes, include_dir: Path, plain_cuda: bool) -> bytes:
    """A source whose launches are timed: wrapped in profile marks, with PRT_PROFILE on. `plain_cuda` sources (the
    original, built without the runtime) include the runtime's CUDA profile part themselves, when they launch."""
    body, count = wrap_launches(data)
    if not plain_cuda:
        return _PORTABLE_PROFILE_PRELUDE.encode() + body
    if count == 0:
        return data
    prelude = _CUDA_PROFILE_PRELUDE.substitute(
        vendor=(include_dir / "prt" / "cuda" / "vendor.h").as_posix(),
        profile=(include_dir / "prt" / "profile.h").as_posix(),
    )
    return prelude.encode() + body


def instrument_for_record(data: bytes, portable: bool) -> bytes:
    """A source that records its launches: the recorder header first, then (CUDA) every launch rewritten.
    `portable` sources (portable-runtime code) keep their prtLaunchKernel calls, which the header intercepts."""
    define = "#define MVERIFY_PRT 1\n" if portable else ""
    body = data if portable else rewrite_launches(data)[0]
    return _PRELUDE.substitute(define=define, header=RECORD_HEADER.as_posix()).encode() + body


def instrument_for_replay(data: bytes) -> bytes:
    """A migrated source whose prtLaunchKernel calls replay the recorded trace."""
    return _PRELUDE.substitute(define="", header=REPLAY_HEADER.as_posix()).encode() + data


def is_portable(data: bytes) -> bool:
    """Portable-runtime code (already migrated) rather than CUDA: it includes prt/prt.h and has no <<< launch."""
    return b"prt/prt.h" in data and b"<<<" not in data
