"""The tile front end's reading of preprocessor conditionals (migrate/tile/conditionals.py): the arm the compiler
takes where the sources decide it, lines kept; left, with the macro named, where they do not."""

from __future__ import annotations

from migrate.tile import translate_tree
from migrate.tile.conditionals import Unknown, decide, taken
from migrate.tile.cuda_front import read_module


def test_decided_arms_keep_their_lines() -> None:
    source = ("#define MODE 0\n#define WIFI 1\n"
              "#if MODE == WIFI\n#define Z 81\n#else\n#define Z 96\n#endif\n"
              "int z = Z;\n")
    got = decide(source)
    assert got.text.split("\n") == ["#define MODE 0", "#define WIFI 1", "", "", "", "#define Z 96", "", "int z = Z;",
                                    ""]
    assert got.env["Z"] == (None, "96") and not got.undecided
    assert read_module(source.encode()).constants["Z"].value == 96  # the compiled arm's, not the last written


def test_expressions() -> None:
    env = {"N": (None, "(4 * 64)"), "GONE": "undefined", "SQ": (("x",), "((x) * (x))")}
    assert taken("if", "N > 128 && SQ(3) == 9", env) is True
    assert taken("if", "defined(GONE) || GONE", env) is False  # #undef'd: known absent, reads as 0
    assert taken("if", "-1 < 0u", env) is False  # C's unsigned comparison
    assert taken("if", "0 && OTHER", env) is False and taken("if", "OTHER || 1", env) is True
    assert taken("if", "(N >> 6) % 3 == 1 ? 1 : OTHER", env) is True
    unknown = taken("if", "OTHER > 2", env)
    assert isinstance(unknown, Unknown) and unknown.why.startswith("OTHER, which no source the reader sees defines")


def test_cuda_macros() -> None:
    assert taken("ifdef", "__CUDACC__", {}) is True and taken("if", "defined(__HIPCC__)", {}) is False
    assert taken("if", "CUDART_VERSION >= 9000", {}) is True
    assert isinstance(taken("if", "CUDART_VERSION >= 12000", {}), Unknown)
    # __CUDA_ARCH__: defined in device code (sm_35 on), left outside it (both passes read that line)
    assert taken("if", "__CUDA_ARCH__ >= 300", {}, device=True) is True
    assert taken("ifdef", "__CUDA_ARCH__", {}, device=True) is True
    assert "-arch" in taken("if", "__CUDA_ARCH__ >= 700", {}, device=True).why
    assert "device pass only" in taken("ifdef", "__CUDA_ARCH__", {}).why


def test_guards_defaults_and_undecided_arms() -> None:
    source = ("#ifndef UTIL_H\n#define UTIL_H\n"
              "#ifndef TILE\n#define TILE 16\n#endif\n"
              "#ifndef TILE\n#define TILE 8\n#endif\n"  # never taken: TILE is defined by now, one way or another
              "#ifdef FAST\n#define STEP 2\n#endif\n"
              "#endif\n")
    got = decide(source)
    assert "#define UTIL_H" in got.text and "#ifndef UTIL_H" not in got.text  # the include guard is taken
    assert "#define TILE 8" not in got.text and "#define TILE 16" in got.text
    assert got.env["UTIL_H"] == (None, "") and "#ifndef at line 3" in got.env["TILE"].why
    assert isinstance(got.env["STEP"], Unknown) and "FAST" not in got.env
    assert set(got.undecided) == {3, 9}


def test_comments_and_an_unterminated_arm() -> None:
    source = "/*\n#if 0\n*/\n#if 1 // on\nA\n#else\nB\n"  # a source another includes, cut at that include
    got = decide(source)
    assert got.text.split("\n") == ["/*", "#if 0", "*/", "", "A", "", "", ""]


def test_headers_and_includers_lend_their_macros() -> None:
    files = {
        "config.h": b"#pragma once\n#define NATIVE_DIVIDE\n#define BLOCK 256\n",
        "solver.h": b'#include "config.h"\n#include "kernels.cu"\n',
        "kernels.cu": b"""__global__ void step(const float* a, const float* b, float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
#ifndef NATIVE_DIVIDE
    x[i] = a[i] / b[i];
#elif BLOCK > 128
    x[i] = __fdiv_rn(a[i], b[i]);
#else
    x[i] = 0.0f;
#endif
}
""",
        "other.cu": b"""#if BLOCK > 128
#define WIDE 1
#endif
#include "config.h"
__global__ void copy(const float* a, float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef WIDE
    if (i < n) x[i] = a[i];
#endif
}
""",
    }
    findings = {f.path: f.message for f in translate_tree(files).findings}
    # kernels.cu starts from what solver.h has defined where it includes it (config.h's macros)
    assert findings["kernels.cu"] == "kernel step becomes a Triton kernel (element-wise map over 1-D indices)"
    # a header's macros hold from its #include on: above it, BLOCK is defined nowhere the reader sees
    assert findings["other.cu"] == "kernel copy stays a SIMT kernel: an #ifdef on WIDE, which the #if at line 1 " \
        "defines in some ways through it and not in others"
