#!/usr/bin/env bash
# runtime_libs_device.sh: builds the runtime's library test programs (tests/runtime_libs/programs) on the CUDA
# backend with nvcc, runs them on the GPUs here, and with two or more GPUs runs the collectives program over
# 2 ranks on NCCL. The FFT, dense-solver and sparse programs read inputs that tests/runtime_libs/references.py
# writes and their outputs are checked by it against NumPy, the same references the CPU backend's tests use.
# Run from the repository root on a machine with nvcc 13 and a Python with NumPy whose site-packages hold the
# nvidia-nccl-cu13, nvidia-cublas, nvidia-curand, nvidia-cufft, nvidia-cusolver and nvidia-cusparse wheels.
# Logs go to "$OUT/" when OUT is set.
#
# Compare ccl_ranks_nccl.log's "allreduce ranks=2 ..." line with the CPU/MPI run of the same source:
#   mpicxx -std=c++17 -O2 -pthread -DPRT_WITH_MPI -Iruntime/include tests/runtime_libs/programs/ccl_ranks.cpp
#   mpirun -np 2 ./a.out
# The lines must be equal (the sums are exact in fp32).
set -u
cd "$(dirname "$0")/.."
OUT_DIR="${OUT:-$(mktemp -d)}"
mkdir -p "$OUT_DIR"
BUILD="$(mktemp -d)"
PY="${PYTHON:-python3}"
ARCH="${CUDA_ARCH:-sm_90}"
RPATH=""

# The wheels' include and lib folders (nvidia/<lib>/ or, for CUDA 13 wheels, nvidia/cu13/).
NV="$("$PY" -c 'import nvidia, os; print(os.path.dirname(nvidia.__path__[0]))')/nvidia"
INC=()
for d in "$NV"/*/include; do INC+=("-I$d"); done
# The wheels ship only versioned libraries (libnccl.so.2): give the linker unversioned names.
LINK="$BUILD/lib"
mkdir -p "$LINK"
for lib in nccl cublas cublasLt curand cufft cusolver cusparse nvJitLink; do
  found="$(ls "$NV"/*/lib/lib$lib.so.* 2>/dev/null | head -n 1)"
  if [ -n "$found" ]; then ln -sf "$found" "$LINK/lib$lib.so"; RPATH+="${RPATH:+:}$(dirname "$found")"; fi
done

FLAGS=(-std=c++17 -O2 -arch="$ARCH" -x cu -Iruntime/include "${INC[@]}")
LIBS=(-L"$LINK" -Xlinker -rpath -Xlinker "${RPATH:-$LINK}" -lnccl -lcublas -lcublasLt -lcurand)
# The cuBLASLt, FFT, solver and sparse programs link their own library only.
declare -A FAMILY_LIB=([blaslt_test]=-lcublasLt [fft_test]=-lcufft [solver_test]=-lcusolver [sparse_test]=-lcusparse)

status=0
log() { echo "$*" | tee -a "$OUT_DIR/summary.log"; }
: > "$OUT_DIR/summary.log"
log "device: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1) x $(nvidia-smi -L 2>/dev/null | wc -l)"
log "nvcc: $(nvcc --version | tail -n 1)"

build() {  # build NAME: compiles programs/NAME.cpp to $BUILD/NAME
  local libs=("${LIBS[@]}")
  if [ -n "${FAMILY_LIB[$1]:-}" ]; then
    libs=(-L"$LINK" -Xlinker -rpath -Xlinker "${RPATH:-$LINK}" "${FAMILY_LIB[$1]}")
  fi
  if nvcc "${FLAGS[@]}" "tests/runtime_libs/programs/$1.cpp" -o "$BUILD/$1" "${libs[@]}" \
      > "$OUT_DIR/$1.build.log" 2>&1; then
    return 0
  fi
  log "BUILD FAILED $1 (see $1.build.log)"
  status=1
  return 1
}

