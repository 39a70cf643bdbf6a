"""`migrate verify` on a user's own program: --init, verdict outputs, the no-GPU mode, --record-side, --profile."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from migrate.verify.instrument import wrap_launches
from migrate.verify.makefile import TIMER_LINE, printed_times
from migrate.verify.mutation import mutate
from migrate.verify.readout import judge
from migrate.verify.scaffold import InitError, find_verdict, init_case
from migrate.verify.spec import Output, SpecError, Tolerance, load_case

HERE = Path(__file__).resolve().parent
INIT_CASES = sorted(p.name for p in (HERE / "init").iterdir() if p.is_dir())
WRAP_CASES = sorted(p.name for p in (HERE / "wrap").iterdir() if p.is_dir())
MUTATE_CASES = sorted(p.name for p in (HERE / "mutate").iterdir() if p.is_dir())
needs_gxx = pytest.mark.skipif(
    shutil.which("g++") is None or shutil.which("make") is None, reason="needs g++, make"
)


def migrate_verify(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "migrate.cli", "verify", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def golden(path: Path, text: str, update: bool) -> None:
    if update:
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"{path} missing: run with --update-goldens and review the diff"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
@pytest.mark.parametrize("name", INIT_CASES)
def test_init_writes_the_expected_spec(name: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    folder = tmp_path / "program"
    shutil.copytree(HERE / "init" / name / "program", folder)
    spec = init_case(folder)
    golden(
        HERE / "init" / name / "verify.toml",
        spec.read_text(encoding="utf-8"),
        request.config.getoption("--update-goldens"),
    )
    assert load_case(folder).verdict is not None


def test_init_errors_name_the_folder_and_the_fix(tmp_path: Path) -> None:
    folder = tmp_path / "program"
    shutil.copytree(HERE / "init" / "self_check" / "program", folder)
    shutil.rmtree(folder / "migrated")
    with pytest.raises(InitError, match=r"program/migrated: no migrated copy; write it first: migrate apply"):
        init_case(folder)
    (folder / "migrated").mkdir()
    (folder / "Makefile").unlink()
    with pytest.raises(InitError, match=r"program: no Makefile or CMakeLists.txt"):
        init_case(folder)
    (folder / "verify.toml").write_text("# mine\n")
    with pytest.raises(InitError, match=r"verify.toml: already exists; .* --force"):
        init_case(folder)
    assert (folder / "verify.toml").read_text() == "# mine\n"


VERDICT = Output(
    "verdict", "verdict", Tolerance(), passes=r"\b(?:PASS|PASSED|pass)\b", fails=r"\b(?:FAIL|FAILED)\b"
)
SILENT = Output("verdict", "verdict", Tolerance())


@pytest.mark.parametrize(
    ("output", "code", "stdout", "stderr", "verdict"),
    [
        (VERDICT, 0, "PASS\n", "", "pass"),
        (VERDICT, 0, "n = 4\nTest PASSED\n", "", "pass"),
        (VERDICT, 0, "Result = PASS\n", "", "pass"),
        (VERDICT, 0, "PASSED\n", "", "pass"),
        (VERDICT, 0, "pass\n", "", "pass"),
        (SILENT, 0, "", "", "pass"),
        (SILENT, 0, "some numbers 1 2 3\n", "", "pass"),
        (SILENT, 1, "", "", "fail"),
        (VERDICT, 0, "FAIL\n", "", "fail"),
        (VERDICT, 0, "Test FAILED\nPASS\n", "", "fail"),
        (VERDICT, 0, "PASS\n", "FAILED at 3\n", "fail"),
        (VERDICT, 1, "PASS\n", "", "fail"),
        (VERDICT, 0, "done\n", "", "fail"),
        (VERDICT, 0, "PASSING\nBYPASS\n", "", "fail"),
    ],
)
def test_verdict_forms(output: Output, code: int, stdout: str, stderr: str, verdict: str) -> None:
    value = judge(output, code, stdout, stderr)
    assert value.text == verdict
    assert (value.problem is None) == (verdict == "pass")


@pytest.mark.parametrize(
    ("literals", "passes", "fails"),
    [
        (["%s\n", "PASS", "FAIL"], r"\b(?:PASS)\b", r"\b(?:FAIL)\b"),
        (["Test %s\n", "PASSED", "FAILED"], r"\b(?:PASSED)\b", r"\b(?:FAILED)\b"),
        (["Result = PASS\n"], r"\b(?:PASS)\b", ""),
        (["%d errors, %s\n", "failed %d times\n", "Failed: %d\n"], "", ""),
        (["passes over the data", "bypass", "FAILURES"], "", ""),
        (["Verification Failed\n", "SUCCESS\n"], r"\b(?:SUCCESS)\b", r"\b(?:Failed)\b"),
    ],
)
def test_verdict_words_from_literals(literals: list[str], passes: str, fails: str) -> None:
    found = find_verdict(literals)
    assert (found.passes, found.fails) == (passes, fails)


def test_verdict_spec_errors_name_the_key(tmp_path: Path) -> None:
    case = tmp_path / "case"
    case.mkdir()
    base = '[original]\nrun = "./a"\n[migrated]\nrun = "./a"\n[[output]]\nkind = "verdict"\n'
    (case / "verify.toml").write_text(base + 'pass = "(unclosed"\n')
    with pytest.raises(SpecError, match=r"output\[0\]\.pass: is not a valid regular expression"):
        load_case(case)
    (case / "verify.toml").write_text(base + 'file = "x.bin"\n')
    with pytest.raises(SpecError, match=r'output\[0\]\.file: does not apply to kind = "verdict"'):
        load_case(case)
    (case / "verify.toml").write_text(base.replace('"verdict"', '"stdout"\nname = "x"') + 'fail = "FAIL"\n')
    with pytest.raises(SpecError, match=r'output\[0\]\.fail: applies to kind = "verdict" only'):
        load_case(case)


@pytest.mark.parametrize("name", WRAP_CASES)
def test_profile_marks(name: str, request: pytest.FixtureRequest) -> None:
    folder = HERE / "wrap" / name
    data = (folder / "input.cu").read_bytes()
    wrapped, _ = wrap_launches(data)
    expected = folder / "expected.cu"
    if request.config.getoption("--update-goldens"):
        if wrapped != data:
            expected.write_bytes(wrapped)
        else:
            expected.unlink(missing_ok=True)
    assert wrapped == (expected.read_bytes() if expected.is_file() else data)


@pytest.mark.parametrize("name", MUTATE_CASES)
def test_mutation(name: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    folder = HERE / "mutate" / name
    shutil.copy(folder / "input.cu", tmp_path / "input.cu")
    mutation = mutate(tmp_path)
    text = (mutation.describe() if mutation else "no mutation") + "\n"
    update = request.config.getoption("--update-goldens")
    golden(folder / "mutation.txt", text, update)
    expected = folder / "expected.cu"
    result = (tmp_path / "input.cu").read_bytes()
    if update and mutation:
        expected.write_bytes(result)
    assert result == (expected.read_bytes() if mutation else (folder / "input.cu").read_bytes())


@pytest.mark.parametrize(
    "line, ms",
    [
        ("Average kernel execution time: 0.0044 (s)", 4.4),
        ("Average execution time of cross1 kernel: 86.4 (us)", 0.0864),  # not the 1 of cross1
        ("Average execution time of ReluGrad_impl1 Kernel: 22.1 (us)", 0.0221),
        ("Average kernel execution time (3x3) 0.385600 (ms)", 0.3856),  # not the 3 of (3x3)
        ("Average kernel execution time (pc1): 63.7 (us)", 0.0637),
        ("Average device execution time 0.5 (s)", 500.0),
        ("elapsed time = 3 ms", 3.0),
        ("Total time: 1.5e-3 s", 1.5),
        ("Number of time steps: 20", None),
        ("time per step 2 steps", None),
    ],
)
def test_timer_lines(line: str, ms: float | None) -> None:
    found = printed_times(f"{line}\n", TIMER_LINE)
    if ms is None:
        assert found == []
    else:
        assert found == [(line, pytest.approx(ms))]


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The self-checking program with a spec written by --init: its original runs on CUDA only."""
    folder = tmp_path_factory.mktemp("own") / "saxpy"
    shutil.copytree(HERE / "init" / "self_check" / "program", folder)
    done = migrate_verify("--init", folder, "--args", "4096 3")
    assert done.returncode == 0, done.stderr
    assert "wrote" in done.stdout
    return folder


