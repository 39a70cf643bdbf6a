"""Kernels with barriers on the CPU backend: region loops vs fibers vs hand-written OpenMP, ratios from one run.

Each HeCBench program below has a CUDA version (migrated here with `migrate apply`, then built twice on the CPU
backend: as migrated, whose barrier kernels run as region loops where the transform proved them safe, and with
-DPRT_CPU_FIBERS, which keeps every kernel on fibers) and an OpenMP twin written by HeCBench's authors (built with
g++ -fopenmp; its `omp target` regions run on the host). The three binaries run in turn, round after round, with
2 threads each (PRT_CPU_THREADS=2, OMP_NUM_THREADS=2), so a machine shared with other work slows every side alike;
each figure is the median over the rounds of the program's own kernel-time lines (its wall time when it prints
none). Sources are not part of this tree: the CUDA programs come from a HeCBench checkout's src/<name>-cuda, the
OpenMP twins from src/<name>-omp.

    python3 benchmarks/cpu_barriers.py --cuda /path/HeCBench/src --omp /path/HeCBench/src --results benchmarks/results/cpu-barriers.md

`--corpus-only` runs the corpus kernels and benchmarks/runtime_cpu.cu alone (--cuda and --omp are then not read).
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from migrate.verify.makefile import MakefileError, build_commands, is_compiler, printed_times
from realcode import VERDICT_FAIL, VERDICT_PASS  # the real-programs harness's reading of a verdict

ROOT = Path(__file__).resolve().parent.parent
# migrate runs from the staging folders: this checkout first, and every PYTHONPATH entry made absolute, so a relative
# entry (PYTHONPATH=.:benchmarks) still names what it named here.
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT)] + [str(Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
)
# name -> arguments, the same for the migrated CUDA program and its OpenMP twin (sizes scaled for a CPU).
PROGRAMS: dict[str, list[str]] = {
    "adv": ["7", "15", "200", "5"],
    "asmooth": ["1024", "1024", "9", "2"],
    "babelstream": ["-s", "1048576", "-n", "5"],
    "bsearch": ["262144", "2"],
    "channelShuffle": ["2", "28", "28", "2"],
    "convolutionSeparable": ["2048", "2048", "10"],
    "fdtd3d": ["--dimx=192", "--dimy=184", "--dimz=96", "--timesteps=5"],
    "fwt": ["1"],
    "keogh": ["256", "250000", "2"],
    "nlll": ["2048", "1000", "10"],
    "pathfinder": ["10000", "100", "5"],
    "reverse": ["5"],
    "rng-wallace": ["2"],
    "scan2": ["5", "1048576", "256"],
    "scatterAdd": ["1000000", "32", "8", "2"],
    "sobol": ["100000", "100", "2"],
    "stencil1d": ["1048576", "5"],
    "surfel": ["256", "160", "120", "2"],
    "tensorT": ["1"],
    "zmddft": ["1"],
    "zoom": ["1", "3", "270", "512", "5"],
}
SIDES = ("regions", "fibers", "omp")
# Passive waiting for OpenMP as for the runtime's pool (which sleeps on a condition variable): on a shared machine
# spinning OpenMP threads slow everything down, OpenMP first.
ENV = dict(os.environ, PRT_CPU_THREADS="2", OMP_NUM_THREADS="2", OMP_WAIT_POLICY="passive", OMP_PROC_BIND="false")
# Corpus barrier kernels: the program's own timer line for its kernel with barriers; the OpenMP counterpart of each
# is benchmarks/cpu_barriers_omp.cpp.
CORPUS = {
    "reduction": "time_shared_ms",
    "matmul_tiled": "time_tiled_ms",
    "stencil": "time_ms",
    "prefix_sum": "time_ms",
    "histogram": "time_shared_ms",
}


@dataclass
class Program:
    name: str
    args: list[str]
    binaries: dict[str, Path] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=lambda: {s: [] for s in SIDES})
    timed_by: dict[str, str] = field(default_factory=dict)
    verdicts: dict[str, str] = field(default_factory=dict)
    error: str = ""
    twins: int = 0
    fibers: list[str] = field(default_factory=list)


def _cflags() -> list[str]:
    out = subprocess.run([sys.executable, "-m", "migrate.cli", "runtime", "--cflags"], capture_output=True,
                         text=True, check=True).stdout.split()
    return out


def _libs() -> list[str]:
    return subprocess.run([sys.executable, "-m", "migrate.cli", "runtime", "--libs"], capture_output=True, text=True,
                          check=True).stdout.split()


def _prepare(program: Program, cuda: Path, omp: Path, work: Path) -> None:
    source = cuda / f"{program.name}-cuda"
    twin = omp / f"{program.name}-omp"
    if not source.is_dir() or not twin.is_dir():
        program.error = f"missing {source if not source.is_dir() else twin}"
        return
    base = work / program.name
    shutil.rmtree(base, ignore_errors=True)
    (base / "src").mkdir(parents=True)
    shutil.copytree(source, base / "src" / f"{program.name}-cuda")
    migrated = base / "migrated"
    proc = subprocess.run([sys.executable, "-m", "migrate.cli", "apply", "--unsafe-fixes", "--out-dir", str(migrated), "--no-cache",
                           str(base / "src" / f"{program.name}-cuda")], capture_output=True, text=True,
                          cwd=base / "src")
    folder = migrated if (migrated / "Makefile").is_file() else migrated / f"{program.name}-cuda"
    if not (folder / "Makefile").is_file():
        program.error = f"migrate apply wrote no Makefile ({proc.stderr.strip()[-200:]})"
        return
    _count(program, base / "src" / f"{program.name}-cuda")
    cflags, libs = _cflags(), _libs()
    for side, extra in (("regions", []), ("fibers", ["-DPRT_CPU_FIBERS"])):
        build = base / side
        shutil.copytree(folder, build)
        try:
            commands = build_commands(build, "cpu", [*cflags, *extra], libs)
        except MakefileError as exc:
            program.error = str(exc)
            return
        for tokens in commands:
            ran = subprocess.run(tokens, cwd=build, capture_output=True, text=True, errors="replace", timeout=900)
            if ran.returncode != 0 and is_compiler(tokens):
                program.error = f"{side} build: " + _first_error(ran.stderr + ran.stdout)
                return
        program.binaries[side] = _executable(build)
    build = base / "omp"
    shutil.copytree(twin, build)
    sources = sorted(str(p.name) for p in build.glob("*.cpp"))
    flags = re.search(r"^CFLAGS\s*:=(.*)$", (build / "Makefile").read_text(errors="replace"), re.MULTILINE)
    defines = [t for t in (flags.group(1).split() if flags else []) if t.startswith("-D")]
    # The twins are written for an offloading compiler that includes omp.h for them; here target regions run on
    # the host.
    command = ["g++", "-std=c++17", "-O3", "-ffast-math", "-fopenmp", "-include", "omp.h", *defines,
               f"-I{base / 'src' / (program.name + '-cuda')}", *sources, "-o", "main"]
    ran = subprocess.run(command, cwd=build, capture_output=True, text=True, errors="replace", timeout=900)
    if ran.returncode != 0:
        program.error = "omp build: " + _first_error(ran.stderr + ran.stdout)
        return
    program.binaries["omp"] = build / "main"


def _executable(folder: Path) -> Path:
    """The program a build wrote: the newest executable file of the folder that is not a script."""
    found = [p for p in folder.iterdir() if p.is_file() and os.access(p, os.X_OK) and p.suffix not in (".sh", ".py")]
    if not found:
        raise FileNotFoundError(f"{folder}: the build wrote no program")
    return max(found, key=lambda p: p.stat().st_mtime)


def _reuse(program: Program, base: Path) -> None:
    """The builds and the scan counts a previous run left in base."""
    try:
        program.binaries = {side: _executable(base / side) for side in SIDES}
    except FileNotFoundError as exc:
        program.error = str(exc)
        return
    _count(program, base / "src" / f"{program.name}-cuda")


def _count(program: Program, source: Path) -> None:
    """How many barrier kernels were split, and why the others keep fibers (the scan's findings)."""
    scan = subprocess.run([sys.executable, "-m", "migrate.cli", "scan", "--select", "kernel-barrier-regions",
                           "--no-cache", "--exit-zero", str(source)], capture_output=True, text=True, cwd=source.parent)
    for line in scan.stdout.splitlines():
        if "kernel-barrier-regions" in line:
            if "(safe fix)" in line:
                program.twins += 1
            elif "stays on fibers" in line:
                program.fibers.append(line.split("kernel ", 1)[1].split(" synchronises")[0] + ": "
                                      + line.split("CPU backend: ", 1)[1])


def _first_error(text: str) -> str:
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:200]
    return text.strip()[-200:]


