"""Real PyTorch CUDA extensions through `migrate apply --tile`: kernels lowered and compiled, the migrated package
built with no CUDA toolkit, the project's own tests on the CPU, and each Triton op against the CPU implementation.

For every extension folder given (a checkout of the project; `benchmarks/realcode/extensions.toml` says where each
comes from, its commit and its tests):

1. the folder is copied (no .git, no build outputs) and `migrate apply --tile --out-dir` migrates the copy;
2. kernels are counted: found (`__global__` definitions in its .cu/.cuh files), lowered (noted as becoming Triton,
   or kept only because the Triton form does not compile) and compiled for both `sm_90` and `gfx942` (noted
   `tile-kernel`); ops are the functions the new modules register with torch.library (`register_kernel`,
   `triton_op`);
3. the migrated copy is installed with `pip install --no-build-isolation --no-deps --target` (a folder, no venv)
   with no CUDA toolkit on the PATH (`CUDA_HOME` points nowhere); a build log that names nvcc fails the step;
4. the project's own tests run with pytest on the CPU against the installed package (its GPU tests skip);
5. each op registered for GPU tensors runs its Triton form under TRITON_INTERPRET=1 on CPU tensors of awkward sizes
   and is compared with the op's CPU implementation (the C++ the package still builds) on the same inputs, inputs
   made from the op's schema (tensors N(0,1) float32 of one shape, floats 0.37, ints 3; an op whose tensors differ
   in shape gets its input sets and dtype from `parity` in extensions.toml, which may also give index tensors'
   values, numbers by name, compare pairs in any order, or say why an op is not compared): max |diff| <= 1e-5
   (an input set both reject is skipped, one only one side rejects fails).

    python3 benchmarks/realcode_extensions.py DIR [DIR ...] [--tree TREE] [--results benchmarks/results/NAME]
        [--pack FILE [--wheels DIR] [--pack-only]]

`--tree TREE` migrates with the `migrate` package found in TREE (an older checkout, to measure before a change).
`--pack FILE` writes a tarball of each original and migrated project and this script for
`benchmarks/realcode_extensions_device.sh`, which installs both on a GPU machine, runs the tests there and times
each op; `--wheels DIR` adds the wheels in DIR to it (the tests' own dependencies, for a host with no network);
`--pack-only` migrates and packs with no step 3 to 5 here and writes no results (the GPU machine's run checks them).
Nothing under DIR is written.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "benchmarks" / "realcode" / "extensions.toml"
SHAPES = [[1], [3], [1000], [1025], [4099], [7, 13], [33, 257]]
TIMING_SHAPE = [1 << 22]
TOLERANCE = 1e-5
SKIPPED_DIRS = {".git", "build", "dist", "__pycache__", ".eggs"}
KERNEL = re.compile(rb"__global__\s+(?:[\w:<>,*&\s]+?\s)?(\w+)\s*\(")
NOTE = re.compile(r"^(?P<path>\S+?):(?P<line>\d+): note\[(?P<rule>[\w-]+)\] (?P<message>.*)$")
REGISTERED = re.compile(r'register_kernel\("([\w:.]+)", "(\w+)", (\w+)\)')
TRITON_OP = re.compile(r'@triton_op\("([\w:.]+)"')
BUILD_TIMEOUT_S = 2400  # pytorch_cluster builds nine extensions one after another
TEST_TIMEOUT_S = 900


@dataclass
class Result:
    extension: str
    commit: str = ""
    migrate_rc: int | None = None
    kernels_found: int = 0
    kernels_lowered: int = 0
    kernels_compiled: int = 0  # for sm_90 and gfx942 both
    triton_ops: int = 0
    setup_changed: bool = False
    installed: bool = False
    nvcc_used: bool = False
    tests_passed: int = 0
    tests_failed: int = 0
    tests_skipped: int = 0
    parity_pass: int = 0
    parity_fail: int = 0
    parity_notes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    why: str = ""


def _listed() -> dict[str, dict]:
    with LIST.open("rb") as handle:
        return {entry["name"]: entry for entry in tomllib.load(handle)["extension"]}


def _copy(src: Path, dst: Path) -> None:
    shutil.copytree(src, dst, ignore=lambda d, names: [n for n in names if n in SKIPPED_DIRS or n.endswith(".so")])


def _cpu_env(tree: Path, extra: dict | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("TRITON_INTERPRET", "PYTHONPATH")}
    path = [p for p in env.get("PATH", "").split(os.pathsep) if not Path(p, "nvcc").exists()]
    env.update(PATH=os.pathsep.join(path), CUDA_HOME="/nonexistent-cuda", CUDA_VISIBLE_DEVICES="",
               PYTHONDONTWRITEBYTECODE="1", MAX_JOBS="2")
    env.update(extra or {})
    return env


def _pytest_counts(text: str) -> tuple[int, int, int]:
    tail = text.strip().splitlines()[-1] if text.strip() else ""
    counts = {k: int(n) for n, k in re.findall(r"(\d+) (passed|failed|skipped|error|errors)", tail)}
    return counts.get("passed", 0), counts.get("failed", 0) + counts.get("error", 0) + counts.get("errors", 0), \
        counts.get("skipped", 0)


def migrate_copy(src: Path, work: Path, tree: Path) -> tuple[Path, Path, subprocess.CompletedProcess]:
    original = work / "original"
    _copy(src, original)
    out = work / "migrated"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-m", "migrate.cli", "apply", "--tile", "--out-dir", str(out), "."],
                          cwd=original, env=env, capture_output=True, text=True, timeout=1800, check=False)
    if not out.is_dir():
        _copy(original, out)
    # apply --out-dir writes a copy of the tree; what it does not copy (no change) is the original's
    for path in original.rglob("*"):
        target = out / path.relative_to(original)
        if path.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    return original, out, done


def count_kernels(original: Path, out: Path, notes: list[dict], result: Result) -> None:
    for path in sorted(original.rglob("*")):
        if path.suffix in (".cu", ".cuh") and path.is_file():
            result.kernels_found += len(KERNEL.findall(path.read_bytes()))
    for note in notes:
        if note["rule"] == "tile-kernel":
            result.kernels_lowered += 1
            result.kernels_compiled += 1
        elif note["rule"] == "tile-kept-simt" and ("does not compile" in note["message"]
                                                   or "cannot be written" in note["message"]):
            result.kernels_lowered += 1
    for path in sorted(out.rglob("*.py")):
        before = original / path.relative_to(out)
        if before.exists() and before.read_bytes() == path.read_bytes():
            continue
        text = path.read_text(errors="replace")
        result.triton_ops += len(REGISTERED.findall(text)) + len(TRITON_OP.findall(text))
    result.setup_changed = (out / "setup.py").read_bytes() != (original / "setup.py").read_bytes() \
        if (original / "setup.py").exists() else False


def install(out: Path, site: Path, tree: Path, result: Result) -> None:
    build = tempfile.mkdtemp(prefix="ext-build-")
    shutil.copytree(out, build, dirs_exist_ok=True)
    try:
        done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps",
                               "--no-cache-dir", "--target", str(site), "."], cwd=build, env=_cpu_env(tree),
                              capture_output=True, text=True, timeout=BUILD_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:  # a build that outlasts the limit is a result, not the end of the run
        result.notes.append(f"install failed: the build ran past {BUILD_TIMEOUT_S} s")
        shutil.rmtree(build, ignore_errors=True)
        return
    log = done.stdout + done.stderr
    result.nvcc_used = bool(re.search(r"\bnvcc\b", log))
    result.installed = done.returncode == 0 and not result.nvcc_used
    if done.returncode:
        errors = [line.strip() for line in log.splitlines() if re.search(r"\b\w*Error\b|error:", line)]
        result.notes.append("install failed: " + " ".join((errors or log.strip().splitlines())[-2:])[:400])
    shutil.rmtree(build, ignore_errors=True)


def own_tests(out: Path, site: Path, tests: list[str], tree: Path, work: Path, result: Result) -> None:
    run = work / "tests"
    for rel in tests:
        source = out / rel
        target = run / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, dirs_exist_ok=True)
        elif source.is_file():
            shutil.copy2(source, target)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], cwd=run,
                          env=_cpu_env(tree, {"PYTHONPATH": str(site)}), capture_output=True, text=True,
                          timeout=TEST_TIMEOUT_S, check=False)
    result.tests_passed, result.tests_failed, result.tests_skipped = _pytest_counts(done.stdout)
    if done.returncode not in (0, 5):
        result.notes.append("tests: " + " ".join(done.stdout.strip().splitlines()[-2:])[:400])


def _registered(out: Path, original: Path) -> list[tuple[str, str, str, str]]:
    """(module, op, device, function) for every op a new module registers for a device."""
    found = []
    for path in sorted(out.rglob("*.py")):
        if (original / path.relative_to(out)).exists():
            continue
        text = path.read_text(errors="replace")
        module = ".".join(path.relative_to(out).with_suffix("").parts)
        found += [(module, op, device, fn) for op, device, fn in REGISTERED.findall(text)]
    return found


def _parameters(out: Path, original: Path) -> dict[str, list[str]]:
    """For every op a new module registers, the parameter names of the Python function registered for it."""
    import ast

    found = {}
    for module, op, _device, function in _registered(out, original):
        tree = ast.parse((out / Path(*module.split("."))).with_suffix(".py").read_text(errors="replace"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name == function:
                found[op] = [a.arg for a in node.args.posonlyargs + node.args.args]
    return found


def _named(cases: dict, out: Path, original: Path) -> dict:
    """`cases` (extensions.toml's parity entries) with each registered op's parameter names added as `names`: the
    numbers and tensors the entries give by name find their arguments in an op whose schema names none."""
    named = {op: dict(spec) for op, spec in cases.items()}
    for op, names in _parameters(out, original).items():
        named.setdefault(op, {})["names"] = names
    return named


def parity(out: Path, original: Path, site: Path, tree: Path, result: Result, cases: dict) -> None:
    ops = _registered(out, original)
    if not ops:
        result.parity_notes.append("no op registered for a GPU device")
        return
    job = json.dumps({"ops": ops, "shapes": SHAPES, "tolerance": TOLERANCE, "cases": _named(cases, out, original)})
    done = subprocess.run([sys.executable, __file__, "--op-worker", "parity"], input=job,
                          env=_cpu_env(tree, {"PYTHONPATH": str(site), "TRITON_INTERPRET": "1"}),
                          capture_output=True, text=True, timeout=TEST_TIMEOUT_S, check=False)
    try:
        answer = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        result.parity_fail += len(ops)
        result.parity_notes.append("the parity worker failed: " + (done.stderr.strip().splitlines() or [""])[-1])
        return
    for op, row in answer.items():
        if row["status"] == "pass":
            result.parity_pass += 1
        elif row["status"] == "unchecked":
            result.parity_notes.append(f"{op}: not compared ({row['detail']})")
            continue
        else:
            result.parity_fail += 1
        result.parity_notes.append(f"{op}: {row['status']} (max |diff| {row['error']:.2e}; {row['detail']})")


# -- the op worker: runs with the installed package importable --------------------------------------------------


def _inputs(schema, shape, device: str, seed: int, dtype: str = "float32", positive: tuple = (),
            scalars: dict | None = None, unit: tuple = (), names: list[str] | None = None):
    """Arguments for an op from its schema: `shape` is one shape for every tensor, or a list of one per tensor
    (an optional tensor takes the next one too, and "none" passes None); an entry may also give the tensor itself,
    `{values = [...], dtype = "int64"}`, the offsets of segments of the sizes listed, `{segments = [3, 0, 5]}`
    (int64 [0, 3, 3, 8]), or indices below a bound, `{below = 7, shape = [50, 4]}` (int64, uniform); tensors named
    in `positive` are |N(0,1)| + 0.5 (sizes and divisors), those in `unit` uniform in [0, 1) (coordinates);
    `scalars` gives numbers and bools by argument name; `names` are the arguments' names where the schema's are not
    (see _argument_names). A name in `positive`, `unit` or `scalars` that is no argument's is an error, not a
    default."""
    import torch

    names = names or [arg.name for arg in schema.arguments]
    unknown = sorted((set(positive) | set(unit) | set(scalars or ())) - set(names))
    if unknown:
        raise ValueError(f"{', '.join(unknown)} name no argument of the op (its arguments: {', '.join(names)})")
    g = torch.Generator().manual_seed(seed)
    args = []
    shapes = iter(shape) if shape and isinstance(shape[0], (list, str, dict)) else None
    for arg, name in zip(schema.arguments, names):
        kind = str(arg.type)
        if scalars and name in scalars:
            args.append(scalars[name])
        elif kind in ("Tensor", "Optional[Tensor]", "Tensor?"):
            size = next(shapes) if shapes is not None else None if kind != "Tensor" else shape
            if size is None or size == "none":
                args.append(None)
                continue
            if isinstance(size, dict) and "segments" in size:
                offsets = [0]
                for n in size["segments"]:
                    offsets.append(offsets[-1] + n)
                args.append(torch.tensor(offsets, dtype=torch.int64).to(device))
                continue
            if isinstance(size, dict) and "below" in size:
                args.append(torch.randint(0, size["below"], size["shape"], generator=g, dtype=torch.int64).to(device))
                continue
            if isinstance(size, dict):
                args.append(torch.tensor(size["values"], dtype=getattr(torch, size.get("dtype", dtype))).to(device))
                continue
            if name in unit:
                args.append(torch.rand(size, generator=g, dtype=getattr(torch, dtype)).to(device))
                continue
            value = torch.randn(size, generator=g, dtype=getattr(torch, dtype))
            args.append((value.abs() + 0.5 if name in positive else value).to(device))
        elif kind == "float":
            args.append(0.37)
        elif kind == "int":
            args.append(3)
        elif kind == "bool":
            args.append(True)
        else:
            raise TypeError(f"no input for an argument of type {kind}")
    return args


def _outputs(value, args):
    import torch

    got = [value] if isinstance(value, torch.Tensor) else [v for v in (value or ()) if isinstance(v, torch.Tensor)]
    return got + [a for a in args if isinstance(a, torch.Tensor)]  # mutated arguments count too


def _resolve(module: str, op: str, function: str):
    import importlib

    import torch

    package = module.split(".")[0]
    importlib.import_module(package)
    fn = getattr(importlib.import_module(module), function)
    namespace, name = op.split("::")
    packet = getattr(getattr(torch.ops, namespace), name.split(".")[0])
    overload = getattr(packet, name.split(".")[1] if "." in name else "default")
    return fn, overload


def _argument_names(schema, spec: dict) -> list[str]:
    """The names of an op's arguments: its schema's, or where the schema was inferred from a C++ function and names
    them _0, _1, ... (torch::RegisterOperators().op(name, &fn)), those of the Python function the migration
    registered for it (`names`, from _parameters), which it wrote from the same C++ function's parameters."""
    names = [arg.name for arg in schema.arguments]
    given = spec.get("names") or []
    if all(re.fullmatch(r"_\d+", n) for n in names) and len(given) == len(names):
        return list(given)
    return names


def _parity_worker(job: dict) -> dict:
    import torch

    answer = {}
    for module, op, _device, function in job["ops"]:
        worst, status, detail = 0.0, "pass", []
        spec = job.get("cases", {}).get(op, {})
        shapes = spec.get("shapes", job["shapes"])
        if "unchecked" in spec:  # no CPU kernel computes what the Triton op does (or not the same draws)
            answer[op] = {"status": "unchecked", "error": 0.0, "detail": spec["unchecked"]}
            continue
        try:
            fn, overload = _resolve(module, op, function)
            for i, shape in enumerate(shapes):
                scalars = spec.get("scalars")
                a = _inputs(overload._schema, shape, "cpu", i, spec.get("dtype", "float32"),
                            tuple(spec.get("positive", ())), scalars[i] if isinstance(scalars, list) else scalars,
                            tuple(spec.get("unit", ())), _argument_names(overload._schema, spec))
                b = [x.clone() if isinstance(x, torch.Tensor) else x for x in a]
                views = iter(spec["cpu_shapes"][i]) if "cpu_shapes" in spec else None
                if views is not None:  # the CPU kernel takes some tensors in another shape: the same data, viewed
                    b = [x.reshape(next(views) or x.shape) if isinstance(x, torch.Tensor) else x for x in b]
                errors = []
                for call, args in ((fn, a), (overload, b)):
                    try:
                        args.insert(0, call(*args))
                        errors.append(None)
                    except Exception as exc:  # noqa: BLE001 - an input the op rejects
                        errors.append(type(exc).__name__)
                if errors == [errors[0], errors[0]] and errors[0]:
                    detail.append(f"{shape} rejected by both")
                    continue
                if any(errors):
                    status = "fail"
                    detail.append(f"{shape}: only one side raised ({errors})")
                    continue
                for x, y in zip(_outputs(a[0], a[1:]), _outputs(b[0], b[1:])):
                    if spec.get("unordered") and x.dim() == 2 and x.shape == y.shape:
                        x, y = _columns_sorted(x), _columns_sorted(y)  # the same pairs, listed in any order
                    if x.shape != y.shape and x.numel() == y.numel() and "cpu_shapes" in spec:
                        x, y = x.reshape(-1), y.reshape(-1)  # an output the two kernels shape differently
                    if x.shape != y.shape:
                        status = "fail"
                        detail.append(f"{shape}: an output of shape {list(x.shape)} against {list(y.shape)}")
                        continue
                    err = (x.double() - y.double()).abs().max().item() if x.numel() else 0.0
                    if not err <= job["tolerance"]:
                        status = "fail"
                    worst = max(worst, err)
            detail.append(f"{len(shapes)} input sets, {spec.get('dtype', 'float32')}")
        except Exception as exc:  # noqa: BLE001 - the op or its module does not load
            status, detail = "error", [f"{type(exc).__name__}: {exc}"[:200]]
        answer[op] = {"status": status, "error": worst, "detail": "; ".join(detail)}
    return answer


def _columns_sorted(x):
    """A 2-D tensor's columns in lexicographic order (an op that lists pairs, each a column, in no set order)."""
    import torch

    order = sorted(range(x.shape[1]), key=lambda j: x[:, j].tolist())
    return x[:, torch.tensor(order, dtype=torch.int64)] if order else x


def _first(scalars):
    """The scalars of the first input set, where extensions.toml gives one table per set."""
    return scalars[0] if isinstance(scalars, list) else scalars


def _time_worker(job: dict) -> dict:
    """Median time (CUDA events) of each op on the GPU through the dispatcher: whichever kernel the installed
    package registers for cuda (the original's CUDA or the migrated Triton)."""
    import importlib

    import torch

    answer, outputs = {}, {}
    for module, op, _device, _function in job["ops"]:
        try:
            importlib.import_module(module.split(".")[0])
            namespace, name = op.split("::")
            overload = getattr(getattr(getattr(torch.ops, namespace), name.split(".")[0]),
                               name.split(".")[1] if "." in name else "default")
            spec = job.get("cases", {}).get(op, {})
            args = _inputs(overload._schema, spec.get("time_shapes", job["shape"]), "cuda", 0,
                           spec.get("time_dtype", "float32"), tuple(spec.get("positive", ())),
                           _first(spec.get("time_scalars", spec.get("scalars"))), tuple(spec.get("unit", ())),
                           _argument_names(overload._schema, spec))
            # what the op gives on these (seeded) inputs, for the original and migrated sides to be compared
            outputs[op] = [t.detach().cpu() for t in _tensors(overload(*args))]
            for _ in range(5):
                overload(*args)
            times = []
            for _ in range(job.get("repeat", 50)):
                start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                start.record()
                overload(*args)
                end.record()
                end.synchronize()
                times.append(start.elapsed_time(end))
            times.sort()
            answer[op] = {"ms": times[len(times) // 2]}
        except Exception as exc:  # noqa: BLE001 - an op that does not run is reported, not raised
            answer[op] = {"error": f"{type(exc).__name__}: {exc}"[:200]}
    if job.get("save"):
        torch.save(outputs, job["save"])
    return answer


def _tensors(result) -> list:
    """The tensors an op returned (one, or those of a tuple or list of them), in order."""
    import torch

    if isinstance(result, torch.Tensor):
        return [result]
    if isinstance(result, (tuple, list)):
        return [t for item in result for t in _tensors(item)]
    return []


def compare_outputs(original: Path, migrated: Path) -> dict:
    """Per op, the largest difference max |a - b| / max(1, |a|) between the outputs the original and the migrated
    package gave on the GPU for the same inputs (_time_worker's `save`), or why there is none."""
    import torch

    a, b = torch.load(original), torch.load(migrated)
    answer = {}
    for op in a:
        if op not in b:
            answer[op] = {"why": "the migrated side gave no outputs"}
            continue
        if len(a[op]) != len(b[op]) or any(x.shape != y.shape for x, y in zip(a[op], b[op])):
            answer[op] = {"why": "the outputs differ in number or shape"}
            continue
        worst = 0.0
        for x, y in zip(a[op], b[op]):
            x64, y64 = x.to(torch.float64), y.to(torch.float64)
            if not torch.equal(torch.isfinite(x64), torch.isfinite(y64)):
                worst = float("inf")
                break
            finite = torch.isfinite(x64)
            if finite.any():
                diff = (x64[finite] - y64[finite]).abs() / x64[finite].abs().clamp(min=1.0)
                worst = max(worst, float(diff.max()))
        answer[op] = {"error": worst}
    return answer


# -- tables -----------------------------------------------------------------------------------------------------


def _markdown(results: list[Result], tree: str) -> str:
    lines = [
        "# Real PyTorch extensions through `migrate apply --tile`",
        "",
        (f"`python3 benchmarks/realcode_extensions.py` on the extensions of `benchmarks/realcode/extensions.toml`; "
         f"migrated with {tree}. Installs use `pip install --no-build-isolation --no-deps --target` with no CUDA "
         "toolkit; tests are the project's own, on the CPU; parity is each Triton op under TRITON_INTERPRET=1 "
         f"against the op's CPU implementation on {len(SHAPES)} shapes, or the input sets extensions.toml gives "
         f"(max |diff| <= {TOLERANCE:g})."),
        "",
        ("A project whose setup.py already falls back to a CppExtension without CUDA installs and passes its CPU tests "
         "before migration too; what migration changes is the GPU side, which these CPU runs show through the Triton "
         "ops column and parity, and `benchmarks/realcode_extensions_device.sh` measures on a GPU."),
        "",
        ("| extension | commit | kernels found | lowered | compiled (sm_90 + gfx942) | Triton ops | setup.py changed "
         "| installs, no nvcc | own tests passed / failed / skipped | parity pass / fail |"),
        "| --- | --- | ---: | ---: | ---: | ---: | --- | --- | --- | --- |",
    ]
    for r in results:
        lines.append(f"| {r.extension} | {r.commit[:12]} | {r.kernels_found} | {r.kernels_lowered} | "
                     f"{r.kernels_compiled} | {r.triton_ops} | {'yes' if r.setup_changed else 'no'} | "
                     f"{'yes' if r.installed else 'no'} | {r.tests_passed} / {r.tests_failed} / {r.tests_skipped} | "
                     f"{r.parity_pass} / {r.parity_fail} |")
    lines.append("")
    for r in results:
        lines.append(f"## {r.extension}")
        lines.append("")
        for item in r.parity_notes + r.notes + ([r.why] if r.why else []):
            lines.append(f"- {item}")
        lines.append("")
    return "\n".join(lines)


def _pack(path: Path, packed: list[tuple[str, Path, Path, list[str], dict]], wheels: Path | None = None,
          tree: Path = ROOT) -> None:
    manifest = []
    with tarfile.open(path, "w:gz") as tar:
        # A migrated project whose CUDA sources stay in its build includes the runtime's headers (<prt/prt.h>); its
        # setup.py finds them through the migrate package (migrate.runtime_info), which the GPU host puts on the
        # build's path as a user's installation of migrate would: the package's runtime_info and the headers.
        tar.add(tree / "runtime" / "include", arcname="tool/runtime/include")
        for name in ("__init__.py", "runtime_info.py"):
            tar.add(tree / "migrate" / name, arcname=f"tool/migrate/{name}")
        for wheel in sorted(wheels.glob("*.whl")) if wheels else ():  # what the tests need and the GPU host lacks
            tar.add(wheel, arcname=f"wheels/{wheel.name}")
        for name, original, out, tests, cases in packed:
            tar.add(original, arcname=f"{name}/original")
            tar.add(out, arcname=f"{name}/migrated")
            manifest.append({"name": name, "tests": tests, "ops": _registered(out, original),
                             "cases": _named(cases, out, original)})
        tar.add(__file__, arcname="realcode_extensions.py")
        data = json.dumps(manifest, indent=1).encode()
        info = tarfile.TarInfo("manifest.json")
        info.size = len(data)
        import io

        tar.addfile(info, io.BytesIO(data))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose migrate package migrates")
    parser.add_argument("--results", type=Path, default=ROOT / "benchmarks" / "results" / "realcode-extensions")
    parser.add_argument("--pack", type=Path, help="write the originals and migrated copies here (.tar.gz)")
    parser.add_argument("--wheels", type=Path, help="wheels the pack carries for a GPU host without network "
                        "(pip download --no-deps, e.g. expecttest and scipy)")
    parser.add_argument("--pack-only", action="store_true", help="with --pack: migrate and pack only (no install, "
                        "tests or parity here, no results written)")
    parser.add_argument("--op-worker", choices=("parity", "time"), help=argparse.SUPPRESS)
    parser.add_argument("--compare-outputs", nargs=2, type=Path, metavar=("ORIGINAL.pt", "MIGRATED.pt"),
                        help=argparse.SUPPRESS)  # (the GPU script: the two sides' outputs, as JSON)
    args = parser.parse_args()
    if args.compare_outputs:
        print(json.dumps(compare_outputs(*args.compare_outputs)))
        return 0
    if args.pack_only and not args.pack:
        parser.error("--pack-only needs --pack")
    if args.op_worker:
        job = json.loads(sys.stdin.read())
        print(json.dumps(_parity_worker(job) if args.op_worker == "parity" else _time_worker(job)))
        return 0
    listed = _listed()
    results: list[Result] = []
    packed = []
    keep = tempfile.mkdtemp(prefix="realcode-ext-")
    for folder in args.folders:
        name = folder.resolve().name
        entry = listed.get(name, {})
        result = Result(name, entry.get("commit", ""))
        if entry.get("known"):
            result.notes.append(entry["known"])
        tests = entry.get("tests", ["test"])
        work = Path(keep) / name
        started = time.time()
        original, out, done = migrate_copy(folder, work, args.tree.resolve())
        result.migrate_rc = done.returncode
        notes = [m.groupdict() for m in (NOTE.match(line) for line in done.stdout.splitlines()) if m]
        count_kernels(original, out, notes, result)
        result.notes += [f"{n['path']}:{n['line']}: {n['rule']}: {n['message']}" for n in notes
                         if n["rule"] in ("tile-extension", "tile-host-kept", "tile-kept-simt")]
        if args.pack_only:
            packed.append((name, original, out, tests, entry.get("parity", {})))
            print(f"{name}: kernels {result.kernels_found} found, {result.kernels_lowered} lowered, "
                  f"{result.kernels_compiled} compiled; {result.triton_ops} Triton ops (packed only)", flush=True)
            continue
        site = work / "site"
        install(out, site, args.tree.resolve(), result)
        if result.installed and tests:
            own_tests(out, site, tests, args.tree.resolve(), work, result)
        elif not tests:
            result.notes.append("no pytest tests of its own: " + entry.get("note", ""))
        if result.installed:
            parity(out, original, site, args.tree.resolve(), result, entry.get("parity", {}))
        result.notes.append(f"{time.time() - started:.0f} s")
        results.append(result)
        packed.append((name, original, out, tests, entry.get("parity", {})))
        print(f"{name}: kernels {result.kernels_found} found, {result.kernels_lowered} lowered, "
              f"{result.kernels_compiled} compiled; {result.triton_ops} Triton ops; installed {result.installed}; "
              f"tests {result.tests_passed} passed {result.tests_failed} failed {result.tests_skipped} skipped; "
              f"parity {result.parity_pass} pass {result.parity_fail} fail", flush=True)
    tree = "this checkout" if args.tree.resolve() == ROOT else f"the tree at `{args.tree.name}`"
    if not args.pack_only:
        args.results.parent.mkdir(parents=True, exist_ok=True)
        args.results.with_suffix(".md").write_text(_markdown(results, tree) + "\n")
        args.results.with_suffix(".json").write_text(json.dumps([asdict(r) for r in results], indent=1) + "\n")
    if args.pack:
        _pack(args.pack, packed, args.wheels, args.tree.resolve())
        print(f"{args.pack}: {args.pack.stat().st_size // 1024} KiB")
    shutil.rmtree(keep, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
