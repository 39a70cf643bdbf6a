"""Bad input through the command line: every case ends in a finding or a stated skip, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`migrate ARGS` in `cwd` as a user runs it; fails the test on any traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "migrate.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=300,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert "Traceback" not in done.stdout, done.stdout
    return done


def scan_json(cwd: Path, *args: str) -> tuple[int, dict, str]:
    done = run(cwd, "scan", "--no-cache", "--format", "json", *args)
    return done.returncode, json.loads(done.stdout), done.stderr


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """An empty project folder; `.git` stops the settings search from leaving it."""
    (tmp_path / ".git").mkdir()
    return tmp_path


def files_by_path(report: dict) -> dict[str, dict]:
    return {f["path"]: f for f in report["files"]}


def findings_of(report: dict, path: str) -> list[dict]:
    return [f for f in report["findings"] if f["path"] == path]


def test_binary_file_with_a_cuda_name_is_skipped(tree: Path) -> None:
    (tree / "blob.cu").write_bytes(bytes(range(256)) * 64)
    (tree / "good.cu").write_text("void f(float* p) { cudaFree(p); }\n")
    code, report, _ = scan_json(tree, ".")
    assert code == EXIT_FINDINGS
    assert "binary" in files_by_path(report)["blob.cu"]["skipped"]
    assert not findings_of(report, "blob.cu")
    # The .cu file uses the runtime without including it, as nvcc allows: the implicit include is reported too.
    assert [f["rule_id"] for f in findings_of(report, "good.cu")] == ["implicit-runtime-include", "runtime-api"]


def test_latin1_text_still_yields_findings_with_character_columns(tree: Path) -> None:
    source = (
        b"// Gr\xf6\xdfe des Puffers: \xe9t\xe9 2019\n"
        b"void alloc(float** p, int n) {\n"
        b"    /* caf\xe9 */ cudaMalloc(p, n * sizeof(float)); // \xa9 ACME\n"
        b"}\n"
    )
    (tree / "legacy.cu").write_bytes(source)
    code, report, _ = scan_json(tree, "legacy.cu")
    assert code == EXIT_FINDINGS
    found = [f for f in findings_of(report, "legacy.cu") if f["rule_id"] == "runtime-api"]
    assert len(found) == 1
    # "    /* café */ " is 15 characters (é is one byte in latin-1 and one character in the report).
    assert (found[0]["line"], found[0]["column"]) == (3, 16)
    assert found[0]["end_column"] - found[0]["column"] == len("cudaMalloc")
    text = run(tree, "scan", "--no-cache", "legacy.cu").stdout
    assert "legacy.cu:3:16: warning[runtime-api]" in text


def test_syntax_errors_give_a_parse_error_and_the_findings_around_them(tree: Path) -> None:
    (tree / "broken.cu").write_text(
        "void before(float* p) { cudaFree(p); }\n"
        "int oops( { ) ] ;\n"
        "void after(void** p) { cudaMalloc(p, 16); }\n"
    )
    code, report, _ = scan_json(tree, "broken.cu")
    assert code == EXIT_FINDINGS  # a parse error is a note, not a failure of the run
    rules = [(f["rule_id"], f["line"]) for f in findings_of(report, "broken.cu")]
    assert ("parse-error", 2) in rules or any(r == "parse-error" for r, _ in rules)
    assert ("runtime-api", 1) in rules
    assert ("runtime-api", 3) in rules


def test_empty_file_is_scanned_and_clean(tree: Path) -> None:
    (tree / "empty.cu").write_bytes(b"")
    (tree / "empty.py").write_bytes(b"")
    code, report, _ = scan_json(tree, ".")
    assert code == EXIT_CLEAN
    assert report["findings"] == []
    files = files_by_path(report)
    assert files["empty.cu"]["skipped"] == "" and files["empty.cu"]["lines"] == 0
    assert files["empty.py"]["skipped"] == ""


def test_fifty_megabyte_source_is_skipped_with_the_limit_named(tree: Path) -> None:
    chunk = b"".join(b"__global__ void k%d(float* p) { p[threadIdx.x] = %d; }\n" % (i, i) for i in range(1000))
    with (tree / "generated.cu").open("wb") as handle:
        while handle.tell() < 50 * 1024 * 1024:
            handle.write(chunk)
    (tree / "small.cu").write_text("void f(float* p) { cudaFree(p); }\n")
    code, report, stderr = scan_json(tree, ".")
    assert code == EXIT_FINDINGS
    entry = files_by_path(report)["generated.cu"]
    if entry["skipped"]:
        assert "MB" in entry["skipped"] and "limit" in entry["skipped"], entry["skipped"]
        assert not findings_of(report, "generated.cu")
    else:  # scanned in full: then its kernels must all be there
        assert len(findings_of(report, "generated.cu")) > 1000
    assert findings_of(report, "small.cu")


def test_size_limit_comes_from_the_settings(tree: Path) -> None:
    (tree / "migrate.toml").write_text("max-file-size = 64\n")
    (tree / "big.cu").write_text("void f(float* p) { cudaFree(p); }\n" * 10)
    code, report, _ = scan_json(tree, ".")
    assert code == EXIT_CLEAN
    assert "limit" in files_by_path(report)["big.cu"]["skipped"]


def test_unreadable_file_is_an_io_error_and_the_run_goes_on(tree: Path) -> None:
    secret = tree / "secret.cu"
    secret.write_text("void f(float* p) { cudaFree(p); }\n")
    (tree / "open.cu").write_text("void g(float* p) { cudaFree(p); }\n")
    secret.chmod(0)
    try:
        try:
            secret.read_bytes()
        except PermissionError:
            pass
        else:
            pytest.skip("running with privileges that read a chmod 000 file (root): nothing to test")
        code, report, _ = scan_json(tree, ".")
    finally:
        secret.chmod(0o644)
    assert code == EXIT_ERROR  # io-error is an error: the report is incomplete
    errors = findings_of(report, "secret.cu")
    assert [f["rule_id"] for f in errors] == ["io-error"]
    assert "ermission" in errors[0]["message"]
    assert findings_of(report, "open.cu")


def test_fifo_with_a_source_name_does_not_hang(tree: Path) -> None:
    os.mkfifo(tree / "pipe.cu")
    (tree / "k.cu").write_text("void f(float* p) { cudaFree(p); }\n")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "migrate.cli", "scan", "--no-cache", "--format", "json", "."],
            cwd=tree, capture_output=True, text=True, timeout=300,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the scan blocked reading a FIFO")
    assert "Traceback" not in done.stderr
    assert json.loads(done.stdout)["findings"]


def test_symlink_loop_is_skipped_with_a_reason(tree: Path) -> None:
    (tree / "pkg").mkdir()
    (tree / "pkg" / "k.cu").write_text("void f(float* p) { cudaFree(p); }\n")
    (tree / "pkg" / "up").symlink_to("..", target_is_directory=True)
    code, report, _ = scan_json(tree, ".")
    assert code == EXIT_FINDINGS
    skipped = {f["path"]: f["skipped"] for f in report["files"] if f["skipped"]}
    assert any("loop" in reason for reason in skipped.values()), skipped
    found = [f["rule_id"] for f in findings_of(report, "pkg/k.cu")]
    assert found.count("runtime-api") == 1, found  # found once, not once per trip round the loop


def test_broken_symlink_is_skipped_with_a_reason(tree: Path) -> None:
    (tree / "gone.cu").symlink_to(tree / "never-there.cu")
    (tree / "here.cu").write_text("void f(float* p) { cudaFree(p); }\n")
    code, report, _ = scan_json(tree, ".")
    assert code == EXIT_FINDINGS
    assert "broken symlink" in files_by_path(report)["gone.cu"]["skipped"]


def test_nonexistent_path_is_a_usage_error(tree: Path) -> None:
    done = run(tree, "scan", "--no-cache", "no/such/file.cu")
    assert done.returncode == EXIT_ERROR
    assert "no/such/file.cu" in done.stderr


def test_nonexistent_path_does_not_crash(tree: Path) -> None:
    done = run(tree, "scan", "--no-cache", "no/such/file.cu")
    assert done.returncode in (EXIT_CLEAN, EXIT_ERROR)
    assert "no/such/file.cu" in done.stdout + done.stderr


def test_bad_select_value_is_one_line_and_exit_2(tree: Path) -> None:
    (tree / "k.cu").write_text("void f(float* p) { cudaFree(p); }\n")
    done = run(tree, "scan", "--no-cache", "--select", "no-such-rule", ".")
    assert done.returncode == EXIT_ERROR
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no-such-rule" in lines[0], done.stderr


def test_bad_ignore_value_is_one_line_and_exit_2(tree: Path) -> None:
    done = run(tree, "scan", "--no-cache", "--ignore", "runtime-api,bogus-family", ".")
    assert done.returncode == EXIT_ERROR
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "bogus-family" in lines[0], done.stderr


def test_unparsable_migrate_toml_names_the_file(tree: Path) -> None:
    (tree / "migrate.toml").write_text("select = [\"kernel-launch\"\nexclude = 3 =\n")
    (tree / "k.cu").write_text("void f(float* p) { cudaFree(p); }\n")
    done = run(tree, "scan", "--no-cache", ".")
    assert done.returncode == EXIT_ERROR
    assert "migrate.toml" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_unknown_key_in_migrate_toml_names_file_and_key(tree: Path) -> None:
    (tree / "migrate.toml").write_text('selekt = ["kernel-launch"]\n')
    done = run(tree, "scan", "--no-cache", ".")
    assert done.returncode == EXIT_ERROR
    assert "migrate.toml" in done.stderr and "selekt" in done.stderr


def test_unknown_key_in_pyproject_names_file_and_key(tree: Path) -> None:
    (tree / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.migrate]\nexlude = ["vendor"]\n')
    done = run(tree, "scan", "--no-cache", ".")
    assert done.returncode == EXIT_ERROR
    assert "pyproject.toml" in done.stderr and "exlude" in done.stderr


def test_wrong_value_type_in_settings_names_the_key(tree: Path) -> None:
    (tree / "migrate.toml").write_text('select = "kernel-launch"\n')
    done = run(tree, "scan", "--no-cache", ".")
    assert done.returncode == EXIT_ERROR
    assert "migrate.toml" in done.stderr and "select" in done.stderr


def test_unknown_rule_in_settings_select_is_exit_2(tree: Path) -> None:
    (tree / "migrate.toml").write_text('select = ["kernel-lunch"]\n')
    done = run(tree, "scan", "--no-cache", ".")
    assert done.returncode == EXIT_ERROR
    assert "kernel-lunch" in done.stderr


def test_unknown_format_is_exit_2(tree: Path) -> None:
    done = run(tree, "scan", "--no-cache", "--format", "yaml", ".")
    assert done.returncode == EXIT_ERROR
    assert "yaml" in done.stderr


def test_everything_at_once(tree: Path) -> None:
    """All the bad files in one tree: the good file's findings still come out, each bad one is accounted for."""
    (tree / "blob.cu").write_bytes(b"\x7fELF\0\0\0" + bytes(4000))
    (tree / "latin.cuh").write_bytes(b"// \xe9\xe8\nvoid f(float* p) { cudaFree(p); }\n")
    (tree / "broken.cu").write_text("__global__ void k( { cudaDeviceSynchronize();\n")
    (tree / "empty.py").write_text("")
    (tree / "dangling.cu").symlink_to("missing.cu")
    (tree / "sub").mkdir()
    (tree / "sub" / "again").symlink_to("..", target_is_directory=True)
    (tree / "good.py").write_text("import torch\nx = torch.zeros(3).cuda()\n")
    code, report, _ = scan_json(tree, ".")
    assert code == EXIT_FINDINGS
    paths = {f["path"] for f in report["findings"]}
    assert {"latin.cuh", "broken.cu", "good.py"} <= paths
    skipped = {f["path"] for f in report["files"] if f["skipped"]}
    assert {"blob.cu", "dangling.cu"} <= skipped