def _run(program: Program, side: str, timeout: float) -> None:
    binary = program.binaries[side]
    env = ENV
    start = time.perf_counter()
    try:
        ran = subprocess.run([str(binary), *program.args], cwd=binary.parent, capture_output=True, text=True,
                             errors="replace", timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        program.verdicts[side] = f"timeout {timeout:.0f} s"
        return
    wall = (time.perf_counter() - start) * 1000.0
    output = ran.stdout + ran.stderr
    verdict = (f"exit {ran.returncode}" if ran.returncode else "FAIL" if VERDICT_FAIL.search(output)
               else "PASS" if VERDICT_PASS.search(output) else "exit 0")
    program.verdicts.setdefault(side, verdict)
    if verdict not in ("PASS", "exit 0"):
        program.verdicts[side] = verdict
    kernel = printed_times(output)
    program.timed_by.setdefault(side, "kernel" if kernel else "wall")
    program.times[side].append(sum(ms for _, ms in kernel) if kernel and program.timed_by[side] == "kernel" else wall)


def _ratio(a: list[float], b: list[float]) -> float | None:
    if not a or not b:
        return None
    return statistics.median(b) / statistics.median(a)


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _migrate_file(source: Path, folder: Path) -> Path:
    """`migrate apply --out-dir` of one file; the migrated copy."""
    stage = folder / "src"
    shutil.rmtree(folder, ignore_errors=True)
    stage.mkdir(parents=True)
    shutil.copy2(source, stage / source.name)
    subprocess.run([sys.executable, "-m", "migrate.cli", "apply", "--unsafe-fixes", "--out-dir", str(folder / "migrated"), "--no-cache",
                    str(stage)], capture_output=True, text=True, cwd=stage, check=False)
    migrated = next((folder / "migrated").rglob(source.name), None)
    if migrated is None:
        raise RuntimeError(f"{source}: migrate apply wrote no copy")
    return migrated


def _compile(command: list[str], what: str) -> None:
    ran = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=900)
    if ran.returncode != 0:
        raise RuntimeError(f"{what}: " + _first_error(ran.stderr))


