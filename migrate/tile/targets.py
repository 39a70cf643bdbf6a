"""Compiling generated Triton kernels for real GPU targets (NVIDIA sm_90, AMD gfx942) with no GPU, in a worker."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

# (backend, arch, warp size) for triton.backends.compiler.GPUTarget, and the name a finding gives each.
TARGETS: tuple[tuple[str, str | int, int, str], ...] = (
    ("cuda", 90, 32, "sm_90"),
    ("hip", "gfx942", 64, "gfx942"),
)
# C parameter types (qualifiers and `*` removed) as Triton signature types; a type not here has no Triton form.
C_TO_TRITON = {
    "float": "fp32", "scalar_t": "fp32", "T": "fp32", "float32": "fp32", "double": "fp64", "float64": "fp64",
    "half": "fp16", "__half": "fp16", "at::Half": "fp16", "__nv_bfloat16": "bf16",
    "int": "i32", "int32_t": "i32", "signed": "i32", "signed int": "i32",
    "unsigned": "u32", "unsigned int": "u32", "uint32_t": "u32", "uint": "u32",
    "long": "i64", "long int": "i64", "long long": "i64", "long long int": "i64", "int64_t": "i64",
    "ptrdiff_t": "i64", "index_t": "i64",
    "unsigned long": "u64", "unsigned long long": "u64", "uint64_t": "u64", "size_t": "u64", "ulong": "u64",
    "unsigned long int": "u64", "long unsigned int": "u64", "unsigned long long int": "u64", "ushort": "u16",
    "uchar": "u8",
    "short": "i16", "int16_t": "i16", "unsigned short": "u16", "uint16_t": "u16",
    "char": "i8", "signed char": "i8", "int8_t": "i8", "unsigned char": "u8", "uint8_t": "u8", "bool": "i1",
}
QUALIFIERS = ("const", "__restrict__", "__restrict", "restrict", "volatile", "struct")
# Triton's element types as torch and NumPy name a buffer's dtype (`str(buffer.dtype)` ends with it).
DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64", "i1": "bool",
               "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8", "u16": "uint16",
               "u32": "uint32", "u64": "uint64"}
# Representative constexpr values for block sizes the launcher computes at run time.
LAUNCH_BLOCK = 256
CHUNK_BLOCK = 1024
# A worker's time limit guards against a compiler that hangs; a kernel of an inlined sorting network (thousands of
# lines) takes minutes on a loaded machine, so the limit per kernel is generous.
WORKER_TIMEOUT_S = 120
PER_KERNEL_TIMEOUT_S = 300


@dataclass(frozen=True)
class Check:
    """One kernel's compile job: the kernel's name in the module, its signature and constexpr values."""

    name: str
    signature: dict[str, str]
    constexprs: dict[str, int]


def triton_type(ctype: str, pointer: bool) -> str | None:
    """The Triton signature type of a C parameter type, or None when it has none (a struct, a vector type)."""
    words = [w for w in ctype.replace("*", " ").split() if w not in QUALIFIERS]
    base = C_TO_TRITON.get(" ".join(words).removeprefix("std::"))
    if base is None:
        return None
    return f"*{base}" if pointer or "*" in ctype else base


def dtype_name(ctype: str) -> str | None:
    """The dtype name of a buffer of C element type `ctype` (float32, uint8, bfloat16), or None."""
    return DTYPE_NAMES.get(triton_type(ctype, False) or "")


def launch_type(ctype: str, pointer: bool) -> str | None:
    """The Triton type a kernel parameter has when the launcher calls it: a pointer's element type as declared;
    an integer scalar i32, as Triton types the int(value) the launcher passes below 2**31, whatever its C type."""
    kind = triton_type(ctype, pointer)
    if kind is not None and kind[0] in "iu" and kind != "i1":
        return "i32"
    return kind


def check_for(kernel) -> Check | str:
    """The compile job of a lowered kernel (a TileKernel), or why it cannot have one."""
    signature: dict[str, str] = {}
    for param in kernel.params:
        kind = launch_type(param.ctype, param.pointer)
        if kind is None:
            return f"the parameter {param.name} of type {param.ctype} has no Triton type"
        for name in getattr(param, "names", (param.name,)):  # a vector by value: each lane a scalar
            signature[name] = kind
    for scratch in getattr(kernel, "scratch", ()):
        kind = triton_type(scratch.ctype, True)
        if kind is None:
            return f"the shared array {scratch.name} of type {scratch.ctype} has no Triton type"
        signature[scratch.name] = kind
    if any(getattr(s, "dynamic", False) for s in getattr(kernel, "scratch", ())):
        signature["_shared_count"] = "i32"  # elements in a row of the dynamic shared array
    for symbol in getattr(kernel, "symbols", ()):  # a variable of device memory: its tensor, which the launcher passes
        kind = triton_type(symbol.ctype, True)
        if kind is None:
            return f"the variable {symbol.name} of type {symbol.ctype} has no Triton type"
        signature["_symbol_" + symbol.name] = kind  # tileir.SYMBOL_PREFIX (this module is also loaded on its own)
    sample = dict(getattr(kernel, "sample", ()))
    constexprs: dict[str, int] = {}
    for name in kernel.constexprs:
        value = kernel.blocks.get(name)
        number = getattr(value, "value", None)
        if name in sample:
            constexprs[name] = sample[name]
        elif isinstance(number, int) and not isinstance(number, bool):
            constexprs[name] = number
        elif getattr(value, "id", "") == "block0":
            constexprs[name] = LAUNCH_BLOCK
        else:
            constexprs[name] = CHUNK_BLOCK
        signature[name] = "constexpr"
    for name, numbers in getattr(kernel, "template_consts", ()):
        constexprs[name] = numbers[0]  # every number compiles alike; the first stands for them
        signature[name] = "constexpr"
    return Check(f"{kernel.name}_tile", signature, constexprs)


def checks_for(kernel) -> list[Check] | str:
    """The compile jobs of a lowered kernel: its own, or one per instantiation of a kernel launched at unlike element
    types (the first reason one cannot have a job, prefixed with its name, where one cannot)."""
    checks = []
    for one in getattr(kernel, "instances", ()) or (kernel,):
        check = check_for(one)
        if isinstance(check, str):
            return check if one is kernel else f"{one.name}: {check}"
        checks.append(check)
    return checks


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "migrate" / "tile-targets"


def _triton_version() -> str | None:
    try:
        from importlib.metadata import version

        return version("triton")
    except Exception:  # noqa: BLE001 - not installed, or installed without metadata
        return None


def _key(version: str, source: str, check: Check) -> str:
    blob = json.dumps([version, source, check.name, check.signature, check.constexprs, TARGETS], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def compile_errors(source: str, checks: list[Check]) -> dict[str, str]:
    """For each kernel of a generated module, "" when it compiles for every target, else the first failure
    (`sm_90: <error>`). Results are cached by Triton version and kernel source."""
    version = _triton_version()
    if version is None:
        return {c.name: "Triton is not installed, so it could not be compiled for sm_90 and gfx942" for c in checks}
    cache = _cache_dir()
    results: dict[str, str] = {}
    todo: list[Check] = []
    for check in checks:
        try:
            results[check.name] = json.loads((cache / f"{_key(version, source, check)}.json").read_text())["error"]
        except (OSError, ValueError, KeyError):
            todo.append(check)
    if todo:
        fresh = _run_workers(source, todo)
        for check in todo:
            results[check.name] = fresh[check.name]
            if fresh[check.name].startswith("the compiler worker"):
                continue  # a timeout or a crashed worker is not a property of the kernel: do not remember it
            try:
                cache.mkdir(parents=True, exist_ok=True)
                path = cache / f"{_key(version, source, check)}.json"
                temp = path.with_suffix(f".{os.getpid()}.tmp")
                temp.write_text(json.dumps({"error": fresh[check.name]}))
                os.replace(temp, path)
            except OSError:
                pass  # an unwritable cache only costs time
    return results


def _worker_count(jobs: int) -> int:
    """How many compiler workers to run side by side: one per usable CPU (MIGRATE_TILE_COMPILE_JOBS caps it), at
    most one per kernel."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        cpus = os.cpu_count() or 1
    try:
        cap = int(os.environ.get("MIGRATE_TILE_COMPILE_JOBS", "0"))
    except ValueError:
        cap = 0
    return max(1, min(jobs, cpus, cap if cap > 0 else cpus))


