"""Real PyTorch projects under `migrate apply`: residual CUDA references, and original vs migrated runs on the CPU or a GPU.

Usage (from the repository root):

    python3 benchmarks/realcode_python.py stage            # extract the dev set from /work/.mirror, apply, pack
    python3 benchmarks/realcode_python.py run [--out F]    # CPU: original and migrated, single process and torchrun
    python3 benchmarks/realcode_python.py run --gpu        # GPU: original and migrated with the same seed

`stage` extracts each project's files at a pinned commit from its mirror (`fetch`ed bare repositories under
/work/.mirror), copies them, runs `migrate apply` on the copy as a user would, writes the diffs for review under
the stage folder and packs original, migrated and (where the project later ported the file itself) the human
rewrite into .realcode/python/projects.tar.xz. `run` unpacks that pack if the stage folder is missing, so the GPU
machine needs only the pack. Every script runs with tiny settings on synthetic data written by this harness (no
downloads), under a runner that seeds Python, NumPy and torch with 0 and prints the GPU bytes it used. The table
lists: residual CUDA-specific tokens (NAME or STRING tokens with cuda/nccl/cudnn, comments excluded) in the
original, the migrated and the human-ported files; whether the migrated files import prt_torch; whether the
original and the migrated ran (CPU: with default flags; the original also with its CPU flag where it has one);
two-rank torchrun; and whether the values the script prints (losses, samples) and the checkpoints it writes are
equal between original and migrated (bitwise for tensors; printed text exactly).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import pickle
import shutil
import subprocess
import sys
import tarfile
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIRRORS = Path("/work/.mirror")
STAGE = Path(os.environ.get("REALCODE_PYTHON_STAGE", "/work/scratch/python/stage"))
PACK = ROOT / ".realcode" / "python" / "projects.tar.xz"
# A stage made by an earlier checkout (`stage --no-pack` with that checkout first on PYTHONPATH); when present, its
# migrated files are packed too, as migrated-before, and `run` with REALCODE_PYTHON_VARIANT=migrated-before runs them.
BEFORE = Path(os.environ.get("REALCODE_PYTHON_BEFORE", "/work/scratch/python/stage-before"))
VARIANT = os.environ.get("REALCODE_PYTHON_VARIANT", "migrated")
RESULTS = ROOT / "benchmarks" / "results"
TIMEOUT = int(os.environ.get("REALCODE_PYTHON_TIMEOUT", "600"))
# The interpreter that runs the scripts: a fresh venv with only torch and numpy shows what the migrated projects
# need; `run --python` sets it.
PYTHON = [sys.executable]
CUDA_WORDS = ("cuda", "nccl", "cudnn")


@dataclass(frozen=True)
class Project:
    """Files of one public repository at one commit; `human` is a later commit where the project ported them itself."""

    name: str
    repo: str
    commit: str
    paths: tuple[str, ...]
    human: str = ""


@dataclass(frozen=True)
class Script:
    """One runnable script of a project: how to run it small, what data it needs, what to compare."""

    name: str
    project: str
    path: str  # relative to the project root
    args: tuple[str, ...] = ()
    cpu_args: tuple[str, ...] = ()  # what the original needs to run on the CPU, when it has such a switch
    gpu_args: tuple[str, ...] = ()  # added on the GPU (a script whose default device is the CPU)
    cwd: str = "."
    data: str = ""
    compare: str = ""  # regex; its matches in stdout (groups, else the line) are compared
    checkpoints: tuple[str, ...] = ()  # files the script writes whose tensors are compared
    torchrun: bool = False
    torchrun_only: bool = (
        False  # reads the launcher's environment (LOCAL_RANK, MASTER_ADDR): no single-process run
    )
    before: tuple[
        tuple[str, ...], ...
    ] = ()  # scripts run first in the same folder (a checkpoint to sample from)
    stubs: tuple[str, ...] = ()  # modules replaced by import-only stand-ins (never called on these paths)


PROJECTS = (
    Project("nanoGPT", "karpathy/nanoGPT", "HEAD", ("train.py", "model.py", "sample.py", "configurator.py")),
    Project(
        "minGPT",
        "karpathy/minGPT",
        "HEAD",
        ("mingpt", "projects/adder/adder.py", "projects/chargpt/chargpt.py"),
    ),
    Project(
        "pytorch-examples-ddp",
        "pytorch/examples",
        "d86d205",
        ("distributed/ddp/example.py",),
        human="3302012",
    ),
    Project(
        "pytorch-examples-ddp-series",
        "pytorch/examples",
        "HEAD",
        (
            "distributed/ddp-tutorial-series/single_gpu.py",
            "distributed/ddp-tutorial-series/multigpu_torchrun.py",
            "distributed/ddp-tutorial-series/datautils.py",
        ),
    ),
    Project("pytorch-made", "karpathy/pytorch-made", "HEAD", ("run.py", "made.py")),
    Project(
        "pytorch-tutorial",
        "yunjey/pytorch-tutorial",
        "HEAD",
        (
            "tutorials/02-intermediate/language_model/main.py",
            "tutorials/02-intermediate/language_model/data_utils.py",
        ),
    ),
    Project("ng-video-lecture", "karpathy/ng-video-lecture", "HEAD", ("bigram.py",)),
    Project(
        "LLMs-from-scratch",
        "rasbt/LLMs-from-scratch",
        "HEAD",
        ("appendix-A/01_main-chapter-code/DDP-script-torchrun.py",),
    ),
    Project(
        "llama2.c",
        "karpathy/llama2.c",
        "HEAD",
        ("train.py", "model.py", "tinystories.py", "tokenizer.py", "export.py", "configurator.py"),
    ),
)

NANOGPT_TINY = (
    "--dataset=synth",
    "--batch_size=2",
    "--block_size=16",
    "--n_layer=1",
    "--n_head=2",
    "--n_embd=16",
    "--max_iters=4",
    "--lr_decay_iters=4",
    "--warmup_iters=1",
    "--eval_interval=2",
    "--eval_iters=1",
    "--gradient_accumulation_steps=2",
    "--compile=False",
    "--dropout=0.0",
    "--out_dir=out",
)
LLAMA_TINY = (
    "--batch_size=2",
    "--max_seq_len=16",
    "--vocab_size=32000",
    "--dim=16",
    "--n_layers=1",
    "--n_heads=2",
    "--n_kv_heads=2",
    "--multiple_of=8",
    "--max_iters=4",
    "--warmup_iters=1",
    "--eval_interval=2",
    "--eval_iters=1",
    "--gradient_accumulation_steps=2",
    "--compile=False",
    "--dtype=float32",
    "--out_dir=out",
    "--always_save_checkpoint=True",
)

SCRIPTS = (
    Script(
        "nanoGPT/train.py",
        "nanoGPT",
        "train.py",
        NANOGPT_TINY,
        cpu_args=("--device=cpu",),
        data="nanogpt",
        compare=r"iter (\d+): loss ([0-9.]+)",
        checkpoints=("out/ckpt.pt",),
        torchrun=True,
    ),
    Script(
        "nanoGPT/sample.py",
        "nanoGPT",
        "sample.py",
        ("--out_dir=out", "--num_samples=1", "--max_new_tokens=24", "--compile=False"),
        cpu_args=("--device=cpu",),
        data="nanogpt",
        compare=r"^(?!number of parameters|Overriding|Loading).+$",
        before=(("train.py",) + NANOGPT_TINY,),
        stubs=("tiktoken",),
    ),
    Script(
        "minGPT/adder.py",
        "minGPT",
        "projects/adder/adder.py",
        (
            "--trainer.max_iters=21",
            "--trainer.num_workers=0",
            "--trainer.batch_size=16",
            "--system.work_dir=out",
        ),
        compare=r"iter (\d+): train loss ([0-9.]+)",
    ),
    Script(
        "minGPT/chargpt.py",
        "minGPT",
        "projects/chargpt/chargpt.py",
        (
            "--trainer.max_iters=11",
            "--trainer.num_workers=0",
            "--trainer.batch_size=8",
            "--data.block_size=32",
            "--model.model_type=gpt-nano",
            "--system.work_dir=out",
        ),
        cwd="projects/chargpt",
        data="chargpt",
        compare=r"iter (\d+): train loss ([0-9.]+)",
    ),
    Script(
        "pytorch-examples/ddp/example.py",
        "pytorch-examples-ddp",
        "distributed/ddp/example.py",
        compare=r"training completed in rank (\d+)",
        torchrun=True,
        torchrun_only=True,
    ),
    Script(
        "pytorch-examples/single_gpu.py",
        "pytorch-examples-ddp-series",
        "distributed/ddp-tutorial-series/single_gpu.py",
        ("2", "1", "--batch_size=64"),
        cwd="distributed/ddp-tutorial-series",
        compare=r"Epoch (\d+) \| Batchsize: (\d+) \| Steps: (\d+)",
        checkpoints=("checkpoint.pt",),
    ),
    Script(
        "pytorch-examples/multigpu_torchrun.py",
        "pytorch-examples-ddp-series",
        "distributed/ddp-tutorial-series/multigpu_torchrun.py",
        ("2", "1", "--batch_size=64"),
        cwd="distributed/ddp-tutorial-series",
        compare=r"Epoch (\d+) \| Batchsize: (\d+) \| Steps: (\d+)",
        checkpoints=("snapshot.pt",),
        torchrun=True,
        torchrun_only=True,
    ),
    Script(
        "pytorch-made/run.py",
        "pytorch-made",
        "run.py",
        ("-d", "mnist.npz", "-q", "32"),
        data="made",
        compare=r"(\w+ epoch average loss: [0-9.]+)",
    ),
    Script(
        "pytorch-tutorial/language_model/main.py",
        "pytorch-tutorial",
        "tutorials/02-intermediate/language_model/main.py",
        cwd="tutorials/02-intermediate/language_model",
        data="words",
        compare=r"(Epoch \[\d+/\d+\], Step\[\d+/\d+\], Loss: [0-9.]+)",
    ),
    Script(
        "ng-video-lecture/bigram.py",
        "ng-video-lecture",
        "bigram.py",
        data="bigram",
        compare=r"(step \d+: train loss [0-9.]+, val loss [0-9.]+)",
    ),
    Script(
        "LLMs-from-scratch/DDP-script-torchrun.py",
        "LLMs-from-scratch",
        "appendix-A/01_main-chapter-code/DDP-script-torchrun.py",
        cwd="appendix-A/01_main-chapter-code",
        compare=r"(Train/Val Loss: [0-9.]+|Training accuracy [0-9.]+|Test accuracy [0-9.]+)",
        torchrun=True,
    ),
    Script(
        "llama2.c/train.py",
        "llama2.c",
        "train.py",
        LLAMA_TINY,
        cpu_args=("--device=cpu",),
        data="llama2c",
        compare=r"(\d+) \| loss ([0-9.]+)",
        checkpoints=("out/ckpt.pt",),
        torchrun=True,
        stubs=("sentencepiece", "tqdm", "requests"),
    ),
)


# -- synthetic data ----------------------------------------------------------------------------------------------


def write_data(kind: str, folder: Path) -> None:
    """The files a script reads, made here from a fixed seed: tokens, text, binarised images, names."""
    import numpy as np

    rng = np.random.default_rng(0)
    text = "".join(rng.choice(list("abcdefghij klmnop\n"), size=6000))
    if kind == "nanogpt":
        data = folder / "data" / "synth"
        data.mkdir(parents=True, exist_ok=True)
        chars = sorted(set(text))
        stoi = {c: i for i, c in enumerate(chars)}
        ids = np.array([stoi[c] for c in text], dtype=np.uint16)
        ids[:5000].tofile(data / "train.bin")
        ids[5000:].tofile(data / "val.bin")
        with open(data / "meta.pkl", "wb") as handle:
            pickle.dump({"vocab_size": len(chars), "itos": dict(enumerate(chars)), "stoi": stoi}, handle)
    elif kind == "chargpt":  # its sampling prompt is "O God, O God!"
        (folder / "input.txt").write_text("".join(rng.choice(list("abcdefghij klmnopOGd,!\n"), size=6000)))
    elif kind == "bigram":
        (folder / "input.txt").write_text(text)
    elif kind == "made":
        images = (rng.random((300, 784)) < 0.3).astype(np.float32)
        np.savez(folder / "mnist.npz", train_data=images[:200], valid_data=images[200:])
    elif kind == "words":
        words = ["".join(rng.choice(list("abcdef"), size=rng.integers(2, 4))) for _ in range(1500)]
        (folder / "data").mkdir(exist_ok=True)
        (folder / "data" / "train.txt").write_text(
            "\n".join(" ".join(words[i : i + 12]) for i in range(0, 1500, 12)) + "\n"
        )
    elif kind == "llama2c":
        data = folder / "data" / "TinyStories_all_data"
        data.mkdir(parents=True, exist_ok=True)
        for index in range(2):  # shard 0 is the validation split, the rest train
            rng.integers(0, 32000, size=4000, dtype=np.uint16).tofile(data / f"data{index:02d}.bin")
    elif kind:
        raise ValueError(f"unknown data kind {kind!r}")


STUB = '''"""Import-only stand-in written by benchmarks/realcode_python.py: the synthetic-data path never calls it."""


def __getattr__(name):
    raise AttributeError(f"{name}: this stand-in is not the real package; the harness does not use it")


class SentencePieceProcessor:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("this stand-in is not the real package; the harness does not use it")


def tqdm(iterable=None, *args, **kwargs):
    return iterable
'''

RUNNER = '''"""Run a script as __main__ with Python, NumPy and torch seeded with 0; print the GPU bytes it used at exit."""
import atexit, os, random, runpy, sys
import torch
random.seed(0)
try:
    import numpy
    numpy.random.seed(0)
except ImportError:
    pass
torch.manual_seed(0)


def _report():
    used = torch.cuda.max_memory_allocated() if torch.cuda.is_available() and torch.cuda.is_initialized() else 0
    print(f"[runner] rank={os.environ.get('RANK', '-')} gpu_bytes={used}", flush=True)


atexit.register(_report)
script = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
runpy.run_path(script, run_name="__main__")
'''


# -- staging -----------------------------------------------------------------------------------------------------


def _mirror(repo: str) -> Path:
    return MIRRORS / repo.replace("/", "+") / "repo"


def _extract(project: Project, commit: str, into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "--git-dir", str(_mirror(project.repo)), "archive", "--format=tar", commit, *project.paths],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        _extract_all(tar, into)


def stage(pack: bool = True) -> None:
    """Extract every project, apply, write the diffs and (unless told not to) pack."""
    if STAGE.exists():
        shutil.rmtree(STAGE)
    for project in PROJECTS:
        base = STAGE / project.name
        _extract(project, project.commit, base / "original")
        if project.human:
            _extract(project, project.human, base / "human")
        shutil.copytree(base / "original", base / "migrated")
        applied = subprocess.run(
            [sys.executable, "-m", "migrate.cli", "apply", "."],
            cwd=base / "migrated",
            capture_output=True,
            text=True,
            check=False,
        )
        (base / "apply.txt").write_text(applied.stdout + applied.stderr)
        before = BEFORE / project.name / "migrated"
        if (
            before.is_dir() and BEFORE.resolve() != STAGE.resolve()
        ):  # what an earlier checkout of migrate wrote, for a before/after run on the GPU
            shutil.copytree(before, base / "migrated-before")
        diff = subprocess.run(
            ["diff", "-ru", "original", "migrated"], cwd=base, capture_output=True, text=True, check=False
        ).stdout
        (base / "migrated.diff").write_text(diff)
        print(
            f"{project.name}: apply exit {applied.returncode}, {diff.count(chr(10) + '+')} added lines",
            file=sys.stderr,
        )
    if not pack:
        return
    PACK.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(PACK, "w:xz") as tar:
        tar.add(STAGE, arcname="stage", filter=lambda info: None if "__pycache__" in info.name else info)
    print(f"packed {PACK} ({PACK.stat().st_size // 1024} KiB)", file=sys.stderr)


SCRATCH = Path(os.environ.get("REALCODE_PYTHON_WORK", "/tmp/realcode-python"))
RANKS = int(os.environ.get("REALCODE_PYTHON_RANKS", "2"))


def _extract_all(tar: tarfile.TarFile, into: Path) -> None:
    try:
        tar.extractall(into, filter="data")
    except TypeError:  # a Python without extraction filters (before 3.11.4)
        tar.extractall(into)


def _unpack_if_needed() -> Path:
    if STAGE.is_dir():
        return STAGE
    target = SCRATCH / "unpacked"
    if not (target / "stage").is_dir():
        with tarfile.open(PACK) as tar:
            _extract_all(tar, target)
    return target / "stage"


# -- measuring ---------------------------------------------------------------------------------------------------


def residual_tokens(folder: Path, paths: list[Path]) -> list[str]:
    """NAME and STRING tokens (not comments) that mention cuda, nccl or cudnn, over the given Python files, each as
    `path:line: token`."""
    found = []
    for path in paths:
        try:
            tokens = list(tokenize.tokenize(io.BytesIO((folder / path).read_bytes()).readline))
        except (tokenize.TokenError, SyntaxError, FileNotFoundError):
            continue
        for token in tokens:
            if token.type in (tokenize.NAME, tokenize.STRING) and any(
                w in token.string.lower() for w in CUDA_WORDS
            ):
                found.append(f"{path.as_posix()}:{token.start[0]}: {token.string[:60]}")
    return found


def residual(folder: Path, paths: list[Path]) -> int:
    return len(residual_tokens(folder, paths))


def _python_files(folder: Path) -> list[Path]:
    return sorted(p.relative_to(folder) for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


@dataclass
class Run:
    ok: bool
    values: list[str] = field(default_factory=list)
    tensors: dict[str, str] = field(default_factory=dict)  # checkpoint -> digest of its tensors
    gpu_bytes: int = 0
    tail: str = ""


def _digest(path: Path) -> str:
    """A digest of every tensor in a checkpoint (names, dtypes, shapes and bytes), so equal means bitwise equal."""
    import hashlib

    import torch

    state = torch.load(path, map_location="cpu", weights_only=False)
    digest = hashlib.sha256()

    def walk(prefix: str, value: object) -> None:
        if isinstance(value, torch.Tensor):
            tensor = value.detach().contiguous().cpu()
            digest.update(f"{prefix}:{tensor.dtype}:{tuple(tensor.shape)}".encode())
            digest.update(tensor.view(torch.uint8).numpy().tobytes() if tensor.numel() else b"")
        elif isinstance(value, dict):
            for key in sorted(value, key=str):
                if str(key) not in (
                    "optimizer",
                    "config",
                    "model_args",
                    "iter_num",
                    "best_val_loss",
                    "EPOCHS_RUN",
                ):
                    walk(f"{prefix}.{key}", value[key])
        elif isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                walk(f"{prefix}[{index}]", item)

    walk("", state)
    return digest.hexdigest()[:16]


def run_script(
    script: Script, tree: Path, work: Path, extra: tuple[str, ...], *, gpu: bool, ranks: int, torchrun: bool = False
) -> Run:
    """Copy the project tree to `work`, write the data, run the script (and its `before` steps), collect values."""
    import re

    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(tree, work)
    cwd = work / script.cwd
    write_data(script.data, cwd)
    (work / "_runner.py").write_text(RUNNER)
    stubs = work / "_stubs"
    stubs.mkdir()
    for module in script.stubs:
        (stubs / f"{module}.py").write_text(STUB)
    env = dict(os.environ)
    # the project root and the stand-ins; prt_torch is not on the path unless REALCODE_PYTHON_EXTRA_PATH puts it there
    extra_path = [p for p in os.environ.get("REALCODE_PYTHON_EXTRA_PATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join([str(work), str(stubs), *extra_path])
    env["OMP_NUM_THREADS"] = env.get("OMP_NUM_THREADS", "1")
    if not gpu:
        env["CUDA_VISIBLE_DEVICES"] = ""
    launcher = list(PYTHON)
    if ranks > 1 or torchrun:  # a torchrun-only script needs torchrun's environment even with one rank
        launcher = PYTHON + ["-m", "torch.distributed.run", "--standalone", f"--nproc_per_node={ranks}"]
    output = ""
    steps = [tuple(b) for b in script.before] + [
        (script.path.split("/")[-1] if script.cwd != "." else script.path, *script.args)
    ]
    for index, step in enumerate(steps):
        target = str(cwd / step[0]) if script.cwd != "." else str(work / step[0])
        command = (launcher if index == len(steps) - 1 else PYTHON) + [
            str(work / "_runner.py"),
            target,
            *step[1:],
            *extra,
        ]
        try:
            done = subprocess.run(
                command, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False
            )
        except subprocess.TimeoutExpired as exc:
            return Run(False, tail=f"timed out after {TIMEOUT}s: {(exc.stdout or '')[-300:]}")
        output = done.stdout + done.stderr
        if done.returncode != 0:
            return Run(False, tail=_tail(output))
    pattern = re.compile(script.compare, re.MULTILINE) if script.compare else None
    values = []
    for line in done.stdout.splitlines():
        if line.startswith("[runner]") or pattern is None:
            continue
        found = pattern.search(line)
        if found:
            values.append("|".join(found.groups()) if found.groups() else found.group(0))
    tensors = {c: _digest(cwd / c) for c in script.checkpoints if (cwd / c).is_file()}
    gpu_bytes = sum(int(m) for m in re.findall(r"gpu_bytes=(\d+)", done.stdout))
    return Run(True, values, tensors, gpu_bytes, _tail(output))


def _tail(text: str) -> str:
    """The error that ended a run: its last `SomethingError: ...` line (torchrun's own summary skipped), else the
    last two lines."""
    import re

    lines = [line for line in text.strip().splitlines() if line.strip()]
    errors = [
        line.strip()
        for line in lines
        if re.search(r"\w*(Error|Exception)\b: ", line) and "ChildFailedError" not in line
    ]
    return (errors[-1] if errors else " / ".join(lines[-2:]))[-300:]


def _imports_prt(folder: Path) -> bool:
    return any(
        line.strip().startswith(("import prt_torch", "from prt_torch"))
        for p in _python_files(folder)
        for line in (folder / p).read_text(errors="replace").splitlines()
    )


def _equal(a: Run, b: Run) -> str:
    if not (a.ok and b.ok):
        return "—"
    if not a.values and not a.tensors:
        return "nothing printed"
    same_values = a.values == b.values
    same_tensors = a.tensors == b.tensors
    parts = [f"values {'equal' if same_values else 'DIFFER'} ({len(a.values)})"]
    if a.tensors or b.tensors:
        parts.append(f"checkpoint {'bitwise equal' if same_tensors else 'DIFFERS'}")
    return ", ".join(parts)


def measure(gpu: bool, only: set[str], out: Path | None = None) -> list[dict[str, object]]:
    """Every script's row; with `out`, the table so far is written there after each script (a run cut short by a
    time limit keeps what it measured)."""
    stage_dir = _unpack_if_needed()
    work = SCRATCH / ("gpu-runs" if gpu else "cpu-runs")
    rows = []
    for script in SCRIPTS:
        if only and script.name not in only:
            continue
        base = stage_dir / script.project
        files = [p for p in _python_files(base / "original")]
        row: dict[str, object] = {
            "script": script.name,
            "residual_original": residual(base / "original", files),
            "residual_migrated": residual(base / VARIANT, files),
            "residual_human": residual(base / "human", files) if (base / "human").is_dir() else None,
            "imports_prt_torch": _imports_prt(base / VARIANT),
            "residual_tokens": residual_tokens(base / VARIANT, files),
        }
        extra = script.gpu_args if gpu else ()
        tag = script.name.replace("/", "_")
        if script.torchrun_only:
            original = migrated = Run(False, tail="")
        else:
            original = run_script(
                script, base / "original", work / f"{tag}-original", extra, gpu=gpu, ranks=1
            )
            migrated = run_script(script, base / VARIANT, work / f"{tag}-migrated", extra, gpu=gpu, ranks=1)
        row["original"] = None if script.torchrun_only else original.ok
        row["migrated"] = None if script.torchrun_only else migrated.ok
        row["original_tail"] = "" if original.ok else original.tail
        row["migrated_tail"] = "" if migrated.ok else migrated.tail
        if gpu:
            row["gpu_bytes"] = [original.gpu_bytes, migrated.gpu_bytes]
            row["equal"] = _equal(original, migrated)
        elif not script.torchrun_only:
            reference = original
            if not original.ok and script.cpu_args:
                reference = run_script(
                    script,
                    base / "original",
                    work / f"{tag}-original-cpu",
                    script.cpu_args,
                    gpu=False,
                    ranks=1,
                )
                row["original_cpu_flag"] = reference.ok
            row["equal"] = _equal(reference, migrated)
        if script.torchrun:
            original2 = run_script(
                script, base / "original", work / f"{tag}-original-2", extra, gpu=gpu, ranks=RANKS, torchrun=True
            )
            migrated2 = run_script(
                script, base / VARIANT, work / f"{tag}-migrated-2", extra, gpu=gpu, ranks=RANKS, torchrun=True
            )
            row["torchrun_original"] = original2.ok
            row["torchrun_migrated"] = migrated2.ok
            row["torchrun_migrated_tail"] = "" if migrated2.ok else migrated2.tail
            if gpu:
                row["torchrun_equal"] = _equal(original2, migrated2)
            elif script.torchrun_only:
                row["equal"] = "— (the original needs CUDA and has no CPU switch)"
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
        if out is not None:
            _write(out, rows, gpu)
    return rows


def _write(out: Path, rows: list[dict[str, object]], gpu: bool) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(table(rows, gpu))
    out.with_suffix(".json").write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")


def _mark(value: object) -> str:
    return (
        {True: "yes", False: "no", None: "—"}.get(value, str(value))
        if not isinstance(value, (int, str)) or isinstance(value, bool)
        else str(value)
    )


def table(rows: list[dict[str, object]], gpu: bool) -> str:
    where = "a GPU (CUDA visible)" if gpu else "the CPU (CUDA_VISIBLE_DEVICES empty)"
    where += f", interpreter {PYTHON[0]}, migrated files: {VARIANT}"
    head = (
        f"| script | residual CUDA refs: original → migrated (human) | imports prt_torch | ran original | ran migrated "
        f"| torchrun {RANKS}: original / migrated | {'outputs equal (original vs migrated, same seed)' if gpu else 'outputs equal (original with its CPU flag vs migrated)'} |"
    )
    if gpu:
        head += " GPU bytes original / migrated |"
    lines = [f"Run on: {where}.", "", head, "|" + " --- |" * (8 if gpu else 7)]
    for r in rows:
        human = f" ({r['residual_human']})" if r.get("residual_human") is not None else ""
        ran_original = _mark(r["original"])
        if "original_cpu_flag" in r:
            ran_original += f"; with CPU flag: {_mark(r['original_cpu_flag'])}"
        torchrun = (
            f"{_mark(r['torchrun_original'])} / {_mark(r['torchrun_migrated'])}"
            if "torchrun_migrated" in r
            else "—"
        )
        equal = str(r.get("equal", "—"))
        if gpu and "torchrun_equal" in r:
            equal += f"; torchrun: {r['torchrun_equal']}"
        lines.append(
            f"| {r['script']} | {r['residual_original']} → {r['residual_migrated']}{human} | {_mark(r['imports_prt_torch'])} "
            f"| {ran_original} | {_mark(r['migrated'])} | {torchrun} | {equal} |"
            + (f" {r['gpu_bytes'][0]} / {r['gpu_bytes'][1]} |" if gpu else "")
        )
    failures = [
        (r["script"], k, r[k]) for r in rows for k in ("migrated_tail", "torchrun_migrated_tail") if r.get(k)
    ]
    if failures:
        lines += ["", "Migrated runs that failed (last lines of their output):", ""]
        lines += [
            f"- {s} ({k.split('_')[0] if k.startswith('torchrun') else 'single'}): `{t}`"
            for s, k, t in failures
        ]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    staging = sub.add_parser("stage")
    staging.add_argument(
        "--no-pack", action="store_true", help="stage only (a measurement of another checkout)"
    )
    runner = sub.add_parser("run")
    runner.add_argument(
        "--gpu", action="store_true", help="leave CUDA visible and compare original vs migrated there"
    )
    runner.add_argument(
        "--out", type=Path, help="write the table here (Markdown); the JSON rows go beside it"
    )
    runner.add_argument("--only", action="append", default=[], help="run only this script (repeatable)")
    runner.add_argument("--python", help="the interpreter that runs the scripts (default: this one)")
    args = parser.parse_args()
    if args.command == "stage":
        stage(pack=not args.no_pack)
        return 0
    if args.python:
        PYTHON[:] = [args.python]
    rows = measure(args.gpu, set(args.only), args.out)
    print(table(rows, args.gpu))
    return 0


if __name__ == "__main__":
    sys.exit(main())
