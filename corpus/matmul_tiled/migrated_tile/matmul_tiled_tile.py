"""Triton kernels migrated from matmul_tiled.cu (SIMT kernels rewritten as tile programs).

Each kernel `name_tile` has a launcher `name(grid, block, *args)` taking the original launch shape and arguments.
"""

import triton
import triton.language as tl


def _dim(shape):
    """The x size of a launch shape given as an int or a tuple."""
    return int(shape[0]) if isinstance(shape, (tuple, list)) else int(shape)


def _block_for(extent):
    """A power-of-two chunk width for a row of `extent` elements."""
    return triton.next_power_of_2(max(16, min(int(extent), 4096)))


# Launch configurations: each launcher starts from its kernel's defaults, or from the configuration kept for this
# GPU target in <this module>.tuned.json. With MIGRATE_TILE_TUNE=1 and none kept, a kernel is tuned over its search
# space at its first launch (each trial restores the buffers it was given) and the choice is written to that
# file when the process exits, so later runs on the same target start from it.
_TUNERS = {}
_TARGET = []


def _target():
    """This process's GPU target as the kept configurations name it ("cuda:90", "hip:gfx942"); None when the
    kernels run under Triton's interpreter."""
    import os

    if os.environ.get("TRITON_INTERPRET") == "1":
        return None
    if not _TARGET:
        target = triton.runtime.driver.active.get_current_target()
        _TARGET.append(f"{target.backend}:{target.arch}")
    return _TARGET[0]


def _tuned_path():
    from pathlib import Path

    here = Path(__file__)
    return here.with_name(here.stem + ".tuned.json")


def _kept(target, name, defaults):
    """The configuration kept for kernel `name` on `target`, if it names the same widths as `defaults`."""
    import json
    import warnings

    path = _tuned_path()
    try:
        kept = json.loads(path.read_text(encoding="utf-8")).get(target, {}).get(name)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, AttributeError) as exc:
        warnings.warn(f"{path}: not read ({exc}); kernels start from their defaults", stacklevel=3)
        return None
    if not isinstance(kept, dict) or set(kept) | {"num_stages"} != set(defaults) | {"num_stages"} \
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in kept.values()):
        return None
    return kept


def _tuned(name, kernel, defaults, space, buffers):
    """(the kernel or its autotuner, launch keywords) for kernel `name` on this process's target; `buffers` holds its
    buffer arguments, which each tuning trial restores (a store may reach any of them)."""
    import os

    target = _target()
    tune = target is not None and os.environ.get("MIGRATE_TILE_TUNE") == "1" \
        and all(hasattr(v, "clone") and hasattr(v, "copy_") for v in buffers.values())
    entry = _TUNERS.get((name, target, tune))
    if entry is None:
        kept = _kept(target, name, defaults) if target is not None else None
        if kept is not None or not tune:
            entry = (kernel, dict(kept or defaults), None)
        else:
            choices = [defaults] + [c for c in space if c != defaults]
            configs = [_config(c) for c in choices]
            tuner = triton.autotune(configs, key=[], restore_value=list(buffers), do_bench=_bench)(kernel)
            if not any(e[2] for e in _TUNERS.values()):
                import atexit

                atexit.register(_save_tuned)
            entry = (tuner, {}, list(zip(configs, choices)))
        _TUNERS[(name, target, tune)] = entry
    return entry[0], entry[1]


def _bench(fn, quantiles):
    from triton.testing import do_bench

    return do_bench(fn, warmup=5, rep=25, quantiles=quantiles)


def _config(values):
    values = dict(values)
    options = {k: values.pop(k) for k in ("num_warps", "num_stages") if k in values}
    return triton.Config(values, **options)


def _save_tuned():
    """Write the configurations this process's tuning chose into <this module>.tuned.json, keeping the others."""
    import json
    import os
    import tempfile
    import warnings

    chosen = {}
    for (name, target, _), (tuner, _, choices) in _TUNERS.items():
        best = getattr(tuner, "best_config", None) if choices else None
        for config, values in choices or ():
            if config is best:
                chosen.setdefault(target, {})[name] = values
    if not chosen:
        return
    path = _tuned_path()
    try:
        kept = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        for target, configs in chosen.items():
            kept.setdefault(target, {}).update(configs)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(json.dumps(kept, indent=1, sort_keys=True) + "\n")
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except (OSError, ValueError, AttributeError) as exc:
        warnings.warn(f"{path}: tuned configurations not written ({exc})", stacklevel=2)


