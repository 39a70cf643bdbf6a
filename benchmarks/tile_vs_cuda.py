"""Tile kernels against the CUDA kernels they replace, on one NVIDIA GPU, in one run.

For every kernel fixture in tests/tile/fixtures (CUDA source and its migrated Triton module), the original kernel is
compiled with torch.utils.cpp_extension.load_inline behind a generated launcher, both run on the same inputs, the
outputs are compared, and each is timed with CUDA events (warm-up, median of N). The corpus programs' kernels
follow: the extension's ops (built with cpp_extension.load) and the load_inline op against their torch.library
ops, CuPy's RawKernel/ElementwiseKernel/ReductionKernel and Numba's cuda.jit kernels against the functions in
corpus/<program>/migrated_tile; a program whose library does not import (CuPy, numba-cuda) is skipped with the
reason. Prints per-kernel times, the
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
from cuda_events import median_ms  # benchmarks/cuda_events.py, beside this script

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


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _program_cases(dev) -> dict:
    """name -> builder returning (original callable, tile callable, tolerance); each callable returns its output."""
    corpus = ROOT / "corpus"

    def r(*s):
        return torch.randn(*s, device=dev)

    def extension():
        from torch.utils.cpp_extension import load

        ext = load(name="tile_bench_rowops", sources=[str(corpus / "torch_extension" / "rowops_kernel.cu")],
                   extra_cuda_cflags=["-O3", "-arch=sm_90"], verbose=False)
        tile = _load(corpus / "torch_extension" / "migrated_tile" / "rowops_cuda.py", "rowops_cuda")
        return ext, tile

    def bias_gelu():
        ext, tile = extension()
        x, bias = r(4096, 4096), r(4096) * 0.1
        return lambda: ext.bias_gelu(x, bias), lambda: tile.bias_gelu(x, bias), 1e-5

    def row_sumsq():
        ext, tile = extension()
        x = r(4096, 4096)
        return lambda: ext.row_sumsq(x), lambda: tile.row_sumsq(x), 1e-4

    def inline_softmax():
        from torch.utils.cpp_extension import load_inline

        program = _load(corpus / "load_inline_ext" / "load_inline_ext.py", "bench_load_inline_ext")
        ext = load_inline(name="tile_bench_inline_softmax", cpp_sources=program.cpp_source,
                          cuda_sources=program.cuda_source, functions=["softmax_rows"],
                          extra_cuda_cflags=["-O3", "-arch=sm_90"], verbose=False)
        tile = _load(corpus / "load_inline_ext" / "migrated_tile" / "inline_softmax.py", "inline_softmax")
        x = r(4096, 4096) * 4.0
        return lambda: ext.softmax_rows(x), lambda: tile.softmax_rows(x), 1e-6

    def cupy_modules():
        import cupy  # noqa: F401  (skips the CuPy cases with the reason when it does not import)

        sys.path.insert(0, str(corpus / "cupy_kernels" / "migrated_tile"))
        original = _load(corpus / "cupy_kernels" / "cupy_kernels.py", "bench_cupy_kernels")
        tile = _load(corpus / "cupy_kernels" / "migrated_tile" / "cupy_kernels_tile.py", "cupy_kernels_tile")
        return original, tile

    def cupy_raw():
        import cupy as cp

        original, tile = cupy_modules()
        rows, cols = 4096, 4096
        x = r(rows, cols)
        y0, y1 = torch.empty_like(x), torch.empty_like(x)

        def run_original():
            original.row_max_scale((rows,), (256,), (cp.asarray(x), cp.asarray(y0), rows, cols))
            return y0

        def run_tile():
            tile.row_max_scale_raw((rows,), (256,), (x, y1, rows, cols))
            return y1

        return run_original, run_tile, 1e-6

    def cupy_elementwise():
        import cupy as cp

        original, tile = cupy_modules()
        x, y = r(4096, 4096), r(4096, 4096)
        cx, cy = cp.asarray(x), cp.asarray(y)
        args = (1.5, -0.25, -2.0, 2.0)
        return (lambda: torch.as_tensor(original.axpby_clip(cx, cy, *[cp.float32(a) for a in args]), device=dev),
                lambda: tile.axpby_clip(x, y, *args), 1e-6)

    def cupy_reduction():
        import cupy as cp

        original, tile = cupy_modules()
        x = r(4096, 4096)
        cx = cp.asarray(x)
        return (lambda: torch.as_tensor(original.sum_sq(cx, axis=1), device=dev),
                lambda: tile.sum_sq(x, axis=1), 1e-9)

    def numba_modules():
        from numba import cuda  # numba-cuda may not import or compile here: the Numba cases are then skipped

        def probe(out):
            out[0] = 1.0

        try:
            probe_out = torch.zeros(1, device=dev)
            cuda.jit(probe)[1, 1](cuda.as_cuda_array(probe_out))
            cuda.synchronize()
        except Exception as exc:
            raise ImportError(f"numba-cuda cannot compile a kernel here: {type(exc).__name__}: {exc}") from exc

        original = _load(corpus / "numba_kernels" / "numba_kernels.py", "bench_numba_kernels")
        tile = _load(corpus / "numba_kernels" / "migrated_tile" / "numba_kernels_tile.py", "numba_kernels_tile")
        return original, tile

    def numba_scaled_add():
        from numba import cuda

        original, tile = numba_modules()
        n = 1 << 24
        x, y, o0, o1 = r(n), r(n), torch.empty(n, device=dev), torch.empty(n, device=dev)
        blocks = (n + 127) // 128

        def run_original():
            original.scaled_add[blocks, 128](cuda.as_cuda_array(x), cuda.as_cuda_array(y), cuda.as_cuda_array(o0),
                                             3.0)
            return o0

        def run_tile():
            tile.scaled_add[blocks, 128](x, y, o1, 3.0)
            return o1

        return run_original, run_tile, 1e-6

    def numba_block_sum():
        from numba import cuda

        original, tile = numba_modules()
        n = 1 << 24
        blocks = (n + 127) // 128
        x, p0, p1 = r(n), torch.empty(blocks, device=dev), torch.empty(blocks, device=dev)

        def run_original():
            original.block_sum[blocks, 128](cuda.as_cuda_array(x), cuda.as_cuda_array(p0))
            return p0

        def run_tile():
            tile.block_sum[blocks, 128](x, p1)
            return p1

        return run_original, run_tile, 1e-5

    def numba_matmul():
        from numba import cuda

        original, tile = numba_modules()
        m = k = p = 2048
        a, b, c0, c1 = r(m, k), r(k, p), torch.empty(m, p, device=dev), torch.empty(m, p, device=dev)
        grid = ((p + 15) // 16, (m + 15) // 16)

        def run_original():
            original.matmul_tiled[grid, (16, 16)](cuda.as_cuda_array(a), cuda.as_cuda_array(b),
                                                  cuda.as_cuda_array(c0))
            return c0

        def run_tile():
            tile.matmul_tiled[grid, (16, 16)](a, b, c1)
            return c1

        return run_original, run_tile, 1e-3

    return {
        "ext_bias_gelu": bias_gelu, "ext_row_sumsq": row_sumsq, "load_inline_softmax": inline_softmax,
        "cupy_raw_row_max_scale": cupy_raw, "cupy_elementwise_axpby_clip": cupy_elementwise,
        "cupy_reduction_sum_sq": cupy_reduction, "numba_scaled_add": numba_scaled_add,
        "numba_block_sum": numba_block_sum, "numba_matmul_tiled": numba_matmul,
    }


def _fixture_extension(cases: dict, only: list[str]):
    """Every fixture's CUDA source and launcher in one load_inline build (one nvcc run, not one per fixture): each
    source sits in its own namespace, its macros undefined after it, its launcher exported as launch_<case>."""
    from torch.utils.cpp_extension import load_inline

    parts, declarations, names = [], [], []
    for case, (kernel, *_rest) in cases.items():
        if only and case not in only:
            continue
        source = (FIXTURES / case / "input.cu").read_text()
        body, declaration = _launcher_source(source, kernel)
        body = re.sub(r"^\s*#include .*$", "", body, flags=re.M)
        macros = re.findall(r"^\s*#define\s+(\w+)", body, flags=re.M)
        ident = re.sub(r"\W", "_", case)
        parts.append(f"namespace case_{ident} {{\n{body}\n}}\n" + "".join(f"#undef {m}\n" for m in macros))
        params = declaration[declaration.index("(") + 1:declaration.rindex(")")]
        args = ", ".join(p.split()[-1] for p in params.split(", "))
        parts.append(f"void launch_{ident}({params}) {{ case_{ident}::launch({args}); }}\n")
        declarations.append(declaration.replace("void launch(", f"void launch_{ident}("))
        names.append(f"launch_{ident}")
    prelude = ("#include <torch/extension.h>\n#include <ATen/cuda/CUDAContext.h>\n#include <cfloat>\n"
               "#include <cstdint>\n#include <cmath>\n")
    return load_inline(name="tile_bench_fixtures", cpp_sources="\n".join(declarations),
                       cuda_sources=prelude + "\n".join(parts), functions=names,
                       extra_cuda_cflags=["-O3", "-arch=sm_90"], verbose=False)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--only", nargs="*", default=[])
    options = parser.parse_args()
    dev = torch.device("cuda")
    torch.manual_seed(0)
    results, ratios, failures = [], [], 0
    cases = _cases(dev)
    fixtures = _fixture_extension(cases, options.only) if not options.only or set(options.only) & set(cases) else None
    for case, (kernel, grid, block, build, out_index, tol) in cases.items():
        if options.only and case not in options.only:
            continue
        try:
            launch = getattr(fixtures, "launch_" + re.sub(r"\W", "_", case))
            spec = importlib.util.spec_from_file_location(f"tile_{case}", FIXTURES / case / "expected.py")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            tile = getattr(module, kernel)
            args_cuda = build()
            args_tile = [a.clone() if isinstance(a, torch.Tensor) else a for a in args_cuda]
            launch(list(grid), list(block), *args_cuda)
            tile(grid, block, *args_tile)
            torch.cuda.synchronize()
            a, b = args_cuda[out_index].double(), args_tile[out_index].double()
            err = ((a - b).abs().max() / max(1.0, a.abs().max().item())).item()
            ok = err <= max(tol, 1e-7) and not torch.isnan(b).any().item()
            t_cuda = median_ms(lambda: launch(list(grid), list(block), *args_cuda), options.repeat, warmup=5)
            t_tile = median_ms(lambda: tile(grid, block, *args_tile), options.repeat, warmup=5)
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
    for case, build in _program_cases(dev).items():
        if options.only and case not in options.only:
            continue
        try:
            run_original, run_tile, tol = build()
        except ImportError as exc:  # CuPy or numba-cuda missing or broken here: say so, time the rest
            print(f"{case:28s} SKIPPED {type(exc).__name__}: {exc}")
            results.append({"case": case, "skipped": f"{type(exc).__name__}: {exc}"})
            continue
        except Exception as exc:  # one broken case must not hide the others
            failures += 1
            print(f"{case:28s} ERROR {type(exc).__name__}: {exc}")
            results.append({"case": case, "error": f"{type(exc).__name__}: {exc}"})
            continue
        try:
            a, b = run_original().double(), run_tile().double()
            torch.cuda.synchronize()
            err = ((a - b).abs().max() / max(1.0, a.abs().max().item())).item()
            ok = err <= max(tol, 1e-7) and not torch.isnan(b).any().item()
            t_cuda = median_ms(run_original, options.repeat, warmup=5)
            t_tile = median_ms(run_tile, options.repeat, warmup=5)
        except Exception as exc:
            failures += 1
            print(f"{case:28s} ERROR {type(exc).__name__}: {exc}")
            results.append({"case": case, "error": f"{type(exc).__name__}: {exc}"})
            continue
        failures += not ok
        ratio = t_cuda / t_tile
        ratios.append(ratio)
        results.append({"case": case, "cuda_ms": t_cuda, "triton_ms": t_tile, "speedup": ratio,
                        "max_rel_err": err, "match": ok})
        print(f"{case:28s} orig {t_cuda:9.4f} ms  triton {t_tile:9.4f} ms  speedup {ratio:6.2f}x  "
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
