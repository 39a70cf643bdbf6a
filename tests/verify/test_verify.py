"""End-to-end tests of `migrate verify`: real g++ builds of a two-kernel program on the CPU backend, no mocks."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from migrate.verify.instrument import rewrite_launches
from migrate.verify.spec import SpecError, load_case

CASE = Path(__file__).resolve().parent / "cases" / "two_kernels"
SOURCE = "two_kernels.cu"

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")


def migrate_verify(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "migrate.cli", "verify", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The case with goldens and a kernel trace recorded once (on the CPU backend, as the original allows)."""
    folder = tmp_path_factory.mktemp("recorded") / "two_kernels"
    shutil.copytree(CASE, folder)
    done = migrate_verify("--record", folder)
    assert done.returncode == 0, done.stdout + done.stderr
    return folder


@pytest.fixture
def case(recorded: Path, tmp_path: Path) -> Path:
    """A private copy of the recorded case whose migrated source a test may break."""
    folder = tmp_path / "two_kernels"
    shutil.copytree(recorded, folder)
    return folder


def break_migrated(case: Path, old: str, new: str) -> None:
    path = case / "migrated" / SOURCE
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def report(case: Path, *extra: str) -> tuple[int, dict]:
    done = migrate_verify("--format", "json", *extra, case)
    return done.returncode, json.loads(done.stdout)


def rows_of(document: dict) -> dict[tuple[str, str], dict]:
    return {(row["backend"], row["output"]): row for c in document["cases"] for row in c["rows"]}


def test_record_writes_goldens_with_provenance(recorded: Path) -> None:
    manifest = json.loads((recorded / "goldens" / "golden.json").read_text())
    assert set(manifest["outputs"]) == {"y", "checksum", "y_last"}
    assert manifest["provenance"]["backend"] == "cpu"
    assert {"gpu", "driver", "toolkit", "date", "command"} <= set(manifest["provenance"])
    assert manifest["kernels"]["launches"] == 2
    assert (recorded / "goldens" / "y.npy").is_file()


def test_passing_case(case: Path) -> None:
    done = migrate_verify(case)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "PASS" in done.stdout and "FAIL" not in done.stdout


def test_flipped_operator_names_output_and_kernel(case: Path) -> None:
    break_migrated(case, "a * x[i]", "a + x[i]")
    code, document = report(case)
    assert code == 1
    rows = rows_of(document)
    assert rows[("cpu", "y")]["verdict"] == "fail"
    assert document["cases"][0]["first_divergence"] == "kernel scale (launch #0) y"
    assert not any("shift" in output and row["verdict"] == "fail" for (_, output), row in rows.items())


def test_replay_finds_the_second_kernel(case: Path) -> None:
    break_migrated(case, "y[i] + b", "y[i] - b")
    done = migrate_verify(case)
    assert done.returncode == 1
    assert "first diverging kernel: kernel shift (launch #1) y" in done.stdout
    _, document = report(case, "--kernels", "always")
    failing = [row["output"] for row in document["cases"][0]["rows"] if row["verdict"] == "fail"]
    assert "kernel shift (launch #1) y" in failing
    assert not any(output.startswith("kernel scale") for output in failing)


def test_replay_passes_on_a_faithful_migration(case: Path) -> None:
    code, document = report(case, "--kernels", "always")
    assert code == 0
    assert rows_of(document)[("cpu replay", "kernels (2 launches)")]["verdict"] == "pass"


def test_nan_never_passes(case: Path) -> None:
    break_migrated(case, "y[i] = y[i] + b;", "y[i] = (i == 7) ? NAN : y[i] + b;")
    code, document = report(case, "--kernels", "never")
    assert code == 1
    row = rows_of(document)[("cpu", "y")]
    assert row["verdict"] == "fail" and "NaN" in row["detail"] and "[7]" in row["detail"]


def test_unwritten_output_is_caught_by_poisoning(case: Path) -> None:
    break_migrated(case, "write_output(out, r, n);", "write_output(nullptr, r, n);")
    code, document = report(case, "--kernels", "never")
    assert code == 1
    row = rows_of(document)[("cpu", "y")]
    assert row["verdict"] == "fail" and "poison" in row["detail"]


def test_build_failure_exits_2_with_log(case: Path) -> None:
    break_migrated(case, "int main(", "int main( this does not compile")
    done = migrate_verify(case)
    assert done.returncode == 2
    assert "could not complete (build-error)" in done.stdout
    assert "error" in done.stdout.split("log tail:")[1]


def test_json_report_shape(case: Path) -> None:
    code, document = report(case)
    assert code == 0 and document["exit_code"] == 0
    assert document["summary"] == {"cases": 1, "rows": 3, "pass": 3, "fail": 0, "recorded": 0, "broken": 0}
    row = document["cases"][0]["rows"][0]
    assert set(row) == {"case", "backend", "output", "verdict", "max_abs", "max_rel", "ulps", "detail"}


def test_missing_goldens_exit_2(tmp_path: Path) -> None:
    folder = tmp_path / "two_kernels"
    shutil.copytree(CASE, folder)
    done = migrate_verify(folder)
    assert done.returncode == 2
    assert "no goldens" in done.stdout


def test_spec_errors_name_file_and_key(tmp_path: Path) -> None:
    spec = (CASE / "verify.toml").read_text()
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "verify.toml").write_text(spec.replace('kind = "bin"', 'kind = "bin"\ncolour = "red"'))
    with pytest.raises(SpecError, match=r"verify.toml: output\[0\]\.colour: is not a known key"):
        load_case(folder)
    (folder / "verify.toml").write_text(spec.replace('dtype = "float32"', 'dtype = "float33"'))
    with pytest.raises(SpecError, match=r"output\[0\]\.dtype: 'float33' is not one of"):
        load_case(folder)
    (folder / "verify.toml").write_text(spec.replace("{out}", "{output}"))
    with pytest.raises(SpecError, match=r"original\.run: unknown placeholder \{output\}"):
        load_case(folder)
    done = migrate_verify(folder)
    assert done.returncode == 2 and "verify.toml" in done.stderr


def test_launch_rewrite_for_recording() -> None:
    source = (
        b"template <int B> __global__ void k(float* y, int n) { if (n) g<<<1, 1>>>(y); }\n"
        b"int main() {\n  k<256><<<dim3(n / 256), 256>>>(y, n);\n  f<<<g, b, smem, st>>>();\n"
        b"  h<<<g, b, smem>>>\n    (y);\n}\n"
    )
    rewritten, count = rewrite_launches(source)
    assert count == 3
    assert b'::mverify::launch("h", h, g, b, smem, 0, y);' in rewritten  # three arguments: the third is shmem
    assert b'::mverify::launch("k<256>", k<256>, dim3(n / 256), 256, 0, 0, y, n);' in rewritten
    assert b'::mverify::launch("f", f, g, b, smem, st);' in rewritten
    assert b"g<<<1, 1>>>(y)" in rewritten  # inside a kernel: dynamic parallelism stays
