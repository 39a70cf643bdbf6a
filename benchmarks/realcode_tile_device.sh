#!/usr/bin/env bash
# Real CUDA kernels against their Triton forms on one NVIDIA GPU, in one command from the repository root:
# parity on the GPU, median times (CUDA events) of the original and of each Triton config, the chosen config per
# kernel. Needs nvcc, torch with CUDA and triton in python3, and the cases staged on a CPU machine with
#   python3 benchmarks/realcode_tile.py HECBENCH/src --stage .realcode/tile
# Results go to $OUT (realcode_tile_device.md/.json, tuned/<program>.<kernel>.json).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:=$(mktemp -d)}"
export OUT
cases=.realcode/tile/tile-cases.tar.xz
if [ ! -f "$cases" ]; then
    echo "$cases: missing; stage it with python3 benchmarks/realcode_tile.py HECBENCH/src --stage .realcode/tile" >&2
    exit 2
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/device.txt" 2>&1 || true
nvcc --version | tail -1 >> "$OUT/device.txt" 2>&1 || true
python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)' >> "$OUT/device.txt"
timeout 540 python3 benchmarks/realcode_tile_device.py --cases "$cases" --repeat "${REPEAT:-20}" --budget "${BUDGET:-240}" --start "${START:-}" --count "${COUNT:-0}" \
    ${NO_TUNE:+--no-tune} \
    2> "$OUT/realcode_tile_device.log"
