"""The CPU reference of benchmarks/realcode_tile.py: the driver it writes around an original kernel builds for kernels
without parameters, of an overloaded name (or a host function's), in a namespace, with bool buffers or tensor accessors, and in a source that
includes its CUDA header only under nvcc, also with its threads run in the reverse order and in a UBSan build; an
original that indexes past what the harness gives it is checked again with more, one undefined for the harness's
inputs is said to be, with what it did and where, and so is one whose threads race or that shifts past an int's width;
variables of device memory filled before the launch and read back after it, in every build; the launch shape a
program writes in numbers. The kernels are the fixture program tests/tile/realcode/harness-cuda."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = Path(__file__).resolve().parent / "realcode" / "harness-cuda"
SMALL = 4096  # elements of each buffer: small, so that a compiled-in index past it shows

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not installed")


@pytest.fixture(scope="module")
def harness():
    spec = importlib.util.spec_from_file_location("realcode_tile_under_test", ROOT / "benchmarks" / "realcode_tile.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def setting(harness, tmp_path_factory):
    """(work folder, compiler flags): one migrated copy of the fixture program for every test here."""
    cflags = subprocess.run([sys.executable, "-m", "migrate.cli", "runtime", "--cflags"], capture_output=True,
                            text=True, cwd=ROOT, check=True).stdout.split()
    return tmp_path_factory.mktemp("realcode"), cflags


def _module(relfile: str):
    from migrate.tile.cuda_front import read_module

    return read_module((PROGRAM / relfile).read_bytes(), relfile)


def _kernel(relfile: str, name: str):
    return _module(relfile).functions[name]


def _signature(fn) -> dict[str, str]:
    from migrate.tile.targets import C_TO_TRITON

    kinds = {}
    for p in fn.params:
        base = p.ctype.replace("const", "").replace("*", "").strip()
        kinds[p.name] = ("*" if p.pointer else "") + C_TO_TRITON.get(base, "i32")
    return kinds


def _reference(harness, setting, relfile: str, name: str, block=(64,), grid=(2,), shared=None, buffer=SMALL,
               sanitize=False, size=64, symbols=(), **variant):
    work, cflags = setting
    fn = _kernel(relfile, name)
    signature = _signature(fn)
    inputs = harness._inputs(signature, fn.params, 7, size=size, buffer=buffer)
    return harness._reference(PROGRAM, relfile, fn, fn, signature, inputs, grid, block, work, cflags, size=size,
                              shared=shared, sanitize=sanitize, symbols=symbols, **variant), inputs


def _undefined(harness, setting, name: str) -> str:
    """What _undefined_original says of the fixture kernel `name` at the harness's SIZE, as _parity asks it."""
    work, cflags = setting
    fn = _kernel("main.cu", name)
    ref, inputs = _reference(harness, setting, "main.cu", name, size=harness.SIZE)
    assert isinstance(ref, list), ref
    return harness._undefined_original(PROGRAM, "main.cu", fn, fn, _signature(fn), inputs, (2,), (64,), work, cflags,
                                       ref, harness.independent_threads(_module("main.cu"), fn))


def test_kernel_without_parameters_builds_and_runs(harness, setting):
    ref, _ = _reference(harness, setting, "main.cu", "no_parameters")
    assert ref == []


def test_overloaded_kernel_is_launched_by_its_arguments(harness, setting):
    fn = _kernel("main.cu", "scale")
    ref, inputs = _reference(harness, setting, "main.cu", "scale")
    assert isinstance(ref, list), ref
    assert (ref[0][:64] == inputs[0][:64] * (2.0 if len(fn.params) == 2 else 0.75)).all()



def test_kernel_named_like_a_host_function_is_launched_by_its_arguments(harness, setting):
    assert harness._overloaded(PROGRAM / "main.cu", "halve") and not harness._overloaded(PROGRAM / "main.cu", "negate")
    ref, inputs = _reference(harness, setting, "main.cu", "halve")
    assert isinstance(ref, list), ref
    assert (ref[0][:64] == inputs[0][:64] * 0.5).all()


def test_kernel_in_a_namespace_is_named_with_it(harness, setting):
    assert harness._scope(PROGRAM, "main.cu", _kernel("main.cu", "negate")) == "fixture::gpu::"
    ref, inputs = _reference(harness, setting, "main.cu", "negate")
    assert isinstance(ref, list), ref
    assert (ref[0][:64] == -inputs[0][:64]).all()


def test_bool_buffer(harness, setting):
    ref, inputs = _reference(harness, setting, "main.cu", "count_true")
    assert isinstance(ref, list), ref
    assert ref[1][0] == inputs[1][0] + inputs[0][:64].sum()


