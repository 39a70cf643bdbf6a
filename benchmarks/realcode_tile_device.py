"""Real CUDA kernels against their Triton forms on one NVIDIA GPU: parity, median times, and launch configs tuned.

Reads the cases `benchmarks/realcode_tile.py --stage DIR` packed (DIR/tile-cases.tar.xz: each kernel that passed
parity on the CPU, with its program's sources, a CUDA harness around the original and the generated Triton
module). For each case:

1. the harness is built with nvcc (-O3 -arch=sm_90) and run once on random inputs (the parity inputs' generator at
   the GPU size), writing every buffer; then its timing loop prints the median of REPEAT launches (CUDA events);
2. the Triton launcher runs on the same inputs and its buffers are compared with the original's (max |diff| /
   max(1, |ref|) <= 1e-4);
3. the module's own tuning, as a user runs it: imported afresh with MIGRATE_TILE_TUNE=1, its first launch tries
   each configuration of its search space (rules/tile/maps/tuning.toml; every buffer restored after each trial),
   the result is checked for parity again and the choice written to module.tuned.json beside it; then imported
   afresh without the variable, it starts from the kept configuration, which is checked and timed (torch.cuda.Event,
   warm-up, median of REPEAT; and per call in a CUDA graph) against the defaults;
4. results go to $OUT/realcode_tile_device.{json,md}, and each module's kept file, for this target, to
   $OUT/tuned/<program>.<kernel>.tuned.json.

    python3 benchmarks/realcode_tile_device.py --cases .realcode/tile/tile-cases.tar.xz [--repeat 20] [--only S]
        [--start NAME] [--count N] [--budget S]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib.util
import itertools
import json
import math
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from cuda_events import graph_median_ms, median_ms  # benchmarks/cuda_events.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
BUILD_TIMEOUT_S = 300
RUN_TIMEOUT_S = 60
CASE_TIMEOUT_S = int(os.environ.get("CASE_TIMEOUT", "120"))  # one case, in its own process, at most
def _harness_module():
    spec = importlib.util.spec_from_file_location("realcode_tile", ROOT / "benchmarks" / "realcode_tile.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _import(path: Path, text: str, number: int):
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(f"tile_case_{number}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _build(case: Path) -> None:
    """nvcc the case's harness around the original into case/original, or write why not into case/build.log."""
    spec = json.loads((case / "case.json").read_text())
    program = case.parent.parent / "programs" / spec["program"]
    try:
        build = subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-w", "-std=c++17", f"-I{program}",
                                f"-I{(program / spec['file']).parent}", str(case / "harness.cu"), "-o",
                                str(case / "original"), "-Xcompiler", "-fno-pie", "-Xlinker", "-no-pie", "-Xlinker",
                                "--unresolved-symbols=ignore-all"],
                               capture_output=True, text=True, timeout=BUILD_TIMEOUT_S,
                               check=False)
        if build.returncode != 0:
            first = next((line for line in build.stderr.splitlines() if "error" in line), "failed")
            (case / "build.log").write_text("nvcc: " + first[:160])
    except subprocess.TimeoutExpired:
        (case / "build.log").write_text("nvcc ran past its timeout")


