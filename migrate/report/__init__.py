"""Report renderers: every output format renders the same ScanResult, chosen by name through `render`."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from migrate.collector import paused
from migrate.model import ScanResult

Renderer = Callable[..., str]

# Each format's module and function, imported when a report of that format is rendered.
_RENDERERS: dict[str, tuple[str, str]] = {
    "text": ("migrate.report.text", "render_text"),
    "json": ("migrate.report.document", "render_json"),
    "sarif": ("migrate.report.sarif", "render_sarif"),
    "github": ("migrate.report.github", "render_github"),
    "markdown": ("migrate.report.markdown", "render_markdown"),
    "html": ("migrate.report.page", "render_html"),
}

# Formats whose renderer also writes UTF-8 bytes directly, the text never made (a report of a dense tree is
# hundreds of megabytes).
_BYTE_RENDERERS: dict[str, tuple[str, str]] = {
    "json": ("migrate.report.document", "render_json_bytes"),
    "sarif": ("migrate.report.sarif", "render_sarif_bytes"),
}

FORMATS: tuple[str, ...] = tuple(_RENDERERS)


def render(result: ScanResult, fmt: str, *, color: bool = False) -> str:
    """Render `result` in format `fmt` (one of FORMATS); `color` matters to the text format only."""
    try:
        module, name = _RENDERERS[fmt]
    except KeyError:
        raise ValueError(f"unknown report format {fmt!r}; expected one of: {', '.join(FORMATS)}") from None
    renderer: Renderer = getattr(import_module(module), name)
    with paused():
        return renderer(result, color=color)


def render_bytes(result: ScanResult, fmt: str, *, color: bool = False) -> bytes:
    """`render(result, fmt, color=color)` as UTF-8 bytes, as a report file holds it."""
    if fmt not in _BYTE_RENDERERS:
        return render(result, fmt, color=color).encode("utf-8")
    module, name = _BYTE_RENDERERS[fmt]
    with paused():
        return getattr(import_module(module), name)(result)


def __getattr__(name: str):
    """format_finding, the text report's line for one finding, imported with the text report when first asked for."""
    if name == "format_finding":
        from migrate.report.text import format_finding

        return format_finding
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["FORMATS", "format_finding", "render", "render_bytes"]
