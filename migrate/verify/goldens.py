"""Goldens: the original's outputs stored beside the spec (`goldens/`), with where and how they were recorded."""

from __future__ import annotations

import hashlib
import json
import math
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .readout import Value, as_number
from .spec import Case, Output

MANIFEST = "golden.json"
KERNEL_FOLDER = "kernels"


@dataclass(frozen=True)
class Golden:
    """One recorded output: an array (every `stride`-th element of the flattened output) or a printed word."""

    name: str
    array: np.ndarray | None
    text: str | None
    stride: int
    shape: tuple[int, ...] | None


@dataclass(frozen=True)
class Goldens:
    """A case's goldens as loaded: outputs by name, provenance, and the kernel trace folder when one was recorded."""

    outputs: Mapping[str, Golden]
    provenance: Mapping[str, Any]
    kernels: Path | None


class GoldenError(Exception):
    """Goldens that are missing or unreadable; the message says how to record them."""


def stride_for(size: int, sample: int) -> int:
    """Keep every stride-th element so that at most `sample` are stored (0 keeps all)."""
    return 1 if sample <= 0 or size <= sample else math.ceil(size / sample)


def sampled(array: np.ndarray, stride: int) -> np.ndarray:
    return array.reshape(-1)[::stride] if stride > 1 else array


def store(
    case: Case, values: Mapping[str, Value], provenance: Mapping[str, Any], kernels: Path | None
) -> Path:
    """Replace `goldens/` with these values; a kernel trace folder, when given, is moved in as goldens/kernels."""
    folder = case.goldens
    staging = folder.with_name("goldens.new")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    entries: dict[str, Any] = {}
    for output in case.outputs:
        value = values[output.name]
        entries[output.name] = _store_one(staging, output, value)
    manifest: dict[str, Any] = {"case": case.name, "provenance": dict(provenance), "outputs": entries}
    if kernels is not None:
        shutil.move(str(kernels), staging / KERNEL_FOLDER)
        manifest["kernels"] = {
            "folder": KERNEL_FOLDER,
            "launches": sum(1 for p in (staging / KERNEL_FOLDER).iterdir() if p.is_dir()),
        }
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    if folder.exists():
        shutil.rmtree(folder)
    staging.rename(folder)
    return folder


def _store_one(folder: Path, output: Output, value: Value) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": output.kind}
    if output.kind == "stdout" or value.array is None:
        entry["text"] = value.text  # printed values stay as printed, in the manifest
        return entry
    array = np.ascontiguousarray(value.array)
    stride = stride_for(array.size, output.sample)
    entry.update(
        file=f"{output.name}.npy",
        dtype=str(array.dtype),
        shape=list(array.shape),
        stride=stride,
        sha256=hashlib.sha256(array.tobytes()).hexdigest(),
    )
    if value.text is not None:
        entry["text"] = value.text
    np.save(folder / f"{output.name}.npy", sampled(array, stride), allow_pickle=False)
    return entry


def load(case: Case) -> Goldens:
    """Read `goldens/golden.json` and the arrays it names."""
    path = case.goldens / MANIFEST
    if not path.is_file():
        raise GoldenError(
            f"{case.goldens}: no goldens; record them on a machine with an NVIDIA GPU: "
            f"migrate verify --record {case.path.name}"
        )
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise GoldenError(f"{path}: cannot read: {exc}") from None
    outputs: dict[str, Golden] = {}
    for name, entry in manifest.get("outputs", {}).items():
        array = None
        if "file" in entry:
            try:
                array = np.load(case.goldens / entry["file"], allow_pickle=False)
            except (OSError, ValueError) as exc:
                raise GoldenError(f"{case.goldens / entry['file']}: cannot read: {exc}") from None
        elif entry.get("text") is not None:
            array = as_number(entry["text"])
        shape = tuple(entry["shape"]) if "shape" in entry else None
        outputs[name] = Golden(name, array, entry.get("text"), int(entry.get("stride", 1)), shape)
    kernels = case.goldens / KERNEL_FOLDER
    return Goldens(outputs, manifest.get("provenance", {}), kernels if kernels.is_dir() else None)
