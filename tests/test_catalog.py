"""The CUDA API catalog (`rules/maps/*.toml`): well-formed rows, one table per name, and coverage of the headers."""

from __future__ import annotations

import glob
import re
import time
import tomllib
from pathlib import Path

import pytest

MAPS = Path(__file__).resolve().parent.parent / "rules" / "maps"
TABLES = (
    "cuda-runtime",
    "cuda-driver",
    "cuda-device",
    "nccl",
    "cublas",
    "curand",
    "cufft",
    "cusparse",
    "cusolver",
    "cudnn",
)
RULES = {
    "cuda-runtime": "runtime-api",
    "cuda-driver": "driver-api",
    "cuda-device": "device-api",
    "nccl": "nccl-api",
    "cublas": "cublas-api",
    "curand": "curand-api",
    "cufft": "cufft-api",
    "cusparse": "cusparse-api",
    "cusolver": "cusolver-api",
    "cudnn": "cudnn-api",
}
KINDS = {"function", "type", "enum", "macro"}
STATUSES = {"supported", "unsupported", "deprecated", "removed"}
EFFORTS = {"none", "low", "medium", "high"}
ROW_KEYS = {"kind", "status", "portable", "effort", "note"}
WELL_KNOWN = {
    "cuda-runtime": [
        "cudaMalloc",
        "cudaFree",
        "cudaMemcpy",
        "cudaMemcpyHostToDevice",
        "cudaStream_t",
        "cudaEvent_t",
        "cudaError_t",
        "cudaGetErrorString",
        "cudaDeviceSynchronize",
        "cudaLaunchKernel",
        "cudaDeviceProp",
        "cudaGraphLaunch",
        "cudaSuccess",
    ],
    "cuda-driver": [
        "cuMemAlloc",
        "cuMemAlloc_v2",
        "cuInit",
        "cuCtxCreate",
        "cuModuleLoad",
        "cuLaunchKernel",
        "CUresult",
        "CUDA_SUCCESS",
        "CUdeviceptr",
    ],
    "cuda-device": [
        "__shfl_down_sync",
        "__shfl_xor_sync",
        "__ballot_sync",
        "__syncthreads",
        "__syncwarp",
        "atomicAdd",
        "atomicCAS",
        "__ldg",
        "__expf",
        "__fdividef",
        "__half",
        "__nv_bfloat16",
        "__float2half",
        "float4",
        "dim3",
        "make_float4",
        "tex2D",
        "__popc",
    ],
    "nccl": [
        "ncclAllReduce",
        "ncclCommInitRank",
        "ncclGetUniqueId",
        "ncclGroupStart",
        "ncclComm_t",
        "ncclSum",
        "ncclFloat32",
    ],
    "cublas": [
        "cublasSgemm_v2",
        "cublasSgemm",
        "cublasCreate_v2",
        "cublasCreate",
        "cublasHandle_t",
        "cublasGemmEx",
        "cublasLtMatmul",
        "CUBLAS_OP_N",
    ],
    "curand": [
        "curandCreateGenerator",
        "curandGenerateUniform",
        "curand_init",
        "curand_uniform",
        "curand_normal",
        "curandState",
        "curandState_t",
        "CURAND_RNG_PSEUDO_DEFAULT",
    ],
    "cufft": ["cufftPlan1d", "cufftExecC2C", "cufftHandle", "CUFFT_FORWARD"],
    "cusparse": ["cusparseCreate", "cusparseSpMV", "cusparseHandle_t"],
    "cusolver": ["cusolverDnCreate", "cusolverDnSgetrf", "cusolverSpCreate", "cusolverRfCreate"],
    "cudnn": ["cudnnCreate", "cudnnConvolutionForward", "cudnnHandle_t", "CUDNN_STATUS_SUCCESS"],
}
STANDARD_MATH = ["expf", "sqrtf", "sin", "fabs", "powf", "min", "max"]


def load_all() -> dict[str, dict]:
    return {t: tomllib.loads((MAPS / f"{t}.toml").read_text(encoding="utf-8")) for t in TABLES}


@pytest.fixture(scope="module")
def tables() -> dict[str, dict]:
    return load_all()


def snapshot(table: str) -> list[str]:
    return (MAPS / "headers" / f"{table}.txt").read_text(encoding="utf-8").split()


def test_every_table_loads_with_its_header(tables: dict[str, dict]) -> None:
    for name, data in tables.items():
        assert set(data) == {"table", "names"}, name
        assert data["table"]["rule"] == RULES[name]
        assert data["table"]["family"]
        assert "CUDA 13" in data["table"]["source"]
        assert data["names"], name


def test_rows_are_valid(tables: dict[str, dict]) -> None:
    for table, data in tables.items():
        for name, row in data["names"].items():
            where = f"{table}: {name}"
            assert re.fullmatch(r"[A-Za-z_]\w*", name), where
            assert set(row) <= ROW_KEYS, where
            assert row["kind"] in KINDS, where
            assert row["status"] in STATUSES, where
            assert row["effort"] in EFFORTS, where
            assert ("portable" in row) == (row["status"] == "supported"), where
            if row["status"] == "supported" and row["portable"] != name:
                assert re.fullmatch(r"[A-Za-z_][\w:.]*", row["portable"]), where


def test_no_name_in_two_tables(tables: dict[str, dict]) -> None:
    seen: dict[str, str] = {}
    for table, data in tables.items():
        for name in data["names"]:
            assert name not in seen, f"{name} is in {seen.get(name)} and {table}"
            seen[name] = table


