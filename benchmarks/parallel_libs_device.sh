#!/usr/bin/env bash
# HeCBench programs that use CUB, Thrust or cooperative groups (benchmarks/realcode/hecbench-parallel-libs.toml)
# on the GPU machine: the originals built with their Makefiles, then the migrated copies on the CUDA backend,
# each judged by its own verdict. Run from the repository root on a machine with an NVIDIA GPU and nvcc, with
# the staged and migrated tree packed as .realcode/plibs.txz and the parser wheels in .realcode/wheels/:
#   python3 benchmarks/realcode.py CHECKOUT --programs benchmarks/realcode/hecbench-parallel-libs.toml \
#       --stage-only --work W && tar cJf .realcode/plibs.txz -C W original migrated apply.log
#   bash benchmarks/parallel_libs_device.sh
# Results go to $OUT (default: a temporary folder).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-$(mktemp -d)}
DEPS=/tmp/realcode-deps
mkdir -p "$OUT" "$DEPS"
python3 -m pip install -q --no-index --find-links "$ROOT/.realcode/wheels" --target "$DEPS" \
    tree-sitter tree-sitter-cuda tree-sitter-python rich jinja2 pathspec >/dev/null 2>"$OUT/pip.log" || cat "$OUT/pip.log"
export PYTHONPATH="$ROOT:$DEPS${PYTHONPATH:+:$PYTHONPATH}"
WORK=/tmp/plibs
if [ ! -d "$WORK/original/src" ]; then
    mkdir -p "$WORK" && tar xJf "$ROOT/.realcode/plibs.txz" -C "$WORK"
fi
LIST="$ROOT/benchmarks/realcode/hecbench-parallel-libs.toml"
JOBS=$(nproc)
for MODE in original cuda; do
    if [ "$MODE" = original ]; then FLAGS=(--original); else FLAGS=(--backend cuda); fi
    python3 "$ROOT/benchmarks/realcode.py" "$WORK/original" --programs "$LIST" --keep-stage --work "$WORK" \
        "${FLAGS[@]}" --no-scan -j "$JOBS" --timeout "${TIMEOUT:-60}" --deadline "${DEADLINE:-200}" \
        --results "$OUT/realcode-hecbench-parallel-libs-h200-$MODE" >"$OUT/$MODE.log" 2>&1
    tail -n 4 "$OUT/$MODE.log"
done