def _run_workers(source: str, checks: list[Check]) -> dict[str, str]:
    """Compile the kernels in worker processes side by side, the kernels dealt out in turn: a module of many large
    kernels (a sorting network inlined into each) takes minutes in one worker."""
    count = _worker_count(len(checks))
    if count == 1:
        return _run_worker(source, checks)
    shares = [checks[i::count] for i in range(count)]
    results: dict[str, str] = {}
    with ThreadPoolExecutor(max_workers=count) as pool:
        for answer in pool.map(lambda share: _run_worker(source, share), shares):
            results.update(answer)
    return results


def _run_worker(source: str, checks: list[Check]) -> dict[str, str]:
    """One worker's results: it prints a JSON line per kernel as each is compiled, so the kernels it finished keep
    their results when it runs past its time or crashes on a later one."""
    job = {"source": source, "kernels": [[c.name, c.signature, c.constexprs] for c in checks]}
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    env.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
    timeout = WORKER_TIMEOUT_S + PER_KERNEL_TIMEOUT_S * len(checks)
    try:
        # run by its path (it needs only the standard library and Triton), so the worker is this module whatever
        # the caller's sys.path or working folder holds: a checkout run by path, or another installed version
        done = subprocess.run([sys.executable, str(Path(__file__).resolve())], input=json.dumps(job), text=True,
                              capture_output=True, env=env, timeout=timeout, check=False)
        output = done.stdout
        why = "the compiler worker failed (" + (done.stderr.strip().splitlines() or ["no output"])[-1][:200] + ")"
    except subprocess.TimeoutExpired as exc:
        output = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
        why = f"the compiler worker ran past {timeout} s"
    answers: dict[str, str] = {}
    for line in output.splitlines():
        try:
            answers.update({str(k): str(v) for k, v in json.loads(line).items()})
        except (ValueError, AttributeError):
            continue  # a line something else printed
    return {c.name: answers.get(c.name, why) for c in checks}


