#!/usr/bin/env bash
# Real PyTorch extensions on one NVIDIA GPU: each original (built there with nvcc) and its migrated package (Triton
# ops, built with no nvcc) installed side by side, the project's own tests run against each, and each op timed
# through the dispatcher on CUDA tensors (CUDA events, median of REPEAT calls) with the ratio original / migrated.
# Needs python3 with torch (CUDA), triton, setuptools, pytest and expecttest (torch's test utilities import it), and
# nvcc for the originals; no network: wheels the pack carries (`--wheels DIR`) are installed into a folder on
# PYTHONPATH first. The pack comes from a CPU machine, from checkouts named as extensions.toml names them:
#   pip download --no-deps -d wheels expecttest scipy   # what the GPU host's python3 lacks (expecttest, for
#                                                        # extension-cpp; scipy, which torch_cluster imports)
#   python3 benchmarks/realcode_extensions.py EXT_DIR ... --pack extensions.tar.gz --wheels wheels
# pytorch_cluster builds one extension per op and device with use_ninja=False, one file after another: its original
# takes several minutes of nvcc; pack it alone to run it as a step of its own.
# The installs build their extension modules BUILD_JOBS at a time (setuptools' build_ext --parallel, through a
# distutils user config in a HOME of the install step's own; default: the host's cores), the same for both sides.
# MIGRATED_ENV (words NAME=VALUE) is the migrated side's install environment alone: FORCE_ONLY_CPU=1 for a setup.py
# that builds its CUDA sources wherever a toolkit is found, so that the migrated package is built as on a machine
# with none (its CUDA ops the Triton ones) while the original beside it builds with nvcc.
# Run:  OUT=results benchmarks/realcode_extensions_device.sh extensions.tar.gz
#       (SIDES=migrated installs and tests the migrated packages alone: no original, so no time ratios)
# Each side's outputs on the timing inputs are saved, and where both sides ran the two are compared (the largest
# max |a - b| / max(1, |a|) per op): the migrated ops against the originals on the GPU itself.
# Results go to $OUT: realcode_extensions_device.md and .json, and one log per extension, side and step.
set -euo pipefail
pack=${1:?usage: $0 PACK.tar.gz (written by benchmarks/realcode_extensions.py --pack)}
pack=$(cd "$(dirname "$pack")" && pwd)/$(basename "$pack")
: "${OUT:=$(mktemp -d)}"
: "${REPEAT:=50}"
: "${TORCH_CUDA_ARCH_LIST:=9.0}"
export TORCH_CUDA_ARCH_LIST
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$pack" -C "$work"
mkdir -p "$work/home"
printf '[build_ext]\nparallel = %s\n' "${BUILD_JOBS:-$(nproc)}" > "$work/home/.pydistutils.cfg"
if compgen -G "$work/wheels/*.whl" > /dev/null; then  # the tests' dependencies the pack carries (--wheels)
    python3 -m pip install -q --no-index --no-deps --target "$work/deps" "$work"/wheels/*.whl
    export PYTHONPATH="$work/deps${PYTHONPATH:+:$PYTHONPATH}"
fi
{
    if command -v nvidia-smi > /dev/null; then nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; fi
    if command -v nvcc > /dev/null; then nvcc --version | tail -1; fi
    python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__, "cuda", torch.cuda.is_available())'
} > "$OUT/device.txt"

names=$(python3 -c 'import json, sys; print(" ".join(e["name"] for e in json.load(open(sys.argv[1]))))' "$work/manifest.json")
for name in $names; do
    tests=$(python3 -c 'import json, sys; print(" ".join(next(e for e in json.load(open(sys.argv[1])) if e["name"] == sys.argv[2])["tests"]))' "$work/manifest.json" "$name")
    for side in ${SIDES:-original migrated}; do  # SIDES=migrated: the migrated packages alone
        src="$work/$name/$side"
        site="$work/$name/$side-site"
        log="$OUT/$name.$side"
        rc=0
        # the migrated CUDA sources that stay in a build include the runtime's headers: the migrated setup.py asks
        # the migrate package where they are, so the migrated side builds with migrate importable (as installed)
        tool=$([ "$side" = migrated ] && [ -d "$work/tool/migrate" ] && echo "$work/tool" || true)
        side_env=$([ "$side" = migrated ] && echo "${MIGRATED_ENV:-}" || true)
        (cd "$src" && env $side_env HOME="$work/home" PYTHONPATH="${tool}${PYTHONPATH:+:$PYTHONPATH}" \
            timeout 1200 python3 -m pip install -q --no-build-isolation --no-deps --no-cache-dir --target "$site" .) \
            > "$log.install.log" 2>&1 || rc=$?
        echo "$rc" > "$log.install.rc"
        if [ "$rc" != 0 ]; then
            echo "$name $side: install failed (rc $rc), see $log.install.log" >&2
            continue
        fi
        run="$work/$name/$side-tests"
        mkdir -p "$run"
        for t in $tests; do
            mkdir -p "$run/$(dirname "$t")"
            cp -r "$src/$t" "$run/$t"
        done
        rc=0
        (cd "$run" && PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}" timeout 1200 python3 -m pytest -q -p no:cacheprovider $tests) \
            > "$log.tests.log" 2>&1 || rc=$?
        echo "$rc" > "$log.tests.rc"
        python3 -c 'import json, sys; e = next(e for e in json.load(open(sys.argv[1])) if e["name"] == sys.argv[2]); print(json.dumps({"ops": e["ops"], "cases": e.get("cases", {}), "shape": [1 << 22], "repeat": int(sys.argv[3]), "save": sys.argv[4]}))' \
            "$work/manifest.json" "$name" "$REPEAT" "$log.outputs.pt" > "$work/$name/time-job.json"
        (cd "$run" && PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}" timeout 600 python3 "$work/realcode_extensions.py" --op-worker time \
            < "$work/$name/time-job.json") > "$log.time.json" 2> "$log.time.log" || true
    done
    if [ -f "$OUT/$name.original.outputs.pt" ] && [ -f "$OUT/$name.migrated.outputs.pt" ]; then
        python3 "$work/realcode_extensions.py" --compare-outputs "$OUT/$name.original.outputs.pt" \
            "$OUT/$name.migrated.outputs.pt" > "$OUT/$name.compare.json" 2> "$OUT/$name.compare.log" || true
    fi
done

python3 - "$work/manifest.json" "$OUT" <<'EOF'
import json
import re
import sys
from pathlib import Path

manifest, out = json.load(open(sys.argv[1])), Path(sys.argv[2])


def read(path, default=""):
    return path.read_text() if path.exists() else default


def tests(name, side):
    tail = (read(out / f"{name}.{side}.tests.log").strip().splitlines() or [""])[-1]
    counts = {k: int(n) for n, k in re.findall(r"(\d+) (passed|failed|skipped|errors?)", tail)}
    return counts


def times(name, side):
    try:
        return json.loads(read(out / f"{name}.{side}.time.json").strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {}


rows, lines = [], ["| extension | side | installs | tests passed / failed / skipped |", "| --- | --- | --- | --- |"]
ops_lines = ["| extension | op | original ms | migrated ms | original / migrated | outputs apart (original vs migrated) |",
             "| --- | --- | ---: | ---: | ---: | ---: |"]
for entry in manifest:
    name = entry["name"]
    row = {"extension": name}
    for side in ("original", "migrated"):
        installed = read(out / f"{name}.{side}.install.rc").strip() == "0"
        counts = tests(name, side) if installed else {}
        row[side] = {"installed": installed, "tests": counts, "times": times(name, side) if installed else {}}
        lines.append(f"| {name} | {side} | {'yes' if installed else 'no'} | {counts.get('passed', 0)} / "
                     f"{counts.get('failed', 0) + counts.get('error', 0) + counts.get('errors', 0)} / "
                     f"{counts.get('skipped', 0)} |")
    try:
        row["outputs"] = json.loads(read(out / f"{name}.compare.json").strip() or "{}")
    except ValueError:
        row["outputs"] = {}
    for _module, op, _device, _fn in entry["ops"]:
        a = row["original"]["times"].get(op, {}).get("ms")
        b = row["migrated"]["times"].get(op, {}).get("ms")
        ratio = f"{a / b:.2f}" if a and b else "-"
        apart = row["outputs"].get(op, {})
        apart = f"{apart['error']:.1e}" if "error" in apart else apart.get("why", "-")
        ops_lines.append(f"| {name} | {op} | {a if a else '-'} | {b if b else '-'} | {ratio} | {apart} |")
    rows.append(row)
text = ["# Real extensions on the GPU", "", "Device: " + read(out / "device.txt").strip().replace("\n", "; "), "",
        *lines, "", "Ops through the dispatcher on CUDA tensors (4,194,304 elements, or the op's time_shapes in extensions.toml; median of CUDA events):", "",
        *ops_lines, ""]
(out / "realcode_extensions_device.md").write_text("\n".join(text))
(out / "realcode_extensions_device.json").write_text(json.dumps(rows, indent=1) + "\n")
print("\n".join(text))
EOF
