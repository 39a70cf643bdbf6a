#!/usr/bin/env bash
# `migrate verify --profile` on five HeCBench programs on an NVIDIA GPU: per kernel, the original's time (built with
# its Makefile, nvcc -arch=sm_90) and the migrated program's (CUDA backend), next to the programs' own timers.
#
#   bash benchmarks/verify_profile_device.sh --stage CHECKOUT   on a machine with migrate installed: stages the five
#        programs (sizes of their Makefiles' run targets), migrates each (migrate apply --out-dir), writes its spec
#        (migrate verify --init) and packs them into .realcode/verify/cases.tar.xz; tree-sitter wheels for the GPU
#        machine's interpreter go to .realcode/verify/wheels/ (pip download, done once).
#   bash benchmarks/verify_profile_device.sh                    on the GPU machine, from the repository root: unpacks
#        the cases, runs `python3 -m migrate.verify --profile --backend cuda --format json` on each, writes
#        $OUT/<program>.json and .log, and prints (and writes to $OUT/summary.txt) one line per kernel: launches,
#        median and mean ms of the original and the migrated program, migrated/original, and each run's own
#        printed timer with mean/printed (the k-th timer line against the k-th kernel where a run printed one per
#        kernel).
# Needs on the GPU machine: nvcc, nvidia-smi, python3 with numpy; tree-sitter is installed from the wheels above
# into a temporary folder when python3 lacks it. Carry: .realcode/verify.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HERE="$ROOT/.realcode/verify"
PROGRAMS="${PROGRAMS:-stencil1d-cuda jenkins-hash-cuda matrix-rotate-cuda scatter-cuda gamma-correction-cuda}"
PY="${PYTHON:-python3}"

if [ "${1:-}" = "--stage" ]; then
    CHECKOUT="${2:?usage: $0 --stage CHECKOUT (a folder with src/<name>-cuda/)}"
    STAGE="$(mktemp -d)"
    trap 'rm -rf "$STAGE"' EXIT
    mkdir -p "$STAGE/cases" "$HERE"
    for name in $PROGRAMS; do
        cp -r "$CHECKOUT/src/$name" "$STAGE/cases/$name" || exit 2
        "$PY" -m migrate.cli apply "$STAGE/cases/$name" --out-dir "$STAGE/cases/$name/migrated" \
            --root "$STAGE/cases/$name" --no-cache >/dev/null || exit 2
        "$PY" -m migrate.cli verify --init "$STAGE/cases/$name" || exit 2
    done
    tar -C "$STAGE" -cJf "$HERE/cases.tar.xz" cases || exit 2
    if [ ! -d "$HERE/wheels" ]; then
        for v in 3.10 3.11 3.12 3.13; do
            "$PY" -m pip download -q --no-deps --only-binary=:all: --python-version "$v" \
                --platform manylinux2014_x86_64 tree-sitter==0.26.1 tree-sitter-cuda==0.21.2 -d "$HERE/wheels"
        done
    fi
    ls -la "$HERE" "$HERE/wheels"
    exit 0
fi

OUT="${OUT:-$ROOT/.out/verify-profile}"
mkdir -p "$OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
[ -f "$HERE/cases.tar.xz" ] || { echo "no $HERE/cases.tar.xz: run $0 --stage CHECKOUT first" >&2; exit 2; }
tar -C "$WORK" -xJf "$HERE/cases.tar.xz" || exit 2
if ! "$PY" -c "import tree_sitter, tree_sitter_cuda" 2>/dev/null; then
    "$PY" -m pip install -q --no-index --find-links "$HERE/wheels" --target "$WORK/deps" tree-sitter tree-sitter-cuda \
        || { echo "cannot install tree-sitter from $HERE/wheels" >&2; exit 2; }
    export PYTHONPATH="$WORK/deps${PYTHONPATH:+:$PYTHONPATH}"
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/gpu.txt"
nvcc --version | tail -2 | tee -a "$OUT/gpu.txt"
cd "$ROOT" || exit 2
status=0
for name in $PROGRAMS; do
    echo "== $name" >&2
    timeout 900 "$PY" -m migrate.verify --profile --backend cuda --format json --keep "$WORK/scratch" \
        "$WORK/cases/$name" > "$OUT/$name.json" 2> "$OUT/$name.log" || status=1
