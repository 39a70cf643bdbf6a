"""The tile front end's reading of function-like macros (expanded as the preprocessor does, lines kept) and of the
headers a source includes from its own tree (device functions, constants and macros lent to its kernels)."""

from __future__ import annotations

from migrate.tile import translate_tree
from migrate.tile.macros import expand, expand_source, function_macros


def _expand(source: str) -> str:
    return expand(source, function_macros(source.encode()))


def test_expansion_is_textual_and_keeps_lines() -> None:
    source = ("#define SQ(x) x * x\n"
              "#define ADD(a, b) ((a) + (b))\n"
              "float f(float p, float q) {\n"
              "  return SQ(p + 1) + ADD(SQ(q),\n"
              "                         2);\n"
              "}\n")
    got = _expand(source)
    assert got.splitlines()[3] == "  return p + 1 * p + 1 + ((q * q) + (2))"
    assert got.count("\n") == source.count("\n")
    assert got.splitlines()[:2] == source.splitlines()[:2]  # the definitions stay as they are


def test_comments_strings_and_other_names_are_left() -> None:
    source = ('#define M(x) (x + 1)\n'
              'int a = M(2); // M(3)\n'
              'const char* s = "M(4)"; /* M(5) */ int MM = M2(6); int b = M;\n')
    got = _expand(source).splitlines()
    assert got[1] == "int a = (2 + 1); // M(3)"
    assert got[2] == 'const char* s = "M(4)"; /* M(5) */ int MM = M2(6); int b = M;'


def test_a_macro_is_not_expanded_inside_itself() -> None:
    assert _expand("#define F(x) F(x) + 1\nint a = F(2);\n").splitlines()[1] == "int a = F(2) + 1;"


def test_wrong_argument_counts_and_unsure_macros_stay_calls() -> None:
    source = ("#define TWO(a, b) (a * b)\n#define NONE() 7\n"
              "#if X\n#define ODD(v) (v)\n#else\n#define ODD(v) (-(v))\n#endif\n#define STR(v) #v\n"
              "int a = TWO(1); int b = NONE(); int c = ODD(3); int d = STR(4);\n")
    macros = function_macros(source.encode())
    assert macros["ODD"] is None and macros["STR"] is None
    assert expand(source, macros).splitlines()[-1] == "int a = TWO(1); int b = 7; int c = ODD(3); int d = STR(4);"


HEADER = b"""#pragma once
#define LANE_ID(i) ((i) & 31)
constexpr float kScale = 0.25f;
__device__ inline float soft(float v) { return v / (1.0f + fabsf(v)); }
__global__ void header_kernel(float* y) { y[threadIdx.x] = 1.0f; }
"""

MAIN = b"""#include <cuda_runtime.h>
#include "common/util.cuh"

__global__ void apply_soft(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = soft(x[i]) * kScale + LANE_ID(i);
}
"""


def test_a_kernel_uses_what_its_included_header_defines() -> None:
    result = translate_tree({"src/main.cu": MAIN, "src/common/util.cuh": HEADER})
    notes = {(f.path, f.rule, f.message.split(":")[0]) for f in result.findings}
    migrated = "kernel apply_soft becomes a Triton kernel (element-wise map over 1-D indices)"
    assert ("src/main.cu", "tile-kernel", migrated) in notes
    module = result.new_files["src/main_tile.py"]
    assert "def apply_soft_tile(" in module and "header_kernel" not in module  # the header's kernel stays its own
    assert "0.25" in module and "& 31" in module
    assert "def header_kernel_tile(" in result.new_files["src/common/util_tile.py"]


def test_a_header_outside_the_tree_lends_nothing() -> None:
    result = translate_tree({"src/main.cu": MAIN})
    kept = [f.message for f in result.findings if f.path == "src/main.cu"]
    assert kept == ["kernel apply_soft stays a SIMT kernel: the call soft()"]
    assert "src/main_tile.py" not in result.new_files


def test_include_cycles_end() -> None:
    a = b'#include "b.cuh"\n__device__ float fa(float v) { return v + 1.0f; }\n'
    b = b'#include "a.cuh"\n__device__ float fb(float v) { return v * 2.0f; }\n'
    main = (b'#include "a.cuh"\n__global__ void k(float* y, int n) {\n'
            b'  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = fa(fb(y[i]));\n}\n')
    result = translate_tree({"a.cuh": a, "b.cuh": b, "main.cu": main})
    assert any(f.path == "main.cu" and f.rule == "tile-kernel" for f in result.findings)


