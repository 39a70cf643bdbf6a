"""Tile kernels against the CUDA kernels they replace, on one NVIDIA GPU, in one run.

For every kernel fixture in tests/tile/fixtures (CUDA source and its migrated Triton module), the original kernel is
compiled with torch.utils.cpp_extension.load_inline behind a generated launcher, both run on the same inputs, the
outputs are compared, and each is timed with CUDA events (warm-up, median of N). Prints per-kernel times, the
ratio CUDA/Triton (above 1: Triton is faster) and the geometric mean; with $OUT set, writes tile_vs_cuda.json there.

    python benchmarks/tile_vs_cuda.py [--repeat 50] [--only name ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import re
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "tile" / "fixtures"
sys.path.insert(0, str(ROOT))

from migrate.tile.cuda_front import read_module  # noqa: E402


def _cases(dev):
    """name -> (kernel, grid, block, args builder, output index, tolerance): large shapes for timing."""
    def r(*s):
        return torch.randn(*s, device=dev)

    n = 1 << 24
    rows, cols = 4096, 4096
    M = N = K = 2048
    return {
        "vec_add": ("vecAdd", ((n + 255) // 256,), (256,), lambda: [r(n), r(n), torch.empty(n, device=dev), n], 2, 0),
        "saxpy": ("saxpy", (4096,), (256,), lambda: [n, 2.0, r(n), r(n)], 3, 1e-6),
        "bias_gelu": ("bias_gelu_kernel", (4096,), (256,),
                      lambda: [r(rows, cols), r(cols), torch.empty(rows, cols, device=dev), rows * cols, cols], 2,
                      1e-5),
        "elu": ("elu", ((n + 255) // 256,), (256,), lambda: [r(n), torch.empty(n, device=dev), 0.7, n], 1, 1e-6),
        "2d_scale": ("scale_bias_2d", ((cols + 15) // 16, (rows + 15) // 16), (16, 16),
                     lambda: [r(rows, cols), r(cols), torch.empty(rows, cols, device=dev), rows, cols, cols, 1.5],
                     2, 1e-6),
        "row_sumsq": ("row_sumsq_kernel", (rows,), (256,),
                      lambda: [r(rows, cols), torch.empty(rows, device=dev), cols], 1, 1e-4),
        "softmax_shared": ("softmax_rows_kernel", (rows,), (256,),
                           lambda: [r(rows, cols), torch.empty(rows, cols, device=dev), cols], 1, 1e-6),
        "softmax_warp": ("softmax_rows", (rows,), (256,),
                         lambda: [r(rows, cols), torch.empty(rows, cols, device=dev), cols], 1, 1e-6),
        "layernorm_warp": ("layernorm_fwd", ((rows + 3) // 4,), (128,),
                           lambda: [r(rows, cols), r(cols), r(cols), torch.empty(rows, cols, device=dev),
                                    torch.empty(rows, device=dev), torch.empty(rows, device=dev), rows, cols, 1e-5],
                           3, 1e-4),
        "row_max_scale": ("row_max_scale", (rows,), (256,),
                          lambda: [r(rows, cols), torch.empty(rows, cols, device=dev), rows, cols], 1, 1e-6),
        "block_partials": ("reduce_shared", ((n + 511) // 512,), (256,),
                           lambda: [r(n), torch.empty((n + 511) // 512, device=dev), n], 1, 1e-4),
        "matmul_naive": ("matmul_naive", ((N + 15) // 16, (M + 15) // 16), (16, 16),
                         lambda: [r(M, K), r(K, N), torch.empty(M, N, device=dev), M, N, K], 2, 1e-3),
        "matmul_tiled": ("matmul_tiled", ((N + 15) // 16, (M + 15) // 16), (16, 16),
                         lambda: [r(M, K), r(K, N), torch.empty(M, N, device=dev), M, N, K], 2, 1e-3),
    }


def _launcher_source(source: str, kernel: str) -> tuple[str, list]:
    """The fixture's CUDA source plus a host function `launch` taking tensors and numbers for each parameter."""
    fn = read_module(source.encode()).functions[kernel]
    params, args = [], []
    for i, p in enumerate(fn.params):
        if p.pointer:
            params.append(f"torch::Tensor a{i}")
            ctype = "scalar_t" if "scalar_t" in p.ctype else p.ctype.replace("const", "").replace("__restrict__", "").strip()
            ctype = "float" if ctype in ("scalar_t", "T") else ctype
            args.append(f"({ctype}*)a{i}.data_ptr()")
        elif p.ctype.replace("const", "").strip() in ("float", "double"):
            params.append(f"double a{i}")
            args.append(f"({p.ctype})a{i}")
        else:
            params.append(f"int64_t a{i}")
            args.append(f"({p.ctype})a{i}")
    name = f"{kernel}<float>" if fn.tparams else kernel
    host = (
        "\n#include <torch/extension.h>\n#include <ATen/cuda/CUDAContext.h>\n"
        f"void launch(std::vector<int64_t> g, std::vector<int64_t> b, {', '.join(params)}) {{\n"
        "  dim3 grid(g[0], g.size() > 1 ? g[1] : 1), block(b[0], b.size() > 1 ? b[1] : 1);\n"
        f"  {name}<<<grid, block, b[0] * (b.size() > 1 ? b[1] : 1) * sizeof(float), "
        f"at::cuda::getCurrentCUDAStream()>>>({', '.join(args)});\n}}\n"
    )
    prelude = "#include <cfloat>\n#include <cstdint>\n"
    text = re.sub(r"#include <torch/extension.h>|#include <ATen/cuda/CUDAContext.h>", "", source)
    declaration = f"void launch(std::vector<int64_t> g, std::vector<int64_t> b, {', '.join(params)});"
    return prelude + text + host, declaration