def test_half_buffers_and_scalars(harness, setting):
    import numpy

    ref, inputs = _reference(harness, setting, "half.cu", "half_axpy")
    assert isinstance(ref, list), ref
    x, y = inputs[0][:64], inputs[1][:64]
    assert x.dtype == numpy.float16 and inputs[2] == harness.FLOATS
    expected = (numpy.float16(harness.FLOATS) * x).astype(numpy.float16) + y  # float16 arithmetic rounds each step
    assert (ref[1][:64] == expected).all() and (ref[1][64:] == inputs[1][64:]).all()


def test_source_including_its_cuda_header_only_under_nvcc(harness, setting):
    ref, inputs = _reference(harness, setting, "guarded.cu", "plus_one")
    assert isinstance(ref, list), ref
    assert (ref[0][:64] == inputs[0][:64] + 1).all()


def test_past_dynamic_shared_memory_asks_for_more(harness, setting):
    """reverse_rows indexes n = 64 floats of dynamic shared memory; 8 bytes for each of 16 threads are 128."""
    grown, _ = _reference(harness, setting, "main.cu", "reverse_rows", block=(16,), shared=128)
    assert isinstance(grown, harness.Grow), grown
    assert grown.shared == harness.SHARED_MAX and "past the end of the launch's 128 bytes of dynamic shared" in grown.why
    ref, inputs = _reference(harness, setting, "main.cu", "reverse_rows", block=(16,), shared=grown.shared)
    assert isinstance(ref, list), ref
    assert (ref[1][:64] == inputs[0][:64][::-1]).all()


def test_past_a_buffer_asks_for_longer_ones(harness, setting):
    """far_copy reads x[3000], 224 bytes past 2944 floats (the runtime rounds an allocation up to 256 bytes): no crash
    (the heap holds other memory there), which the sanitizers' build (--sanitize) catches."""
    assert isinstance(_reference(harness, setting, "main.cu", "far_copy", buffer=2944)[0], list)
    grown, _ = _reference(harness, setting, "main.cu", "far_copy", buffer=2944, sanitize=True)
    assert isinstance(grown, harness.Grow), grown
    assert grown.buffer == 2944 * harness.BUFFER_GROWTH and "past the end of the buffer x" in grown.why, grown
    ref, inputs = _reference(harness, setting, "main.cu", "far_copy", buffer=grown.buffer, sanitize=True)
    assert isinstance(ref, list), ref
    assert ref[1][0] == inputs[0][3000]


def test_past_a_shared_array_is_undefined_for_the_launch(harness, setting):
    """tile_sum's shared array holds 8 floats; the harness's blocks of 64 threads write past it."""
    why, _ = _reference(harness, setting, "main.cu", "tile_sum")
    assert isinstance(why, str) and why.startswith(harness.UNDEFINED), why
    assert "index 8 out of bounds for type 'float [8]'" in why and "(`part[threadIdx.x] = " in why, why


def test_failing_device_assert_is_undefined_for_the_inputs(harness, setting):
    why, _ = _reference(harness, setting, "main.cu", "checked")
    assert isinstance(why, str) and why.startswith(harness.UNDEFINED), why
    assert re.search(r"device assert `x\[i\] < 0` fails at main\.cu:\d+$", why), why


@pytest.mark.parametrize(("relfile", "name"), [("main.cu", "negate"), ("main.cu", "scale"), ("guarded.cu", "plus_one")])
def test_reversed_threads_of_independent_kernels_give_the_same_result(harness, setting, relfile, name):
    """In a namespace, overloaded, in a source that includes CUDA only under nvcc: the reversed launch names the kernel
    as the backend's launch does."""
    ref, _ = _reference(harness, setting, relfile, name)
    reversed_ref, _ = _reference(harness, setting, relfile, name, variant="reversed")
    assert isinstance(ref, list) and isinstance(reversed_ref, list), (ref, reversed_ref)
    assert harness._compare(ref, reversed_ref) == 0


def test_reversed_launch_has_the_launch_dynamic_shared_memory(harness, setting):
    ref, inputs = _reference(harness, setting, "main.cu", "own_slot", variant="reversed")
    assert isinstance(ref, list), ref
    assert (ref[1][:64] == 2 * inputs[0][:64]).all()


def test_racing_original_is_undefined(harness, setting):
    """shift_down's thread i reads the element thread i + 1 writes: first to last each copies its neighbour's first
    value, last to first every one gets x[63]."""
    ref, inputs = _reference(harness, setting, "main.cu", "shift_down")
    reversed_ref, _ = _reference(harness, setting, "main.cu", "shift_down", variant="reversed")
    assert (ref[0][:63] == inputs[0][1:64]).all()
    assert (reversed_ref[0][:63] == inputs[0][63]).all()
    why = _undefined(harness, setting, "shift_down")
    assert why.startswith("the original's result depends on the order its threads run in"), why