def test_a_macro_holds_from_its_define_to_its_undef() -> None:
    source = "int a = F(1);\n#define F(x) (x + 1)\nint b = F(2);\n#undef F\nint c = F(3);\n"
    got = expand_source(source, function_macros(source.encode()))
    assert got.splitlines() == ["int a = F(1);", "#define F(x) (x + 1)", "int b = (2 + 1);", "#undef F",
                                "int c = F(3);"]


def test_defines_inside_a_kernel_body() -> None:
    source = b"""__global__ void k(float* y, const float* x, int n) {
#define SCALE 3
#define TWICE(v) ((v) * 2)
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = TWICE(x[i]) * SCALE;
#undef TWICE
}
"""
    result = translate_tree({"k.cu": source})
    assert [f.rule for f in result.findings] == ["tile-kernel"]
    assert "* 2 * 3, mask=" in result.new_files["k_tile.py"]


def test_a_header_lends_its_type_aliases() -> None:
    header = b"typedef float real;\n"
    main = (b'#include "types.h"\n__global__ void k(real* y, const real* x, int n) {\n'
            b'  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = x[i] * real(2);\n}\n')
    result = translate_tree({"types.h": header, "k.cu": main})
    assert [f.rule for f in result.findings] == ["tile-kernel"]
    alone = translate_tree({"k.cu": main})
    assert [f.rule for f in alone.findings] == ["tile-kept-simt"]


LAUNCHED_HEADER = b"""#pragma once
template <typename Real, int SCALE>
__global__ void scaled(const Real* x, Real* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * SCALE;
}
"""

LAUNCHING_MAIN = b"""#include "kernels/scaled.cuh"
#define FACTOR 3
void run(const double* x, double* y, int n) {
    scaled<double, FACTOR><<<(n + 255) / 256, 256>>>(x, y, n);
}
"""


def test_a_header_kernel_takes_the_instantiation_its_includer_launches() -> None:
    files = {"src/kernels/scaled.cuh": LAUNCHED_HEADER, "src/main.cu": LAUNCHING_MAIN}
    result = translate_tree(files)
    notes = {(f.path, f.rule, f.message) for f in result.findings}
    assert ("src/kernels/scaled.cuh", "tile-kernel",
            "kernel scaled becomes a Triton kernel (element-wise map over 1-D indices)") in notes
    module = result.new_files["src/kernels/scaled_tile.py"]
    assert "* 3" in module  # SCALE bound to the includer's FACTOR


def test_a_header_kernel_launched_with_two_numbers_takes_both() -> None:
    other = LAUNCHING_MAIN.replace(b"#define FACTOR 3", b"#define FACTOR 5").replace(b"void run(", b"void run5(")
    files = {"src/kernels/scaled.cuh": LAUNCHED_HEADER, "src/main.cu": LAUNCHING_MAIN, "src/other.cu": other}
    module = translate_tree(files).new_files["src/kernels/scaled_tile.py"]
    assert "SCALE: tl.constexpr" in module and '_scaled_template = {"SCALE": [3, 5]}' in module


def test_a_header_kernel_launched_at_two_unlike_types_takes_both() -> None:
    other = LAUNCHING_MAIN.replace(b"double", b"int").replace(b"void run(", b"void run_int(")
    files = {"src/kernels/scaled.cuh": LAUNCHED_HEADER, "src/main.cu": LAUNCHING_MAIN, "src/other.cu": other}
    notes = [f.message for f in translate_tree(files).findings if f.path == "src/kernels/scaled.cuh"]
    assert notes == ["kernel scaled becomes a Triton kernel (element-wise map over 1-D indices; one kernel per "
                     "instantiation, Real = double, int)"]


HOST_TEMPLATE_KERNELS = b"""#pragma once
template <typename Real, int SCALE>
__global__ void scaled(const Real* x, Real* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * SCALE;
}

template <typename Real, typename Index>
void run_scaled(const Real* x, Real* y, Index n, Index offset) {
    scaled<Real, 2 * FACTOR><<<(n + 255) / 256, 256>>>(&x[offset], y, n);
}
"""


