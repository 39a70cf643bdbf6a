"""Real CUDA kernels through the tile path: found, lowered, compiled for sm_90 and gfx942, and right.

For every program folder under SRC (HeCBench's `src/<name>-cuda/` layout, or any folder of CUDA sources):

1. the whole program goes through `migrate.tile.translate_tree` (what `migrate tile` and `apply --tile` run, its
   compile check left to step 2); an exception there is a crash and is counted;
2. each `__global__` kernel of each .cu/.cuh file is counted as found, then lowered (`lower`), rendered, and
   compiled with Triton for `GPUTarget("cuda", 90, 32)` and `GPUTarget("hip", "gfx942", 64)` with no GPU;
3. each kernel that compiles is checked for parity: the original kernel, built on the runtime's CPU backend from the
   program's `migrate apply` copy with a generated launcher, and the Triton launcher under TRITON_INTERPRET=1 get the
   same random non-zero inputs (float data from N(0,1) kept away from zero, int data in [1, SIZE)), the same integer
   arguments (SIZE, an awkward size that is no multiple of a block; a vector passed by value is given as the tuple of
   its lanes, SIZE + k or 0.75 + k / 4 for lane k) and the same launch shape: the one block its program launches at
   every launch, written in numbers or through named ones and dim3 variables (`<<<1, 1>>>`: a kernel written for one
   thread; `dim3 threads; threads.x = THREADS;`: a block reduction of THREADS), with a grid of 1 where the program
   writes one, else one covering the harness's data; else a fixed one, its grid widened for an element-wise map whose
   guard (`i < n * n * n`) needs more threads, as its program and the Triton launcher size the grid to that bound;
   every buffer is compared after the launch (max |diff| / max(1, |ref|) <= 1e-4; a float16 buffer's <= 4 units
   in the last place of 1.0, 4 * 2**-10), and so is every variable of device memory at namespace scope the kernel
   uses (`__constant__`, `__device__`,
   `__managed__`: read back with cudaMemcpyFromSymbol and from the module's tensor of it), each filled first with the
   same random values on both sides where it has no initializer (cudaMemcpyToSymbol; the module's `name.on(device)`),
   its initializer kept where it has one (the original's is in its source, the module's in the module). A kernel
   whose original does not build or run on the CPU backend has no reference and is counted as such. An original that
   crashes is run again in a diagnosis build (AddressSanitizer and the bounds and shift checks): one that indexed
   past the buffers or the dynamic shared memory the harness gave it is checked again, both sides, with more (longer
   buffers, 48 KiB; the variables of device memory keep their own sizes); one that did something undefined for the
   harness's inputs and launch (an array of known size indexed out of its bounds, memory no allocation holds, a
   failing device assert) is counted as undefined for the inputs, its row saying what and at which line. A mismatch
   whose Triton buffers change with the prior bytes of the launcher's shared-memory scratch (0x00, then 0x41) is
   counted as undefined for the inputs: the kernel reads shared memory no thread of its block wrote (in the
   original, for these inputs, or in the lowering), so no reference can settle it; its row says so, and such rows are
   read by hand. So is a mismatch whose original gives another result with its threads run in the reverse order (a
   kernel whose threads never wait for each other, called thread by thread from the last: they race on a buffer or a
   variable under this launch), or does what C leaves undefined and the CPU and a GPU resolve differently (a
   reference built with UBSan's shift, division by zero and float-to-int range checks reports it from the program's
   sources). A template kernel launched at unlike element types (one Triton kernel per instantiation) is checked at
   each instantiation against the original built at it, through the launcher of the original's name (which picks
   the instantiation by the inputs' dtypes); its row is the worst of those with a reference, and names the ones
   without. A kernel whose original is undefined at SIZE is checked again at EVEN (whole blocks, which is how many
   programs size their data): it passes there only where the original, in the diagnosis build, is defined, gives
   the same result with its threads (or blocks) run in the reverse order, and the Triton form reads no shared memory
   no thread wrote; the row says it was checked at EVEN and why not at SIZE, and the table counts such passes;
4. the totals and one row per kernel go to Markdown and JSON.

    python3 benchmarks/realcode_tile.py SRC [SRC ...] [--only NAME,...] [--tree DIR] [--no-parity] [--sanitize]
        [--results benchmarks/results/realcode-tile] [--merge FULL.json [--partial PART.json]]

`--recheck RESULTS.json [--recheck-outcomes undefined,...]` checks only the kernels whose rows there have those
outcomes (after a change to how they are checked), every other kernel of the same programs keeping its row, so
that the run merges with `--merge` like a whole program's.

With `--results R`, the rows of each program are also written to R.progress.json as it finishes, so that a run
stopped before its end leaves what it checked for `--merge ... --partial R.progress.json`.

`--merge FULL.json` puts the rows of this run (or of an earlier `--only` run, `--partial PART.json`) in place of
those programs' rows of a full run and counts the totals again: a change re-runs only the programs whose generated
modules (or the sources their references are built from) changed, since a kernel whose module and reference are
byte-identical gives the same row.

A reference is built as the program's own build would build it: with the include folders its Makefile (`-I`, its
variables expanded) and CMakeLists.txt (INCLUDE_DIRS) name, those inside the program from its migrated copy, and with
the include folders of the system libraries its sources include. These are Debian packages: `libboost-dev` (Boost's
headers: mmcsf's boost/sort) and `libopenmpi-dev` (mpi.h, found through `mpicxx --showme:compile`: allreduce,
pingpong); without them such programs have no reference. A header that is missing is named with why: one `migrate
apply` keeps as CUDA's (a library name with no portable form yet, which the runtime has no header for), or one that is
no file of the program's folder (its build fetches or unpacks it).

`--tree DIR` generates with the `migrate` package found in DIR (an older tree, to measure before a change); the
compile check is always the one of this checkout. Nothing under SRC is written.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = 75  # every integer argument: rows, columns, element counts (awkward: not a multiple of any block)
EVEN = 64  # the size of the second check of a mismatch: whole blocks in both launch shapes
SMALL = 19  # the size of a kernel whose interpreter run outlasts its timeout at SIZE (also awkward)
FLOATS = 0.75  # every floating-point scalar argument
# Elements of every pointer argument: kernels indexing rows*cols fit, and so do those whose sizes are compiled in
# (a 514 x 514 grid) and those indexing two planes of a SIZE^3 volume (x[i * 2 * S * S + ...] with three size
# arguments), which would otherwise read past the buffers, each side other memory.
BUFFER = 1 << 21
BLOCK_1D, GRID_1D = 128, (SIZE * SIZE + 127) // 128
BLOCK_2D, GRID_2D = (16, 16), ((SIZE + 15) // 16, (SIZE + 15) // 16)
TOLERANCE = 1e-4
# A float16 buffer is held to 4 units in the last place of its type (2**-10 each): the original rounds to half where
# its code does (each __hadd, each store), the Triton form where its code does, so a faithful translation may
# differ from it by a few roundings; a wrong one by far more. _compare scales its differences to TOLERANCE's units.
HALF_TOLERANCE = 4 * 2.0**-10
# The checks a reference is built with when it does not match: behaviour C leaves undefined that the CPU and a GPU
# resolve differently (x86 takes a shift count modulo the width, a GPU's shift clamps it; a float out of an int's
# range converts to INT_MIN on x86 and saturates on a GPU), so that no reference can settle the kernel's result.
UB_CHECKS = ("shift", "integer-divide-by-zero", "float-cast-overflow")
GRAPH_BATCH = 20  # launches in the CUDA graph that times a kernel back to back, on both sides
DEVICE_SIZE = 1500  # the integer arguments of the GPU timing runs (also awkward)


def device_buffer(size: int) -> int:
    return 4 * size * size + 8192
CXX_TIMEOUT_S = 300
RUN_TIMEOUT_S = 120
NUMPY_OF = {"fp32": "float32", "fp64": "float64", "i32": "int32", "i64": "int64", "u32": "uint32",
            "u64": "uint64", "i16": "int16", "u16": "uint16", "i8": "int8", "u8": "uint8", "fp16": "float16",
            "i1": "bool"}
C_OF = {"fp32": "float", "fp64": "double", "i32": "int", "i64": "long long", "u32": "unsigned int",
        "u64": "unsigned long long", "i16": "short", "u16": "unsigned short", "i8": "signed char",
        "u8": "unsigned char", "fp16": "__half", "i1": "bool"}


@dataclass
class Row:
    program: str
    file: str
    kernel: str
    line: int
    lowered: bool = False
    compiled: bool = False
    parity: str = ""  # pass | fail | undefined | no reference | error | ""
    error: float | None = None
    why: str = ""


def _load_targets():
    spec = importlib.util.spec_from_file_location("migrate_tile_targets", ROOT / "migrate" / "tile" / "targets.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _sources(folder: Path) -> dict[str, bytes]:
    found = sorted(p for p in folder.rglob("*") if p.suffix in (".cu", ".cuh", ".py", ".h", ".hpp") and p.is_file())
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in found}


def _launch(kernel) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if "2-D" in kernel.summary or kernel.kind == "matmul":
        return GRID_2D, BLOCK_2D
    return (GRID_1D,), (BLOCK_1D,)


def param_kind(signature: dict, param):
    """A parameter's Triton type in `signature`; a vector passed by value (lanes): the list of its lanes' types,
    as a staged case.json keeps it."""
    lanes = getattr(param, "lanes", ())
    return [signature[name] for name in lanes] if lanes else signature[param.name]


def _scalar_kinds(signature: dict, params) -> list[str]:
    """The Triton type of every scalar the kernel takes: each parameter's, each lane's of a vector by value."""
    kinds = [param_kind(signature, p) for p in params]
    return [k for kind in kinds for k in (kind if isinstance(kind, list) else [kind])]


def _lane_values(kinds: list[str], size: int) -> tuple:
    """A vector passed by value: each lane a scalar argument of its own (the floats apart, so a lane read for
    another would show)."""
    return tuple(FLOATS + 0.25 * k if kind.startswith("fp") else size + k for k, kind in enumerate(kinds))


def _random(rng, base: str, count: int, size: int):
    """`count` random elements of Triton type `base`: floats from N(0,1) kept away from zero, ints in [1, size)."""
    import numpy

    if base.startswith("fp"):
        data = rng.standard_normal(count)
        data = numpy.where(numpy.abs(data) < 0.05, 0.5, data)
    elif base == "i1":
        data = rng.integers(0, 2, count)
    else:
        data = rng.integers(1, size, count)
    return data.astype(NUMPY_OF[base])


def _inputs(signature: dict, params, seed: int, size: int = SIZE, buffer: int = BUFFER):
    import numpy

    rng = numpy.random.default_rng(seed)
    values = []
    for param in params:
        kind = param_kind(signature, param)
        if isinstance(kind, list):
            values.append(_lane_values(kind, size))
        elif kind.startswith("*"):
            values.append(_random(rng, kind[1:], buffer, size))
        else:
            values.append(FLOATS if kind.startswith("fp") else size)
    return values


def symbol_specs(kernel) -> list[dict]:
    """The variables of device memory at namespace scope a tile kernel uses (its launcher passes their tensors), as
    the harness handles them: each by its C name (`qualified`, as host code names it) and its module's (`name`),
    with its Triton element type, its element count, and whether the harness fills it with random values before
    the launch (one with no initializer: the original's host code would have written it; one with an initializer
    keeps it on both sides). Every one is read back after the launch and compared. A namespace-scope `const`
    array without `__device__` or `__constant__` is no device symbol (the host cannot copy it): left out."""
    from migrate.tile.targets import triton_type

    return [{"name": g.name, "qualified": g.qualified or g.name, "kind": triton_type(g.ctype, False),
             "count": g.count, "fill": g.values is None}
            for g in getattr(kernel, "symbols", ()) if g.space != "const"]


def symbol_inputs(specs: list[dict], seed: int, size: int = SIZE) -> list:
    """Each variable's starting values: random ones (a generator of its own, so the buffers' inputs stay as they
    were) for those the harness fills, None for the others."""
    import numpy

    rng = numpy.random.default_rng(seed + 1)
    return [_random(rng, spec["kind"], spec["count"], size) if spec["fill"] else None for spec in specs]


def launch_shared(block) -> int:
    """Bytes of dynamic shared memory every launch of the harness gives at first, the original's and the Triton
    launcher's (`shared=`, which launchers of kernels with an `extern __shared__` array take): 8 per thread. A kernel
    whose original indexes past them is checked again with SHARED_MAX (see _parity)."""
    block = block if isinstance(block, (list, tuple)) else [block]
    return 8 * max(1, block[0] * (block[1] if len(block) > 1 else 1))


def shared_keywords(launcher, block, shared: int | None = None) -> dict:
    """The keywords a Triton launcher takes beside its buffers: the launch's dynamic shared memory (`shared` bytes,
    or launch_shared(block)), if it takes it, and the template arguments of a kernel launched with several (the
    smallest number of each, the instantiation the C++ reference is built at)."""
    import inspect

    template = launcher.__globals__.get(f"_{launcher.__name__}_template", {})
    keywords = {name: numbers[0] for name, numbers in template.items()}
    if "shared" in inspect.signature(launcher).parameters:
        keywords["shared"] = launch_shared(block) if shared is None else shared
    return keywords


def _accessor_dims(params, i: int) -> int:
    """The dimensions of the tensor accessor whose pointer is params[i] (the front end passes a
    `PackedTensorAccessor64<float, 2>` as its pointer, then x_stride0.., then x_size0..), or 0."""
    name, dims = params[i].name, 0
    while i + 1 + dims < len(params) and params[i + 1 + dims].name == f"{name}_stride{dims}":
        dims += 1
    sizes = [p.name for p in params[i + 1 + dims:i + 1 + 2 * dims]]
    return dims if dims and sizes == [f"{name}_size{d}" for d in range(dims)] else 0


# The prt driver's helpers: a buffer's element count read from its input file (so that one build runs at any buffer
# size), and the launch's dynamic shared memory from argv[3].
PRT_HELPERS = [
    "static size_t migrate_harness_count(const char* dir, int i, size_t size) {",
    '  FILE* f = std::fopen((std::string(dir) + "/b" + std::to_string(i) + ".bin").c_str(), "rb");',
    "  if (!f) return 0;",
    "  std::fseek(f, 0, SEEK_END); long bytes = std::ftell(f); std::fclose(f);",
    "  return bytes > 0 ? size_t(bytes) / size : 0;",
    "}",
]
# A kernel's parameter types, for a tensor accessor the harness builds from a pointer, sizes and strides; a number
# that converts to the scalar parameter it is passed to, whatever its type: an enumeration (`adamMode_t mode`, which
# the lowering reads as its underlying int) takes the int the Triton kernel is given, which no launch converts alone.
PARAM_TYPES = [
    "template <class F> struct migrate_harness_params;",
    "template <class... P> struct migrate_harness_params<void (*)(P...)> { using type = std::tuple<std::decay_t<P>...>; };",
    "template <class N> struct migrate_harness_number {",
    "  N value;",
    "  template <class T> operator T() const { return static_cast<T>(value); }",
    "};",
]


def _harness(include: str, kernel, signature: dict[str, str], tparams: tuple[str, ...], grid, block,
             api: str = "prt", size: int = SIZE, buffer: int = BUFFER, fn=None, shared: int | None = None,
             scope: str = "", deduced: bool = False, preinclude: bool = False, reverse: bool = False,
             symbols=()) -> str:
    """A main() that reads each buffer from argv[1], launches the original kernel once and writes every buffer to
    argv[2]; `api` "prt" runs it on the runtime's CPU backend (each buffer as long as its input file; argv[3], if
    given, the launch's bytes of dynamic shared memory), "cuda" on a GPU (`buffer` elements each), where argv[3] (a
    repeat count) adds a timing loop that prints the median launch time (CUDA events). `scope`: the namespaces the
    kernel is declared in (`a::b::`); `deduced`: the kernel's name is overloaded, and the launch picks the overload
    by its arguments, as `<<<>>>` does; `preinclude`: the runtime's header first (a source that includes its CUDA
    header only `#ifdef __CUDACC__`). `reverse` (CPU backend, a kernel whose threads never wait for each other)
    calls the kernel once per thread instead, from the last block's last thread to the first block's first, where
    the backend runs them from the first, with the launch's dynamic shared memory set up as the backend's launch
    sets it. `symbols` (symbol_specs): the variables of device memory the kernel uses, each of its own fixed size,
    filled from argv[1]/s<j>.bin before the launch where the harness fills it (cudaMemcpyToSymbol) and written to
    argv[2]/s<j>.bin after it (cudaMemcpyFromSymbol)."""
    lines = (["#include <prt/prt.h>"] if preinclude else []) + [
        "#define main migrate_original_main", f'#include "{include}"', "#undef main", "#include <algorithm>",
        "#include <cstdint>", "#include <cstdio>", "#include <cstdlib>", "#include <memory>", "#include <string>", "#include <tuple>",
        "#include <type_traits>", "#include <vector>"]
    lines += (PRT_HELPERS if api == "prt" else []) + PARAM_TYPES
    lines += ["int main(int argc, char** argv) {", "  if (argc < 3) return 2;"]
    from migrate.tile.targets import C_TO_TRITON

    # Each template parameter as the lowering types it (index_t int64, any other float), in the instantiation and in
    # the argument casts.
    instance = {t: C_OF[C_TO_TRITON.get(t, "fp32")] for t in tparams}

    def instantiated(ctype: str) -> str:
        return re.sub(r"\b\w+\b", lambda m: instance.get(m.group(0), m.group(0)), ctype)

    if fn is not None and fn.instance:  # a kernel specialised to the one instantiation its program launches
        chosen = [instance.get(t, arg) for t, arg in zip(fn.instance_params, fn.instance)]
        name = f"{fn.name}<{', '.join(chosen)}>"  # the C++ name (an instantiation's Triton kernel is named for it)
    else:
        name = kernel.name + (f"<{', '.join(instance[t] for t in tparams)}>" if tparams else "")
    name = scope + name

    args = []
    skip = 0  # the strides and sizes of a tensor accessor, which its argument takes
    for i, param in enumerate(kernel.params):
        if skip:
            skip -= 1
            continue
        kind = param_kind(signature, param)
        if isinstance(kind, list):  # a vector or structure by value, built from its lanes
            lanes = ", ".join(f"({instantiated(param.ctype)})({value})" for value in _lane_values(kind, size))
            whole = " ".join(w for w in param.declared.split() if w not in ("const", "volatile", "struct"))
            args.append(f"{instantiated(whole)}{{{lanes}}}")
        elif kind.startswith("*"):
            ctype = C_OF[kind[1:]]
            count = f"migrate_harness_count(argv[1], {i}, sizeof({ctype}))" if api == "prt" else str(buffer)
            # unique_ptr, not std::vector: a vector<bool> has no data()
            lines += [f"  size_t n{i} = {count};",
                      f"  std::unique_ptr<{ctype}[]> h{i}(new {ctype}[n{i} ? n{i} : 1]);",
                      f'  {{ FILE* f = std::fopen((std::string(argv[1]) + "/b{i}.bin").c_str(), "rb");',
                      (f"    if (!f || std::fread(h{i}.get(), sizeof({ctype}), n{i}, f) != n{i}) return 3;"
                       " std::fclose(f); }"),
                      f"  {ctype}* d{i} = nullptr; {api}Malloc((void**)&d{i}, sizeof({ctype}) * n{i});",
                      f"  {api}Memcpy(d{i}, h{i}.get(), sizeof({ctype}) * n{i}, {api}MemcpyHostToDevice);"]
            declared = param.declared or param.ctype  # a float4 buffer read as floats is still a float4* there
            cast = instantiated(declared.replace("__restrict__", ""))
            pointer = f"({cast}{'' if '*' in declared else '*'})d{i}"
            dims = _accessor_dims(kernel.params, i)
            if dims:  # a tensor accessor: the kernel's own parameter type, from the pointer, its sizes and strides
                extents = ", ".join([str(size)] * dims)
                # int64 sizes: a 64-bit accessor's own index type, which a 32-bit one also takes
                lines += [f"  const int64_t s{i}[] = {{{extents}}}, t{i}[] = {{{extents}}};"]
                whole = (f"std::tuple_element_t<{len(args)}, "
                         f"typename migrate_harness_params<decltype(&{name})>::type>")
                args.append(f"{whole}({pointer}, s{i}, t{i})")
                skip = 2 * dims
            else:
                args.append(pointer)
        else:
            number = f"({instantiated(param.ctype)})({FLOATS if kind.startswith('fp') else size})"
            # an overloaded kernel is picked by its arguments' types: there the number keeps its own
            args.append(number if deduced else f"migrate_harness_number<{instantiated(param.ctype)}>{{{number}}}")
    shared = launch_shared(block) if shared is None else shared
    if api == "prt":
        lines.append(f"  size_t migrate_shared = argc > 3 ? size_t(std::strtoull(argv[3], nullptr, 10)) : {shared};")

    def dims(shape) -> str:
        return "dim3(" + ", ".join(str(s) for s in shape) + ")"

    passed = "".join(f", {a}" for a in args)  # none for a kernel without parameters
    # `v<j>`, not `s<j>`: a tensor accessor's sizes are `s<i>`
    for j, spec in enumerate(symbols):
        ctype, count = C_OF[spec["kind"]], spec["count"]
        lines.append(f"  std::vector<char> v{j}(sizeof({ctype}) * {count});")
        if spec["fill"]:
            lines += [f'  {{ FILE* f = std::fopen((std::string(argv[1]) + "/s{j}.bin").c_str(), "rb");',
                      (f"    if (!f || std::fread(v{j}.data(), 1, v{j}.size(), f) != v{j}.size()) return 3;"
                       " std::fclose(f); }"),
                      (f"  if ({api}MemcpyToSymbol({spec['qualified']}, v{j}.data(), v{j}.size()) != {api}Success)"
                       " return 5;")]
    if api == "prt" and reverse:
        g, b = (list(shape) + [1] * (3 - len(shape)) for shape in (grid, block))
        # The backend's own start of a block (blockDim, gridDim, the dynamic shared memory) on this thread; `prt`
        # unmasked, which a program may define as a macro of its own (logic-rewrite: `#define prt print()`).
        launch = ('#pragma push_macro("prt")\n#undef prt\n'
                  f"  const prt::cpu::Launch migrate_launch{{nullptr, nullptr, {dims(grid)}, {dims(block)}, "
                  "migrate_shared};\n"
                  "  prt::cpu::this_worker().begin_launch(&migrate_launch);\n"
                  '#pragma pop_macro("prt")\n'
                  f"  for (long long n = {g[0] * g[1] * g[2]} - 1; n >= 0; --n) {{\n"
                  f"    blockIdx = uint3{{unsigned(n % {g[0]}), unsigned(n / {g[0]} % {g[1]}), "
                  f"unsigned(n / {g[0] * g[1]})}};\n"
                  f"    for (long long t = {b[0] * b[1] * b[2]} - 1; t >= 0; --t) {{\n"
                  f"      threadIdx = uint3{{unsigned(t % {b[0]}), unsigned(t / {b[0]} % {b[1]}), "
                  f"unsigned(t / {b[0] * b[1]})}};\n"
                  f"      {name}({', '.join(args)});\n    }}\n  }}")
    elif api == "prt":
        # parenthesised: the CPU backend's launch macro would split `k<A, B>` at its comma
        macro = "prtLaunchDeduced" if deduced else "prtLaunchKernel"
        launch = f"{macro}(({name}), {dims(grid)}, {dims(block)}, migrate_shared, 0{passed})"
    else:
        launch = f"{name}<<<{dims(grid)}, {dims(block)}, {shared}>>>({', '.join(args)})"
        on_stream = f"{name}<<<{dims(grid)}, {dims(block)}, {shared}, s>>>({', '.join(args)})"
    lines.append(f"  {launch};")
    lines.append(f"  if ({api}DeviceSynchronize() != {api}Success) return 4;")
    for i, param in enumerate(kernel.params):
        kind = param_kind(signature, param)
        if isinstance(kind, str) and kind.startswith("*"):
            ctype = C_OF[kind[1:]]
            lines += [f"  {api}Memcpy(h{i}.get(), d{i}, sizeof({ctype}) * n{i}, {api}MemcpyDeviceToHost);",
                      f'  {{ FILE* f = std::fopen((std::string(argv[2]) + "/b{i}.bin").c_str(), "wb");',
                      f"    std::fwrite(h{i}.get(), sizeof({ctype}), n{i}, f); std::fclose(f); }}"]
    for j, spec in enumerate(symbols):
        lines += [(f"  if ({api}MemcpyFromSymbol(v{j}.data(), {spec['qualified']}, v{j}.size()) != {api}Success)"
                   " return 6;"),
                  f'  {{ FILE* f = std::fopen((std::string(argv[2]) + "/s{j}.bin").c_str(), "wb");',
                  f"    std::fwrite(v{j}.data(), 1, v{j}.size(), f); std::fclose(f); }}"]
    if api == "cuda":
        lines += ["  if (argc > 3) {", "    int repeat = std::atoi(argv[3]);", "    std::vector<float> times;",
                  "    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);",
                  f"    for (int w = 0; w < 3; ++w) {launch};",
                  "    for (int r = 0; r < repeat; ++r) {",
                  f"      cudaEventRecord(a); {launch}; cudaEventRecord(b); cudaEventSynchronize(b);",
                  "      float ms = 0; cudaEventElapsedTime(&ms, a, b); times.push_back(ms);", "    }",
                  "    std::sort(times.begin(), times.end());",
                  '    std::printf("median_ms %.6f\\n", times[times.size() / 2]);',
                  # A CUDA graph of GRAPH_BATCH launches, timed per launch: the kernels back to back, as the
                  # Triton side is timed (cuda_events.graph_median_ms).
                  "    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);",
                  "    cudaGraph_t graph; cudaGraphExec_t exec;",
                  "    cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);",
                  f"    for (int graph_i = 0; graph_i < {GRAPH_BATCH}; ++graph_i) {on_stream};",
                  ("    if (cudaStreamEndCapture(s, &graph) == cudaSuccess && cudaGraphInstantiate(&exec, graph, 0) == "
                   "cudaSuccess) {"),
                  "      cudaGraphLaunch(exec, s); cudaStreamSynchronize(s); times.clear();",
                  "      for (int r = 0; r < repeat; ++r) {",
                  "        cudaEventRecord(a, s); cudaGraphLaunch(exec, s); cudaEventRecord(b, s); cudaEventSynchronize(b);",
                  f"        float ms = 0; cudaEventElapsedTime(&ms, a, b); times.push_back(ms / {GRAPH_BATCH});",
                  "      }",
                  "      std::sort(times.begin(), times.end());",
                  '      std::printf("graph_ms %.6f\\n", times[times.size() / 2]);',
                  "    }", "  }"]
    lines += ["  return 0;", "}", ""]
    return "\n".join(lines)


def _migrated_copy(program: Path, work: Path) -> Path | str:
    """The program copied and migrated in place with `migrate apply` (the CPU backend's source of the kernels), or
    why there is none. The outcome is kept beside the copy, so every kernel of the program sees the same one."""
    target = work / "migrated" / program.name
    outcome = work / "migrated" / f"{program.name}.outcome"
    if not outcome.is_file():
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(program, target, symlinks=True)
        proc = subprocess.run([sys.executable, "-m", "migrate.cli", "apply", str(target), "--root", str(target)],
                              capture_output=True, text=True, timeout=600, cwd=ROOT, check=False)
        text = "ok" if proc.returncode in (0, 1) else (
            f"migrate apply exits {proc.returncode}: " + (proc.stderr.strip().splitlines() or [""])[-1][:100])
        outcome.write_text(text)
    text = outcome.read_text()
    return target if text == "ok" else text


MAKE_VARIABLE = re.compile(r"^\s*(?:override\s+)?(\w+)\s*[:+?]?=\s*(.*?)\s*$", re.MULTILINE)
CMAKE_SET = re.compile(r"\bset\(\s*(\w+)\s+\"?([^\")]*)\"?\s*\)", re.IGNORECASE)
CMAKE_INCLUDES = re.compile(r"\bINCLUDE_DIRS\b((?:\s+(?![A-Z_]+\b)[^\s)]+)+)")


def _expand(text: str, variables: dict[str, str]) -> str:
    """`text` with each `$(NAME)` and `${NAME}` of `variables` replaced, nested ones too; unknown ones kept."""
    for _ in range(8):  # a variable naming another, a few levels deep
        done = re.sub(r"\$[({](\w+)[)}]", lambda m: variables.get(m.group(1), m.group(0)), text)
        if done == text:
            break
        text = done
    return text


def _build_includes(program: Path, migrated: Path | None = None) -> list[str]:
    """The include folders the program's own build names, as -I flags: its Makefile's `-I` flags (`-I./common`,
    `-I $(INC_DIR)` with the Makefile's variables) and its CMakeLists.txt's INCLUDE_DIRS (`${CMAKE_CURRENT_SOURCE_DIR}`
    and `set()` variables), each resolved against the program's folder. A folder inside the program is taken from its
    migrated copy `migrated` (the sources the reference is built from); one outside it (`-I../bfs-sycl`: headers
    HeCBench keeps once for several versions of a program) as it is. Absolute paths (a system's own) are left out."""
    folders: list[str] = []
    makefile = program / "Makefile"
    if makefile.is_file():
        text = makefile.read_text(errors="replace")
        variables = {name: value for name, value in MAKE_VARIABLE.findall(text)}
        folders += re.findall(r"-I\s*([^\s'\"]+)", _expand(text, variables))
    cmake = program / "CMakeLists.txt"
    if cmake.is_file():
        text = cmake.read_text(errors="replace")
        variables = {"CMAKE_CURRENT_SOURCE_DIR": ".", "CMAKE_CURRENT_LIST_DIR": "."}
        for name, value in CMAKE_SET.findall(text):
            variables[name] = _expand(value.strip(), variables)
        for listed in CMAKE_INCLUDES.findall(text):
            folders += _expand(listed, variables).split()
    found: list[str] = []
    for folder in folders:
        if folder.startswith("/") or "$" in folder:
            continue
        path = (program / folder).resolve()
        if migrated is not None and path.is_relative_to(program.resolve()):
            path = migrated / path.relative_to(program.resolve())
        if path.is_dir() and f"-I{path}" not in found:
            found.append(f"-I{path}")
    return found


def _library_flags(migrated: Path) -> list[str]:
    """The compiler flags of the system libraries the program's sources include: MPI's include folders (`mpicxx
    --showme:compile`, Open MPI's libopenmpi-dev) where a source includes mpi.h. Nothing is linked: the harness's
    main() never reaches the program's own main(), which calls the library."""
    texts = (p.read_bytes() for p in migrated.rglob("*") if p.suffix in (".cu", ".cuh", ".h", ".hpp", ".cpp", ".c"))
    if shutil.which("mpicxx") is None or not any(re.search(rb"#\s*include\s*[<\"]mpi\.h[>\"]", t) for t in texts):
        return []
    shown = subprocess.run(["mpicxx", "--showme:compile"], capture_output=True, text=True, check=False)
    return shown.stdout.split() if shown.returncode == 0 else []


def _missing_header(error: str, program: Path, migrated: Path) -> str:
    """Why a header the build does not find is missing, in words, or "": one `migrate apply` kept as CUDA's (the
    source uses names of its library with no portable form yet, and the runtime has no such header), or one that is
    no file of the program's folder (a file its build fetches or unpacks)."""
    missing = re.search(r"fatal error: ([^:]+): No such file or directory", error)
    if not missing:
        return ""
    header = missing.group(1).strip()
    kept = re.compile(rf"migrate: manual\[[\w-]+\] #include [<\"]{re.escape(header)}[>\"] stays")
    for path in sorted(migrated.rglob("*")):
        if path.suffix not in (".cu", ".cuh", ".h", ".hpp", ".cpp") or not path.is_file():
            continue
        text = path.read_text(errors="replace")
        if kept.search(text):
            names = list(dict.fromkeys(re.findall(r"migrate: manual\[[\w-]+\] (\w+) is CUDA-only", text)))
            uses = f" ({_listed(names)} {'has' if len(names) == 1 else 'have'} no portable form yet)" if names else ""
            return (f"migrate apply keeps {header} in {path.relative_to(migrated).as_posix()}{uses}, and the runtime "
                    "has no such header")
    if not any(program.rglob(Path(header).name)):
        return f"{header} is no file of the program's folder (its build fetches or unpacks it)"
    return ""


def _translation_unit(program: Path, relfile: str) -> str:
    """The source the compiler reaches `relfile` through: `relfile` itself, or the source that includes it by a
    quoted name (main.cu's `#include "kernels.cu"` after the headers those kernels need), followed outwards."""
    from migrate.tile import includers_in

    includers = includers_in(_sources(program))
    seen = {relfile}
    while includers is not None:
        outer = [path for path, _ in includers(relfile) if path not in seen]
        if not outer:
            break
        relfile = outer[0]
        seen.add(relfile)
    return relfile


def _scope(program: Path, relfile: str, fn) -> str:
    """The namespaces the kernel is declared in, as its qualified name starts (`mean_shift::gpu::`); "" for none."""
    from migrate import parse

    path = program / relfile
    if fn is None or not path.is_file() or b"namespace" not in path.read_bytes():
        return ""
    names = []
    node = parse.parse("cuda", path.read_bytes()).root_node
    while node is not None:  # down through the namespaces whose lines hold the kernel's
        inner = next((c for c in node.named_children if c.start_point[0] < fn.line <= c.end_point[0] + 1
                      and c.type in ("namespace_definition", "declaration_list", "linkage_specification",
                                     "preproc_ifdef", "preproc_if", "preproc_else")), None)
        if inner is not None and inner.type == "namespace_definition":
            name = inner.child_by_field_name("name")
            if name is not None:  # an unnamed namespace adds nothing
                names.append(name.text.decode())
        node = inner
    return "".join(f"{n}::" for n in names)


def _overloaded(source: Path, name: str) -> bool:
    """Whether the kernel's name is declared __global__ more than once in its source (`update` at two parameter
    lists), or is also a host function's (`update_r`, a kernel and the host function that launches it): the
    harness's launch then resolves it by its arguments."""
    if not source.is_file():
        return False
    text = source.read_text(errors="replace")
    if len(re.findall(rf"__global__[^;{{}}()]*?\b{re.escape(name)}\s*\(", text)) > 1:
        return True
    from migrate import parse

    stack = [parse.parse("cuda", text.encode()).root_node]
    while stack:
        node = stack.pop()
        if node.type in ("function_definition", "declaration"):
            declarator = node.child_by_field_name("declarator")
            while declarator is not None and declarator.type != "function_declarator":
                declarator = declarator.child_by_field_name("declarator")
            named = declarator.child_by_field_name("declarator") if declarator is not None else None
            if named is not None and named.text.decode(errors="replace") == name and not any(
                child.type == "__global__" for child in node.children
            ):
                return True  # a host function of the kernel's name
            continue
        stack.extend(node.children)
    return False


SHARED_MAX = 48 * 1024  # the most dynamic shared memory a CUDA launch may have without opting in to more
BUFFER_GROWTH = 8  # a kernel whose original indexes past its buffers is checked again with buffers this much longer
BUFFER_MAX = 1 << 26  # elements, at most, of a grown buffer
BUFFER_BYTES_MAX = 3 << 29  # bytes, at most, of all of a kernel's grown buffers together
# The diagnosis build of an original that crashes: AddressSanitizer, and the checks of the indexing of arrays of
# known size and of shift counts; each __shared__ array as static storage (a thread_local array gets no redzone), run
# on one pool thread (every block in turn then has it to itself). `__shared__` is first spelled SHARED_MARK, then,
# once preprocessed, `static` (shared_storage): an `extern __shared__` declaration takes no second storage class.
SANITIZE = ["-g", "-fsanitize=address,bounds,shift-exponent", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
SHARED_MARK = "migrate_harness_shared_storage"
SANITIZE_PRELUDE = f"#include <prt/prt.h>\n#undef __shared__\n#define __shared__ {SHARED_MARK}\n"


def shared_storage(text: str) -> str:
    """Preprocessed source with each SHARED_MARK made `static`, or dropped in a declaration that is `extern` (`extern
    __shared__ float s[];`, `__shared__ extern T s[];`): its storage is declared elsewhere, if anywhere."""
    def storage(match: re.Match) -> str:
        start = max(text.rfind(c, 0, match.start()) for c in ";{}")
        ends = [i for i in (text.find(c, match.end()) for c in ";{}") if i >= 0]
        declaration = text[start + 1:min(ends, default=len(text))]
        return "" if re.search(r"\bextern\b", declaration) else "static"

    return re.sub(rf"\b{SHARED_MARK}\b", storage, text)


@dataclass
class Grow:
    """The original indexed past what the harness gave it: check the kernel again with these (both sides)."""

    buffer: int
    shared: int
    why: str


def _build(harness: Path, binary: Path, text: str, flags: list[str], expand=None) -> subprocess.CompletedProcess:
    """Builds `text` (written to `harness`) into `binary`, unless an earlier run built it from this very text.
    `expand`: a change made to the preprocessed source (its line markers still name `harness`) before it is compiled."""
    if binary.is_file() and harness.is_file() and harness.read_text() == text:
        return subprocess.CompletedProcess([], 0, "", "")
    binary.unlink(missing_ok=True)
    harness.write_text(text)
    source = ["-x", "c++", str(harness)]
    if expand is not None:
        expanded = subprocess.run(["g++", "-E", "-w", *flags, *source], capture_output=True, text=True,
                                  timeout=CXX_TIMEOUT_S, check=False)
        if expanded.returncode != 0:
            return expanded
        harness.with_suffix(".ii").write_text(expand(expanded.stdout))
        source = ["-x", "c++-cpp-output", str(harness.with_suffix(".ii"))]
    # Symbols of the program's other sources, which only its own main() reaches, are left unresolved (at address 0 in
    # a non-PIE binary; a kernel that reached one would crash, not pass): the harness links the kernel's file alone.
    return subprocess.run(["g++", "-O0", "-w", *flags, *source, "-o", str(binary), "-pthread",
                           "-no-pie", "-Wl,--unresolved-symbols=ignore-all"],
                          capture_output=True, text=True, timeout=CXX_TIMEOUT_S, check=False)


def _where(report: str, migrated: Path) -> str:
    """The first frame of a sanitizer report in the program's own sources, as file:line and the line's text."""
    for path, line in re.findall(r"^\s*#\d+ 0x[0-9a-f]+ in .*? (/\S+?):(\d+)(?::\d+)?$", report, re.M):
        if path.startswith(str(migrated) + "/"):
            text = ""
            try:
                text = Path(path).read_text(errors="replace").splitlines()[int(line) - 1].strip()
            except (OSError, IndexError):
                pass
            shown = f" (`{text[:70]}`)" if text else ""
            return f"{Path(path).relative_to(migrated)}:{line}{shown}"
    return "a line of no source of the program"


def _sanitized(report: str, migrated: Path, driver: str, kernel) -> tuple[str, str]:
    """What the diagnosis build's report says the original did: (kind, words). kind "shared": it went past the
    launch's dynamic shared memory; "buffer": past one of the harness's buffers (words name it); "stack": past its
    stack; "undefined": anything else the sanitizers caught (an array of known size indexed out of its bounds, a
    shift by more than its width, memory no allocation holds); "" when they caught nothing."""
    ub = re.search(r"^(/\S+?):(\d+):\d+: runtime error: (.+)$", report, re.M)
    if ub:
        where = _where(f"    #0 0x0 in f {ub.group(1)}:{ub.group(2)}\n", migrated)
        return "undefined", f"is undefined at {where}: {ub.group(3).strip()}"
    error = re.search(r"ERROR: AddressSanitizer: ([\w-]+)", report)
    if not error:
        return "", ""
    kind = error.group(1)
    access = re.search(r"^(READ|WRITE) of size (\d+)", report, re.M)
    verb = {"READ": "reads", "WRITE": "writes"}.get(access.group(1) if access else "", "accesses")
    where = _where(report[error.end():], migrated)
    if kind == "stack-overflow":
        return "stack", f"overflows its stack at {where}"
    region = re.search(r"is located (\d+) bytes to the (left|right) of (\d+)-byte region", report)
    if region:
        offset, side, size = int(region.group(1)), region.group(2), int(region.group(3))
        allocation = report[region.end():].split("SUMMARY:")[0]
        past = (f"{offset} bytes past the end of" if side == "right" else f"{offset} bytes before")
        if "begin_launch" in allocation:
            return "shared", f"{verb} {past} the launch's {size} bytes of dynamic shared memory at {where}"
        made = re.search(rf"{re.escape(driver)}:(\d+)", allocation)
        if made:
            lines = Path(driver).read_text().splitlines()
            held = lines[int(made.group(1)) - 1] if int(made.group(1)) <= len(lines) else ""
            index = re.search(r"&d(\d+)\b", held)
            if index and "Malloc" in held and side == "right":
                name = kernel.params[int(index.group(1))].name
                return "buffer", f"{verb} {past} the buffer {name} ({size} bytes) at {where}"
        return "undefined", f"{verb} {past} a {size}-byte allocation at {where}"
    array = re.search(r"is located (\d+) bytes to the (left|right) of global variable '([^']+)'.*? of size (\d+)",
                      report)
    if array:
        side = "past the end of" if array.group(2) == "right" else "before"
        return "undefined", f"{verb} {side} the array {array.group(3)} ({array.group(4)} bytes) at {where}"
    if kind == "stack-buffer-overflow":
        return "undefined", f"{verb} past a local array at {where}"
    if kind == "SEGV":
        return "undefined", f"{verb} memory no allocation holds at {where}"
    return "undefined", f"{kind.replace('-', ' ')} at {where}"


def _reference(program: Path, relfile: str, kernel, fn, signature, inputs, grid, block, work: Path,
               cflags: list[str], size: int = SIZE, shared: int | None = None, sanitize: bool = False,
               variant: str = "", diagnostics: list[str] | None = None, symbols=()):
    """The original kernel's outputs on the CPU backend (with `shared` bytes of dynamic shared memory, or
    launch_shared(block)): every buffer, then every variable of `symbols` (pairs of a symbol_specs entry and its
    starting values or None); a string saying why there are none, or a Grow: the original indexed past the buffers
    or the dynamic shared memory it was given, and the kernel is to be checked again with more. A run that crashes
    is diagnosed (_failed); with `sanitize`, every run is, since an original that strays without crashing gives a
    reference of whatever memory it reached. `variant` (built and run in a case folder of its own; a run of it that
    fails is not diagnosed): "reversed" runs the original's threads in the reverse order (`_harness`'s `reverse`);
    "blocks" runs its blocks one at a time, last to first (the CPU backend's PRT_CPU_BLOCK_ORDER=reverse);
    "sanitized" builds it with the checks of UB_CHECKS and puts what they report, from the program's own sources,
    into `diagnostics`."""
    import numpy

    migrated = _migrated_copy(program, work)
    if isinstance(migrated, str):
        return migrated
    if any(C_OF.get(k.lstrip("*")) is None for k in _scalar_kinds(signature, kernel.params)):
        return "a parameter type the harness cannot write"
    shared = launch_shared(block) if shared is None else shared
    # program.kernel[.size][.variant]: a variant's build and buffers beside the plain run's, which it is compared with
    base = work / "cases" / (f"{program.name}.{kernel.name}" + ("" if size == SIZE else f".{size}"))
    case = base.with_name(f"{base.name}.{variant}") if variant else base
    for folder in (base, case):  # the plain run's keeps what the variants share (its `preinclude` marker)
        folder.mkdir(parents=True, exist_ok=True)
    source = migrated / _translation_unit(program, relfile)
    flags = [*cflags, f"-I{source.parent}", f"-I{migrated}", *_build_includes(program, migrated),
             *_library_flags(migrated)]
    if variant == "sanitized":
        flags = [f"-fsanitize={','.join(UB_CHECKS)}", *flags]

    def text_of(preinclude: bool) -> str:
        return _harness(str(source), kernel, signature, fn.tparams, grid, block, size=size, fn=fn,
                        scope=_scope(program, relfile, fn), deduced=_overloaded(program / relfile, fn.name),
                        preinclude=preinclude, reverse=variant == "reversed", symbols=[spec for spec, _ in symbols])

    marker = base / "preinclude"
    preinclude = marker.is_file()  # an earlier run found the source needs it
    build = _build(case / "harness.cpp", case / "harness", text_of(preinclude), flags)
    if build.returncode != 0 and not preinclude and re.search(r"'__(global|device)__' does not name a type",
                                                               build.stderr.replace("‘", "'").replace("’", "'")):
        # The source includes its CUDA header only under nvcc (`#ifdef __CUDACC__`): the runtime's header first.
        preinclude = True
        build = _build(case / "harness.cpp", case / "harness", text_of(True), flags)
        if build.returncode == 0:
            marker.write_text("")
    if build.returncode != 0:
        first = next((l for l in build.stderr.splitlines() if "error" in l), "no error line")
        return "the original does not build on the CPU backend: " + (
            _missing_header(first, program, migrated) or first.split("error:")[-1].strip()[:120])
    (case / "in").mkdir(exist_ok=True)
    (case / "ref").mkdir(exist_ok=True)
    for i, value in enumerate(inputs):
        if isinstance(value, numpy.ndarray):
            value.tofile(case / "in" / f"b{i}.bin")
    for j, (_, value) in enumerate(symbols):
        if value is not None:
            value.tofile(case / "in" / f"s{j}.bin")
    command = [str(case / "in"), str(case / "ref"), str(shared)]
    order = {"PRT_CPU_BLOCK_ORDER": "reverse"} if variant == "blocks" else {}
    run = subprocess.run([str(case / "harness"), *command], capture_output=True, text=True, timeout=RUN_TIMEOUT_S,
                         check=False, env={**os.environ, **order})
    if variant and run.returncode != 0:
        return f"the original exits {run.returncode} on the CPU backend"
    if not variant and (run.returncode != 0 or sanitize):
        found = _failed(run, case, text_of(preinclude), flags, migrated, kernel, inputs, shared, command)
        if found is not None:
            return found
    if diagnostics is not None:
        for line in run.stderr.splitlines():
            where, _, what = line.partition(": runtime error: ")
            if what and where.startswith(str(migrated)):  # the program's code, not the runtime's headers
                diagnostics.append(f"{Path(where).relative_to(migrated).as_posix().rsplit(':', 1)[0]}: {what}")
    out = []
    for i, value in enumerate(inputs):
        if isinstance(value, numpy.ndarray):
            out.append(numpy.fromfile(case / "ref" / f"b{i}.bin", dtype=value.dtype))
        else:
            out.append(None)
    return out + [numpy.fromfile(case / "ref" / f"s{j}.bin", dtype=NUMPY_OF[spec["kind"]])
                  for j, (spec, _) in enumerate(symbols)]


def _failed(run, case: Path, text: str, flags: list[str], migrated: Path, kernel, inputs, shared: int,
            command: list[str]):
    """Why the original's run failed, in words, or a Grow when it indexed past the harness's buffers or dynamic
    shared memory and more of them may do: a device assert's failure is read from its message; a crash is run again
    in a diagnosis build (SANITIZE), whose report tells what the original did, where. For a run that did not fail
    (`--sanitize`), None when the diagnosis build finds nothing either."""
    import numpy

    launch = _launch_words(case)
    said = re.search(r"(/\S+?):(\d+): [^\n]*?Assertion `(.+)' failed", run.stderr)
    if said:
        where = _where(f"    #0 0x0 in f {said.group(1)}:{said.group(2)}\n", migrated)
        return (f"undefined for the harness's inputs and launch ({launch}): the original's device assert "
                f"`{said.group(3)[:80]}` fails at {where.split(' (')[0]}")
    bare = f"the original exits {run.returncode} on the CPU backend"
    if run.returncode > 0:
        return bare
    build = _build(case / "sanitized.cpp", case / "sanitized", SANITIZE_PRELUDE + text, [*SANITIZE, *flags],
                   expand=shared_storage)
    if build.returncode != 0:
        return None if run.returncode == 0 else bare + " (its diagnosis build fails)"
    diagnosis = subprocess.run([str(case / "sanitized"), *command], capture_output=True, text=True,
                               timeout=RUN_TIMEOUT_S * 3, check=False,
                               env={**os.environ, "PRT_CPU_THREADS": "1",
                                    "ASAN_OPTIONS": "detect_leaks=0:allocator_may_return_null=1"})
    kind, words = _sanitized(diagnosis.stderr, migrated, str(case / "sanitized.cpp"), kernel)
    if not kind and run.returncode == 0:
        return None
    if not kind:
        return bare + (" (its diagnosis build runs clean: on one pool thread, with its __shared__ arrays static)"
                       if diagnosis.returncode == 0 else f" (its diagnosis build exits {diagnosis.returncode})")
    buffer = max((v.size for v in inputs if isinstance(v, numpy.ndarray)), default=BUFFER)
    if kind == "shared" and shared < SHARED_MAX:
        return Grow(buffer, SHARED_MAX, f"the original {words}")
    if kind == "buffer":
        grown = min(buffer * BUFFER_GROWTH, BUFFER_MAX)
        total = sum(v.itemsize * grown for v in inputs if isinstance(v, numpy.ndarray))
        if grown > buffer and total <= BUFFER_BYTES_MAX:
            return Grow(grown, shared, f"the original {words}")
    if kind == "stack":
        return f"the original {words} on the CPU backend (PRT_CPU_STACK_SIZE sets a fiber's stack)"
    return f"undefined for the harness's inputs and launch ({launch}): the original {words}"


def _launch_words(case: Path) -> str:
    """The harness's launch shape, as its driver writes it, in words."""
    text = (case / "harness.cpp").read_text() if (case / "harness.cpp").is_file() else ""
    shape = re.search(r"\), dim3\(([^)]*)\), dim3\(([^)]*)\), migrate_shared", text)
    return f"grid ({shape.group(1)}), block ({shape.group(2)})" if shape else "its launch"


def _triton(text: str, kernel, inputs, grid, block, case: Path, fill: int | None = None, template=(),
            shared: int | None = None, symbols=()):
    """The Triton launcher's buffers after one launch under TRITON_INTERPRET=1, run in a child process: a kernel
    that strays out of its buffers can crash the interpreter, and that must cost only its own row. `fill`: every
    byte of the launcher's shared-memory scratch set to it before the launch (None: as allocated). `template`: the
    value template parameters of the instantiation checked, each with its numbers (the smallest is launched).
    `shared`: the launch's bytes of dynamic shared memory (None: launch_shared(block)). `symbols`: the variables of
    device memory, as _reference takes them (their starting values are in case/in, which _reference wrote); their
    tensors follow the buffers in what is returned."""
    import numpy

    (case / "tile").mkdir(parents=True, exist_ok=True)
    (case / "module.py").write_text(text)
    meta = {"kernel": kernel.name, "grid": list(grid), "block": list(block), "fill": fill, "shared": shared,
            "template": {name: numbers[0] for name, numbers in template},
            "inputs": [[str(v.dtype), v.size] if isinstance(v, numpy.ndarray) else
                       {"lanes": list(v)} if isinstance(v, tuple) else v for v in inputs],
            "symbols": [spec for spec, _ in symbols]}
    (case / "tile.json").write_text(json.dumps(meta))
    done = subprocess.run([sys.executable, __file__, "--run-tile-case", str(case)], capture_output=True, text=True,
                          timeout=RUN_TIMEOUT_S * 3, check=False, env={**os.environ, "TRITON_INTERPRET": "1"})
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        raise RuntimeError(f"the interpreter run failed ({last[:100]})" if done.returncode > 0
                           else f"the interpreter run crashed (signal {-done.returncode})")
    return [numpy.fromfile(case / "tile" / f"b{i}.bin", dtype=v.dtype) if isinstance(v, numpy.ndarray) else None
            for i, v in enumerate(inputs)] + \
        [numpy.fromfile(case / "tile" / f"s{j}.bin", dtype=NUMPY_OF[spec["kind"]]) for j, (spec, _) in enumerate(symbols)]


def _at_block_multiple(program: Path, relfile: str, kernel, fn, signature, text: str, seed: int, work: Path,
                       cflags, launcher=None, shape=None, buffer: int = BUFFER, shared: int | None = None) -> str:
    """What a mismatch at SIZE becomes at EVEN, a size whose launch is whole blocks (64 x 64 in 128-thread blocks,
    64 in 16 x 16 tiles): many kernels guard no edge, since their programs only size data in whole blocks, and at
    SIZE their threads write past the data onto each other's elements. The row stays a mismatch; this says whether
    the kernel is right on the sizes its program uses. `shape`: the one launch shape the program gives the kernel;
    `buffer`, `shared`: the elements of each buffer and the bytes of dynamic shared memory the check at SIZE gave."""
    grid, block = launch_shape(kernel, shape, EVEN)
    inputs = _inputs(signature, kernel.params, seed, size=EVEN, buffer=buffer)
    specs = symbol_specs(kernel)
    symbols = list(zip(specs, symbol_inputs(specs, seed, EVEN)))
    try:
        ref = _reference(program, relfile, kernel, fn, signature, inputs, grid, block, work, cflags, size=EVEN,
                         shared=shared, symbols=symbols)
        if not isinstance(ref, list):
            return ""
        got = _triton(text, launcher or kernel, inputs, grid, block,
                      work / "cases" / f"{program.name}.{kernel.name}.{EVEN}", template=kernel.template_consts,
                      shared=shared, symbols=symbols)
    except (RuntimeError, OSError, subprocess.SubprocessError):
        return ""
    error = _compare(ref, got)
    return (f"matches at size {EVEN} (whole blocks, error {error:.1e}): the kernel guards no edge that size {SIZE} "
            "crosses" if error <= TOLERANCE else f"also differs at size {EVEN} (whole blocks, error {error:.1e})")


def _reads_unwritten_shared(text: str, kernel, inputs, grid, block, case: Path, template=(),
                            shared: int | None = None, symbols=()) -> bool:
    """Whether the Triton kernel's buffers depend on what its shared-memory scratch held before the launch: two runs
    with every scratch byte 0x00 and 0x41 (12.1 as a float, 1.1e9 as an int: far from zero in any type). The launcher's scratch stands for the original's shared memory, so a
    kernel whose result moves with it reads shared memory no thread wrote: for these inputs the original's result
    is undefined (its CPU reference reads whatever the pool thread's memory held), unless the lowering is what
    reads it."""
    import numpy

    try:
        zero = _triton(text, kernel, inputs, grid, block, case, fill=0x00, template=template, shared=shared,
                       symbols=symbols)
        poison = _triton(text, kernel, inputs, grid, block, case, fill=0x41, template=template, shared=shared,
                         symbols=symbols)
    except (RuntimeError, OSError, subprocess.SubprocessError):
        return False
    return any(a is not None and not numpy.array_equal(a, b, equal_nan=True) for a, b in zip(zero, poison))


def _run_tile_case(case: Path) -> int:
    """The child of _triton: load the module and the inputs, launch once, write every buffer."""
    import numpy
    import torch

    meta = json.loads((case / "tile.json").read_text())
    spec = importlib.util.spec_from_file_location("tile_case", case / "module.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fill, scratch = meta.get("fill"), getattr(module, "_scratch", None)
    if fill is not None and scratch is not None:
        def filled(beside, count, dtype):
            buffer = scratch(beside, count, dtype)
            buffer.view(torch.uint8).fill_(fill)
            return buffer

        module._scratch = filled
    values = []
    for i, item in enumerate(meta["inputs"]):
        if isinstance(item, list):
            values.append(torch.from_numpy(numpy.fromfile(case / "in" / f"b{i}.bin", dtype=item[0]).copy()))
        elif isinstance(item, dict):  # a vector by value, passed as the tuple of its lanes
            values.append(tuple(item["lanes"]))
        else:
            values.append(item)
    specs = meta.get("symbols", [])
    set_symbols(module, specs, [numpy.fromfile(case / "in" / f"s{j}.bin", dtype=NUMPY_OF[spec["kind"]])
                                if spec["fill"] else None for j, spec in enumerate(specs)], None)
    grid, block = meta["grid"], meta["block"]
    launcher = getattr(module, meta["kernel"])
    launcher(grid if len(grid) > 1 else grid[0], block if len(block) > 1 else block[0], *values,
             **(shared_keywords(launcher, block, meta.get("shared")) | meta.get("template", {})))
    for i, value in enumerate(values):
        if hasattr(value, "numpy"):
            value.numpy().tofile(case / "tile" / f"b{i}.bin")
    for j, value in enumerate(read_symbols(module, specs, None)):
        value.tofile(case / "tile" / f"s{j}.bin")
    return 0


def set_symbols(module, specs: list[dict], values: list, device) -> None:
    """Write each variable's starting values (None: leave it as the module made it) into its tensor on `device`
    (None: where the kernels run), as the original's host code did with cudaMemcpyToSymbol."""
    import torch

    for spec, value in zip(specs, values):
        if value is not None:
            getattr(module, spec["name"]).on(device).copy_(torch.from_numpy(value.copy()))


def read_symbols(module, specs: list[dict], device) -> list:
    """Each variable's tensor on `device`, as NumPy arrays (cudaMemcpyFromSymbol)."""
    return [getattr(module, spec["name"]).on(device).cpu().numpy() for spec in specs]


UNDEFINED = "undefined for the harness's inputs and launch"  # how an original undefined there is said (_failed)
GROWS = 3  # checks again with more buffer or dynamic shared memory, at most


def _parity(program: Path, relfile: str, kernel, fn, launcher, signature, text: str, seed: int, work: Path,
            cflags, shape=None, independent: bool = False, sanitize: bool = False,
            size: int = SIZE) -> tuple[str, float | None, str]:
    """(parity, error, why) of one kernel (_parity_at), and of one whose original is undefined at SIZE, what it is
    at EVEN: many programs only size their data in whole blocks, and a kernel that guards no edge (its threads past
    the data return before a barrier, or read shared memory the returned threads never wrote, or write onto each
    other's elements) has no result at SIZE that any translation can be held to. At EVEN, whole blocks, such a
    kernel passes only where its original, run in the diagnosis build, is defined, it gives the same result with its
    threads or blocks run in the reverse order and its Triton form reads no shared memory no thread wrote
    (`strict`); its row says it was checked there and why not at SIZE."""
    state, error, why = _parity_at(program, relfile, kernel, fn, launcher, signature, text, seed, work, cflags,
                                   shape, independent, sanitize, size)
    if state != "undefined" or size != SIZE or f"so it is checked at size {SMALL}" in why:  # (too slow at SIZE)
        return state, error, why
    even, even_error, even_why = _parity_at(program, relfile, kernel, fn, launcher, signature, text, seed, work,
                                            cflags, shape, independent, sanitize=True, size=EVEN, strict=True)
    if even == "pass":
        return "pass", even_error, "; ".join(filter(None, [
            f"checked at size {EVEN} (whole blocks), where the original is defined: at size {SIZE} {why}", even_why]))
    return state, error, "; ".join(filter(None, [why, f"at size {EVEN} (whole blocks): {even}" +
                                                 (f", {even_why}" if even_why else "")]))


def _parity_at(program: Path, relfile: str, kernel, fn, launcher, signature, text: str, seed: int, work: Path,
               cflags, shape=None, independent: bool = False, sanitize: bool = False,
               size: int = SIZE, strict: bool = False) -> tuple[str, float | None, str]:
    """(parity, error, why) of one kernel, or of one instantiation (`kernel`, `fn`) of a kernel launched at unlike
    element types, launched through `launcher` (the kernel itself, or the one that picks the instantiation).
    `shape`: the one (grid, block) the program launches the kernel with, where every launch writes it in numbers
    (`<<<1, 1>>>`: a kernel written for one thread); `independent`: the kernel's threads never wait for or exchange
    values with each other, so the original may also be run with its threads in the reverse order; `sanitize`: every
    original is run in the diagnosis build, not only one that crashes.

    An original that indexes past the buffers (BUFFER elements each) or the dynamic shared memory (launch_shared)
    the harness gives it is checked again, both sides, with more (buffers BUFFER_GROWTH times longer, up to
    BUFFER_MAX; SHARED_MAX bytes), and its row says so. One that the diagnosis build finds undefined for the
    harness's inputs and launch (an array indexed past its bounds, a failing device assert) is counted as undefined,
    with what it did and where; so is a mismatch whose original races or does what C leaves undefined
    (_undefined_original). A kernel whose interpreter run outlasts its timeout at SIZE is checked again, both sides,
    at SMALL (its loops over integer arguments run SMALL times instead), and its row says so; one whose interpreter
    run crashes is checked again with the original run in the diagnosis build, which says whether the original
    strays from what the harness gives it too (then the row is undefined, not an error)."""
    grid, block = launch_shape(kernel, shape, size)
    if any(C_OF.get(k.lstrip("*")) is None for k in _scalar_kinds(signature, kernel.params)):
        return "no reference", None, "a parameter type the harness cannot write"  # bfloat16
    case = work / "cases" / (f"{program.name}.{kernel.name}" + ("" if size == SIZE else f".{size}"))
    template = getattr(kernel, "template_consts", ())
    # the variables of device memory keep their own sizes: only the buffers grow
    specs = symbol_specs(kernel)
    symbols = list(zip(specs, symbol_inputs(specs, seed, size)))
    buffer, shared, grown = BUFFER, launch_shared(block), []
    for _ in range(GROWS + 1):
        inputs = _inputs(signature, kernel.params, seed, size=size, buffer=buffer)
        try:
            ref = _reference(program, relfile, kernel, fn, signature, inputs, grid, block, work, cflags, size=size,
                             shared=shared, sanitize=sanitize, symbols=symbols)
        except subprocess.TimeoutExpired:
            ref = "the original ran past its timeout on the CPU backend"
        if not isinstance(ref, Grow) or len(grown) == GROWS:
            break
        grown.append(f"{ref.why}, so it is checked with " + (
            f"{ref.buffer}-element buffers" if ref.buffer != buffer else f"{ref.shared} bytes of dynamic shared memory"))
        buffer, shared = ref.buffer, ref.shared
    note = "; ".join(grown)
    # what the GPU timing run of a staged case launches with (_stage_case)
    case.mkdir(parents=True, exist_ok=True)  # (not made by a reference that had no migrated copy to build from)
    (case / "sizes.json").write_text(json.dumps({"buffer": buffer, "shared": shared}))
    if isinstance(ref, Grow):
        ref = f"{ref.why}, past the most the harness gives"
    if isinstance(ref, str):
        _drop_grown(case, buffer)
        if ref.startswith(UNDEFINED):
            return "undefined", None, ref
        return "no reference", None, "; ".join(filter(None, [note, ref]))
    try:
        try:
            got = _triton(text, launcher, inputs, grid, block, case, template=template, shared=shared,
                          symbols=symbols)
        except subprocess.TimeoutExpired as exc:
            past = f"the interpreter ran past its {exc.timeout:.0f} s at size {size}"
            if size != SIZE:
                return "error", None, "; ".join(filter(None, [past, note]))
            _drop_grown(case, buffer)
            state, error, why = _parity_at(program, relfile, kernel, fn, launcher, signature, text, seed, work,
                                           cflags, shape, independent, sanitize, size=SMALL, strict=strict)
            return state, error, "; ".join(filter(None, [f"{past}, so it is checked at size {SMALL}", why]))
        except Exception as exc:
            said = f"{type(exc).__name__}: {' '.join(str(exc).split())[:120]}"
            if "crashed" in str(exc) and not sanitize:  # one that strays from its buffers: does the original too?
                _drop_grown(case, buffer)
                state, error, why = _parity_at(program, relfile, kernel, fn, launcher, signature, text, seed, work,
                                               cflags, shape, independent, sanitize=True, size=size, strict=strict)
                checked = f"{said}, so the original is run in the diagnosis build"
                return state, error, why if state == "error" else f"{checked}; {why}"
            return "error", None, "; ".join(filter(None, [said, note]))
        error = _compare(ref, got)
        if error <= TOLERANCE and strict:  # a pass that must also be defined (_parity at EVEN)
            if _reads_unwritten_shared(text, launcher, inputs, grid, block, case, template=template, shared=shared,
                                       symbols=symbols):
                return "undefined", error, "; ".join(filter(None, [
                    "the kernel reads shared memory no thread of its block wrote", note]))
            undefined = _undefined_original(program, relfile, kernel, fn, signature, inputs, grid, block, work,
                                            cflags, ref, independent, shared, symbols, size)
            return ("undefined", error, "; ".join(filter(None, [undefined, note]))) if undefined else \
                ("pass", error, note)
        if error <= TOLERANCE:
            return "pass", error, note
        if _reads_unwritten_shared(text, launcher, inputs, grid, block, case, template=template, shared=shared,
                                   symbols=symbols):
            return "undefined", error, "; ".join(filter(None, [
                "for these inputs the kernel reads shared memory no thread of its block wrote: its buffers differ with "
                "the scratch's bytes (0x00 and 0x41)", note]))
        undefined = _undefined_original(program, relfile, kernel, fn, signature, inputs, grid, block, work, cflags,
                                        ref, independent, shared, symbols, size)
        even = _at_block_multiple(program, relfile, kernel, fn, signature, text, seed, work, cflags, launcher, shape,
                                  buffer, shared) if size == SIZE else ""  # (EVEN is no smaller than SIZE)
        # what whole blocks give still says whether the kernel is right on its program's sizes
        return ("undefined" if undefined else "fail"), error, "; ".join(filter(None, [undefined, even, note]))
    finally:
        _drop_grown(case, buffer)


def _drop_grown(case: Path, buffer: int) -> None:
    """Grown buffers (up to BUFFER_MAX elements each, several copies of each) are not kept in the work folder: the
    case's own, its variants' and those of its check at EVEN."""
    if buffer > BUFFER:
        for folder in [case, *case.parent.glob(f"{case.name}.*")]:
            for part in ("in", "ref", "tile"):
                shutil.rmtree(folder / part, ignore_errors=True)


def _undefined_original(program: Path, relfile: str, kernel, fn, signature, inputs, grid, block, work: Path, cflags,
                        ref, independent: bool, shared: int | None = None, symbols=(), size: int = SIZE) -> str:
    """Why the original's result is not one a translation can be held to, for these inputs and this launch, or "":
    its threads race (the result changes when they run in the reverse order), its blocks race (a kernel whose threads
    wait for each other: the result changes when its blocks run last to first), or it does what C leaves undefined
    (the checks of UB_CHECKS report it)."""
    try:
        if independent:
            reversed_ref = _reference(program, relfile, kernel, fn, signature, inputs, grid, block, work, cflags,
                                      shared=shared, variant="reversed", symbols=symbols, size=size)
            if isinstance(reversed_ref, list) and (apart := _compare(ref, reversed_ref)) > TOLERANCE:
                return (f"the original's result depends on the order its threads run in (error {apart:.1e} between "
                        "its threads run first to last and last to first on the CPU backend): under this launch its "
                        "threads write elements that others read or write")
        else:
            reversed_ref = _reference(program, relfile, kernel, fn, signature, inputs, grid, block, work, cflags,
                                      shared=shared, variant="blocks", symbols=symbols, size=size)
            if isinstance(reversed_ref, list) and (apart := _compare(ref, reversed_ref)) > TOLERANCE:
                return (f"the original's result depends on the order its blocks run in (error {apart:.1e} between "
                        "its blocks run first to last and last to first on the CPU backend): under this launch its "
                        "blocks write elements that other blocks read or write")
        found: list[str] = []
        _reference(program, relfile, kernel, fn, signature, inputs, grid, block, work, cflags, shared=shared,
                   variant="sanitized", diagnostics=found, symbols=symbols, size=size)
    except (OSError, subprocess.SubprocessError):
        return ""
    return f"for these inputs the original's behaviour is undefined ({found[0]})" if found else ""


def _covering(kernel, grid: tuple[int, ...], block: tuple[int, ...], size: int) -> tuple[int, ...]:
    """The harness's grid for an element-wise map, widened on each axis where the bound the kernel guards
    (`i < n * n * n`) needs more threads: its program sizes the grid to that bound, and the Triton launcher covers it
    whatever grid it is given."""
    fitted = _fitted_grid(kernel, block, size) if kernel.kind == "elementwise" else None
    if fitted is None or len(fitted) != len(grid):
        return grid
    wide = tuple(max(a, b) for a, b in zip(grid, fitted))
    threads = 1
    for blocks, width in zip(wide, block):
        threads *= blocks * width
    return wide if threads <= BUFFER // 4 else grid  # (more threads than that would index past the buffers)


LAUNCH = r"\b{name}\s*(<[^<>;]*>)?\s*<<<([^;]*?)>>>"
# A number a program names: `#define THREADS 128`, `const int BLOCK = 256;`, `constexpr unsigned WARPS = 4;`
NAMED_NUMBER = re.compile(r"^\s*#\s*define\s+(\w+)\s+\(?(\d+)[uU]?\)?\s*(?://.*|/\*.*)?$|"
                          r"\bconst(?:expr)?\s+(?:static\s+)?(?:unsigned\s+|signed\s+)?(?:int|long|size_t|int32_t|"
                          r"uint32_t|unsigned)?\s*(\w+)\s*=\s*(\d+)[uU]?\s*;", re.MULTILINE)
# The type words of a host variable whose value a launch can be read from: an integer, or a dim3
INTEGER_TYPE = (r"(?>(?:const|constexpr|static|unsigned|signed|int|long|short|size_t|int32_t|uint32_t|int64_t|"
                r"uint64_t|auto)\b\s*)+")
DIM3_TYPE = r"(?>(?:const|constexpr|static)\s+)*dim3\b\s*"
NUMBER_DEPTH = 8  # names read through names, at most (`dim3 b(threads)` with `int threads = WARPS * 32`)


def _code(text: str) -> str:
    """`text` with its comments and string and character literals blanked, each character kept in place, so that a
    launch or a brace in a comment or a string is not read as code."""
    def blank(match: re.Match) -> str:
        return re.sub(r"[^\n]", " ", match.group(0))

    return re.sub(r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", blank, text, flags=re.DOTALL)


class _Scopes:
    """The braces of one source's code: which blocks enclose a position (the file itself encloses every one)."""

    def __init__(self, code: str):
        self.code = code
        self.blocks: list[tuple[int, int]] = []  # (open, close) of every brace pair
        stack: list[int] = []
        for i, c in enumerate(code):
            if c == "{":
                stack.append(i)
            elif c == "}" and stack:
                self.blocks.append((stack.pop(), i))
        self.blocks += [(start, len(code)) for start in stack]  # (unbalanced: open to the end)
        self.blocks.sort()

    def enclosing(self, pos: int) -> list[tuple[int, int]]:
        """The blocks around `pos`, outermost first, the file first of all."""
        return [(-1, len(self.code))] + [b for b in self.blocks if b[0] < pos < b[1]]

    def innermost(self, pos: int) -> tuple[int, int]:
        return self.enclosing(pos)[-1]

    def parameter(self, name: str, pos: int, outside: int = -1) -> bool:
        """Whether `name` is declared in the parenthesised head of a block around `pos` inside block `outside` (a
        function's parameter, a for loop's variable): a value the program passes in, which hides any declaration
        further out."""
        for start, _ in self.enclosing(pos)[1:]:
            if start <= outside:
                continue
            head = re.search(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)[\w\s]*$", self.code[max(0, start - 2000):start])
            if head and re.search(rf"(?:\w|[*&>])\s*[*&]*\s*\b{name}\s*(?:[,)=\[]|$)", head.group(1)):
                return True
        return False


def _variable(scopes: _Scopes, name: str, pos: int, kind: str) -> tuple[int, str, list[tuple[int, str]]] | None:
    """The declaration of host variable `name` (`kind`: INTEGER_TYPE or DIM3_TYPE) that `pos` sees, as (its position,
    its initialiser in parentheses or braces, "" for none, the writes to it that run before `pos`, each (position,
    `axis=value`)); None where no declaration in scope is found, several are (`#if` branches), a parameter hides it,
    or a write to it may or may not run before `pos` (in a branch or a loop that does not enclose `pos`, braced or
    not, later in a loop that does, anywhere for a variable of the file's scope) or is not read as a value (`+=`, `++`, `&name`)."""
    code = scopes.code
    group = r"\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)"  # parentheses, two levels nested within
    seen = []
    for use in re.finditer(rf"\b{name}\b", code[:pos]):
        start = max(code.rfind(c, 0, use.start()) for c in ";{}") + 1
        statement = re.sub(r"^[ \t]*#.*$", "", code[start:use.start()], flags=re.MULTILINE)
        if not re.fullmatch(rf"\s*{kind}(?>[*&\s]*\w+\s*(?:\[[^\]]*\])?\s*(?:=[^,()]*|{group}|\{{[^{{}}]*\}})?\s*,\s*)*",
                            statement):
            continue
        declared = re.compile(rf"\s*(?:=\s*((?:[^;,()]|{group})+)|({group}|\{{[^;]*?\}}))?\s*[;,]").match(code, use.end())
        if declared and scopes.innermost(use.start())[0] in {b[0] for b in scopes.enclosing(pos)}:
            seen.append((use.start(), declared))
    if not seen:
        return None
    at, declared = seen[-1]
    scope = scopes.innermost(at)
    if [a for a, _ in seen if scopes.innermost(a) == scope][:-1]:
        return None  # declared twice in one scope: branches of #if the harness does not choose between
    if scopes.parameter(name, pos, scope[0]):
        return None
    initial = f"({declared.group(1).strip()})" if declared.group(1) else (declared.group(2) or "").strip()
    around = {b[0] for b in scopes.enclosing(pos) if b[0] > scope[0]}  # the blocks between the declaration's and pos
    writes = []
    for write in re.finditer(rf"(?<![\w.>])(?:(?:\+\+|--)\s*{name}\b|&\s*{name}\b|{name}\b\s*(?:\.\s*([xyz]))?"
                             rf"\s*(?:(\+\+|--)|([-+*/%&|^]|<<|>>)?=(?!=)\s*([^;]*);))", code[declared.end(0):scope[1]]):
        where = declared.end(0) + write.start()
        inside = {b[0] for b in scopes.enclosing(where) if b[0] > scope[0]}
        start = max(code.rfind(c, 0, where) for c in ";{}") + 1
        alone = not re.sub(r"^[ \t]*#.*$", "", code[start:where], flags=re.MULTILINE).strip()  # no `if (c)` before it
        if where < pos and scope[0] >= 0 and inside <= around and alone and write.group(4) is not None \
                and not write.group(3):
            writes.append((where, f"{write.group(1) or ''}={write.group(4).strip()}"))
        elif where < pos or inside & around or scope[0] < 0:
            return None
    return at, initial, writes


def _integer_at(scopes: _Scopes, name: str, pos: int, numbers: dict[str, int | None], depth: int = 0) -> int | None:
    """The value host integer `name` holds at `pos`: from the declaration in scope and the writes that run before
    (_variable), else the number the program names so (`numbers`); None where it is not read as one number."""
    if depth > NUMBER_DEPTH:
        return None
    found = _variable(scopes, name, pos, INTEGER_TYPE)
    if found is None:
        return None if scopes.parameter(name, pos) else numbers.get(name)
    at, value, writes = found
    value = value[1:-1]
    if writes:
        at, value = writes[-1][0], writes[-1][1].lstrip("=")
    return _value_at(scopes, value, at, numbers, depth + 1) if value.strip() else None


def _value_at(scopes: _Scopes, expr: str, pos: int, numbers: dict[str, int | None], depth: int = 0) -> int | None:
    """The positive number constant expression `expr` comes to at `pos`, its names read there (_integer_at), a name
    qualified by a namespace (`gpu::THREADS`) as the number the program names so."""
    qualified = set(re.findall(r"(?:\b\w+\s*::\s*)+(\w+)", expr))
    expr = re.sub(r"(?:\b\w+\s*::\s*)+(?=\w)", "", expr)
    known = dict(numbers)
    for name in set(re.findall(r"\b[A-Za-z_]\w*\b", expr)) - qualified:
        known[name] = _integer_at(scopes, name, pos, numbers, depth)
    return _number(expr, known)


def _arguments(text: str) -> list[str]:
    """`text` split at its commas outside parentheses, braces and brackets, each part stripped."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += c in "([{"
        depth -= c in ")]}"
        if c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    return parts + [text[start:].strip()]


def _number(expr: str, numbers: dict[str, int | None]) -> int | None:
    """A positive number written as one, as a name the program gives one number, or as a constant expression of
    those (`N / 2`, `(WARPS * 32)`), folded as the lowering folds its named constants; None for anything else."""
    from migrate.tile import ir
    from migrate.tile.cuda_front import _define_value

    value = ir.folded(_define_value(expr.strip()), {k: ir.Num(v) for k, v in numbers.items() if v is not None})
    return value if value is not None and value > 0 else None


def _block(expr: str, scopes: _Scopes, pos: int, numbers: dict[str, int | None],
           depth: int = 0) -> tuple[int, ...] | None:
    """The block a launch at `pos` gives with `expr`, read from numbers: a number, a named one or an integer variable
    set from them (`256`, `THREADS`, `int threads = 4 * 32;`), `dim3(16, 16)` (or make_uint3), or the dim3 variable
    the launch sees, declared with numbers and set from them before it (`dim3 block(16, 16);`, `dim3 b; b.x = THREADS;`,
    `dim3(block)`); a block whose x extent is not read so but whose other extents are 1 (`dim3 block(n, 1)`) gives
    None for x, which the harness launches at its own 1-D block size; None for anything else."""
    expr = expr.strip()
    if depth > NUMBER_DEPTH:
        return None
    inline = re.fullmatch(r"(?:dim3|make_uint3)\s*[({](.*)[)}]", expr, re.DOTALL)
    if inline:
        parts = _arguments(inline.group(1))
        if len(parts) == 1 and re.fullmatch(r"\w+", parts[0]) and _variable(scopes, parts[0], pos, DIM3_TYPE):
            return _block(parts[0], scopes, pos, numbers, depth + 1)  # dim3(block): a copy
        values = [_value_at(scopes, a, pos, numbers) for a in parts]
        if len(values) > 1 and values[0] is None and all(v == 1 for v in values[1:]):
            return (None, *values[1:])  # `dim3 block(block_size, 1)`: 1-D threads, however many
        return tuple(values) if values and None not in values else None
    found = _variable(scopes, expr, pos, DIM3_TYPE) if re.fullmatch(r"\w+", expr) else None
    if found is None:
        single = _value_at(scopes, expr, pos, numbers)
        return None if single is None else (single,)
    at, initial, writes = found
    axes: dict[str, int | None] = {}
    if initial:
        shape = _block(f"dim3{initial}", scopes, at, numbers, depth + 1)
        if shape is None:
            return None
        axes = dict(zip("xyz", shape))
    for at, write in writes:
        axis, value = write.split("=", 1)
        if axis:
            axes[axis] = _value_at(scopes, value, at, numbers)
        else:
            shape = _block(value, scopes, at, numbers, depth + 1)
            axes = dict(zip("xyz", shape)) if shape is not None else {"x": None}
    if "x" not in axes or None in [v for a, v in axes.items() if a != "x"]:
        return None
    shape = tuple(axes.get(a, 1) for a in "xyz"[:max("xyz".index(a) for a in axes) + 1])
    if shape[0] is None and (len(shape) == 1 or any(n != 1 for n in shape[1:])):
        return None  # an x extent not read is left to the harness only where the block is 1-D otherwise
    return shape


def _template_numbers(kernel, fn) -> dict[str, int]:
    """The numbers an instantiation the harness checks gives the kernel's value template parameters: those the front
    end specialised (one instantiation launched) and the constexprs of several, at the first number, as the harness
    launches them (_triton's `template`)."""
    from migrate.tile import ir

    numbers = {name: value.value for name, value in getattr(fn, "tvalues", ())
               if isinstance(value, ir.Num) and isinstance(value.value, int)}
    return numbers | {name: values[0] for name, values in getattr(kernel, "template_consts", ())}


def program_launch(files: dict[str, bytes], name: str, tparams: tuple[str, ...] = (),
                   tvalues: dict[str, int] | None = None) -> tuple[tuple[int, ...] | None, tuple[int, ...]] | None:
    """The one block a program launches kernel `name` with, where each of its launches writes it in numbers (`256`,
    `THREADS`, `dim3(16, 16)`, `N / 2`, a host variable the launch sees set from them: _block), and the grid where each writes it as 1
    (`k<<<1, 256>>>`: a kernel whose threads share one job, which more blocks would repeat over each other), else None
    (the harness's grid of that block: a grid the program computes, or writes in numbers, is sized to its own data,
    not to the harness's); None where a launch's block is not read so, launches differ, or none is found.
    `tparams` and `tvalues`: the kernel's template parameters, and the numbers the checked instantiation gives its
    value parameters; a launch `k<T, N><<<g, N / 2>>>` then reads the name its template argument gives a value
    parameter as that number (the host template's N, which the launch passes on)."""
    texts = {path: data.decode("utf-8", "replace") for path, data in files.items()
             if path.endswith((".cu", ".cuh", ".h", ".hpp"))}
    numbers: dict[str, int | None] = {}
    for text in texts.values():
        for match in NAMED_NUMBER.finditer(text):
            key, value = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
            numbers[key] = int(value) if numbers.get(key, int(value)) == int(value) else None
    shapes = set()
    for text in texts.values():
        scopes = _Scopes(_code(text))
        for match in re.finditer(LAUNCH.format(name=re.escape(name)), scopes.code):
            config = _arguments(match.group(2))
            known = dict(numbers)
            if match.group(1) and tvalues:
                for param, argument in zip(tparams, _arguments(match.group(1)[1:-1])):
                    if param in tvalues and re.fullmatch(r"\w+", argument) and not argument.isdigit():
                        known[argument] = tvalues[param]
            block = _block(config[1], scopes, match.start(), known) if len(config) >= 2 else None
            if block is None or 0 in block:
                return None
            shapes.add(((1,) if config[0] == "1" else None, block))
    return shapes.pop() if len(shapes) == 1 else None


def launch_shape(kernel, shape, size: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The (grid, block) the harness launches `kernel` with at `size`: its program's block (program_launch) where that
    has as many axes as the harness's own for the kernel (or more, each 1), or three for a kernel of 3-D blocks, with
    the program's grid of 1 or a grid covering the harness's data (size * size threads in one dimension, size on
    each of the first two axes in more, one block deep in the third); else the harness's own (_launch). Either
    grid is widened for an element-wise map whose guard needs more threads (_covering): its program sizes the grid
    to that bound (glu's `index < M * split * N`), as its Triton launcher does."""
    grid, block = _launch(kernel)
    # size * size elements in 128-thread blocks, size x size in 16 x 16 tiles (whole blocks at EVEN)
    grid = (-(-size * size // BLOCK_1D),) if len(block) == 1 else (-(-size // BLOCK_2D[0]), -(-size // BLOCK_2D[1]))
    if shape is not None:
        axes = 3 if "3-D blocks" in kernel.summary and len(shape[1]) == 3 else len(block)
        wanted = shape[1][:axes] + (1,) * (axes - len(shape[1]))
        if wanted[0] is None:  # 1-D threads of a size the program reads at run time (_block)
            wanted = (BLOCK_1D, *wanted[1:])
        if all(n == 1 for n in shape[1][axes:]):
            if shape[0] is not None:
                return shape[0], wanted
            if axes == 1:
                return _covering(kernel, (-(-size * size // wanted[0]),), wanted, size), wanted
            return _covering(kernel, tuple(-(-size // b) for b in wanted[:2]) + (1,) * (axes - 2), wanted,
                             size), wanted
    return _covering(kernel, grid, block, size), block


def independent_threads(module, fn) -> bool:
    """Whether a kernel's threads never wait for or exchange values with each other: no barrier, warp operation or
    shared array in it or in the device functions it calls (then its threads may run one after another)."""
    from migrate.tile import ir
    from migrate.tile.builtins import builtins

    table = builtins()
    waiting = set(table.barriers) | set(table.shuffles) | set(table.exchanges or {})
    seen = {fn.name}
    bodies = [fn.body]
    while bodies:
        for node in ir.nodes(bodies.pop()):
            if isinstance(node, (ir.Sync, ir.Unsupported)) or (isinstance(node, ir.Decl) and node.shared is not None):
                return False
            if isinstance(node, ir.Call):
                if node.func in waiting or "sync" in node.func.lower():
                    return False
                callee = module.functions.get(node.func)
                if callee is not None and callee.name not in seen:  # the device functions it calls, once each
                    seen.add(callee.name)
                    bodies.append(callee.body)
    return True


PARITY_ORDER = ("fail", "error", "undefined", "pass")  # the worst first: what a row of instantiations says


def _combined(outcomes: list[tuple[str, str, float | None, str]]) -> tuple[str, float | None, str]:
    """One row's (parity, error, why) from each instantiation's (name, parity, error, why): the worst of those with a
    reference, its name in the reason, and the instantiations with none named after it."""
    checked = [o for o in outcomes if o[1] != "no reference"]
    unchecked: dict[str, list[str]] = {}
    for name, parity, _, why in outcomes:
        if parity == "no reference":
            unchecked.setdefault(why, []).append(name)
    missing = "; ".join(f"no reference at {_listed(names)} ({why})" for why, names in unchecked.items())
    if not checked:
        return "no reference", None, missing
    name, parity, _, why = min(checked, key=lambda o: PARITY_ORDER.index(o[1]))
    errors = [o[2] for o in checked if o[2] is not None]
    said = f"at {name}" + (f": {why}" if why else "") if parity != "pass" else \
        f"{len(checked)} of {len(outcomes)} instantiations checked ({_listed([o[0] for o in checked])})"
    return parity, max(errors) if errors else None, "; ".join(filter(None, [said, missing]))


def _listed(names: list[str], most: int = 3) -> str:
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


def _compare(ref, got) -> float:
    import numpy

    worst = 0.0
    for a, b in zip(ref, got):
        if a is None:
            continue
        a64, b64 = a.astype(numpy.float64), b.astype(numpy.float64)
        if not numpy.all(numpy.isfinite(a64) == numpy.isfinite(b64)):
            return float("inf")
        finite = numpy.isfinite(a64)
        if finite.any():
            diff = numpy.abs(a64[finite] - b64[finite]) / numpy.maximum(1.0, numpy.abs(a64[finite]))
            scale = TOLERANCE / HALF_TOLERANCE if a.dtype == numpy.float16 else 1.0
            worst = max(worst, float(diff.max()) * scale)
    return worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", nargs="+", type=Path, help="folders of <name>-cuda programs (HeCBench's src/)")
    parser.add_argument("--only", default="", help="comma-separated program names")
    parser.add_argument("--tree", type=Path, help="generate with the migrate package of this folder")
    parser.add_argument("--no-parity", action="store_true")
    parser.add_argument("--sanitize", action="store_true",
                        help="diagnose every original in the sanitizers' build, not only one that crashes: an original "
                             "that strays past what the harness gives it without crashing is then caught too (slow: a "
                             "second build of every reference)")
    parser.add_argument("--jobs", type=int, default=3, help="programs checked at once (their builds and runs are "
                                                              "child processes)")
    parser.add_argument("--work", type=Path, help="scratch folder (default: a temporary one)")
    parser.add_argument("--results", type=Path, help="write RESULTS.md and RESULTS.json")
    parser.add_argument("--merge", type=Path,
                        help="a full run's RESULTS.json: this run's programs (an --only run over the programs whose "
                             "generated modules or references changed) replace theirs there, and the totals are "
                             "counted again over the merged rows")
    parser.add_argument("--partial", type=Path,
                        help="with --merge: the RESULTS.json of an earlier --only run, merged instead of running")
    parser.add_argument("--stage", type=Path,
                        help="write each kernel that passes parity, with its program, for the GPU timing run into "
                             "STAGE/tile-cases.tar.xz (benchmarks/realcode_tile_device.sh reads it)")
    parser.add_argument("--stage-from", type=Path, metavar="RESULTS.json",
                        help="with --stage: stage, with no parity run here, each kernel that compiles and whose row "
                             "in RESULTS.json has an outcome --stage-outcomes names (the GPU run checks parity "
                             "itself); the programs run are those --only names, or else those with such a row")
    parser.add_argument("--stage-outcomes", default="pass",
                        help="with --stage-from: the outcomes staged, comma-separated (default: pass)")
    parser.add_argument("--recheck", type=Path, metavar="RESULTS.json",
                        help="check only the kernels whose row in RESULTS.json has an outcome --recheck-outcomes "
                             "names; every other kernel of the programs run keeps its row from RESULTS.json (so the "
                             "run's rows merge with --merge); the programs run are those --only names, or else those "
                             "with such a row")
    parser.add_argument("--recheck-outcomes", default="undefined",
                        help="with --recheck: the outcomes checked again, comma-separated (default: undefined)")
    options = parser.parse_args(argv)
    kept_rows: dict[tuple[str, str, str], dict] = {}  # --recheck: the rows not checked again
    if options.recheck:
        again = set(options.recheck_outcomes.split(","))
        old = json.loads(options.recheck.read_text())["kernels"]
        kept_rows = {(r["program"], r["file"], r["kernel"]): r for r in old if r["parity"] not in again}
        if not options.only:
            options.only = ",".join(sorted({r["program"] for r in old if r["parity"] in again}))
    staged_rows: dict[tuple[str, str, str], str] = {}
    if options.stage_from:
        if not options.stage:
            parser.error("--stage-from needs --stage")
        wanted = set(options.stage_outcomes.split(","))
        staged_rows = {(r["program"], r["file"], r["kernel"]): r["parity"]
                       for r in json.loads(options.stage_from.read_text())["kernels"] if r["parity"] in wanted}
        if not options.only:
            options.only = ",".join(sorted({program for program, _, _ in staged_rows}))
    if options.tree:
        sys.path.insert(0, str(options.tree.resolve()))
    else:
        sys.path.insert(0, str(ROOT))
    from migrate import tile
    from migrate.tile.cuda_front import read_module
    from migrate.tile.emit import render_module
    from migrate.tile.lower import lower

    targets = _load_targets()
    # The whole program's translation is run for its crashes alone: its compile check (each kernel for sm_90 and
    # gfx942, in worker processes that cannot crash this one) would compile every kernel a second time, since each
    # kernel's row compiles its own module below (tens of minutes for a program of sorting networks).
    if hasattr(tile, "compile_errors"):
        tile.compile_errors = lambda source, checks: {c.name: "" for c in checks}
    cflags = subprocess.run([sys.executable, "-m", "migrate.cli", "runtime", "--cflags"], capture_output=True,
                            text=True, cwd=ROOT, check=True).stdout.split()
    only = set(filter(None, options.only.split(",")))
    programs = []
    for src in options.src:
        folders = sorted(p for p in src.iterdir() if p.is_dir()) if any(src.glob("*-cuda")) else [src]
        programs += [p for p in folders if (not only or p.name in only)
                     and (not any(src.glob("*-cuda")) or p.name.endswith("-cuda"))]
    # (absolute: the migrated copies are made and built from other working directories)
    work = (options.work or Path(tempfile.mkdtemp(prefix="realcode-tile-"))).resolve()
    rows: list[Row] = []
    crashes: list[str] = []
    start = time.perf_counter()
    def one(program: Path) -> tuple[list[Row], list[str]]:
        rows: list[Row] = []
        crashes: list[str] = []
        files = _sources(program)
        try:
            if not options.stage_from:  # the whole program's translation, which must not crash
                tile.translate_tree(files)
        except Exception as exc:
            crashes.append(f"{program.name}: {type(exc).__name__} ({traceback.extract_tb(exc.__traceback__)[-1].name})")
        for relfile, data in files.items():
            if not relfile.endswith((".cu", ".cuh")):
                continue
            # an older tree (--tree) reads one file at a time
            headers = getattr(tile, "headers_in", None)
            launchers = getattr(tile, "launchers_in", None)
            includers = getattr(tile, "includers_in", None)
            module = read_module(data, relfile, headers(files), launchers=launchers(files),
                                 includers=includers(files)) if includers else \
                read_module(data, relfile, headers(files), launchers=launchers(files)) if launchers else \
                read_module(data, relfile, headers(files)) if headers else read_module(data)
            for fn in module.functions.values():
                if not fn.kernel:
                    continue
                if (program.name, relfile, fn.name) in kept_rows:  # --recheck: not checked again
                    rows.append(Row(**kept_rows[program.name, relfile, fn.name]))
                    continue
                row = Row(program.name, relfile, fn.name, fn.line)
                rows.append(row)
                if options.stage_from and (program.name, relfile, fn.name) not in staged_rows:
                    continue  # neither lowered nor compiled: only the table's rows are staged
                try:
                    kernel = lower(module, fn)
                    text = render_module([kernel], relfile)
                except Exception as exc:
                    row.why = " ".join(str(exc).split())[:120] or type(exc).__name__
                    continue
                row.lowered = True
                checks = targets.checks_for(kernel)  # one per instantiation of a kernel launched at unlike types
                if isinstance(checks, str):
                    row.why = checks
                    continue
                errors = targets.compile_errors(text, checks)
                row.why = next((f"{c.name}: {errors[c.name]}"[:160] if len(checks) > 1 else errors[c.name][:160]
                                for c in checks if errors[c.name]), "")
                if row.why:
                    continue
                row.compiled = True
                if options.no_parity:
                    continue
                if options.stage_from:
                    instances = getattr(kernel, "instances", ())
                    for (one, one_fn), check in zip(list(zip(instances, fn.instances)) or [(kernel, fn)], checks):
                        seed = zlib.crc32(f"{program.name}/{relfile}/{one.name}".encode())
                        try:
                            _stage_case(work / "stage", program, relfile, one, one_fn, check.signature, text, seed)
                        except KeyError as exc:  # a parameter type the CUDA harness has no C name for
                            sys.stderr.write(f"{program.name}.{one.name}: not staged (type {exc})\n")
                    continue
                # A kernel launched at unlike element types is checked at each instantiation, through the launcher
                # of the original's name, which picks the instantiation by the dtypes of the inputs.
                instances = getattr(kernel, "instances", ())
                cases = list(zip(instances, fn.instances)) if instances else [(kernel, fn)]
                outcomes = []
                for (one, one_fn), check in zip(cases, checks):
                    seed = zlib.crc32(f"{program.name}/{relfile}/{one.name}".encode())
                    outcome = _parity(program, relfile, one, one_fn, kernel, check.signature, text, seed, work,
                                      cflags, shape=program_launch(files, fn.name, fn.tparams,
                                                                   _template_numbers(one, one_fn)),
                                      independent=independent_threads(module, one_fn), sanitize=options.sanitize)
                    outcomes.append((one.name, *outcome))
                    if options.stage and outcome[0] == "pass":
                        _stage_case(work / "stage", program, relfile, one, one_fn, check.signature, text, seed)
                row.parity, row.error, row.why = _combined(outcomes) if instances else outcomes[0][1:]
        sys.stderr.write(f"{program.name}: {sum(r.program == program.name for r in rows)} kernels\n")
        return rows, crashes

    if options.partial:
        partial = json.loads(options.partial.read_text())
        rows = [Row(**r) for r in partial["kernels"]]
        crashes = list(partial["crashes"])
        programs = [Path(name) for name in sorted({r.program for r in rows})]
    else:
        finished: dict[str, tuple[list[Row], list[str]]] = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
            futures = {pool.submit(one, program): program.name for program in programs}
            for future in concurrent.futures.as_completed(futures):
                finished[futures[future]] = future.result()
                if options.results:  # what a run stopped before its end keeps: a --partial for --merge
                    _write_progress(options.results.with_suffix(".progress.json"), programs, finished)
        for program in programs:  # in program order
            rows += finished[program.name][0]
            crashes += finished[program.name][1]
    seconds = time.perf_counter() - start
    if options.stage:
        _pack(work / "stage", options.stage)
    program_count = len(programs)
    if options.merge:
        full = json.loads(options.merge.read_text())
        ran = {p.name for p in programs}
        kept = [Row(**r) for r in full["kernels"] if r["program"] not in ran]
        rows = sorted(kept + rows, key=lambda r: r.program)  # program order, each program's rows as they ran
        crashes = [c for c in full["crashes"] if c.split(":")[0] not in ran] + crashes
        program_count = full["totals"]["programs"]
    totals = {
        "programs": program_count, "crashes": len(crashes), "kernels": len(rows),
        "lowered": sum(r.lowered for r in rows), "compiled": sum(r.compiled for r in rows),
        "parity_pass": sum(r.parity == "pass" for r in rows), "parity_fail": sum(r.parity == "fail" for r in rows),
        "parity_error": sum(r.parity == "error" for r in rows),
        "no_reference": sum(r.parity == "no reference" for r in rows),
        "undefined": sum(r.parity == "undefined" for r in rows),
        "fail_whole_blocks_match": sum(r.parity == "fail" and r.why.startswith("matches at size") for r in rows),
        # passes whose original is undefined at SIZE, checked at EVEN instead (_parity)
        "pass_whole_blocks": sum(r.parity == "pass" and f"checked at size {EVEN} (whole blocks)" in r.why
                                 for r in rows),
    }
    report = _markdown(rows, totals, crashes, options)
    print(report)
    sys.stderr.write(f"{seconds:.0f} s\n")
    if options.results:
        options.results.parent.mkdir(parents=True, exist_ok=True)
        options.results.with_suffix(".md").write_text(report)
        options.results.with_suffix(".json").write_text(
            json.dumps({"totals": totals, "crashes": crashes, "kernels": [asdict(r) for r in rows]}, indent=1,
                       sort_keys=True) + "\n")
    return 0


def _bound_value(expr, size: int) -> int | None:
    """An index bound over the kernel's integer arguments, each `size`; None for anything else."""
    from migrate.tile import ir

    if isinstance(expr, ir.Num) and isinstance(expr.value, int):
        return expr.value
    if isinstance(expr, ir.Name):
        return size
    if isinstance(expr, ir.Cast):
        return _bound_value(expr.operand, size)
    if isinstance(expr, ir.Bin) and expr.op in ("+", "-", "*"):
        left, right = _bound_value(expr.left, size), _bound_value(expr.right, size)
        if left is not None and right is not None:
            return left + right if expr.op == "+" else left - right if expr.op == "-" else left * right
    return None


def _fitted_grid(kernel, block: tuple[int, ...], size: int) -> tuple[int, ...] | None:
    """The launch grid a program sizes to its data: one thread per index of the bound the kernel guards
    (`i < n`), as the Triton launcher sizes its own; None for kernels whose grid is not read from a bound."""
    if kernel.kind not in ("elementwise", "matmul"):
        return None
    grid = []
    for axis, expr in enumerate(kernel.grid):
        if getattr(expr, "func", "") != "triton.cdiv" or axis >= len(block):
            return None
        bound = _bound_value(expr.args[0], size)
        if bound is None or bound <= 0:
            return None
        grid.append(-(-bound // block[axis]))
    return tuple(grid) if len(grid) == len(block) else None


def _stage_case(stage: Path, program: Path, relfile: str, kernel, fn, signature: dict[str, str], text: str,
                seed: int) -> None:
    """One GPU timing case: the Triton module, a CUDA harness around the original, and what the inputs are."""
    grid, block = _launch(kernel)
    size = DEVICE_SIZE
    bounds = [_bound_value(g.args[0], size) for g in kernel.grid if getattr(g, "func", "") == "triton.cdiv"]
    if kernel.kind in ("elementwise", "matmul") and any(b is not None and b <= 0 for b in bounds):
        return  # every integer argument the same: a bound like `size - 1 - t` leaves no index to time
    grid = _fitted_grid(kernel, block, size) or (
        tuple(-(-size * size // block[0]) for _ in grid) if len(grid) == 1 else tuple(-(-size // b) for b in block))
    case = stage / "cases" / f"{program.name}.{kernel.name}"
    case.mkdir(parents=True, exist_ok=True)
    include = f"../../programs/{program.name}/{_translation_unit(program, relfile)}"
    specs = symbol_specs(kernel)
    # the buffers and dynamic shared memory the parity check gave the kernel, if it needed more than the harness's
    checked = stage.parent / "cases" / f"{program.name}.{kernel.name}" / "sizes.json"
    sizes = json.loads(checked.read_text()) if checked.is_file() else {}
    buffer = max(device_buffer(size), sizes.get("buffer", 0))
    shared = sizes.get("shared", launch_shared(block))
    (case / "harness.cu").write_text(_harness(include, kernel, signature, fn.tparams, grid, block, api="cuda",
                                              size=size, buffer=buffer, fn=fn, shared=shared,
                                              scope=_scope(program, relfile, fn),
                                              deduced=_overloaded(program / relfile, fn.name), symbols=specs))
    (case / "module.py").write_text(text)
    (case / "case.json").write_text(json.dumps({
        "program": program.name, "file": relfile, "kernel": kernel.name, "seed": seed, "size": size,
        "buffer": buffer, "shared": shared, "grid": list(grid), "block": list(block),
        "params": [[p.name, param_kind(signature, p)] for p in kernel.params], "symbols": specs}, indent=1) + "\n")
    target = stage / "programs" / program.name
    if not target.is_dir():
        for path in sorted(program.rglob("*")):
            if path.is_file() and path.stat().st_size <= 2 << 20:
                (target / path.relative_to(program)).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target / path.relative_to(program))


def _write_progress(path: Path, programs: list[Path], finished: dict) -> None:
    """The rows of the programs checked so far, in program order, as a RESULTS.json that --partial reads (written
    whole to a temporary file, then moved over the last)."""
    done = [finished[p.name] for p in programs if p.name in finished]
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps({"kernels": [asdict(r) for rows, _ in done for r in rows],
                                     "crashes": [c for _, crashed in done for c in crashed]}, indent=1) + "\n")
    temporary.replace(path)


def _pack(stage: Path, into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    archive = into / "tile-cases.tar.xz"
    subprocess.run(["tar", "-cJf", str(archive), "-C", str(stage), "cases", "programs"], check=True)
    sys.stderr.write(f"staged {len(list((stage / 'cases').iterdir()))} cases in {archive} "
                     f"({archive.stat().st_size / 1e6:.1f} MB)\n")


def _markdown(rows: list[Row], totals: dict, crashes: list[str], options) -> str:
    parity = "not run" if options.no_parity else f"on the CPU backend vs TRITON_INTERPRET=1, size {SIZE}"
    generator = "the tree in " + options.tree.name if options.tree else "this checkout"
    lines = ["# Real CUDA kernels through the tile path", "",
             f"Sources: {', '.join(p.name for p in options.src)}; generator: {generator}; parity {parity}.", "",
             "| programs | crashes | kernels | lowered | compile for sm_90 and gfx942 | parity pass | fail | error |"
             " no reference | undefined for the inputs |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
             "| {programs} | {crashes} | {kernels} | {lowered} | {compiled} | {parity_pass} | {parity_fail} | "
             "{parity_error} | {no_reference} | {undefined} |".format(**totals), "",
             f"Of the {totals['parity_fail']} mismatches, {totals['fail_whole_blocks_match']} match when the data is "
             f"whole blocks (size {EVEN}). Of the {totals['parity_pass']} passes, {totals['pass_whole_blocks']} are "
             f"checked at whole blocks (size {EVEN}) because their original is undefined at size {SIZE} (each row "
             "says why).", ""]
    if crashes:
        lines += ["Crashes:", ""] + [f"- {c}" for c in crashes] + [""]
    lines += ["| program | file | kernel | lowered | compiled | parity | error | why not |",
              "| --- | --- | --- | --- | --- | --- | ---: | --- |"]
    for r in rows:
        if not r.lowered:
            continue
        err = "" if r.error is None else f"{r.error:.1e}"
        lines.append(f"| {r.program} | {r.file} | {r.kernel} | yes | {'yes' if r.compiled else 'no'} | "
                     f"{r.parity} | {err} | {r.why.replace('|', '/')} |")
    reasons: dict[str, int] = {}
    for r in rows:
        if not r.lowered:
            key = re.sub(r"\b[A-Za-z_]\w*\(\)", "X()", r.why)
            key = re.sub(r"the name \w+", "the name X", key)
            reasons[key] = reasons.get(key, 0) + 1
    lines += ["", "Kernels not lowered, by reason:", "", "| kernels | reason |", "| ---: | --- |"]
    for why, count in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))[:40]:
        lines.append(f"| {count} | {why.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--run-tile-case"]:
        sys.exit(_run_tile_case(Path(sys.argv[2])))
    sys.exit(main())