def test_shift_past_the_width_is_undefined(harness, setting):
    found: list[str] = []
    ref, _ = _reference(harness, setting, "main.cu", "shift_by", variant="sanitized", diagnostics=found)
    assert isinstance(ref, list), ref
    assert found and re.fullmatch(r"main\.cu:\d+: shift exponent 64 is too large for 32-bit type 'int'", found[0]), found
    why = _undefined(harness, setting, "shift_by")
    assert re.fullmatch(r"for these inputs the original's behaviour is undefined \(main\.cu:\d+: shift exponent "
                        rf"{harness.SIZE} is too large for 32-bit type 'int'\)", why), why


def test_independent_original_is_not_undefined(harness, setting):
    assert _undefined(harness, setting, "negate") == ""


def test_clean_original_is_not_undefined(harness, setting):
    found: list[str] = []
    ref, _ = _reference(harness, setting, "guarded.cu", "plus_one", variant="sanitized", diagnostics=found)
    assert isinstance(ref, list) and not found, (ref, found)


def _symbol(name: str, kind: str, values) -> tuple[dict, object]:
    """A variable of device memory the harness fills with `values`, as _parity pairs a symbol_specs entry with them."""
    import numpy

    start = numpy.array(values, dtype={"fp32": "float32", "u32": "uint32", "i32": "int32"}[kind])
    return {"name": name, "qualified": name, "kind": kind, "count": start.size, "fill": True}, start


@pytest.mark.parametrize("variant", [{}, {"variant": "reversed"}])
def test_device_symbols_are_filled_and_read_back(harness, setting, variant):
    """weigh reads a __constant__ table and counts its threads in a __device__ variable: both are filled before the
    launch and follow the buffers in the reference, also with its threads run in the reverse order."""
    import numpy

    symbols = [_symbol("weights", "fp32", [0.5, 2.0, -1.0, 3.0]), _symbol("hits", "u32", [5])]
    ref, inputs = _reference(harness, setting, "main.cu", "weigh", symbols=symbols, **variant)
    assert isinstance(ref, list) and len(ref) == 5, ref  # x, y, n, then weights and hits
    assert (ref[1][:64] == inputs[0][:64] * numpy.tile(symbols[0][1], 16)).all()
    assert (ref[3] == symbols[0][1]).all() and ref[4].tolist() == [5 + 64]


def test_device_cuda_harness_copies_symbols_around_the_launch(harness):
    fn = _kernel("main.cu", "weigh")
    symbols = [_symbol("weights", "fp32", [1, 2, 3, 4])[0], _symbol("hits", "u32", [0])[0]]
    text = harness._harness("main.cu", fn, _signature(fn), fn.tparams, (2,), (64,), api="cuda", symbols=symbols)
    launch = text.index("weigh<<<")
    assert text.index("cudaMemcpyToSymbol(weights, v0.data()") < launch
    assert launch < text.index("cudaMemcpyFromSymbol(v1.data(), hits, v1.size())") < text.index("atoi(argv[3])")


def test_diagnosis_build_fills_symbols_too(harness, setting):
    """reach_copy reads x[reach]; reach = 3000 puts the read past 2944 floats, which only a diagnosis build whose
    driver fills `reach` as the plain run's does can see (unfilled, it reads x[0])."""
    reach = [_symbol("reach", "i32", [3000])]
    grown, _ = _reference(harness, setting, "main.cu", "reach_copy", buffer=2944, sanitize=True, symbols=reach)
    assert isinstance(grown, harness.Grow), grown
    assert grown.buffer == 2944 * harness.BUFFER_GROWTH and "past the end of the buffer x" in grown.why, grown
    ref, inputs = _reference(harness, setting, "main.cu", "reach_copy", buffer=grown.buffer, sanitize=True,
                             symbols=reach)
    assert isinstance(ref, list), ref
    assert ref[1][0] == inputs[0][3000] and ref[2][0] == 3000


def test_launch_shape_written_in_numbers(harness):
    files = {"main.cu": (PROGRAM / "main.cu").read_bytes(), "guarded.cu": (PROGRAM / "guarded.cu").read_bytes()}
    assert harness.program_launch(files, "no_parameters") == ((1,), (1,))
    assert harness.program_launch(files, "scale") == ((1,), (64,))
    assert harness.program_launch(files, "negate") == ((1,), (64,))
    assert harness.program_launch(files, "shift_down") == (None, (64,))  # a grid it computes: the harness's
    assert harness.program_launch(files, "own_slot") is None  # never launched
    module = _module("main.cu")
    independent = {name: harness.independent_threads(module, module.functions[name])
                   for name in ("negate", "shift_down", "tile_sum", "own_slot")}
    assert independent == {"negate": True, "shift_down": True, "tile_sum": False, "own_slot": False}


