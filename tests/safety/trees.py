"""Generated trees for the safety tests: CUDA and Python files of known content, and what migrating them gives."""

from __future__ import annotations

import random
from pathlib import Path

from migrate.engine import plan_source
from migrate.match import compile_rules
from migrate.rules import load_catalog

CATALOG = load_catalog()
RULESET = compile_rules(CATALOG, CATALOG.rules)

STATEMENTS = (
    "cudaMalloc(&p, n * sizeof(float));",
    "cudaFree(p);",
    "cudaDeviceSynchronize();",
    "cudaMemset(p, 0, n);",
    "scale<<<4, 256>>>(p, 2.0f, n);",
    "cudaStreamSynchronize(0);",
    "int x = n + 1; (void)x;",
)
KERNEL = "__global__ void scale(float* x, float a, int n) { int i = threadIdx.x; if (i < n) x[i] *= a; }\n"


def cuda_source(rng: random.Random, size: int | None = None) -> bytes:
    """A small CUDA program of random statements; padded with spaces to `size` bytes when given."""
    body = "".join(f"    {rng.choice(STATEMENTS)}\n" for _ in range(rng.randint(2, 8)))
    text = f"#include <cuda_runtime.h>\n{KERNEL}void run(float* p, int n) {{\n{body}}}\n"
    data = text.encode()
    if size is not None:
        data = data[:size] if len(data) >= size else data + b" " * (size - len(data))
    return data


def python_source(rng: random.Random) -> bytes:
    lines = ["import torch", "", f"x = torch.zeros({rng.randint(1, 9)}).cuda()"]
    if rng.random() < 0.5:
        lines.append("torch.cuda.synchronize()")
    return ("\n".join(lines) + "\n").encode()


def migrated(relpath: str, data: bytes) -> bytes:
    """What apply makes of `data`, computed in memory."""
    language = "python" if relpath.endswith(".py") else "cuda"
    plan = plan_source(RULESET, relpath, language, data).plan
    assert plan is not None
    return plan.migrated


def make_tree(root: Path, count: int, seed: int = 0) -> dict[str, bytes]:
    """`count` files under `root` (a tenth of them Python), in a few folders; returns relpath -> bytes."""
    rng = random.Random(seed)
    files: dict[str, bytes] = {}
    for index in range(count):
        folder = f"part{index % 7}"
        if index % 10 == 9:
            relpath, data = f"{folder}/train{index}.py", python_source(rng)
        else:
            relpath, data = f"{folder}/k{index}.cu", cuda_source(rng)
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        files[relpath] = data
    (root / ".git").mkdir(exist_ok=True)  # the settings search stops here
    return files


def read_tree(root: Path, relpaths) -> dict[str, bytes]:
    return {relpath: (root / relpath).read_bytes() for relpath in relpaths}
