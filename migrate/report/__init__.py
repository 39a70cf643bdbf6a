"""Report renderers: every output format renders the same ScanResult, chosen by name through `render`."""

from __future__ import annotations

from collections.abc import Callable

from migrate.model import ScanResult
from migrate.report.document import render_json
from migrate.report.github import render_github
from migrate.report.markdown import render_markdown
from migrate.report.page import render_html
from migrate.report.sarif import render_sarif
from migrate.report.text import format_finding, render_text

Renderer = Callable[..., str]

_RENDERERS: dict[str, Renderer] = {
    "text": render_text,
    "json": render_json,
    "sarif": render_sarif,
    "github": render_github,
    "markdown": render_markdown,
    "html": render_html,
}

FORMATS: tuple[str, ...] = tuple(_RENDERERS)


def render(result: ScanResult, fmt: str, *, color: bool = False) -> str:
    """Render `result` in format `fmt` (one of FORMATS); `color` matters to the text format only."""
    try:
        renderer = _RENDERERS[fmt]
    except KeyError:
        raise ValueError(f"unknown report format {fmt!r}; expected one of: {', '.join(FORMATS)}") from None
    return renderer(result, color=color)


__all__ = ["FORMATS", "format_finding", "render"]