def test_diagnosis_build_of_a_source_declaring_extern_shared(harness, setting):
    """extern_shared.cu declares `__shared__ extern float staged[]` at namespace scope: the diagnosis build, whose
    shared arrays are static, still builds it, and finds tile_past's blocks of 64 threads writing past `part`."""
    why, _ = _reference(harness, setting, "extern_shared.cu", "tile_past", sanitize=True)
    assert isinstance(why, str) and why.startswith(harness.UNDEFINED), why
    assert "index 8 out of bounds for type 'float [8]'" in why, why


def test_shared_storage_spares_extern_declarations(harness):
    mark = harness.SHARED_MARK
    text = (f"extern {mark} float a[];\n{mark} extern float b[];\nextern __attribute__((aligned(16))) {mark} float c[];\n"
            f'extern "C" {{ {mark} float d[4]; }}\nvoid k() {{ {mark} float e[8]; }}\n')
    assert harness.shared_storage(text) == (
        "extern  float a[];\n extern float b[];\nextern __attribute__((aligned(16)))  float c[];\n"
        'extern "C" { static float d[4]; }\nvoid k() { static float e[8]; }\n')


INCLUDES = PROGRAM.parent / "includes-cuda"


def _program_reference(harness, setting, program: Path, relfile: str, name: str):
    """The reference of kernel `name` of another fixture program, at size 64 in 2 blocks of 64 threads."""
    from migrate.tile.cuda_front import read_module

    work, cflags = setting
    fn = read_module((program / relfile).read_bytes(), relfile).functions[name]
    signature = _signature(fn)
    inputs = harness._inputs(signature, fn.params, 7, size=64, buffer=SMALL)
    return harness._reference(program, relfile, fn, fn, signature, inputs, (2,), (64,), work, cflags, size=64), inputs


def test_include_folders_the_program_build_names(harness, tmp_path):
    """The Makefile's `-I $(INC_DIR)` and `-I./common` and the CMakeLists.txt's INCLUDE_DIRS, from the migrated copy."""
    flags = harness._build_includes(INCLUDES, tmp_path)
    assert flags == []  # none of them in a copy that lacks them
    shutil.copytree(INCLUDES, tmp_path, dirs_exist_ok=True)
    assert harness._build_includes(INCLUDES, tmp_path) == [f"-I{tmp_path / 'include'}", f"-I{tmp_path / 'common'}",
                                                           f"-I{tmp_path / 'extra'}"]


def test_headers_in_folders_the_build_names_and_an_enumeration_by_value(harness, setting):
    """shift_scale's headers lie in include/, common/ and extra/; its `scale_mode_t mode` takes the harness's 64, no
    enumerator (so the kernel halves)."""
    ref, inputs = _program_reference(harness, setting, INCLUDES, "src/main.cu", "shift_scale")
    assert isinstance(ref, list), ref
    assert (ref[0][:64] == 0.5 * inputs[0][:64] + 3.0 + 1.0).all()  # (STEP, then OFFSET, each rounded)


def test_header_kept_as_cuda_says_why(harness, setting):
    why, _ = _program_reference(harness, setting, INCLUDES, "src/kept.cu", "add_one")
    assert why == ("the original does not build on the CPU backend: migrate apply keeps cusolverDn.h in src/kept.cu "
                   "(cusolverDnSgeqrf has no portable form yet), and the runtime has no such header"), why


def test_header_absent_from_the_program_says_so(harness, setting):
    why, _ = _program_reference(harness, setting, INCLUDES, "src/absent.cu", "add_two")
    assert why == ("the original does not build on the CPU backend: unpacked_table.h is no file of the program's folder "
                   "(its build fetches or unpacks it)"), why


@pytest.mark.skipif(shutil.which("mpicxx") is None, reason="MPI not installed (libopenmpi-dev)")
def test_source_including_mpi_builds_with_its_include_folders(harness, setting):
    ref, inputs = _program_reference(harness, setting, INCLUDES, "src/collective.cu", "add_three")
    assert isinstance(ref, list), ref
    assert (ref[0][:64] == inputs[0][:64] + 3.0).all()


