#!/usr/bin/env bash
# Original vs migrated Python corpus programs on an NVIDIA GPU, and the migrated ones on the CPU of the same host.
#
# Run from the repository root on a machine with an NVIDIA GPU:   bash benchmarks/python_device.sh
# For each of ddp_training (torchrun, one process), amp_inference and cudnn_flags_memstats it runs
#   1. the original on the GPU,
#   2. the migrated copy (corpus/<program>/migrated/) on the GPU, checking that its tensors are on cuda,
#   3. the migrated copy with no visible GPU (CUDA_VISIBLE_DEVICES=), so on the CPU,
# all with the programs' fixed seeds, and prints their losses / checksums side by side with the largest relative
# difference of the output arrays (each program's --out file), max|a-b| / max|a|.
# Expected: original vs migrated on the GPU bitwise equal (reported; a difference above 1e-6 relative fails);
# GPU vs CPU within the tolerance printed per program (autocast runs float16 on the GPU, the CPU's own dtype there).
# Logs and output arrays go to $OUT/ when OUT is set, else to a temporary folder. Exit status 1 when a check fails.
set -uo pipefail

PYTHON=${PYTHON:-python3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${OUT:-$(mktemp -d)}
mkdir -p "$WORK"
export PYTHONPATH="$ROOT/runtime/python${PYTHONPATH:+:$PYTHONPATH}"
STATUS=0

# Runs a script as __main__ and records the device of every tensor a torch function returns; prints them at exit.
WRAPPER="$WORK/devices_seen.py"
cat > "$WRAPPER" <<'EOF'
import runpy
import sys

import torch
from torch.overrides import TorchFunctionMode

seen = set()


def note(value):
    if isinstance(value, torch.Tensor):
        seen.add(value.device.type)
    elif isinstance(value, (tuple, list)):
        for item in value:
            note(item)


class Devices(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        result = func(*args, **(kwargs or {}))
        note(result)
        return result


script = sys.argv[1]
sys.argv = sys.argv[1:]
try:
    with Devices():
        runpy.run_path(script, run_name="__main__")
finally:
    print(f"devices_seen = {','.join(sorted(seen))}", flush=True)
EOF

run() {  # run NAME DIR ENV... -- COMMAND...: log to $WORK/NAME.log, status to $WORK/NAME.rc
  local name=$1 dir=$2
  shift 2
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  (cd "$dir" && env "${envs[@]}" "$@") > "$WORK/$name.log" 2>&1
  echo $? > "$WORK/$name.rc"
  echo "  $name: exit $(cat "$WORK/$name.rc"), log $WORK/$name.log"
}

program() {  # program NAME DIR SCRIPT LAUNCH...: the three runs of one program
  local name=$1 dir=$2 script=$3
  shift 3
  echo "== $name"
  run "$name.original.gpu" "$ROOT/corpus/$dir" CORPUS_OUT="$WORK/$name.original.gpu.bin" -- \
    "$@" "$script"
  run "$name.migrated.gpu" "$ROOT/corpus/$dir/migrated" CORPUS_OUT="$WORK/$name.migrated.gpu.bin" -- \
    "$@" "$WRAPPER" "$script"
  run "$name.migrated.cpu" "$ROOT/corpus/$dir/migrated" CUDA_VISIBLE_DEVICES= CORPUS_OUT="$WORK/$name.migrated.cpu.bin" -- \
    "$@" "$script"
}

port=$((29500 + RANDOM % 1000))
program ddp_training ddp_training train.py "$PYTHON" -m torch.distributed.run --nproc_per_node=1 --master_port=$port
program amp_inference amp_inference amp_infer.py "$PYTHON"
program cudnn_flags_memstats cudnn_flags_memstats bench_flags.py "$PYTHON"

# Side-by-side figures and the relative differences (python: the H200 image has no bc or column).
"$PYTHON" - "$WORK" <<'EOF' || STATUS=1
import re
import sys
from pathlib import Path

import numpy as np

work = Path(sys.argv[1])
# GPU vs CPU tolerances (relative, on the output arrays): amp on the GPU is float16 autocast and on the CPU
# float16 autocast through oneDNN/ATen CPU kernels; training amplifies differences step by step.
cpu_tolerance = {"ddp_training": 5e-2, "amp_inference": 1e-2, "cudnn_flags_memstats": 1e-4}
failed = False


def values(log):
    text = log.read_text(errors="replace") if log.is_file() else ""
    found = dict(re.findall(r"^(\w+) = (\S+)$", text, re.M))
    for step, loss in re.findall(r"^step\s+(\d+) loss (\S+)$", text, re.M):
        found[f"loss[{int(step):02d}]"] = loss
    return found, text


def array(path):
    return np.fromfile(path, dtype="<f4") if path.is_file() else None


def rel(a, b):
    """max |a - b| / max |a| over the array (elementwise ratios blow up where a value is near zero)."""
    if a is None or b is None or a.shape != b.shape:
        return float("nan")
    a, b = a.astype(np.float64), b.astype(np.float64)
    return float(np.max(np.abs(a - b)) / max(float(np.max(np.abs(a))), 1e-30))


for name in cpu_tolerance:
    runs = {kind: values(work / f"{name}.{kind}.log") for kind in ("original.gpu", "migrated.gpu", "migrated.cpu")}
    codes = {kind: (work / f"{name}.{kind}.rc").read_text().strip() for kind in runs}
    print(f"\n== {name}  (exit: original gpu {codes['original.gpu']}, migrated gpu {codes['migrated.gpu']}, migrated cpu {codes['migrated.cpu']})")
    keys = [k for k in runs["original.gpu"][0] if k.startswith(("loss", "checksum", "max_err", "grad_scale", "ref_"))]
    print(f"  {'value':24s} {'original gpu':>18s} {'migrated gpu':>18s} {'migrated cpu':>18s}")
    for key in keys:
        print(f"  {key:24s} " + " ".join(f"{runs[k][0].get(key, '-'):>18s}" for k in runs))
    devices = runs["migrated.gpu"][0].get("devices_seen", "")
    print(f"  migrated gpu tensors on: {devices or '(none recorded)'}")
    original, migrated, cpu = (array(work / f"{name}.{k}.bin") for k in runs)
    same = rel(original, migrated)
    cross = rel(migrated, cpu)
    bitwise = original is not None and migrated is not None and np.array_equal(original, migrated)
    print(f"  output array: original vs migrated (gpu) max rel diff = {same:.3e} ({'bitwise equal' if bitwise else 'not bitwise'})")
    print(f"  output array: migrated gpu vs cpu max rel diff = {cross:.3e} (tolerance {cpu_tolerance[name]:.0e})")
    ok = "cuda" in devices.split(",") and codes["original.gpu"] == "0" and codes["migrated.gpu"] == "0"
    ok = ok and same <= 1e-6 and cross <= cpu_tolerance[name]
    print(f"  {'OK' if ok else 'CHECK FAILED'}")
    failed |= not ok
sys.exit(1 if failed else 0)
EOF
echo "logs and arrays in $WORK"
exit $STATUS