@dataclass
class Corpus:
    binaries: dict[str, dict[str, Path]] = field(default_factory=dict)  # program -> side -> binary
    omp: Path | None = None
    times: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    error: str = ""
    runtime: dict[str, Path] = field(default_factory=dict)  # benchmarks/runtime_cpu.cu, migrated: side -> binary
    runtime_ratios: dict[str, dict[str, list[float]]] = field(default_factory=dict)


def _prepare_corpus(work: Path) -> Corpus:
    corpus = Corpus()
    cflags, libs = _cflags(), _libs()
    try:
        for name in CORPUS:
            migrated = _migrate_file(ROOT / "corpus" / name / f"{name}.cu", work / "corpus" / name)
            corpus.binaries[name] = {}
            for side, extra in (("regions", []), ("fibers", ["-DPRT_CPU_FIBERS"])):
                binary = migrated.parent / f"{name}-{side}"
                _compile(["g++", "-x", "c++", *cflags, *extra, "-O2", "-w", str(migrated), "-x", "none", "-o",
                          str(binary), *libs], f"{name} {side} build")
                corpus.binaries[name][side] = binary
            corpus.times[name] = {side: [] for side in SIDES}
        corpus.omp = work / "corpus" / "omp"
        _compile(["g++", "-std=c++17", "-O2", "-fopenmp", str(ROOT / "benchmarks" / "cpu_barriers_omp.cpp"), "-o",
                  str(corpus.omp)], "OpenMP counterparts build")
        migrated = _migrate_file(ROOT / "benchmarks" / "runtime_cpu.cu", work / "runtime_cpu")
        for side, extra in (("regions", []), ("fibers", ["-DPRT_CPU_FIBERS"])):
            binary = migrated.parent / f"runtime_cpu-{side}"
            # benchmarks/runtime_cpu.py's own build line.
            _compile(["g++", "-x", "c++", "-std=c++17", "-O3", "-march=native", "-fopenmp",
                      f"-I{ROOT / 'runtime' / 'include'}", *extra, str(migrated), "-x", "none", "-pthread", "-o",
                      str(binary)], f"runtime_cpu {side} build")
            corpus.runtime[side] = binary
            corpus.runtime_ratios[side] = {"saxpy": [], "reduce 1024 blocks": [], "reduce 8 blocks": []}
    except RuntimeError as exc:
        corpus.error = str(exc)
    return corpus


