"""Project settings: `[tool.migrate]` in pyproject.toml or a migrate.toml, found from the scan root upwards."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KEYS = {
    "select": list,
    "ignore": list,
    "exclude": list,
    "max-file-size": int,
    "respect-gitignore": bool,
    "format": str,
}


class ConfigError(Exception):
    """A configuration file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Settings:
    """Settings from a configuration file (empty when there is none) and the file they came from."""

    values: dict[str, Any]
    source: Path | None = None

    def get(self, key: str, default: Any) -> Any:
        return self.values.get(key, default)


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid TOML: arrays or tables nested too deeply to read") from None
    except (OSError, ValueError) as exc:
        problem = exc.strerror if isinstance(exc, OSError) else exc
        raise ConfigError(f"{path}: cannot read: {problem}") from None


def _table(path: Path, value: Any, where: str) -> dict[str, Any]:
    """The migrate settings table found at `where`; anything but a table is an error naming it."""
    if not isinstance(value, dict):
        kind = "an array of tables" if isinstance(value, list) else f"of type {type(value).__name__}"
        raise ConfigError(f"{path}: {where} must be a table ([{where}]), not {kind}")
    return value


def _validate(path: Path, table: dict[str, Any]) -> dict[str, Any]:
    for key, value in table.items():
        if key not in KEYS:
            raise ConfigError(f"{path}: unknown key {key!r} in migrate settings; allowed keys: {', '.join(KEYS)}")
        expected = KEYS[key]
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise ConfigError(f"{path}: {key} must be a {expected.__name__}, not {type(value).__name__}")
        if expected is list and not all(isinstance(item, str) for item in value):
            raise ConfigError(f"{path}: {key} must be a list of strings")
        if key == "max-file-size" and value < 1:
            raise ConfigError(f"{path}: max-file-size must be a positive number of bytes, not {value}")
    return table


def load_settings(start: Path, explicit: Path | None = None) -> Settings:
    """The settings for a scan rooted at `start`: an explicit file, else the nearest migrate.toml or pyproject.toml."""
    if explicit is not None:
        data = _read(explicit)
        if explicit.name == "pyproject.toml":
            tool = _table(explicit, data.get("tool", {}), "tool")
            data = _table(explicit, tool["migrate"], "tool.migrate") if "migrate" in tool else data
        return Settings(_validate(explicit, data), explicit)
    directory = start if start.is_dir() else start.parent
    for folder in [directory, *directory.resolve().parents]:
        candidate = folder / "migrate.toml"
        if candidate.is_file():
            return Settings(_validate(candidate, _read(candidate)), candidate)
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            tool = _table(candidate, _read(candidate).get("tool", {}), "tool")
            if "migrate" in tool:
                return Settings(_validate(candidate, _table(candidate, tool["migrate"], "tool.migrate")), candidate)
        if (folder / ".git").exists():
            break
    return Settings({})