# -- settings that cannot be used ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[[tool.migrate]]\nselect = ["runtime"]\n', "tool.migrate must be a table"),
        ("[tool.migrate]\nselect = " + "[" * 20000 + "]" * 20000 + "\n", "nested too deeply"),
        ("[tool.migrate]\nmax-file-size = 0\n", "max-file-size must be a positive number"),
        ("tool = 3\n", "tool must be a table"),
    ],
    ids=["array-of-tables", "deep-array", "zero-size-limit", "tool-not-a-table"],
)
def test_unusable_settings_are_one_line_naming_the_file(tree: Path, text: str, expected: str) -> None:
    (tree / "pyproject.toml").write_text(text)
    (tree / "k.cu").write_text("void f(float* p) { cudaFree(p); }\n")
    for command in ("scan", "apply"):
        done = run(tree, command, "--no-cache", ".")
        assert done.returncode == EXIT_ERROR
        assert "pyproject.toml" in done.stderr and expected in done.stderr, done.stderr


def test_apply_exits_2_on_a_file_it_cannot_read(tree: Path) -> None:
    secret = tree / "secret.cu"
    secret.write_text("void f(float* p) { cudaFree(p); }\n")
    secret.chmod(0)
    try:
        if os.access(secret, os.R_OK):
            pytest.skip("running with privileges that read a chmod 000 file (root): nothing to test")
        done = run(tree, "apply", "--no-cache", ".")
    finally:
        secret.chmod(0o644)
    assert done.returncode == EXIT_ERROR
    assert "secret.cu: not migrated: file could not be read" in done.stderr


