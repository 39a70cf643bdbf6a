"""The command line: exit codes, output formats, rule selection, paths, settings files, suppressions, the cache."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from migrate.cli import main
from migrate.rules import load_catalog

REPO = Path(__file__).resolve().parent.parent
CATALOG = load_catalog()
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

KERNEL_CU = """\
#include <cuda_runtime.h>
#include <cstdio>

__global__ void scale(float* x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

int main()
{
    float* d = nullptr;
    cudaMalloc(&d, 1024 * sizeof(float));
    scale<<<4, 256>>>(d, 2.0f, 1024);
    cudaDeviceSynchronize();
    cudaFree(d);
    return 0;
}
"""

PLAIN_CPP = """\
#include <vector>
#include <cstdio>

// Plain host code: nothing CUDA-specific, not even cudaMalloc in this comment counts.
static const char* kHelp = "run cudaMemcpy<<<1, 1>>> first";

int sum(const std::vector<int>& v)
{
    int s = 0;
    for (int x : v) s += x % 32;
    return s;
}
"""

TRAIN_PY = """\
import torch

model = torch.nn.Linear(4, 4).cuda()
torch.cuda.synchronize()
"""

CMAKE = """\
cmake_minimum_required(VERSION 3.24)
project(demo LANGUAGES CXX CUDA)
"""


def cli(cwd: Path, *args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run `migrate ARGS` in-process from `cwd`; returns (exit code, stdout, stderr)."""
    here = Path.cwd()
    os.chdir(cwd)
    try:
        code = main(list(args))
    finally:
        os.chdir(here)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def scan(cwd: Path, *args: str, capsys: pytest.CaptureFixture[str], cache: bool = False) -> tuple[int, dict]:
    extra = () if cache else ("--no-cache",)
    code, out, _ = cli(cwd, "scan", "--format", "json", *extra, *args, capsys=capsys)
    return code, json.loads(out)


def rule_ids(report: dict) -> set[str]:
    return {f["rule_id"] for f in report["findings"]}


def paths(report: dict) -> set[str]:
    return {f["path"] for f in report["findings"]}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A small project: CUDA, plain C++, PyTorch and CMake, with `.git` so settings are looked up only here."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "kernel.cu").write_text(KERNEL_CU)
    (tmp_path / "src" / "plain.cpp").write_text(PLAIN_CPP)
    (tmp_path / "train.py").write_text(TRAIN_PY)
    (tmp_path / "CMakeLists.txt").write_text(CMAKE)
    return tmp_path


# -- exit codes --------------------------------------------------------------------------------------------------


def test_exit_1_when_there_are_findings(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = scan(tree, ".", capsys=capsys)
    assert code == EXIT_FINDINGS
    assert paths(report) == {"src/kernel.cu", "train.py", "CMakeLists.txt"}


def test_exit_0_on_a_clean_tree(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = scan(tree, "src/plain.cpp", capsys=capsys)
    assert code == EXIT_CLEAN
    assert report["findings"] == []


def test_exit_zero_flag(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(tree, "scan", "--no-cache", "--exit-zero", ".", capsys=capsys)
    assert code == EXIT_CLEAN
    assert "src/kernel.cu:" in out


def test_no_command_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = cli(tmp_path, capsys=capsys)
    assert code == EXIT_ERROR and "usage" in err


def test_text_report_lines(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(tree, "scan", "--no-cache", ".", capsys=capsys)
    assert code == EXIT_FINDINGS
    assert "src/kernel.cu:13:5: warning[runtime-api] cudaMalloc" in out
    assert err == ""


# -- machine-readable output -------------------------------------------------------------------------------------


def test_json_through_a_real_process_has_no_progress_bytes(tree: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "migrate.cli", "scan", "--no-cache", "--format", "json", "."],
        cwd=tree, capture_output=True, timeout=300,
    )
    assert done.returncode == EXIT_FINDINGS
    assert b"\x1b" not in done.stdout and b"\r" not in done.stdout
    assert b"scanning" not in done.stdout
    report = json.loads(done.stdout)
    assert {"files", "findings", "rules", "summary"} <= set(report)
    assert b"Traceback" not in done.stderr


def test_json_under_a_terminal_keeps_the_bar_on_stderr(tree: Path) -> None:
    """With a terminal on stderr the progress bar may draw there, but stdout (piped) stays pure JSON."""
    pty = pytest.importorskip("pty")
    import threading

    master, slave = pty.openpty()

    def drain() -> None:
        # A terminal nobody reads fills up and blocks the bar's writes: read it as a terminal would.
        try:
            while os.read(master, 65536):
                pass
        except OSError:
            pass  # the child closed its end

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "migrate.cli", "scan", "--no-cache", "--format", "json", "."],
            cwd=tree, stdout=subprocess.PIPE, stderr=slave,
        )
        os.close(slave)
        stdout, _ = process.communicate(timeout=300)
    finally:
        reader.join(timeout=30)
        os.close(master)
    assert b"\x1b" not in stdout
    json.loads(stdout)


def test_sarif_parses(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(tree, "scan", "--no-cache", "--format", "sarif", ".", capsys=capsys)
    assert code == EXIT_FINDINGS
    assert json.loads(out)["version"] == "2.1.0"


def test_output_file(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tree / "report.json"
    code, out, _ = cli(tree, "scan", "--no-cache", "--format", "json", "-o", str(target), "src", capsys=capsys)
    assert code == EXIT_FINDINGS and out == ""
    assert json.loads(target.read_text())["findings"]


def test_reported_paths_are_relative_posix(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, report = scan(tree, str(tree), capsys=capsys)
    for finding in report["findings"]:
        assert not finding["path"].startswith("/") and "\\" not in finding["path"]


# -- --select / --ignore -----------------------------------------------------------------------------------------


def test_select_by_rule_id(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = scan(tree, "--select", "kernel-launch", ".", capsys=capsys)
    assert code == EXIT_FINDINGS
    assert rule_ids(report) == {"kernel-launch"}


def test_select_several_comma_separated_and_repeated(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, report = scan(tree, "--select", "kernel-launch,kernel-definition", "--select", "tensor-cuda-method", ".",
                     capsys=capsys)
    assert rule_ids(report) == {"kernel-launch", "kernel-definition", "tensor-cuda-method"}


def test_select_by_family(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, report = scan(tree, "--select", "build", ".", capsys=capsys)
    assert report["findings"]
    assert {f["family"] for f in report["findings"]} == {"build"}
    assert paths(report) == {"CMakeLists.txt"}


def test_ignore_by_rule_id(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, everything = scan(tree, ".", capsys=capsys)
    _, report = scan(tree, "--ignore", "runtime-api", ".", capsys=capsys)
    assert "runtime-api" in rule_ids(everything)
    assert rule_ids(report) == rule_ids(everything) - {"runtime-api"}


def test_ignore_by_family(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, report = scan(tree, "--ignore", "torch,build", ".", capsys=capsys)
    assert report["findings"]
    assert not {f["family"] for f in report["findings"]} & {"torch", "build"}


def test_select_family_minus_ignored_rule(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, report = scan(tree, "--select", "launch,kernel", "--ignore", "kernel-definition", ".", capsys=capsys)
    assert "kernel-launch" in rule_ids(report)
    assert "kernel-definition" not in rule_ids(report)
    assert {f["family"] for f in report["findings"]} <= {"launch", "kernel"}


def test_rule_alias_is_accepted(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    aliases = dict(CATALOG.aliases)
    if not aliases:
        pytest.skip("no rule has an alias yet")
    alias, rule_id = sorted(aliases.items())[0]
    code, _, err = cli(tree, "scan", "--no-cache", "--select", alias, ".", capsys=capsys)
    assert code in (EXIT_CLEAN, EXIT_FINDINGS), err


# -- paths: --exclude and .gitignore -----------------------------------------------------------------------------


def test_exclude_glob_on_names(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, report = scan(tree, "--exclude", "*.py", ".", capsys=capsys)
    assert "train.py" not in paths(report)
    assert "src/kernel.cu" in paths(report)


def test_exclude_folder_and_path_glob(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, report = scan(tree, "--exclude", "src", ".", capsys=capsys)
    assert not any(p.startswith("src/") for p in paths(report))
    _, report = scan(tree, "--exclude", "src/*.cu", ".", capsys=capsys)
    assert "src/kernel.cu" not in paths(report) and "train.py" in paths(report)


def test_gitignore_is_respected_and_can_be_turned_off(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "third_party").mkdir()
    (tree / "third_party" / "vendored.cu").write_text(KERNEL_CU)
    (tree / "src" / "gen_kernel.cu").write_text(KERNEL_CU)
    (tree / ".gitignore").write_text("third_party/\ngen_*.cu\n")
    _, report = scan(tree, ".", capsys=capsys)
    assert "third_party/vendored.cu" not in paths(report)
    assert "src/gen_kernel.cu" not in paths(report)
    assert "src/kernel.cu" in paths(report)
    _, report = scan(tree, "--no-gitignore", ".", capsys=capsys)
    assert {"third_party/vendored.cu", "src/gen_kernel.cu"} <= paths(report)


def test_nested_gitignore_applies_below_its_folder(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "src" / ".gitignore").write_text("kernel.cu\n")
    (tree / "other").mkdir()
    (tree / "other" / "kernel.cu").write_text(KERNEL_CU)
    _, report = scan(tree, ".", capsys=capsys)
    assert "src/kernel.cu" not in paths(report)
    assert "other/kernel.cu" in paths(report)


# -- settings files ----------------------------------------------------------------------------------------------


def test_pyproject_tool_migrate_is_honoured(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "pyproject.toml").write_text(
        '[project]\nname = "demo"\n\n[tool.migrate]\nselect = ["kernel-launch", "torch"]\nexclude = ["train.py"]\n'
    )
    _, report = scan(tree, ".", capsys=capsys)
    assert rule_ids(report) == {"kernel-launch"}


def test_migrate_toml_is_honoured(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "migrate.toml").write_text('ignore = ["runtime", "kernel"]\nformat = "json"\n')
    code, out, _ = cli(tree, "scan", "--no-cache", ".", capsys=capsys)
    report = json.loads(out)  # format comes from the file
    assert code == EXIT_FINDINGS
    assert not {f["family"] for f in report["findings"]} & {"runtime", "kernel"}
    assert "kernel-launch" in rule_ids(report)


def test_command_line_select_overrides_the_settings(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "migrate.toml").write_text('select = ["build"]\n')
    _, report = scan(tree, "--select", "kernel-launch", ".", capsys=capsys)
    assert rule_ids(report) == {"kernel-launch"}


def test_settings_respect_gitignore_false(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "vendor").mkdir()
    (tree / "vendor" / "v.cu").write_text(KERNEL_CU)
    (tree / ".gitignore").write_text("vendor/\n")
    (tree / "migrate.toml").write_text("respect-gitignore = false\n")
    _, report = scan(tree, ".", capsys=capsys)
    assert "vendor/v.cu" in paths(report)


def test_explicit_config_file(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = tree / "ci-settings.toml"
    settings.write_text('select = ["cmake-cuda-language"]\n')
    _, report = scan(tree, "--config", str(settings), ".", capsys=capsys)
    assert rule_ids(report) == {"cmake-cuda-language"}


# -- suppressions ------------------------------------------------------------------------------------------------


def test_cpp_suppression_by_rule_id(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = KERNEL_CU.replace(
        "cudaMalloc(&d, 1024 * sizeof(float));", "cudaMalloc(&d, 1024 * sizeof(float));  // migrate: ignore[runtime-api]"
    )
    (tree / "src" / "kernel.cu").write_text(source)
    _, report = scan(tree, "src/kernel.cu", capsys=capsys)
    lines = {(f["rule_id"], f["line"]) for f in report["findings"]}
    assert ("runtime-api", 13) not in lines
    assert ("runtime-api", 15) in lines  # cudaDeviceSynchronize, one line down, still reported


def test_cpp_suppression_of_another_rule_does_not_hide(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = KERNEL_CU.replace("cudaFree(d);", "cudaFree(d);  // migrate: ignore[kernel-launch]")
    (tree / "src" / "kernel.cu").write_text(source)
    _, report = scan(tree, "src/kernel.cu", capsys=capsys)
    assert ("runtime-api", 16) in {(f["rule_id"], f["line"]) for f in report["findings"]}


def test_cpp_suppression_by_family_and_bare(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = KERNEL_CU.replace("scale<<<4, 256>>>(d, 2.0f, 1024);", "scale<<<4, 256>>>(d, 2.0f, 1024);  // migrate: ignore[launch]")
    source = source.replace("cudaFree(d);", "cudaFree(d);  // migrate: ignore")
    (tree / "src" / "kernel.cu").write_text(source)
    _, report = scan(tree, "src/kernel.cu", capsys=capsys)
    lines = {(f["rule_id"], f["line"]) for f in report["findings"]}
    assert ("kernel-launch", 14) not in lines
    assert not any(line == 16 for _, line in lines)


def test_python_suppression(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "train.py").write_text(
        "import torch\n\n"
        "model = torch.nn.Linear(4, 4).cuda()  # migrate: ignore[tensor-cuda-method]\n"
        "other = torch.nn.Linear(4, 4).cuda()\n"
    )
    _, report = scan(tree, "train.py", capsys=capsys)
    lines = {(f["rule_id"], f["line"]) for f in report["findings"]}
    assert ("tensor-cuda-method", 3) not in lines
    assert ("tensor-cuda-method", 4) in lines


def test_cmake_suppression(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.24)\nproject(demo LANGUAGES CXX CUDA)  # migrate: ignore[build]\n"
    )
    code, report = scan(tree, "CMakeLists.txt", capsys=capsys)
    assert report["findings"] == [] and code == EXIT_CLEAN


# -- rules and explain -------------------------------------------------------------------------------------------


def test_rules_lists_every_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = cli(tmp_path, "rules", capsys=capsys)
    assert code == EXIT_CLEAN
    listed = {line.split()[0] for line in out.splitlines() if line.strip()}
    assert listed == set(CATALOG.rules)


def test_rules_by_family(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = cli(tmp_path, "rules", "--family", "kernel", capsys=capsys)
    assert code == EXIT_CLEAN
    listed = {line.split()[0] for line in out.splitlines() if line.strip()}
    assert listed == {r.id for r in CATALOG.rules.values() if r.family == "kernel"}
    assert "kernel-launch" not in listed  # a launch-family rule


def test_rules_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = cli(tmp_path, "rules", "--family", "torch", "--format", "json", capsys=capsys)
    rows = json.loads(out)
    assert code == EXIT_CLEAN and rows and {row["family"] for row in rows} == {"torch"}


def test_rules_unknown_family_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(tmp_path, "rules", "--family", "kernal", capsys=capsys)
    assert code == EXIT_ERROR and out == "" and "kernal" in err


@pytest.mark.skipif(importlib.util.find_spec("migrate.explain") is None, reason="migrate.explain is not there yet")
def test_explain_kernel_launch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = cli(tmp_path, "explain", "kernel-launch", capsys=capsys)
    assert code == EXIT_CLEAN
    rule = CATALOG.rules["kernel-launch"]
    assert "kernel-launch" in out and rule.summary in out
    assert "<<<" in out  # the example shows a launch


@pytest.mark.skipif(importlib.util.find_spec("migrate.explain") is None, reason="migrate.explain is not there yet")
def test_explain_unknown_rule_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(tmp_path, "explain", "kernel-lunch", capsys=capsys)
    assert code == EXIT_ERROR and "kernel-lunch" in err and out == ""


# -- defaults ----------------------------------------------------------------------------------------------------


def test_scan_without_a_path_scans_the_current_folder(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = scan(tree, capsys=capsys)
    assert code == EXIT_FINDINGS
    assert json.dumps(report, sort_keys=True) == json.dumps(scan(tree, ".", capsys=capsys)[1], sort_keys=True)


def test_scan_of_the_bundled_corpus_leaves_its_outputs_out(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = scan(REPO, "corpus", capsys=capsys)
    assert code == EXIT_FINDINGS
    scanned = {f["path"] for f in report["files"]}
    # corpus/migrate.toml leaves the committed migrations and goldens out: they are outputs, not sources.
    outputs = {"migrated", "migrated_tile", "goldens"}
    expected = {
        p.relative_to(REPO).as_posix() for p in (REPO / "corpus").rglob("*.cu") if not outputs & set(p.parts)
    }
    assert expected and expected <= scanned
    assert all(p.startswith("corpus/") for p in scanned)


# -- the cache ---------------------------------------------------------------------------------------------------


def test_cache_gives_identical_json_and_rescans_a_changed_file(
    tree: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path_factory.mktemp("cache")
    args = ("--cache-dir", str(cache), ".")
    code1, first = scan(tree, *args, capsys=capsys, cache=True)
    assert any(cache.iterdir()), "the first scan wrote no cache"
    code2, second = scan(tree, *args, capsys=capsys, cache=True)
    assert code1 == code2 == EXIT_FINDINGS
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    _, uncached = scan(tree, ".", capsys=capsys)
    assert json.dumps(first, sort_keys=True) == json.dumps(uncached, sort_keys=True)

    kernel = tree / "src" / "kernel.cu"
    kernel.write_text(KERNEL_CU.replace("cudaFree(d);", "cudaFree(d);\n    cudaStreamSynchronize(0);"))
    _, third = scan(tree, *args, capsys=capsys, cache=True)
    messages = [f["message"] for f in third["findings"] if f["path"] == "src/kernel.cu"]
    assert any("cudaStreamSynchronize" in m for m in messages)
    (tree / "train.py").write_text("print('no torch here')\n")
    _, fourth = scan(tree, *args, capsys=capsys, cache=True)
    assert "train.py" not in paths(fourth)


def test_unchanged_tree_gets_the_kept_report_and_any_change_scans_again(
    tree: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import migrate.engine as engine

    real_scan = engine.scan
    scans: list[int] = []

    def counted(*args, **kwargs):
        scans.append(1)
        return real_scan(*args, **kwargs)

    monkeypatch.setattr(engine, "scan", counted)
    cache = tmp_path_factory.mktemp("cache")

    def run(*args: str) -> tuple[int, str]:
        code, out, _ = cli(tree, "scan", "--cache-dir", str(cache), *args, ".", capsys=capsys)
        return code, out

    first = run("--format", "json")
    assert len(scans) == 1 and first[0] == EXIT_FINDINGS
    assert run("--format", "json") == first and len(scans) == 1, "an unchanged tree is not scanned again"
    assert run("--format", "json", "--exit-zero")[0] == EXIT_CLEAN and len(scans) == 1, "the exit status is the kept scan's"
    assert run("--format", "sarif")[1] != first[1] and len(scans) == 2, "another format renders anew"
    assert run("--format", "json", "--select", "kernel-launch")[1] != first[1] and len(scans) == 3

    kernel = tree / "src" / "kernel.cu"
    kernel.write_text(KERNEL_CU.replace("cudaFree(d);", "cudaFree(d);\n    cudaStreamSynchronize(0);"))
    changed = run("--format", "json")
    assert len(scans) == 4 and "cudaStreamSynchronize" in changed[1], "a changed file scans again"
    (tree / "src" / "more.cu").write_text("void f() { cudaDeviceSynchronize(); }\n")
    added = run("--format", "json")
    assert len(scans) == 5 and "src/more.cu" in added[1], "a new file scans again"
    (tree / "src" / "more.cu").unlink()
    assert run("--format", "json") == changed and len(scans) == 6
    assert json.loads(changed[1]) == json.loads(cli(tree, "scan", "--format", "json", "--no-cache", ".", capsys=capsys)[1])


def test_kept_report_is_written_byte_for_byte(
    tree: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    """The kept report of an unchanged tree, to a file and to stdout, is what the scan wrote, non-ASCII included."""
    (tree / "src" / "unicode.cu").write_text("// température\nvoid f() { cudaDeviceSynchronize(); } // ü\n",
                                              encoding="utf-8")
    cache = tmp_path_factory.mktemp("cache")
    out = tmp_path_factory.mktemp("out")
    for name in ("first.json", "second.json"):
        cli(tree, "scan", "--cache-dir", str(cache), "-f", "json", "-o", str(out / name), ".", capsys=capsys)
    cold = (out / "first.json").read_bytes()
    assert "ü".encode() in cold and (out / "second.json").read_bytes() == cold
    printed = cli(tree, "scan", "--cache-dir", str(cache), "-f", "json", ".", capsys=capsys)[1]
    assert printed == cold.decode("utf-8")
    assert printed == cli(tree, "scan", "--no-cache", "-f", "json", ".", capsys=capsys)[1]


def test_cache_keyed_by_selection(tree: Path, tmp_path_factory: pytest.TempPathFactory,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path_factory.mktemp("cache")
    _, everything = scan(tree, "--cache-dir", str(cache), ".", capsys=capsys, cache=True)
    _, launches = scan(tree, "--cache-dir", str(cache), "--select", "kernel-launch", ".", capsys=capsys, cache=True)
    assert rule_ids(launches) == {"kernel-launch"}
    assert len(everything["findings"]) > len(launches["findings"])
