#!/usr/bin/env bash
# The real-programs harness on the GPU machine: HeCBench originals against their migrated copies.
#
# Run from the repository root on a machine with an NVIDIA GPU and nvcc, with the staged originals packed as
# .realcode/original.txz (benchmarks/realcode.py --stage-only, then tar) and the parser wheels in
# .realcode/wheels/ (pip download of the packages pyproject.toml depends on), since that machine has no network:
#   bash benchmarks/realcode_device.sh cuda     # every listed program, migrated, on the CUDA backend (verdicts)
#   bash benchmarks/realcode_device.sh cpu      # the migrated programs on the CPU backend, on that host's cores
#   bash benchmarks/realcode_device.sh cpu-slow # the programs that need more than a minute on one CPU thread
#   bash benchmarks/realcode_device.sh timing   # paired original/migrated runs at the Makefiles' sizes
#   bash benchmarks/realcode_device.sh timing-small  # the same pairing at the list's CPU-sized arguments
#   bash benchmarks/realcode_device.sh parallel-libs # the programs that use CUB, Thrust or cooperative groups
#       (benchmarks/realcode/hecbench-parallel-libs.toml): originals, then migrated on the CUDA backend; needs their
#       staged and migrated tree as .realcode/plibs.txz instead: benchmarks/realcode.py CHECKOUT --programs
#       benchmarks/realcode/hecbench-parallel-libs.toml --stage-only --work W, then
#       tar cJf .realcode/plibs.txz -C W original migrated apply.log
#   bash benchmarks/realcode_device.sh blaslt  # the same for the cuBLASLt programs (hecbench-blaslt.toml), from
#       .realcode/blaslt.txz
#   bash benchmarks/realcode_device.sh libs    # the same for the cuSPARSE and cuSOLVER programs (hecbench-libs.toml),
#       from .realcode/libs.txz
#   bash benchmarks/realcode_device.sh blas    # the same for the cuBLAS and cuRAND programs (hecbench-blas.toml),
#       from .realcode/blas.txz
# Several modes may be given; they run in that order.
# Results go to $OUT (default: a temporary folder).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-$(mktemp -d)}
DEPS=/tmp/realcode-deps
mkdir -p "$OUT" "$DEPS"
python3 -m pip install -q --no-index --find-links "$ROOT/.realcode/wheels" --target "$DEPS" \
    tree-sitter tree-sitter-cuda tree-sitter-python rich jinja2 pathspec >/dev/null 2>"$OUT/pip.log" || cat "$OUT/pip.log"
export PYTHONPATH="$ROOT:$DEPS${PYTHONPATH:+:$PYTHONPATH}"
CHECKOUT=/tmp/realcode-checkout
if [ ! -d "$CHECKOUT/original/src" ] && printf '%s\n' "${@:-timing}" | grep -qvxE 'parallel-libs|blaslt|libs|blas'; then
    mkdir -p "$CHECKOUT" && tar xJf "$ROOT/.realcode/original.txz" -C "$CHECKOUT"
fi
JOBS=$(nproc)
for MODE in "${@:-timing}"; do
case "$MODE" in
cuda)
    # ONLY (comma-separated) runs those programs alone; TIMEOUT is each one's limit.
    python3 "$ROOT/benchmarks/realcode.py" "$CHECKOUT/original" --backend cuda -j "$JOBS" --timeout "${TIMEOUT:-60}" \
        --no-scan ${ONLY:+--only "$ONLY"} --deadline "${DEADLINE:-300}" --work /tmp/realcode-cuda \
        --results "$OUT/realcode-hecbench-h200-cuda${ONLY:+-only}" >"$OUT/cuda.log" 2>&1
    tail -n 6 "$OUT/cuda.log"
    ;;
