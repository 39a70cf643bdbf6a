"""Launch configurations of migrated Triton kernels: defaults, the search space of rules/tile/maps/tuning.toml,
tuning at the first launch (MIGRATE_TILE_TUNE=1) with every buffer restored after each trial, and the choice kept
per GPU target in <module>.tuned.json beside the module.

No GPU here: the kernels run under TRITON_INTERPRET=1, where a module never tunes by itself; the tests stand in a
target name for the driver's and a timer that prefers the last configuration tried."""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import shutil
import warnings
from pathlib import Path

import pytest

os.environ.setdefault("TRITON_INTERPRET", "1")

torch = pytest.importorskip("torch")
pytest.importorskip("triton")

from migrate.tile.builtins import tuning_table

FIXTURES = Path(__file__).resolve().parent / "fixtures"
_loaded = itertools.count()


def _module(tmp_path: Path, case: str, target: str | None = "cuda:90"):
    """The committed Triton module of fixture `case`, copied to tmp_path and imported, with `target` standing in
    for the GPU target the driver would name (None: the module's own reading)."""
    path = tmp_path / f"{case}_tile.py"
    if not path.exists():
        shutil.copy(FIXTURES / case / "expected.py", path)
    spec = importlib.util.spec_from_file_location(f"tuning_{case}_{next(_loaded)}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if target is not None:
        module._target = lambda: target
    return module


def _prefer_last(module) -> list[int]:
    """Make `module`'s trials time each configuration as faster than the one before; returns the trial count."""
    trials: list[int] = []

    def bench(fn, quantiles):
        fn()
        trials.append(1)
        return [1.0 / len(trials)] * len(quantiles)

    module._bench = bench
    return trials


def test_defaults_without_a_kept_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MIGRATE_TILE_TUNE", raising=False)
    module = _module(tmp_path, "saxpy")
    kernel, config = module._tuned("saxpy", module.saxpy_tile, module._saxpy_defaults, module._saxpy_space, {})
    assert kernel is module.saxpy_tile
    assert config == {"BLOCK_X": 1024, "num_warps": 4}


def test_tuning_restores_every_buffer_and_keeps_the_choice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIGRATE_TILE_TUNE", "1")
    module = _module(tmp_path, "saxpy")
    trials = _prefer_last(module)
    n = 3001  # no multiple of any width tried
    x, y = torch.rand(n), torch.rand(n)
    expected = 2.5 * x + y  # saxpy reads and writes y: a trial left unrestored would add into it again
    module.saxpy(1, 256, n, 2.5, x, y)
    assert len(trials) == len(module._saxpy_space)
    torch.testing.assert_close(y, expected)

    module._save_tuned()
    kept = json.loads((tmp_path / "saxpy_tile.tuned.json").read_text())
    assert kept == {"cuda:90": {"saxpy": module._saxpy_space[-1]}}

    # A later process on the same target starts from the kept configuration and tries nothing.
    again = _module(tmp_path, "saxpy")
    trials = _prefer_last(again)
    kernel, config = again._tuned("saxpy", again.saxpy_tile, again._saxpy_defaults, again._saxpy_space, {"y": y})
    assert kernel is again.saxpy_tile and config == module._saxpy_space[-1] and not trials
    y = torch.rand(n)
    expected = 2.5 * x + y
    again.saxpy(1, 256, n, 2.5, x, y)
    torch.testing.assert_close(y, expected)


def test_saving_keeps_other_targets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIGRATE_TILE_TUNE", "1")
    other = {"hip:gfx942": {"saxpy": {"BLOCK_X": 512, "num_warps": 8}}}
    module = _module(tmp_path, "saxpy")
    (tmp_path / "saxpy_tile.tuned.json").write_text(json.dumps(other))
    _prefer_last(module)
    module.saxpy(1, 256, 100, 1.0, torch.rand(100), torch.rand(100))
    module._save_tuned()
    kept = json.loads((tmp_path / "saxpy_tile.tuned.json").read_text())
    assert kept == {**other, "cuda:90": {"saxpy": module._saxpy_space[-1]}}
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_a_kept_configuration_of_other_widths_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MIGRATE_TILE_TUNE", raising=False)
    module = _module(tmp_path, "saxpy")
    for stale in ({"BLOCK": 512, "num_warps": 8}, {"BLOCK_X": 512}, {"BLOCK_X": "512", "num_warps": 8},
                  {"BLOCK_X": True, "num_warps": 8}):
        (tmp_path / "saxpy_tile.tuned.json").write_text(json.dumps({"cuda:90": {"saxpy": stale}}))
        module._TUNERS.clear()
        _, config = module._tuned("saxpy", module.saxpy_tile, module._saxpy_defaults, module._saxpy_space, {})
        assert config == module._saxpy_defaults, stale
    # the same file on another target is not this target's
    (tmp_path / "saxpy_tile.tuned.json").write_text(
        json.dumps({"hip:gfx942": {"saxpy": {"BLOCK_X": 512, "num_warps": 8}}}))
    module._TUNERS.clear()
    assert module._tuned("saxpy", module.saxpy_tile, module._saxpy_defaults, module._saxpy_space, {})[1] \
        == module._saxpy_defaults


def test_an_unreadable_kept_file_warns_and_starts_from_defaults(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MIGRATE_TILE_TUNE", raising=False)
    module = _module(tmp_path, "saxpy")
    (tmp_path / "saxpy_tile.tuned.json").write_text('{"cuda:90": {"saxpy": ')
    with pytest.warns(UserWarning, match="saxpy_tile.tuned.json: not read"):
        _, config = module._tuned("saxpy", module.saxpy_tile, module._saxpy_defaults, module._saxpy_space, {})
    assert config == module._saxpy_defaults


def test_the_interpreter_never_tunes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIGRATE_TILE_TUNE", "1")
    module = _module(tmp_path, "saxpy", target=None)  # its own reading: none under TRITON_INTERPRET=1
    trials = _prefer_last(module)
    x, y = torch.rand(70), torch.rand(70)
    expected = x + y
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module.saxpy(1, 64, 70, 1.0, x, y)
    torch.testing.assert_close(y, expected)
    assert not trials and not (tmp_path / "saxpy_tile.tuned.json").exists()


def test_buffers_that_cannot_be_restored_are_not_tuned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIGRATE_TILE_TUNE", "1")
    module = _module(tmp_path, "saxpy")
    trials = _prefer_last(module)
    kernel, config = module._tuned("saxpy", module.saxpy_tile, module._saxpy_defaults, module._saxpy_space,
                                   {"y": object()})
    assert kernel is module.saxpy_tile and config == module._saxpy_defaults and not trials


@pytest.mark.parametrize("case, table", [("saxpy", "elementwise"), ("2d_scale", "elementwise-2d"),
                                         ("softmax_shared", "reduction"), ("matmul_tiled", "matmul")])
def test_search_space_is_the_table_cut_to_the_kernels_widths(tmp_path: Path, case: str, table: str) -> None:
    module = _module(tmp_path, case)
    name = next(n[1:-len("_space")] for n in vars(module) if n.endswith("_space") and n.startswith("_"))
    defaults, space = getattr(module, f"_{name}_defaults"), getattr(module, f"_{name}_space")
    row = tuning_table()[table]
    widths = set(defaults) - {"num_warps"}
    assert defaults["num_warps"] == 4
    expected = []
    for width in row.widths or ({},):
        cut = {k: v for k, v in width.items() if k in widths}
        for warps in row.num_warps:
            for stages in row.num_stages or (None,):
                config = cut | {"num_warps": warps} | ({"num_stages": stages} if stages else {})
                if config not in expected:
                    expected.append(config)
    assert space == expected
    assert all(set(c) - {"num_stages"} == set(defaults) for c in space)
    if table == "reduction":  # the chunk width is computed from the row and never tuned
        assert widths == set()