def _corpus_round(corpus: Corpus, timeout: float) -> None:
    for name, key in CORPUS.items():
        for side in ("regions", "fibers"):
            binary = corpus.binaries[name][side]
            ran = subprocess.run([str(binary), "--out", str(binary.parent / "out.bin")], cwd=binary.parent,
                                 capture_output=True, text=True, timeout=timeout, env=ENV)
            found = re.search(rf"^{key} = ([0-9.]+)", ran.stdout, re.MULTILINE)
            if ran.returncode == 0 and "PASS" in ran.stdout and found:
                corpus.times[name][side].append(float(found.group(1)))
    ran = subprocess.run([str(corpus.omp)], capture_output=True, text=True, timeout=timeout, env=ENV)
    for name, key in CORPUS.items():
        found = re.search(rf"^{name} {key} = ([0-9.]+)", ran.stdout, re.MULTILINE)
        if found:
            corpus.times[name]["omp"].append(float(found.group(1)))
    for side, binary in corpus.runtime.items():
        ran = subprocess.run([str(binary), str(1 << 22), "5"], capture_output=True, text=True, timeout=timeout, env=ENV)
        saxpy = re.search(r"^saxpy n=.* ratio ([0-9.]+)", ran.stdout, re.MULTILINE)
        reduces = re.findall(r"^reduce n=\d+ blocks=(\d+) .* ratio ([0-9.]+)", ran.stdout, re.MULTILINE)
        if saxpy:
            corpus.runtime_ratios[side]["saxpy"].append(float(saxpy.group(1)))
        for (blocks, ratio), label in zip(reduces, ("reduce 1024 blocks", "reduce 8 blocks")):
            corpus.runtime_ratios[side][label].append(float(ratio))