def _run_case(case: Path, work: Path, harness, repeat: int) -> dict:
    import numpy
    import torch

    spec = json.loads((case / "case.json").read_text())
    name = spec["kernel"]
    result = {"case": case.name, "program": spec["program"], "kernel": name}
    params = [SimpleNamespace(name=n) for n, _ in spec["params"]]
    signature = dict(spec["params"])
    inputs = harness._inputs(signature, params, spec["seed"], spec["size"], spec["buffer"])
    specs = spec.get("symbols", [])  # the variables of device memory the kernel uses
    starts = harness.symbol_inputs(specs, spec["seed"], spec["size"])
    src, out = work / "in", work / "out"
    src.mkdir(parents=True, exist_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    for i, value in enumerate(inputs):
        if isinstance(value, numpy.ndarray):
            value.tofile(src / f"b{i}.bin")
    for j, value in enumerate(starts):
        if value is not None:
            value.tofile(src / f"s{j}.bin")
    binary = case / "original"
    if not binary.is_file():
        result["error"] = (case / "build.log").read_text()[:160] if (case / "build.log").is_file() else "no build"
        return result
    run = subprocess.run([str(binary), str(src), str(out), str(repeat)], capture_output=True, text=True,
                         timeout=RUN_TIMEOUT_S, check=False)
    found = re.search(r"median_ms (\S+)", run.stdout)
    if run.returncode != 0 or not found:
        result["error"] = f"the original exits {run.returncode}"
        return result
    result["cuda_ms"] = float(found.group(1))
    graphed = re.search(r"graph_ms (\S+)", run.stdout)
    if graphed:
        result["cuda_graph_ms"] = float(graphed.group(1))
    reference = [numpy.fromfile(out / f"b{i}.bin", dtype=v.dtype) if isinstance(v, numpy.ndarray) else None
                 for i, v in enumerate(inputs)] + \
        [numpy.fromfile(out / f"s{j}.bin", dtype=harness.NUMPY_OF[one["kind"]]) for j, one in enumerate(specs)]
    grid = spec["grid"] if len(spec["grid"]) > 1 else spec["grid"][0]
    block = spec["block"] if len(spec["block"]) > 1 else spec["block"][0]
    text = (case / "module.py").read_text()
    numbers = itertools.count()
    outputs = {}

    def measure(folder: Path, tune: bool) -> dict:
        """Import the module from `folder` (where its kept configurations are), launch once on fresh inputs, compare
        with the original, then time it; with `tune`, that first launch tunes (MIGRATE_TILE_TUNE=1) and the choice
        is written beside the module."""
        folder.mkdir(parents=True, exist_ok=True)
        if tune:
            os.environ["MIGRATE_TILE_TUNE"] = "1"
        else:
            os.environ.pop("MIGRATE_TILE_TUNE", None)
        try:
            module = _import(folder / "module.py", text, next(numbers))
            launcher = getattr(module, name)
            tensors = [torch.from_numpy(v.copy()).cuda() if isinstance(v, numpy.ndarray) else v for v in inputs]
            harness.set_symbols(module, specs, starts, "cuda")
            launcher(grid, block, *tensors, **harness.shared_keywords(launcher, block, spec.get("shared")))
            torch.cuda.synchronize()
            got = [t.cpu().numpy() if hasattr(t, "cpu") else None for t in tensors] + \
                harness.read_symbols(module, specs, "cuda")
            outputs.setdefault(folder.name, got)
            error = harness._compare(reference, got)
            row = {"parity": bool(error <= harness.TOLERANCE), "error": error}
            if tune:
                module._save_tuned()
                kept = folder / "module.tuned.json"
                row["kept"] = json.loads(kept.read_text()) if kept.is_file() else {}
            if not row["parity"]:
                return row
            fresh = [torch.from_numpy(v.copy()).cuda() if isinstance(v, numpy.ndarray) else v for v in inputs]
            shared = harness.shared_keywords(launcher, block, spec.get("shared"))
            call = lambda run=launcher, args=fresh: run(grid, block, *args, **shared)
            row["ms"] = median_ms(call, repeat, warmup=3)
            row["config"] = module._TUNERS and next(iter(module._TUNERS.values()))[1]
            try:
                row["graph_ms"] = graph_median_ms(call, repeat, harness.GRAPH_BATCH)
            except Exception as exc:  # noqa: BLE001 - a launcher that cannot be captured keeps its launch time
                row["graph_failure"] = f"{type(exc).__name__}: {exc}"[:160]
            return row
        except Exception as exc:  # noqa: BLE001 - a config Triton rejects is one row, not the end of the run
            return {"parity": False, "failure": f"{type(exc).__name__}: {exc}"[:160]}
        finally:
            os.environ.pop("MIGRATE_TILE_TUNE", None)

    default = measure(work / "default", tune=False)
    untuned = os.environ.get("REALCODE_TILE_NO_TUNE") == "1"
    tuning = {} if untuned or not default.get("parity") else measure(work / "tuned", tune=True)
    kept = measure(work / "tuned", tune=False) if tuning.get("kept") else {}
    result["configs"] = {"default": default, "tuning": tuning, "kept": kept}
    if not default.get("parity"):
        result["error"] = "the default config does not match the original on the GPU" + (
            f" ({default['failure']})" if "failure" in default else "")
        if "failure" not in default:
            result["diagnosis"] = _diagnose(case, work, binary, src, inputs, reference, outputs["default"], harness)
        return result
    result["triton_default_ms"] = default["ms"]
    result["triton_default_graph_ms"] = default.get("graph_ms")
    if untuned:
        return result
    if not kept.get("parity"):
        result["error"] = ("tuning kept no config" if not tuning.get("kept") else
                           "the kept config does not match the original on the GPU")
        kept = default
    result["triton_tuned_ms"] = kept["ms"]
    result["triton_tuned_graph_ms"] = kept.get("graph_ms")
    result["chosen"] = kept.get("config", {})
    result["kept"] = tuning.get("kept", {})
    return result


def _differing(a, b) -> str:
    """How many elements of each buffer differ, as 'b3: 17 of 4096'; '' when none do."""
    import numpy

    parts = []
    for i, (x, y) in enumerate(zip(a, b)):
        if x is None or y is None:
            continue
        x64, y64 = x.astype(numpy.float64), y.astype(numpy.float64)
        off = ~numpy.isclose(x64, y64, rtol=1e-4, atol=1e-4, equal_nan=True)
        if off.any():
            parts.append(f"b{i}: {int(off.sum())} of {off.size}")
    return ", ".join(parts)


def _diagnose(case: Path, work: Path, binary: Path, src: Path, inputs, reference, got, harness) -> str:
    """Why the GPU results differ, from two more runs on the same inputs: the original again, and the Triton module
    under TRITON_INTERPRET=1 (the sequential semantics both sides matched on the CPU). If the original on the GPU
    differs from that, its result depends on the order of its threads on these inputs (a race the random inputs
    cause), and the case says nothing about the translation; if only the Triton GPU run differs, the translation
    (or Triton's GPU code) is wrong."""
    import numpy

    again = work / "again"
    again.mkdir(exist_ok=True)
    subprocess.run([str(binary), str(src), str(again), "1"], capture_output=True, text=True, timeout=RUN_TIMEOUT_S,
                   check=False)
    second = [numpy.fromfile(again / f"b{i}.bin", dtype=v.dtype) if isinstance(v, numpy.ndarray) else None
              for i, v in enumerate(inputs)]
    interp = work / "interp"
    interp.mkdir(exist_ok=True)
    env = dict(os.environ, TRITON_INTERPRET="1")
    done = subprocess.run([sys.executable, __file__, "--interpret", str(case), str(interp)], capture_output=True,
                          text=True, timeout=CASE_TIMEOUT_S, env=env, check=False)
    if done.returncode != 0:
        return f"the interpreted run exits {done.returncode}: " + (done.stderr.strip().splitlines() or [""])[-1][:120]
    sequential = [numpy.fromfile(interp / f"b{i}.bin", dtype=v.dtype) if isinstance(v, numpy.ndarray) else None
                  for i, v in enumerate(inputs)]
    original_off = _differing(sequential, reference)
    triton_off = _differing(sequential, got)
    parts = [f"original vs its second GPU run: {_differing(reference, second) or 'same'}",
             f"original on the GPU vs interpreted: {original_off or 'same'}",
             f"Triton on the GPU vs interpreted: {triton_off or 'same'}"]
    verdict = ("order-dependent original" if original_off else
               "Triton GPU-only difference" if triton_off else "no difference on rerun")
    return verdict + "; " + "; ".join(parts)


def _interpret(case: Path, out: Path) -> None:
    """Run the case's Triton launcher once under the interpreter (TRITON_INTERPRET=1, set by the caller) on CPU
    tensors of the parity inputs, writing every buffer to out/b<i>.bin."""
    import numpy
    import torch

    harness = _harness_module()
    spec = json.loads((case / "case.json").read_text())
    params = [SimpleNamespace(name=n) for n, _ in spec["params"]]
    inputs = harness._inputs(dict(spec["params"]), params, spec["seed"], spec["size"], spec["buffer"])
    grid = spec["grid"] if len(spec["grid"]) > 1 else spec["grid"][0]
    block = spec["block"] if len(spec["block"]) > 1 else spec["block"][0]
    module = _import(out / "module.py", (case / "module.py").read_text(), 0)
    launcher = getattr(module, spec["kernel"])
    tensors = [torch.from_numpy(v.copy()) if isinstance(v, numpy.ndarray) else v for v in inputs]
    launcher(grid, block, *tensors, **harness.shared_keywords(launcher, block, spec.get("shared")))
    for i, t in enumerate(tensors):
        if hasattr(t, "numpy"):
            t.numpy().tofile(out / f"b{i}.bin")


def _write_results(out: Path, rows: list[dict], device: str, target_name: str, batch: int) -> list[str]:
    """The table and JSON of the cases run so far (written after each case, so a run cut short keeps them)."""
    timed = [r for r in rows if "triton_tuned_ms" in r and r.get("cuda_ms")]
    ratios = [r["cuda_ms"] / r["triton_tuned_ms"] for r in timed if r["triton_tuned_ms"] > 0]
    untuned = [r for r in rows if r.get("triton_default_ms") and r.get("cuda_ms")]
    default = [r["cuda_ms"] / r["triton_default_ms"] for r in untuned]

    def geo(xs: list[float]) -> float:
        return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")

    graphed = [r for r in timed if r.get("cuda_graph_ms") and r.get("triton_tuned_graph_ms")]
    graph_ratios = [r["cuda_graph_ms"] / r["triton_tuned_graph_ms"] for r in graphed]
    graph_default = [r["cuda_graph_ms"] / r["triton_default_graph_ms"] for r in untuned
                     if r.get("cuda_graph_ms") and r.get("triton_default_graph_ms")]
    summary = {"device": device, "target": target_name, "cases": len(rows),
               "timed": len(timed), "timed_default": len(untuned), "geomean_cuda_over_triton_tuned": geo(ratios),
               "geomean_cuda_over_triton_default": geo(default),
               "timed_in_graphs": len(graphed), "geomean_graph_cuda_over_triton_tuned": geo(graph_ratios),
               "geomean_graph_cuda_over_triton_default": geo(graph_default)}
    lines = ["# Real CUDA kernels vs their Triton forms on the GPU", "", json.dumps(summary), "",
             ("Launch: events around one call on each side (the Triton side includes its Python launcher). Graph: "
              f"per call, a CUDA graph of {batch} calls on each side, the kernels back to back."), "",
             ("| case | CUDA ms (launch) | Triton ms (launch, default) | Triton ms (launch, tuned) | CUDA/Triton (launch) "
              "| CUDA ms (graph) | Triton ms (graph, default) | Triton ms (graph, tuned) | CUDA/Triton (graph, tuned) | "
              "chosen | note |"),
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]

    def cell(value) -> str:
        return "" if value is None else f"{value:.4f}" if isinstance(value, float) else str(value)

    for r in rows:
        ratio = r["cuda_ms"] / r["triton_tuned_ms"] if r in timed and r["triton_tuned_ms"] > 0 else None
        graph = r["cuda_graph_ms"] / r["triton_tuned_graph_ms"] if r in graphed else None
        lines.append(f"| {r['case']} | {cell(r.get('cuda_ms'))} | {cell(r.get('triton_default_ms'))} | "
                     f"{cell(r.get('triton_tuned_ms'))} | "
                     f"{'' if ratio is None else f'{ratio:.2f}'} | {cell(r.get('cuda_graph_ms'))} | "
                     f"{cell(r.get('triton_default_graph_ms'))} | {cell(r.get('triton_tuned_graph_ms'))} | "
                     f"{'' if graph is None else f'{graph:.2f}'} | {json.dumps(r.get('chosen', ''))} | "
                     f"{r.get('error', '')}{': ' + r['diagnosis'] if r.get('diagnosis') else ''} |")
    (out / "realcode_tile_device.md").write_text("\n".join(lines) + "\n")
    (out / "realcode_tile_device.json").write_text(json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n")
    return lines


def _case_in_process(case: Path, work: Path, repeat: int) -> dict:
    """_run_case in a child process with a time limit: a kernel that runs past it, or a crash, is that case's row."""
    try:
        done = subprocess.run([sys.executable, __file__, "--case-worker", str(case), str(work), str(repeat)],
                              capture_output=True, text=True, timeout=CASE_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        return {"case": case.name, "error": f"ran past {CASE_TIMEOUT_S} s"}
    lines = done.stdout.strip().splitlines()
    try:
        return json.loads(lines[-1])
    except (IndexError, ValueError):
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"case": case.name, "error": f"the case's process exits {done.returncode}: {last}"[:200]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=ROOT / ".realcode" / "tile" / "tile-cases.tar.xz")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--only", default="", help="substring of the case names to run")
    parser.add_argument("--start", default="", help="run the cases whose names sort at or after this one")
    parser.add_argument("--count", type=int, default=0,
                        help="run at most this many cases from --start on (0: all), so that only they are built")
    parser.add_argument("--budget", type=float, default=420, help="seconds after which no new case starts")
    parser.add_argument("--case-worker", nargs=3, metavar=("CASE", "WORK", "REPEAT"), help=argparse.SUPPRESS)
    parser.add_argument("--no-tune", action="store_true", help="parity and the default config's times only")
    parser.add_argument("--interpret", nargs=2, metavar=("CASE", "OUT"), help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.interpret:
        _interpret(Path(options.interpret[0]), Path(options.interpret[1]))
        return 0
    if options.case_worker:  # one case in this process; its row on the last line of stdout
        case, work, repeat = options.case_worker
        print(json.dumps(_run_case(Path(case), Path(work), _harness_module(), int(repeat))))
        return 0
    if options.no_tune:
        os.environ["REALCODE_TILE_NO_TUNE"] = "1"  # read by each case's process
    started = time.monotonic()
    out = Path(os.environ.get("OUT") or tempfile.mkdtemp(prefix="realcode-tile-device-"))
    (out / "tuned").mkdir(parents=True, exist_ok=True)
    import torch

    target = torch.cuda.get_device_capability()
    target_name = f"cuda:sm_{target[0]}{target[1]}"
    harness = _harness_module()
    rows = []
    with tempfile.TemporaryDirectory(prefix="tile-cases-") as folder:
        with tarfile.open(options.cases) as archive:
            try:
                archive.extractall(folder, filter="data")
            except TypeError:  # a Python without extraction filters; the archive is our own staging
                archive.extractall(folder)
        cases = [c for c in sorted((Path(folder) / "cases").iterdir())
                 if options.only in c.name and c.name >= options.start]
        cases = cases[:options.count] if options.count > 0 else cases
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, (os.cpu_count() or 2) - 2)) as pool:
            list(pool.map(_build, cases))  # every nvcc build at once; the timed runs below go one at a time
        sys.stderr.write(f"built {len(cases)} cases in {time.monotonic() - started:.0f} s\n")
        for case in cases:
            if time.monotonic() - started > options.budget:
                rows.append({"case": case.name, "error": f"not run: past the {options.budget} s budget"})
                continue
            work = Path(folder) / "work" / case.name
            work.mkdir(parents=True)
            row = _case_in_process(case, work, options.repeat)
            rows.append(row)
            sys.stderr.write(f"{case.name}: {row.get('error') or ''}{row.get('cuda_ms', '')} "
                             f"{row.get('triton_tuned_ms', '')}\n")
            if row.get("kept"):  # the module's own <module>.tuned.json, as a migrated tree would keep it
                (out / "tuned" / f"{case.name}.tuned.json").write_text(json.dumps(row["kept"], indent=1) + "\n")
            _write_results(out, rows, torch.cuda.get_device_name(), target_name, harness.GRAPH_BATCH)
    lines = _write_results(out, rows, torch.cuda.get_device_name(), target_name, harness.GRAPH_BATCH)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