@triton.jit
def matmul_naive_tile(A, B, C, M, N, K, BLOCK_X: tl.constexpr, BLOCK_Y: tl.constexpr, BLOCK_K: tl.constexpr):
    # matrix product (naive) onto tl.dot; from matmul_tiled.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)[None, :]
    pid_y = tl.program_id(1)
    offs_y = pid_y * BLOCK_Y + tl.arange(0, BLOCK_Y)[:, None]
    acc = tl.zeros([BLOCK_Y, BLOCK_X], tl.float32)
    for k_start in range(0, K, BLOCK_K):
        a = tl.load(A + (offs_y * K + (k_start + tl.arange(0, BLOCK_K)[None, :])), mask=(offs_y < M) & (k_start + tl.arange(0, BLOCK_K)[None, :] < K), other=0.0)
        b = tl.load(B + ((k_start + tl.arange(0, BLOCK_K)[:, None]) * N + offs_x), mask=(offs_x < N) & (k_start + tl.arange(0, BLOCK_K)[:, None] < K), other=0.0)
        acc = acc + tl.dot(a, b, input_precision="ieee")
    tl.store(C + (offs_y * N + offs_x), acc, mask=(offs_y < M) & (offs_x < N))


_matmul_naive_defaults = {"BLOCK_K": 32, "BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 4}
_matmul_naive_space = [  # rules/tile/maps/tuning.toml [matmul]
    {"BLOCK_X": 64, "BLOCK_Y": 64, "BLOCK_K": 32, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "BLOCK_K": 32, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "BLOCK_K": 32, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "BLOCK_K": 32, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "BLOCK_K": 32, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "BLOCK_K": 32, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "BLOCK_K": 32, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "BLOCK_K": 32, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "BLOCK_K": 32, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "BLOCK_K": 32, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "BLOCK_K": 32, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "BLOCK_K": 32, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "BLOCK_K": 32, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "BLOCK_K": 32, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "BLOCK_K": 32, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "BLOCK_K": 32, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "BLOCK_K": 64, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "BLOCK_K": 64, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "BLOCK_K": 64, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "BLOCK_K": 64, "num_warps": 8, "num_stages": 4},
]


def matmul_naive(grid, block, A, B, C, M, N, K):
    """Launch matmul_naive_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("matmul_naive", matmul_naive_tile, _matmul_naive_defaults, _matmul_naive_space, {"A": A, "B": B, "C": C})

    def launch(meta):
        return (triton.cdiv(N, meta["BLOCK_X"]), triton.cdiv(M, meta["BLOCK_Y"]),)

    kernel[launch](A, B, C, int(M), int(N), int(K), **config)


@triton.jit
def matmul_tiled_tile(A, B, C, M, N, K, BLOCK_X: tl.constexpr, BLOCK_Y: tl.constexpr):
    # matrix product (shared-memory tiled) onto tl.dot; from matmul_tiled.cu
    pid_x = tl.program_id(0)
    offs_x = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)[None, :]
    pid_y = tl.program_id(1)
    offs_y = pid_y * BLOCK_Y + tl.arange(0, BLOCK_Y)[:, None]
    acc = tl.zeros([BLOCK_Y, BLOCK_X], tl.float32)
    for t in range(0, (K + 16 - 1) // 16, 1):
        a = tl.where((offs_y < M) & (t * 16 + tl.arange(0, 16)[None, :] < K), tl.load(A + (offs_y * K + (t * 16 + tl.arange(0, 16)[None, :])), mask=(offs_y < M) & ((offs_y < M) & (t * 16 + tl.arange(0, 16)[None, :] < K)), other=0.0), 0.0)
        b = tl.where((t * 16 + tl.arange(0, 16)[:, None] < K) & (offs_x < N), tl.load(B + ((t * 16 + tl.arange(0, 16)[:, None]) * N + offs_x), mask=(offs_x < N) & ((t * 16 + tl.arange(0, 16)[:, None] < K) & (offs_x < N)), other=0.0), 0.0)
        acc = acc + tl.dot(a, b, input_precision="ieee")
    tl.store(C + (offs_y * N + offs_x), acc, mask=(offs_y < M) & (offs_x < N))


_matmul_tiled_defaults = {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 4}
_matmul_tiled_space = [  # rules/tile/maps/tuning.toml [matmul]
    {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 64, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 64, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 64, "BLOCK_Y": 128, "num_warps": 8, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "num_warps": 4, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "num_warps": 4, "num_stages": 4},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "num_warps": 8, "num_stages": 3},
    {"BLOCK_X": 128, "BLOCK_Y": 128, "num_warps": 8, "num_stages": 4},
]


def matmul_tiled(grid, block, A, B, C, M, N, K):
    """Launch matmul_tiled_tile; `grid` and `block` are the original launch shape."""
    kernel, config = _tuned("matmul_tiled", matmul_tiled_tile, _matmul_tiled_defaults, _matmul_tiled_space, {"A": A, "B": B, "C": C})

    def launch(meta):
        return (triton.cdiv(N, meta["BLOCK_X"]), triton.cdiv(M, meta["BLOCK_Y"]),)

    kernel[launch](A, B, C, int(M), int(N), int(K), **config)
