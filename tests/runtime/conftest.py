"""Builds the runtime's test programs (tests/runtime/programs/*.cu) once per session, in parallel, and caches
the binaries by a hash of the program, the runtime headers and the flags."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INCLUDE = ROOT / "runtime" / "include"
PROGRAMS = Path(__file__).resolve().parent / "programs"

# Programs per variant. Every program builds for the plain CPU variant; sanitizer runs take a subset.
ALL = sorted(p.stem for p in PROGRAMS.glob("*.cu"))
ASAN = ["memory", "launch", "shared", "warp", "cub", "cooperative_groups", "half", "stream", "vector", "intrinsics", "complex", "memory3d", "graph",
        "runtime_api", "texture", "grid_sync"]
TSAN = ["threads", "shared", "warp", "atomic", "stream", "intrinsics", "grid_sync"]

FLAGS = {
    "cpu": ["-O2"],
    "asan": ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"],
    "tsan": ["-O1", "-g", "-fsanitize=thread"],
}
ENV = {
    "asan": {"ASAN_OPTIONS": "allocator_may_return_null=1:detect_leaks=0"},
    "tsan": {"TSAN_OPTIONS": "halt_on_error=1"},
}


def _headers_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(INCLUDE.rglob("*.h")):
        h.update(str(path.relative_to(INCLUDE)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def compile_cpu(src: Path, out_dir: Path, variant: str, headers: str) -> tuple[Path | None, str]:
    flags = ["-x", "c++", "-std=c++17", "-Wall", "-Werror", f"-I{INCLUDE}", *FLAGS[variant]]
    key = hashlib.sha256((headers + src.read_text() + " ".join(flags)).encode()).hexdigest()[:16]
    exe = out_dir / f"{src.stem}-{variant}-{key}"
    if exe.exists():
        return exe, ""
    tmp = exe.with_name(f"{exe.name}.{os.getpid()}.tmp")  # per process: test runs may share the cache
    cmd = ["g++", *flags, str(src), "-pthread", "-o", str(tmp)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return None, " ".join(cmd) + "\n" + proc.stderr
    tmp.replace(exe)
    return exe, ""


@pytest.fixture(scope="session")
def cpu_builds(request) -> dict[tuple[str, str], tuple[Path | None, str]]:
    if shutil.which("g++") is None:
        pytest.skip("g++ not found")
    out_dir = Path(request.config.cache.mkdir("prt-runtime-build"))
    headers = _headers_digest()
    jobs = [(name, "cpu") for name in ALL] + [(n, "asan") for n in ASAN] + [(n, "tsan") for n in TSAN]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futures = {job: pool.submit(compile_cpu, PROGRAMS / f"{job[0]}.cu", out_dir, job[1], headers) for job in jobs}
        return {job: f.result() for job, f in futures.items()}


def run_program(builds, name: str, variant: str = "cpu", timeout: int = 120) -> str:
    exe, log = builds[(name, variant)]
    assert exe is not None, f"build failed:\n{log}"
    env = dict(os.environ, **ENV.get(variant, {}))
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=timeout, env=env)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    assert "PASSED" in proc.stdout, output
    return proc.stdout


def values(stdout: str) -> dict[str, float]:
    """The VALUE lines of a program's output."""
    out = {}
    for line in stdout.splitlines():
        if line.startswith("VALUE "):
            _, key, number = line.split()
            out[key] = float(number)
    return out


@pytest.fixture
def run(cpu_builds):
    """run(name, variant="cpu") builds (once) and runs a test program, asserts it passed, returns its stdout."""

    def _run(name: str, variant: str = "cpu") -> str:
        if variant == "asan" and name not in ASAN or variant == "tsan" and name not in TSAN:
            pytest.skip(f"{name} is not in the {variant} subset")
        return run_program(cpu_builds, name, variant)

    return _run