def _first_error(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).strip().splitlines() if line.strip()]
    text = lines[-1] if lines else type(exc).__name__
    return " ".join(text.split())[:240]


def _worker() -> None:
    """Read one job from stdin, compile each kernel for each target, print a JSON line of its result per kernel."""
    import importlib.util

    job = json.loads(sys.stdin.read())
    names = [k[0] for k in job["kernels"]]
    try:
        import triton
        from triton.backends.compiler import GPUTarget
        from triton.compiler import ASTSource
    except Exception as exc:  # noqa: BLE001 - a broken installation fails every kernel, with the reason
        print(json.dumps({n: f"Triton does not import ({_first_error(exc)})" for n in names}))
        return
    with tempfile.TemporaryDirectory(prefix="migrate-tile-") as folder:
        path = Path(folder) / "tile_check.py"
        path.write_text(job["source"])
        try:
            spec = importlib.util.spec_from_file_location("tile_check", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except Exception as exc:  # noqa: BLE001 - any failure of the compiler is the kernel's finding
            print(json.dumps({n: f"the module does not import ({_first_error(exc)})" for n in names}))
            return
        for name, signature, constexprs in job["kernels"]:
            error = ""
            for backend, arch, warp, label in TARGETS:
                try:
                    source = ASTSource(fn=getattr(module, name), signature=signature, constexprs=constexprs)
                    triton.compile(source, target=GPUTarget(backend, arch, warp))
                except Exception as exc:  # noqa: BLE001 - any failure of the compiler is the kernel's finding
                    error = f"{label}: {_first_error(exc)}"
                    break
            print(json.dumps({name: error}), flush=True)


if __name__ == "__main__":
    _worker()
