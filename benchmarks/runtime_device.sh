#!/usr/bin/env bash
# runtime_device.sh: run from the repository root on the GPU machine (one NVIDIA H200, nvcc 13).
# 1. Builds every tests/runtime/programs/*.cu with nvcc (CUDA backend) and, where g++ exists, with g++ (CPU
#    backend); runs both; compares their VALUE lines (relative tolerance 1e-4; the memory test's bad_free_code
#    is informational: it is whatever code each backend returns for freeing a stack address).
# 2. Builds and runs benchmarks/runtime_cuda.cu (launch latency and a bandwidth-bound kernel through the CUDA
#    backend against raw CUDA).
# Logs go to $OUT/ when OUT is set, else to a temporary directory; the last line says where.
set -u
cd "$(dirname "$0")/.."
LOG="${OUT:-$(mktemp -d)}"
mkdir -p "$LOG"
BUILD="$(mktemp -d)"
NVCC="${NVCC:-nvcc}"
ARCH="${ARCH:-sm_90}"
# The collective/BLAS/RNG areas need NCCL, cuBLAS and cuRAND headers; these programs do not use them.
DEFS="-DPRT_NO_CCL -DPRT_NO_BLAS -DPRT_NO_RAND"
status=0

"$NVCC" --version | tail -1 | tee "$LOG/versions.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | tee -a "$LOG/versions.txt"

# Build every program for both backends at once (nvcc is slow and the machine has many cores), then run them
# one after another.
for src in tests/runtime/programs/*.cu; do
    name="$(basename "$src" .cu)"
    ( "$NVCC" -O2 -arch="$ARCH" -std=c++17 $DEFS -I runtime/include "$src" -o "$BUILD/$name.cuda" \
        >"$LOG/$name.cuda.build.txt" 2>&1 ) &
    if command -v g++ >/dev/null 2>&1; then
        ( g++ -x c++ -O2 -std=c++17 $DEFS -I runtime/include "$src" -pthread -o "$BUILD/$name.cpu" \
            >"$LOG/$name.cpu.build.txt" 2>&1 ) &
    fi
done
( "$NVCC" -O3 -arch="$ARCH" -std=c++17 $DEFS -I runtime/include benchmarks/runtime_cuda.cu \
    -o "$BUILD/runtime_cuda" >"$LOG/runtime_cuda.build.txt" 2>&1 ) &
wait

for src in tests/runtime/programs/*.cu; do
    name="$(basename "$src" .cu)"
    if [ ! -x "$BUILD/$name.cuda" ]; then
        echo "BUILD FAILED (cuda) $name: see $LOG/$name.cuda.build.txt"
        status=1
        continue
    fi
    "$BUILD/$name.cuda" >"$LOG/$name.cuda.txt" 2>&1
    rc=$?
    echo "cuda $name: $(tail -1 "$LOG/$name.cuda.txt") (exit $rc)"
    [ $rc -eq 0 ] || status=1
    if [ -x "$BUILD/$name.cpu" ]; then
        "$BUILD/$name.cpu" >"$LOG/$name.cpu.txt" 2>&1
        echo "cpu  $name: $(tail -1 "$LOG/$name.cpu.txt") (exit $?)"
    fi
done

# VALUE lines of both backends side by side.
python3 - "$LOG" <<'PY' | tee "$LOG/compare.txt"
import math, pathlib, sys
log = pathlib.Path(sys.argv[1])
informational = {"bad_free_code"}
bad = 0
for cuda in sorted(log.glob("*.cuda.txt")):
    name = cuda.name[: -len(".cuda.txt")]
    cpu = log / f"{name}.cpu.txt"
    def values(p):
        out = {}
        if p.exists():
            for line in p.read_text().splitlines():
                if line.startswith("VALUE "):
                    _, k, v = line.split()
                    out[k] = float(v)
        return out
    a, b = values(cuda), values(cpu)
    for key in sorted(set(a) | set(b)):
        x, y = a.get(key), b.get(key)
        same = x is not None and y is not None and math.isclose(x, y, rel_tol=1e-4, abs_tol=1e-9)
        tag = "same" if same else ("info" if key in informational else "DIFFERENT")
        bad += tag == "DIFFERENT"
        print(f"{tag:9} {name}.{key}: cuda={x} cpu={y}")
print("VALUE lines:", "all agree" if bad == 0 else f"{bad} differ")
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] || status=1

if [ -x "$BUILD/runtime_cuda" ]; then
    "$BUILD/runtime_cuda" | tee "$LOG/runtime_cuda.txt"
else
    echo "BUILD FAILED runtime_cuda: see $LOG/runtime_cuda.build.txt"
    status=1
fi

echo "logs in $LOG"
exit $status
