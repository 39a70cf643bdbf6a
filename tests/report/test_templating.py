"""The shared template environment: strict about missing values, escaping only HTML-like output."""

from __future__ import annotations

import jinja2
import pytest

from migrate.templating import TEMPLATE_DIR, environment


def test_loads_from_the_repository_templates() -> None:
    assert (TEMPLATE_DIR / "reports" / "report.html.j2").is_file()
    assert environment() is environment()


def test_missing_value_is_an_error() -> None:
    with pytest.raises(jinja2.UndefinedError):
        environment().get_template("reports/report.md.j2").render()


@pytest.mark.parametrize(
    ("name", "escaped"),
    [
        ("reports/report.html.j2", True),
        ("reports/chart.svg.j2", True),
        ("reports/report.md.j2", False),
        ("fixes/launch.cpp.j2", False),
        ("tile/kernel.py.j2", False),
    ],
)
def test_autoescape_follows_the_output_extension(name: str, escaped: bool) -> None:
    assert environment().autoescape(name) is escaped
