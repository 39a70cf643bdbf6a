"""An installed wheel of migrate carries the portable runtime: `migrate runtime --include-dir` (and what a migrated
setup.py or Makefile asks of it) names a folder of the installation that holds the headers, the CMake package and
the CPU link shims, not a checkout's."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_carries_the_runtime(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                    str(tmp_path / "wheel"), str(ROOT)], check=True, capture_output=True, timeout=1800)
    wheel = next((tmp_path / "wheel").glob("migrate-*.whl"))
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:  # a pure-Python wheel installs by unpacking it
        archive.extractall(site)
    probe = ("from pathlib import Path; from migrate import runtime_info as r; "
             "print(r.include_dir()); print(r.cmake_dir()); print(r.lib_dir())")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env={"PYTHONPATH": str(site)},
                          capture_output=True, text=True, check=True, timeout=600)
    include, cmake, lib = (Path(line) for line in done.stdout.splitlines())
    for folder in (include, cmake, lib):
        assert folder.is_relative_to(site.resolve()), folder
    assert (include / "prt" / "prt.h").is_file() and (include / "prt" / "cpu").is_dir()
    assert (cmake / "prtConfig.cmake").is_file()
    assert (lib / "libcublas.so").is_file()
