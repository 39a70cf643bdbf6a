#!/usr/bin/env bash
# Build and run every corpus program on an NVIDIA GPU machine.
#   usage (from the repository root):  [OUT=dir] corpus/run_originals.sh [name ...]
# Each program's log goes to $OUT/<name>.log (a temporary folder when OUT is unset);
# one summary line per program: name and PASS, FAIL or BUILD-ERROR.
set -u

CORPUS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOGDIR="${OUT:-$(mktemp -d)}"
mkdir -p "$LOGDIR"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
PY="${PYTHON:-python3}"
NVCC="${NVCC:-nvcc}"
ARCH="${ARCH:-sm_90}"
DEADLINE=$(( $(date +%s) + ${BUDGET_S:-450} ))

CUDA_PROGRAMS="vector_add reduction matmul_tiled histogram stencil prefix_sum streams_overlap constant_memory
templated_kernels softmax layernorm cublas_gemm curand_montecarlo nccl_allreduce"
PY_PROGRAMS="cupy_kernels numba_kernels cudnn_flags_memstats amp_inference load_inline_ext torch_extension ddp_training"

if [ $# -gt 0 ]; then SELECTED="$*"; else SELECTED="$CUDA_PROGRAMS $PY_PROGRAMS"; fi
selected() { case " $(echo $SELECTED) " in *" $1 "*) return 0 ;; esac; return 1; }

# CUDA libraries from the nvidia-* pip packages: link only their headers into
# one folder (so they cannot shadow the toolkit's own) and make the unversioned
# libX.so links the linker needs.
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
EXTRA_CPPFLAGS="-I$WORK/include"
EXTRA_LDFLAGS="-L$WORK/lib $RPATHS"

summary=()
record() { summary+=("$(printf '%-22s %s' "$1" "$2")"); echo "$(printf '%-22s %s' "$1" "$2")"; }

# Phase 1: build the C++ programs in parallel, each in a private copy.
build_one() {
    local name="$1" dir="$WORK/build/$1"
    mkdir -p "$dir" && cp -r "$CORPUS/$name/." "$dir/"
    ( cd "$dir" && timeout 240 make NVCC="$NVCC" ARCH="$ARCH" CPPFLAGS="$EXTRA_CPPFLAGS" LDFLAGS="$EXTRA_LDFLAGS" ) \
        > "$WORK/build/$name.buildlog" 2>&1
    echo $? > "$WORK/build/$name.buildrc"
}
mkdir -p "$WORK/build"
pids=()
for name in $CUDA_PROGRAMS; do
    selected "$name" || continue
    build_one "$name" &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done

run_logged() {  # name timeout command...
    local name="$1" limit="$2"; shift 2
    local log="$LOGDIR/$name.log"
    local left=$(( DEADLINE - $(date +%s) ))
    if [ "$left" -le 5 ]; then echo "skipped: time budget spent" >> "$log"; record "$name" "FAIL (skipped, out of time)"; return; fi
    [ "$limit" -gt "$left" ] && limit="$left"
    timeout "$limit" "$@" >> "$log" 2>&1
    local rc=$?
    local last; last="$(grep -v '^[[:space:]]*$' "$log" | tail -n 1)"
    if [ "$rc" -eq 0 ] && [ "$last" = "PASS" ]; then record "$name" "PASS"
    elif [ "$rc" -eq 124 ]; then record "$name" "FAIL (timeout ${limit}s)"
    else record "$name" "FAIL (rc=$rc)"; fi
}

# Phase 2: run them one after the other.
for name in $CUDA_PROGRAMS; do
    selected "$name" || continue
    log="$LOGDIR/$name.log"
    cat "$WORK/build/$name.buildlog" > "$log"
    if [ "$(cat "$WORK/build/$name.buildrc")" != "0" ]; then record "$name" "BUILD-ERROR"; continue; fi
    echo "--- run ---" >> "$log"
    run_logged "$name" 60 bash -c "cd '$WORK/build/$name' && ./$name --out '$LOGDIR/$name.out.bin'"
done

export TORCH_CUDA_ARCH_LIST="${TORCH_CUDA_ARCH_LIST:-9.0}"
export MAX_JOBS="${MAX_JOBS:-8}"
export TORCH_EXTENSIONS_DIR="$WORK/torch_extensions"
NGPU="$("$PY" -c 'import torch; print(max(torch.cuda.device_count(), 1))' 2>/dev/null || echo 1)"
for name in $PY_PROGRAMS; do
    selected "$name" || continue
    log="$LOGDIR/$name.log"; : > "$log"
    out="$LOGDIR/$name.out.bin"
    case "$name" in
        cupy_kernels)         run_logged "$name" 90 "$PY" "$CORPUS/cupy_kernels/cupy_kernels.py" --out "$out" ;;
        numba_kernels)        run_logged "$name" 90 "$PY" "$CORPUS/numba_kernels/numba_kernels.py" --out "$out" ;;
        cudnn_flags_memstats) run_logged "$name" 90 "$PY" "$CORPUS/cudnn_flags_memstats/bench_flags.py" --out "$out" ;;
        amp_inference)        run_logged "$name" 90 "$PY" "$CORPUS/amp_inference/amp_infer.py" --out "$out" ;;
        load_inline_ext)      run_logged "$name" 240 "$PY" "$CORPUS/load_inline_ext/load_inline_ext.py" --out "$out" ;;
        torch_extension)
            dir="$WORK/build/torch_extension"; mkdir -p "$dir" && cp -r "$CORPUS/torch_extension/." "$dir/"
            if ( cd "$dir" && timeout 240 "$PY" setup.py build_ext --inplace ) >> "$log" 2>&1; then
                echo "--- run ---" >> "$log"
                run_logged "$name" 60 bash -c "cd '$dir' && '$PY' test_rowops.py --out '$out'"
            else
                record "$name" "BUILD-ERROR"
            fi ;;
        ddp_training)
            run_logged "$name" 150 "$PY" -m torch.distributed.run --standalone --nproc_per_node="$NGPU" \
                "$CORPUS/ddp_training/train.py" --out "$out" ;;
    esac
done

echo "=== summary ($(date -u +%Y-%m-%dT%H:%M:%SZ), logs in $LOGDIR) ==="
printf '%s\n' "${summary[@]}"
n_pass=$(printf '%s\n' "${summary[@]}" | grep -c ' PASS$')
echo "passed $n_pass of ${#summary[@]}"
[ "$n_pass" -eq "${#summary[@]}" ]
