"""Loading rules (`rules/<family>/<id>.toml`) and mapping tables (`rules/maps/*.toml`), with validation."""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .model import EFFORTS, SAFETIES, SEVERITIES, STATUSES, MapEntry, PythonMapEntry, Rule

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
# migrate/data/rules links to rules/ in a checkout and holds a copy in an installed wheel.
_PACKAGED_RULES = Path(__file__).resolve().parent / "data" / "rules"
RULES_DIR = _PACKAGED_RULES.resolve() if _PACKAGED_RULES.is_dir() else PACKAGE_ROOT / "rules"

REQUIRED_KEYS = ("id", "summary", "message", "severity", "safety", "effort", "why", "match")
OPTIONAL_KEYS = ("fix_safety", "fix", "advice", "aliases")
PARSE_FILE = "parse.toml"
MATCH_KINDS = ("names", "query", "python-name", "regex", "engine")
ROW_KINDS = ("function", "type", "enum", "macro")
PYTHON_ROW_KEYS = (
    "status", "effort", "portable", "note", "safety", "first_argument", "last_argument", "positional",
    "decorator", "assign",
)


class RuleError(Exception):
    """A rule or table that cannot be loaded; the message names the file and the problem."""


@dataclass(frozen=True)
class Catalog:
    """Every rule by id (aliases included) and every catalogued CUDA name."""

    rules: Mapping[str, Rule]
    names: Mapping[str, MapEntry]
    aliases: Mapping[str, str]
    digest: str
    python_tables: Mapping[str, Mapping[str, PythonMapEntry]] = field(default_factory=dict)
    blank: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    qualifiers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def rule(self, rule_id: str) -> Rule:
        return self.rules[self.aliases.get(rule_id, rule_id)]


def _load_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise RuleError(f"{path}: cannot read: {exc.strerror}") from None


# One row of a mapping table as scripts/gen_maps.py writes it: `name = { key = "value", ... }`, string values with
# no escapes. Rows of any other form (lists, escapes, comments) are read by tomllib.
_ROW = re.compile(r'([A-Za-z_][A-Za-z0-9_]*) = \{ ((?:[a-z_]+ = "[^"\\\n]*", )*[a-z_]+ = "[^"\\\n]*") \}')
_PAIR = re.compile(r'([a-z_]+) = "([^"\\\n]*)"')