# -- bytes and encodings ---------------------------------------------------------------------------------------


def test_invalid_utf8_in_an_include_and_an_alias_gives_findings(tree: Path) -> None:
    (tree / "a.cu").write_bytes(b"#include <cuda_runtime\xff.h>\nvoid f(float* p) { cudaFree(p); }\n")
    (tree / "b.py").write_bytes(b"import torch as t\xe9\nimport torch\ntorch.cuda.synchronize()\n")
    (tree / "c.cu").write_bytes(b"void g(float* p) { cudaFree(p); }\n")  # after the bad ones: still scanned
    code, report, _ = scan_json(tree, ".")
    assert code == EXIT_FINDINGS
    assert {f["path"] for f in report["findings"]} == {"a.cu", "b.py", "c.cu"}
    assert not [f for f in report["findings"] if f["rule_id"] == "internal-error"]
    done = run(tree, "apply", "--no-cache", ".")
    assert done.returncode == EXIT_CLEAN, done.stderr
    # No CUDA header by that name: the file gets the runtime include nvcc would have given it.
    assert (tree / "a.cu").read_bytes() == (
        b"#include <prt/prt.h>\n#include <cuda_runtime\xff.h>\nvoid f(float* p) { prtFree(p); }\n"
    )
    assert (tree / "b.py").read_bytes().startswith(b"import torch as t\xe9\n")