cpu-slow)
    # The programs that run past a minute on one CPU thread (their sizes are compiled in), on the host's cores
    # side by side, one thread each, with a longer limit.
    ONLY=$(grep -v '^#' "$ROOT/benchmarks/realcode/cpu-slow.txt" | paste -sd, -)
    python3 "$ROOT/benchmarks/realcode.py" "$CHECKOUT/original" --backend cpu --only "$ONLY" -j "$JOBS" \
        --timeout "${TIMEOUT:-480}" --no-scan --work /tmp/realcode-cpu-slow --results "$OUT/realcode-hecbench-cpu-slow" \
        >"$OUT/cpu-slow.log" 2>&1
    tail -n 24 "$OUT/cpu-slow.log"
    ;;
timing|timing-small)
    # The programs that print their own kernel time (benchmarks/realcode/timing.txt), original and migrated on
    # the CUDA backend, PAIRED runs each, alternating; no program starts its runs after DEADLINE seconds. timing
    # runs them at the Makefiles' sizes (3 rounds by default), timing-small at the list's CPU-sized arguments,
    # short runs, so more rounds (5) fit. EXCLUDE (comma-separated) leaves out programs whose runs are long.
    if [ "$MODE" = timing ]; then SIZES=(--makefile-args); ROUNDS=3; NAME=paired; else SIZES=(); ROUNDS=5; NAME=paired-small; fi
    ONLY=$(grep -v '^#' "$ROOT/benchmarks/realcode/timing.txt" | grep -vxF -f <(tr , '\n' <<<"${EXCLUDE:-}") | paste -sd, -)
    python3 "$ROOT/benchmarks/realcode.py" "$CHECKOUT/original" --backend cuda "${SIZES[@]}" --paired "${PAIRED:-$ROUNDS}" \
        --only "$ONLY" -j "$JOBS" --no-scan --timeout 30 --deadline "${DEADLINE:-420}" --work "/tmp/realcode-$MODE" \
        --results "$OUT/realcode-hecbench-h200-$NAME" >"$OUT/$MODE.log" 2>&1
    tail -n 80 "$OUT/$MODE.log"
    ;;
cpu)
    python3 "$ROOT/benchmarks/realcode.py" "$CHECKOUT/original" --backend cpu -j "$JOBS" --timeout "${TIMEOUT:-120}" \
        --no-scan --deadline "${DEADLINE:-400}" --work /tmp/realcode-cpu --results "$OUT/realcode-hecbench-cpu-host" \
        >"$OUT/cpu.log" 2>&1
    tail -n 6 "$OUT/cpu.log"
    ;;
parallel-libs|blaslt|libs|blas)
    case "$MODE" in
    parallel-libs) PACK=plibs; LIST=hecbench-parallel-libs ;;
    blaslt) PACK=blaslt; LIST=hecbench-blaslt ;;
    libs) PACK=libs; LIST=hecbench-libs ;;
    blas) PACK=blas; LIST=hecbench-blas ;;
    esac
    WORK=/tmp/$PACK
    if [ ! -d "$WORK/original/src" ]; then
        mkdir -p "$WORK" && tar xJf "$ROOT/.realcode/$PACK.txz" -C "$WORK"
    fi
    for SIDE in original cuda; do
        if [ "$SIDE" = original ]; then FLAGS=(--original); else FLAGS=(--backend cuda); fi
        python3 "$ROOT/benchmarks/realcode.py" "$WORK/original" --programs "$ROOT/benchmarks/realcode/$LIST.toml" \
            --keep-stage --work "$WORK" "${FLAGS[@]}" --no-scan -j "$JOBS" --timeout "${TIMEOUT:-60}" \
            --deadline "${DEADLINE:-200}" --results "$OUT/realcode-$LIST-h200-$SIDE" \
            >"$OUT/$MODE-$SIDE.log" 2>&1
        tail -n 4 "$OUT/$MODE-$SIDE.log"
    done
    ;;
*)
    echo "usage: $0 [cuda|cpu|cpu-slow|timing|timing-small|parallel-libs|blaslt|libs|blas]..." >&2
    exit 2
    ;;
esac
done