def _load_map_toml(path: Path) -> dict[str, Any]:
    """A mapping table as tomllib reads it, with its generated rows read by a pattern instead (a tenth of the time;
    the catalogue is read on every cold run). Any file the pattern cannot read in full goes through tomllib."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return _load_toml(path)  # its error names the file
    head, marker, rows = text.partition("\n[names]\n")
    if not marker or "\n[" in rows:
        return _load_toml(path)
    try:
        data = tomllib.loads(head)
    except tomllib.TOMLDecodeError:
        return _load_toml(path)
    names: dict[str, dict[str, Any]] = {}
    for line in rows.splitlines():
        if not line or line.startswith("#"):
            continue
        match = _ROW.fullmatch(line)
        if match is None or match.group(1) in names:
            try:
                row = tomllib.loads(line)
            except tomllib.TOMLDecodeError:
                return _load_toml(path)
            if len(row) != 1 or next(iter(row)) in names:
                return _load_toml(path)  # a duplicate key: tomllib's error
            names.update(row)
            continue
        pairs = _PAIR.findall(match.group(2))
        row = dict(pairs)
        if len(row) != len(pairs):
            return _load_toml(path)
        names[match.group(1)] = row
    if "names" in data:
        return _load_toml(path)
    data["names"] = names
    return data


def _choice(path: Path, key: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise RuleError(f"{path}: {key} = {value!r} is not one of {', '.join(allowed)}")
    return value


def load_rule(path: Path, family: str) -> Rule:
    """Parse and validate one rule file."""
    data = _load_toml(path)
    unknown = sorted(set(data) - set(REQUIRED_KEYS) - set(OPTIONAL_KEYS))
    if unknown:
        allowed = ", ".join(REQUIRED_KEYS + OPTIONAL_KEYS)
        raise RuleError(f"{path}: unknown key {unknown[0]!r}; allowed keys: {allowed}")
    missing = [key for key in REQUIRED_KEYS if key not in data]
    if missing:
        raise RuleError(f"{path}: missing key {missing[0]!r}")
    if data["id"] != path.stem:
        raise RuleError(f"{path}: id {data['id']!r} must equal the file name {path.stem!r}")
    safety = _choice(path, "safety", data["safety"], SAFETIES)
    if safety == "unsafe" and not data.get("fix_safety"):
        raise RuleError(f"{path}: an unsafe rule needs fix_safety saying when the fix may change behaviour")
    match = data["match"]
    if not isinstance(match, dict) or "kind" not in match:
        raise RuleError(f"{path}: match must be a table with a kind ({', '.join(MATCH_KINDS)})")
    _choice(path, "match.kind", match["kind"], MATCH_KINDS)
    return Rule(
        id=data["id"],
        family=family,
        summary=data["summary"],
        message=data["message"],
        severity=_choice(path, "severity", data["severity"], SEVERITIES),
        safety=safety,
        effort=_choice(path, "effort", data["effort"], EFFORTS),
        why=data["why"].strip(),
        match=match,
        path=path.relative_to(PACKAGE_ROOT).as_posix() if path.is_relative_to(PACKAGE_ROOT) else str(path),
        fix=data.get("fix"),
        fix_safety=data.get("fix_safety", ""),
        advice=data.get("advice", {}),
        aliases=tuple(data.get("aliases", ())),
    )


def load_table(path: Path) -> list[MapEntry]:
    """Parse and validate one mapping table."""
    data = _load_map_toml(path)
    meta = data.get("table")
    if not isinstance(meta, dict) or "family" not in meta or "rule" not in meta:
        raise RuleError(f"{path}: needs a [table] with family and rule")
    entries = []
    for name, row in data.get("names", {}).items():
        if row.get("kind") not in ROW_KINDS:
            raise RuleError(f"{path}: {name}: kind {row.get('kind')!r} is not one of {', '.join(ROW_KINDS)}")
        scopes = row.get("scopes", [])
        if not isinstance(scopes, list) or not all(isinstance(scope, str) for scope in scopes):
            raise RuleError(f"{path}: {name}: scopes must be a list of strings")
        entries.append(
            MapEntry(
                name=name,
                kind=row["kind"],
                status=_choice(path, f"{name}.status", row.get("status"), STATUSES),
                effort=_choice(path, f"{name}.effort", row.get("effort"), EFFORTS),
                table=path.stem,
                family=meta["family"],
                rule=meta["rule"],
                portable=row.get("portable", ""),
                note=row.get("note", ""),
                scopes=tuple(scopes),
            )
        )
    return entries


def load_python_table(path: Path) -> dict[str, PythonMapEntry]:
    """Parse and validate one Python name table (`rules/maps/python/<table>.toml`)."""
    data = _load_toml(path)
    rows: dict[str, PythonMapEntry] = {}
    for name, row in data.get("names", {}).items():
        if not isinstance(row, dict):
            raise RuleError(f"{path}: {name}: a row must be an inline table")
        unknown = sorted(set(row) - set(PYTHON_ROW_KEYS))
        if unknown:
            raise RuleError(f"{path}: {name}: unknown key {unknown[0]!r}; allowed keys: {', '.join(PYTHON_ROW_KEYS)}")
        status = _choice(path, f"{name}.status", row.get("status"), STATUSES)
        if status == "supported" and not row.get("portable"):
            raise RuleError(f"{path}: {name}: a supported row needs portable")
        if row.get("safety"):
            _choice(path, f"{name}.safety", row["safety"], SAFETIES)
        rows[name] = PythonMapEntry(
            name=name,
            status=status,
            effort=_choice(path, f"{name}.effort", row.get("effort", "none"), EFFORTS),
            table=path.stem,
            portable=row.get("portable", ""),
            note=row.get("note", ""),
            safety=row.get("safety", ""),
            first_argument=row.get("first_argument", ""),
            last_argument=row.get("last_argument", ""),
            positional=bool(row.get("positional", True)),
            decorator=bool(row.get("decorator", False)),
            assign=row.get("assign", ""),
        )
    return rows


def _python_table_files(rules_dir: Path) -> list[Path]:
    folder = rules_dir / "maps" / "python"
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def _rule_files(rules_dir: Path) -> list[tuple[Path, str]]:
    found = []
    for family_dir in sorted(p for p in rules_dir.iterdir() if p.is_dir() and p.name != "maps"):
        for path in sorted(family_dir.glob("*.toml")):
            found.append((path, family_dir.name))
    return found


def _table_files(rules_dir: Path) -> list[Path]:
    maps = rules_dir / "maps"
    return sorted(maps.glob("*.toml")) if maps.is_dir() else []


def _digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        stat = path.stat()
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:24]


def _build(rules_dir: Path, digest: str) -> Catalog:
    rules: dict[str, Rule] = {}
    aliases: dict[str, str] = {}
    for path, family in _rule_files(rules_dir):
        rule = load_rule(path, family)
        if rule.id in rules or rule.id in aliases:
            raise RuleError(f"{path}: rule id {rule.id!r} is already used by {rules[rule.id].path}")
        rules[rule.id] = rule
        for alias in rule.aliases:
            aliases[alias] = rule.id
    names: dict[str, MapEntry] = {}
    for path in _table_files(rules_dir):
        for entry in load_table(path):
            if entry.name in names:
                raise RuleError(f"{path}: {entry.name} is already in table {names[entry.name].table}")
            if entry.rule not in rules:
                raise RuleError(f"{path}: [table] rule {entry.rule!r} has no rule file")
            names[entry.name] = entry
    python_tables = {path.stem: load_python_table(path) for path in _python_table_files(rules_dir)}
    for rule in rules.values():
        table = rule.match.get("table") if rule.match.get("kind") == "python-name" else None
        if table is not None and table not in python_tables:
            raise RuleError(f"{rule.path}: match.table {table!r} is not a table in rules/maps/python/")
    return Catalog(
        rules=rules, names=names, aliases=aliases, digest=digest, python_tables=python_tables,
        blank=_load_blank(rules_dir / PARSE_FILE),
        qualifiers=_load_qualifiers(rules_dir / PARSE_FILE),
    )


def _load_blank(path: Path) -> dict[str, tuple[str, ...]]:
    """Per language, the regexes of text blanked before parsing (rules/parse.toml)."""
    if not path.is_file():
        return {}
    blank: dict[str, tuple[str, ...]] = {}
    for language, table in _load_toml(path).items():
        if not isinstance(table, dict) or set(table) - {"blank", "qualifiers"}:
            raise RuleError(f"{path}: [{language}] may hold only `blank`, a list of regexes, and `qualifiers`, "
                            "a list of keywords")
        patterns = tuple(table.get("blank", ()))
        for pattern in patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise RuleError(f"{path}: [{language}] blank pattern {pattern!r} does not compile: {exc}") from None
        blank[language] = patterns
    return blank


def _load_qualifiers(path: Path) -> dict[str, tuple[str, ...]]:
    """Per language, the declaration keywords a macro may stand for (rules/parse.toml `qualifiers`)."""
    if not path.is_file():
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for language, table in _load_toml(path).items():
        words = table.get("qualifiers", ()) if isinstance(table, dict) else ()
        if not all(isinstance(w, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", w) for w in words):
            raise RuleError(f"{path}: [{language}] qualifiers must be a list of identifiers")
        found[language] = tuple(words)
    return found


class _StoredNames(Mapping[str, MapEntry]):
    """The catalogued names, read from their own file on first use: a scan that finds every file in its cache
    never needs them, and they are most of the catalog's size."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._table: dict[str, MapEntry] | None = None

    def _load(self) -> dict[str, MapEntry]:
        if self._table is None:
            with self.path.open("rb") as handle:
                self._table = pickle.load(handle)
        return self._table

    def __getitem__(self, name: str) -> MapEntry:
        return self._load()[name]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (_StoredNames, (self.path,))