def test_a_host_template_called_from_another_source_gives_its_instantiation() -> None:
    # run_scaled is called in main.cu alone, with a double buffer and an int count (offset's type, a member, is not
    # read: the count's is the one C++ deduces for both); SCALE is twice the header's FACTOR
    files = {"src/defs.h": b"#pragma once\n#define FACTOR 3\n",
             "src/scaled.cuh": b'#include "defs.h"\n' + HOST_TEMPLATE_KERNELS,
             "src/main.cu": (b'#include "scaled.cuh"\nstruct Opts { int offset; };\n'
                             b"void run(const double* x, double* y, int n, Opts o) { run_scaled(x, y, n, o.offset); }\n")}
    result = translate_tree(files)
    notes = [f.message for f in result.findings if f.path == "src/scaled.cuh"]
    assert notes == ["kernel scaled becomes a Triton kernel (element-wise map over 1-D indices)"]
    module = result.new_files["src/scaled_tile.py"]
    assert "* 6" in module  # SCALE = 2 * FACTOR, the header's FACTOR read where the launch names it


def test_a_host_template_called_nowhere_names_that() -> None:
    files = {"src/defs.h": b"#pragma once\n#define FACTOR 3\n",
             "src/scaled.cuh": b'#include "defs.h"\n' + HOST_TEMPLATE_KERNELS,
             "src/main.cu": b'#include "scaled.cuh"\nint main() { return 0; }\n'}
    notes = [f.message for f in translate_tree(files).findings if f.path == "src/scaled.cuh"]
    assert notes == [("kernel scaled stays a SIMT kernel: template parameters Real, SCALE: the host function template "
                      "run_scaled it is launched in is called nowhere")]


def test_a_host_template_call_reads_the_type_aliases_and_overloads_of_its_source() -> None:
    # main.cu calls copy_into at its alias idx_t (int) and a two-argument overload of it, another function; the
    # kernel's Index is int, so it is retyped as int rather than kept SIMT as the unknown idx_t
    header = b"""#pragma once
template <typename Index>
__global__ void gather(const float* x, const Index* at, float* y, Index n) {
    Index i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[at[i]];
}
template <typename Index>
void copy_into(const float* x, const Index* at, float* y, Index n) {
    gather<<<(n + 255) / 256, 256>>>(x, at, y, n);
}
template <typename Index>
void copy_into(float* y, Index n) {}
"""
    main = (b'#include "gather.cuh"\nusing idx_t = int;\n'
            b"void run(const float* x, const idx_t* at, float* y, idx_t n) { copy_into(y, n); copy_into(x, at, y, n); }\n")
    notes = [f.message for f in translate_tree({"src/gather.cuh": header, "src/main.cu": main}).findings
             if f.path == "src/gather.cuh"]
    assert notes == ["kernel gather becomes a Triton kernel (element-wise map over 1-D indices)"]


def test_a_source_included_after_its_headers_reads_what_they_define() -> None:
    # main.cu includes the definitions, then the kernels' file, as one translation unit: the kernels read DIM
    files = {"src/defs.hpp": b"#pragma once\n#define DIM 7\n",
             "src/kernels.cu": (b"__global__ void scale(float* y, int n) {\n"
                                b"    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                                b"    if (i < n) y[i] = y[i] * DIM;\n}\n"),
             "src/main.cu": b'#include "defs.hpp"\n#include "kernels.cu"\nint main() { return 0; }\n'}
    result = translate_tree(files)
    assert "* 7" in result.new_files["src/kernels_tile.py"]
    alone = translate_tree({k: v for k, v in files.items() if k != "src/main.cu"})
    kept = [f.message for f in alone.findings if f.path == "src/kernels.cu"]
    assert kept == ["kernel scale stays a SIMT kernel: the name DIM (not a parameter, local or constant)"]


def test_a_redefined_macro_means_its_latest_definition() -> None:
    source = ("#define AT(i) (2 * (i))\nint a = AT(1);\n#define AT(i) (3 * (i))\nint b = AT(1);\n"
              "#ifdef FAST\n#define AT(i) (4 * (i))\n#endif\nint c = AT(1);\n")
    got = expand_source(source, function_macros(source.encode())).splitlines()
    assert got[1] == "int a = (2 * (1));" and got[3] == "int b = (3 * (1));"
    assert got[7] == "int c = AT(1);"  # redefined under an #if whose arm is not known here


