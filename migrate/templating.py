"""The one Jinja2 environment that loads every template under templates/ (fixes, tiles, build files, reports)."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import jinja2

# migrate/data/templates links to templates/ in a checkout and holds a copy in an installed wheel.
_PACKAGED_TEMPLATES = Path(__file__).resolve().parent / "data" / "templates"
TEMPLATE_DIR: Path = (
    _PACKAGED_TEMPLATES.resolve()
    if _PACKAGED_TEMPLATES.is_dir()
    else Path(__file__).resolve().parent.parent / "templates"
)

# Template names end in `.j2`; the extension before it says what the template writes.
_ESCAPED_EXTENSIONS: tuple[str, ...] = (".html", ".htm", ".xml", ".svg")


def _autoescape(name: str | None) -> bool:
    """Escape HTML-like output only: code and Markdown templates must keep every byte they are given."""
    if name is None:
        return False
    return name.removesuffix(".j2").endswith(_ESCAPED_EXTENSIONS)


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The shared environment: StrictUndefined, autoescape for HTML, trailing newlines and blocks kept tidy.

    Sandboxed, because a rule file anyone can add names its template: a template may loop over and format its
    captures, but reaching Python internals (`cycler.__init__.__globals__`, say) raises SecurityError. Jinja is
    imported here, so that a command that renders no template does not pay for it."""
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    return SandboxedEnvironment(
        loader=jinja2.FileSystemLoader(TEMPLATE_DIR),
        undefined=jinja2.StrictUndefined,
        autoescape=_autoescape,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        # A run renders a fix template once per site it fixes; the files do not change under it, and checking
        # their modification time on every render would cost a stat call each.
        auto_reload=False,
    )


def check_template(name: str) -> str:
    """Why the template `name` cannot be used (missing, or not valid Jinja), or "" when it loads."""
    import jinja2

    try:
        environment().get_template(name)
    except jinja2.TemplateNotFound:
        return f"template {name} does not exist under {TEMPLATE_DIR}"
    except jinja2.TemplateSyntaxError as exc:
        return f"template {name} is not valid Jinja: {exc.message} (line {exc.lineno})"
    return ""


@cache
def variables(name: str) -> frozenset[str] | None:
    """The variables the template `name` reads from its context, or None when it includes, imports or extends
    another template (which reads whatever the context holds)."""
    from jinja2 import meta, nodes

    env = environment()
    tree = env.parse(env.loader.get_source(env, name)[0])  # type: ignore[union-attr]
    if next(tree.find_all((nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)), None) is not None:
        return None
    return frozenset(meta.find_undeclared_variables(tree))


def render_template(name: str, **context: object) -> str:
    """Render `templates/<name>` with `context`; a missing variable raises instead of rendering empty."""
    return environment().get_template(name).render(**context)