def _time(fn, repeat: int) -> float:
    for _ in range(5):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeat):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return sorted(times)[len(times) // 2]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--only", nargs="*", default=[])
    options = parser.parse_args()
    from torch.utils.cpp_extension import load_inline

    dev = torch.device("cuda")
    torch.manual_seed(0)
    results, ratios, failures = [], [], 0
    for case, (kernel, grid, block, build, out_index, tol) in _cases(dev).items():
        if options.only and case not in options.only:
            continue
        source = (FIXTURES / case / "input.cu").read_text()
        try:
            cuda_src, declaration = _launcher_source(source, kernel)
            ext = load_inline(name=f"tile_bench_{case}", cpp_sources=declaration, cuda_sources=cuda_src,
                              functions=["launch"], extra_cuda_cflags=["-O3", "-arch=sm_90"], verbose=False)
            spec = importlib.util.spec_from_file_location(f"tile_{case}", FIXTURES / case / "expected.py")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            tile = getattr(module, kernel)
            args_cuda = build()
            args_tile = [a.clone() if isinstance(a, torch.Tensor) else a for a in args_cuda]
            ext.launch(list(grid), list(block), *args_cuda)
            tile(grid, block, *args_tile)
            torch.cuda.synchronize()
            a, b = args_cuda[out_index].double(), args_tile[out_index].double()
            err = ((a - b).abs().max() / max(1.0, a.abs().max().item())).item()
            ok = err <= max(tol, 1e-7) and not torch.isnan(b).any().item()
            t_cuda = _time(lambda: ext.launch(list(grid), list(block), *args_cuda), options.repeat)
            t_tile = _time(lambda: tile(grid, block, *args_tile), options.repeat)
        except Exception as exc:  # one broken case must not hide the others
            failures += 1
            print(f"{case:16s} ERROR {type(exc).__name__}: {exc}")
            results.append({"case": case, "error": f"{type(exc).__name__}: {exc}"})
            continue
        failures += not ok
        ratio = t_cuda / t_tile
        ratios.append(ratio)
        results.append({"case": case, "kernel": kernel, "cuda_ms": t_cuda, "triton_ms": t_tile,
                        "speedup": ratio, "max_rel_err": err, "match": ok})
        print(f"{case:16s} cuda {t_cuda:9.4f} ms  triton {t_tile:9.4f} ms  speedup {ratio:6.2f}x  "
              f"err {err:.2e} {'ok' if ok else 'MISMATCH'}")
    geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else float("nan")
    print(f"geometric mean speedup (CUDA time / Triton time) = {geomean:.3f} over {len(ratios)} kernels")
    print(f"torch {torch.__version__}, triton {__import__('triton').__version__}, "
          f"device {torch.cuda.get_device_name(0)}")
    out = os.environ.get("OUT")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        (Path(out) / "tile_vs_cuda.json").write_text(json.dumps(
            {"results": results, "geomean_speedup": geomean, "failures": failures}, indent=2) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