def test_portable_files_are_merged(tables: dict[str, dict]) -> None:
    for table in TABLES:
        path = MAPS / "portable" / f"{table}.toml"
        if not path.exists():
            continue
        portable = tomllib.loads(path.read_text(encoding="utf-8"))
        for name, target in portable.get("names", {}).items():
            if name == target and name in STANDARD_MATH:
                continue  # standard C++ the runtime keeps as it is: not a CUDA name, so not catalogued
            row = tables[table]["names"].get(name)
            assert row is not None, f"{table}: portable name {name} missing from the table"
            assert row["status"] == "supported" and row["portable"] == target, f"{table}: {name}"


def test_well_known_names_present(tables: dict[str, dict]) -> None:
    missing = [f"{t}:{n}" for t, names in WELL_KNOWN.items() for n in names if n not in tables[t]["names"]]
    assert not missing


def test_standard_math_is_not_catalogued(tables: dict[str, dict]) -> None:
    assert not [n for n in STANDARD_MATH if n in tables["cuda-device"]["names"]]


@pytest.mark.parametrize("table", ["cuda-runtime", "cuda-driver", "nccl"])
def test_coverage_of_header_snapshot(tables: dict[str, dict], table: str) -> None:
    declared = snapshot(table)
    known = tables[table]["names"]
    present = sum(1 for n in declared if n in known)
    share = present / len(declared)
    print(f"{table}: {present}/{len(declared)} declared functions catalogued ({share:.1%})")
    assert share >= 0.90


# Declarations spelled as the headers spell them, read with a pattern independent of the generator's parser.
HEADER_FUNCTIONS = {
    "cuda-runtime": ("cuda_runtime_api.h", r"\bCUDARTAPI\s+(cuda\w+)\s*\("),
    "cuda-driver": ("cuda.h", r"\bCUDAAPI\s+(cu\w+)\s*\("),
}


def cuda_include() -> Path | None:
    for home in sorted(glob.glob("/usr/local/cuda*/include"), reverse=True):
        if (Path(home) / "cuda_runtime_api.h").exists() and (Path(home) / "cuda.h").exists():
            return Path(home)
    return None


@pytest.mark.parametrize("table", sorted(HEADER_FUNCTIONS))
def test_coverage_of_installed_headers(tables: dict[str, dict], table: str) -> None:
    include = cuda_include()
    if include is None:
        pytest.skip("no CUDA toolkit headers on this machine")
    header, pattern = HEADER_FUNCTIONS[table]
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", (include / header).read_text(errors="replace"), flags=re.DOTALL)
    declared = set(re.findall(pattern, text))
    known = tables[table]["names"]
    present = sum(1 for n in declared if n in known)
    share = present / len(declared)
    print(f"{table}: {present}/{len(declared)} functions of {include / header} catalogued ({share:.1%})")
    assert declared and share >= 0.90


def test_portable_coverage_of_runtime_api(tables: dict[str, dict]) -> None:
    """At least 90% of the functions cuda_runtime_api.h declares have a portable form (status supported)."""
    include = cuda_include()
    if include is None:
        pytest.skip("no CUDA toolkit headers on this machine")
    header, pattern = HEADER_FUNCTIONS["cuda-runtime"]
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", (include / header).read_text(errors="replace"), flags=re.DOTALL)
    declared = set(re.findall(pattern, text))
    rows = tables["cuda-runtime"]["names"]
    supported = sorted(n for n in declared if rows.get(n, {}).get("status") == "supported")
    share = len(supported) / len(declared)
    print(f"cuda-runtime: {len(supported)}/{len(declared)} functions of {include / header} have a portable form "
          f"({share:.1%})")
    assert share >= 0.90


def test_portable_coverage_of_runtime_snapshot(tables: dict[str, dict]) -> None:
    """The same over the snapshot of every runtime header's functions (interop and profiler headers included)."""
    declared = snapshot("cuda-runtime")
    rows = tables["cuda-runtime"]["names"]
    supported = sum(1 for n in declared if rows.get(n, {}).get("status") == "supported")
    print(f"cuda-runtime: {supported}/{len(declared)} declared functions have a portable form "
          f"({supported / len(declared):.1%})")
    assert supported / len(declared) >= 0.70


def test_nccl_coverage_of_installed_header(tables: dict[str, dict]) -> None:
    found = sorted(glob.glob("/usr/local/cuda*/include/nccl.h") + glob.glob("/usr/include/nccl.h"))
    if not found:
        pytest.skip("no nccl.h on this machine")
    declared = set(
        re.findall(r"^ncclResult_t\s+(\w+)\s*\(", Path(found[-1]).read_text(errors="replace"), re.MULTILINE)
    )
    known = tables["nccl"]["names"]
    assert declared and sum(1 for n in declared if n in known) / len(declared) >= 0.90


def test_total_count_and_load_time(tables: dict[str, dict]) -> None:
    start = time.perf_counter()
    for table in TABLES:
        with open(MAPS / f"{table}.toml", "rb") as fh:
            tomllib.load(fh)
    elapsed = time.perf_counter() - start
    counts = {t: len(d["names"]) for t, d in tables.items()}
    print(
        f"catalog: {sum(counts.values())} names; {counts}; tomllib.load of all tables {elapsed * 1000:.0f} ms"
    )
    assert sum(counts.values()) > 8000


def test_cub_rules_split_one_list() -> None:
    """cub-api rewrites the CUB names the CPU form has and cub-usage reports the others: one list, both sides."""
    pattern = re.compile(r'#(?:not-)?match\? @rest "(\^\(.*?\)\\\\\\\\b)"')
    lists = {}
    for rule in ("cub-api", "cub-usage"):
        text = (Path(__file__).resolve().parents[1] / "rules" / "kernel" / f"{rule}.toml").read_text()
        lists[rule] = pattern.findall(text)
    assert len(lists["cub-api"]) == 1 and lists["cub-api"] == lists["cub-usage"], lists
