"""migrate as other projects use it: real pre-commit, installing the hooks from a repository, on real commits."""

from __future__ import annotations

import re

LEGACY_CU = """\
#include <cuda_runtime.h>

__global__ void scale(float* x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

void reserve(float** d, int n)
{
    cudaMalloc(d, n * sizeof(float));
}

void release(float* d)
{
    cudaFree(d);
}
"""

LEGACY_PY = """\
import torch

model = torch.nn.Linear(4, 4).cuda()
"""

PLAIN_PY = """\
def area(w, h):
    return w * h
"""

BASELINE = ["--no-progress", "--baseline", "migrate-baseline.json"]


def _output(done) -> str:
    return done.stdout + done.stderr


def test_new_cuda_malloc_fails_the_commit_at_its_line(make_project):
    project = make_project({"src/kernels.cu": LEGACY_CU}, BASELINE, baseline="migrate-baseline.json")
    project.write("src/kernels.cu", LEGACY_CU + "\nvoid more(float** d)\n{\n    cudaMalloc(d, 64);\n}\n")
    done = project.commit("more memory")
    out = _output(done)
    assert done.returncode != 0, out
    assert re.search(r"src/kernels\.cu:21:5: warning\[runtime-api\] cudaMalloc", out), out
    assert "kernels.cu:11:" not in out, out  # the baselined cudaMalloc stays quiet
    assert "Traceback" not in out


def test_new_dot_cuda_fails_the_commit_at_its_line(make_project):
    project = make_project(
        {"train.py": LEGACY_PY, "util.py": PLAIN_PY}, BASELINE, baseline="migrate-baseline.json"
    )
    project.write("util.py", PLAIN_PY + "\n\ndef place(t):\n    return t.cuda()\n")
    done = project.commit("place tensors")
    out = _output(done)
    assert done.returncode != 0, out
    assert re.search(r"util\.py:6:\d+: \w+\[[\w-]+\] .*cuda", out), out
    assert "train.py" not in out, out


def test_baselined_legacy_code_passes(make_project):
    project = make_project(
        {"src/kernels.cu": LEGACY_CU, "train.py": LEGACY_PY}, BASELINE, baseline="migrate-baseline.json"
    )
    project.write("src/kernels.cu", "// Scaling helpers.\n" + LEGACY_CU)
    project.write("train.py", LEGACY_PY + "print(model)\n")
    done = project.commit("touch legacy files")
    assert done.returncode == 0, _output(done)


def test_moving_a_baselined_block_passes(make_project):
    project = make_project({"src/kernels.cu": LEGACY_CU}, BASELINE, baseline="migrate-baseline.json")
    head, reserve, release = (
        LEGACY_CU.partition("void reserve")[0],
        *("void reserve" + LEGACY_CU.partition("void reserve")[2]).split("\n\n", 1),
    )
    moved = head + release + "\n\n    \n" + reserve.replace("    cudaMalloc", "        cudaMalloc") + "\n"
    project.write("src/kernels.cu", moved)
    assert project.read("src/kernels.cu") != LEGACY_CU
    done = project.commit("reorder")
    assert done.returncode == 0, _output(done)


def test_a_file_with_a_syntax_error_is_reported_not_crashed_on(make_project):
    project = make_project({"train.py": LEGACY_PY}, BASELINE, baseline="migrate-baseline.json")
    project.write("broken.py", "import torch\n\ndef f(:\n    x = torch.zeros(3).cuda(\n")
    project.write("broken.cu", "__global__ void k( {\n    cudaMalloc(0, 4);\n")
    done = project.commit("broken files")
    out = _output(done)
    assert done.returncode != 0, out
    assert "Traceback" not in out, out
    assert re.search(r"broken\.py:\d+:\d+: note\[parse-error\]", out), out
    assert re.search(r"broken\.cu:2:5: warning\[runtime-api\] cudaMalloc", out), out


def test_since_head_reports_only_changed_lines(make_project):
    project = make_project({"src/kernels.cu": LEGACY_CU}, ["--no-progress", "--since", "HEAD"])
    project.write(
        "src/kernels.cu", LEGACY_CU.replace("cudaFree(d);", "cudaFree(d);\n    cudaDeviceSynchronize();")
    )
    done = project.commit("sync")
    out = _output(done)
    assert done.returncode != 0, out
    assert re.search(r"src/kernels\.cu:17:5: \w+\[[\w-]+\] cudaDeviceSynchronize", out), out
    assert "kernels.cu:11:" not in out and "kernels.cu:16:" not in out, out


def test_the_apply_hook_rewrites_a_launch(make_project):
    launch = LEGACY_CU + "\nvoid run(float* d)\n{\n    scale<<<4, 256>>>(d, 2.0f, 1024);\n}\n"
    project = make_project({"legacy/run.cu": launch}, None, apply=True)
    project.write("src/run.cu", launch)
    done = project.commit("launch")
    out = _output(done)
    assert done.returncode != 0, out  # pre-commit fails a commit whose files a hook changed
    migrated = project.read("src/run.cu")
    assert "prtLaunchKernel(scale, 4, 256, 0, 0, d, 2.0f, 1024);" in migrated, migrated
    assert "<<<" not in migrated
    assert project.read("legacy/run.cu") == launch  # only the files pre-commit passes are rewritten
    done = project.commit("launch, migrated")
    assert done.returncode == 0, _output(done)