run() {  # run LOGNAME COMMAND...: runs, logs, and records a failure unless the output says PASS
  local name="$1"; shift
  local start end rc
  start=$(date +%s.%N)
  timeout 600 "$@" > "$OUT_DIR/$name.log" 2>&1
  rc=$?
  end=$(date +%s.%N)
  if [ $rc -eq 0 ] && grep -q '^PASS\|^SKIP' "$OUT_DIR/$name.log"; then
    log "ok   $name ($(awk "BEGIN{printf \"%.1f\", $end-$start}") s): $(grep -m1 '^PASS\|^SKIP' "$OUT_DIR/$name.log")"
  else
    log "FAIL $name (exit $rc, see $name.log)"
    status=1
  fi
  grep '^allreduce\|^device words' "$OUT_DIR/$name.log" | sed 's/^/     /' | tee -a "$OUT_DIR/summary.log"
}

for prog in rand_test blas_test ccl_test ccl_ranks; do build "$prog"; done
[ -x "$BUILD/rand_test" ] && run rand_test "$BUILD/rand_test"
[ -x "$BUILD/blas_test" ] && run blas_test "$BUILD/blas_test"
[ -x "$BUILD/ccl_test" ] && run ccl_test "$BUILD/ccl_test"
GPUS=$(nvidia-smi -L 2>/dev/null | wc -l)
if [ -x "$BUILD/ccl_ranks" ]; then
  if [ "$GPUS" -ge 2 ]; then
    run ccl_ranks_nccl "$BUILD/ccl_ranks" 2
  else
    log "skip ccl_ranks_nccl: $GPUS GPU(s), 2 needed"
  fi
fi
# cuBLASLt, FFT, dense solver, sparse: the program's own checks (PASS), then NumPy's on the outputs it wrote.
for family in blaslt fft solver sparse; do
  build "${family}_test" || continue
  data="$OUT_DIR/${family}_data"
  if ! "$PY" tests/runtime_libs/references.py write "$family" "$data" > "$OUT_DIR/${family}_refs.log" 2>&1; then
    log "FAIL ${family}_test: references.py could not write the inputs (see ${family}_refs.log)"
    status=1
    continue
  fi
  run "${family}_test" "$BUILD/${family}_test" "$data"
  if "$PY" tests/runtime_libs/references.py check "$family" "$data" --gpu >> "$OUT_DIR/${family}_refs.log" 2>&1; then
    log "ok   ${family}_test against NumPy: $(tail -n 1 "$OUT_DIR/${family}_refs.log")"
  else
    log "FAIL ${family}_test against NumPy (see ${family}_refs.log)"
    sed 's/^/     /' "$OUT_DIR/${family}_refs.log" | tee -a "$OUT_DIR/summary.log"
    status=1
  fi
  rm -f "$data"/*.in  # keep only the outputs, so little comes back
done
# Speed: prtfft, prtsparse SpMV and prtsolverDn getrf against the libraries called directly (target ratio 1.02).
if nvcc -std=c++17 -O2 -arch="$ARCH" -Iruntime/include "${INC[@]}" benchmarks/runtime_libs_cuda.cu -o "$BUILD/libs_speed" \
    -L"$LINK" -Xlinker -rpath -Xlinker "${RPATH:-$LINK}" -lcufft -lcusparse -lcusolver > "$OUT_DIR/libs_speed.build.log" 2>&1; then
  if timeout 600 "$BUILD/libs_speed" > "$OUT_DIR/libs_speed.log" 2>&1; then
    log "speed (prt / direct, medians of alternating blocks):"
    sed 's/^/     /' "$OUT_DIR/libs_speed.log" | tee -a "$OUT_DIR/summary.log"
  else
    log "FAIL libs_speed (see libs_speed.log)"
    status=1
  fi
else
  log "BUILD FAILED libs_speed (see libs_speed.build.log)"
  status=1
fi
log "logs: $OUT_DIR"
rm -rf "$BUILD"
exit $status