def test_launch_block_read_from_constants_and_dim3_variables(harness):
    """A block written through a #define, a const, dim3(...) and dim3 variables; a block computed, or unlike between
    launches, is not read."""
    main = b"""
#define THREADS 128
const int ROWS = 4;
__global__ void a(float* x) {}
__global__ void b(float* x) {}
__global__ void c(float* x) {}
__global__ void d(float* x) {}
__global__ void e(float* x) {}
__global__ void f(float* x) {}
int main(int argc, char** argv) {
  int n = argc * 100;
  dim3 tiles(16, ROWS);
  dim3 threads;
  threads.x = THREADS;
  threads.y = 1;
  dim3 grid((n + 15) / 16, n / ROWS);
  a<<<grid, tiles>>>(nullptr);
  b<<<grid, threads>>>(nullptr);
  c<<<n, 1>>>(nullptr);
  d<<<1, dim3(THREADS, 2)>>>(nullptr);
  e<<<n, n / 4>>>(nullptr);
  f<<<n, 32>>>(nullptr);
  f<<<n, 64>>>(nullptr);
}
"""
    files = {"main.cu": main}
    shapes = {name: harness.program_launch(files, name) for name in "abcdef"}
    assert shapes == {"a": (None, (16, 4)), "b": (None, (128, 1)), "c": (None, (1,)), "d": ((1,), (128, 2)),
                      "e": None, "f": None}


def test_a_block_of_one_row_whose_width_the_program_reads_at_run_time(harness):
    """`dim3 block(block_size, 1)` with block_size an argument: 1-D threads of a width not known, which the harness
    launches at its own 1-D block size (a 2-D block of 16 x 16 would give 16 threads each element, racing on it);
    a second extent other than 1, or a width unknown on its own, stays unread."""
    main = b"""
__global__ void row(float* x) {}
__global__ void tall(float* x) {}
__global__ void alone(float* x) {}
__global__ void later(float* x) {}
int main(int argc, char** argv) {
  int block_size = atoi(argv[1]);
  dim3 block(block_size, 1);
  dim3 grid(argc, argc);
  row<<<grid, block>>>(nullptr);
  tall<<<grid, dim3(block_size, 2)>>>(nullptr);
  alone<<<grid, block_size>>>(nullptr);
  dim3 wide;
  wide.x = block_size;
  wide.y = 1;
  later<<<grid, wide>>>(nullptr);
}
"""
    files = {"main.cu": main}
    shapes = {name: harness.program_launch(files, name) for name in ("row", "tall", "alone", "later")}
    assert shapes == {"row": (None, (None, 1)), "tall": None, "alone": None, "later": (None, (None, 1))}

    class Rows:  # as lowered: blockIdx.y picks the row, so the lowering calls it 2-D
        summary, kind, grid = "one program per thread block (2-D blocks)", "block", ()

    assert harness.launch_shape(Rows, shapes["row"], 75) == ((1, 75), (harness.BLOCK_1D, 1))


def test_float16_buffers_are_held_to_a_few_units_in_their_last_place(harness):
    import numpy

    ref = [numpy.array([1.0, 2.0, -3.0], dtype=numpy.float16)]
    one_ulp = [numpy.array([1.0 + 2**-10, 2.0, -3.0], dtype=numpy.float16)]
    wrong = [numpy.array([1.0, 2.5, -3.0], dtype=numpy.float16)]
    assert 0 < harness._compare(ref, one_ulp) <= harness.TOLERANCE
    assert harness._compare(ref, wrong) > harness.TOLERANCE
    assert harness._compare([ref[0].astype(numpy.float32)], [one_ulp[0].astype(numpy.float32)]) > harness.TOLERANCE


def test_launch_block_read_from_the_instantiation_and_arithmetic(harness):
    """A block the launch computes from a value template parameter it passes on (`k<T, N><<<g, N / 2>>>`) is read
    at the number the checked instantiation gives that parameter; arithmetic on named numbers is read too, and a
    name no number is known for is not."""
    main = b"""
#define WARPS 4
template <typename T, int N> __global__ void halves(T* x) {}
template <typename T, int N> __global__ void other(T* x) {}
__global__ void warps(float* x) {}
template <typename T, int N> void run(T* x, int n) {
  dim3 blocks (N/2);
  halves<T, N><<<n, blocks>>>(x);
  other<T, N><<<n, N - n>>>(x);
}
int main() {
  warps<<<8, (WARPS * 32)>>>(nullptr);
}
"""
    files = {"main.cu": main}
    assert harness.program_launch(files, "halves", ("T", "N"), {"N": 128}) == (None, (64,))
    assert harness.program_launch(files, "halves", ("T", "N"), {"N": 512}) == (None, (256,))
    assert harness.program_launch(files, "halves") is None  # N unknown: the harness's own block
    assert harness.program_launch(files, "other", ("T", "N"), {"N": 128}) is None  # n is the program's data
    assert harness.program_launch(files, "warps") == (None, (128,))


