"""`migrate verify corpus/` on the CPU backend: every corpus case's migrated program matches its H200 goldens."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_corpus_matches_its_goldens_on_the_cpu(tmp_path: Path) -> None:
    report = tmp_path / "verify.json"
    done = subprocess.run(
        [sys.executable, "-m", "migrate.cli", "verify", "--jobs", "2", "--format", "json", "--output", str(report),
         str(ROOT / "corpus")],
        capture_output=True, text=True, timeout=1200,
    )
    assert report.is_file(), done.stderr[-3000:]
    result = json.loads(report.read_text())
    failed = [
        (case["case"], row.get("output"), row.get("detail"))
        for case in result["cases"]
        for row in case["rows"]
        if str(row.get("verdict")).lower() != "pass"
    ]
    broken = [(case["case"], f["status"]) for case in result["cases"] for f in case["failures"]]
    assert not failed and not broken, (failed, broken, done.stderr[-3000:])
    assert done.returncode == 0
    assert len(result["cases"]) >= 20
