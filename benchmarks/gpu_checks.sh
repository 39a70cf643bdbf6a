#!/usr/bin/env bash
# Every GPU-machine check of the benchmarks in one command, each under its own time limit, so one batch on a
# lent machine covers them all. Run from the repository root on a machine with an NVIDIA GPU, nvcc and torch:
#   bash benchmarks/gpu_checks.sh [NAME...]      # default: all of them, in this order
# NAME (seconds allowed): python (150), verify (180), tile (330), libs (90), api (60); set LIMIT_<NAME> to change
# one. Each writes to $OUT/<name>/ and its log to $OUT/<name>.log; the summary lists each exit status.
# What each needs carried is in its own script's header (.realcode/python, .realcode/verify, .realcode/tile,
# .realcode/original.txz and .realcode/wheels).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
OUT=${OUT:-$(mktemp -d)}
declare -A SCRIPT=([python]=benchmarks/realcode_python_device.sh [verify]=benchmarks/verify_profile_device.sh
                   [tile]=benchmarks/realcode_tile_device.sh [libs]=benchmarks/runtime_libs_device.sh
                   [api]=benchmarks/runtime_api_device.sh)
declare -A LIMIT=([python]=150 [verify]=180 [tile]=330 [libs]=90 [api]=60)
NAMES=("$@")
[ ${#NAMES[@]} -eq 0 ] && NAMES=(python verify tile libs api)
for name in "${NAMES[@]}"; do
    script=${SCRIPT[$name]:-}
    if [ -z "$script" ]; then
        echo "unknown check $name (known: ${!SCRIPT[*]})" >&2
        exit 2
    fi
    limit_var="LIMIT_${name^^}"
    limit=${!limit_var:-${LIMIT[$name]}}
    mkdir -p "$OUT/$name"
    start=$(date +%s)
    OUT="$OUT/$name" timeout --kill-after=10 "$limit" bash "$script" >"$OUT/$name.log" 2>&1
    status=$?
    echo "$name: exit $status in $(( $(date +%s) - start )) s (limit $limit s)" | tee -a "$OUT/summary.txt"
    tail -n 15 "$OUT/$name.log"
done