def test_launch_block_read_from_the_host_variable_the_launch_sees(harness):
    """A block read from the declaration in scope at the launch and the writes that surely run before it: dim3
    variables of one name in two functions, a plain int, a dim3 written after its declaration (`b.x = ...`,
    `b = dim3(...)`, make_uint3), a copy (`dim3(b)`), a static const computed from another, a namespace's constexpr;
    not one a parameter gives, #if branches declare twice, a branch or a later round of a loop around the launch may
    write, a file-scope variable a function writes, or a launch in a comment."""
    main = b"""
#define ROWS 4
static const int warp = 32;
static const int per_block = warp * 8;
namespace gpu { constexpr int THREADS = 64; }
int shared_width = 32;
__global__ void first(float* x) {}
__global__ void second(float* x) {}
__global__ void plain(float* x) {}
__global__ void rewritten(float* x) {}
__global__ void copied(float* x) {}
__global__ void computed(float* x) {}
__global__ void qualified(float* x) {}
__global__ void passed(float* x) {}
__global__ void branches(float* x) {}
__global__ void branched(float* x) {}
__global__ void looped(float* x) {}
__global__ void global_width(float* x) {}
__global__ void commented(float* x) {}
void set_width() { shared_width = 64; }
void run_first(int n) {
  dim3 block(16, ROWS);
  first<<<n, block>>>(nullptr);
}
void run_second(int n) {
  dim3 block(32, 2 * ROWS);  // the same name, another block
  second<<<n, block>>>(nullptr);
}
void run_passed(int n, int threads) {
  dim3 block(threads);
  passed<<<n, block>>>(nullptr);
}
int main(int argc, char** argv) {
  int n = argc * 100;
  int threads = 128;
  plain<<<n, threads>>>(nullptr);
  dim3 b(8, 8);
  b.x = 2 * warp;
  b.y = 1;
  rewritten<<<n, b>>>(nullptr);
  dim3 c;
  c = dim3(warp, ROWS);
  copied<<<n, dim3(c)>>>(nullptr);
  c = make_uint3(per_block, 1, 1);
  computed<<<n, c>>>(nullptr);
  constexpr auto T = gpu::THREADS;
  qualified<<<n, T>>>(nullptr);
#if WIDE
  int width = 256;
#else
  int width = 128;
#endif
  branches<<<n, width>>>(nullptr);
  dim3 d(64);
  if (argc > 1) d.x = 128;
  branched<<<n, d>>>(nullptr);
  dim3 e(64);
  for (int i = 0; i < 3; i++) {
    looped<<<n, e>>>(nullptr);
    e.x *= 2;
  }
  global_width<<<n, shared_width>>>(nullptr);
  // commented<<<n, 999>>>(nullptr);
  commented<<<n, 96>>>(nullptr);
}
"""
    files = {"main.cu": main}
    names = ("first", "second", "plain", "rewritten", "copied", "computed", "qualified", "passed", "branches",
             "branched", "looped", "global_width", "commented")
    shapes = {name: harness.program_launch(files, name) for name in names}
    assert shapes == {"first": (None, (16, 4)), "second": (None, (32, 8)), "plain": (None, (128,)),
                      "rewritten": (None, (64, 1)), "copied": (None, (32, 4)), "computed": (None, (256, 1, 1)),
                      "qualified": (None, (64,)), "passed": None, "branches": None, "branched": None,
                      "looped": None, "global_width": None, "commented": (None, (96,))}


