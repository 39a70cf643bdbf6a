#!/usr/bin/env bash
# Record the goldens of every corpus case on an NVIDIA GPU machine: `migrate verify --record`, which builds and
# runs each original, stores its outputs (and, for cases with a [kernels] table, a trace of its kernel launches)
# under corpus/<name>/goldens/ with provenance, then packs them for the trip back.
#   usage (from the repository root):  [OUT=dir] [JOBS=n] corpus/record_goldens.sh [name ...]
# Names pick a subset (default: every folder under corpus/ holding a verify.toml). The goldens are left in place
# and also packed into $OUT/goldens.tar.gz (split into 15 MB parts when larger: goldens.tar.gz.part00, ...), with
# the report in $OUT/record_report.json and the log in $OUT/record.log. Unpack with
#   cat goldens.tar.gz* | tar -xzf -      (from the repository root)
# Environment: PYTHON (default python3: the interpreter holding torch and the nvidia-* packages), NVCC, ARCH
# (default sm_90), JOBS (cases recorded at once, default 4), VERIFY_DEPS (a folder added to PYTHONPATH holding
# tree-sitter and tree-sitter-cuda when the interpreter lacks them; without them kernel traces are skipped).
set -u

CORPUS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$CORPUS")"
cd "$ROOT"
OUTDIR="${OUT:-$(mktemp -d)}"
mkdir -p "$OUTDIR"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
PY="${PYTHON:-python3}"
export ARCH="${ARCH:-sm_90}"
[ -n "${NVCC:-}" ] && export NVCC
[ -n "${VERIFY_DEPS:-}" ] && export PYTHONPATH="$VERIFY_DEPS${PYTHONPATH:+:$PYTHONPATH}"

# CUDA libraries from the nvidia-* pip packages (as corpus/run_originals.sh finds them): their headers linked into
# one folder so they cannot shadow the toolkit's own, and the unversioned libX.so links the linker needs.
NV_ROOT="$("$PY" -c 'import nvidia, os; print(os.path.dirname(nvidia.__path__[0]))' 2>/dev/null || true)"
mkdir -p "$WORK/include" "$WORK/lib"
RPATHS=""
if [ -n "$NV_ROOT" ] && [ -d "$NV_ROOT/nvidia" ]; then
    for inc in "$NV_ROOT"/nvidia/*/include; do
        for h in "$inc"/cublas* "$inc"/curand* "$inc"/nccl*; do
            [ -e "$h" ] && [ ! -e "$WORK/include/$(basename "$h")" ] && ln -s "$h" "$WORK/include/"
        done
    done
    for libdir in "$NV_ROOT"/nvidia/*/lib; do
        for so in "$libdir"/libcublas.so.* "$libdir"/libcublasLt.so.* "$libdir"/libcurand.so.* "$libdir"/libnccl.so.*; do
            [ -e "$so" ] || continue
            base="$(basename "$so")"; base="${base%%.so.*}.so"
            if [ ! -e "$WORK/lib/$base" ]; then
                ln -s "$so" "$WORK/lib/$base"
                RPATHS="$RPATHS -Xlinker -rpath -Xlinker $libdir"
            fi
        done
    done
fi
export MIGRATE_VERIFY_CUDA_CPPFLAGS="-I$WORK/include"
export MIGRATE_VERIFY_CUDA_LDFLAGS="-L$WORK/lib$RPATHS"
export TORCH_CUDA_ARCH_LIST="${TORCH_CUDA_ARCH_LIST:-9.0}"
export MAX_JOBS="${MAX_JOBS:-8}"
export TORCH_EXTENSIONS_DIR="$WORK/torch_extensions"

if [ $# -gt 0 ]; then
    CASES=(); for name in "$@"; do CASES+=("corpus/$name"); done
else
    CASES=(); for spec in "$CORPUS"/*/verify.toml; do CASES+=("corpus/$(basename "$(dirname "$spec")")"); done
fi

KERNELS=auto
if ! "$PY" -c 'import tree_sitter, tree_sitter_cuda' 2>/dev/null; then
    echo "tree-sitter is not importable by $PY: recording outputs only, no kernel traces (set VERIFY_DEPS)" >&2
    KERNELS=never
fi

# python -m migrate.verify needs only numpy (and rich for a table): the scanner's dependencies may be absent here.
"$PY" -m migrate.verify --record --kernels "$KERNELS" --jobs "${JOBS:-4}" --format json \
    --output "$OUTDIR/record_report.json" "${CASES[@]}" 2> "$OUTDIR/record.log"
status=$?
"$PY" - "$OUTDIR/record_report.json" <<'EOF' | tee -a "$OUTDIR/record.log"
import json, sys
report = json.load(open(sys.argv[1]))
for case in report["cases"]:
    verdict = "recorded" if case["rows"] and not case["failures"] else "FAILED"
    print(f"{case['case']:<22} {verdict}")
    for failure in case["failures"]:
        print(f"    {failure['side']} on {failure['backend']}: {failure['status']}")
        print("".join(f"        {line}\n" for line in failure["log_tail"].splitlines()[-12:]), end="")
print("summary:", report["summary"])
EOF

# Pack what was recorded; at most 8 files of 16 MB come back from the machine.
folders=(); for case in "${CASES[@]}"; do [ -d "$case/goldens" ] && folders+=("$case/goldens"); done
if [ ${#folders[@]} -gt 0 ]; then
    tar -czf "$WORK/goldens.tar.gz" "${folders[@]}"
    size=$(stat -c %s "$WORK/goldens.tar.gz")
    if [ "$size" -le $((15 * 1024 * 1024)) ]; then
        cp "$WORK/goldens.tar.gz" "$OUTDIR/goldens.tar.gz"
    else
        split -b 15M -d "$WORK/goldens.tar.gz" "$OUTDIR/goldens.tar.gz.part"
        parts=$(ls "$OUTDIR"/goldens.tar.gz.part* | wc -l)
        [ "$parts" -gt 6 ] && echo "warning: $parts parts; more than 8 files will not all come back: record fewer cases per run" >&2
    fi
fi
ls -l "$OUTDIR"
exit $status