done
"$PY" - "$OUT" $PROGRAMS <<'EOF' | tee "$OUT/summary.txt"
import json, sys
from pathlib import Path

out = Path(sys.argv[1])
print("program kernel | original cuda: launches median_ms mean_ms | migrated cuda: launches median_ms mean_ms | "
      "migrated/original (total) | own timer original, migrated (ms) | "
      "original mean/timer median/timer, migrated mean/timer median/timer")
for name in sys.argv[2:]:
    try:
        case = json.loads((out / f"{name}.json").read_text())["cases"][0]
    except (OSError, ValueError, KeyError, IndexError) as exc:
        print(f"{name}: no report ({exc})")
        continue
    runs = {(r["side"], r["backend"]): r for r in case["runs"]}
    for run in case["runs"]:
        if not run["kernels"]:
            print(f"{name}: {run['side']} {run['backend']}: {run['status']} {run['detail'][-300:]}")
    original, migrated = runs.get(("original", "cuda")), runs.get(("migrated", "cuda"))
    # Kernels in the order of their first launches (the profile table's order). A program's own timer: where a run
    # printed one timer line per kernel (scatter: one per instantiation, in launch order), the k-th line belongs to
    # the k-th kernel; otherwise the mean of the lines it printed stands beside every kernel.
    names = list(dict.fromkeys(k["kernel"] for r in (original, migrated) if r for k in r["kernels"]))
    def timers(run):
        if not run or not run["printed"]:
            return {}
        lines = [ms for _, ms in run["printed"]]
        order = [k["kernel"] for k in run["kernels"]]
        if len(lines) == len(order) > 1:
            return dict(zip(order, lines))
        return {kernel: sum(lines) / len(lines) for kernel in order}
    per_kernel = {"o": timers(original), "m": timers(migrated)}
    for kernel in names:
        timer = {s: per_kernel[s].get(kernel) for s in ("o", "m")}
        cells = []
        means = {}
        for side, run in (("o", original), ("m", migrated)):
            k = next((k for k in (run or {}).get("kernels", []) if k["kernel"] == kernel), None)
            if k is None:
                cells.append("- - -")
                continue
            means[side] = k["total_ms"] / k["launches"] if k["launches"] else None
            cells.append(f"{k['launches']} {k['median_ms']:.4f} {means[side]:.4f}")
        o = next((k for k in (original or {}).get("kernels", []) if k["kernel"] == kernel), None)
        m = next((k for k in (migrated or {}).get("kernels", []) if k["kernel"] == kernel), None)
        ratio = f"{m['total_ms'] / o['total_ms']:.3f}" if o and m and o["total_ms"] > 0 else "-"
        own = ", ".join(f"{timer[s]:.4f}" if timer[s] is not None else "-" for s in ("o", "m"))
        medians = {"o": o["median_ms"] if o else None, "m": m["median_ms"] if m else None}
        agree = ", ".join(
            f"{means[s] / timer[s]:.3f} {medians[s] / timer[s]:.3f}" if means.get(s) and timer[s] else "- -"
            for s in ("o", "m")
        )
        print(f"{name} {kernel} | {cells[0]} | {cells[1]} | {ratio} | {own} | {agree}")
    if len(names) > 1:
        cells = []
        for side, run in (("o", original), ("m", migrated)):
            ratios = [k["total_ms"] / k["launches"] / per_kernel[side][k["kernel"]]
                      for k in (run or {}).get("kernels", []) if k["launches"] and per_kernel[side].get(k["kernel"])]
            cells.append(f"{min(ratios):.3f}-{max(ratios):.3f}" if ratios else "-")
        print(f"{name} (its {len(names)} kernel rows) | mean/timer original {cells[0]}, migrated {cells[1]}")
EOF
exit $status