def test_launch_shape_covers_an_element_wise_guard_at_the_program_block(harness):
    """An element-wise map guarding `i < m * s * n` at its program's block of 256: the grid covers the guard (75^3
    threads), as its program sizes it and its Triton launcher covers it, not just the harness's size * size; a
    kernel of another class keeps the harness's size * size."""
    from migrate.tile import ir

    bound = ir.Bin("*", ir.Bin("*", ir.Name("m"), ir.Name("s")), ir.Name("n"))

    class Guarded:  # as lowered: an element-wise map whose launcher sizes its grid from the guard
        summary, kind = "1-D", "elementwise"
        grid = (ir.Call("triton.cdiv", (bound, ir.Name("BLOCK_X"))),)

    class Reduction:
        summary, kind, grid = "1-D", "reduction", ()

    assert harness.launch_shape(Guarded, (None, (256,)), 75) == ((-(-75 ** 3 // 256),), (256,))
    assert harness.launch_shape(Reduction, (None, (256,)), 75) == ((22,), (256,))


def test_launch_shape_of_the_program_block(harness):
    """The program's block where its axes fit the harness's launch of the kernel, or it has three for a kernel of 3-D
    blocks, the grid covering the harness's data; the harness's own where they do not (a 3-D block for a 1-D
    launch)."""
    class Kernel:  # as lowered: an element-wise map over one axis
        summary, kind, grid = "1-D", "elementwise", ()

    assert harness.launch_shape(Kernel, (None, (1,)), 75) == ((75 * 75,), (1,))
    assert harness.launch_shape(Kernel, (None, (256, 1)), 75) == ((22,), (256,))
    assert harness.launch_shape(Kernel, ((1,), (64,)), 75) == ((1,), (64,))
    assert harness.launch_shape(Kernel, (None, (8, 8, 4)), 75) == harness._launch(Kernel) == ((44,), (128,))

    class Blocks3D:  # as lowered: one program per thread block of three axes
        summary, kind, grid = "one program per thread block (3-D blocks)", "block", ()

    assert harness.launch_shape(Blocks3D, (None, (16, 16, 1)), 75) == ((5, 5, 1), (16, 16, 1))
    assert harness.launch_shape(Blocks3D, (None, (8, 4, 8)), 75) == ((10, 19, 1), (8, 4, 8))
    assert harness.launch_shape(Blocks3D, ((1,), (8, 4, 8)), 75) == ((1,), (8, 4, 8))
    assert harness.launch_shape(Blocks3D, (None, (64, 4)), 75) == harness._launch(Blocks3D)  # two axes: its own


def test_stage_from_a_table_stages_its_rows_with_no_parity_run(harness, tmp_path):
    """--stage-from stages the kernels whose rows have the outcomes asked for, and runs no parity check itself."""
    import json
    import tarfile

    rows = [{"program": "harness-cuda", "file": "main.cu", "kernel": "negate", "parity": "pass"},
            {"program": "harness-cuda", "file": "main.cu", "kernel": "tile_sum", "parity": "fail"},
            {"program": "harness-cuda", "file": "main.cu", "kernel": "checked", "parity": "undefined"}]
    table = tmp_path / "table.json"
    table.write_text(json.dumps({"kernels": rows}))
    work = tmp_path / "work"
    assert harness.main([str(PROGRAM.parent), "--only", "harness-cuda", "--stage-from", str(table),
                         "--stage-outcomes", "pass,fail", "--stage", str(tmp_path / "stage"), "--jobs", "1",
                         "--work", str(work)]) == 0
    with tarfile.open(tmp_path / "stage" / "tile-cases.tar.xz") as archive:
        cases = {Path(n).parts[1] for n in archive.getnames() if n.startswith("cases/") and n.count("/") >= 1}
    assert cases == {"harness-cuda.negate", "harness-cuda.tile_sum"}
    assert not (work / "cases").exists()  # no parity case was written


def test_interpreter_timeout_and_crash_are_checked_again(harness, monkeypatch, tmp_path):
    """An interpreter run past its timeout at SIZE is checked again, both sides, at SMALL, and the row says so; one
    that crashes is checked again with the original in the diagnosis build: undefined where the original strays
    too, an error where it does not. (The CPU reference and the interpreter run are stand-ins here.)"""
    import numpy

    class Param:
        name, lanes = "x", ()

    class Kernel:
        name, summary, kind, grid, params, template_consts = "k", "1-D", "block", (), [Param()], ()

    sizes, builds = [], []

    def reference(*args, size=harness.SIZE, sanitize=False, **kwargs):
        builds.append(sanitize)
        if sanitize and crash == "undefined":
            return f"{harness.UNDEFINED} (grid (44), block (128)): the original reads 4 bytes before x"
        return [numpy.full(4, size, numpy.float32)]

    def triton(text, kernel, inputs, grid, block, case, **kwargs):
        sizes.append(inputs[0].size and grid)
        if crash:
            raise RuntimeError("the interpreter run crashed (signal 11)")
        if grid == harness.launch_shape(Kernel, None, harness.SIZE)[0]:
            raise subprocess.TimeoutExpired("python3", 360)
        return [numpy.full(4, harness.SMALL, numpy.float32)]

    monkeypatch.setattr(harness, "_reference", reference)
    monkeypatch.setattr(harness, "_triton", triton)
    monkeypatch.setattr(harness, "BUFFER", 4)
    def run():
        return harness._parity(tmp_path, "main.cu", Kernel, None, Kernel, {"x": "*fp32"}, "", 1, tmp_path, [])

    crash = ""
    retried = f"the interpreter ran past its 360 s at size {harness.SIZE}, so it is checked at size {harness.SMALL}"
    assert run() == ("pass", 0.0, retried)
    assert len(sizes) == 2 and sizes[1] == harness.launch_shape(Kernel, None, harness.SMALL)[0]
    crash, builds[:] = "undefined", []
    state, _, why = run()
    # (then at EVEN, whole blocks, in the diagnosis build: undefined there too)
    assert state == "undefined" and builds == [False, True, True], (state, builds)
    assert why.startswith("RuntimeError: the interpreter run crashed (signal 11), so the original is run in the "
                          "diagnosis build; undefined for the harness's inputs"), why
    crash, builds[:] = "translation", []
    state, _, why = run()
    assert (state, builds) == ("error", [False, True]) and why.startswith("RuntimeError: the interpreter run crashed")


def test_an_original_undefined_at_size_is_checked_at_whole_blocks(harness, monkeypatch, tmp_path):
    """A kernel whose original is undefined at SIZE (threads past the data return before a barrier, say) is checked
    again at EVEN: a pass there only where the original, in the diagnosis build, is defined, runs the same in the
    reverse order and the Triton form reads no unwritten shared memory; otherwise the row stays undefined and says
    what EVEN gave. (The CPU reference and the interpreter run are stand-ins here.)"""
    import numpy

    class Param:
        name, lanes = "x", ()

    class Kernel:
        name, summary, kind, grid, params, template_consts = "k", "1-D", "block", (), [Param()], ()

    seen = []

    def reference(*args, size=harness.SIZE, sanitize=False, **kwargs):
        seen.append((size, sanitize))
        if size == harness.SIZE:
            return f"{harness.UNDEFINED} (grid (44), block (128)): the original reads 4 bytes past x"
        return [numpy.full(4, 1.5, numpy.float32)]

    def triton(*args, **kwargs):
        return [numpy.full(4, 1.5 if tile_right else 2.5, numpy.float32)]

    monkeypatch.setattr(harness, "_reference", reference)
    monkeypatch.setattr(harness, "_triton", triton)
    monkeypatch.setattr(harness, "_reads_unwritten_shared", lambda *a, **k: unwritten)
    monkeypatch.setattr(harness, "_undefined_original", lambda *a, **k: racy)
    monkeypatch.setattr(harness, "_at_block_multiple", lambda *a, **k: "")
    monkeypatch.setattr(harness, "BUFFER", 4)

    def run():
        return harness._parity(tmp_path, "main.cu", Kernel, None, Kernel, {"x": "*fp32"}, "", 1, tmp_path, [])

    tile_right, unwritten, racy = True, False, ""
    state, error, why = run()
    assert (state, error) == ("pass", 0.0), (state, why)
    assert why.startswith(f"checked at size {harness.EVEN} (whole blocks), where the original is defined: at size "
                          f"{harness.SIZE} {harness.UNDEFINED}"), why
    assert seen == [(harness.SIZE, False), (harness.EVEN, True)]  # EVEN's original in the diagnosis build
    for tile_right, unwritten, racy in ((True, True, ""), (True, False, "the original's result depends on the order"),
                                        (False, False, "")):
        state, _, why = run()
        assert state == "undefined", (tile_right, unwritten, racy, why)
        assert why.startswith(harness.UNDEFINED) and f"at size {harness.EVEN} (whole blocks): " in why, why


def test_recheck_checks_only_the_rows_asked_for_and_keeps_the_others(harness, tmp_path):
    """--recheck RESULTS.json checks again only the kernels whose rows have the outcomes asked for; every other
    kernel of the program keeps its row from RESULTS.json as it was, so the run merges like a whole program's; each
    program's rows are also written as it finishes (R.progress.json), which --partial reads."""
    import json

    kept = {"program": "harness-cuda", "file": "main.cu", "kernel": "negate", "line": 23, "lowered": True,
            "compiled": True, "parity": "pass", "error": 0.0, "why": "kept as it was"}
    again = {"program": "harness-cuda", "file": "main.cu", "kernel": "tile_sum", "line": 35, "lowered": False,
             "compiled": False, "parity": "undefined", "error": None, "why": "to be checked again"}
    table = tmp_path / "table.json"
    table.write_text(json.dumps({"kernels": [kept, again]}))
    assert harness.main([str(PROGRAM.parent), "--recheck", str(table), "--no-parity", "--jobs", "1",
                         "--work", str(tmp_path / "work"), "--results", str(tmp_path / "out")]) == 0
    rows = {r["kernel"]: r for r in json.loads((tmp_path / "out.json").read_text())["kernels"]}
    assert rows["negate"] == kept
    assert rows["tile_sum"]["lowered"] and rows["tile_sum"]["why"] != "to be checked again", rows["tile_sum"]
    assert "checked" in rows and rows["checked"]["parity"] == ""  # not in the table: checked (no parity asked)
    # each program's rows as it finished, for a run stopped before its end (--partial reads them)
    progress = json.loads((tmp_path / "out.progress.json").read_text())
    assert progress["kernels"] == json.loads((tmp_path / "out.json").read_text())["kernels"]
