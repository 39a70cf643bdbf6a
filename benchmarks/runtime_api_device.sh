#!/usr/bin/env bash
# runtime_api_device.sh: the runtime-API work on the GPU machine (one NVIDIA H200, nvcc 13), from the repository
# root, in one command:
# 1. builds tests/runtime/programs/{memory3d,graph,runtime_api}.cu with nvcc (CUDA backend) and with g++ (CPU
#    backend), runs both, and compares their VALUE lines (they must be equal);
# 2. migrates HeCBench's pitch-cuda (from .realcode/original.txz, the staged originals) and builds and runs it on
#    the CUDA backend through benchmarks/realcode.py, the parsers installed from .realcode/wheels/.
# Logs and results go to $OUT (default: a temporary folder); the last line says where. Exit status 0 when every
# program passed.
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
BUILD=$(mktemp -d)
DEFS="-DPRT_NO_CCL -DPRT_NO_BLAS -DPRT_NO_RAND"
status=0
nvcc --version | tail -1 | tee "$OUT/versions.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | tee -a "$OUT/versions.txt"

BACKENDS="cuda"
if command -v g++ >/dev/null 2>&1; then BACKENDS="cuda cpu"; fi
for name in memory3d graph runtime_api; do
    src="tests/runtime/programs/$name.cu"
    nvcc -O2 -arch=sm_90 -std=c++17 $DEFS -I runtime/include "$src" -o "$BUILD/$name.cuda" \
        >"$OUT/$name.cuda.build.txt" 2>&1 &
    if [ "$BACKENDS" != cuda ]; then
        g++ -x c++ -O2 -std=c++17 $DEFS -I runtime/include "$src" -pthread -o "$BUILD/$name.cpu" \
            >"$OUT/$name.cpu.build.txt" 2>&1 &
    fi
done
wait
for name in memory3d graph runtime_api; do
    for backend in $BACKENDS; do
        if [ ! -x "$BUILD/$name.$backend" ]; then
            echo "$name $backend: BUILD FAILED (see $name.$backend.build.txt)" | tee -a "$OUT/summary.txt"
            status=1
            continue
        fi
        timeout 300 "$BUILD/$name.$backend" >"$OUT/$name.$backend.txt" 2>&1
        rc=$?
        verdict=$(tail -1 "$OUT/$name.$backend.txt")
        echo "$name $backend: exit $rc, $verdict" | tee -a "$OUT/summary.txt"
        [ "$rc" = 0 ] || status=1
    done
    if [ "$BACKENDS" != cuda ] && ! diff <(grep '^VALUE' "$OUT/$name.cuda.txt") <(grep '^VALUE' "$OUT/$name.cpu.txt") >"$OUT/$name.values.diff"; then
        echo "$name: VALUE lines differ between backends (see $name.values.diff)" | tee -a "$OUT/summary.txt"
        status=1
    fi
done

DEPS=/tmp/runtime-api-deps
mkdir -p "$DEPS"
python3 -m pip install -q --no-index --find-links "$ROOT/.realcode/wheels" --target "$DEPS" \
    tree-sitter tree-sitter-cuda tree-sitter-python rich jinja2 pathspec >"$OUT/pip.log" 2>&1 || cat "$OUT/pip.log"
CHECKOUT=/tmp/runtime-api-checkout
if [ ! -d "$CHECKOUT/original/src/pitch-cuda" ]; then
    mkdir -p "$CHECKOUT" && tar xJf "$ROOT/.realcode/original.txz" -C "$CHECKOUT" original/src/pitch-cuda
fi
PYTHONPATH="$ROOT:$DEPS${PYTHONPATH:+:$PYTHONPATH}" python3 benchmarks/realcode.py "$CHECKOUT/original" \
    --only pitch-cuda --backend cuda --timeout 120 --no-scan --work /tmp/runtime-api-pitch \
    --results "$OUT/pitch-h200-cuda" >"$OUT/pitch.log" 2>&1
grep -E '^\| pitch-cuda' "$OUT/pitch-h200-cuda.md" | tee -a "$OUT/summary.txt"
grep -qE '^\| pitch-cuda .*\| (PASS|exit 0) \|' "$OUT/pitch-h200-cuda.md" || status=1  # pitch prints no verdict: exit 0 is its pass
echo "results in $OUT"
exit $status