def test_a_guarded_macro_defined_one_way_is_expanded() -> None:
    source = "#ifndef SQ\n#define SQ(x) ((x) * (x))\n#endif\nint a = SQ(3);\n"
    assert expand_source(source, function_macros(source.encode())).splitlines()[3] == "int a = ((3) * (3));"


def test_an_object_like_macro_of_a_kernel_body_is_written_in() -> None:
    source = ("__global__ void k(float* y, int n) {\n"
              "  int gid = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "#define slot (2 * gid + 1) // the odd entries\n"
              "#define at(i) (slot + (i))\n"
              "#define WIDTH 4\n"
              "  if (gid < n) y[at(0)] = y[slot] * WIDTH;\n"
              "#undef slot\n"
              "  int slot = 3;\n"
              "}\n")
    got = expand_source(source, function_macros(source.encode())).splitlines()
    assert got[5] == "  if (gid < n) y[((2 * gid + 1) + (0))] = y[(2 * gid + 1)] * WIDTH;"  # a number stays a name
    assert got[7] == "  int slot = 3;"
    outside = "#define scale (2 * w)\nfloat f(float w) { return scale; }\n"
    assert expand_source(outside, function_macros(outside.encode())) == outside  # file level: left to the constants


def test_a_kernel_launched_in_its_own_header_and_elsewhere_takes_every_launch() -> None:
    header = LAUNCHED_HEADER + b"void run_int(const int* x, int* y, int n) { scaled<int, 2><<<1, 256>>>(x, y, n); }\n"
    files = {"src/kernels/scaled.cuh": header, "src/main.cu": LAUNCHING_MAIN}
    result = translate_tree(files)
    notes = [f.message for f in result.findings if f.path == "src/kernels/scaled.cuh"]
    assert notes == ["kernel scaled becomes a Triton kernel (element-wise map over 1-D indices; one kernel per "
                     "instantiation, Real = double, int)"]
    module = result.new_files["src/kernels/scaled_tile.py"]
    assert "* 3" in module and "* 2" in module  # each instantiation's own SCALE


def test_a_guarded_constant_takes_its_first_definition_and_an_undecided_one_none() -> None:
    from migrate.tile.cuda_front import read_module

    source = (b"#ifndef WG\n#define WG 64 // the first guard defines it\n#endif\n"
              b"#ifndef WG\n#define WG 4\n#endif\n"
              b"#ifdef WIDE\n#define LANES 8\n#else\n#define LANES 4\n#endif\n"
              b"#if LEVEL > 2\n#define EPS 1e-12\n#else\n#define EPS 1e-6\n#endif\n")
    constants = read_module(source).constants
    assert (constants["WG"].value, constants["LANES"].value) == (64, 4)  # WIDE is defined nowhere: its #else holds
    assert "EPS" not in constants  # which arm holds depends on LEVEL, which no source defines


def test_a_header_lends_its_tables_of_device_memory() -> None:
    # the header's table becomes a tensor of the includer's module, under its name, holding its values
    header = b"#pragma once\n__constant__ float kTaps[3] = {0.25f, 0.5f, 0.25f};\n"
    main = (b'#include "taps.cuh"\n__global__ void k(const float* x, float* y, int n) {\n'
            b"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = kTaps[i % 3] * x[i];\n}\n")
    result = translate_tree({"taps.cuh": header, "k.cu": main})
    assert [f.rule for f in result.findings] == ["tile-kernel"]
    module = result.new_files["k_tile.py"]
    assert "kTaps = _Symbol('float32', 3, (  # __constant__ float kTaps[3] (taps.cuh:2)" in module
    assert "0.25, 0.5, 0.25," in module and "kTaps.on(x)" in module


def test_a_constant_of_an_ifdef_branch_not_compiled_is_not_read() -> None:
    # `#ifdef USE_TEST` with nothing defining USE_TEST: n is 1 << 10, as the compiler reads it, not the test's 4
    source = (b"#ifdef USE_TEST\nconst int n = 4;\n#else\n#define klog2(v) ((v < 512) ? 8 : 9)\n"
              b"const int n = 1 << (klog2(1000) + 1);\n#endif\n__device__ int cover[n];\n"
              b"__global__ void k(int* y) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              b"  if (i < n) y[i] = cover[i];\n}\n")
    module = translate_tree({"k.cu": source}).new_files["k_tile.py"]
    assert "cover = _Symbol('int32', 1024)" in module and "triton.cdiv(min(1024, threads_x)," in module
