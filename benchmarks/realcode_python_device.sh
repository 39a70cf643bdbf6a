#!/usr/bin/env bash
# Real PyTorch projects, original vs migrated, on an NVIDIA GPU with the same seed.
#
# Run from the repository root on a machine with an NVIDIA GPU:
#     bash benchmarks/realcode_python_device.sh [before] [--only SCRIPT ...]
# With `before`, the migrated files are those an earlier migrate wrote (packed as migrated-before), for the
# before/after comparison (runtime/python is put on the path for them, since they import prt_torch); the table
# then goes to realcode-python-h200-before.md. `--only` (repeatable, names as
# in the table) runs part of the dev set, to stay inside a time limit; the table is rewritten after each script,
# to $OUT/<name>.md with <name> from REALCODE_PYTHON_NAME when set (one name per part).
# Needs: .realcode/python/projects.tar.xz (made by `python3 benchmarks/realcode_python.py stage`; carried, not
# committed), python3 with torch and numpy. No network: the scripts read synthetic data the harness writes.
# For each dev-set script it runs the original and the migrated copy with CUDA visible, single process and under
# torchrun (2 ranks where 2 GPUs are visible, else 1), each seeded with 0 by the harness's runner, and prints the
# table: whether each ran, whether their printed values (losses, samples) and checkpoint tensors are equal
# (checkpoints compared bitwise), and the GPU bytes each used (a migrated run that fell back to the CPU shows 0).
# The table and its JSON rows go to $OUT (or benchmarks/results/ when OUT is unset); the runs to a temporary folder.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
OUTDIR=${OUT:-$ROOT/benchmarks/results}
mkdir -p "$OUTDIR"
PACK=.realcode/python/projects.tar.xz
if [ ! -f "$PACK" ]; then
    echo "missing $PACK: run python3 benchmarks/realcode_python.py stage where the mirrors are" >&2
    exit 2
fi
GPUS=$(python3 -c "import torch; print(torch.cuda.device_count())" 2>/dev/null || echo 0)
if [ "${GPUS:-0}" -lt 1 ]; then
    echo "no CUDA device visible to torch" >&2
    exit 2
fi
RANKS=2
[ "$GPUS" -lt 2 ] && RANKS=1
export REALCODE_PYTHON_WORK=$(mktemp -d)
export REALCODE_PYTHON_RANKS=$RANKS
export REALCODE_PYTHON_STAGE=$REALCODE_PYTHON_WORK/none   # use the pack, never a local stage folder
python3 -c "import torch; print('torch', torch.__version__, 'cuda', torch.version.cuda, torch.cuda.get_device_name(0), 'gpus', torch.cuda.device_count())"
NAME=realcode-python-h200
if [ "${1:-}" = before ]; then
    export REALCODE_PYTHON_VARIANT=migrated-before
    export REALCODE_PYTHON_EXTRA_PATH=$ROOT/runtime/python   # what the earlier migrate's output imports
    NAME=realcode-python-h200-before
    shift
fi
NAME=${REALCODE_PYTHON_NAME:-$NAME}
timeout 560 python3 benchmarks/realcode_python.py run --gpu --out "$OUTDIR/$NAME.md" "$@"
STATUS=$?
rm -rf "$REALCODE_PYTHON_WORK"
exit $STATUS