def _write_pickle(path: Path, value: Any) -> None:
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    with tmp.open("wb") as handle:
        pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
    tmp.replace(path)


# Catalogs this process built or read, by rules folder and digest: a scan asks for its catalog more than once (the
# setup, then the rules it compiles for its workers), and the files' sizes and times are the digest, so a changed
# rule file still gives a new catalog.
_LOADED: dict[tuple[str, str], Catalog] = {}


def load_catalog(rules_dir: Path = RULES_DIR, cache_dir: Path | None = None) -> Catalog:
    """Load every rule and table; a compiled copy is kept in `cache_dir` and reused while no file changed."""
    paths = [p for p, _ in _rule_files(rules_dir)] + _table_files(rules_dir) + _python_table_files(rules_dir)
    paths += [rules_dir / PARSE_FILE] if (rules_dir / PARSE_FILE).is_file() else []
    digest = _digest(paths)
    loaded = _LOADED.get((str(rules_dir.resolve()), digest))
    if loaded is not None:
        return loaded
    catalog = _load_catalog(rules_dir, cache_dir, digest)
    _LOADED[(str(rules_dir.resolve()), digest)] = catalog
    return catalog


def _load_catalog(rules_dir: Path, cache_dir: Path | None, digest: str) -> Catalog:
    cached = cache_dir / f"catalog-{digest}.pickle" if cache_dir else None
    names_file = cache_dir / f"names-{digest}.pickle" if cache_dir else None
    if cached and names_file and cached.is_file() and names_file.is_file():
        try:
            with cached.open("rb") as handle:
                catalog = pickle.load(handle)
            if isinstance(catalog, Catalog) and catalog.digest == digest:
                return catalog
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError):
            pass
    catalog = _build(rules_dir, digest)
    if cached and names_file and cache_dir:
        try:
            cache_dir.mkdir(parents=True, exist_ok=True)
            for stale in [*cache_dir.glob("catalog-*.pickle"), *cache_dir.glob("names-*.pickle")]:
                if stale not in (cached, names_file):
                    stale.unlink(missing_ok=True)
            _write_pickle(names_file, dict(catalog.names))
            _write_pickle(cached, replace(catalog, names=_StoredNames(names_file)))
        except OSError:
            pass
    return catalog