@needs_gxx
def test_without_gpu_the_program_is_judged_by_its_own_verdict(program: Path, tmp_path: Path) -> None:
    done = migrate_verify(program, "--backend", "cpu", "--format", "json", "--keep", tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    case = json.loads(done.stdout)["cases"][0]
    assert [(r["backend"], r["output"], r["verdict"]) for r in case["rows"]] == [("cpu", "verdict", "pass")]
    assert case["notes"] == [
        (
            "no goldens and the original cannot run here: the migrated program is judged by its own verdict "
            "(checksum not compared: no reference)"
        )
    ]


@needs_gxx
def test_without_gpu_a_bug_fails_the_verdict(program: Path, tmp_path: Path) -> None:
    broken = tmp_path / "saxpy"
    shutil.copytree(program, broken)
    assert mutate(broken / "migrated") is not None
    done = migrate_verify(broken, "--backend", "cpu")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "its own check failed" in done.stdout and "printed 'FAIL'" in done.stdout


@needs_gxx
def test_record_side_migrated_then_compare(program: Path, tmp_path: Path) -> None:
    case = tmp_path / "saxpy"
    shutil.copytree(program, case)
    done = migrate_verify("--record-side", "migrated", case)
    assert done.returncode == 0, done.stdout + done.stderr
    manifest = json.loads((case / "goldens" / "golden.json").read_text())
    assert (manifest["provenance"]["side"], manifest["provenance"]["backend"]) == ("migrated", "cpu")
    assert manifest["outputs"]["verdict"]["text"] == "pass"
    done = migrate_verify(case, "--backend", "cpu", "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    rows = json.loads(done.stdout)["cases"][0]["rows"]
    assert {(r["output"], r["verdict"]) for r in rows} == {("verdict", "pass"), ("checksum", "pass")}
    source = case / "migrated" / "saxpy.cu"
    source.write_text(source.read_text().replace("a * x[i] + y[i]", "a * x[i] + y[i] * 1.5f"))
    done = migrate_verify(case, "--backend", "cpu", "--format", "json")
    assert done.returncode == 1
    rows = {r["output"]: r for r in json.loads(done.stdout)["cases"][0]["rows"]}
    assert rows["checksum"]["verdict"] == "fail" and rows["verdict"]["verdict"] == "fail"


@needs_gxx
def test_profile_counts_every_launch_per_kernel(program: Path) -> None:
    done = migrate_verify("--profile", program, "--backend", "cpu", "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    case = json.loads(done.stdout)["cases"][0]
    [run] = case["runs"]
    assert (run["side"], run["backend"], run["status"]) == ("migrated", "cpu", "ok")
    assert [(k["kernel"], k["launches"], k["untimed"]) for k in run["kernels"]] == [("saxpy", 3, 0)]
    kernel = run["kernels"][0]
    assert 0 < kernel["min_ms"] <= kernel["median_ms"] <= kernel["max_ms"] <= kernel["total_ms"]
    assert case["notes"][0] == "the original runs on cuda, not present here: migrated times only"
    text = migrate_verify("--profile", program, "--backend", "cpu").stdout
    assert "saxpy" in text and "migrated cpu launches" in text


@needs_gxx
def test_replay_that_compares_no_buffer_does_not_pass(tmp_path: Path) -> None:
    case = tmp_path / "two_kernels"
    shutil.copytree(HERE / "cases" / "two_kernels", case)
    with (case / "verify.toml").open("a") as spec:
        spec.write("max_bytes = 16\n")  # the last table is [kernels]: every 4000-byte buffer is now too large
    assert migrate_verify("--record", case).returncode == 0
    done = migrate_verify(case, "--kernels", "always", "--format", "json")
    assert done.returncode == 1, done.stdout + done.stderr
    rows = {r["output"]: r for r in json.loads(done.stdout)["cases"][0]["rows"]}
    assert rows["kernels (2 launches)"]["verdict"] == "error"
    assert (
        "no buffer was compared: 3 pointer argument(s) not traced" in rows["kernels (2 launches)"]["detail"]
    )


@needs_gxx
@pytest.mark.parametrize("broken", ["", "scale"])
def test_trace_budget_leaves_later_launches_untraced(broken: str, tmp_path: Path) -> None:
    case = tmp_path / "two_kernels"
    shutil.copytree(HERE / "cases" / "two_kernels", case)
    with (case / "verify.toml").open("a") as spec:
        spec.write("max_trace_bytes = 20000\n")  # scale's two buffers (16000 bytes) fit, shift's 8000 more do not
    assert migrate_verify("--record", case).returncode == 0
    skipped = (case / "goldens" / "kernels" / "skipped.txt").read_text().split()
    assert skipped == ["1", "shift", "8000"]
    if broken:
        source = case / "migrated" / "two_kernels.cu"
        source.write_text(source.read_text().replace("y[i] = a * x[i];", "y[i] = a * x[i] + 1.0f;"))
    done = migrate_verify(case, "--kernels", "always", "--format", "json")
    rows = {r["output"]: r for r in json.loads(done.stdout)["cases"][0]["rows"]}
    if broken:
        assert done.returncode == 1, done.stdout + done.stderr
        failed = [r for r in rows.values() if r["backend"] == "cpu replay"]
        assert failed and all(r["verdict"] == "fail" for r in failed)
        assert any("scale" in r["output"] for r in failed)
    else:
        assert done.returncode == 0, done.stdout + done.stderr
        detail = rows["kernels (1 launches)"]["detail"]
        assert detail.startswith("every traced buffer reproduced (2 compared)")
        assert "1 launch(es) not traced (over kernels.max_trace_bytes = 20000)" in detail


TEMPLATED_LAUNCH = """
template <typename T, int R> __global__ void fill(T* p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = T(R);
}
template <typename T, int R> void run_fill(T* p, int n) { prtLaunchKernel((fill<T, R>), 1, 64, 0, 0, p, n); }
"""


@needs_gxx
def test_profile_tells_instantiations_of_one_launch_site_apart(program: Path, tmp_path: Path) -> None:
    """A launch inside a function template names one kernel per instantiation: each gets its own row, with the
    template arguments, and a kernel launched from one function only keeps its bare name. Rows come in the order
    of first launches, which a program's own timer lines usually follow."""
    case = tmp_path / "saxpy"
    shutil.copytree(program, case)
    source = case / "migrated" / "saxpy.cu"
    text = source.read_text().replace("int main(", TEMPLATED_LAUNCH + "\nint main(", 1)
    text = text.replace("    prtDeviceSynchronize();\n", "    float* z;\n    prtMallocManaged(&z, 64 * sizeof(float));\n"
                        "    run_fill<float, 2>(z, 64);\n    run_fill<float, 1>(z, 64);\n    run_fill<float, 1>(z, 64);\n"
                        "    prtDeviceSynchronize();\n", 1)
    source.write_text(text)
    done = migrate_verify("--profile", case, "--backend", "cpu", "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    [run] = json.loads(done.stdout)["cases"][0]["runs"]
    assert [(k["kernel"], k["launches"]) for k in run["kernels"]] == [  # in the order of first launches
        ("saxpy", 3),
        ("fill<T, R> [T = float; int R = 2]", 1),
        ("fill<T, R> [T = float; int R = 1]", 2),
    ]


@needs_gxx
def test_a_bug_the_programs_own_check_misses_is_caught_by_the_replay(tmp_path: Path) -> None:
    """The spec --init writes traces launches: with goldens recorded from the migrated program on the CPU and a
    verdict as the only output, plain `migrate verify` replays the launches and catches what the check does not."""
    case = tmp_path / "scale"
    shutil.copytree(HERE / "init" / "silent" / "program", case)
    assert migrate_verify("--init", case).returncode == 0
    assert load_case(case).kernels is not None
    recorded = migrate_verify("--record-side", "migrated", case)
    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    source = case / "migrated" / "scale.cu"
    text = source.read_text()
    assert "if (i < n) y[i] *= a;" in text
    source.write_text(text.replace("if (i < n) y[i] *= a;", "if (i > 0 && i < n) y[i] *= a;"))  # main reads y[255]
    unreplayed = migrate_verify(case, "--kernels", "never")
    assert unreplayed.returncode == 0, unreplayed.stdout + unreplayed.stderr
    done = migrate_verify(case, "--format", "json")
    assert done.returncode == 1, done.stdout + done.stderr
    rows = json.loads(done.stdout)["cases"][0]["rows"]
    failed = [r for r in rows if r["verdict"] == "fail"]
    assert failed and all(r["backend"] == "cpu replay" for r in failed)
    assert any("scale" in r["output"] for r in failed)
