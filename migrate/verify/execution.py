"""Building and running one side of a case on one backend, in a scratch copy, with its outputs poisoned first."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .spec import FILE_KINDS, Case, Side, render_command
from .toolchain import Toolchain

# Written over every raw output before the run: as float32 and float64 it is a NaN, so a program that leaves part
# of a file unwritten fails; a file that still holds nothing but this pattern was not written at all.
POISON_WORD = b"\xad\xde\xc0\x7f"
LOG_TAIL_LINES = 40
_SKIP_ON_COPY = ("goldens", "migrated", "build", ".git", "__pycache__")


@dataclass(frozen=True)
class Run:
    """What one build-and-run produced: status is ok, build-error, run-error (crash, signal) or timeout."""

    side: str
    backend: str
    status: str
    returncode: int | None
    stdout: str
    log: str
    workdir: Path
    seconds: float
    stderr: str = ""

    @property
    def log_tail(self) -> str:
        return "\n".join(self.log.rstrip().splitlines()[-LOG_TAIL_LINES:])


def stage(case: Case, side: Side, backend: str, scratch: Path) -> Path:
    """A fresh working folder holding a copy of the side's sources (when `copy` is on)."""
    workdir = scratch / case.name / f"{side.name}-{backend}"
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    source = (case.path / side.sources).resolve()
    if side.copy:
        if not source.is_dir():
            raise FileNotFoundError(
                f"{side.name}.sources: no folder {source.name}/ in {case.path} "
                f"(the {side.name} sources are not there yet)"
            )
        for entry in source.iterdir():
            if entry.name in _SKIP_ON_COPY or entry.name.startswith(".") or entry.name == "verify.toml":
                continue
            if entry.is_dir():
                shutil.copytree(entry, workdir / entry.name, symlinks=True)
            else:
                shutil.copy2(entry, workdir / entry.name)
    return workdir


def values(case: Case, side: Side, backend: str, toolchain: Toolchain, workdir: Path) -> dict[str, str]:
    """The placeholder values for one side on one backend."""
    main = case.main_file
    return {
        "case": str(case.path),
        "src": str((case.path / side.sources).resolve()),
        "workdir": str(workdir),
        "outdir": str(workdir),
        "out": str(workdir / main.file) if main and main.file else "",
        "include_dir": str(toolchain.include_dir),
        "cxx": toolchain.cxx,
        "nvcc": toolchain.nvcc or "nvcc",
        "python": toolchain.python,
        "backend": backend,
        "arch": toolchain.arch,
        "cflags": toolchain.cflags,
        "libs": toolchain.libs,
        "cuda_cppflags": toolchain.cuda_cppflags,
        "cuda_ldflags": toolchain.cuda_ldflags,
    }


def poison(case: Case, workdir: Path) -> None:
    """Fill raw outputs of known size with the poison pattern; remove every other output file."""
    for output in case.outputs:
        if output.kind not in FILE_KINDS or output.file is None:
            continue
        target = workdir / output.file
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_dir():
            shutil.rmtree(target)
        size = output.expected_bytes
        if size is None:
            target.unlink(missing_ok=True)
            continue
        target.write_bytes((POISON_WORD * (size // 4 + 1))[:size])


def _shell(
    command: str, cwd: Path, env: Mapping[str, str], timeout: float
) -> tuple[int | None, str, str, bool]:
    """Run `bash -c command` in its own process group; on timeout the whole group is killed."""
    process = subprocess.Popen(
        ["bash", "-c", command],
        cwd=cwd,
        env=dict(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=timeout)
        return process.returncode, out.decode(errors="replace"), err.decode(errors="replace"), False
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        return None, out.decode(errors="replace"), err.decode(errors="replace"), True


def execute(
    case: Case,
    side: Side,
    backend: str,
    toolchain: Toolchain,
    workdir: Path,
    extra_env: Mapping[str, str] | None = None,
) -> Run:
    """Build (when the side has a build command) and run in `workdir`; the program's stdout is kept for parsing."""
    start = time.monotonic()
    filled = values(case, side, backend, toolchain, workdir)
    env = dict(os.environ)
    env.update(case.env)
    env.update(side.env)
    env.update(extra_env or {})
    if filled["out"]:
        env["CORPUS_OUT"] = filled["out"]
    log: list[str] = []
    deadline = start + case.timeout

    def finish(status: str, returncode: int | None, stdout: str = "", stderr: str = "") -> Run:
        return Run(
            side.name,
            backend,
            status,
            returncode,
            stdout,
            "\n".join(log),
            workdir,
            round(time.monotonic() - start, 3),
            stderr,
        )

    build = side.command("build", backend)
    if build:
        command = render_command(build, filled)
        log.append(f"$ {command}")
        code, out, err, timed_out = _shell(command, workdir, env, max(1.0, deadline - time.monotonic()))
        log.extend(text for text in (out.rstrip(), err.rstrip()) if text)
        if timed_out:
            log.append(f"build timed out after {case.timeout} s")
            return finish("timeout", None)
        if code != 0:
            log.append(f"build failed with exit code {code}")
            return finish("build-error", code)
    run = side.command("run", backend)
    if run is None:
        log.append(f"{side.name}.run has no command for backend {backend!r}")
        return finish("build-error", None)
    poison(case, workdir)
    command = render_command(run, filled)
    log.append(f"$ {command}")
    code, out, err, timed_out = _shell(command, workdir, env, max(1.0, deadline - time.monotonic()))
    log.extend(text for text in (out.rstrip(), err.rstrip()) if text)
    if timed_out:
        log.append(f"run timed out after {case.timeout} s")
        return finish("timeout", None, out, err)
    # 0 and 1 are the program's own verdict (PASS/FAIL), and its outputs are still compared; anything else (a
    # signal, a missing command, an abort) means it could not run.
    if code not in (0, 1):
        log.append(
            f"run ended by signal {-code}" if code is not None and code < 0 else f"run exited with {code}"
        )
        return finish("run-error", code, out, err)
    return finish("ok", code, out, err)