def test_a_latin1_file_whose_migration_latin1_cannot_hold_is_refused_by_name(tree: Path) -> None:
    data = "# caf\xe9\nimport torch\nx = torch.zeros(2, device=\"cuda\")\n".encode("latin-1")
    (tree / "l.py").write_bytes(data)
    done = run(tree, "apply", "--no-cache", ".")
    migrated = (tree / "l.py").read_bytes()
    if done.returncode == EXIT_ERROR:
        assert "l.py: not migrated:" in done.stderr and "latin-1" in done.stderr
        assert migrated == data
    else:
        assert done.returncode == EXIT_CLEAN and migrated.startswith(b"# caf\xe9\n") and migrated != data


def test_cr_only_and_utf16_files_are_scanned_and_keep_their_bytes(tree: Path) -> None:
    text = "#include <cuda_runtime.h>\nvoid f(float* p) { cudaFree(p); } // caf\u00e9\n"
    (tree / "cr.cu").write_bytes(text.replace("\n", "\r").encode())
    (tree / "wide.cu").write_bytes(text.encode("utf-16"))
    code, report, _ = scan_json(tree, ".")
    assert code == EXIT_FINDINGS
    for path in ("cr.cu", "wide.cu"):
        assert sorted((f["line"], f["rule_id"]) for f in findings_of(report, path)) == [
            (1, "include-cuda-header"), (2, "runtime-api")]
    assert run(tree, "apply", "--no-cache", ".").returncode == EXIT_CLEAN
    expected = "#include <prt/prt.h>\nvoid f(float* p) { prtFree(p); } // caf\u00e9\n"
    assert (tree / "cr.cu").read_bytes() == expected.replace("\n", "\r").encode()
    assert (tree / "wide.cu").read_bytes() == expected.encode("utf-16")
    assert run(tree, "apply", "--no-cache", "--check", ".").returncode == EXIT_CLEAN


def test_a_file_name_that_is_not_utf8_is_escaped_in_every_format(tree: Path) -> None:
    name = os.fsdecode(b"k\xff.cu")
    (tree / name).write_text("void f(float* p) { cudaFree(p); }\n")
    code, report, _ = scan_json(tree, ".")
    assert code == EXIT_FINDINGS
    assert {f["path"] for f in report["findings"]} == {"k\\xff.cu"}
    for fmt in ("sarif", "markdown", "html", "github", "text"):
        done = run(tree, "scan", "--no-cache", "--format", fmt, ".")
        assert done.returncode == EXIT_FINDINGS, (fmt, done.stderr)
        if fmt == "sarif":
            assert json.loads(done.stdout)["runs"][0]["results"]
    assert run(tree, "apply", "--no-cache", ".").returncode == EXIT_CLEAN
    assert (tree / name).read_text() == "#include <prt/prt.h>\nvoid f(float* p) { prtFree(p); }\n"
