"""Reading a program's outputs (raw, .npy, text and torch files, `name = value` lines, its verdict) into values."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .execution import POISON_WORD
from .spec import Output

_LINE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_.\-\[\]]*)\s*=\s*(\S+)\s*$")


@dataclass(frozen=True)
class Value:
    """An output as read: an array, or a printed word that is not a number, or the reason there is nothing."""

    array: np.ndarray | None = None
    text: str | None = None
    problem: str | None = None


def printed_values(stdout: str) -> dict[str, str]:
    """`name = value` lines of a program's stdout; a name printed twice keeps its last value."""
    found: dict[str, str] = {}
    for line in stdout.splitlines():
        match = _LINE.match(line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def as_number(text: str) -> np.ndarray | None:
    """A printed value as a one-element array: int64 when it is an integer, float64 otherwise; None if neither."""
    try:
        return np.array([int(text)], dtype=np.int64)
    except ValueError:
        pass
    try:
        return np.array([float(text)], dtype=np.float64)
    except ValueError:
        return None


def numpy_dtype(name: str) -> np.dtype:
    """The little-endian numpy dtype for a spec dtype; bfloat16 is read as its raw uint16 bits."""
    return np.dtype("<u2") if name == "bfloat16" else np.dtype(name).newbyteorder("<")


def widen(array: np.ndarray, dtype: str | None) -> np.ndarray:
    """bfloat16 bits to float32 (the only dtype numpy lacks); every other array as it is."""
    if dtype == "bfloat16":
        return (array.astype(np.uint32) << 16).view(np.float32)
    return array


def _torch_array(path: Path, key: str | None) -> np.ndarray:
    import torch

    value = torch.load(path, map_location="cpu", weights_only=True)
    if key is not None:
        value = value[key]
    if not isinstance(value, torch.Tensor):
        value = torch.as_tensor(value)
    if value.dtype == torch.bfloat16:
        value = value.float()
    return value.detach().cpu().numpy()


PASSED = "pass"


def judge(output: Output, returncode: int | None, stdout: str, stderr: str = "") -> Value:
    """A self-checking program's verdict: a pass when it exited 0, printed nothing its `fail` pattern matches (on
    stdout or stderr) and, where a `pass` pattern is given, printed a line it matches; otherwise the reason."""
    printed = stdout + ("\n" + stderr if stderr else "")
    reasons: list[str] = []
    if returncode != 0:
        reasons.append(f"exited with {returncode}")
    if output.fails:
        line = next((ln for ln in printed.splitlines() if re.search(output.fails, ln)), None)
        if line is not None:
            reasons.append(f"printed {line.strip()[:120]!r}")
    if output.passes and not any(re.search(output.passes, ln) for ln in printed.splitlines()):
        reasons.append(f"printed no line matching /{output.passes}/")
    if reasons:
        return Value(text="fail", problem="its own check failed: " + "; ".join(reasons))
    return Value(text=PASSED)


def read_output(
    output: Output, workdir: Path, stdout: str, returncode: int | None = 0, stderr: str = ""
) -> Value:
    """Read one output after a run; a missing, unwritten or wrongly sized output becomes a problem, not an error."""
    if output.kind == "verdict":
        return judge(output, returncode, stdout, stderr)
    if output.kind == "stdout":
        printed = printed_values(stdout)
        if output.key not in printed:
            return Value(problem=f"not printed (no `{output.key} = ...` line)")
        number = as_number(printed[output.key])
        return (
            Value(array=number, text=printed[output.key])
            if number is not None
            else Value(text=printed[output.key])
        )
    assert output.file is not None
    path = workdir / output.file
    if not path.is_file():
        return Value(problem=f"not written ({output.file} does not exist)")
    try:
        if output.kind == "bin":
            assert output.dtype is not None
            data = path.read_bytes()
            expected = output.expected_bytes
            if expected is not None and len(data) != expected:
                return Value(problem=f"wrong size: {len(data)} bytes, expected {expected}")
            if data and data == (POISON_WORD * (len(data) // 4 + 1))[: len(data)]:
                return Value(problem=f"not written ({output.file} still holds the poison pattern)")
            array = widen(np.frombuffer(data, dtype=numpy_dtype(output.dtype)), output.dtype)
        elif output.kind == "npy":
            loaded = np.load(path, allow_pickle=False)
            array = loaded[output.key] if output.key is not None else loaded
            if isinstance(array, np.lib.npyio.NpzFile):
                return Value(problem=f"{output.file} is an .npz archive: name the array with key")
        elif output.kind == "txt":
            array = np.loadtxt(path, ndmin=1, dtype=np.float64)
        else:
            array = _torch_array(path, output.key)
    except (OSError, ValueError, KeyError, ImportError, RuntimeError) as exc:
        return Value(problem=f"cannot read {output.file}: {exc}")
    if output.dtype is not None and output.kind != "bin":
        array = array.astype(numpy_dtype(output.dtype))
    if output.shape is not None:
        if int(np.prod(output.shape)) != array.size:
            return Value(problem=f"wrong shape: {array.shape}, expected {output.shape}")
        array = array.reshape(output.shape)
    return Value(array=np.asarray(array))