def _render_corpus(corpus: Corpus) -> list[str]:
    if corpus.error:
        return ["", f"Corpus part not run: {corpus.error}"]
    lines = [
        "",
        "## Corpus barrier kernels",
        "",
        "The corpus programs migrated by `migrate apply` and built with g++ -O2 on the CPU backend (region loops, and "
        "fibers with -DPRT_CPU_FIBERS), each timed by its own timer line around the kernel with barriers; OpenMP: "
        "`benchmarks/cpu_barriers_omp.cpp`, the same computation at the same size as an OpenMP programmer writes it "
        "(g++ -O2 -fopenmp). Both time one execution, as the corpus programs do.",
        "",
        "| program | timer | regions ms | fibers ms | OpenMP ms | regions vs OpenMP | fibers vs OpenMP | regions vs fibers |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    ratios = []
    for name, key in CORPUS.items():
        t = corpus.times[name]
        med = {s: statistics.median(t[s]) if t[s] else None for s in SIDES}
        r = _ratio(t["regions"], t["omp"])
        if r:
            ratios.append(r)
        lines.append(f"| {name} | {key} | {_fmt(med['regions'])} | {_fmt(med['fibers'])} | {_fmt(med['omp'])} | "
                     f"{_fmt(r)} | {_fmt(_ratio(t['fibers'], t['omp']))} | {_fmt(_ratio(t['regions'], t['fibers']))} |")
    if ratios:
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        lines += ["", f"Geometric mean of regions vs OpenMP over the {len(ratios)} corpus kernels: **{geo:.2f}x** "
                  f"(lowest {min(ratios):.2f}x)."]
    lines += [
        "",
        "## benchmarks/runtime_cpu.cu through migrate apply",
        "",
        "Its own ratios (OpenMP time over the runtime's; median over the rounds; n = 2^22, best of 5 inside each run): "
        "saxpy is the element-wise loop path, which the transform leaves alone; reduce is its shared-memory tree "
        "reduction with 1024 blocks and with 4 blocks per pool thread.",
        "",
        "| build | saxpy (loop path) | reduce, 1024 blocks | reduce, 8 blocks |",
        "| --- | --- | --- | --- |",
    ]
    for side, values in corpus.runtime_ratios.items():
        cells = [_fmt(statistics.median(v)) if v else "-" for v in values.values()]
        lines.append(f"| {side} | {' | '.join(cells)} |")
    return lines


def render(programs: list[Program], rounds: int, seconds: float, corpus: Corpus | None) -> str:
    lines = [
        "# Kernels with barriers on the CPU backend: region loops, fibers, OpenMP",
        "",
        "Written by `benchmarks/cpu_barriers.py` (its docstring says how it runs). All figures of this table come "
        f"from one run of {seconds:.0f} s on a machine shared with other work: {rounds} rounds, each running the "
        "builds of every program in turn (region loops, fibers, OpenMP), 2 threads each (OpenMP waiting passively, as "
        "the runtime's pool does); a figure is the median "
        "over the rounds. `speed vs OpenMP` is the OpenMP twin's time over ours (1.0 = as fast; higher is faster). "
        "`kernel` timings are the programs' own kernel-time lines, `wall` the process's wall time.",
    ]
    if programs:
        lines += [
            "",
            "## HeCBench programs and their OpenMP twins",
            "",
            "| program | kernels split / on fibers | verdict (regions, fibers, omp) | timed by | regions ms | fibers ms | OpenMP ms | regions vs OpenMP | fibers vs OpenMP | regions vs fibers |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
    ratios, fiber_ratios = [], []
    for p in programs:
        if p.error:
            lines.append(f"| {p.name} | | not run: {p.error} | | | | | | | |")
            continue
        med = {s: statistics.median(p.times[s]) if p.times[s] else None for s in SIDES}
        same_clock = len({p.timed_by.get(s) for s in SIDES}) == 1
        # A ratio counts only where every side ran to the end and none reported a failure.
        valid = all(p.verdicts.get(side) in ("PASS", "exit 0") for side in SIDES)
        r_omp = _ratio(p.times["regions"], p.times["omp"]) if same_clock and valid else None
        f_omp = _ratio(p.times["fibers"], p.times["omp"]) if same_clock and valid else None
        r_f = _ratio(p.times["regions"], p.times["fibers"]) if p.timed_by.get("regions") == p.timed_by.get("fibers") else None
        if r_omp:
            ratios.append(r_omp)
        if f_omp:
            fiber_ratios.append(f_omp)
        clock = "/".join(p.timed_by.get(s, "-") for s in SIDES) if not same_clock else p.timed_by.get("regions", "-")
        lines.append(
            f"| {p.name} | {p.twins} / {len(p.fibers)} | {', '.join(p.verdicts.get(s, '-') for s in SIDES)} | {clock} | "
            f"{_fmt(med['regions'])} | {_fmt(med['fibers'])} | {_fmt(med['omp'])} | {_fmt(r_omp)} | {_fmt(f_omp)} | {_fmt(r_f)} |"
        )
    if ratios:
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        fgeo = math.exp(sum(math.log(r) for r in fiber_ratios) / len(fiber_ratios)) if fiber_ratios else None
        lines += ["", f"Geometric mean of regions vs OpenMP over {len(ratios)} programs: **{geo:.2f}x** "
                  f"(lowest {min(ratios):.2f}x); fibers vs OpenMP: {_fmt(fgeo)}x."]
    kept = [(p.name, reason) for p in programs for reason in p.fibers]
    if kept:
        lines += ["", "Kernels left on fibers, and why (the finding of kernel-barrier-regions):", ""]
        lines += [f"- {name}: {reason}" for name, reason in kept]
    if corpus is not None:
        lines += _render_corpus(corpus)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cuda", type=Path, help="folder holding <name>-cuda programs")
    parser.add_argument("--omp", type=Path, help="folder holding <name>-omp twins")
    parser.add_argument("--work", type=Path, default=Path("/tmp/cpu-barriers"), help="scratch folder")
    parser.add_argument("--only", default="", help="comma-separated program names")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds one run may take")
    parser.add_argument("--results", type=Path, help="write the Markdown table here")
    parser.add_argument("--keep", action="store_true", help="reuse the builds a previous run left in --work")
    parser.add_argument("--no-corpus", action="store_true", help="only the HeCBench programs")
    parser.add_argument("--corpus-only", action="store_true",
                        help="only the corpus kernels and benchmarks/runtime_cpu.cu, no HeCBench program")
    options = parser.parse_args(argv)
    if options.corpus_only and options.no_corpus:
        parser.error("--corpus-only and --no-corpus exclude each other")
    if not options.corpus_only and (options.cuda is None or options.omp is None):
        parser.error("--cuda and --omp are required unless --corpus-only is given")
    names = [] if options.corpus_only else [n for n in options.only.split(",") if n] or list(PROGRAMS)
    unknown = [n for n in names if n not in PROGRAMS]
    if unknown:
        parser.error(f"--only: unknown program {unknown[0]!r}; known: {', '.join(PROGRAMS)}")
    programs = [Program(n, PROGRAMS[n]) for n in names]
    options.work.mkdir(parents=True, exist_ok=True)
    def prepare(p: Program) -> None:
        if options.keep and all((options.work / p.name / side).is_dir() for side in SIDES):
            _reuse(p, options.work.resolve() / p.name)
        else:
            _prepare(p, options.cuda.resolve(), options.omp.resolve(), options.work.resolve())
        print(f"{p.name}: {p.error or 'built'}", file=sys.stderr)

    # Builds two at a time; the timed runs below are one at a time.
    with ThreadPoolExecutor(max_workers=2) as pool:
        corpus_job = None if options.no_corpus else pool.submit(_prepare_corpus, options.work.resolve())
        list(pool.map(prepare, programs))
        corpus = corpus_job.result() if corpus_job is not None else None
    if corpus is not None:
        print(f"corpus: {corpus.error or 'built'}", file=sys.stderr)
    start = time.perf_counter()
    for round_index in range(options.rounds):
        if corpus is not None and not corpus.error:
            _corpus_round(corpus, options.timeout)
        for p in programs:
            if p.error:
                continue
            for side in SIDES:
                if not p.verdicts.get(side, "").startswith("timeout"):
                    _run(p, side, options.timeout)
        print(f"round {round_index + 1} done", file=sys.stderr)
    text = render(programs, options.rounds, time.perf_counter() - start, corpus)
    if options.results:
        options.results.write_text(text, encoding="utf-8")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
